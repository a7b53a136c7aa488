"""How the games went, on screen (issue 34): the chart on the final scores screen and in the replay,
and the players' statistics screen, at 120x36."""

from __future__ import annotations

from pathlib import Path

from agent_keys import fast_forward
from textual.widgets import OptionList

from great_harbor.data import load_catalogue
from great_harbor.engine import Seat
from great_harbor.replay import Replay
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.game_over import GameOverScreen
from great_harbor.ui.screens.progress_view import ProgressScreen
from great_harbor.ui.screens.stats import StatsScreen
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.prestige_chart import PrestigeChart

SIZE = (120, 36)


async def test_the_final_scores_screen_shows_how_the_game_went() -> None:
    app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await fast_forward(pilot, app, lambda g: g.is_over)
        assert isinstance(app.screen, GameOverScreen)
        game = app.game
        assert game is not None
        chart = app.screen.query_one(PrestigeChart)
        assert list(chart.progress.points[-1].totals) == [sc["total"] for sc in game.s.final_scores]
        text = screen_text(app)
        lines = text.splitlines()
        for p, score in zip(game.s.players, game.s.final_scores, strict=True):
            row = next(line for line in lines if line.strip().startswith(f"{'◆●'[p.seat]} {p.name}  "))
            assert row.rstrip().rstrip("▁▂▃▄▅▆▇█").endswith(str(score["total"]))
        assert "How the game went" in text and "lead taken" in text
        # The chart and, below it, every item of final scoring side by side, all on one screen.
        chart_at = next(i for i, line in enumerate(lines) if "How the game went" in line)
        assert chart_at < next(i for i, line in enumerate(lines) if "Final scores" in line)
        assert "Prestige tokens" in text and "Coins (break a tie)" in text


async def test_the_replay_shows_the_chart_of_the_whole_record(saves: Path) -> None:
    app = make_app(seed=5, players=["Ana"], automa=True, automa_delay=0, blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await fast_forward(pilot, app, lambda g: g.s.round == 3)
        assert app.session is not None and app.session.path is not None
        path = app.session.path
        projected = app.session.game.projected_scores()
    replay = make_app(replay=Replay.load(load_catalogue(), path), automa_delay=0, blink=False)
    async with replay.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(replay.screen, ProgressScreen)
        progress = replay.screen.progress
        assert not progress.finished and progress.points[-1].totals == tuple(sc["total"] for sc in projected)
        text = screen_text(replay)
        assert "How the game is going" in text and "If the game ended now" in text
        assert "◆ Ana" in text and "● Automa" in text
        await pilot.press("escape")
        assert not isinstance(replay.screen, ProgressScreen)


def _write_games(folder: Path) -> None:
    from test_stats import played

    cat = load_catalogue()
    tables = [[Seat("Ana"), Seat("Ben")], [Seat("Ana"), Seat("Automa", automa=True)],
              [Seat("Ben"), Seat("Ana"), Seat("Rex", rival="hard")]]
    for i, seats in enumerate(tables):
        record, game = played(cat, 40 + i, seats)
        (folder / f"game-{i}.json").write_text(record.dumps(game))
    (folder / "damaged.json").write_text('{"format": "great-harbor game record", "version"')


async def test_the_stats_screen_from_the_palette(saves: Path) -> None:
    _write_games(saves)
    app = make_app(automa_delay=0, blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"player statistics")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "Each player's record · 3 games finished, 0 in progress" in text
        assert "Ana  3 played" in text and "Ben  2 played" in text
        assert "Automa  1 played" in text and "Hard rival  1 played" in text
        assert "skipped damaged.json: the record is cut short" in text
        report = app.screen.report
        assert report is not None
        ana = report.people[0]
        assert ana.name == "Ana" and f"won {ana.wins}/3" in text
        assert "Last 3 results" in text and "against the Automa" in text
        await pilot.press("down")  # Ben
        await pilot.pause()
        assert "Ben: 2 games finished" in screen_text(app)
        assert app.screen.query_one(OptionList).highlighted == 1
        await pilot.press("escape")
        assert not isinstance(app.screen, StatsScreen)
        await pilot.press("ctrl+t")  # the new-game screen's own way there
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


def test_the_chart_reads_the_same_without_colour() -> None:
    from rich.style import Style
    from test_stats import played

    from great_harbor.progress import chart_lines, progress_of_game
    from great_harbor.ui import style
    from great_harbor.ui.widgets.prestige_chart import chart_text

    cat = load_catalogue()
    record, _ = played(cat, 11, [Seat("Ana"), Seat("Ben"), Seat("Rex", rival="hard")])
    progress = progress_of_game(record, cat)
    coloured = chart_text(progress)
    # The rows on screen are the rows export-log prints, under the title and the legend.
    assert [line.rstrip() for line in coloured.plain.splitlines()[2:]] == chart_lines(progress)[1:]
    assert any(Style.parse(str(span.style)).color is not None for span in coloured.spans)
    saved = list(style.PLAYER_STYLES), dict(style.COLOUR_STYLES), (style.PALETTE.tile, style.PALETTE.dark)
    try:
        style.use_theme(True, "#1b2530", "#e0e0e0", no_color=True)
        plain = chart_text(progress)
        assert plain.plain == coloured.plain  # symbols, figures, bars and marks: nothing rests on colour
        assert all(Style.parse(str(span.style)).color is None for span in plain.spans)
        assert any("underline" in str(span.style) for span in plain.spans)  # who would win then
    finally:
        style.PLAYER_STYLES[:] = saved[0]
        style.COLOUR_STYLES.update(saved[1])
        style.PALETTE.tile, style.PALETTE.dark = saved[2]
        style.PALETTE.no_color = False
