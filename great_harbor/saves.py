"""Where games are saved, writing them safely, and listing them.

Saves live in ``$GREAT_HARBOR_SAVES`` if set, else in the ``saves`` folder of the platform's
folder for a user's application data (``platformdirs``): ``$XDG_DATA_HOME/great-harbor/saves``
or ``~/.local/share/great-harbor/saves`` on Linux, ``~/Library/Application Support/great-harbor/saves``
on macOS, ``%LOCALAPPDATA%\\great-harbor\\saves`` on Windows; a ``--saves-dir`` option overrides
them all. Each game
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
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import field
from datetime import datetime
from pathlib import Path
from typing import Any

from great_harbor.record import RecordError, check_header, parse, read_text
from great_harbor.text import MAX_NAME, inert
from great_harbor.value_class import value_class

ENV_SAVES = "GREAT_HARBOR_SAVES"
APP_NAME = "great-harbor"  # the folder name under the platform's data folder
SUFFIX = ".json"


class SaveError(Exception):
    """A save that could not be written; ``str()`` is one line, and the previous save is intact."""


def expand_user(path: str | Path) -> Path:
    """``path`` with a leading ``~`` or ``~user`` expanded; as given when there is no such user
    (or no home folder), so that using it says "no such file" rather than crash."""
    try:
        return Path(path).expanduser()
    except RuntimeError:
        return Path(path)


def saves_dir(override: str | Path | None = None) -> Path:
    """The folder saves go to (not created here). Raises SaveError when there is none: no option,
    no ``$GREAT_HARBOR_SAVES`` and no home folder."""
    if override:
        return expand_user(override)
    env = os.environ.get(ENV_SAVES, "")
    if env:
        return expand_user(env)
    from platformdirs import user_data_path

    try:
        base = user_data_path(APP_NAME, appauthor=False)
    except RuntimeError:  # no home folder is known (a container under a user id without a passwd entry)
        base = Path()
    if not base.is_absolute():
        raise SaveError(f"no home folder is known, so there is no saves folder: set {ENV_SAVES} or pass --saves-dir")
    return base / "saves"


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


def free_path(path: Path) -> Path:
    """A name beside ``path`` that no file has: ``NAME-2.json``, ``NAME-3.json``, ..."""
    stem = re.sub(r"-\d+$", "", path.stem)
    n = 2
    while True:
        candidate = path.with_name(f"{stem}-{n}{path.suffix}")
        if not candidate.exists() and not candidate.is_symlink():
            return candidate
        n += 1


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:16]


# --- writing --------------------------------------------------------------------------------------


def _write_chunk(fd: int, data: memoryview) -> int:
    """One ``os.write`` (a seam: tests make it fail as a full disk would)."""
    return os.write(fd, data)


def write_atomic(path: Path, text: str, kept: str = "the last good save is kept", *,
                 create_folder: bool = True) -> None:
    """Replace ``path`` by ``text`` so that a crash leaves the old file or the new one, whole.

    A symbolic link is followed: the file it points to is replaced, and the link stays. The new
    file keeps the mode of the one it replaces (a new file is readable by its owner only). On
    failure, SaveError's one-line message ends with ``kept`` (what the player still has).
    ``create_folder``: make the missing folders on the way (else a missing folder is an error).
    """
    path = _target(path)
    directory = path.parent
    try:
        if create_folder:
            directory.mkdir(parents=True, exist_ok=True)
        elif not directory.is_dir():
            raise SaveError(f"no such folder: {inert(directory)}; {kept}")
    except OSError as exc:
        raise SaveError(f"cannot create the folder {inert(directory)}: {_why(exc)}; {kept}") from None
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise SaveError(f"could not save {inert(path.name)}: the game holds text that is not valid Unicode; {kept}") \
            from None
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mode = None  # a new file: mkstemp's owner-only mode
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise SaveError(f"cannot save in {inert(directory)}: {_why(exc)}; {kept}") from None
    try:
        try:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
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
        raise SaveError(f"could not save {inert(path.name)}: {_why(exc)}; {kept}") from None
    _fsync_dir(directory)


def _target(path: Path) -> Path:
    """The file a write to ``path`` should replace: where a symbolic link points, else ``path``."""
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path))
    except (OSError, RuntimeError, ValueError):
        return path


def read_only(path: Path) -> bool:
    """Whether the save at ``path`` is meant not to be written: no write permission for us, or
    no write bit at all (``chmod a-w``; root may write anything, but that is still the owner's wish)."""
    try:
        info = os.stat(path)
    except OSError:
        return False  # no file yet: it is made when saved
    return not info.st_mode & 0o222 or not os.access(path, os.W_OK)


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


# --- one process per save ------------------------------------------------------------------------


class SaveInUse(SaveError):
    """Another process is playing this save; ``str()`` is one line saying so."""


class SaveLock:
    """The right to write one save, held by one process at a time for as long as it plays it.

    An exclusive ``flock`` on a small file beside the save (``.NAME.json.lock``, holding the
    holder's process id for the message): the system lets it go when the process ends, however
    it ends, so a crash or a kill never leaves a save locked. Where ``flock`` is not available
    the lock is not taken; :class:`SaveGuard` still keeps a second writer from destroying
    anything.
    """

    def __init__(self, fd: int, path: Path) -> None:
        self._fd: int | None = fd
        self.path = path

    @classmethod
    def acquire(cls, save: Path) -> SaveLock | None:
        """Lock ``save`` (after following a symbolic link); SaveInUse if another process has it,
        None when no lock can be taken here (no ``flock``, a folder we cannot write in)."""
        try:
            import fcntl
        except ImportError:
            return None
        target = _target(save)
        lock = target.with_name(f".{target.name}.lock")
        for _ in range(5):
            try:
                fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0),
                             0o600)
            except OSError:
                return None  # a read-only folder: nobody writes the save there anyway
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                holder = _holder(fd)
                os.close(fd)
                if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    who = f" (process {holder})" if holder else ""
                    raise SaveInUse(f"the game is open in another great-harbor{who}: "
                                    "go on there, or close it first") from None
                return None  # locks not supported on this file system
            # The holder before us removes the file when it lets go: make sure ours is still the
            # one at that name (else another process may lock a new one), or try again.
            try:
                same = os.fstat(fd).st_ino == os.stat(lock, follow_symlinks=False).st_ino
            except OSError:
                same = False
            if same:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, 0)
                    os.write(fd, f"{os.getpid()}\n".encode())
                return cls(fd, lock)
            os.close(fd)
        return None

    def release(self) -> None:
        """Let go of the save, and remove the lock file (a killed process leaves it: harmless,
        the lock itself ends with the process)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.path)  # while still locked: nobody can be holding this file
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def __del__(self) -> None:
        self.release()


def in_use(save: Path) -> bool:
    """Whether another process is playing ``save`` now (holds its lock); False where no lock is
    taken, and for this process's own game. Only looks: takes nothing, creates nothing."""
    try:
        import fcntl
    except ImportError:
        return False
    target = _target(save)
    if not target.name:
        return False
    try:
        fd = os.open(target.with_name(f".{target.name}.lock"),
                     os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False  # no lock file: nobody holds it
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)  # let go at once, with the file
    except OSError as exc:
        return exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES) and _holder(fd) != str(os.getpid())
    finally:
        os.close(fd)
    return False


