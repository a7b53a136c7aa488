"""The command line's exit codes and messages."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from great_harbor import cli_saves
from great_harbor.cli import main
from great_harbor.data import default_data_dir


def test_validate_data_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-data", str(default_data_dir()), "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert counts["harbor_tiles"] == 9 and counts["automa_cards"] == 28 and counts["ships_large"] == 4


def test_validate_data_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-data"]) == 0
    out = capsys.readouterr().out
    assert "is valid" in out and "persons" in out


def test_validate_data_broken_copy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "data"
    shutil.copytree(default_data_dir(), target)
    path = target / "ships.yaml"
    path.write_text(path.read_text().replace("hull: 1,", "hull: zero,", 1))
    assert main(["validate-data", str(target)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith("error: ships.yaml: ships[0] (ship-1): field 'hull'")


def test_validate_data_missing_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-data", str(tmp_path / "absent")]) == 1
    assert "no such directory" in capsys.readouterr().err


def test_unknown_option_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["validate-data", "--frobnicate"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --frobnicate" in err and "Traceback" not in err


@pytest.mark.parametrize("command", [["validate-data"], ["validate-data", "--json"], ["rules", "--list"]])
@pytest.mark.parametrize("unbuffered", ["", "1"])
def test_a_reader_that_went_away_gets_no_traceback(command: list[str], unbuffered: str) -> None:
    """``great-harbor validate-data | head -1``: the pipe is closed when the command writes, be
    the output written line by line or all at once at the end."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will read: every write fails with EPIPE
    env = dict(os.environ)
    env.pop("PYTHONUNBUFFERED", None)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = unbuffered
    proc = subprocess.Popen([sys.executable, "-m", "great_harbor", *command],
                            stdout=write_end, stderr=subprocess.PIPE, env=env)
    os.close(write_end)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1
    assert not err, err.decode()


# --- the command itself: version, help, options before or after the command -----------------------


