"""Processor time per hard decision, on fixed states, with the deadline off.

Run from the repository root: ``python3 bench/hard_think.py [--repeat N] [--budget B]``. The
states are those of the decision-identity record (``scripts/rival_decisions.py``: 28 seeded
states, 2-4 seats, the Automa, the Shops, every round the hard rival searches in); at each, the
hard rival decides with its full budget and no deadline, so the work is the same on every run
and every machine, and what is timed is how long that work takes. It prints the median, 90th
percentile, mean and max of the processor time per decision (``time.thread_time``: one core's
work, whatever else the machine is doing) and, with ``--repeat``, the best of N runs per state.

To compare two versions, run this file from each version's tree (``git worktree add``) one
after the other on a quiet machine.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from great_harbor.data import load_catalogue  # noqa: E402
from great_harbor.rivals import Rival  # noqa: E402


def _states_script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("rival_decisions", ROOT / "scripts" / "rival_decisions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per state, the best kept (default 1)")
    parser.add_argument("--budget", type=int, default=2000, help="decisions played out (default 2000)")
    args = parser.parse_args()
    if args.repeat < 1 or args.budget < 1:
        print("--repeat and --budget must be at least 1", file=sys.stderr)
        return 2
    cat = load_catalogue()
    views = [game.view(game.current_player) for _, game in _states_script().states(cat)]
    seconds = []
    for i, view in enumerate(views):
        best = float("inf")
        for _ in range(args.repeat):
            rival = Rival("hard", 1000 + i, deadline=None, budget=args.budget)
            start = time.thread_time()
            rival.decide(view)
            best = min(best, time.thread_time() - start)
        seconds.append(best)
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    print(f"hard decision, {len(views)} states, budget {args.budget}, no deadline: processor time "
          f"median {statistics.median(seconds):.3f} s, p90 {p90:.3f} s, mean {statistics.fmean(seconds):.3f} s, "
          f"max {ordered[-1]:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
