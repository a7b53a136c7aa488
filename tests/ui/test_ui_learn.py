"""Learn to play at the table (120x36): the coach's panel shows a lesson on the learner's own
decision, never over the Automa's playback; Enter turns its pages and puts it away, L lists the
lessons and brings the last back, Esc hides it, F5 opens its rule; lessons shown are kept as
learned in the settings, and the next learning game skips them."""

from __future__ import annotations

from pathlib import Path

import pytest

from great_harbor import coach
from great_harbor.ui import coaching
from great_harbor.ui.app import make_app
from great_harbor.ui.learned import learned_lessons
from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.settings import ENV_CONFIG
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.coach_panel import CoachPanel


@pytest.fixture(autouse=True)
def fresh_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_CONFIG, str(tmp_path / "config"))


def panel_shown(app: object) -> bool:
    screen = app.screen  # type: ignore[attr-defined]
    return isinstance(screen, GameScreen) and any(p.display for p in screen.query(CoachPanel))


def test_the_apps_default_seed_is_the_coachs() -> None:
    assert coaching.LEARN_SEED == coach.LEARN_SEED


async def test_the_coach_at_the_table(tmp_path: Path) -> None:
    app = make_app(learn=coach.LEARN_SEED, automa_delay=30, blink=False, saves_dir=tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, AutomaTurnScreen)  # the Automa drafts first: no lesson over it
        assert not panel_shown(app)
        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and panel_shown(app)
        text = screen_text(app)
        assert "Coach · What wins the game (1 of 28)" in text and "page 1 of 2" in text
        assert "Welcome! Five rounds from now" in text
        await pilot.press("right")  # the next page
        assert "page 2 of 2" in screen_text(app) and "unspent Smuggler tokens" in screen_text(app)
        await pilot.press("enter")  # read: put away, and Enter did not draft
        assert not panel_shown(app)
        assert app.game is not None and app.game.pending is not None and app.game.pending.kind == "draft"
        await pilot.press("L")  # the lesson list, and the last lesson back
        assert panel_shown(app)
        listed = "\n".join(str(n.message) for n in app._notifications)
        assert "✓ What wins the game" in listed and "· The roll and the draft" in listed
        await pilot.press("f5")  # its rule
        await pilot.pause()
        assert getattr(app.screen, "IS_RULES_LOOKUP", False)
        assert app.screen.current == "objective/how-the-game-is-won"  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and panel_shown(app)
        await pilot.press("escape")  # hidden
        assert not panel_shown(app)
        await pilot.press("enter")  # the keys are the table's again: the learner drafts
        await pilot.pause()
        if isinstance(app.screen, AutomaTurnScreen):
            await pilot.press("space")
            await pilot.pause()
        assert app.coach is not None and app.coach.seen[:2] == ["winning", "draft"]
        assert "The roll and the draft" in screen_text(app) and panel_shown(app)
        assert getattr(app.screen.query_one("#picker").highlighted_action, "kind", None) == "draft"  # its pointer
    assert learned_lessons() == {"winning", "draft"}


async def test_a_second_learning_game_offers_what_is_left(tmp_path: Path) -> None:
    from great_harbor.ui.learned import remember_learned

    assert remember_learned(["winning"]) is None
    app = make_app(learn=coach.LEARN_SEED, automa_delay=0, blink=False, saves_dir=tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Coach · The roll and the draft (1 of 27)" in text and "What wins" not in text


async def test_what_do_i_do_now_names_the_lesson_when_learning(tmp_path: Path) -> None:
    app = make_app(learn=coach.LEARN_SEED, automa_delay=0, blink=False, saves_dir=tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.pause()
        await pilot.press("escape")  # the coach put away: its lesson is still the one for the draft
        await pilot.press("question_mark", *"what do I do now")
        await pilot.pause()
        screen = app.screen
        assert getattr(screen, "IS_RULES_LOOKUP", False)
        options = screen.query_one("#lookup-results")
        first = str(options.get_option_at_index(0).prompt)  # type: ignore[attr-defined]
        assert first.startswith("Now: ") and "the coach's lesson: What wins the game" in first


async def test_the_palette_starts_a_learning_game_from_any_game(tmp_path: Path) -> None:
    app = make_app(seed=3, players=["Ana", "Ben"], automa_delay=0, blink=False, saves_dir=tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.coach is None
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"learn to play")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.coach is not None and app.game is not None
        assert [p.name for p in app.game.s.players] == ["Learner", "Automa"] and app.game.s.seed == coach.LEARN_SEED
        assert "Coach · What wins the game" in screen_text(app)
        await pilot.press("ctrl+p")  # a new game from the palette is no learning game
        await pilot.pause()
        await pilot.press(*"new game")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert app.coach is None


def test_the_final_words_name_what_to_read_for_lessons_that_never_came() -> None:
    from great_harbor.coach import Coach, CoachState
    from great_harbor.ui.coaching import lessons_summary

    learner = Coach(0, skip={"automa"}, state=CoachState(["winning", "draft"]))
    text = lessons_summary(learner).plain
    assert text.startswith("Lessons learned in this game: 2 of 27")
    assert "✓ What wins the game · ✓ The roll and the draft" in text
    assert "  The voyage: the rules on Battles" in text  # its entry's title in the lookup
    assert "What the Automa does" not in text and "The roll and the draft: the rules" not in text


async def test_save_and_continue_in_the_middle_of_a_lesson(tmp_path: Path) -> None:
    import json

    from great_harbor.data import load_catalogue
    from great_harbor.session import Session

    app = make_app(learn=coach.LEARN_SEED, automa_delay=0, blink=False, saves_dir=tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.pause()
        await pilot.press("escape")  # the first lesson put away
        await pilot.press("enter")  # the learner drafts: the next lesson comes up
        await pilot.pause()
        assert app.coach is not None and app.coach.seen == ["winning", "draft"]
        assert "Coach · The roll and the draft" in screen_text(app)
        session = app.session
        assert session is not None and session.path is not None
        path = session.path
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["coach"] == {"seen": ["winning", "draft"], "showing": "draft", "skip": []}
    again = make_app(session=Session.load(load_catalogue(), path), automa_delay=0, blink=False)
    async with again.run_test(size=(120, 36)) as pilot:  # Continue
        await pilot.pause()
        await pilot.pause()
        assert again.coach is not None and again.coach.seen == ["winning", "draft"]
        assert "Coach · The roll and the draft (2 of 28)" in screen_text(again) and panel_shown(again)
        await pilot.press("escape")
        assert not panel_shown(again)
    assert json.loads(path.read_text(encoding="utf-8"))["coach"]["showing"] is None
    plain = make_app(seed=3, players=["Ana", "Ben"], automa_delay=0, blink=False, saves_dir=tmp_path)
    async with plain.run_test(size=(120, 36)) as pilot:  # no coach in another game's record
        await pilot.pause()
        assert plain.coach is None and plain.session is not None and plain.session.record.coach is None


async def test_a_board_pointer_brings_up_its_tab_at_120x36(tmp_path: Path) -> None:
    from textual.widgets import TabbedContent

    app = make_app(learn=coach.LEARN_SEED, automa_delay=0, blink=False, saves_dir=tmp_path, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.coach is not None and app.game is not None
        tabs = app.screen.query_one(TabbedContent)
        assert tabs.active == "tab-harbor"
        app.coach.state.showing = "senate"  # a lesson about the Senate on screen
        assert isinstance(app.screen, GameScreen)
        app._show_lesson(app.screen)
        assert tabs.active == "tab-boards" and "Coach · The Senate and its bonuses" in screen_text(app)
