"""The fleet govern actions: crew, playing and retiring Ships, repairs, sending Ships to trade,
and converting coins (the 2-for-1 exchange, the Conversion cards, the last conversion)."""

from __future__ import annotations

from engine_testkit import assert_illegal, of_kind

from great_harbor.engine.actions import (
    ConvertCoins,
    EmployCrew,
    EndTurn,
    PlayShip,
    Repair,
    SendShip,
    UseConversion,
)
from great_harbor.engine.describe import describe
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.scoring import score

# --- Crew ------------------------------------------------------------------------------------


def test_crew_one_per_stat_and_never_more_than_the_hull() -> None:
    sc = Scenario()
    sc.give(0, free_colonists=3)
    sc.ship(0, "ship-2", 1)  # Lembus, hull 2
    game = sc.turn(0)
    assert set(of_kind(game, EmployCrew)) == {EmployCrew(1, s) for s in ("speed", "strength", "cargo")}
    assert_illegal(game, EmployCrew(1, "hull"), "never Hull")
    game.apply(EmployCrew(1, "strength"))
    assert_illegal(game, EmployCrew(1, "strength"), "already has crew on strength")
    game.apply(EmployCrew(1, "speed"))
    p = game.s.players[0]
    assert p.docks[0].crew == ["strength", "speed"] and p.free_colonists == 1
    assert_illegal(game, EmployCrew(1, "cargo"), "no more crew than its Hull")


def test_crew_only_on_a_docked_ship_and_from_housing() -> None:
    sc = Scenario()
    sc.give(0, free_colonists=1)
    sc.ship(0, "ship-9", 1, where="returning", sail_back=2)
    sc.ship(0, "ship-10", 2)
    game = sc.turn(0)
    assert_illegal(game, EmployCrew(1, "cargo"), "not docked")
    assert_illegal(game, EmployCrew(3, "cargo"), "no ship in dock 3")
    game.apply(EmployCrew(2, "cargo"))
    assert_illegal(game, EmployCrew(2, "speed"), "no free Colonist")


def test_crew_raises_the_stat() -> None:
    from great_harbor.engine import fleet

    sc = Scenario()
    sc.give(0, free_colonists=3)
    sh = sc.ship(0, "ship-10", 1)  # Bireme: speed 2, strength 2, cargo 2
    game = sc.turn(0)
    for stat in ("speed", "strength", "cargo"):
        game.apply(EmployCrew(1, stat))
    p = game.s.players[0]
    assert (fleet.speed(game, sh), fleet.strength(game, p, sh), fleet.cargo(game, p, sh)) == (3, 3, 3)
    assert fleet.hull(game, sh) == 3


# --- Play and retire Ships ---------------------------------------------------------------------


def test_play_ship_pays_and_docks() -> None:
    sc = Scenario()
    sc.hand(0, "ship-9")  # Liburna: 2 planks, sails, metal; red
    sc.give(0, planks=2, sails=1, metal=2)
    game = sc.turn(0)
    assert set(of_kind(game, PlayShip)) == {PlayShip("ship-9", d) for d in (1, 2, 3)}
    game.apply(PlayShip("ship-9", 3))
    p = game.s.players[0]
    assert p.docks[2].card == "ship-9" and p.docks[2].where == "docked"
    assert p.senate["red"] == 1  # red space 1: one resource (metal on this Dice Bonus tile)
    assert game.s.dice_bonus_stack[0] == "dice-bonus-2"
    assert p.resources == {"sails": 0, "rope": 0, "planks": 0, "metal": 1 + 1}


def test_play_ship_without_its_cost() -> None:
    sc = Scenario()
    sc.hand(0, "ship-9")
    sc.give(0, planks=2, sails=1)
    assert_illegal(sc.turn(0), PlayShip("ship-9", 1), "needs 1 Metal (you have 0)")


def test_retire_a_ship_crew_to_the_supply_card_still_counts() -> None:
    sc = Scenario()
    sc.governor(0, "governor-2")  # red and purple pairs
    sc.hand(0, "ship-15")  # Hemiolia, purple
    sc.give(0, planks=2, sails=1, rope=1)
    sc.ship(0, "ship-9", 1, crew=["cargo", "speed"])  # Liburna, red, 2 prestige
    game = sc.turn(0)
    supply = game.s.colonist_supply
    game.apply(PlayShip("ship-15", 1))
    p = game.s.players[0]
    assert p.docks[0].card == "ship-15" and p.docks[0].crew == [] and p.retired_ships == ["ship-9"]
    assert p.free_colonists == 1  # purple Senate space 1: a colonist from the supply
    assert game.s.colonist_supply == supply + 2 - 1
    breakdown = score(game, p)
    assert breakdown["cards"] == 2 + 2  # both ship cards score
    assert breakdown["governor"] == 1  # the retired red ship pairs with the purple one


