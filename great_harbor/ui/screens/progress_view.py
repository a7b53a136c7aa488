"""How a recorded game went, over the replay viewer: the chart of every seat's Prestige as it would
end at the end of each turn, and below it where each seat's Prestige came from (at the end, or if
the game ended now). Everything in it is public: a running game's chart reveals no hand."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from great_harbor.progress import Progress

from ..lookup_topics import Topic
from ..widgets.prestige_chart import PrestigeChart, items_table


class ProgressScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,v", "close", "Back to the replay")]

    DEFAULT_CSS = """
    ProgressScreen {
        align: center middle;
    }
    #progress-view {
        width: auto;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 1 2;
        border: round $primary;
        background: $surface;
    }
    """

    def __init__(self, progress: Progress) -> None:
        super().__init__()
        self.progress = progress

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="progress-view") as box:
            box.border_title = "How the game went" if self.progress.finished else "How the game is going"
            yield PrestigeChart(self.progress, id="progress-chart")
            title = "Final scores" if self.progress.finished else "If the game ended now"
            with Center():
                yield Static(items_table(self.progress, title), id="progress-items")
        yield Footer()

    def context_topic(self) -> Topic:
        return Topic("end-of-game", "final scoring")

    def restyle(self) -> None:
        self.refresh(recompose=True)

    def action_close(self) -> None:
        self.dismiss(None)