def _holder(fd: int) -> str:
    with contextlib.suppress(OSError, ValueError):
        text = os.pread(fd, 32, 0).decode("ascii").strip()
        if text.isdigit():
            return text
    return ""


@value_class
class SaveGuard:
    """What the save file looked like when this process last read or wrote it.

    Before each autosave the file is compared with it: one changed since (by another program,
    another copy of the game where locks do not work, an editor) is not written over."""

    identity: tuple[int, int, int, int] | None = None

    @staticmethod
    def _of(path: Path) -> tuple[int, int, int, int] | None:
        try:
            info = os.stat(path)
        except OSError:
            return None
        return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns

    def note(self, path: Path) -> None:
        """Remember the file as it is now (just read or just written)."""
        self.identity = self._of(path)

    def changed(self, path: Path) -> bool:
        """Whether the file is no longer the one noted (a file that was not there and still is not is unchanged)."""
        return self._of(path) != self.identity


# --- listing --------------------------------------------------------------------------------------


@value_class(frozen=True)
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
        """The file's name without ``.json``, safe to print."""
        return inert(self.path.stem)

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
        return stamp.strftime("%Y-%m-%d %H:%M") if stamp else "?"


def read_info(path: Path) -> SaveInfo:
    """The listing entry for one file; a broken file gives an entry whose ``problem`` says why.

    Whatever the file holds, the entry's texts are safe to print (control characters escaped, cut
    to a sensible length) and its dates are ones the local clock can show."""
    try:
        data = parse(read_text(path))
        check_header(data)
    except RecordError as exc:
        stamp = _mtime(path)
        return SaveInfo(path, updated=stamp, problem=str(exc).removesuffix("; use force to try it anyway"))
    summary = _dict(data.get("summary"))
    setup = _dict(data.get("setup"))
    seats = [s for s in _list(setup.get("seats")) if isinstance(s, dict)][:_MAX_SEATS]
    return SaveInfo(
        path=path,
        seats=[_text(s.get("name", "?")) for s in seats],
        automa=[s.get("automa", False) is True for s in seats],
        rivals=[_text(s["rival"]) if isinstance(s.get("rival"), str) else "" for s in seats],
        round=_int(summary.get("round")),
        turn=_text(summary.get("turn", "")),
        phase=_text(summary.get("phase", "")),
        to_move=_text(summary["to_move"]) if isinstance(summary.get("to_move"), str) else None,
        actions=_int(summary.get("actions")),
        finished=summary.get("finished") is True,
        winners=[_text(w) for w in _list(summary.get("winners"))[:_MAX_SEATS] if isinstance(w, str)],
        created=_time(data.get("created")),
        updated=_time(data.get("updated")) or _mtime(path),
    )


