"""Every saved game in the saves folder, newest first: continue one, replay one.

A file that cannot be read is listed too, with the reason. A record made with another catalogue
or program version is refused with the reason when opened; F opens it anyway."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from great_harbor.record import RecordError
from great_harbor.saves import SaveInfo, list_saves

from ..messages import OpenSave
from ..served import is_served
from ..style import DIM

FORCE_SUFFIX = "; use force to try it anyway"
STATUS_WIDTH = 48  # the "where the game stands" column, so that the list fits 120 columns


class SavedGamesScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "open", "Continue / replay", show=True, priority=False),
        Binding("r", "replay", "Replay"),
        Binding("f", "force", "Open anyway"),
        Binding("escape", "back", "Back"),
        Binding("ctrl+q", "app.quit", "Quit", id="quit"),
    ]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.saves: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box") as box:
            box.border_title = "Saved games"
            yield Static(id="saves-folder")
            yield DataTable(id="saves-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="saves-detail")
        yield Footer()

    def on_mount(self) -> None:
        self.saves = list_saves(self.folder)
        table = self.query_one(DataTable)
        table.add_columns("Last played", "Seats", "Where the game stands", "File")
        for info in self.saves:
            status = info.status()  # a long reason is cut here; the line under the list has it whole
            status = status if len(status) <= STATUS_WIDTH else status[: STATUS_WIDTH - 1] + "…"
            table.add_row(info.when(), info.seats_text() or "?", Text(status, style="bold red" if info.problem else ""),
                          info.name)
        count = f"{len(self.saves)} saved game{'s' if len(self.saves) != 1 else ''}" if self.saves else "No saved games"
        where = "on this server" if is_served(self.app) else f"in {self.folder}"  # a browser: not the server's folders
        self.query_one("#saves-folder", Static).update(Text(f"{count} {where}", style=DIM))
        table.focus()
        self.describe_row()

    # --- the highlighted game ---------------------------------------------------------------

    def current(self) -> SaveInfo | None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        return self.saves[row] if self.saves and 0 <= row < len(self.saves) else None

    def say(self, text: Text | str) -> None:
        self.query_one("#saves-detail", Static).update(text)

    def describe_row(self) -> None:
        info = self.current()
        if info is None:
            self.say(Text("New games are saved here after every action. Esc goes back.", style=DIM))
        elif info.problem:
            self.say(Text(f"{info.path.name} cannot be opened: {info.problem}.", style="bold"))
        elif info.finished:
            self.say(Text(f"{info.path.name}: a finished game, {info.actions} actions. Enter or R replays it.",
                          style=DIM))
        else:
            self.say(Text(f"{info.path.name}: {info.actions} actions. Enter continues it, R replays it "
                          "(read-only).", style=DIM))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.describe_row()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    # --- keys -------------------------------------------------------------------------------

    def action_open(self, force: bool = False) -> None:
        info = self.current()
        if info is None:
            return
        if info.problem:
            self.refuse(info, info.problem, forceable=False)
            return
        if info.finished:
            self.action_replay(force)
            return
        self.post_message(OpenSave(info.path, force=force, problem=lambda problem: self.refused(info, problem)))

    def action_replay(self, force: bool = False) -> None:
        info = self.current()
        if info is None:
            return
        if info.problem:
            self.refuse(info, info.problem, forceable=False)
            return
        self.post_message(OpenSave(info.path, force=force, replay=True,
                                   problem=lambda problem: self.refused(info, problem)))

    def action_force(self) -> None:
        self.action_open(force=True)

    def refused(self, info: SaveInfo, problem: RecordError) -> None:
        self.refuse(info, str(problem).removesuffix(FORCE_SUFFIX), problem.forceable)

    def refuse(self, info: SaveInfo, message: str, forceable: bool) -> None:
        text = Text(f"Cannot open {info.path.name}: {message}.", style="bold")
        if forceable:
            text.append(" F opens it anyway (it may not play as it was saved).", style="")
        self.say(text)
        self.app.bell()

    def action_back(self) -> None:
        self.dismiss(None)
