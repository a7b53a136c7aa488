"""The coach's panel: the lesson on screen, one page at a time, over the bottom left of the table
(where the log is), with its keys. It shows what the app's coach says; it decides nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

if TYPE_CHECKING:
    from great_harbor.coach import Lesson

KEYS = "Enter/→ next · F5 its rule · L lessons · Esc hide"


class CoachPanel(Static):
    DEFAULT_CSS = """
    CoachPanel {
        dock: bottom;
        overlay: screen;
        width: 80;
        height: auto;
        margin: 0 0 2 0;
        padding: 0 1;
        border: round $accent;
        background: $surface;
    }
    """

    def show_page(self, lesson: Lesson, page: int, number: int, total: int) -> None:
        """Page ``page`` of ``lesson``, the ``number``-th of the ``total`` lessons this game offers."""
        self.border_title = f"Coach · {lesson.title} ({number} of {total})"
        pages = len(lesson.pages)
        self.border_subtitle = (f"page {page + 1} of {pages} · " if pages > 1 else "") + KEYS
        self.update(Text(lesson.pages[page]))
