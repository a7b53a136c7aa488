"""``great-harbor schema``: the JSON Schema of the record file and of each catalogue file, made from
the models the game validates with; the schema validates real records and the shipped catalogue,
and refuses what the game refuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml  # type: ignore[import-untyped]
from gameplay import NAMES, agent_action

from great_harbor.cli import main
from great_harbor.data import Catalogue, default_data_dir
from great_harbor.data.catalogue import FILE_NAMES
from great_harbor.engine import Seat
from great_harbor.session import Session

RECORDS = Path(__file__).parent / "records"


def schema(capsys: pytest.CaptureFixture[str], *what: str) -> dict[str, Any]:
    assert main(["schema", *what]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_the_record_schema_validates_real_records(tmp_path: Path, catalogue: Catalogue,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    record_schema = schema(capsys)
    assert record_schema == schema(capsys, "record")
    jsonschema.Draft202012Validator.check_schema(record_schema)
    validator = jsonschema.Draft202012Validator(record_schema)
    session = Session.new(catalogue, [*NAMES[:2], Seat("Automa", automa=True)], seed=4, shops_variant=True,
                          folder=tmp_path)
    while not session.game.is_over:
        session.apply(agent_action(session.game, 4, len(session.actions)))
    assert session.path is not None
    records = [session.path, *sorted(RECORDS.rglob("*.json"))]
    for path in records:
        validator.validate(json.loads(path.read_text()))
    kinds = {a["kind"] for a in json.loads(session.path.read_text())["actions"]}
    assert len(kinds) > 10  # the finished game used many kinds of action, all described


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d["actions"][3].update(kind="teleport"), "actions/3"),
        (lambda d: d["actions"][3].update(die="3"), "actions/3"),
        (lambda d: d["setup"]["seats"][0].update(name="\x1b]2;owned\x07"), "setup/seats/0/name"),
        (lambda d: d["setup"].update(seed=2**64), "setup/seed"),
        (lambda d: d["setup"].update(extra=True), "setup"),
        (lambda d: d.pop("setup"), ""),
    ],
)
def test_the_record_schema_refuses_what_loading_refuses(capsys: pytest.CaptureFixture[str], change: Any,
                                                        path: str) -> None:
    validator = jsonschema.Draft202012Validator(schema(capsys, "record"))
    data = json.loads((RECORDS / "v0.1.0-21e4b00-automa-shops.json").read_text())
    change(data)
    errors = list(validator.iter_errors(data))
    assert errors and any("/".join(map(str, e.absolute_path)).startswith(path) for e in errors)


def test_each_catalogue_file_has_a_schema_that_the_shipped_file_meets(capsys: pytest.CaptureFixture[str]) -> None:
    everything = schema(capsys, "all")
    assert list(everything) == ["record", *FILE_NAMES, "stats"]
    for name in FILE_NAMES:
        one = schema(capsys, name.removesuffix(".yaml"))
        assert one == schema(capsys, name) == everything[name]
        jsonschema.Draft202012Validator.check_schema(one)
        data = yaml.safe_load((default_data_dir() / name).read_text())
        if name == "supply.yaml":  # JSON has no whole-number keys: as a tool reading YAML into JSON sees it
            data = json.loads(json.dumps(data))
        jsonschema.Draft202012Validator(one).validate(data)
    ships = everything["ships.yaml"]
    bad = yaml.safe_load((default_data_dir() / "ships.yaml").read_text())
    bad["ships"][0]["speed"] = True
    assert list(jsonschema.Draft202012Validator(ships).iter_errors(bad))


def test_an_unknown_schema_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: no schema called 'nope'; there are: record, harbor.yaml")
