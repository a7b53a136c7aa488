"""Nothing cut, nothing covered: late-game tables (many ships, crews, Persons, Buildings, Shops)
drawn at 160x45 and 120x36, every board tab and every colony in full (F2): no line of any panel
is wider than the panel (a panel cuts what does not fit, with an ellipsis), the harbor map's lines
fit it, and a Shop marker never lands on a tile's name."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import TabbedContent

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.actions import SetUpShop
from great_harbor.engine.shops import positions
from great_harbor.engine.state import die_label
from great_harbor.rivals.heuristic import choose
from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.screens.colony_view import ColonyViewScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.style import symbol
from great_harbor.ui.widgets.dice import DicePanel
from great_harbor.ui.widgets.harbor_map import HarborMap
from great_harbor.ui.widgets.panel import Panel

TABS = ("tab-harbor", "tab-colony", "tab-boards", "tab-cards")


def late_turn(catalogue: Catalogue, seats: list[Seat], seed: int, shops: bool, greedy_shops: bool = False) -> Game:
    """The heuristic players' game at the last round's turn B (a person's), Shops set up whenever
    possible with ``greedy_shops``."""
    game = Game.new(catalogue, seats, seed=seed, shops_variant=shops)
    while not game.is_over:
        top = game.pending
        if (game.s.round == catalogue.supply.rounds and game.s.turn == "B" and game.s.phase == "actions"
                and top is not None and top.kind == "turn" and not game.s.players[top.seat].automa):
            return game
        setups = [a for a in game.legal_actions() if isinstance(a, SetUpShop)] if greedy_shops else []
        game.apply(setups[0] if setups else choose(game))
    raise AssertionError("the game ended before its last turn B")


def states(catalogue: Catalogue) -> list[Game]:
    four = [Seat(n) for n in ("Ana", "Ben", "Cleo", "Dido")]
    draft = Game.new(catalogue, four, seed=4)  # 4 seats: 9 dice in the pool and the next four to draft
    assert draft.pending is not None and draft.pending.kind == "draft"
    return [
        late_turn(catalogue, four, 11, True),
        late_turn(catalogue, four, 11, True, greedy_shops=True),
        late_turn(catalogue, [Seat("Ana"), Seat("Ben"), Seat("Automa", automa=True)], 5, True),
        late_turn(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], 8, False),
        draft,
    ]


def cut_lines(app: GreatHarborApp) -> list[tuple[str, int, str]]:
    """Every line of a panel on screen that is wider than the panel."""
    out = []
    for panel in app.screen.query(Panel):
        width = panel.content_region.width
        text = panel._text
        if not width or text is None:
            continue
        out += [(type(panel).__name__, width, line.plain) for line in text.split("\n") if line.cell_len > width]
    for hmap in app.screen.query(HarborMap):
        width = hmap.content_region.width
        if not width:  # in a tab not shown
            continue
        out += [("HarborMap", width, line.plain) for line in hmap.render().split("\n") if line.cell_len > width]
    return out


async def every_view(pilot: Pilot[Any], app: GreatHarborApp) -> list[tuple[str, int, str]]:
    await pilot.pause()
    if isinstance(app.screen, HandOffScreen):
        await pilot.press("enter")
        await pilot.pause()
    found: list[tuple[str, int, str]] = []
    tabs = list(app.screen.query(TabbedContent))
    for tab in TABS if tabs else ("",):
        if tabs:
            tabs[0].active = tab
            await pilot.pause()
        found += cut_lines(app)
    await pilot.press("f2")
    await pilot.pause()
    assert isinstance(app.screen, ColonyViewScreen)
    for _ in app.screen.game.s.players:
        found += cut_lines(app)
        await pilot.press("right")
        await pilot.pause()
    return found


@pytest.mark.parametrize("size", [(160, 45), (120, 36)])
async def test_no_value_is_cut_in_any_panel(catalogue: Catalogue, size: tuple[int, int]) -> None:
    found = []
    for game in states(catalogue):
        app = make_app(game=game, automa_delay=0, blink=False, autosave=False)
        async with app.run_test(size=size) as pilot:
            found += await every_view(pilot, app)
    assert not found, "\n".join(f"{name} ({width} wide): {line}" for name, width, line in dict.fromkeys(found))


async def test_a_four_seat_draft_keeps_every_die_and_who_drafts_next_at_120x36(catalogue: Catalogue) -> None:
    game = states(catalogue)[-1]
    app = make_app(game=game, automa_delay=0, blink=False, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(DicePanel)
        text = panel._text
        assert text is not None
        shown = text.plain.split()
        assert len(game.s.pool) >= 8
        for die in game.s.pool:
            assert die_label(die, game.s.faces[die]) in shown
        nxt = shown.index("next:")
        assert shown[nxt + 1:nxt + 5] == [symbol(seat) for seat in game.s.draft_order[:4]]
        assert all(line.cell_len <= panel.content_region.width for line in text.split("\n"))


def test_a_shop_marker_never_lands_on_a_tile_name(catalogue: Catalogue) -> None:
    """The longest name fills its tile's top line: Shops on its top corners show below it."""
    game = Game.new(catalogue, ["Ana", "Ben"], seed=1, shops_variant=True)
    longest = max(game.s.layout, key=lambda cell: len(catalogue.tiles[game.s.layout[cell]].name))
    r, c = (int(x) for x in longest.split(","))
    name = catalogue.tiles[game.s.layout[longest]].name
    corners = [pid for pid, pos in positions(game).items() if pos.cell == (r, c)]
    assert len(corners) == 4
    for seat, pid in enumerate(corners):
        game.s.shops[pid] = seat % 2
    hmap = HarborMap()
    hmap.game = game
    hmap._pos = hmap._positions(game)
    lines = hmap._tile_lines(game, r, c, hmap._shops(game)[1])
    assert lines[0].plain.strip() == name
    marks = "".join(line.plain[0] + line.plain[-1] for line in lines)
    assert marks.count("◆") + marks.count("●") == 4  # all four Shops are on the tile, none lost


async def test_the_trade_board_explains_its_notation() -> None:
    """Its key is on its title line (at 120x36 in the Trade & Senate tab): it costs no row."""
    from great_harbor.ui.widgets.trade import TradeBoard

    for size in ((160, 45), (120, 36)):
        app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            box = app.screen.query_one(TradeBoard).parent
            assert box is not None
            title = str(box.border_title)
            assert "1:◆II→ = position 1" in title and "← = going home" in title
