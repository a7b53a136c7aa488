"""The app's side of the game record: autosave notices, undo and redo, the saved games, opening
a save or a replay, and the log written to a file.

:class:`SessionControl` is a part of :class:`~great_harbor.ui.app.GreatHarborApp` kept in its own
module: the app owns the game's :class:`~great_harbor.session.Session` (``self.session``) and these
methods act on it and on the screens. Undo and redo work only while the table is in front (never
over the hand-off screen, the Automa's playback or a colony view).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.screen import Screen

from great_harbor.engine import EngineError, IllegalAction, rule_ids
from great_harbor.engine.describe import describe
from great_harbor.engine.errors import Refusal
from great_harbor.record import RecordError, log_text
from great_harbor.saves import in_use, saves_dir
from great_harbor.session import CannotUndo, Session

from .messages import Setup
from .saving import download_name, write_log
from .screens.game import GameScreen

if TYPE_CHECKING:
    from textual.app import App

    from great_harbor.data import Catalogue
    from great_harbor.engine import Game
    from great_harbor.engine.actions import Action
    from great_harbor.record import GameRecord
    from great_harbor.replay import Replay

    class _Base(App[None]):
        """What these methods use of the app."""

        session: Session | None
        game: Game | None
        thinking: int | None
        setup: Setup | None
        saves_dir: Path | None
        autosave: bool
        log_seen: int
        _save_problem: str | None
        _acted: bool

        @property
        def served(self) -> bool: ...

        @property
        def catalogue(self) -> Catalogue: ...
        def begin(self, game: Game, resumed: bool = False) -> None: ...
        def after_change(self, last: tuple[Game, Action] | None = None) -> None: ...
        def before_action(self) -> Game | None: ...
        def refused(self, refusal: Refusal) -> None: ...
        def _refresh_table(self, hide: bool = False, log_upto: int | None = None) -> None: ...
else:
    _Base = object


class SessionControl(_Base):
    """Mixed into the app (see the module docstring)."""

    def begin_session(self, session: Session, resumed: bool = False) -> None:
        """Show the table for a recorded game; ``resumed``: a saved game goes on (its log is not
        played back)."""
        if self.session is not None and self.session is not session:
            self.session.close()  # that game is left: another process may open its save now
        self.session = session
        if resumed:  # the new-game form offers this game's setup (its rivals and Shops too), no seed
            self.setup = Setup(tuple(session.record.seats), None, session.record.shops_variant)
        session.rival_settings.update(getattr(self, "rival_settings", {}))
        self._save_problem = None
        self.begin(session.game, resumed=resumed)
        self._note_save()

    def session_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette's entries for saved games, undo and redo, and the log."""
        yield SystemCommand("Saved games", "List the saved games: continue one, replay one", self.show_saved_games)
        if self.table_in_front(screen) is not None and self.session is not None:
            yield SystemCommand("Undo", "Take back your last action (Ctrl+Z)", self.undo)
            yield SystemCommand("Redo", "Do again the action you took back (Ctrl+Y)", self.redo)
        if self.session is not None and self.game is not None:
            if self.served:
                yield SystemCommand("Export the log", "Download this game's log to this browser (Shift+F4)",
                                    self.export_log)
            else:
                yield SystemCommand("Export the log", "Write this game's log to a text file (Ctrl+E)", self.export_log)

    def table_in_front(self, screen: Screen[object] | None = None) -> GameScreen | None:
        """The game screen if it is in front and shows the table (not under a hand-off)."""
        screen = self.screen if screen is None else screen
        return screen if isinstance(screen, GameScreen) and not screen.hidden and not screen.watching else None

    def _note_save(self) -> None:
        """Say once, in one line, that autosave failed (and once that it works again)."""
        session = self.session
        if session is not None and session.notice:
            self.notify(f"{session.notice}.", severity="warning", timeout=12)
            session.notice = None
        problem = session.save_error if session is not None else None
        if problem == self._save_problem:
            return
        if problem and session is not None and session.read_only:
            self.notify(f"{_sentence(problem)} Play goes on.", severity="warning", timeout=10)
        elif problem:
            self.notify(f"Autosave failed: {problem}. Play goes on.", severity="warning", timeout=10)
        elif session is not None and session.path is not None:
            self.notify(f"Autosave works again: {session.path.name}", timeout=4)
        self._save_problem = problem

    def action_undo(self) -> None:
        self.undo()

    def action_redo(self) -> None:
        self.redo()

    def action_export_log(self) -> None:
        self.export_log()

    def action_saved_games(self) -> None:
        self.show_saved_games()

    def undo(self) -> None:
        """Take back the last action of the person at the keyboard, if fair play allows."""
        if self.table_in_front() is None or self.game is None:
            return
        session = self.session
        if session is None:
            self.notify("This game is not recorded, so nothing can be undone.", severity="warning")
            return
        rival = self.thinking
        if rival is not None:  # a computer rival is deciding: nothing is anyone's to take back now
            self.bell()
            self.notify(f"Cannot undo while {self.game.name(rival)} decides.", severity="warning", timeout=6)
            return
        try:
            action = session.undo()
        except CannotUndo as exc:
            self.bell()
            self._undo_refused(_sentence(str(exc)))
            return
        except RecordError as exc:  # the record no longer replays: a bug, but the game goes on as it was
            self.notify(f"Undo failed: {exc}", severity="error", timeout=10)
            return
        self.log_seen = len(session.game.s.log)
        self._note_save()
        self._refresh_table()
        self.notify(f"Taken back: {describe(session.game, action)}", timeout=4)

    def _undo_refused(self, sentence: str) -> None:
        """Say why undo cannot be done, with the page on how far it reaches (the context key
        opens it while the notice is up, as for a refusal of the game's)."""
        # Start-up: after the first frame (the lookup's index is built in a thread).
        from .lookup_topics import CONTEXT_KEY, REFUSAL_SECONDS, UNDO_RULE, Topic, index_for, title_of

        assert self.game is not None
        title = title_of(index_for(self.game.cat), UNDO_RULE)
        screen = self.screen
        if title is None or not isinstance(screen, GameScreen):
            self.notify(sentence, severity="warning", timeout=REFUSAL_SECONDS)
            return
        topic = Topic(UNDO_RULE, f"why not: {sentence.rstrip('.')}")
        screen.show_refusal(sentence, topic, prefix="", title=f"Rule: {title} ({CONTEXT_KEY} opens it)")

    def redo(self) -> None:
        """Do again the last action taken back (until a new action is taken)."""
        if self.table_in_front() is None or self.game is None:
            return
        session = self.session
        action = session.next_redo if session is not None else None
        if session is None or action is None:
            self.bell()
            self.notify("Nothing to redo.", severity="warning", timeout=4)
            return
        words = describe(session.game, action)
        before = self.before_action()
        try:
            session.redo()
        except IllegalAction as exc:
            self.refused(exc.refusal)
            return
        except (EngineError, ValueError) as exc:
            self.refused(Refusal(str(exc), rule_ids.GOVERN_ACTIONS))
            return
        self._note_save()
        self.notify(f"Done again: {words}", timeout=4)
        self._acted = True
        self.after_change((before, action) if before is not None else None)

    def export_log(self) -> None:
        """Write the game's log to a text file beside its save (a download in a browser), and say where."""
        session = self.session
        if session is None or self.game is None:
            self.notify("This game is not recorded: there is no log to export.", severity="warning")
            return
        self.deliver_log(session.record, session.game, session.path)

    def deliver_log(self, record: GameRecord, game: Game, save: Path | None) -> None:
        """The log of ``game`` as a text file: beside its save, or when the app is served in a
        browser, a download in that browser (nothing is written where the server runs)."""
        if not self.served:
            path, message = write_log(record, game, save)
            self.notify(message, severity="information" if path else "error", timeout=10)
            return
        name = download_name(save, record)
        self.deliver_text(io.StringIO(log_text(record, game)), save_filename=name, mime_type="text/plain")
        self.notify(f"The log ({len(game.s.log)} lines) is downloading to this browser as {name}", timeout=10)

    def saves_folder(self) -> Path:
        return saves_dir(self.saves_dir)

    def show_saved_games(self) -> None:
        # Here, not at the top (start-up): the list (a DataTable) is not needed to start a game.
        from .screens.saved_games import SavedGamesScreen

        if not isinstance(self.screen, SavedGamesScreen):
            self.push_screen(SavedGamesScreen(self.saves_folder()))

    def open_save(self, path: Path, force: bool = False) -> RecordError | None:
        """Continue the saved game at ``path``; the record's problem when it cannot be opened."""
        current = self.session
        same = current is not None and current.path is not None and _same_file(current.path, path)
        if same and current is not None:
            current.close()  # the game at the table is this save: let the new session take it over
        try:
            session = Session.load(self.catalogue, path, force=force, autosave=self.autosave)
        except RecordError as exc:
            if same and current is not None:
                current.closed = False  # the game at the table goes on saving (it locks again when it saves)
            if self.served and in_use(path):  # in a browser's words: the other great-harbor is a tab
                return RecordError("the game is open in another tab: play it there, or close that tab first")
            return exc
        self.begin_session(session, resumed=True)
        for warning in session.warnings:
            self.notify(f"Opened anyway, although {warning}.", severity="warning", timeout=10)
        game = session.game
        where = "it is over" if game.is_over else f"round {game.s.round}, turn {game.s.turn}"
        # The file's name last: a long name wraps there, not in the middle of the sentence.
        self.notify(f"Continuing the saved game: {len(session.actions)} actions, {where} ({path.name}).", timeout=5)
        return None

    def open_replay(self, path: Path, force: bool = False) -> RecordError | None:
        """Open the replay viewer on a record; the record's problem when it cannot be read."""
        from great_harbor.replay import Replay  # here, not at the top (start-up): only the replay viewer needs it

        try:
            replay = Replay.load(self.catalogue, path, force=force)
        except RecordError as exc:
            return exc
        self.show_replay(replay)
        return None

    def show_replay(self, replay: Replay, standalone: bool = False) -> None:
        """Show the read-only replay viewer; ``standalone``: leaving it quits the program."""
        from .screens.replay import ReplayScreen  # here, not at the top (start-up): only the replay viewer needs it

        self.push_screen(ReplayScreen(replay, standalone=standalone))
        for warning in replay.warnings:
            self.notify(f"Opened anyway, although {warning}.", severity="warning", timeout=10)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return False


def _sentence(text: str) -> str:
    """"cannot undo past X" -> "Cannot undo past X."."""
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


