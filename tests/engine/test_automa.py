"""The Automa, paragraph by paragraph of the rulebook's "Automa Rules", plus random playouts."""

from __future__ import annotations

import random

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat, automa, colony, invariants, scoring
from great_harbor.engine.actions import Draft
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.state import COLOURS, DOCKED, OUTBOUND, RETURNING, PlayerState

AUTOMA = 1  # seat of the Automa in the two-seat scenarios


def solo(seed: int = 0) -> Scenario:
    return Scenario(["Ana", Seat("Automa", automa=True)], seed=seed)


def automa_lines(game: Game, start: str = "Automa") -> list[str]:
    return [line for line in game.log_lines() if line.startswith(start)]


def show_ships(sc: Scenario, *cards: str) -> None:
    """Make these the face-up Ship cards (one per size); sizes not named are left empty."""
    s = sc.game.s
    wanted = {str(sc.cat.ships[c].size): c for c in cards}
    for size in ("small", "medium", "large"):
        if s.ship_display[size]:
            s.ship_decks[size].append(s.ship_display[size])
        s.ship_display[size] = ""
        if size in wanted:
            s.ship_decks[size].remove(wanted[size])
            s.ship_display[size] = wanted[size]


def show_display(sc: Scenario, deck: str, *cards: str) -> None:
    """Make these the face-up Building or Person cards, nearest the deck icon first."""
    s = sc.game.s
    pile, display = (s.building_deck, s.building_display) if deck == "building" else (s.person_deck, s.person_display)
    pile.extend(display)
    display.clear()
    for card in cards:
        pile.remove(card)
        display.append(card)


def the_automa(sc: Scenario, governor: str = "governor-2") -> PlayerState:
    """The Automa seat with a known Governor (governor-2: red on top, purple below)."""
    p = sc.player(AUTOMA)
    p.governor = governor
    return p


# --- Setup ----------------------------------------------------------------------------------------


def test_setup_gives_the_automa_a_deck_a_governor_and_markers_on_the_first_space(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, ["Ana", Seat("Automa", automa=True)], seed=4, start=False)
    p = game.s.players[AUTOMA]
    assert sorted(game.s.automa_deck) == sorted(catalogue.automa_cards)
    assert game.s.automa_deck != sorted(catalogue.automa_cards, key=lambda c: int(c.split("-")[1]))
    assert game.s.automa_discard == []
    assert p.automa_track == {c: 0 for c in COLOURS}
    assert p.governor in catalogue.governors and p.governor != game.s.players[0].governor
    assert p.resources == {r: 0 for r in p.resources} and p.luxury_tiles == []


# --- Roll and Draft: which die --------------------------------------------------------------------


def test_rulebook_example_purple_card_with_down_arrow_drafts_the_purple_2() -> None:
    sc = solo()
    dice = sc.pool("P5", "P2", "P4", "R1", "B3")
    sc.automa_deck("automa-8")  # purple, down arrow
    game = sc.draft()
    p2 = dice[1]
    assert p2 in game.s.slots.values() or p2 in game.s.district
    assert p2 not in game.s.pool
    assert any(line.startswith("Automa card 8: purple, lowest -> P2;") for line in game.log_lines())
    assert game.pending is not None and game.pending.kind == "draft" and game.pending.seat == 0


def test_up_arrow_drafts_the_highest_die_of_the_colour() -> None:
    sc = solo()
    dice = sc.pool("R2", "R6", "R4", "B6", "Y1")
    sc.automa_deck("automa-1")  # red, up arrow
    game = sc.draft()
    assert dice[1] not in game.s.pool and dice[0] in game.s.pool and dice[2] in game.s.pool
    assert any(line.startswith("Automa card 1: red, highest -> R6;") for line in game.log_lines())


