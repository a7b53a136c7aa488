"""Harbor Shops variant: positions, Set up Shop, shop pips and income, shop colours at the end."""

from __future__ import annotations

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game
from great_harbor.engine.actions import EndTurn, PlaceDie, SetUpShop
from great_harbor.engine.describe import describe
from great_harbor.engine.errors import IllegalAction
from great_harbor.engine.invariants import check, find_problems
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.scoring import score
from great_harbor.engine.shops import describe_position, on_placement, shop_colours, shop_map
from great_harbor.simulate import run


def _shop_scenario(*names: str) -> Scenario:
    sc = Scenario(names or ("Ana", "Ben"), shops_variant=True)
    sc.dice_bonus_tile("dice-bonus-1")  # red -> rope, blue -> sails, yellow -> planks, purple -> metal
    return sc


# --- positions come from the layout ---------------------------------------------------------------


def test_positions_are_the_tile_corners_and_the_rim_joints(catalogue: Catalogue) -> None:
    positions = shop_map(catalogue).positions
    assert len(positions) == 44
    corners = [p for p in positions.values() if p.cell is not None]
    joints = [p for p in positions.values() if p.cell is None]
    assert len(corners) == 9 * 4  # every corner of every tile
    assert len(joints) == 8  # on the rim, wherever two tiles meet
    # Independent derivation of the corners: two slots that follow each other going round a tile.
    expected = set()
    for cell, ring in catalogue.cell_slots.items():
        for i in range(4):
            pair = tuple(sorted((ring[i], ring[(i + 1) % 4])))
            expected.add((pair, cell))
    assert {(p.slots, p.cell) for p in corners} == expected
    # Rim joints pair two Shore slots of different tiles.
    for p in joints:
        a, b = (catalogue.slot_cells[s] for s in p.slots)
        assert len(a) == len(b) == 1 and a != b


def test_positions_checked_by_hand(catalogue: Catalogue) -> None:
    positions = shop_map(catalogue).positions
    # The top-left corner of the map: round the corner of the single tile there.
    assert positions["h00+v00"].slots == ("h00", "v00") and positions["h00+v00"].cell == (0, 0)
    # Between the top-left and top-middle tiles on the top shore.
    assert positions["h00+h01"].cell is None and positions["h00+h01"].point == (0, 1)
    # The top-left corner of the centre tile (the Shipyard): both slots are shared slots.
    assert positions["h11+v11"].cell == (1, 1) and positions["h11+v11"].point == (1, 1)
    # Slots that only cross at an inner grid point are not a position (a Shop there would touch four).
    assert "h10+h11" not in positions and "v01+v11" not in positions
    by_slot = shop_map(catalogue).by_slot
    assert sorted(by_slot["h00"]) == ["h00+h01", "h00+v00", "h00+v01"]  # Shore slot at the map corner
    assert len(by_slot["h01"]) == 4 and len(by_slot["v11"]) == 4


def test_positions_are_described_with_the_tiles_there() -> None:
    sc = _shop_scenario()
    sc.layout({"0,0": "sailmaker", "0,1": "forum"})
    game = sc.turn(0)
    assert describe_position(game, "h00+v00") == "the top-left corner of the Sailmaker"
    assert describe_position(game, "h11+v11") == "the top-left corner of the Shipyard"
    assert describe_position(game, "h00+h01") == "the shore between the Sailmaker and the Forum"


# --- Set up Shop ----------------------------------------------------------------------------------


def test_set_up_shop_pays_two_of_one_resource() -> None:
    sc = _shop_scenario()
    sc.layout({"0,0": "sailmaker"})
    sc.give(0, planks=3, sails=1)
    game = sc.turn(0)
    offered = [a for a in game.legal_actions() if isinstance(a, SetUpShop)]
    assert len(offered) == 44  # every position, paid in planks (one sail is not enough)
    assert {a.resource for a in offered} == {"planks"}
    with pytest.raises(IllegalAction, match="costs 2 Sails, you have 1"):
        game.apply(SetUpShop("h00+v00", "sails"))
    game.apply(SetUpShop("h00+v00", "planks"))
    p = game.player(0)
    assert p.resources["planks"] == 1 and p.resources["sails"] == 1
    assert game.s.shops == {"h00+v00": 0}
    assert p.shops_left == 4
    last = game.log_lines()[-1]
    assert last == "Ana pays 2 Planks and sets up a Shop at the top-left corner of the Sailmaker (4 left)."
    check(game)


