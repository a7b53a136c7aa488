"""The shared card displays and markers: round and turn, the Dice Bonus tile, the Person,
Building and Ship displays with their decks, and the three Conversion cards."""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine import Game
from great_harbor.engine.supply import current_bonus_mapping

from ..style import DIM, colour_letter, flow, player_text
from .colony import card_text
from .panel import Panel

PHASES = {
    "draft": "Roll and Draft",
    "actions": "Action phase",
    "voyage": "Voyage phase",
    "final_convert": "Last conversions",
    "over": "Game over",
}

GAIN_WORDS = {
    "prestige": "Prestige",
    "favor": "Favor",
    "colonists": "Colonist",
    "smuggler": "Smuggler",
    "any_resource": "resources",
    "any_luxury": "luxury",
}


def round_text(game: Game, short: bool = False) -> Text:
    """Round, turn, phase and who holds the Anchor; ``short`` for a narrow top line."""
    s = game.s
    rounds = f"{s.round}/{game.cat.supply.rounds}" if short else f"{s.round} of {game.cat.supply.rounds}"
    out = Text(f"Round {rounds} · Turn {s.turn} · {PHASES.get(s.phase, s.phase)}", style="bold")
    out.append(" · Anchor " if short else " · Anchor: ", style=DIM)
    anchor = s.players[s.anchor]
    out.append_text(player_text(anchor.seat, anchor.name))
    return out


def bonus_text(game: Game) -> Text:
    out = Text("Dice Bonus ", style="bold")
    for colour, res in current_bonus_mapping(game).items():
        out.append_text(colour_letter(colour))
        out.append(f"→{res} ")
    left = len(game.s.dice_bonus_stack) - 1
    out.append(f"({left} more tile{'s' if left != 1 else ''})", style=DIM)
    return out


def displays_text(game: Game, width: int = 77) -> Text:
    s = game.s
    cat = game.cat
    lines = [bonus_text(game)]
    lines += flow("Persons", [card_text(game, c) for c in s.person_display] or [Text("empty", style=DIM)], width)
    lines += flow("Buildings", [card_text(game, c) for c in s.building_display] or [Text("empty", style=DIM)],
                  width)
    ships = []
    for size in ("small", "medium", "large"):
        card = s.ship_display.get(size, "")
        ships.append(card_text(game, card) if card else Text(f"no {size} ship", style=DIM))
    lines += flow("Ships", ships, width)
    conv = [Text(f"{cat.supply.convert_coins}c→1 resource")]
    for cid in s.conversions:
        conversion = cat.conversion_cards[cid]
        what = [f"{n} {GAIN_WORDS.get(k, k)}" for k, n in vars(conversion.gain).items() if n]  # an entry's fields
        conv.append(Text(f"{conversion.name} {conversion.coins}c→{', '.join(what)}"))
    lines += flow("Convert", conv, width)
    decks = Text(f"{'Decks':<10}", style="bold")
    decks.append(f"persons {len(s.person_deck)} · buildings {len(s.building_deck)} · ships "
                 + " ".join(f"{z[0].upper()}{len(s.ship_decks.get(z, []))}" for z in ("small", "medium", "large"))
                 + f" · pirates {len(s.pirate_deck)}", style=DIM)
    lines.append(decks)
    return Text("\n").join(lines)


class Displays(Panel):
    def show(self, game: Game) -> None:
        self.game = game
        self.set_text(displays_text(game, self._width()))

    def _width(self) -> int:
        return self.content_region.width or 77

    def on_resize(self) -> None:
        if getattr(self, "game", None) is not None:
            self.set_text(displays_text(self.game, self._width()))