def test_launches_into_empty_docks_come_before_those_that_retire_a_ship() -> None:
    """Typing "launch hem" and Enter must not retire a ship by accident (issue 17): every launch
    into an empty dock is listed first, card by card in hand order, then the retiring ones."""
    sc = Scenario()
    sc.hand(0, "ship-15", "ship-1")  # Hemiolia, then a small ship
    sc.give(0, planks=3, sails=2, rope=1)
    sc.ship(0, "ship-9", 1)  # docked and repaired: may be retired
    game = sc.turn(0)
    assert of_kind(game, PlayShip) == [
        PlayShip("ship-15", 2), PlayShip("ship-15", 3), PlayShip("ship-1", 2), PlayShip("ship-1", 3),
        PlayShip("ship-15", 1), PlayShip("ship-1", 1),
    ]
    assert describe(game, PlayShip("ship-15", 1)).startswith("Launch Hemiolia (medium, purple) at dock 1")
    assert ", retiring Liburna" in describe(game, PlayShip("ship-15", 1))


def test_retire_only_a_docked_repaired_ship() -> None:
    sc = Scenario()
    sc.hand(0, "ship-1")
    sc.give(0, planks=1, sails=1)
    sc.ship(0, "ship-9", 1, damage=1)
    sc.ship(0, "ship-10", 2, where="outbound", segment=0, position=0)
    sc.ship(0, "ship-11", 3, where="returning", sail_back=2)
    game = sc.turn(0)
    assert of_kind(game, PlayShip) == []
    assert_illegal(game, PlayShip("ship-1", 1), "fully repaired")
    assert_illegal(game, PlayShip("ship-1", 2), "at sea")
    assert_illegal(game, PlayShip("ship-1", 3), "at sea")


# --- Repair ---------------------------------------------------------------------------------


def test_repair_one_resource_per_damage() -> None:
    sc = Scenario()
    sc.give(0, rope=1, metal=1)
    sc.ship(0, "ship-10", 1, damage=3)
    game = sc.turn(0)
    assert set(of_kind(game, Repair)) == {Repair(1, "rope"), Repair(1, "metal")}
    assert_illegal(game, SendShip(1), "cannot sail until repaired")
    game.apply(Repair(1, "rope"))
    game.apply(Repair(1, "metal"))
    p = game.s.players[0]
    assert p.docks[0].damage == 1 and sum(p.resources.values()) == 0
    assert_illegal(game, Repair(1, "sails"), "you have no Sails")


def test_repair_only_docked_damaged_ships() -> None:
    sc = Scenario()
    sc.give(0, rope=2)
    sc.ship(0, "ship-10", 1)
    sc.ship(0, "ship-12", 2, damage=1, where="returning", sail_back=2)
    game = sc.turn(0)
    assert_illegal(game, Repair(1, "rope"), "no damage")
    assert_illegal(game, Repair(2, "rope"), "not docked")


# --- Send ships ------------------------------------------------------------------------------


def test_send_only_with_damage_below_the_hull() -> None:
    sc = Scenario()
    sc.ship(0, "ship-10", 1, damage=2)  # hull 3
    sc.ship(0, "ship-2", 2, damage=2)  # hull 2
    game = sc.turn(0)
    assert of_kind(game, SendShip) == [SendShip(1)]
    assert_illegal(game, SendShip(2), "cannot sail until repaired")
    game.apply(SendShip(1))
    sh = game.s.players[0].docks[0]
    assert (sh.where, sh.segment, sh.position) == ("outbound", 0, 0)
    assert_illegal(game, SendShip(1), "not docked")


def test_ships_of_one_player_share_a_position() -> None:
    sc = Scenario()
    sc.ship(0, "ship-1", 1)
    sc.ship(0, "ship-2", 2)
    sc.ship(1, "ship-3", 1)
    sc.ship(1, "ship-4", 2)
    game = sc.turn(0, order=[0, 1])
    game.apply(SendShip(2))
    game.apply(EndTurn())
    game.apply(SendShip(1))
    game.apply(SendShip(2))
    ana, ben = game.s.players
    assert ana.docks[1].position == 0 and ben.docks[0].position == ben.docks[1].position == 1


# --- Convert coins ---------------------------------------------------------------------------


def test_two_coins_for_one_resource() -> None:
    sc = Scenario()
    sc.give(0, coins=5, sails=5)
    game = sc.turn(0)
    assert of_kind(game, ConvertCoins) == [ConvertCoins(r) for r in ("sails", "rope", "planks", "metal")]
    game.apply(ConvertCoins("rope"))
    game.apply(ConvertCoins("rope"))  # as often as coins allow
    p = game.s.players[0]
    assert p.coins == 1 and p.resources["rope"] == 2
    assert_illegal(game, ConvertCoins("rope"), "needs 2 coins, you have 1")


def test_coins_converted_into_a_full_track_pay_the_surplus_prestige() -> None:
    """The rulebook's Surplus rule holds for every gain: 2 coins into a basic resource whose track
    is full give 1 Prestige, and the log says so."""
    sc = Scenario()
    sc.give(0, coins=4, sails=5)
    game = sc.turn(0)
    convert = ConvertCoins("sails")
    assert convert in game.legal_actions()
    assert describe(game, convert) == "Convert 2 coins into 1 Prestige (the Sails track is full)"
    game.apply(convert)
    game.apply(convert)
    p = game.s.players[0]
    assert (p.coins, p.resources["sails"], p.prestige) == (0, 5, 2)
    assert game.log_lines()[-1] == "Ana converts 2 coins into 1 Prestige, as the Sails track is full."


