"""What the table offers around the game's record: undo and redo in the action picker, the log
with its reveal marks, and the log written to a text file.

Undo and redo are listed in the action picker after the game's own actions, as two commands that
look like actions to the picker (:class:`UndoCommand`, :class:`RedoCommand`); the app runs them
instead of applying them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

from great_harbor.engine import Game
from great_harbor.engine.actions import Action, action_class
from great_harbor.engine.describe import describe
from great_harbor.record import GameRecord, log_lines, log_text
from great_harbor.saves import SaveError, write_atomic
from great_harbor.session import Session
from great_harbor.value_class import value_class

from .widgets.picker import Item, matches

REVEAL = "* "  # the mark before a log line that rolled dice or revealed cards


@action_class
class UndoCommand(Action):
    """Take back the last action (a command of the table, never sent to the engine)."""

    kind: ClassVar[str] = "undo"


@action_class
class RedoCommand(Action):
    """Do again the action taken back."""

    kind: ClassVar[str] = "redo"


UNDO_WORDS = "Undo: take back"
REDO_WORDS = "Redo:"


def last_action_words(session: Session) -> str:
    """The last action in words, as it read when it was taken."""
    step = session.steps[-1]
    # The state before it: the record's seed and the actions before it (a few milliseconds).
    before = session.record.replay(session.cat, upto=len(session.actions) - 1, apply=lambda g, a: g._apply(a))
    return describe(before, step.action)


def command_items(session: Session | None) -> list[Item]:
    """Undo and redo for the action picker, when they can be done now."""
    if session is None:
        return []
    items: list[Item] = []
    if session.can_undo():
        words = last_action_words(session)
        items.append(Item(UndoCommand(), f"{UNDO_WORDS} “{words}”", "Ctrl+Z does the same from anywhere on the table"))
    action = session.next_redo
    if action is not None:
        items.append(Item(RedoCommand(), f"{REDO_WORDS} {describe(session.game, action)}",
                          "Ctrl+Y does the same; any other action forgets what could be redone"))
    return items


def command_refusal(session: Session | None, query: str) -> str | None:
    """When the picker's filter asks for undo or redo and it cannot be done, why not."""
    if session is None or not query.strip():
        return None
    if matches("Undo", query):
        verdict = session.can_undo()
        if not verdict:
            return f"Not possible: undo — {verdict.reason}."
    if matches("Redo", query) and session.next_redo is None:
        return "Not possible: redo — nothing was taken back (or a new action was taken since)."
    return None


@value_class(frozen=True)
class TableCommands:
    """Undo and redo as the table offers them: what the app hands the game screen, so that the
    screen lists them and explains them without reaching for the app (``session``: None for a
    game nobody records)."""

    session: Session | None = None

    def items(self) -> list[Item]:
        return command_items(self.session)

    def refusal(self, query: str) -> str | None:
        return command_refusal(self.session, query)


def marked_log(game: Game, viewer: int | None = None) -> list[str]:
    """The log's lines as ``viewer`` may read them, those that rolled dice or revealed cards marked
    with ``*``."""
    return [REVEAL + line if marked else line for marked, line in log_lines(game, viewer)]


def log_path(save: Path | None, record: GameRecord) -> Path:
    """Where the log of a game is written: beside its save, else in the current folder."""
    if save is not None:
        return save.with_name(f"{save.stem}-log.txt")
    names = "-".join(s.name.lower() for s in record.seats)
    return Path.cwd() / f"great-harbor-log-{record.seed}-{names}.txt"


def download_name(save: Path | None, record: GameRecord) -> str:
    """The log's file name for a browser's downloads: as beside the save, in letters, digits,
    ``.``, ``-`` and ``_`` only (the name travels in a header)."""
    name = re.sub(r"(?:[^A-Za-z0-9._-]|-)+", "-", log_path(save, record).name).strip("-.")
    return name if name.endswith(".txt") else f"{name or 'great-harbor-log'}.txt"


def write_log(record: GameRecord, game: Game, save: Path | None) -> tuple[Path | None, str]:
    """Write the game's log as text; returns (the file, a one-line message) or (None, the problem)."""
    target = log_path(save, record)
    try:
        write_atomic(target, log_text(record, game), kept="nothing was written")
    except SaveError as exc:
        return None, f"Cannot export the log: {exc}"
    return target, f"The log ({len(game.s.log)} lines) is in {target}"
