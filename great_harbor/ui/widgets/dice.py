"""The dice and the players: the rolled pool during the draft and who drafts next; for every
player their drafted dice, their place in the turn order, and a short summary (Prestige tokens and
the final score if the game ended now, coins, Favor, Smuggler tokens, cards in hand)."""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine import Game
from great_harbor.engine.draft import drafted_this_turn
from great_harbor.engine.names import plural
from great_harbor.engine.state import PlayerState, die_label

from ..style import DIM, die_text, flow, join, player_text, symbol
from .panel import Panel

ORDINALS = ("1st", "2nd", "3rd", "4th")
DICE_WIDTH = 26  # name and dice column, before the summary
# What ``31 → 62 Prestige`` means, said once above the players (a newcomer who sees only the
# tokens believes a rival with more of them is ahead, whatever the colonies will score).
LEGEND = "Prestige: tokens → the final score if the game ended now (F2: item by item)"
LEGEND_SHORT = "Prestige: tokens → if it ended now"


class DicePanel(Panel):
    """One line per player when wide enough, else the summary goes on a second line."""

    def show(self, game: Game) -> None:
        self.game = game
        self.set_text(dice_text(game, self.content_region.width or 77))

    def on_resize(self) -> None:
        if getattr(self, "game", None) is not None:
            self.set_text(dice_text(self.game, self.content_region.width or 77))


def automa_draft_words(game: Game, seat: int) -> str:
    """What the Automa did in this turn's draft: it drafts first and places each die at once, so
    once it has taken a die the panel says which (never "drafts first" after it drafted)."""
    if game.s.phase != "draft":
        return "acted in draft"
    taken = [d for d, who in drafted_this_turn(game).items() if who == seat]
    if not taken:
        return "drafts first"
    return "took " + " ".join(die_label(d, game.s.faces[d]) for d in sorted(taken))  # and placed them at once


def prestige_text(p: PlayerState, projected: int, short: bool = False) -> Text:
    """``31 → 62 Prestige``: the tokens, then the final score if the game ended now (see LEGEND)."""
    out = Text(f"{p.prestige}")
    out.append("→" if short else " → ", style=DIM)
    out.append(f"{projected}", style="bold")
    return out.append(" Prest." if short else " Prestige")


def summary(p: PlayerState, projected: int, short: bool = False) -> list[Text]:
    """A player's Prestige (tokens, and the final score if the game ended now), other tokens and
    hand in parts (``short``: the labels abbreviated, never the values)."""
    prestige = prestige_text(p, projected, short)
    if p.automa:  # no coins, Favor or hand: its Prestige, Smuggler tokens and colonists waiting
        if short:
            return [prestige, Text(f"{p.smuggler} Smug."), Text(f"{p.automa_colonists} col.")]
        return [prestige, Text(f"{p.smuggler} Smug."), Text(f"{plural(p.automa_colonists, 'colonist')} waiting")]
    if short:
        return [prestige, Text(f"{p.coins}c"), Text(f"{p.favor} Fav."), Text(f"{p.smuggler} Smug."),
                Text(f"hand {len(p.hand)}")]
    return [prestige, Text(f"{p.coins}c"), Text(f"{p.favor} Favor"), Text(f"{p.smuggler} Smug."),
            Text(f"hand {len(p.hand)}")]


def dice_text(game: Game, width: int = 77) -> Text:
    """The pool and every player's dice and tokens, no line wider than ``width`` (what does not
    fit goes on the next line: a die, a token count is never cut)."""
    s = game.s
    lines: list[Text] = []
    if s.pool:
        dice = [die_text(d, s.faces[d]) for d in s.pool]
        if s.draft_order:
            dice.append(Text("next: ", style=DIM).append(" ".join(symbol(x) for x in s.draft_order[:4]), style=""))
        lines += flow("Pool", dice, width, label_width=7, sep=" ")
    else:
        lines += flow("Pool", [Text("all drafted", style=DIM)], width, label_width=7)
    lines.append(Text(LEGEND if len(LEGEND) <= width else LEGEND_SHORT, style=DIM))
    projected = game.projected_scores()
    order = s.turn_order if s.phase != "draft" else []
    for p in s.players:
        name = player_text(p.seat, p.name)
        name.pad_right(max(0, 10 - name.cell_len))
        parts: list[Text] = []
        for d in p.drafted:
            die = die_text(d, s.faces[d], s.die_bonus.get(str(d), 0))
            if d in s.die_wild:
                die.append("(wild)", style=DIM)
            if d in s.die_no_fee:
                die.append("(no fee)", style=DIM)
            parts.append(die)
        if p.drafted:
            parts.append(Text(f"={sum(s.faces[d] for d in p.drafted)}", style=DIM))
        elif p.automa:  # it drafts first and places each die at once: it holds none
            parts.append(Text(automa_draft_words(game, p.seat), style=DIM))
        else:
            parts.append(Text("—", style=DIM))
        if p.seat in order:
            pos = order.index(p.seat)
            place = Text(ORDINALS[pos], style=DIM)
            if pos == s.active and s.phase == "actions":
                place.append("◀", style="bold")
            parts.append(place)
        row = name.copy()
        row.append_text(parts[0])
        for part in parts[1:]:
            row.append(" ")
            row.append_text(part)
        total = projected[p.seat]["total"]
        full = summary(p, total)
        if row.cell_len < DICE_WIDTH and DICE_WIDTH + sum(t.cell_len + 3 for t in full) - 3 <= width:
            row.pad_right(DICE_WIDTH - row.cell_len)
            lines.append(row.append_text(join(full, " · ")))
            continue
        # Narrow (the 120x36 layout): the dice and the Prestige (beside them when there is room),
        # then the other tokens under them, as many lines as needed.
        first = name.copy().append_text(parts[0])
        prestige, *rest = summary(p, total, short=True)
        lines += flow("", [first, *parts[1:], prestige], width, label_width=0, sep=" ", indent=10)
        lines += flow("", rest, width, label_width=2, sep=" ", indent=2)
    return Text("\n").join(lines)