_MAX_SEATS = 4


def _text(value: object) -> str:
    """A text from a record as a listing shows it: inert, and no longer than a seat's name."""
    text = inert(value if isinstance(value, str) else "?")
    return text if len(text) <= MAX_NAME + 2 else text[:MAX_NAME] + "…"


def list_saves(directory: str | Path | None = None) -> list[SaveInfo]:
    """Every saved game in the folder, most recently played first. A missing folder is empty."""
    folder = saves_dir(directory)
    try:
        files = [p for p in folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".") and p.is_file()]
    except OSError:
        return []
    infos = [read_info(p) for p in files]
    return sorted(infos, key=lambda i: (i.updated.timestamp() if i.updated else 0.0, i.path.stem), reverse=True)


def unfinished(directory: str | Path | None = None) -> list[SaveInfo]:
    """Readable games that are not over, most recent first: what "Continue" offers."""
    return [i for i in list_saves(directory) if i.ok and not i.finished]


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**6 else 0


def _time(value: object) -> datetime | None:
    """An ISO 8601 time from a record, in the local time zone; None if it is not one, or one the
    local clock cannot show (year 1, or 9999 at the far side of the date line)."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        stamp = datetime.fromisoformat(value)
        local = stamp.astimezone()  # a naive time is taken as local
        local.timestamp()  # the listing sorts by it
    except (ValueError, OverflowError, OSError):
        return None
    return local


def _mtime(path: Path) -> datetime | None:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    except (OSError, ValueError, OverflowError):
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
    "ENV_SAVES", "SaveError", "SaveGuard", "SaveInUse", "SaveInfo", "SaveLock", "expand_user", "free_path",
    "info_as_dict", "list_saves", "new_save_path", "read_info", "read_only", "remove_stale_temporaries",
    "saves_dir", "unfinished", "write_atomic",
]
