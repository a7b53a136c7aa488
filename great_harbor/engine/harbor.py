"""Playing dice workers on the harbor: slots, tiers, Shore fees, tile benefits and the
Smuggler's District."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from great_harbor.data import Catalogue

from . import colony
from .actions import Action, AssignPips, PlaceDie, SpendFavorPip, UseSmugglerToken
from .choices import continuation, offer
from .state import Pending, PlayerState, die_colour, die_label

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .game import Game

DISTRICT = "district"


@dataclass(frozen=True)
class Geometry:
    """The map's fixed shape, worked out once per catalogue."""

    slot_ids: tuple[str, ...]
    slot_cells: dict[str, tuple[str, ...]]  # slot -> "r,c" keys of the cells it touches
    slot_colours: dict[str, frozenset[str]]
    shore_slots: dict[str, tuple[str, ...]]  # cell -> its Shore slots
    cell_slots: dict[str, tuple[str, ...]]  # cell -> its slots clockwise from the top


@cache
def _geometry(cat: Catalogue) -> Geometry:
    cells = {sid: tuple(f"{r},{c}" for r, c in cs) for sid, cs in cat.slot_cells.items()}
    shore: dict[str, list[str]] = {}
    for sid, cs in cells.items():
        if len(cs) == 1:
            shore.setdefault(cs[0], []).append(sid)
    return Geometry(
        slot_ids=tuple(s.id for s in cat.harbor.slots),
        slot_cells=cells,
        slot_colours={s.id: frozenset(str(c) for c in s.colours) for s in cat.harbor.slots},
        shore_slots={f"{r},{c}": tuple(shore.get(f"{r},{c}", ())) for r in range(3) for c in range(3)},
        cell_slots={f"{r},{c}": v for (r, c), v in cat.cell_slots.items()},
    )


def geometry(game: Game) -> Geometry:
    return _geometry(game.cat)


def tile_cell(game: Game, tile: str) -> str:
    for cell, t in game.s.layout.items():
        if t == tile:
            return cell
    raise KeyError(tile)


def shore_fee(game: Game, cell: str) -> int:
    """The highest face among dice on this tile's Shore slots (0 if none)."""
    s = game.s
    fee = 0
    for sid in geometry(game).shore_slots[cell]:
        die = s.slots.get(sid)
        if die is not None and s.faces[die] > fee:
            fee = s.faces[die]
    return fee


def tier(game: Game, pips: int, fee: int) -> int:
    """Tier reached by ``pips`` on a tile whose thresholds are raised by ``fee`` (0 = nothing)."""
    t1, t2, t3 = game.cat.harbor.tier_thresholds
    if pips >= t3 + fee:
        return 3
    if pips >= t2 + fee:
        return 2
    if pips >= t1 + fee:
        return 1
    return 0


def die_fits(game: Game, die: int, slot: str) -> bool:
    return die in game.s.die_wild or die_colour(die) in geometry(game).slot_colours[slot]


def pips_of(game: Game, die: int) -> int:
    return game.s.faces[die] + game.s.die_bonus.get(str(die), 0)


# --- legal actions --------------------------------------------------------------------------------


def placements(game: Game, p: PlayerState) -> list[Action]:
    s = game.s
    geo = geometry(game)
    out: list[Action] = []
    seen: set[tuple[str, int, bool, int, bool]] = set()
    for die in p.drafted:
        # Two drafted dice alike in every way give the same placements: list them once.
        key = (die_colour(die), s.faces[die], die in s.die_wild, s.die_bonus.get(str(die), 0), die in s.die_no_fee)
        if key in seen:
            continue
        seen.add(key)
        wild = die in s.die_wild
        colour = die_colour(die)
        for sid in geo.slot_ids:
            if sid not in s.slots and (wild or colour in geo.slot_colours[sid]):
                out.append(PlaceDie(die, sid))
        out.append(PlaceDie(die, DISTRICT))
    return out


def die_boosts(game: Game, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    if p.favor >= 1:
        out += [SpendFavorPip(d) for d in p.drafted]
    if p.smuggler >= 1:
        out += [UseSmugglerToken(d) for d in p.drafted if d not in game.s.die_no_fee]
    return out


def split_outcome(game: Game, pips: Sequence[int], fees: Sequence[int]) -> tuple[int, ...]:
    """What a pip split gives: the tier each tile reaches (0: nothing)."""
    return tuple(tier(game, n, fee) for n, fee in zip(pips, fees, strict=True))


def assign_options(game: Game, top: Pending) -> list[Action]:
    pips: int = top.data["pips"]
    fees: list[int] = top.data["fees"]
    t1 = game.cat.harbor.tier_thresholds[0]
    if len(fees) == 1:
        out: list[Action] = [AssignPips((0,))]
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
    options: list[Action] = [AssignPips((0, 0))]
    return options + [AssignPips(x) for x in sorted(chosen.values())]


def activates_all(game: Game, split: Sequence[int], fees: Sequence[int]) -> bool:
    """Whether every tile given pips by ``split`` reaches at least its first tier."""
    return all(n == 0 or tier(game, n, fee) > 0 for n, fee in zip(split, fees, strict=True))


def equivalent_split(game: Game, action: Action) -> AssignPips | None:
    """For a split of the pending die's pips that is not among the choices, the listed split that
    gives the same; None if there is none (or nothing is being split). Replaying a record made when
    the choices still listed such a split reads it as this one (``great_harbor.record``)."""
    top = game.pending
    if top is None or top.kind != "assign" or not isinstance(action, AssignPips):
        return None
    fees = top.data["fees"]
    pips = action.pips
    if len(pips) != len(fees) or any(x < 0 for x in pips) or sum(pips) not in (0, top.data["pips"]):
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
    from . import shops

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
    for tile, pips, fee in zip(top.data["tiles"], action.pips, top.data["fees"], strict=True):
        if pips <= 0:
            continue
        t = tier(game, pips, fee)
        items += activate_tile(game, p, tile, t, drawn)
    die = top.data["die"]
    game.log("place", p.seat, die=die, face=game.s.faces[die], tiles=list(top.data["tiles"]), items=items,
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
        surplus = colony.gain_resources(game, p, res)
        out += [{"k": "res", "r": r, "n": n} for r, n in res.items()]
        if surplus:
            out.append({"k": "surplus"})
    if benefit.colonists:
        got = colony.gain_colonists(game, p, benefit.colonists)
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
def take_display(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    take_from_display(game, game.s.players[top.seat], top.data["deck"], option)


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
    from .draft import current_bonus_mapping

    mapping = current_bonus_mapping(game)
    t = tier(game, pips, 0)
    amount = district.tier_amounts[t - 1] if t > 0 else 0
    gains: dict[str, int] = {}
    if amount:
        for sd in s.smuggler_dice:
            res = mapping[die_colour(sd)]
            gains[res] = gains.get(res, 0) + amount
    surplus = colony.gain_resources(game, p, gains) if gains else False
    p.smuggler += district.smuggler_tokens
    items: list[dict[str, Any]] = [{"k": "res", "r": r, "n": n} for r, n in gains.items()]
    if surplus:
        items.append({"k": "surplus"})
    items.append({"k": "smuggler", "n": district.smuggler_tokens})
    game.log("place.district", p.seat, die=die, face=s.faces[die], items=items)
