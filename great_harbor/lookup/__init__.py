"""Keyboard-driven rules lookup: the rules reference in the project's own words, the card glossary
built from the catalogue, and search over both.

``lookup_index(catalogue)`` is the one index the game screen and ``great-harbor rules`` search;
``great_harbor.lookup.links`` maps screen things and engine refusals to its entries (it imports
the engine, so it is not loaded here). The reference and search need only the standard library.
"""

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