def test_a_card_whose_colour_is_not_in_the_pool_is_discarded_and_the_next_card_decides() -> None:
    sc = solo()
    dice = sc.pool("P3", "P1", "B2", "B5", "Y4")
    sc.automa_deck("automa-1", "automa-4")  # red (no red die), then purple up
    game = sc.draft(order=[AUTOMA])
    assert game.s.automa_discard[:2] == ["automa-1", "automa-4"]
    assert dice[0] not in game.s.pool + game.s.smuggler_dice  # the purple 3 was taken
    assert "Automa card 1: red, but no red die is left; the card is discarded." in game.log_lines()
    assert any(line.startswith("Automa card 4: purple, highest -> P3;") for line in game.log_lines())


def test_when_the_deck_runs_out_the_discards_are_shuffled_into_a_new_deck() -> None:
    sc = Scenario(["Ana", "Ben", "Cleo", Seat("Automa", automa=True)])  # five dice of each colour
    s = sc.game.s
    s.automa_discard = [c for c in s.automa_deck if c != "automa-1"]
    s.automa_deck = ["automa-1"]  # red, and the pool has no red die
    sc.pool("B3", "B4", "B1", "B6", "B2")
    game = sc.draft(order=[3])
    assert "The Automa deck is used up: its 28 discarded cards are shuffled into a new deck." in game.log_lines()
    used = [line for line in game.log_lines() if line.startswith("Automa card") and "->" in line]
    assert len(used) == 1 and ": blue, " in used[0]
    assert sorted(s.automa_deck + s.automa_discard) == sorted(sc.cat.automa_cards)
    assert all(sc.cat.automa_cards[c].colour != "blue" for c in s.automa_discard[:-1])


def test_the_deck_is_rebuilt_as_soon_as_the_used_card_empties_it() -> None:
    sc = solo()
    s = sc.game.s
    s.automa_discard = [c for c in s.automa_deck if c != "automa-8"]
    s.automa_deck = ["automa-8"]
    sc.pool("P2", "R1", "B3", "Y4", "Y5")
    sc.draft(order=[AUTOMA])
    assert len(s.automa_deck) == 28 and s.automa_discard == []


def test_one_card_gives_both_the_die_and_the_tile_then_is_discarded() -> None:
    sc = solo()
    sc.layout({"0,0": "forum"})
    dice = sc.pool("B2", "B5", "R1", "Y3", "P4")
    sc.automa_deck("automa-18", "automa-1")  # blue up, Forum; then red up, Sailmaker
    game = sc.draft(order=[AUTOMA])
    assert game.s.slots["v01"] == dice[1]  # Forum's right slot, not a Sailmaker slot
    assert game.s.automa_discard == ["automa-18"] and game.s.automa_deck[0] == "automa-1"


def test_the_automa_picks_first_on_both_laps_and_then_the_others_from_the_anchor() -> None:
    sc = Scenario(["Ana", "Ben", Seat("Automa", automa=True)])
    sc.pool("R1", "R2", "B3", "B4", "Y5", "Y6", "P1")
    game = sc.draft()
    placed = len(game.s.slots) + len(game.s.district)
    assert placed == 1 and game.pending is not None and (game.pending.kind, game.pending.seat) == ("draft", 0)
    game.apply(Draft(game.s.pool[0]))
    assert game.pending is not None and game.pending.seat == 1
    game.apply(Draft(game.s.pool[0]))
    assert len(game.s.slots) + len(game.s.district) == 2  # the Automa's second pick, before Ana's
    assert game.pending is not None and game.pending.seat == 0


# --- Roll and Draft: where the die goes -----------------------------------------------------------


def test_die_goes_to_the_first_free_slot_of_its_colour_from_the_top_clockwise() -> None:
    sc = solo()
    sc.layout({"0,0": "forum"})  # top h00 yellow, right v01 blue, bottom h10 blue, left v00 blue/yellow
    sc.on_slot("v01", "B1")
    dice = sc.pool("B4", "R1", "Y3", "Y4", "P4")
    sc.automa_deck("automa-18")  # blue up, Forum
    game = sc.draft(order=[AUTOMA])
    assert game.s.slots["h10"] == dice[0]
    below = game.cat.tiles[game.s.layout["1,0"]].name
    assert any(line.endswith(f"first free blue slot from the top, clockwise: the bottom slot, shared with the {below}.")
               for line in game.log_lines())


