"""Playing dice workers on the harbor: slots, tiers, Shore fees, tile benefits and the
Smuggler's District."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import rule_ids as R
from . import shops, supply
from .actions import Action, AssignPips, PlaceDie, SpendFavorPip, UseSmugglerToken

# The map's arithmetic lives in board.py (below the rules); its names are read here too, as
# harbor.geometry and so on, by the UI and the players.
from .board import (  # noqa: F401
    DISTRICT,
    Geometry,
    activates_all,
    die_fits,
    geometry,
    pips_of,
    shore_fee,
    split_outcome,
    tier,
    tile_cell,
)
from .choices import continuation, offer
from .decision_data import AssignDecision
from .errors import Refusal
from .names import SMUGGLERS_DISTRICT, plural, tier_words, tile_name
from .names import die as die_words
from .options import Plain
from .rulebook import ActionRule, rule
from .state import Pending, PlayerState, die_colour, die_label

if TYPE_CHECKING:

    from .game import Game

# --- legal actions --------------------------------------------------------------------------------


def placements(game: Game, p: PlayerState) -> list[PlaceDie]:
    s = game.s
    geo = geometry(game)
    out: list[PlaceDie] = []
    seen: set[tuple[str, int, bool, int, bool]] = set()
    for die in p.drafted:
        # Two drafted dice alike in every way give the same placements: list them once.
        key = (die_colour(die), s.faces[die], die in s.die_wild, s.die_bonus.get(str(die), 0), die in s.die_no_fee)
        if key in seen:
            continue
        seen.add(key)
        fitting = geo.slot_ids if die in s.die_wild else geo.colour_slots[die_colour(die)]
        taken = s.slots
        out += [PlaceDie(die, sid) for sid in fitting if sid not in taken]
        out.append(PlaceDie(die, DISTRICT))
    return out


def die_boosts(game: Game, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    if p.favor >= 1:
        out += [SpendFavorPip(d) for d in p.drafted]
    if p.smuggler >= 1:
        out += [UseSmugglerToken(d) for d in p.drafted if d not in game.s.die_no_fee]
    return out


def assign_options(game: Game, top: Pending) -> list[AssignPips]:
    pips: int = top.data.pips
    fees: list[int] = top.data.fees
    t1 = game.cat.harbor.tier_thresholds[0]
    if len(fees) == 1:
        out = [AssignPips((0,))]
        if pips >= t1 + fees[0]:
            out.append(AssignPips((pips,)))
        return out
    # (0, 0) declines both tiles; every other split uses all the pips. Pips may be split any way
    # (RULINGS.md), but many splits give the same (the same tier on each tile), so the choices
    # list one split per outcome: the first that gives each tile it touches at least its first
    # tier if there is one, else the first that leaves pips on a tile below its threshold (the
    # way to a lower tier on the other tile: the medium ship rather than the large one, say, or
    # when no large ship is left). ``equivalent_split`` maps any other split to its listed one.
    if pips <= 0:
        return [AssignPips((0, 0))]
    chosen: dict[tuple[int, ...], tuple[int, int]] = {}
    for a in range(pips + 1):
        split = (a, pips - a)
        outcome = split_outcome(game, split, fees)
        if outcome == (0, 0):
            continue
        listed = chosen.get(outcome)
        if listed is None or (activates_all(game, split, fees) and not activates_all(game, listed, fees)):
            chosen[outcome] = split
    options = [AssignPips((0, 0))]
    return options + [AssignPips(x) for x in sorted(chosen.values())]


def equivalent_split(game: Game, action: Action) -> AssignPips | None:
    """For a split of the pending die's pips that is not among the choices, the listed split that
    gives the same; None if there is none (or nothing is being split). Replaying a record made when
    the choices still listed such a split reads it as this one (``great_harbor.record``)."""
    top = game.pending
    if top is None or top.kind != "assign" or not isinstance(action, AssignPips):
        return None
    fees = top.data.fees
    pips = action.pips
    if len(pips) != len(fees) or any(x < 0 for x in pips) or sum(pips) not in (0, top.data.pips):
        return None
    outcome = split_outcome(game, pips, fees)
    for option in assign_options(game, top):
        if isinstance(option, AssignPips) and option != action and split_outcome(game, option.pips, fees) == outcome:
            return option
    return None


# --- applying -------------------------------------------------------------------------------------


def apply_boost(game: Game, top: Pending, action: Action) -> None:
    s = game.s
    p = s.players[top.seat]
    if isinstance(action, SpendFavorPip):
        p.favor -= 1
        key = str(action.die)
        s.die_bonus[key] = s.die_bonus.get(key, 0) + 1
        game.log("favor.pip", p.seat, die=action.die, face=s.faces[action.die], pips=pips_of(game, action.die))
    elif isinstance(action, UseSmugglerToken):
        p.smuggler -= 1
        s.die_no_fee.append(action.die)
        game.log("smuggler-token", p.seat, die=action.die, face=s.faces[action.die])


def apply_place(game: Game, top: Pending, action: Action) -> None:
    assert isinstance(action, PlaceDie)
    s = game.s
    p = s.players[top.seat]
    die = action.die
    pips = pips_of(game, die)
    no_fee = die in s.die_no_fee
    p.drafted.remove(die)
    p.placed_this_turn += 1
    _clear_boosts(game, die)
    label = die_label(die, s.faces[die])
    if action.slot == DISTRICT:
        s.district.append(die)
        smuggle(game, p, die, pips)
        return
    cells = geometry(game).slot_cells[action.slot]
    fees = [0 if no_fee else shore_fee(game, c) for c in cells]  # fees before this die lands
    s.slots[action.slot] = die
    pips += shops.on_placement(game, p, die, action.slot)
    tiles = [s.layout[c] for c in cells]
    game.push("assign", p.seat, die=die, slot=action.slot, pips=pips, fees=fees, tiles=tiles, label=label)


def _clear_boosts(game: Game, die: int) -> None:
    s = game.s
    s.die_bonus.pop(str(die), None)
    if die in s.die_wild:
        s.die_wild.remove(die)
    if die in s.die_no_fee:
        s.die_no_fee.remove(die)


def apply_assign(game: Game, top: Pending, action: Action) -> None:
    assert isinstance(action, AssignPips)
    game.pop()
    p = game.s.players[top.seat]
    items: list[dict[str, Any]] = []
    drawn: list[str] = []  # cards drawn from a deck: only their drawer reads which
    for tile, pips, fee in zip(top.data.tiles, action.pips, top.data.fees, strict=True):
        if pips <= 0:
            continue
        t = tier(game, pips, fee)
        items += activate_tile(game, p, tile, t, drawn)
    die = top.data.die
    game.log("place", p.seat, die=die, face=game.s.faces[die], tiles=list(top.data.tiles), items=items,
             secret={"cards": drawn} if drawn else None, reader=p.seat)


def activate_tile(game: Game, p: PlayerState, tile_id: str, t: int, drawn: list[str]) -> list[dict[str, Any]]:
    """Give ``p`` the benefit of tier ``t`` of a tile; returns what was gained, for the log
    (see ``narrate.gains``). Cards drawn from a deck are added to ``drawn``."""
    if t <= 0:
        return []
    benefit = game.cat.tiles[tile_id].benefits[t - 1]
    out: list[dict[str, Any]] = []
    if benefit.resources:
        res = {str(k): v for k, v in benefit.resources.items()}
        surplus = supply.gain_resources(game, p, res)
        out += [{"k": "res", "r": r, "n": n} for r, n in res.items()]
        if surplus:
            out.append({"k": "surplus"})
    if benefit.colonists:
        got = supply.gain_colonists(game, p, benefit.colonists)
        out.append({"k": "colonists", "got": got, "wanted": benefit.colonists})
    if benefit.favor:
        p.favor += benefit.favor
        out.append({"k": "favor", "n": benefit.favor})
    for draw in benefit.draws:
        out.append(draw_card(game, p, draw.deck, draw.source, draw.size.value if draw.size else None, drawn))
    return out


def draw_card(game: Game, p: PlayerState, deck: str, source: str, size: str | None, drawn: list[str]
              ) -> dict[str, Any]:
    s = game.s
    if deck == "ship":
        assert size is not None
        card = s.ship_display.get(size, "")
        if not card:
            return {"k": "ship", "size": size, "card": ""}
        p.hand.append(card)
        game.reveal()
        pile = s.ship_decks[size]
        s.ship_display[size] = pile.pop(0) if pile else ""
        return {"k": "ship", "size": size, "card": card}
    pile, display = (
        (s.building_deck, s.building_display) if deck == "building" else (s.person_deck, s.person_display)
    )
    if source == "deck":
        if not pile:
            return {"k": "deck", "deck": deck, "n": 0}
        game.reveal()
        card = pile.pop(0)
        p.hand.append(card)
        drawn.append(card)
        return {"k": "deck", "deck": deck, "n": 1}
    if not display:
        return {"k": "display", "deck": deck, "n": 0}
    offer(game, p.seat, "harbor.take_display", list(display), f"Take a {deck.capitalize()} card from the display",
          deck=deck)
    return {"k": "display", "deck": deck, "n": 1}


@continuation("harbor.take_display")
def take_display(game: Game, top: Pending, option: Plain) -> None:
    take_from_display(game, game.s.players[top.seat], str(top.data.deck), option.value)


def take_from_display(game: Game, p: PlayerState, deck: str, card: str) -> None:
    """Take a face-up card; the rest slide toward the icon and the deck fills the gap."""
    s = game.s
    pile, display = (
        (s.building_deck, s.building_display) if deck == "building" else (s.person_deck, s.person_display)
    )
    display.remove(card)
    p.hand.append(card)
    if pile:
        game.reveal()
        display.append(pile.pop(0))
    game.log("take-display", p.seat, card=card)


def smuggle(game: Game, p: PlayerState, die: int, pips: int) -> None:
    """A die in the Smuggler's District: per Smuggler die, its colour's resource times the tier."""
    s = game.s
    district = game.cat.harbor.smugglers_district
    mapping = supply.current_bonus_mapping(game)
    t = tier(game, pips, 0)
    amount = district.tier_amounts[t - 1] if t > 0 else 0
    gains: dict[str, int] = {}
    if amount:
        for sd in s.smuggler_dice:
            res = mapping[die_colour(sd)]
            gains[res] = gains.get(res, 0) + amount
    surplus = supply.gain_resources(game, p, gains) if gains else False
    p.smuggler += district.smuggler_tokens
    items: list[dict[str, Any]] = [{"k": "res", "r": r, "n": n} for r, n in gains.items()]
    if surplus:
        items.append({"k": "surplus"})
    items.append({"k": "smuggler", "n": district.smuggler_tokens})
    game.log("place.district", p.seat, die=die, face=s.faces[die], items=items)


# --- the rules of placing dice ----------------------------------------------------------------------


def _dice_key(game: Game, die: int) -> tuple[str, int, bool, int, bool]:
    """What makes two drafted dice alike for placing: colour, face, Wild, extra pips, no fee."""
    s = game.s
    return (die_colour(die), s.faces[die], die in s.die_wild, s.die_bonus.get(str(die), 0), die in s.die_no_fee)


def _not_drafted(game: Game, p: PlayerState, die: int) -> Refusal | None:
    if die not in p.drafted:
        return Refusal(f"die {die} is not one of your drafted dice", R.PLACING)
    return None


@rule
class PlaceDieRule(ActionRule[PlaceDie]):
    """Playing Dice Workers: a drafted die goes on an empty slot one of whose halves it matches
    (a Wild die: any), or into the Smuggler's District."""

    action = PlaceDie
    entry = R.WHERE_A_DIE_MAY_GO

    def candidates(self, game: Game, top: Pending) -> list[PlaceDie]:
        slots = [*geometry(game).slot_ids, DISTRICT]
        return [PlaceDie(d, sid) for d in game.s.players[top.seat].drafted for sid in slots]

    def legal(self, game: Game, top: Pending) -> list[PlaceDie]:
        return placements(game, game.s.players[top.seat])

    def check(self, game: Game, top: Pending, action: PlaceDie) -> Refusal | None:
        s = game.s
        p = s.players[top.seat]
        refusal = _not_drafted(game, p, action.die)
        if refusal:
            return refusal
        if action.slot != DISTRICT and action.slot not in game.cat.slots:
            return Refusal(f"there is no slot {action.slot}", R.WHERE_A_DIE_MAY_GO)
        if action.slot in s.slots:
            return Refusal("slot is taken", R.WHERE_A_DIE_MAY_GO)
        if action.slot != DISTRICT and not die_fits(game, action.die, action.slot):
            halves = "/".join(sorted(geometry(game).slot_colours[action.slot]))
            return Refusal(f"die colour fits neither half ({die_colour(action.die)} on a {halves} slot)",
                           R.WHERE_A_DIE_MAY_GO)
        key = _dice_key(game, action.die)
        twin = next(d for d in p.drafted if _dice_key(game, d) == key)
        if twin != action.die:  # two dice alike in every way: the choices list the first
            label = die_label(action.die, s.faces[action.die])
            return Refusal(f"this {label} is just like your other {label} (die {twin}), which the choices list: "
                           "place that one", R.PLACING)
        return None

    def apply(self, game: Game, top: Pending, action: PlaceDie) -> None:
        apply_place(game, top, action)

    def words(self, game: Game, top: Pending | None, action: PlaceDie) -> str:
        s = game.s
        label = die_words(game, action.die)
        pips = pips_of(game, action.die)
        wild = " (Wild)" if action.die in s.die_wild else ""
        if action.slot == DISTRICT:
            return f"Place {label}{wild} in {SMUGGLERS_DISTRICT}: {district_gain(game, pips)}"
        no_fee = action.die in s.die_no_fee
        cells = geometry(game).slot_cells[action.slot]
        tiles = [s.layout[c] for c in cells]
        fees = [0 if no_fee else shore_fee(game, c) for c in cells]
        if len(tiles) == 1:
            t = tier(game, pips, fees[0])
            fee = f", fee {fees[0]}" if fees[0] else ""
            gain = tier_words(game, tiles[0], t) if t else "too few pips for any benefit"
            side = game.cat.slots[action.slot].side
            return f"Place {label}{wild} on {tile_name(game, tiles[0])} ({side} shore{fee}): {gain}"
        fee_notes = [f"{tile_name(game, t)} fee {f}" for t, f in zip(tiles, fees, strict=True) if f]
        extra = f"; {', '.join(fee_notes)}" if fee_notes else ""
        between = f"Place {label}{wild} between {tile_name(game, tiles[0])} and {tile_name(game, tiles[1])}"
        if all(tier(game, pips, fee) == 0 for fee in fees):  # all the pips on either tile are too few
            return f"{between}: too few pips for any benefit{extra}"
        return f"{between}: split {plural(pips, 'pip')}{extra}"


