"""Key press to frame in the rules lookup of the real game, through a pseudo-terminal.

Used by ``python3 bench/lookup.py --ui`` (and runnable alone: ``python3 bench/lookup_ui.py``). The
game runs as in ``bench/ui.py`` (same harness: 160x45, the bytecode cache warmed, the cursor not
blinking); on the first turn of the Action phase `?` opens the lookup and keys are timed from the
write to the last byte of the frame they cause:

* typing questions letter by letter and deleting them (every key searches the whole index and
  redraws the results);
* moving in the results (↓ ↑), which shows each entry;
* opening a result (Enter), following links (1-9), going back (Alt+←), and typing over the text.

Prints the median, the 95th percentile and the worst (targets 16 ms, 33 ms, 100 ms of wall clock;
10 ms, 25 ms, 60 ms of the game's processor time) and the keys
that took longest. Beside that wall-clock time it prints the processor time the game's process
spent on each key (read from ``/proc/PID/task/*/schedstat``, where the kernel counts it in
nanoseconds): on a machine shared with other programs the wall clock includes the wait for a free
processor, the processor time does not.
"""

from __future__ import annotations

import os
import select
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui import GAME, GAME_MARK, Term, cold_start  # noqa: E402

QUESTIONS = ["my ship lost to the pirates", "shore fee", "can I take back a move", "corsair"]
DOWN, UP, ENTER, BACKSPACE, ALT_LEFT = b"\x1b[B", b"\x1b[A", b"\r", b"\x7f", b"\x1b[1;3D"


def script() -> list[tuple[str, bytes]]:
    """The keys, each with a label for the report."""
    keys: list[tuple[str, bytes]] = []
    for question in QUESTIONS:
        keys += [(f"type {question[:i + 1]!r}", c.encode()) for i, c in enumerate(question)]
        keys += [("down", DOWN), ("down", DOWN), ("up", UP)]
        keys += [("enter (open)", ENTER), ("1 (link)", b"1"), ("alt+left (back)", ALT_LEFT)]
        keys += [("letter over the text", b"x"), ("backspace", BACKSPACE)]
        keys += [("backspace", BACKSPACE)] * len(question)
    return keys


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def cpu_seconds(pid: int) -> float:
    """The processor time all threads of process ``pid`` have used so far (0 where /proc has none)."""
    total = 0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat", encoding="ascii") as stat:
                total += int(stat.read().split()[0])
    except OSError:
        return 0.0
    return total / 1e9


def press(term: Term, data: bytes, quiet: float = 0.05) -> tuple[float, float] | None:
    """Like ``Term.key``, with the processor time the game used for the key beside the wall-clock
    time; a key that draws nothing within a second (↑ on the first result) gives ``None``."""
    term.buffer = b""
    cpu = cpu_seconds(term.proc.pid)
    start = time.perf_counter()
    os.write(term.master, data)
    if not select.select([term.master], [], [], 1.0)[0]:
        return None
    last = start
    while select.select([term.master], [], [], quiet)[0]:
        term.buffer += os.read(term.master, 65536)
        last = time.perf_counter()
    return last - start, cpu_seconds(term.proc.pid) - cpu


def measure(rounds: int = 2) -> list[tuple[str, float, float]]:
    term = Term(GAME)
    try:
        term.read_until(GAME_MARK)
        term.drain(0.5)
        for _ in range(5):  # the draft (four picks) and the hand-off, as bench/ui.py does
            os.write(term.master, b"\r")
            term.drain(0.3)
        os.write(term.master, b"?")
        term.read_until(b"Rules lookup")
        term.drain(0.5)
        out: list[tuple[str, float, float]] = []
        for _ in range(rounds):
            for label, key in script():
                timed = press(term, key)
                if timed is not None:  # (Backspace in an empty field draws nothing)
                    out.append((label, *timed))
        return out
    finally:
        term.close()


def report(rounds: int = 2) -> None:
    cold_start(GAME, GAME_MARK)  # warm the bytecode cache, as bench/ui.py does
    timed = measure(rounds)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nkey press to frame in the rules lookup, {len(timed)} keys (targets: wall clock median <= 16 ms, "
          f"95th percentile <= 33 ms, worst <= 100 ms; the game's processor time median <= 10 ms, 95th "
          f"percentile <= 25 ms, worst <= 60 ms); load average {load:.1f} on {os.cpu_count()} cores")
    for name, column in (("wall clock", 1), ("game's processor time", 2)):
        times = [item[column] for item in timed]
        median, p95 = statistics.median(times) * 1000, percentile(times, 0.95) * 1000
        print(f"  {name:22}: median {median:.1f} ms, 95th percentile {p95:.1f} ms, worst {max(times) * 1000:.1f} ms")
    slowest = sorted(timed, key=lambda item: -item[1])[:6]
    print("  slowest (wall clock, processor): " + ", ".join(
        f"{label} {wall * 1000:.0f}/{cpu * 1000:.0f} ms" for label, wall, cpu in slowest))
    by_kind: dict[str, list[float]] = {}
    for label, _, cpu in timed:
        by_kind.setdefault(label.split(" '")[0].split(" (")[0], []).append(cpu)
    print("  processor time by key (median): " + ", ".join(f"{kind} {statistics.median(xs) * 1000:.1f} ms"
                                                          for kind, xs in by_kind.items()))


if __name__ == "__main__":
    report()
