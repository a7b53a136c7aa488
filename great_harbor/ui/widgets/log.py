"""The game's log: the engine's event lines, newest last, wrapped to the panel, scrollable."""

from __future__ import annotations

import textwrap

from textual import events
from textual.widgets import Log


class GameLog(Log):
    """Shows the engine's log lines it has not shown yet (a plain Log: light and fast)."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id, max_lines=5000)
        self.source: list[str] = []
        self.shown = 0
        self.reader: int | None = None  # whose secret details the lines show
        self._wrap_width = 0

    def sync(self, lines: list[str], upto: int | None = None, reader: int | None = None) -> None:
        """Show ``lines[:upto]`` (all by default), rendered for ``reader``; starts over if the log
        got shorter (new game) or is now for someone else (a line may hold the last one's secret)."""
        end = len(lines) if upto is None else upto
        fresh = end < self.shown or reader != self.reader
        if fresh:
            self.reader = reader
            self.clear()
            self.source = []
            self.shown = 0
        new = lines[self.shown:end]
        self.source += new
        self.shown = end
        if new:
            self.write_lines(self._wrap(new))
            # Textual's Log follows only while its view is at the end. The table's log follows the
            # game whenever the player is not reading it (F4 gives it the focus), and starts at
            # its newest line for a new reader (after the hand-off): the view kept from the
            # lines cleared away is meaningless.
            if fresh or not self.has_focus:
                self._follow()

    def _follow(self) -> None:
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_blur(self) -> None:
        self._follow()

    def _panel_width(self) -> int:
        return max(20, (self.scrollable_content_region.width or 78) - 1)

    def _wrap(self, lines: list[str]) -> list[str]:
        width = self._wrap_width = self._panel_width()
        out: list[str] = []
        for line in lines:
            out += textwrap.wrap(line, width, subsequent_indent="  ") or [""]
        return out

    def on_resize(self, event: events.Resize) -> None:
        if self.source and self._panel_width() != self._wrap_width:
            self.clear()
            self.write_lines(self._wrap(self.source))
            self._follow()  # rewrapped: the newest line in view again, as before the resize
