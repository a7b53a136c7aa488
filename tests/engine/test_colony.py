"""The colony govern actions (Persons, Buildings, activation, structures, Favor, luxury
production) and the colony rules: housing, colonists lost for want of room, Dock Hut repairs,
workers coming home and domestic growth at the end of the round."""

from __future__ import annotations

import random

from engine_testkit import assert_illegal, of_kind

from great_harbor.data import Catalogue
from great_harbor.engine import Game, colony
from great_harbor.engine.actions import (
    ActivatePerson,
    BuildStructure,
    EmployLuxury,
    EndTurn,
    FavorSenate,
    PlaceDie,
    PlayBuilding,
    PlayPerson,
    RetrieveMarker,
    SpendFavorPip,
)
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.supply import housing_capacity


def end_round(game: Game) -> None:
    """Both seats end their turn B with no ship at sea: the round ends."""
    assert game.s.turn == "B"
    while game.pending is not None and game.pending.kind == "turn":
        game.apply(EndTurn())


# --- Play a Person -----------------------------------------------------------------------------


def test_play_person_into_an_empty_slot_moves_the_senate_marker() -> None:
    sc = Scenario()
    sc.hand(0, "person-20")  # red
    game = sc.turn(0)
    assert set(of_kind(game, PlayPerson)) == {PlayPerson("person-20", i) for i in (1, 2, 3)}
    game.apply(PlayPerson("person-20", 2))
    p = game.s.players[0]
    assert p.person_slots == [[], ["person-20"], []] and p.hand == []
    assert p.senate["red"] == 1 and p.played_colours["red"] == 1


def test_second_person_needs_an_insula_and_the_same_colour() -> None:
    sc = Scenario()
    sc.person(0, "person-20", slot=1)  # red
    sc.person(0, "person-6", slot=2)  # blue
    sc.hand(0, "person-22", "person-9", "person-17")  # red, yellow, red
    sc.structures(0, "insula-1")
    game = sc.turn(0)
    assert PlayPerson("person-22", 1) in game.legal_actions()
    assert_illegal(game, PlayPerson("person-9", 1), "must share a colour")
    assert_illegal(game, PlayPerson("person-22", 2), "slot is taken")
    game.apply(PlayPerson("person-22", 1))
    assert game.s.players[0].person_slots[0] == ["person-20", "person-22"]
    assert_illegal(game, PlayPerson("person-17", 1), "slot is full")


def test_play_person_not_in_hand() -> None:
    assert_illegal(Scenario().turn(0), PlayPerson("person-20", 1), "not in your hand")


# --- Play a Building -----------------------------------------------------------------------------


def test_play_building_pays_its_cost() -> None:
    sc = Scenario()
    sc.hand(0, "building-19")  # planks, rope, sails; purple
    sc.give(0, planks=2, rope=1, sails=1)
    game = sc.turn(0)
    game.apply(PlayBuilding("building-19"))
    p = game.s.players[0]
    assert p.buildings == ["building-19"] and p.resources == {"sails": 0, "rope": 0, "planks": 1, "metal": 0}
    assert p.senate["purple"] == 1 and p.free_colonists == 1  # purple space 1: a colonist


def test_play_building_without_its_cost() -> None:
    sc = Scenario()
    sc.hand(0, "building-19")
    sc.give(0, planks=1, rope=1)
    assert_illegal(sc.turn(0), PlayBuilding("building-19"), "needs 1 Sail (you have 0)")


# --- Activate a Person: three markers, retrieved with Favor ---------------------------------------


