"""``great-harbor stats``: each player's record across the saved games (see :mod:`great_harbor.stats`).

Kept apart from ``cli.py``; nothing heavy is imported until the command runs."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from great_harbor.cli_saves import DATA_HELP, SAVES_DIR_HELP, data_dir, error
from great_harbor.text import inert


def add_parser(add: Callable[[str], argparse.ArgumentParser]) -> None:
    s = add("stats")
    s.add_argument("--saves-dir", type=Path, metavar="DIR", help=SAVES_DIR_HELP)
    s.add_argument("--data", type=Path, metavar="DIR", help=DATA_HELP)
    s.add_argument("--player", metavar="NAME", help="only this person (the name as played, in any case)")
    s.add_argument("--json", action="store_true",
                   help="print one JSON object ('great-harbor schema stats' prints its JSON Schema)")


def cmd_stats(args: argparse.Namespace) -> int:
    from great_harbor.data import CatalogueError, load_catalogue  # start-up: only for this command
    from great_harbor.saves import SaveError, saves_dir  # start-up: only for this command
    from great_harbor.stats import only, stats_report, text_lines  # start-up: only for this command

    try:
        cat = load_catalogue(data_dir(args.data), cache=True)
    except CatalogueError as exc:
        return error(exc)
    try:
        folder = saves_dir(args.saves_dir)
    except SaveError as exc:
        return error(exc)
    told, done = _bar() if sys.stderr.isatty() else (None, None)
    try:
        report = stats_report(folder, cat, progress=told)
    finally:
        if done is not None:
            done()
    for skipped in report.skipped:
        print(f"warning: skipped {inert(skipped.file)}: {inert(skipped.reason)}", file=sys.stderr)
    if args.player is not None:
        mine = only(report, args.player)
        if mine is None:
            return error(f"no game of {args.player.strip()!r} in {folder}")
        report = mine
    if args.json:
        from great_harbor.stats_model import as_json  # start-up: pydantic only for --json

        print(json.dumps(as_json(report), ensure_ascii=False))
        return 0
    for line in text_lines(report):
        print(inert(line))
    return 0


def _bar() -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """A progress bar on the terminal, shown only once a record has to be read afresh (the first
    reading of many games takes some seconds; after that the cache answers at once): the function
    to tell it, and the one that takes it away."""
    from rich.console import Console
    from rich.progress import Progress  # start-up: only for this command, on a terminal

    bar: list[Progress] = []

    def told(done: int, total: int) -> None:
        if not bar:
            bar.append(Progress(console=Console(stderr=True), transient=True))
            bar[0].start()
            bar[0].add_task("reading the saved games", total=total)
        bar[0].update(bar[0].task_ids[0], completed=done)

    def finished() -> None:
        if bar:
            bar[0].stop()

    return told, finished
