"""Keyboard-driven rules lookup: the rules reference in the project's own words, the card glossary
built from the catalogue, and search over both.

``lookup_index(catalogue)`` is the one index the game screen and ``great-harbor rules`` search;
``great_harbor.lookup.links`` maps screen things and engine refusals to its entries (it imports
the engine, so it is not loaded here). The reference and search need only the standard library.

The names below are imported when first used, not with the package: ``great-harbor rules``
answers from its index cache without the glossary's code (see ``index_cache``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from great_harbor.lookup.glossary import build_glossary
    from great_harbor.lookup.reference import Entry, children, get_entry, load_reference
    from great_harbor.lookup.search import (
        Result,
        SearchIndex,
        add_entries,
        default_index,
        lookup_index,
        search,
        shipped_catalogue,
        suggest,
    )

# Each name, and the module that defines it.
_HOME = {
    "build_glossary": "glossary",
    **dict.fromkeys(("Entry", "children", "get_entry", "load_reference"), "reference"),
    **dict.fromkeys(("Result", "SearchIndex", "add_entries", "default_index", "lookup_index", "search",
                     "shipped_catalogue", "suggest"), "search"),
}

__all__ = [
    "Entry",
    "Result",
    "SearchIndex",
    "add_entries",
    "build_glossary",
    "children",
    "default_index",
    "get_entry",
    "load_reference",
    "lookup_index",
    "search",
    "shipped_catalogue",
    "suggest",
]


def __getattr__(name: str) -> object:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # found at once next time
    return value
