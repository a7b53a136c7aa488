"""The table: one game's state, its components (the catalogue) and its random generator, with the
helpers every rule shares (what is pending, push and pop a decision, write an event, note a
reveal, shuffle).

The rule chapters, the cards and the Automa are written against a :class:`Table`, not the
:class:`~.game.Game` on top of them, so that none of them imports the module that imports them
all; the Game adds what only the top may do: start a game, apply an action and move the game
along, save it, and show a seat its view.
"""

from __future__ import annotations

import random
from typing import Any

from great_harbor.data import Catalogue

from .actions import Action
from .decision_data import decision_from
from .events import EVERYONE, GAME, Event
from .state import GameState, Pending, PlayerState


class Table:
    """The state, components and random generator of a game, and what the rules share."""

    def __init__(self, catalogue: Catalogue, state: GameState, rng: random.Random) -> None:
        self.cat = catalogue
        self.s = state
        self.rng = rng

    # --- what is pending --------------------------------------------------------------------

    @property
    def pending(self) -> Pending | None:
        return self.s.stack[-1] if self.s.stack else None

    @property
    def current_player(self) -> int | None:
        """The seat whose decision is pending, or None when the game is over."""
        top = self.pending
        return top.seat if top is not None else None

    @property
    def is_over(self) -> bool:
        return self.s.phase == "over"

    def player(self, seat: int) -> PlayerState:
        return self.s.players[seat]

    @property
    def players(self) -> list[PlayerState]:
        return self.s.players

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the pending decision, in a fixed order: the :class:`~.game.Game`
        on top lists them from the rule registry (:mod:`.rulebook`), which is above the table."""
        raise NotImplementedError

    # --- helpers the rules modules share ----------------------------------------------------

    def push(self, kind: str, seat: int, **data: Any) -> None:
        self.s.stack.append(Pending.new(kind, seat, decision_from(kind, data)))

    def pop(self) -> Pending:
        return self.s.stack.pop()

    def log(self, kind: str, actor: int = GAME, *, secret: dict[str, Any] | None = None, reader: int = EVERYONE,
            **data: Any) -> None:
        """Write an event (see :mod:`.events`; :mod:`.narrate` words it): ``actor`` is the seat that
        acted or GAME, ``data`` its content for everyone, ``secret`` what only ``reader`` may know.
        It is marked as a reveal when chance was used or something hidden shown since the last one."""
        s = self.s
        marks = s.reveal_marks
        reveal = bool(marks) and marks[-1] == len(s.log)
        s.log.append(Event.new(kind, actor, reveal, data, secret or {}, reader if secret else EVERYONE))

    def reveal(self) -> None:
        """Note that chance was used or hidden information shown (undo stops here)."""
        s = self.s
        s.reveals += 1
        if not s.reveal_marks or s.reveal_marks[-1] != len(s.log):
            s.reveal_marks.append(len(s.log))

    def shuffle(self, items: list[Any]) -> None:
        self.reveal()
        self.rng.shuffle(items)

    def name(self, seat: int) -> str:
        return self.s.players[seat].name

    def resolved(self, card: str) -> None:
        if card not in self.s.effects_resolved:
            self.s.effects_resolved.append(card)
