"""One test per Person card (Appendix A): its effect through ``legal_actions()`` / ``apply()``,
every choice inside it, and a situation where it cannot be used."""

from __future__ import annotations

import pytest
from engine_testkit import assert_illegal, choose, options

from great_harbor.engine import Game
from great_harbor.engine.actions import ActivatePerson, AssignPips, Choose, Pass, PlaceDie, SailOn, Trade
from great_harbor.engine.describe import describe, prompt
from great_harbor.engine.scenario import Scenario

NOTHING = "nothing for"
MARKED = "already holds an Activation marker"
VOYAGE_ONLY = "can only be activated in the Voyage phase"


def activate(game: Game, card: str) -> None:
    assert ActivatePerson(card) in game.legal_actions(), f"{card} cannot be activated"
    game.apply(ActivatePerson(card))


def person_turn(card: str, *drafted: str) -> tuple[Scenario, Game]:
    """Ana has ``card`` in her colony and the dice ``drafted``; her Action phase starts."""
    sc = Scenario()
    sc.person(0, card)
    sc.drafted(0, *drafted)
    return sc, sc.turn(0)


def assert_cannot_activate(game: Game, card: str, reason: str = NOTHING) -> None:
    assert_illegal(game, ActivatePerson(card), reason)


# --- Patrician (1, 6, 16): flip up to two dice of the card's colour -------------------------------


def check_patrician(card: str, colour: str) -> None:
    c = colour[0].upper()
    sc = Scenario()
    sc.person(0, card)
    low, high = sc.drafted(0, f"{c}2", f"{c}6")
    placed = sc.on_slot("h02", f"{c}3")
    sc.on_slot("h10", "Y4" if colour == "blue" else "B4")  # another colour: never offered
    game = sc.turn(0)
    activate(game, card)
    dice = sorted([low, high, placed])
    expected = [str(d) for d in dice] + [f"{a}+{b}" for i, a in enumerate(dice) for b in dice[i + 1:]]
    assert options(game) == expected
    # dice of one colour may show the same face: each choice says where its die is
    both = describe(game, Choose(f"{min(low, placed)}+{max(low, placed)}"))
    assert f"{c}2 (drafted) to {c}5" in both and f"{c}3 (on " in both and f") to {c}4" in both
    assert_illegal(game, Choose("99"), "is not one of the options")
    assert_illegal(game, Pass(), "cannot be skipped")  # the effect has started: a pick is due
    choose(game, f"{min(low, placed)}+{max(low, placed)}")
    faces = game.s.faces
    assert (faces[low], faces[high], faces[placed]) == (5, 6, 4)
    assert card in game.s.players[0].activated and card in game.s.effects_resolved
    assert_cannot_activate(game, card, MARKED)  # its marker stays on it


def check_patrician_without_dice(card: str, colour: str) -> None:
    other = "Y" if colour != "yellow" else "R"
    sc, game = person_turn(card, f"{other}3", f"{other}4")
    assert_cannot_activate(game, card)


def test_patrician_1_red_flips_a_drafted_and_a_placed_die() -> None:
    check_patrician("person-1", "red")


def test_patrician_1_red_needs_a_red_die() -> None:
    check_patrician_without_dice("person-1", "red")


def test_patrician_6_blue_flips_a_drafted_and_a_placed_die() -> None:
    check_patrician("person-6", "blue")


def test_patrician_6_blue_needs_a_blue_die() -> None:
    check_patrician_without_dice("person-6", "blue")


def test_patrician_16_yellow_flips_a_drafted_and_a_placed_die() -> None:
    check_patrician("person-16", "yellow")


def test_patrician_16_yellow_needs_a_yellow_die() -> None:
    check_patrician_without_dice("person-16", "yellow")


def test_patrician_flips_a_single_die() -> None:
    sc, game = person_turn("person-1", "R2", "B5")
    activate(game, "person-1")
    (red,) = [d for d in game.s.players[0].drafted if d < 5]
    assert options(game) == [str(red)]
    choose(game, str(red))
    assert game.s.faces[red] == 5


