"""The checked catalogue, kept between runs so that the game starts without validating it again.

Parsing the fourteen YAML files, validating them with pydantic (which a start from the cache never
imports) and cross-checking them is about a sixth of the game's start-up (see
``bench/ui.py``). The result only changes when the files, the models or the loader change, so the
game keeps the checked catalogue, pickled, in the user's cache folder under a key made of exactly
those: the bytes of every catalogue file, the folder they were read from, the source of this
package (``great_harbor/data``) and the versions of the game, Python and pydantic (which is
not imported for that: the pickle holds entries and enums of this package, nothing of pydantic's).

The cache can make start-up faster, never different: a missing, stale, corrupt or unreadable
cache file, or a folder that cannot be written, just means the full load. Only the interactive
program asks for it (``load_catalogue(cache=True)``); ``validate-data`` and the tests always
validate. The folder is ``$GREAT_HARBOR_CACHE``, else the platform's cache folder for the game
(``platformdirs``): ``$XDG_CACHE_HOME/great-harbor`` or ``~/.cache/great-harbor`` on Linux,
``~/Library/Caches/great-harbor`` on macOS, ``%LOCALAPPDATA%\\great-harbor\\Cache`` on Windows;
setting ``GREAT_HARBOR_CACHE`` to an empty string turns the cache off.

Reading a pickle runs whatever it says, so a cache file is read only when it and its folder
belong to the user running the game and nobody else can write to them: a file planted in a
shared or group-writable folder is ignored (and the catalogue validated in full).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .catalogue import Catalogue

ENV_CACHE = "GREAT_HARBOR_CACHE"
APP_NAME = "great-harbor"  # the folder name under the platform's cache folder
_PREFIX = "catalogue-"
_SUFFIX = ".pickle"
_SOURCE = Path(__file__).resolve().parent  # the data package: models, file models, loader


def _file_name(key: str) -> str:
    return f"{_PREFIX}{key}{_SUFFIX}"


def cache_dir() -> Path | None:
    """Where the cache lives, or None when it is turned off (or no home folder is known)."""
    explicit = os.environ.get(ENV_CACHE)
    if explicit is not None:
        return Path(explicit).expanduser() if explicit else None
    from platformdirs import user_cache_path

    try:
        folder = user_cache_path(APP_NAME, appauthor=False)
    except RuntimeError:  # no $HOME and no passwd entry (a container under an arbitrary user id)
        return None
    return folder if folder.is_absolute() else None  # older platformdirs leave "~" as it is then


def cache_key(root: Path, file_bytes: bytes) -> str | None:
    """The key of a catalogue read from ``root`` whose files hold ``file_bytes`` (in order), or
    None when the package's own source cannot be read (then nothing is cached)."""
    from great_harbor import __version__

    digest = hashlib.sha256()
    digest.update(str(root.resolve()).encode() + b"\0" + file_bytes)
    try:
        for source in sorted(_SOURCE.glob("*.py")):
            digest.update(source.name.encode() + b"\0" + source.read_bytes())
    except OSError:
        return None
    digest.update(f"{__version__}\0{sys.version}".encode())
    # pydantic's version too (what it accepts and converts could change), read from its
    # version.py without importing it: a cached start must not pay for pydantic.
    spec = importlib.util.find_spec("pydantic")
    if spec is None or not spec.submodule_search_locations:
        return None
    try:
        digest.update((Path(next(iter(spec.submodule_search_locations))) / "version.py").read_bytes())
    except OSError:
        return None
    return digest.hexdigest()[:24]


def _private(path: Path) -> bool:
    """Whether ``path`` belongs to the user running the game and nobody else may write to it."""
    if not hasattr(os, "getuid"):
        return True  # no owners to compare on this system
    info = path.stat()
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def read_cached(key: str, fingerprint: str) -> Catalogue | None:
    """The catalogue stored under ``key``, or None if there is none that can be trusted."""
    folder = cache_dir()
    if folder is None:
        return None
    from .catalogue import Catalogue

    path = folder / _file_name(key)
    try:
        if not (_private(folder) and _private(path)):
            return None  # someone else could have written it: never unpickle that
        with open(path, "rb") as f:
            cat = pickle.load(f)
    except Exception:  # noqa: BLE001 - missing or damaged: any failure means "load it in full"
        return None
    if not isinstance(cat, Catalogue) or cat.fingerprint != fingerprint:
        return None
    return cat


def write_cached(key: str, cat: Catalogue) -> None:
    """Keep ``cat`` under ``key`` (replacing older keys); silently does nothing if it cannot."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(folder):
            return  # a shared folder: a file written there could not be trusted when read back
        data = pickle.dumps(cat, protocol=pickle.HIGHEST_PROTOCOL)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, folder / _file_name(key))
        except BaseException:
            os.unlink(tmp)
            raise
        for old in folder.glob(f"{_PREFIX}*{_SUFFIX}"):
            if old.name != _file_name(key):
                old.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError):
        return
