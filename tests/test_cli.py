"""The command line's exit codes and messages."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("command", ["play", "replay", "saves", "export-log", "rules", "validate-data", "simulate"])
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
    from great_harbor import cli

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(cli, "run_app", lambda **kw: calls.append(kw) or 0)
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
        def run(self) -> None:
            pass

    def make_app(**kwargs: object) -> App:
        cat = kwargs["catalogue"]
        assert isinstance(cat, Catalogue)
        seen.append(cat)
        return App()

    monkeypatch.setattr("great_harbor.ui.app.make_app", make_app)
    monkeypatch.setattr("great_harbor.startup.pause_collector", lambda: None)  # no app resumes it here
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


def test_play_with_a_broken_catalogue_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import gc

    assert gc.isenabled()
    assert main(["play", "--players", "Ana,Ben", "--data", str(tmp_path / "absent")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "no such directory" in err
    assert gc.isenabled()  # paused for the app's start-up, which did not happen
