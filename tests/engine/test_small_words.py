"""Small things found in play (issue 29, point 6), in the engine's words: a conversion into a full
track says it pays Prestige (in the action list and in the log), a resource reads the same in a
cost as in a gain, the display prompt reads as the other prompts do, a Luxury demand
offered after a trade is not offered "again"."""

from __future__ import annotations

import random

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.actions import BuildStructure, ConvertCoins
from great_harbor.engine.describe import describe, prompt
from great_harbor.engine.names import gain_words
from great_harbor.engine.scenario import Scenario


def test_a_conversion_into_a_full_track_says_it_gives_prestige() -> None:
    sc = Scenario(["Ana", "Ben"])
    sc.give(0, coins=4, rope=99)
    game = sc.turn(0)
    words = [describe(game, a) for a in game.legal_actions() if isinstance(a, ConvertCoins) and a.resource == "rope"]
    assert words == ["Convert 2 coins into 1 Prestige (the Rope track is full)"]


def test_the_log_says_a_conversion_into_a_full_track_paid_prestige() -> None:
    """It read "converts 2 coins into 0 Rope (+1 over the track → 1 Prestige)"."""
    sc = Scenario(["Ana", "Ben"])
    sc.give(0, coins=4, rope=99)
    game = sc.turn(0)
    game.apply(ConvertCoins("rope"))
    assert game.log_lines()[-1] == "Ana converts 2 coins into 1 Prestige, as the Rope track is full."
    game.apply(ConvertCoins("planks"))  # room on the track: as before
    assert game.log_lines()[-1] == "Ana converts 2 coins into 1 Plank."


def test_a_resource_reads_the_same_in_a_cost_as_in_a_gain(catalogue: Catalogue) -> None:
    """A cost said "1 rope" where a gain said "+1 Rope": both are capitalised now, as the
    harbor's tiles and the rulebook write them."""
    sc = Scenario(["Ana", "Ben"])
    sc.give(0, coins=4, rope=5, sails=5, planks=5, metal=5)
    game = sc.turn(0)
    costs = [describe(game, a) for a in game.legal_actions() if isinstance(a, BuildStructure)]
    assert costs
    gains = gain_words(catalogue, [{"k": "res", "r": r, "n": 1} for r in ("rope", "sails", "planks", "metal")])
    assert gains == ["1 Rope", "1 Sail", "1 Plank", "1 Metal"]
    words = " ".join(costs).split()
    for lower in ("rope", "sail", "sails", "plank", "planks", "metal"):
        assert lower not in words, costs  # every cost names its resources as the gains do
    assert any(w.rstrip(",") in ("Rope", "Sails", "Planks", "Metal", "Sail", "Plank") for w in words), costs


def test_the_display_and_demand_prompts_read_as_sentences(catalogue: Catalogue) -> None:
    seen: set[str] = set()
    for seed in range(40):
        game = Game.new(catalogue, [Seat("Ana"), Seat("Ben")], seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(seen) < 2:
            top = game.pending
            assert top is not None
            if top.kind == "choose" and top.data.handler in ("harbor.take_display", "voyage.demand"):
                text = prompt(game).split(": ", 1)[1]
                assert text[0].islower() and text[-1] in ".?", text
                assert "again" not in text
                if top.data.handler == "voyage.demand":
                    assert text.endswith("more Prestige?")
                seen.add(top.data.handler)
            game.apply(rng.choice(game.legal_actions()))
        if len(seen) == 2:
            break
    assert seen == {"harbor.take_display", "voyage.demand"}


def test_ships_sailing_home_and_the_pirates_subsiding_have_log_lines(catalogue: Catalogue) -> None:
    """The end of a turn said nothing when a ship (the Automa's too) sailed home without docking
    yet, nor when the Pirates left the board."""
    game = Game.new(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    lines = game.log_lines()
    kinds = [e.kind for e in game.s.log]
    assert "pirates-subside" in kinds and "sails-home" in kinds
    assert any(line.startswith("The Pirates subside: ") for line in lines)
    home = [line for line, e in zip(lines, game.s.log, strict=True) if e.kind == "sails-home"]
    assert all(" sails home: " in line and line.endswith(" to go.") for line in home)
    assert any(line.startswith("Automa's ") for line in home)


def test_after_the_last_round_no_cards_or_dice_bonus_tile_are_revealed(catalogue: Catalogue) -> None:
    """The game ends after round 5: its end-of-round steps turn no card and no tile face up."""
    for seed in (1, 2):
        game = Game.new(catalogue, [Seat("Ana"), Seat("Ben")], seed=seed, shops_variant=seed == 2)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        kinds = [e.kind for e in game.s.log]
        last = len(kinds) - 1 - kinds[::-1].index("final-convert")
        after = kinds[last:]
        assert "display-refresh" not in after and "dice-bonus-tile" not in after
        assert "end-of-round" in after  # the round still ends (its dice go back)
        assert kinds.count("dice-bonus-tile") == 4  # after rounds 1-4


def test_a_battle_line_says_which_pirate_the_diplomat_left_out(catalogue: Catalogue) -> None:
    """Games by the heuristic player, which uses the Diplomat when it has one."""
    from great_harbor.rivals.heuristic import choose

    lines: list[str] = []
    for seed in range(8):
        game = Game.new(catalogue, [Seat("Ana"), Seat("Ben"), Seat("Cleo")], seed=seed)
        while not game.is_over:
            game.apply(choose(game))
        said = game.log_lines()
        lines += [said[i] for i, e in enumerate(game.s.log)
                  if e.kind in ("battle.won", "battle.lost") and e.data.get("ignored")]
        if lines:
            break
    assert lines and all(": the Diplomat leaves " in line for line in lines), lines


def test_a_card_drawn_by_a_placement_is_named_as_drawn(catalogue: Catalogue) -> None:
    """'2 Planks, 1 Person card (Corsair)' read as if the planks were the Corsair."""
    from great_harbor.engine.events import ALL_SECRETS

    game = Game.new(catalogue, [Seat("Ana"), Seat("Ben")], seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    lines = game.log_lines(ALL_SECRETS)
    drawn = [lines[i] for i, e in enumerate(game.s.log) if e.kind == "place" and (e.secret or {}).get("cards")]
    assert drawn and all("(drawn: " in line or "(drawn from the deck: " in line for line in drawn), drawn
