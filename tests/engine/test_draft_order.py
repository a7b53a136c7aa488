"""Roll and Draft, and the turn order that follows from it."""

from __future__ import annotations

from great_harbor.engine import Game
from great_harbor.engine.actions import Draft
from great_harbor.engine.draft import turn_order
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.state import die_colour


def test_rulebook_turn_order_example() -> None:
    # White 7, Blue 10, Yellow 5, Black 7. Blue holds the Anchor; clockwise from Blue the seats
    # are Yellow, Black, White, so Black (nearer the Anchor) goes before White.
    sc = Scenario(["Blue", "Yellow", "Black", "White"])
    sc.game.s.anchor = 0
    sc.drafted(0, "Y6", "P4")  # Blue 10
    sc.drafted(1, "R1", "B4")  # Yellow 5
    sc.drafted(2, "Y5", "P2")  # Black 7
    sc.drafted(3, "R3", "B4")  # White 7
    order = [sc.game.name(i) for i in turn_order(sc.game)]
    assert order == ["Yellow", "Black", "White", "Blue"]


def test_tie_goes_to_the_anchor_holder_itself() -> None:
    sc = Scenario(["Ana", "Ben", "Cleo"])
    sc.game.s.anchor = 2
    sc.drafted(0, "R3", "B3")
    sc.drafted(1, "R1", "B1")
    sc.drafted(2, "Y4", "P2")
    assert turn_order(sc.game) == [1, 2, 0]


def test_anchor_rolls_two_per_seat_plus_one(catalogue) -> None:  # type: ignore[no-untyped-def]
    for seats, drawn, bag in ((2, 5, 12), (3, 7, 16), (4, 9, 20)):
        game = Game.new(catalogue, ["A", "B", "C", "D"][:seats], seed=3)
        s = game.s
        assert len(s.pool) == drawn
        assert len(s.bag) + len(s.pool) == bag
        assert all(1 <= s.faces[d] <= 6 for d in s.pool)


def test_draft_goes_clockwise_twice_from_the_anchor(catalogue) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(catalogue, ["A", "B", "C"], seed=5)
    seen = []
    while game.s.phase == "draft":
        seen.append(game.pending.seat)
        game.apply(game.legal_actions()[0])
    assert seen == [0, 1, 2, 0, 1, 2]
    # The die nobody took is the Smuggler die of turn A.
    assert len(game.s.smuggler_dice) == 1
    assert all(len(p.drafted) == 2 for p in game.s.players)


def test_drafted_die_keeps_its_face(catalogue) -> None:  # type: ignore[no-untyped-def]
    game = Game.new(catalogue, ["A", "B"], seed=9)
    die = game.legal_actions()[2].die  # type: ignore[attr-defined]
    face = game.s.faces[die]
    game.apply(Draft(die))
    assert game.s.faces[die] == face and die in game.s.players[0].drafted


def test_dice_color_bonus_pays_on_draft() -> None:
    sc = Scenario(["Ana", "Ben"])
    game = sc.game
    s = game.s
    sc.dice_bonus_tile("dice-bonus-1")  # blue -> sails
    s.players[0].dice_bonus_colours = ["blue"]
    blue = sc.take_die("B3")
    red = sc.take_die("R2")
    s.pool = [blue, red]
    s.draft_order = [0, 1]
    game.push("draft", 0)
    game.apply(Draft(blue))
    assert s.players[0].resources["sails"] == 1
    assert die_colour(blue) == "blue"
    assert "Dice Color Bonus" in game.log_lines()[-1]
