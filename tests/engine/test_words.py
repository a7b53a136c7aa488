"""Every choice says what it gives, and the log tells the whole story (issues 17 and 23): Senate
steps name their bonuses (bridges included), colonists with no room say so, the surplus of a full
track is counted before choosing and in the log, Shop pips are shown, ships are named, amounts are
summed and in the singular when there is one, and every Prestige has its line."""

from __future__ import annotations

from engine_testkit import logged, options

from great_harbor.engine.actions import (
    ActivatePerson,
    AssignPips,
    Choose,
    ConvertCoins,
    EmployBuilding,
    EndTurn,
    FavorSenate,
    PlaceDie,
    PlayPerson,
    Trade,
    UseConversion,
)
from great_harbor.engine.describe import describe, detail
from great_harbor.engine.scenario import Scenario

DICE_BONUS = "dice-bonus-1"  # red Rope, blue Sails, yellow Planks, purple Metal


# --- the Senate ---------------------------------------------------------------------------------


def test_a_senate_step_names_its_bonus_and_the_bridge_it_completes() -> None:
    sc = Scenario()
    sc.dice_bonus_tile(DICE_BONUS)
    sc.give(0, favor=4)
    sc.senate(0, red=3, blue=2, purple=6)
    game = sc.turn(0)
    # Blue 3 has no bonus of its own, but it completes the red-blue bridge (1 coin)
    assert describe(game, FavorSenate("blue")) == "Spend 2 Favor: advance on the blue Senate track (to 3: +1 coin)"
    track = "Spend 2 Favor: advance on the {} Senate track ({})".format
    assert describe(game, FavorSenate("yellow")) == track("yellow", "to 1: +1 Plank")
    assert describe(game, FavorSenate("purple")) == track("purple", "to 7: +2 Prestige")
    assert describe(game, FavorSenate("red")) == track("red", "to 4: +1 Colonist")


def test_the_praetor_options_name_every_bonus_bridges_included() -> None:
    sc = Scenario()
    sc.person(0, "person-24")  # Praetor
    sc.senate(0, red=3, blue=2, yellow=2)
    sc.give(0, free_colonists=0)
    game = sc.turn(0)
    game.apply(ActivatePerson("person-24"))
    both = Choose("blue+yellow")
    assert both.option in options(game)
    # blue 3 completes the red-blue bridge (1 coin), then yellow 3 the blue-yellow bridge (1 Colonist)
    assert describe(game, both) == "Advance on the blue and yellow tracks (blue 3 + yellow 3: +1 coin, +1 Colonist)"
    twice = "Advance twice on the blue track (blue 3 and 4: +1 coin, +1 Prestige)"
    assert describe(game, Choose("blue+blue")) == twice
    game.apply(both)
    last = game.log_lines()[-1]
    assert last == "Ana advances on the yellow Senate track to 3: 1 Colonist from the blue-yellow bridge."


def test_the_house_of_censors_options_name_the_bonus() -> None:
    sc = Scenario()
    sc.building(0, "building-17")  # House of Censors
    sc.senate(0, red=4)
    sc.give(0, free_colonists=1)
    game = sc.turn(0)
    game.apply(EmployBuilding("building-17"))
    assert describe(game, Choose("red")) == "Advance on the red Senate track (to 5: +1 Prestige)"


def test_playing_a_card_names_its_senate_bonus_and_the_dice_color_bonus_it_unlocks() -> None:
    sc = Scenario()
    sc.dice_bonus_tile(DICE_BONUS)
    sc.hand(0, "person-9")  # Quaestor, yellow: yellow 1 pays the yellow resource (Planks)
    sc.person(0, "person-10")  # Trader, yellow, already played (no Senate step by the scenario)
    sc.player(0).played_colours["yellow"] = 1
    game = sc.turn(0)
    play = PlayPerson("person-9", 2)
    assert describe(game, play) == "Play Person Quaestor (#9, yellow) into slot 2 (Senate: +1 Plank)"
    assert detail(game, play).endswith(
        "Playing it: yellow Senate track (to 1: +1 Plank); second yellow card: unlocks the yellow Dice Color Bonus.")


# --- colonists with no room ---------------------------------------------------------------------


def _full_housing(sc: Scenario) -> None:
    sc.give(0, free_colonists=4)  # the base housing is full


def test_colonists_with_no_room_say_so_before_and_after() -> None:
    sc = Scenario()
    sc.layout({"0,0": "colonists_office"})
    _full_housing(sc)
    (die,) = sc.drafted(0, "Y1")
    sc.hand(0, "person-9")
    game = sc.turn(0)
    place = PlaceDie(die, "h00")
    assert describe(game, place) == "Place Y1 on Colonists' Office (top shore): 1 Colonist — no room, lost"
    game.apply(PlaceDie(die, "h00"))
    assert game.log_lines()[-1] == "Ana placed Y1 on Colonists' Office: 1 Colonist lost (no room)."


