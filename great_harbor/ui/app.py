"""The Textual app: owns the catalogue and the Game, and moves between screens.

Screens render the game and post the action a player picked (:class:`Act`); the app applies it
through the game's :class:`~great_harbor.session.Session` (which autosaves the record after every
action), then decides what comes next: a computer rival's decision (made in a worker thread from
its own view, while the table shows "thinking"), the Automa's and the rivals' moves played back
at a readable pace, a hand-off screen when the keyboard passes to another person, or the final
scores. Undo, redo, the saved games, the replay viewer and the log export are in
:mod:`.session_control`; hints in :mod:`.hints`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Input
from textual.worker import Worker

from great_harbor.data import Catalogue, CatalogueError, load_catalogue
from great_harbor.engine import EngineError, Game, IllegalAction, Seat, narrate, rule_ids
from great_harbor.engine.actions import Action
from great_harbor.engine.describe import describe
from great_harbor.engine.errors import Refusal
from great_harbor.engine.events import GAME
from great_harbor.engine.game import SeatView
from great_harbor.engine.state import GameState
from great_harbor.session import Session
from great_harbor.startup import freeze_long_lived, resume_collector

from .coaching import Coaching
from .handing import TAKE_ONLY_CHOICES, only_answer, public_decision
from .hints import Hints
from .keys import HINT_KEY
from .messages import (
    Act,
    NewGame,
    NextBoard,
    OpenSave,
    PlaybackStep,
    Restyles,
    RoutesKeys,
    Setup,
    ShowSavedGames,
    StartGame,
)
from .playback import frame_view, frames_after, frames_from_start, plays_back
from .saving import RedoCommand, TableCommands, UndoCommand
from .screens.game import GameScreen
from .served import PALETTE_KEY, SERVED_KEYS
from .session_control import SessionControl
from .settings import load_settings, save_setting
from .style import use_theme

# The screens that come after the first frame (the hand-off, the Automa's playback, a colony in
# full, the final scores, the rules lookup, the new-game form) and the lookup's topics are
# imported where they are first shown, each with a comment: start-up does not load them.

if TYPE_CHECKING:
    from great_harbor.replay import Replay

__all__ = ["Act", "GreatHarborApp", "Setup", "make_app"]


class Begun(Message):
    """The table for a new game is up: the app then decides what comes first."""


@dataclass
class RivalDecided(Message):
    """A computer rival has decided (in a worker): ``token`` says for which state of which game."""

    token: tuple[int, int]
    decision: object  # great_harbor.rivals.Decision
    note: dict[str, object]


@dataclass(frozen=True)
class Playback:
    """A playback on screen: the table's states at its lines (None: not known), the log's length
    before its first line, and whether the table hides what only the next person may see."""

    frames: list[GameState] | None
    start: int
    hide: bool


class GreatHarborApp(Coaching, Hints, SessionControl, App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "The Great Harbor"
    BINDINGS = [
        # An id: served in a browser, the binding answers to other keys as well (see .served).
        Binding("ctrl+q", "quit", "Quit", priority=True, id="quit"),
        Binding("ctrl+p", "command_palette", "palette", show=False, priority=True, id="command-palette",
                tooltip="Open the command palette"),
        # Priority: also over modal screens (a colony view, the Automa's playback), which keep the
        # app's ordinary bindings from their keys. `?`: see on_event.
        Binding("question_mark,f1", "lookup", "Rules", key_display="?", priority=True),
        Binding("f5", "context_help", "Rule for this", priority=True, id="context-help"),
    ]

    def __init__(
        self,
        setup: Setup | None = None,
        *,
        seed: int | None = None,
        automa_delay: float = 0.8,
        blink: bool = True,
        catalogue: Catalogue | None = None,
        game: Game | None = None,
        saves_dir: str | Path | None = None,
        autosave: bool = True,
        session: Session | None = None,
        replay: Replay | None = None,
        served: bool | None = None,
        rival_settings: dict[str, object] | None = None,
        learn: int | None = None,
    ) -> None:
        super().__init__()
        self.learn = learn  # a learning game with the coach on this seed (LEARN_SEED: see great-harbor learn)
        self._served = served  # None: served when Textual runs the app for a browser
        self.rival_settings = dict(rival_settings or {})  # for every rival's Rival(...): tests set a small budget
        self.setup = setup
        self._initial_game = game
        self._initial_session = session
        self._initial_replay = replay
        self.saves_dir = Path(saves_dir) if saves_dir is not None else None  # None: the default folder
        self.autosave = autosave
        self.session: Session | None = None  # the game's record and autosave (None: a game given as is)
        self._save_problem: str | None = None  # the autosave problem last reported
        self.default_seed = seed
        self.automa_delay = automa_delay
        self.blink = blink
        self._catalogue = catalogue
        self.game: Game | None = None
        self.viewer: int | None = None  # whose private information the table shows
        self.log_seen = 0  # engine log lines already played back
        self.lookup_memory: object | None = None  # what the rules lookup showed when it closed
        self._playback: Playback | None = None  # the playback on screen, if any
        self._acted = False  # someone played since the keyboard last passed: their notices go with it
        self._keyboard: int | None = None  # the seat that decided last at the keyboard (a person's)
        self._taken: list[str] = []  # only answers taken for the players, to say so once the table shows
        self.take_only_choices = True  # take a decision's only answer for the player (see ui/handing.py)
        self.thinking: int | None = None  # the rival deciding now, in a worker

    # --- catalogue and games --------------------------------------------------------------

    @property
    def catalogue(self) -> Catalogue:
        if self._catalogue is None:
            self._catalogue = load_catalogue()
        return self._catalogue

    @property
    def served(self) -> bool:
        """Whether the app runs in a browser tab (``great-harbor serve``): keys the browser keeps
        for itself have others beside them, shown in the footer, and the log is a download."""
        return self.is_web if self._served is None else self._served

    def on_unmount(self) -> None:
        # The app has ended (quit, an error, or a test's run_test): the game at the table is saved
        # after every action, so only its save's lock is left to let go, for a program that goes
        # on after the app (the end of the process would do the same).
        if self.session is not None:
            self.session.close()

    def on_mount(self) -> None:
        if self.served:
            self.set_keymap(SERVED_KEYS)
            self.COMMAND_PALETTE_BINDING = PALETTE_KEY  # type: ignore[misc]  # the footer shows the palette's key by this
        # The command line paused the garbage collector for start-up; half a second after
        # mounting, the first screen is drawn and the burst of long-lived objects is over.
        self.set_timer(0.5, resume_collector)
        self._restore_theme()
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        # Textual mounts the app inside a batch update that discards every frame drawn before it
        # ends: a screen pushed right here would be laid out and drawn once for nothing, then
        # again. Opened on the next turn of the message loop, it is drawn once.
        self.call_later(self._open_first_screen)

    # --- the colour theme -----------------------------------------------------------------

    def _restore_theme(self) -> None:
        """The theme chosen in an earlier run (the command palette's "Change theme"), if any, and
        whether only answers are taken for the players."""
        settings, problem = load_settings()
        if problem:
            self.notify(f"Settings ignored: {problem}.", severity="warning", timeout=8)
        self.take_only_choices = settings.get(TAKE_ONLY_CHOICES) is not False  # an odd value: the default
        name = settings.get("theme")
        if isinstance(name, str) and name in self.available_themes:
            self.theme = name
        self._use_theme()

    def _use_theme(self) -> None:
        """Draw the boards in the colours of the current theme (see style.use_theme)."""
        variables = self.get_css_variables()
        dark = self.current_theme.dark
        panel, foreground = variables.get("panel", ""), variables.get("foreground", "")
        if not (panel.startswith("#") and foreground.startswith("#")):  # an ANSI theme: its own
            panel, foreground = ("#1b2530", "#e0e0e0") if dark else ("#d0d0d0", "#1f1f1f")
        use_theme(dark, panel, foreground, no_color=self.no_color)

    def _theme_changed(self, theme: Theme) -> None:
        """Another theme: the boards are drawn again in its colours, and it is kept for the next run."""
        self._use_theme()
        for screen in self.screen_stack:
            if isinstance(screen, Restyles):
                screen.restyle()
        settings, _ = load_settings()
        if settings.get("theme") != theme.name:
            problem = save_setting("theme", theme.name)
            if problem:
                self.notify(f"The theme is not kept for the next time: {problem}.", severity="warning", timeout=8)

    def _open_first_screen(self) -> None:
        if self._initial_replay is not None:
            self._catalogue = self._initial_replay.cat
            self.show_replay(self._initial_replay, standalone=True)
            return
        if self._initial_session is not None:
            self._catalogue = self._initial_session.cat
            self.begin_session(self._initial_session, resumed=True)
            return
        if self._initial_game is not None:
            self._catalogue = self._initial_game.cat
            self.begin(self._initial_game)
            return
        if self.learn is not None:
            error = self.start_learning(self.learn)
            if error is None:
                return
            self.notify(error, severity="error", timeout=8)
        elif self.setup is not None:
            error = self.start_game(self.setup)
            if error is None:
                return
            self.notify(error, severity="error", timeout=8)
        self.show_new_game()

    def show_new_game(self, setup: Setup | None = None, *, same_seed: bool = True) -> None:
        """The new-game screen, filled in with ``setup`` (default: the last game's); without
        ``same_seed`` its seed is left empty, for a new game rather than the same one again."""
        # Here, not at the top (start-up): its form widgets and the saved games' list are not needed to
        # start a game from the command line.
        from .screens.new_game import NewGameScreen

        setup = setup or self.setup
        if not same_seed and setup is not None:
            setup = Setup(setup.seats, None, setup.shops)
        screen = NewGameScreen(setup, seed=self.default_seed if same_seed else None, folder=self.saves_folder())
        if len(self.screen_stack) > 1:
            while len(self.screen_stack) > 2:
                self.pop_screen()
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def start_game(self, setup: Setup) -> str | None:
        """Start a game (saved in the saves folder); returns a one-line message when it cannot start."""
        self.coach = None  # a learning game sets its coach once started (start_learning)
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(1_000_000)
        try:
            session = Session.new(self.catalogue, list(setup.seats), seed=seed, shops_variant=setup.shops,
                                  folder=self.saves_dir, autosave=self.autosave)
        except IllegalAction as exc:
            return f"Cannot start: {exc}."
        except (EngineError, NotImplementedError) as exc:
            return f"Cannot start this game yet: {exc or 'not available'}."
        except CatalogueError as exc:
            return f"The component catalogue is broken: {exc}"
        self.setup = Setup(setup.seats, setup.seed, setup.shops)
        self.begin_session(session)
        return None

    def begin(self, game: Game, resumed: bool = False) -> None:
        """Show the table for ``game`` (a new game, or one prepared by the caller)."""
        if self.session is not None and self.session.game is not game:
            self.session.close()
            self.session = None  # a game given as is: nothing records it
        self.game = game
        humans = self.humans()
        self.viewer = humans[0] if len(humans) == 1 else None  # alone at the table: nothing to hide
        self.log_seen = len(game.s.log) if resumed else 0
        screen = GameScreen(game.view(self.viewer), blink=self.blink, commands=self.commands())
        if len(self.screen_stack) > 1:
            while len(self.screen_stack) > 2:
                self.pop_screen()
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        # Not call_after_refresh here: called from a widget's handler (a button of the new-game
        # screen), its callback would run as that widget, and the screens after_change pushes
        # (hand-off, Automa playback) would report back to a widget that is gone by then.
        self.post_message(Begun())
        self.set_timer(0.5, self._warm_lookup)

    def on_begun(self, _: Begun) -> None:
        self.call_after_refresh(self.after_change)  # now as the app itself

    def _warm_lookup(self) -> None:
        """Build the rules lookup's index in a thread, so the first `?` opens at once."""
        from .lookup_topics import warm_index  # start-up: after the first frame (see the note above)

        if self.game is not None:
            self.run_worker(lambda cat=self.game.cat: warm_index(cat), thread=True, group="lookup")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "lookup" and event.worker.is_finished:
            freeze_long_lived()  # the last burst of lasting objects is over (see great_harbor.startup)

    # --- playing --------------------------------------------------------------------------

    def on_act(self, message: Act) -> None:
        self.play(message.action)

    def play(self, action: Action) -> None:
        game = self.game
        if game is None:
            return
        if isinstance(action, UndoCommand):
            self.undo()
            return
        if isinstance(action, RedoCommand):
            self.redo()
            return
        before = self.before_action()
        try:
            if self.session is not None:
                self.session.apply(action)  # autosaves; a problem is noted, never raised
            else:
                game.apply(action)
        except IllegalAction as exc:
            self.refused(exc.refusal)
            return
        except (EngineError, NotImplementedError) as exc:
            reason = f"the engine could not do that: {exc or type(exc).__name__}"
            self.refused(Refusal(reason, rule_ids.GOVERN_ACTIONS))
            return
        self._note_save()
        self._acted = True
        self.after_change((before, action) if before is not None else None)

    def before_action(self) -> Game | None:
        """A copy of the game before an action, when what follows it may be played back (a game
        with the Automa or a computer rival, played back at a pace): the playback shows the table
        at every line."""
        game = self.game
        if game is None or self.automa_delay <= 0 or not self.computers():
            return None
        return game.clone()

    def refused(self, refusal: Refusal) -> None:
        """Show an engine refusal, with the rule behind it (the context key opens that rule)."""
        # Start-up: after the first frame (see the note above).
        from .lookup_topics import CONTEXT_KEY, REFUSAL_SECONDS, index_for, refusal_topic, title_of

        reason = refusal.reason
        topic = refusal_topic(refusal)
        title = title_of(index_for(self.game.cat), topic.entry) if self.game else None
        if title is not None:
            reason = f"{reason}. Rule: {title} ({CONTEXT_KEY} opens it)"
        screen = self.screen
        if isinstance(screen, GameScreen):
            screen.show_refusal(reason, topic if title is not None else None)
        else:
            self.notify(reason, severity="warning", timeout=REFUSAL_SECONDS)

    def seat_kind(self, seat: int) -> str:
        """``"person"``, ``"automa"`` or a computer rival's level (a game given as is, without a
        record, has no rivals)."""
        assert self.game is not None
        if self.session is not None and self.session.game is self.game:
            return self.session.seat_kind(seat)
        return "automa" if self.game.s.players[seat].automa else "person"

    def is_computer(self, seat: int) -> bool:
        """The Automa or a computer rival: its moves are played back, never undone by a person."""
        return self.seat_kind(seat) != "person"

    def humans(self) -> list[int]:
        assert self.game is not None
        return [p.seat for p in self.game.s.players if self.seat_kind(p.seat) == "person"]

    def computers(self) -> frozenset[int]:
        """The seats of the Automa and of the computer rivals."""
        assert self.game is not None
        return frozenset(p.seat for p in self.game.s.players if self.is_computer(p.seat))

    def after_change(self, last: tuple[Game, Action] | None = None) -> None:
        """After an action (``last``: the game before it, and the action): play back what the
        Automa and the computer rivals did and a voyage nobody decided, hand the keyboard over, or
        show the scores."""
        game = self.game
        if game is None:
            return
        new = game.s.log[self.log_seen:]
        # The Automa's and the rivals' decisions are the events whose actor is their seat (by the
        # kind of seat, never by name).
        computers = self.computers()
        if self.automa_delay > 0 and plays_back(game, new, computers):
            from .screens.automa_turn import AutomaTurnScreen  # start-up: after the first frame (see above)

            # The table shows the game as it was at the line being read, and the log catches up
            # line by line (frames: see .playback). If the keyboard then passes to another
            # person, the table behind the playback already hides what only they may see (their
            # hand, their choices): the one who just played is still watching.
            hand_off = not game.is_over and self.handoff_to() is not None
            self._playback = Playback(self._frames(last), self.log_seen, hide=hand_off)
            self.show_playback_step(1)
            rivals = any(e.actor != GAME and self.seat_kind(e.actor) not in ("person", "automa") for e in new)
            playback = AutomaTurnScreen(narrate.lines(game, new), self.automa_delay, rivals=rivals)
            self.push_screen(playback, lambda _: self._continue(typed=playback.typed))
            return
        self._continue()

    def _frames(self, last: tuple[Game, Action] | None) -> list[GameState] | None:
        """The table's states at each new line of the log (None when they cannot be known)."""
        game = self.game
        assert game is not None
        if last is not None:
            before, action = last
            session = self.session
            # A rival's reasons are logged just before its action (see Session.apply).
            note = session.record.notes.get(len(session.actions) - 1) if session is not None else None
            return frames_after(before, action, game, note=note)
        if self.log_seen == 0:  # a new game: the Automa may draft before anyone
            record = self.session.record if self.session is not None else None
            if record is not None:
                return frames_from_start(game, record.seats, record.seed, record.shops_variant)
            seats = [Seat(p.name, automa=p.automa) for p in game.s.players]  # a game as is: no rivals
            return frames_from_start(game, seats, game.s.seed, game.s.shops_variant)
        return None

    def on_playback_step(self, message: PlaybackStep) -> None:
        self.show_playback_step(message.shown)

    def show_playback_step(self, shown: int) -> None:
        """The table while the playback shows its first ``shown`` lines: the game as it was at
        the last of them (or, without frames, as it is now), the log up to that line."""
        playback = self._playback
        game = self.game
        if playback is None or game is None:
            return
        upto = playback.start + shown
        if playback.frames:
            frame = playback.frames[max(0, min(shown, len(playback.frames)) - 1)]
            view = frame_view(game.cat, frame, None if playback.hide else self.viewer)
        else:
            view = self.table_view(hidden=playback.hide)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.refresh_view(view, hidden=playback.hide, log_upto=upto, watching=True)

    def on_next_board(self, _: NextBoard) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.action_next_tab()

    def _continue(self, typed: str = "") -> None:
        """``typed``: letters typed during the Automa's playback, for the action filter (only if
        the same person still has the keyboard: not behind a hand-off screen)."""
        game = self.game
        assert game is not None
        self.log_seen = len(game.s.log)
        self._playback = None
        if game.is_over:
            from .screens.game_over import GameOverScreen  # start-up: after the first frame (see above)

            self._refresh_table()
            from great_harbor.progress import progress_of  # start-up: after the first frame (see above)

            session = self.session
            hints = session.record.hints if session is not None else 0
            progress = progress_of(session.record, session.cat) if session is not None else None
            over = GameOverScreen(game.view(None), hints=hints, progress=progress)
            self.push_screen(over)
            self.coach_game_over(over)
            return
        top = game.pending
        if top is not None and self._rival_seat(top.seat):
            self._refresh_table()
            self.start_rival(top.seat)
            return
        only = self._only_answer()
        if only is not None and top is not None:
            self._taken.append(f"Taken for {game.name(top.seat)}, the only choice: {describe(game, only)}.")
            self.play(only)
            return
        if top is not None and top.seat != self._keyboard and self.seat_kind(top.seat) == "person":
            # The keyboard changes hands (with a hand-off screen or, in the draft, without): what
            # the last person looked up in the rules lookup is theirs; the next one starts afresh.
            self._keyboard = top.seat
            self.lookup_memory = None
        seat = self.handoff_to()
        if seat is not None:
            from .screens.handoff import HandOffScreen  # start-up: after the first frame (see above)

            # What the last person read in the rules lookup (a card in their hand, say) is theirs:
            # the next one starts it afresh. So are the notices on screen after they played (a
            # refusal, the file their log went to): the next person sees none of them, neither on
            # the hand-off screen nor at the table. (Opening a saved game leaves its notices up.)
            self.lookup_memory = None
            acted, self._acted = self._acted, False
            if acted:
                self.clear_notifications()

            def confirmed(_: object) -> None:
                self.viewer = seat
                if acted:
                    self.clear_notifications()
                self._refresh_table()
                self._say_taken()

            self.push_screen(HandOffScreen(game.view(None), seat, self._undo_note(seat)), confirmed)
            self._refresh_table(hide=True)
            return
        self._refresh_table()
        self._say_taken()
        self.coach_after_change(game)
        if typed:
            if isinstance(self.screen, GameScreen):
                self.screen.type_ahead(typed)

    def _only_answer(self) -> Action | None:
        """The only answer of a person's decision at a table of people, when it is taken for them."""
        game = self.game
        top = game.pending if game is not None else None
        if not self.take_only_choices or top is None or self.seat_kind(top.seat) != "person" \
                or len(self.humans()) < 2:
            return None
        return only_answer(game) if game is not None else None

    def _say_taken(self) -> None:
        """The notices of the only answers taken for the players, once the table shows."""
        taken, self._taken = self._taken, []
        for line in taken:
            self.notify(line, timeout=6)

    def set_take_only_choices(self, on: bool) -> None:
        """Take (or not) a decision's only answer for the player; kept for the next games."""
        self.take_only_choices = on
        problem = save_setting(TAKE_ONLY_CHOICES, on)
        self.notify(("An only choice is taken for you, with a notice." if on else "Every choice is asked, "
                     "even an only one.") + (f" (Not kept for the next time: {problem}.)" if problem else ""))

    def _undo_note(self, seat: int) -> str:
        """Why Ctrl+Z on the hand-off screen to ``seat`` takes nothing back."""
        assert self.game is not None
        name = self.game.s.players[seat].name
        if self.session is None:
            return "This game is not recorded, so nothing can be undone."
        verdict = self.session.can_undo()
        if verdict:
            return f"{name} cannot undo now: undo works at the table, once you press Enter."
        return f"{name} cannot undo now: {verdict.reason}."

    def handoff_to(self) -> int | None:
        """The seat the keyboard must pass to before the table is shown, if any.

        With one human at the table nothing is ever hidden. With several, the draft and the other
        decisions that need nothing private (ui/handing.py) are public (no hand is shown), and
        every other decision is shown only to its own seat."""
        game = self.game
        assert game is not None
        top = game.pending
        humans = self.humans()
        if len(humans) == 1:
            self.viewer = humans[0]
            return None
        if top is None:
            return None
        if self._rival_seat(top.seat):  # a computer decides: the one at the keyboard keeps watching
            return None
        if top.kind == "draft":
            self.viewer = None
            return None
        if public_decision(top):  # nothing private: on the public table, as the draft (no hand shown)
            if self.viewer != top.seat:
                self.viewer = None
            return None
        return top.seat if top.seat != self.viewer else None

    # --- computer rivals ------------------------------------------------------------------

    def _rival_seat(self, seat: int) -> bool:
        return self.session is not None and self.session.game is self.game and self.session.rival(seat) is not None

    def _token(self) -> tuple[int, int]:
        """Which game and which state of it a rival's decision is for."""
        assert self.session is not None
        return id(self.session), len(self.session.actions)

    def start_rival(self, seat: int) -> None:
        """Let the rival in ``seat`` decide, in a worker thread, from its own view."""
        session = self.session
        assert session is not None and self.game is not None
        rival = session.rival(seat)
        assert rival is not None
        if self.thinking == seat:
            return
        self.thinking = seat
        own, public = self.game.view(seat), self.game.view(None)
        token = self._token()
        if isinstance(self.screen, GameScreen):
            self.screen.show_thinking(self.game.name(seat), rival.level)

        def think() -> None:
            decision = rival.decide(own)
            self.post_message(RivalDecided(token, decision, decision.note(own, public)))

        self.run_worker(think, thread=True, group="rival", exclusive=True)

    def on_rival_decided(self, message: RivalDecided) -> None:
        from great_harbor.rivals import Decision  # start-up: loaded with the first rival

        self.thinking = None
        decision = message.decision
        if self.session is None or message.token != self._token() or not isinstance(decision, Decision):
            return  # another game, or this one moved on: the decision is for a state gone by
        before = self.before_action()
        try:
            self.session.apply(decision.action, note=message.note)
        except IllegalAction as exc:  # a bug in a rival: say so, the game waits for nobody
            self.notify(f"The rival could not play: {exc}", severity="error", timeout=10)
            return
        if decision.fault is not None:  # the rival's code failed: it played a plain move, the game goes on
            self.notify(f"A computer rival's thinking failed ({decision.fault}); it made a plain legal move "
                        "instead.", severity="error", timeout=10)
        self._note_save()
        self.after_change((before, decision.action) if before is not None else None)

    def _refresh_table(self, hide: bool = False, log_upto: int | None = None) -> None:
        if self.game is None:
            return
        view = self.table_view(hidden=hide)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.refresh_view(view, hidden=hide, log_upto=log_upto)

    def table_view(self, hidden: bool = False) -> SeatView:
        """What the table may show now: the view of the person at the keyboard, or only what is
        public while the table is covered (a hand-off, another seat's decision coming)."""
        assert self.game is not None
        return self.game.view(None if hidden else self.viewer)

    # --- the rules lookup -----------------------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        # `?` opens the rules from anywhere, even a text field: Textual leaves out the bindings of
        # printable keys while an Input has the focus, so the key is taken before it gets there.
        if isinstance(event, events.Key) and event.key == "question_mark" and not event.is_forwarded:
            self.action_lookup()
            return
        # The hint key, H (capital: the action filter takes small letters), at the table and over
        # the screens that cover it (where it is refused, with the reason); never in the middle of
        # typing, where a capital H belongs to the text ("Dock Hut").
        if isinstance(event, events.Key) and event.key == HINT_KEY and not event.is_forwarded \
                and (not self._typing() or self._filter_finds_nothing()) and self._at_table():
            table = self.screen
            if isinstance(table, GameScreen) and table.typing():
                table.clear_filter()  # the hint highlights its suggestion in the whole list
            self.action_hint()
            return
        if isinstance(event, events.Key) and not event.is_forwarded and self.coach_key(event):
            return  # the coach's keys while a lesson is up (and L for the lesson list)
        # The rules lookup routes typing itself, here, in the order keys arrive: a key sent to a
        # widget is handled later, after focus moves the keys before it asked for.
        if isinstance(event, events.Key | events.Paste) and not event.is_forwarded:
            stack = self.screen_stack
            screen = stack[-1] if stack else None
            if getattr(screen, "IS_RULES_LOOKUP", False) and screen.intercept(event):  # type: ignore[union-attr]
                return
        if isinstance(event, events.Key) and not event.is_forwarded:
            # Before the key goes to the focused widget, in the order keys arrive: the screen in
            # front may give the focus to another widget for it (the table's action filter).
            screen = self.screen
            if isinstance(screen, RoutesKeys):
                screen.route_key(event)
        await super().on_event(event)

    def _typing(self) -> bool:
        """Whether the person is in the middle of typing text (where a capital H is a letter)."""
        stack = self.screen_stack  # (no screen yet while the app starts)
        front = stack[-1] if stack else None
        focused = front.focused if front is not None else None
        # The action filter takes typed keys whichever of its panel's widgets has the focus.
        return isinstance(focused, Input) and bool(focused.value) \
            or isinstance(front, GameScreen) and front.typing()

    def _filter_finds_nothing(self) -> bool:
        """Whether the table's action filter holds text that matches no action: no letter typed
        after it could make it match, so H there asks for the hint rather than being a letter
        lost in a filter that finds nothing."""
        table = self.screen
        return isinstance(table, GameScreen) and table.filter_finds_nothing()

    def _at_table(self) -> bool:
        from .screens.automa_turn import AutomaTurnScreen  # start-up: after the first frame (see above)
        from .screens.handoff import HandOffScreen  # start-up: after the first frame (see above)

        return isinstance(self.screen, (GameScreen, HandOffScreen, AutomaTurnScreen))

    def action_lookup(self) -> None:
        # Here, not at the top (start-up): the lookup's Markdown and tree widgets wait for the first `?`.
        from .screens.lookup import open_lookup

        open_lookup(self)

    def action_context_help(self) -> None:
        """F5: the rules lookup on what the screen in front says it is about."""
        # Here, not at the top (start-up): the lookup's Markdown and tree widgets wait for the first F5.
        from .lookup_topics import HasContextHelp
        from .screens.lookup import open_lookup

        screen = self.screen
        open_lookup(self, screen.context_topic() if isinstance(screen, HasContextHelp) else None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            # The table's footer offers H while the keys are on the action list. On the map, its own
            # keys need the footer's room at 120 columns (H still hints there: see on_event).
            table = self.table_in_front()
            return table is None or table.keys_on_actions()
        if action == "context_help":
            # Asked for every footer refresh: a class flag, so that start-up need not import the
            # lookup screen (and its Markdown parser) just to answer "no lookup open yet".
            return not getattr(self.screen, "IS_RULES_LOOKUP", False)
        return True

    # --- commands -------------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Leave this game and set up a new one", self.show_new_game)
        yield from self.learning_commands()
        yield SystemCommand("Player statistics", "Each player's record across the saved games: wins by opponents, "
                            "Prestige, last results", self.action_player_stats)
        # Never over the hand-off screen: the viewer there is still the previous person.
        if self.game is not None and not self.game.is_over and isinstance(screen, GameScreen):
            for p in self.game.s.players:
                yield SystemCommand(
                    f"View colony: {p.name}", f"Show {p.name}'s colony board in full",
                    lambda seat=p.seat: self.view_colony(seat),
                )
        yield from self.session_commands(screen)
        yield from self.hint_commands(screen)
        if self.take_only_choices:
            yield SystemCommand("Only choices: ask me", "Ask every decision, even one with a single answer",
                                lambda: self.set_take_only_choices(False))
        else:
            yield SystemCommand("Only choices: take for me", "A decision with a single answer (a ship that can only "
                                "trade) is taken for you, with a notice", lambda: self.set_take_only_choices(True))
        if self.game is None or not any(self.is_computer(p.seat) for p in self.game.s.players):
            return  # the pace is the computers': offered only in a game the Automa or a rival plays
        yield SystemCommand(
            "Automa pace: slow", "Play the Automa's and the rivals' moves back one line every 1.5 s",
            lambda: self.set_pace(1.5),
        )
        yield SystemCommand("Automa pace: normal", "One line every 0.8 s", lambda: self.set_pace(0.8))
        yield SystemCommand("Automa pace: instant", "Do not play the Automa's and the rivals' moves back",
                            lambda: self.set_pace(0))

    def action_player_stats(self) -> None:
        """Each player's record across the saved games (over whatever screen is in front)."""
        from .screens.stats import StatsScreen  # start-up: after the first frame (see above)

        if not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen(self.saves_folder(), self.catalogue))

    def set_pace(self, delay: float) -> None:
        self.automa_delay = delay
        self.notify("Computer moves: " + ("shown at once in the log" if not delay else f"one line every {delay} s"))

    def view_colony(self, seat: int) -> None:
        from .screens.colony_view import ColonyViewScreen  # start-up: after the first frame (see above)

        if self.game is not None and isinstance(self.screen, GameScreen):
            self.push_screen(ColonyViewScreen(self.screen.game, seat))

    # --- what screens ask -----------------------------------------------------------------

    def commands(self) -> TableCommands:
        """Undo and redo as the table's action picker offers them, for this game's record."""
        return TableCommands(self.session)

    def on_start_game(self, message: StartGame) -> None:
        problem = self.start_game(message.setup)
        if problem:
            message.problem(problem)

    def on_new_game(self, message: NewGame) -> None:
        self.show_new_game(same_seed=message.same_seed)

    def on_show_saved_games(self, _: ShowSavedGames) -> None:
        self.show_saved_games()

    def on_open_save(self, message: OpenSave) -> None:
        opened = self.open_replay if message.replay else self.open_save
        problem = opened(message.path, force=message.force)
        if problem is not None:
            message.problem(problem)


def make_app(
    seed: int | None = None,
    players: Sequence[str] | None = None,
    automa: bool = False,
    shops: bool = False,
    *,
    automa_delay: float = 0.8,
    blink: bool = True,
    catalogue: Catalogue | None = None,
    game: Game | None = None,
    saves_dir: str | Path | None = None,
    autosave: bool = True,
    session: Session | None = None,
    replay: Replay | None = None,
    served: bool | None = None,
    rivals: Sequence[str] = (),
    rival_settings: dict[str, object] | None = None,
    learn: int | None = None,
) -> GreatHarborApp:
    """The app, for the command line and tests: with ``players`` it starts that game directly
    (``rivals``, levels, add computer rivals after them and ``automa`` the Automa as the last
    seat; ``shops`` plays the Harbor Shops variant); with
    ``session`` it goes on with that saved game; with ``replay`` it opens the replay viewer; with
    ``game`` it shows that game (not recorded: no autosave, no undo); otherwise it opens the
    new-game screen. New games are saved in ``saves_dir`` (default: the saves folder) unless
    ``autosave`` is False. ``served``: play as in a browser tab (default: when Textual runs the
    app for one). ``learn``: a learning game with the coach, on this seed."""
    setup = None
    if players is not None:
        from great_harbor.rival_kinds import rival_names  # start-up: only a game with rivals loads them

        names = rival_names(len(rivals), taken=players)
        seats = (tuple(Seat(n) for n in players) + tuple(Seat(n, rival=r) for n, r in zip(names, rivals, strict=True))
                 + ((Seat("Automa", automa=True),) if automa else ()))
        setup = Setup(seats, seed, shops)
    return GreatHarborApp(setup, seed=seed, automa_delay=automa_delay, blink=blink, catalogue=catalogue, game=game,
                          saves_dir=saves_dir, autosave=autosave, session=session, replay=replay,
                          served=served, rival_settings=rival_settings, learn=learn)
