"""Time autosave: what writing the record after every action costs, and loading and undo.

Run from the repository root: ``python3 bench/save.py [--seats N] [--games N] [--dir DIR]``. It
plays seeded random games through a Session that autosaves to DIR (default: a temporary folder,
which should sit on the same kind of disk as the real saves folder) and prints, per action:

- engine: ``game.apply`` alone;
- record: building the record text (state digest, checksum, layout);
- write: the atomic write (temporary file, fsync, rename, fsync of the folder);
- session.apply: all of it together, which is what the app pays after every action;

and, once per game, the record's size, loading (replaying and checking) the finished record, and
undo at the end of the game (a replay from the seed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from great_harbor.data import load_catalogue  # noqa: E402
from great_harbor.engine import Game  # noqa: E402
from great_harbor.saves import write_atomic  # noqa: E402
from great_harbor.session import Session  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dido"]


def ms(seconds: list[float]) -> str:
    q = statistics.quantiles(seconds, n=20) if len(seconds) >= 2 else seconds * 19
    return f"median {statistics.median(seconds) * 1000:7.3f} ms   p95 {q[18] * 1000:7.3f} ms"


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--dir", type=Path, default=None, help="where to write (default: a temporary folder)")
    args = ap.parse_args()
    cat = load_catalogue()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="gh-bench-"))
    engine: list[float] = []
    record: list[float] = []
    write: list[float] = []
    total: list[float] = []
    loads: list[float] = []
    undos: list[float] = []
    sizes: list[int] = []
    actions = 0
    for g in range(args.games):
        agent = random.Random(1000 + g)
        session = Session.new(cat, NAMES[: args.seats], seed=g, folder=folder)
        shadow = Game.new(cat, NAMES[: args.seats], seed=g)
        assert session.path is not None
        while not session.game.is_over:
            action = agent.choice(session.game.legal_actions())
            engine.append(timed(lambda a=action: shadow.apply(a)))  # type: ignore[misc]
            total.append(timed(lambda a=action: session.apply(a)))  # type: ignore[misc]
            assert session.save_error is None, session.save_error
            actions += 1
            text = ""

            def build() -> None:
                nonlocal text
                text = session.record.dumps(session.game)

            record.append(timed(build))
            write.append(timed(lambda t=text: write_atomic(session.path, t)))  # type: ignore[arg-type,misc]
        sizes.append(session.path.stat().st_size)
        loads.append(timed(lambda p=session.path: Session.load(cat, p, autosave=False)))  # type: ignore[misc]
        # Undo's cost: one replay from the seed to the action before the last.
        undos.append(timed(lambda s=session: s._replay(len(s.actions) - 1)))  # type: ignore[misc]
    print(f"{args.games} random {args.seats}-seat games, {actions} actions, saved in {folder}")
    print(f"per action  engine          {ms(engine)}")
    print(f"            record text     {ms(record)}")
    print(f"            atomic write    {ms(write)}")
    print(f"            session.apply   {ms(total)}   (engine + record + write)")
    print(f"per game    record size     median {statistics.median(sizes) / 1024:.1f} KiB")
    print(f"            load + replay   {ms(loads)}")
    print(f"            undo (replay)   {ms(undos)}")


if __name__ == "__main__":
    main()
