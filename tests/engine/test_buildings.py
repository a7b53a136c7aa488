"""One test per Building card (Appendix B): Buildings that employ colonists through
``EmployBuilding`` and their choices, the ongoing ones where they act, the end-of-game ones in the
final breakdown, the prestige-only ones by their Prestige; and for each a case where it does not
apply."""

from __future__ import annotations

import random

import pytest
from engine_testkit import assert_illegal, choose, logged, options

from great_harbor.engine import Game
from great_harbor.engine.actions import (
    Choose,
    EmployBuilding,
    EndTurn,
    PlayBuilding,
    PlayPerson,
    PlayShip,
    SendShip,
    Trade,
)
from great_harbor.engine.fleet import strength
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.scoring import score

NOTHING = "has nothing to do now"


def building_turn(card: str, free_colonists: int = 1, **give: int) -> tuple[Scenario, Game]:
    sc = Scenario()
    sc.building(0, card)
    sc.give(0, free_colonists=free_colonists, **give)
    return sc, sc.turn(0)


def employ(game: Game, card: str) -> None:
    assert EmployBuilding(card) in game.legal_actions(), f"{card} cannot be employed"
    game.apply(EmployBuilding(card))


def end_turns(game: Game, *seats: int) -> None:
    for seat in seats:
        assert game.pending is not None and game.pending.kind == "turn" and game.pending.seat == seat
        game.apply(EndTurn())


def final_buildings(game: Game, seat: int = 0) -> int:
    return score(game, game.s.players[seat])["buildings"]


# --- Naval Academy (2) ----------------------------------------------------------------------------


def test_naval_academy_crews_a_ship_from_the_supply() -> None:
    sc = Scenario()
    sc.building(0, "building-2")
    sc.give(0, free_colonists=1)
    sc.ship(0, "ship-9", 1, crew=["strength"])
    sc.ship(0, "ship-1", 2, crew=["speed"])  # hull 1: full
    game = sc.turn(0)
    supply = game.s.colonist_supply
    employ(game, "building-2")
    assert options(game) == ["1:speed", "1:cargo"]
    choose(game, "1:cargo")
    p = game.s.players[0]
    assert p.docks[0].crew == ["strength", "cargo"]
    assert p.free_colonists == 0 and p.building_workers == {"building-2": 1}
    assert game.s.colonist_supply == supply - 1  # the crewman came from the supply


def test_naval_academy_needs_a_ship_with_room_for_crew() -> None:
    sc = Scenario()
    sc.building(0, "building-2")
    sc.give(0, free_colonists=1)
    sc.ship(0, "ship-1", 1, crew=["cargo"])
    game = sc.turn(0)
    assert_illegal(game, EmployBuilding("building-2"), NOTHING)


# --- Dockyard Arsenal (3) and Warship Foundry (4) -----------------------------------------------


def test_dockyard_arsenal_gives_small_ships_strength() -> None:
    sc = Scenario()
    sc.building(0, "building-3")
    sc.give(0, free_colonists=1)
    sc.ship(0, "ship-1", 1)  # small, strength 1
    sc.ship(0, "ship-9", 2)  # medium, strength 2
    sc.pirate_deck("pirate-6")  # strength 2
    game = sc.turn(0)
    employ(game, "building-3")
    game.apply(SendShip(1))
    game.apply(SendShip(2))
    end_turns(game, 0, 1)
    # Both share a position: Ana orders them. Celox 1 + 1 = 2 holds against 2; Liburna has no bonus.
    game.apply(Choose("1"))
    assert game.pending.kind == "voyage_choice" and game.pending.data.dock == 1
    game.apply(Trade(1))
    assert game.pending.kind == "voyage_choice" and game.pending.data.dock == 2
    game.apply(Trade(2))
    assert "building-3" in game.s.effects_resolved


def test_dockyard_arsenal_needs_a_free_colonist() -> None:
    sc, game = building_turn("building-3", free_colonists=0)
    assert_illegal(game, EmployBuilding("building-3"), "needs 1 free Colonist")


def test_dockyard_arsenal_bonus_ends_when_the_colonist_goes_home() -> None:
    sc = Scenario()
    sc.building(0, "building-3")
    sc.give(0, free_colonists=1)
    sc.ship(0, "ship-1", 1)
    sc.game.s.turn = "B"
    game = sc.turn(0)
    employ(game, "building-3")
    p = game.s.players[0]
    assert strength(game, p, p.docks[0]) == 2
    end_turns(game, 0, 1)  # no voyage; the round ends and the colonist comes home
    assert p.building_workers == {} and p.free_colonists == 1
    assert strength(game, p, p.docks[0]) == 1


