"""The lessons a player has learned in their learning games, kept in the user's settings
(``learned_lessons``: the lesson ids, sorted), so that the next learning game offers only what
is left, or every lesson again when they ask for it.

Like every setting, reading never fails (a missing, unreadable or odd value is nothing learned)
and writing reports a problem in one line."""

from __future__ import annotations

from collections.abc import Iterable

from .settings import load_settings, save_setting

KEY = "learned_lessons"


def learned_lessons() -> frozenset[str]:
    """The ids of the lessons learned in earlier games (those that are text; anything else is left out)."""
    data, _ = load_settings()
    value = data.get(KEY)
    if not isinstance(value, list):
        return frozenset()
    return frozenset(item for item in value if isinstance(item, str))


def remember_learned(lessons: Iterable[str]) -> str | None:
    """Add ``lessons`` to those learned; the one-line problem if the settings cannot be written."""
    return save_setting(KEY, sorted(learned_lessons() | set(lessons)))


def forget_learned() -> str | None:
    """Every lesson is to be offered again ("all again")."""
    return save_setting(KEY, [])
