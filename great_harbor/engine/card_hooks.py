"""Person and Building cards as objects: the base class, its hooks, and the registry.

Every Person and Building card of the catalogue names its ``effect`` (a class in
:mod:`great_harbor.engine.cards`) and the ``numbers`` that effect uses (``+2`` Strength, ``2``
Smuggler tokens), both in its YAML entry. The class holds everything the card does: what it
does when activated or employed (``can_use`` / ``start``), and what it changes elsewhere, as
hooks the rules call (a ship's Strength, playing a Ship, a trade, the end of a round, final
scoring, the question before a Pirate is revealed). The rules modules call the hooks through
this module and never compare card ids; the card classes live above them and may use them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from .errors import EngineError

if TYPE_CHECKING:
    from great_harbor.data import Catalogue
    from great_harbor.data.models import Building, Person

    from .state import PlayerState, ShipState
    from .table import Table


class Card:
    """A Person or Building card. Every hook does nothing unless the card's class says otherwise."""

    effect: ClassVar[str] = ""  # the name its catalogue entry gives under ``effect``
    numbers_used: ClassVar[tuple[str, ...]] = ()  # the ``numbers`` its entry must give

    def __init__(self, entry: Person | Building) -> None:
        self.id = entry.id
        self.entry = entry
        self.numbers: Mapping[str, int] = entry.numbers

    def n(self, key: str) -> int:
        """One of the card's numbers (checked present when the catalogue's cards are made)."""
        return self.numbers[key]

    # --- activated (a Person) or employed (a Building with colonists) ---------------------------

    def can_use(self, game: Table, p: PlayerState) -> bool:
        """Would activating or employing the card do anything now?"""
        return True

    def start(self, game: Table, p: PlayerState) -> None:
        """Do the card's effect, or offer the choice it needs (``choices.offer``)."""
        game.resolved(self.id)

    def gives(self, game: Table, p: PlayerState) -> str:
        """What activating or employing the card would give now, in words, when it gives something
        at once ("2 Colonists — room for 1, 1 lost"); empty when it asks a choice or only changes
        the rules for a while."""
        return ""

    # --- what it changes elsewhere (Buildings in the colony, Persons where said) ----------------

    def ship_strength(self, game: Table, p: PlayerState, ship: ShipState) -> int:
        """Strength it adds to one of its owner's ships."""
        return 0

    def on_ship_played(self, game: Table, p: PlayerState) -> None:
        """Its owner has just played a Ship card."""

    def after_trade(self, game: Table, p: PlayerState) -> None:
        """One of its owner's ships has just traded."""

    def end_of_round(self, game: Table, p: PlayerState) -> None:
        """The End of Round steps, for its owner."""

    def end_of_game(self, game: Table, p: PlayerState) -> int:
        """Prestige it scores at the end of the game."""
        return 0

    def asks_before_reveal(self, game: Table, p: PlayerState) -> bool:
        """Must its owner be asked, before the next Pirate is revealed, whether to use it?"""
        return False


EFFECTS: dict[str, type[Card]] = {}


def card_class(cls: type[Card]) -> type[Card]:
    """Register a card class under its ``effect`` name."""
    if not cls.effect or cls.effect in EFFECTS:
        raise EngineError(f"card effect {cls.effect!r} missing or registered twice")
    EFFECTS[cls.effect] = cls
    return cls


@cache
def cards_of(cat: Catalogue) -> dict[str, Card]:
    """Every Person and Building card of the catalogue as its class, by card id."""
    out: dict[str, Card] = {}
    entries: list[Person | Building] = [*cat.persons.values(), *cat.buildings.values()]
    for entry in entries:
        cls = EFFECTS.get(entry.effect)
        if cls is None:
            raise EngineError(f"{entry.id}: no card effect is called {entry.effect!r}")
        missing = [k for k in cls.numbers_used if k not in entry.numbers]
        if missing:
            raise EngineError(f"{entry.id}: its effect {entry.effect!r} needs the number {missing[0]!r}")
        out[entry.id] = cls(entry)
    return out


def card(game: Table, card_id: str) -> Card:
    return cards_of(game.cat)[card_id]


def buildings(game: Table, p: PlayerState) -> list[Card]:
    """The Buildings in ``p``'s colony, as cards."""
    cards = cards_of(game.cat)
    return [cards[b] for b in p.buildings]


def persons(game: Table, p: PlayerState) -> list[Card]:
    """The Persons in ``p``'s colony, as cards."""
    cards = cards_of(game.cat)
    return [cards[c] for slot in p.person_slots for c in slot]
