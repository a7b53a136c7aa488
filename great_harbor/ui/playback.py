"""The table as it was at each line of a playback (the Automa's and the computer rivals' moves,
a voyage nobody decides).

One action of a person can set off many steps of the rules: the Automa drafts and places a die
and works its board, ships sail and fight pirates, a round ends. The engine applies them all at
once; to show them one line at a time, with the table at the state each line narrates, the app
applies the same action again to a copy of the game taken before it, keeping a copy of the state
after every event the copy logs (:class:`Recorder`). The copy draws the same chance (its random
generator is the game's, copied), so it logs the same events as the game did; the frames are
used only if it did.

A frame is a plain :class:`~great_harbor.engine.state.GameState`; :func:`frame_view` turns one into
what a seat may see of it. Nothing here changes the game itself.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.actions import Action
from great_harbor.engine.events import EVERYONE, GAME, Event
from great_harbor.engine.game import SeatView
from great_harbor.engine.state import GameState, copy_state
from great_harbor.record import write_note

# Events that move ships against the pirates: a voyage nobody at the keyboard decides is played
# back too, so the Trade board can be followed step by step.
VOYAGE_KINDS = frozenset({"voyage.start", "pirate", "battle.lost", "battle.won", "sail-on", "trade", "demand",
                          "customs", "docked", "automa.battle", "automa.trade"})


class Recorder(Game):
    """A game that keeps a copy of its state after every event it logs (``frames[i]``: the state
    right after the i-th event it logged, with what was done for it)."""

    def __init__(self, catalogue: Catalogue, state: GameState, rng: random.Random) -> None:
        super().__init__(catalogue, state, rng)
        self.frames: list[GameState] = []

    def log(self, kind: str, actor: int = GAME, *, secret: dict[str, Any] | None = None, reader: int = EVERYONE,
            **data: Any) -> None:
        super().log(kind, actor, secret=secret, reader=reader, **data)
        self.frames.append(copy_state(self.s))


class _Still(Game):
    """A frame as a game to draw: nobody decides anything in it (its decisions are not listed)."""

    def legal_actions(self) -> tuple[Action, ...]:
        return ()


def frames_after(before: Game, action: Action, game: Game,
                 note: Mapping[str, Any] | None = None) -> list[GameState] | None:
    """The states after each event ``action`` logged when it took ``before`` to ``game`` (``note``:
    a computer rival's reasons, logged just before its action); None if replaying it on a copy of
    ``before`` does not log the same events (then there are no frames)."""
    rng = random.Random()
    rng.setstate(before.rng.getstate())
    recorder = Recorder(before.cat, copy_state(before.s), rng)
    if note is not None:
        write_note(recorder, dict(note))
    recorder._apply(action)  # legal: the game just took it
    return _checked(recorder, game, len(before.s.log))


def frames_from_start(game: Game, seats: Sequence[Seat], seed: int, shops: bool) -> list[GameState] | None:
    """The states after each event of a new game's set-up and first steps (the Automa drafts first)."""
    try:
        recorder = Recorder.new(game.cat, list(seats), seed=seed, shops_variant=shops)
    except Exception:  # noqa: BLE001 - a game given by a caller may not be a new game at all: no frames
        return None
    if not isinstance(recorder, Recorder):
        return None
    return _checked(recorder, game, 0)


def _checked(recorder: Recorder, game: Game, start: int) -> list[GameState] | None:
    if recorder.s.log != game.s.log or len(recorder.frames) != len(game.s.log) - start:
        return None
    return recorder.frames


def frame_view(cat: Catalogue, frame: GameState, seat: int | None) -> SeatView:
    """What ``seat`` (None: anyone) may see of the table at ``frame``."""
    return _Still(cat, frame, random.Random(0)).view(seat)


def plays_back(game: Game, events: Sequence[Event], computers: Collection[int] | None = None) -> bool:
    """Whether the table plays ``events`` back: when a computer (the Automa, or a computer rival:
    the seats in ``computers``, by default the Automa's) took part in them, or when a voyage went
    on without the person at the keyboard (in a game with a computer)."""
    if computers is None:
        computers = {p.seat for p in game.s.players if p.automa}
    if not computers:
        return False
    return any(e.actor != GAME and e.actor in computers or e.kind in VOYAGE_KINDS for e in events)
