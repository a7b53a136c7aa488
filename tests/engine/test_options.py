"""Choice options are typed values: each offered option reads back from its code (the text a
record writes) to the same value of its continuation's type, in every choice random games offer."""

from __future__ import annotations

import random

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game
from great_harbor.engine.choices import OPTION_TYPES, option_of
from great_harbor.engine.options import (
    CardOrDeckOption,
    CrewOption,
    DemandOption,
    DiceOption,
    DieOption,
    DockOption,
    HarborDieOption,
    Option,
    Plain,
    StructureOption,
    TracksOption,
)


@pytest.mark.parametrize(
    ("option", "code"),
    [
        (DiceOption((3, 7)), "3+7"),
        (DiceOption((4,)), "4"),
        (DieOption(12), "12"),
        (DockOption(2), "2"),
        (TracksOption(("red", "red")), "red+red"),
        (TracksOption(("blue",)), "blue"),
        (StructureOption("insula-1", ("planks", "rope")), "insula-1|planks+rope"),
        (StructureOption("dock-hut-2", ()), "dock-hut-2|"),
        (CardOrDeckOption("building-4"), "display:building-4"),
        (CardOrDeckOption(None), "deck"),
        (CrewOption(1, "speed"), "1:speed"),
        (HarborDieOption(drafted=3), "drafted:3"),
        (HarborDieOption(slot="h11"), "slot:h11"),
        (DemandOption("demand-3", "wine"), "demand-3:wine"),
        (Plain("person-21"), "person-21"),
    ],
)
def test_an_option_and_its_code(option: Option, code: str) -> None:
    assert option.code == code
    assert type(option).parse(code) == option


def test_every_offered_option_reads_back_to_its_type(catalogue: Catalogue) -> None:
    seen: set[str] = set()
    for seed in range(30):
        game = Game.new(catalogue, ["Ana", "Ben", "Cleo"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            top = game.pending
            assert top is not None
            if top.kind == "choose":
                handler = str(top.data.handler)
                for code in top.data.options:
                    option = option_of(top, code)
                    assert isinstance(option, OPTION_TYPES[handler]) and option.code == code
                seen.add(handler)
            game.apply(rng.choice(game.legal_actions()))
    assert len(seen) >= 8, sorted(seen)
