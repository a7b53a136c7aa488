"""The Automa, visible: its board with icons, bridges and markers (F2 and the lookup), its retired
ships and no hand; its playback shows the table as it was at the line being read (a voyage too,
step by step); F3 turns the boards under the playback; its pace is offered only when it plays."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import TabbedContent

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.rivals.heuristic import choose
from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.lookup_topics import table_things
from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
from great_harbor.ui.screens.colony_view import ColonyViewScreen
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.automa_board import automa_board_lines, next_gain
from great_harbor.ui.widgets.colony import colony_lines


def solo(delay: float = 1000) -> GreatHarborApp:
    return make_app(seed=7, players=["Ana"], automa=True, automa_delay=delay, blink=False)


def table(app: GreatHarborApp) -> GameScreen:
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    return screen


async def test_the_table_behind_the_playback_shows_the_line_being_read() -> None:
    app = solo()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        playback = app.screen
        assert isinstance(playback, AutomaTurnScreen)  # the Automa drafts first
        game = app.game
        assert game is not None
        assert playback.lines[0].startswith("Round 1, turn A: Ana rolls")
        shown = table(app).game
        assert len(shown.s.pool) == len(game.s.pool) + 1  # the roll: the Automa has not drafted yet
        assert not shown.s.slots and "Automa drafts" not in screen_text(app)
        while playback.shown < len(playback.lines):
            playback.step()
            await pilot.pause()
            if playback.lines[playback.shown - 1].startswith("Automa card"):
                break
        shown = table(app).game
        assert shown.s.pool == game.s.pool and shown.s.slots == game.s.slots  # drafted and placed now
        assert playback.lines[playback.shown - 1][:40] in screen_text(app)
        await pilot.press("space")
        assert isinstance(app.screen, GameScreen) and app.screen.game.s.pool == game.s.pool


async def test_a_voyage_nobody_decides_is_shown_on_the_trade_board_step_by_step() -> None:
    """The pirates of a voyage the person has no decision in show on the Trade board (its tab comes
    up at 120x36) line by line, although the game itself is past that voyage already."""
    app = solo()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        for _ in range(400):
            game = app.game
            assert game is not None and not game.is_over
            screen = app.screen
            if not isinstance(screen, AutomaTurnScreen):
                app.play(choose(game))
                await pilot.pause()
                continue
            seen = []
            while screen.shown < len(screen.lines):
                screen.step()
                await pilot.pause()
                shown = table(app).game
                if shown.s.phase == "voyage" and any(shown.s.pirates):
                    assert table(app).query_one(TabbedContent).active == "tab-boards"
                    names = [game.cat.pirates[c].name for c in shown.s.pirates if c]
                    assert names[0] in screen_text(app)
                    seen.append(screen.shown)
            if seen and game.s.phase != "voyage":
                assert len(set(seen)) > 1  # more than one line of it, each with the board of its moment
                return
            await pilot.press("space")
        raise AssertionError("no voyage was played back")


async def test_f3_turns_the_boards_under_the_playback() -> None:
    app = solo()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, AutomaTurnScreen)
        tabs = table(app).query_one(TabbedContent)
        before = tabs.active
        await pilot.press("f3")
        assert isinstance(app.screen, AutomaTurnScreen) and tabs.active != before
        assert "F3 next board" in screen_text(app)


async def test_f2_shows_the_automa_board_its_retired_ships_and_no_hand() -> None:
    app = solo(0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("f2", "right")
        assert isinstance(app.screen, ColonyViewScreen) and app.screen.seat == 1
        text = screen_text(app)
        assert "hand hidden" not in text
        summary = next(line for line in text.splitlines() if "▸ ● Automa" in line)
        assert "hand" not in summary and "Favor" not in summary
        for colour in ("red", "blue", "yellow", "purple"):
            assert f"{colour} " in text
        assert "next die" in text and "Retired" in text and "⇕" in text


def test_the_board_shows_icons_bridges_markers_and_the_next_gain(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], seed=3)
    automa = game.s.players[1]
    automa.automa_track.update(red=2, blue=3, yellow=0, purple=2)
    automa.automa_bridges[:] = [0]  # red and blue, space 3, done
    board = catalogue.automa_board
    lines = [line.plain for line in automa_board_lines(game, automa)]
    red = next(line for line in lines if line.startswith("red"))
    assert "●Col" in red  # the marker on space 2, with its icon
    bridge = lines[lines.index(red) + 1]
    assert "⇕+2P✓" in bridge and "⇕Bldg" in bridge
    # The next yellow die gives the yellow track's first icon; the next purple one moves purple to
    # space 3, where the bridge with yellow waits for yellow (still on 0).
    first_yellow = next(t for t in board.tracks if str(t.colour) == "yellow").spaces[0]
    assert next_gain(board, automa, "yellow").startswith({"building": "Bldg", "ship": "Ship"}.get(
        str(first_yellow.icon), ""))
    assert next_gain(board, automa, "purple") == "nothing"
    automa.automa_track["yellow"] = 3
    assert next_gain(board, automa, "purple").endswith("(bridge)")
    assert all(len(line) <= 77 for line in lines[:-2])  # the board fits the narrowest colony panel


def test_the_automa_colony_lists_retired_ships(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], seed=3)
    ship = next(iter(catalogue.ships))
    game.s.players[1].retired_ships.append(ship)
    text = "\n".join(line.plain for line in colony_lines(game, 1, False))
    assert f"Retired   {catalogue.ships[ship].name}" in text
    assert "Hand" not in text and "coins" not in text


def test_the_lookup_lists_the_automa_board_on_the_table(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], seed=3)
    assert any(thing.entry == "automa-board" for thing in table_things(game.view(0), 0))
    duo = Game.new(catalogue, ["Ana", "Ben"], seed=3)
    assert not any(thing.entry == "automa-board" for thing in table_things(duo.view(0), 0))


async def palette_text(pilot: Pilot[Any], app: GreatHarborApp) -> str:
    await pilot.press("ctrl+p", *"pace")
    await pilot.pause(0.3)
    text = screen_text(app)
    await pilot.press("escape")
    return text


async def test_the_palette_offers_the_automa_pace_only_when_it_plays() -> None:
    app = solo(0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert "Automa pace" in await palette_text(pilot, app)
    duo = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with duo.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert "Automa pace" not in await palette_text(pilot, duo)
