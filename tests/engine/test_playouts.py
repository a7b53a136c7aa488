"""Random playouts for 2, 3 and 4 seats with every invariant checked after every action, and
proof that the invariant checks catch broken states. (``great-harbor simulate --check`` runs the
same checks over hundreds of games; these stay small enough for every test run.)"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game
from great_harbor.engine.actions import Action
from great_harbor.engine.invariants import InvariantError, check
from great_harbor.engine.scenario import Scenario

GAMES = 24
NAMES = ["Ana", "Ben", "Cleo", "Dido"]
# Kinds a busy player prefers, so random games also reach deep into the colony and the fleet.
BUSY = {"play-person", "play-building", "play-ship", "activate", "build", "employ-building", "employ-crew",
        "send", "repair", "retrieve-marker", "conversion", "choose", "trade", "sail-on"}


def uniform(agent: random.Random, actions: tuple[Action, ...]) -> Action:
    return agent.choice(actions)


def busy(agent: random.Random, actions: tuple[Action, ...]) -> Action:
    preferred = [a for a in actions if a.kind in BUSY]
    return agent.choice(preferred if preferred and agent.random() < 0.7 else actions)


def playout(cat: Catalogue, seats: int, seed: int, policy, kinds: Counter[str]) -> Game:  # type: ignore[no-untyped-def]
    game = Game.new(cat, NAMES[:seats], seed=seed)
    agent = random.Random(seed * 31 + seats)
    check(game)
    steps = 0
    while not game.is_over:
        action = policy(agent, game.legal_actions())
        game.apply(action)
        kinds[action.kind] += 1
        check(game)
        steps += 1
        assert steps < 5000, f"seed {seed}: no end in sight"
    return game


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_playouts_keep_every_invariant(catalogue: Catalogue, seats: int) -> None:
    kinds: Counter[str] = Counter()
    totals = []
    resolved: set[str] = set()
    for i in range(GAMES):
        policy = uniform if i % 2 else busy
        game = playout(catalogue, seats, 5000 + 100 * seats + i, policy, kinds)
        assert len(game.s.final_scores) == seats and game.s.winners
        totals += [sc["total"] for sc in game.s.final_scores]
        resolved.update(game.s.effects_resolved)
    # Every kind of decision of the base game came up, and scores spread out.
    assert set(kinds) >= {
        "draft", "place", "assign", "end-turn", "play-person", "play-building", "play-ship", "activate", "build",
        "employ-building", "employ-crew", "employ-luxury", "send", "repair", "trade", "sail-on", "choose",
        "convert", "conversion", "favor-pip", "favor-senate", "smuggler-token",
    }
    assert max(totals) - min(totals) >= 10
    assert len(resolved) >= 20


# --- the checks catch what they claim to ------------------------------------------------------


def broken(change) -> str:  # type: ignore[no-untyped-def]
    sc = Scenario()
    change(sc)
    with pytest.raises(InvariantError) as info:
        check(sc.turn(0))
    return str(info.value)


def test_invariants_catch_crew_over_the_hull() -> None:
    assert "over its Hull" in broken(lambda sc: sc.ship(0, "ship-1", 1, crew=["speed", "cargo"]))


def test_invariants_catch_crew_on_the_hull() -> None:
    assert "crew on Hull" in broken(lambda sc: sc.ship(0, "ship-9", 1, crew=["hull"]))


def test_invariants_catch_a_fourth_activation_marker() -> None:
    def change(sc: Scenario) -> None:
        sc.structures(0, "insula-1")
        for card, slot in (("person-20", 1), ("person-22", 1), ("person-9", 2), ("person-14", 3)):
            sc.person(0, card, slot=slot)
        sc.markers(0, "person-20", "person-22", "person-9", "person-14")

    assert "more than 3 Activation markers" in broken(change)


def test_invariants_catch_a_marker_off_the_colony() -> None:
    assert "off their Persons" in broken(lambda sc: sc.markers(0, "person-5"))


def test_invariants_catch_a_lost_card() -> None:
    assert "cards not conserved" in broken(lambda sc: sc.game.s.person_deck.pop())


def test_invariants_catch_two_colours_in_one_person_slot() -> None:
    def change(sc: Scenario) -> None:
        sc.structures(0, "insula-1")
        sc.person(0, "person-20", slot=1)
        sc.person(0, "person-6", slot=1)

    assert "two colours" in broken(change)


def test_invariants_catch_a_ship_in_two_places() -> None:
    assert "still has a place" in broken(lambda sc: sc.ship(0, "ship-1", 1, segment=1, position=0))


def test_invariants_catch_two_players_on_one_position() -> None:
    def change(sc: Scenario) -> None:
        sc.ship(0, "ship-1", 1, where="outbound", segment=0, position=0)
        sc.ship(1, "ship-3", 1, where="outbound", segment=0, position=0)

    assert "shared between players" in broken(change)


def test_invariants_catch_colonists_out_of_nowhere() -> None:
    assert "colonists not conserved" in broken(lambda sc: setattr(sc.player(0), "free_colonists", 2))
