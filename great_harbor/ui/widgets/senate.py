"""The Senate board: four colour tracks with their bonuses, every player's marker on each, and the
bonuses between neighbouring tracks."""

from __future__ import annotations

from rich.text import Text

from great_harbor.data.models import SenateBonus
from great_harbor.engine import Game
from great_harbor.engine.supply import current_bonus_mapping

from ..style import COLOUR_STYLES, DIM, PLAYER_STYLES, symbol
from .panel import Panel

CELL = 8
LABEL = 13


def bonus_words(bonus: SenateBonus) -> str:
    """A Senate bonus in at most four characters: +res (the track's Dice Bonus resource), +1c,
    +col, +2P."""
    parts = []
    if bonus.resource:
        parts.append("+res" if bonus.resource == 1 else f"+{bonus.resource}r")
    if bonus.coins:
        parts.append(f"+{bonus.coins}c")
    if bonus.colonists:
        parts.append("+col" if bonus.colonists == 1 else f"+{bonus.colonists}co")
    if bonus.prestige:
        parts.append(f"+{bonus.prestige}P")
    return "".join(parts)


def senate_text(game: Game) -> Text:
    cat = game.cat
    s = game.s
    mapping = current_bonus_mapping(game)
    humans = [p for p in s.players if not p.automa]
    lines: list[Text] = []
    head = Text(f"{'track  res':<{LABEL}}", style=DIM)
    for i in range(cat.senate.length):
        head.append(f"{i:<{CELL}}", style=DIM)
    lines.append(head)
    for track in cat.senate.tracks:
        colour = str(track.colour)
        bonuses = {sp.space: bonus_words(sp.bonus) for sp in track.spaces}
        row = Text(f"{colour:<6} {mapping[colour]}".ljust(LABEL), style=COLOUR_STYLES[colour])
        for i in range(cat.senate.length):
            cell = Text(bonuses.get(i, "" if i else "·"), style=DIM)
            for p in humans:
                if p.senate[colour] == i:
                    cell.append(symbol(p.seat), style=PLAYER_STYLES[p.seat % len(PLAYER_STYLES)])
            cell.truncate(CELL)
            cell.pad_right(CELL - cell.cell_len)
            row.append_text(cell)
        lines.append(row)
    bridges = Text("both reach  ", style=DIM)
    for k, br in enumerate(cat.senate.bridges):
        a, b = (str(c) for c in br.tracks)
        who = "".join(symbol(p.seat) for p in humans if k in p.senate_bridges)
        bridges.append(f"{a[0].upper()}{b[0].upper()}{br.space}{bonus_words(br.bonus)}")
        if who:
            bridges.append(f"✓{who}", style="bold")
        bridges.append("  ")
    lines.append(bridges)
    return Text("\n").join(lines)


class SenateBoard(Panel):
    def show(self, game: Game) -> None:
        self.set_text(senate_text(game))
