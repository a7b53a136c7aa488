"""Ships and voyages as the heuristic player sees them: a ship's statistics (:class:`Boat`), the
odds of the next Pirate card from the cards not yet seen, and what trading, sailing on, sending a
ship and crewing it are worth. The base of :class:`~.placing.Mind`: it also holds what one
decision reads of its seat and the per-decision caches."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, NamedTuple

from great_harbor.engine import card_hooks, fleet, voyage
from great_harbor.engine.game import Game
from great_harbor.engine.state import PlayerState, ShipState

from .worth import COIN, DAMAGE, SHIP_TURN


class Boat(NamedTuple):
    """The statistics of a ship, real or imagined, that decide a voyage."""

    strength: int
    cargo: int
    speed: int
    hut: bool  # a Dock Hut repairs it when it comes home


class Memos:
    """What a Mind has worked out, kept by what it depends on (:mod:`.reuse` says what that is
    and passes a level on to the seat's next Mind while it still holds): the voyages (turns
    left, the Pirates, demands and the seat's luxuries and Buildings), the cards (its colony,
    hand, ships, Senate; the cards in play and on display), the resources it holds, and the
    harbor's free slots. Each level holds only figures that depend on nothing the levels before
    it leave out."""

    __slots__ = ("cards", "harbor", "resources", "voyage")

    def __init__(self, voyage: dict[Any, Any] | None = None, cards: dict[Any, Any] | None = None,
                 resources: dict[Any, Any] | None = None, harbor: dict[Any, Any] | None = None) -> None:
        self.voyage: dict[Any, Any] = {} if voyage is None else voyage
        self.cards: dict[Any, Any] = {} if cards is None else cards
        self.resources: dict[Any, Any] = {} if resources is None else resources
        self.harbor: dict[Any, Any] = {} if harbor is None else harbor


class Voyages:
    """One seat at one decision: what it reads, how many turns are left, and its voyages."""

    def __init__(self, game: Game, seat: int, memos: Memos | None = None) -> None:
        self.g = game
        self.s = game.s
        self.cat = game.cat
        self.p: PlayerState = game.s.players[seat]
        per_round = self.cat.supply.turns_per_round
        played = (self.s.round - 1) * per_round + (self.s.turn == "B")
        self.turns_left = self.cat.supply.rounds * per_round - played  # this turn included
        self.tf = min(1.0, (self.turns_left - 1) / 4)  # how much the turns after this one still count
        self.voyages = 0.5 + 0.4 * (self.turns_left - 1)  # voyages a ship in dock can still make
        # Caches: every estimate below is a pure function of the state this Mind reads, so
        # remembering it changes no decision (it only saves the work of repeating it).
        self.memos = memos = Memos() if memos is None else memos
        self._voyage_memo = memos.voyage
        self._cards_memo = memos.cards
        self._res_memo = memos.resources
        self._harbor_memo = memos.harbor

    # --- ships and voyages --------------------------------------------------------------------

    def strength_bonus(self, size: str, crewed: bool) -> int:
        w = self.p.building_workers
        return int(bool(w.get("building-3")) and size == "small") + int(bool(w.get("building-4")) and crewed)

    def boat(self, sh: ShipState, **extra: int) -> Boat:
        p = self.p
        return Boat(fleet.strength(self.g, p, sh) + extra.get("strength", 0),
                    fleet.cargo(self.g, p, sh) + extra.get("cargo", 0),
                    fleet.speed(self.g, sh) + extra.get("speed", 0), f"dock-hut-{sh.dock}" in p.structures)

    def odds(self) -> list[tuple[int, float]]:
        """Strength of the next Pirate card and its chance, from the cards not yet seen."""
        odds: list[tuple[int, float]] | None = self._voyage_memo.get("odds")
        if odds is None:
            # The deck's cards are every Pirate not face up (on the board or discarded); when it
            # is empty, the discards are shuffled into the next one.
            seen = {c for c in self.s.pirates if c} | set(self.s.pirate_discard)
            deck = [c for c in self.cat.pirates if c not in seen] if self.s.pirate_deck else self.s.pirate_discard
            counts = Counter(self.cat.pirates[c].strength for c in deck)
            odds = self._voyage_memo["odds"] = ([(st, n / len(deck)) for st, n in sorted(counts.items())]
                                                if deck else [(0, 1.0)])
        return odds

    def away(self, boat: Boat, segment: int) -> float:
        """Turns the ship misses while sailing home from ``segment``, as they still matter."""
        start = self.cat.trade_board.segments[segment].sail_back_start
        return SHIP_TURN * min(math.ceil(start / boat.speed) - 1, self.turns_left - 1)

    def trade_worth(self, boat: Boat, segment: int) -> float:
        seg = self.cat.trade_board.segments[segment]
        v = seg.prestige + COIN * boat.cargo * seg.coins - self.away(boat, segment)
        key = ("trade", segment)
        memo = self._voyage_memo
        if key not in memo:
            memo[key] = (bool(voyage.demand_options(self.g, self.p, segment)),
                         any(b.effect == "customs_office" for b in card_hooks.buildings(self.g, self.p)))
        demand, customs = memo[key]
        if demand:
            v += seg.prestige - 0.5
        if customs:
            v += 0.5
        return v

    def after_win(self, boat: Boat, segment: int, total: int) -> float:
        """A ship that has beaten the pirates in ``segment``: the better of trading and sailing on."""
        trade = self.trade_worth(boat, segment)
        if segment == len(self.cat.trade_board.segments) - 1:
            return trade
        return max(trade, self.sail_on_worth(boat, segment + 1, total))

    def sail_on_worth(self, boat: Boat, segment: int, total: int) -> float:
        key = ("sail", boat, segment, total)
        memo = self._voyage_memo
        if key not in memo:
            loss = -(0.2 if boat.hut else DAMAGE) - self.away(boat, segment)
            memo[key] = sum(
                pr * (self.after_win(boat, segment, total + st) if boat.strength >= total + st else loss)
                for st, pr in self.odds())
        return memo[key]  # type: ignore[no-any-return]

    def send_worth(self, boat: Boat) -> float:
        return self.sail_on_worth(boat, 0, 0)

    def crew_worth(self, sh: ShipState, stat: str) -> float:
        gain = self.send_worth(self.boat(sh, **{stat: 1})) - self.send_worth(self.boat(sh))
        if stat == "strength" and self.p.building_workers.get("building-4") and not sh.crew:
            gain = self.send_worth(self.boat(sh, strength=2)) - self.send_worth(self.boat(sh))
        return self.voyages * gain - (0.1 + 0.4 * self.tf)

    def luxury_worth(self, luxury: str) -> float:
        have = self.p.luxuries[luxury]
        wanted = [i for i, tiles in enumerate(self.s.demands) for t in tiles
                  if self.cat.luxury_demand_tiles[t].luxury == luxury]
        ships = any(sh.damage < fleet.hull(self.g, sh) for sh in fleet.ships(self.p))
        if not ships or self.turns_left <= 0:
            return 0.0
        if len(wanted) > have:
            return 0.6 * self.cat.trade_board.segments[max(wanted)].prestige
        return 0.4 * self.tf


