"""Balance check: how the heuristic player (great_harbor/rivals/heuristic/) fares against the Automa.

Run from the repository root: ``python3 bench/balance.py [--games N] [--seed S]``.
Three tables of N seeded games each (game i uses seed S+i):

- 2 seats: one heuristic player against the Automa (solo play);
- 3 seats: two heuristic players and the Automa;
- 4 seats: two heuristic players, one random player and the Automa.

For every kind of seat it prints the mean final Prestige, the share of games won (a shared win
counts as a fraction), for heuristic seats how often they finish ahead of the Automa, the mean of
every scoring item, and where the Prestige tokens of the human seats came from (by the kind of
action that gained them; ``convert`` is mostly the surplus Prestige of coins converted into a full
resource track). Aim: in 2 seats the heuristic player wins 40-60% of games against the Automa.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from great_harbor.data import Catalogue, load_catalogue  # noqa: E402
from great_harbor.engine import Action, Game, Seat  # noqa: E402
from great_harbor.engine.scoring import ITEMS  # noqa: E402
from great_harbor.rivals import heuristic  # noqa: E402

HEURISTIC, RANDOM, AUTOMA = "heuristic", "random", "automa"
TABLES = {
    "2 seats: heuristic vs Automa": (HEURISTIC, AUTOMA),
    "3 seats: 2 heuristic + Automa": (HEURISTIC, HEURISTIC, AUTOMA),
    "4 seats: 2 heuristic + random + Automa": (HEURISTIC, HEURISTIC, RANDOM, AUTOMA),
}


class Tally:
    """Results per kind of seat over many games."""

    def __init__(self) -> None:
        self.totals: dict[str, list[int]] = defaultdict(list)
        self.items: dict[str, Counter[str]] = defaultdict(Counter)
        self.wins: dict[str, float] = defaultdict(float)
        self.ahead: list[float] = []  # heuristic seat vs Automa: 1 ahead, 0.5 tied, 0 behind
        self.tokens_from: dict[str, Counter[str]] = defaultdict(Counter)
        self.games = 0


def play(cat: Catalogue, kinds: tuple[str, ...], seed: int, tally: Tally) -> None:
    seats = [Seat("Automa", automa=True) if k == AUTOMA else Seat(f"{k[0].upper()}{i}") for i, k in enumerate(kinds)]
    game = Game.new(cat, seats, seed=seed)
    rng = random.Random(seed * 7919 + 17)
    policies: dict[str, Callable[[Game], Action]] = {
        HEURISTIC: heuristic.choose,
        RANDOM: lambda g: rng.choice(g.legal_actions()),
    }
    steps = 0
    while not game.is_over:
        top = game.pending
        assert top is not None
        seat = top.seat
        action = policies[kinds[seat]](game)
        before = [p.prestige for p in game.s.players]
        game.apply(action)
        for p, was in zip(game.s.players, before, strict=True):
            if p.prestige != was and not p.automa:
                tally.tokens_from[kinds[p.seat]][action.kind] += p.prestige - was
        steps += 1
        if steps > 20_000:
            raise RuntimeError(f"seed {seed}: the game does not end")
    scores = game.s.final_scores
    tally.games += 1
    for kind, sc in zip(kinds, scores, strict=True):
        tally.totals[kind].append(sc["total"])
        tally.items[kind].update({k: sc[k] for k in ITEMS})
    for w in game.s.winners:
        tally.wins[kinds[w]] += 1 / len(game.s.winners)
    automa = next(i for i, k in enumerate(kinds) if k == AUTOMA)
    for i, kind in enumerate(kinds):
        if kind == HEURISTIC:
            diff = scores[i]["total"] - scores[automa]["total"]
            tally.ahead.append(1.0 if diff > 0 else 0.5 if diff == 0 else 0.0)


def report(title: str, kinds: tuple[str, ...], tally: Tally, seconds: float) -> None:
    n = tally.games
    print(f"\n{title}  ({n} games, {seconds:.1f} s)")
    print(f"  {'seat':<10} {'mean':>6} {'sd':>5} {'wins':>6}  " + " ".join(f"{k:>10}" for k in ITEMS))
    for kind in dict.fromkeys(kinds):
        seats = kinds.count(kind)
        totals = tally.totals[kind]
        items = " ".join(f"{tally.items[kind][k] / len(totals):10.1f}" for k in ITEMS)
        wins = tally.wins[kind] / n / seats
        print(f"  {kind:<10} {statistics.fmean(totals):6.1f} {statistics.pstdev(totals):5.1f} {wins:6.1%}  {items}")
    if tally.ahead:
        print(f"  heuristic seat finishes ahead of the Automa: {statistics.fmean(tally.ahead):.1%}")
    for kind, sources in tally.tokens_from.items():
        per_seat = len(tally.totals[kind])
        parts = ", ".join(f"{k} {v / per_seat:.1f}" for k, v in sources.most_common())
        print(f"  {kind} Prestige tokens by source: {parts}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games per table (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    args = parser.parse_args()
    cat = load_catalogue()
    print(f"Heuristic player vs the Automa, per kind of seat: mean final Prestige, its standard deviation, "
          f"share of games won (per seat), mean of each scoring item. Seeds {args.seed}..{args.seed + args.games - 1}.")
    for title, kinds in TABLES.items():
        tally = Tally()
        start = time.perf_counter()
        for i in range(args.games):
            play(cat, kinds, args.seed + i, tally)
        report(title, kinds, tally, time.perf_counter() - start)


if __name__ == "__main__":
    main()
