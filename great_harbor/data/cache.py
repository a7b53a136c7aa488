"""The checked catalogue, kept between runs so that the game starts without validating it again.

Parsing the fourteen YAML files, validating them with pydantic (which a start from the cache never
imports) and cross-checking them is about a sixth of the game's start-up (see
``bench/ui.py``). The result only changes when the files, the models or the loader change, so the
game keeps the checked catalogue in the user's cache folder under a key made of exactly those:
the bytes of every catalogue file, the folder they were read from, the source of this package
(``great_harbor/data``) and the versions of the game, Python and pydantic (which is not imported
for that).

The cache is plain JSON, never a pickle: reading it cannot run code, whoever wrote it. Each entry
is written with the name of its class (``{"$e": "Ship", "f": {...}}``), tuples, enums and
mappings likewise tagged, and read back by building only the entry classes and enums of
``models.py``, through their own constructors (which run the entries' own checks). The file
starts with a header naming its key and the SHA-256 of the rest; on reading, the key, the digest
and the catalogue-wide checks (``_check``: counts, references, the harbor grid) must all hold,
and the fingerprint comes from the files read now, never from the cache. What such checks cannot
catch is a deliberate edit by someone who can already write the user's own files; to be safe
against a shared folder, a cache is read only when it and its folder belong to the user running
the game and nobody else can write to them.

The cache can make start-up faster, never different: a missing, stale, corrupt, unreadable or
refused cache file, or a folder that cannot be written, just means the full load. Only the
interactive program asks for it (``load_catalogue(cache=True)``); ``validate-data`` and the tests
always validate. The folder is ``$GREAT_HARBOR_CACHE``, else the platform's cache folder for the
game (``platformdirs``): ``$XDG_CACHE_HOME/great-harbor`` or ``~/.cache/great-harbor`` on Linux,
``~/Library/Caches/great-harbor`` on macOS, ``%LOCALAPPDATA%\\great-harbor\\Cache`` on Windows;
setting ``GREAT_HARBOR_CACHE`` to an empty string turns the cache off.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import tempfile
from collections.abc import Callable
from enum import Enum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from great_harbor import __version__
from great_harbor.cache_folder import cache_dir as cache_dir  # the folder, shared with the lookup's index cache
from great_harbor.cache_folder import private as _private
from great_harbor.safe_io import read_regular

from . import models
from .entry import Entry, field_names

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# The catalogue's class, passed in by the catalogue module (which imports this one: the cache
# knows a catalogue only as a dataclass it stores and one it makes again).
C = TypeVar("C")

_PREFIX = "catalogue-"
_SUFFIX = ".json"
_FORMAT = "great-harbor catalogue cache"
_VERSION = 1
_MAX_BYTES = 4 * 1024 * 1024  # the shipped catalogue makes about 60 KB
_SOURCE = Path(__file__).resolve().parent  # the data package: models, file models, loader
# Catalogue fields the cache does not keep: where and what the files are is known from the files
# read now, and what the game computes later is computed again.
_NOT_KEPT = ("directory", "fingerprint", "_extra")


def _file_name(key: str) -> str:
    return f"{_PREFIX}{key}{_SUFFIX}"


def cache_key(root: Path, file_bytes: bytes) -> str | None:
    """The key of a catalogue read from ``root`` whose files hold ``file_bytes`` (in order), or
    None when the package's own source cannot be read (then nothing is cached)."""
    digest = hashlib.sha256()
    digest.update(str(root.resolve()).encode("utf-8", "surrogateescape") + b"\0" + file_bytes)
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


# --- the catalogue as tagged JSON -----------------------------------------------------------------


@cache
def _known() -> tuple[dict[str, type], dict[str, type[Enum]]]:
    """The only classes a cache file may name: the entry classes and enums of ``models.py``."""
    entries = {name: cls for name, cls in vars(models).items()
               if isinstance(cls, type) and issubclass(cls, Entry) and cls is not Entry}
    enums = {name: cls for name, cls in vars(models).items() if isinstance(cls, type) and issubclass(cls, Enum)}
    return entries, enums