def test_warship_foundry_strengthens_crewed_ships() -> None:
    sc = Scenario()
    sc.building(0, "building-4")
    sc.give(0, free_colonists=1)
    sc.ship(0, "ship-9", 1, crew=["cargo"])  # strength 2, crewed
    sc.ship(0, "ship-2", 2)  # strength 1, no crew
    sc.pirate_deck("pirate-9")  # strength 3
    game = sc.turn(0)
    employ(game, "building-4")
    game.apply(SendShip(1))
    game.apply(SendShip(2))
    end_turns(game, 0, 1)
    game.apply(Choose("2"))  # Lembus 1 loses: no crew, no bonus
    p = game.s.players[0]
    assert p.docks[1].damage == 1 and p.docks[1].where == "returning"
    assert game.pending.kind == "voyage_choice" and game.pending.data.dock == 1  # Liburna 2 + 1 = 3 holds
    game.apply(Trade(1))
    assert p.coins == 3 * 1  # cargo 2 + crew 1


def test_warship_foundry_takes_one_colonist_per_round() -> None:
    sc, game = building_turn("building-4", free_colonists=2)
    employ(game, "building-4")
    assert_illegal(game, EmployBuilding("building-4"), "already has its Colonist this round")


# --- Smithy (5) ----------------------------------------------------------------------------------


def test_smithy_scores_every_medium_ship_played_retired_ones_too() -> None:
    sc = Scenario()
    sc.building(0, "building-5")
    sc.hand(0, "ship-9", "ship-11", "ship-1")
    sc.give(0, planks=5, sails=3, metal=2, rope=2)
    game = sc.turn(0)
    game.apply(PlayShip("ship-9", 1))
    game.apply(PlayShip("ship-11", 1))  # retires the Liburna
    game.apply(PlayShip("ship-1", 2))  # small: not counted
    p = game.s.players[0]
    assert p.retired_ships == ["ship-9"] and p.medium_ships_built == 2
    assert final_buildings(game) == 2


def test_smithy_without_medium_ships_scores_nothing() -> None:
    sc, game = building_turn("building-5")
    assert final_buildings(game) == 0
    assert_illegal(game, EmployBuilding("building-5"), "does not employ colonists")


# --- Port Crane (7) ------------------------------------------------------------------------------


def test_port_crane_moves_a_placed_die_anywhere_without_benefit() -> None:
    sc = Scenario()
    sc.building(0, "building-7")
    sc.give(0, free_colonists=1)
    die = sc.on_slot("h00", "Y5")  # a Shore slot
    other = sc.on_slot("v21", "R2")
    game = sc.turn(0)
    employ(game, "building-7")
    assert options(game) == ["h00", "v21"]
    choose(game, "h00")
    empty = options(game)
    assert "h00" not in empty and "v21" not in empty and len(empty) == 22
    before = dict(game.s.players[0].resources)
    choose(game, "v22")  # purple/purple: colours do not matter
    assert game.s.slots == {"v22": die, "v21": other}
    assert game.s.players[0].resources == before and game.pending.kind == "turn"


def test_port_crane_needs_a_placed_die() -> None:
    sc, game = building_turn("building-7")
    assert_illegal(game, EmployBuilding("building-7"), NOTHING)


# --- Market Square (8) ---------------------------------------------------------------------------


def test_market_square_gives_a_luxury_of_choice() -> None:
    sc, game = building_turn("building-8")
    sc.luxuries(1, wine=4)  # every wine token is taken
    employ(game, "building-8")
    assert options(game) == ["dyes", "marble", "amphorae"]
    choose(game, "marble")
    assert game.s.players[0].luxuries["marble"] == 1


def test_market_square_with_no_luxury_left() -> None:
    sc = Scenario()
    sc.building(0, "building-8")
    sc.give(0, free_colonists=1)
    sc.luxuries(1, wine=4, dyes=4, marble=4, amphorae=4)
    game = sc.turn(0)
    assert_illegal(game, EmployBuilding("building-8"), NOTHING)


# --- Customs Office (9) --------------------------------------------------------------------------


def test_customs_office_pays_a_resource_for_each_trade() -> None:
    sc = Scenario()
    sc.building(0, "building-9")
    sc.ship(0, "ship-9", 1, where="outbound", segment=0, position=0)
    sc.pirate_deck("pirate-1")
    game = sc.voyage()
    game.apply(Trade(1))
    assert options(game) == ["sails", "rope", "planks", "metal"]
    choose(game, "rope")
    p = game.s.players[0]
    assert p.resources["rope"] == 1 and p.coins == 2 and "building-9" in game.s.effects_resolved


