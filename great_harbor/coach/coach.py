"""The coach of a learning game: which lesson to show, and when.

It sits above the engine, beside the session: the table asks it after every change of the game
(:meth:`Coach.check`) and shows the lesson it returns. A lesson is shown at most once a game, the
first time one of its triggers holds while the learner has a decision to make; never while
another seat decides (the Automa's playback, a hand-off). What happened while others played is
kept for the learner's next decision. The coach reads the game's typed data only: the pending
decision, the kinds of action on offer, the log's events and the rule of the decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from great_harbor.engine.rule_ids import pending_rule

from .conditions import CONDITIONS
from .lessons import Lesson, Trigger, shipped_lessons

if TYPE_CHECKING:
    from great_harbor.engine.events import Event
    from great_harbor.engine.game import Game


# The seed of ``great-harbor learn`` without --seed: a game in which every lesson's moment comes
# when the learner plays as the normal rival would (tests/coach/test_coach_games.py).
LEARN_SEED = 7


@dataclass
class CoachState:
    """What a saved game keeps of its coach: the lessons shown (in order), the one on screen (or
    None once it is hidden or read), and how many log events the coach has looked at."""

    seen: list[str] = field(default_factory=list)
    showing: str | None = None
    mark: int = 0

    def plain(self) -> dict[str, Any]:
        return {"seen": list(self.seen), "showing": self.showing, "mark": self.mark}

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> CoachState:
        return cls(list(data.get("seen", [])), data.get("showing"), int(data.get("mark", 0)))


class _Moment:
    """What the triggers are checked against at one decision, each part worked out at most once."""

    def __init__(self, game: Game, seat: int, events: Sequence[Event]) -> None:
        self.game = game
        self.seat = seat
        self.events = events
        top = game.pending
        assert top is not None
        self.top = top
        self._offers: frozenset[str] | None = None
        self._rule: str | None = None
        self._kinds: dict[bool, frozenset[str]] = {}

    @property
    def offers(self) -> frozenset[str]:
        if self._offers is None:
            self._offers = frozenset(a.kind for a in self.game.legal_actions())
        return self._offers

    @property
    def rule(self) -> str:
        if self._rule is None:
            self._rule = pending_rule(self.top.kind, self.top.data)
        return self._rule

    def event_kinds(self, own: bool) -> frozenset[str]:
        found = self._kinds.get(own)
        if found is None:
            seat = self.seat
            found = self._kinds[own] = frozenset(
                e.kind for e in self.events if not own or e.actor == seat or e.data.get("seat") == seat)
        return found

    def holds(self, t: Trigger) -> bool:
        if t.decision is not None and t.decision != self.top.kind:
            return False
        if t.event and self.event_kinds(t.by_learner).isdisjoint(t.event):
            return False
        if t.offers and self.offers.isdisjoint(t.offers):
            return False
        if t.rule is not None and t.rule != self.rule:
            return False
        return t.condition is None or CONDITIONS[t.condition](self.game, self.seat, self.events)


class Coach:
    """The coach of ``seat`` (the learner). ``skip``: lessons learned in earlier games, not
    offered again; ``state``: a saved game's coach, to go on exactly where it was."""

    def __init__(self, seat: int, *, lessons: Sequence[Lesson] | None = None, skip: Iterable[str] = (),
                 state: CoachState | None = None) -> None:
        self.seat = seat
        self.lessons = tuple(lessons if lessons is not None else shipped_lessons())
        self.by_id = {lesson.id: lesson for lesson in self.lessons}
        self.skip = frozenset(skip) & set(self.by_id)
        self.state = state if state is not None else CoachState()

    @property
    def offered(self) -> tuple[Lesson, ...]:
        """The lessons this game may teach (all but those skipped), in order."""
        return tuple(lesson for lesson in self.lessons if lesson.id not in self.skip)

    @property
    def seen(self) -> list[str]:
        return self.state.seen

    @property
    def showing(self) -> Lesson | None:
        shown = self.state.showing
        return self.by_id.get(shown) if shown is not None else None

    def hide(self) -> None:
        """The lesson on screen is read or put away (it stays seen)."""
        self.state.showing = None

    def show(self, lesson_id: str) -> Lesson | None:
        """Bring back a lesson already seen (from the lesson list)."""
        if lesson_id not in self.state.seen:
            return None
        self.state.showing = lesson_id
        return self.by_id[lesson_id]

    def check(self, game: Game) -> Lesson | None:
        """The lesson to show now, if one's moment has come: it is then seen and on screen.
        None while the learner has no decision to make (what happened meanwhile waits)."""
        top = game.pending
        if top is None or top.seat != self.seat:
            return None
        log = game.s.log
        state = self.state
        mark = min(state.mark, len(log))  # an undo may have taken events back
        events = log[mark:]
        state.mark = len(log)
        seen = state.seen
        moment: _Moment | None = None
        for lesson in self.lessons:
            if lesson.id in self.skip or lesson.id in seen:
                continue
            if moment is None:
                moment = _Moment(game, self.seat, events)
            if any(moment.holds(t) for t in lesson.when):
                seen.append(lesson.id)
                state.showing = lesson.id
                return lesson
        return None

    def lesson_for(self, game: Game) -> Lesson | None:
        """The lesson about what the learner is asked now, seen or not (for the rules lookup's
        "what do I do now"): the first whose trigger holds on the pending decision and what is on
        offer. Triggers on events are left out: they are about what just happened, not the question."""
        top = game.pending
        if top is None or top.seat != self.seat:
            return None
        moment = _Moment(game, self.seat, ())
        for lesson in self.lessons:
            if any(not t.event and moment.holds(t) for t in lesson.when):
                return lesson
        return None

    def to_read(self) -> tuple[Lesson, ...]:
        """The lessons this game offered whose moment never came (for the final screen: what to
        read next, each with its entry)."""
        seen = set(self.state.seen)
        return tuple(lesson for lesson in self.offered if lesson.id not in seen)

