"""The Automa's and the computer rivals' moves (and a voyage nobody at the keyboard decides),
played back one log line at a time so people can follow them.

The box sits over the log, at the bottom left: the harbor, the boards and the players stay in
view, and the app shows the table as it was at the line being read (:class:`PlaybackStep`). F3
still turns the boards' tabs at 120x36."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Static

from ..lookup_topics import Topic
from ..messages import NextBoard, PlaybackStep
from .game import GameScreen

HINT = "Space/Enter skips ahead · F2 colonies · Ctrl+P pace"


class AutomaTurnScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("space", "skip", "Skip ahead"),
        Binding("enter", "skip", "Skip ahead", show=False),
        Binding("escape", "skip", "Skip ahead", show=False),
        Binding("f3", "next_board", "Next board", show=False, id="next-board"),
        # Every colony in full, as the table shows it at the line being read (the playback holds
        # while it is open: see on_screen_suspend).
        Binding("f2", "colonies", "Colonies", show=False),
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
        # and what they typed goes on into the action filter. Once typing has started, Space is
        # typing too (keys typed fast can arrive before the playback has closed).
        if event.is_printable and event.character and (event.key != "space" or self.typed):
            event.stop()
            event.prevent_default()
            self.typed += event.character
            self.action_skip()

    def compose(self) -> ComposeResult:
        compact = self.app.size.width < 160 or self.app.size.height < 45
        self.set_class(compact, "compact")
        with Vertical(id="automa-box") as box:
            box.border_title = "Meanwhile at the table"
            with VerticalScroll(id="automa-scroll"):
                yield Static(id="automa-lines")
            hint = HINT + (" · F3 next board" if compact else "")
            yield Static(Text(hint, style="dim"), id="automa-hint")

    def on_mount(self) -> None:
        scroll = self.query("#automa-scroll")
        if not scroll:  # closed before it was mounted (a new game begun over it): nothing to play
            return
        scroll.first(VerticalScroll).anchor()  # the newest line stays in view
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
        """Show one more line (the table behind shows the game as it was then); after the last, close."""
        if self.shown >= len(self.lines):
            self.action_skip()
            return
        self.shown += 1
        text = Text("\n").join(Text(line) for line in self.lines[: self.shown])
        self.query_one("#automa-lines", Static).update(text)
        self.post_message(PlaybackStep(self.shown))

    def context_topic(self) -> Topic:
        """The rivals' chapter when a computer rival moved in what is played back, else the Automa."""
        if self.rivals:
            return Topic("computer-rivals/why-a-rival-did-that", "a computer rival's move")
        return Topic("automa", "the Automa's turn")

    def action_next_board(self) -> None:
        self.post_message(NextBoard())

    def action_colonies(self) -> None:
        """F2, as at the table: the colonies of the table behind the playback."""
        below = [screen for screen in self.app.screen_stack if isinstance(screen, GameScreen)]
        if below:
            below[-1].action_colonies()

    def action_skip(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self.dismiss(None)