def test_customs_office_pays_nothing_without_a_trade() -> None:
    sc = Scenario()
    sc.building(0, "building-9")
    sc.ship(0, "ship-1", 1, where="outbound", segment=0, position=0)
    sc.pirate_deck("pirate-9")  # Celox loses
    game = sc.voyage()
    assert game.pending.kind == "draft"  # the voyage is over and nobody was asked
    assert sum(game.s.players[0].resources.values()) == 0
    assert_illegal(Scenario().turn(0), EmployBuilding("building-9"), "you have not built that Building")


# --- Tavern (10) ---------------------------------------------------------------------------------


def test_tavern_scores_one_per_two_buildings() -> None:
    sc = Scenario()
    for card in ("building-10", "building-1", "building-2", "building-3", "building-6"):
        sc.building(0, card)
    assert final_buildings(sc.game) == 2  # five Buildings, the Tavern among them


def test_tavern_alone_scores_nothing() -> None:
    sc, game = building_turn("building-10")
    assert final_buildings(game) == 0
    assert_illegal(game, EmployBuilding("building-10"), "does not employ colonists")


# --- Engineer's Hut (12) -------------------------------------------------------------------------


def test_engineers_hut_builds_two_resources_cheaper() -> None:
    sc, game = building_turn("building-12", free_colonists=3, planks=1, metal=1)
    employ(game, "building-12")
    p = game.s.players[0]
    assert p.free_colonists == 1 and p.building_workers == {"building-12": 2}
    # Insula 3 costs 2 planks, metal and sails: with 1 plank and 1 metal, only planks+sails may go unpaid.
    assert [o for o in options(game) if o.startswith("insula-3")] == ["insula-3|planks+sails"]
    choose(game, "insula-3|planks+sails")
    assert "insula-3" in p.structures and p.resources == {"sails": 0, "rope": 0, "planks": 0, "metal": 0}


def test_engineers_hut_needs_two_free_colonists() -> None:
    sc, game = building_turn("building-12", free_colonists=1, planks=5)
    assert_illegal(game, EmployBuilding("building-12"), "needs 2 free Colonists")


# --- Fleetyard (13) ------------------------------------------------------------------------------


def test_fleetyard_gives_two_favor_per_ship_played() -> None:
    sc = Scenario()
    sc.building(0, "building-13")
    sc.hand(0, "ship-1", "ship-3")
    sc.give(0, planks=2, sails=2)
    game = sc.turn(0)
    game.apply(PlayShip("ship-1", 1))
    game.apply(PlayShip("ship-3", 1))  # retiring counts as playing a ship too
    assert game.s.players[0].favor == 4 and "building-13" in game.s.effects_resolved


def test_fleetyard_ignores_other_cards() -> None:
    sc = Scenario()
    sc.building(0, "building-13")
    sc.hand(0, "person-20", "building-10")
    sc.give(0, planks=2)
    game = sc.turn(0)
    game.apply(PlayPerson("person-20", 1))
    game.apply(PlayBuilding("building-10"))
    assert game.s.players[0].favor == 0


# --- Lighthouse (14) -----------------------------------------------------------------------------


def test_lighthouse_discards_the_top_pirate() -> None:
    sc, game = building_turn("building-14")
    sc.pirate_deck("pirate-10", "pirate-1")
    employ(game, "building-14")
    assert options(game) == ["keep", "discard"] and game.pending.data.seen == "pirate-10"
    choose(game, "discard")
    assert game.s.pirate_deck[0] == "pirate-1" and game.s.pirate_discard == ["pirate-10"]


def test_lighthouse_keeps_the_top_pirate() -> None:
    sc, game = building_turn("building-14")
    sc.pirate_deck("pirate-10", "pirate-1")
    employ(game, "building-14")
    choose(game, "keep")
    assert game.s.pirate_deck[:2] == ["pirate-10", "pirate-1"] and game.s.pirate_discard == []


def test_lighthouse_with_an_empty_pirate_deck() -> None:
    sc = Scenario()
    sc.building(0, "building-14")
    sc.give(0, free_colonists=1)
    s = sc.game.s
    s.pirate_discard, s.pirate_deck = s.pirate_deck, []
    game = sc.turn(0)
    assert_illegal(game, EmployBuilding("building-14"), NOTHING)


# --- Odeon (15) ----------------------------------------------------------------------------------


def test_odeon_scores_one_per_two_structures() -> None:
    sc = Scenario()
    sc.building(0, "building-15")
    sc.structures(0, "dock-hut-1", "insula-1", "insula-3")
    assert final_buildings(sc.game) == 1
    sc.structures(0, "dock-hut-3")
    assert final_buildings(sc.game) == 2


def test_odeon_without_structures_scores_nothing() -> None:
    sc, game = building_turn("building-15")
    sc.structures(0, "insula-2")
    assert final_buildings(game) == 0
    assert_illegal(game, EmployBuilding("building-15"), "does not employ colonists")


# --- House of Censors (17) -----------------------------------------------------------------------


