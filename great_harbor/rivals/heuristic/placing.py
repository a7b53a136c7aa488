"""The harbor as the heuristic player values it: a die's best slot and split of pips, the Smugglers'
District, and the best next step toward placing a die (a Favor pip, a Smuggler token, the die).
:class:`Mind` is the whole of what one decision knows: placing on top of values and voyages."""

from __future__ import annotations

import math
from collections import Counter
from functools import cache
from typing import Any

from great_harbor.data import Catalogue
from great_harbor.engine import Action, harbor
from great_harbor.engine import actions as act
from great_harbor.engine.board import catalogue_tier
from great_harbor.engine.state import die_colour
from great_harbor.engine.supply import current_bonus_mapping

from .values import Values
from .worth import FAVOR, SMUGGLER


@cache
def _tiers(cat: Catalogue, fee: int, pips: int) -> tuple[int, ...]:
    """The tier reached on a tile with this fee by each number of pips up to ``pips``."""
    return tuple(catalogue_tier(cat, n, fee) for n in range(pips + 1))


_Benefit = tuple[dict[str, int], int, int, tuple[tuple[str, str, str | None], ...]]


@cache
def _benefit(cat: Catalogue, tile: str, t: int) -> _Benefit:
    """What tier ``t`` of a Harbor tile gives: resources, colonists, Favor and the cards drawn
    (deck, source, size)."""
    b = cat.tiles[tile].benefits[t - 1]
    return ({str(r): n for r, n in b.resources.items()}, b.colonists, b.favor,
            tuple((d.deck, d.source, d.size.value if d.size else None) for d in b.draws))


