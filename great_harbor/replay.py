"""Stepping through a recorded game, read-only: for ``great-harbor replay FILE``.

    replay = Replay.load(cat, path)      # RecordError (one line) if the record is bad
    replay.seek(0); replay.next(); replay.previous(); replay.seek_turn(3, "B")
    replay.game                          # the state after ``replay.position`` actions

``replay.game`` stays the same object; stepping back replays from the seed (a few milliseconds).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from great_harbor.data import Catalogue
from great_harbor.engine import Action, Game
from great_harbor.record import GameRecord, load, write_note


@dataclass(frozen=True)
class TurnStart:
    """Where a turn of the game begins: after ``position`` actions it is ``round``/``turn``."""

    round: int
    turn: str
    position: int


class Replay:
    def __init__(self, cat: Catalogue, record: GameRecord, final: Game, turns: list[TurnStart],
                 warnings: list[str] | None = None) -> None:
        self.cat = cat
        self.record = record
        self.game = final
        self.position = len(record.actions)
        self.turns = turns
        self.warnings = warnings or []
        self.path: Path | None = None  # the record's file, when it was read from one

    @classmethod
    def load(cls, cat: Catalogue, path: str | Path, force: bool = False) -> Replay:
        """Read and check a record; the replay starts at its last action."""
        turns: list[TurnStart] = []
        count = 0

        def watch(game: Game, action: Action) -> None:
            nonlocal count
            _note_turn(turns, game, count)
            game.apply(action)
            count += 1

        loaded = load(path, cat, force=force, apply=watch)
        _note_turn(turns, loaded.game, count)
        replay = cls(cat, loaded.record, loaded.game, turns, loaded.warnings)
        replay.path = Path(path)
        return replay

    @property
    def total(self) -> int:
        return len(self.record.actions)

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position == self.total

    def next_action(self) -> Action | None:
        """The action the next step applies (None at the end)."""
        return None if self.at_end else self.record.actions[self.position]

    def seek(self, position: int) -> Game:
        """Go to the state after ``position`` actions (clamped to the record)."""
        position = max(0, min(position, self.total))
        if position < self.position:
            fresh = self.record.replay(self.cat, upto=position, apply=lambda g, a: g._apply(a))
            self.game.restore(fresh)
            self.position = position
        while self.position < position:
            note = self.record.notes.get(self.position)
            if note is not None:  # a rival's reasons, as when it played
                write_note(self.game, note)
            self.game.apply(self.record.actions[self.position])
            self.position += 1
        return self.game

    def next(self) -> Action | None:
        """One action forward; returns it (None at the end)."""
        action = self.next_action()
        if action is not None:
            self.seek(self.position + 1)
        return action

    def previous(self) -> Action | None:
        """One action back; returns the action undone (None at the start)."""
        if self.at_start:
            return None
        action = self.record.actions[self.position - 1]
        self.seek(self.position - 1)
        return action

    def seek_turn(self, round: int, turn: str = "A") -> Game:
        """Go to the start of a turn (or the nearest one after it, or the end)."""
        for start in self.turns:
            if (start.round, start.turn) >= (round, turn):
                return self.seek(start.position)
        return self.seek(self.total)


def _note_turn(turns: list[TurnStart], game: Game, position: int) -> None:
    key = (game.s.round, game.s.turn)
    if not turns or (turns[-1].round, turns[-1].turn) != key:
        turns.append(TurnStart(key[0], key[1], position))