def test_the_log_names_a_shore_slot_as_on_the_shore() -> None:
    sc = solo()
    sc.layout({"0,0": "forum"})  # as above; with v01 and h10 taken, blue goes to the left Shore slot
    sc.on_slot("v01", "B1")
    sc.on_slot("h10", "B2")
    dice = sc.pool("B4", "R1", "Y3", "Y4", "P4")
    sc.automa_deck("automa-18")  # blue up, Forum
    game = sc.draft(order=[AUTOMA])
    assert game.s.slots["v00"] == dice[0]
    assert any(line.endswith("first free blue slot from the top, clockwise: the left slot, on the shore.")
               for line in game.log_lines())


def test_without_a_free_slot_of_its_colour_the_die_takes_the_first_free_slot_clockwise() -> None:
    sc = solo()
    sc.layout({"0,0": "forum"})
    sc.on_slot("h00", "Y1")
    dice = sc.pool("R4", "B1", "Y3", "Y4", "P4")
    sc.automa_deck("automa-9")  # red up, Forum: Forum has no red slot
    game = sc.draft(order=[AUTOMA])
    assert game.s.slots["v01"] == dice[0]
    right = game.cat.tiles[game.s.layout["0,1"]].name
    assert any(f"no free red slot, so the first free slot clockwise: the right slot, shared with the {right}" in line
               for line in game.log_lines())


def test_a_full_tile_sends_the_die_to_the_smugglers_district_with_a_token() -> None:
    sc = solo()
    sc.layout({"0,0": "forum"})
    for slot, die in zip(("h00", "v01", "h10", "v00"), ("Y1", "B2", "B3", "P1"), strict=True):
        sc.on_slot(slot, die)
    sc.smuggler_dice("B6")
    dice = sc.pool("R4", "R1", "Y3", "Y4", "P4")
    sc.automa_deck("automa-9")
    p = the_automa(sc)
    game = sc.draft(order=[AUTOMA])
    assert dice[0] in game.s.district
    assert p.smuggler == 1
    assert p.resources == {r: 0 for r in p.resources}  # no district resources either
    assert any("the tile is full, so the Smuggler's District and 1 Smuggler token" in line for line in game.log_lines())


def test_the_automa_gains_no_tile_benefit() -> None:
    sc = solo()
    sc.layout({"0,0": "forum"})
    sc.pool("B6", "B5", "R1", "Y3", "P4")
    sc.automa_deck("automa-18")  # blue 6 on the Forum: tier 3 for anyone else
    p = the_automa(sc)
    supply = sc.game.s.colonist_supply
    game = sc.draft(order=[AUTOMA])
    assert p.favor == 0 and p.automa_colonists == 0 and p.hand == []
    assert game.s.colonist_supply == supply
    assert p.automa_track["blue"] == 1  # only its board acted (blue space 1: a Person)


# --- The Automa board -----------------------------------------------------------------------------


def test_the_placed_dies_colour_track_advances_and_its_icon_is_done() -> None:
    sc = solo()
    sc.pool("P2", "R1", "B3", "Y4", "Y5")
    sc.automa_deck("automa-8")
    p = the_automa(sc)
    supply = sc.game.s.colonist_supply
    game = sc.draft(order=[AUTOMA])
    assert p.automa_track == {"red": 0, "blue": 0, "yellow": 0, "purple": 1}
    assert p.automa_colonists == 1 and game.s.colonist_supply == supply - 1  # purple space 1: a Colonist
    assert "Automa board: purple marker to space 1, icon colonist." in game.log_lines()