def _encode(value: Any) -> Any:
    if isinstance(value, Entry):
        return {"$e": type(value).__name__, "f": {name: _encode(getattr(value, name)) for name in field_names(value)}}
    if isinstance(value, Enum):
        return {"$n": type(value).__name__, "v": value.value}
    if isinstance(value, tuple):
        return {"$t": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {"$d": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"the catalogue cache cannot keep a {type(value).__name__}")


class _Refused(ValueError):
    """The cache file names something it may not, or does not hold together."""


def _decode(obj: dict[str, Any]) -> Any:
    """``json.loads``'s object hook: a tagged object becomes what its tag says, from the allowed
    classes only; any other object stays a plain dict (the fields of an entry)."""
    size = len(obj)
    if size == 2:
        if "$e" in obj:
            cls = _known()[0].get(obj["$e"])
            values = obj.get("f")
            if cls is None or not isinstance(values, dict):
                raise _Refused(f"unknown entry class {obj['$e']!r}")
            if values.keys() != cls.__dataclass_fields__.keys():  # type: ignore[attr-defined]
                return cls(**values)  # not as written: the constructor says what is wrong
            entry: Any = object.__new__(cls)  # every field given, as the constructor would set them
            entry.__dict__.update(values)
            entry.__post_init__()  # the entry's own checks
            return entry
        if "$n" in obj:
            enum = _known()[1].get(obj["$n"])
            if enum is None:
                raise _Refused(f"unknown enum {obj['$n']!r}")
            return enum(obj.get("v"))
    elif size == 1:
        if "$t" in obj:
            return tuple(obj["$t"])
        if "$d" in obj:
            return {k: v for k, v in obj["$d"]}
    return obj


def dumps(cat: DataclassInstance, key: str) -> bytes:
    """The cache file for ``cat``: a header line, then the catalogue as tagged JSON."""
    import dataclasses

    body = json.dumps(
        {f.name: _encode(getattr(cat, f.name)) for f in dataclasses.fields(cat) if f.name not in _NOT_KEPT},
        separators=(",", ":"), ensure_ascii=False,
    ).encode()
    header = {"format": _FORMAT, "version": _VERSION, "key": key, "sha256": hashlib.sha256(body).hexdigest()}
    return json.dumps(header).encode() + b"\n" + body


def loads(data: bytes, key: str, root: Path, fingerprint: str, make: Callable[..., C],
          check: Callable[[C], None]) -> C:
    """The catalogue in a cache file, made by ``make`` and cross-checked by ``check`` (the catalogue
    module's, which imports this one); ValueError (or any error) when it cannot be trusted."""
    head, _, body = data.partition(b"\n")
    header = json.loads(head)
    if header != {"format": _FORMAT, "version": _VERSION, "key": key, "sha256": hashlib.sha256(body).hexdigest()}:
        raise _Refused("another key, version or content")
    fields = json.loads(body, object_hook=_decode)
    if not isinstance(fields, dict):
        raise _Refused("not a catalogue")
    cat = make(directory=root, fingerprint=fingerprint, **fields)
    check(cat)  # counts, cross-references and the harbor grid hold
    return cat


def read_cached(key: str, fingerprint: str, root: Path, make: Callable[..., C],
                check: Callable[[C], None]) -> C | None:
    """The catalogue stored under ``key``, or None if there is none that can be trusted."""
    folder = cache_dir()
    if folder is None:
        return None
    path = folder / _file_name(key)
    try:
        if not (_private(folder) and _private(path)):
            return None  # someone else could have written it
        return loads(read_regular(path, _MAX_BYTES), key, root, fingerprint, make, check)
    except Exception:  # noqa: BLE001 - missing, damaged or refused: any failure means "load it in full"
        return None


def write_cached(key: str, cat: DataclassInstance) -> None:
    """Keep ``cat`` under ``key`` (replacing older keys); silently does nothing if it cannot."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(folder):
            return  # a shared folder: a file written there could not be trusted when read back
        data = dumps(cat, key)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, folder / _file_name(key))
        except BaseException:
            os.unlink(tmp)
            raise
        for old in [*folder.glob(f"{_PREFIX}*{_SUFFIX}"), *folder.glob(f"{_PREFIX}*.pickle")]:
            if old.name != _file_name(key):
                old.unlink(missing_ok=True)  # older keys, and the pickles earlier versions kept
    except (OSError, TypeError, ValueError):
        return
