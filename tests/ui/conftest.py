"""Helpers for driving the app with Pilot: play whole games by keys."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from great_harbor.ui.app import GreatHarborApp

Driver = Callable[[Pilot[Any], GreatHarborApp, int], Awaitable[dict[str, int]]]


async def play_by_keys(pilot: Pilot[Any], app: GreatHarborApp, seed: int, limit: int = 2000) -> dict[str, int]:
    """Play until the game-over screen using only keys: Enter on hand-off screens, Space on the
    Automa's (and the rivals') playback, and in the action picker Down (a few times, now and then)
    then Enter; while a computer rival thinks, wait. Returns counts of what was pressed."""
    from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
    from great_harbor.ui.screens.game import GameScreen
    from great_harbor.ui.screens.game_over import GameOverScreen
    from great_harbor.ui.screens.handoff import HandOffScreen
    from great_harbor.ui.widgets.picker import ActionPicker

    rng = random.Random(seed)
    counts = {"actions": 0, "handoffs": 0, "automa": 0, "waits": 0}
    waits = 0
    while counts["actions"] + counts["handoffs"] + counts["automa"] < limit:
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return counts
        if app.thinking is not None:  # a computer rival decides in a worker thread
            counts["waits"] += 1
            waits += 1
            assert waits < 20_000, "a rival never decided"
            await pilot.pause(0.01)
            continue
        if isinstance(screen, HandOffScreen):
            counts["handoffs"] += 1
            await pilot.press("enter")
            continue
        if isinstance(screen, AutomaTurnScreen):
            counts["automa"] += 1
            await pilot.press("space")
            continue
        assert isinstance(screen, GameScreen), f"unexpected screen {screen!r}"
        if screen.watching:  # the playback has just closed: the table is being brought up to date
            await pilot.pause()
            continue
        shown = screen.query_one(ActionPicker).shown
        assert shown, "the picker offers nothing while a decision is pending"
        kinds = [item.action.kind for item in shown if item.action.kind not in ("undo", "redo")]
        index = 0
        if "end-turn" in kinds and len(kinds) > 1 and rng.random() < 0.85:
            index = kinds.index("end-turn")  # do not spend everything on Govern actions
        elif len(kinds) > 1 and rng.random() < 0.25:
            index = rng.randrange(min(3, len(kinds)))
        await pilot.press(*(["down"] * index), "enter")
        counts["actions"] += 1
    raise AssertionError("the game did not end")


@pytest.fixture
def drive() -> Driver:
    return play_by_keys


@pytest.fixture(autouse=True)
def saves(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every app in these tests autosaves into a fresh folder of its own, never the user's, and
    keeps its settings (the theme) in another: each test starts with the default theme."""
    folder = tmp_path_factory.mktemp("saves")
    monkeypatch.setenv("GREAT_HARBOR_SAVES", str(folder))
    monkeypatch.setenv("GREAT_HARBOR_CONFIG", str(tmp_path_factory.mktemp("config")))
    return folder


@pytest.fixture(autouse=True)
def pause_until_laid_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pause ends once the screen in front has been laid out: a screen pushed a moment ago has
    no layout yet, and on a loaded machine one pause is not always enough for it (its text read
    right after would be empty). Waits a bounded number of pauses, so a test still fails when a
    screen never comes up."""
    pause = Pilot.pause

    async def pause_laid_out(self: Pilot[Any], delay: float | None = None) -> None:
        await pause(self, delay)
        for _ in range(100):
            stack = self.app.screen_stack
            if not stack or stack[-1]._compositor.size.area:
                return
            await pause(self)

    monkeypatch.setattr(Pilot, "pause", pause_laid_out)
