"""Driving the app with the heuristic player's moves, by keys: for the saves, undo and replay tests
and for the child process the kill-and-continue test starts."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from great_harbor.engine import Action
from great_harbor.engine.describe import describe
from great_harbor.rivals.heuristic import choose
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


async def fast_forward(pilot: Pilot[Any], app: GreatHarborApp, done: Any, limit: int = 5000) -> int:
    """Play on without keys until ``done(game)`` holds: every seat's move (people, rivals and the
    Automa alike) is the heuristic player's, applied and autosaved by the game's session, then the
    saved game is reopened at the table as Continue does. Whole-game tests go through the early
    rounds this way and play the rest by keys: the keys' paths are the same in every round, and
    each round played by keys costs a test about a fifth of a whole game's time."""
    for _ in range(20_000):  # a rival deciding now would decide for a state gone by
        if app.thinking is None:
            break
        await pilot.pause(0.01)
    session = app.session
    assert session is not None and session.path is not None and app.thinking is None
    game = session.game
    taken = 0
    while not done(game):
        assert taken < limit and not game.is_over, "the game did not get there"
        session.apply(choose(game))
        taken += 1
    assert app.open_save(session.path) is None
    await pilot.pause()
    return taken
