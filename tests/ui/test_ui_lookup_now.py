"""The lookup answers questions about the game in front of the player from the game's data, and
says so when nothing matches well (issue 31)."""

from __future__ import annotations

from table_turn import at_turn, table

from great_harbor.engine.actions import PlaceDie
from great_harbor.ui.screens.lookup import LookupScreen


def lookup(app: object) -> LookupScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, LookupScreen)
    return screen


def shown(screen: LookupScreen) -> list[str]:
    from textual.widgets import OptionList

    options = screen.query_one("#lookup-results", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_filler_words_offer_the_pending_decision_not_an_answer() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        await pilot.press("question_mark", *"what do I do now")
        await pilot.pause()
        screen = lookup(app)
        lines = shown(screen)
        assert lines[0].startswith("Now: what the game waits for")  # the game answers first
        assert screen.result_ids[0] is not None  # and opens the rule of the decision
        assert any("well" in line for line in lines) and any("hint" in line for line in lines)


async def test_why_cant_i_names_the_last_refusal_and_its_rule() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        game = app.game
        assert game is not None and game.pending is not None
        taken = next(slot for slot in game.s.slots)  # a slot that already holds a die
        die = game.s.players[game.pending.seat].drafted[0]
        refusal = game.why_illegal(PlaceDie(die, taken))
        app.play(PlaceDie(die, taken))
        await pilot.pause()
        await pilot.press("question_mark", *"why can't I")
        await pilot.pause()
        screen = lookup(app)
        assert shown(screen)[0].startswith("Last refused:")
        assert screen.result_ids[0] == refusal.rule


async def test_a_real_question_is_answered_with_no_note() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        await pilot.press("question_mark", *"shore fee")
        await pilot.pause()
        lines = shown(lookup(app))
        assert not any("Nothing matches" in line or line.startswith("Now:") for line in lines)


def _until_a_fee_cuts(seed: int) -> tuple[object, int]:
    """A 3-seat game of random moves, stopped just after the first placement a Shore fee cut."""
    import random

    from great_harbor.engine import Game
    from great_harbor.engine.scenario import default_catalogue

    game = Game.new(default_catalogue(), ["Ana", "Ben", "Cleo"], seed=seed)
    agent = random.Random(seed)
    while not game.is_over:
        game.apply(agent.choice(game.legal_actions()))
        last = game.s.log[-1] if game.s.log else None
        if last is not None and last.kind == "place" and last.data.get("cut"):
            for lost in last.data["cut"]:  # the engine's record is consistent with the tiers
                assert lost["fee"] > 0 and lost["tier"] > lost["got"] >= 0
            return game, last.actor
    raise AssertionError("no placement lost a tier to a fee")


def test_why_didnt_i_get_anything_names_the_fee_from_the_placement_event() -> None:
    from great_harbor.lookup.now import NowQuestion
    from great_harbor.ui.lookup_now import FEE_RULE, NowFacts, answer_now

    game, seat = _until_a_fee_cuts(1)
    answer = answer_now(NowQuestion.FEE, NowFacts(game.view(seat)))  # type: ignore[attr-defined]
    assert answer is not None and answer.entry == FEE_RULE
    assert "Shore fee of" in answer.text and "instead of tier" in answer.text
    fresh = game.__class__.new(game.cat, ["Ana", "Ben", "Cleo"], seed=1)  # type: ignore[attr-defined]
    assert answer_now(NowQuestion.FEE, NowFacts(fresh.view(0))) is None  # nothing lost yet
    assert answer_now(NowQuestion.REFUSAL, NowFacts(fresh.view(0))) is None  # nothing refused yet
