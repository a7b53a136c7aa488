"""Questions about how the Automa does something: it chooses everything it does, so a verb of
choosing (choose, pick, select, decide, use) says little there and the thing it chooses decides
the section (issue 31: "how does the automa choose a ship" had its draft of dice first, whose
questions say "choose"). For a player's question the verb keeps its weight."""

from __future__ import annotations

import itertools

import pytest

from great_harbor.lookup import default_index

# The thing asked about -> the Automa's section that says how it chooses one.
THINGS = {
    "ship": "automa/plays-a-ship",
    "building": "automa/plays-a-building-or-person",
    "person": "automa/plays-a-building-or-person",
    "slot": "automa/placement",
    "track": "automa/board-actions",
    "colonist": "automa/gains-a-colonist-or-prestige",
}
FORMS = (
    "how does the automa choose a {}",
    "how does the automa pick which {} to take",
    "which {} does the bot select",
    "how does the automa decide which {} to use",
)


@pytest.mark.parametrize(("thing", "form"), itertools.product(THINGS, FORMS))
def test_the_thing_the_automa_chooses_decides_the_section(thing: str, form: str) -> None:
    found = default_index().search(form.format(thing), limit=1)
    assert found and found[0].entry.id == THINGS[thing]


@pytest.mark.parametrize(("query", "answer"), [
    ("which die does the automa pick", "automa/draft"),
    ("how does the automa choose its die", "automa/draft"),
    ("how do I pick my dice", "roll-and-draft"),
])
def test_choosing_dice_is_still_the_draft(query: str, answer: str) -> None:
    found = default_index().search(query, limit=1)
    assert found and found[0].entry.id.startswith(answer)