def test_a_linked_space_is_done_when_the_neighbouring_marker_is_on_or_past_it() -> None:
    sc = solo()
    p = the_automa(sc)
    p.automa_track.update(red=2, blue=4)
    automa.advance_track(sc.game, p, "red")  # red reaches the red-blue link at 3, blue is past it
    link = sc.cat.automa_board.bridges[0]
    assert (link.tracks, link.space, link.icon) == (("red", "blue"), 3, "prestige")
    assert p.prestige == link.amount and p.automa_bridges == [0]


def test_a_linked_space_waits_while_the_neighbouring_marker_is_short_of_it() -> None:
    sc = solo()
    p = the_automa(sc)
    p.automa_track.update(red=2, blue=2)
    automa.advance_track(sc.game, p, "red")
    assert p.prestige == 0 and p.automa_bridges == []
    automa.advance_track(sc.game, p, "blue")  # now blue arrives while red is on it
    assert p.prestige == sc.cat.automa_board.bridges[0].amount and p.automa_bridges == [0]


def test_a_marker_on_the_last_space_stays_and_nothing_happens() -> None:
    sc = solo()
    p = the_automa(sc)
    last = sc.cat.automa_board.length - 1
    p.automa_track["red"] = last
    automa.advance_track(sc.game, p, "red")
    assert p.automa_track["red"] == last and p.prestige == 0


def test_prestige_icon_gives_its_number_of_prestige_tokens() -> None:
    sc = solo()
    p = the_automa(sc)
    p.automa_track["red"] = 3
    automa.advance_track(sc.game, p, "red")  # red space 4: a Prestige icon
    red = next(t for t in sc.cat.automa_board.tracks if t.colour == "red")
    space = next(sp for sp in red.spaces if sp.space == 4)
    assert space.icon == "prestige" and space.amount > 1
    assert p.prestige == space.amount


# --- Automa actions: Ships ------------------------------------------------------------------------


def test_ship_of_the_governors_top_colour_is_taken_largest_first() -> None:
    sc = solo()
    p = the_automa(sc)  # red, then purple
    show_ships(sc, "ship-1", "ship-9", "ship-20")  # red small, red medium, purple large
    automa.play_ship(sc.game, p)
    assert p.docks[0] is not None and p.docks[0].card == "ship-9"
    assert sc.game.s.ship_display["medium"] not in ("", "ship-9")
    assert p.medium_ships_built == 1


def test_ship_falls_back_to_the_bottom_colour_then_to_any_colour() -> None:
    sc = solo()
    p = the_automa(sc)
    show_ships(sc, "ship-3", "ship-15", "ship-18")  # blue small, purple medium, blue large
    automa.play_ship(sc.game, p)
    assert p.docks[0] is not None and p.docks[0].card == "ship-15"
    show_ships(sc, "ship-3", "ship-11", "ship-18")  # no red or purple at all: the largest
    automa.play_ship(sc.game, p)
    assert p.docks[1] is not None and p.docks[1].card == "ship-18"


def test_with_three_ships_the_new_one_replaces_the_smallest_which_still_scores() -> None:
    sc = solo()
    p = the_automa(sc)
    sc.ship(AUTOMA, "ship-9", 1)
    sc.ship(AUTOMA, "ship-2", 2, crew=["strength"])
    sc.ship(AUTOMA, "ship-18", 3)
    supply = sc.game.s.colonist_supply
    show_ships(sc, "ship-17")  # red large
    automa.play_ship(sc.game, p)
    assert [sh.card for sh in p.docks if sh] == ["ship-9", "ship-17", "ship-18"]
    assert p.retired_ships == ["ship-2"]
    assert sc.game.s.colonist_supply == supply + 1  # the retired ship's crew goes home to the supply
    assert "ship-2" in colony.cards_in_colony(p)


