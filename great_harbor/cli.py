"""Command line: ``great-harbor [COMMAND]``.

Each subcommand's work lives in its own module and is imported only when used, so that
``validate-data`` or ``rules`` start fast and never load the Textual UI.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from great_harbor import __version__, cli_saves, cli_stats
from great_harbor.cli_saves import DATA_HELP, ENV_DATA, data_dir
from great_harbor.text import inert, name_problem

DEBUG_ENV = "GREAT_HARBOR_DEBUG"  # set: an internal error shows its traceback


class _Parser(argparse.ArgumentParser):
    """argparse, but errors are one line plus a hint (exit 2), never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {inert(message)}\n(try '{self.prog} --help')\n")



# The commands in the order the help lists them: what each does, and one example of it.
COMMAND_HELP: dict[str, tuple[str, str]] = {
    "play": ("start a game at the table directly, or go on with a saved one",
             'great-harbor play --players "Ana,Ben" --automa --seed 7'),
    "replay": ("step through a finished or running game, read-only",
               "great-harbor replay 2025-01-31_201500_ana-ben"),
    "learn": ("learn to play: a game against the Automa with a coach who explains each rule when it matters",
              "great-harbor learn --seed 7"),
    "serve": ("play in a browser: each tab that opens the page gets its own game (needs the web extra)",
              "great-harbor serve --port 8000"),
    "saves": ("list saved games: seats, round, date, finished or not", "great-harbor saves --unfinished"),
    "stats": ("each player's record across the saved games: wins by opponents, Prestige, last results",
              "great-harbor stats --player Ana"),
    "export-log": ("write the log of a saved game to a plain-text file",
                   "great-harbor export-log 2025-01-31_201500_ana-ben -o log.txt"),
    "rules": ("look up a rule or a card", "great-harbor rules shore fee"),
    "validate-data": ("check a component catalogue and print its counts", "great-harbor validate-data my-data/"),
    "simulate": ("play random games headless and report", "great-harbor simulate --games 50 --players 3 --check"),
    "schema": ("print the JSON Schema of a game record, of a catalogue file or of the stats",
               "great-harbor schema record > great-harbor-record.schema.json"),
}
SAVES_COMMANDS = ("play", "learn", "replay", "serve", "saves", "stats", "export-log")  # the ones --saves-dir goes with
# --data goes with these:
DATA_COMMANDS = ("play", "learn", "replay", "serve", "stats", "export-log", "rules", "validate-data", "simulate")