def district_gain(game: Game, pips: int) -> str:
    """What a die of ``pips`` would gain in the Smuggler's District now, in words."""
    district = game.cat.harbor.smugglers_district
    t = tier(game, pips, 0)
    amount = district.tier_amounts[t - 1] if t > 0 else 0
    gains: dict[str, int] = {}
    if amount:
        mapping = supply.current_bonus_mapping(game)
        for sd in game.s.smuggler_dice:
            res = mapping[die_colour(sd)]
            gains[res] = gains.get(res, 0) + amount
    words = [f"{n} {r.capitalize()}" for r, n in gains.items()]
    words.append(plural(district.smuggler_tokens, "Smuggler token"))
    return ", ".join(words)


def split_words(game: Game, data: AssignDecision, pips: tuple[int, ...]) -> str:
    """A pip split on the tiles of the die just placed: "3 to Blacksmith Avenue (2 Metal), 1 to ..."."""
    tiles, fees = data.tiles, data.fees
    if not any(pips):
        return "Take no benefit" if len(tiles) > 1 else f"Take no benefit from {tile_name(game, tiles[0])}"
    parts = []
    for tile, n, fee in zip(tiles, pips, fees, strict=True):
        if n <= 0:
            continue
        t = tier(game, n, fee)
        parts.append(f"{n} to {tile_name(game, tile)} ({tier_words(game, tile, t)})")
    return ", ".join(parts)


