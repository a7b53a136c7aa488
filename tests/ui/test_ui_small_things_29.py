"""Small things found in play (issue 29, point 6), on the screen: the Automa's line in the dice
panel after it drafted, the Continue notice's line breaks, Enter on a filter that finds only the
undo of what it names, F2 during the Automa's playback, a ship card's cost in hand, the replay's
last action when it logged nothing yet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from agent_keys import pick
from table_turn import at_turn, table

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat, names
from great_harbor.engine.actions import PlaceDie
from great_harbor.engine.scenario import Scenario
from great_harbor.replay import Replay
from great_harbor.session import Session
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
from great_harbor.ui.screens.colony_view import ColonyViewScreen
from great_harbor.ui.screens.replay import ReplayScreen
from great_harbor.ui.widgets.colony import colony_lines
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


async def test_f2_during_the_automas_playback_shows_the_colonies() -> None:
    app = make_app(seed=7, players=["Ana"], automa=True, automa_delay=30, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, AutomaTurnScreen)
        await pilot.press("f2")
        assert isinstance(app.screen, ColonyViewScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, AutomaTurnScreen)  # the playback goes on


def test_a_ship_card_in_hand_shows_its_cost() -> None:
    sc = Scenario(["Ana", "Ben"])
    sc.hand(0, "ship-17")
    game = sc.turn(0)
    full = colony_lines(game, 0, True, 120, breakdown=True)
    hand = next(line.plain for line in full if line.plain.startswith("Hand"))
    assert "Quinquereme (L) R (2 Planks, 2 Metal, 1 Sail, 1 Rope)" in hand  # F2
    panel = next(line.plain for line in colony_lines(game, 0, True, 77) if line.plain.startswith("Hand"))
    assert panel.endswith("Quinquereme (L) R  (F2: costs)")  # the table's panel: where to read it


def test_the_colony_names_resources_as_the_costs_and_gains_do() -> None:
    """"1 rope" vs "+1 Rope": the colony's tracks and Luxury tokens are capitalised as the engine's
    words count them (a cost in hand, a gain)."""
    sc = Scenario(["Ana", "Ben"])
    sc.give(0, rope=2)
    sc.luxuries(0, marble=1)
    sc.hand(0, "ship-17")
    game = sc.turn(0)
    full = [line.plain for line in colony_lines(game, 0, True, 120, breakdown=True)]
    tracks = next(line for line in full if line.startswith("Resources"))
    assert "Rope 2 ▮▮" in tracks and "Sails 0 " in tracks and "rope" not in tracks
    assert any("tokens: Marble 1" in line for line in full)
    assert any("1 Rope)" in line for line in full)  # the cost in hand, in the same form


async def test_the_replay_never_says_nothing_was_logged_after_logged_drafts(
        catalogue: Catalogue, tmp_path: Path) -> None:
    seats = [Seat("Ana"), Seat("Ben"), Seat("Automa", automa=True)]
    session = Session.new(catalogue, seats, seed=4, path=tmp_path / "g.json")
    for _ in range(8):
        session.apply(session.game.legal_actions()[0])
    session.close()
    app = make_app(replay=Replay.load(catalogue, tmp_path / "g.json"), automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for position in range(1, 8):
            screen.action_seek(position)
            await pilot.pause()
            last = next(line for line in screen.info().plain.splitlines() if line.startswith("Last"))
            assert "nothing logged" not in last and len(last) > len("Last  ") + 10, last


async def test_no_color_draws_the_highlighted_action_in_reverse(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without colours the highlight's background (grey 236) was nearly the list's (234)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        assert app.no_color
        style = picker.options.get_component_rich_style("option-list--option-highlighted")
        assert style.reverse


def test_the_colony_head_keeps_the_smuggler_tokens_on_its_line() -> None:
    """At 160 columns (a colony panel 77 wide) '2 Smuggler' wrapped onto a line of its own."""
    sc = Scenario(["Cornelia", "Ben"])  # a longer name than Ana's: the head is 80 wide with "Smuggler"
    sc.give(0, coins=12, favor=10)
    game = sc.turn(0)
    game.s.players[0].smuggler = 2
    game.s.players[0].prestige = 31
    lines = [line.plain for line in colony_lines(game, 0, True, 77)]
    assert lines[0].rstrip().endswith("· 2 Smug."), lines[:2]
    assert not lines[1].strip().startswith("2 Smug")


async def test_the_action_list_shows_nine_rows_at_160x45() -> None:
    """It showed 6 rows (some 5 actions) of Ana's 23 at 160x45: it takes rows from the log now.
    The rows are counted on the screen as drawn, within the list's region."""
    from great_harbor.ui.textshot import screen_text

    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        options = picker.options
        assert options.option_count >= 20
        region = options.content_region
        rows = screen_text(app).splitlines()[region.y:region.bottom]
        drawn = [row[region.x:region.right].strip() for row in rows]
        assert len(drawn) >= 9 and all(drawn), drawn  # every row of the list holds an action's words
        log = app.screen.query_one("#log-box").content_region
        assert log.height >= 5  # the log keeps its last five lines