def _command_list() -> str:
    width = max(map(len, COMMAND_HELP)) + 2
    lines = ["commands:"]
    for name, (text, example) in COMMAND_HELP.items():
        lines.append(f"  {name:<{width}}{text}")
        lines.append(f"  {'':<{width}}  {example}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="great-harbor",
        usage="great-harbor [--saves-dir DIR] [--data DIR] [COMMAND [OPTIONS]]",
        description="The Great Harbor in your terminal: 2-4 seats passing one keyboard, or one person against\n"
        "the Automa. With no COMMAND it opens the new-game screen (and Continue, when a game is saved).\n\n"
        + _command_list(),
        epilog="Run 'great-harbor COMMAND --help' for the options of a command. --saves-dir and --data may\n"
        "also be given after a command that takes them.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"great-harbor {__version__}",
                        help="print the version and exit")
    parser.add_argument("--saves-dir", type=Path, metavar="DIR", dest="top_saves_dir", help=cli_saves.SAVES_DIR_HELP)
    parser.add_argument("--data", type=Path, metavar="DIR", dest="top_data", help=DATA_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser, help=argparse.SUPPRESS,
                                prog="great-harbor")

    def add(name: str, description: str | None = None, epilog: str | None = None) -> argparse.ArgumentParser:
        """A command's parser: its description (default: its line in the help) and examples."""
        text, example = COMMAND_HELP[name]
        command: argparse.ArgumentParser = sub.add_parser(
            name, help=text, description=description or text[0].upper() + text[1:] + ".",
            epilog=epilog or f"example:\n  {example}", formatter_class=argparse.RawDescriptionHelpFormatter)
        return command

    play = add("play")
    start = play.add_mutually_exclusive_group(required=True)
    start.add_argument("--players", type=_names, metavar="NAMES",
                       help='comma-separated names of the people at the table, e.g. "Ana,Ben"')
    start.add_argument("--load", metavar="FILE",
                       help="go on with a saved game: a record file, or a name as 'great-harbor saves' lists it")
    play.add_argument("--force", action="store_true",
                      help="with --load: try a record made with another catalogue or version")
    play.add_argument("--saves-dir", type=Path, metavar="DIR", help=cli_saves.SAVES_DIR_HELP)
    play.add_argument("--data", type=Path, metavar="DIR", help=DATA_HELP)
    play.add_argument("--automa", action="store_true", help="add the Automa as one more seat")
    play.add_argument("--rivals", type=_levels, default=[], metavar="LEVELS",
                      help="add computer rivals as more seats, one per level: easy, normal or hard "
                           '(e.g. "hard,normal")')
    play.add_argument("--shops", action="store_true", help="play with the Harbor Shops variant")
    play.add_argument("--seed", type=_seed, default=None, help="seed of the game (default: a random game)")

    learn = add("learn")
    learn.add_argument("--seed", type=_seed, default=None,
                       help="seed of the game (default: one in which every lesson's moment comes)")
    learn.add_argument("--saves-dir", type=Path, metavar="DIR", help=cli_saves.SAVES_DIR_HELP)
    learn.add_argument("--data", type=Path, metavar="DIR", help=DATA_HELP)

    cli_saves.add_parsers(add)  # replay, saves, export-log
    cli_stats.add_parser(add)

    serve = add(
        "serve",
        description="Play in a web browser: serve the game on HOST:PORT; every browser tab that opens the page\n"
        "gets a game of its own, starting at the new-game screen (with Continue and the saved games).\n"
        "Needs the web extra: pip install 'great-harbor[web]'.",
        epilog="examples:\n"
        "  great-harbor serve                     then open http://127.0.0.1:8000/ on this computer\n"
        "  great-harbor serve --host 0.0.0.0      let other computers of the network play (read the warning)\n\n"
        "Only this computer can open the page unless --host names another address; then anyone who can\n"
        "reach that address can play and open every game of the saves folder.",
    )
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this computer only); another prints a warning")
    serve.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000; 0: any free one)")
    serve.add_argument("--max-games", type=_positive, default=8, metavar="N",
                       help="most games played at once, one a tab (default 8; each takes about 70 MB); "
                       "a tab over it is told so")
    serve.add_argument("--saves-dir", type=Path, metavar="DIR", help=cli_saves.SAVES_DIR_HELP)
    serve.add_argument("--data", type=Path, metavar="DIR", help=DATA_HELP)

    rules = add(
        "rules",
        description="Print the rules section or card that best matches QUERY: words, a card name or\n"
        "number, or an entry id. Small typos are fine.",
        epilog="examples:\n"
        "  great-harbor rules shore fee        how the Shore fee works\n"
        "  great-harbor rules corsair          a card by name (or by number: \"person 21\")\n"
        "  great-harbor rules --list           every section and card, with its id\n"
        "  great-harbor rules --list smuggler  the matches for a query, best first\n\n"
        "With no QUERY and no --list it prints a short hint and exits 2. When nothing matches it prints\n"
        "the nearest titles and exits 1.",
    )
    rules.add_argument("query", nargs="*", metavar="QUERY", help="what to look up; several words are one query")
    rules.add_argument("--list", action="store_true", dest="list_entries",
                       help="list the sections as a tree; with a QUERY, list its matches instead")
    rules.add_argument("--data", type=Path, metavar="DIR",
                       help=f"build the card glossary from this catalogue folder (default: ${ENV_DATA}, "
                       "else the shipped one)")

    v = add("validate-data")
    v.add_argument("directory", nargs="?", type=Path,
                   help=f"folder of YAML files (default: ${ENV_DATA}, else the shipped catalogue)")
    v.add_argument("--json", action="store_true", help="print the counts as one JSON object")

    sim = add("simulate")
    sim.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    sim.add_argument("--players", type=_seats, default=4, help="seats in each game, 2-4 (default 4)")
    sim.add_argument("--seed", type=_seed, default=0, help="seed of the first game; game i uses seed+i")
    sim.add_argument("--check", action="store_true", help="verify the invariants after every action")
    sim.add_argument("--automa", action="store_true", help="make the last seat the Automa")
    sim.add_argument("--rivals", type=_levels, default=[], metavar="LEVELS",
                     help="computer rivals in the first seats, one per level (e.g. \"hard,normal\"); "
                          "the other seats play at random")
    sim.add_argument("--shops", action="store_true", help="play with the Harbor Shops variant")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    sim.add_argument("--data", type=Path, metavar="DIR", help="play with the catalogue in DIR (default: "
                     f"${ENV_DATA}, else the shipped one)")

    schema = add(
        "schema",
        description="Print a JSON Schema (draft 2020-12) for tools that read or write saves and catalogues:\n"
        "WHAT is 'record' (a saved game, the default), a catalogue file such as 'ships.yaml' (or 'ships'),\n"
        "'stats' (what 'great-harbor stats --json' prints), or 'all' (one object holding every schema by name).",
    )
    schema.add_argument("what", nargs="?", default="record", metavar="WHAT",
                        help="record (default), a catalogue file name, stats, or all")
    return parser


