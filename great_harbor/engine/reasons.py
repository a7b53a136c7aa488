"""Why an action is not legal now: a :class:`Refusal`, the sentence for players and the rule.

Called only after an action failed the legal-action check, so speed does not matter here; the
first rule the action breaks is named, with the id of its rules-lookup entry
(:mod:`great_harbor.engine.rule_ids`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import colony, harbor, senate, shops
from . import rule_ids as R
from .actions import (
    Action,
    ActivatePerson,
    AssignPips,
    BuildStructure,
    Choose,
    ConvertCoins,
    Draft,
    EmployBuilding,
    EmployCrew,
    EmployLuxury,
    EndTurn,
    FavorSenate,
    Pass,
    PlaceDie,
    PlayBuilding,
    PlayPerson,
    PlayShip,
    Repair,
    RetrieveMarker,
    SendShip,
    SetUpShop,
    SpendFavorPip,
    UseConversion,
    UseSmugglerToken,
)
from .errors import Refusal
from .state import DOCKED, STATS, Pending, die_colour, die_label

if TYPE_CHECKING:
    from .game import Game

TURN_ACTIONS = (
    PlaceDie, SpendFavorPip, UseSmugglerToken, PlayPerson, PlayBuilding, BuildStructure, RetrieveMarker,
    FavorSenate, EmployLuxury, EmployBuilding, EmployCrew, PlayShip, Repair, SendShip, SetUpShop,
)


def why_illegal(game: Game, action: Action) -> Refusal:
    top = game.pending
    if top is None:
        return Refusal("the game is over", R.GAME_OVER)
    expected = {
        "draft": "draft a die",
        "turn": "take a turn",
        "assign": "assign the pips of the die just placed",
        "choose": top.data.get("prompt", "make a choice"),
        "voyage_choice": "trade or sail on",
        "corsair": "decide on the Corsair",
        "ship_order": "choose which ship resolves first",
        "final_convert": "convert coins or finish",
    }.get(top.kind, top.kind)
    who = game.name(top.seat)
    answer_rule = R.pending_rule(top.kind, top.data)
    if top.kind == "draft" and isinstance(action, Draft):
        return Refusal(f"die {action.die} is not in the pool", R.ACTION_RULES["draft"])
    if top.kind == "assign" and isinstance(action, AssignPips):
        return _assign_reason(game, action, top)
    if top.kind in ("choose", "ship_order") and isinstance(action, Choose):
        offered = top.data["options"] if top.kind == "choose" else top.data["docks"]
        return Refusal(f"{action.option!r} is not one of the options: {', '.join(offered)}", answer_rule)
    if top.kind in ("choose", "ship_order") and isinstance(action, Pass):
        return Refusal("this choice cannot be skipped", answer_rule)
    if top.kind in ("turn", "voyage_choice") and isinstance(action, ActivatePerson):
        return _activate_reason(game, top.seat, action.card, "action" if top.kind == "turn" else "voyage")
    if top.kind == "turn" and isinstance(action, TURN_ACTIONS + (EndTurn, ConvertCoins, UseConversion)):
        reason = _turn_reason(game, top.seat, action)
        if reason:
            return reason
    if top.kind == "final_convert" and isinstance(action, (ConvertCoins, UseConversion, EndTurn)):
        reason = _turn_reason(game, top.seat, action)
        if reason:
            return reason
    return Refusal(f"not possible now: {who} must {expected}", answer_rule)


def _assign_reason(game: Game, action: AssignPips, top: Pending) -> Refusal:
    data = top.data
    pips, fees = data["pips"], data["fees"]
    if len(action.pips) != len(fees):
        return Refusal(f"this slot touches {len(fees)} tile{'s' if len(fees) > 1 else ''}", R.SPLITTING_PIPS)
    if any(x < 0 for x in action.pips) or sum(action.pips) != pips and sum(action.pips) != 0:
        return Refusal(f"the die has {pips} pips to assign", R.SPLITTING_PIPS)
    t1 = game.cat.harbor.tier_thresholds[0]
    # Every split is allowed, but the choices list one split per outcome (the tier each tile
    # gets): one left out gives the same as the split listed for its outcome.
    listed = harbor.equivalent_split(game, action)
    same = "+".join(map(str, listed.pips)) if listed is not None else None
    for x, fee, tile in zip(action.pips, fees, data["tiles"], strict=True):
        if 0 < x < t1 + fee:
            name = game.cat.tiles[tile].name
            if same is not None:
                return Refusal(f"{name} gets nothing from {x} of the pips (it needs {t1 + fee}), so this split "
                               f"gives the same as {same}: take that one", R.SPLITTING_PIPS)
            if fee:
                return Refusal(f"{name} needs {t1 + fee} pips after the shore fee of {fee}", R.SHORE_FEE)
            return Refusal(f"{name} needs at least {t1} pip", R.BENEFIT_TIERS)
    if same is not None:
        return Refusal(f"this split gives each tile the same as {same}, which the choices list instead: "
                       "take that one", R.SPLITTING_PIPS)
    return Refusal("that split is not possible", R.SPLITTING_PIPS)


def _turn_reason(game: Game, seat: int, action: Action) -> Refusal | None:
    s = game.s
    p = s.players[seat]
    cat = game.cat
    own = R.ACTION_RULES.get(action.kind, R.GOVERN_ACTIONS)  # for reasons several actions share
    if isinstance(action, EndTurn):
        if p.drafted:
            return Refusal(f"both dice must be placed first ({len(p.drafted)} still to place)", R.PLACING)
        return None
    if isinstance(action, (PlaceDie, SpendFavorPip, UseSmugglerToken)):
        if action.die not in p.drafted:
            return Refusal(f"die {action.die} is not one of your drafted dice", R.PLACING)
        label = die_label(action.die, s.faces[action.die])
        if isinstance(action, SpendFavorPip) and p.favor < 1:
            return Refusal("you have no Favor", R.FAVOR)
        if isinstance(action, UseSmugglerToken):
            if p.smuggler < 1:
                return Refusal("you have no Smuggler token", R.SMUGGLER_TOKENS)
            return Refusal(f"{label} already ignores Shore fees", R.PAST_A_FEE)
        if isinstance(action, PlaceDie):
            if action.slot != harbor.DISTRICT and action.slot not in cat.slots:
                return Refusal(f"there is no slot {action.slot}", R.WHERE_A_DIE_MAY_GO)
            if action.slot in s.slots:
                return Refusal("slot is taken", R.WHERE_A_DIE_MAY_GO)
            if action.slot != harbor.DISTRICT and not harbor.die_fits(game, action.die, action.slot):
                halves = "/".join(sorted(harbor.geometry(game).slot_colours[action.slot]))
                return Refusal(f"die colour fits neither half ({die_colour(action.die)} on a {halves} slot)",
                               R.WHERE_A_DIE_MAY_GO)
        return None
    if isinstance(action, SetUpShop):
        return shops.why_not(game, p, action)
    if isinstance(action, (PlayPerson, PlayBuilding, PlayShip)):
        if action.card not in p.hand:
            return Refusal("that card is not in your hand", own)
        kind, cards = {PlayPerson: ("Person", cat.persons), PlayBuilding: ("Building", cat.buildings),
                       PlayShip: ("Ship", cat.ships)}[type(action)]
        if action.card not in cards:
            return Refusal(f"that card is not a {kind} card", own)
    if isinstance(action, PlayPerson):
        slot = p.person_slots[action.slot - 1] if 1 <= action.slot <= len(p.person_slots) else None
        if slot is None:
            return Refusal(f"there is no Person slot {action.slot}", R.PLAY_PERSON)
        if slot and f"insula-{action.slot}" not in p.structures:
            return Refusal("slot is taken (an Insula there would hold a second Person of the same colour)",
                           R.PLAY_PERSON)
        if len(slot) >= 2:
            return Refusal("slot is full", R.PLAY_PERSON)
        return Refusal("the two Persons in one slot must share a colour", R.PLAY_PERSON)
    if isinstance(action, PlayBuilding):
        return _cost_reason(p, colony.cost_of(cat.buildings[action.card].cost), own)
    if isinstance(action, PlayShip):
        if not 1 <= action.dock <= len(p.docks):
            return Refusal(f"there is no dock {action.dock}", R.PLAY_SHIP)
        old = p.docks[action.dock - 1]
        if old is not None and old.where != DOCKED:
            return Refusal("the ship in that dock is at sea; only a docked ship can be retired", R.RETIRE)
        if old is not None and old.damage:
            return Refusal("the ship in that dock must be fully repaired before it is retired", R.RETIRE)
        return _cost_reason(p, colony.cost_of(cat.ships[action.card].cost), own)
    if isinstance(action, BuildStructure):
        if action.site in p.structures:
            return Refusal("that site is already built", R.CONSTRUCT)
        if action.colonist and p.free_colonists < 1:
            return Refusal("no free Colonist to employ at the site", R.CONSTRUCT)
        return Refusal("you cannot pay that cost", R.CONSTRUCT)
    if isinstance(action, (RetrieveMarker, FavorSenate)):
        if p.favor < 2:
            return Refusal(f"needs 2 Favor, you have {p.favor}", R.FAVOR)
        if isinstance(action, FavorSenate) and p.senate.get(action.colour, 0) >= senate.top_space(game):
            return Refusal("that Senate marker is at the top", R.SENATE_MOVING_UP)
        return Refusal("that Person has no Activation marker", R.FAVOR)
    if isinstance(action, EmployLuxury):
        if p.free_colonists < cat.colony_board.colonists_per_luxury:
            return Refusal(f"needs {cat.colony_board.colonists_per_luxury} free Colonists, you have "
                           f"{p.free_colonists}", R.LUXURY_PRODUCTION)
        return Refusal("that production tile is already worked this round", R.LUXURY_PRODUCTION)
    if isinstance(action, (EmployCrew, Repair, SendShip)):
        sh = p.docks[action.dock - 1] if 1 <= action.dock <= len(p.docks) else None
        if sh is None:
            return Refusal(f"no ship in dock {action.dock}", own)
        if sh.where != DOCKED:
            return Refusal("that ship is not docked", own)
        if isinstance(action, EmployCrew):
            if action.stat not in STATS:
                return Refusal("crew may sit beside Speed, Strength or Cargo, never Hull", R.CREW)
            if action.stat in sh.crew:
                return Refusal(f"that ship already has crew on {action.stat}", R.CREW)
            if p.free_colonists < 1:
                return Refusal("no free Colonist", R.CREW)
            return Refusal("a ship carries no more crew than its Hull", R.CREW)
        if isinstance(action, Repair):
            if not sh.damage:
                return Refusal("that ship has no damage", R.REPAIR)
            return Refusal(f"you have no {action.resource}", R.REPAIR)
        return Refusal("a ship with damage equal to its Hull cannot sail until repaired", R.DAMAGE_AND_HULL)
    if isinstance(action, EmployBuilding):
        if action.card not in p.buildings:
            return Refusal("you have not built that Building", R.EMPLOY_BUILDING)
        b = cat.buildings[action.card]
        if b.kind != "employ":
            return Refusal(f"{b.name} does not employ colonists", R.BUILDING_KINDS)
        if p.building_workers.get(action.card):
            return Refusal(f"{b.name} already has its Colonist this round", R.BUILDING_WORKERS)
        if p.free_colonists < b.colonists:
            return Refusal(f"{b.name} needs {b.colonists} free Colonist{'s' if b.colonists > 1 else ''}",
                           R.EMPLOY_BUILDING)
        return Refusal(f"{b.name} has nothing to do now", R.EMPLOY_BUILDING)
    if isinstance(action, ConvertCoins):
        if p.coins >= cat.supply.convert_coins and p.resources.get(action.resource, 0) >= cat.colony_board.resource_max:
            return Refusal(f"your {action.resource} track is full: coins cannot buy past it", R.COINS_AND_FULL_TRACKS)
        return Refusal(f"needs {cat.supply.convert_coins} coins, you have {p.coins}", R.CONVERT)
    if isinstance(action, UseConversion):
        if action.card not in s.conversions:
            return Refusal("that Conversion card is not in play", R.CONVERT)
        if action.card in p.conversions_used:
            return Refusal("each Conversion card can be used once per turn", R.CONVERT)
        if p.coins >= cat.conversion_cards[action.card].coins:
            return Refusal("coins cannot buy past a full resource track; choose resources with room",
                           R.COINS_AND_FULL_TRACKS)
        return Refusal(f"needs {cat.conversion_cards[action.card].coins} coins, you have {p.coins}", R.CONVERT)
    return None


def _activate_reason(game: Game, seat: int, card: str, timing: str) -> Refusal:
    from .effects import markers_left, persons_in_colony

    p = game.s.players[seat]
    person = game.cat.persons.get(card)
    if person is None:
        return Refusal(f"no Person card is called {card}", R.ACTIVATE)
    if card not in persons_in_colony(p):
        return Refusal(f"{person.name} is not in your colony", R.ACTIVATE)
    if card in p.activated:
        return Refusal(f"{person.name} already holds an Activation marker", R.ACTIVATE)
    if markers_left(game, p) <= 0:
        return Refusal("all your Activation markers are in use", R.ACTIVATE)
    if person.timing != timing:
        phase = "Voyage" if person.timing == "voyage" else "Action"
        return Refusal(f"{person.name} can only be activated in the {phase} phase", R.VOYAGE_PERSONS)
    return Refusal(f"nothing for {person.name} to do now", R.ACTIVATE)


def _cost_reason(p, cost: dict[str, int], rule: str) -> Refusal:  # type: ignore[no-untyped-def]
    short = [f"{n} {r} (you have {p.resources[r]})" for r, n in cost.items() if p.resources[r] < n]
    return Refusal("needs " + ", ".join(short) if short else "you cannot do that now", rule)
