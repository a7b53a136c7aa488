"""How long a hint (H at the table) takes: its own processor time at seeded states of rounds 1-5.

Run from the repository root: ``python3 bench/hints.py [--games N] [--every K] [--seed S]``.

Seeded games of three tables (a person against the Automa, two people, three people and a hard
rival) are played by the heuristic player; at every K-th decision of a person with a choice in
rounds 1-5, the hint is worked out as the table does (``advise`` and ``hint_text``, from the
person's view) and its processor time taken (``time.thread_time``: one core's work, whatever
else the machine does). Prints p50, p90 and max over all hints, then per round, with how many
ran out of time (the hint then shows the futures it played out). Target: p90 at most 1.0 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from great_harbor.data import load_catalogue  # noqa: E402
from great_harbor.engine import Game, Seat  # noqa: E402
from great_harbor.rivals import heuristic, rival_seed  # noqa: E402
from great_harbor.rivals.advice import advise  # noqa: E402
from great_harbor.ui.hints import hint_text  # noqa: E402

TABLES: dict[str, list[Seat]] = {
    "solo+automa": [Seat("Ana"), Seat("Automa", automa=True)],
    "two people": [Seat("Ana"), Seat("Ben")],
    "three+hard": [Seat("Ana"), Seat("Ben"), Seat("Cleo"), Seat("Livia", rival="hard")],
}


def percentile(xs: Sequence[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def figures(xs: Sequence[float]) -> str:
    return (f"p50 {percentile(xs, 0.5):.3f} s, p90 {percentile(xs, 0.9):.3f} s, max {max(xs, default=0.0):.3f} s "
            f"over {len(xs)} hints")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2, help="games per table (default 2)")
    parser.add_argument("--every", type=int, default=3, help="hint at every K-th decision (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    args = parser.parse_args()
    if args.games < 1 or args.every < 1:
        parser.error("--games and --every must be at least 1")
    cat = load_catalogue()
    times: dict[int, list[float]] = {}
    short = 0
    for name, seats in TABLES.items():
        for seed in range(args.seed, args.seed + args.games):
            game = Game.new(cat, seats, seed=seed)
            step = 0
            while not game.is_over:
                top = game.pending
                assert top is not None
                person = not seats[top.seat].rival and not seats[top.seat].automa
                if person and len(game.legal_actions()) > 1 and step % args.every == 0:
                    own = game.view(top.seat)
                    start = time.thread_time()
                    hint = advise(own, rival_seed(seed, top.seat))
                    hint_text(own, hint, private=True)
                    times.setdefault(game.s.round, []).append(time.thread_time() - start)
                    short += hint.short
                step += 1
                game.apply(heuristic.choose(game))
        print(f"{name}: played {args.games} game(s)", flush=True)
    every = [t for ts in times.values() for t in ts]
    print(f"Hint processor time, rounds 1-5: {figures(every)}; out of time {short}  (target: p90 <= 1.0 s)")
    for rnd in sorted(times):
        print(f"  round {rnd}: {figures(times[rnd])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
