"""Pass-and-play: the table is hidden until the next person confirms they have the keyboard."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from great_harbor.engine.describe import prompt
from great_harbor.engine.game import SeatView

from ..style import player_text
from ..widgets.displays import round_text


class HandOffScreen(Screen[int]):
    """Covers the whole table; Enter hands it to ``seat``."""

    BINDINGS = [
        Binding("enter", "ready", "I am ready"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(self, view: SeatView, seat: int) -> None:
        """``view``: what everyone may see (the table is covered until ``seat`` is at the keyboard)."""
        super().__init__()
        self.game = view
        self.seat = seat

    def compose(self) -> ComposeResult:
        p = self.game.s.players[self.seat]
        card = Text("Pass the keyboard to\n\n", justify="center")
        card.append_text(player_text(p.seat, p.name))
        card.append("\n\n")
        card.append_text(round_text(self.game))
        card.append("\n")
        top = self.game.pending
        if top is not None and not top.data.private:  # a private choice is shown to its seat only
            card.append(prompt(self.game) + "\n", style="italic")
        card.append("\n")
        card.append(f"{p.name}: press Enter when nobody else is looking.", style="bold")
        with Middle():
            with Center():
                yield Static(card, id="handoff-card")
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(self.seat)
