"""Speed of the terminal game, measured from outside through a pseudo-terminal.

Prints, from one run:

* cold start: from starting the process to the first frame of the game screen on a 160x45
  terminal, next to the same measure for a bare hello-world Textual app (target: at most 2x);
* the key-press-to-frame latency on the game screen, on the first turn of the Action phase: the
  time from writing a key in the action picker (down, up, a filter letter, backspace) to the last
  byte of the frame it causes, as the median (target: at most 16 ms), the 95th percentile (at
  most 33 ms: two frames) and the worst (at most 100 ms);
* the same in the rules lookup opened with `?` on that turn, typing a search and deleting it.

Both apps run as real processes on a pty of the given size, exactly as in a terminal. Python's
bytecode cache is kept in a temporary folder (PYTHONPYCACHEPREFIX) and warmed by one untimed start
of each app, so both are measured as after an install, not with every module compiled afresh.
The game starts through the real entry point (``great-harbor play --players Ana,Ben --seed 7``);
the untimed start also leaves the checked catalogue in a temporary cache folder, as the first
start after an install does (``great_harbor/data/cache.py``), and the same start without that
cache is printed too.

    python3 bench/ui.py [--runs 9] [--keys 60]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (160, 45)
PYCACHE = tempfile.mkdtemp(prefix="great-harbor-bench-pyc-")
SAVES = tempfile.mkdtemp(prefix="great-harbor-bench-saves-")  # the game autosaves: not into the user's folder
CACHE = tempfile.mkdtemp(prefix="great-harbor-bench-cache-")  # the checked catalogue, kept by the first start
CONFIG = tempfile.mkdtemp(prefix="great-harbor-bench-config-")  # settings: the default theme, not the user's

HELLO = """
from textual.app import App
from textual.widgets import Static

class Hello(App):
    def compose(self):
        yield Static("Hello, world")

Hello().run()
"""

# Cold start runs the real entry point (what `great-harbor play ...` runs); the key-latency
# runs build the same game without the blinking cursor, whose frames would blur the timing.
GAME_CLI = """
from great_harbor.cli import main

main(["play", "--players", "Ana,Ben", "--seed", "7"])
"""

GAME = """
from great_harbor.startup import pause_collector
from great_harbor.ui.app import make_app

