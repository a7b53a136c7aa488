"""Learn to play on the new-game screen: the first item while no game is saved, and still there
(under Continue) once there are saved games."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from great_harbor import coach
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.new_game import NewGameScreen
from great_harbor.ui.settings import ENV_CONFIG
from great_harbor.ui.textshot import screen_text


@pytest.fixture(autouse=True)
def fresh_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_CONFIG, str(tmp_path / "config"))


async def test_learn_to_play_from_the_new_game_screen(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    app = make_app(automa_delay=0, blink=False, saves_dir=saves)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        text = screen_text(app)
        assert "Continue" not in text and "Saved games (" not in text
        # The first item of the form: above the seats, and Shift+Tab from the first name reaches it.
        assert text.index("Learn to play") < text.index("Two to four seats") < text.index("Seat 1")
        await pilot.press("shift+tab")
        assert isinstance(app.focused, Button) and app.focused.id == "learn"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.coach is not None and app.game is not None
        assert [p.name for p in app.game.s.players] == ["Learner", "Automa"] and app.game.s.seed == coach.LEARN_SEED
        assert isinstance(app.screen, GameScreen) and "Coach · What wins the game" in screen_text(app)
    again = make_app(automa_delay=0, blink=False, saves_dir=saves)
    async with again.run_test(size=(120, 36)) as pilot:  # a game is saved: Continue comes first
        await pilot.pause()
        assert isinstance(again.screen, NewGameScreen)
        text = screen_text(again)
        assert text.index("Continue") < text.index("Learn to play") < text.index("Seat 1")
        again.screen.query_one("#learn", Button).press()
        await pilot.pause()
        await pilot.pause()
        assert again.coach is not None and isinstance(again.screen, GameScreen)
