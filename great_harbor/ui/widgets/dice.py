"""The dice and the players: the rolled pool during the draft and who drafts next; for every
player their drafted dice, their place in the turn order, and a short summary (Prestige tokens,
coins, Favor, Smuggler tokens, cards in hand)."""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine import Game
from great_harbor.engine.state import PlayerState

from ..style import DIM, die_text, player_text, symbol
from .panel import Panel

ORDINALS = ("1st", "2nd", "3rd", "4th")
DICE_WIDTH = 26  # name and dice column, before the summary


class DicePanel(Panel):
    """One line per player when wide enough, else the summary goes on a second line."""

    def show(self, game: Game) -> None:
        self.game = game
        self.set_text(dice_text(game, self.content_region.width or 77))

    def on_resize(self) -> None:
        if getattr(self, "game", None) is not None:
            self.set_text(dice_text(self.game, self.content_region.width or 77))


def summary(p: PlayerState, short: bool = False) -> Text:
    if p.automa:  # no coins, Favor or hand: its Prestige, Smuggler tokens and colonists waiting
        if short:
            return Text(f"{p.prestige} Prest. {p.smuggler} Smug. {p.automa_colonists} col.")
        return Text(f"{p.prestige} Prestige · {p.smuggler} Smug. · {p.automa_colonists} colonists waiting")
    if short:
        return Text(f"{p.prestige} Prest. {p.coins}c {p.favor} Fav. {p.smuggler} Smug. hand {len(p.hand)}")
    return Text(f"{p.prestige} Prestige · {p.coins}c · {p.favor} Favor · {p.smuggler} Smug. · hand {len(p.hand)}")


def dice_text(game: Game, width: int = 77) -> Text:
    s = game.s
    lines: list[Text] = []
    pool = Text("Pool   ", style="bold")
    if s.pool:
        for d in s.pool:
            pool.append_text(die_text(d, s.faces[d]))
            pool.append(" ")
        if s.draft_order:
            pool.append(" next: ", style=DIM)
            pool.append(" ".join(symbol(x) for x in s.draft_order[:4]))
    else:
        pool.append("all drafted", style=DIM)
    lines.append(pool)
    order = s.turn_order if s.phase != "draft" else []
    for p in s.players:
        row = player_text(p.seat, p.name)
        row.pad_right(max(0, 10 - row.cell_len))
        if p.drafted:
            for d in p.drafted:
                row.append_text(die_text(d, s.faces[d], s.die_bonus.get(str(d), 0)))
                if d in s.die_wild:
                    row.append("(wild)", style=DIM)
                if d in s.die_no_fee:
                    row.append("(no fee)", style=DIM)
                row.append(" ")
            row.append(f"={sum(s.faces[d] for d in p.drafted)}", style=DIM)
        elif p.automa:  # it drafts first and places each die at once: it holds none
            row.append("drafts first" if s.phase == "draft" else "acted in draft", style=DIM)
        else:
            row.append("—", style=DIM)
        if p.seat in order:
            pos = order.index(p.seat)
            row.append(f" {ORDINALS[pos]}", style=DIM)
            if pos == s.active and s.phase == "actions":
                row.append("◀", style="bold")
        tail = summary(p)
        if row.cell_len < DICE_WIDTH and DICE_WIDTH + tail.cell_len <= width:
            row.pad_right(DICE_WIDTH - row.cell_len)
            row.append_text(tail)
            lines.append(row)
        else:
            lines.append(row)
            indent = Text("  ")
            indent.append_text(summary(p, short=True))
            lines.append(indent)
    return Text("\n").join(lines)