def test_a_free_colonist_crews_the_new_ship_on_strength() -> None:
    sc = solo()
    p = the_automa(sc)
    p.automa_colonists = 1
    sc.game.s.colonist_supply -= 1
    show_ships(sc, "ship-17")
    automa.play_ship(sc.game, p)
    assert p.docks[0] is not None and p.docks[0].crew == ["strength"] and p.automa_colonists == 0


def test_no_ship_on_display_means_no_ship() -> None:
    sc = solo()
    p = the_automa(sc)
    show_ships(sc)
    automa.play_ship(sc.game, p)
    assert p.docks == [None, None, None]


# --- Automa actions: Buildings and Persons --------------------------------------------------------


def test_building_of_the_top_colour_then_the_display_refreshes() -> None:
    sc = solo()
    p = the_automa(sc)
    show_display(sc, "building", "building-6", "building-16", "building-1")  # blue, purple, red
    nxt = sc.game.s.building_deck[0]
    automa.take_building(sc.game, p)
    assert p.buildings == ["building-1"]
    assert sc.game.s.building_display == ["building-6", "building-16", nxt]


def test_building_of_the_bottom_colour_when_none_of_the_top_colour() -> None:
    sc = solo()
    p = the_automa(sc)
    show_display(sc, "building", "building-6", "building-16", "building-11")
    automa.take_building(sc.game, p)
    assert p.buildings == ["building-16"]


def test_building_nearest_the_deck_icon_when_no_governor_colour_is_shown() -> None:
    sc = solo()
    p = the_automa(sc)
    show_display(sc, "building", "building-11", "building-6", "building-10")  # yellow, blue, yellow
    nxt = sc.game.s.building_deck[0]
    automa.take_building(sc.game, p)
    assert p.buildings == ["building-11"]
    assert sc.game.s.building_display == ["building-6", "building-10", nxt]


def test_person_follows_the_same_steps_and_ignores_housing() -> None:
    sc = solo()
    p = the_automa(sc)
    for card in ("person-2", "person-3", "person-6"):
        sc.person(AUTOMA, card)
    assert all(p.person_slots)  # every printed slot is taken
    show_display(sc, "person", "person-8", "person-4", "person-5")  # blue, purple, red
    automa.take_person(sc.game, p)
    assert p.person_slots[-1] == ["person-5"] and len(p.person_slots) == 4
    assert "person-5" in colony.cards_in_colony(p)


# --- Automa actions: Colonists --------------------------------------------------------------------


def test_new_colonist_crews_the_largest_ship_without_strength_crew() -> None:
    sc = solo()
    p = the_automa(sc)
    sc.ship(AUTOMA, "ship-1", 1)
    sc.ship(AUTOMA, "ship-9", 2)
    sc.ship(AUTOMA, "ship-17", 3, crew=["strength"])
    supply = sc.game.s.colonist_supply
    automa.gain_colonist(sc.game, p)
    assert [sh.crew for sh in p.docks if sh] == [[], ["strength"], ["strength"]]
    assert sc.game.s.colonist_supply == supply - 1 and p.automa_colonists == 0


def test_new_colonist_waits_on_the_board_when_every_ship_has_strength_crew() -> None:
    sc = solo()
    p = the_automa(sc)
    sc.ship(AUTOMA, "ship-1", 1, crew=["strength"])
    automa.gain_colonist(sc.game, p)
    assert p.automa_colonists == 1


# --- Action phase ---------------------------------------------------------------------------------


def test_the_automa_takes_no_action_phase_turn() -> None:
    sc = solo()
    sc.pool("R1", "R2", "B3", "B4", "Y5")
    game = sc.draft()
    while game.pending is not None and game.pending.kind == "draft":
        game.apply(game.legal_actions()[0])
    assert game.s.phase == "actions" and game.s.turn_order == [0]
    assert game.pending is not None and (game.pending.kind, game.pending.seat) == ("turn", 0)
    assert game.s.players[AUTOMA].drafted == []


# --- Voyage phase ---------------------------------------------------------------------------------


