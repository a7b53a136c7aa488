"""Driving the app with the heuristic player's moves, by keys: for the saves, undo and replay tests
and for the child process the kill-and-continue test starts."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from great_harbor.agents import choose
from great_harbor.engine import Action
from great_harbor.engine.describe import describe
from great_harbor.ui.app import GreatHarborApp
from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.widgets.picker import ActionPicker


async def pick(pilot: Pilot[Any], app: GreatHarborApp, action: Action) -> None:
    """Highlight ``action`` in the action picker and press Enter, as a player would."""
    screen = app.screen
    assert isinstance(screen, GameScreen), f"the table is not in front: {screen!r}"
    picker = screen.query_one(ActionPicker)
    index = next((i for i, item in enumerate(picker.shown) if item.action == action), None)
    if index is None:  # the picker lists equivalent actions (two alike dice) once
        words = describe(screen.game, action)
        index = next((i for i, item in enumerate(picker.shown) if item.words == words), None)
    assert index is not None, f"{action} is not offered"
    picker.options.highlighted = index
    picker.focus_filter()
    await pilot.press("enter")


async def step(pilot: Pilot[Any], app: GreatHarborApp) -> bool:
    """One key's worth of play: Enter on a hand-off, Space on the Automa's playback, else the
    heuristic player's choice in the picker. Returns True when an action was taken."""
    screen = app.screen
    if isinstance(screen, HandOffScreen):
        await pilot.press("enter")
        return False
    if isinstance(screen, AutomaTurnScreen):
        await pilot.press("space")
        return False
    if isinstance(screen, GameScreen) and screen.watching:  # the playback has just closed
        await pilot.pause()
        return False
    assert app.game is not None
    await pick(pilot, app, choose(app.game))
    return True


async def play_until(pilot: Pilot[Any], app: GreatHarborApp, done: Any, limit: int = 5000) -> int:
    """Play by keys until ``done(game)`` holds on the table; returns the actions taken."""
    taken = 0
    for _ in range(limit):
        game = app.game
        assert game is not None
        if done(game) and isinstance(app.screen, GameScreen | HandOffScreen):
            return taken
        taken += await step(pilot, app)
    raise AssertionError("the game did not get there")