def _merge_top_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--saves-dir`` and ``--data`` given before the command count as if given after it."""
    for option, top, dest, commands in (("--saves-dir", "top_saves_dir", "saves_dir", SAVES_COMMANDS),
                                        ("--data", "top_data", "data", DATA_COMMANDS)):
        before = getattr(args, top)
        after = getattr(args, dest, None)
        if args.command is not None and args.command not in commands and before is not None:
            parser.error(f"{option} does not go with '{args.command}'")
        if before is not None and after is not None and before != after:
            parser.error(f"{option} is given twice, with different folders")
        setattr(args, dest, after if after is not None else before)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {inert(text[:40])!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port is a number from 0 to 65535")
    return value


def _seats(text: str) -> int:
    value = _positive(text)
    if not 2 <= value <= 4:
        raise argparse.ArgumentTypeError("a game has 2 to 4 seats")
    return value


def _levels(text: str) -> list[str]:
    from great_harbor.rival_kinds import LEVELS as RIVAL_LEVELS  # start-up: --help loads nothing more

    levels = [x.strip().lower() for x in text.split(",") if x.strip()]
    wrong = [x for x in levels if x not in RIVAL_LEVELS]
    if not levels or wrong:
        raise argparse.ArgumentTypeError(
            f"rivals are {', '.join(RIVAL_LEVELS)}, separated by commas, not '{inert((wrong or [text])[0][:40])}'")
    return levels


def _seed(text: str) -> int:
    from great_harbor.engine.game import SEED_LIMIT  # here: the engine is not imported for --help (start-up)

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {inert(text[:40])!r}") from None
    if not -SEED_LIMIT <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from {-SEED_LIMIT} to {SEED_LIMIT - 1}")
    return value


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise argparse.ArgumentTypeError(f"every name must be non-empty, got '{inert(text)}'")
    for name in names:
        problem = name_problem(name)  # control characters, bytes that are not UTF-8, too long
        if problem is not None:
            raise argparse.ArgumentTypeError(problem)
    if len({n.casefold() for n in names}) != len(names):
        raise argparse.ArgumentTypeError(f"every player needs a different name, got '{inert(text)}'")
    return names


def cmd_play(args: argparse.Namespace) -> int:
    if args.load is not None and not args.load.strip():
        print("error: --load needs a saved game: its name (see 'great-harbor saves') or its file", file=sys.stderr)
        return 2
    if args.load is not None:
        if args.automa or args.shops or args.seed is not None or args.rivals:
            print("error: --automa, --rivals, --shops and --seed set up a new game; a loaded game keeps its own",
                  file=sys.stderr)
            return 2
        session = cli_saves.load_session(args.load, args.saves_dir, args.force, data=data_dir(args.data))
        if isinstance(session, int):
            return session
        return cli_saves.run_app(saves_dir=args.saves_dir, session=session)
    if args.force:
        print("error: --force goes with --load FILE", file=sys.stderr)
        return 2
    names: list[str] = args.players
    rivals: list[str] = args.rivals
    seats = len(names) + (1 if args.automa else 0) + len(rivals)
    from great_harbor.engine.game import AUTOMA_NAME  # here: the engine is not imported for --help (start-up)

    if AUTOMA_NAME in names:
        print(f"error: only the Automa is called {AUTOMA_NAME!r}; pick another name (add --automa to play "
              "against it)", file=sys.stderr)
        return 2
    if not 2 <= seats <= 4:
        others = " and ".join(x for x in (f"{len(rivals)} rival{'s' * (len(rivals) != 1)}" if rivals else "",
                                          "the Automa" if args.automa else "") if x)
        if args.automa and not rivals:
            print(f"error: with the Automa a game has 1 to 3 people, not {len(names)}", file=sys.stderr)
        elif others:
            print(f"error: a game has 2 to 4 seats, not {seats} ({len(names)} "
                  f"{'person' if len(names) == 1 else 'people'} and {others})", file=sys.stderr)
        else:
            print(f"error: a game has 2 to 4 players, not {len(names)} (add --automa or --rivals to play one "
                  "person against the computer)", file=sys.stderr)
        return 2
    return cli_saves.run_app(players=names, automa=args.automa, seed=args.seed, shops=args.shops,
                             saves_dir=args.saves_dir, data=data_dir(args.data), rivals=rivals)


def cmd_learn(args: argparse.Namespace) -> int:
    from great_harbor.coach import LEARN_SEED  # start-up: only for this command

    return cli_saves.run_app(learn=LEARN_SEED if args.seed is None else args.seed, saves_dir=args.saves_dir,
                             data=args.data)


def cmd_serve(args: argparse.Namespace) -> int:
    from great_harbor.serve import run  # start-up: only for this command

    return run(args.host, args.port, args.saves_dir, data_dir(args.data), args.max_games)


def cmd_validate_data(args: argparse.Namespace) -> int:
    from great_harbor.data import CatalogueError, load_catalogue  # start-up: only for this command

    try:
        cat = load_catalogue(args.directory or data_dir(args.data))
    except CatalogueError as exc:
        return cli_saves.error(exc)
    counts = cat.counts()
    if args.json:
        print(json.dumps(counts, sort_keys=True))
    else:
        print(f"Catalogue {inert(cat.directory)} is valid (fingerprint {cat.fingerprint}).")
        width = max(map(len, counts))
        for key, value in counts.items():
            print(f"  {key:<{width}}  {value}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from great_harbor.lookup.terminal import run  # start-up: only for this command

    return run(" ".join(args.query), list_entries=args.list_entries, data=data_dir(args.data))


def cmd_simulate(args: argparse.Namespace) -> int:
    from great_harbor.data import CatalogueError, load_catalogue  # start-up: only for this command
    from great_harbor.simulate import run  # start-up: only for this command

    try:
        cat = load_catalogue(data_dir(args.data))
    except CatalogueError as exc:
        return cli_saves.error(exc)
    if len(args.rivals) + args.automa > args.players:
        print(f"error: {len(args.rivals)} rivals{' and the Automa' if args.automa else ''} do not fit in "
              f"{args.players} seats (set --players)", file=sys.stderr)
        return 2
    from great_harbor.engine.game import SEED_LIMIT  # start-up: only for this command

    if args.seed + args.games > SEED_LIMIT:  # game i plays seed + i
        print(f"error: {args.games} games from seed {args.seed} would need seeds past {SEED_LIMIT - 1}, the "
              f"largest: give --seed {SEED_LIMIT - args.games} at most", file=sys.stderr)
        return 2
    kwargs = dict(games=args.games, players=args.players, seed=args.seed, check=args.check,
                  automa=args.automa, shops=args.shops, rivals=args.rivals)
    if args.json or not sys.stdout.isatty():
        report = run(cat, **kwargs)
    else:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{args.players}-seat games", total=args.games)
            report = run(cat, progress=lambda n: bar.update(task, completed=n), **kwargs)
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
    for level, row in dict(data.get("rivals") or {}).items():  # type: ignore[call-overload]
        table.add_row(f"{level} rival", f"mean {row['mean_prestige']} Prestige, won {row['win_share']:.0%} "
                                        f"of its games ({row['seats']} seats)")
    Console().print(table)


def cmd_schema(args: argparse.Namespace) -> int:
    from great_harbor.schema import SchemaError, schema_for  # here: pydantic only for this command (start-up)

    try:
        schema = schema_for(args.what)
    except SchemaError as exc:
        print(f"error: {inert(exc)}", file=sys.stderr)
        return 2
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return 0


COMMANDS = {
    "play": cmd_play,
    "learn": cmd_learn,
    "serve": cmd_serve,
    "validate-data": cmd_validate_data,
    "rules": cmd_rules,
    "simulate": cmd_simulate,
    "schema": cmd_schema,
}
COMMANDS.update(cli_saves.COMMANDS)
COMMANDS["stats"] = cli_stats.cmd_stats


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _merge_top_options(parser, args)
    try:
        if args.command is None:
            return cli_saves.run_app(saves_dir=args.saves_dir, data=data_dir(args.data))
        status = COMMANDS[args.command](args)
        sys.stdout.flush()  # here, not at exit: a closed pipe must surface below, not as a traceback
        return status
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``great-harbor rules --list | head``): stop quietly. Python would
        # flush stdout once more on the way out and complain, so point it at /dev/null first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Exception as exc:  # noqa: BLE001 - the last resort: a bug, said in one line
        if os.environ.get(DEBUG_ENV):
            raise
        print(f"error: great-harbor stopped on an internal error ({inert(type(exc).__name__)}: "
              f"{inert(str(exc)[:200])}); set {DEBUG_ENV}=1 to see where, and please report it", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
