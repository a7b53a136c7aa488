"""The game's log: the engine's event lines, newest last, scrollable."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from ..style import DIM


class GameLog(RichLog):
    """Appends the engine's log lines it has not shown yet."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id, wrap=True, markup=False, highlight=False, max_lines=2000)
        self.shown = 0

    def sync(self, lines: list[str], upto: int | None = None) -> None:
        """Show ``lines[:upto]`` (all by default); starts over if the log got shorter (new game)."""
        end = len(lines) if upto is None else upto
        if end < self.shown:
            self.clear()
            self.shown = 0
        for line in lines[self.shown:end]:
            self.write(_styled(line))
        self.shown = end


def _styled(line: str) -> Text:
    if line.startswith("Round ") or line.endswith("'s turn.") or line.startswith("Voyage phase"):
        return Text(line, style="bold")
    if line.startswith("End of round") or line.endswith("takes the Anchor."):
        return Text(line, style=DIM)
    return Text(line)
