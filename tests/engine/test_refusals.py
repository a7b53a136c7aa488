"""Refusals carry their rule: every ``IllegalAction`` names the rules-lookup entry that explains
it, whatever was tried, and the entry exists. Checked two ways: the registry of rule ids the
engine cites, and random games in which every kind of action is tried with random fields."""

from __future__ import annotations

import random

import pytest
from engine_testkit import snapshot

from great_harbor.data import Catalogue
from great_harbor.engine import Game, IllegalAction, Refusal, Seat
from great_harbor.engine import rule_ids as R
from great_harbor.engine.actions import (
    ACTION_TYPES,
    Action,
    AssignPips,
    Choose,
    Draft,
    EndTurn,
    PlaceDie,
    PlayShip,
    SetUpShop,
)
from great_harbor.engine.harbor import DISTRICT
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.shops import positions
from great_harbor.engine.state import COLOURS, RESOURCES, STATS
from great_harbor.lookup.search import default_index


def test_every_rule_id_the_engine_names_is_an_entry() -> None:
    index = default_index()
    missing = sorted(rule for rule in R.all_rule_ids() if rule not in index)
    assert missing == []


def _field_values(cat: Catalogue, game: Game) -> dict[str, list[object]]:
    """Values to try for each field name of the action classes: right and wrong ones."""
    cards = [*cat.persons, *cat.buildings, *cat.ships][::3] + ["person-99", "nonsense"]
    return {
        "die": [*range(20), 25, -1],
        "slot": [*cat.slots, DISTRICT, "zz"],
        "pips": [(0,), (3,), (0, 0), (1, 4), (2, 2), (6, 0), (-1, 5), (1, 1, 1)],
        "card": cards + list(cat.conversion_cards),
        "dock": [0, 1, 2, 3, 4],
        "stat": [*STATS, "hull"],
        "resource": [*RESOURCES, "gold"],
        "colour": [*COLOURS, "green"],
        "site": [site.id for site in cat.colony_board.sites] + ["nowhere"],
        "colonist": [False, True],
        "decline": [False, True],
        "unpaid": [(), ("planks",), ("rope", "metal")],
        "space": [0, 1, 2, 3, 4],
        "person_slot": [0, 1, 2, 3, 4],
        "choice": [(), ("sails",), ("wine",), ("sails", "rope")],
        "option": ["keep", "1", "2", "0+1", "sails", "display:building-4", "nonsense"],
        "position": [*list(positions(game))[:6], "nowhere"],
    }


def random_actions(rng: random.Random, values: dict[str, list[object]], n: int) -> list[Action]:
    import dataclasses

    out: list[Action] = []
    kinds = list(ACTION_TYPES.values())
    for _ in range(n):
        cls = rng.choice(kinds)
        # Well-typed fields only (a Person slot is a number, a Harbor slot a name): wrong types are
        # the records' and the engine contract's business (tests/engine/test_engine_api.py).
        kwargs = {
            f.name: rng.choice(values["person_slot" if (cls.kind, f.name) == ("play-person", "slot") else f.name])
            for f in dataclasses.fields(cls)
        }
        out.append(cls(**kwargs))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("players", "automa", "shops"), [(2, False, False), (3, True, True), (4, False, True)])
def test_every_refusal_in_random_games_names_an_existing_entry(
    catalogue: Catalogue, players: int, automa: bool, shops: bool
) -> None:
    index = default_index()
    rules_seen: set[str] = set()
    for seed in range(3):
        names = ["Ana", "Ben", "Cleo", "Dido"][:players]
        seats: list[Seat | str] = [*names[:-1], Seat("Automa", automa=True)] if automa else list(names)
        game = Game.new(catalogue, seats, seed=seed, shops_variant=shops)
        rng = random.Random(seed)
        values = _field_values(catalogue, game)
        steps = 0
        while not game.is_over:
            legal = set(game.legal_actions())
            tried = random_actions(rng, values, 12)
            for action in tried:
                if action in legal:
                    continue
                before = snapshot(game) if steps % 10 == 0 else None
                with pytest.raises(IllegalAction) as info:
                    game.apply(action)
                refusal = info.value.refusal
                assert isinstance(refusal, Refusal) and refusal.reason
                assert refusal.rule in index, (action, refusal)
                assert game.why_illegal(action) == refusal
                rules_seen.add(refusal.rule)
                if before is not None:
                    assert snapshot(game) == before
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
    assert len(rules_seen) >= 15, sorted(rules_seen)


def _refused(game: Game, action: Action) -> Refusal:
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    return info.value.refusal


def test_particular_refusals_name_their_rule(catalogue: Catalogue) -> None:
    sc = Scenario(["Ana", "Ben"])
    red, _ = sc.drafted(0, "R4", "B2")
    sc.drafted(1, "Y3", "P5")
    game = sc.turn(0)
    blocked = next(slot.id for slot in catalogue.harbor.slots if "red" not in {str(c) for c in slot.colours})
    assert _refused(game, PlaceDie(red, blocked)).rule == R.WHERE_A_DIE_MAY_GO
    assert _refused(game, EndTurn()).rule == R.PLACING
    assert _refused(game, Draft(red)).rule == R.DRAFTING  # drafting is not done now: its own rule says when
    assert _refused(game, PlayShip("ship-1", 1)).rule == R.PLAY_SHIP  # not in hand
    assert _refused(game, SetUpShop("nowhere", "sails")).rule == R.SHOPS  # the variant is off
    assert _refused(game, Choose("x")).rule == R.PENDING_RULES["turn"]
    game.apply(PlaceDie(red, DISTRICT))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, PlaceDie)))
    if game.pending is not None and game.pending.kind == "assign":
        assert _refused(game, AssignPips((9, 9, 9))).rule == R.SPLITTING_PIPS


def test_seat_refusals_name_the_seating_ruling(catalogue: Catalogue) -> None:
    with pytest.raises(IllegalAction) as info:
        Game.new(catalogue, ["Ana"], seed=1)
    assert info.value.rule == R.SEATS


def test_game_over_refusal(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, ["Ana", "Ben"], seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert _refused(game, EndTurn()).rule == R.GAME_OVER
