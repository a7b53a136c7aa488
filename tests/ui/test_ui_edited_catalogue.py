"""Playing with an edited catalogue (``play --data DIR`` or ``$GREAT_HARBOR_DATA``): the changed
value shows in the game, and the game's save says so when it is opened with another catalogue."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from great_harbor import cli, cli_saves
from great_harbor.data import default_data_dir
from great_harbor.startup import resume_collector
from great_harbor.ui.app import GreatHarborApp
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.textshot import screen_text

ROPEYARD = """  - id: ropeyard
    name: Ropeyard
    benefits:
      - {resources: {rope: 1}}"""


@pytest.fixture
def edited(tmp_path: Path) -> Path:
    """A copy of the shipped catalogue whose Ropeyard gives 2 Rope (not 1) from 1 pip."""
    folder = tmp_path / "my-data"
    shutil.copytree(default_data_dir(), folder)
    harbor = folder / "harbor.yaml"
    text = harbor.read_text()
    assert ROPEYARD in text
    harbor.write_text(text.replace(ROPEYARD, ROPEYARD.replace("rope: 1", "rope: 2")))
    return folder


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[GreatHarborApp]]:
    """The apps the command line starts, kept to be driven by the test instead of run."""
    apps: list[GreatHarborApp] = []
    monkeypatch.setattr(GreatHarborApp, "run", lambda self, *a, **k: apps.append(self))
    monkeypatch.setattr(cli_saves, "terminal_problem", lambda: None)  # the tests may run without one
    yield apps
    resume_collector()  # the command line paused it until a first frame these apps may not have drawn


def ropeyard_lines(app: GreatHarborApp) -> list[str]:
    return [line for line in screen_text(app).splitlines() if "Rope" in line and "Ropeyard" not in line]


@pytest.mark.parametrize("how", ["option", "environment"])
async def test_the_edited_value_shows_at_the_table(how: str, edited: Path, started: list[GreatHarborApp],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--players", "Ana,Ben", "--seed", "7"]
    if how == "option":
        argv += ["--data", str(edited)]
    else:
        monkeypatch.setenv("GREAT_HARBOR_DATA", str(edited))
    assert cli.main(argv) == 0
    app = started[0]
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        first_tier = ropeyard_lines(app)[0]
        assert "1+ 2 Rope" in first_tier  # the map reads the edited catalogue
        await pilot.press(*["enter"] * 5)  # the draft: Ana's dice are B2 and Y1
        await pilot.pause()
        assert "Place B2 on Ropeyard (left shore): 2 Rope" in screen_text(app)


async def test_the_shipped_catalogue_still_gives_one_rope(started: list[GreatHarborApp]) -> None:
    assert cli.main(["play", "--players", "Ana,Ben", "--seed", "7"]) == 0
    app = started[0]
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert "1+ 1 Rope" in ropeyard_lines(app)[0]


async def test_a_game_played_with_an_edited_catalogue_says_so_elsewhere(
        edited: Path, started: list[GreatHarborApp], saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--players", "Ana,Ben", "--seed", "7", "--data", str(edited)]) == 0
    app = started.pop()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press(*["enter"] * 5)
        await pilot.pause()
    [path] = saves.glob("*.json")
    # Opened with the shipped catalogue: refused, saying which catalogue and how to go on.
    assert cli.main(["play", "--load", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "played with another component catalogue, an edited one" in err
    assert "start great-harbor with that catalogue (--data DIR)" in err and "(add --force" in err
    assert started == []
    # With the catalogue it was played with, it opens where it was left.
    assert cli.main(["play", "--load", path.stem, "--data", str(edited)]) == 0
    app = started[0]
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert app.session is not None and len(app.session.actions) == 4
        assert app.session.cat.directory == edited
        if isinstance(app.screen, HandOffScreen):  # Ana's turn goes on behind the hand-off screen
            await pilot.press("enter")
            await pilot.pause()
        assert "1+ 2 Rope" in ropeyard_lines(app)[0]