def test_one_shop_per_position() -> None:
    sc = _shop_scenario()
    sc.shop(1, "h11+v11")
    sc.give(0, rope=2)
    game = sc.turn(0)
    assert SetUpShop("h11+v11", "rope") not in game.legal_actions()
    assert SetUpShop("h11+v12", "rope") in game.legal_actions()
    with pytest.raises(IllegalAction, match="Ben already has a Shop there"):
        game.apply(SetUpShop("h11+v11", "rope"))
    with pytest.raises(IllegalAction, match="no Shop position"):
        game.apply(SetUpShop("h10+h11", "rope"))


def test_five_shops_each() -> None:
    sc = _shop_scenario()
    game = sc.turn(0)
    spots = list(shop_map(game.cat).positions)[:6]
    for spot in spots[:5]:
        game.player(0).resources["metal"] = 2
        game.apply(SetUpShop(spot, "metal"))
    p = game.player(0)
    assert p.shops_left == 0 and len(game.s.shops) == 5
    p.resources["metal"] = 5
    assert not any(isinstance(a, SetUpShop) for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="all 5 of your Shops are already on the harbor"):
        game.apply(SetUpShop(spots[5], "metal"))
    check(game)


def test_no_shops_without_the_variant() -> None:
    sc = Scenario(("Ana", "Ben"))
    sc.give(0, metal=5)
    game = sc.turn(0)
    assert game.player(0).shops_left == 0
    assert not any(isinstance(a, SetUpShop) for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="variant is not in play"):
        game.apply(SetUpShop("h00+v00", "metal"))


# --- shop pips and income -------------------------------------------------------------------------


def test_rulebook_sailmaker_example() -> None:
    """White's purple 4 on a Sailmaker slot by Yellow's Shop counts 5 pips: tier 3. Yellow earns 1 Metal."""
    sc = _shop_scenario("White", "Yellow")
    sc.layout({"0,2": "sailmaker"})
    (die,) = sc.drafted(0, "P4")
    sc.shop(1, "h02+v03")  # round the top-right corner of the Sailmaker
    game = sc.turn(0)
    assert describe(game, PlaceDie(die, "h02")).endswith("(top shore, +1 pip from Shops): 3 Sails")
    game.apply(PlaceDie(die, "h02"))  # the Sailmaker's top Shore slot, red/purple
    white, yellow = game.player(0), game.player(1)
    assert white.resources["sails"] == 3  # tier 3; the bare 4 would give tier 2
    assert yellow.resources["metal"] == 1
    assert game.s.faces[die] == 4  # the pip is for this placement only
    assert "White's P4 lands beside 1 Shop: +1 pip for this placement; Yellow gains 1 Metal." in game.log_lines()
    check(game)


def test_two_shops_on_one_slot() -> None:
    sc = _shop_scenario("Ana", "Ben", "Cleo")
    sc.layout({"0,0": "carpentry"})
    (die,) = sc.drafted(0, "Y1")
    sc.shop(1, "h00+v00")  # both ends of the Carpentry's top Shore slot h00
    sc.shop(2, "h00+h01")
    game = sc.turn(0)
    game.apply(PlaceDie(die, "h00"))  # 1 + 2 pips
    assert game.player(0).resources["planks"] == 2  # tier 2 from 1 + 2 pips
    assert game.player(1).resources["planks"] == 1  # yellow -> planks on dice-bonus-1
    assert game.player(2).resources["planks"] == 1
    check(game)


def test_owner_of_both_shops_gains_twice_and_own_shops_pay_too() -> None:
    sc = _shop_scenario()
    sc.layout({"0,0": "carpentry"})
    (die,) = sc.drafted(0, "B2")
    sc.shop(0, "h10+v00")  # both ends of the shared slot h10 below the top-left tile
    sc.shop(0, "h10+v11")
    sc.shop(1, "h00+v00")  # does not touch h10
    game = sc.turn(0)
    game.apply(PlaceDie(die, "h10"))
    assert game.pending is not None and game.pending.data.pips == 4
    assert game.player(0).resources["sails"] == 2  # blue -> sails, one per Shop
    assert game.player(1).resources["sails"] == 0


def test_shop_income_respects_the_surplus_rule() -> None:
    sc = _shop_scenario()
    (die,) = sc.drafted(0, "R3")
    sc.shop(1, "h11+v11")
    sc.shop(1, "h11+v12")
    sc.give(1, rope=4)
    game = sc.turn(0)
    prestige = game.player(1).prestige
    game.apply(PlaceDie(die, "h11"))
    assert game.player(1).resources["rope"] == 5
    assert game.player(1).prestige == prestige + 1
    # Two Shops pay 2 Rope; 1 fits the track, 1 is over it: 1 Prestige, said where it comes from
    assert game.log_lines()[-1].endswith("Ben gains 1 Rope (+1 over the track → 1 Prestige).")


