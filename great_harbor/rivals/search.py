"""The hard rival's look-ahead: a few candidate actions played out in sampled worlds.

At a decision worth searching, the candidates are the heuristic's pick and its best runners-up
(:func:`great_harbor.heuristic.ranked`). The rival samples worlds from its view
(:mod:`.worlds`) and, in each world, plays every candidate out to the end of the game with the
heuristic player in every seat (the Automa plays itself). The same worlds, and in each world the
same dice and draws, serve every candidate (common random numbers), so what differs between two
playouts of a world is the candidate alone: the comparison is paired, and far less noisy than the
playouts themselves (a whole game swings by many Prestige on the dice; two candidates seldom
differ by more than a few).

A playout is scored by the seat's final margin: its Prestige less the best other seat's. The
search leaves the heuristic's pick only for a candidate whose mean paired gain is both larger
than :data:`MIN_GAIN` and :data:`Z` standard errors above nothing.

Effort is counted in decisions played out, not seconds, so a search is the same on any machine
and the rival deterministic for a seed: it plays whole worlds until its budget of decisions is
spent. A deadline in seconds of the thread's own processor time guards against a slow machine:
past it the search stops and the heuristic's pick stands.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from great_harbor.engine import Action, Game
from great_harbor.engine.game import SeatView

from . import heuristic
from .worlds import sample_world

Z = 2.0  # standard errors a candidate's gain must clear to overrule the heuristic
MIN_GAIN = 0.5  # Prestige: smaller gains are noise or not worth leaving the heuristic for


@dataclass(frozen=True)
class Weighed:
    """A candidate and what the playouts said of it: its mean margin minus the pick's."""

    action: Action
    heuristic: float  # the heuristic's own estimate (Prestige equivalents)
    gain: float = 0.0  # mean paired gain over the heuristic's pick, in Prestige
    se: float = 0.0  # its standard error


@dataclass
class Outcome:
    """What a search found."""

    action: Action
    weighed: list[Weighed]  # the candidates, the chosen first
    worlds: int = 0  # worlds played out
    playouts: int = 0
    overruled: bool = False  # the search chose against the heuristic
    timed_out: bool = False  # the deadline stopped it (the heuristic's pick stands)
    margins: list[list[float]] = field(default_factory=list)  # per candidate, per world
    candidates: list[Action] = field(default_factory=list)  # in the order of ``margins``


def clear_gain(w: Weighed) -> bool:
    """Whether a candidate came out far enough ahead of the heuristic's pick to overrule it."""
    return w.gain > MIN_GAIN and w.gain > Z * w.se


def margin(game: Game, seat: int) -> float:
    """The seat's final Prestige less the best other seat's (the game is over)."""
    totals = [sc["total"] for sc in game.s.final_scores]
    mine = totals[seat]
    return float(mine - max(t for i, t in enumerate(totals) if i != seat))


def play_out(game: Game, policy: Callable[[Game], Action] | None = None) -> int:
    """Play ``game`` to its end with ``policy`` in every seat (by default the heuristic player,
    its work kept from step to step: :class:`.heuristic.Playout`); returns the decisions taken."""
    if policy is None:
        policy = heuristic.Playout().choice
    steps = 0
    while not game.is_over:
        game._apply(policy(game))
        steps += 1
    return steps


def search(
    view: SeatView,
    ranking: Sequence[tuple[float, Action]],
    rng: random.Random,
    *,
    candidates: int = 3,
    budget: int = 2000,
    max_worlds: int = 24,
    deadline: float | None = 1.0,
) -> Outcome:
    """Weigh the best ``candidates`` of ``ranking`` (the heuristic's pick first) over worlds
    sampled from ``view`` until ``budget`` decisions have been played out (at most ``max_worlds``
    worlds); ``deadline``: seconds of this thread's processor time, None for none. The clock is
    read after every playout, not every world: a world of a four-seat game costs tenths of a
    second, and a search that overran by that much kept a hint waiting. Past the deadline the
    outcome is that of the worlds played out in full (the world cut short compares nothing):
    the same figures, and the same choice, as a search limited to that many worlds."""
    seat = view.seat
    assert seat is not None
    start = time.thread_time()
    pool = [(v, a) for v, a in ranking if math.isfinite(v)][:candidates]
    if not pool or pool[0][1] != ranking[0][1]:
        pool = [ranking[0], *pool][:candidates]
    actions = [a for _, a in pool]
    margins: list[list[float]] = [[] for _ in actions]
    spent = 0
    worlds = 0
    timed_out = False
    while worlds < max_worlds and spent < budget and not timed_out:
        world = sample_world(view, rng)
        for i, action in enumerate(actions):
            g = world.clone()
            g._apply(action)
            spent += play_out(g) + 1
            margins[i].append(margin(g, seat))
            if deadline is not None and time.thread_time() - start > deadline:
                timed_out = True
                break
        else:
            worlds += 1
    for ms in margins:  # a world cut short by the deadline compares nothing: left out
        del ms[worlds:]
    weighed = [Weighed(actions[0], pool[0][0])]
    for (value, action), ms in zip(pool[1:], margins[1:], strict=True):
        diffs = [m - b for m, b in zip(ms, margins[0], strict=True)]
        mean = statistics.fmean(diffs) if diffs else 0.0
        se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
        weighed.append(Weighed(action, value, mean, se))
    best = max(weighed[1:], key=lambda w: w.gain, default=None)
    # Over fewer than two worlds the standard error is infinite: nothing is overruled.
    overrule = best is not None and clear_gain(best)
    if overrule and best is not None:
        chosen = best
        weighed = [chosen, *(w for w in weighed if w is not chosen)]
    return Outcome(weighed[0].action, weighed, worlds, worlds * len(actions), bool(overrule), timed_out, margins,
                   actions)
