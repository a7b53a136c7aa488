"""A whole seeded two-seat game played by keys, from the new-game screen to the final scores."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from agent_keys import fast_forward, play_until
from textual.widgets import Input

from great_harbor.ui.app import make_app
from great_harbor.ui.screens.game_over import GameOverScreen
from great_harbor.ui.screens.new_game import NewGameScreen
from great_harbor.ui.textshot import screen_text

Driver = Callable[..., Awaitable[dict[str, Any]]]


@pytest.mark.slow
async def test_two_seat_game_from_new_game_to_scores(drive: Driver) -> None:
    app = make_app(automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+u", *"Iris", "tab", "tab", "ctrl+u", *"Jon")
        for _ in range(7):  # past seat 2's kind, seats 3 and 4 (left empty) and the Shops box to the seed
            await pilot.press("tab")
        await pilot.press(*"11", "enter")
        await pilot.pause()
        assert app.game is not None
        assert [p.name for p in app.game.s.players] == ["Iris", "Jon"]
        assert app.game.s.seed == 11
        # Round 1 by keys to its second turn, on to round 4's second turn without them, then
        # the end of a round and the whole last round by keys.
        assert await play_until(pilot, app, lambda g: g.s.phase == "actions" and g.s.turn == "B") >= 4
        await fast_forward(pilot, app, lambda g: g.s.round == 4 and g.s.phase == "actions" and g.s.turn == "B")
        counts = await drive(pilot, app, 11)
        assert isinstance(app.screen, GameOverScreen)
        assert app.game.is_over
        # Every turn of the Action phase changes hands (three turns of two: the voyage's decisions,
        # public, are taken on the open table since issue 29, point 7).
        assert counts["handoffs"] >= 5
        text = screen_text(app)
        for p, score in zip(app.game.s.players, app.game.s.final_scores, strict=True):
            assert p.name in text
            assert str(score["total"]) in text
        assert "Final scores" in text and "Printed on Ships, Persons, Buildings" in text
        assert ("wins" in text) or ("share the victory" in text)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        # the same seats for the next game, but a fresh seed: not the very same game again
        assert [i.value for i in app.screen.query(".seat-name") if i.id != "seed"][:2] == ["Iris", "Jon"]
        assert app.screen.query_one("#seed", Input).value == ""
