"""Plain-text captures of the running app's screen (for screens.md and tests)."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from textual.app import App


def screen_text(app: App[Any]) -> str:
    """The current screen as plain text, one line per terminal row, trailing spaces removed."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    text = console.export_text(styles=False)
    lines = [line.rstrip() for line in text.splitlines()]
    return "\n".join(lines[:height]).rstrip("\n") + "\n"
