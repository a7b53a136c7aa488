"""Computer rivals: seats the program plays, at three strengths, by the full rules and honestly.

A rival decides from its seat's view only (``game.view(seat)``: never another hand, never the
order of a deck) and its own random generator, seeded from the rival's seed and the public
progress of the game, so the same game gives the same decisions, in play and in every replay.

- **normal** is the heuristic player (:mod:`.heuristic`): it values every option in
  Prestige equivalents and takes the best.
- **easy** slips like a beginner: it takes the heuristic's values with some noise and may pick an
  option a little worse than the best, never an illegal or an absurd one (one worth clearly
  less, or one the heuristic would never take).
- **hard** looks ahead where that pays (:mod:`.search`): from the round :func:`search_from`
  gives for the number of seats (round 3 with two, round 4 with more) it plays its best
  candidates out in worlds sampled from its view (:mod:`.worlds`) and keeps the heuristic's
  choice unless another is clearly better; earlier it plays as *normal*. A search that runs
  out of time decides on the worlds it played in full (:data:`MIN_WORLDS` at least; with fewer
  it plays as *normal*).

Every decision says why (:mod:`.explain`): :meth:`Decision.note` is the log event that goes
before the rival's action, in the words of ``rival.move`` in :mod:`great_harbor.engine.narrate`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from great_harbor.engine import Action
from great_harbor.engine.game import SeatView
from great_harbor.rival_kinds import LEVELS

from . import explain, heuristic, search

# The round from which the hard rival searches, by the number of seats (the Automa's counted).
# A search plays whole games out and its budget is counted in decisions, so how early it pays
# depends on how long the rest of the game is: from round 3 of a two-seat game a playout is
# 6 seat-rounds long, as from round 4 of a three-seat game; from round 2, or from round 3 with
# more seats, the budget buys too few worlds for a gain to stand out from the dice.
# Measured by bench/rivals.py; played offline on 8 two-seat games, searching round 3 too
# gained several Prestige a game on held-out worlds.
SEARCH_FROM = {2: 3}
SEARCH_FROM_OTHERWISE = 4
EASY_NOISE = 1.0  # standard deviation of the easy rival's slips, in Prestige equivalents
EASY_SLACK = 2.0  # it never takes an option worth this much less than the best
DEADLINE = 1.0  # seconds of processor time a hard decision's search may take
MIN_WORLDS = 2  # worlds a search cut short must have played to count (fewer compare nothing)


@dataclass(frozen=True)
class Alternative:
    """An option weighed against the choice: how much worse (``margin``, Prestige; from the
    heuristic's values, or from playouts with their standard error ``se``)."""

    action: Action
    margin: float
    se: float | None = None


@dataclass
class Decision:
    """What a rival chose, why, and what it weighed."""

    action: Action
    level: str
    why: list[explain.Reason] = field(default_factory=list)  # for everyone
    why_private: list[explain.Reason] = field(default_factory=list)  # only the rival's own seat
    alternatives: list[Alternative] = field(default_factory=list)  # best first
    worlds: int = 0  # worlds the search played out (0: no search)
    seconds: float = 0.0  # processor time it took
    timed_out: bool = False  # the search ran out of time: ``worlds`` decided (none: the heuristic's pick stood)
    overruled: bool = False  # the search chose against the heuristic
    fault: str | None = None  # the rival's own code failed (this error): a plain legal move stands in

    def note(self, own: SeatView, public: SeatView, weighed: int = 2) -> dict[str, Any]:
        """The log event for this decision (``kind``, ``actor``, ``data``, ``secret``, ``reader``),
        made before the action is applied: ``own`` is the rival's view, ``public`` a spectator's.
        The hard rival names its ``weighed`` best alternatives."""
        seat = own.seat
        assert seat is not None
        does = explain.public_words(own, public, self.action, chosen=True)
        data: dict[str, Any] = {"level": self.level, "does": does or "", "why": self.why}
        secret: dict[str, Any] = {}
        if self.why_private:
            secret["why"] = self.why_private
        if self.level == "hard" and self.alternatives:
            named = distinct_alternatives(self.action, self.alternatives, lambda a: explain.words(own, a), weighed)
            options = [(a.action, a.margin) for a in named]
            everyone, mine = explain.weighed_entries(own, public, options, self.action)
            for x, y, a in zip(everyone, mine, named, strict=False):
                x["se"] = y["se"] = None if a.se is None else round(a.se, 1)
            data["weighed"] = everyone
            if mine != everyone:
                secret["weighed"] = mine
        return {"kind": "rival.move", "actor": seat, "data": data, "secret": secret,
                "reader": seat if secret else -1}


class _Weighed(Protocol):
    @property
    def action(self) -> Action: ...


_W = TypeVar("_W", bound=_Weighed)


def distinct_alternatives(action: Action, alternatives: Sequence[_W], words: Callable[[Action], str],
                          count: int) -> list[_W]:
    """The first ``count`` alternatives that read differently from ``action`` and from each other:
    two dice of one colour and face are two actions that read the same ("draft P2" weighed
    against "draft P2" tells a player nothing)."""
    seen = {words(action)}
    out: list[_W] = []
    for alternative in alternatives:
        said = words(alternative.action)
        if said not in seen:
            seen.add(said)
            out.append(alternative)
            if len(out) == count:
                break
    return out


class Rival:
    """A computer rival of one ``level`` (see :data:`LEVELS`); ``seed`` makes it deterministic."""

    def __init__(self, level: str, seed: int = 0, *, deadline: float | None = DEADLINE,
                 search_from: int | None = None, budget: int = 2000, candidates: int = 3,
                 max_worlds: int = 24) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown rival level {level!r}: choose from {', '.join(LEVELS)}")
        self.level = level
        self.seed = seed
        self.deadline = deadline
        self.search_from = search_from  # None: by the number of seats (see search_from())
        self.budget = budget
        self.candidates = candidates
        self.max_worlds = max_worlds

    def __repr__(self) -> str:
        return f"Rival({self.level!r}, seed={self.seed})"

    def rng_for(self, view: SeatView) -> random.Random:
        """The generator for one decision: from the rival's seed and what everyone can see of the
        game's progress (so a game loaded from its record decides the same again)."""
        s = view.s
        return random.Random(f"{self.seed}:{view.seat}:{s.round}{s.turn}:{len(s.log)}:{len(s.stack)}")

    def decide(self, view: SeatView) -> Decision:
        """Choose an action for ``view.seat``, whose decision is pending, from that view alone."""
        top = view.pending
        if top is None or view.seat is None or top.seat != view.seat:
            raise ValueError("a rival decides only its own pending decision, from its own view")
        start = time.thread_time()
        try:
            if self.level == "easy":
                decision = self._easy(view)
            elif self.level == "hard":
                decision = self._hard(view)
            else:
                decision = self._normal(view)
        except Exception as exc:  # a fault in a rival's own thinking must never stop the game
            decision = self._after_fault(view, exc)
        decision.seconds = time.thread_time() - start
        return decision

    def _after_fault(self, view: SeatView, exc: Exception) -> Decision:
        """The move a rival makes when its own code failed: the heuristic's plain choice, or if that
        fails too the first legal action; ``fault`` names the error for the table and the bench."""
        fault = f"{type(exc).__name__}: {exc}"
        try:
            decision = self._normal(view)
        except Exception:  # the heuristic itself failed: any legal move keeps the game going
            decision = Decision(view.legal_actions()[0], self.level)
        decision.fault = fault
        return decision

    # --- the levels ---------------------------------------------------------------------------------

    def _normal(self, view: SeatView) -> Decision:
        ranking = heuristic.ranked(view)
        return self._plain(view, ranking, ranking[0][1])

    def _plain(self, view: SeatView, ranking: Sequence[tuple[float, Action]], action: Action) -> Decision:
        """A decision on the heuristic's values: its reasons and the runners-up."""
        value = next(v for v, a in ranking if a == action)
        # Where the heuristic's own pick is valued below another option, that option is a step of
        # another kind it takes later, not instead (it governs before it places its dice, whatever
        # they are worth): it was never weighed against the pick, and "+0.9 Prestige" beside it
        # would read as a better move passed over.
        ceiling = value if action == ranking[0][1] else math.inf
        alternatives = [Alternative(a, v - value) for v, a in ranking
                        if a != action and math.isfinite(v) and v <= ceiling]
        why, private = explain.reasons(view, action)
        return Decision(action, self.level, why, private, alternatives)

    def _easy(self, view: SeatView) -> Decision:
        ranking = heuristic.ranked(view)
        best = max(v for v, _ in ranking)
        if not math.isfinite(best):
            return self._plain(view, ranking, ranking[0][1])
        rng = self.rng_for(view)
        pool = [(v, a) for v, a in ranking if math.isfinite(v) and v >= best - EASY_SLACK]
        pool = pool[:4] if ranking[0] in pool else [ranking[0], *pool[:3]]
        _, action = max(pool, key=lambda x: x[0] + rng.gauss(0.0, EASY_NOISE))
        decision = self._plain(view, ranking, action)
        if action != ranking[0][1]:
            decision.why.append({"r": "slip"})
        return decision

    def _hard(self, view: SeatView) -> Decision:
        ranking = heuristic.ranked(view)
        start = self.search_from if self.search_from is not None else search_from(len(view.s.players))
        if len(ranking) < 2 or view.s.round < start:
            return self._plain(view, ranking, ranking[0][1])
        found = search.search(view, ranking, self.rng_for(view), candidates=self.candidates, budget=self.budget,
                              max_worlds=self.max_worlds, deadline=self.deadline)
        if found.timed_out and found.worlds < MIN_WORLDS:
            decision = self._plain(view, ranking, ranking[0][1])
            decision.timed_out = True
            return decision
        chosen = found.weighed[0]
        alternatives = [Alternative(w.action, w.gain - chosen.gain, w.se) for w in found.weighed[1:]]
        why, private = explain.reasons(view, found.action)
        if found.overruled:
            why = [{"r": "searched", "worlds": found.worlds, "gain": round(chosen.gain, 1)}, *why]
        else:
            # Kept, not confirmed, when an option came out ahead by less than it takes to overrule.
            ahead = any(round(a.margin, 1) > 0 for a in alternatives)
            why = [*why, {"r": "kept" if ahead else "confirmed", "worlds": found.worlds}]
        return Decision(found.action, "hard", why, private, alternatives, worlds=found.worlds,
                        timed_out=found.timed_out, overruled=found.overruled)


def search_from(seats: int) -> int:
    """The round from which a hard rival searches at a table of ``seats`` (see :data:`SEARCH_FROM`)."""
    return SEARCH_FROM.get(seats, SEARCH_FROM_OTHERWISE)


def rival_seed(game_seed: int, seat: int) -> int:
    """The seed of the rival in ``seat`` of a game seeded ``game_seed``."""
    return random.Random(f"rival:{game_seed}:{seat}").getrandbits(48)


__all__ = ["LEVELS", "Alternative", "Decision", "Rival", "rival_seed", "search_from"]
