"""Command-line tools for saved games: ``great-harbor saves``, ``export-log`` and ``replay``, and
``play --load``'s reading of the record.

Kept apart from ``cli.py`` so that it stays small; this module imports nothing heavy until a
command runs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from great_harbor.text import inert

if TYPE_CHECKING:
    from great_harbor.replay import Replay  # start-up: only for this command
    from great_harbor.session import Session  # start-up: only for this command

SAVES_DIR_HELP = (
    "the saves folder (default: $GREAT_HARBOR_SAVES, else the platform's data folder: on Linux "
    "$XDG_DATA_HOME/great-harbor/saves, usually ~/.local/share/great-harbor/saves)"
)


ENV_DATA = "GREAT_HARBOR_DATA"
DATA_HELP = (f"play with the component catalogue in DIR, e.g. an edited copy of data/ (default: ${ENV_DATA}, "
             "else the shipped one)")


def data_dir(option: Path | None) -> Path | None:
    """The catalogue folder to play with: the option, else ``$GREAT_HARBOR_DATA``, else None (the
    shipped one)."""
    if option is not None:
        return option
    env = os.environ.get(ENV_DATA, "")
    if not env:
        return None
    try:
        return Path(env).expanduser()
    except RuntimeError:  # ~someone who does not exist: the folder as written, which is not there
        return Path(env)


def add_parsers(add: Callable[[str], argparse.ArgumentParser]) -> None:
    """Add the subcommands, each made by ``add(name)`` (cli.py's, in the order of its help)."""
    r = add("replay")
    r.add_argument("file", help="a game record file, or the name of a saved game as 'saves' lists it")
    r.add_argument("--force", action="store_true", help="try a record made with another catalogue or version")
    r.add_argument("--saves-dir", type=Path, metavar="DIR", help=SAVES_DIR_HELP)
    r.add_argument("--data", type=Path, metavar="DIR", help=DATA_HELP)

    s = add("saves")
    s.add_argument("--saves-dir", type=Path, metavar="DIR", help=SAVES_DIR_HELP)
    s.add_argument("--unfinished", action="store_true", help="only games that are not over")
    s.add_argument("--json", action="store_true", help="print one JSON list instead of a table")

    e = add("export-log")
    e.add_argument("file", help="a game record file, or the name of a saved game as 'saves' lists it")
    e.add_argument("-o", "--output", type=Path, metavar="OUT",
                   help="file to write (default: print the log); an existing file is replaced only with --force, "
                        "and never a game record or anything but a plain file")
    e.add_argument("--force", action="store_true",
                   help="try a record made with another catalogue or version, and replace an existing OUT")
    e.add_argument("--saves-dir", type=Path, metavar="DIR", help=SAVES_DIR_HELP)
    e.add_argument("--data", type=Path, metavar="DIR", help=DATA_HELP)


def cmd_saves(args: argparse.Namespace) -> int:
    from great_harbor.saves import info_as_dict, list_saves, saves_dir  # start-up: only for this command

    folder = saves_dir(args.saves_dir)
    infos = list_saves(folder)
    if args.unfinished:
        infos = [i for i in infos if i.ok and not i.finished]
    if args.json:
        print(json.dumps([info_as_dict(i) for i in infos]))
        return 0
    if not infos:
        print(f"No saved games in {inert(folder)}.")
        return 0
    print(f"Saved games in {inert(folder)}:")
    rows = [(i.when(), i.seats_text() or "?", i.status(), i.name) for i in infos]
    widths = [max(len(r[c]) for r in rows) for c in range(3)]
    for row in rows:
        print("  " + "  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths, strict=True)) + "  " + row[3])
    return 0


def resolve_record(name: str, folder: Path | None) -> Path:
    """A path as given, or else a saved game's name (with or without .json) in the saves folder."""
    from great_harbor.saves import SUFFIX, expand_user, saves_dir  # start-up: only for this command

    path = expand_user(name)
    if path.exists():
        return path
    base = saves_dir(folder)
    for candidate in (base / name, base / f"{name}{SUFFIX}"):
        if candidate.is_file():
            return candidate
    return path


def cmd_export_log(args: argparse.Namespace) -> int:
    from great_harbor.data import CatalogueError, load_catalogue  # start-up: only for this command
    from great_harbor.record import RecordError  # start-up: only for this command
    from great_harbor.saves import SaveError, write_atomic  # start-up: only for this command
    from great_harbor.session import Session  # start-up: only for this command

    try:
        cat = load_catalogue(data_dir(args.data))
    except CatalogueError as exc:
        return error(exc)
    path = resolve_record(args.file, args.saves_dir)
    if args.output is not None:
        problem = output_problem(args.output, path, args.force)
        if problem is not None:
            return error(problem)
    try:
        session = Session.load(cat, path, force=args.force, autosave=False)
    except RecordError as exc:
        return error(f"{path.name}: {exc}")
    for warning in session.warnings:
        print(f"warning: {inert(warning)}", file=sys.stderr)
    from great_harbor.progress import chart_text, progress_of  # start-up: only for this command

    text = session.log_text() + chart_text(progress_of(session.record, cat))
    if args.output is None:
        sys.stdout.write(inert_lines(text))
        return 0
    try:
        write_atomic(args.output, text, kept="nothing was written", create_folder=False)
    except SaveError as exc:
        return error(exc)
    print(f"Wrote the log of {inert(path.name)} ({len(session.game.s.log)} lines) to {inert(args.output)}.")
    return 0


def output_problem(out: Path, record: Path, force: bool) -> str | None:
    """Why ``export-log -o OUT`` must not write ``out`` (the log of ``record``), or None.

    Never over a game record (the one read or any other), nor over anything but a plain file (a
    symbolic link, a FIFO, a device, a folder); an existing file only with ``force``; and into an
    existing folder only."""
    import stat

    try:
        info = out.lstat()
    except FileNotFoundError:
        if not out.parent.is_dir():
            return f"no such folder: {out.parent} (export-log does not create folders)"
        return None
    except OSError as exc:
        return f"cannot use {out}: {(exc.strerror or str(exc)).lower()}"
    if stat.S_ISLNK(info.st_mode):
        return f"{out} is a symbolic link; export-log writes only a plain file (name another OUT)"
    if stat.S_ISDIR(info.st_mode):
        return f"{out} is a folder; name a file to write the log to"
    if not stat.S_ISREG(info.st_mode):
        return f"{out} is not a plain file (a FIFO, a socket or a device); export-log does not write to it"
    try:
        same = record.exists() and out.samefile(record)
    except OSError:
        same = False
    if same or _is_record(out):
        return f"{out} is a game record; export-log never writes over one (name another OUT)"
    if not force:
        return f"{out} already exists; add --force to replace it"
    return None


def _is_record(path: Path) -> bool:
    """Whether the file may be a game record, even a damaged one: named as one (``.json``), or its
    first few KB name the format or hold two of a record's fields. Never written over."""
    from great_harbor.record import RECORD_FORMAT  # here, as every import of this module: start-up stays light
    from great_harbor.saves import SUFFIX  # here, as every import of this module: start-up stays light

    if path.suffix.lower() == SUFFIX:
        return True
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    fields = (b'"setup"', b'"actions"', b'"summary"', b'"catalogue"', b'"program"')
    return RECORD_FORMAT.encode() in head or sum(field in head for field in fields) >= 2


def inert_lines(text: str) -> str:
    """Every line of ``text`` made inert, line breaks kept (the log printed to a terminal)."""
    return "\n".join(inert(line) for line in text.split("\n"))


def error(problem: object) -> int:
    """Print one line ``error: ...`` (made inert: it may quote files) and give exit status 1."""
    print(f"error: {inert(problem)}", file=sys.stderr)
    return 1


def _refusal(name: str, exc: Exception) -> str:
    """A RecordError as the one line the command line prints (``name`` empty: a folder such as
    ``.``, which the error names itself)."""
    text = str(exc)
    if getattr(exc, "forceable", False):
        text = text.removesuffix("; use force to try it anyway") + " (add --force to try it anyway)"
    return inert(f"error: {name}: {text}" if name else f"error: {text}")


def load_session(name: str, folder: Path | None, force: bool, data: Path | None = None) -> Any:
    """``play --load``: the saved game as a Session (autosave goes on in its file), or the exit
    status after printing why it cannot be opened. ``data``: the catalogue folder (default: shipped)."""
    from great_harbor.data import CatalogueError, load_catalogue  # start-up: only for this command
    from great_harbor.record import RecordError  # start-up: only for this command
    from great_harbor.session import Session  # start-up: only for this command

    try:
        cat = load_catalogue(data, cache=True)  # the game starts next: take the checked catalogue kept
    except CatalogueError as exc:
        return error(exc)
    path = resolve_record(name, folder)
    try:
        session = Session.load(cat, path, force=force)
    except RecordError as exc:
        print(_refusal(path.name, exc), file=sys.stderr)
        return 1
    for warning in session.warnings:
        print(f"warning: {inert(warning)}", file=sys.stderr)
    return session


def cmd_replay(args: argparse.Namespace) -> int:
    from great_harbor.data import CatalogueError, load_catalogue  # start-up: only for this command
    from great_harbor.record import RecordError  # start-up: only for this command
    from great_harbor.replay import Replay  # start-up: only for this command

    try:
        cat = load_catalogue(data_dir(args.data), cache=True)  # the replay viewer starts next
    except CatalogueError as exc:
        return error(exc)
    path = resolve_record(args.file, args.saves_dir)
    try:
        replay = Replay.load(cat, path, force=args.force)
    except RecordError as exc:
        print(_refusal(path.name, exc), file=sys.stderr)
        return 1
    return run_app(saves_dir=args.saves_dir, replay=replay)


Command = Callable[[argparse.Namespace], int]


def _quiet_pipe(cmd: Command) -> Command:
    """A reader that stops early (``| head``) ends the output quietly, not with a traceback."""

    def run(args: argparse.Namespace) -> int:
        try:
            return cmd(args)
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 0

    return run


COMMANDS: dict[str, Command] = {
    "saves": _quiet_pipe(cmd_saves),
    "export-log": _quiet_pipe(cmd_export_log),
    "replay": cmd_replay,
}


DRIVER_ENV = "TEXTUAL_DRIVER"  # names the driver Textual runs the app with


def terminal_problem() -> str | None:
    """Why the app cannot be played here, or None. Textual reads the keys from stdin and draws on
    stderr (on Windows, stdout): both must be a terminal, else the app would write its escape
    codes into a file and wait for keys that never come. Unless ``$TEXTUAL_DRIVER`` names the
    driver: textual-serve (``great-harbor serve``) runs the app over pipes with its web driver."""
    if os.environ.get(DRIVER_ENV):
        return None
    drawn_on = ("stdout", sys.__stdout__) if os.name == "nt" else ("stderr", sys.__stderr__)
    for name, stream in (("stdin", sys.__stdin__), drawn_on):
        try:
            terminal = stream is not None and stream.isatty()
        except (OSError, ValueError):  # closed
            terminal = False
        if not terminal:
            return f"the game needs a terminal ({name} is not one)"
    return None


def run_app(players: list[str] | None = None, automa: bool = False, seed: int | None = None,
            shops: bool = False, *, saves_dir: Path | None = None, session: Session | None = None,
            replay: Replay | None = None, data: Path | None = None, rivals: Sequence[str] = (),
            learn: int | None = None) -> int:
    """Run the app: a new game (``players``), a saved one (``session``), the replay viewer
    (``replay``), a learning game with the coach on the seed ``learn``, or else the new-game
    screen; new games use the catalogue in ``data`` (default: the shipped one). Without a terminal
    to play in, says so in one line and gives exit status 2."""
    problem = terminal_problem()
    if problem is not None:
        if session is not None:
            session.close()  # free the save for a program that goes on (main() called by one)
        print(f"great-harbor: {problem}; to play in a browser, run 'great-harbor serve'", file=sys.stderr)
        return 2
    from great_harbor.startup import pause_collector, resume_collector

    pause_collector()  # until the first frame: the app resumes it (see great_harbor.startup)
    from great_harbor.data import CatalogueError, load_catalogue  # start-up: only for this command

    cat = session.cat if session is not None else replay.cat if replay is not None else None
    if cat is None:
        try:
            cat = load_catalogue(data, cache=True)
        except CatalogueError as exc:
            resume_collector()  # no app will (main() may be called by a program that goes on)
            return error(exc)
    from great_harbor.ui.app import make_app  # start-up: only for this command

    app = make_app(seed=seed, players=players, automa=automa, shops=shops, catalogue=cat, saves_dir=saves_dir,
                   session=session, replay=replay, rivals=rivals, learn=learn)
    app.run()
    return app.return_code or 0  # 1 when the app stopped on an error
