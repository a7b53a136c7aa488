"""A long attack on the game (issue 18), printing games played and errors found.

Run from the repository root: ``python3 bench/soak.py [--games N] [--attacks N] [--kills N] [--seed S]``.

1. ``great-harbor simulate --check`` over every configuration (2-4 seats, with and without the
   Automa, with and without the Harbor Shops variant): invariant-checked random games, through the
   real command.
2. Mutated records: real records changed byte by byte and value by value (huge numbers, deep
   nesting, control characters, wrong types; sealed again or not), given to every command that
   reads one (``saves``, ``export-log``, ``play --load``, ``replay``; the app itself is not
   started).
3. Mutated catalogue files, given to ``validate-data`` and ``rules --data``.
4. Odd arguments: random words, bytes that are not UTF-8, control characters, huge numbers and
   paths of unknown users, for every command.
5. Two copies on one save: processes continuing the same save at once; every action any of them
   took must be in a save.
6. Kills at random moments: a game saved after every action is killed (SIGKILL) and continued,
   again and again; the save must always load and hold every acknowledged action.

An error is a traceback, an exit status other than 0 or 1 (2 for refused arguments), an error
message of more than one line, a control character printed, a file that was read but changed,
or an action lost. The first few are printed in full; the summary counts them all.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from great_harbor import cli  # noqa: E402
from great_harbor.cli import main  # noqa: E402
from great_harbor.data import default_data_dir, load_catalogue  # noqa: E402
from great_harbor.data.catalogue import FILE_NAMES  # noqa: E402
from great_harbor.engine import Seat  # noqa: E402
from great_harbor.record import load, render, seal  # noqa: E402
from great_harbor.session import Session  # noqa: E402
from great_harbor.text import unsafe  # noqa: E402

CONFIGURATIONS = [(p, automa, shops) for p in (2, 3, 4) for automa in (False, True) for shops in (False, True)]
HOSTILE = [10**4000, 10**30, -1, 2**63, True, None, 1.5, float("nan"), "", "\x1b]2;owned\x07", "\x1b[2J",
           "\u202eevil", "\udcff", "x" * 5000, "draft", [], {}, [[[[[]]]]], {"kind": "draft"}, "0001-01-01T00:00:00",
           "9999-12-31T23:59:59-14:00"]
BYTES = [b"\x1b", b"\xff", b"{", b"}", b"[", b"]", b'"', b",", b"9" * 5000, b"[" * 990, b"\x00", b"\n", b"1e400"]


class Tally:
    def __init__(self, show: int) -> None:
        self.counts: dict[str, list[int]] = {}
        self.show = show
        self.shown = 0

    def ok(self, what: str) -> None:
        self.counts.setdefault(what, [0, 0])[0] += 1

    def error(self, what: str, detail: str) -> None:
        self.counts.setdefault(what, [0, 0])[1] += 1
        if self.shown < self.show:
            self.shown += 1
            print(f"  ERROR in {what}: {detail[:2000]}", flush=True)


def run_main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse refusing arguments
            status = exc.code if isinstance(exc.code, int) else 2
        except BaseException as exc:  # noqa: BLE001 - what we are hunting
            import traceback

            return -1, out.getvalue(), err.getvalue() + "".join(traceback.format_exception(exc))
    return status, out.getvalue(), err.getvalue()


def problem_with(status: int, out: str, err: str, allowed: tuple[int, ...] = (0, 1)) -> str | None:
    if status not in allowed:
        return f"exit status {status}: {err[-1500:]}"
    if "Traceback" in out + err:
        return f"traceback: {err[-1500:]}"
    if any(unsafe(ch) for ch in out + err if ch != "\n"):
        return f"control character printed: {(out + err)[:200]!r}"
    errors = [line for line in err.splitlines() if line.startswith("error:") or "error:" in line[:20]]
    if status == 1 and len(errors) != 1:
        return f"{len(errors)} error lines: {err[:500]!r}"
    return None


# --- 1. simulate ----------------------------------------------------------------------------------


def simulate(tally: Tally, games: int, seed: int) -> None:
    for players, automa, shops in CONFIGURATIONS:
        what = f"simulate {players} seats{' +Automa' if automa else ''}{' +Shops' if shops else ''}"
        argv = [sys.executable, "-m", "great_harbor", "simulate", "--games", str(games), "--players", str(players),
                "--seed", str(seed), "--check", "--json"] + (["--automa"] if automa else []) \
            + (["--shops"] if shops else [])
        done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
        try:
            report = json.loads(done.stdout)
        except json.JSONDecodeError:
            tally.error(what, done.stderr[-1500:])
            continue
        tally.counts.setdefault(what, [0, 0])[0] += report["completed"]
        if report["errors"]:
            tally.counts[what][1] += report["errors"]
            tally.error(what, json.dumps(report["first_error"]))
        print(f"{what:32} {report['completed']:6} games  {report['errors']} errors  "
              f"({report['games_per_second']} games/s)", flush=True)


# --- 2 and 3. mutated files -----------------------------------------------------------------------


def places(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += places(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += places(v, (*prefix, i))
    return out


def mutate_bytes(rng: random.Random, raw: bytes) -> bytes:
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(raw) + 1)
        raw = raw[:at] + rng.choice(BYTES) + raw[at + rng.randint(0, 8):]
    return raw


def mutate_value(rng: random.Random, data: Any) -> Any:
    place = rng.choice(places(data)[1:])
    node = data
    for key in place[:-1]:
        node = node[key]
    if rng.random() < 0.2:
        del node[place[-1]]
    else:
        value = rng.choice(HOSTILE)
        if rng.random() < 0.1:
            depth = rng.randint(100, 900)
            value = json.loads("[" * depth + "]" * depth)
        node[place[-1]] = value
    return data


def records(cat: Any, folder: Path) -> list[str]:
    texts = []
    for seed, seats, shops in ((1, ["Ana", "Ben", "Cleo"], False), (2, ["Ana", Seat("Automa", automa=True)], True)):
        session = Session.new(cat, seats, seed=seed, shops_variant=shops, path=folder / f"base-{seed}.json")
        rng = random.Random(seed)
        for _ in range(rng.randint(20, 400)):
            if session.game.is_over:
                break
            session.apply(rng.choice(session.game.legal_actions()))
        session.close()
        assert session.path is not None
        texts.append(session.path.read_text())
    return texts


def attack_records(tally: Tally, attacks: int, seed: int, folder: Path) -> None:
    cat = load_catalogue()
    bases = records(cat, folder)
    rng = random.Random(seed)
    real_run_app = cli.run_app
    cli.run_app = lambda *a, **k: 0  # type: ignore[assignment]  # never start the app
    try:
        for n in range(attacks):
            where = folder / f"r{n}"
            where.mkdir()
            path = where / "game.json"
            text = rng.choice(bases)
            if rng.random() < 0.5:
                content = mutate_bytes(rng, text.encode())
            else:
                data = mutate_value(rng, json.loads(text))
                try:
                    content = render(seal(data) if rng.random() < 0.6 else data).encode("utf-8", "surrogatepass")
                except (ValueError, RecursionError):
                    content = json.dumps(data, default=str).encode("utf-8", "surrogatepass")
            path.write_bytes(content)
            for argv in (["saves", "--saves-dir", str(where)], ["export-log", str(path), "--force"],
                         ["export-log", str(path), "-o", str(where / "log.txt")],
                         ["play", "--load", str(path), "--force", "--saves-dir", str(where)],
                         ["replay", str(path), "--force"]):
                problem = problem_with(*run_main(argv))
                if problem is None and path.read_bytes() != content:
                    problem = "the record was changed by a command that reads it"
                if problem:
                    tally.error("mutated records", f"{argv[0]}: {problem}")
                else:
                    tally.ok("mutated records")
            shutil.rmtree(where)
    finally:
        cli.run_app = real_run_app  # type: ignore[assignment]


def attack_catalogue(tally: Tally, attacks: int, seed: int, folder: Path) -> None:
    import yaml  # type: ignore[import-untyped]

    rng = random.Random(seed)
    data = folder / "data"
    shutil.copytree(default_data_dir(), data)
    for _ in range(attacks):
        name = rng.choice(FILE_NAMES)
        original = (default_data_dir() / name).read_text()
        if rng.random() < 0.5:
            content = mutate_bytes(rng, original.encode())
        else:
            try:
                content = yaml.safe_dump(mutate_value(rng, yaml.safe_load(original))).encode()
            except (ValueError, yaml.YAMLError, RecursionError):
                content = original.encode()
        (data / name).write_bytes(content)
        argvs = [["validate-data", str(data)]]
        if rng.random() < 0.2:
            argvs.append(["rules", "--list", "ship", "--data", str(data)])
        for argv in argvs:
            problem = problem_with(*run_main(argv))
            if problem is None and (data / name).read_bytes() != content:
                problem = "the file was changed"
            if problem:
                tally.error("mutated catalogue", f"{name}: {problem}")
            else:
                tally.ok("mutated catalogue")
        (data / name).write_text(original)


# --- 4. arguments ---------------------------------------------------------------------------------

WORDS = ["play", "replay", "saves", "export-log", "validate-data", "rules", "simulate", "schema", "--players",
         "--load", "--seed", "--force", "--saves-dir", "--json", "--unfinished", "-o", "--data", "--list", "--games",
         "--automa", "--shops", "Ana,Ben", "~nosuchuser/x", "/dev/zero", "/", "", "-", "\x1b]2;x\x07", "9" * 5000,
         "-1", "0", "5", "Ana,,Ben", "Ana,Ana", "B\udcffn", "record", "all"]


def attack_arguments(tally: Tally, attacks: int, seed: int, folder: Path) -> None:
    rng = random.Random(seed)
    real_run_app = cli.run_app
    cli.run_app = lambda *a, **k: 0  # type: ignore[assignment]
    os.environ["GREAT_HARBOR_SAVES"] = str(folder / "saves")
    try:
        for _ in range(attacks):
            argv = [rng.choice(WORDS) for _ in range(rng.randint(0, 5))]
            if "simulate" in argv:
                argv = [a if a not in ("5", "9" * 5000) else "1" for a in argv]
                argv += ["--games", "1"]
            status, out, err = run_main(argv)
            if argv[:1] == ["rules"] and status == 1 and "nothing matches" in err:
                err = ""  # the lookup's documented answer to no match: its own lines, exit 1
                status = 0
            problem = problem_with(status, out, err, allowed=(0, 1, 2))
            if problem:
                tally.error("odd arguments", f"{argv!r}: {problem}")
            else:
                tally.ok("odd arguments")
    finally:
        cli.run_app = real_run_app  # type: ignore[assignment]


# --- 5 and 6. processes ---------------------------------------------------------------------------

PLAYER = textwrap.dedent(
    """
    import random, sys
    sys.path.insert(0, sys.argv[3])
    from great_harbor.data import load_catalogue
    from great_harbor.record import RecordError
    from great_harbor.session import Session
    try:
        session = Session.load(load_catalogue(cache=True), sys.argv[1])
    except RecordError as exc:
        print("refused", exc, flush=True); sys.exit(0)
    rng = random.Random(int(sys.argv[2]))
    while not session.game.is_over:
        problem = session.apply(rng.choice(session.game.legal_actions()))
        if problem:
            print("save failed", problem, flush=True); sys.exit(1)
        print(len(session.actions), session.path, flush=True)
    """
)


def start(path: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", PLAYER, str(path), str(seed), str(ROOT)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def attack_processes(tally: Tally, races: int, kills: int, seed: int, folder: Path) -> None:
    cat = load_catalogue()
    rng = random.Random(seed)
    for n in range(races):
        path = folder / f"race-{n}.json"
        Session.new(cat, ["Ana", "Ben"], seed=n, path=path).close()
        procs = [start(path, seed + n * 10 + i) for i in range(6)]
        outs = [p.communicate(timeout=600) for p in procs]
        last: dict[str, int] = {}
        for out, err in outs:
            lines = out.split("\n")
            if "Traceback" in err or any(line.startswith("save failed") for line in lines):
                tally.error("two copies on one save", err[-1500:] or out[-500:])
                continue
            for line in lines:
                if line and not line.startswith("refused"):
                    count, where = line.split(" ", 1)
                    last[where] = max(last.get(where, 0), int(count))
        for where, count in last.items():
            held = len(load(where, cat, force=True).record.actions)
            if held < count:
                tally.error("two copies on one save", f"{where} holds {held} actions, {count} were acknowledged")
            else:
                tally.ok("two copies on one save")
    for n in range(kills):
        path = folder / f"kill-{n}.json"
        Session.new(cat, ["Ana", "Ben", "Cleo"], seed=n, path=path).close()
        acked = 0
        for _ in range(rng.randint(2, 6)):
            proc = start(path, rng.randrange(10**6))
            time.sleep(rng.random() * 1.5)
            proc.send_signal(signal.SIGKILL)
            out, _ = proc.communicate(timeout=60)
            counts = [int(line.split(" ")[0]) for line in out.split("\n") if line and line[0].isdigit()]
            acked = max([acked, *counts])
            try:
                held = len(load(path, cat).record.actions)
            except Exception as exc:  # noqa: BLE001
                tally.error("kills", f"the save does not load after a kill: {exc}")
                break
            if held < acked:
                tally.error("kills", f"{held} actions saved, {acked} acknowledged")
                break
            acked = held
            tally.ok("kills")


def main_(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="simulated games per configuration (default 200)")
    parser.add_argument("--attacks", type=int, default=1000, help="mutated records, catalogues and argument lists "
                                                                   "(default 1000 each)")
    parser.add_argument("--races", type=int, default=5, help="races of six processes on one save (default 5)")
    parser.add_argument("--kills", type=int, default=10, help="games killed again and again (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=5, help="errors printed in full (default 5)")
    args = parser.parse_args(argv)
    tally = Tally(args.show)
    folder = Path(tempfile.mkdtemp(prefix="great-harbor-soak-"))
    os.environ["GREAT_HARBOR_CACHE"] = str(folder / "cache")
    start_time = time.perf_counter()
    steps: list[tuple[str, Callable[[], None]]] = [
        ("simulate --check, every configuration", lambda: simulate(tally, args.games, args.seed)),
        ("mutated records", lambda: attack_records(tally, args.attacks, args.seed, folder)),
        ("mutated catalogue files", lambda: attack_catalogue(tally, args.attacks, args.seed, folder)),
        ("odd arguments", lambda: attack_arguments(tally, args.attacks, args.seed, folder)),
        ("two copies on one save, and kills", lambda: attack_processes(tally, args.races, args.kills, args.seed,
                                                                       folder)),
    ]
    try:
        for title, step in steps:
            print(f"== {title}", flush=True)
            began = time.perf_counter()
            step()
            print(f"   ({time.perf_counter() - began:.0f} s)", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"\n{'attack':40} {'runs':>8} {'errors':>7}")
    for what, (ok, bad) in tally.counts.items():
        print(f"{what:40} {ok + bad:8} {bad:7}")
    total = sum(bad for _, bad in tally.counts.values())
    print(f"\n{total} errors in {time.perf_counter() - start_time:.0f} s")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main_())
