"""The checked catalogue kept between runs (``load_catalogue(cache=True)``): same result, faster,
never trusted when anything it was made from changed, never a reason to fail."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from great_harbor.data import catalogue as catalogue_module
from great_harbor.data import default_data_dir, load_catalogue
from great_harbor.data.cache import cache_dir
from great_harbor.data.catalogue import CatalogueError


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GREAT_HARBOR_CACHE", str(folder))
    return folder


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A copy of the shipped catalogue that a test may edit."""
    folder = tmp_path / "data"
    shutil.copytree(default_data_dir(), folder)
    return folder


def _no_validation(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise AssertionError("the catalogue was validated although a cached one was there")

    monkeypatch.setattr(catalogue_module, "_validate", refuse)


def _kept(folder: Path) -> list[Path]:
    return sorted(folder.glob("catalogue-*.json"))


def test_a_second_load_comes_from_the_cache_unchanged(
    cache: Path, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load_catalogue(data, cache=True)
    assert len(_kept(cache)) == 1
    _no_validation(monkeypatch)
    second = load_catalogue(data, cache=True)
    assert second is not first
    assert second.fingerprint == first.fingerprint
    assert second.directory == first.directory
    assert second.counts() == first.counts()
    assert second.ships == first.ships and second.persons == first.persons
    assert second.harbor == first.harbor and second.automa_cards == first.automa_cards
    assert second.cell_slots == first.cell_slots


def test_without_cache_nothing_is_written_or_read(
    cache: Path, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_catalogue(data)
    assert not cache.exists()
    load_catalogue(data, cache=True)
    calls: list[str] = []
    real = catalogue_module._validate
    monkeypatch.setattr(catalogue_module, "_validate", lambda name, *a: calls.append(name) or real(name, *a))
    load_catalogue(data)  # validate-data and the tests: always the full check
    assert len(calls) == 14


def test_an_edited_file_is_never_served_from_the_cache(cache: Path, data: Path) -> None:
    load_catalogue(data, cache=True)
    old = _kept(cache)
    ships = data / "ships.yaml"
    ships.write_text(ships.read_text().replace("name: Celox", "name: Celox Nova", 1))
    cat = load_catalogue(data, cache=True)
    assert cat.ships["ship-1"].name == "Celox Nova"
    assert _kept(cache) != old and len(_kept(cache)) == 1  # the stale entry is replaced


def test_a_broken_edit_is_reported_even_after_a_good_load_was_cached(cache: Path, data: Path) -> None:
    load_catalogue(data, cache=True)
    ships = data / "ships.yaml"
    ships.write_text(ships.read_text().replace("speed: 3", "speed: fast", 1))
    with pytest.raises(CatalogueError, match="ships.yaml"):
        load_catalogue(data, cache=True)


def test_another_pydantic_version_means_another_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What pydantic accepted is what was cached: the key follows its version.py, read without
    importing it (a fake package stands in for pydantic here)."""
    import importlib.machinery
    import importlib.util

    from great_harbor.data import cache as cache_module

    fake = tmp_path / "pydantic"
    fake.mkdir()
    spec = importlib.machinery.ModuleSpec("pydantic", None, is_package=True)
    spec.submodule_search_locations = [str(fake)]
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: spec)
    keys = []
    for version in ("2.13.4", "2.14.0"):
        (fake / "version.py").write_text(f"VERSION = {version!r}\n")
        keys.append(cache_module.cache_key(tmp_path, b"same files"))
    assert None not in keys and keys[0] != keys[1]
    (fake / "version.py").unlink()
    assert cache_module.cache_key(tmp_path, b"same files") is None  # unreadable: no cache, no error


def test_a_damaged_cache_file_means_a_full_load(cache: Path, data: Path) -> None:
    good = load_catalogue(data, cache=True)
    (path,) = _kept(cache)
    written = path.read_bytes()
    head, body = written.split(b"\n", 1)
    for damage in (b"", b"not json", b"{}\n{}", written[:-10], head + b"\n" + body.replace(b"Celox", b"Cel0x"),
                   written.replace(b'"key":"', b'"key":"x')):
        path.write_bytes(damage)
        cat = load_catalogue(data, cache=True)
        assert cat.fingerprint == good.fingerprint and cat.counts() == good.counts()
        assert cat.ships["ship-1"].name == "Celox"
    assert path.read_bytes() == written  # rewritten with the real catalogue


def _forge(path: Path, change: Callable[[bytes], bytes]) -> None:
    """Edit a cache file's body and give it a matching header (what a deliberate forger would do)."""
    head, body = path.read_bytes().split(b"\n", 1)
    forged = change(body)
    assert forged != body
    body = forged
    header = json.loads(head)
    header["sha256"] = hashlib.sha256(body).hexdigest()
    path.write_bytes(json.dumps(header).encode() + b"\n" + body)


def test_a_forged_cache_naming_other_classes_or_breaking_the_catalogue_is_refused(cache: Path, data: Path) -> None:
    good = load_catalogue(data, cache=True)
    (path,) = _kept(cache)
    forgeries = [
        lambda b: b.replace(b'"$e":"Ship"', b'"$e":"Path"', 1),  # not an entry class of the catalogue
        lambda b: b.replace(b'"$n":"Colour"', b'"$n":"Signals"', 1),  # not one of its enums
        lambda b: b.replace(b'"speed":', b'"velocity":', 1),  # not a field of the entry
        lambda b: b.replace(b'"number":1,', b'"number":2,', 1),  # two ships numbered 2: the checks catch it
    ]
    for forge in forgeries:
        load_catalogue(data, cache=True)  # a good cache file again
        _forge(path, forge)
        cat = load_catalogue(data, cache=True)
        assert cat.counts() == good.counts() and cat.ships == good.ships
def test_a_cache_that_cannot_be_written_is_no_error(
    tmp_path: Path, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GREAT_HARBOR_CACHE", str(blocker / "cache"))
    assert load_catalogue(data, cache=True).counts()["ships"] == 20


def test_where_the_cache_lives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GREAT_HARBOR_CACHE", "")
    assert cache_dir() is None  # turned off
    monkeypatch.delenv("GREAT_HARBOR_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "great-harbor"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # the XDG spec: ignore a relative path
    assert cache_dir() == Path.home() / ".cache" / "great-harbor"


def test_no_home_folder_means_no_cache_and_no_error(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pwd

    def unknown(uid: int) -> pwd.struct_passwd:
        raise KeyError(uid)

    for name in ("GREAT_HARBOR_CACHE", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(pwd, "getpwuid", unknown)  # and no passwd entry for this user id
    assert cache_dir() is None
    assert load_catalogue(data, cache=True).counts()["ships"] == 20


class _Planted:
    """What someone could leave where the cache is read: unpickling it would run code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[Path]]:
        return (Path.touch, (self.marker,))


@pytest.mark.parametrize("shared", ["no", "folder", "file"])
def test_a_cache_file_never_runs_code(cache: Path, data: Path, tmp_path: Path, shared: str) -> None:
    """A pickle in place of the cache (in the user's own folder too) is never unpickled: the cache
    is JSON, read by building only the catalogue's own entry classes."""
    good = load_catalogue(data, cache=True)
    (path,) = _kept(cache)
    marker = tmp_path / "marker"
    path.write_bytes(pickle.dumps(_Planted(marker)))
    if shared != "no":
        (cache if shared == "folder" else path).chmod(0o777 if shared == "folder" else 0o666)
    cat = load_catalogue(data, cache=True)
    assert not marker.exists()
    assert cat.fingerprint == good.fingerprint and cat.counts() == good.counts()


def test_an_old_pickled_cache_is_left_unread_and_removed(cache: Path, data: Path, tmp_path: Path) -> None:
    cache.mkdir(mode=0o700)
    marker = tmp_path / "marker"
    old = cache / "catalogue-0123456789abcdef01234567.pickle"
    old.write_bytes(pickle.dumps(_Planted(marker)))
    load_catalogue(data, cache=True)
    assert not marker.exists() and not old.exists() and len(_kept(cache)) == 1


def test_the_game_from_a_cached_catalogue_never_imports_pydantic(cache: Path, data: Path) -> None:
    """A cached start is fast because it needs no validation: play a game to the end from a
    cached catalogue in a fresh process, drawing every board as the UI does, and check that
    pydantic (and the file models) were never imported."""
    load_catalogue(data, cache=True)
    script = f"""
import sys
from great_harbor.rivals.heuristic import choose
from great_harbor.data import load_catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.describe import describe
from great_harbor.ui.widgets.colony import colony_lines
from great_harbor.ui.widgets.dice import dice_text
from great_harbor.ui.widgets.displays import displays_text
from great_harbor.ui.widgets.senate import senate_text
from great_harbor.ui.widgets.trade import trade_text

cat = load_catalogue({str(data)!r}, cache=True)
game = Game.new(cat, [Seat("Ana"), Seat("Ben"), Seat("Automa", automa=True)], seed=3)
while game.pending is not None:
    for action in game.legal_actions():
        describe(game, action)
    displays_text(game), dice_text(game, 77), trade_text(game), senate_text(game)
    colony_lines(game, game.pending.seat, True, width=77)
    game.apply(choose(game))

imported = sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core")
                  or m == "great_harbor.data.files")
print(",".join(imported))
sys.exit(1 if imported else 0)
"""
    env = dict(os.environ, GREAT_HARBOR_CACHE=str(cache))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, f"imported after a cached load: {done.stdout.strip()} {done.stderr[-2000:]}"
