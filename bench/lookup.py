"""Time the rules lookup: index build and per-query search, printed as medians.

Run from the repository root: ``python3 bench/lookup.py``. The target is well under 16 ms per query
(one frame at 60 Hz), so the lookup can re-run on every key press.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from great_harbor.lookup.reference import Entry, load_reference  # noqa: E402
from great_harbor.lookup.search import SearchIndex  # noqa: E402

QUERIES = [
    "shore fee",
    '"shore fee"',
    "smugler",
    "tier",
    "voyage",
    "automa draft",
    "surplus",
    "trade",
    "end of game",
    "how many dice",
    "governor pairs",
    "shipyrad",
    "smugg",
    "s",
    "a",
    "the",
    "what happens when my ship loses a battle against the pirates",
    "person 21",
    "corsair",
    "building 7",
    "xyzzy",
]
REPEATS = 200


def median_ms(action: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def fake_glossary(count: int) -> list[Entry]:
    """Card-like entries, roughly the size of the real glossary, to time a grown index."""
    kinds = ["person", "building", "ship"]
    return [
        Entry(
            id=f"{kinds[i % 3]}-{i}",
            title=f"Card {i} {'Corsair' if i == 21 else kinds[i % 3].title()}",
            body=f"Colour red. Cost 2 planks. Gain {i % 4} Favor when a Ship trades in segment {i % 3}.",
            kind="card",
        )
        for i in range(1, count + 1)
    ]


def main() -> None:
    start = time.perf_counter()
    entries = load_reference()
    parsed = time.perf_counter()
    index = SearchIndex(entries)
    built = time.perf_counter()
    print(
        f"reference: {len(entries)} entries; parse {1000 * (parsed - start):.1f} ms, "
        f"index {1000 * (built - parsed):.1f} ms"
    )

    for label, extra in (("reference only", []), ("reference + 70 glossary cards", fake_glossary(70))):
        index = SearchIndex(entries)
        index.add_entries(extra)
        print(f"\n{label} ({len(index)} entries)")
        medians = []
        for query in QUERIES:
            ms = median_ms(partial(index.search, query))
            medians.append(ms)
            print(f"  {query!r:66} {ms:7.3f} ms")
        print(f"  median over queries {statistics.median(medians):.3f} ms, worst {max(medians):.3f} ms")
        ms = median_ms(partial(index.suggest, "govenor trates"), repeats=20)
        print(f"  suggest('govenor trates') {ms:.3f} ms")


if __name__ == "__main__":
    main()
