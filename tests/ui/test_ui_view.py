"""The table draws a seat's view and nothing else: re-randomising everything the person at the
keyboard cannot know (other hands, deck and bag orders, unrevealed pirates, the RNG) leaves the
screen, character for character, as it was."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from drawn import drawn_text  # noqa: E402
from test_view import new_game, rerandomised  # noqa: E402


async def table_text(game: Game, size: tuple[int, int]) -> tuple[str, str]:
    """The table as the seat to move sees it after the hand-off, and the hand-off card itself."""
    app = make_app(game=game, automa_delay=0, blink=False, autosave=False)
    async with app.run_test(size=size) as pilot:
        for _ in range(100):  # the hand-off comes up once the table has drawn (a slow machine: later)
            await pilot.pause()
            if isinstance(app.screen, HandOffScreen):
                break
        assert isinstance(app.screen, HandOffScreen)  # several people: the seat to move takes the keyboard
        cover = await drawn_text(pilot, app, contains="Pass the keyboard", steady=True)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        return await drawn_text(pilot, app, contains="Round", absent="Pass the keyboard", steady=True), cover


def states(cat: Catalogue) -> list[Game]:
    """Turns of a 3-seat Shops game with cards in every hand, and a 2-seat game's later turn."""
    out = []
    for players, shops, seed, steps in ((3, True, 5, 160), (2, False, 9, 90)):
        game = new_game(cat, players, False, shops, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            game.apply(rng.choice(game.legal_actions()))
        # On to a turn where another seat holds cards (what the seat at the keyboard must not see).
        while not (game.pending is not None and game.pending.kind == "turn"
                   and any(p.hand for p in game.s.players if p.seat != game.pending.seat)):
            assert not game.is_over, f"seed {seed}: no turn with another seat holding cards"
            game.apply(rng.choice(game.legal_actions()))
        out.append(game)
    return out


@pytest.mark.parametrize("size", [(160, 45), (120, 36)])
async def test_the_table_shows_the_same_whatever_the_seat_cannot_know(catalogue: Catalogue,
                                                                      size: tuple[int, int]) -> None:
    for game in states(catalogue):
        seat = game.pending.seat  # type: ignore[union-attr]
        assert any(p.hand for p in game.s.players if p.seat != seat)
        other = rerandomised(game, seat, random.Random(1))
        assert [p.hand for p in other.s.players] != [p.hand for p in game.s.players] or \
            other.s.person_deck != game.s.person_deck
        assert await table_text(other, size) == await table_text(game, size)


async def test_the_comparison_sees_a_change_in_what_the_seat_knows(catalogue: Catalogue) -> None:
    """The control: re-dealing the cards of the person at the keyboard shows on their screen."""
    game = states(catalogue)[0]
    seat = game.pending.seat  # type: ignore[union-attr]
    assert game.s.players[seat].hand
    other = rerandomised(game, None, random.Random(1))  # a spectator knows no hand: all are dealt again
    assert other.s.players[seat].hand != game.s.players[seat].hand
    assert (await table_text(other, (160, 45)))[0] != (await table_text(game, (160, 45)))[0]
