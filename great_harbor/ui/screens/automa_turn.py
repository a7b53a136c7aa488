"""The Automa's and the computer rivals' moves, played back one log line at a time so people can follow them."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Static


class AutomaTurnScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("space", "skip", "Skip ahead"),
        Binding("enter", "skip", "Skip ahead", show=False),
        Binding("escape", "skip", "Skip ahead", show=False),
    ]

    def __init__(self, lines: list[str], delay: float, rivals: bool = False) -> None:
        """``rivals``: computer rivals moved too (the rules lookup then opens on them)."""
        super().__init__()
        self.lines = lines
        self.rivals = rivals
        self.delay = delay
        self.shown = 0
        self._timer: Timer | None = None
        self.typed = ""  # letters typed during the playback: the action filter gets them after it

    def on_key(self, event: events.Key) -> None:
        # A player who starts typing wants to act: the playback ends (its lines are in the log)
        # and what they typed goes on into the action filter.
        if event.is_printable and event.character and event.key != "space":
            event.stop()
            event.prevent_default()
            self.typed += event.character
            self.action_skip()

    def compose(self) -> ComposeResult:
        with Vertical(id="automa-box") as box:
            box.border_title = "Meanwhile at the table"
            yield Static(id="automa-lines")
            yield Static(Text("Space or Enter skips ahead · Ctrl+P sets the pace", style="dim"), id="automa-hint")

    def on_mount(self) -> None:
        self.step()
        self._timer = self.set_interval(self.delay, self.step)

    def on_screen_suspend(self) -> None:
        """Another screen on top (the rules lookup, the command palette): hold the playback, or its
        end would close that screen instead of this one."""
        if self._timer is not None:
            self._timer.pause()

    def on_screen_resume(self) -> None:
        if self._timer is not None:
            self._timer.resume()

    def step(self) -> None:
        """Show one more line; after the last, close."""
        if self.shown >= len(self.lines):
            self.action_skip()
            return
        self.shown += 1
        text = Text("\n").join(Text(line) for line in self.lines[: self.shown])
        self.query_one("#automa-lines", Static).update(text)

    def action_skip(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self.dismiss(None)
