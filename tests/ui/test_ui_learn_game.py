"""A whole learning game at 120x36, played by keys the way a newcomer following the coach would:
each lesson is read page by page (Enter); a lesson pointing at an action is followed by taking
the action it highlights (Enter), one pointing at a board brings up that board's tab and is then
followed by the hint (H, Enter, Enter), as is a lesson with no pointer. Between lessons the
learner plays as the normal rival would, by keys. Rounds 2 to 5 go on without keys (as
tests/ui/agent_keys.py's fast_forward) with the coach asked after every action all the same, so
their lessons are checked too: round 1, where most lessons come, the first decision of round 2
and the last decision of the game to the final screen are played by keys (a key-played action
costs the test about 0.3 s of processor time; the whole game by keys took 17 s).

Checked: every lesson that fired fired once, only on the learner's own decision at the table
(never over the Automa's playback), the lesson list (L) ticks exactly those, and the final
screen counts them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from agent_keys import choose, step
from textual.pilot import Pilot
from textual.widgets import TabbedContent

from great_harbor import coach
from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.coaching import BOARD_TABS
from great_harbor.ui.hints import HintScreen
from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.game_over import GameOverScreen
from great_harbor.ui.settings import ENV_CONFIG
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.coach_panel import CoachPanel
from great_harbor.ui.widgets.picker import ActionPicker


@pytest.fixture(autouse=True)
def fresh_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_CONFIG, str(tmp_path / "config"))


def panel_shown(app: GreatHarborApp) -> bool:
    screen = app.screen
    return isinstance(screen, GameScreen) and any(p.display for p in screen.query(CoachPanel))


async def settle(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    """Wait while a hint is worked out (in a worker thread)."""
    for _ in range(3000):
        await pilot.pause(0.01)
        if not any(w.group == "hint" and w.is_running for w in app.workers):
            return


async def follow(pilot: Pilot[Any], app: GreatHarborApp, fired: list[str], pointed: dict[str, str]) -> None:
    """The lesson just shown: read it, then do what it points at (or what the hint says)."""
    lesson = app.coach.showing if app.coach is not None else None
    assert lesson is not None and lesson.id not in fired, f"{lesson} fired twice"
    screen = app.screen
    assert isinstance(screen, GameScreen) and not screen.watching and panel_shown(app)
    fired.append(lesson.id)
    for page in range(len(lesson.pages)):
        panel = screen.query_one(CoachPanel)
        assert str(panel.border_title).startswith(f"Coach · {lesson.title} (")
        assert (f"page {page + 1} of" in str(panel.border_subtitle)) == (len(lesson.pages) > 1)
        await pilot.press("enter")
    assert not panel_shown(app)  # read: put away
    kind, _, target = (lesson.pointer or "").partition(":")
    if kind == "action":
        chosen = screen.query_one(ActionPicker).highlighted_action
        assert chosen is not None and chosen.kind == target, lesson.id
        pointed[lesson.id] = "action"
        await pilot.press("enter")  # the keys are on the action list: Enter takes it
        return
    if kind == "board" and target in BOARD_TABS:
        assert screen.query_one(TabbedContent).active == BOARD_TABS[target], lesson.id
    pointed[lesson.id] = "hint"
    await pilot.press("H")
    await settle(pilot, app)
    assert isinstance(app.screen, HintScreen), lesson.id
    await pilot.press("enter")  # the suggestion highlighted in the action list ...
    await pilot.pause()
    await pilot.press("enter")  # ... and taken


async def by_keys(pilot: Pilot[Any], app: GreatHarborApp, fired: list[str], pointed: dict[str, str],
                  until: Any) -> None:
    """Play by keys until ``until(game)`` holds (at the table) or the game is over."""
    for _ in range(3000):
        game = app.game
        assert game is not None and app.coach is not None
        screen = app.screen
        if game.is_over and not isinstance(screen, AutomaTurnScreen):
            return
        if isinstance(screen, AutomaTurnScreen):
            assert set(app.coach.seen) == set(fired)  # no lesson came over the playback
        showing = app.coach.showing
        at_table = isinstance(screen, GameScreen) and not screen.watching
        if at_table and showing is not None and showing.id not in fired:
            await follow(pilot, app, fired, pointed)
        elif at_table and until(game):
            return
        else:
            if showing is not None and isinstance(screen, GameScreen) and not screen.watching:
                await pilot.press("escape")  # an old lesson brought back (L): put away
            await step(pilot, app)
        assert app.coach.seen == fired or app.coach.seen[:-1] == fired  # at most the one just shown
    raise AssertionError("the game did not get there")


async def without_keys(pilot: Pilot[Any], app: GreatHarborApp, fired: list[str], until: Any) -> None:
    """Play on without keys until ``until(game)``, the coach asked after every action as the
    table asks it (each lesson put away as read), then reopen the saved game as Continue does."""
    session, learner = app.session, app.coach
    assert session is not None and session.path is not None and learner is not None
    game = session.game
    while not until(game):
        assert not game.is_over
        lesson = learner.check(game)
        if lesson is not None:
            assert game.pending is not None and game.pending.seat == learner.seat
            assert lesson.id not in fired
            fired.append(lesson.id)
            learner.hide()
        session.apply(choose(game))
    app._save_coach()  # the coach's state into the record, as the table writes it
    assert app.open_save(session.path) is None
    await pilot.pause()


def learner_at(round_: int) -> Any:
    """The learner's first decision from ``round_`` on."""
    return lambda game: game.s.round >= round_ and game.pending is not None and game.pending.seat == 0


def at_the_last_decision(game: Any) -> bool:
    """After the last voyage: convert coins or finish (the final-scoring lesson's moment)."""
    return game.pending is not None and game.pending.kind == "final_convert" and game.pending.seat == 0


@pytest.mark.slow
async def test_a_learning_game_by_the_coachs_pointers(tmp_path: Path) -> None:
    app = make_app(learn=coach.LEARN_SEED, automa_delay=30, blink=False, saves_dir=tmp_path)
    fired: list[str] = []
    pointed: dict[str, str] = {}
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await by_keys(pilot, app, fired, pointed, learner_at(2))
        await without_keys(pilot, app, fired, at_the_last_decision)
        # Continued at the last decision: its lesson (final scoring) comes up as the table does
        # (a loaded machine may take a few frames).
        for _ in range(250):
            if app.coach is not None and app.coach.showing is not None:
                break
            await pilot.pause(0.02)
        learner = app.coach
        assert learner is not None and learner.showing is not None and learner.seen == [*fired, learner.showing.id]
        await pilot.press("L")  # the lesson list: exactly the lessons shown are ticked
        listed = "\n".join(str(n.message) for n in app._notifications)
        for lesson in learner.offered:
            assert (f"✓ {lesson.title}" in listed) == (lesson.id in learner.seen), lesson.id
        assert panel_shown(app) and learner.showing is not None
        await by_keys(pilot, app, fired, pointed, lambda game: False)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert app.coach is not None and app.coach.seen == fired and len(fired) == len(set(fired)) >= 18
        assert "action" in pointed.values() and "hint" in pointed.values()
        text = screen_text(app)
        assert f"Lessons learned in this game: {len(fired)} of {len(app.coach.offered)}" in text
