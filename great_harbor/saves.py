"""Where games are saved, writing them safely, and listing them.

Saves live in ``$GREAT_HARBOR_SAVES`` if set, else ``$XDG_DATA_HOME/great-harbor/saves``, else
``~/.local/share/great-harbor/saves``; a ``--saves-dir`` option overrides all three. Each game
is one record file (see :mod:`great_harbor.record`), rewritten after every action by
:func:`write_atomic`: a temporary file in the same folder, flushed and fsynced, renamed over the
old one, then the folder fsynced. A crash or SIGKILL at any moment leaves either the previous
save or the new one, never a mix; a failed write (no space, no permission) leaves the previous
save as it was and raises :class:`SaveError` with a one-line message.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from great_harbor.record import RecordError, check_header, parse, read_text

ENV_SAVES = "GREAT_HARBOR_SAVES"
SUFFIX = ".json"


class SaveError(Exception):
    """A save that could not be written; ``str()`` is one line, and the previous save is intact."""


def saves_dir(override: str | Path | None = None) -> Path:
    """The folder saves go to (not created here)."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_SAVES, "")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME", "")
    # The XDG spec says to ignore a relative path.
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "great-harbor" / "saves"


def new_save_path(directory: Path, names: Sequence[str], when: datetime | None = None) -> Path:
    """A fresh file name for a new game: its start time and seat names, ``-2`` etc. if taken."""
    when = when or datetime.now()
    slug = "-".join(_slug(n) for n in names) or "game"
    stem = f"{when:%Y-%m-%d_%H%M%S}_{slug}"
    path = directory / f"{stem}{SUFFIX}"
    n = 2
    while path.exists():
        path = directory / f"{stem}-{n}{SUFFIX}"
        n += 1
    return path


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:16]


# --- writing --------------------------------------------------------------------------------------


def _write_chunk(fd: int, data: memoryview) -> int:
    """One ``os.write`` (a seam: tests make it fail as a full disk would)."""
    return os.write(fd, data)


def write_atomic(path: Path, text: str, kept: str = "the last good save is kept") -> None:
    """Replace ``path`` by ``text`` so that a crash leaves the old file or the new one, whole.

    On failure, SaveError's one-line message ends with ``kept`` (what the player still has).
    """
    directory = path.parent
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"cannot create the folder {directory}: {_why(exc)}; {kept}") from None
    data = text.encode("utf-8")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise SaveError(f"cannot save in {directory}: {_why(exc)}; {kept}") from None
    try:
        try:
            view = memoryview(data)
            while view:
                written = _write_chunk(fd, view)
                if written <= 0:
                    raise OSError(errno.EIO, "the write made no progress")
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise SaveError(f"could not save {path.name}: {_why(exc)}; {kept}") from None
    _fsync_dir(directory)


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable. Some systems cannot open folders: that is not an error."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temporaries(path: Path) -> int:
    """Delete temporary files a killed process left beside ``path``; returns how many."""
    removed = 0
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()
            removed += 1
    return removed


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if exc.errno == errno.EROFS:
        return "the disk is read-only"
    text = exc.strerror or str(exc) or type(exc).__name__
    return text[0].lower() + text[1:]


# --- listing --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SaveInfo:
    """One saved game as a listing shows it, read from the record's summary (no replay)."""

    path: Path
    seats: list[str] = field(default_factory=list)
    automa: list[bool] = field(default_factory=list)
    rivals: list[str] = field(default_factory=list)  # per seat: a computer rival's level, or ""
    round: int = 0
    turn: str = ""
    phase: str = ""
    to_move: str | None = None
    actions: int = 0
    finished: bool = False
    winners: list[str] = field(default_factory=list)
    created: datetime | None = None
    updated: datetime | None = None
    problem: str = ""  # why the file cannot be used ("" when it can)

    @property
    def ok(self) -> bool:
        return not self.problem

    @property
    def name(self) -> str:
        return self.path.stem

    def seats_text(self) -> str:
        rivals = self.rivals or [""] * len(self.seats)
        return ", ".join(f"{n} (Automa)" if a else f"{n} ({r} rival)" if r else n
                         for n, a, r in zip(self.seats, self.automa, rivals, strict=False))

    def status(self) -> str:
        if self.problem:
            return f"unreadable: {self.problem}"
        if self.finished:
            return ("finished, won by " + " and ".join(self.winners)) if self.winners else "finished"
        where = f"round {self.round}, turn {self.turn}"
        return f"{where}, {self.to_move} to move" if self.to_move else where

    def when(self) -> str:
        stamp = self.updated or self.created
        return stamp.astimezone().strftime("%Y-%m-%d %H:%M") if stamp else "?"


def read_info(path: Path) -> SaveInfo:
    """The listing entry for one file; a broken file gives an entry whose ``problem`` says why."""
    try:
        data = parse(read_text(path))
        check_header(data)
    except RecordError as exc:
        stamp = _mtime(path)
        return SaveInfo(path, updated=stamp, problem=str(exc).removesuffix("; use force to try it anyway"))
    summary = _dict(data.get("summary"))
    setup = _dict(data.get("setup"))
    seats = [s for s in _list(setup.get("seats")) if isinstance(s, dict)]
    return SaveInfo(
        path=path,
        seats=[str(s.get("name", "?")) for s in seats],
        automa=[bool(s.get("automa", False)) for s in seats],
        rivals=[s["rival"] if isinstance(s.get("rival"), str) else "" for s in seats],
        round=_int(summary.get("round")),
        turn=str(summary.get("turn", "")),
        phase=str(summary.get("phase", "")),
        to_move=summary.get("to_move") if isinstance(summary.get("to_move"), str) else None,
        actions=_int(summary.get("actions")),
        finished=summary.get("finished") is True,
        winners=[w for w in _list(summary.get("winners")) if isinstance(w, str)],
        created=_time(data.get("created")),
        updated=_time(data.get("updated")) or _mtime(path),
    )


def list_saves(directory: str | Path | None = None) -> list[SaveInfo]:
    """Every saved game in the folder, most recently played first. A missing folder is empty."""
    folder = saves_dir(directory)
    try:
        files = [p for p in folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".") and p.is_file()]
    except OSError:
        return []
    infos = [read_info(p) for p in files]
    return sorted(infos, key=lambda i: (i.updated.timestamp() if i.updated else 0.0, i.name), reverse=True)


def unfinished(directory: str | Path | None = None) -> list[SaveInfo]:
    """Readable games that are not over, most recent first: what "Continue" offers."""
    return [i for i in list_saves(directory) if i.ok and not i.finished]


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _time(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        stamp = datetime.fromisoformat(value)
    except ValueError:
        return None
    return stamp if stamp.tzinfo else stamp.astimezone()


def _mtime(path: Path) -> datetime | None:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    except OSError:
        return None


def info_as_dict(info: SaveInfo) -> dict[str, object]:
    """A listing entry as JSON-friendly data (``great-harbor saves --json``)."""
    return {
        "path": str(info.path),
        "seats": info.seats,
        "automa": info.automa,
        "rivals": info.rivals,
        "round": info.round,
        "turn": info.turn,
        "phase": info.phase,
        "to_move": info.to_move,
        "actions": info.actions,
        "finished": info.finished,
        "winners": info.winners,
        "updated": info.updated.isoformat() if info.updated else None,
        "problem": info.problem or None,
    }


__all__ = [
    "ENV_SAVES", "SaveError", "SaveInfo", "info_as_dict", "list_saves", "new_save_path", "read_info",
    "remove_stale_temporaries", "saves_dir", "unfinished", "write_atomic",
]