def test_activation_markers_run_out_and_come_back_for_two_favor() -> None:
    sc = Scenario()
    sc.structures(0, "insula-1")
    for card, slot in (("person-20", 1), ("person-22", 1), ("person-9", 2), ("person-13", 3)):
        sc.person(0, card, slot=slot)
    sc.give(0, favor=1)
    game = sc.turn(0)
    for card in ("person-20", "person-22", "person-9"):
        game.apply(ActivatePerson(card))
    p = game.s.players[0]
    assert p.favor == 2 and p.smuggler == 3  # the Tribune gave a Favor
    assert_illegal(game, ActivatePerson("person-13"), "all your Activation markers are in use")
    assert set(of_kind(game, RetrieveMarker)) == {RetrieveMarker(c) for c in ("person-20", "person-22", "person-9")}
    game.apply(RetrieveMarker("person-22"))
    assert p.favor == 0 and p.activated == ["person-20", "person-9"]
    game.apply(ActivatePerson("person-13"))
    assert_illegal(game, RetrieveMarker("person-9"), "needs 2 Favor, you have 0")


# --- Construct a Dock Hut or Insula ------------------------------------------------------------


def test_build_structure_pays_the_site_cost() -> None:
    sc = Scenario()
    sc.give(0, planks=2, metal=1)
    game = sc.turn(0)
    sites = {a.site for a in of_kind(game, BuildStructure)}
    assert sites == {"insula-1", "insula-2"}  # dock huts need rope
    game.apply(BuildStructure("insula-2", False, ()))
    p = game.s.players[0]
    assert p.structures == ["insula-2"] and sum(p.resources.values()) == 0


def test_build_structure_with_a_colonist_leaves_one_resource_unpaid() -> None:
    sc = Scenario()
    sc.give(0, planks=2, free_colonists=1)
    game = sc.turn(0)
    actions = set(of_kind(game, BuildStructure))
    assert BuildStructure("dock-hut-2", True, ("rope",)) in actions
    assert BuildStructure("dock-hut-2", True, ("planks",)) not in actions  # rope would still be owed
    assert BuildStructure("dock-hut-2", False, ()) not in actions
    game.apply(BuildStructure("dock-hut-2", True, ("rope",)))
    p = game.s.players[0]
    assert p.structures == ["dock-hut-2"] and p.site_workers == ["dock-hut-2"]
    assert p.free_colonists == 0 and p.resources["planks"] == 0


def test_build_structure_limits() -> None:
    sc = Scenario()
    sc.give(0, planks=2, rope=1)
    sc.structures(0, "dock-hut-1")
    game = sc.turn(0)
    assert_illegal(game, BuildStructure("dock-hut-1", False, ()), "already built")
    assert_illegal(game, BuildStructure("dock-hut-2", True, ("rope",)), "no free Colonist")
    assert_illegal(game, BuildStructure("insula-2", False, ()), "cannot pay")


def test_dock_hut_repairs_the_ship_in_its_dock_when_built() -> None:
    sc = Scenario()
    sc.give(0, planks=3, rope=2)
    sc.ship(0, "ship-10", 1, damage=2)
    sc.ship(0, "ship-12", 2, damage=1, where="returning", sail_back=4)
    game = sc.turn(0)
    game.apply(BuildStructure("dock-hut-1", False, ()))
    game.apply(BuildStructure("dock-hut-2", False, ()))
    p = game.s.players[0]
    assert p.docks[0].damage == 0
    assert p.docks[1].damage == 1  # at sea: not repaired now...


def test_dock_hut_repairs_a_ship_coming_home() -> None:
    sc = Scenario()
    sc.structures(0, "dock-hut-2")
    sc.ship(0, "ship-12", 2, damage=2, where="returning", sail_back=2)  # speed 2: home this turn
    sc.ship(0, "ship-10", 1, damage=1, where="returning", sail_back=2)  # no Dock Hut at dock 1
    game = sc.turn(0)
    game.apply(EndTurn())
    game.apply(EndTurn())  # no voyage; the ships sail back at the end of the turn
    p = game.s.players[0]
    assert p.docks[1].where == "docked" and p.docks[1].damage == 0
    assert p.docks[0].where == "docked" and p.docks[0].damage == 1


# --- Housing ----------------------------------------------------------------------------------


