"""Log events: what happened, who did it, what it revealed and who may read its details.

The engine's log is a list of :class:`Event`. Each says

- ``kind``: what happened (``"draft"``, ``"battle.lost"``, ``"automa.takes-ship"``, ...), one kind
  per sentence of :mod:`great_harbor.engine.narrate`, which renders the words players read;
- ``actor``: the seat that acted (a person, or the Automa's seat: ``players[actor].automa``), or
  :data:`GAME` for the rules' own steps (a roll, a pirate appearing, the end of a round);
- ``reveal``: whether chance was used or hidden information shown just before it (a roll, a draw,
  a refill, a reshuffle): undo never steps back across such an event;
- ``data``: its content for everyone: seats, card ids, dice and faces, amounts (plain JSON);
- ``secret`` and ``reader``: details only ``reader`` may know (the cards one seat drew from a
  deck, the Pirate card the Lighthouse showed); :data:`EVERYONE` when there are none.

Whatever shows the log (the table, the replay, ``export-log``) renders events for one viewer and
never parses the words; undo and the Automa's playback read ``actor`` and ``reveal``.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from great_harbor.value_class import value_class

_new_object = object.__new__

GAME = -1  # actor: the game itself
EVERYONE = -1  # reader: nothing is secret
ALL_SECRETS = -2  # a viewer who may read every secret: the replay of a finished game


@value_class(frozen=True)
class Event:
    kind: str
    actor: int = GAME
    reveal: bool = False
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] = field(default_factory=dict)
    reader: int = EVERYONE

    def readable_by(self, viewer: int | None) -> bool:
        """May ``viewer`` (a seat, or None for a spectator) read this event's secret details?"""
        return self.reader == EVERYONE or viewer == ALL_SECRETS or (viewer is not None and viewer == self.reader)

    @staticmethod
    def new(kind: str, actor: int, reveal: bool, data: dict[str, Any], secret: dict[str, Any], reader: int) -> Event:
        """The event of these fields, as ``Event(...)`` makes it but in a third of the time: a
        frozen dataclass sets each field through ``object.__setattr__``, and a game logs hundreds
        of events (the fields go straight into the instance's dict, in the same order)."""
        event = _new_object(Event)
        fields = event.__dict__
        fields["kind"] = kind
        fields["actor"] = actor
        fields["reveal"] = reveal
        fields["data"] = data
        fields["secret"] = secret
        fields["reader"] = reader
        return event

    def for_viewer(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may know it: the secret left out unless they may read it."""
        if not self.secret or self.readable_by(viewer):
            return self
        return Event(self.kind, self.actor, self.reveal, self.data, {}, self.reader)
