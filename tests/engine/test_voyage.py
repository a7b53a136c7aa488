"""The Voyage phase: a scripted voyage of three seats across the three segments with known
Pirate cards, and the special cases: reshuffling the Pirate discards, a luxury demand taken by
an earlier ship, the Corsair's question before each reveal, the Diplomat, ships sharing a
position, the third segment, and sailing back to dock at the end of the turn."""

from __future__ import annotations

import random

from engine_testkit import assert_illegal, choose, logged, options

from great_harbor.engine.actions import ActivatePerson, Choose, EndTurn, Pass, SailOn, SendShip, Trade
from great_harbor.engine.scenario import Scenario


def test_three_seats_three_segments() -> None:
    sc = Scenario(["Ana", "Ben", "Cleo"])
    # Ana: Flagship (str 4, cargo 3, speed 2) in dock 1, Celox (str 1, cargo 1, speed 3) in dock 2.
    sc.ship(0, "ship-20", 1)
    sc.ship(0, "ship-1", 2)
    # Ben: Bireme (str 2 + 1 crew, cargo 2, speed 2) in dock 1, Lembus (str 1, cargo 1) in dock 2.
    sc.ship(1, "ship-10", 1, crew=["strength"])
    sc.ship(1, "ship-2", 2)
    # Cleo: Corbita (str 2, cargo 2) in dock 1, Scapha (str 1, cargo 1) in dock 2.
    sc.ship(2, "ship-11", 1)
    sc.ship(2, "ship-4", 2)
    sc.luxuries(0, wine=1, marble=1)
    sc.luxuries(1, wine=1)
    sc.luxuries(2, marble=1)
    sc.demands(0, "demand-1")  # wine
    sc.demands(1, "demand-3")  # dyes
    sc.demands(2, "demand-5", "demand-7")  # marble, amphorae
    sc.pirate_deck("pirate-4", "pirate-6", "pirate-2")  # strengths 1, 2, 0
    game = sc.turn(0, order=[0, 1, 2])
    ana, ben, cleo = game.s.players
    for seat, docks in ((0, (1, 2)), (1, (1, 2)), (2, (1, 2))):
        assert game.pending.seat == seat
        for dock in docks:
            game.apply(SendShip(dock))
        game.apply(EndTurn())
    assert [sh.position for p in game.s.players for sh in p.docks if sh] == [0, 0, 1, 1, 2, 2]

    # Segment 1: Reef Lurkers, strength 1. Ana's two ships share position 0: she picks the order.
    assert game.s.pirates == ["pirate-4", "", ""]
    assert game.pending.kind == "ship_order" and game.pending.seat == 0
    assert set(game.legal_actions()) == {Choose("1"), Choose("2")}
    game.apply(Choose("2"))  # Celox first: 1 against 1 holds
    game.apply(Trade(2))
    assert (ana.coins, ana.prestige) == (1, 1)
    assert options(game) == ["demand-1:wine"]
    choose(game, "demand-1:wine")  # the wine demand pays the Prestige again
    assert (ana.prestige, ana.luxuries["wine"]) == (2, 0) and game.s.demands[0] == []
    assert game.pending.kind == "voyage_choice" and game.pending.data.dock == 1
    game.apply(SailOn(1))  # Flagship on to segment 2
    # Ben's ships share position 1; the wine demand is gone, so Ben's wine buys nothing.
    assert game.pending.kind == "ship_order" and game.pending.seat == 1
    game.apply(Choose("2"))
    game.apply(Trade(2))  # Lembus: 1 coin, 1 Prestige
    assert game.pending.kind == "voyage_choice" and game.pending.data.dock == 1
    assert (ben.coins, ben.prestige, ben.luxuries["wine"]) == (1, 1, 1)
    game.apply(SailOn(1))  # Bireme on
    assert game.pending.kind == "ship_order" and game.pending.seat == 2
    game.apply(Choose("1"))
    game.apply(SailOn(1))  # Corbita 2 against 1
    game.apply(SailOn(2))  # Scapha 1 against 1

    # Segment 2: Raiding Party, strength 2; the pirates now total 3.
    assert game.s.pirates == ["pirate-4", "pirate-6", ""]
    assert [(sh.segment, sh.position) for sh in (ana.docks[0], ben.docks[0], cleo.docks[0], cleo.docks[1])] == [
        (1, 0), (1, 1), (1, 2), (1, 2)]
    assert game.pending.kind == "voyage_choice" and game.pending.seat == 0
    game.apply(SailOn(1))  # Flagship 4 against 3
    assert game.pending.kind == "voyage_choice" and game.pending.seat == 1
    game.apply(Trade(1))  # Bireme 3 against 3: cargo 2 x 1 coin, 3 Prestige; no dyes to offer
    assert (ben.coins, ben.prestige) == (3, 4)
    assert game.pending.kind == "ship_order" and game.pending.seat == 2
    game.apply(Choose("2"))  # Scapha 1 and then Corbita 2 lose against 3
    assert (cleo.docks[0].damage, cleo.docks[1].damage) == (1, 1)
    assert cleo.docks[0].where == cleo.docks[1].where == "returning"
    assert cleo.docks[0].sail_back == cleo.docks[1].sail_back == 4
    assert (cleo.coins, cleo.prestige, cleo.luxuries["marble"]) == (0, 0, 1)

    # Segment 3: Calm Seas, strength 0; still 3 in all. The Flagship must trade here.
    assert game.s.pirates == ["pirate-4", "pirate-6", "pirate-2"]
    assert set(game.legal_actions()) == {Trade(1)}
    assert_illegal(game, SailOn(1))
    game.apply(Trade(1))  # cargo 3 x 2 coins, 6 Prestige
    assert options(game) == ["demand-5:marble"]
    choose(game, "demand-5:marble")  # 6 Prestige more
    assert (ana.coins, ana.prestige, ana.luxuries["marble"]) == (7, 14, 0)

    # End of turn: ships sail back by their speed; the pirates go to the discards; demands refill.
    assert game.pending.kind == "draft" and game.s.turn == "B"
    assert ana.docks[1].where == "docked"  # Celox: 2 spaces, speed 3
    assert (ana.docks[0].where, ana.docks[0].sail_back) == ("returning", 6 - 2)
    assert ben.docks[1].where == "docked"  # Lembus: 2 spaces, speed 2
    assert (ben.docks[0].where, ben.docks[0].sail_back) == ("returning", 4 - 2)
    assert [sh.sail_back for sh in cleo.docks if sh] == [2, 2]
    assert game.s.pirates == ["", "", ""] and game.s.pirate_discard[-3:] == ["pirate-4", "pirate-6", "pirate-2"]
    assert [len(d) for d in game.s.demands] == [1, 1, 2] and "demand-5" not in game.s.demands[2]
    assert game.s.anchor == 1