def test_housing_base_insulae_and_adjacent_pairs() -> None:
    sc = Scenario()
    game = sc.game
    p = sc.player(0)
    assert housing_capacity(game, p) == 4
    sc.structures(0, "insula-1")
    assert housing_capacity(game, p) == 6
    sc.structures(0, "insula-3")
    assert housing_capacity(game, p) == 8  # not neighbours
    sc.structures(0, "insula-2")
    assert housing_capacity(game, p) == 4 + 3 * 2 + 2  # two neighbouring pairs
    sc.structures(0, "dock-hut-1", "dock-hut-2")
    assert housing_capacity(game, p) == 12  # Dock Huts house nobody


def test_colonists_without_room_stay_in_the_supply() -> None:
    sc = Scenario()
    sc.layout({"0,0": "colonists_office"})
    sc.give(0, free_colonists=3)
    die, _ = sc.drafted(0, "Y6", "R1")
    game = sc.turn(0)
    supply = game.s.colonist_supply
    game.apply(PlaceDie(die, "h00"))  # tier 3: 2 colonists and 1 Favor, room for one
    p = game.s.players[0]
    assert p.free_colonists == 4 and p.favor == 1 and game.s.colonist_supply == supply - 1
    assert "no room" in game.log_lines()[-1]


def test_an_insula_makes_room() -> None:
    sc = Scenario()
    sc.layout({"0,0": "colonists_office"})
    sc.give(0, free_colonists=4, planks=1, metal=1)
    die, _ = sc.drafted(0, "Y6", "R1")
    game = sc.turn(0)
    game.apply(BuildStructure("insula-1", False, ()))
    game.apply(PlaceDie(die, "h00"))
    assert game.s.players[0].free_colonists == 6


# --- Spend Favor -------------------------------------------------------------------------------


def test_favor_adds_a_temporary_pip() -> None:
    sc = Scenario()
    sc.layout({"0,0": "carpentry"})
    sc.give(0, favor=2)
    die, _ = sc.drafted(0, "Y4", "R1")
    game = sc.turn(0)
    game.apply(SpendFavorPip(die))
    assert game.s.faces[die] == 4 and game.s.players[0].favor == 1
    game.apply(PlaceDie(die, "h00"))  # 5 pips: tier 3
    assert game.s.players[0].resources["planks"] == 3
    assert game.s.die_bonus == {}


def test_favor_pip_needs_favor_and_a_drafted_die() -> None:
    sc = Scenario()
    die, _ = sc.drafted(0, "Y3", "R1")
    assert_illegal(sc.turn(0), SpendFavorPip(die), "no Favor")
    sc = Scenario()
    placed = sc.on_slot("h00", "Y4")
    sc.drafted(0, "Y3", "R1")
    sc.give(0, favor=1)
    assert_illegal(sc.turn(0), SpendFavorPip(placed), "not one of your drafted dice")


def test_favor_advances_a_senate_marker() -> None:
    sc = Scenario()
    sc.give(0, favor=3)
    sc.senate(0, blue=1)
    game = sc.turn(0)
    game.apply(FavorSenate("blue"))
    p = game.s.players[0]
    assert p.favor == 1 and p.senate["blue"] == 2 and sum(p.resources.values()) == 1
    assert_illegal(game, FavorSenate("red"), "needs 2 Favor, you have 1")


def test_favor_senate_at_the_top() -> None:
    sc = Scenario()
    sc.give(0, favor=2)
    sc.senate(0, red=7)
    assert_illegal(sc.turn(0), FavorSenate("red"), "at the top")


# --- Luxury production -------------------------------------------------------------------------


