"""Placing dice on the harbor: slots, tiers, Shore fees, tile benefits, the Smuggler's District.
The rulebook's worked examples are here as tests."""

from __future__ import annotations

import random

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game, IllegalAction, harbor
from great_harbor.engine.actions import AssignPips, Choose, EndTurn, PlaceDie, SpendFavorPip, UseSmugglerToken
from great_harbor.engine.describe import describe
from great_harbor.engine.harbor import equivalent_split, shore_fee, split_outcome
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.supply import Ledger


def placed(sc: Scenario, seat: int, label: str, slot: str) -> None:
    """Draft ``label`` for ``seat`` (plus a spare die), start the turn and place it on ``slot``."""
    (die,) = sc.drafted(seat, label)
    sc.drafted(seat, "P1")
    game = sc.turn(seat)
    game.apply(PlaceDie(die, slot))


def test_rulebook_split_between_blacksmith_avenue_and_shipyard() -> None:
    # A 4 on the slot between the Shipyard (centre) and Blacksmith Avenue (east of it):
    # 3 pips to Blacksmith Avenue give 2 Metal, 1 pip to the Shipyard gives the small ship.
    sc = Scenario()
    sc.layout({"1,2": "blacksmith_avenue"})
    small = sc.game.s.ship_display["small"]
    placed(sc, 0, "R4", "v12")  # v12 joins cells 1,1 and 1,2; it takes purple or red
    game = sc.game
    assert game.pending.kind == "assign"
    assert game.pending.data.tiles == ("shipyard", "blacksmith_avenue")
    game.apply(AssignPips((1, 3)))
    p = game.s.players[0]
    assert p.resources["metal"] == 2
    assert small in p.hand
    assert game.s.ship_display["small"] != small  # a new small ship is revealed
    assert "between Shipyard and Blacksmith Avenue" in game.log_lines()[-1]


def test_rulebook_shore_fee_example_1() -> None:
    # Three dice on a corner tile: the one on a shared slot does not count; of the two on Shore
    # slots the blue 3 is highest, so tiers cost 4-5 / 6-7 / 8-9 and a 5 only reaches tier 1.
    sc = Scenario()
    sc.layout({"0,0": "sailmaker"})
    sc.on_slot("h10", "P6")  # shared slot (bottom of 0,0)
    sc.on_slot("h00", "B3")  # Shore slot (top)
    sc.on_slot("v00", "Y1")  # Shore slot (left)
    assert shore_fee(sc.game, "0,0") == 3
    placed(sc, 0, "B5", "v01")  # shared with 0,1
    game = sc.game
    assert game.pending.data.fees[0] == 3
    game.apply(AssignPips((5, 0)))
    assert game.s.players[0].resources["sails"] == 1


def test_rulebook_shore_fee_example_2() -> None:
    # A 4 on a shared slot; the right tile has a Shore fee of 2 from a red 2, so it needs at
    # least 3 pips to be activated; the last pip still activates tier 1 of the left tile.
    sc = Scenario()
    sc.layout({"1,2": "ropeyard"})
    sc.on_slot("v13", "R2")  # the right tile's Shore slot
    placed(sc, 0, "R4", "v12")
    game = sc.game
    legal = [a.pips for a in game.legal_actions()]  # type: ignore[attr-defined]
    assert (1, 3) in legal and (0, 4) in legal
    # Pips may be split any way, but one split per outcome is offered: 3+1 gives the left tile
    # tier 2 and the Ropeyard nothing, as 4+0 does.
    assert (4, 0) in legal and (3, 1) not in legal
    before = game.to_json()
    with pytest.raises(IllegalAction, match=r"Ropeyard gets nothing from 1 of the pips \(its first tier needs 3\), "
                                            r"so this split gives the same as 4\+0, which the choices list: "
                                            r"take that one"):
        game.apply(AssignPips((3, 1)))
    assert game.to_json() == before
    assert (2, 2) in legal  # tier 1 of the left tile only: 2 pips are too few for the Ropeyard
    game.apply(AssignPips((1, 3)))
    assert game.s.players[0].resources["rope"] == 1


