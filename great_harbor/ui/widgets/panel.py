"""Base of the board widgets: draws a Rich Text, and skips the work when nothing changed."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class Panel(Static):
    """A Static whose text is replaced only when it differs; the layout is redone only when the
    number of lines changed (panels never wrap: see ``text-wrap`` in app.tcss)."""

    DEFAULT_CSS = """
    Panel { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    _text: Text | None = None

    def set_text(self, text: Text) -> None:
        old = self._text
        if old is not None and text == old:
            return
        layout = old is None or old.plain.count("\n") != text.plain.count("\n")
        self._text = text
        self.update(text, layout=layout)
