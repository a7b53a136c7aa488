"""Fewer hand-offs at a table of people (issue 29, point 7): a decision that needs nothing
private is taken on the public table without a hand-off screen, as the draft is (no hand shown);
a decision with a single legal answer there is taken for the player with a notice (a setting
turns this off); the rules lookup starts afresh whenever the keyboard changes hands."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widget import Widget

from great_harbor.data import Catalogue
from great_harbor.engine import Game
from great_harbor.rivals.heuristic import choose
from great_harbor.session import Session
from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.handing import TAKE_ONLY_CHOICES, only_answer, public_decision
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.screens.lookup import LookupScreen, SearchInput
from great_harbor.ui.settings import save_setting
from great_harbor.ui.widgets.colony import ColonyBoard

NAMES = ["Ana", "Ben", "Cleo"]


def saved_at(cat: Catalogue, folder: Path, stop: Callable[[Game], bool]) -> Path:
    """A 3-person game played by the heuristic up to the first decision where ``stop`` holds,
    whose seat is not the one that decided just before (so that the keyboard changes hands)."""
    session = Session.new(cat, NAMES, seed=0, path=folder / "table.json")
    last: int | None = None
    while True:
        game = session.game
        top = game.pending
        assert top is not None, "no such decision"
        if stop(game) and top.seat != last:
            break
        last = top.seat
        session.apply(choose(game))
    session.close()
    assert session.path is not None
    return session.path


def opened(cat: Catalogue, path: Path) -> GreatHarborApp:
    return make_app(session=Session.load(cat, path), automa_delay=0, blink=False)


def public_with_choices(game: Game) -> bool:
    top = game.pending
    return top is not None and top.kind == "voyage_choice" and public_decision(top) and only_answer(game) is None


async def test_a_voyage_decision_is_taken_on_the_public_table(catalogue: Catalogue, tmp_path: Path) -> None:
    app = opened(catalogue, saved_at(catalogue, tmp_path, public_with_choices))
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, HandOffScreen)
        assert isinstance(app.screen, GameScreen) and not app.screen.hidden
        assert app.viewer is None  # no hand shown
        box = app.screen.query_one(ColonyBoard).parent
        assert isinstance(box, Widget) and str(box.border_title).endswith("(hand hidden)")


def only_one(game: Game) -> bool:
    return only_answer(game) is not None


async def test_a_single_answer_is_taken_for_the_player_with_a_notice(catalogue: Catalogue, tmp_path: Path) -> None:
    path = saved_at(catalogue, tmp_path, only_one)
    app = opened(catalogue, path)
    async with app.run_test(size=(160, 45)) as pilot:
        for _ in range(5):
            await pilot.pause()
        assert app.session is not None and app.game is not None
        notes = [n.message for n in app._notifications]
        assert any(n.startswith("Taken for ") and ", the only choice: " in n for n in notes), notes
        assert only_answer(app.game) is None  # taken: the game went on


async def test_the_setting_asks_every_decision(catalogue: Catalogue, tmp_path: Path) -> None:
    path = saved_at(catalogue, tmp_path, only_one)
    assert save_setting(TAKE_ONLY_CHOICES, False) is None
    try:
        app = opened(catalogue, path)
        async with app.run_test(size=(160, 45)) as pilot:
            for _ in range(5):
                await pilot.pause()
            assert app.game is not None and only_answer(app.game) is not None  # still asked
            assert not any(n.message.startswith("Taken for ") for n in app._notifications)
    finally:
        save_setting(TAKE_ONLY_CHOICES, True)


async def test_the_lookup_starts_afresh_when_the_keyboard_changes_hands_in_the_draft() -> None:
    app = make_app(seed=3, players=NAMES, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert app.game is not None and app.game.pending is not None and app.game.pending.kind == "draft"
        first = app.game.pending.seat
        await pilot.press("question_mark", *"corsair")
        await pilot.pause()
        assert isinstance(app.screen, LookupScreen)
        await pilot.press("escape")
        await pilot.press("question_mark")  # the same person: the query is still there
        await pilot.pause()
        assert app.screen.query_one(SearchInput).value == "corsair"
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")  # drafts; the next person drafts at the same keyboard (no hand-off)
        await pilot.pause()
        assert app.game.pending.seat != first and not isinstance(app.screen, HandOffScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, LookupScreen)
        assert app.screen.query_one(SearchInput).value == ""