def test_the_quaestor_and_the_labour_broker_say_when_colonists_are_lost() -> None:
    sc = Scenario()
    sc.person(0, "person-9")  # Quaestor: 2 Colonists
    sc.give(0, free_colonists=3, coins=3)
    sc.conversions("conversion-laurel", "conversion-3")
    game = sc.turn(0)
    quaestor = ActivatePerson("person-9")
    assert describe(game, quaestor) == "Activate Quaestor (#9, yellow): 2 Colonists — room for 1, 1 lost"
    assert describe(game, UseConversion("conversion-3")) == "Use Labour Broker: 3 coins for 1 Colonist"
    game.apply(ActivatePerson("person-9"))
    assert game.log_lines()[-1] == "Ana gains 1 Colonist (1 more lost: no room)."
    assert describe(game, UseConversion("conversion-3")) == "Use Labour Broker: 3 coins for 1 Colonist — no room, lost"


def test_a_senate_colonist_with_no_room_says_so() -> None:
    sc = Scenario()
    sc.give(0, favor=2)
    _full_housing(sc)
    game = sc.turn(0)
    assert describe(game, FavorSenate("purple")) == (
        "Spend 2 Favor: advance on the purple Senate track (to 1: +1 Colonist — no room, lost)")
    game.apply(FavorSenate("purple"))
    assert game.log_lines()[-1] == "Ana advances on the purple Senate track to 1: 1 Colonist lost (no room)."


# --- the surplus of a full track ----------------------------------------------------------------


def test_a_gain_past_a_full_track_counts_what_lands_and_the_prestige() -> None:
    sc = Scenario()
    sc.layout({"0,0": "carpentry"})
    sc.give(0, planks=4)
    (die,) = sc.drafted(0, "Y6")
    game = sc.turn(0)
    assert describe(game, PlaceDie(die, "h00")) == (
        "Place Y6 on Carpentry (top shore): 1 Plank (+2 over the track → 1 Prestige)")
    before = game.player(0).prestige
    game.apply(PlaceDie(die, "h00"))
    assert game.player(0).prestige == before + 1 and game.player(0).resources["planks"] == 5
    assert game.log_lines()[-1] == "Ana placed Y6 on Carpentry: 1 Plank (+2 over the track → 1 Prestige)."


def test_two_tracks_over_in_one_placement_pay_twice_and_say_so() -> None:
    sc = Scenario()
    sc.layout({"0,0": "carpentry", "0,1": "ropeyard"})
    sc.give(0, planks=5, rope=5)
    (die,) = sc.drafted(0, "B4")
    game = sc.turn(0)
    game.apply(PlaceDie(die, "v01"))
    split = AssignPips((2, 2))
    assert describe(game, split) == ("2 to Carpentry (1 Prestige, as the Planks track is full), "
                                     "2 to Ropeyard (1 Prestige, as the Rope track is full)")
    before = game.player(0).prestige
    game.apply(split)
    assert game.player(0).prestige == before + 2
    assert game.log_lines()[-1] == ("Ana placed B4 between Carpentry and Ropeyard: no Planks (its track is full), "
                                    "no Rope (its track is full), 2 Prestige for the surplus.")


def test_a_senate_bonus_on_a_full_track_logs_the_prestige() -> None:
    """Issue 23, 3: the Prestige a surplus gives never appears without a line saying why."""
    sc = Scenario()
    sc.dice_bonus_tile(DICE_BONUS)  # red pays Rope
    sc.give(0, favor=2, rope=5)
    game = sc.turn(0)
    before = game.player(0).prestige
    assert describe(game, FavorSenate("red")) == (
        "Spend 2 Favor: advance on the red Senate track (to 1: +1 Prestige, as the Rope track is full)")
    game.apply(FavorSenate("red"))
    assert game.player(0).prestige == before + 1
    assert game.log_lines()[-1] == "Ana advances on the red Senate track to 1: 1 Prestige, as the Rope track is full."


def test_a_dice_color_bonus_on_a_full_track_logs_the_prestige() -> None:
    sc = Scenario()
    sc.dice_bonus_tile(DICE_BONUS)  # blue pays Sails
    sc.give(1, sails=5)
    sc.player(1).dice_bonus_colours.append("blue")
    sc.pool("B2", "R3", "Y4", "P5", "B6")
    game = sc.draft(order=[1, 0, 1, 0])
    before = game.player(1).prestige
    blue = next(d for d in game.s.pool if game.s.faces[d] == 2)
    from great_harbor.engine.actions import Draft

    game.apply(Draft(blue))
    assert game.player(1).prestige == before + 1
    assert logged(game, "Ben drafts B2 and takes the Dice Color Bonus: 1 Prestige, as the Sails track is full.")


