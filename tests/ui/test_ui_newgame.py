"""The new-game screen: seats, names, human, Automa or computer rival, the Harbor Shops variant,
the seed; and clear messages for a setup that cannot be played."""

from __future__ import annotations

from textual.widgets import Checkbox, Input

from great_harbor.ui.app import make_app
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.new_game import NewGameScreen
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.cycle import Cycle


async def test_defaults_start_a_two_person_game() -> None:
    app = make_app(automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        text = screen_text(app)
        assert "Harbor Shops variant" in text and "Seat 4" in text
        assert not app.screen.query_one("#shops", Checkbox).value
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, GameScreen)
        assert app.game is not None and [p.name for p in app.game.s.players] == ["Ana", "Ben"]
        assert not app.game.s.shops_variant


async def test_bad_setups_are_explained() -> None:
    app = make_app(automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)

        async def start_and_read() -> str:
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is screen, "a broken setup must not start a game"
            return screen_text(app)

        kinds = [screen.query_one(f"#kind-{i}", Cycle) for i in range(4)]
        kinds[1].focus()
        await pilot.press("left")  # seat 2: Human -> Empty
        assert "at least two seats" in await start_and_read()

        kinds[1].focus()
        await pilot.press("right")  # Empty -> Human
        kinds[2].focus()
        await pilot.press("right", "right")  # seat 3: Empty -> Human -> Automa ...
        kinds[3].focus()
        await pilot.press("right", "right")  # ... and seat 4 too
        assert "Only one seat can be the Automa" in await start_and_read()

        kinds[3].focus()
        await pilot.press("left", "left")  # seat 4 back to Empty
        kinds[0].focus()
        await pilot.press("left", "left")  # seat 1: Human -> Empty -> Hard rival
        kinds[1].focus()
        await pilot.press("right", "right", "right")  # seat 2: Human -> Automa -> Easy rival -> Normal rival
        kinds[2].focus()
        await pilot.press("left", "left")  # seat 3: Automa -> Human -> Empty
        assert "At least one seat must be a person" in await start_and_read()
        kinds[1].focus()
        await pilot.press("left", "left", "left")  # seat 2 back to Human
        kinds[0].focus()
        await pilot.press("right", "right")  # seat 1 back to Human
        screen.query_one("#name-1", Input).value = "ana"
        assert "different name" in await start_and_read()

        screen.query_one("#name-1", Input).value = "Ben"
        screen.query_one("#seed", Input).value = "seven"
        assert "The seed must be a whole number" in await start_and_read()


async def test_named_seats_and_seed_reach_the_game() -> None:
    app = make_app(automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#kind-2", Cycle).focus()
        await pilot.press("right", "right")  # Empty -> Human -> Automa
        assert screen.query_one("#kind-2", Cycle).value == "Automa"
        await pilot.press("left")  # Automa -> Human
        screen.query_one("#name-2", Input).focus()
        await pilot.press("ctrl+u", *"Cleo")
        screen.query_one("#shops", Checkbox).focus()
        await pilot.press("space")  # the Harbor Shops variant
        screen.query_one("#seed", Input).focus()
        await pilot.press(*"42", "enter")
        assert isinstance(app.screen, GameScreen)
        assert app.game is not None and app.game.s.seed == 42 and app.game.s.shops_variant
        assert [p.name for p in app.game.s.players] == ["Ana", "Ben", "Cleo"]


async def test_the_shops_box_shows_its_mark_only_when_on() -> None:
    """In monochrome a dimmed X reads as ticked: the box is empty when the variant is off."""
    app = make_app(blink=False, autosave=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        line = next(x for x in screen_text(app).splitlines() if "Harbor Shops variant" in x)
        assert "▐ ▌ Harbor Shops variant: off" in line
        app.screen.query_one("#shops", Checkbox).value = True
        await pilot.pause()
        line = next(x for x in screen_text(app).splitlines() if "Harbor Shops variant" in x)
        assert "▐X▌ Harbor Shops variant: on" in line


async def test_computer_rivals_take_a_seat_with_a_name_of_their_own() -> None:
    app = make_app(automa_delay=0, blink=False, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#kind-2", Cycle).focus()
        await pilot.press("left")  # Empty -> Hard rival
        assert screen.query_one("#kind-2", Cycle).value == "Hard rival"
        assert screen.query_one("#name-2", Input).value == "Livia"
        screen.query_one("#kind-1", Cycle).focus()
        await pilot.press("right", "right")  # Human -> Automa -> Easy rival
        assert screen.query_one("#name-1", Input).value == "Marcus"
        await pilot.press("left", "left")  # back to Human: the seat's own name again
        assert screen.query_one("#name-1", Input).value == "Ben"
        await pilot.press("right", "right", "right")  # Normal rival
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, GameScreen)
        assert app.session is not None
        assert [app.session.seat_kind(i) for i in range(3)] == ["person", "normal", "hard"]
        assert [p.name for p in app.game.s.players] == ["Ana", "Marcus", "Livia"]  # type: ignore[union-attr]
