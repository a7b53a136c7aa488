"""Counted things in words: one of a Resource or Luxury reads in the singular, more in the plural
(or as a mass noun: Rope, Metal, Wine, Marble), capitalised as a cost and a gain alike."""

from __future__ import annotations

import pytest

from great_harbor.engine.names import amount, cost_words
from great_harbor.engine.state import LUXURIES


@pytest.mark.parametrize(("n", "thing", "words"), [
    (1, "planks", "1 Plank"), (2, "planks", "2 Planks"), (1, "sails", "1 Sail"), (3, "rope", "3 Rope"),
    (1, "dyes", "1 Dye"), (2, "dyes", "2 Dyes"), (1, "amphorae", "1 Amphora"), (1, "wine", "1 Wine"),
])
def test_a_count_reads_in_the_singular_for_one(n: int, thing: str, words: str) -> None:
    assert amount(n, thing) == words


def test_no_luxury_reads_as_a_plural_for_one() -> None:
    for luxury in LUXURIES:
        word = amount(1, luxury).split(" ", 1)[1]
        assert not (word.endswith("s") or word.endswith("ae")), word
    assert cost_words({"dyes": 1, "marble": 2}) == "1 Dye, 2 Marble"
