"""Keys around the action filter and the lookup's results (issue 29, point 4): Ctrl+U clears the
whole filter; H in a filter that finds nothing gives the hint rather than vanishing into it; the
first ↓ after a query goes to the first result."""

from __future__ import annotations

from table_turn import at_turn, table
from textual.widgets import OptionList

from great_harbor.ui.hints import HintScreen
from great_harbor.ui.screens.lookup import LookupScreen


async def test_ctrl_u_clears_the_whole_filter() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        await pilot.press(*"ropeyard", "left", "left")  # the text cursor inside the word
        assert len(picker.shown) < len(picker.items)
        await pilot.press("ctrl+u")
        assert picker.filter.value == ""
        assert len(picker.shown) == len(picker.items)


async def test_h_in_a_filter_that_finds_nothing_asks_for_the_hint() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        await pilot.press(*"xyzzy")
        assert picker.shown == [] and picker.items
        await pilot.press("H")
        assert "H" not in picker.filter.value
        for _ in range(200):  # the hint is worked out in a thread
            if isinstance(app.screen, HintScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, HintScreen)


async def test_h_in_a_filter_that_finds_something_is_a_letter() -> None:
    """"place sh" finds the Shipyard: there H is text, as it always was."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        await pilot.press(*"place s", "H")
        assert picker.filter.value == "place sH" and picker.shown
        assert not any(n.message == "Thinking about a hint…" for n in app._notifications)


async def test_the_first_down_after_a_query_highlights_the_first_result() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        screen = app.screen
        assert isinstance(screen, LookupScreen)
        await pilot.press(*"corsair")
        await pilot.pause()
        results = screen.query_one("#lookup-results", OptionList)
        first = next(i for i, entry in enumerate(screen.result_ids) if entry is not None)
        await pilot.press("down")
        assert results.highlighted == first
        await pilot.press("down")
        second = next(i for i, entry in enumerate(screen.result_ids) if entry is not None and i > first)
        assert results.highlighted == second
