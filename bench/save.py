"""Time autosave: what writing the record after every action costs, and loading and undo.

Run from the repository root: ``python3 bench/save.py [--seats N] [--games N] [--dir DIR]``. It
plays seeded random games through a Session that autosaves to DIR (default: a temporary folder,
which should sit on the same kind of disk as the real saves folder) and prints, per action:

- engine: ``game.apply`` alone;
- record: building the record text (state digest, checksum, layout);
- state digest: that digest alone, in round 1 and in round 5 (it leaves the log, which grows all
  game, unconverted: the two should be close);
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from great_harbor.data import load_catalogue  # noqa: E402
from great_harbor.engine import Game  # noqa: E402
from great_harbor.record import state_digest  # noqa: E402
from great_harbor.saves import write_atomic  # noqa: E402
from great_harbor.session import Session  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dido"]


def ms(seconds: list[float]) -> str:
    q = statistics.quantiles(seconds, n=20) if len(seconds) >= 2 else seconds * 19
    return f"median {statistics.median(seconds) * 1000:7.3f} ms   p95 {q[18] * 1000:7.3f} ms"


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
    digests: dict[int, list[float]] = {}  # by round
    actions = 0
    for g in range(args.games):
        agent = random.Random(1000 + g)
        session = Session.new(cat, NAMES[: args.seats], seed=g, folder=folder)
        shadow = Game.new(cat, NAMES[: args.seats], seed=g)
        path = session.path
        assert path is not None
        while not session.game.is_over:
            action = agent.choice(session.game.legal_actions())
            t0 = time.perf_counter()
            shadow.apply(action)
            t1 = time.perf_counter()
            session.apply(action)
            t2 = time.perf_counter()
            assert session.save_error is None, session.save_error
            text = session.record.dumps(session.game)
            t3 = time.perf_counter()
            write_atomic(path, text)
            t4 = time.perf_counter()
            d0 = time.process_time()
            state_digest(session.game)
            digests.setdefault(session.game.s.round, []).append(time.process_time() - d0)
            engine.append(t1 - t0)
            total.append(t2 - t1)
            record.append(t3 - t2)
            write.append(t4 - t3)
            actions += 1
        sizes.append(path.stat().st_size)
        t0 = time.perf_counter()
        Session.load(cat, path, autosave=False)
        t1 = time.perf_counter()
        session._replay(len(session.actions) - 1)  # what undo costs: a replay from the seed
        t2 = time.perf_counter()
        loads.append(t1 - t0)
        undos.append(t2 - t1)
    print(f"{args.games} random {args.seats}-seat games, {actions} actions, saved in {folder}")
    print(f"per action  engine          {ms(engine)}")
    print(f"            record text     {ms(record)}")
    print(f"            atomic write    {ms(write)}")
    print(f"            session.apply   {ms(total)}   (engine + record + write)")
    for r in (1, 5):
        print(f"            state digest, round {r}  {ms(digests.get(r, [0.0]))}   (processor time)")
    print(f"per game    record size     median {statistics.median(sizes) / 1024:.1f} KiB")
    print(f"            load + replay   {ms(loads)}")
    print(f"            undo (replay)   {ms(undos)}")


if __name__ == "__main__":
    main()
