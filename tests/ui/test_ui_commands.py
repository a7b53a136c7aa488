"""The command line's ``play`` options, and the command palette inside the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from great_harbor import cli, cli_saves
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.colony_view import ColonyViewScreen
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.textshot import screen_text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--players", "Ana"], "a game has 2 to 4 players, not 1"),
        (["play", "--players", "Ana,Ben,Cleo,Dido,Eve"], "a game has 2 to 4 players, not 5"),
        (["play", "--players", "Ana,Ben,Cleo,Dido", "--automa"], "with the Automa a game has 1 to 3 people"),
        (["play", "--players", "Ana,ana"], "every player needs a different name"),
        (["play", "--players", "Ana,,Ben"], "every name must be non-empty"),
        (["play", "--players", "Ana,Automa", "--automa"], "only the Automa is called 'Automa'"),
        (["play", "--players", "Ana,Automa"], "only the Automa is called 'Automa'"),
        (["play", "--players", "Ana,Ben", "--seed", "x"], "argument --seed: expected a whole number, got 'x'"),
        (["play", "--players", "Ana", "--rivals", "hard,genius"], "rivals are easy, normal, hard, separated by commas, "
                                                                  "not 'genius'"),
        (["play", "--players", "Ana,Ben", "--rivals", "hard,easy", "--automa"],
         "a game has 2 to 4 seats, not 5 (2 people and 2 rivals and the Automa)"),
        (["play", "--players", "Ana", "--rivals", "easy", "--load", "x.json"], "argument --load: not allowed with"),
        (["play"], "one of the arguments --players --load is required"),
    ],
)
def test_play_rejects_bad_options(argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_saves, "run_app", lambda **kw: pytest.fail("the app must not start"))
    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = exc.code  # argparse's own errors
    assert code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_play_and_no_command_start_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, object]] = []
    monkeypatch.setattr(cli_saves, "run_app", lambda **kw: calls.append(kw) or 0)
    assert cli.main(["play", "--players", " Ana , Ben ", "--seed", "7"]) == 0
    assert cli.main(["play", "--players", "Ana", "--automa"]) == 0
    assert cli.main(["play", "--players", "Ana,Ben", "--shops"]) == 0
    assert calls == [
        {"players": ["Ana", "Ben"], "automa": False, "seed": 7, "shops": False, "saves_dir": None, "data": None,
         "rivals": []},
        {"players": ["Ana"], "automa": True, "seed": None, "shops": False, "saves_dir": None, "data": None,
         "rivals": []},
        {"players": ["Ana", "Ben"], "automa": False, "seed": None, "shops": True, "saves_dir": None, "data": None,
         "rivals": []},
    ]
    assert cli.main(["play", "--players", "Ana", "--rivals", "hard, Normal", "--automa"]) == 0
    assert calls[-1] == {"players": ["Ana"], "automa": True, "seed": None, "shops": False, "saves_dir": None,
                         "data": None, "rivals": ["hard", "normal"]}
    started: list[dict[str, object]] = []
    monkeypatch.setattr(cli_saves, "run_app", lambda **kw: started.append(kw) or 0)
    assert cli.main([]) == 0 and started == [{"saves_dir": None, "data": None}]
    assert cli.main(["--saves-dir", "/tmp/x"]) == 0 and started[-1] == {"saves_dir": Path("/tmp/x"), "data": None}


async def test_command_palette_opens_a_colony() -> None:
    app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"view colony ben")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ColonyViewScreen)
        assert "Colony of Ben" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
