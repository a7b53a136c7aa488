"""The action filter puts the best match first, so that Enter takes what was typed (the cases
come from a play-test where Enter took a neighbour of the intended action)."""

from __future__ import annotations

import pytest

from great_harbor.ui.widgets.picker import matches, rank

CASES = [
    ("liburna dock 2",
     ("Launch Liburna (medium, red) at dock 1 for 2 planks, 1 rope, retiring Cercurus", "play ship"),
     ("Launch Liburna (medium, red) at dock 2 for 2 planks, 1 rope", "play ship")),
    ("3 to col",
     ("1 to Colonists' Office (1 Colonist), 3 to Shipyard (the medium ship)", "assign"),
     ("3 to Colonists' Office (1 Colonist, 1 Favor), 1 to Shipyard (the small ship)", "assign")),
    ("favor blue",
     ("Spend 2 Favor: take the Activation marker back from Investor (#2, blue)", "retrieve marker"),
     ("Spend 2 Favor: advance on the blue Senate track (to 3)", "favor senate")),
    ("dock hut 1 for 1 planks",
     ("Build Dock Hut 1 for 1 rope (a Colonist works there instead of 1 planks)", "build"),
     ("Build Dock Hut 1 for 1 planks (a Colonist works there instead of 1 rope)", "build")),
    ("r6 smug",
     ("Spend a Smuggler token: R6 ignores Shore fees for its placement", "smuggler token"),
     ("Place R6 in the Smuggler's District: 2 Rope, 1 Smuggler token", "place die")),
]


@pytest.mark.parametrize(("query", "listed_first", "meant"), CASES)
def test_the_action_meant_ranks_above_one_listed_before_it(
    query: str, listed_first: tuple[str, str], meant: tuple[str, str],
) -> None:
    assert matches(" ".join(listed_first), query) and matches(" ".join(meant), query)
    ranked = sorted([listed_first, meant], key=lambda it: rank(it[0], it[1], query), reverse=True)
    assert ranked[0] == meant


def test_equal_matches_keep_the_engines_order() -> None:
    items = [("Draft B4", "draft"), ("Draft B5", "draft")]
    ranked = sorted(items, key=lambda it: rank(it[0], it[1], "draft"), reverse=True)
    assert ranked == items


def test_convert_finds_the_conversion_cards_too() -> None:
    from great_harbor.ui.widgets.picker import kind_words

    assert matches("Use Laurel Exchange: 3 coins for 1 Prestige " + kind_words("conversion"), "convert")
    assert kind_words("play-ship") == "play ship"


def test_why_not_finds_an_action_by_the_rulebooks_words_too() -> None:
    """Play-test: 'play cercurus' with Cercurus in hand and no metal said only 'no action matches':
    the list finds a launch by 'play ship', so the reason why not must be found the same way."""
    from great_harbor.engine.scenario import Scenario
    from great_harbor.ui.lookup_topics import why_not

    sc = Scenario()
    sc.hand(0, "ship-9")
    sc.give(0, planks=2, sails=1)
    game = sc.turn(0)
    name = game.cat.ships["ship-9"].name.lower()
    found = why_not(game, f"play {name}")
    assert found is not None and "needs 1 Metal (you have 0)" in found.text


async def test_a_filter_finding_only_the_undo_still_says_why_not() -> None:
    """Play-test: 'laurel' after using the Laurel Exchange listed only the undo of that use, and
    no reason why the card could not be used again."""
    from textual.app import App, ComposeResult

    from great_harbor.engine.actions import EndTurn
    from great_harbor.ui.saving import UndoCommand
    from great_harbor.ui.widgets.picker import ActionPicker, Item

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield ActionPicker(id="picker", blink=False)

    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        picker = app.query_one(ActionPicker)
        items = [Item(EndTurn(), "End your turn"), Item(UndoCommand(), "Undo: take back “Use Laurel Exchange”")]
        reasons = {"laurel": "Not possible: Use Laurel Exchange — once per turn."}
        picker.set_items("Ana's turn", items, explain=reasons.get)
        picker.filter.value = "laurel"
        await pilot.pause()
        assert [it.words for it in picker.shown] == [items[1].words]
        assert "once per turn" in str(picker._detail)
        picker.filter.value = "end"
        await pilot.pause()
        assert "once per turn" not in str(picker._detail)
