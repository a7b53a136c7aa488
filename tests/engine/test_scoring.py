"""Final scoring: the six items of the breakdown for each player, and the winner with the coin
tie-break and shared victories."""

from __future__ import annotations

from engine_testkit import logged

from great_harbor.engine import Game
from great_harbor.engine.actions import EndTurn
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.scoring import ITEMS


def last_turn(sc: Scenario) -> Game:
    """Round 5, turn B: both seats end their turn, skip the last conversion, and the game ends."""
    s = sc.game.s
    s.round, s.turn = 5, "B"
    game = sc.turn(0)
    while not game.is_over:
        assert EndTurn() in game.legal_actions()
        game.apply(EndTurn())
    return game


def test_final_breakdown_item_by_item() -> None:
    sc = Scenario()
    sc.governor(0, "governor-2")  # red and purple
    sc.person(0, "person-4")  # Legate: purple, 1
    sc.person(0, "person-20")  # Tribune: red, 1
    sc.person(0, "person-1")  # Patrician: red, 0
    for card in ("building-1", "building-10", "building-15", "building-5", "building-20"):
        sc.building(0, card)  # Castrum red 4, Tavern yellow 1, Odeon purple 1, Smithy red 1, Curia purple 1
    sc.ship(0, "ship-9", 1, crew=["cargo"])  # Liburna: red medium, 2
    sc.player(0).retired_ships.append("ship-16")  # Trireme: purple medium, 3 (retired)
    sc.game.s.ship_decks["medium"].remove("ship-16")
    sc.player(0).medium_ships_built = 2
    sc.structures(0, "dock-hut-1", "dock-hut-2", "insula-1")
    sc.give(0, free_colonists=3, smuggler=3, prestige=7)

    sc.governor(1, "governor-1")  # blue and yellow
    sc.person(1, "person-6")  # blue, 0
    sc.building(1, "building-8")  # Market Square: yellow 1
    sc.building(1, "building-2")  # Naval Academy: blue 1
    sc.ship(1, "ship-18", 1)  # Hexareme: blue large, 5
    sc.structures(1, "insula-2", "insula-3", "dock-hut-3")
    sc.give(1, smuggler=1, prestige=4)

    game = last_turn(sc)
    ana, ben = game.s.final_scores
    # Cards: Persons 1 + 1 + 0, Buildings 4 + 1 + 1 + 1 + 1, Ships 2 + 3 (retired).
    # Governor red/purple: red = Tribune, Patrician, Castrum, Smithy, Liburna (5); purple = Legate,
    #   Odeon, Curia, Trireme (4): 4 pairs.
    # Structures: 3, plus the neighbouring Dock Huts 1 and 2.
    # Buildings: Smithy 2 medium ships, Tavern 5 // 2, Odeon 3 // 2, Curia (3 housed + 1 crew) // 2.
    assert ana == {"cards": 2 + 8 + 5, "governor": 4, "structures": 3 + 1, "buildings": 2 + 2 + 1 + 2,
                   "smuggler": 3, "tokens": 7, "total": 15 + 4 + 4 + 7 + 3 + 7}
    # Ben: cards 0 + 1 + 1 + 5; blue = Patrician, Naval Academy, Hexareme (3), yellow = Market Square (1);
    # structures 3 + the neighbouring Insulae 2 and 3; no end-of-game Building.
    assert ben == {"cards": 7, "governor": 1, "structures": 4, "buildings": 0, "smuggler": 1, "tokens": 4,
                   "total": 17}
    assert set(ITEMS) | {"total"} == set(ana)
    assert game.s.winners == [0] and logged(game, "Ana wins the game!")
    assert {"building-5", "building-10", "building-15", "building-20"} <= set(game.s.effects_resolved)


def test_end_of_game_counts_after_the_last_round_ends() -> None:
    sc = Scenario()
    sc.building(0, "building-20")  # Curia
    sc.player(0).luxury_tiles = ["production-1", "production-4", "production-7"]
    sc.player(0).luxury_workers = [2, 0, 0]
    sc.give(0, free_colonists=3)
    sc.game.s.colonist_supply -= 2
    game = last_turn(sc)
    # Domestic growth: 3 free colonists, 1 coin; then the 2 workers come home to 1 free place.
    assert game.s.players[0].coins == 1 and game.s.players[0].free_colonists == 4
    assert game.s.final_scores[0]["buildings"] == 2


def test_a_tie_goes_to_the_most_coins() -> None:
    sc = Scenario()
    sc.give(0, prestige=5, coins=3)
    sc.give(1, prestige=5, coins=4)
    game = last_turn(sc)
    assert [sc_["total"] for sc_ in game.s.final_scores] == [5, 5]
    assert game.s.winners == [1] and logged(game, "Ben wins the game!")


def test_a_tie_in_coins_is_a_shared_victory() -> None:
    sc = Scenario(["Ana", "Ben", "Cleo"])
    sc.give(0, prestige=5, coins=3)
    sc.give(1, prestige=4, smuggler=1, coins=3)
    sc.give(2, prestige=5, coins=2)
    game = last_turn(sc)
    assert [sc_["total"] for sc_ in game.s.final_scores] == [5, 5, 5]
    assert game.s.winners == [0, 1] and logged(game, "Ana and Ben win the game!")