# --- Investor (2, 7, 11): two temporary pips on one drafted die of the card's colour ---------------


def check_investor(card: str, colour: str, slot: str) -> None:
    c = colour[0].upper()
    sc = Scenario()
    sc.layout({"0,0": "blacksmith_avenue"})
    sc.person(0, card)
    die, other = sc.drafted(0, f"{c}2", "R1" if colour != "red" else "B1")
    game = sc.turn(0)
    activate(game, card)
    assert options(game) == [str(die)]
    choose(game, str(die))
    assert game.s.faces[die] == 2  # the face does not change
    game.apply(PlaceDie(die, slot))
    assert game.pending is not None and game.pending.data.pips == 4
    assert AssignPips((4,)) in game.legal_actions()
    game.apply(AssignPips((4,)))
    assert game.s.players[0].resources["metal"] == 2  # tier 2 of Blacksmith Avenue
    assert str(die) not in game.s.die_bonus  # the pips were for that placement only


def check_investor_without_die(card: str, colour: str) -> None:
    other = "Y" if colour != "yellow" else "R"
    sc, game = person_turn(card, f"{other}3", f"{other}4")
    assert_cannot_activate(game, card)


def test_investor_2_blue_adds_two_pips() -> None:
    check_investor("person-2", "blue", "v00")


def test_investor_2_blue_needs_a_drafted_blue_die() -> None:
    check_investor_without_die("person-2", "blue")


def test_investor_7_yellow_adds_two_pips() -> None:
    check_investor("person-7", "yellow", "h00")


def test_investor_7_yellow_needs_a_drafted_yellow_die() -> None:
    check_investor_without_die("person-7", "yellow")


def test_investor_11_purple_adds_two_pips() -> None:
    sc = Scenario()
    sc.layout({"2,2": "blacksmith_avenue"})
    sc.person(0, "person-11")
    die, _ = sc.drafted(0, "P2", "R1")
    game = sc.turn(0)
    activate(game, "person-11")
    choose(game, str(die))
    game.apply(PlaceDie(die, "v23"))  # purple Shore slot of the bottom-right tile
    game.apply(AssignPips((4,)))
    assert game.s.players[0].resources["metal"] == 2


def test_investor_11_purple_needs_a_drafted_purple_die() -> None:
    check_investor_without_die("person-11", "purple")


def test_investor_does_not_reach_placed_dice() -> None:
    sc = Scenario()
    sc.person(0, "person-2")
    sc.on_slot("v00", "B2")
    sc.drafted(0, "R1", "R2")
    game = sc.turn(0)
    assert_cannot_activate(game, "person-2")


# --- Engineer (3, 12, 17): one drafted die of the card's colour is Wild for its placement ----------


def check_engineer(card: str, colour: str, foreign_slot: str) -> None:
    c = colour[0].upper()
    sc = Scenario()
    sc.person(0, card)
    die, _ = sc.drafted(0, f"{c}3", "R1" if colour != "red" else "B1")
    game = sc.turn(0)
    assert PlaceDie(die, foreign_slot) not in game.legal_actions()
    activate(game, card)
    assert options(game) == [str(die)]
    choose(game, str(die))
    assert PlaceDie(die, foreign_slot) in game.legal_actions()
    game.apply(PlaceDie(die, foreign_slot))
    assert game.s.slots[foreign_slot] == die and die not in game.s.die_wild


def check_engineer_without_die(card: str, colour: str) -> None:
    other = "B" if colour != "blue" else "R"
    sc, game = person_turn(card, f"{other}3", f"{other}4")
    assert_cannot_activate(game, card)


def test_engineer_3_yellow_makes_a_die_wild() -> None:
    check_engineer("person-3", "yellow", "v01")  # blue/blue slot


def test_engineer_3_yellow_needs_a_drafted_yellow_die() -> None:
    check_engineer_without_die("person-3", "yellow")


def test_engineer_12_purple_makes_a_die_wild() -> None:
    check_engineer("person-12", "purple", "h00")  # yellow/yellow slot


