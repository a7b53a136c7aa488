"""``great-harbor stats`` and ``great-harbor schema stats`` (issue 34)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from test_stats import played

from great_harbor.cli import main
from great_harbor.data import Catalogue, load_catalogue
from great_harbor.engine import Seat


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue(None)


@pytest.fixture
def folder(tmp_path: Path, cat: Catalogue) -> Path:
    for name, seed, seats in (("a", 21, [Seat("Ana"), Seat("Ben")]),
                              ("b", 22, [Seat("Ana"), Seat("Vic", rival="normal"), Seat("Automa", automa=True)])):
        record, game = played(cat, seed, seats)
        (tmp_path / f"{name}.json").write_text(record.dumps(game))
    (tmp_path / "broken.json").write_text('{"format": "great-harbor game record"')
    return tmp_path


def test_stats_prints_each_player_and_skips_a_broken_file_in_one_line(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--saves-dir", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"Games in {folder}: 2 finished, 0 in progress.")
    assert "\nAna: 2 games finished; won " in out and "\nBen: 1 game finished; won " in out
    assert "against the Automa" in out and "Normal rival: 1 game finished" in out
    assert err == "warning: skipped broken.json: the record is cut short (it ends after 37 bytes)\n"
    assert main(["--saves-dir", str(folder), "stats", "--player", "ben"]) == 0
    out = capsys.readouterr().out
    assert "Ben: 1 game finished" in out and "Ana:" not in out and "rival:" not in out


def test_an_unknown_player_is_one_line(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--saves-dir", str(folder), "--player", "Zed"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == f"error: no game of 'Zed' in {folder}"


def test_the_json_meets_its_schema(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "stats"]) == 0
    schema = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert main(["stats", "--saves-dir", str(folder), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator(schema).validate(data)
    ana = next(p for p in data["people"] if p["name"] == "Ana")
    assert ana["finished"] == 2 and set(ana["by_opponents"]) == {"people", "automa", "normal rival"}
    assert [s["file"] for s in data["skipped"]] == ["broken.json"]
    data["people"][0]["kind"] = "dragon"
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    del data["people"][0]["last_results"]
    data["people"][0]["kind"] = "person"
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    assert [e.message for e in errors] == ["'last_results' is a required property"]


def test_an_empty_or_missing_folder_has_no_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--saves-dir", str(tmp_path / "none")]) == 0
    assert capsys.readouterr().out == f"Games in {tmp_path / 'none'}: 0 finished, 0 in progress.\n"


def test_export_log_ends_with_how_the_game_went(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from great_harbor.record import load

    game = load(folder / "b.json", load_catalogue(None)).game
    assert main(["export-log", str(folder / "b.json")]) == 0
    out = capsys.readouterr().out
    tail = out[out.index("\nHow the game went:\n"):].splitlines()
    assert out.index("Final scores:") < out.index("How the game went:")
    for p, score in zip(game.s.players, game.s.final_scores, strict=True):
        row = next(line for line in tail if line.startswith(f"{'◆●▲■'[p.seat]} {p.name} "))
        assert row.split()[-1].rstrip("▁▂▃▄▅▆▇█") == str(score["total"])
    assert tail[-1].startswith("lead taken")
