"""How a game went: every seat's Prestige *as it would end* at the end of every turn, from its record.

    progress = progress_of(record, cat)     # replays the record (kept by a digest of it)
    progress.points[-1].totals              # the final scores of a finished game
    chart_lines(progress)                   # the chart as plain text (``export-log``)

The figure at each point is the engine's projected score (:meth:`Game.projected_scores`): what
the table shows beside the Prestige tokens, computed from what everyone may see, so a chart of a
game still running reveals nothing hidden. A point is taken where a turn (Turn A or Turn B of a
round, End of Round steps included) has ended, and the last one is the game as the record leaves
it: the final scores when it is over.

The rows of the chart are data (:func:`chart_rows`: cells that name their seat) so that the
terminal can colour each seat's cells and ``export-log`` can print the very same rows as text.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass

from great_harbor.data import Catalogue
from great_harbor.engine import Action, Game
from great_harbor.engine.scoring import ITEM_NAMES, ITEMS, ranking
from great_harbor.record import GameRecord

BARS = " ▁▂▃▄▅▆▇█"  # a cell's height on the chart's shared scale: blank is nothing yet
LEAD = "↑"  # under the turn at which a seat took the lead, with that seat's symbol
SYMBOLS = ("◆", "●", "▲", "■")  # as the table draws the seats (ui.style.PLAYER_SYMBOLS)
CELL = 5  # columns per turn: a space, up to three digits and the bar


@dataclass(frozen=True)
class Point:
    """The game at the end of one turn: ``label`` ("2B": round 2, Turn B), every seat's projected
    total and the seat that would win if the game ended then (most Prestige, then coins)."""

    label: str
    totals: tuple[int, ...]
    leader: int


@dataclass(frozen=True)
class Progress:
    """A game turn by turn, and where each seat's Prestige came from at its last point."""

    names: tuple[str, ...]
    points: tuple[Point, ...]
    items: tuple[dict[str, int], ...]  # per seat: the final scoring items (projected, if not over)
    finished: bool

    @property
    def lead_changes(self) -> list[int]:
        """The points at which another seat took the lead (the first point is not one)."""
        return [i for i in range(1, len(self.points)) if self.points[i].leader != self.points[i - 1].leader]


def progress_of_game(record: GameRecord, cat: Catalogue) -> Progress:
    """Replay ``record`` and take every seat's projected score at the end of each turn."""
    points: list[Point] = []
    last: list[tuple[int, str]] = []

    def watch(game: Game, action: Action) -> None:
        key = (game.s.round, game.s.turn)
        if last and last[0] != key:  # the turn before this action has ended
            points.append(_point(game, last[0]))
        last[:] = [key]
        game.apply(action)

    game = record.replay(cat, apply=watch)
    end = (game.s.round, game.s.turn)
    final = game.view(None).projected_scores()
    if last and last[0] != end:  # the record stops right after the last action of a turn
        points.append(_point(game, last[0], final))
    else:  # the last turn: over, or still being played ("now")
        points.append(_point(game, end if game.is_over else None, final))
    return Progress(tuple(p.name for p in game.s.players), tuple(points), tuple(final), game.is_over)


def _point(game: Game, key: tuple[int, str] | None, scores: list[dict[str, int]] | None = None) -> Point:
    scores = scores if scores is not None else game.view(None).projected_scores()
    label = f"{key[0]}{key[1]}" if key is not None else "now"
    return Point(label, tuple(sc["total"] for sc in scores), ranking(game, scores)[0])


_CACHE: OrderedDict[str, Progress] = OrderedDict()
_CACHE_SIZE = 32


def progress_of(record: GameRecord, cat: Catalogue) -> Progress:
    """:func:`progress_of_game`, kept by a digest of the record's setup and actions (what of its
    checksum matters here): the final screen and the replay may ask for the same game again."""
    key = _key(record, cat)
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    progress = progress_of_game(record, cat)
    _CACHE[key] = progress
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return progress


def _key(record: GameRecord, cat: Catalogue) -> str:
    seats = [(s.name, s.automa, s.rival) for s in record.seats]
    head = json.dumps([cat.fingerprint, seats, record.seed, record.shops_variant, len(record.actions)])
    digest = hashlib.sha256(head.encode())
    for action in record.actions:
        digest.update(repr(action).encode())
    return digest.hexdigest()