def test_engineer_12_purple_needs_a_drafted_purple_die() -> None:
    check_engineer_without_die("person-12", "purple")


def test_engineer_17_red_makes_a_die_wild() -> None:
    check_engineer("person-17", "red", "v22")  # purple/purple slot


def test_engineer_17_red_needs_a_drafted_red_die() -> None:
    check_engineer_without_die("person-17", "red")


# --- Legate (4): build a structure for two resources less -------------------------------------------


def test_legate_builds_a_structure_two_resources_cheaper() -> None:
    sc = Scenario()
    sc.person(0, "person-4")
    sc.give(0, planks=2, free_colonists=1)
    sc.structures(0, "dock-hut-1", "insula-1")
    game = sc.turn(0)
    activate(game, "person-4")
    # dock-hut-2 (2 planks, 1 rope), dock-hut-3 (2 planks, metal, rope), insula-2 (2 planks, metal),
    # insula-3 (2 planks, metal, sails): every way to leave two resources unpaid that Ana can pay.
    assert options(game) == [
        "dock-hut-2|planks+rope", "dock-hut-3|metal+rope", "insula-2|metal+planks", "insula-3|metal+sails",
    ]
    choose(game, "dock-hut-3|metal+rope")
    p = game.s.players[0]
    assert "dock-hut-3" in p.structures and p.resources["planks"] == 0
    assert p.free_colonists == 1 and not p.site_workers  # the discount does not take a colonist


def test_legate_cannot_build_what_it_cannot_pay() -> None:
    sc = Scenario()
    sc.person(0, "person-4")
    sc.structures(0, "dock-hut-1", "insula-1")  # the two sites costing only 2
    game = sc.turn(0)
    assert_cannot_activate(game, "person-4")


# --- Admiral (5): pay 1 Favor, all ships +1 Strength this Voyage phase ------------------------------


def voyage_with(card: str, *ships: tuple[int, str, int], pirates: tuple[str, ...], favor: int = 0,
                seat_cards: int = 0) -> tuple[Scenario, Game]:
    """Ana holds ``card``; ships (seat, card, dock) wait in segment 1; the Pirate deck starts with
    ``pirates``; the Voyage phase begins."""
    sc = Scenario()
    sc.person(seat_cards, card)
    sc.give(seat_cards, favor=favor)
    positions: dict[int, int] = {}
    for seat, ship, dock in ships:
        pos = positions.setdefault(seat, len(positions))
        sc.ship(seat, ship, dock, where="outbound", segment=0, position=pos)
    sc.pirate_deck(*pirates)
    return sc, sc.voyage()


def test_admiral_gives_every_ship_one_strength() -> None:
    # Liburna (strength 2) and Celox (strength 1); pirates 1 then 2.
    sc, game = voyage_with("person-5", (0, "ship-9", 1), (0, "ship-1", 2), pirates=("pirate-3", "pirate-6"),
                           favor=1)
    assert game.pending.kind == "ship_order"
    game.apply(Choose("1"))
    assert ActivatePerson("person-5") in game.legal_actions()
    game.apply(ActivatePerson("person-5"))
    p = game.s.players[0]
    assert p.favor == 0 and p.voyage_strength_all == 1
    game.apply(SailOn(1))
    # Celox: 1 + 1 against 1, so it wins now; send it on too.
    assert game.pending.kind == "voyage_choice" and game.pending.data.dock == 2
    game.apply(SailOn(2))
    # Segment 2: pirates total 1 + 2 = 3; Liburna 2 + 1 = 3 holds, Celox 1 + 1 = 2 loses.
    assert game.pending.kind == "ship_order"
    game.apply(Choose("2"))
    assert game.s.players[0].docks[1].damage == 1
    assert game.pending.kind == "voyage_choice" and game.pending.data.dock == 1
    game.apply(Trade(1))
    assert p.coins == 2 * 1  # cargo 2 x the middle segment's 1 coin


