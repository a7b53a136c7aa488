"""The Senate board (a step per card played, bonuses on the spaces reached or passed, bridge
bonuses needing both neighbouring markers) and the Dice Color Bonus."""

from __future__ import annotations

from engine_testkit import assert_illegal, logged

from great_harbor.engine.actions import ActivatePerson, Choose, Draft, EndTurn, FavorSenate, PlayBuilding, PlayPerson
from great_harbor.engine.scenario import Scenario

# Dice Bonus tile 2 (the face-up tile of the default scenario): red metal, blue planks,
# yellow sails, purple rope.
TILE = "dice-bonus-2"


def test_every_space_pays_its_bonus_when_reached() -> None:
    sc = Scenario()
    sc.dice_bonus_tile(TILE)
    sc.give(0, favor=20)
    game = sc.turn(0)
    p = game.s.players[0]
    for _ in range(7):
        game.apply(FavorSenate("red"))
    # red: 1 resource (metal), 2 coin, 4 colonist, 5 one Prestige, 7 two Prestige; bridges need blue.
    assert p.senate["red"] == 7
    assert (p.resources["metal"], p.coins, p.free_colonists, p.prestige) == (1, 1, 1, 3)
    assert_illegal(game, FavorSenate("red"), "at the top")


def test_passing_a_space_pays_it_too() -> None:
    sc = Scenario()
    sc.person(0, "person-24")
    sc.senate(0, blue=3)
    game = sc.turn(0)
    game.apply(ActivatePerson("person-24"))
    game.apply(Choose("blue+blue"))
    p = game.s.players[0]
    assert p.senate["blue"] == 5 and p.prestige == 1 and p.free_colonists == 1  # spaces 4 and 5


def test_a_card_played_steps_up_its_colour() -> None:
    sc = Scenario()
    sc.dice_bonus_tile(TILE)
    sc.hand(0, "person-6", "building-10")  # blue Person, yellow Building
    sc.give(0, planks=2)
    game = sc.turn(0)
    game.apply(PlayPerson("person-6", 1))
    game.apply(PlayBuilding("building-10"))
    p = game.s.players[0]
    assert p.senate == {"red": 0, "blue": 1, "yellow": 1, "purple": 0}
    assert p.coins == 1 and p.resources["sails"] == 1  # blue space 1 a coin, yellow space 1 sails


def test_a_bridge_pays_only_once_both_neighbours_reach_it() -> None:
    sc = Scenario()
    sc.give(0, favor=4)
    sc.senate(0, red=2, blue=2, purple=2)
    game = sc.turn(0)
    p = game.s.players[0]
    game.apply(FavorSenate("red"))  # red 3: the red-blue bridge at 3 waits for blue
    assert p.coins == 0 and p.senate_bridges == []
    game.apply(FavorSenate("blue"))  # blue 3: the bridge pays 1 coin
    assert p.coins == 1 and len(p.senate_bridges) == 1
    assert game.log_lines()[-1] == "Ana advances on the blue Senate track to 3: 1 coin from the red-blue bridge."


def test_a_bridge_links_only_neighbouring_tracks() -> None:
    sc = Scenario()
    sc.give(0, favor=4)
    sc.senate(0, red=2, purple=2, blue=0, yellow=0)
    game = sc.turn(0)
    game.apply(FavorSenate("red"))
    game.apply(FavorSenate("purple"))  # red and purple are not neighbours: no bridge
    p = game.s.players[0]
    assert p.senate_bridges == [] and p.coins == 0


def test_a_bridge_pays_once() -> None:
    sc = Scenario()
    sc.give(0, favor=4)
    sc.senate(0, yellow=2, purple=3)
    game = sc.turn(0)
    game.apply(FavorSenate("yellow"))  # the yellow-purple bridge at 3: a coin
    game.apply(FavorSenate("yellow"))  # yellow 4: its own coin, no bridge again
    p = game.s.players[0]
    assert p.coins == 2 and len(p.senate_bridges) == 1


# --- Dice Color Bonus --------------------------------------------------------------------------


def test_second_card_of_a_colour_unlocks_the_dice_color_bonus() -> None:
    sc = Scenario()
    sc.hand(0, "person-20", "person-22", "person-17")  # three red Persons
    game = sc.turn(0)
    p = game.s.players[0]
    game.apply(PlayPerson("person-20", 1))
    assert p.dice_bonus_colours == []
    game.apply(PlayPerson("person-22", 2))
    assert p.dice_bonus_colours == ["red"]
    game.apply(PlayPerson("person-17", 3))
    assert p.dice_bonus_colours == ["red"]
    assert logged(game, "unlocks the red Dice Color Bonus")


def test_dice_color_bonus_pays_on_a_later_draft() -> None:
    sc = Scenario()
    sc.dice_bonus_tile(TILE)
    sc.player(0).dice_bonus_colours.append("red")
    sc.pool("R3", "B4", "R5", "Y1", "P2")
    game = sc.draft(order=[0, 1, 0, 1])
    ana, ben = game.s.players
    red = [d for d in game.s.pool if d < 5]
    blue = [d for d in game.s.pool if 5 <= d < 10]
    game.apply(Draft(red[0]))
    assert ana.resources["metal"] == 1  # red -> metal on this tile
    game.apply(Draft(red[1]))  # Ben has no bonus
    assert sum(ben.resources.values()) == 0
    game.apply(Draft(blue[0]))  # not a bonus colour for Ana
    assert sum(ana.resources.values()) == 1
    assert logged(game, "and takes the Dice Color Bonus: 1 Metal.")


def test_dice_color_bonus_follows_the_current_tile() -> None:
    sc = Scenario()
    sc.dice_bonus_tile("dice-bonus-3")  # red -> planks
    sc.player(0).dice_bonus_colours.append("red")
    sc.pool("R3", "B4", "R5", "Y1", "P2")
    game = sc.draft(order=[0, 1, 0, 1])
    game.apply(Draft(next(d for d in game.s.pool if d < 5)))
    assert game.s.players[0].resources["planks"] == 1


def test_the_dice_bonus_tile_changes_every_round() -> None:
    sc = Scenario()
    s = sc.game.s
    s.turn = "B"
    first, second = s.dice_bonus_stack[:2]
    game = sc.turn(0)
    game.apply(EndTurn())
    game.apply(EndTurn())
    assert s.round == 2 and s.dice_bonus_stack[0] == second and s.dice_bonus_discard == [first]
