"""The options of a choice, as typed values.

A card or a rule that asks a choice (``choices.offer``) offers values of one of these types: a die,
some dice, a dock, a Senate track or two, a structure to build and what is left unpaid, a card
from the display or the deck, a die on the harbor or in hand, a Luxury demand and the Luxury
that meets it; or a plain id (a card, a slot, a colour, a resource, a Luxury). Each value has a
``code``, the short text a record writes in its ``choose`` action and a saved state in the
decision's options (``"3+7"``, ``"insula-1|planks+rope"``: the same codes as always, so records
keep loading), and its type reads a code back (``parse``). Nothing else ever splits a code.
"""

from __future__ import annotations

from typing import ClassVar

from great_harbor.value_class import value_class


class Option:
    """A typed option; subclasses are frozen dataclasses."""

    @property
    def code(self) -> str:
        raise NotImplementedError

    @classmethod
    def parse(cls, code: str) -> Option:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.code


@value_class(frozen=True)
class Plain(Option):
    """An option that is an id as it is: a card, a slot, a colour, a resource, a Luxury."""

    value: str

    @property
    def code(self) -> str:
        return self.value

    @classmethod
    def parse(cls, code: str) -> Plain:
        return cls(code)


@value_class(frozen=True)
class DieOption(Option):
    """One die, by its number (the Investor's, the Engineer's)."""

    die: int

    @property
    def code(self) -> str:
        return str(self.die)

    @classmethod
    def parse(cls, code: str) -> DieOption:
        return cls(int(code))


@value_class(frozen=True)
class DiceOption(Option):
    """One or more dice (the Patrician's flips)."""

    dice: tuple[int, ...]

    @property
    def code(self) -> str:
        return "+".join(map(str, self.dice))

    @classmethod
    def parse(cls, code: str) -> DiceOption:
        return cls(tuple(int(x) for x in code.split("+")))


@value_class(frozen=True)
class DockOption(Option):
    """One of the chooser's ships, by its dock."""

    dock: int

    @property
    def code(self) -> str:
        return str(self.dock)

    @classmethod
    def parse(cls, code: str) -> DockOption:
        return cls(int(code))


@value_class(frozen=True)
class TracksOption(Option):
    """Senate tracks to step up on, one step each (the same track twice: two steps)."""

    tracks: tuple[str, ...]

    @property
    def code(self) -> str:
        return "+".join(self.tracks)

    @classmethod
    def parse(cls, code: str) -> TracksOption:
        return cls(tuple(code.split("+")))


@value_class(frozen=True)
class StructureOption(Option):
    """A Dock Hut or Insula to build, and the resources of its cost left unpaid."""

    site: str
    unpaid: tuple[str, ...]

    @property
    def code(self) -> str:
        return f"{self.site}|{'+'.join(self.unpaid)}"

    @classmethod
    def parse(cls, code: str) -> StructureOption:
        site, unpaid = code.split("|")
        return cls(site, tuple(u for u in unpaid.split("+") if u))


@value_class(frozen=True)
class CardOrDeckOption(Option):
    """A face-up card of a display, or ``card`` None: draw from the deck (the Praefectus)."""

    card: str | None
    DECK: ClassVar[str] = "deck"

    @property
    def code(self) -> str:
        return f"display:{self.card}" if self.card is not None else self.DECK

    @classmethod
    def parse(cls, code: str) -> CardOrDeckOption:
        return cls(None) if code == cls.DECK else cls(code.split(":", 1)[1])


@value_class(frozen=True)
class CrewOption(Option):
    """A Colonist beside one stat of one ship (the Naval Academy)."""

    dock: int
    stat: str

    @property
    def code(self) -> str:
        return f"{self.dock}:{self.stat}"

    @classmethod
    def parse(cls, code: str) -> CrewOption:
        dock, stat = code.split(":")
        return cls(int(dock), stat)


@value_class(frozen=True)
class HarborDieOption(Option):
    """A die to reroll: one of the chooser's drafted dice, or the die on a Harbor slot."""

    drafted: int | None = None
    slot: str | None = None

    @property
    def code(self) -> str:
        return f"drafted:{self.drafted}" if self.drafted is not None else f"slot:{self.slot}"

    @classmethod
    def parse(cls, code: str) -> HarborDieOption:
        where, ref = code.split(":")
        return cls(drafted=int(ref)) if where == "drafted" else cls(slot=ref)


@value_class(frozen=True)
class DemandOption(Option):
    """A Luxury demand tile of the segment and the Luxury token delivered to it."""

    tile: str
    luxury: str

    @property
    def code(self) -> str:
        return f"{self.tile}:{self.luxury}"

    @classmethod
    def parse(cls, code: str) -> DemandOption:
        tile, luxury = code.split(":")
        return cls(tile, luxury)