def test_admiral_needs_favor_and_the_voyage_phase() -> None:
    sc, game = voyage_with("person-5", (0, "ship-9", 1), pirates=("pirate-3",), favor=0)
    assert game.pending.kind == "voyage_choice"
    assert_cannot_activate(game, "person-5")
    sc2 = Scenario()
    sc2.person(0, "person-5")
    sc2.give(0, favor=2)
    sc2.ship(0, "ship-9", 1)
    assert_cannot_activate(sc2.turn(0), "person-5", VOYAGE_ONLY)


# --- Captain (8): one ship +1 Cargo this Voyage phase ----------------------------------------------


def test_captain_8_adds_one_cargo() -> None:
    sc, game = voyage_with("person-8", (0, "ship-9", 1), (0, "ship-1", 2), pirates=("pirate-1",))
    game.apply(Choose("1"))
    activate(game, "person-8")
    assert options(game) == ["1", "2"]
    choose(game, "1")
    game.apply(Trade(1))
    p = game.s.players[0]
    assert p.coins == (2 + 1) * 1
    game.apply(Trade(2))  # Celox keeps its own cargo of 1
    assert p.coins == 3 + 1


def test_captain_8_only_in_the_voyage_phase() -> None:
    sc = Scenario()
    sc.person(0, "person-8")
    sc.ship(0, "ship-9", 1)
    assert_cannot_activate(sc.turn(0), "person-8", VOYAGE_ONLY)


# --- Quaestor (9): two colonists from the supply ------------------------------------------------


def test_quaestor_gains_two_colonists() -> None:
    sc, game = person_turn("person-9", "R1", "R2")
    supply = game.s.colonist_supply
    activate(game, "person-9")
    assert game.s.players[0].free_colonists == 2 and game.s.colonist_supply == supply - 2


def test_quaestor_gains_only_what_housing_holds() -> None:
    sc = Scenario()
    sc.person(0, "person-9")
    sc.give(0, free_colonists=3)  # base housing 4
    game = sc.turn(0)
    supply = game.s.colonist_supply
    activate(game, "person-9")
    assert game.s.players[0].free_colonists == 4 and game.s.colonist_supply == supply - 1


def test_quaestor_needs_a_free_activation_marker() -> None:
    sc = Scenario()
    sc.structures(0, "insula-1")
    sc.person(0, "person-9", slot=1)
    sc.person(0, "person-16", slot=1)  # yellow like the Quaestor, on the Insula
    sc.person(0, "person-20")
    sc.person(0, "person-22")
    sc.markers(0, "person-16", "person-20", "person-22")
    game = sc.turn(0)
    assert_cannot_activate(game, "person-9", "all your Activation markers are in use")


# --- Trader (10): any Luxury meets any demand this Voyage phase ----------------------------------


def test_trader_lets_any_luxury_meet_a_demand() -> None:
    sc = Scenario()
    sc.person(0, "person-10")
    sc.luxuries(0, dyes=1)
    sc.demands(0, "demand-1")  # wine wanted
    sc.ship(0, "ship-1", 1, where="outbound", segment=0, position=0)
    sc.pirate_deck("pirate-1")
    game = sc.voyage()
    activate(game, "person-10")
    game.apply(Trade(1))
    assert options(game) == ["demand-1:dyes"]
    choose(game, "demand-1:dyes")
    p = game.s.players[0]
    assert p.prestige == 1 + 1 and p.luxuries["dyes"] == 0
    assert game.s.demands[0] != ["demand-1"] and "person-10" in game.s.effects_resolved


def test_trader_is_needed_for_a_different_luxury() -> None:
    sc = Scenario()
    sc.person(0, "person-10")
    sc.luxuries(0, dyes=1)
    sc.demands(0, "demand-1")
    sc.ship(0, "ship-1", 1, where="outbound", segment=0, position=0)
    sc.pirate_deck("pirate-1")
    game = sc.voyage()
    game.apply(Trade(1))  # without the Trader: no demand is offered
    assert game.pending.kind != "choose"
    assert game.s.players[0].luxuries["dyes"] == 1


