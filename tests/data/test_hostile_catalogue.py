"""A hostile or careless catalogue (issue 18, point 12): refused early, in one line that names
file, entry and field, with strict types and bounded sizes, whatever the command."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from great_harbor.cli import main
from great_harbor.data import CatalogueError, default_data_dir, load_catalogue


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(default_data_dir(), folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def refused(data: Path) -> str:
    with pytest.raises(CatalogueError) as info:
        load_catalogue(data)
    message = str(info.value)
    assert message and "\n" not in message and "\x1b" not in message
    return message


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("true", "field 'speed': Input should be a valid integer (found true)"),
        ("'2'", "field 'speed': Input should be a valid integer (found \"2\")"),
        ("2.0", "field 'speed': Input should be a valid integer (found 2.0)"),
        ("2.5", "field 'speed': Input should be a valid integer (found 2.5)"),
        ("null", "field 'speed': Input should be a valid integer (found null)"),
        ("1000", "field 'speed': Input should be less than or equal to 999"),
        ("2000000", "ships[1].speed: the number 2000000… is far too large"),
        ("9" * 5000, "not valid YAML: a number thousands of digits long"),
        ("2020-01-01", "ships[1].speed: 2020-01-01 is read as a date"),
    ],
)
def test_numbers_are_strict_and_bounded(data: Path, value: str, expected: str) -> None:
    edit(data / "ships.yaml", "speed: 2", f"speed: {value}")
    assert expected in refused(data)


def test_a_key_given_twice_is_an_error_not_last_one_wins(data: Path) -> None:
    edit(data / "ships.yaml", "speed: 2", "speed: 2, speed: 3")
    assert refused(data) == ("ships.yaml: (file): not valid YAML at line 7: "
                             "the key 'speed' is given twice in one mapping")
    shutil.copy(default_data_dir() / "ships.yaml", data / "ships.yaml")
    edit(data / "supply.yaml", "  rounds: 5", "  rounds: 5\n  rounds: 6")
    assert "the key 'rounds' is given twice" in refused(data)


@pytest.mark.parametrize(
    ("field", "old", "new", "expected"),
    [
        ("id", "id: ship-1", "id: \"ship-1\\e]2;owned\\a\"", "ships[0] (ship-1\\x1b]2;owned\\x07): field 'id'"),
        ("id", "id: ship-1", "id: " + "s" * 41, "field 'id': String should have at most 40 characters"),
        ("name", "name: Celox", "name: \"Celox\\e[2J\"", "field 'name': String should match pattern"),
        ("name", "name: Celox", "name: \"Celox\\u202eevil\"", "field 'name': String should match pattern"),
        ("name", "name: Celox", "name: " + "C" * 61, "field 'name': String should have at most 60 characters"),
        ("name", "name: Celox", "name: ''", "field 'name': String should have at least 1 character"),
    ],
)
def test_texts_are_bounded_and_free_of_control_characters(data: Path, field: str, old: str, new: str,
                                                          expected: str) -> None:
    edit(data / "ships.yaml", old, new)
    assert expected in refused(data)


def test_a_persons_text_may_break_lines_but_holds_no_escape(data: Path) -> None:
    persons = data / "persons.yaml"
    text = persons.read_text()
    old = '"Turn up to two red dice'
    for new, expected in [('"Two\\nlines. Turn up to two red dice', None),
                          ('"Bell\\a. Turn up to two red dice', "field 'text': String should match pattern"),
                          ('"' + "x" * 1000 + "Turn up to two red dice",
                           "field 'text': String should have at most 1000")]:
        persons.write_text(text.replace(old, new, 1))
        if expected is None:
            assert load_catalogue(data).persons["person-1"].text.startswith("Two\nlines.")
        else:
            assert expected in refused(data)


def test_counts_are_checked_before_the_entries_are_validated(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from great_harbor.data import catalogue

    ships = data / "ships.yaml"
    first = ships.read_text().split("\n  - ")[1]
    ships.write_text(ships.read_text() + "".join("\n  - " + first.rstrip() for _ in range(200)) + "\n")
    validated: list[str] = []
    real = catalogue._validate
    monkeypatch.setattr(catalogue, "_validate", lambda name, *a: validated.append(name) or real(name, *a))
    assert refused(data) == "ships.yaml: ships: the rulebook has 20 ships, found 220"
    assert "ships.yaml" not in validated


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda p: p.write_text("ships:\n" + "  - {id: x, name: y}\n" * 20_000), "is larger than 256 KB"),
        (lambda p: p.write_text(
            "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
            "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
            "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n" + p.read_text()), "more than 20000 values"),
        (lambda p: (p.unlink(), os.mkfifo(p)), "ships.yaml: (file): is not a regular file"),
        (lambda p: (p.unlink(), p.symlink_to("/dev/zero")), "ships.yaml: (file): is not a regular file"),
        (lambda p: p.write_text("ships: " + "[" * 5000 + "]" * 5000), "not valid YAML"),
    ],
)
def test_huge_files_alias_bombs_and_special_files_are_refused_at_once(
    data: Path, make: Callable[[Path], object], expected: str
) -> None:
    make(data / "ships.yaml")
    start = time.perf_counter()
    assert expected in refused(data)
    assert time.perf_counter() - start < 30  # refused, not worked through (the bench would show a slow path)


def test_every_command_reading_a_catalogue_says_so_in_one_line(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(data / "ships.yaml", "speed: 2", "speed: " + "9" * 5000)
    for argv in (["validate-data", str(data)], ["validate-data", str(data), "--json"],
                 ["rules", "corsair", "--data", str(data)], ["rules", "--list", "--data", str(data)]):
        assert main(argv) == 1
        captured = capsys.readouterr()
        assert captured.err.count("\n") == 1 and "thousands of digits" in captured.err, (argv, captured.err)
        assert "Traceback" not in captured.err