def test_empty_pirate_deck_is_reshuffled_from_the_discards() -> None:
    sc = Scenario()
    sc.ship(0, "ship-20", 1, where="outbound", segment=0, position=0)
    s = sc.game.s
    sc.pirate_deck("pirate-1")
    rest = s.pirate_deck[1:]
    s.pirate_deck, s.pirate_discard = ["pirate-1"], list(rest)
    game = sc.voyage()
    rng = random.Random()
    rng.setstate(game.rng.getstate())
    shuffled = list(rest)
    rng.shuffle(shuffled)
    game.apply(SailOn(1))  # the deck is empty: the discards are shuffled into a new one
    assert s.pirates[1] == shuffled[0] and s.pirate_deck == shuffled[1:] and s.pirate_discard == []
    assert logged(game, "The Pirate deck is empty")


def test_a_luxury_demand_taken_by_an_earlier_ship() -> None:
    sc = Scenario()
    sc.ship(0, "ship-1", 1, where="outbound", segment=0, position=0)
    sc.ship(1, "ship-3", 1, where="outbound", segment=0, position=1)
    sc.luxuries(0, dyes=1)
    sc.luxuries(1, dyes=1)
    sc.demands(0, "demand-3")
    sc.pirate_deck("pirate-1")
    game = sc.voyage()
    game.apply(Trade(1))
    choose(game, "demand-3:dyes")
    assert game.pending.kind == "voyage_choice" and game.pending.seat == 1
    game.apply(Trade(1))
    ben = game.s.players[1]
    assert ben.prestige == 1 and ben.luxuries["dyes"] == 1  # nothing left to meet
    assert game.pending.kind == "draft"


