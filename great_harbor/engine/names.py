"""Things on the table by the names players know them: dice as ``B4``, cards, tiles and slots by
name, costs and benefits in words. Shared by every rule's words (:mod:`.describe`, the rules'
``words``) and the log (:mod:`.narrate`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from .board import DISTRICT, geometry
from .state import PlayerState, die_label

if TYPE_CHECKING:
    from great_harbor.data.models import Benefit

    from .game import Game

SMUGGLERS_DISTRICT = "the Smuggler's District"


# --- names --------------------------------------------------------------------------------------


def die(game: Game, d: int) -> str:
    """A die as players read it: colour letter and face, ``B4``."""
    return die_label(d, game.s.faces[d])


def die_place(game: Game, d: int) -> str:
    """Where a die is: "drafted", or on a slot ("on Forum / Shipyard")."""
    slot = next((sid for sid, x in game.s.slots.items() if x == d), None)
    return "drafted" if slot is None else f"on {slot_name(game, slot)}"


def card_name(game: Game, card: str) -> str:
    """A card by name; Persons and Buildings carry their number and colour (names repeat). The
    number is marked ``#`` so that nobody reads it as a cost."""
    cat = game.cat
    if card in cat.persons:
        c = cat.persons[card]
        return f"{c.name} (#{c.number}, {c.colour})"
    if card in cat.buildings:
        b = cat.buildings[card]
        return f"{b.name} (#{b.number}, {b.colour})"
    if card in cat.ships:
        sh = cat.ships[card]
        return f"{sh.name} ({sh.size}, {sh.colour})"
    if card in cat.pirates:
        pi = cat.pirates[card]
        return f"{pi.name} (strength {pi.strength})"
    if card in cat.conversion_cards:
        return cat.conversion_cards[card].name
    return card


def short_card_name(game: Game, card: str) -> str:
    cat = game.cat
    for table in (cat.persons, cat.buildings, cat.ships, cat.pirates, cat.conversion_cards):
        if card in table:
            return str(table[card].name)
    return card


def tile_name(game: Game, tile: str) -> str:
    return game.cat.tiles[tile].name


def slot_tiles(game: Game, slot: str) -> list[str]:
    """Tile ids a slot touches (one for a Shore slot, two for a shared slot)."""
    return [game.s.layout[cell] for cell in geometry(game).slot_cells[slot]]


def slot_name(game: Game, slot: str) -> str:
    """Where a slot is, by the tiles it touches: "on Sailmaker's shore", "between Forum and Shipyard"."""
    if slot == DISTRICT:
        return SMUGGLERS_DISTRICT
    names = [tile_name(game, t) for t in slot_tiles(game, slot)]
    if len(names) == 1:
        return f"{names[0]}'s {game.cat.slots[slot].side} shore"
    return f"{names[0]} / {names[1]}"


def slot_colours(game: Game, slot: str) -> str:
    """The two colour halves of a slot as letters: ``R/P``."""
    halves = game.cat.slots[slot].colours
    return "/".join(str(c)[0].upper() for c in halves)


def cost_words(cost: Mapping[str, int]) -> str:
    parts = [f"{n} {r}" for r, n in cost.items() if n]
    return ", ".join(parts) if parts else "nothing"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def benefit_words(benefit: Benefit, ships_left: Mapping[str, str] | None = None) -> str:
    """One tier of a Harbor tile: "2 Metal", "1 Colonist, 1 Favor", "the small ship". Given the
    ship display (``ships_left``: size -> card, "" when none is left), a ship that is not there
    reads "no large ship left"."""
    parts = [f"{n} {str(r).capitalize()}" for r, n in benefit.resources.items()]
    if benefit.colonists:
        parts.append(plural(benefit.colonists, "Colonist"))
    if benefit.favor:
        parts.append(f"{benefit.favor} Favor")
    for draw in benefit.draws:
        if draw.deck == "ship" and draw.size is not None:
            gone = ships_left is not None and not ships_left.get(draw.size.value)
            parts.append(f"no {draw.size} ship left" if gone else f"the {draw.size} ship")
        else:
            parts.append(f"1 {draw.deck.capitalize()} from the {draw.source}")
    return ", ".join(parts) if parts else "nothing"


def tier_words(game: Game, tile: str, tier: int) -> str:
    if tier <= 0:
        return "nothing"
    return benefit_words(game.cat.tiles[tile].benefits[tier - 1], game.s.ship_display)


def ship_name(game: Game, p: PlayerState, dock: int | str) -> str:
    sh = p.docks[int(dock) - 1]
    if sh is None:
        return f"dock {dock}"
    return f"{game.cat.ships[sh.card].name} (dock {sh.dock})"


def site_name(game: Game, site_id: str) -> str:
    site = next(s for s in game.cat.colony_board.sites if s.id == site_id)
    return f"{'Dock Hut' if site.kind == 'dock_hut' else 'Insula'} {site.index}"


def units(units: Iterable[str]) -> str:
    """Resource units as counted words: ("planks", "planks", "rope") -> "2 planks and 1 rope"."""
    counts: dict[str, int] = {}
    for u in units:
        counts[u] = counts.get(u, 0) + 1
    return listing(f"{n} {r}" for r, n in counts.items())


def listing(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
