"""``great-harbor rules``: the rules lookup on the command line.

Prints the best-matching section or card as rich Markdown, lists the section tree, or, when nothing
matches, the nearest titles. Links inside an entry print as ``title (entry-id)``; an entry id is
itself a valid query.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import IO

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from great_harbor.data import CatalogueError, load_catalogue
from great_harbor.lookup.now import confident
from great_harbor.lookup.reference import Entry, load_reference
from great_harbor.lookup.search import SearchIndex, lookup_index

EXIT_OK = 0
EXIT_NO_MATCH = 1
EXIT_USAGE = 2
OTHER_MATCHES = 4
SUGGESTIONS = 5

USAGE_HINT = (
    "give a QUERY (for example: great-harbor rules shore fee) or --list to see every section; "
    "more with 'great-harbor rules --help'"
)


def _index(data: Path | None, err: Console) -> SearchIndex | None:
    """The lookup index for ``data`` (default: the shipped catalogue). A broken shipped catalogue
    still leaves the rules reference; a broken catalogue the user named is an error."""
    try:
        # From the user's cache when checked on an earlier run from the same files (as the game
        # starts): a rules question need not validate the whole catalogue again.
        catalogue = load_catalogue(data, cache=True)
    except CatalogueError as exc:
        if data is not None:
            err.print(Text(f"error: {exc}"), soft_wrap=True)
            return None
        err.print(Text(f"warning: no card glossary, the catalogue is broken: {exc}"), soft_wrap=True)
        return SearchIndex(load_reference())
    return lookup_index(catalogue)


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


def render(entry: Entry) -> Markdown:
    """One entry as Markdown: title, where it sits (below the top level), then its text."""
    where = f"*{entry.path}*\n\n" if len(entry.breadcrumb) > 1 else ""
    return Markdown(f"# {entry.title}\n\n{where}{entry.body}", hyperlinks=False)


def print_tree(index: SearchIndex, out: Console, parent: str | None = None, depth: int = 0) -> None:
    for entry in index.children(parent):
        line = Text("  " * depth + entry.title, style="bold" if depth == 0 else "")
        line.append(f"  {entry.id}", style="dim")
        out.print(line, soft_wrap=True)
        print_tree(index, out, entry.id, depth + 1)


# Spaces at the end of a line, and the style codes after them (a forced colour system).
_PADDING = re.compile(r"[ \t]+((?:\x1b\[[0-9;]*m)*)$", re.M)


class _Unpadded:
    """A text file that writes each line without the spaces rich pads it with to the console's
    width: invisible on a screen, but trailing spaces in ``great-harbor rules ... > file``."""

    def __init__(self, file: IO[str]) -> None:
        self._file = file
        self._line = ""  # the part of a line not ended yet
        self.encoding = getattr(file, "encoding", None)  # rich draws its boxes and bullets with it

    def write(self, text: str) -> int:
        head, newline, self._line = (self._line + text).rpartition("\n")
        if newline:
            self._file.write(_PADDING.sub(r"\1", head) + newline)
        return len(text)

    def flush(self) -> None:
        self._file.write(self._line)  # rich ends what it prints with a line break: rarely anything
        self._line = ""
        self._file.flush()


def _console() -> Console:
    """The console for the output: a terminal's as it is, any other unpadded."""
    out = Console()
    if out.is_terminal:
        return out
    return Console(file=_Unpadded(out.file))  # type: ignore[arg-type]  # all of IO that rich uses


def run(query: str, list_entries: bool = False, data: Path | None = None) -> int:
    """Carry out ``great-harbor rules``; returns the exit code."""
    out = _console()
    err = Console(stderr=True)
    if not query.strip() and not list_entries:
        err.print(Text(f"great-harbor rules: {USAGE_HINT}"), soft_wrap=True)
        return EXIT_USAGE
    index = _index(data, err)
    if index is None:
        return EXIT_NO_MATCH
    if not query.strip():
        print_tree(index, out)
        return EXIT_OK

    if list_entries:
        results = index.search(query, limit=20)
        for result in results:
            line = Text(result.entry.title, style="bold")
            line.append(f"  {result.entry.id}", style="dim")
            line.append(f"\n  {result.entry.path}")
            out.print(line, soft_wrap=True)
        if results:
            return EXIT_OK
        entry = None
    else:
        entry, others = find(index, query)
        if entry is not None:
            out.print(render(entry))
            if others:
                out.print(Text("Also matching:", style="dim"))
                for other in others:
                    out.print(Text(f"  {other.title}  ({other.id})", style="dim"), soft_wrap=True)
            return EXIT_OK

    nearest = index.suggest(query, limit=SUGGESTIONS)
    err.print(Text(f"great-harbor rules: nothing matches {query.strip()!r} well"), soft_wrap=True)
    if nearest:
        err.print(Text("Did you mean:"))
        for suggestion in nearest:
            err.print(Text(f"  {suggestion.title}  ({suggestion.id})"), soft_wrap=True)
    else:
        err.print(Text("Try other words, or 'great-harbor rules --list' for every section."), soft_wrap=True)
    return EXIT_NO_MATCH