@rule
class AssignPipsRule(ActionRule[AssignPips]):
    """Harbor Tile Benefits: the placed die's pips go to the tile(s) its slot touches; the choices
    list one split per result (see ``assign_options``)."""

    action = AssignPips
    entry = R.SPLITTING_PIPS

    def candidates(self, game: Game, top: Pending) -> list[AssignPips]:
        pips, fees = top.data.pips, top.data.fees
        if len(fees) == 1:
            return [AssignPips((0,)), AssignPips((pips,))]
        return [AssignPips((0, 0))] + [AssignPips((a, pips - a)) for a in range(pips + 1)]

    def legal(self, game: Game, top: Pending) -> list[AssignPips]:
        return assign_options(game, top)

    def check(self, game: Game, top: Pending, action: AssignPips) -> Refusal | None:
        if action in assign_options(game, top):
            return None
        data = top.data
        pips, fees = data.pips, data.fees
        if len(action.pips) != len(fees):
            return Refusal(f"this slot touches {len(fees)} tile{'s' if len(fees) > 1 else ''}", R.SPLITTING_PIPS)
        if any(x < 0 for x in action.pips) or sum(action.pips) != pips and sum(action.pips) != 0:
            return Refusal(f"the die has {pips} pips to assign", R.SPLITTING_PIPS)
        t1 = game.cat.harbor.tier_thresholds[0]
        # Every split is allowed, but the choices list one split per outcome (the tier each tile
        # gets): one left out gives the same as the split listed for its outcome.
        listed = equivalent_split(game, action)
        same = "+".join(map(str, listed.pips)) if listed is not None else None
        for x, fee, tile in zip(action.pips, fees, data.tiles, strict=True):
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

    def apply(self, game: Game, top: Pending, action: AssignPips) -> None:
        apply_assign(game, top, action)

    def words(self, game: Game, top: Pending | None, action: AssignPips) -> str:
        if top is None or top.kind != "assign":
            return f"Assign {'+'.join(map(str, action.pips))} pips"
        return split_words(game, top.data, action.pips)


