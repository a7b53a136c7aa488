"""Engine throughput: complete random games per second, checks off, one process (one core).

Run from the repository root: ``python3 bench/engine.py [--games N] [--profile] [--no-freeze]``.
Target (issue 21): at least 200 complete 4-seat games per second. ``--profile`` prints where the
time goes. What is timed is whole games (set-up, every legal-action list, every action applied,
the random picks), nothing else.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from great_harbor.data import load_catalogue  # noqa: E402
from great_harbor.simulate import run  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--profile", action="store_true", help="profile the 4-seat run")
    parser.add_argument("--sort", default="tottime", help="the profile's order (tottime, cumulative...)")
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave what start-up made to the garbage collector's full passes (see below)")
    args = parser.parse_args()
    cat = load_catalogue()
    run(cat, games=5, players=4, seed=999)  # warm up imports and caches
    if not args.no_freeze:
        # What start-up made (modules, the catalogue: tens of thousands of objects) lives as long as
        # the process and is never garbage, yet each full pass of the garbage collector walks all of
        # it again: about a tenth of the time here, paid for the imports, not the games. A long-lived
        # user of the engine (a rival's search, the app) can freeze it once the same way.
        gc.collect()
        gc.freeze()
    for players in (2, 3, 4):
        start = time.perf_counter()
        report = run(cat, games=args.games, players=players, seed=1)
        secs = time.perf_counter() - start
        print(f"{players} seats: {args.games / secs:7.1f} games/s, {report.actions / secs:8.0f} actions/s, "
              f"{report.actions / args.games:5.0f} actions/game, errors {report.errors}")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        run(cat, games=args.games, players=4, seed=1)
        prof.disable()
        pstats.Stats(prof).sort_stats(args.sort).print_stats(15)


if __name__ == "__main__":
    main()