def test_a_split_may_leave_pips_below_a_tiles_threshold_for_a_lower_tier_on_the_other() -> None:
    """With a 6 between the Architects Office (Shore fee 3) and the Shipyard, the medium ship
    needs 4 pips on the Shipyard and the other 2 left on the Architects Office, which they do
    not activate. When the large ship is gone, that is the only way to a ship at all."""
    sc = Scenario()
    sc.layout({"0,0": "architects_office", "0,1": "shipyard"})
    for slot, label in (("h00", "B1"), ("v00", "Y3")):  # on the Architects Office's Shore slots: fee 3
        sc.on_slot(slot, label)
    placed(sc, 0, "B6", "v01")
    game = sc.game
    game.s.ship_display["large"] = ""  # no large ship left
    medium = game.s.ship_display["medium"]
    top = game.pending
    assert top is not None and top.kind == "assign" and top.data.fees == (3, 0)
    words = {a.pips: describe(game, a) for a in game.legal_actions()}  # type: ignore[attr-defined]
    assert "no large ship left" in words[(0, 6)]
    assert "the medium ship" in words[(2, 4)]
    game.apply(AssignPips((2, 4)))
    assert medium in game.s.players[0].hand


def test_the_choices_list_one_split_per_result() -> None:
    """A 5 between two tiles without a fee: 1+4 and 2+3 both give tier 1 and tier 2, so only the
    first is listed; the other is refused, naming it, and the state is left as it was."""
    sc = Scenario()
    sc.layout({"0,0": "sailmaker", "0,1": "ropeyard"})
    placed(sc, 0, "B5", "v01")
    game = sc.game
    top = game.pending
    assert top is not None and top.data.fees == (0, 0)
    legal = [a.pips for a in game.legal_actions()]  # type: ignore[attr-defined]
    outcomes = [split_outcome(game, x, (0, 0)) for x in legal]
    assert len(set(outcomes)) == len(outcomes)
    assert (1, 4) in legal and (2, 3) not in legal
    assert equivalent_split(game, AssignPips((2, 3))) == AssignPips((1, 4))
    assert equivalent_split(game, AssignPips((1, 4))) is None  # listed: nothing to map
    before = game.to_json()
    with pytest.raises(IllegalAction, match=r"this split gives each tile the same as 1\+4, which the choices list "
                                            r"instead: take that one"):
        game.apply(AssignPips((2, 3)))
    assert game.to_json() == before


def test_the_best_splits_come_first_and_those_beaten_on_every_tile_last() -> None:
    """A 4 between Blacksmith Avenue and the Ropeyard (issue 17): 1+3 (1 Metal, 2 Rope) and 3+1 (2
    Metal, 1 Rope) are the best; 2+2 (1 Metal, 1 Rope), 0+4 (2 Rope) and 4+0 (2 Metal) are beaten
    on every tile by one of them and come after; taking nothing is last."""
    sc = Scenario()
    sc.layout({"0,0": "blacksmith_avenue", "0,1": "ropeyard"})
    placed(sc, 0, "B4", "v01")
    game = sc.game
    legal = [a.pips for a in game.legal_actions()]  # type: ignore[attr-defined]
    assert legal == [(1, 3), (3, 1), (0, 4), (2, 2), (4, 0), (0, 0)]


def test_a_lower_tier_that_gives_something_else_is_not_beaten() -> None:
    """A 4 between the Shipyard and Blacksmith Avenue: the small ship with 2 Metal (1+3) and the
    medium ship with 1 Metal (3+1) are different things, both among the best; the medium ship
    alone (4+0) is beaten by 3+1, and 2 Metal alone (0+4) by 1+3."""
    sc = Scenario()
    sc.layout({"1,2": "blacksmith_avenue"})
    placed(sc, 0, "R4", "v12")  # Shipyard (1,1) / Blacksmith Avenue (1,2)
    game = sc.game
    legal = [a.pips for a in game.legal_actions()]  # type: ignore[attr-defined]
    assert legal[:2] == [(1, 3), (3, 1)]
    assert set(legal[2:-1]) == {(0, 4), (2, 2), (4, 0)} and legal[-1] == (0, 0)


