"""The dice: the rolled pool during the draft, who drafts next, every player's drafted dice and
the turn order that follows from them."""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine import Game

from ..style import DIM, die_text, player_text, symbol
from .panel import Panel

ORDINALS = ("1st", "2nd", "3rd", "4th")


class DicePanel(Panel):
    def show(self, game: Game) -> None:
        self.set_text(dice_text(game))


def dice_text(game: Game) -> Text:
    s = game.s
    lines: list[Text] = []
    pool = Text("Pool      ", style="bold")
    if s.pool:
        for d in s.pool:
            pool.append_text(die_text(d, s.faces[d]))
            pool.append(" ")
        if s.draft_order:
            pool.append("  drafting next: ", style=DIM)
            pool.append(" ".join(symbol(x) for x in s.draft_order[:4]))
    else:
        pool.append("all drafted", style=DIM)
    lines.append(pool)
    order = s.turn_order if s.phase != "draft" else []
    for p in s.players:
        row = Text("  ")
        row.append_text(player_text(p.seat, p.name))
        row.pad_right(max(0, 12 - row.cell_len))
        if p.drafted:
            for d in p.drafted:
                row.append_text(die_text(d, s.faces[d], s.die_bonus.get(str(d), 0)))
                if d in s.die_wild:
                    row.append("(wild)", style=DIM)
                if d in s.die_no_fee:
                    row.append("(no fee)", style=DIM)
                row.append(" ")
            row.append(f"sum {sum(s.faces[d] for d in p.drafted)}", style=DIM)
        elif p.automa:
            row.append("plays during the draft", style=DIM)
        else:
            row.append("no dice to place", style=DIM)
        if p.seat in order:
            pos = order.index(p.seat)
            row.append(f" · {ORDINALS[pos]}", style=DIM)
            if pos == s.active and s.phase == "actions":
                row.append(" ◀ playing", style="bold")
        lines.append(row)
    return Text("\n").join(lines)
