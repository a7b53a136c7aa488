"""How the game went: every seat's Prestige as it would end, at the end of every turn.

Drawn here from the rows :func:`great_harbor.progress.chart_rows` builds (the same rows
``export-log`` prints), not with Textual's ``Sparkline``: a sparkline scales each line to its own
lowest and highest value, so four of them could not be compared, and it has no place for the
figures or for the marks of a change of the lead. Each seat's row is in its colour and starts
with its symbol; every figure stands beside its bar, so the chart reads the same in NO_COLOR.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from great_harbor.progress import LEAD, SYMBOLS, Progress, chart_rows, items_rows, scale_top

from ..style import DIM, player_style

LEADER = "underline"  # the figure of the seat that would win if the game ended then


def chart_text(progress: Progress) -> Text:
    """The chart as styled text: a line saying what it shows, the turns, a row per seat, the lead."""
    out = Text("How the game went: Prestige as it would end, at the end of each turn\n", style="bold")
    out.append(f"bars on one scale, 0 to {scale_top(progress)} · underlined: who would win then · "
               f"{LEAD} the lead changes\n", style=DIM)
    rows = chart_rows(progress)
    for number, row in enumerate(rows):
        for cell in row:
            style = player_style(cell.seat) if cell.seat is not None else (DIM if number == 0 else "")
            if cell.strong:  # the figure underlined, not the space before it
                figure = cell.text.lstrip()
                out.append(cell.text[:len(cell.text) - len(figure)])
                out.append(figure, style=f"{style} {LEADER}".strip())
            else:
                out.append(cell.text, style=style)
        if number < len(rows) - 1:
            out.append("\n")
    return out


class PrestigeChart(Static):
    """The chart of one game (see :func:`chart_text`)."""

    DEFAULT_CSS = """
    PrestigeChart {
        height: auto;
        width: auto;
        margin-bottom: 1;
    }
    """

    def __init__(self, progress: Progress, *, id: str | None = None) -> None:
        super().__init__(chart_text(progress), id=id)
        self.progress = progress


def items_table(progress: Progress, title: str) -> Table:
    """Where each seat's Prestige came from at the chart's last point, item by item, side by side."""
    table = Table(title=title, title_style="bold", expand=False)
    table.add_column("Prestige from", no_wrap=True)
    for seat, name in enumerate(progress.names):
        table.add_column(Text(f"{SYMBOLS[seat % len(SYMBOLS)]} {name}", style=player_style(seat)), justify="right")
    rows = items_rows(progress)
    for label, values in rows[:-1]:
        table.add_row(label, *values)
    table.add_section()
    label, values = rows[-1]
    table.add_row(Text(label, style="bold"), *(Text(v, style="bold") for v in values))
    return table
