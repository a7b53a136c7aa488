"""The engine's API: legal actions, apply, typed refusals that change nothing, replay and the
plain-dict round trip."""

from __future__ import annotations

import json
import random

import pytest

from great_harbor.engine import Game, IllegalAction, Seat, action_from_dict
from great_harbor.engine.actions import (
    AssignPips,
    BuildStructure,
    ConvertCoins,
    Draft,
    EmployCrew,
    EmployLuxury,
    EndTurn,
    FavorSenate,
    PlaceDie,
    PlayBuilding,
    PlayPerson,
    PlayShip,
    Repair,
    RetrieveMarker,
    SendShip,
    SpendFavorPip,
    Trade,
    UseConversion,
    UseSmugglerToken,
)
from great_harbor.engine.invariants import check
from great_harbor.engine.scenario import Scenario


def random_game(catalogue, seats: int, seed: int, steps: int | None = None) -> tuple[Game, list]:  # type: ignore[no-untyped-def]
    game = Game.new(catalogue, ["Ana", "Ben", "Cleo", "Dido"][:seats], seed=seed)
    agent = random.Random(seed + 100)
    actions = []
    while not game.is_over and (steps is None or len(actions) < steps):
        a = agent.choice(game.legal_actions())
        game.apply(a)
        actions.append(a)
    return game, actions


def test_pending_names_the_seat_and_kind(catalogue) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(catalogue, ["Ana", "Ben"], seed=1)
    assert game.pending.kind == "draft" and game.current_player == 0
    assert all(isinstance(a, Draft) for a in game.legal_actions())


def test_legal_actions_are_deterministic(catalogue) -> None:  # type: ignore[no-untyped-def]
    a, _ = random_game(catalogue, 3, seed=11, steps=120)
    b, _ = random_game(catalogue, 3, seed=11, steps=120)
    assert a.legal_actions() == b.legal_actions()
    assert a == b


def test_replay_from_seed_and_actions_is_identical(catalogue) -> None:  # type: ignore[no-untyped-def]
    game, actions = random_game(catalogue, 4, seed=21)
    again = Game.new(catalogue, ["Ana", "Ben", "Cleo", "Dido"], seed=21)
    for a in actions:
        again.apply(action_from_dict(json.loads(json.dumps(a.to_dict()))))
    assert again.to_dict() == game.to_dict()


def test_dict_round_trip_mid_game_continues_identically(catalogue) -> None:  # type: ignore[no-untyped-def]
    game, _ = random_game(catalogue, 3, seed=5, steps=150)
    copy = Game.from_dict(catalogue, json.loads(json.dumps(game.to_dict())))
    assert copy == game
    agent_a, agent_b = random.Random(1), random.Random(1)
    for _ in range(100):
        if game.is_over:
            break
        game.apply(agent_a.choice(game.legal_actions()))
        copy.apply(agent_b.choice(copy.legal_actions()))
    assert copy == game


def test_clone_is_independent(catalogue) -> None:  # type: ignore[no-untyped-def]
    game, _ = random_game(catalogue, 2, seed=3, steps=30)
    twin = game.clone()
    twin.apply(twin.legal_actions()[0])
    assert twin != game


def test_apply_accepts_a_plain_dict(catalogue) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(catalogue, ["Ana", "Ben"], seed=1)
    die = game.s.pool[0]
    game.apply({"kind": "draft", "die": die})
    assert die in game.s.players[0].drafted


def test_malformed_action_dict_is_refused(catalogue) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(catalogue, ["Ana", "Ben"], seed=1)
    with pytest.raises(IllegalAction, match="not an action"):
        game.apply({"kind": "teleport"})
    with pytest.raises(IllegalAction, match="malformed"):
        game.apply({"kind": "draft", "dice": 3})


def test_bad_seat_lists_are_refused(catalogue) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction, match="2 to 4 seats"):
        Game.new(catalogue, ["Solo"])
    with pytest.raises(IllegalAction, match="different"):
        Game.new(catalogue, ["Ana", "Ana"])
    with pytest.raises(IllegalAction, match="at most one seat"):
        Game.new(catalogue, [Seat("A", True), Seat("B", True), "C"])


