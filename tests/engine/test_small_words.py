"""Small things found in play (issue 29, point 6), in the engine's words: a conversion into a full
track says it pays Prestige, the display prompt reads as the other prompts do, a Luxury demand
offered after a trade is not offered "again"."""

from __future__ import annotations

import random

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.actions import ConvertCoins
from great_harbor.engine.describe import describe, prompt
from great_harbor.engine.scenario import Scenario


def test_a_conversion_into_a_full_track_says_it_gives_prestige() -> None:
    sc = Scenario(["Ana", "Ben"])
    sc.give(0, coins=4, rope=99)
    game = sc.turn(0)
    words = [describe(game, a) for a in game.legal_actions() if isinstance(a, ConvertCoins) and a.resource == "rope"]
    assert words == ["Convert 2 coins into 1 Prestige (the Rope track is full)"]


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