def test_trader_only_in_the_voyage_phase() -> None:
    sc, game = person_turn("person-10", "R1", "R2")
    assert_cannot_activate(game, "person-10", VOYAGE_ONLY)


# --- Captain (13): refresh the Ship display ------------------------------------------------------


def test_captain_13_refreshes_the_ship_display() -> None:
    sc, game = person_turn("person-13", "R1", "R2")
    s = game.s
    shown = dict(s.ship_display)
    tops = {size: deck[0] for size, deck in s.ship_decks.items()}
    activate(game, "person-13")
    assert s.ship_display == tops
    for size, card in shown.items():
        assert s.ship_decks[size][-1] == card


def test_captain_13_needs_a_ship_deck() -> None:
    sc = Scenario()
    sc.person(0, "person-13")
    s = sc.game.s
    for size in s.ship_decks:
        s.ship_decks[size] = []
    game = sc.turn(0)
    assert_cannot_activate(game, "person-13")


# --- Praefectus (14): one face-up Building, or two from the deck ---------------------------------


def test_praefectus_takes_a_face_up_building() -> None:
    sc = Scenario()
    sc.person(0, "person-14")
    sc.display("building", "building-1", "building-2", "building-3")
    game = sc.turn(0)
    top = game.s.building_deck[0]
    activate(game, "person-14")
    assert options(game) == ["display:building-1", "display:building-2", "display:building-3", "deck"]
    choose(game, "display:building-2")
    assert game.s.players[0].hand == ["building-2"]
    assert game.s.building_display == ["building-1", "building-3", top]


def test_praefectus_draws_two_buildings() -> None:
    sc, game = person_turn("person-14", "R1", "R2")
    deck = list(game.s.building_deck)
    activate(game, "person-14")
    choose(game, "deck")
    assert game.s.players[0].hand == deck[:2] and game.s.building_deck == deck[2:]


def test_praefectus_needs_buildings_to_take() -> None:
    sc = Scenario()
    sc.person(0, "person-14")
    sc.game.s.building_deck = []
    sc.game.s.building_display = []
    game = sc.turn(0)
    assert_cannot_activate(game, "person-14")


# --- Architect (15): a Building costing 2 or less, free -------------------------------------------


def test_architect_builds_a_cheap_building_for_free() -> None:
    sc = Scenario()
    sc.person(0, "person-15")
    sc.hand(0, "building-10", "building-1", "building-14")  # Tavern 2, Castrum 5, Lighthouse 2
    game = sc.turn(0)
    activate(game, "person-15")
    assert options(game) == ["building-10", "building-14"]
    choose(game, "building-10")
    p = game.s.players[0]
    assert p.buildings == ["building-10"] and p.hand == ["building-1", "building-14"]
    assert p.senate["yellow"] == 1  # playing it still moves the Senate marker...
    assert sum(p.resources.values()) == 1  # ...and the only resource is that space's bonus


def test_architect_needs_a_cheap_building_in_hand() -> None:
    sc = Scenario()
    sc.person(0, "person-15")
    sc.hand(0, "building-1", "building-9")  # 5 and 3 resources
    game = sc.turn(0)
    assert_cannot_activate(game, "person-15")


# --- Captain (18): a coin per ship in the middle or far segment -----------------------------------


def test_captain_18_pays_for_ships_far_out() -> None:
    sc = Scenario()
    sc.person(0, "person-18")
    sc.ship(0, "ship-20", 1, where="outbound", segment=0, position=0)  # will sail on
    sc.ship(0, "ship-2", 2, where="returning", sail_back=6)  # turned back in the far segment
    sc.ship(0, "ship-4", 3, where="returning", sail_back=1)  # almost home: not counted
    sc.pirate_deck("pirate-1", "pirate-2")
    game = sc.voyage()
    game.apply(SailOn(1))
    assert game.pending.kind == "voyage_choice" and game.pending.data.segment == 1
    activate(game, "person-18")
    assert game.s.players[0].coins == 2


