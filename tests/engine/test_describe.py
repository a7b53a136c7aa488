"""Actions and decisions in players' words: names rather than ids, dice as labels, pip splits."""

from __future__ import annotations

import random
import re

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.actions import AssignPips, BuildStructure, Choose, EndTurn, PlaceDie, UseConversion
from great_harbor.engine.describe import describe, detail, prompt
from great_harbor.engine.scenario import Scenario

RAW_ID = re.compile(r"\b(person|building|ship|pirate|demand|production|conversion)-\d+\b|\b[hv]\d\d\b|\bdistrict\b")


def test_every_action_of_random_games_is_worded(catalogue: Catalogue) -> None:
    seen: set[str] = set()
    for seed in [*range(8), 10]:  # seed 10 sails a ship as far as the third segment
        seats: list[Seat | str] = ["Ana", "Ben", "Cleo"][: 2 + seed % 2]
        if seed % 4 == 3:
            seats.append(Seat("Automa", automa=True))
        game = Game.new(catalogue, seats, seed=seed, shops_variant=seed % 2 == 1)
        rng = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            text = prompt(game)
            assert text and not RAW_ID.search(text), text
            if game.pending is not None and game.pending.kind == "voyage_choice":  # no "sail on?"
                sail_on = any(a.kind == "sail-on" for a in actions)  # where sailing on is not offered
                assert ("sail on?" in text) == sail_on, text
                seen.add("voyage-prompt-" + str(sail_on))
            for action in actions:
                words = describe(game, action)
                assert words and not words[0].islower(), (action, words)
                assert not RAW_ID.search(words), (action, words)
                detail(game, action)
                seen.add(action.kind)
            busy = [a for a in actions if not isinstance(a, EndTurn)]
            game.apply(rng.choice(busy if busy and rng.random() < 0.8 else actions))
    assert {"draft", "place", "assign", "end-turn", "play-person", "build", "shop"} <= seen
    assert {"voyage-prompt-True", "voyage-prompt-False"} <= seen


def test_placement_names_the_tiles_and_the_gain(catalogue: Catalogue) -> None:
    top_left = next(s for s in catalogue.harbor.slots if s.cell == (0, 0) and s.side == "top")
    colour = str(top_left.colours[0])[0].upper()
    sc = Scenario(["Ana", "Ben"])
    sc.layout({"0,0": "sailmaker"})
    (die,) = sc.drafted(0, f"{colour}4")
    game = sc.turn(0)
    assert describe(game, PlaceDie(die, top_left.id)) == f"Place {colour}4 on Sailmaker (top shore): 2 Sails"
    assert describe(game, PlaceDie(die, "district")).startswith(f"Place {colour}4 in the Smuggler's District:")


def test_a_shared_slot_that_can_give_nothing_says_so() -> None:
    """A 1 between two tiles that both have a Shore fee reaches neither: the choice says so, as
    a Shore slot's does, rather than offer a split."""
    sc = Scenario(["Ana", "Ben"])
    sc.layout({"0,0": "sailmaker", "0,1": "ropeyard"})
    sc.on_slot("h00", "B2")  # the Sailmaker's top Shore slot
    sc.on_slot("h01", "Y2")  # the Ropeyard's top Shore slot
    (die,) = sc.drafted(0, "B1")
    game = sc.turn(0)
    words = describe(game, PlaceDie(die, "v01"))
    assert words == ("Place B1 between Sailmaker and Ropeyard: too few pips for any benefit; "
                     "Sailmaker fee 2, Ropeyard fee 2")
    (big,) = sc.drafted(0, "B5")
    assert "split 5 pips" in describe(game, PlaceDie(big, "v01"))


def test_pip_split_in_words() -> None:
    sc = Scenario(["Ana", "Ben"])
    sc.layout({"1,1": "shipyard", "1,2": "blacksmith_avenue"})
    (die,) = sc.drafted(0, "R4")
    game = sc.turn(0)
    slot = next(s.id for s in game.cat.harbor.slots if s.cell == (1, 2) and s.side == "left")
    game.apply(PlaceDie(die, slot))
    assert game.pending is not None and game.pending.kind == "assign"
    assert prompt(game) == "Ana: split the 4 pips of R4 between Shipyard and Blacksmith Avenue."
    words = describe(game, AssignPips((1, 3)))
    small = game.cat.ships[game.s.ship_display["small"]].name
    assert words == f"1 to Shipyard (the small ship {small}), 3 to Blacksmith Avenue (2 Metal)"
    assert describe(game, AssignPips((0, 0))) == "Take no benefit"


def test_structure_and_conversion_costs() -> None:
    sc = Scenario(["Ana", "Ben"])
    sc.give(0, planks=2, rope=1, coins=5)
    game = sc.turn(0)
    assert describe(game, BuildStructure("dock-hut-2", False, ())) == "Build Dock Hut 2 for 2 Planks, 1 Rope"
    laurel = next(c for c in game.s.conversions if game.cat.conversion_cards[c].laurel)
    assert describe(game, UseConversion(laurel)) == "Use Laurel Exchange: 3 coins for 1 Prestige"


def test_choices_use_card_names_not_ids() -> None:
    sc = Scenario(["Ana", "Ben"])
    sc.building(0, "building-14")  # Lighthouse
    sc.give(0, free_colonists=1)
    sc.pirate_deck("pirate-10")
    game = sc.turn(0)
    from great_harbor.engine.actions import EmployBuilding

    game.apply(EmployBuilding("building-14"))
    top = game.pending
    assert top is not None and top.kind == "choose" and top.data.private
    assert "Pirate King" in prompt(game)
    assert describe(game, Choose("discard")) == "Discard Pirate King (strength 3)"
    assert describe(game, Choose("keep")) == "Keep Pirate King (strength 3) on top of the Pirate deck"


def test_detail_gives_the_card_text() -> None:
    sc = Scenario(["Ana", "Ben"])
    sc.hand(0, "person-9")
    game = sc.turn(0)
    play = next(a for a in game.legal_actions() if a.kind == "play-person")
    assert describe(game, play).startswith("Play Person Quaestor (#9, yellow) into slot")
    assert "Colonists" in detail(game, play)


def test_a_building_to_take_from_the_display_shows_its_cost_and_its_number_is_marked() -> None:
    """The card number ("#12") must not read as a cost; the detail line says what the Building
    will cost to build, since that is what a player choosing among them weighs."""
    sc = Scenario()
    sc.layout({"0,0": "architects_office"})
    (die,) = sc.drafted(0, "Y6")
    sc.drafted(0, "P1")
    game = sc.turn(0)
    game.apply(PlaceDie(die, "h00"))  # a Shore slot: its tier 3 at once
    card = game.s.building_display[0]
    b = game.cat.buildings[card]
    choice = Choose(card)
    assert choice in game.legal_actions()
    assert f"{b.name} (#{b.number}, {b.colour})" in describe(game, choice)
    assert detail(game, choice).startswith(f"{b.name}: {b.text} (costs ")
    assert f"{b.prestige} Prestige)" in detail(game, choice)