def test_a_conversion_card_may_give_resources_past_a_full_track() -> None:
    """Two resources from the Merchant's Bargain on full tracks are one gain: 1 Prestige however
    much is over, as the Surplus rule says."""
    sc = Scenario()
    sc.conversions("conversion-laurel", "conversion-2", "conversion-4")
    sc.give(0, coins=3, sails=4, rope=5)
    game = sc.turn(0)
    choices = {a.choice for a in of_kind(game, UseConversion) if a.card == "conversion-4"}
    assert len(choices) == 10 and ("rope", "rope") in choices and ("sails", "rope") in choices
    bargain = UseConversion("conversion-4", ("sails", "sails"))
    assert describe(game, bargain).endswith("1 Sail (+1 over the track → 1 Prestige)")
    game.apply(bargain)
    p = game.s.players[0]
    assert (p.resources["sails"], p.prestige) == (5, 1)
    assert_illegal(game, UseConversion("conversion-4", ("rope", "rope")), "once per turn")


def test_a_conversion_card_needs_resources_it_can_give() -> None:
    sc = Scenario()
    sc.conversions("conversion-laurel", "conversion-2", "conversion-4")
    sc.give(0, coins=3)
    game = sc.turn(0)
    assert_illegal(game, UseConversion("conversion-4", ("rope", "gold")), "2 basic resources of your choice")


def test_each_conversion_card_once_per_turn() -> None:
    sc = Scenario()
    sc.conversions("conversion-laurel", "conversion-2", "conversion-4")
    sc.give(0, coins=20)
    game = sc.turn(0)
    game.apply(UseConversion("conversion-laurel"))
    assert_illegal(game, UseConversion("conversion-laurel"), "once per turn")
    game.apply(UseConversion("conversion-2"))  # another card: allowed
    choices = {a.choice for a in of_kind(game, UseConversion)}
    assert ("rope", "planks") in choices and ("metal", "metal") in choices and len(choices) == 10
    game.apply(UseConversion("conversion-4", ("metal", "metal")))
    p = game.s.players[0]
    assert (p.coins, p.prestige, p.favor, p.resources["metal"]) == (20 - 3 - 2 - 3, 1, 1, 2)
    assert of_kind(game, UseConversion) == []
    assert_illegal(game, UseConversion("conversion-6"), "not in play")


def test_conversion_cards_are_fresh_next_turn() -> None:
    sc = Scenario()
    sc.conversions("conversion-laurel", "conversion-2", "conversion-3")
    sc.give(0, coins=10)
    game = sc.turn(0)
    game.apply(UseConversion("conversion-laurel"))
    assert game.s.players[0].conversions_used == ["conversion-laurel"]
    game.apply(EndTurn())
    game.apply(EndTurn())
    assert game.s.turn == "B" and game.s.players[0].conversions_used == []


def test_conversion_needs_its_coins() -> None:
    sc = Scenario()
    sc.conversions("conversion-laurel", "conversion-5", "conversion-6")
    sc.give(0, coins=4)
    game = sc.turn(0)
    assert {a.card for a in of_kind(game, UseConversion)} == {"conversion-laurel", "conversion-5"}
    assert_illegal(game, UseConversion("conversion-6"), "needs 5 coins, you have 4")
    game.apply(UseConversion("conversion-5", ("amphorae",)))
    assert game.s.players[0].luxuries["amphorae"] == 1 and game.s.players[0].coins == 0


def test_last_conversion_after_the_final_voyage() -> None:
    sc = Scenario()
    sc.conversions("conversion-laurel", "conversion-2", "conversion-3")
    sc.give(0, coins=7)
    sc.give(1, coins=3)
    s = sc.game.s
    s.round, s.turn = 5, "B"
    game = sc.turn(1, order=[1, 0])
    game.apply(UseConversion("conversion-laurel"))  # Ben uses the laurel card in his turn
    game.apply(EndTurn())
    game.apply(EndTurn())
    assert game.s.phase == "final_convert" and game.pending.kind == "final_convert" and game.pending.seat == 1
    # The last conversion belongs to the same turn: Ben's laurel card stays used (see the rulings).
    assert of_kind(game, UseConversion) == [] and of_kind(game, ConvertCoins) == []
    game.apply(EndTurn())
    assert game.pending.seat == 0
    game.apply(UseConversion("conversion-laurel"))
    game.apply(ConvertCoins("planks"))
    game.apply(ConvertCoins("planks"))
    assert_illegal(game, ConvertCoins("planks"), "needs 2 coins, you have 0")
    game.apply(EndTurn())
    assert game.is_over
    assert game.s.players[0].resources["planks"] == 2 and game.s.final_scores[0]["tokens"] == 1
