"""Where saves and the catalogue cache live: the platform's folders (platformdirs), under the
environment variables and options that override them."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import platformdirs.macos
import platformdirs.windows
import pytest

from great_harbor.data.cache import cache_dir
from great_harbor.saves import SaveError, saves_dir

XDG = ("XDG_DATA_HOME", "XDG_CACHE_HOME")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of the test's own, with none of the variables that name folders set."""
    folder = tmp_path / "home"
    monkeypatch.setenv("HOME", str(folder))
    for name in (*XDG, "GREAT_HARBOR_SAVES", "GREAT_HARBOR_CACHE"):
        monkeypatch.delenv(name, raising=False)
    return folder


def test_linux_default_folders(home: Path) -> None:
    assert saves_dir() == home / ".local" / "share" / "great-harbor" / "saves"
    assert cache_dir() == home / ".cache" / "great-harbor"


def test_linux_xdg_variables(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert saves_dir() == tmp_path / "data" / "great-harbor" / "saves"
    assert cache_dir() == tmp_path / "cache" / "great-harbor"
    # The XDG specification: a relative path in these variables is ignored.
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert saves_dir() == home / ".local" / "share" / "great-harbor" / "saves"
    assert cache_dir() == home / ".cache" / "great-harbor"


def test_the_game_variables_and_the_option_come_first(home: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("GREAT_HARBOR_SAVES", str(tmp_path / "my-saves"))
    monkeypatch.setenv("GREAT_HARBOR_CACHE", str(tmp_path / "my-cache"))
    assert saves_dir() == tmp_path / "my-saves"
    assert saves_dir(tmp_path / "option") == tmp_path / "option"
    assert cache_dir() == tmp_path / "my-cache"
    monkeypatch.setenv("GREAT_HARBOR_SAVES", "~/games")
    assert saves_dir() == home / "games"
    monkeypatch.setenv("GREAT_HARBOR_CACHE", "")
    assert cache_dir() is None  # an empty value turns the cache off


def test_macos_folders(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.macos.MacOS)
    assert saves_dir() == home / "Library" / "Application Support" / "great-harbor" / "saves"
    assert cache_dir() == home / "Library" / "Caches" / "great-harbor"


def test_windows_folders(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    local = tmp_path / "AppData" / "Local"

    def known_folder(csidl_name: str) -> str:
        assert csidl_name == "CSIDL_LOCAL_APPDATA"  # not the roaming profile: saves stay on the machine
        return str(local)

    monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.windows.Windows)
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", known_folder)
    assert saves_dir() == local / "great-harbor" / "saves"
    assert cache_dir() == local / "great-harbor" / "Cache"


def test_no_home_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A container under a user id with no passwd entry and no $HOME: no cache, and saves need
    to be told where to go (one clear line, not a folder called '~' in the working folder)."""
    import pwd

    def unknown(uid: int) -> pwd.struct_passwd:
        raise KeyError(uid)

    for name in ("HOME", *XDG, "GREAT_HARBOR_SAVES", "GREAT_HARBOR_CACHE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(pwd, "getpwuid", unknown)
    assert cache_dir() is None
    with pytest.raises(SaveError, match="GREAT_HARBOR_SAVES or pass --saves-dir"):
        saves_dir()
    assert saves_dir(tmp_path) == tmp_path
