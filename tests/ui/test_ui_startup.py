"""Start-up: the first screen opens once the app is mounted, and the garbage collector the
command line paused for start-up is running again soon after."""

from __future__ import annotations

import asyncio
import gc

import pytest

from great_harbor import startup
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.textshot import screen_text


async def test_the_collector_is_back_after_the_first_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    collected: list[bool] = []
    monkeypatch.setattr(gc, "collect", lambda: collected.append(True))
    monkeypatch.setattr(startup, "_paused", False)
    monkeypatch.setattr(startup, "_program", False)
    startup.pause_collector()
    startup._program = False  # nothing frozen in the test process (see test_startup for the freeze)
    try:
        app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
        async with app.run_test(size=(160, 45)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert "Smuggler's District" in screen_text(app)
            for _ in range(40):
                if gc.isenabled():
                    break
                await asyncio.sleep(0.05)
            assert gc.isenabled() and collected == [True]
    finally:
        gc.enable()