def test_district_and_other_slots_ignore_shops() -> None:
    sc = _shop_scenario()
    b1, b2 = sc.drafted(0, "B2", "B2")
    sc.shop(1, "h00+v00")
    game = sc.turn(0)
    game.apply(PlaceDie(b1, "district"))
    game.apply(PlaceDie(b2, "v01"))
    assert game.pending is not None and game.pending.data.pips == 2
    assert game.player(1).resources["sails"] == 0


def test_automa_placement_pays_shop_owners() -> None:
    """The Automa's own placement calls on_placement: owners are paid, the pips mean nothing to it
    (its die takes no tile benefit), and it never sets up a Shop (it has no Action phase turn)."""
    from great_harbor.engine import seats

    sc = _shop_scenario("Ana", "Ben")
    sc.shop(0, "h11+v11")
    die = sc.on_slot("h11", "P5")
    game = sc.turn(0)
    bot = game.player(1)
    bot.automa = True
    assert not seats.controller(bot).takes_action_turn  # so it is never in the turn order
    assert on_placement(game, bot, die, "h11", benefits=False) == 1
    assert game.player(0).resources["metal"] == 1
    assert game.log_lines()[-1] == "Ben's P5 lands beside 1 Shop; Ana gains 1 Metal."


# --- end of game ----------------------------------------------------------------------------------


def test_rulebook_colour_pair_example() -> None:
    """Three Shops: red + yellow, blue + purple, yellow + purple. For a blue/yellow Governor that adds
    two yellow and one blue."""
    sc = _shop_scenario("Blue", "Other")
    sc.player(0).governor = "governor-1"  # blue and yellow
    sc.shop(0, "h21+v21")  # purple/yellow slot + red slot -> yellow (a Governor colour) and red
    sc.shop(0, "h22+v22")  # blue/red slot + purple slot -> blue and purple
    sc.shop(0, "v13+v23")  # yellow/red slot + purple slot -> yellow and purple
    game = sc.turn(0)
    colours = shop_colours(game, 0)
    assert sorted(colours) == ["blue", "purple", "purple", "red", "yellow", "yellow"]
    assert score(game, game.player(0))["governor"] == 1  # min(1 blue, 2 yellow)
    for card in [c for c, x in game.cat.persons.items() if x.colour == "blue"][:2]:
        sc.person(0, card)
    assert score(game, game.player(0))["governor"] == 2  # min(3 blue, 2 yellow)
    assert shop_colours(game, 1) == []


def test_slot_with_both_governor_colours_helps_the_weaker_one() -> None:
    sc = _shop_scenario()
    sc.player(0).governor = "governor-1"  # blue and yellow
    sc.shop(0, "h12+v13")  # h12 is blue/yellow, v13 yellow/red
    game = sc.turn(0)
    assert sorted(shop_colours(game, 0)) == ["blue", "yellow"]
    assert score(game, game.player(0))["governor"] == 1


# --- whole games ----------------------------------------------------------------------------------


def test_state_round_trips_with_shops() -> None:
    sc = _shop_scenario()
    sc.shop(1, "h11+v11")
    game = sc.turn(0)
    again = Game.from_dict(game.cat, game.to_dict())
    assert again == game and again.s.shops == {"h11+v11": 1} and again.player(1).shops_left == 4


def test_invariants_catch_lost_shops() -> None:
    sc = _shop_scenario()
    sc.shop(0, "h00+v00")
    game = sc.turn(0)
    assert not list(find_problems(game))
    game.player(0).shops_left = 5
    assert any("shops not conserved" in x for x in find_problems(game))


def test_end_turn_still_works_after_shops() -> None:
    sc = _shop_scenario()
    sc.give(0, sails=2)
    game = sc.turn(0)
    game.apply(SetUpShop("h00+v00", "sails"))
    game.apply(EndTurn())
    assert game.current_player == 1


@pytest.mark.parametrize("players", [2, 4])
def test_random_playouts_with_shops(catalogue: Catalogue, players: int) -> None:
    report = run(catalogue, games=6, players=players, seed=11, check=True, shops=True)
    data = report.as_dict()
    assert data["errors"] == 0, data["first_error"]
    assert data["shops_per_game"] > 0
    assert report.actions_by_kind["shop"] > 0