# --- Shop pips and ships ------------------------------------------------------------------------


def test_shop_pips_show_in_the_action_list() -> None:
    sc = Scenario(shops_variant=True)
    sc.layout({"0,0": "carpentry", "1,0": "ropeyard"})
    (die,) = sc.drafted(0, "B2")
    for position in ("h10+v00", "h10+v10", "h10+v11"):
        sc.shop(1, position)
    game = sc.turn(0)
    assert describe(game, PlaceDie(die, "h10")) == (
        "Place B2 between Carpentry and Ropeyard: split 5 pips (2 + 3 from Shops)")
    game.apply(PlaceDie(die, "h10"))
    assert game.pending is not None and game.pending.data.pips == 5


def test_a_shore_placement_counts_its_shop_pips_in_what_it_gives() -> None:
    sc = Scenario(shops_variant=True)
    sc.layout({"0,0": "carpentry"})
    (die,) = sc.drafted(0, "Y4")
    sc.shop(1, "h00+v00")
    game = sc.turn(0)
    # 4 pips + 1 from the Shop reach the third tier: 3 Planks, not 2
    assert describe(game, PlaceDie(die, "h00")) == "Place Y4 on Carpentry (top shore, +1 pip from Shops): 3 Planks"


def test_a_shipyard_split_names_the_ship() -> None:
    sc = Scenario()
    sc.layout({"1,2": "blacksmith_avenue"})
    (die,) = sc.drafted(0, "R4")
    game = sc.turn(0)
    game.apply(PlaceDie(die, "v12"))
    small = game.cat.ships[game.s.ship_display["small"]].name
    medium = game.cat.ships[game.s.ship_display["medium"]].name
    assert describe(game, AssignPips((3, 1))) == (
        f"3 to Shipyard (the medium ship {medium}), 1 to Blacksmith Avenue (1 Metal)")
    assert describe(game, AssignPips((1, 3))) == (
        f"1 to Shipyard (the small ship {small}), 3 to Blacksmith Avenue (2 Metal)")


# --- the log: sums and singulars ----------------------------------------------------------------


def test_a_split_between_two_tiles_sums_what_it_gives() -> None:
    sc = Scenario()
    sc.layout({"0,0": "colonists_office", "0,1": "forum"})
    (die,) = sc.drafted(0, "B6")
    game = sc.turn(0)
    game.apply(PlaceDie(die, "v01"))
    game.apply(AssignPips((3, 3)))
    assert game.log_lines()[-1] == "Ana placed B6 between Colonists' Office and Forum: 2 Colonists, 2 Favor."


def test_one_of_a_kind_reads_in_the_singular() -> None:
    sc = Scenario()
    sc.give(0, coins=2)
    game = sc.turn(0)
    assert describe(game, ConvertCoins("planks")) == "Convert 2 coins into 1 Plank"
    game.apply(ConvertCoins("planks"))
    assert game.log_lines()[-1] == "Ana converts 2 coins into 1 Plank."


def test_a_trade_of_one_coin_says_1_coin() -> None:
    sc = Scenario()
    sc.ship(0, "ship-1", 1, where="outbound", segment=0, position=0)
    sc.pirate_deck("pirate-1")  # strength 0
    game = sc.voyage()
    top = game.pending
    assert top is not None and top.kind == "voyage_choice"
    words = describe(game, Trade(1))
    cargo = game.cat.ships["ship-1"].cargo * game.cat.trade_board.segments[0].coins
    if cargo == 1:
        assert ": 1 coin (cargo" in words
    game.apply(Trade(1))
    assert "coins (cargo 1 x 1)" not in "\n".join(game.log_lines())


# --- the end of a round -------------------------------------------------------------------------


def test_every_end_of_round_step_has_its_line() -> None:
    sc = Scenario()
    sc.give(0, free_colonists=3)
    sc.player(0).building_workers["building-2"] = 1
    sc.player(0).buildings.append("building-2")
    game = sc.game
    from great_harbor.engine import rounds

    rounds.end_of_round(game)
    lines = game.log_lines()
    assert "Ana: domestic growth, 1 coin for 3 free Colonists." in lines
    assert "Ana: 1 worker comes home to housing." in lines
    assert any(x.startswith("The Person display is refreshed: ") for x in lines)
    assert any(x.startswith("The Building display is refreshed: ") for x in lines)
    tile = game.s.dice_bonus_stack[0]
    mapping = game.cat.dice_bonus_tiles[tile].mapping
    pays = ", ".join(f"{c} {str(r).capitalize()}" for c, r in mapping.items())
    assert f"A new Dice Bonus tile is face up; each die colour now pays: {pays}." in lines


