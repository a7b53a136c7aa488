"""Final scoring: every player's Prestige item by item, the winner and the coin tie-break, a bar
chart of the totals, and a new game."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from great_harbor.engine import Game
from great_harbor.engine.game import SeatView
from great_harbor.engine.scoring import ITEM_NAMES, ITEMS, ranking
from great_harbor.progress import Progress

from ..lookup_topics import Topic
from ..messages import NewGame
from ..served import quit_key
from ..style import bar, player_style, player_text, symbol
from ..widgets.prestige_chart import PrestigeChart
from .colony_view import ColonyViewScreen

BAR_WIDTH = 40


def breakdown_table(game: Game) -> Table:
    s = game.s
    table = Table(title="Final scores", title_style="bold", show_lines=False, expand=False)
    table.add_column("Prestige from", no_wrap=True)
    for p in s.players:
        table.add_column(player_text(p.seat, p.name), justify="right")
    for key in ITEMS:
        table.add_row(ITEM_NAMES[key], *(str(sc.get(key, 0)) for sc in s.final_scores))
    table.add_section()
    table.add_row(Text("Total", style="bold"), *(Text(str(sc["total"]), style="bold") for sc in s.final_scores))
    table.add_row("Coins (break a tie)", *(str(p.coins) for p in s.players))
    return table


def verdict(game: Game) -> Text:
    s = game.s
    totals = [sc["total"] for sc in s.final_scores]
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    names = [s.players[i].name for i in s.winners]
    out = Text()
    if len(tied) == 1:
        out.append(f"{symbol(tied[0])} {names[0]} wins with {best} Prestige!", style="bold")
        return out
    tied_names = " and ".join(s.players[i].name for i in tied)
    out.append(f"{tied_names} tie on {best} Prestige. ", style="bold")
    if len(s.winners) == 1:
        w = s.winners[0]
        out.append(f"The most coins break the tie: {symbol(w)} {names[0]} wins with {s.players[w].coins} coins.",
                   style="bold")
    else:
        out.append(f"They have as many coins too ({s.players[s.winners[0]].coins}): "
                   f"{' and '.join(names)} share the victory.", style="bold")
    return out


def bar_chart(game: Game) -> Text:
    """The totals as bars, by rank: the winner first, a tie in the order the coins break it."""
    s = game.s
    top = max((sc["total"] for sc in s.final_scores), default=0)
    lines = []
    for seat in ranking(game, s.final_scores):
        p, sc = s.players[seat], s.final_scores[seat]
        row = player_text(p.seat, p.name)
        row.pad_right(max(0, 14 - row.cell_len))
        row.append(bar(sc["total"], top, BAR_WIDTH) or "▏", style=player_style(p.seat))
        row.append(f" {sc['total']}" + ("  ★ winner" if p.seat in s.winners else ""), style="bold")
        lines.append(row)
    return Text("\n").join(lines)


class GameOverScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("f2", "colonies", "Colonies"),
        Binding("ctrl+q", "app.quit", "Quit", id="quit"),
    ]

    def __init__(self, view: SeatView, hints: int = 0, progress: Progress | None = None) -> None:
        """``view``: the finished game as everyone may see it (every hand is shown at the end);
        ``hints``: how many hints were asked for during the game; ``progress``: how it went, turn
        by turn (from its record; None for a game without one)."""
        super().__init__()
        self.game = view
        self.hints = hints
        self.progress = progress

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="game-over"):
            yield Static(verdict(self.game), id="verdict")
            if self.progress is not None:  # how it went, then where each seat's Prestige came from
                with Center():
                    yield PrestigeChart(self.progress, id="progress-chart")
            with Center():
                yield Static(breakdown_table(self.game), id="breakdown")
            if self.progress is None:  # the totals alone (the chart's last figures say as much)
                yield Static(bar_chart(self.game), id="chart")
            if self.hints:
                yield Static(Text(f"Played with hints: {self.hints} asked for (H at the table).", style="italic"),
                             id="hints-used")
            yield Static(Text(f"Seed {self.game.s.seed} · N starts a new game with the same seats · "
                              f"F2 shows every colony · {quit_key(self.app)} quits", style="dim"), id="over-hint")
        yield Footer()

    def restyle(self) -> None:
        self.refresh(recompose=True)

    def context_topic(self) -> Topic:
        return Topic("end-of-game", "the final scores")

    def action_new_game(self) -> None:
        # The same seats, but not the same seed: that would deal the very same game again.
        self.post_message(NewGame(same_seed=False))

    def action_colonies(self) -> None:
        self.app.push_screen(ColonyViewScreen(self.game, 0))