def test_a_luxury_demand_may_be_declined() -> None:
    sc = Scenario()
    sc.ship(0, "ship-1", 1, where="outbound", segment=0, position=0)
    sc.ship(1, "ship-3", 1, where="outbound", segment=0, position=1)
    sc.luxuries(0, dyes=1)
    sc.luxuries(1, dyes=1)
    sc.demands(0, "demand-3")
    sc.pirate_deck("pirate-1")
    game = sc.voyage()
    game.apply(Trade(1))
    assert Pass() in game.legal_actions()
    game.apply(Pass())
    game.apply(Trade(1))
    choose(game, "demand-3:dyes")
    assert [p.prestige for p in game.s.players] == [1, 2]


def test_corsair_asked_before_each_reveal() -> None:
    sc = Scenario(["Ana", "Ben", "Cleo"])
    sc.person(0, "person-21")
    sc.ship(0, "ship-9", 1, where="outbound", segment=0, position=0)
    sc.ship(2, "ship-10", 1, where="outbound", segment=0, position=1)
    sc.pirate_deck("pirate-1", "pirate-2")
    game = sc.voyage()
    assert game.pending.kind == "corsair" and game.pending.seat == 0 and game.s.pirates == ["", "", ""]
    game.apply(Pass())
    assert game.s.pirates[0] == "pirate-1"
    game.apply(SailOn(1))
    game.apply(Trade(1))  # Cleo
    assert game.pending.kind == "corsair" and game.pending.seat == 0  # asked again before segment 2
    assert game.s.pirates[1] == ""
    game.apply(ActivatePerson("person-21"))
    choose(game, "1")
    assert game.s.pirates[1] == "pirate-2" and game.s.players[0].voyage_strength == {"1": 2}
    assert game.pending.kind == "voyage_choice"  # the Corsair is used: no more questions


def test_corsair_is_not_asked_once_its_marker_is_placed() -> None:
    sc = Scenario()
    sc.person(0, "person-21")
    sc.markers(0, "person-21")
    sc.ship(0, "ship-9", 1, where="outbound", segment=0, position=0)
    sc.pirate_deck("pirate-1")
    game = sc.voyage()
    assert game.pending.kind == "voyage_choice"
    assert_illegal(game, ActivatePerson("person-21"), "already holds an Activation marker")


def test_diplomat_leaves_the_other_players_pirates_alone() -> None:
    sc = Scenario()
    sc.person(0, "person-19")
    sc.ship(0, "ship-20", 1, where="outbound", segment=0, position=0)
    sc.ship(1, "ship-10", 1, where="outbound", segment=0, position=1)
    sc.pirate_deck("pirate-9")
    game = sc.voyage()
    game.apply(ActivatePerson("person-19"))
    choose(game, "pirate-9")
    game.apply(Trade(1))
    ben = game.s.players[1]
    assert ben.docks[0].damage == 1  # Bireme 2 against 3: Ana's Diplomat does not help Ben
    assert logged(game, "Ben's Bireme (strength 2) loses to the pirates (3)")


