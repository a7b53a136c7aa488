"""Why an action is not legal now, in the rule's words.

Called only after an action failed the legal-action check, so speed does not matter here; the
first rule the action breaks is named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import colony, harbor, senate, shops
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
from .describe import card_name
from .state import DOCKED, STATS, Pending, die_colour, die_label

if TYPE_CHECKING:
    from .game import Game

TURN_ACTIONS = (
    PlaceDie, SpendFavorPip, UseSmugglerToken, PlayPerson, PlayBuilding, BuildStructure, RetrieveMarker,
    FavorSenate, EmployLuxury, EmployBuilding, EmployCrew, PlayShip, Repair, SendShip, SetUpShop,
)


def why_illegal(game: Game, action: Action) -> str:
    top = game.pending
    if top is None:
        return "the game is over"
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
    if top.kind == "draft" and isinstance(action, Draft):
        return f"die {action.die} is not in the pool"
    if top.kind == "assign" and isinstance(action, AssignPips):
        return _assign_reason(game, action, top)
    if top.kind in ("choose", "ship_order") and isinstance(action, Choose):
        offered = top.data["options"] if top.kind == "choose" else top.data["docks"]
        return f"{action.option!r} is not one of the options: {', '.join(offered)}"
    if top.kind in ("choose", "ship_order") and isinstance(action, Pass):
        return "this choice cannot be skipped"
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
    return f"not possible now: {who} must {expected}"


def _assign_reason(game: Game, action: AssignPips, top: Pending) -> str:
    data = top.data
    pips, fees = data["pips"], data["fees"]
    if len(action.pips) != len(fees):
        return f"this slot touches {len(fees)} tile{'s' if len(fees) > 1 else ''}"
    if any(x < 0 for x in action.pips) or sum(action.pips) != pips and sum(action.pips) != 0:
        return f"the die has {pips} pips to assign"
    t1 = game.cat.harbor.tier_thresholds[0]
    # Every split is allowed, but the choices list one split per outcome (the tier each tile
    # gets): one left out gives the same as the split listed for its outcome.
    listed = harbor.equivalent_split(game, action)
    same = "+".join(map(str, listed.pips)) if listed is not None else None
    for x, fee, tile in zip(action.pips, fees, data["tiles"], strict=True):
        if 0 < x < t1 + fee:
            name = game.cat.tiles[tile].name
            if same is not None:
                return (f"{name} gets nothing from {x} of the pips (it needs {t1 + fee}), so this split "
                        f"gives the same as {same}: take that one")
            if fee:
                return f"{name} needs {t1 + fee} pips after the shore fee of {fee}"
            return f"{name} needs at least {t1} pip"
    if same is not None:
        return f"this split gives each tile the same as {same}, which the choices list instead: take that one"
    return "that split is not possible"


def _turn_reason(game: Game, seat: int, action: Action) -> str | None:
    s = game.s
    p = s.players[seat]
    cat = game.cat
    if isinstance(action, EndTurn):
        if p.drafted:
            return f"both dice must be placed first ({len(p.drafted)} still to place)"
        return None
    if isinstance(action, (PlaceDie, SpendFavorPip, UseSmugglerToken)):
        if action.die not in p.drafted:
            return f"die {action.die} is not one of your drafted dice"
        label = die_label(action.die, s.faces[action.die])
        if isinstance(action, SpendFavorPip) and p.favor < 1:
            return "you have no Favor"
        if isinstance(action, UseSmugglerToken):
            return "you have no Smuggler token" if p.smuggler < 1 else f"{label} already ignores Shore fees"
        if isinstance(action, PlaceDie):
            if action.slot != harbor.DISTRICT and action.slot not in cat.slots:
                return f"there is no slot {action.slot}"
            if action.slot in s.slots:
                return "slot is taken"
            if action.slot != harbor.DISTRICT and not harbor.die_fits(game, action.die, action.slot):
                halves = "/".join(sorted(harbor.geometry(game).slot_colours[action.slot]))
                return f"die colour fits neither half ({die_colour(action.die)} on a {halves} slot)"
        return None
    if isinstance(action, SetUpShop):
        return shops.why_not(game, p, action)
    if isinstance(action, (PlayPerson, PlayBuilding, PlayShip)):
        if action.card not in p.hand:
            return "that card is not in your hand"
        kind, cards = {PlayPerson: ("Person", cat.persons), PlayBuilding: ("Building", cat.buildings),
                       PlayShip: ("Ship", cat.ships)}[type(action)]
        if action.card not in cards:
            return f"{card_name(game, action.card)} is not a {kind} card"
    if isinstance(action, PlayPerson):
        slot = p.person_slots[action.slot - 1] if 1 <= action.slot <= len(p.person_slots) else None
        if slot is None:
            return f"there is no Person slot {action.slot}"
        if slot and f"insula-{action.slot}" not in p.structures:
            return "slot is taken (an Insula there would hold a second Person of the same colour)"
        if len(slot) >= 2:
            return "slot is full"
        return "the two Persons in one slot must share a colour"
    if isinstance(action, PlayBuilding):
        return _cost_reason(p, colony.cost_of(cat.buildings[action.card].cost))
    if isinstance(action, PlayShip):
        if not 1 <= action.dock <= len(p.docks):
            return f"there is no dock {action.dock}"
        old = p.docks[action.dock - 1]
        if old is not None and old.where != DOCKED:
            return "the ship in that dock is at sea; only a docked ship can be retired"
        if old is not None and old.damage:
            return "the ship in that dock must be fully repaired before it is retired"
        return _cost_reason(p, colony.cost_of(cat.ships[action.card].cost))
    if isinstance(action, BuildStructure):
        if action.site in p.structures:
            return "that site is already built"
        if action.colonist and p.free_colonists < 1:
            return "no free Colonist to employ at the site"
        return "you cannot pay that cost"
    if isinstance(action, (RetrieveMarker, FavorSenate)):
        if p.favor < 2:
            return f"needs 2 Favor, you have {p.favor}"
        if isinstance(action, FavorSenate) and action.colour not in p.senate:
            return f"there is no Senate track {action.colour!r}"
        if isinstance(action, FavorSenate) and p.senate.get(action.colour, 0) >= senate.top_space(game):
            return "that Senate marker is at the top"
        return "that Person has no Activation marker"
    if isinstance(action, EmployLuxury):
        if p.free_colonists < cat.colony_board.colonists_per_luxury:
            return f"needs {cat.colony_board.colonists_per_luxury} free Colonists, you have {p.free_colonists}"
        return "that production tile is already worked this round"
    if isinstance(action, (EmployCrew, Repair, SendShip)):
        sh = p.docks[action.dock - 1] if 1 <= action.dock <= len(p.docks) else None
        if sh is None:
            return f"no ship in dock {action.dock}"
        if sh.where != DOCKED:
            return "that ship is not docked"
        if isinstance(action, EmployCrew):
            if action.stat not in STATS:
                return "crew may sit beside Speed, Strength or Cargo, never Hull"
            if action.stat in sh.crew:
                return f"that ship already has crew on {action.stat}"
            if p.free_colonists < 1:
                return "no free Colonist"
            return "a ship carries no more crew than its Hull"
        if isinstance(action, Repair):
            return "that ship has no damage" if not sh.damage else f"you have no {action.resource}"
        return "a ship with damage equal to its Hull cannot sail until repaired"
    if isinstance(action, EmployBuilding):
        if action.card not in p.buildings:
            return "you have not built that Building"
        b = cat.buildings[action.card]
        if b.kind != "employ":
            return f"{b.name} does not employ colonists"
        if p.building_workers.get(action.card):
            return f"{b.name} already has its Colonist this round"
        if p.free_colonists < b.colonists:
            return f"{b.name} needs {b.colonists} free Colonist{'s' if b.colonists > 1 else ''}"
        return f"{b.name} has nothing to do now"
    if isinstance(action, ConvertCoins):
        if p.coins >= cat.supply.convert_coins and p.resources.get(action.resource, 0) >= cat.colony_board.resource_max:
            return f"your {action.resource} track is full: coins cannot buy past it"
        return f"needs {cat.supply.convert_coins} coins, you have {p.coins}"
    if isinstance(action, UseConversion):
        if action.card not in s.conversions:
            return "that Conversion card is not in play"
        if action.card in p.conversions_used:
            return "each Conversion card can be used once per turn"
        if p.coins >= cat.conversion_cards[action.card].coins:
            return "coins cannot buy past a full resource track; choose resources with room"
        return f"needs {cat.conversion_cards[action.card].coins} coins, you have {p.coins}"
    return None


def _activate_reason(game: Game, seat: int, card: str, timing: str) -> str:
    from .effects import markers_left, persons_in_colony

    p = game.s.players[seat]
    person = game.cat.persons.get(card)
    if person is None:
        return f"no Person card is called {card}"
    if card not in persons_in_colony(p):
        return f"{person.name} is not in your colony"
    if card in p.activated:
        return f"{person.name} already holds an Activation marker"
    if markers_left(game, p) <= 0:
        return "all your Activation markers are in use"
    if person.timing != timing:
        return f"{person.name} can only be activated in the {'Voyage' if person.timing == 'voyage' else 'Action'} phase"
    return f"nothing for {person.name} to do now"


def _cost_reason(p, cost: dict[str, int]) -> str:  # type: ignore[no-untyped-def]
    short = [f"{n} {r} (you have {p.resources[r]})" for r, n in cost.items() if p.resources[r] < n]
    return "needs " + ", ".join(short) if short else "you cannot do that now"
