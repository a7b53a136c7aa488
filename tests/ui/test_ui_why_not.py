"""Every refusal the action list can show says why (issue 23): an action the filter names that
exists but is not possible now is explained by the engine's reason, never a bare 'no action
matches'."""

from __future__ import annotations

import random

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat, names
from great_harbor.engine import rule_ids as R
from great_harbor.engine.actions import PlaceDie, SendShip
from great_harbor.engine.describe import describe
from great_harbor.engine.draft import drafted_this_turn
from great_harbor.engine.rulebook import candidates, rule_for
from great_harbor.ui.app import make_app
from great_harbor.ui.lookup_topics import why_not
from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
from great_harbor.ui.screens.game import GameScreen


def test_every_refused_candidate_named_in_the_filter_is_explained(catalogue: Catalogue) -> None:
    checked = 0
    for seed, shops in ((1, False), (2, True)):
        game = Game.new(catalogue, [Seat("Ana"), Seat("Ben"), Seat("Cleo")], seed=seed, shops_variant=shops)
        rng = random.Random(seed)
        while not game.is_over:
            top = game.pending
            assert top is not None
            if top.kind == "turn":
                refused = [a for a in candidates(game, top) if not game.is_legal(a)]
                if refused:  # one of them per turn keeps the test short (why_not reads them all)
                    words = describe(game, rng.choice(refused))
                    found = why_not(game, words)
                    assert found is not None and found.text.startswith("Not possible: "), words
                    checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 50


# --- issue 29, point 3: a reason for every "no", also for actions of another phase ------------------


def drafting_against_the_automa(catalogue: Catalogue) -> Game:
    """Ana's first draft in a solo game against the Automa, which has drafted already."""
    game = Game.new(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], seed=5)
    assert game.pending is not None and game.pending.kind == "draft"
    return game


def test_sending_a_ship_while_drafting_says_when_ships_are_sent(catalogue: Catalogue) -> None:
    game = drafting_against_the_automa(catalogue)
    found = why_not(game, "send bireme")
    assert found is not None
    assert found.text == "Not possible: ships are sent in your turn's Action phase, not while drafting."
    assert found.rule == rule_for(SendShip).entry
    trade = why_not(game, "trade")
    assert trade is not None and "ships trade in the Voyage phase" in trade.text
    assert why_not(game, "xyzzy") is None  # names nothing: the list says Esc clears it


def test_a_die_the_automa_took_is_named_as_its(catalogue: Catalogue) -> None:
    game = drafting_against_the_automa(catalogue)
    die = next(iter(drafted_this_turn(game)))
    label = names.die(game, die)
    if any(names.die(game, d) == label for d in game.s.pool):
        pytest.skip("a die alike is still in the pool")  # then "draft" finds that one
    found = why_not(game, f"draft {label}")
    assert found is not None and found.text.endswith(f"{label} was drafted by the Automa.")
    assert found.rule == R.DRAFTING


def test_a_taken_slot_is_the_reason_not_the_pips(catalogue: Catalogue) -> None:
    """A placement refused because its slot is taken says so, not what the die would gain."""
    game = Game.new(catalogue, [Seat("Ana"), Seat("Ben")], seed=3)
    rng = random.Random(3)
    while True:
        top = game.pending
        assert top is not None
        taken = [a for a in candidates(game, top)
                 if isinstance(a, PlaceDie) and a.slot in game.s.slots and not a.decline]
        if top.kind == "turn" and taken:
            break
        game.apply(rng.choice(game.legal_actions()))
    action = taken[0]
    found = why_not(game, describe(game, action))
    assert found is not None and found.text.endswith("— slot is taken."), found.text
    assert "pips" not in found.text and "Prestige" not in found.text


async def test_the_action_list_explains_a_send_while_drafting() -> None:
    app = make_app(seed=5, players=["Ana"], automa=True, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, AutomaTurnScreen):
                await pilot.press("space")
            elif isinstance(app.screen, GameScreen) and not app.screen.watching:
                break
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.game is not None and app.game.pending is not None
        assert app.game.pending.kind == "draft"
        await pilot.press(*"send bireme")
        detail = str(screen.query_one("#picker-detail").render())
        assert "Not possible: ships are sent in your turn's Action phase, not while drafting." in detail
        assert "Rule (F5)" in detail
        topic = screen.context_topic()
        assert topic is not None and topic.entry == rule_for(SendShip).entry