def test_ship_order_is_the_owners_choice() -> None:
    sc = Scenario()
    sc.ship(0, "ship-1", 1, where="outbound", segment=0, position=0)
    sc.ship(0, "ship-3", 2, where="outbound", segment=0, position=0)
    sc.ship(0, "ship-5", 3, where="outbound", segment=0, position=0)
    sc.luxuries(0, wine=1)
    sc.demands(0, "demand-1")
    sc.pirate_deck("pirate-1")
    game = sc.voyage()
    assert game.pending.kind == "ship_order" and set(game.legal_actions()) == {Choose("1"), Choose("2"), Choose("3")}
    game.apply(Choose("3"))
    game.apply(Trade(3))
    choose(game, "demand-1:wine")
    assert game.pending.kind == "ship_order" and set(game.legal_actions()) == {Choose("1"), Choose("2")}
    assert_illegal(game, Choose("3"), "not one of the options: 1, 2")
    game.apply(Choose("2"))
    game.apply(Trade(2))
    assert game.pending.kind == "voyage_choice" and game.pending.data.dock == 1  # last one: no question
    assert logged(game, "Phaselus trades")


def test_ships_resolve_by_position() -> None:
    sc = Scenario(["Ana", "Ben", "Cleo"])
    sc.ship(2, "ship-1", 1, where="outbound", segment=0, position=0)
    sc.ship(0, "ship-3", 1, where="outbound", segment=0, position=1)
    sc.ship(1, "ship-5", 1, where="outbound", segment=0, position=2)
    sc.pirate_deck("pirate-1")
    game = sc.voyage()
    seats = []
    while game.pending.kind == "voyage_choice":
        seats.append(game.pending.seat)
        game.apply(Trade(1))
    assert seats == [2, 0, 1]


def test_no_ship_at_sea_no_voyage() -> None:
    sc = Scenario()
    deck = list(sc.game.s.pirate_deck)
    game = sc.turn(0)
    game.apply(EndTurn())
    game.apply(EndTurn())
    assert game.s.pirate_deck == deck and logged(game, "no Voyage phase")


def test_pirates_only_where_ships_sail() -> None:
    sc = Scenario()
    sc.ship(0, "ship-1", 1, where="outbound", segment=0, position=0)
    sc.pirate_deck("pirate-9", "pirate-1")
    game = sc.voyage()  # Celox loses at once: no other segment is revealed
    assert game.s.pirate_deck[0] == "pirate-1" and game.s.pirate_discard[-1] == "pirate-9"


def test_sail_back_by_speed_and_dock() -> None:
    sc = Scenario()
    sc.structures(0, "dock-hut-3")
    sc.ship(0, "ship-1", 1, where="returning", sail_back=6)  # speed 3
    sc.ship(0, "ship-2", 2, where="returning", sail_back=3, crew=["speed"])  # speed 2 + 1
    sc.ship(0, "ship-17", 3, where="returning", sail_back=1, damage=2)  # speed 1, Dock Hut 3
    sc.ship(1, "ship-19", 1, where="returning", sail_back=2, damage=1)  # speed 1, no Dock Hut
    game = sc.turn(0)
    game.apply(EndTurn())
    game.apply(EndTurn())
    ana, ben = game.s.players
    assert (ana.docks[0].where, ana.docks[0].sail_back) == ("returning", 3)
    assert (ana.docks[1].where, ana.docks[1].sail_back) == ("docked", 0)
    assert (ana.docks[2].where, ana.docks[2].damage) == ("docked", 0)
    assert (ben.docks[0].where, ben.docks[0].sail_back, ben.docks[0].damage) == ("returning", 1, 1)
    assert logged(game, "its Dock Hut repairs it")


def test_one_luxury_demand_per_trade() -> None:
    sc = Scenario()
    sc.ship(0, "ship-20", 1, where="outbound", segment=2, position=0)
    sc.luxuries(0, marble=1, amphorae=1)
    sc.demands(2, "demand-5", "demand-7")  # marble, amphorae
    sc.pirate_deck("pirate-1")
    game = sc.voyage()
    game.apply(Trade(1))
    assert options(game) == ["demand-5:marble", "demand-7:amphorae"]
    choose(game, "demand-7:amphorae")
    p = game.s.players[0]
    assert p.prestige == 6 + 6 and p.luxuries == {"wine": 0, "dyes": 0, "marble": 1, "amphorae": 0}
    assert game.pending.kind == "draft"  # no second demand for the same trade
