"""The coach's named conditions: checks a trigger names (``condition:``) when a decision kind,
an offer or an event kind alone cannot say when a lesson matters. Each reads typed data only:
the pending decision's fields and the events' data."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from great_harbor.engine.events import Event
    from great_harbor.engine.game import Game

Check = Callable[["Game", int, Sequence["Event"]], bool]


def _fee_due(game: Game, seat: int, events: Sequence[Event]) -> bool:
    """The learner is splitting the pips of a die that pays a Shore fee on one of its tiles."""
    top = game.pending
    return top is not None and top.kind == "assign" and any(top.data.fees)


def _items(events: Sequence[Event], seat: int) -> list[dict[str, Any]]:
    """What the learner's own events since the coach last looked gave them (``items``)."""
    out: list[dict[str, Any]] = []
    for event in events:
        if event.actor == seat and isinstance(event.data.get("items"), list):
            out += [item for item in event.data["items"] if isinstance(item, dict)]
    return out


def _surplus(game: Game, seat: int, events: Sequence[Event]) -> bool:
    """A resource the learner gained spilled over a full track (it paid Prestige instead)."""
    return any(item.get("k") == "res" and item.get("over", 0) > 0 for item in _items(events, seat))


def _resources_gained(game: Game, seat: int, events: Sequence[Event]) -> bool:
    """The learner gained basic resources."""
    return any(item.get("k") == "res" and item.get("n", 0) > 0 for item in _items(events, seat))


CONDITIONS: dict[str, Check] = {
    "fee-due": _fee_due,
    "surplus": _surplus,
    "resources-gained": _resources_gained,
}
