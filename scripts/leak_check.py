"""The no-leak property over many games: for every configuration (2-4 seats, with and without
the Automa and the Harbor Shops variant), random seeded games; every seventh decision and the end,
for every seat and a spectator, re-randomise what that seat cannot know and compare its view.

Run from the repository root: ``python3 scripts/leak_check.py [--games 200]``. Prints the number
of views compared, the differences found (each named) and the time; exit 1 on any difference.
The suite runs the same check on a few games (tests/engine/test_view.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from test_view import decisions, rerandomised, seen  # noqa: E402

from great_harbor.data import load_catalogue  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per configuration (12 configurations)")
    args = parser.parse_args()
    cat = load_catalogue()
    start = time.perf_counter()
    checked = differences = 0
    for where, game, rng in decisions(cat, args.games):
        for seat in [*range(game.s.seats), None]:
            if seen(rerandomised(game, seat, random.Random(rng.random())), seat) != seen(game, seat):
                differences += 1
                print(f"difference: {where}, seat {seat}")
            checked += 1
    secs = time.perf_counter() - start
    print(f"{args.games} games per configuration, 12 configurations: {checked} views compared, "
          f"{differences} differences, {secs:.0f} s")
    return 1 if differences else 0


if __name__ == "__main__":
    raise SystemExit(main())
