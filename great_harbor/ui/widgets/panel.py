"""Base of the board widgets: draws a Rich Text, and skips the work when nothing changed."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class Panel(Static):
    """A Static whose text is replaced only when it differs; the layout is redone only when the
    text's number of lines is not the height the panel has (panels never wrap and their height is
    their text's: see ``text-wrap`` below and app.tcss)."""

    DEFAULT_CSS = """
    Panel { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    _text: Text | None = None

    def set_text(self, text: Text) -> None:
        old = self._text
        if old is not None and text == old:
            return
        # Compared with the laid-out height, not the old text's lines: a panel rebuilt by a resize
        # may have been given the height of a text built for another width.
        layout = old is None or text.plain.count("\n") + 1 != self.size.height
        self._text = text
        self.update(text, layout=layout)
        if layout and self.size.height:
            # A panel drawn before its first layout (no width yet) asks for a layout, and asks
            # again when its real width gives the text more lines; Textual carries out only the
            # first request if both come before it lays the screen out, and the panel would keep
            # the first text's height. One more request after the next refresh settles it.
            self.call_after_refresh(self.refresh, layout=True)
