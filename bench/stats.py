"""Time ``great-harbor stats`` over a folder of many saved games (issue 34: at most 2 s for 1,000).

Run from the repository root: ``python3 bench/stats.py [--records 1000] [--games 6] [--dir DIR]``.

Playing a thousand games would take long, so it plays ``--games`` seeded games to the end (random
legal actions; 2, 3 and 4 seats, one with the Automa and one with a computer rival) and writes
each ``--records / --games`` times with another date, sealed again: every file is a different
record (its own checksum) that replays to a finished game. Then it prints:

- cold: the statistics with no cache (every record read, checked and replayed, then cached);
- warm: the same again, from the cache (only the files' sizes and times are looked at): the 2 s
  target is about this one, what a player pays every time after the first;
- touched: after 1% of the files were rewritten (same content, new time): read and checked
  again, not replayed (their checksums are cached);
- text: building the report's text from the warm statistics.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from great_harbor.data import load_catalogue  # noqa: E402
from great_harbor.engine import Seat  # noqa: E402
from great_harbor.game_index import read_index, remove_cache  # noqa: E402
from great_harbor.record import GameRecord, seal  # noqa: E402
from great_harbor.stats import build_report, text_lines  # noqa: E402

TABLES = [
    [Seat("Ana"), Seat("Ben")],
    [Seat("Ana"), Seat("Ben"), Seat("Cleo")],
    [Seat("Ana"), Seat("Automa", automa=True)],
    [Seat("Ana"), Seat("Ben"), Seat("Rex", rival="hard"), Seat("Cleo")],
    [Seat("Ben"), Seat("Vic", rival="normal")],
    [Seat("Cleo"), Seat("Dido"), Seat("Ana")],
]


def write_folder(folder: Path, records: int, games: int) -> None:
    cat = load_catalogue()
    texts = []
    for g in range(games):
        record = GameRecord.new(cat, TABLES[g % len(TABLES)], seed=100 + g)
        game = record.start(cat)
        rng = random.Random(g)
        while not game.is_over:
            action = rng.choice(game.legal_actions())
            game.apply(action)
            record.actions.append(action)
        texts.append(json.loads(record.dumps(game)))
    for i in range(records):
        data = dict(texts[i % games])
        when = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(hours=i)
        data["created"] = data["updated"] = when.isoformat(timespec="seconds")
        data["hints"] = i % 3
        (folder / f"game-{i:04d}.json").write_text(json.dumps(seal(data)))


def timed(label: str, folder: Path, cat: object) -> None:
    start = time.perf_counter()
    index = read_index(folder, cat)  # type: ignore[arg-type]
    seconds = time.perf_counter() - start
    print(f"{label:<8} {seconds:7.3f} s   {len(index.entries)} records, {index.replayed} replayed, "
          f"{len(index.skipped)} skipped")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=1000)
    ap.add_argument("--games", type=int, default=6, help="different games played (each copied many times)")
    ap.add_argument("--dir", type=Path, default=None, help="where to write (default: a temporary folder)")
    args = ap.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="gh-stats-"))
    folder.mkdir(parents=True, exist_ok=True)
    write_folder(folder, args.records, args.games)
    cat = load_catalogue()
    remove_cache(folder)
    print(f"{args.records} records ({args.games} games played, each copied with another date) in {folder}")
    timed("cold", folder, cat)
    timed("warm", folder, cat)
    for path in sorted(folder.glob("game-*.json"))[:: 100]:
        path.write_text(path.read_text())
    timed("touched", folder, cat)
    start = time.perf_counter()
    index = read_index(folder, cat)
    report = build_report(str(folder), index.entries, index.skipped)
    lines = text_lines(report)
    print(f"report   {time.perf_counter() - start:7.3f} s   warm reading and the text ({len(lines)} lines)")


if __name__ == "__main__":
    main()