def test_captain_18_only_in_the_voyage_phase() -> None:
    sc, game = person_turn("person-18", "R1", "R2")
    assert_cannot_activate(game, "person-18", VOYAGE_ONLY)


# --- Diplomat (19): leave one revealed Pirate out of the total -------------------------------------


def test_diplomat_ignores_a_revealed_pirate() -> None:
    # Flagship (strength 4) and Celox (strength 1) share a position; Pirate Fleet has strength 3.
    sc, game = voyage_with("person-19", (0, "ship-20", 1), (0, "ship-1", 2), pirates=("pirate-9",))
    game.apply(Choose("1"))
    activate(game, "person-19")
    assert options(game) == ["pirate-9"]
    choose(game, "pirate-9")
    game.apply(Trade(1))
    assert game.pending.kind == "voyage_choice" and game.pending.data.dock == 2  # Celox holds against 0
    game.apply(Trade(2))
    p = game.s.players[0]
    assert p.docks[1].damage == 0 and p.coins == 3 + 1


def test_diplomat_only_in_the_voyage_phase() -> None:
    sc, game = person_turn("person-19", "R1", "R2")
    assert_cannot_activate(game, "person-19", VOYAGE_ONLY)


# --- Tribune (20) and Schemer (22) --------------------------------------------------------------


def test_tribune_gives_favor_and_a_smuggler_token() -> None:
    sc, game = person_turn("person-20", "R1", "R2")
    activate(game, "person-20")
    p = game.s.players[0]
    assert (p.favor, p.smuggler) == (1, 1)


def test_tribune_cannot_be_activated_twice() -> None:
    sc, game = person_turn("person-20", "R1", "R2")
    activate(game, "person-20")
    assert_cannot_activate(game, "person-20", MARKED)


def test_schemer_gives_two_smuggler_tokens() -> None:
    sc, game = person_turn("person-22", "R1", "R2")
    activate(game, "person-22")
    assert game.s.players[0].smuggler == 2


def test_schemer_cannot_be_activated_twice() -> None:
    sc, game = person_turn("person-22", "R1", "R2")
    activate(game, "person-22")
    assert_cannot_activate(game, "person-22", MARKED)


# --- Corsair (21): +2 Strength for one ship, decided before a Pirate is revealed --------------------


def test_corsair_before_the_reveal() -> None:
    sc, game = voyage_with("person-21", (0, "ship-1", 1), pirates=("pirate-9",))
    assert game.pending.kind == "corsair" and game.s.pirates == ["", "", ""]
    assert set(game.legal_actions()) == {ActivatePerson("person-21"), Pass()}
    game.apply(ActivatePerson("person-21"))
    assert options(game) == ["1"]
    choose(game, "1")
    # Celox: 1 + 2 = 3 against the Pirate Fleet's 3.
    assert game.s.pirates[0] == "pirate-9"
    assert game.pending.kind == "voyage_choice"
    game.apply(Trade(1))
    assert game.s.players[0].docks[0].damage == 0


def test_corsair_declined_before_the_reveal_can_wait_for_the_next_one() -> None:
    sc, game = voyage_with("person-21", (0, "ship-9", 1), pirates=("pirate-3", "pirate-6"))
    assert game.pending.kind == "corsair"
    game.apply(Pass())
    game.apply(SailOn(1))  # Liburna 2 beats 1
    assert game.pending.kind == "corsair"  # asked again before the second Pirate
    game.apply(ActivatePerson("person-21"))
    choose(game, "1")
    game.apply(Trade(1))  # 2 + 2 = 4 against 1 + 2 = 3
    assert game.s.players[0].coins == 2 * 1  # cargo 2 x the middle segment's 1 coin


def test_corsair_needs_a_ship_at_sea() -> None:
    sc = Scenario()
    sc.person(0, "person-21")
    sc.ship(1, "ship-1", 1, where="outbound", segment=0, position=0)
    sc.pirate_deck("pirate-1")
    game = sc.voyage()
    assert game.pending.kind == "voyage_choice" and game.pending.seat == 1  # Ana was not asked
    sc2 = Scenario()
    sc2.person(0, "person-21")
    sc2.ship(0, "ship-1", 1)
    assert_cannot_activate(sc2.turn(0), "person-21", VOYAGE_ONLY)