# --- the chart as rows of cells -------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """Some text of the chart and the seat it belongs to (None: labels, axis); ``strong`` for the
    leader's figure at a point."""

    text: str
    seat: int | None = None
    strong: bool = False


Row = list[Cell]


def scale_top(progress: Progress) -> int:
    """The top of the chart's scale, shared by every seat's row."""
    return max((t for p in progress.points for t in p.totals), default=0)


def bar_of(value: int, top: int) -> str:
    """The cell of ``value`` on a scale from 0 to ``top``: eight heights, and blank for nothing."""
    if top <= 0 or value <= 0:
        return BARS[0]
    return BARS[max(1, min(8, round(8 * value / top)))]


def chart_rows(progress: Progress, label_width: int = 14) -> list[Row]:
    """The chart: a header of turns, one row per seat (a bar on the shared scale and the figure at
    the end of every turn, the leader's strong), then a row marking each change of the lead."""
    top = scale_top(progress)
    header: Row = [Cell(f"{'turn':<{label_width}}")]
    header += [Cell(f"{p.label:>{CELL - 1}} ") for p in progress.points]
    rows = [header]
    for seat, name in enumerate(progress.names):
        row: Row = [Cell(_fit(f"{SYMBOLS[seat % 4]} {name}", label_width), seat)]
        for point in progress.points:
            value = point.totals[seat]
            row.append(Cell(f" {value:>3}{bar_of(value, top)}", seat, strong=point.leader == seat))
        rows.append(row)
    changes = set(progress.lead_changes)
    lead: Row = [Cell(f"{'lead taken':<{label_width}}")]
    for i, point in enumerate(progress.points):
        if i in changes:
            lead.append(Cell(f"  {LEAD}{SYMBOLS[point.leader % 4]} ", point.leader))
        else:
            lead.append(Cell(" " * CELL))
    rows.append(lead)
    return rows


def _fit(text: str, width: int) -> str:
    return text[:width - 2].ljust(width) if len(text) > width - 2 else text.ljust(width)


def chart_lines(progress: Progress) -> list[str]:
    """The chart as plain text, with a line saying what it shows and who led when."""
    lines = [f"Prestige as it would end, at the end of every turn ({LEAD} marks a change of the lead; "
             f"bars share one scale, 0 to {scale_top(progress)}):"]
    lines += ["".join(c.text for c in row).rstrip() for row in chart_rows(progress)]
    return lines


def chart_text(progress: Progress) -> str:
    """The chart as it follows a game's log in ``export-log``: a heading, the chart, and for a game
    not over, where each seat's Prestige would come from if it ended now."""
    lines = ["", "How the game went:", *chart_lines(progress)]
    if not progress.finished:
        lines += ["", "If the game ended now:", *items_lines(progress)]
    return "\n".join(lines) + "\n"


def items_rows(progress: Progress) -> list[tuple[str, list[str]]]:
    """Where each seat's Prestige came from at the last point, item by item, side by side (a seat
    without an item, as the Automa without structures, shows a dash)."""
    rows = [(ITEM_NAMES[key], [str(sc[key]) if key in sc else "-" for sc in progress.items]) for key in ITEMS]
    rows.append(("Total", [str(sc.get("total", 0)) for sc in progress.items]))
    return rows


def items_lines(progress: Progress) -> list[str]:
    """:func:`items_rows` as plain text."""
    rows = items_rows(progress)
    label = max(len(name) for name, _ in rows)
    widths = [max(len(n), *(len(values[i]) for _, values in rows)) for i, n in enumerate(progress.names)]
    out = ["  " + " " * label + "".join(f"  {n:>{w}}" for n, w in zip(progress.names, widths, strict=True))]
    for name, values in rows:
        out.append(f"  {name:<{label}}" + "".join(f"  {v:>{w}}" for v, w in zip(values, widths, strict=True)))
    return out


__all__ = ["Cell", "Point", "Progress", "bar_of", "chart_lines", "chart_rows", "chart_text", "items_lines",
           "items_rows", "progress_of", "progress_of_game", "scale_top"]
