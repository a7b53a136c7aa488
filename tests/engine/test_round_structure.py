"""End of Turn and End of Round steps, five rounds, and the end of the game."""

from __future__ import annotations

import random

from great_harbor.engine import Game
from great_harbor.engine.actions import EndTurn, PlaceDie
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.scoring import winners


def play_turn_quietly(game: Game) -> None:
    """Draft the first die offered, put both dice in the district, end the turn: until the next
    draft or the end of the game."""
    start = (game.s.round, game.s.turn)
    while not game.is_over and (game.s.round, game.s.turn) == start:
        top = game.pending
        if top.kind == "turn":
            p = game.s.players[top.seat]
            game.apply(PlaceDie(p.drafted[0], "district") if p.drafted else EndTurn())
        else:
            game.apply(game.legal_actions()[0])


def test_turn_a_then_b_and_the_anchor_passes(catalogue) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(catalogue, ["Ana", "Ben", "Cleo"], seed=2)
    assert (game.s.round, game.s.turn, game.s.anchor) == (1, "A", 0)
    play_turn_quietly(game)
    assert (game.s.round, game.s.turn, game.s.anchor) == (1, "B", 1)
    assert game.pending.kind == "draft" and game.pending.seat == 1
    # Turn A's Smuggler die stays for turn B.
    assert len(game.s.smuggler_dice) == 1
    while game.s.phase == "draft":
        game.apply(game.legal_actions()[0])
    assert len(game.s.smuggler_dice) == 2


def test_end_of_round_resets_the_harbor_and_refreshes(catalogue) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(catalogue, ["Ana", "Ben"], seed=4)
    s = game.s
    bonus = s.dice_bonus_stack[0]
    persons = list(s.person_display)
    buildings = list(s.building_display)
    play_turn_quietly(game)
    play_turn_quietly(game)
    assert (s.round, s.turn) == (2, "A")
    assert s.dice_bonus_stack[0] != bonus and bonus in s.dice_bonus_discard
    assert s.person_display[:2] == persons[1:] and s.person_deck[-1] == persons[0]
    assert s.building_display[:2] == buildings[1:]
    assert s.slots == {} and s.district == [] and s.smuggler_dice == []
    assert len(s.bag) + len(s.pool) == 12


def test_domestic_growth_and_workers_return() -> None:
    sc = Scenario(["Ana", "Ben"])
    game = sc.game
    p = sc.give(0, free_colonists=3)
    p.building_workers = {"building-7": 1}
    from great_harbor.engine.rounds import end_of_round

    end_of_round(game)
    assert p.coins == 1  # 3 free colonists: one coin per two
    assert p.free_colonists == 4 and p.building_workers == {}


def test_workers_without_room_go_to_the_supply() -> None:
    sc = Scenario(["Ana", "Ben"])
    game = sc.game
    p = sc.give(0, free_colonists=4)
    p.luxury_workers = [2, 0, 0]
    game.s.colonist_supply -= 2
    supply = game.s.colonist_supply
    from great_harbor.engine.rounds import end_of_round

    end_of_round(game)
    assert p.free_colonists == 4 and game.s.colonist_supply == supply + 2


def test_five_rounds_then_final_scores(catalogue) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(catalogue, ["Ana", "Ben"], seed=8)
    turns = 0
    while not game.is_over:
        if game.pending.kind == "draft" and not game.s.players[0].drafted and not game.s.players[1].drafted:
            turns += 1
        play_turn_quietly(game)
    assert turns == 10
    assert game.s.phase == "over" and game.s.round == 5
    assert len(game.s.final_scores) == 2
    for sc in game.s.final_scores:
        assert sc["total"] == sum(v for k, v in sc.items() if k != "total")
    assert game.legal_actions() == ()


def test_final_convert_after_the_last_voyage(catalogue) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(catalogue, ["Ana", "Ben"], seed=8)
    seen = []
    while not game.is_over:
        top = game.pending
        if top.kind == "final_convert":
            assert (game.s.round, game.s.turn) == (5, "B")
            seen.append(top.seat)
        if top.kind == "turn":
            p = game.s.players[top.seat]
            game.apply(PlaceDie(p.drafted[0], "district") if p.drafted else EndTurn())
        else:
            game.apply(game.legal_actions()[-1] if top.kind == "final_convert" else game.legal_actions()[0])
    assert sorted(seen) == [0, 1]  # each player once, in turn order


def test_winner_tie_break_by_coins_then_shared() -> None:
    sc = Scenario(["Ana", "Ben", "Cleo"])
    game = sc.game
    scores = [{"total": 20}, {"total": 20}, {"total": 15}]
    sc.give(0, coins=3)
    sc.give(1, coins=5)
    assert winners(game, scores) == [1]
    sc.give(1, coins=3)
    assert winners(game, scores) == [0, 1]


def test_random_games_always_finish(catalogue) -> None:  # type: ignore[no-untyped-def]
    for seats in (2, 3, 4):
        game = Game.new(catalogue, ["A", "B", "C", "D"][:seats], seed=seats)
        agent = random.Random(seats)
        steps = 0
        while not game.is_over:
            game.apply(agent.choice(game.legal_actions()))
            steps += 1
            assert steps < 5000
        assert game.s.winners
