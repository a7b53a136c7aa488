"""A hint: the hard rival's look-ahead on a hint's own budget, its options ranked by the figure shown.

The hard rival keeps the heuristic's pick unless another option comes out clearly ahead; a
hint that showed that pick above a runner-up played out "+10.4 ± 8.2" ahead read as advice
against its own numbers. A hint therefore suggests the option with the best figure it shows,
lists the runners-up below it by that figure (each against the suggestion, paired over the same
futures), and says once, in a player's words, where the hard rival would decide otherwise and why.

Its figures are honest about what they are: a placement that takes nothing is valued by what it
gives up (the heuristic values it as the placement, the benefit it refuses included), and the
same card played into another slot, coming out exactly alike, is not a runner-up at all.

A hint must come quickly on a loaded machine: its look-ahead has a budget of its own
(:data:`BUDGET` decisions, :data:`DEADLINE` seconds of processor time, the clock read after every
playout) and, out of time, shows the futures it did play out, saying how few.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field

from great_harbor.engine import Action
from great_harbor.engine import actions as act
from great_harbor.engine.game import SeatView

from . import Rival, explain, heuristic, search
from . import search_from as _search_from

BUDGET = 1400  # decisions played out (the hard rival: 2000): about 0.45 s of one core from round 3
DEADLINE = 0.7  # seconds of processor time for the look-ahead (bench/hints.py: p90 of the whole hint)
MAX_WORLDS = 24
MIN_WORLDS = 2  # fewer futures than this compare nothing: the plain estimate stands


@dataclass(frozen=True)
class Line:
    """A runner-up: how far behind the suggestion (Prestige), ``se`` when played out."""

    action: Action
    margin: float
    se: float | None = None


@dataclass
class Advice:
    """What a hint suggests, why, its runners-up best first, and on what ground."""

    action: Action
    why: list[explain.Reason] = field(default_factory=list)
    why_private: list[explain.Reason] = field(default_factory=list)
    runners: list[Line] = field(default_factory=list)
    worlds: int = 0  # futures played out (0: the heuristic's estimates)
    short: bool = False  # the hint's time ran out: fewer futures than its budget buys
    rival_keeps: Action | None = None  # the hard rival's own pick, where it differs from the suggestion
    lead: float = 0.0  # the suggestion's lead over that pick, and its standard error
    lead_se: float = 0.0
    search_from: int = 0  # the round the look-ahead starts in at this table
    forced: bool = False


def advise(view: SeatView, rng_seed: int) -> Advice:
    """The hint for ``view.seat``'s pending decision, from that view alone."""
    legal = view.legal_actions()
    start = _search_from(len(view.s.players))
    if len(legal) == 1:
        why, private = explain.reasons(view, legal[0])
        return Advice(legal[0], why, private, search_from=start, forced=True)
    ranking = heuristic.ranked(view)
    if view.s.round < start:
        return _plain(view, ranking, start)
    rng = Rival("hard", rng_seed).rng_for(view)
    found = search.search(view, ranking, rng, budget=BUDGET, max_worlds=MAX_WORLDS, deadline=DEADLINE)
    if found.worlds < MIN_WORLDS:
        advice = _plain(view, ranking, start)
        advice.short = True
        return advice
    return _played_out(view, found, start)


def _estimate(view: SeatView, value: float, action: Action) -> float:
    """The heuristic's value, but a placement that takes nothing is worth nothing gained."""
    if isinstance(action, act.PlaceDie) and action.decline:
        return 0.0
    return value


def _plain(view: SeatView, ranking: list[tuple[float, Action]], start: int) -> Advice:
    pick_value, pick = ranking[0]
    # As for a rival's plain decision: options of another kind valued above the pick are steps it
    # takes later, not instead (it governs before it places its dice).
    lines = [Line(a, _estimate(view, v, a) - pick_value) for v, a in ranking[1:]
             if math.isfinite(v) and v <= pick_value]
    lines.sort(key=lambda line: -line.margin)
    why, private = explain.reasons(view, pick)
    return Advice(pick, why, private, _kept(pick, lines), search_from=start)


def _played_out(view: SeatView, found: search.Outcome, start: int) -> Advice:
    actions = found.candidates  # the heuristic's pick first
    by_action = dict(zip(actions, found.margins, strict=True))
    means = {a: statistics.fmean(by_action[a]) for a in actions}
    best = max(actions, key=lambda a: (round(means[a], 6), -actions.index(a)))
    lines = []
    for a in actions:
        if a == best:
            continue
        diffs = [x - y for x, y in zip(by_action[a], by_action[best], strict=True)]
        se = statistics.stdev(diffs) / math.sqrt(len(diffs))
        lines.append(Line(a, statistics.fmean(diffs), se))
    lines.sort(key=lambda line: -line.margin)
    why, private = explain.reasons(view, best)
    advice = Advice(best, why, private, _kept(best, lines), worlds=found.worlds, short=found.timed_out,
                    search_from=start)
    keeps = found.action  # out of time too, the rival decides on the futures played
    if keeps != best:
        advice.rival_keeps = keeps
        diffs = [x - y for x, y in zip(by_action[best], by_action[keeps], strict=True)]
        advice.lead = statistics.fmean(diffs)
        advice.lead_se = statistics.stdev(diffs) / math.sqrt(len(diffs))
    return advice


def _kept(action: Action, lines: list[Line]) -> list[Line]:
    """The runners-up less the same card played another way with exactly the same outcome."""
    card = getattr(action, "card", None)

    def same(line: Line) -> bool:
        return (card is not None and type(line.action) is type(action) and getattr(line.action, "card", None) == card
                and round(line.margin, 1) == 0 and (line.se is None or round(line.se, 1) == 0))

    return [line for line in lines if not same(line)]