# --- Navigator (23): a homeward ship moves one space ---------------------------------------------


def test_navigator_moves_a_homeward_ship() -> None:
    sc = Scenario()
    sc.person(0, "person-23")
    sc.ship(0, "ship-2", 1, where="returning", sail_back=3)
    sc.ship(0, "ship-4", 2, where="returning", sail_back=1, damage=1)
    sc.structures(0, "dock-hut-2")
    game = sc.turn(0)
    activate(game, "person-23")
    assert options(game) == ["1", "2"]
    choose(game, "2")
    p = game.s.players[0]
    assert p.docks[1].where == "docked" and p.docks[1].damage == 0  # home, and its Dock Hut repairs it
    assert p.docks[0].sail_back == 3


def test_navigator_one_space_only() -> None:
    sc = Scenario()
    sc.person(0, "person-23")
    sc.ship(0, "ship-2", 1, where="returning", sail_back=3)
    game = sc.turn(0)
    activate(game, "person-23")
    choose(game, "1")
    assert game.s.players[0].docks[0].sail_back == 2 and game.s.players[0].docks[0].where == "returning"


def test_navigator_needs_a_homeward_ship() -> None:
    sc = Scenario()
    sc.person(0, "person-23")
    sc.ship(0, "ship-2", 1)
    game = sc.turn(0)
    assert_cannot_activate(game, "person-23")


# --- Praetor (24): two Senate steps --------------------------------------------------------------


def test_praetor_twice_on_one_track() -> None:
    sc, game = person_turn("person-24", "R1", "R2")
    activate(game, "person-24")
    assert "red+red" in options(game) and "red+blue" in options(game)
    choose(game, "purple+purple")
    p = game.s.players[0]
    assert p.senate["purple"] == 2
    assert p.free_colonists == 1  # purple space 1: a colonist; space 2: a resource
    assert sum(p.resources.values()) == 1


def test_praetor_once_on_two_tracks() -> None:
    sc, game = person_turn("person-24", "R1", "R2")
    activate(game, "person-24")
    choose(game, "red+blue")
    p = game.s.players[0]
    assert (p.senate["red"], p.senate["blue"]) == (1, 1)


def test_praetor_near_the_top() -> None:
    sc = Scenario()
    sc.person(0, "person-24")
    sc.senate(0, red=7, blue=7, yellow=7, purple=6)
    game = sc.turn(0)
    activate(game, "person-24")
    assert options(game) == ["purple"]


def test_praetor_with_every_marker_at_the_top() -> None:
    sc = Scenario()
    sc.person(0, "person-24")
    sc.senate(0, red=7, blue=7, yellow=7, purple=7)
    game = sc.turn(0)
    assert_cannot_activate(game, "person-24")


@pytest.mark.parametrize("card", [f"person-{n}" for n in range(1, 25)])
def test_every_person_has_an_effect(card: str) -> None:
    from great_harbor.engine.card_hooks import cards_of
    from great_harbor.engine.cards.persons import PersonCard
    from great_harbor.engine.scenario import default_catalogue

    assert isinstance(cards_of(default_catalogue())[card], PersonCard)


def test_the_voyage_choice_says_a_voyage_person_is_used_now() -> None:
    """The Diplomat is offered when a ship trades or sails on, not before the next fight: the
    question says so while sailing on is possible."""
    sc, game = voyage_with("person-19", (0, "ship-20", 1), pirates=("pirate-3",))
    assert game.pending.kind == "voyage_choice"
    assert ActivatePerson("person-19") in game.legal_actions()
    assert prompt(game).endswith("trade here or sail on? Diplomat: offered only at choices like this one, not "
                                 "during a fight.")
    activate(game, "person-19")
    choose(game, "pirate-3")
    assert "Diplomat" not in prompt(game)  # used for this Voyage phase
