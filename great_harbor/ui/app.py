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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from great_harbor.data import Catalogue, CatalogueError, load_catalogue
from great_harbor.engine import EngineError, Game, IllegalAction, Seat, narrate, rule_ids
from great_harbor.engine.actions import Action
from great_harbor.engine.errors import Refusal
from great_harbor.engine.events import GAME
from great_harbor.engine.game import SeatView
from great_harbor.startup import resume_collector

from .hints import HINT_KEY, Hints
from .session_control import SessionControl

if TYPE_CHECKING:
    from great_harbor.replay import Replay
    from great_harbor.session import Session

    from .lookup_topics import Topic


@dataclass
class Act(Message):
    """A player chose ``action`` (from the picker or the map)."""

    action: Action


class Begun(Message):
    """The table for a new game is up: the app then decides what comes first."""


@dataclass
class RivalDecided(Message):
    """A computer rival has decided (in a worker): ``token`` says for which state of which game."""

    token: tuple[int, int]
    decision: object  # great_harbor.rivals.Decision
    note: dict[str, object]


@dataclass(frozen=True)
class Setup:
    """What the new-game screen asks: the seats, the variant and the seed."""

    seats: tuple[Seat, ...]
    seed: int | None = None
    shops: bool = False


class GreatHarborApp(Hints, SessionControl, App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "The Great Harbor"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        # Priority: also over modal screens (a colony view, the Automa's playback), which keep the
        # app's ordinary bindings from their keys. `?`: see on_event.
        Binding("question_mark,f1", "lookup", "Rules", key_display="?", priority=True),
        Binding("f5", "context_help", "Rule for this", priority=True),
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
        rival_settings: dict[str, object] | None = None,
    ) -> None:
        super().__init__()
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
        self.refusal: tuple[Topic, float] | None = None  # the rule of the last refusal, until when
        self.thinking: int | None = None  # the rival deciding now, in a worker

    # --- catalogue and games --------------------------------------------------------------

    @property
    def catalogue(self) -> Catalogue:
        if self._catalogue is None:
            self._catalogue = load_catalogue()
        return self._catalogue

    def on_mount(self) -> None:
        # The command line paused the garbage collector for start-up; half a second after
        # mounting, the first screen is drawn and the burst of long-lived objects is over.
        self.set_timer(0.5, resume_collector)
        # Textual mounts the app inside a batch update that discards every frame drawn before it
        # ends: a screen pushed right here would be laid out and drawn once for nothing, then
        # again. Opened on the next turn of the message loop, it is drawn once.
        self.call_later(self._open_first_screen)

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
        if self.setup is not None:
            error = self.start_game(self.setup)
            if error is None:
                return
            self.notify(error, severity="error", timeout=8)
        self.show_new_game()

    def show_new_game(self, setup: Setup | None = None, *, same_seed: bool = True) -> None:
        """The new-game screen, filled in with ``setup`` (default: the last game's); without
        ``same_seed`` its seed is left empty, for a new game rather than the same one again."""
        from .screens.new_game import NewGameScreen

        setup = setup or self.setup
        if not same_seed and setup is not None:
            setup = Setup(setup.seats, None, setup.shops)
        screen = NewGameScreen(setup, seed=self.default_seed if same_seed else None)
        if len(self.screen_stack) > 1:
            while len(self.screen_stack) > 2:
                self.pop_screen()
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def start_game(self, setup: Setup) -> str | None:
        """Start a game (saved in the saves folder); returns a one-line message when it cannot start."""
        import random

        from great_harbor.session import Session

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
        from .screens.game import GameScreen

        screen = GameScreen(game.view(self.viewer))
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
        from .lookup_topics import warm_index

        if self.game is not None:
            self.run_worker(lambda cat=self.game.cat: warm_index(cat), thread=True, group="lookup")

    # --- playing --------------------------------------------------------------------------

    def on_act(self, message: Act) -> None:
        self.play(message.action)

    def play(self, action: Action) -> None:
        from .saving import RedoCommand, UndoCommand

        game = self.game
        if game is None:
            return
        if isinstance(action, UndoCommand):
            self.undo()
            return
        if isinstance(action, RedoCommand):
            self.redo()
            return
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
        self.after_change()

    def refused(self, refusal: Refusal) -> None:
        """Show an engine refusal, with the rule behind it (the context key opens that rule)."""
        import time

        from .lookup_topics import CONTEXT_KEY, REFUSAL_SECONDS, index_for, refusal_topic, title_of
        from .screens.game import GameScreen

        reason = refusal.reason
        topic = refusal_topic(refusal)
        title = title_of(index_for(self.game.cat), topic.entry) if self.game else None
        if title is not None:
            self.refusal = (topic, time.monotonic() + REFUSAL_SECONDS)
            reason = f"{reason}. Rule: {title} ({CONTEXT_KEY} opens it)"
        screen = self.screen
        if isinstance(screen, GameScreen):
            screen.show_refusal(reason)
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

    def after_change(self) -> None:
        """After an action: play back the computers' moves, hand the keyboard over, or show the
        scores."""
        game = self.game
        if game is None:
            return
        new = game.s.log[self.log_seen:]
        # The Automa's and the rivals' decisions are the events whose actor is their seat (by the
        # kind of seat, never by name).
        if self.automa_delay > 0 and any(e.actor != GAME and self.is_computer(e.actor) for e in new):
            from .screens.automa_turn import AutomaTurnScreen

            # The log catches up as the playback ends. If the keyboard then passes to another
            # person, the table behind the playback already hides what only they may see (their
            # hand, their choices): the one who just played is still watching.
            hand_off = not game.is_over and self.handoff_to() is not None
            self._refresh_table(hide=hand_off, log_upto=self.log_seen)
            rivals = any(e.actor != GAME and self.seat_kind(e.actor) not in ("person", "automa") for e in new)
            playback = AutomaTurnScreen(narrate.lines(game, new), self.automa_delay, rivals=rivals)
            self.push_screen(playback, lambda _: self._continue(typed=playback.typed))
            return
        self._continue()

    def _continue(self, typed: str = "") -> None:
        """``typed``: letters typed during the Automa's playback, for the action filter (only if
        the same person still has the keyboard: not behind a hand-off screen)."""
        game = self.game
        assert game is not None
        self.log_seen = len(game.s.log)
        if game.is_over:
            from .screens.game_over import GameOverScreen

            self._refresh_table()
            hints = self.session.record.hints if self.session is not None else 0
            self.push_screen(GameOverScreen(game.view(None), hints=hints))
            return
        top = game.pending
        if top is not None and self._rival_seat(top.seat):
            self._refresh_table()
            self.start_rival(top.seat)
            return
        seat = self.handoff_to()
        if seat is not None:
            from .screens.handoff import HandOffScreen

            # What the last person read in the rules lookup (a card in their hand, say) is theirs:
            # the next one starts it afresh.
            self.lookup_memory = None

            def confirmed(_: object) -> None:
                self.viewer = seat
                self._refresh_table()

            self.push_screen(HandOffScreen(game.view(None), seat), confirmed)
            self._refresh_table(hide=True)
            return
        self._refresh_table()
        if typed:
            from .screens.game import GameScreen

            if isinstance(self.screen, GameScreen):
                self.screen.type_ahead(typed)

    def handoff_to(self) -> int | None:
        """The seat the keyboard must pass to before the table is shown, if any.

        With one human at the table nothing is ever hidden. With several, the draft is public
        (no hand is shown), and every other decision is shown only to its own seat."""
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
        from .screens.game import GameScreen  # start-up: the table's screen loads with the first game

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
        try:
            self.session.apply(decision.action, note=message.note)
        except IllegalAction as exc:  # a bug in a rival: say so, the game waits for nobody
            self.notify(f"The rival could not play: {exc}", severity="error", timeout=10)
            return
        self._note_save()
        self.after_change()

    def _refresh_table(self, hide: bool = False, log_upto: int | None = None) -> None:
        from .screens.game import GameScreen

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
        # the screens that cover it (where it is refused, with the reason).
        if isinstance(event, events.Key) and event.key == HINT_KEY and not event.is_forwarded and self._at_table():
            self.action_hint()
            return
        await super().on_event(event)

    def _at_table(self) -> bool:
        from .screens.automa_turn import AutomaTurnScreen  # start-up: these screens load with the first game
        from .screens.game import GameScreen  # start-up
        from .screens.handoff import HandOffScreen  # start-up

        return isinstance(self.screen, (GameScreen, HandOffScreen, AutomaTurnScreen))

    def action_lookup(self) -> None:
        from .screens.lookup import open_lookup

        open_lookup(self)

    def action_context_help(self) -> None:
        from .screens.lookup import context_topic, open_lookup

        open_lookup(self, context_topic(self))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "context_help":
            # Asked for every footer refresh: a class flag, so that start-up need not import the
            # lookup screen (and its Markdown parser) just to answer "no lookup open yet".
            return not getattr(self.screen, "IS_RULES_LOOKUP", False)
        return True

    # --- commands -------------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Leave this game and set up a new one", self.show_new_game)
        from .screens.game import GameScreen

        # Never over the hand-off screen: the viewer there is still the previous person.
        if self.game is not None and not self.game.is_over and isinstance(screen, GameScreen):
            for p in self.game.s.players:
                yield SystemCommand(
                    f"View colony: {p.name}", f"Show {p.name}'s colony board in full",
                    lambda seat=p.seat: self.view_colony(seat),  # type: ignore[misc]
                )
        yield from self.session_commands(screen)
        yield from self.hint_commands(screen)
        yield SystemCommand(
            "Automa pace: slow", "Play the Automa's and the rivals' moves back one line every 1.5 s",
            lambda: self.set_pace(1.5),
        )
        yield SystemCommand("Automa pace: normal", "One line every 0.8 s", lambda: self.set_pace(0.8))
        yield SystemCommand("Automa pace: instant", "Do not play the Automa's and the rivals' moves back",
                            lambda: self.set_pace(0))

    def set_pace(self, delay: float) -> None:
        self.automa_delay = delay
        self.notify("Computer moves: " + ("shown at once in the log" if not delay else f"one line every {delay} s"))

    def view_colony(self, seat: int) -> None:
        from .screens.colony_view import ColonyViewScreen
        from .screens.game import GameScreen

        if self.game is not None and isinstance(self.screen, GameScreen):
            self.push_screen(ColonyViewScreen(self.screen.game, seat))


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
    rivals: Sequence[str] = (),
    rival_settings: dict[str, object] | None = None,
) -> GreatHarborApp:
    """The app, for the command line and tests: with ``players`` it starts that game directly
    (``rivals``, levels, add computer rivals after them and ``automa`` the Automa as the last
    seat; ``shops`` plays the Harbor Shops variant); with
    ``session`` it goes on with that saved game; with ``replay`` it opens the replay viewer; with
    ``game`` it shows that game (not recorded: no autosave, no undo); otherwise it opens the
    new-game screen. New games are saved in ``saves_dir`` (default: the saves folder) unless
    ``autosave`` is False."""
    setup = None
    if players is not None:
        from great_harbor.rival_kinds import rival_names  # start-up: only a game with rivals loads them

        names = rival_names(len(rivals), taken=players)
        seats = (tuple(Seat(n) for n in players) + tuple(Seat(n, rival=r) for n, r in zip(names, rivals, strict=True))
                 + ((Seat("Automa", automa=True),) if automa else ()))
        setup = Setup(seats, seed, shops)
    return GreatHarborApp(setup, seed=seed, automa_delay=automa_delay, blink=blink, catalogue=catalogue, game=game,
                          saves_dir=saves_dir, autosave=autosave, session=session, replay=replay,
                          rival_settings=rival_settings)
