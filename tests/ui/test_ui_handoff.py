"""Pass-and-play privacy: the hand-off screen hides the table, and a hand is shown to its owner only."""

from __future__ import annotations

from great_harbor.engine.scenario import Scenario
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.colony_view import ColonyViewScreen
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.textshot import screen_text

ANA_CARD = "Quaestor"  # person-9
BEN_CARD = "Castrum"  # building-1


def two_hands():  # type: ignore[no-untyped-def]
    sc = Scenario(["Ana", "Ben"], seed=3)
    sc.hand(0, "person-9")
    sc.hand(1, "building-1")
    return sc.turn(0, order=[0, 1])


async def test_hand_off_hides_the_table_and_other_hands() -> None:
    game = two_hands()
    app = make_app(game=game, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        text = screen_text(app)
        assert "Pass the keyboard to" in text and "Ana" in text
        assert ANA_CARD not in text and BEN_CARD not in text
        assert "Smuggler's District" not in text  # the table itself is hidden

        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert ANA_CARD in text and BEN_CARD not in text

        await pilot.press("f2", "right")  # Ben's colony, seen by Ana: his hand is hidden
        assert isinstance(app.screen, ColonyViewScreen)
        text = screen_text(app)
        assert "Colony of Ben" in text and BEN_CARD not in text and "1 card (hidden)" in text
        await pilot.press("escape")

        await pilot.press(*"end", "enter")  # Ana has no die to place
        assert isinstance(app.screen, HandOffScreen)
        text = screen_text(app)
        assert "Ben" in text and ANA_CARD not in text and BEN_CARD not in text
        await pilot.press("ctrl+p")  # the palette offers no colony over the hand-off screen
        await pilot.pause()
        await pilot.press(*"view colony ana")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert ANA_CARD not in screen_text(app)
        if not isinstance(app.screen, HandOffScreen):
            await pilot.press("escape")
        assert isinstance(app.screen, HandOffScreen)

        await pilot.press("enter")
        text = screen_text(app)
        assert BEN_CARD in text and ANA_CARD not in text


async def test_draft_shows_no_hand_and_needs_no_hand_off() -> None:
    app = make_app(seed=5, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game is not None and app.game.pending is not None and app.game.pending.kind == "draft"
        assert "(hand hidden)" in screen_text(app)
        await pilot.press("enter")  # Ana drafts, then Ben drafts at once: the dice are public
        assert isinstance(app.screen, GameScreen)


async def test_private_choice_is_shown_to_its_seat_only() -> None:
    from great_harbor.engine.actions import EmployBuilding

    sc = Scenario(["Ana", "Ben"], seed=3)
    sc.building(0, "building-14")  # Lighthouse: peek at the top Pirate card
    sc.give(0, free_colonists=1)
    sc.pirate_deck("pirate-10")  # Pirate King
    game = sc.turn(0, order=[0, 1])
    game.apply(EmployBuilding("building-14"))
    assert game.pending is not None and game.pending.data.private
    app = make_app(game=game, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        assert "Pirate King" not in screen_text(app)
        await pilot.press("enter")
        assert "Pirate King" in screen_text(app)
