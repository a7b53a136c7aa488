"""Text from outside the program, made safe: seat names that can be trusted, and any untrusted
text made inert before it reaches a terminal.

A terminal obeys the control characters in what it prints: ``ESC ] 2 ; ... BEL`` retitles the
window, other sequences move the cursor, clear the screen or (in some terminals) write files. Seat
names, fields of a record and ids from a catalogue are typed by someone else, so everything the
command line prints from them goes through :func:`inert`, and a seat name may hold no control
character at all (:func:`name_problem`). This module imports nothing of the program: every layer
may use it.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40  # characters in a seat name: the panels show a name whole up to about this

# Characters that are not shown but act: C0 and C1 controls and DEL (category Cc), lone
# surrogates (what a byte that is not UTF-8 becomes in a command-line argument, Cs), the line
# and paragraph separators (Zl, Zp) and the bidirectional overrides and isolates, which reorder
# what follows them on the line.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def unsafe(ch: str) -> bool:
    """Whether the character ``ch`` acts on a terminal or on the layout of a line."""
    return ch in _BIDI or unicodedata.category(ch) in _UNSAFE_CATEGORIES


def inert(text: object) -> str:
    """``str(text)`` with every unsafe character written as a visible escape (``\\x1b``, ``\\u202e``);
    ordinary text, accents and symbols included, is left as it is."""
    s = str(text)
    if s.isprintable():  # the usual case, checked in C: nothing to escape (isprintable excludes all of the above)
        return s
    out = []
    for ch in s:
        if ch == " " or not unsafe(ch):
            out.append(ch)
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a seat's name (one line), or None when it can."""
    if not isinstance(name, str):
        return "a name is text"
    stripped = name.strip()
    if not stripped:
        return "a name cannot be empty"
    bad = next((ch for ch in name if unsafe(ch)), None)
    if bad is not None:
        return f"a name cannot hold control characters ({inert(bad)} in '{inert(name)}')"
    if len(stripped) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters, not {len(stripped)}"
    return None


__all__ = ["MAX_NAME", "inert", "name_problem", "unsafe"]
