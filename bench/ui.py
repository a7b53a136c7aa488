"""Speed of the terminal game, measured from outside through a pseudo-terminal.

Prints, from one run:

* cold start: from starting the process to the first frame of the game screen on a 160x45
  terminal, next to the same measure for a bare hello-world Textual app, both as the processor
  time the process has used by then (read from ``/proc/PID/task/*/schedstat``, in nanoseconds: on
  a machine shared with other programs the wall clock also counts the wait for a free processor)
  and as wall-clock time. The starts are interleaved (hello, game, hello, game, ...) and each game
  start is divided by the hello-world start just before it; the target is a median of those
  ratios of at most 1.5x in processor time;
* the first key: the time from writing a key the moment the first frame is up to the last byte
  of the frame it causes (work put off until after the first frame would show here); the output
  counts as over after 150 ms of quiet, not 50 as for the other keys: the work right after the
  first frame (the footer, the second frame) comes with pauses of 30-50 ms between its frames,
  and a 50 ms window ended the measure at one of them, early and by chance;
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

With ``--phases`` it prints instead where the game's processor time to the first frame goes,
phase by phase (the median over the runs of the processor time at each step, in the process
itself), next to the bare app's: Python, Textual imported, the engine and the UI imported, the
app mounted, the game screen composed and mounted, the first frame.

    python3 bench/ui.py [--runs 9] [--keys 60] [--phases]
"""

from __future__ import annotations

import argparse
import fcntl
import json
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

# --phases: the same starts, with the processor time noted at each step (written to a file when
# the first frame goes out; the process then ends).
PHASES = """
import json, os, time
T = {"python up": time.process_time()}
import textual.app
from textual.drivers.linux_driver import LinuxDriver
T["textual imported"] = time.process_time()
_write = LinuxDriver.write
def write(self, data):
    if MARK in data:
        T["first frame"] = time.process_time()
        with open(OUT, "w") as out:
            out.write(json.dumps(T))
        os._exit(0)
    _write(self, data)
LinuxDriver.write = write
"""

PHASES_GAME = PHASES + """
import great_harbor.cli
import great_harbor.engine
T["engine imported"] = time.process_time()
import great_harbor.ui.app as app
from great_harbor.ui.screens import game
T["UI imported"] = time.process_time()
import functools
def noted(cls, name, label):
    method = getattr(cls, name)
    @functools.wraps(method)  # the same signature: Textual passes the event only to who takes it
    def run(self, *args):
        T.setdefault(label, time.process_time())
        return method(self, *args)
    setattr(cls, name, run)
noted(app.GreatHarborApp, "on_mount", "app mounted (catalogue loaded)")
noted(game.GameScreen, "compose", "game screen composing (game started)")
noted(game.GameScreen, "on_mount", "game screen mounted")
great_harbor.cli.main(["play", "--players", "Ana,Ben", "--seed", "7"])
"""

PHASES_HELLO = PHASES + HELLO

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


def cpu_seconds(pid: int) -> float:
    """The processor time (user and system, every thread) process ``pid`` has used so far."""
    total = 0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat", encoding="ascii") as stat:
                total += int(stat.read().split()[0])
    except OSError:
        return 0.0
    return total / 1e9


def cold_start(code: str, mark: bytes, **extra_env: str) -> float:
    """Seconds of wall clock from starting ``code`` to ``mark`` on its terminal."""
    return start_times(code, mark, **extra_env)[0]


def start_times(code: str, mark: bytes, first_key: bytes | None = None, **extra_env: str) -> tuple[float, ...]:
    """Wall clock and processor time from starting ``code`` to ``mark`` on its terminal; with
    ``first_key``, also the latency of that key written the moment ``mark`` is there."""
    term = Term(code, **extra_env)
    try:
        wall = term.read_until(mark) - term.started
        cpu = cpu_seconds(term.proc.pid)
        if first_key is None:
            return wall, cpu
        return wall, cpu, term.key(first_key, quiet=FIRST_KEY_QUIET)
    finally:
        term.close()


FIRST_KEY_QUIET = 0.15  # seconds without output that end the first key's frame (see the docstring)


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


