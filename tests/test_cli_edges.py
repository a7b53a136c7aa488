"""The command line at its edges (issue 32, point 7): each case is one clear line, never an
internal error, and nothing that may be a game record is written over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from great_harbor.cli import main
from great_harbor.data import Catalogue
from great_harbor.engine.game import SEED_LIMIT
from great_harbor.record import GameRecord

NOBODY = "nosuchuser"


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str], status: int) -> str:
    try:
        got = main(argv)
    except SystemExit as exc:
        got = int(exc.code or 0)
    err = capsys.readouterr().err
    assert got == status, (argv, err)
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "internal error" not in err and "Traceback" not in err
    return err.strip()


@pytest.mark.parametrize("name, expected", [
    ("", "error: --load needs a saved game: its name (see 'great-harbor saves') or its file"),
    (".", "error: . is a folder, not a game record"),
    ("/", "error: / is a folder, not a game record"),
])
def test_play_load_of_no_file_is_one_line(name: str, expected: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert one_line(capsys, ["play", "--load", name], 2 if not name else 1) == expected


@pytest.fixture
def no_such_user() -> str:
    pwd = pytest.importorskip("pwd", reason="~user is a POSIX thing")
    try:
        pwd.getpwnam(NOBODY)
    except KeyError:
        return NOBODY
    pytest.skip(f"this computer has a user called {NOBODY}")


def test_a_catalogue_folder_of_an_unknown_user_is_one_line(no_such_user: str, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GREAT_HARBOR_DATA", f"~{no_such_user}/d")
    assert f"~{no_such_user}/d" in one_line(capsys, ["rules", "x"], 1)


def test_serve_with_a_saves_folder_of_an_unknown_user_is_one_line(no_such_user: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("textual_serve")
    err = one_line(capsys, ["serve", "--port", "0", "--saves-dir", f"~{no_such_user}/s"], 2)
    assert err == f"error: --saves-dir ~{no_such_user}/s: this computer knows no home folder of {no_such_user}"


def test_simulate_never_runs_past_the_largest_seed(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line(capsys, ["simulate", "--seed", str(SEED_LIMIT - 1), "--games", "2"], 2)
    assert err.endswith(f"give --seed {SEED_LIMIT - 2} at most")
    assert main(["simulate", "--seed", str(SEED_LIMIT - 2), "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["completed"] == 2


def test_export_log_never_replaces_a_damaged_record(tmp_path: Path, catalogue: Catalogue,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.json"
    record = GameRecord.new(catalogue, ["Ana", "Ben"], seed=3)
    text = record.dumps(record.replay(catalogue))
    game.write_text(text)
    damaged = {
        "cut.json": text[: len(text) // 3],  # cut short: still named as a record
        "zeros.json": "\0" * 200,  # a disk's garbage, named as a record
        "renamed.bak": text.replace('"format"', '"frmat"')[:5000],  # its format's name damaged
    }
    for name, content in damaged.items():
        (tmp_path / name).write_text(content)
        err = one_line(capsys, ["export-log", str(game), "-o", str(tmp_path / name), "--force"], 1)
        assert err.endswith("is a game record; export-log never writes over one (name another OUT)"), name
        assert (tmp_path / name).read_text() == content
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    assert main(["export-log", str(game), "-o", str(notes), "--force"]) == 0  # a plain text file: replaced


def test_the_schema_asks_for_two_to_four_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    seats = json.loads(capsys.readouterr().out)["$defs"]["SetupRecord"]["properties"]["seats"]
    assert (seats["minItems"], seats["maxItems"]) == (2, 4)
