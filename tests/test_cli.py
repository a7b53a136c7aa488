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
