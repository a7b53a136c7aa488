"""Small things a player notices: the map's arrows keep to the row, the new-game form starts from
the seats of the game played last."""

from __future__ import annotations

from table_turn import at_turn, table

from great_harbor.ui.app import make_app
from great_harbor.ui.screens.new_game import NewGameScreen
from great_harbor.ui.widgets.cycle import Cycle
from great_harbor.ui.widgets.harbor_map import HarborMap


async def test_left_and_right_on_the_map_never_jump_a_row() -> None:
    """From every slot, with every slot open (and with the table's own targets), left and right go
    to the nearest slot of the same row when there is one that way; up and down go straight when
    a slot lies straight that way."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        hmap = app.screen.query_one(HarborMap)
        everywhere = list(hmap._pos)
        for targets in (everywhere, hmap.targets()):
            for start in targets:
                x0, y0 = hmap._pos[start].point()
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    to = hmap.step_from(start, dx, dy, targets)
                    points = {slot: hmap._pos[slot].point() for slot in targets}
                    if dx:
                        row = [s for s, (x, y) in points.items() if y == y0 and (x - x0) * dx > 0]
                        if row:
                            assert to is not None and points[to][1] == y0, (start, dx)
                            assert abs(points[to][0] - x0) == min(abs(points[s][0] - x0) for s in row)
                    else:
                        straight = [s for s, (x, y) in points.items() if x == x0 and (y - y0) * dy > 0]
                        if straight and to is not None:
                            assert points[to][0] == x0 or abs(points[to][1] - y0) < min(
                                abs(points[s][1] - y0) for s in straight), (start, dy)
                    if to is not None:
                        x, y = points[to]
                        assert (x - x0) * dx + (y - y0) * dy > 0  # always in the pressed direction


async def test_the_new_game_form_starts_from_the_seats_of_the_game_played_last() -> None:
    first = make_app(seed=3, players=["Cleo", "Dido", "Eli"], automa=True, automa_delay=0, blink=False)
    async with first.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert first.session is not None and first.session.path is not None  # saved
    app = make_app(automa_delay=0, blink=False)  # the next run: the new-game form
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        names = [screen.query_one(f"#name-{i}").value for i in range(4)]  # type: ignore[attr-defined]
        kinds = [screen.query_one(f"#kind-{i}", Cycle).value for i in range(4)]
        assert names == ["Cleo", "Dido", "Eli", "Automa"]
        assert kinds == ["Human", "Human", "Human", "Automa"]
