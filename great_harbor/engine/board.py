"""The harbor map's shape and arithmetic: slots and the tiles they touch, Shore fees, tiers.

The facts every rule about dice reads (what a slot touches, what a die's pips reach on a tile);
the rules themselves (placing, assigning pips, tile benefits) are in :mod:`.harbor`.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from great_harbor.data import Catalogue
from great_harbor.value_class import value_class

from .state import die_colour

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .table import Table

DISTRICT = "district"


@value_class(frozen=True)
class Geometry:
    """The map's fixed shape, worked out once per catalogue."""

    slot_ids: tuple[str, ...]
    slot_cells: dict[str, tuple[str, ...]]  # slot -> "r,c" keys of the cells it touches
    slot_colours: dict[str, frozenset[str]]
    shore_slots: dict[str, tuple[str, ...]]  # cell -> its Shore slots
    cell_slots: dict[str, tuple[str, ...]]  # cell -> its slots clockwise from the top
    colour_slots: dict[str, tuple[str, ...]]  # die colour -> the slots it fits, in slot order
    shore_cell: dict[str, str]  # Shore slot -> the one cell it touches (shared slots are not keys)


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
        colour_slots={
            colour: tuple(s.id for s in cat.harbor.slots if colour in {str(c) for c in s.colours})
            for colour in ("red", "blue", "yellow", "purple")
        },
        shore_cell={sid: cs[0] for sid, cs in cells.items() if len(cs) == 1},
    )


def geometry(game: Table) -> Geometry:
    return _geometry(game.cat)


def tile_cell(game: Table, tile: str) -> str:
    for cell, t in game.s.layout.items():
        if t == tile:
            return cell
    raise KeyError(tile)


def shore_fee(game: Table, cell: str) -> int:
    """The highest face among dice on this tile's Shore slots (0 if none)."""
    s = game.s
    fee = 0
    for sid in geometry(game).shore_slots[cell]:
        die = s.slots.get(sid)
        if die is not None and s.faces[die] > fee:
            fee = s.faces[die]
    return fee


def tier(game: Table, pips: int, fee: int) -> int:
    """Tier reached by ``pips`` on a tile whose thresholds are raised by ``fee`` (0 = nothing)."""
    return catalogue_tier(game.cat, pips, fee)


def catalogue_tier(cat: Catalogue, pips: int, fee: int) -> int:
    """:func:`tier`, by the catalogue alone (for tables worked out once per catalogue)."""
    t1, t2, t3 = cat.harbor.tier_thresholds
    if pips >= t3 + fee:
        return 3
    if pips >= t2 + fee:
        return 2
    if pips >= t1 + fee:
        return 1
    return 0


def die_fits(game: Table, die: int, slot: str) -> bool:
    return die in game.s.die_wild or die_colour(die) in geometry(game).slot_colours[slot]


def pips_of(game: Table, die: int) -> int:
    return game.s.faces[die] + game.s.die_bonus.get(str(die), 0)


def split_outcome(game: Table, pips: Sequence[int], fees: Sequence[int]) -> tuple[int, ...]:
    """What a pip split gives: the tier each tile reaches (0: nothing)."""
    return tuple(tier(game, n, fee) for n, fee in zip(pips, fees, strict=True))


def activates_all(game: Table, split: Sequence[int], fees: Sequence[int]) -> bool:
    """Whether every tile given pips by ``split`` reaches at least its first tier."""
    return all(n == 0 or tier(game, n, fee) > 0 for n, fee in zip(split, fees, strict=True))