pause_collector()  # as the entry point does (great_harbor.cli.run_app)
make_app(seed=7, players=["Ana", "Ben"], blink=False, automa_delay=0).run()
"""

HELLO_MARK = b"Hello, world"
GAME_MARK = b"Smuggler's District"


class Term:
    """A child process on a pseudo-terminal of a fixed size."""

    def __init__(self, code: str, **extra_env: str) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", PYTHONPATH=str(ROOT),
                   PYTHONPYCACHEPREFIX=PYCACHE, GREAT_HARBOR_SAVES=SAVES, GREAT_HARBOR_CACHE=CACHE,
                   GREAT_HARBOR_CONFIG=CONFIG)
        env.update(extra_env)
        env.pop("TEXTUAL", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code], stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT,
            start_new_session=True,
        )
        os.close(slave)
        self.buffer = b""

    def read_until(self, mark: bytes, timeout: float = 20.0) -> float:
        """Read output until ``mark`` appears; returns the time it appeared."""
        deadline = time.perf_counter() + timeout
        while mark not in self.buffer:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"no {mark!r} after {timeout} s; output ends {self.buffer[-300:]!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.buffer += os.read(self.master, 65536)
                except OSError as exc:
                    raise RuntimeError(f"the app exited; output ends {self.buffer[-500:]!r}") from exc
        return time.perf_counter()

    def drain(self, quiet: float = 0.1) -> None:
        """Read until nothing arrives for ``quiet`` seconds."""
        while select.select([self.master], [], [], quiet)[0]:
            self.buffer += os.read(self.master, 65536)
        self.buffer = b""

    def key(self, data: bytes, quiet: float = 0.05) -> float:
        """Write a key; returns the seconds until the last byte of the frame it causes (the frame
        is over when nothing more arrives for ``quiet`` seconds)."""
        self.buffer = b""
        start = time.perf_counter()
        os.write(self.master, data)
        if not select.select([self.master], [], [], 5.0)[0]:
            raise TimeoutError("the key caused no frame")
        last = start
        while select.select([self.master], [], [], quiet)[0]:
            self.buffer += os.read(self.master, 65536)
            last = time.perf_counter()
        return last - start

    def close(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        os.close(self.master)


def cold_start(code: str, mark: bytes, **extra_env: str) -> float:
    term = Term(code, **extra_env)
    try:
        return term.read_until(mark) - term.started
    finally:
        term.close()


# Keys in the action picker: move the highlight down and up, type a filter letter (the list is
# filtered again) and delete it.
KEYS = {"down": b"\x1b[B", "up": b"\x1b[A", "letter": b"p", "backspace": b"\x7f"}


def key_latencies(count: int) -> dict[str, list[float]]:
    term = Term(GAME)
    try:
        term.read_until(GAME_MARK)
        term.drain(0.5)
        for _ in range(5):  # the draft (four picks) and the hand-off: measure on a turn with ~20 actions
            os.write(term.master, b"\r")
            term.drain(0.3)
        out: dict[str, list[float]] = {name: [] for name in KEYS}
        names = list(KEYS)
        for i in range(count):
            name = names[i % len(names)]
            out[name].append(term.key(KEYS[name]))
        return out
    finally:
        term.close()


# Keys in the rules lookup (opened with `?` on the same turn): type a search letter by letter and
# delete it again; every letter searches the whole reference and redraws the results.
LOOKUP_KEYS = [c.encode() for c in "corsair"] + [b"\x7f"] * 7


def lookup_latencies(count: int) -> list[float]:
    term = Term(GAME)
    try:
        term.read_until(GAME_MARK)
        term.drain(0.5)
        for _ in range(5):
            os.write(term.master, b"\r")
            term.drain(0.3)
        os.write(term.master, b"?")
        term.read_until(b"Rules lookup")
        term.drain(0.3)
        return [term.key(LOOKUP_KEYS[i % len(LOOKUP_KEYS)]) for i in range(count)]
    finally:
        term.close()


def p95(values: list[float]) -> float:
    """The 95th percentile (the value 95% of the presses stay at or under)."""
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="cold starts of each app (default 9)")
    parser.add_argument("--keys", type=int, default=60, help="key presses timed (default 60)")
    args = parser.parse_args()
    cold_start(HELLO, HELLO_MARK)  # warm the bytecode cache
    cold_start(GAME_CLI, GAME_MARK)
    hello: list[float] = []
    game: list[float] = []
    uncached: list[float] = []
    for _ in range(args.runs):  # interleaved, so that a busy moment hits both alike
        hello.append(cold_start(HELLO, HELLO_MARK))
        game.append(cold_start(GAME_CLI, GAME_MARK))
        uncached.append(cold_start(GAME_CLI, GAME_MARK, GREAT_HARBOR_CACHE=""))
    by_key = key_latencies(args.keys)
    lookup = lookup_latencies(args.keys)
    keys = [x for xs in by_key.values() for x in xs]
    h, g = statistics.median(hello), statistics.median(game)
    k = statistics.median(keys)
    for folder in (PYCACHE, SAVES, CACHE, CONFIG):
        shutil.rmtree(folder, ignore_errors=True)
    print(f"terminal {SIZE[0]}x{SIZE[1]}, median of {args.runs} cold starts and {args.keys} key presses")
    print(f"cold start, hello-world Textual app : {h * 1000:7.1f} ms")
    print(f"cold start, game screen first frame : {g * 1000:7.1f} ms  ({g / h:.2f}x hello world; target <= 2x)")
    # Each game start is paired with the hello-world start just before it: the spread of those
    # ratios shows how much of the figure above is this machine's noise.
    pairs = sorted(b / a for a, b in zip(hello, game, strict=True))
    print(f"  game / hello, run by run          : {pairs[0]:.2f}x to {pairs[-1]:.2f}x "
          f"(median {statistics.median(pairs):.2f}x)")
    u = statistics.median(uncached)
    print(f"  the same, catalogue not cached    : {u * 1000:7.1f} ms  ({u / h:.2f}x; the very first start, or "
          "GREAT_HARBOR_CACHE=\"\")")
    print(f"key press to frame, game screen     : {k * 1000:7.1f} ms median, {p95(keys) * 1000:.1f} ms 95th "
          f"percentile, {max(keys) * 1000:.1f} ms worst (targets <= 16, 33, 100 ms)")
    print("  by key (median): " + ", ".join(f"{name} {statistics.median(xs) * 1000:.1f} ms"
                                            for name, xs in by_key.items()))
    print(f"key press to frame, rules lookup    : {statistics.median(lookup) * 1000:7.1f} ms median, "
          f"{p95(lookup) * 1000:.1f} ms 95th percentile, {max(lookup) * 1000:.1f} ms worst "
          "(typing a search and deleting it)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
