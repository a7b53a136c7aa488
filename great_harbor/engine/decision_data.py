"""What each kind of pending decision knows: one small frozen dataclass per kind.

``game.pending.data`` is one of these (``top.data.tiles`` for the tiles a placed die touches,
``top.data.options`` for a choice's options). In a saved state each is the plain object its
fields make (``plain()``), field by field in this order, leaving out a choice's context that does
not apply: the same JSON as when decisions were dicts, so the digests of saved games still match.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, ClassVar

from great_harbor.value_class import value_class


@value_class(frozen=True)
class Decision:
    """What a decision knows. The attributes below are answered by every kind, so that whatever
    reads a pending decision of any kind can ask them."""

    kind: ClassVar[str] = ""
    # Fields a saved state leaves out while they hold their default (a choice's extra context).
    omitted_at_default: ClassVar[frozenset[str]] = frozenset()

    @property
    def private(self) -> bool:
        """Does the decision show its seat something the others may not see (the Lighthouse)?"""
        return False

    @property
    def card(self) -> str | None:
        """The card asking, when a card asks."""
        return None

    @property
    def handler(self) -> str | None:
        """The rule or card continuation a choice goes on with."""
        return None

    def plain(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in self.omitted_at_default and value == f.default:
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@value_class(frozen=True)
class DraftDecision(Decision):
    """A seat drafts a die from the pool."""

    kind: ClassVar[str] = "draft"


@value_class(frozen=True)
class TurnDecision(Decision):
    """A seat's Action phase turn: place its dice, take Govern actions, end the turn."""

    kind: ClassVar[str] = "turn"


@value_class(frozen=True)
class FinalConvertDecision(Decision):
    """After the last voyage: convert coins once more, then finish."""

    kind: ClassVar[str] = "final_convert"


@value_class(frozen=True)
class AssignDecision(Decision):
    """The pips of the die just placed on a shared slot go to the two tiles it touches (a die on a
    Shore slot takes its one tile's benefit as it is placed: no decision)."""

    kind: ClassVar[str] = "assign"
    die: int
    slot: str
    pips: int  # with any extra pips (Favor, Investor, Shops)
    fees: tuple[int, ...]  # each tile's Shore fee for this die
    tiles: tuple[str, ...]
    label: str  # the die as players read it: "B4"


@value_class(frozen=True)
class ChoiceDecision(Decision):
    """Pick one of the options a card's or a rule's effect offers (``choices.offer``)."""

    kind: ClassVar[str] = "choose"
    omitted_at_default: ClassVar[frozenset[str]] = frozenset({"card", "deck", "seen", "private", "source", "segment"})
    handler_name: str
    options: tuple[str, ...]
    prompt: str
    may_pass: bool = False
    card_id: str | None = None  # the card asking
    deck: str | None = None  # a display to take from: "building" or "person"
    seen: str | None = None  # what the deciding seat alone has seen (the Lighthouse's Pirate)
    is_private: bool = False
    source: str | None = None  # the Port Crane's slot the die leaves
    segment: int | None = None  # a Luxury demand's segment

    # The names these fields have always had in a saved state.
    SAVED: ClassVar[dict[str, str]] = {
        "handler_name": "handler", "may_pass": "optional", "card_id": "card", "is_private": "private",
    }

    @property
    def private(self) -> bool:
        return self.is_private

    @property
    def card(self) -> str | None:
        return self.card_id

    @property
    def handler(self) -> str | None:
        return self.handler_name

    def plain(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            name = self.SAVED.get(f.name, f.name)
            value = getattr(self, f.name)
            if name in self.omitted_at_default and value == f.default:
                continue
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


@value_class(frozen=True)
class VoyageChoiceDecision(Decision):
    """A ship that beat the pirates: trade here or sail on (a Voyage Person may be used first)."""

    kind: ClassVar[str] = "voyage_choice"
    dock: int
    segment: int


@value_class(frozen=True)
class CorsairDecision(Decision):
    """Before the Pirate of ``segment`` is revealed: use the Corsair now?"""

    kind: ClassVar[str] = "corsair"
    segment: int


@value_class(frozen=True)
class ShipOrderDecision(Decision):
    """Several of one seat's ships share a position: which fights first?"""

    kind: ClassVar[str] = "ship_order"
    docks: tuple[str, ...]


KINDS: dict[str, type[Decision]] = {
    cls.kind: cls
    for cls in (DraftDecision, TurnDecision, FinalConvertDecision, AssignDecision, ChoiceDecision,
                VoyageChoiceDecision, CorsairDecision, ShipOrderDecision)
}


_EMPTY: dict[type[Decision], Decision] = {}
_FIELDS: dict[type[Decision], frozenset[str]] = {cls: frozenset(f.name for f in fields(cls)) for cls in KINDS.values()}
_FROM_SAVED = {saved: name for name, saved in ChoiceDecision.SAVED.items()}
# Field names in order, to make a decision of all its fields as ``cls(**fields)`` would, without
# the frozen dataclass setting each through ``object.__setattr__`` (every pip split is pushed so).
_ORDER: dict[type[Decision], tuple[str, ...]] = {cls: tuple(f.name for f in fields(cls)) for cls in KINDS.values()}
_new_object = object.__new__


def decision_from(kind: str, data: Mapping[str, Any]) -> Decision:
    """The decision of ``kind`` from its saved (or pushed) fields."""
    cls = KINDS.get(kind)
    if cls is None:
        raise ValueError(f"unknown kind of decision {kind!r}")
    if not data:
        found = _EMPTY.get(cls)
        if found is None:
            found = _EMPTY[cls] = cls()  # the decisions that know nothing are all alike: one each
        return found
    values = {}
    for k, v in data.items():
        if cls is ChoiceDecision:
            k = _FROM_SAVED.get(k, k)
        values[k] = tuple(v) if type(v) is list else v
    if not values.keys() <= _FIELDS[cls]:
        unknown = sorted(set(values) - _FIELDS[cls])[0]
        raise ValueError(f"unknown field {unknown!r} in a {kind} decision")
    if len(values) == len(_ORDER[cls]):  # every field given (a pip split always): straight into its fields
        decision = _new_object(cls)
        decision.__dict__.update({name: values[name] for name in _ORDER[cls]})
        return decision
    return cls(**values)
