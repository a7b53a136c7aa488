"""``great-harbor rules``: the rules lookup on the command line.

Prints the best-matching section or card as text, lists the section tree, or, when nothing
matches, the nearest titles. Links inside an entry print as ``title (entry-id)``; an entry id is
itself a valid query.

A rules question should cost little more than ``great-harbor --help``: the index comes from the
user's cache when it was built from the same files before (``index_cache``), so neither the
catalogue nor the glossary's code is loaded then, and the entry is laid out as plain text
(``plain_text``) rather than through rich's Markdown. On a terminal, titles are bold (unless
``NO_COLOR`` is set); anything else gets plain lines at 80 columns (``COLUMNS`` to change it),
none ending in spaces.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING

from great_harbor.catalogue_folder import default_data_dir
from great_harbor.lookup import index_cache
from great_harbor.lookup.now import confident
from great_harbor.lookup.plain_text import render_markdown
from great_harbor.lookup.reference import Entry
from great_harbor.lookup.search import SearchIndex

if TYPE_CHECKING:
    from great_harbor.data import Catalogue

EXIT_OK = 0
EXIT_NO_MATCH = 1
EXIT_USAGE = 2
OTHER_MATCHES = 4
SUGGESTIONS = 5
WIDTH = 80  # the width of what is not printed to a terminal

USAGE_HINT = (
    "give a QUERY (for example: great-harbor rules shore fee) or --list to see every section; "
    "more with 'great-harbor rules --help'"
)


def load_catalogue(directory: Path | None, *, cache: bool = False) -> Catalogue:
    """The checked catalogue (``CatalogueError`` if it is broken); imported only when the index is
    not in the cache."""
    from great_harbor.data import load_catalogue as load  # start-up: only when the index is built

    return load(directory, cache=cache)


def _index(data: Path | None) -> SearchIndex | None:
    """The lookup index for ``data`` (default: the shipped catalogue), from the cache when it holds
    it. A broken shipped catalogue still leaves the rules reference; a broken catalogue the user
    named is an error."""
    key = index_cache.index_key(data if data is not None else default_data_dir())
    if key is not None and (cached := index_cache.read_index(key)) is not None:
        return cached
    from great_harbor.data import CatalogueError  # start-up: only when the index is built
    from great_harbor.lookup.search import lookup_index  # start-up: as the line above

    try:
        # From the user's cache when checked on an earlier run from the same files (as the game
        # starts): a rules question need not validate the whole catalogue again.
        catalogue = load_catalogue(data, cache=True)
    except CatalogueError as exc:
        if data is not None:
            print(f"error: {exc}", file=sys.stderr)
            return None
        print(f"warning: no card glossary, the catalogue is broken: {exc}", file=sys.stderr)
        from great_harbor.lookup.reference import load_reference  # start-up: only then

        return SearchIndex(load_reference())
    index = lookup_index(catalogue)
    if key is not None:
        index_cache.write_index(key, index)
    return index


def find(index: SearchIndex, query: str) -> tuple[Entry | None, list[Entry]]:
    """The entry a finished query names (an exact entry id, or the best match) and the runners-up."""
    wanted = query.strip()
    if wanted in index:
        return index.get(wanted), []
    results = index.search(wanted, limit=20)
    if not confident(results):  # words that say little: never a confident answer from them
        return None, []
    best = results[0].entry
    others = [result.entry for result in results[1:] if not _inside(index, result.entry, best.id)]
    return best, others[:OTHER_MATCHES]


def _inside(index: SearchIndex, entry: Entry, ancestor: str) -> bool:
    """Is ``entry`` shown as part of ``ancestor`` (a section of a displayed chapter)?"""
    parent = entry.parent
    while parent is not None:
        if parent == ancestor:
            return True
        parent = index.get(parent).parent if parent in index else None
    return False


def markdown(entry: Entry) -> str:
    """One entry as Markdown: title, where it sits (below the top level), then its text."""
    where = f"*{entry.path}*\n\n" if len(entry.breadcrumb) > 1 else ""
    return f"# {entry.title}\n\n{where}{entry.body}"


class _Output:
    """Lines for one stream: bold and dim on a terminal that takes colour, plain elsewhere."""

    def __init__(self, file: IO[str]) -> None:
        self.file = file
        terminal = file.isatty()
        self.styled = bool(os.environ.get("FORCE_COLOR")) or (
            terminal and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb")
        self.width = shutil.get_terminal_size((WIDTH, 24)).columns if terminal else _columns()

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.styled and text.strip() else text

    def dim(self, text: str) -> str:
        return f"\x1b[2m{text}\x1b[0m" if self.styled and text.strip() else text

    def line(self, text: str = "") -> None:
        self.file.write(text + "\n")


def _columns() -> int:
    try:
        return max(int(os.environ.get("COLUMNS", "")), 20)
    except ValueError:
        return WIDTH


def print_tree(index: SearchIndex, out: _Output, parent: str | None = None, depth: int = 0) -> None:
    for entry in index.children(parent):
        title = "  " * depth + entry.title
        out.line(f"{out.bold(title) if depth == 0 else title}{out.dim(f'  {entry.id}')}")
        print_tree(index, out, entry.id, depth + 1)


def _print_entry(entry: Entry, others: list[Entry], out: _Output) -> None:
    bold: Callable[[str], str] = out.bold
    for line in render_markdown(markdown(entry), out.width, bold):
        out.line(line)
    if others:
        out.line(out.dim("Also matching:"))
        for other in others:
            out.line(out.dim(f"  {other.title}  ({other.id})"))


def run(query: str, list_entries: bool = False, data: Path | None = None) -> int:
    """Carry out ``great-harbor rules``; returns the exit code."""
    out = _Output(sys.stdout)
    if not query.strip() and not list_entries:
        print(f"great-harbor rules: {USAGE_HINT}", file=sys.stderr)
        return EXIT_USAGE
    index = _index(data)
    if index is None:
        return EXIT_NO_MATCH
    if not query.strip():
        print_tree(index, out)
        return EXIT_OK

    if list_entries:
        results = index.search(query, limit=20)
        for result in results:
            out.line(f"{out.bold(result.entry.title)}{out.dim(f'  {result.entry.id}')}")
            out.line(f"  {result.entry.path}")
        if results:
            return EXIT_OK
    else:
        entry, others = find(index, query)
        if entry is not None:
            _print_entry(entry, others, out)
            return EXIT_OK

    nearest = index.suggest(query, limit=SUGGESTIONS)
    err = [f"great-harbor rules: nothing matches {query.strip()!r} well"]
    if nearest:
        err += ["Did you mean:", *(f"  {suggestion.title}  ({suggestion.id})" for suggestion in nearest)]
    else:
        err.append("Try other words, or 'great-harbor rules --list' for every section.")
    print("\n".join(err), file=sys.stderr)
    return EXIT_NO_MATCH
