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

from ..lookup_topics import Topic, pending_topic
from ..style import player_text
from ..widgets.displays import round_text


class HandOffScreen(Screen[int]):
    """Covers the whole table; Enter hands it to ``seat``."""

    BINDINGS = [
        Binding("enter", "ready", "I am ready"),
        Binding("ctrl+z", "undo", "Undo", show=False),  # says why not: see action_undo
        Binding("ctrl+q", "app.quit", "Quit", id="quit"),
    ]

    def __init__(self, view: SeatView, seat: int, undo_note: str = "") -> None:
        """``view``: what everyone may see (the table is covered until ``seat`` is at the keyboard);
        ``undo_note``: why Ctrl+Z undoes nothing here."""
        super().__init__()
        self.game = view
        self.seat = seat
        self.undo_note = undo_note

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

    def context_topic(self) -> Topic:
        """What the game waits for, in words everyone may read."""
        return pending_topic(self.game)

    def restyle(self) -> None:
        self.refresh(recompose=True)

    def action_undo(self) -> None:
        """Ctrl+Z here undoes nothing (the keyboard is between two people): say why."""
        name = self.game.s.players[self.seat].name
        self.app.bell()
        self.notify(self.undo_note or f"{name} cannot undo now: undo works at the table, once you press Enter.",
                    severity="warning", timeout=6)

    def action_ready(self) -> None:
        self.dismiss(self.seat)
