"""Fuzzing (hypothesis) of the files the game reads: real records and catalogue files, mutated byte by
byte and value by value (with huge numbers, deep nesting, control characters, wrong types), then
given to every command that reads them. Whatever the file holds: the command succeeds or exits 1,
never with a traceback; an error is one line; nothing printed holds a control character; the file
is left exactly as it was. ``bench/soak.py`` runs the same attacks for longer."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml  # type: ignore[import-untyped]
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from great_harbor import cli_saves
from great_harbor.cli import main
from great_harbor.data import Catalogue, default_data_dir
from great_harbor.data.catalogue import FILE_NAMES
from great_harbor.record import render, seal
from great_harbor.text import unsafe

RECORDS = Path(__file__).parent / "records"

# Values a hostile file holds where a sane one holds something else.
HOSTILE_SCALARS = st.one_of(
    st.integers(), st.integers(min_value=10**18, max_value=10**40), st.just(10**4000), st.booleans(), st.none(),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
    st.sampled_from(["\x1b]2;owned\x07", "\x1b[2J", "\u202eevil", "\udcff", "x" * 5000, "", "draft", "red",
                     "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00", "sha256:" + "0" * 64]),
)
HOSTILE = st.recursive(HOSTILE_SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=8) \
    | st.integers(100, 900).map(lambda n: json.loads("[" * n + "]" * n))
BYTES = st.sampled_from([b"\x1b", b"\xff", b"{", b"}", b"[", b"]", b'"', b",", b"9" * 5000, b"[" * 990,
                         b"\x00", b"\n", b"-", b"1e400", b"NaN"])


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in nested data (dict keys and list indexes)."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from paths(value, (*prefix, i))


def put(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


_DELETE = object()


@st.composite
def mutated_json(draw: st.DrawFn, text: str) -> bytes:
    """``text`` (a JSON document) changed: bytes overwritten, or one value replaced or deleted
    (then, often, sealed again, so the change gets past the checksum)."""
    if draw(st.booleans()):
        raw = text.encode()
        for _ in range(draw(st.integers(1, 3))):
            at = draw(st.integers(0, len(raw)))
            cut = draw(st.integers(0, 8))
            raw = raw[:at] + draw(BYTES) + raw[at + cut:]
        return raw
    data = json.loads(text)
    places = [p for p in paths(data) if p]
    place = draw(st.sampled_from(places))
    value = draw(HOSTILE | st.just(_DELETE))
    put(data, place, value)
    try:
        if draw(st.booleans()) and isinstance(data, dict):
            data = seal(data)
        return render(data).encode("utf-8", "surrogatepass")
    except (ValueError, RecursionError):  # a value JSON cannot write (a number too long): write it by hand
        return json.dumps(data, default=str).encode("utf-8", "surrogatepass")


def check_output(status: int, out: str, err: str) -> None:
    assert status in (0, 1), (status, err)
    assert "Traceback" not in out + err
    assert not any(unsafe(ch) for ch in out + err if ch != "\n"), err
    lines = err.splitlines()
    assert all(line.startswith(("error: ", "warning: ")) for line in lines), err
    if status == 1:
        assert len([line for line in lines if line.startswith("error: ")]) == 1, err
    else:
        assert not any(line.startswith("error: ") for line in lines), err


# --- records --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record_texts() -> list[str]:
    return [(RECORDS / name).read_text() for name in
            ("v0.1.0-21e4b00-automa-shops.json", "v0.1.0-21e4b00-three-seats-finished.json")]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_a_mutated_record_is_refused_in_one_line_or_read_by_every_command(
    tmp_path_factory: pytest.TempPathFactory, catalogue: Catalogue, record_texts: list[str],
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    monkeypatch.setattr(cli_saves, "run_app", lambda *a, **k: 0)
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "game.json"
    content = data.draw(mutated_json(data.draw(st.sampled_from(record_texts))))
    path.write_bytes(content)
    for argv in (["saves", "--saves-dir", str(folder)], ["saves", "--saves-dir", str(folder), "--json"],
                 ["export-log", str(path)], ["export-log", str(path), "--force"],
                 ["play", "--load", str(path), "--force", "--saves-dir", str(folder)],
                 ["replay", str(path)], ["stats", "--saves-dir", str(folder)],
                 ["stats", "--saves-dir", str(folder), "--json"]):
        status = main(argv)
        captured = capsys.readouterr()
        check_output(status, captured.out, captured.err)
        assert path.read_bytes() == content, argv
    shutil.rmtree(folder)


# --- catalogue files ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def catalogue_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("catalogue") / "data"
    shutil.copytree(default_data_dir(), folder)
    return folder


@st.composite
def mutated_yaml(draw: st.DrawFn, text: str) -> bytes:
    """A catalogue file changed: bytes overwritten, a value replaced or deleted, a key given twice."""
    how = draw(st.sampled_from(["bytes", "value", "twice"]))
    if how == "bytes":
        raw = text.encode()
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + draw(BYTES | st.sampled_from([b": ", b"&a ", b"*a", b"!!python/object:os.system ", b"\t"]))\
            + raw[at + draw(st.integers(0, 6)):]
    if how == "twice":
        lines = text.splitlines(keepends=True)
        keyed = [i for i, line in enumerate(lines) if ":" in line and not line.lstrip().startswith(("#", "-"))]
        if not keyed:
            return text.encode()
        i = draw(st.sampled_from(keyed))
        return "".join(lines[:i + 1] + [lines[i]] + lines[i + 1:]).encode()
    data = yaml.safe_load(text)
    place = draw(st.sampled_from([p for p in paths(data) if p]))
    value = draw(HOSTILE.filter(lambda v: not (isinstance(v, list) and str(v).startswith("[[[[[")))
                 | st.just(_DELETE))
    put(data, place, value)
    try:
        return yaml.safe_dump(data, allow_unicode=False).encode()
    except (ValueError, yaml.YAMLError, RecursionError):
        return text.encode()


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_a_mutated_catalogue_file_is_refused_in_one_line_or_loaded_by_every_command(
    catalogue_copy: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    name = data.draw(st.sampled_from(FILE_NAMES))
    path = catalogue_copy / name
    original = (default_data_dir() / name).read_text()
    content = data.draw(mutated_yaml(original))
    path.write_bytes(content)
    try:
        argvs = [["validate-data", str(catalogue_copy)], ["validate-data", str(catalogue_copy), "--json"]]
        if random.Random(len(content)).random() < 0.25:  # the lookup's index is slower to build: now and then
            argvs.append(["rules", "corsair", "--data", str(catalogue_copy)])
        for argv in argvs:
            status = main(argv)
            captured = capsys.readouterr()
            if argv[0] == "rules" and status == 1 and not captured.err.startswith("error: "):
                continue  # the query found nothing in a catalogue without that card: said in its own words
            check_output(status, "" if status == 0 else captured.out, captured.err)
            assert path.read_bytes() == content
    finally:
        path.write_text(original)
