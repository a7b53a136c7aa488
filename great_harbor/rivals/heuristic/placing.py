"""The harbor as the heuristic player values it: a die's best slot and split of pips, the Smugglers'
District, and the best next step toward placing a die (a Favor pip, a Smuggler token, the die).
:class:`Mind` is the whole of what one decision knows: placing on top of values and voyages."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from great_harbor.engine import Action, harbor
from great_harbor.engine import actions as act
from great_harbor.engine.state import die_colour
from great_harbor.engine.supply import current_bonus_mapping

from .values import Values
from .worth import FAVOR, SMUGGLER


class Mind(Values):
    """Everything one decision needs to know about one seat, computed once per decision."""

    # --- the harbor ---------------------------------------------------------------------------

    def tile_worth(self, tile: str, t: int) -> float:
        if t <= 0:
            return 0.0
        if (tile, t) not in self._tiles:
            b = self.cat.tiles[tile].benefits[t - 1]
            v = self.gain_worth({str(r): n for r, n in b.resources.items()}) if b.resources else 0.0
            v += self.colonists_worth(b.colonists) + FAVOR * b.favor
            v += sum(self.draw_worth(d.deck, d.source, d.size.value if d.size else None) for d in b.draws)
            self._tiles[(tile, t)] = v
        return self._tiles[(tile, t)]

    def split(self, slot: str, pips: int, no_fee: bool) -> tuple[float, tuple[int, ...]]:
        """The best use of ``pips`` on a slot's tile(s): worth and the pips per tile."""
        key = ("split", slot, pips, no_fee)
        if key not in self._memo:
            self._memo[key] = self._split(slot, pips, no_fee)
        return self._memo[key]  # type: ignore[no-any-return]

    def _split(self, slot: str, pips: int, no_fee: bool) -> tuple[float, tuple[int, ...]]:
        g = self.g
        cells = harbor.geometry(g).slot_cells[slot]
        fees = [0 if no_fee else harbor.shore_fee(g, c) for c in cells]
        tiles = [self.s.layout[c] for c in cells]
        if len(cells) == 1:
            return self.tile_worth(tiles[0], harbor.tier(g, pips, fees[0])), (pips,)
        best = (0.0, (0, 0))
        for a in range(pips + 1):
            v = (self.tile_worth(tiles[0], harbor.tier(g, a, fees[0]))
                 + self.tile_worth(tiles[1], harbor.tier(g, pips - a, fees[1])))
            if v > best[0] + 1e-9:
                best = (v, (a, pips - a))
        return best

    def district_worth(self, pips: int) -> float:
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
        if key not in self._memo:
            self._memo[key] = self._die_worth(die, pips, wild, no_fee)
        return self._memo[key]  # type: ignore[no-any-return]

    def _die_worth(self, die: int, pips: int, wild: bool, no_fee: bool) -> tuple[float, str]:
        geo = harbor.geometry(self.g)
        best = (self.district_worth(pips), harbor.DISTRICT)
        for sid in geo.slot_ids:
            if sid not in self.s.slots and (wild or die_colour(die) in geo.slot_colours[sid]):
                v = self.split(sid, pips, no_fee)[0]
                if v > best[0] + 1e-9:
                    best = (v, sid)
        return best

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
