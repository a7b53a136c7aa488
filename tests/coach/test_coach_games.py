"""The coach attached to whole solo games against the Automa, headless: the person's seat is
played by the normal rival's heuristic (heuristic.choose, what the normal rival takes) and the coach
is asked after every action, as the table asks it."""

from __future__ import annotations

from collections import Counter

import pytest

from great_harbor.coach import LEARN_SEED, Coach, CoachState, shipped_lessons
from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.rivals import heuristic

GAMES = 50  # bench/coach.py plays 100 and prints the counts (the suite stays fast)


def solo(cat: Catalogue, seed: int) -> Game:
    return Game.new(cat, [Seat("Ana"), Seat("Automa", automa=True)], seed=seed)


def coached_game(cat: Catalogue, seed: int) -> list[str]:
    """The lessons the coach showed in one game, in order (each checked to come only while the
    learner decides)."""
    game = solo(cat, seed)
    coach = Coach(0)
    shown: list[str] = []
    while not game.is_over:
        lesson = coach.check(game)
        if lesson is not None:
            assert game.pending is not None and game.pending.seat == 0
            shown.append(lesson.id)
        game.apply(heuristic.choose(game))
    assert coach.check(game) is None  # over: nobody decides
    assert coach.seen == shown
    return shown


@pytest.fixture(scope="module")
def games(catalogue: Catalogue) -> dict[int, list[str]]:
    assert LEARN_SEED in range(GAMES)
    return {seed: coached_game(catalogue, seed) for seed in range(GAMES)}


@pytest.mark.slow
def test_no_lesson_twice_and_each_in_some_game(games: dict[int, list[str]]) -> None:
    assert len(games) == GAMES
    for seed, shown in games.items():
        assert len(shown) == len(set(shown)), seed
    fired = Counter(lesson for shown in games.values() for lesson in shown)
    never = [lesson.id for lesson in shipped_lessons() if not fired[lesson.id]]
    assert not never


@pytest.mark.slow
def test_the_default_learning_seed_teaches_at_least_18(games: dict[int, list[str]]) -> None:
    assert len(games[LEARN_SEED]) >= 18


def test_a_lesson_waits_for_the_learners_decision(catalogue: Catalogue) -> None:
    """While another seat decides the coach says nothing and keeps what happened for later."""
    game = Game.new(catalogue, ["Ana", "Ben"], seed=3)
    coach = Coach(1)  # Ben learns; Ana decides first
    assert game.pending is not None and game.pending.seat == 0
    assert coach.check(game) is None and coach.state.mark == 0
    while game.pending is not None and game.pending.seat == 0:
        game.apply(heuristic.choose(game))
    lesson = coach.check(game)
    assert lesson is not None and lesson.id == "winning" and coach.showing == lesson


def test_learned_lessons_are_skipped_and_the_state_goes_on(catalogue: Catalogue) -> None:
    game = solo(catalogue, 5)
    coach = Coach(0, skip={"winning", "draft"})
    first = coach.check(game)
    assert first is None or first.id not in {"winning", "draft"}
    while not coach.seen:
        game.apply(heuristic.choose(game))
        coach.check(game)
    assert coach.seen[0] not in {"winning", "draft"}
    again = Coach(0, skip=coach.skip, state=CoachState.from_plain(coach.state.plain()))
    assert again.state == coach.state and again.showing == coach.showing
    coach.hide()
    assert coach.showing is None and coach.show(coach.seen[0]) is not None
    assert coach.show("final") is None  # not seen yet: not brought back from the list


def test_events_taken_back_by_undo_are_not_counted_twice(catalogue: Catalogue) -> None:
    game = solo(catalogue, 2)
    coach = Coach(0)
    coach.check(game)
    coach.state.mark = len(game.s.log) + 50  # as if an undo had shortened the log
    coach.check(game)
    assert coach.state.mark == len(game.s.log)


def test_the_lesson_for_the_question_now_and_what_is_left_to_read(catalogue: Catalogue) -> None:
    game = solo(catalogue, LEARN_SEED)
    coach = Coach(0, skip={"automa"})
    assert game.pending is not None and game.pending.kind == "draft"
    now = coach.lesson_for(game)
    assert now is not None and now.id == "winning"  # the first lesson whose moment is a draft
    asked: set[str] = set()
    while not game.is_over:
        coach.check(game)
        top = game.pending
        assert top is not None
        lesson = coach.lesson_for(game)
        if top.kind == "assign":
            assert lesson is not None and lesson.id == "pip-split"
        if top.kind == "voyage_choice":
            assert lesson is not None and lesson.id == "voyage"
        if lesson is not None:
            asked.add(lesson.id)
        game.apply(heuristic.choose(game))
    assert coach.lesson_for(game) is None  # over: nothing is asked
    assert "final" in asked and "automa" not in coach.seen
    left = {lesson.id for lesson in coach.to_read()}
    offered = {lesson.id for lesson in coach.offered}
    assert left == offered - set(coach.seen) and "automa" not in left
    assert all(lesson.entry for lesson in coach.to_read())

