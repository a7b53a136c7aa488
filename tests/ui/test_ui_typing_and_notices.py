"""Typing at the table and the notices it leaves: once typing has started every key of it reaches
the action filter, also when the log or the map had the keys and the keys come faster than the
app handles them; notices belong to the person who caused them and go at the hand-off."""

from __future__ import annotations

from typing import Any

from fast_keys import type_at_once
from table_turn import at_turn, table
from textual.app import App

from great_harbor.engine.actions import PlaceDie
from great_harbor.engine.harbor import DISTRICT
from great_harbor.engine.state import die_label
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.harbor_map import HarborMap
from great_harbor.ui.widgets.log import GameLog


async def test_a_spaced_filter_typed_fast_after_f4_reaches_the_filter_whole() -> None:
    app = table()
    async with app.run_test(size=(120, 36)) as pilot:
        picker = await at_turn(pilot, app)
        game = app.game
        assert game is not None
        die = game.s.players[0].drafted[0]
        query = f"{die_label(die, game.s.faces[die]).lower()} smuggler"  # "r6 smuggler"
        await pilot.press("f4")
        assert app.screen.query_one(GameLog).has_focus
        await type_at_once(pilot, app, query)
        assert picker.filter.has_focus
        assert picker.filter.value == query
        assert picker.highlighted_action == PlaceDie(die, DISTRICT)


async def test_a_spaced_filter_typed_fast_after_tab_reaches_the_filter_whole() -> None:
    """The map's own keys (Space: next die, 1-3: a die) are typing once typing has started."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        await pilot.press("tab")
        hmap = app.screen.query_one(HarborMap)
        assert hmap.has_focus and hmap.placing
        die = hmap.die
        await type_at_once(pilot, app, "insula 1")
        assert picker.filter.value == "insula 1"
        assert hmap.die == die  # neither Space nor 1 picked a die
        assert "No die to place now" not in screen_text(app)
        # Enter after the typing is the filter's too: it does the highlighted action, or says why not.
        await type_at_once(pilot, app, "", then=("backspace",) * 8)
        assert picker.filter.value == ""


async def test_the_maps_own_keys_stay_with_the_map_until_typing_starts() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        await pilot.press("tab")
        hmap = app.screen.query_one(HarborMap)
        first = hmap.die
        await pilot.press("space")
        assert hmap.has_focus and hmap.die != first and picker.filter.value == ""


async def test_no_notice_of_one_seat_is_on_screen_after_the_hand_off_to_the_next() -> None:
    app = table()
    async with app.run_test(size=(160, 45), notifications=True) as pilot:
        await at_turn(pilot, app)
        session = app.session
        assert session is not None and session.path is not None
        raised = False
        for _ in range(200):  # play on (Enter) to a turn of Ana's that hands the keyboard to Ben
            screen = app.screen
            if isinstance(screen, HandOffScreen):
                if raised and screen.seat == 1:
                    break
                raised = False  # notices raised before a hand-off to Ana herself do not count
                await pilot.press("enter")
                continue
            assert isinstance(screen, GameScreen) and app.game is not None
            top = app.game.pending
            if not raised and top is not None and top.seat == 0 and top.kind == "turn":
                await pilot.press("ctrl+e")  # Ana's log export: its notice names her game's file
                await pilot.pause()
                assert any(session.path.stem in text for text in notices(app))
                assert "The log (" in screen_text(app)
                await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")  # undo as far as she may: more notices
                raised = True
            await pilot.press("enter")
        assert isinstance(app.screen, HandOffScreen) and app.screen.seat == 1 and raised
        assert not notices(app)
        assert "The log (" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert not notices(app)
        text = screen_text(app)
        assert "The log (" not in text and "Cannot undo" not in text and "Taken back" not in text


def notices(app: App[Any]) -> list[str]:
    """The notices up now (what Textual draws in the corner)."""
    return [str(notice.message) for notice in app._notifications]


async def test_ctrl_z_on_the_hand_off_screen_says_why_it_cannot_undo() -> None:
    app = table()
    async with app.run_test(size=(160, 45), notifications=True) as pilot:
        await pilot.pause()
        for _ in range(6):  # the draft, then the hand-off to Ana
            if isinstance(app.screen, HandOffScreen):
                break
            await pilot.press("enter")
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("ctrl+z")
        await pilot.pause()
        text = screen_text(app).replace("\n", " ")
        name = app.game.s.players[app.screen.seat].name  # type: ignore[union-attr]
        assert f"{name} cannot undo now" in text
        assert isinstance(app.screen, HandOffScreen)


async def test_keys_and_events_while_the_action_picker_is_being_built_do_not_crash() -> None:
    """Between the picker's mount and its children's (a rebuilt table, the Automa's playback
    ending), events reach the app; asking whether the person is typing must not need the filter
    (CI once failed here: NoMatches for '#picker-filter' inside the app's event hook)."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await picker.filter.remove()  # the moment before the picker's filter is mounted
        assert picker.typed == ""
        assert screen.typing() is False
        await pilot.press("f4")  # the log has the keys: a letter would move them to the filter
        await pilot.press("b", "H")
        await pilot.pause()
        assert app.is_running


async def test_a_space_into_the_empty_filter_is_not_typing_and_the_hint_key_still_hints() -> None:
    """The Space that skips the Automa's playback lands in the action filter when the playback
    has just closed on its own: it types nothing (a blank filter would hide the placeholder and
    find nothing) and H after it asks for a hint, not the text " H". Played in tmux."""
    from great_harbor.ui.hints import HintScreen

    app = table()
    async with app.run_test(size=(120, 36)) as pilot:
        picker = await at_turn(pilot, app)
        assert picker.filter.has_focus
        await pilot.press("space")
        assert picker.filter.value == ""
        await type_at_once(pilot, app, " H")  # a burst, as a terminal sends it
        for _ in range(600):  # a hint may think a second of processor time: on a loaded machine, longer
            if isinstance(app.screen, HintScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, HintScreen)
        await pilot.press("escape")
        assert picker.filter.value == ""
        await type_at_once(pilot, app, "r1 ")  # a space inside typing is text
        assert picker.filter.value == "r1 "
