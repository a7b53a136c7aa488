"""A game at the table: the live Game, its record, fair undo and redo, and autosave.

The app keeps one :class:`Session` per game and sends every player action through
:meth:`Session.apply`; after each action (and each undo or redo) the record is written to the
save file. ``session.game`` stays the same object for the whole session: undo swaps its state in
place, so widgets holding it see the change.

    session = Session.new(cat, ["Ana", "Ben", "Cleo"])          # saved in the saves folder
    session = Session.load(cat, path)                           # RecordError: one line
    problem = session.apply(action)     # IllegalAction if not legal; a save problem as text, or None
    if session.can_undo(): session.undo()   # else session.can_undo().reason says why not
    rival = session.rival_to_move()         # a computer rival's decision is pending: it decides
    session.apply(decision.action, note=decision.note(...))   # its move, with its reasons for the log
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from great_harbor.data import Catalogue
from great_harbor.engine import Action, Game, IllegalAction, Seat, action_from_dict, rule_ids
from great_harbor.engine.game import naming_problem
from great_harbor.record import GameRecord, RecordError, load, log_text, write_note
from great_harbor.rival_kinds import LEVELS as RIVAL_LEVELS
from great_harbor.saves import (
    SaveError,
    SaveGuard,
    SaveInUse,
    SaveLock,
    free_path,
    new_save_path,
    read_only,
    remove_stale_temporaries,
    saves_dir,
    write_atomic,
)
from great_harbor.text import inert
from great_harbor.undo import Before, Step, Verdict, can_undo, step

if TYPE_CHECKING:
    from great_harbor.rivals import Rival


def seating_problem(seats: Sequence[Seat]) -> str | None:
    """Why these seats cannot sit at the table, or None: a game at the table needs a person, and
    a seat is the Automa or a computer rival, not both. (Headless games, ``simulate`` and the
    benchmarks, may seat computers only.)"""
    for i, seat in enumerate(seats, start=1):
        if seat.rival and (seat.automa or seat.rival not in RIVAL_LEVELS):
            return f"seat {i} is a rival of unknown level {seat.rival!r} or the Automa as well"
    if all(seat.automa or seat.rival for seat in seats):
        return "at least one seat must be a person"
    return None


class CannotUndo(ValueError):
    """Undo or redo refused; the message says why in one line."""


class Session:
    """One game being played: see the module docstring."""

    def __init__(
        self,
        cat: Catalogue,
        record: GameRecord,
        game: Game,
        steps: list[Step],
        path: Path | None,
        warnings: Sequence[str] = (),
    ) -> None:
        self.cat = cat
        self.record = record
        self.game = game
        self.steps = steps  # one per action in the record
        self.path = path  # where autosave writes; None: no autosave
        self.warnings = list(warnings)  # what a forced load let through
        self.save_error: str | None = None  # the last autosave's problem, None when it worked
        self.notice: str | None = None  # something about the save to tell once (the app clears it)
        self.read_only = False  # the save file is read-only: autosave leaves it alone
        self.closed = False  # close() was called: autosave has stopped
        self._redo: list[Action] = []
        self._saved = path is not None and path.exists()  # a good save exists at ``path``
        self._rivals: dict[int, Rival] = {}
        self.rival_settings: dict[str, Any] = {}  # keyword arguments for every Rival (tests: a smaller budget)
        self._lock: SaveLock | None = None  # this process's right to write ``path``
        self._guard = SaveGuard()  # the file as this process last read or wrote it
        if path is not None:
            self._guard.note(path)

    # --- starting -------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        cat: Catalogue,
        seats: Sequence[Seat | str],
        seed: int | None = None,
        shops_variant: bool = False,
        *,
        folder: str | Path | None = None,
        path: str | Path | None = None,
        autosave: bool = True,
    ) -> Session:
        """A new game, saved at once to ``path`` or a fresh file in ``folder`` (default: the
        saves folder). Raises IllegalAction for an impossible seating; a failed first save is
        only noted in ``save_error``."""
        record = GameRecord.new(cat, seats, seed, shops_variant)
        problem = naming_problem(record.seats) or seating_problem(record.seats)
        if problem is not None:
            raise IllegalAction(problem, rule_ids.SEATS)
        game = Game.new(cat, record.seats, seed=record.seed, shops_variant=shops_variant)
        target: Path | None = None
        if autosave:
            names = [s.name for s in record.seats]
            target = Path(path) if path is not None else new_save_path(saves_dir(folder), names)
        session = cls(cat, record, game, [], target)
        session.save()
        return session

    @classmethod
    def load(cls, cat: Catalogue, path: str | Path, *, force: bool = False, autosave: bool = True) -> Session:
        """Continue a saved game; autosave goes on writing to the same file. Raises RecordError."""
        steps: list[Step] = []

        def watch(game: Game, action: Action) -> None:
            before = Before.of(game)
            game.apply(action)
            steps.append(step(before, game, action))

        target = Path(path) if autosave else None
        lock = None
        guard = SaveGuard()
        if target is not None and target.is_file() and not read_only(target):  # (a folder, '.', is refused below)
            # Before reading: a second copy of the game is refused here, before it can write.
            try:
                lock = SaveLock.acquire(target)
            except SaveInUse as exc:
                raise RecordError(str(exc)) from None
            guard.note(target)  # before reading: a change made meanwhile is noticed, never lost
        try:
            loaded = load(path, cat, force=force, apply=watch)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        session = cls(cat, loaded.record, loaded.game, steps, target, loaded.warnings)
        if target is not None:
            session._guard = guard
            session._lock = lock
            if read_only(target):
                session.read_only = True
                session.save_error = f"{inert(target.name)} is read-only, so this game is not saved"
            else:
                remove_stale_temporaries(target)
            session.record.catalogue = cat.fingerprint  # from now on it is played with this one
        return session

    # --- playing --------------------------------------------------------------------------------

    @property
    def actions(self) -> list[Action]:
        return self.record.actions

    def apply(self, action: Action | dict[str, Any], note: dict[str, Any] | None = None) -> str | None:
        """Apply a legal action (IllegalAction otherwise, nothing changed) and autosave.

        ``note``: a computer rival's reasons (:meth:`great_harbor.rivals.Decision.note`), written
        to the log just before its action and kept in the record for replays.
        Returns None, or the one-line problem when the autosave failed (also in ``save_error``);
        the game goes on either way and the previous save is intact.
        """
        if isinstance(action, dict):
            action = action_from_dict(action)
        if self.game.is_over:
            raise IllegalAction("the game is over")
        if not self.game.is_legal(action):
            raise IllegalAction(self.game.why_illegal(action))
        before = Before.of(self.game)
        if note is not None:
            note = json.loads(json.dumps(note))  # exactly as a replay reads it from the record
            write_note(self.game, note)
            self.record.notes[len(self.record.actions)] = note
        self.game.apply(action)
        self.steps.append(step(before, self.game, action))
        self.record.actions.append(action)
        if self._redo and self._redo[-1] == action:
            self._redo.pop()  # the same as redo: what remains can still be redone
        else:
            self._redo.clear()
        return self.save()

    def can_undo(self) -> Verdict:
        return can_undo(self.game, self.steps)

    def undo(self) -> Action:
        """Take back the last action (CannotUndo with the reason if the rules of fair play forbid)."""
        verdict = self.can_undo()
        if not verdict:
            raise CannotUndo(verdict.reason)
        action = self.record.actions[-1]
        self.game.restore(self._replay(len(self.record.actions) - 1))
        self.record.notes.pop(len(self.record.actions) - 1, None)
        self.record.actions.pop()
        self.steps.pop()
        self._redo.append(action)
        self.save()
        return action

    def can_redo(self) -> Verdict:
        if not self._redo:
            return Verdict(False, "nothing to redo")
        return Verdict(True)

    @property
    def next_redo(self) -> Action | None:
        """The action :meth:`redo` would apply again (None when there is nothing to redo)."""
        return self._redo[-1] if self._redo else None

    def redo(self) -> Action:
        """Apply again the last undone action."""
        if not self._redo:
            raise CannotUndo("nothing to redo")
        action = self._redo[-1]
        self.apply(action)
        return action

    # --- computer rivals and hints --------------------------------------------------------------

    def seat_kind(self, seat: int) -> str:
        """``"person"``, ``"automa"`` or the level of a computer rival."""
        spec = self.record.seats[seat]
        return "automa" if spec.automa else spec.rival or "person"

    def is_person(self, seat: int) -> bool:
        return self.seat_kind(seat) == "person"

    def rival(self, seat: int) -> Rival | None:
        """The computer rival in ``seat`` (None for a person or the Automa)."""
        level = self.record.seats[seat].rival
        if not level or self.record.seats[seat].automa:
            return None
        if seat not in self._rivals:
            from great_harbor.rivals import Rival, rival_seed  # start-up: only a game with rivals loads them

            self._rivals[seat] = Rival(level, rival_seed(self.record.seed, seat), **self.rival_settings)
        return self._rivals[seat]

    def rival_to_move(self) -> Rival | None:
        """The rival whose decision is pending, if it is a rival's."""
        seat = self.game.current_player
        return None if seat is None else self.rival(seat)

    def play_rival(self) -> str | None:
        """Let the rival whose decision is pending decide and play (in the calling thread; the UI
        decides in a worker and calls :meth:`apply`). Returns what :meth:`apply` returns."""
        rival = self.rival_to_move()
        seat = self.game.current_player
        if rival is None or seat is None:
            raise ValueError("no computer rival is to move")
        own = self.game.view(seat)
        decision = rival.decide(own)
        return self.apply(decision.action, note=decision.note(own, self.game.view(None)))

    def hint_used(self) -> None:
        """Note in the record that someone at the table asked for a hint."""
        self.record.hints += 1
        self.save()

    def _replay(self, upto: int) -> Game:
        # The record's actions were all legal when taken: replay them unchecked (fast).
        return self.record.replay(self.cat, upto=upto, apply=lambda g, a: g._apply(a))

    # --- saving ---------------------------------------------------------------------------------

    def save(self) -> str | None:
        """Write the record now (autosave does this after every change). None or the problem.

        A read-only save is never written. A save changed by someone else since this process last
        read or wrote it (another copy of the game, an editor), or that another process holds, is
        never written over: the game goes on in a new file beside it, and ``notice`` says so."""
        if self.path is None or self.closed:
            return None
        if self.read_only:
            return self.save_error
        if self._lock is None or not self._lock.held:
            try:
                self._lock = SaveLock.acquire(self.path)
            except SaveInUse:
                self._move_on("is open in another great-harbor")  # (a game started anew on a file in use)
        if self._guard.changed(self.path) and self.path.exists():
            self._move_on("was changed by another program since this game saved it")
        kept = "the last good save is kept" if self._saved else "the game is not saved yet"
        try:
            write_atomic(self.path, self.record.dumps(self.game), kept=kept)
        except SaveError as exc:
            self.save_error = str(exc)
        else:
            self.save_error = None
            self._saved = True
            self._guard.note(self.path)
        return self.save_error

    def _move_on(self, why: str) -> None:
        """Leave the save at ``path`` as it is and go on saving in a new file beside it."""
        assert self.path is not None
        old = self.path
        if self._lock is not None:
            self._lock.release()
        for _ in range(100):
            self.path = free_path(old)
            try:
                self._lock = SaveLock.acquire(self.path)
            except SaveInUse:
                continue
            break
        self._guard = SaveGuard()
        self._guard.note(self.path)
        self._saved = False
        self.notice = f"{inert(old.name)} {why}, so it is left as it is; this game now saves to {inert(self.path.name)}"

    def close(self) -> None:
        """Stop autosaving and let another process open the save (the end of the process does the same)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        self.closed = True

    def save_copy(self, path: str | Path) -> str | None:
        """Write the record to another file (a copy to keep or to attach to a bug report)."""
        try:
            write_atomic(Path(path), self.record.dumps(self.game))
        except SaveError as exc:
            return str(exc)
        return None

    def log_text(self) -> str:
        """The log as plain text, reveal lines marked (``great-harbor export-log``)."""
        return log_text(self.record, self.game)


__all__ = ["CannotUndo", "RecordError", "Session", "seating_problem"]