@rule
class SpendFavorPipRule(ActionRule[SpendFavorPip]):
    """Spend Favor Tokens: 1 Favor gives a drafted die +1 pip for its placement (its face stays)."""

    action = SpendFavorPip
    entry = R.FAVOR

    def candidates(self, game: Game, top: Pending) -> list[SpendFavorPip]:
        return [SpendFavorPip(d) for d in game.s.players[top.seat].drafted]

    def legal(self, game: Game, top: Pending) -> list[SpendFavorPip]:
        p = game.s.players[top.seat]
        return [SpendFavorPip(d) for d in p.drafted] if p.favor >= 1 else []

    def check(self, game: Game, top: Pending, action: SpendFavorPip) -> Refusal | None:
        p = game.s.players[top.seat]
        refusal = _not_drafted(game, p, action.die)
        if refusal:
            return refusal
        return Refusal("you have no Favor", R.FAVOR) if p.favor < 1 else None

    def apply(self, game: Game, top: Pending, action: SpendFavorPip) -> None:
        apply_boost(game, top, action)

    def words(self, game: Game, top: Pending | None, action: SpendFavorPip) -> str:
        now = pips_of(game, action.die)
        return f"Spend 1 Favor: {die_words(game, action.die)} counts {now + 1} pips for its placement"