class Mind(Values):
    """Everything one decision needs to know about one seat, computed once per decision (in a
    playout, kept from decision to decision while it still holds: see :mod:`.reuse`)."""

    # --- the harbor ---------------------------------------------------------------------------

    def tile_worth(self, tile: str, t: int) -> float:
        if t <= 0:
            return 0.0
        key = ("tile", tile, t)
        memo = self._res_memo
        if key not in memo:
            gains, colonists, favor, draws = _benefit(self.cat, tile, t)
            v = self.gain_worth(gains) if gains else 0.0
            v += self.colonists_worth(colonists) + FAVOR * favor
            v += sum(self.draw_worth(deck, source, size) for deck, source, size in draws)
            memo[key] = v
        return memo[key]  # type: ignore[no-any-return]

    def _row(self, tile: str, top: int) -> list[float]:
        """:meth:`tile_worth` of ``tile`` at every tier up to ``top`` (by tier: 0 is nothing)."""
        key = ("row", tile)
        memo = self._res_memo
        row: list[float] | None = memo.get(key)
        if row is None:
            row = memo[key] = [0.0]
        while len(row) <= top:
            row.append(self.tile_worth(tile, len(row)))
        return row

    def split(self, slot: str, pips: int, no_fee: bool) -> tuple[float, tuple[int, ...]]:
        """The best use of ``pips`` on a slot's tile(s): worth and the pips per tile."""
        found = self._harbor_memo.get(("fees", slot, no_fee))
        if found is None:
            cells = harbor.geometry(self.g).slot_cells[slot]
            found = self._harbor_memo[("fees", slot, no_fee)] = (
                cells, tuple(0 if no_fee else harbor.shore_fee(self.g, c) for c in cells))
        cells, fees = found
        # By the fees, not the dice placed: a die placed elsewhere changes neither, and the
        # figure stays with the seat's resources (see reuse).
        return self._split_at(slot, cells, pips, fees)

    def _split_at(self, slot: str, cells: tuple[str, ...], pips: int,
                  fees: tuple[int, ...]) -> tuple[float, tuple[int, ...]]:
        key = ("split", slot, pips, fees)
        memo = self._res_memo
        found: tuple[float, tuple[int, ...]] | None = memo.get(key)
        if found is None:
            found = memo[key] = self._split(cells, pips, fees)
        return found

    def _split(self, cells: tuple[str, ...], pips: int, fees: tuple[int, ...]) -> tuple[float, tuple[int, ...]]:
        g = self.g
        tiles = [self.s.layout[c] for c in cells]
        if len(cells) == 1:
            return self.tile_worth(tiles[0], harbor.tier(g, pips, fees[0])), (pips,)
        # What each tile gives at each tier, then at every split of the pips (by the tier each
        # share reaches on its tile).
        tiers0 = _tiers(self.cat, fees[0], pips)
        tiers1 = _tiers(self.cat, fees[1], pips)
        first = self._row(tiles[0], tiers0[-1])
        second = self._row(tiles[1], tiers1[-1])
        best = (0.0, (0, 0))
        for a in range(pips + 1):
            v = first[tiers0[a]] + second[tiers1[pips - a]]
            if v > best[0] + 1e-9:
                best = (v, (a, pips - a))
        return best

    def district_worth(self, pips: int) -> float:
        key = ("district", pips)  # the Smugglers' dice and the Dice Bonus tile are the harbor's
        memo = self._harbor_memo
        found: float | None = memo.get(key)
        if found is None:
            found = memo[key] = self._district_worth(pips)
        return found

    def _district_worth(self, pips: int) -> float:
        d = self.cat.harbor.smugglers_district
        t = harbor.tier(self.g, pips, 0)
        gains: Counter[str] = Counter()
        if t:
            mapping = current_bonus_mapping(self.g)
            for sd in self.s.smuggler_dice:
                gains[mapping[die_colour(sd)]] += d.tier_amounts[t - 1]
        return (self.gain_worth(gains) if gains else 0.0) + SMUGGLER * d.smuggler_tokens

    def die_worth(self, die: int, pips: int, wild: bool, no_fee: bool) -> tuple[float, str]:
        """The best placement of a die with these properties: worth and slot (only the die's
        colour matters)."""
        key = ("die", die_colour(die), pips, wild, no_fee)
        memo = self._harbor_memo
        if key not in memo:
            memo[key] = self._die_worth(die, pips, wild, no_fee)
        return memo[key]  # type: ignore[no-any-return]

    def _die_worth(self, die: int, pips: int, wild: bool, no_fee: bool) -> tuple[float, str]:
        best = (self.district_worth(pips), harbor.DISTRICT)
        for sid, cells, fees in self._open_slots(die_colour(die), wild, no_fee):
            v = self._split_at(sid, cells, pips, fees)[0]
            if v > best[0] + 1e-9:
                best = (v, sid)
        return best

    def _open_slots(self, colour: str, wild: bool, no_fee: bool) -> list[tuple[str, tuple[str, ...], tuple[int, ...]]]:
        """The free slots a die of ``colour`` fits (any, ``wild``), in the board's order, with
        their cells and fees: asked for every number of pips a die could have."""
        key = ("open", colour, wild, no_fee)
        memo = self._harbor_memo
        found: list[tuple[str, tuple[str, ...], tuple[int, ...]]] | None = memo.get(key)
        if found is None:
            g = self.g
            geo = harbor.geometry(g)
            found = memo[key] = [
                (sid, cells, tuple(0 if no_fee else harbor.shore_fee(g, c) for c in cells))
                for sid in geo.slot_ids if sid not in self.s.slots and (wild or colour in geo.slot_colours[sid])
                for cells in (geo.slot_cells[sid],)]
        return found

    def current_die_worth(self, die: int, **change: Any) -> float:
        s = self.s
        face = change.get("face", s.faces[die])
        pips = face + s.die_bonus.get(str(die), 0) + change.get("extra", 0)
        return self.die_worth(die, pips, change.get("wild", die in s.die_wild), die in s.die_no_fee)[0]

    def best_placement(self) -> tuple[float, Action]:
        """The best next step toward placing a die: a Favor pip or Smuggler token, or the die itself."""
        s = self.s
        best: tuple[float, Action] = (-math.inf, act.EndTurn())
        for die in dict.fromkeys(self.p.drafted):
            pips = harbor.pips_of(self.g, die)
            wild, no_fee = die in s.die_wild, die in s.die_no_fee
            tokens = (False, True) if self.p.smuggler and not no_fee else (False,)
            for token in tokens:
                for extra in range(min(self.p.favor, 4) + 1):
                    v, slot = self.die_worth(die, pips + extra, wild, no_fee or token)
                    v -= FAVOR * extra + SMUGGLER * token
                    step: Action = (act.UseSmugglerToken(die) if token else act.SpendFavorPip(die) if extra
                                    else act.PlaceDie(die, slot))
                    if v > best[0] + 1e-9:
                        best = (v, step)
        return best
