"""Small things found in play (issue 29, point 6), on the screen: the Automa's line in the dice
panel after it drafted, the Continue notice's line breaks, Enter on a filter that finds only the
undo of what it names."""

from __future__ import annotations

import re
from pathlib import Path

from agent_keys import pick
from table_turn import at_turn, table

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat, names
from great_harbor.engine.actions import PlaceDie
from great_harbor.session import Session
from great_harbor.ui.app import make_app
from great_harbor.ui.widgets.dice import automa_draft_words
from great_harbor.ui.widgets.picker import matches


def test_the_automa_line_names_the_dice_it_took(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], seed=5)
    automa = 1
    assert game.pending is not None and game.pending.kind == "draft"  # the Automa drafted first
    taken = [d for d in game.s.slots.values()] + list(game.s.district)
    words = automa_draft_words(game, automa)
    assert words.startswith("took ") and "drafts first" not in words
    assert any(names.die(game, d) in words for d in taken)
    fresh = Game.new(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], seed=5)
    fresh.s.log = [e for e in fresh.s.log if e.kind != "draft"]  # before it drafts
    assert automa_draft_words(fresh, automa) == "drafts first"


async def test_the_continue_notice_puts_the_file_name_last(catalogue: Catalogue, tmp_path: Path) -> None:
    session = Session.new(catalogue, ["Ana", "Ben"], seed=4, path=tmp_path / "a-long-name-for-a-saved-game.json")
    for _ in range(3):
        session.apply(session.game.legal_actions()[0])
    session.close()
    app = make_app(saves_dir=tmp_path, automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.open_save(tmp_path / "a-long-name-for-a-saved-game.json") is None
        await pilot.pause()
        note = [n.message for n in app._notifications][-1]
        assert note == ("Continuing the saved game: 3 actions, round 1, turn A "
                        "(a-long-name-for-a-saved-game.json).")


async def test_enter_on_a_filter_that_finds_only_an_undo_does_not_undo() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        game = app.game
        assert game is not None
        await pick(pilot, app, next(a for a in game.legal_actions() if isinstance(a, PlaceDie)))
        undo = next(item for item in picker.items if item.action.kind == "undo")
        others = [item for item in picker.items if item is not undo]
        # A word of the action taken that no action on offer has: the filter finds only its undo.
        word = next(w for w in re.findall(r"\w+", undo.words.split("“", 1)[1].lower())
                    if len(w) > 2 and not any(matches(f"{o.words} {o.keywords}", w) for o in others))
        state = game.to_dict()
        await pilot.press(*word)
        assert picker.shown and all(item.action.kind == "undo" for item in picker.shown)
        await pilot.press("enter")
        assert game.to_dict() == state  # nothing taken back
        await pilot.press("escape", *"undo", "enter")
        assert game.to_dict() != state  # asked by name, it undoes
