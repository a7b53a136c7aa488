"""Command line: ``great-harbor [COMMAND]``.

Each subcommand's work lives in its own module and is imported only when used, so that
``validate-data`` or ``rules`` start fast and never load the Textual UI.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from great_harbor import cli_saves


class _Parser(argparse.ArgumentParser):
    """argparse, but errors are one line plus a hint (exit 2), never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n(try '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="great-harbor", description="The Great Harbor in your terminal.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    cli_saves.add_parsers(sub)  # saves, export-log

    v = sub.add_parser("validate-data", help="check a component catalogue and print its counts")
    v.add_argument("directory", nargs="?", type=Path, help="folder of YAML files (default: the shipped catalogue)")
    v.add_argument("--json", action="store_true", help="print the counts as one JSON object")

    rules = sub.add_parser(
        "rules",
        help="look up a rule or a card",
        description="Print the rules section or card that best matches QUERY: words, a card name or\n"
        "number, or an entry id. Small typos are fine.",
        epilog="examples:\n"
        "  great-harbor rules shore fee        how the Shore fee works\n"
        "  great-harbor rules corsair          a card by name (or by number: \"person 21\")\n"
        "  great-harbor rules --list           every section and card, with its id\n"
        "  great-harbor rules --list smuggler  the matches for a query, best first\n\n"
        "With no QUERY and no --list it prints a short hint and exits 2. When nothing matches it prints\n"
        "the nearest titles and exits 1.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rules.add_argument("query", nargs="*", metavar="QUERY", help="what to look up; several words are one query")
    rules.add_argument("--list", action="store_true", dest="list_entries",
                       help="list the sections as a tree; with a QUERY, list its matches instead")
    rules.add_argument("--data", type=Path, metavar="DIR",
                       help="build the card glossary from this catalogue folder (default: the shipped one)")

    sim = sub.add_parser("simulate", help="play random games headless and report")
    sim.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    sim.add_argument("--players", type=_seats, default=4, help="seats in each game, 2-4 (default 4)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed+i")
    sim.add_argument("--check", action="store_true", help="verify the invariants after every action")
    sim.add_argument("--automa", action="store_true", help="make the last seat the Automa")
    sim.add_argument("--shops", action="store_true", help="play with the Harbor Shops variant")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _seats(text: str) -> int:
    value = _positive(text)
    if not 2 <= value <= 4:
        raise argparse.ArgumentTypeError("a game has 2 to 4 seats")
    return value


def cmd_validate_data(args: argparse.Namespace) -> int:
    from great_harbor.data import CatalogueError, load_catalogue

    try:
        cat = load_catalogue(args.directory)
    except CatalogueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    counts = cat.counts()
    if args.json:
        print(json.dumps(counts, sort_keys=True))
    else:
        print(f"Catalogue {cat.directory} is valid (fingerprint {cat.fingerprint}).")
        width = max(map(len, counts))
        for key, value in counts.items():
            print(f"  {key:<{width}}  {value}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from great_harbor.lookup.terminal import run

    return run(" ".join(args.query), list_entries=args.list_entries, data=args.data)


def cmd_simulate(args: argparse.Namespace) -> int:
    from great_harbor.data import CatalogueError, load_catalogue
    from great_harbor.simulate import run

    try:
        cat = load_catalogue()
    except CatalogueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    kwargs = dict(games=args.games, players=args.players, seed=args.seed, check=args.check,
                  automa=args.automa, shops=args.shops)
    if args.json or not sys.stdout.isatty():
        report = run(cat, **kwargs)  # type: ignore[arg-type]
    else:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{args.players}-seat games", total=args.games)
            report = run(cat, progress=lambda n: bar.update(task, completed=n), **kwargs)  # type: ignore[arg-type]
    data = report.as_dict()
    if args.json:
        print(json.dumps(data))
    else:
        _print_report(data)
    return 1 if data["errors"] else 0


def _print_report(data: dict[str, object]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Simulation", show_header=False)
    for key in ("games", "completed", "errors", "seconds", "games_per_second", "actions_per_second",
                "mean_prestige", "min_prestige", "max_prestige", "automa_mean_prestige", "shops_per_game",
                "first_error"):
        if key in data:
            table.add_row(key.replace("_", " "), str(data[key]))
    Console().print(table)


COMMANDS = {
    "validate-data": cmd_validate_data,
    "rules": cmd_rules,
    "simulate": cmd_simulate,
}
COMMANDS.update(cli_saves.COMMANDS)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return COMMANDS[args.command](args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
