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

from great_harbor.data import load_catalogue  # noqa: E402
from great_harbor.lookup.glossary import build_glossary  # noqa: E402
from great_harbor.lookup.reference import load_reference  # noqa: E402
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
    "smuggler token",
    "red senate track",
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

    catalogue = load_catalogue()
    start = time.perf_counter()
    glossary = build_glossary(catalogue)
    built = time.perf_counter()
    index = SearchIndex(entries)
    index.add_entries(glossary)
    indexed = time.perf_counter()
    print(
        f"glossary: {len(glossary)} entries; build {1000 * (built - start):.1f} ms, "
        f"reference + glossary index {1000 * (indexed - built):.1f} ms"
    )

    for label, extra in (("reference only", ()), ("reference + card glossary", glossary)):
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
