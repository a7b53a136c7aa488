"""One rule object per kind of action: its candidates, its single legality check and its legal
actions agree at every decision of random games, every action is worded by its rule, and every
refusal of a candidate says why."""

from __future__ import annotations

import random

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game, IllegalAction, Seat, rulebook
from great_harbor.engine.actions import ACTION_TYPES
from great_harbor.engine.describe import describe
from great_harbor.engine.rulebook import DECISIONS, RULES, answers, candidates
from great_harbor.lookup.search import default_index


def test_every_kind_of_action_has_one_rule_and_answers_some_decision() -> None:
    assert set(RULES) == set(ACTION_TYPES.values())
    answering = {cls for kind in DECISIONS for cls in answers(kind)}
    assert answering == set(ACTION_TYPES.values())
    index = default_index()
    for cls, rule in RULES.items():
        assert rule.action is cls
        assert rule.entry in index, (cls.__name__, rule.entry)



def table_game(catalogue: Catalogue, players: int, automa: bool, shops: bool, seed: int) -> Game:
    """A new game of ``players`` seats, the last of them the Automa with ``automa``."""
    names: list[Seat | str] = ["Ana", "Ben", "Cleo", "Dido"][:players]
    if automa:
        names[-1] = Seat("Automa", automa=True)
    return Game.new(catalogue, names, seed=seed, shops_variant=shops)


@pytest.mark.parametrize(("players", "automa", "shops"), [(2, False, False), (3, True, True), (4, False, True)])
def test_legal_actions_are_the_candidates_their_rule_lets_through(catalogue: Catalogue, players: int, automa: bool,
                                                                  shops: bool) -> None:
    checked = 0
    for seed in range(4):
        game = table_game(catalogue, players, automa, shops, seed)
        rng = random.Random(seed)
        while not game.is_over:
            top = game.pending
            assert top is not None
            for cls in answers(top.kind):
                rule = RULES[cls]
                legal = list(rule.legal(game, top))
                offered = list(rule.candidates(game, top))
                passed = [a for a in offered if rule.check(game, top, a) is None]
                assert set(legal) == set(passed), (top.kind, cls.__name__)
                assert len(legal) == len(set(legal))
                for a in legal:
                    assert rule.check(game, top, a) is None
                    assert describe(game, a)  # every legal action has its words
                checked += len(offered)
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 10_000


def test_every_candidate_refused_at_a_turn_says_why(catalogue: Catalogue) -> None:
    """What the action picker can explain: every candidate it may show as refused has a reason,
    never a bare "not possible"."""
    game = Game.new(catalogue, ["Ana", "Ben", "Cleo"], seed=11, shops_variant=True)
    rng = random.Random(11)
    seen = 0
    while not game.is_over:
        top = game.pending
        assert top is not None
        if top.kind in ("turn", "final_convert"):
            legal = set(game.legal_actions())
            for action in candidates(game, top):
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as info:
                    game.apply(action)
                assert info.value.reason and not info.value.reason.startswith("not possible now")
                seen += 1
        game.apply(rng.choice(game.legal_actions()))
    assert seen > 500


@pytest.mark.parametrize(("players", "automa", "shops"), [(2, False, False), (3, True, True), (4, False, True)])
def test_fast_paths_list_what_the_rules_list(catalogue: Catalogue, players: int, automa: bool, shops: bool) -> None:
    """A decision's hand-written lister (``rulebook.fast_path``: the turn's) offers exactly the
    actions its rules offer, in the same order, at every decision of random games that mostly
    act (so that hands, ships, Favor and coins fill up) rather than end their turns."""
    fast = 0
    for seed in range(6):
        game = table_game(catalogue, players, automa, shops, seed)
        rng = random.Random(seed)
        while not game.is_over:
            top = game.pending
            assert top is not None
            listed = rulebook.legal_actions(game, top)
            assert listed == rulebook.rules_legal_actions(game, top), top.kind
            fast += top.kind in rulebook._FAST
            busy = [a for a in listed if a.kind not in ("end-turn", "pass")]
            game.apply(rng.choice(busy if busy and rng.random() < 0.85 else listed))
    assert fast > 500
