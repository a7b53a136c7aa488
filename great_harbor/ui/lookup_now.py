"""The lookup's answers about the game in front of the player: what it waits for, why the last
thing tried was refused, why a placement gave nothing.

Read from the game's typed data only: the pending decision, the rule id of the last refusal the
table showed, and the ``cut`` of the last placement event (each tile whose Shore fee lowered the
tier its pips reached). Pure functions: no widget is touched here.

:func:`what_to_do_now` is the answer to "what do I do now"; the learning coach extends it with the
pending decision's lesson.
"""

from __future__ import annotations

from dataclasses import dataclass

from great_harbor.engine.game import SeatView
from great_harbor.engine.names import tile_name
from great_harbor.lookup.now import NowQuestion

from .lookup_topics import Topic, pending_topic

__all__ = ["FEE_RULE", "NowAnswer", "NowFacts", "answer_now", "last_fee_answer", "what_to_do_now"]

FEE_RULE = "shore-fees/how-the-fee-is-set"
HINT_KEY = "H"  # the hint (computer-rivals/hints)


@dataclass(frozen=True)
class NowFacts:
    """What the lookup may say about the game in front of the player: the table's view, and the
    last refusal the table showed (its rule and reason as a topic)."""

    view: SeatView | None
    refusal: Topic | None = None
    lesson: str | None = None  # in a learning game, the title of the coach's lesson on the decision


@dataclass(frozen=True)
class NowAnswer:
    """One line the lookup shows above its results, and the entry it opens."""

    text: str
    entry: str


def what_to_do_now(view: SeatView, lesson: str | None = None) -> NowAnswer:
    """The decision the game waits for, and the entry of its rule; in a learning game ``lesson``
    names the coach's lesson on that decision."""
    topic = pending_topic(view)
    text = f"Now: {topic.about}"
    if lesson is not None:
        text += f" · the coach's lesson: {lesson} (L lists the lessons)"
    return NowAnswer(text, topic.entry)


def last_refusal_answer(refusal: Topic | None) -> NowAnswer | None:
    if refusal is None:
        return None
    return NowAnswer(f"Last refused: {refusal.about.removeprefix('why not: ')}", refusal.entry)


def last_fee_answer(view: SeatView) -> NowAnswer | None:
    """The last placement (by the view's seat; by anyone for a spectator) whose Shore fee lowered
    the tier it reached, from the placement event's ``cut``."""
    for event in reversed(view.s.log):
        if event.kind != "place" or (view.seat is not None and event.actor != view.seat):
            continue
        cut = event.data.get("cut")
        if not cut:
            return None  # the last placement lost nothing to a fee
        lost = cut[0]
        fee, wanted, got = int(lost["fee"]), int(lost["tier"]), int(lost["got"])
        benefit = f"tier {got}" if got else "nothing"
        return NowAnswer(f"Last placement: the Shore fee of {fee} on {tile_name(view, str(lost['tile']))} "
                         f"left {benefit} instead of tier {wanted}", FEE_RULE)
    return None


def answer_now(kind: NowQuestion, facts: NowFacts) -> NowAnswer | None:
    """The answer from the game to a question about it; ``None`` when the game has none (no game,
    no refusal yet, no benefit lost to a fee)."""
    view = facts.view
    if kind is NowQuestion.REFUSAL:
        return last_refusal_answer(facts.refusal)
    if view is None:
        return None
    if kind is NowQuestion.FEE:
        return last_fee_answer(view)
    return what_to_do_now(view, facts.lesson)


def nothing_matches(facts: NowFacts) -> list[NowAnswer]:
    """What the lookup offers when nothing matches well: the decision in front of the player."""
    return [what_to_do_now(facts.view, facts.lesson)] if facts.view is not None else []