def test_house_of_censors_advances_one_senate_marker() -> None:
    sc, game = building_turn("building-17")
    sc.senate(0, red=1, yellow=7)
    employ(game, "building-17")
    assert options(game) == ["red", "blue", "purple"]
    choose(game, "red")
    p = game.s.players[0]
    assert p.senate["red"] == 2 and p.coins == 1  # red space 2 pays a coin


def test_house_of_censors_with_every_marker_at_the_top() -> None:
    sc, game = building_turn("building-17")
    sc.senate(0, red=7, blue=7, yellow=7, purple=7)
    assert_illegal(game, EmployBuilding("building-17"), NOTHING)


# --- Harbor Master (18) --------------------------------------------------------------------------


def _next_roll(game: Game) -> int:
    rng = random.Random()
    rng.setstate(game.rng.getstate())
    return rng.randint(1, 6)


def test_harbor_master_rerolls_a_drafted_die() -> None:
    sc = Scenario()
    sc.building(0, "building-18")
    sc.give(0, free_colonists=1)
    die, _ = sc.drafted(0, "B1", "R2")
    placed = sc.on_slot("h00", "Y3")
    game = sc.turn(0)
    employ(game, "building-18")
    assert options(game) == [f"drafted:{die}", f"drafted:{_}", "slot:h00"]
    expected = _next_roll(game)
    choose(game, f"drafted:{die}")
    assert game.s.faces[die] == expected and die in game.s.players[0].drafted
    assert game.s.faces[placed] == 3


def test_harbor_master_rerolls_a_placed_die_in_its_slot() -> None:
    sc = Scenario()
    sc.building(0, "building-18")
    sc.give(0, free_colonists=1)
    placed = sc.on_slot("h00", "Y3")
    game = sc.turn(0)
    employ(game, "building-18")
    expected = _next_roll(game)
    choose(game, "slot:h00")
    assert game.s.slots["h00"] == placed and game.s.faces[placed] == expected
    assert logged(game, "rerolls Y3")


def test_harbor_master_with_no_die_to_reroll() -> None:
    sc, game = building_turn("building-18")
    assert_illegal(game, EmployBuilding("building-18"), NOTHING)


# --- Governor's Villa (19) -----------------------------------------------------------------------


def test_governors_villa_gives_favor_at_the_end_of_the_round() -> None:
    sc = Scenario()
    sc.building(0, "building-19")
    sc.game.s.turn = "B"
    game = sc.turn(0)
    end_turns(game, 0, 1)
    assert game.s.round == 2 and game.s.players[0].favor == 1 and game.s.players[1].favor == 0


def test_governors_villa_gives_nothing_at_the_end_of_turn_a() -> None:
    sc, game = building_turn("building-19")
    end_turns(game, 0, 1)
    assert game.s.turn == "B" and game.s.players[0].favor == 0
    assert_illegal(game, EmployBuilding("building-19"), "not while drafting")


# --- Curia (20) ----------------------------------------------------------------------------------


def test_curia_scores_one_per_two_colonists() -> None:
    sc = Scenario()
    sc.building(0, "building-20")
    sc.give(0, free_colonists=3)
    sc.ship(0, "ship-9", 1, crew=["cargo", "speed"])
    assert final_buildings(sc.game) == 2  # 3 in housing + 2 crew


def test_curia_with_one_colonist_scores_nothing() -> None:
    sc, game = building_turn("building-20", free_colonists=1)
    assert final_buildings(game) == 0
    assert_illegal(game, EmployBuilding("building-20"), "does not employ colonists")


# --- Prestige-only Buildings: Castrum (1), Horreum Maximus (6), Aqueduct (11), Pantheon (16) ------


@pytest.mark.parametrize(
    ("card", "prestige"),
    [("building-1", 4), ("building-6", 4), ("building-11", 4), ("building-16", 5)],
    ids=["castrum", "horreum-maximus", "aqueduct", "pantheon"],
)
def test_prestige_buildings_score_their_prestige(card: str, prestige: int) -> None:
    sc = Scenario()
    sc.hand(0, card)
    sc.give(0, planks=5, metal=5, rope=5, sails=5)
    game = sc.turn(0)
    game.apply(PlayBuilding(card))
    breakdown = score(game, game.s.players[0])
    assert breakdown["cards"] == prestige and breakdown["buildings"] == 0
    assert_illegal(game, EmployBuilding(card), "does not employ colonists")


@pytest.mark.parametrize("card", ["building-1", "building-6", "building-11", "building-16"])
def test_prestige_buildings_must_be_paid_for(card: str) -> None:
    sc = Scenario()
    sc.hand(0, card)
    sc.give(0, planks=1, metal=1, rope=1, sails=1)
    assert_illegal(sc.turn(0), PlayBuilding(card), "needs")
