"""The Automa's board: one track per die colour with the icon on each space, the bridges between
neighbouring tracks, its markers, and what the next die of each colour would give it.

Drawn from the catalogue (``automa_board``) and the Automa's state (``automa_track``,
``automa_bridges``), so an edited board shows as it is::

    Board   0     1     2     3     4     5     6     7      next die
    red     ·     Ship  Col●  ·     +4P   Ship  ·     +6P    → nothing
                              ⇕+2P              ⇕Bldg
    blue    ●     Pers  Ship  ...
"""

from __future__ import annotations

from rich.text import Text

from great_harbor.data.models import AutomaBoard
from great_harbor.engine import Game
from great_harbor.engine.state import PlayerState

from ..style import COLOUR_STYLES, DIM

CELL = 6
LABEL = 8
ICONS = {"ship": "Ship", "building": "Bldg", "person": "Pers", "colonist": "Col"}
LEGEND = ("● marker · underlined: the next space · ⇕ bridge: done when both markers are on or past it (✓)",
          "Bldg Building · Pers Person · Col Colonist · +4P 4 Prestige")


def icon_words(icon: str, amount: int) -> str:
    """An icon in at most four characters: ``Ship``, ``Col``, ``+4P`` (Prestige), ``2Col``."""
    if icon == "prestige":
        return f"+{amount}P"
    word = ICONS.get(icon, icon[:4].capitalize())
    return word if amount == 1 else f"{amount}{word}"[:5]


def next_gain(board: AutomaBoard, p: PlayerState, colour: str) -> str:
    """What the next die of ``colour`` gives the Automa: the icon on the next space and any bridge
    that space completes."""
    pos = p.automa_track[colour]
    if pos >= board.length - 1:
        return "end of track"
    space = pos + 1
    track = next(t for t in board.tracks if str(t.colour) == colour)
    gains = [icon_words(str(sp.icon), sp.amount) for sp in track.spaces if sp.space == space]
    for i, bridge in enumerate(board.bridges):
        tracks = [str(c) for c in bridge.tracks]
        if colour not in tracks or bridge.space != space or i in p.automa_bridges:
            continue
        other = tracks[1] if tracks[0] == colour else tracks[0]
        if p.automa_track[other] >= space:
            gains.append(icon_words(str(bridge.icon), bridge.amount) + " (bridge)")
    return " ".join(gains) or "nothing"


def automa_board_lines(game: Game, p: PlayerState, legend: bool = True) -> list[Text]:
    """The board as lines of at most 77 cells for the shipped board (a legend under it)."""
    board = game.cat.automa_board
    lines: list[Text] = []
    head = Text(f"{'Board':<{LABEL}}", style="bold")
    for space in range(board.length):
        head.append(f"{space:<{CELL}}", style=DIM)
    head.append("next die", style=DIM)
    lines.append(head)
    tracks = [str(t.colour) for t in board.tracks]
    for k, track in enumerate(board.tracks):
        colour = str(track.colour)
        pos = p.automa_track[colour]
        icons = {sp.space: icon_words(str(sp.icon), sp.amount) for sp in track.spaces}
        row = Text(f"{colour:<{LABEL}}", style=COLOUR_STYLES[colour])
        for space in range(board.length):
            word = icons.get(space, "·")
            if space == pos:
                cell = Text("●", style=f"bold {COLOUR_STYLES[colour]}")
                cell.append(word if space in icons else "", style="bold")
            elif space < pos:
                cell = Text(word, style=DIM)  # done
            elif space == pos + 1:
                cell = Text(word, style="bold underline")  # what the next die of this colour does
            else:
                cell = Text(word)
            cell.pad_right(CELL - cell.cell_len)
            row.append_text(cell)
        row.append("→ " + next_gain(board, p, colour), style="bold")
        lines.append(row)
        if k + 1 < len(tracks):
            lines.append(_bridge_line(board, p, colour, tracks[k + 1]))
    if legend:
        lines += [Text(line, style=DIM) for line in LEGEND]
    return lines


def _bridge_line(board: AutomaBoard, p: PlayerState, a: str, b: str) -> Text:
    """The bridges between tracks ``a`` and ``b``, each under its space."""
    cells: dict[int, Text] = {}
    for i, bridge in enumerate(board.bridges):
        if {str(c) for c in bridge.tracks} != {a, b}:
            continue
        done = i in p.automa_bridges
        cell = Text("⇕" + icon_words(str(bridge.icon), bridge.amount), style=DIM if done else "")
        if done:
            cell.append("✓", style="bold")
        cells[bridge.space] = cell
    out = Text(f"{'':<{LABEL}}")
    for space in range(board.length):
        cell = cells.get(space, Text())
        cell.pad_right(CELL - cell.cell_len)
        out.append_text(cell)
    out.rstrip()
    return out