def test_what_a_split_gives_now_decides_what_beats_it() -> None:
    """With no room in housing, the Colonists' Office's third tier (2 Colonists, 1 Favor) gives no
    more than its second (1 Favor): its Colonists would be lost. So 5+1 (that tier and 1 Plank) is
    beaten by 3+3 (1 Favor and 2 Planks) and comes after it; 1+5 (3 Planks) stays among the best."""
    sc = Scenario()
    sc.layout({"0,0": "colonists_office", "0,1": "carpentry"})
    sc.give(0, free_colonists=4)
    placed(sc, 0, "B6", "v01")
    game = sc.game
    legal = [a.pips for a in game.legal_actions()]  # type: ignore[attr-defined]
    assert legal[:2] == [(1, 5), (3, 3)]
    assert legal.index((5, 1)) > 1 and legal[-1] == (0, 0)
    sc.give(0, free_colonists=0)  # with room, the third tier's Colonists count again
    game._legal = None
    legal = [a.pips for a in game.legal_actions()]  # type: ignore[attr-defined]
    assert legal[:3] == [(1, 5), (3, 3), (5, 1)]


def test_rulebook_smuggler_example() -> None:
    # A yellow 2 in the district with blue and red Smuggler dice: 1 Sail, 1 Rope, 1 Smuggler token.
    sc = Scenario()
    sc.dice_bonus_tile("dice-bonus-1")  # blue -> sails, red -> rope
    sc.smuggler_dice("B5", "R1")
    placed(sc, 0, "Y2", "district")
    p = sc.game.s.players[0]
    assert p.resources == {"sails": 1, "rope": 1, "planks": 0, "metal": 0}
    assert p.smuggler == 1
    assert sc.game.pending.kind == "turn"


def test_district_amount_follows_the_placed_die_tier() -> None:
    sc = Scenario()
    sc.dice_bonus_tile("dice-bonus-1")
    sc.smuggler_dice("B2")
    placed(sc, 0, "Y5", "district")
    assert sc.game.s.players[0].resources["sails"] == 3


def test_slot_is_taken() -> None:
    sc = Scenario()
    sc.on_slot("v12", "R3")
    (die,) = sc.drafted(0, "R4")
    game = sc.turn(0)
    assert PlaceDie(die, "v12") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="slot is taken"):
        game.apply(PlaceDie(die, "v12"))


def test_die_colour_must_match_a_half() -> None:
    sc = Scenario()
    (die,) = sc.drafted(0, "Y4")
    game = sc.turn(0)
    with pytest.raises(IllegalAction, match="die colour fits neither half"):
        game.apply(PlaceDie(die, "v12"))  # purple/red slot
    assert PlaceDie(die, "h00") in game.legal_actions()  # yellow/yellow


def test_the_district_always_takes_a_die() -> None:
    sc = Scenario()
    for slot in sc.cat.slots:
        sc.game.s.slots[slot] = -1  # every slot taken (placeholder dice are not checked here)
    (die,) = sc.drafted(0, "Y4")
    game = sc.turn(0)
    assert [a for a in game.legal_actions() if isinstance(a, PlaceDie)] == [PlaceDie(die, "district")]


def test_turn_cannot_end_before_both_dice_are_placed() -> None:
    sc = Scenario()
    a, b = sc.drafted(0, "Y4", "B2")
    game = sc.turn(0)
    assert EndTurn() not in game.legal_actions()
    with pytest.raises(IllegalAction, match="both dice must be placed first"):
        game.apply(EndTurn())
    game.apply(PlaceDie(a, "district"))
    game.apply(PlaceDie(b, "district"))
    assert EndTurn() in game.legal_actions()


def test_activation_can_be_declined() -> None:
    """On a Shore slot the die takes its tile's benefit as it is placed; placing it and taking
    nothing is offered as well (after the other placements)."""
    sc = Scenario()
    sc.layout({"0,0": "sailmaker"})
    (die,) = sc.drafted(0, "Y6")
    game = sc.turn(0)
    places = [a for a in game.legal_actions() if isinstance(a, PlaceDie)]
    take, decline = PlaceDie(die, "h00"), PlaceDie(die, "h00", True)
    assert take in places and decline in places
    assert places.index(decline) > max(i for i, a in enumerate(places) if not a.decline)  # type: ignore[attr-defined]
    assert describe(game, decline) == "Place Y6 on Sailmaker (top shore) and take nothing (not 3 Sails)"
    game.apply(decline)
    assert game.s.players[0].resources["sails"] == 0 and game.s.slots["h00"] == die
    assert game.pending is not None and game.pending.kind == "turn"
    assert game.log_lines()[-1] == "Ana placed Y6 on Sailmaker: no benefit taken."


