"""The score as it will end, on screen (issue 29): beside every seat's Prestige tokens, the final
score if the game ended now, in the players panel (at 160x45 and 120x36, nothing cut), in F2 with
its breakdown item by item, and in the rules lookup's "On the table"; and the final score bars by
rank."""

from __future__ import annotations

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.actions import EndTurn
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.scoring import ITEM_WORDS, items_of
from great_harbor.rivals.heuristic import choose
from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.screens.colony_view import ColonyViewScreen
from great_harbor.ui.screens.game_over import bar_chart
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.screens.lookup import LookupScreen
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.colony import ColonyBoard
from great_harbor.ui.widgets.dice import DicePanel
from great_harbor.ui.widgets.players import PlayersSummary


def round_three(catalogue: Catalogue) -> Game:
    """Two people, a third and the Automa with the Harbor Shops, played by the heuristic to a
    person's turn in round 3: the colonies by then score far more than their tokens."""
    seats = [Seat("Ana"), Seat("Ben"), Seat("Cleo"), Seat("Automa", automa=True)]
    game = Game.new(catalogue, seats, seed=3, shops_variant=True)
    while True:
        top = game.pending
        assert top is not None
        if game.s.round == 3 and top.kind == "turn" and not game.s.players[top.seat].automa:
            return game
        game.apply(choose(game))


def check_players_panel(app: GreatHarborApp, game: Game, wide: bool) -> None:
    """Every seat's line (the Automa's too) says ``tokens → score if it ended now``, under a line
    that says what that means; nothing is cut."""
    totals = [sc["total"] for sc in game.projected_scores()]
    assert all(t > p.prestige for t, p in zip(totals, game.s.players, strict=True))  # tokens alone mislead
    panel = app.screen.query_one(DicePanel)
    assert panel._text is not None
    lines = panel._text.plain.splitlines()
    assert all(len(line) <= panel.content_region.width for line in lines), "nothing cut"
    assert any(line.startswith("Prestige: tokens → ") and "ended now" in line for line in lines)
    for p, total in zip(game.s.players, totals, strict=True):
        row = next(line for line in lines if p.name in line)
        assert f"{p.prestige}{' → ' if wide else '→'}{total} Prest" in row
    shown = screen_text(app)
    assert all(f"{total} Prest" in shown for total in totals)


async def test_the_players_panel_shows_the_score_if_the_game_ended_now_at_160x45(catalogue: Catalogue) -> None:
    game = round_three(catalogue)
    app = make_app(game=game, automa_delay=0, blink=False, autosave=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await pilot.pause()
        check_players_panel(app, game, wide=True)


async def test_at_120x36_the_panel_f2_and_the_lookup_show_the_score_if_the_game_ended_now(
        catalogue: Catalogue) -> None:
    game = round_three(catalogue)
    projected = game.projected_scores()
    app = make_app(game=game, automa_delay=0, blink=False, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await pilot.pause()
        check_players_panel(app, game, wide=False)

        # F2: every seat's score beside its tokens, and the colony shown item by item.
        await pilot.press("f2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ColonyViewScreen)
        players = screen.query_one(PlayersSummary)._text
        assert players is not None
        for p, sc in zip(game.s.players, projected, strict=True):
            assert f"{p.prestige} Prestige tokens · {sc['total']} Prestige if the game ended now" in players.plain
        for _ in game.s.players:  # every colony, the Automa's by its own list
            p = game.s.players[screen.seat]
            sc = projected[screen.seat]
            board = screen.query_one(ColonyBoard)
            assert board._text is not None
            text = " ".join(board._text.plain.split())
            assert f"Score {sc['total']} Prestige if the game ended now = {sc['tokens']} Prestige tokens" in text
            for key in items_of(p):
                assert f"{sc[key]} {ITEM_WORDS[key]}" in text
            assert ("Dock Huts and Insulae" in text) is not p.automa
            assert all(len(line) <= board.content_region.width for line in board._text.plain.splitlines())
            await pilot.press("right")
            await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        # The table's own colony panel keeps its lines: the breakdown is F2's.
        colony = app.screen.query_one(ColonyBoard)._text
        assert colony is not None and "if the game ended now" not in colony.plain

        # The rules lookup: a group per seat under "On the table", an item per line.
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LookupScreen)
        for p, sc in zip(game.s.players, projected, strict=True):
            group = f"{p.name}: {sc['total']} if it ended now"
            items = [t for t in screen.things if t.group == group]
            assert [t.label for t in items] == [f"{sc[k]} {ITEM_WORDS[k]}" for k in items_of(p)]
            assert all(t.entry == "automa/end-of-game" for t in items) is p.automa
            assert group in screen_text(app)  # the group's whole label fits the contents at 120x36


def finished(catalogue: Catalogue, prestige: list[int], coins: list[int]) -> Game:
    sc = Scenario(["Ana", "Ben", "Cleo"])
    for seat, (n, c) in enumerate(zip(prestige, coins, strict=True)):
        sc.give(seat, prestige=n, coins=c)
    sc.game.s.round, sc.game.s.turn = 5, "B"
    game = sc.turn(0)
    while not game.is_over:
        game.apply(EndTurn())
    return game


def test_the_final_score_bars_go_by_rank_ties_by_the_coins(catalogue: Catalogue) -> None:
    """Play-test: the bars followed seat order. Cleo and Ben tie on 9, Cleo has more coins."""
    game = finished(catalogue, [4, 9, 9], [1, 0, 2])
    assert [sc["total"] for sc in game.s.final_scores] == [4, 9, 9]
    rows = bar_chart(game).plain.splitlines()
    assert [row.split()[1] for row in rows] == ["Cleo", "Ben", "Ana"]
    assert "winner" in rows[0] and "winner" not in rows[1]
