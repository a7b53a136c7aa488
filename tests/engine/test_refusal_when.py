"""A refusal says when the refused action is taken instead (issue 29, point 3): an action that
answers another decision names its own phase and rule ("ships are sent in your turn's Action
phase, not while drafting"), and a die the Automa drafted is named as drafted by it."""

from __future__ import annotations

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game, IllegalAction, Seat, decisions, names
from great_harbor.engine import rule_ids as R
from great_harbor.engine.actions import ACTION_TYPES, Draft, SendShip, Trade
from great_harbor.engine.draft import drafted_this_turn
from great_harbor.engine.rulebook import answers, candidates, rule_for


def automa_game(catalogue: Catalogue) -> Game:
    """A solo game against the Automa, at the person's first draft after the Automa drafted."""
    game = Game.new(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], seed=5)
    top = game.pending
    assert top is not None and top.kind == "draft" and not game.s.players[top.seat].automa
    return game


def test_an_action_of_another_phase_says_when_it_is_taken(catalogue: Catalogue) -> None:
    game = automa_game(catalogue)
    with pytest.raises(IllegalAction) as info:
        game.apply(SendShip(1))
    assert info.value.reason == "ships are sent in your turn's Action phase, not while drafting"
    assert info.value.rule == rule_for(SendShip).entry
    with pytest.raises(IllegalAction) as info:
        game.apply(Trade(1))
    assert info.value.reason == "ships trade in the Voyage phase, at the segment they reach, not while drafting"


def test_every_kind_of_action_says_when_it_is_taken() -> None:
    """Every kind but the answers (Choose, Pass) has its phase; every decision its words."""
    kinds = {cls for cls in ACTION_TYPES.values() if cls.kind not in R.ANSWER_KINDS}
    assert kinds == set(decisions.WHEN)
    assert set(decisions.DURING) == set(decisions.WAITING) | {"choose"}  # a choice waits for its own prompt


def test_no_refusal_says_not_possible_twice(catalogue: Catalogue) -> None:
    """The table puts "Not possible:" before a refusal: the refusal itself never starts so."""
    game = automa_game(catalogue)
    top = game.pending
    assert top is not None
    for cls in ACTION_TYPES.values():
        if cls in answers(top.kind):
            continue
        refusal = decisions.not_now(game, top, cls)
        assert not refusal.reason.lower().startswith("not possible")


def test_a_die_the_automa_drafted_is_named_as_its(catalogue: Catalogue) -> None:
    game = automa_game(catalogue)
    taken = drafted_this_turn(game)
    assert taken and all(game.s.players[seat].automa for seat in taken.values())
    die = next(iter(taken))
    assert Draft(die) in candidates(game, game.pending)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as info:
        game.apply(Draft(die))
    assert info.value.reason == f"{names.die(game, die)} was drafted by the Automa"
    assert info.value.rule == R.DRAFTING


def test_elsewhere_lists_the_turns_actions_while_drafting(catalogue: Catalogue) -> None:
    game = automa_game(catalogue)
    top = game.pending
    assert top is not None
    found = decisions.elsewhere(game, top)
    assert found and all(type(a) not in answers("draft") for a, _ in found)
    assert all(r.reason.endswith("not while drafting") for _, r in found)
