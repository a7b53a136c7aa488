"""What the boards say, checked without the app: the dice panel's row for the Automa and the
ships on the Trade board."""

from __future__ import annotations

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.actions import PlaceDie
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.state import OUTBOUND, ShipState
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.game import fit_question
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.style import symbol
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.dice import dice_text
from great_harbor.ui.widgets.trade import COL, trade_text


def automa_row(game: Game) -> str:
    return next(line for line in dice_text(game).plain.splitlines() if "Automa" in line)


def test_the_automa_row_says_it_drafts_first_then_that_it_has_acted(catalogue: Catalogue) -> None:
    """The Automa drafts first and places each die at once: it never holds dice. Its row says in
    the draft which dice it took, and in the Action phase that its turn is already over."""
    game = Game.new(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], seed=3)
    assert game.s.phase == "draft"
    assert "took " in automa_row(game) and "drafts first" not in automa_row(game)  # it drafted already
    while game.s.phase == "draft":
        game.apply(next(iter(game.legal_actions())))
    assert game.s.phase == "actions"
    row = automa_row(game)
    assert "acted in draft" in row and "drafts first" not in row
    assert "Prestige ·" in row  # the label leaves room for the whole summary on the same line


def test_every_ship_on_the_trade_board_is_shown_however_many_share_a_segment(catalogue: Catalogue) -> None:
    """Four players with two ships each in the first segment: the Outbound row takes more lines
    rather than cut ships off."""
    game = Game.new(catalogue, ["Ana", "Ben", "Cleo", "Dido"], seed=3)
    ships = iter(catalogue.ships)
    for p in game.s.players:
        p.docks = [ShipState(next(ships), dock, where=OUTBOUND, segment=0, position=dock - 1) for dock in (1, 2)]
        p.docks.append(None)
    text = trade_text(game).plain
    for p in game.s.players:
        for dock in ("I", "II"):
            assert f"{symbol(p.seat)}{dock}→" in text
    outbound = [line for line in text.splitlines() if "→" in line]
    assert len(outbound) > 1 and all(len(line) <= 10 + 3 * COL for line in outbound)
    # in the order they resolve: every first position before any second one
    positions = [t.split(":")[0] for t in " ".join(outbound).split() if ":" in t]
    assert len(positions) == 8 and positions == sorted(positions)


def test_a_diplomat_s_lower_pirate_total_is_on_the_trade_board(catalogue: Catalogue) -> None:
    """The Diplomat leaves one Pirate card out of its owner's total only: the board keeps the
    total everyone else fights, and says the owner's."""
    game = Game.new(catalogue, ["Ana", "Ben"], seed=3)
    cards = sorted(catalogue.pirates, key=lambda c: -catalogue.pirates[c].strength)[:2]
    game.s.pirates = [cards[0], cards[1], ""]
    full = sum(catalogue.pirates[c].strength for c in cards)
    game.s.players[0].voyage_ignored_pirate = cards[0]
    text = trade_text(game).plain
    assert f"total {full}" in text
    left_out = catalogue.pirates[cards[0]]
    assert (f"{symbol(0)} Ana: Diplomat leaves {left_out.name} out, total {full - left_out.strength}") in text
    assert "Ben: Diplomat" not in text


async def test_a_die_on_a_shore_slot_takes_its_tier_before_its_own_fee_shows() -> None:
    """A die on a Shore slot never raises its own fee: placed, it takes the tier its pips reach
    against the fee before it (a 5 against 3: 1 Sail), and the map shows the new fee at once."""
    sc = Scenario()
    sc.layout({"0,0": "sailmaker"})
    sc.on_slot("h00", "B3")  # the Sailmaker's top Shore slot: fee 3
    (die,) = sc.drafted(0, "B5")
    sc.drafted(0, "P1")
    game = sc.turn(0)
    app = make_app(game=game, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
        text = screen_text(app)
        assert " 4+ 1 Sails" in text and "Shore fee +3" in text
        app.play(PlaceDie(die, "v00"))  # its left Shore slot
        await pilot.pause()
        assert game.s.players[0].resources["sails"] == 1
        text = screen_text(app)
        assert " 6+ 1 Sails" in text and "Shore fee +5" in text and "this die" not in text


def test_the_top_line_drops_a_closing_aside_then_later_sentences_never_a_ship_s_dock() -> None:
    turn = "Ana's turn: place R6 and R2 on the harbor (and take Govern actions in between)."
    assert fit_question(turn, 200) == turn
    assert fit_question(turn, 60) == "Ana's turn: place R6 and R2 on the harbor."
    voyage = ("Ana: Liburna (dock 1) beat the pirates in segment 1 — trade here or sail on? "
              "Diplomat: offered only at choices like this one, not during a fight.")
    assert fit_question(voyage, 90) == "Ana: Liburna (dock 1) beat the pirates in segment 1 — trade here or sail on?"


async def test_the_log_follows_the_game_unless_the_player_reads_it() -> None:
    """Play-test: once the log's view had left its end (a rewrap, the hand-off), it stayed on old
    lines for good: Textual's Log follows only a view already at its end."""
    from textual.app import App, ComposeResult

    from great_harbor.ui.widgets.log import GameLog

    class Host(App[None]):
        AUTO_FOCUS = None  # the player has not given the log the focus yet

        def compose(self) -> ComposeResult:
            yield GameLog(id="log")

    lines = [f"line {i}: somebody does something worth a line in the log" for i in range(200)]
    app = Host()
    async with app.run_test(size=(80, 20)) as pilot:
        log = app.query_one(GameLog)
        log.sync(lines, reader=0)
        await pilot.pause()
        assert log.is_vertical_scroll_end  # not read: it follows the game
        log.scroll_home(animate=False)  # left off its end without the player (hidden, rewrapped)
        await pilot.pause()
        log.sync([*lines, "line 200: one more"], reader=0)
        await pilot.pause()
        assert log.is_vertical_scroll_end  # it still follows the game
        lines.append("line 200: one more")
        log.focus()
        log.scroll_home(animate=False)
        await pilot.pause()
        log.sync([*lines, "line 201: read"], reader=0)  # read by the player: the view stays
        await pilot.pause()
        assert log.scroll_y == 0
        log.sync([*lines, "line 201: read", "line 202: the next seat's"], reader=1)  # the hand-off
        await pilot.pause()
        assert log.is_vertical_scroll_end
        assert log.max_scroll_y > 0
