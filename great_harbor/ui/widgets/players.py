"""A compact line for every player: points so far, tokens, resources, colonists, ships, hand size."""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine import Game
from great_harbor.engine.state import OUTBOUND, RESOURCES, RETURNING

from ..style import DIM, player_text
from .panel import Panel


def player_summary(game: Game, seat: int) -> Text:
    s = game.s
    p = s.players[seat]
    out = player_text(seat, p.name, p.automa)
    out.pad_right(max(0, 18 - out.cell_len))
    # short forms as in the Dice and players panel, so that a line fits at 160 columns
    if p.automa:  # no coins, Favor, resources or hand
        out.append(f"{p.prestige} Prestige · {p.smuggler} Smug.", style="bold")
        out.append(f" · {p.automa_colonists} colonists waiting", style=DIM)
    else:
        out.append(f"{p.prestige} Prestige · {p.coins}c · {p.favor} Favor · {p.smuggler} Smug.", style="bold")
        res = " ".join(f"{p.resources[r]} {r}" for r in RESOURCES)
        out.append(f" · {res} · {p.free_colonists} col.", style=DIM)
    ships = [sh for sh in p.docks if sh is not None]
    at_sea = sum(1 for sh in ships if sh.where in (OUTBOUND, RETURNING))
    persons = sum(len(x) for x in p.person_slots)
    out.append(f" · {len(ships)} ships" + (f" ({at_sea} at sea)" if at_sea else ""), style=DIM)
    out.append(f" · {persons} Persons · {len(p.buildings)} Bldg.", style=DIM)
    if not p.automa:  # it has no hand
        out.append(f" · hand {len(p.hand)}", style=DIM)
    if p.retired_ships:  # they still score
        out.append(f" · {len(p.retired_ships)} retired", style=DIM)
    return out


class PlayersSummary(Panel):
    """Every player in one line each; the player whose decision is pending is marked."""

    def show(self, game: Game, current: int | None) -> None:
        lines = []
        for seat in range(len(game.s.players)):
            mark = Text("▸ " if seat == current else "  ", style="bold")
            mark.append_text(player_summary(game, seat))
            lines.append(mark)
        self.set_text(Text("\n").join(lines))