def test_version_has_one_source(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    import great_harbor

    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"great-harbor {great_harbor.__version__}\n"
    assert version("great-harbor") == great_harbor.__version__  # the installed package says the same


def test_help_says_what_no_command_does_and_lists_commands_with_examples(
        capsys: pytest.CaptureFixture[str]) -> None:
    from great_harbor.cli import COMMAND_HELP, COMMANDS

    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "With no COMMAND it opens the new-game screen" in " ".join(out.split())
    assert set(COMMAND_HELP) == set(COMMANDS)  # every command has a line and an example
    positions = []
    for name, (text, example) in COMMAND_HELP.items():
        line = next(line for line in out.splitlines() if line.strip().startswith(f"{name} "))
        assert text in line
        assert example in out and example.startswith(f"great-harbor {name} ")
        positions.append(out.index(line))
    assert positions == sorted(positions)  # in the order of COMMAND_HELP: playing first, tools last
    assert list(COMMAND_HELP)[:2] == ["play", "replay"]
    for option in ("--version", "--saves-dir DIR", "--data DIR"):
        assert option in out


@pytest.mark.parametrize("command", ["play", "replay", "saves", "stats", "export-log", "rules", "validate-data",
                                     "simulate"])
def test_every_command_has_help_with_an_example(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    from great_harbor.cli import COMMAND_HELP

    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: great-harbor {command}")
    assert COMMAND_HELP[command][1].split(" ", 2)[2] in out


def _game_in(folder: Path) -> Path:
    from great_harbor.data import load_catalogue
    from great_harbor.session import Session

    session = Session.new(load_catalogue(), ["Ana", "Ben"], seed=3, folder=folder)
    assert session.path is not None
    return session.path


@pytest.mark.parametrize("before", [True, False])
def test_saves_dir_before_or_after_the_command(before: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GREAT_HARBOR_SAVES", str(tmp_path / "elsewhere"))
    path = _game_in(tmp_path / "mine")
    option = ["--saves-dir", str(tmp_path / "mine")]
    assert main([*option, "saves", "--json"] if before else ["saves", "--json", *option]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [entry["path"] for entry in listed] == [str(path)]
    out = tmp_path / "log.txt"
    name = path.stem  # a name as 'saves' lists it: found in the folder given
    assert main([*option, "export-log", name, "-o", str(out)] if before
                else ["export-log", name, "-o", str(out), *option]) == 0
    assert "Ana" in out.read_text()


def test_saves_dir_before_the_command_reaches_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from great_harbor import cli_saves

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(cli_saves, "run_app", lambda **kw: calls.append(kw) or 0)
    assert main(["--saves-dir", str(tmp_path), "play", "--players", "Ana,Ben"]) == 0
    assert main(["play", "--players", "Ana,Ben", "--saves-dir", str(tmp_path)]) == 0
    assert main(["--saves-dir", str(tmp_path)]) == 0  # no command: the new-game screen
    assert [call["saves_dir"] for call in calls] == [tmp_path] * 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--saves-dir", "a", "rules", "corsair"], "--saves-dir does not go with 'rules'"),
        (["--saves-dir", "a", "saves", "--saves-dir", "b"], "--saves-dir is given twice, with different folders"),
        (["--data", "a", "saves"], "--data does not go with 'saves'"),
        (["--data", "a", "play", "--players", "A,B", "--data", "b"], "--data is given twice"),
    ],
)
def test_misplaced_top_options_are_one_line(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 2 and "Traceback" not in err


def test_the_same_saves_dir_twice_is_fine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--saves-dir", str(tmp_path), "saves", "--saves-dir", str(tmp_path)]) == 0
    assert f"No saved games in {tmp_path}." in capsys.readouterr().out


# --- an edited catalogue: --data and $GREAT_HARBOR_DATA ----------------------------------------------


@pytest.fixture
def edited(tmp_path: Path) -> Path:
    """A copy of the shipped catalogue with one ship's hull changed."""
    target = tmp_path / "my-data"
    shutil.copytree(default_data_dir(), target)
    path = target / "ships.yaml"
    path.write_text(path.read_text().replace("hull: 1,", "hull: 2,", 1))
    return target


def test_validate_data_and_simulate_take_the_edited_catalogue(edited: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from great_harbor.data import load_catalogue

    fingerprint = load_catalogue(edited).fingerprint
    assert main(["validate-data"]) == 0
    assert fingerprint not in capsys.readouterr().out  # the shipped one
    monkeypatch.setenv("GREAT_HARBOR_DATA", str(edited))
    assert main(["validate-data"]) == 0
    assert f"Catalogue {edited} is valid (fingerprint {fingerprint})" in capsys.readouterr().out
    monkeypatch.delenv("GREAT_HARBOR_DATA")
    assert main(["--data", str(edited), "validate-data"]) == 0
    assert fingerprint in capsys.readouterr().out
    assert main(["simulate", "--games", "1", "--players", "2", "--json", "--data", str(edited / "absent")]) == 1
    assert "no such directory" in capsys.readouterr().err


@pytest.mark.parametrize("how", ["option", "option-before", "environment"])
def test_play_takes_the_edited_catalogue(how: str, edited: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from great_harbor.data import Catalogue

    seen: list[Catalogue] = []

    class App:
        return_code = 0

        def run(self) -> None:
            pass

    def make_app(**kwargs: object) -> App:
        cat = kwargs["catalogue"]
        assert isinstance(cat, Catalogue)
        seen.append(cat)
        return App()

    monkeypatch.setattr("great_harbor.ui.app.make_app", make_app)
    monkeypatch.setattr("great_harbor.startup.pause_collector", lambda: None)  # no app resumes it here
    monkeypatch.setattr(cli_saves, "terminal_problem", lambda: None)  # the tests may run without one
    argv = ["play", "--players", "Ana,Ben"]
    if how == "option":
        argv += ["--data", str(edited)]
    elif how == "option-before":
        argv = ["--data", str(edited), *argv]
    else:
        monkeypatch.setenv("GREAT_HARBOR_DATA", str(edited))
    assert main(argv) == 0
    assert seen[0].directory == edited
    assert seen[0].ships["ship-1"].hull == 2


def test_play_with_a_broken_catalogue_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    monkeypatch.setattr(cli_saves, "terminal_problem", lambda: None)  # the tests may run without one
    assert gc.isenabled()
    assert main(["play", "--players", "Ana,Ben", "--data", str(tmp_path / "absent")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "no such directory" in err
    assert gc.isenabled()  # paused for the app's start-up, which did not happen


# --- no terminal: one line, not a screen drawn into a file ----------------------------------------

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "records" / "v0.1.0-21e4b00-three-seats-finished.json"
NO_TERMINAL = "the game needs a terminal"


@pytest.mark.parametrize("command", [[], ["play", "--players", "Ana,Ben"], ["play", "--load", "GAME"],
                                     ["replay", str(RECORD)]])
def test_without_a_terminal_the_app_says_so_in_one_line(command: list[str], tmp_path: Path) -> None:
    """``great-harbor > out.txt 2>&1 < /dev/null`` (a script, CI, a service): one line and exit 2 at
    once, instead of escape codes written into the file and a wait for keys that never come."""
    shutil.copy(RECORD, tmp_path / "game.json")
    out = tmp_path / "out.txt"
    env = {key: value for key, value in os.environ.items() if key != "TEXTUAL_DRIVER"}
    with out.open("wb") as file:
        argv = [str(tmp_path / "game.json") if arg == "GAME" else arg for arg in command]
        done = subprocess.run([sys.executable, "-m", "great_harbor", *argv, "--saves-dir", str(tmp_path)],
                              stdin=subprocess.DEVNULL, stdout=file, stderr=subprocess.STDOUT, env=env, cwd=ROOT,
                              timeout=20)
    text = out.read_text()
    assert done.returncode == 2, text
    assert text == (f"great-harbor: {NO_TERMINAL} (stdin is not one); to play in a browser, run "
                    "'great-harbor serve'\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "out.txt"]  # no new save, no lock left


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal (POSIX)")
def test_keys_from_a_terminal_but_the_screen_into_a_file_is_refused_too(tmp_path: Path) -> None:
    """Textual draws on stderr: with only that one redirected, the file would get the screen."""
    import pty

    main_end, terminal = pty.openpty()
    out = tmp_path / "screen.txt"
    env = {key: value for key, value in os.environ.items() if key != "TEXTUAL_DRIVER"}
    try:
        with out.open("wb") as file:
            done = subprocess.run([sys.executable, "-m", "great_harbor", "--saves-dir", str(tmp_path)],
                                  stdin=terminal, stdout=terminal, stderr=file, env=env, cwd=ROOT, timeout=20)
    finally:
        os.close(terminal)
        os.close(main_end)
    text = out.read_text()
    assert done.returncode == 2 and text.count("\n") == 1 and f"{NO_TERMINAL} (stderr is not one)" in text
    assert "\x1b" not in text


def test_the_served_app_has_no_terminal_and_needs_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """``great-harbor serve`` runs the app over pipes with Textual's web driver, which
    textual-serve names in $TEXTUAL_DRIVER: no terminal is asked for there."""
    monkeypatch.setattr(sys, "__stdin__", None)
    assert cli_saves.terminal_problem() == f"{NO_TERMINAL} (stdin is not one)"
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert cli_saves.terminal_problem() is None


def test_a_save_opened_without_a_terminal_is_free_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """``play --load`` takes the save's lock before the app would start: refused, it lets go."""
    from great_harbor.data import load_catalogue
    from great_harbor.session import Session

    path = tmp_path / "game.json"
    shutil.copy(ROOT / "tests" / "records" / "0.1.0-solo-shops.json", path)
    monkeypatch.setattr(cli_saves, "terminal_problem", lambda: f"{NO_TERMINAL} (stdin is not one)")
    assert main(["play", "--load", str(path)]) == 2
    assert NO_TERMINAL in capsys.readouterr().err
    Session.load(load_catalogue(), path).close()  # not 'the game is open in another great-harbor'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