def last_voyage(sc: Scenario) -> Game:
    """Run the Voyage phase of the last turn, so the game stops at the final conversion after it."""
    sc.game.s.round = sc.cat.supply.rounds
    sc.game.s.turn = "B"
    return sc.voyage()


def test_all_docked_ships_are_sent_and_resolved_without_asking() -> None:
    sc = solo()
    p = the_automa(sc)
    sc.ship(AUTOMA, "ship-9", 1)  # strength 2
    sc.ship(AUTOMA, "ship-1", 2)  # strength 1
    sc.ship(AUTOMA, "ship-17", 3, where=RETURNING, sail_back=2)
    sc.pirate_deck("pirate-6")  # strength 2
    game = last_voyage(sc)
    assert "Automa sends Liburna to trade." in game.log_lines() and "Automa sends Celox to trade." in game.log_lines()
    assert not any("Quinquereme to trade" in line for line in game.log_lines())
    assert p.docks[2] is not None and p.docks[2].where == RETURNING and p.docks[2].sail_back == 2
    assert game.pending is not None and (game.pending.kind, game.pending.seat) == ("final_convert", 0)


def test_equal_strength_trades_for_double_prestige_and_discards_the_leftmost_demand() -> None:
    sc = solo()
    p = the_automa(sc)
    s = sc.game.s
    sc.ship(AUTOMA, "ship-9", 1)  # strength 2
    sc.pirate_deck("pirate-6")  # strength 2
    leftmost = s.demands[0][0]
    game = last_voyage(sc)
    assert p.prestige == 2 * sc.cat.trade_board.segments[0].prestige
    assert p.coins == 0
    assert leftmost not in s.demands[0] and leftmost in s.demand_pool
    sh = p.docks[0]
    assert sh is not None and sh.where == RETURNING and sh.damage == 0
    lines = game.log_lines()
    assert any(line.startswith("Automa trades in segment 1: 2 Prestige (double), no coins") for line in lines)


def test_greater_strength_sails_on_and_lower_strength_docks_at_once_undamaged() -> None:
    sc = solo()
    p = the_automa(sc)
    sc.ship(AUTOMA, "ship-9", 1)  # strength 2
    sc.pirate_deck("pirate-3", "pirate-7")  # 1, then 2 more: 3 in all
    game = last_voyage(sc)
    log = game.log_lines()
    assert any("stronger than the pirates (1): it sails on to segment 2" in line for line in log)
    assert any("weaker than the pirates (3): it goes straight home, undamaged" in line for line in log)
    sh = p.docks[0]
    assert sh is not None and sh.where == DOCKED and sh.damage == 0 and sh.segment == -1
    assert p.prestige == 0


def test_greater_strength_in_the_last_segment_trades_there() -> None:
    sc = solo()
    p = the_automa(sc)
    s = sc.game.s
    sc.ship(AUTOMA, "ship-20", 1)  # strength 4
    sc.pirate_deck("pirate-3", "pirate-4", "pirate-5")  # 1 + 1 + 1
    left, right = s.demands[2]
    last_voyage(sc)
    assert p.prestige == 2 * sc.cat.trade_board.segments[2].prestige
    assert s.demands[2] == [right] and left in s.demand_pool
    sh = p.docks[0]
    assert sh is not None and sh.where == RETURNING


def test_lower_strength_in_the_first_segment_docks_at_once() -> None:
    sc = solo()
    p = the_automa(sc)
    sc.ship(AUTOMA, "ship-1", 1)  # strength 1
    sc.pirate_deck("pirate-9")  # strength 3
    game = last_voyage(sc)
    sh = p.docks[0]
    assert sh is not None and sh.where == DOCKED and sh.damage == 0
    assert not any(sh.where == OUTBOUND for q in game.s.players for sh in q.docks if sh)


# --- End of game ----------------------------------------------------------------------------------