def _refused(game: Game, action, reason: str) -> None:  # type: ignore[no-untyped-def]
    before = game.to_json()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(action)
    assert game.to_json() == before


def test_each_kind_of_illegal_action_names_its_reason() -> None:
    sc = Scenario(["Ana", "Ben"])
    die, other = sc.drafted(0, "Y4", "B2")
    sc.hand(0, "building-16", "ship-17", "person-1")
    sc.give(0, favor=1)
    sc.ship(0, "ship-1", 1, damage=1)
    sc.ship(0, "ship-2", 2, crew=["speed", "strength"])
    game = sc.turn(0)
    _refused(game, Draft(die), "dice are drafted at the start of each turn")
    _refused(game, PlaceDie(99, "h00"), "not one of your drafted dice")
    _refused(game, PlaceDie(die, "zz"), "no slot zz")
    _refused(game, PlaceDie(die, "v12"), "fits neither half")
    _refused(game, EndTurn(), "both dice must be placed")
    _refused(game, UseSmugglerToken(die), "no Smuggler token")
    _refused(game, PlayBuilding("building-16"), "needs 2 Planks")
    _refused(game, PlayBuilding("building-2"), "not in your hand")
    _refused(game, PlayShip("ship-17", 3), "needs 2 Planks")
    _refused(game, PlayPerson("person-1", 9), "no Person slot 9")
    _refused(game, BuildStructure("insula-1", False, ()), "cannot pay")
    _refused(game, RetrieveMarker("person-1"), "needs 2 Favor")
    _refused(game, FavorSenate("red"), "needs 2 Favor")
    _refused(game, EmployLuxury(1), "needs 2 free Colonists")
    _refused(game, EmployCrew(2, "hull"), "never Hull")
    _refused(game, EmployCrew(3, "speed"), "no ship in dock 3")
    _refused(game, Repair(1, "metal"), "no Metal")
    _refused(game, Repair(2, "metal"), "no damage")
    _refused(game, SendShip(1), "damage equal to its Hull")
    _refused(game, ConvertCoins("rope"), "needs 2 coins")
    _refused(game, UseConversion("conversion-laurel"), "needs 3 coins")
    _refused(game, Trade(1), "ships trade in the Voyage phase")
    _refused(game, PlaceDie(die, "v02", True), "between two tiles")
    _refused(game, PlaceDie(die, "district", True), "Smuggler's District always takes")
    game.apply(SpendFavorPip(die))
    game.apply(PlaceDie(die, "v02"))
    _refused(game, AssignPips((1, 2, 2)), "touches 2 tiles")
    _refused(game, EndTurn(), "assign the pips")
    assert other in game.s.players[0].drafted


def test_game_over_refuses_everything(catalogue) -> None:  # type: ignore[no-untyped-def]
    game, _ = random_game(catalogue, 2, seed=2)
    assert game.is_over and game.current_player is None
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply(EndTurn())


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_playouts_keep_the_invariants(catalogue, seats: int) -> None:  # type: ignore[no-untyped-def]
    for seed in range(6):
        game = Game.new(catalogue, ["Ana", "Ben", "Cleo", "Dido"][:seats], seed=1000 + seed)
        agent = random.Random(seed)
        check(game)
        while not game.is_over:
            game.apply(agent.choice(game.legal_actions()))
            check(game)


def test_log_uses_player_words(catalogue) -> None:  # type: ignore[no-untyped-def]
    game, _ = random_game(catalogue, 2, seed=6)
    text = "\n".join(game.log_lines())
    assert "drafts" in text and "placed" in text and "Prestige" in text
    assert "person-" not in text and "building-" not in text


def test_legal_actions_keep_their_order_through_a_round_trip(catalogue) -> None:  # type: ignore[no-untyped-def]
    for seed in range(5):
        game, _ = random_game(catalogue, 3, seed=40 + seed, steps=60 + 37 * seed)
        copy = Game.from_dict(catalogue, json.loads(game.to_json()))
        assert copy.legal_actions() == game.legal_actions()
