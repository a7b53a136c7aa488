"""Keyboard-driven rules lookup: the rules reference in the project's own words, and search over it.

Pure Python and standard library only, so the command line and the Textual UI can both use it.
"""

from great_harbor.lookup.reference import Entry, children, get_entry, load_reference
from great_harbor.lookup.search import Result, SearchIndex, add_entries, default_index, search, suggest

__all__ = [
    "Entry",
    "Result",
    "SearchIndex",
    "add_entries",
    "children",
    "default_index",
    "get_entry",
    "load_reference",
    "search",
    "suggest",
]
