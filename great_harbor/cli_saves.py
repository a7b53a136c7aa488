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
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
    return Path(env).expanduser() if env else None


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
    e.add_argument("-o", "--output", type=Path, metavar="OUT", help="file to write (default: print the log)")
    e.add_argument("--force", action="store_true", help="try a record made with another catalogue or version")
    e.add_argument("--saves-dir", type=Path, metavar="DIR", help=SAVES_DIR_HELP)
    e.add_argument("--data", type=Path, metavar="DIR", help=DATA_HELP)


def cmd_saves(args: argparse.Namespace) -> int:
    from great_harbor.saves import info_as_dict, list_saves, saves_dir

    folder = saves_dir(args.saves_dir)
    infos = list_saves(folder)
    if args.unfinished:
        infos = [i for i in infos if i.ok and not i.finished]
    if args.json:
        print(json.dumps([info_as_dict(i) for i in infos]))
        return 0
    if not infos:
        print(f"No saved games in {folder}.")
        return 0
    print(f"Saved games in {folder}:")
    rows = [(i.when(), i.seats_text() or "?", i.status(), i.name) for i in infos]
    widths = [max(len(r[c]) for r in rows) for c in range(3)]
    for row in rows:
        print("  " + "  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths, strict=True)) + "  " + row[3])
    return 0


def resolve_record(name: str, folder: Path | None) -> Path:
    """A path as given, or else a saved game's name (with or without .json) in the saves folder."""
    from great_harbor.saves import SUFFIX, saves_dir

    path = Path(name).expanduser()
    if path.exists():
        return path
    base = saves_dir(folder)
    for candidate in (base / name, base / f"{name}{SUFFIX}"):
        if candidate.is_file():
            return candidate
    return path


def cmd_export_log(args: argparse.Namespace) -> int:
    from great_harbor.data import CatalogueError, load_catalogue
    from great_harbor.record import RecordError
    from great_harbor.saves import SaveError, write_atomic
    from great_harbor.session import Session

    try:
        cat = load_catalogue(data_dir(args.data))
    except CatalogueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    path = resolve_record(args.file, args.saves_dir)
    try:
        session = Session.load(cat, path, force=args.force, autosave=False)
    except RecordError as exc:
        print(f"error: {path.name}: {exc}", file=sys.stderr)
        return 1
    for warning in session.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    text = session.log_text()
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        write_atomic(args.output, text, kept="nothing was written")
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"Wrote the log of {path.name} ({len(session.game.s.log)} lines) to {args.output}.")
    return 0


def _refusal(name: str, exc: Exception) -> str:
    """A RecordError as the one line the command line prints."""
    text = str(exc)
    if getattr(exc, "forceable", False):
        text = text.removesuffix("; use force to try it anyway") + " (add --force to try it anyway)"
    return f"error: {name}: {text}"


def load_session(name: str, folder: Path | None, force: bool, data: Path | None = None) -> Any:
    """``play --load``: the saved game as a Session (autosave goes on in its file), or the exit
    status after printing why it cannot be opened. ``data``: the catalogue folder (default: shipped)."""
    from great_harbor.data import CatalogueError, load_catalogue
    from great_harbor.record import RecordError
    from great_harbor.session import Session

    try:
        cat = load_catalogue(data, cache=True)  # the game starts next: take the checked catalogue kept
    except CatalogueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    path = resolve_record(name, folder)
    try:
        session = Session.load(cat, path, force=force)
    except RecordError as exc:
        print(_refusal(path.name, exc), file=sys.stderr)
        return 1
    for warning in session.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return session


def cmd_replay(args: argparse.Namespace) -> int:
    from great_harbor.cli import run_app
    from great_harbor.data import CatalogueError, load_catalogue
    from great_harbor.record import RecordError
    from great_harbor.replay import Replay

    try:
        cat = load_catalogue(data_dir(args.data), cache=True)  # the replay viewer starts next
    except CatalogueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
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
