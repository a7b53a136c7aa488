"""The projected score over many games: for every configuration (2-4 seats, with and without the
Automa and the Harbor Shops variant), seeded games played by the heuristic player and a busy
random one; after the last action, the projection every seat and a spectator see (the figure the
table shows beside the Prestige tokens) must equal every seat's final score, item by item.

Run from the repository root: ``python3 scripts/projection_check.py [--games 17]`` (games per
configuration; 17 makes 204 games). Prints the number of games, each mismatch (named) and the
time; exit 1 on any mismatch. The suite plays a sample (tests/engine/test_projection.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from test_projection import mismatches, played  # noqa: E402
from test_view import CONFIGS  # noqa: E402

from great_harbor.data import load_catalogue  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=17,
                        help=f"games per configuration ({len(CONFIGS)} configurations)")
    args = parser.parse_args()
    if args.games < 1:
        print("--games must be at least 1")
        return 2
    cat = load_catalogue()
    start = time.perf_counter()
    count = wrong = 0
    for where, game in played(cat, args.games):
        for line in mismatches(game, where):
            wrong += 1
            print(f"mismatch: {line}")
        count += 1
    secs = time.perf_counter() - start
    print(f"{count} games ({args.games} per configuration, {len(CONFIGS)} configurations): "
          f"{wrong} mismatches between the projection after the last action and the final scores, {secs:.0f} s")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
