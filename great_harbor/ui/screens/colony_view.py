"""Any player's colony in full, from a seat's view: a hand shows only in its owner's view; every
player's final score if the game ended now, and the one shown item by item."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer

from great_harbor.engine.events import ALL_SECRETS
from great_harbor.engine.game import SeatView

from ..lookup_topics import Topic
from ..widgets.colony import ColonyBoard
from ..widgets.players import PlayersSummary


class ColonyViewScreen(ModalScreen[None]):
    BINDINGS = [
        # priority: the scrolling view below would take left/right (and hide them in the footer)
        Binding("left", "cycle(-1)", "Previous player", priority=True),
        Binding("right", "cycle(1)", "Next player", priority=True),
        # The players list above marks the one shown with ▸, as a list's highlight: ↑ ↓ move it
        # too (PgUp, PgDn and the mouse still scroll a colony taller than the screen).
        Binding("up", "cycle(-1)", "Previous player", show=False, priority=True),
        Binding("down", "cycle(1)", "Next player", show=False, priority=True),
        Binding("escape,f2", "close", "Back to the table"),
    ]

    def __init__(self, view: SeatView, seat: int) -> None:
        super().__init__()
        self.game = view
        self.seat = seat

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="colony-view"):
            yield PlayersSummary(id="colony-players")
            yield ColonyBoard(id="colony-full")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        p = self.game.s.players[self.seat]
        own = self.seat == self.game.seat or self.game.seat == ALL_SECRETS or (self.game.is_over and not p.automa)
        box = self.query_one("#colony-view")
        box.border_title = f"Colony of {p.name}" + ("" if own or p.automa else " — hand hidden")  # the Automa has none
        self.query_one(PlayersSummary).show(self.game, self.seat)
        self.query_one(ColonyBoard).show(self.game, self.seat, show_hand=own, breakdown=True)

    def context_topic(self) -> Topic:
        return Topic("colony-board", "the colony board")

    def restyle(self) -> None:
        if self.query(ColonyBoard):  # built: drawn again in the new colours
            self._show()

    def action_cycle(self, step: int) -> None:
        self.seat = (self.seat + step) % len(self.game.s.players)
        self._show()

    def action_close(self) -> None:
        self.dismiss(None)