def phases(runs: int) -> None:
    """Print the median processor time at each step of both starts (see ``--phases``)."""
    out = Path(tempfile.mkdtemp(prefix="great-harbor-bench-phases-")) / "phases.json"
    cold_start(HELLO, HELLO_MARK)  # warm the bytecode cache and the catalogue's
    cold_start(GAME_CLI, GAME_MARK)
    found: dict[str, list[dict[str, float]]] = {"hello": [], "game": []}
    for _ in range(runs):
        for name, code, mark in (("hello", PHASES_HELLO, HELLO_MARK), ("game", PHASES_GAME, GAME_MARK)):
            code = code.replace("MARK", repr(mark.decode())).replace("OUT", repr(str(out)))
            out.unlink(missing_ok=True)
            try:
                cold_start(code, mark)
            except RuntimeError:
                pass  # the process ends itself once the first frame is out
            if not out.exists():
                raise SystemExit(f"the {name} start noted nothing: run it without --phases to see why")
            found[name].append(json.loads(out.read_text()))
    for name, steps in found.items():
        print(f"{name}: processor time at each step (median of {runs})")
        before = 0.0
        for step in steps[0]:
            at = statistics.median(s[step] for s in steps)
            print(f"  {step:38s} {at * 1000:7.1f} ms  (+{(at - before) * 1000:5.1f})")
            before = at


def p95(values: list[float]) -> float:
    """The 95th percentile (the value 95% of the presses stay at or under)."""
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="cold starts of each app (default 9)")
    parser.add_argument("--keys", type=int, default=60, help="key presses timed (default 60; 0: start-up only)")
    parser.add_argument("--phases", action="store_true", help="where the start's processor time goes, step by step")
    args = parser.parse_args()
    if args.phases:
        phases(args.runs)
        return 0
    cold_start(HELLO, HELLO_MARK)  # warm the bytecode cache
    cold_start(GAME_CLI, GAME_MARK)
    hello: list[tuple[float, ...]] = []
    game: list[tuple[float, ...]] = []
    uncached: list[tuple[float, ...]] = []
    for _ in range(args.runs):  # interleaved, so that a busy moment hits both alike
        hello.append(start_times(HELLO, HELLO_MARK))
        game.append(start_times(GAME_CLI, GAME_MARK, first_key=KEYS["down"]))
        uncached.append(start_times(GAME_CLI, GAME_MARK, GREAT_HARBOR_CACHE=""))
    by_key = key_latencies(args.keys) if args.keys else {"none": [0.0]}
    lookup = lookup_latencies(args.keys) if args.keys else [0.0]
    keys = [x for xs in by_key.values() for x in xs]
    k = statistics.median(keys)
    for folder in (PYCACHE, SAVES, CACHE, CONFIG):
        shutil.rmtree(folder, ignore_errors=True)
    print(f"terminal {SIZE[0]}x{SIZE[1]}, median of {args.runs} cold starts and {args.keys} key presses")

    def median(runs: list[tuple[float, ...]], i: int) -> float:
        return statistics.median(r[i] for r in runs)

    def ratios(runs: list[tuple[float, ...]], i: int) -> list[float]:
        """Each start divided by the hello-world start just before it, smallest first: the spread
        shows how much of the median is this machine's noise."""
        return sorted(b[i] / a[i] for a, b in zip(hello, runs, strict=True))

    for i, what in ((1, "processor time"), (0, "wall clock")):
        target = "target <= 1.5x" if i == 1 else "for comparison"
        r = ratios(game, i)
        print(f"cold start to the first frame, {what}:")
        print(f"  hello-world Textual app           : {median(hello, i) * 1000:7.1f} ms")
        print(f"  game screen                       : {median(game, i) * 1000:7.1f} ms  (median of the run-by-run "
              f"ratios {statistics.median(r):.2f}x, {r[0]:.2f}x to {r[-1]:.2f}x; {target})")
        u = ratios(uncached, i)
        print(f"  the same, catalogue not cached    : {median(uncached, i) * 1000:7.1f} ms  "
              f"({statistics.median(u):.2f}x; the very first start, or GREAT_HARBOR_CACHE=\"\")")
    print(f"first key (down) at the first frame : {median(game, 2) * 1000:7.1f} ms median, "
          f"{max(r[2] for r in game) * 1000:.1f} ms worst (to the last byte of its frame)")
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
