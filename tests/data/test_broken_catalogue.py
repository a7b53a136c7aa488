"""A broken catalogue is refused with one line naming the file, the entry and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from great_harbor.data import CatalogueError, default_data_dir, load_catalogue


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(default_data_dir(), target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def _error(directory: Path) -> CatalogueError:
    with pytest.raises(CatalogueError) as info:
        load_catalogue(directory)
    assert "\n" not in str(info.value)
    return info.value


def test_missing_field(data_copy: Path) -> None:
    _edit(data_copy / "ships.yaml", "name: Lembus, ", "")
    err = _error(data_copy)
    assert (err.file, err.field) == ("ships.yaml", "name")
    assert "ship-2" in err.entry
    assert "missing" in str(err)


def test_extra_field(data_copy: Path) -> None:
    _edit(data_copy / "persons.yaml", "name: Corsair,", "name: Corsair, sword: 3,")
    err = _error(data_copy)
    assert (err.file, err.field) == ("persons.yaml", "sword")
    assert "person-21" in err.entry


def test_bad_number(data_copy: Path) -> None:
    old = "speed: 2, strength: 1, cargo: 1, hull: 2"
    _edit(data_copy / "ships.yaml", old, old.replace("speed: 2", "speed: 0"))
    err = _error(data_copy)
    assert err.file == "ships.yaml" and err.field == "speed" and "ship-2" in err.entry


def test_wrong_count(data_copy: Path) -> None:
    path = data_copy / "pirates.yaml"
    lines = [ln for ln in path.read_text().splitlines() if "pirate-10" not in ln]
    path.write_text("\n".join(lines) + "\n")
    err = _error(data_copy)
    assert err.file == "pirates.yaml"
    assert "10 pirates" in str(err)


def test_wrong_pirate_distribution(data_copy: Path) -> None:
    _edit(data_copy / "pirates.yaml", "name: Pirate King, strength: 3", "name: Pirate King, strength: 2")
    err = _error(data_copy)
    assert err.file == "pirates.yaml" and err.field == "strength"


def test_dangling_reference(data_copy: Path) -> None:
    _edit(data_copy / "automa.yaml", "tile: sailmaker", "tile: lighthouse_tile")
    err = _error(data_copy)
    assert err.file == "automa.yaml" and err.field == "tile" and "automa-1" in err.entry
    assert "lighthouse_tile" in str(err)


def test_bad_colour(data_copy: Path) -> None:
    _edit(data_copy / "harbor.yaml", "colours: [red, purple]}", "colours: [red, green]}")
    err = _error(data_copy)
    assert err.file == "harbor.yaml" and "h02" in err.entry and err.field == "colours.1"


def test_bad_dice_bonus_resource(data_copy: Path) -> None:
    _edit(data_copy / "dice_bonus.yaml", "red: rope, blue: sails", "red: gold, blue: sails")
    err = _error(data_copy)
    assert err.file == "dice_bonus.yaml" and "dice-bonus-1" in err.entry and err.field == "mapping.red"


def test_duplicate_id(data_copy: Path) -> None:
    _edit(data_copy / "buildings.yaml", "id: building-2,", "id: building-1,")
    err = _error(data_copy)
    assert err.file == "buildings.yaml" and err.field == "id" and "building-1" in err.entry


def test_layout_edge_named_twice(data_copy: Path) -> None:
    # h10 (top of cell 1,0) is the same edge as the bottom of cell 0,0.
    _edit(data_copy / "harbor.yaml", "{id: h10, cell: [1, 0], side: top", "{id: h10, cell: [0, 0], side: bottom")
    _edit(data_copy / "harbor.yaml", "{id: h00, cell: [0, 0], side: top", "{id: h00, cell: [1, 0], side: top")
    # Now h00 names the edge h10 used to; moving h10 to (0,0) bottom collides with it.
    err = _error(data_copy)
    assert err.file == "harbor.yaml" and err.field == "side"


def test_cell_outside_grid(data_copy: Path) -> None:
    _edit(data_copy / "harbor.yaml", "{id: v23, cell: [2, 2]", "{id: v23, cell: [3, 2]")
    err = _error(data_copy)
    assert err.file == "harbor.yaml" and "v23" in err.entry and err.field == "cell"


def test_non_yaml_text(data_copy: Path) -> None:
    (data_copy / "governors.yaml").write_text("governors: [ {id: governor-1\n  : : :\n")
    err = _error(data_copy)
    assert err.file == "governors.yaml" and "not valid YAML" in str(err)


def test_empty_file(data_copy: Path) -> None:
    (data_copy / "senate.yaml").write_text("")
    err = _error(data_copy)
    assert err.file == "senate.yaml" and "empty" in str(err)


def test_missing_file(data_copy: Path) -> None:
    (data_copy / "trade.yaml").unlink()
    err = _error(data_copy)
    assert err.file == "trade.yaml" and "missing" in str(err)


def test_chosen_names_a_real_field(data_copy: Path) -> None:
    _edit(data_copy / "governors.yaml", "name: Hanno, colours: [blue, yellow], chosen: [colours]",
          "name: Hanno, colours: [blue, yellow], chosen: [flavour]")
    err = _error(data_copy)
    assert err.file == "governors.yaml" and "governor-1" in err.entry and "flavour" in str(err)


def test_missing_directory(tmp_path: Path) -> None:
    err = _error(tmp_path / "nowhere")
    assert "no such directory" in str(err)
