"""The heuristic player (great_harbor/rivals/heuristic/): whole games at 2-4 seats under the invariants,
a clear margin over random play, the same game for the same seed, no peeking at hidden cards, and
a few decisions a sensible player gets right."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.actions import (
    Action,
    ConvertCoins,
    EndTurn,
    RetrieveMarker,
    SailOn,
    SendShip,
    Trade,
    UseConversion,
)
from great_harbor.engine.invariants import check
from great_harbor.engine.scenario import Scenario
from great_harbor.rivals import heuristic


def play(game: Game, policy: Callable[[Game], Action] = heuristic.choose, check_every: bool = False) -> list[Action]:
    played: list[Action] = []
    while not game.is_over:
        action = policy(game)
        game.apply(action)
        played.append(action)
        if check_every:
            check(game)
        assert len(played) < 3000, "the game does not end"
    return played


@pytest.mark.parametrize(("seats", "automa"), [(2, False), (2, True), (3, True), (4, False), (4, True)])
def test_complete_games_keep_every_invariant(catalogue: Catalogue, seats: int, automa: bool) -> None:
    names = [Seat(n) for n in ("Ana", "Ben", "Cleo", "Dido")[:seats]]
    if automa:
        names[-1] = Seat("Automa", automa=True)
    game = Game.new(catalogue, names, seed=300 + seats)
    check(game)
    played = play(game, check_every=True)
    assert game.is_over and game.s.winners
    kinds = {a.kind for a in played}
    assert {"draft", "place", "play-person", "build", "play-ship", "send", "trade", "end-turn"} <= kinds
    assert all(sc["total"] >= 40 for p, sc in zip(game.s.players, game.s.final_scores, strict=True) if not p.automa)


def mixed(rng: random.Random) -> Callable[[Game], Action]:
    """Seat 0 plays the heuristic, every other seat picks uniformly at random."""

    def policy(game: Game) -> Action:
        top = game.pending
        assert top is not None
        return heuristic.choose(game) if top.seat == 0 else rng.choice(game.legal_actions())

    return policy


def test_beats_the_random_player_clearly(catalogue: Catalogue) -> None:
    margins = []
    for seed in range(6):
        game = Game.new(catalogue, ["Heu", "Rnd"], seed=seed)
        play(game, mixed(random.Random(seed)))
        heu, rnd = (sc["total"] for sc in game.s.final_scores)
        margins.append(heu - rnd)
    assert min(margins) > 0
    assert statistics.fmean(margins) >= 40


def test_same_seed_same_game(catalogue: Catalogue) -> None:
    runs = []
    for _ in range(2):
        game = Game.new(catalogue, ["Ana", Seat("Automa", automa=True)], seed=11)
        runs.append((play(game), game.log_lines(), game.s.final_scores))
    assert runs[0] == runs[1]


def test_decisions_ignore_the_order_of_hidden_decks(catalogue: Catalogue) -> None:
    """Shuffling every face-down deck never changes what it does: it cannot see them."""
    game = Game.new(catalogue, ["Ana", "Ben"], seed=5)
    rng = random.Random(0)
    for step in range(400):
        if game.is_over:
            break
        if step % 7 == 0:
            other = game.clone()
            s = other.s
            for deck in (s.building_deck, s.person_deck, s.pirate_deck, *s.ship_decks.values()):
                rng.shuffle(deck)
            assert heuristic.choose(other) == heuristic.choose(game)
        game.apply(heuristic.choose(game))


def test_a_weak_ship_trades_and_a_strong_one_sails_on() -> None:
    sc = Scenario()
    sc.ship(0, "ship-1", 1, where="outbound", segment=0, position=0)  # Celox: strength 1
    sc.ship(0, "ship-20", 2, where="outbound", segment=0, position=0)  # Flagship: strength 4
    sc.pirate_deck("pirate-3")  # strength 1 in the first segment
    game = sc.voyage()
    game.apply(game.legal_actions()[0])  # both share a position: either order
    decisions = {}
    while game.pending is not None and game.pending.kind == "voyage_choice":
        dock = game.pending.data.dock
        action = heuristic.choose(game)
        decisions.setdefault(dock, action)  # the decision in the first segment
        game.apply(action)
        if game.pending is not None and game.pending.kind == "choose":
            game.apply(heuristic.choose(game))
    assert decisions[1] == Trade(1)
    assert decisions[2] == SailOn(2)


def test_the_last_coins_become_prestige() -> None:
    """After the last voyage coins become Prestige at the best rate: with the planks track full,
    every 2 coins converted into planks pay 1 Prestige (the Surplus rule), which beats the Laurel
    Exchange's 3 coins for 1."""
    sc = Scenario()
    sc.conversions("conversion-laurel", "conversion-2", "conversion-3")
    p = sc.give(0, coins=7, planks=5)
    game = sc.game
    s = game.s
    s.round, s.turn, s.phase = 5, "B", "final_convert"
    s.stack = []
    game.push("final_convert", 0)
    before = p.prestige
    while game.pending is not None and game.pending.kind == "final_convert":
        action = heuristic.choose(game)
        assert isinstance(action, (ConvertCoins, UseConversion, EndTurn))
        game.apply(action)
    assert (p.prestige - before, p.coins, p.resources["planks"]) == (3, 1, 5)
    assert "conversion-laurel" not in p.conversions_used


def test_it_builds_what_it_can_afford_and_sends_a_ship() -> None:
    sc = Scenario()
    sc.hand(0, "building-16")  # Pantheon: 5 Prestige
    sc.give(0, planks=2, metal=2, sails=2)
    sc.ship(0, "ship-20", 1)
    sc.drafted(0)
    game = sc.turn(0)
    game.s.players[0].drafted = []
    taken = []
    while game.pending is not None and game.pending.kind == "turn" and game.pending.seat == 0:
        action = heuristic.choose(game)
        taken.append(action)
        game.apply(action)
    assert taken[0].kind == "play-building" and "building-16" in game.s.players[0].buildings
    assert SendShip(1) in taken and taken[-1] == EndTurn()


def test_a_marker_back_on_a_praetor_with_no_senate_step_left_is_weighed_not_a_crash() -> None:
    """Retrieving a marker is legal whatever the Person could do next; the Praetor's next use is
    worth nothing once every Senate track is at the top (found by a hard rival's playout, where
    valuing it raised on an empty list)."""
    sc = Scenario()
    for card in ("person-24", "person-1", "person-4"):
        sc.person(0, card)
    sc.markers(0, "person-24", "person-1", "person-4")
    top = sc.game.cat.senate.length - 1
    sc.senate(0, red=top, blue=top, yellow=top, purple=top)
    sc.give(0, favor=2)
    sc.drafted(0)
    game = sc.turn(0)
    assert RetrieveMarker("person-24") in game.legal_actions()
    assert heuristic.choose(game) != RetrieveMarker("person-24")
    ranked = dict((a, v) for v, a in heuristic.ranked(game))
    assert ranked[RetrieveMarker("person-24")] < 0