def test_the_refilled_luxury_demands_are_logged() -> None:
    sc = Scenario()
    game = sc.game
    game.s.demand_pool.extend(game.s.demands[2])
    game.s.demands[2] = []
    from great_harbor.engine import rounds

    rounds.refresh_demands(game)
    wanted = [str(game.cat.luxury_demand_tiles[t].luxury).capitalize() for t in game.s.demands[2]]
    assert game.log_lines()[-1] == f"Luxury demands refilled: {' and '.join(wanted)} in segment 3."


# --- Persons and Buildings ----------------------------------------------------------------------


def test_the_port_crane_names_slots_as_the_action_list_does() -> None:
    sc = Scenario()
    sc.layout({"0,0": "sailmaker", "0,1": "ropeyard"})
    sc.building(0, "building-7")  # Port Crane
    sc.give(0, free_colonists=1)
    sc.on_slot("h00", "Y3")
    game = sc.turn(0)
    game.apply(EmployBuilding("building-7"))
    assert describe(game, Choose("h00")) == "Move the die Y3 from Sailmaker's top shore"
    game.apply(Choose("h00"))
    assert describe(game, Choose("v01")).startswith("Move it to Sailmaker / Ropeyard")
    game.apply(Choose("v01"))
    assert game.log_lines()[-1] == "Ana's Port Crane moves Y3 from Sailmaker's top shore to Sailmaker / Ropeyard."


def test_the_patrician_says_which_die_it_flipped_where_and_the_fee_it_sets() -> None:
    sc = Scenario()
    sc.layout({"0,0": "sailmaker"})
    sc.person(0, "person-1")  # Patrician, red
    sc.on_slot("v00", "R2")  # the Sailmaker's left shore: fee 2
    (drafted,) = sc.drafted(0, "R3")
    game = sc.turn(0)
    game.apply(ActivatePerson("person-1"))
    on_slot = game.s.slots["v00"]
    game.apply(Choose(f"{min(drafted, on_slot)}+{max(drafted, on_slot)}"))
    line = game.log_lines()[-1]
    assert "R2 (on Sailmaker's left shore) to R5 (the Sailmaker's Shore fee goes from 2 to 5)" in line
    assert "R3 (drafted) to R4" in line


def test_a_conversion_that_scores_nothing_at_the_end_says_so() -> None:
    sc = Scenario()
    sc.give(0, coins=9, planks=5)
    sc.conversions("conversion-laurel", "conversion-2", "conversion-5")
    game = sc.turn(0)
    s = game.s
    s.phase = "final_convert"
    s.stack = []
    game.push("final_convert", 0)
    game._legal = None
    words = {describe(game, a) for a in game.legal_actions()}
    assert "Use Scribes' Guild: 2 coins for 1 Favor — scores nothing now" in words
    assert "Use Laurel Exchange: 3 coins for 1 Prestige" in words
    assert any(w.startswith("Use Luxury Importer: 4 coins for 1 ") and w.endswith(" — scores nothing now")
               for w in words)
    assert "Convert 2 coins into 1 Sail — scores nothing now" in words
    assert "Convert 2 coins into 1 Prestige (the Planks track is full)" in words  # the surplus scores
    assert EndTurn() in game.legal_actions()


def test_a_cards_senate_bonus_is_previewed_after_its_cost_is_paid() -> None:
    """Play-test: 'Build Curia for 2 planks, 1 rope (Senate: +0 Rope (+1 over the track → 1
    Prestige))' with rope at 5 was logged as '1 Rope': paying the rope first made room."""
    import random

    from great_harbor.data import load_catalogue
    from great_harbor.engine import Game, Seat
    from great_harbor.engine.actions import PlayBuilding, PlayShip
    from great_harbor.engine.describe import describe
    from great_harbor.engine.supply import cost_of

    checked = 0
    for seed in range(80):
        game = Game.new(load_catalogue(), [Seat("Ana"), Seat("Ben")], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            top = game.pending
            assert top is not None
            p = game.s.players[top.seat]
            for a in game.legal_actions():
                if isinstance(a, PlayBuilding | PlayShip):
                    card = game.cat.buildings.get(a.card) or game.cat.ships[a.card]
                    for r, n in cost_of(card.cost).items():
                        if n and p.resources[r] >= game.cat.colony_board.resource_max:
                            checked += 1
                            assert f"+0 {r.capitalize()}" not in describe(game, a), describe(game, a)
            game.apply(rng.choice(game.legal_actions()))
    assert checked, "no card was playable with its cost's track full"
