"""The lookup's search index, kept between runs so that ``great-harbor rules`` answers at once.

Building the index (the reference parsed, the card glossary made from the catalogue, every word
normalised) is most of what a rules question costs on the command line. The index only changes
when what it is made from changes, so it is kept as plain JSON (never a pickle: reading it cannot
run code) in the user's cache folder (``great_harbor.cache_folder``, as the catalogue cache) under
a key made of exactly that: the bytes of the reference's files, of the lookup's and the data
package's source, of every ``*.yaml`` file of the catalogue folder (and the folder's path), and
the versions of the game and of Python. Computing the key reads those files and imports neither
the catalogue's code nor the glossary's.

The file starts with a header naming its key and the SHA-256 of the rest; then come the index's
words (one line of JSON), and a line for each entry and one for each entry's words, read only when
a search first needs that entry. A missing, stale,
damaged or refused file (one that another user could have written) means the index is built as
usual and the file written again; it never changes an answer, and never stops the command.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

from great_harbor import __version__
from great_harbor.cache_folder import cache_dir, private
from great_harbor.lookup.search import SearchIndex
from great_harbor.safe_io import read_regular

__all__ = ["index_key", "read_index", "write_index"]

_PREFIX = "lookup-index-"
_SUFFIX = ".json"
_FORMAT = "great-harbor lookup index cache"
_VERSION = 1
_MAX_BYTES = 16 * 1024 * 1024  # the shipped reference and glossary make about 1 MB
_LOOKUP = Path(__file__).resolve().parent  # the lookup package: reference files, parser, glossary, search
_DATA_CODE = _LOOKUP.parent / "data"  # the catalogue's classes, which the glossary reads


def _sources() -> list[Path]:
    return [*sorted(_LOOKUP.glob("*.py")), *sorted((_LOOKUP / "reference").iterdir()), *sorted(_DATA_CODE.glob("*.py"))]


def index_key(catalogue_dir: Path) -> str | None:
    """The key of the index of the reference and the catalogue in ``catalogue_dir``, or None when
    a file it is made from cannot be read (then nothing is cached)."""
    digest = hashlib.sha256(f"{_VERSION}\0{__version__}\0{sys.version}\0".encode())
    try:
        digest.update(str(catalogue_dir.resolve()).encode("utf-8", "surrogateescape") + b"\0")
        for path in [*_sources(), *sorted(catalogue_dir.glob("*.yaml"))]:
            digest.update(path.name.encode("utf-8", "surrogateescape") + b"\0" + path.read_bytes() + b"\0")
    except (OSError, RuntimeError):
        return None
    return digest.hexdigest()[:24]


def _json(value: object) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def _file_name(key: str) -> str:
    return f"{_PREFIX}{key}{_SUFFIX}"


def read_index(key: str) -> SearchIndex | None:
    """The index kept under ``key``, or None if there is none that can be trusted."""
    folder = cache_dir()
    if folder is None:
        return None
    path = folder / _file_name(key)
    try:
        if not (private(folder) and private(path)):
            return None  # someone else could have written it
        head, _, body = read_regular(path, _MAX_BYTES).partition(b"\n")
        if json.loads(head) != {"format": _FORMAT, "version": _VERSION, "key": key,
                                "sha256": hashlib.sha256(body).hexdigest()}:
            return None
        core, *rows = body.split(b"\n")
        state = json.loads(core)
        count = len(state["ids"])
        if len(rows) != 2 * count:
            return None
        # each entry, and its words, is made from its line when first used
        state["entries"], state["texts"] = rows[:count], rows[count:]
        return SearchIndex.from_state(state)
    except Exception:  # noqa: BLE001 - missing, damaged or refused: any failure means "build it again"
        return None


def write_index(key: str, index: SearchIndex) -> None:
    """Keep ``index`` under ``key`` (replacing older keys); silently does nothing if it cannot."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not private(folder):
            return  # a shared folder: a file written there could not be trusted when read back
        state = index.to_state()
        rows = [*state.pop("entries"), *state.pop("texts")]  # a line each (JSON escapes line breaks)
        body = b"\n".join(_json(part) for part in [state, *rows])
        header = {"format": _FORMAT, "version": _VERSION, "key": key, "sha256": hashlib.sha256(body).hexdigest()}
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(json.dumps(header).encode() + b"\n" + body)
            os.replace(tmp, folder / _file_name(key))
        except BaseException:
            os.unlink(tmp)
            raise
        for old in folder.glob(f"{_PREFIX}*{_SUFFIX}"):
            if old.name != _file_name(key):
                old.unlink(missing_ok=True)  # older keys: only the newest index is kept
    except (OSError, TypeError, ValueError):
        return
