"""More from the 3-person game (issue 29, point 8): the new-game form after Continue shows the
continued game's seats with their kinds (the hard rival, not Human) and its Shops, so that Start
never begins a different game without a word; in F2, ↑ ↓ move like ← →."""

from __future__ import annotations

from pathlib import Path

from great_harbor.data import Catalogue
from great_harbor.engine import Seat
from great_harbor.session import Session
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.colony_view import ColonyViewScreen
from great_harbor.ui.screens.new_game import NewGameScreen, OnOffBox
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.cycle import Cycle


async def test_the_form_after_continue_shows_the_continued_games_setup(catalogue: Catalogue, tmp_path: Path) -> None:
    seats = [Seat("Ana"), Seat("Ben"), Seat("Marcus", rival="hard")]
    session = Session.new(catalogue, seats, seed=4, shops_variant=True, path=tmp_path / "game.json")
    for _ in range(3):
        session.apply(session.game.legal_actions()[0])
    session.close()
    app = make_app(session=Session.load(catalogue, tmp_path / "game.json"), saves_dir=tmp_path,
                   automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        app.show_new_game()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        kinds = [str(form.query_one(f"#kind-{i}", Cycle).value) for i in range(4)]
        assert kinds[:3] == ["Human", "Human", "Hard rival"] and kinds[3] == "Empty"
        assert form.query_one("#shops", OnOffBox).value
        setup = form.read_setup()
        assert not isinstance(setup, str)
        assert [s.rival for s in setup.seats] == ["", "", "hard"] and setup.shops


async def test_up_and_down_move_the_marker_in_f2_as_left_and_right_do() -> None:
    """F2 lists the players with ▸ on the one shown: ↑ ↓ move it, as in any list."""
    app = make_app(seed=7, players=["Ana", "Ben", "Cleo"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        screen = app.screen
        assert isinstance(screen, ColonyViewScreen)
        first = screen.seat
        await pilot.press("down")
        assert screen.seat == (first + 1) % 3
        assert "▸" in screen_text(app)
        await pilot.press("up", "up")
        assert screen.seat == (first - 1) % 3
