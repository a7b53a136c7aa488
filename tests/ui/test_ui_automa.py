"""Games with the Automa: its moves are played back line by line (a key skips), one person alone
is never asked to hand the keyboard over, and a 3-seat game with the Automa plays to the end at 120x36."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from agent_keys import fast_forward
from drawn import drawn_text

from great_harbor.ui.app import make_app
from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.game_over import GameOverScreen
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.picker import ActionPicker

Driver = Callable[..., Awaitable[dict[str, Any]]]


def log_caught_up(app: Any) -> bool:
    """The log panel shows the game's last line (the playback's last): the log caught up."""
    assert app.game is not None
    return app.game.log_lines()[-1][:40] in " ".join(screen_text(app).split())


async def test_automa_moves_are_played_back_and_skipped() -> None:
    app = make_app(seed=7, players=["Ana"], automa=True, automa_delay=30, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, AutomaTurnScreen)  # the Automa drafts first
        text = await drawn_text(pilot, app, contains="Meanwhile at the table")
        assert "Meanwhile at the table" in text and "Ana rolls" in text
        assert "Automa drafts" not in text  # one line at a time; the log behind waits too
        await pilot.press("space")
        assert isinstance(app.screen, GameScreen)
        assert log_caught_up(app)
        await pilot.press("enter")  # Ana drafts; the Automa drafts again at once
        assert isinstance(app.screen, AutomaTurnScreen)
        await pilot.press("space")
        assert isinstance(app.screen, GameScreen)


@pytest.mark.slow
async def test_solo_game_against_the_automa(drive: Driver) -> None:
    app = make_app(seed=21, players=["Ana"], automa=True, automa_delay=0.5, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await fast_forward(pilot, app, lambda g: g.s.round == 5)  # the last round by keys
        counts = await drive(pilot, app, 21)
        assert isinstance(app.screen, GameOverScreen)
        assert counts["handoffs"] == 0
        assert counts["automa"] >= 4  # the Automa's draft and placement, played back every turn
        game = app.game
        assert game is not None and game.is_over
        text = screen_text(app)
        assert "Automa" in text and str(game.s.final_scores[1]["total"]) in text


@pytest.mark.slow
async def test_three_seats_with_the_automa_at_120x36(drive: Driver) -> None:
    app = make_app(seed=5, players=["Ana", "Ben"], automa=True, automa_delay=0.01, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await fast_forward(pilot, app, lambda g: g.s.round == 5)  # the last round by keys
        counts = await drive(pilot, app, 5)
        assert isinstance(app.screen, GameOverScreen)
        assert counts["handoffs"] >= 3  # the voyage's decisions are taken on the public table (issue 29, point 7)
        assert app.game is not None and len(app.game.s.final_scores) == 3


async def test_typing_during_the_playback_ends_it_and_goes_to_the_action_filter() -> None:
    """A player who starts typing while the Automa's moves are played back wants to act: the
    playback closes (its lines are in the log) and the letters are in the action filter."""
    app = make_app(seed=7, players=["Ana"], automa=True, automa_delay=30, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, AutomaTurnScreen)
        await pilot.press("r", "6")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        picker = app.screen.query_one(ActionPicker)
        assert picker.filter.has_focus and picker.filter.value == "r6"
        assert log_caught_up(app)


@pytest.mark.slow
async def test_the_playback_before_a_hand_off_hides_the_next_players_choices() -> None:
    """When the Automa plays between two people, the one who just played watches its moves: the
    table behind shows neither the next person's hand nor their choices until the hand-off."""
    from great_harbor.engine.describe import card_name
    from great_harbor.engine.view import is_public
    from great_harbor.rivals.heuristic import choose
    from great_harbor.ui.screens.handoff import HandOffScreen

    app = make_app(seed=5, players=["Ana", "Ben"], automa=True, automa_delay=30, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        checked = 0
        for _ in range(400):
            game = app.game
            assert game is not None and not game.is_over
            if isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")
            elif isinstance(app.screen, AutomaTurnScreen):
                top = game.pending
                viewer = app.viewer
                if top is not None and not is_public(top) and top.seat != viewer:
                    table = app.screen_stack[-2]
                    assert isinstance(table, GameScreen)
                    assert table.query_one(ActionPicker).shown == []
                    hand = [card_name(game, c) for c in game.s.players[top.seat].hand]
                    text = screen_text(app)
                    assert not [name for name in hand if name in text], hand
                    await pilot.press("space")
                    assert isinstance(app.screen, HandOffScreen)
                    checked += 1
                    if checked == 3:
                        return
                else:
                    await pilot.press("space")
            else:
                app.play(choose(game))
                await pilot.pause()
        raise AssertionError(f"only {checked} playbacks before a hand-off in 400 steps")


async def test_a_person_named_like_the_automa_gets_no_playback_for_their_own_moves() -> None:
    """Names are never read: "Automaton" placing a die (which the Automa has nothing to do with) is
    followed by no playback, and Ctrl+Z takes the placement back, as for anyone."""
    from great_harbor.engine.actions import PlaceDie

    app = make_app(seed=7, players=["Automaton"], automa=True, automa_delay=30, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        game = app.game
        assert game is not None
        for _ in range(20):  # to Automaton's turn, skipping the Automa's playbacks
            if isinstance(app.screen, AutomaTurnScreen):
                await pilot.press("space")
            top = game.pending
            assert top is not None
            if top.kind == "turn" and not game.s.players[top.seat].automa:
                break
            app.play(game.legal_actions()[0])
            await pilot.pause()
        place = next(a for a in game.legal_actions() if isinstance(a, PlaceDie) and a.slot == "district")
        app.play(place)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)  # no playback: the Automa did nothing
        assert "placed" in game.log_lines()[-1] and game.log_lines()[-1].startswith("Automaton ")
        assert app.session is not None and app.session.can_undo()