def test_two_colonists_produce_a_luxury_once_a_round() -> None:
    sc = Scenario()
    p = sc.player(0)
    p.luxury_tiles = ["production-1", "production-4", "production-7"]  # wine, dyes, marble
    sc.give(0, free_colonists=4)
    game = sc.turn(0)
    game.apply(EmployLuxury(2))
    assert p.luxuries["dyes"] == 1 and p.free_colonists == 2 and p.luxury_workers == [0, 2, 0]
    assert_illegal(game, EmployLuxury(2), "already worked this round")
    game.apply(EmployLuxury(1))
    assert p.luxuries["wine"] == 1
    assert_illegal(game, EmployLuxury(3), "needs 2 free Colonists, you have 0")


def test_luxury_production_stops_when_the_tokens_run_out() -> None:
    sc = Scenario()
    sc.player(0).luxury_tiles = ["production-1", "production-4", "production-7"]
    sc.give(0, free_colonists=2)
    sc.luxuries(1, wine=4)
    game = sc.turn(0)
    assert EmployLuxury(1) not in game.legal_actions() and EmployLuxury(2) in game.legal_actions()


# --- End of round: domestic growth, workers home ---------------------------------------------------


def test_domestic_growth_then_workers_come_home() -> None:
    sc = Scenario()
    sc.player(0).luxury_tiles = ["production-1", "production-4", "production-7"]
    sc.give(0, free_colonists=4, planks=1, rope=1)
    sc.game.s.turn = "B"
    game = sc.turn(0)
    p = game.s.players[0]
    game.apply(EmployLuxury(1))  # 2 colonists
    game.apply(BuildStructure("dock-hut-1", True, ("planks",)))  # 1 colonist on the site
    supply = game.s.colonist_supply
    end_round(game)
    # Growth counts the one free colonist left: no coin. Then 3 workers come home to 4 places.
    assert p.coins == 0
    assert p.free_colonists == 4 and p.luxury_workers == [0, 0, 0] and p.site_workers == []
    assert game.s.colonist_supply == supply


def test_workers_without_room_go_back_to_the_supply() -> None:
    sc = Scenario()
    sc.player(0).luxury_tiles = ["production-1", "production-4", "production-7"]
    sc.give(0, free_colonists=4, favor=2)
    sc.game.s.turn = "B"
    game = sc.turn(0)
    p = game.s.players[0]
    game.apply(EmployLuxury(1))
    game.apply(EmployLuxury(2))
    assert p.free_colonists == 0
    # A Senate colonist arrives later in the round: it takes a place before the workers return.
    game.apply(FavorSenate("purple"))  # purple space 1: a colonist
    supply = game.s.colonist_supply
    end_round(game)
    assert p.free_colonists == 4 and game.s.colonist_supply == supply + 1


def test_domestic_growth_pays_a_coin_per_two_free_colonists() -> None:
    sc = Scenario()
    sc.give(0, free_colonists=4)
    sc.give(1, free_colonists=3)
    sc.game.s.turn = "B"
    game = sc.turn(0)
    end_round(game)
    assert [p.coins for p in game.s.players] == [2, 1]
    assert game.s.round == 2


def test_the_kept_ways_to_build_are_the_worked_out_ones(catalogue: Catalogue) -> None:
    """The ways to build are kept by the sites built, the discount, a free Colonist and the
    resources held counted up to the most any site costs: at every decision of random games, and
    there again with every resource from none to the top of its track, what is kept is what the
    sites' costs give, way for way and in order."""
    cat = catalogue
    compared = 0
    for seed in range(3):
        game = Game.new(cat, ["Ana", "Ben", "Cleo"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            top = game.pending
            assert top is not None
            if top.kind == "turn":
                p = game.s.players[top.seat]
                held = dict(p.resources)
                for r in held:
                    for n in (held[r], 0, cat.colony_board.resource_max):
                        p.resources[r] = n
                        for reduction in (0, 1, 2):
                            for allow in (True, False):
                                kept = colony.structure_options(game, p, reduction, allow)
                                assert kept == colony._structure_options(game, p, reduction, allow)
                                compared += 1
                    p.resources[r] = held[r]
            game.apply(rng.choice(game.legal_actions()))
    assert compared > 5_000
