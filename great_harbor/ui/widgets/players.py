"""A compact line for every player: Prestige tokens and the final score if the game ended now,
other tokens, resources, colonists, ships, hand size."""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine import Game
from great_harbor.engine.names import plural
from great_harbor.engine.state import OUTBOUND, RESOURCES, RETURNING

from ..style import DIM, flow, player_text
from .panel import Panel


def summary_parts(game: Game, seat: int) -> list[Text]:
    """A player's summary in parts :func:`~great_harbor.ui.style.flow` keeps whole."""
    p = game.s.players[seat]
    first = player_text(seat, p.name, p.automa)
    first.pad_right(max(0, 18 - first.cell_len))
    first.append(f"{p.prestige} Prestige tokens", style="bold")
    # Beside the tokens, what they will be worth: the tokens alone mislead (cards, structures and
    # Smuggler tokens score at the end).
    total = game.projected_scores()[seat]["total"]
    parts = [first, Text(f"{total} Prestige if the game ended now", style="bold")]
    if p.automa:  # no coins, Favor, resources or hand
        parts += [Text(f"{p.smuggler} Smug.", style="bold"),
                  Text(f"{plural(p.automa_colonists, 'colonist')} waiting", style=DIM)]
    else:
        parts += [Text(f"{p.coins}c", style="bold"), Text(f"{p.favor} Favor", style="bold"),
                  Text(f"{p.smuggler} Smug.", style="bold"),
                  Text(" ".join(f"{p.resources[r]} {r.capitalize()}" for r in RESOURCES), style=DIM),
                  Text(f"{p.free_colonists} col.", style=DIM)]
    ships = [sh for sh in p.docks if sh is not None]
    at_sea = sum(1 for sh in ships if sh.where in (OUTBOUND, RETURNING))
    persons = sum(len(x) for x in p.person_slots)
    parts.append(Text(plural(len(ships), "ship") + (f" ({at_sea} at sea)" if at_sea else ""), style=DIM))
    parts += [Text(plural(persons, "Person"), style=DIM), Text(f"{len(p.buildings)} Bldg.", style=DIM)]
    if not p.automa:  # it has no hand
        parts.append(Text(f"hand {len(p.hand)}", style=DIM))
    if p.retired_ships:  # they still score
        parts.append(Text(f"{len(p.retired_ships)} retired", style=DIM))
    return parts


class PlayersSummary(Panel):
    """Every player in one line each; the player whose decision is pending is marked."""

    def show(self, game: Game, current: int | None) -> None:
        self._args = (game, current)
        self._draw()

    def _draw(self) -> None:
        game, current = self._args
        width = self.content_region.width or 146
        lines: list[Text] = []
        for seat in range(len(game.s.players)):
            # A line per player as long as it fits; the rest on the next line, under the name.
            parts = summary_parts(game, seat)
            lines += flow("▸ " if seat == current else "", parts, width, label_width=2, indent=20)
        self.set_text(Text("\n").join(lines))

    def on_resize(self) -> None:
        if getattr(self, "_args", None) is not None:
            self._draw()
