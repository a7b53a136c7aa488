"""What screens ask of the app: messages they post and the app handles (:mod:`.app`).

Screens and widgets never import the app. What they need done beyond their own screen (apply an
action, start or open a game, go to the new-game form, list the saved games) they post here; a
message that needs an answer carries the function that receives it (a problem to show, say)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from textual import events
from textual.message import Message

from great_harbor.engine import Seat
from great_harbor.engine.actions import Action
from great_harbor.record import RecordError
from great_harbor.value_class import value_class


@value_class(frozen=True)
class Setup:
    """What the new-game screen asks: the seats, the variant and the seed."""

    seats: tuple[Seat, ...]
    seed: int | None = None
    shops: bool = False


def _ignore(_: object) -> None:
    """A reply nobody waits for."""


@dataclass
class Act(Message):
    """A player chose ``action`` (from the picker or the map)."""

    action: Action


@dataclass
class StartGame(Message):
    """Start a game with ``setup``; ``problem`` receives the one-line reason when it cannot start."""

    setup: Setup
    problem: Callable[[str], None] = field(default=_ignore)


@dataclass
class LearnToPlay(Message):
    """Start a learning game (a solo game against the Automa with the coach); ``problem`` receives
    the one-line reason when it cannot start."""

    problem: Callable[[str], None] = field(default=_ignore)


@dataclass
class NewGame(Message):
    """Go to the new-game form, filled in with the last game's seats; ``same_seed`` keeps its seed
    too (False: a new game with the same people, not the same deal again)."""

    same_seed: bool = True


class ShowSavedGames(Message):
    """Open the list of saved games."""


@dataclass
class OpenSave(Message):
    """Continue the saved game at ``path`` (``replay``: open it in the replay viewer instead);
    ``problem`` receives the record's problem when it cannot be opened (its ``forceable`` says
    whether ``force`` may still open it)."""

    path: Path
    force: bool = False
    replay: bool = False
    problem: Callable[[RecordError], None] = field(default=_ignore)


class PlaybackStep(Message):
    """The playback of moves made without the person at the keyboard shows its first ``shown``
    lines: the app shows the table as it was at the last of them."""

    def __init__(self, shown: int) -> None:
        super().__init__()
        self.shown = shown


class NextBoard(Message):
    """F3 while the playback covers part of the table: the table shows its next board (tabs)."""


@runtime_checkable
class RoutesKeys(Protocol):
    """A screen that sees every key before the focused widget does, in the order the keys arrive
    (the app asks the screen in front). It may move the focus for the key (nothing else)."""

    def route_key(self, event: events.Key) -> None: ...


@runtime_checkable
class Restyles(Protocol):
    """A screen that draws itself again in the colours of a new theme (the app asks every screen)."""

    def restyle(self) -> None: ...