def test_final_score_by_the_automas_own_list() -> None:
    sc = solo()
    p = the_automa(sc)  # red and purple
    sc.person(AUTOMA, "person-4")  # purple, 1
    sc.person(AUTOMA, "person-5")  # red, 1
    sc.building(AUTOMA, "building-5")  # Smithy: red, 1; 1 per medium ship built
    sc.building(AUTOMA, "building-10")  # Tavern: yellow, 1; 1 per 2 Buildings
    sc.building(AUTOMA, "building-16")  # Pantheon: purple, 5
    sc.ship(AUTOMA, "ship-9", 1)  # red medium, 2
    sc.ship(AUTOMA, "ship-10", 2)  # red medium, 3: retired below
    p.retired_ships.append("ship-10")
    p.docks[1] = None
    p.medium_ships_built = 2
    p.smuggler = 3
    p.prestige = 20
    p.coins = 0
    score = scoring.score(sc.game, p)
    assert score == {
        "cards": 1 + 1 + 1 + 1 + 5 + 2 + 3,
        "governor": 3,  # six red or purple cards: 1 per two (a human would count min(4, 2) = 2 pairs)
        "structures": 0,
        "buildings": 2 + 1,
        "smuggler": 3,
        "tokens": 20,
        "total": 14 + 3 + 0 + 3 + 3 + 20,
    }


def test_curia_counts_the_automas_colonists_on_its_board_and_ships() -> None:
    sc = solo()
    p = the_automa(sc)
    sc.building(AUTOMA, "building-20")
    sc.ship(AUTOMA, "ship-9", 1, crew=["strength"])
    p.automa_colonists = 3
    assert scoring.score(sc.game, p)["buildings"] == 2


def test_final_scoring_lists_the_automa_and_a_tie_goes_to_coins() -> None:
    sc = solo()
    human, p = sc.player(0), the_automa(sc)
    p.prestige = human.prestige = 10
    human.coins = 1
    scoring.finish_game(sc.game)
    scores = sc.game.s.final_scores
    assert scores[AUTOMA]["total"] == scores[0]["total"] == 10
    assert sc.game.s.winners == [0]


# --- Random playouts ------------------------------------------------------------------------------


@pytest.mark.parametrize("humans", [1, 2, 3])
def test_random_playouts_with_the_automa_keep_every_invariant(catalogue: Catalogue, humans: int) -> None:
    names = ["Ana", "Ben", "Cleo"][:humans]
    for seed in range(3):
        game = Game.new(catalogue, [*names, Seat("Automa", automa=True)], seed=seed)
        agent = random.Random(seed)
        invariants.check(game)
        while not game.is_over:
            assert game.current_player != humans, "the Automa never waits for input"
            game.apply(agent.choice(game.legal_actions()))
            invariants.check(game)
        p = game.s.players[humans]
        assert sum(p.automa_track.values()) > 0
        assert sum(1 for line in game.log_lines() if line.startswith("Automa card") and "->" in line) == 20
        assert set(game.s.final_scores[humans]) == {*scoring.ITEMS, "total"}
        assert game.s.final_scores[humans] == automa.final_score(game, p)


def test_a_game_with_the_automa_round_trips_through_a_plain_dict(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, ["Ana", Seat("Automa", automa=True)], seed=11)
    agent = random.Random(11)
    for _ in range(30):
        game.apply(agent.choice(game.legal_actions()))
    copy = game.clone()
    assert copy == game
    while not game.is_over:
        action = agent.choice(game.legal_actions())
        game.apply(action)
        copy.apply(action)
    assert copy == game


def test_every_drafted_die_of_the_automa_matches_its_cards_colour(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, ["Ana", Seat("Automa", automa=True)], seed=2)
    agent = random.Random(2)
    while not game.is_over:
        game.apply(agent.choice(game.legal_actions()))
    for line in game.log_lines():
        if line.startswith("Automa card") and "->" in line:
            colour = line.split(": ", 1)[1].split(",")[0]
            label = line.split("-> ", 1)[1][:2]
            assert colour[0].upper() == label[0], line
