"""Each player's record across the saved games (reached from the new-game screen and the palette).

On the left every person by name, then the Automa and each rival level; on the right the one
highlighted: games finished and won, the win rate by number of seats and by kind of opponent,
average and best Prestige, the average of each scoring item, the hints used, and the last ten
results, with their Prestige as a sparkline (Textual's own: one series on its own scale is what it
is made for). The statistics are read in a thread (:mod:`great_harbor.stats`): the first time, a
large folder's records are replayed, which takes a while; after that the cache answers at once."""

from __future__ import annotations

from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Sparkline, Static
from textual.widgets.option_list import Option

from great_harbor.data import Catalogue
from great_harbor.stats import (
    ITEM_SHORT,
    OPPONENT_WORDS,
    PlayerStats,
    StatsReport,
    place_word,
    rate,
    stats_report,
)

from ..lookup_topics import Topic
from ..served import is_served
from ..style import DIM


class StatsScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+q", "app.quit", "Quit", id="quit"),
    ]

    DEFAULT_CSS = """
    #stats-box { padding: 0 1; }
    #stats-head { height: auto; margin-bottom: 1; }
    #stats-players { width: 34; height: 1fr; }
    #stats-detail { width: 1fr; height: 1fr; padding: 0 1; }
    #stats-trend { height: 2; width: 40; margin: 0 0 1 0; }
    #stats-trend-label { height: 1; }
    #stats-skipped { height: auto; max-height: 4; }
    """

    def __init__(self, folder: Path, catalogue: Catalogue) -> None:
        super().__init__()
        self.folder = folder
        self.catalogue = catalogue
        self.report: StatsReport | None = None
        self.players: list[PlayerStats] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="stats-box"):
            yield Static(Text("Reading the saved games…", style=DIM), id="stats-head")
            with Horizontal():
                yield OptionList(id="stats-players")
                with VerticalScroll(id="stats-detail"):
                    yield Static(id="stats-summary")
                    yield Static(id="stats-trend-label")
                    yield Sparkline([], id="stats-trend")
                    yield Static(id="stats-tables")
            yield Static(id="stats-skipped")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#stats-trend", Sparkline).display = False
        self.run_worker(self._read, thread=True, exclusive=True, group="stats")

    def _read(self) -> None:
        def told(done: int, total: int) -> None:  # the first reading of many games takes a while: say so
            if done % 10 == 0:
                self.app.call_from_thread(self._reading, done, total)

        report = stats_report(self.folder, self.catalogue, progress=told)
        self.app.call_from_thread(self.show_report, report)

    def _reading(self, done: int, total: int) -> None:
        if self.report is None:
            self.query_one("#stats-head", Static).update(
                Text(f"Reading the saved games… {done} of {total} (only the first time: then they are kept)",
                     style=DIM))

    # --- showing ------------------------------------------------------------------------------

    def show_report(self, report: StatsReport) -> None:
        self.report = report
        self.players = [*report.people, *report.computers]
        where = "on this server" if is_served(self.app) else f"in {self.folder}"
        head = Text("Each player's record", style="bold")
        head.append(f" · {report.finished} game{'s' * (report.finished != 1)} finished, {report.in_progress} in "
                    f"progress {where}")
        if not self.players:
            head.append("\nNo games yet: a finished game adds its players here.", style=DIM)
        self.query_one("#stats-head", Static).update(head)
        options = self.query_one("#stats-players", OptionList)
        options.clear_options()
        for i, stats in enumerate(self.players):
            if i == len(report.people) and report.people:
                options.add_option(None)  # a line between the people and the computer's side
            label = Text(stats.name, style="bold")
            label.append(f"  {stats.finished} played, {stats.wins} won", style=DIM)
            options.add_option(Option(label, id=str(i)))
        if report.skipped:
            lines = [f"skipped {s.file}: {s.reason}" for s in report.skipped]
            self.query_one("#stats-skipped", Static).update(Text("\n".join(lines), style=DIM))
        if self.players:
            options.highlighted = 0
            options.focus()
            self.show_player(self.players[0])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None and self.players:
            self.show_player(self.players[int(event.option.id)])

    def show_player(self, stats: PlayerStats) -> None:
        self.query_one("#stats-summary", Static).update(summary(stats))
        trend = self.query_one("#stats-trend", Sparkline)
        results = list(reversed(stats.last_results))  # oldest first, as a line is read
        trend.display = len(results) > 1
        trend.data = [r.prestige for r in results]
        trend.styles.width = max(2, min(40, 4 * len(results)))  # a few cells a game: a bar per game
        label = (f"Prestige in the last {len(results)} games, oldest first: "
                 + " ".join(str(r.prestige) for r in results)) if len(results) > 1 else ""
        self.query_one("#stats-trend-label", Static).update(Text(label, style=DIM))
        self.query_one("#stats-tables", Static).update(tables(stats))

    def context_topic(self) -> Topic:
        return Topic("end-of-game", "final scoring")

    def action_back(self) -> None:
        self.dismiss(None)


def summary(stats: PlayerStats) -> Text:
    out = Text(stats.name, style="bold")
    out.append(f": {stats.finished} game{'s' * (stats.finished != 1)} finished")
    if stats.in_progress:
        out.append(f", {stats.in_progress} in progress")
    if stats.finished:
        out.append(f"\nwon {rate(stats)} · Prestige {stats.average_prestige:g} on average, best {stats.best_prestige}")
        if stats.kind == "person":
            out.append(f" · hints: {stats.hints} asked for in their games")
    return out


def tables(stats: PlayerStats) -> Table:
    """Wins by seats and by opponents, the average of each item, the last results: side by side
    where they fit, as a grid of small tables."""
    grid = Table.grid(padding=(0, 3))
    if not stats.finished:
        return grid
    wins = Table(title="Won", title_justify="left", show_header=False, box=None, padding=(0, 1))
    wins.add_column("")
    wins.add_column("won", justify="right")
    for n, tally in stats.by_seats.items():
        wins.add_row(f"{n} seats", rate(tally))
    for kind, tally in stats.by_opponents.items():
        wins.add_row(f"against {OPPONENT_WORDS.get(kind, kind)}", rate(tally))
    items = Table(title="Prestige on average", title_justify="left", show_header=False, box=None, padding=(0, 1))
    items.add_column("")
    items.add_column("", justify="right")
    for key, value in stats.average_items.items():
        items.add_row(ITEM_SHORT[key], f"{value:g}")
    items.add_row(Text("total", style="bold"), Text(f"{stats.average_prestige:g}", style="bold"))
    grid.add_row(wins, items)
    count = len(stats.last_results)
    last = Table(title=f"Last {count} results" if count > 1 else "Last result", title_justify="left", box=None,
                 padding=(0, 1))
    for name in ("date", "place", "Prestige", "against"):
        last.add_column(name, justify="right" if name == "Prestige" else "left")
    for result in stats.last_results:
        place = Text("won", style="bold") if result.won else Text(f"{place_word(result.place)} of {result.seats}")
        last.add_row(result.date[:10], place, str(result.prestige), ", ".join(result.opponents))
    outer = Table.grid()
    outer.add_row(grid)
    outer.add_row("")
    outer.add_row(last)
    return outer