@rule
class UseSmugglerTokenRule(ActionRule[UseSmugglerToken]):
    """Smuggler's District: a Smuggler token lets one drafted die ignore Shore fees for its placement."""

    action = UseSmugglerToken
    entry = R.SMUGGLER_TOKENS

    def candidates(self, game: Game, top: Pending) -> list[UseSmugglerToken]:
        return [UseSmugglerToken(d) for d in game.s.players[top.seat].drafted]

    def legal(self, game: Game, top: Pending) -> list[UseSmugglerToken]:
        p = game.s.players[top.seat]
        return [UseSmugglerToken(d) for d in p.drafted if d not in game.s.die_no_fee] if p.smuggler >= 1 else []

    def check(self, game: Game, top: Pending, action: UseSmugglerToken) -> Refusal | None:
        p = game.s.players[top.seat]
        refusal = _not_drafted(game, p, action.die)
        if refusal:
            return refusal
        if p.smuggler < 1:
            return Refusal("you have no Smuggler token", R.SMUGGLER_TOKENS)
        if action.die in game.s.die_no_fee:
            label = die_label(action.die, game.s.faces[action.die])
            return Refusal(f"{label} already ignores Shore fees", R.PAST_A_FEE)
        return None

    def apply(self, game: Game, top: Pending, action: UseSmugglerToken) -> None:
        apply_boost(game, top, action)

    def words(self, game: Game, top: Pending | None, action: UseSmugglerToken) -> str:
        return f"Spend a Smuggler token: {die_words(game, action.die)} ignores Shore fees for its placement"