def test_a_shore_die_that_reaches_no_tier_is_placed_in_one_action() -> None:
    sc = Scenario()
    sc.layout({"0,0": "sailmaker"})
    sc.on_slot("v00", "B6")  # the Sailmaker's fee: 6
    (die,) = sc.drafted(0, "Y2")
    game = sc.turn(0)
    assert PlaceDie(die, "h00", True) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="gives nothing there anyway"):
        game.apply(PlaceDie(die, "h00", True))
    words = describe(game, PlaceDie(die, "h00"))
    assert words == "Place Y2 on Sailmaker (top shore, fee 6): too few pips for any benefit"
    game.apply(PlaceDie(die, "h00"))
    assert game.pending is not None and game.pending.kind == "turn"
    assert game.log_lines()[-1] == "Ana placed Y2 on Sailmaker: too few pips for any benefit."


@pytest.mark.parametrize(("face", "sails"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_tiers(face: int, sails: int) -> None:
    sc = Scenario()
    sc.layout({"0,0": "sailmaker"})
    placed(sc, 0, f"Y{face}", "h00")
    assert sc.game.s.players[0].resources["sails"] == sails


def test_favor_pip_raises_the_tier_but_not_the_face() -> None:
    sc = Scenario()
    sc.layout({"0,0": "sailmaker"})
    sc.give(0, favor=1)
    (die,) = sc.drafted(0, "Y4")
    game = sc.turn(0)
    game.apply(SpendFavorPip(die))
    game.apply(PlaceDie(die, "h00"))  # 5 pips: the third tier
    p = game.s.players[0]
    assert p.resources["sails"] == 3 and p.favor == 0
    assert game.s.faces[die] == 4


def test_smuggler_token_ignores_the_shore_fee() -> None:
    sc = Scenario()
    sc.layout({"0,0": "sailmaker"})
    sc.on_slot("v00", "B6")
    sc.give(0, smuggler=1)
    (die,) = sc.drafted(0, "Y5")
    game = sc.turn(0)
    game.apply(UseSmugglerToken(die))
    game.apply(PlaceDie(die, "h00"))
    assert game.s.players[0].resources["sails"] == 3
    assert game.s.players[0].smuggler == 0


def test_surplus_stops_at_five_and_pays_one_prestige() -> None:
    sc = Scenario()
    sc.layout({"0,0": "sailmaker"})
    sc.give(0, sails=4)
    placed(sc, 0, "Y6", "h00")
    p = sc.game.s.players[0]
    assert p.resources["sails"] == 5 and p.prestige == 1


def test_colonists_without_room_go_back() -> None:
    sc = Scenario()
    sc.layout({"0,0": "colonists_office"})
    sc.give(0, free_colonists=3)  # base housing is 4
    supply = sc.game.s.colonist_supply
    placed(sc, 0, "Y6", "h00")
    p = sc.game.s.players[0]
    assert p.free_colonists == 4 and p.favor == 1
    assert sc.game.s.colonist_supply == supply - 1


def test_forum_tier_two() -> None:
    sc = Scenario()
    sc.layout({"0,0": "forum"})
    placed(sc, 0, "Y3", "h00")
    p = sc.game.s.players[0]
    assert (p.favor, p.free_colonists) == (1, 1)


def test_display_draw_slides_and_refills() -> None:
    sc = Scenario()
    sc.layout({"0,0": "administration_office"})
    s = sc.game.s
    display = list(s.person_display)
    top_of_deck = s.person_deck[0]
    placed(sc, 0, "Y4", "h00")
    assert sc.game.pending.kind == "choose"
    assert [a.option for a in sc.game.legal_actions()] == display  # type: ignore[attr-defined]
    sc.game.apply(Choose(display[0]))
    assert display[0] in s.players[0].hand
    assert s.person_display == [display[1], display[2], top_of_deck]


def test_architects_office_tier_three_draws_from_deck_and_display() -> None:
    sc = Scenario()
    sc.layout({"0,0": "architects_office"})
    s = sc.game.s
    deck_top = s.building_deck[0]
    placed(sc, 0, "Y6", "h00")
    choice = s.building_display[1]
    sc.game.apply(Choose(choice))
    assert set(s.players[0].hand) == {deck_top, choice}


def test_empty_deck_skips_that_part() -> None:
    sc = Scenario()
    sc.layout({"0,0": "architects_office"})
    s = sc.game.s
    s.building_deck.clear()
    placed(sc, 0, "Y2", "h00")
    assert s.players[0].hand == []
    assert "no Building card left in the deck" in sc.game.log_lines()[-1]


@pytest.mark.parametrize(("face", "size"), [(2, "small"), (4, "medium"), (6, "large")])
def test_shipyard_sizes(face: int, size: str) -> None:
    sc = Scenario()
    s = sc.game.s
    shown = s.ship_display[size]
    nxt = s.ship_decks[size][0]
    placed(sc, 0, f"P{face}", "h11")  # top of the Shipyard, shared with 0,1
    pips = (face, 0) if sc.game.pending.data.tiles[0] == "shipyard" else (0, face)
    sc.game.apply(AssignPips(pips))
    assert shown in s.players[0].hand
    assert s.ship_display[size] == nxt


def test_placing_on_a_shore_slot_does_not_tax_its_own_die() -> None:
    sc = Scenario()
    sc.layout({"0,0": "sailmaker"})
    placed(sc, 0, "Y5", "h00")
    assert sc.game.s.players[0].resources["sails"] == 3  # no fee for its own tier
    assert shore_fee(sc.game, "0,0") == 5


def _counted(items: list[dict[str, object]]) -> dict[tuple[object, ...], int]:
    """Gain items counted by kind, as the pip splits compare tiers (the reference for ``_gains``)."""
    out: dict[tuple[object, ...], int] = {}
    for item in items:
        k = item["k"]
        if k == "res":
            key, n = ("res", item["r"]), item["n"]
        elif k == "surplus":
            key, n = ("prestige",), item["n"]
        elif k == "colonists":
            key, n = ("colonists",), item["got"]
        elif k == "ship":
            key, n = ("ship", item["card"]), 1 if item["card"] else 0
        elif k in ("deck", "display"):
            key, n = (k, item["deck"]), item["n"]
        else:
            key, n = (k,), item["n"]
        out[key] = out.get(key, 0) + n  # type: ignore[call-overload]
    return out


def test_the_gains_pip_splits_compare_are_what_the_benefit_items_give(catalogue: Catalogue) -> None:
    """``_gains`` works out what a tier gives without making the gain items: at states of random
    games (full tracks and no room among them), and the same with nothing left to draw or take, for
    every tile and tier it counts exactly what :func:`benefit_items` lists, and leaves the ledger
    as it was."""
    compared = 0
    for seed in range(3):
        game = Game.new(catalogue, ["Ana", "Ben", "Cleo"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            top = game.pending
            assert top is not None
            if top.kind in ("turn", "assign"):
                bare = game.clone()  # and the same with nothing left to draw or take
                for pile in (bare.s.person_deck, bare.s.person_display, bare.s.building_deck,
                             bare.s.building_display):
                    pile.clear()
                bare.s.ship_display = {size: "" for size in bare.s.ship_display}
                for state in (game, bare):
                    ledger = Ledger(state, state.s.players[top.seat])
                    before = (dict(ledger.resources), ledger.room, ledger.supply)
                    for tile in state.s.layout.values():
                        for t in (1, 2, 3):
                            assert harbor._gains(state, ledger, tile, t) == _counted(
                                harbor.benefit_items(state, ledger.copy(), tile, t)), (tile, t)
                            compared += 1
                    assert (ledger.resources, ledger.room, ledger.supply) == before
            legal = game.legal_actions()
            busy = [a for a in legal if a.kind not in ("end-turn", "pass")]
            game.apply(rng.choice(busy if busy and rng.random() < 0.85 else legal))
    assert compared > 10_000


def test_the_kept_pip_splits_are_the_worked_out_ones(catalogue: Catalogue) -> None:
    """``assign_options`` keeps its answers by what they read: at every pip split of random games
    (the same with nothing left to draw or take, and with no room or Colonists left) the kept
    answer is the one worked out from the rules, split for split and in order."""
    asked = 0
    for seed in range(4):
        game = Game.new(catalogue, ["Ana", "Ben", "Cleo", "Dido"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            top = game.pending
            assert top is not None
            if top.kind == "assign":
                bare = game.clone()
                for pile in (bare.s.person_deck, bare.s.person_display, bare.s.building_deck,
                             bare.s.building_display):
                    pile.clear()
                bare.s.ship_display = {size: "" for size in bare.s.ship_display}
                bare.s.colonist_supply = 0
                for state in (game, bare):
                    state_top = state.pending
                    assert state_top is not None
                    assert harbor.assign_options(state, state_top) == harbor.worked_out_assign_options(
                        state, state_top)
                    asked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert asked > 200
