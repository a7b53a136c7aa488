"""The top of the new-game screen: Continue the most recent unfinished game, or open the list of
saved games. Nothing shows when the saves folder holds no game."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from great_harbor.record import RecordError
from great_harbor.saves import SaveInfo, in_use

from ..messages import OpenSave, ShowSavedGames
from ..served import is_served
from ..style import DIM


def resume_text(info: SaveInfo) -> Text:
    """``Ana, Ben, Cleo``, ``round 3, turn B, Ben to move`` and when it was last played."""
    out = Text(info.seats_text(), style="bold")
    out.append(f"\n{info.status()}\nlast played {info.when()}", style=DIM)
    return out


class ResumeBar(Vertical):
    def __init__(self, saves: list[SaveInfo], *, id: str | None = None) -> None:  # noqa: A002
        """``saves``: the saves folder's games, most recently played first."""
        super().__init__(id=id)
        self.saves = saves
        self.newest: SaveInfo | None = None

    def compose(self) -> ComposeResult:
        unfinished = [i for i in self.saves if i.ok and not i.finished]
        self.newest = next((i for i in unfinished if not in_use(i.path)), None)  # not one played elsewhere
        self.display = bool(self.saves)
        with Horizontal():
            if self.newest is not None:
                yield Button("Continue", id="continue", variant="success", compact=True)
                yield Static(resume_text(self.newest), id="resume-what")
            else:
                elsewhere = "in another tab" if is_served(self.app) else "in another great-harbor"
                words = f"Every unfinished game is open {elsewhere}." if unfinished else "No unfinished game."
                yield Static(Text(words, style=DIM), id="resume-what")
            yield Button(f"Saved games ({len(self.saves)})", id="saved-games", compact=True)
        error = Static(id="resume-error")
        error.display = False
        yield error

    def on_mount(self) -> None:
        if self.newest is not None:
            # After the screen has put the focus on the first name: the game in progress comes first.
            self.call_after_refresh(self.query_one("#continue", Button).focus)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()  # the new-game screen's own button starts a game
        if event.button.id == "saved-games":
            self.post_message(ShowSavedGames())
            return
        if self.newest is not None:
            self.post_message(OpenSave(self.newest.path, problem=self.cannot_continue))

    def cannot_continue(self, problem: RecordError) -> None:
        """The newest game would not open: say why under the Continue button."""
        if self.newest is None:
            return
        hint = " Ctrl+O lists the saved games: F there opens it anyway." if problem.forceable else ""
        message = str(problem).removesuffix("; use force to try it anyway")
        error = self.query_one("#resume-error", Static)
        error.update(Text(f"Cannot continue {self.newest.name}: {message}.{hint}", style="bold"))
        error.display = True
        self.app.bell()
