"""Learn to play: a solo game against the Automa with the coach (:mod:`great_harbor.coach`).

The app asks the coach after every change that leaves the table in front with the learner to
decide (never over the hand-off, the Automa's playback or another screen) and shows the lesson
it returns in the coach's panel. While a lesson is up, Enter or → turns its pages (and puts it
away after the last), F5 opens its rule, Esc hides it; L lists the lessons (learned ✓, still to
come) and brings the last one back. The hint key keeps working."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import App, SystemCommand
from textual.screen import Screen
from textual.widgets import Static

from great_harbor.engine import Seat

from .learned import learned_lessons, remember_learned
from .messages import LearnToPlay, Setup
from .screens.game import GameScreen
from .widgets.coach_panel import CoachPanel

if TYPE_CHECKING:
    from great_harbor.coach import Coach, Lesson
    from great_harbor.engine import Game
    from great_harbor.session import Session

LEARN_SEED = 7  # great_harbor.coach.LEARN_SEED (a test holds both): the coach and pydantic load only to learn

# The learner's seat: a name, as every seat has, that reads well in the log's third person
# ("Learner rolls B2 …"; "You rolls" did not).
LEARNER = "Learner"
NEXT_KEYS = ("enter", "right")
# A board pointer's tab at 120x36 (the dice and the action list are always in view there).
BOARD_TABS = {"map": "tab-harbor", "log": "tab-harbor", "colony": "tab-colony", "trade": "tab-boards",
              "senate": "tab-boards", "cards": "tab-cards"}
LIST_KEY = "L"


def learning_setup(seed: int | None) -> Setup:
    return Setup((Seat(LEARNER), Seat("Automa", automa=True)), LEARN_SEED if seed is None else seed)


class Coaching(App[None]):
    """The app's part in a learning game (a mixin of GreatHarborApp)."""

    coach: Coach | None = None
    coach_page = 0

    def start_learning(self, seed: int | None = None, *, again: bool = False) -> str | None:
        """Start a learning game; ``again``: every lesson, also those learned before."""
        from great_harbor.coach import Coach  # start-up: the lessons (and pydantic) load only to learn

        problem: str | None = self.start_game(learning_setup(seed))  # type: ignore[attr-defined]
        if problem is None:
            self.coach = Coach(0, skip=() if again else learned_lessons())
            self.coach_page = 0
            self._save_coach()  # the record says from the start that this is a learning game
        return problem

    def learning_commands(self) -> Iterator[SystemCommand]:
        """The palette's way to a learning game (always there), and to every lesson again."""
        yield SystemCommand("Learn to play", "A game against the Automa with a coach who explains each rule "
                            "the first time it matters", lambda: self._learn_from_palette(again=False))
        if learned_lessons():
            yield SystemCommand("Learn to play: all lessons again", "A learning game that offers the lessons "
                                "learned before too", lambda: self._learn_from_palette(again=True))

    def on_learn_to_play(self, message: LearnToPlay) -> None:
        """The new-game screen's Learn to play."""
        problem = self.start_learning()
        if problem is not None:
            message.problem(problem)

    def _learn_from_palette(self, *, again: bool) -> None:
        problem = self.start_learning(again=again)
        if problem is not None:
            self.notify(problem, severity="error", timeout=8)

    def begin_session(self, session: Session, resumed: bool = False) -> None:
        """A recorded game: a learning one goes on with its coach exactly as it was saved."""
        super().begin_session(session, resumed)  # type: ignore[misc]
        saved = session.record.coach
        if saved is None:
            self.coach = None
            return
        from great_harbor.coach import Coach, CoachState  # start-up: the lessons load only to learn

        state = CoachState(list(saved.get("seen", [])), saved.get("showing"), len(session.game.s.log))
        self.coach = Coach(0, skip=saved.get("skip", ()), state=state)
        self.coach_page = 0

    def _save_coach(self) -> None:
        """The coach's state into the game's record, and the record to its file (Continue)."""
        coach = self.coach
        session: Session | None = getattr(self, "session", None)
        if coach is None or session is None:
            return
        state = coach.state
        session.record.coach = {"seen": list(state.seen), "showing": state.showing, "skip": sorted(coach.skip)}
        session.save()

    def _coach_panel(self, screen: GameScreen, *, create: bool = True) -> CoachPanel | None:
        """The table's coach panel (mounted the first time it is needed; ``create`` False: None
        until then). Kept on the screen: a query of the table's widgets on every action and key
        cost more than the rest of the coach (bench/coach.py)."""
        panel: CoachPanel | None = getattr(screen, "coach_panel", None)
        if panel is None and create:
            panel = CoachPanel(id="coach")
            screen.mount(panel)
            screen.coach_panel = panel  # type: ignore[attr-defined]
        return panel

    def coach_after_change(self, game: Game) -> None:
        """The table is in front with its keys: a lesson whose moment has come is shown."""
        coach = self.coach
        screen = self.screen
        if coach is None or not isinstance(screen, GameScreen) or screen.hidden:
            return
        lesson = coach.check(game)
        if lesson is not None:
            self.coach_page = 0
            remember_learned([lesson.id])
            self._save_coach()
        elif coach.showing is None:
            shown = self._coach_panel(screen, create=False)
            if shown is None or not shown.display:
                return  # nothing to show and nothing shown: the panel is left as it is (most actions)
        self._show_lesson(screen)

    def _show_lesson(self, screen: GameScreen, *, point: bool = True) -> None:
        """The lesson on screen (or none) in the panel; ``point``: and what it talks about (not
        again for its next page)."""
        coach = self.coach
        assert coach is not None
        lesson = coach.showing
        if lesson is None:
            hidden = self._coach_panel(screen, create=False)
            if hidden is not None and hidden.display:
                hidden.display = False  # (set only when it changes: each setting lays the table out again)
            return
        panel = self._coach_panel(screen)
        assert panel is not None
        if not panel.display:
            panel.display = True
        offered = coach.offered
        number = next((i for i, x in enumerate(offered, 1) if x.id == lesson.id), len(offered))
        panel.show_page(lesson, min(self.coach_page, len(lesson.pages) - 1), number, len(offered))
        if point:
            self._point(screen, lesson)

    def _point(self, screen: GameScreen, lesson: Lesson) -> None:
        """Show what the lesson talks about: the first action of its kind highlighted in the list,
        or (at 120x36, where the boards share tabs) the tab of the board it names."""
        kind, _, target = (lesson.pointer or "").partition(":")
        if kind == "board" and screen.layout_mode == "compact" and target in BOARD_TABS:
            from textual.widgets import TabbedContent  # only the 120x36 layout has tabs

            screen.query_one(TabbedContent).active = BOARD_TABS[target]
        if kind == "action":
            for action in screen.game.legal_actions():
                if action.kind == target:
                    screen.highlight(action)
                    break

    def coach_key(self, event: events.Key) -> bool:
        """Take ``event`` if it is one of the coach's keys at the table now."""
        coach = self.coach
        screen = self.screen
        if coach is None or not isinstance(screen, GameScreen) or screen.hidden or screen.typing():
            return False
        lesson = coach.showing
        if event.key == LIST_KEY:
            self._lesson_list(coach)
            if lesson is None and coach.seen:
                coach.show(coach.seen[-1])
                self.coach_page = 0
                self._save_coach()
            self._show_lesson(screen)
            return True
        if lesson is None:
            return False
        if event.key in NEXT_KEYS:
            self.coach_page += 1
            if self.coach_page >= len(lesson.pages):
                self.coach_page = 0
                coach.hide()
                self._save_coach()
            self._show_lesson(screen, point=False)
            return True
        if event.key == "escape":
            coach.hide()
            self._save_coach()
            self._show_lesson(screen, point=False)
            return True
        if event.key == "f5":
            from .lookup_topics import Topic  # start-up: after the first frame (see the app)
            from .screens.lookup import open_lookup  # start-up: after the first frame (see the app)

            open_lookup(self, Topic(lesson.entry, f"the coach's lesson: {lesson.title}"))  # type: ignore[arg-type]
            return True
        return False

    def coach_game_over(self, screen: Screen[None]) -> None:
        """On the final scores: the lessons learned in this game, and what to read for those whose
        moment never came (each lesson's rules entry, by its title in the lookup)."""
        coach = self.coach
        if coach is None:
            return
        text = lessons_summary(coach)

        def add() -> None:
            boxes = screen.query("#game-over")
            if boxes and not screen.query("#lessons-learned"):
                boxes.first().mount(Static(text, id="lessons-learned"), before="#over-hint")

        self.call_after_refresh(add)

    def _lesson_list(self, coach: Coach) -> None:
        seen = set(coach.seen)
        lines = [("✓ " if x.id in seen else "· ") + x.title for x in coach.offered]
        left = len(coach.offered) - len(seen & {x.id for x in coach.offered})
        self.notify("\n".join(lines), title=f"Lessons: {len(seen)} learned, {left} still to come", timeout=12)


def lessons_summary(coach: Coach) -> Text:
    """The final screen's words on the coach: lessons learned, and what to read next."""
    from great_harbor.lookup.reference import get_entry  # start-up: only at the end of a learning game

    seen = [coach.by_id[x] for x in coach.seen if x in coach.by_id]
    out = Text()
    out.append(f"Lessons learned in this game: {len(seen)} of {len(coach.offered)}\n", style="bold")
    out.append(" · ".join(f"✓ {lesson.title}" for lesson in seen) or "none")
    left = coach.to_read()
    if left:
        out.append("\nTheir moment never came; to read next (? opens the rules lookup):\n", style="bold")
        for lesson in left:
            try:
                where = get_entry(lesson.entry).title
            except KeyError:
                where = lesson.entry
            out.append(f"  {lesson.title}: the rules on {where}\n")
    return out

