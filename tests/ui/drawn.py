"""Reading a screen once it is drawn: a screen pushed a moment ago may not have been laid out yet
(on a loaded machine one pause is not always enough), and its text is then empty."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.pilot import Pilot

from great_harbor.ui.textshot import screen_text


async def drawn_text(pilot: Pilot[Any], app: App[Any], *, contains: str = "", absent: str = "",
                     steady: bool = False, tries: int = 200) -> str:
    """The screen's text once it shows something (and ``contains``, when given, and not
    ``absent``: what the screen before it showed, still drawn for a moment after it closed);
    ``steady``: and the same again after a pause (a loaded machine may draw a screen in two
    frames, the footer after the rest). After ``tries`` pauses, whatever it shows, for the test's
    assertion to report."""
    before = None
    for _ in range(tries):
        text = screen_text(app)
        if text.strip() and contains in text and not (absent and absent in text):
            if not steady or text == before:
                return text
            before = text
        else:
            before = None
        await pilot.pause()
    return screen_text(app)
