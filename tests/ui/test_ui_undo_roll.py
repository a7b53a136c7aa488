"""Ctrl+Z at the start of a turn (issue 29, point 3): the roll came after the player's last
action, so undo says it cannot go back past the last roll, and names the page on how far undo
reaches (the context key opens it while the notice is up)."""

from __future__ import annotations

from agent_keys import play_until

from great_harbor.engine import Game
from great_harbor.ui.app import make_app
from great_harbor.ui.lookup_topics import UNDO_RULE
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.lookup import LookupScreen


def second_draft(game: Game) -> bool:
    top = game.pending
    return top is not None and top.kind == "draft" and game.s.turn == "B" and not game.s.players[top.seat].automa


async def test_undo_at_the_start_of_a_turn_names_the_last_roll_and_its_rule() -> None:
    app = make_app(seed=7, players=["Ana"], automa=True, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await play_until(pilot, app, second_draft)  # Ana ended turn A; the roll followed
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.game is not None
        state = app.game.to_dict()
        await pilot.press("ctrl+z")
        note = list(app._notifications)[-1]
        assert note.message == "Cannot undo past the last roll."
        assert note.title == "Rule: Undo (F5 opens it)"
        assert app.game.to_dict() == state
        await pilot.press("f5")
        lookup = app.screen
        assert isinstance(lookup, LookupScreen) and lookup.current == UNDO_RULE
