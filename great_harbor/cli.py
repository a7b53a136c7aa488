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


class _Parser(argparse.ArgumentParser):
    """argparse, but errors are one line plus a hint (exit 2), never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n(try '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="great-harbor", description="The Great Harbor in your terminal.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    v = sub.add_parser("validate-data", help="check a component catalogue and print its counts")
    v.add_argument("directory", nargs="?", type=Path, help="folder of YAML files (default: the shipped catalogue)")
    v.add_argument("--json", action="store_true", help="print the counts as one JSON object")
    return parser


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


COMMANDS = {
    "validate-data": cmd_validate_data,
}


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
