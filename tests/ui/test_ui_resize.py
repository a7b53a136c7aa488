"""The table at 160x45, 120x36 (tabs) and below (a hint to enlarge the terminal), resized live."""

from __future__ import annotations

import random

from table_turn import shots
from textual.widgets import TabbedContent
from textual.widgets._toast import Toast  # not exported by textual.widgets

from great_harbor.data import Catalogue
from great_harbor.engine import Game
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.colony import ColonyBoard
from great_harbor.ui.widgets.harbor_map import HarborMap
from great_harbor.ui.widgets.picker import ActionPicker


async def test_resize_to_compact_small_and_back() -> None:
    app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.layout_mode == "wide"
        assert "Senate" in screen_text(app) and "Trade board" in screen_text(app)

        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        assert screen.layout_mode == "compact"
        assert screen.query_one(TabbedContent).active == "tab-harbor"
        await pilot.press("enter")  # still playable: Ana drafts
        assert app.game is not None and len(app.game.s.players[0].drafted) == 1
        await pilot.press("f3")
        assert screen.query_one(TabbedContent).active == "tab-colony"
        assert "Colony of" in screen_text(app)

        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen.layout_mode == "small"
        text = screen_text(app)
        assert "at least 120x36" in text and "80x24" in text
        drafted = len(app.game.s.players[1].drafted)
        await pilot.press("enter", "tab", "f3", "f4", "down")  # keys do nothing while the table is hidden
        assert app.screen is screen and len(app.game.s.players[1].drafted) == drafted

        await pilot.resize_terminal(160, 45)
        await pilot.pause()
        assert screen.layout_mode == "wide"
        assert screen.query_one(HarborMap) and screen.query_one(ActionPicker).items
        assert "Smuggler's District" in screen_text(app)


async def test_compact_layout_places_dice_on_the_map() -> None:
    app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter", "enter", "enter")  # the draft
        await pilot.press("enter")  # hand-off to the first player
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("f3", "tab")  # Tab brings the harbor tab back and focuses the map
        assert screen.query_one(TabbedContent).active == "tab-harbor"
        hmap = screen.query_one(HarborMap)
        assert hmap.has_focus and hmap.cursor is not None
        game = app.game
        assert game is not None
        seat = game.pending.seat if game.pending else -1
        before = len(game.s.players[seat].drafted)
        slot = hmap.cursor
        await pilot.press("enter")  # place the die on the highlighted slot
        if len(game.cat.slot_cells[slot]) == 2:  # between two tiles: pick a split and confirm
            assert game.pending is not None and game.pending.kind == "assign"
            await pilot.press("right", "enter")
        assert len(game.s.players[seat].drafted) == before - 1
        assert game.pending is not None and game.pending.kind == "turn"


async def test_panels_get_their_full_height_back_after_a_small_terminal() -> None:
    """120x36, then too small, then 120x36 again: the rebuilt dice panel shows every player."""
    from great_harbor.ui.widgets.dice import DicePanel

    app = make_app(seed=7, players=["Ana", "Ben"], automa=True, automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        await pilot.pause()
        dice = app.screen.query_one(DicePanel)
        assert dice._text is not None
        assert dice.size.height == dice._text.plain.count("\n") + 1
        assert "Automa" in screen_text(app)


async def test_in_tabs_the_voyage_brings_up_the_trade_board_and_the_player_can_leave_it(
    catalogue: Catalogue,
) -> None:
    """At 120x36 the boards share tabs: when the Voyage begins, its decisions are about the Trade
    board (pirates, rewards), so that tab comes up; within the phase the player's own choice of
    tab stays; the next phase brings the Harbor back."""
    game = Game.new(catalogue, ["Ana", "Ben"], seed=3)
    rng = random.Random(3)
    while game.s.phase != "voyage":  # a seeded, busy player (the screen captures' own) sends ships
        assert not game.is_over
        game.apply(shots.choose(game, rng))
    app = make_app(game=game, automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen if isinstance(app.screen, GameScreen) else app.screen_stack[1]
        assert isinstance(screen, GameScreen)
        tabs = screen.query_one(TabbedContent)
        assert tabs.active == "tab-boards"
        moved = False
        for _ in range(100):  # play the Voyage on; F3 once, and the tab stays there
            if game.s.phase != "voyage":
                break
            if isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")
                continue
            if not moved:
                await pilot.press("f3")
                moved = True
            assert tabs.active == "tab-cards"
            await pilot.press("enter")
            await pilot.pause()
        assert moved
        assert game.s.phase != "voyage"
        assert tabs.active == "tab-harbor"


async def test_notices_cover_neither_the_colony_nor_what_the_highlighted_action_does() -> None:
    """After an undo a player checks their colony: notices show over the log at 160x45, and over
    the middle of the action list at 120x36 (the colony is a tab on the left there), never over
    the line under the list that says what the highlighted action does."""
    for size, compact in (((160, 45), False), ((120, 36), True)):
        app = make_app(seed=7, players=["Ana"], automa=True, automa_delay=0, blink=False)
        async with app.run_test(size=size, notifications=True) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.has_class("compact") == compact
            await pilot.press("enter", "ctrl+z")  # an action, taken back: "Taken back: ..."
            screen.notify("Not possible: a second notice, long enough to take two lines or three", timeout=10)
            if compact:
                await pilot.press("f3")  # the Colony tab
            await pilot.pause(0.3)
            colony = screen.query_one(ColonyBoard).parent
            detail = screen.query_one("#picker-detail")
            toasts = list(screen.query(Toast))
            assert len(toasts) == 2
            for toast in toasts:
                assert not toast.region.overlaps(colony.region), (size, toast.region, colony.region)
                assert not toast.region.overlaps(detail.region), (size, toast.region, detail.region)
