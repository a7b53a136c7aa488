"""What each saved game says for the statistics, read once and kept in a cache beside the saves.

    index = read_index(folder, cat)      # IndexResult: entries (one per readable record), skipped
    index.entries[0].seats[0].name       # who sat where; scores and places once the game is over

Reading a finished game means replaying its record (the final scoring items are not in the file),
some milliseconds each; a folder of a thousand games would take many seconds. So what each record
gives is kept in ``.stats-cache.json`` in the saves folder, keyed by the record's checksum: a file
whose size and modification time are as cached is not opened at all; one that changed is read
again, and replayed only if its checksum is not in the cache (a file renamed or copied is not).
A record that cannot be read or trusted (damaged, edited by hand, another catalogue, not a record
at all) is skipped with its reason; a game not over gives only its seats ("in progress"): nothing
of its state is kept. The cache is dropped whole when the program or the catalogue changes; a
cache that cannot be written (a read-only folder) only makes the next run slower.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from great_harbor import __version__
from great_harbor.data import Catalogue
from great_harbor.engine.scoring import ranking
from great_harbor.record import RecordError, check_header, load, parse, read_text
from great_harbor.saves import SUFFIX, SaveError, write_atomic
from great_harbor.text import inert

CACHE_NAME = ".stats-cache.json"
CACHE_FORMAT = "great-harbor stats cache"
CACHE_VERSION = 1
FORCE_NOTE = "; use force to try it anyway"


@dataclass(frozen=True)
class SeatEntry:
    """One seat of a game: its name and what sits there (``person``, ``automa`` or ``rival`` with
    its ``level``)."""

    name: str
    kind: str
    level: str = ""


@dataclass(frozen=True)
class GameEntry:
    """One readable record: its seats, and once it is over every seat's final scoring items, place
    (1 = first; seats tied on Prestige and coins share it), the winners and the hints used."""

    file: str
    checksum: str
    date: str  # when the record was last written (ISO 8601)
    finished: bool
    seats: tuple[SeatEntry, ...]
    scores: tuple[dict[str, int], ...] = ()
    places: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    hints: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any], file: str) -> GameEntry:
        return cls(
            file=file, checksum=data["checksum"], date=data["date"], finished=data["finished"],
            seats=tuple(SeatEntry(**s) for s in data["seats"]), scores=tuple(data["scores"]),
            places=tuple(data["places"]), winners=tuple(data["winners"]), hints=data["hints"],
        )


@dataclass(frozen=True)
class Skipped:
    """A file of the saves folder that is not used, and why (one line)."""

    file: str
    reason: str


@dataclass
class IndexResult:
    entries: list[GameEntry] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    replayed: int = 0  # records read in full this time (not found in the cache)


def entry_of(path: Path, cat: Catalogue, checksum: str = "") -> GameEntry:
    """Read, check and replay one record (``checksum``: its checksum, when already read).
    RecordError (one line) when it cannot be used."""
    loaded = load(path, cat)
    record, game = loaded.record, loaded.game
    seats = tuple(SeatEntry(s.name, "automa" if s.automa else "rival" if s.rival else "person", s.rival)
                  for s in record.seats)
    checksum = checksum or str(parse(read_text(path)).get("checksum", ""))
    date = record.updated or record.created
    if not game.is_over:  # "in progress": nothing of a running game is kept
        return GameEntry(path.name, checksum, date, False, seats)
    scores = tuple(dict(sc) for sc in game.s.final_scores)
    order = ranking(game, list(scores))
    key = [(scores[i]["total"], game.s.players[i].coins) for i in range(len(scores))]
    places = tuple(1 + sum(1 for j in order if key[j] > key[i]) for i in range(len(scores)))
    return GameEntry(path.name, checksum, date, True, seats, scores, places, tuple(game.s.winners), record.hints)


def read_index(folder: Path, cat: Catalogue, use_cache: bool = True,
               progress: Callable[[int, int], None] | None = None) -> IndexResult:
    """Every record of ``folder`` (``*.json``, not hidden), from the cache where it still holds.
    ``progress(done, total)`` is told after each file read afresh (the slow ones)."""
    out = IndexResult()
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith("."))
    except OSError:
        return out  # no folder: no games
    cache = _read_cache(folder / CACHE_NAME, cat) if use_cache else _empty(cat)
    games: dict[str, Any] = cache["games"]
    known: dict[str, Any] = cache["files"]
    seen: dict[str, Any] = {}
    kept: dict[str, Any] = {}
    changed = False
    for done, path in enumerate(files, start=1):
        try:
            info = path.stat()
        except OSError as exc:
            out.skipped.append(Skipped(inert(path.name), (exc.strerror or str(exc)).lower()))
            continue
        stamp = {"size": info.st_size, "mtime": info.st_mtime_ns}
        row = known.get(path.name)
        entry = _cached(row, stamp, games, path.name)
        if entry is None and not (row is not None and _same(row, stamp) and isinstance(row.get("problem"), str)):
            row = {**stamp, **_read_one(path, cat, games, out)}
            entry = _cached(row, stamp, games, path.name)
            changed = True
            if progress is not None:
                progress(done, len(files))
        assert row is not None
        seen[path.name] = row
        if entry is None:
            out.skipped.append(Skipped(inert(path.name), inert(row.get("problem") or "unreadable")))
            continue
        kept[entry.checksum] = games[entry.checksum]
        out.entries.append(entry)
    if use_cache and (changed or set(seen) != set(known)):
        _write_cache(folder / CACHE_NAME, {**cache, "files": seen, "games": kept})
    return out


def _same(row: dict[str, Any], stamp: dict[str, int]) -> bool:
    return all(row.get(k) == v for k, v in stamp.items())


def _cached(row: Any, stamp: dict[str, int], games: dict[str, Any], name: str) -> GameEntry | None:
    """The entry the cache holds for a file of this size and time, or None (not cached, changed,
    or a cache edited into something else: then the file is read again)."""
    if not isinstance(row, dict) or not _same(row, stamp) or row.get("problem"):
        return None
    checksum = row.get("checksum")
    return _entry(games.get(checksum) if isinstance(checksum, str) else None, name)


def _entry(data: Any, name: str) -> GameEntry | None:
    """A cached game as an entry, or None when the cache holds something else there."""
    if not isinstance(data, dict):
        return None
    try:
        entry = GameEntry.from_json(data, name)
        _check(entry)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return entry


def _check(entry: GameEntry) -> None:
    """Raise ValueError (or TypeError) unless a cached entry has the shapes the statistics use."""
    seats = len(entry.seats)
    if not all(isinstance(s.name, str) and s.kind in ("person", "automa", "rival") for s in entry.seats):
        raise ValueError("seats")
    if entry.finished and (len(entry.scores) != seats or len(entry.places) != seats or not entry.winners):
        raise ValueError("scores")
    if not all(isinstance(v, int) for sc in entry.scores for v in sc.values()) or any(
            "total" not in sc for sc in entry.scores):
        raise ValueError("scores")
    if not all(isinstance(i, int) and 0 <= i < seats for i in entry.winners) or not isinstance(entry.hints, int):
        raise ValueError("winners")
    if not isinstance(entry.date, str) or not isinstance(entry.checksum, str):
        raise ValueError("date")


def _read_one(path: Path, cat: Catalogue, games: dict[str, Any], out: IndexResult) -> dict[str, Any]:
    """The cache's row for a file read afresh: its checksum (its entry added to ``games``), or its
    problem. A checksum already cached (a file copied or renamed) is not replayed again."""
    try:
        data = parse(read_text(path))
        check_header(data)
        checksum = str(data.get("checksum", ""))
        if _entry(games.get(checksum), path.name) is None:
            out.replayed += 1
            games[checksum] = entry_of(path, cat, checksum).to_json()
    except RecordError as exc:
        return {"problem": str(exc).removesuffix(FORCE_NOTE)}
    return {"checksum": checksum}


def _empty(cat: Catalogue) -> dict[str, Any]:
    return {"format": CACHE_FORMAT, "version": CACHE_VERSION, "program": __version__,
            "catalogue": cat.fingerprint, "files": {}, "games": {}}


def _read_cache(path: Path, cat: Catalogue) -> dict[str, Any]:
    """The cache, or an empty one when there is none, it is damaged, or it was written by another
    program version or for another catalogue (what a replay gives may differ)."""
    empty = _empty(cat)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return empty
    if not isinstance(data, dict) or any(data.get(k) != empty[k] for k in ("format", "version", "program",
                                                                          "catalogue")):
        return empty
    if not isinstance(data.get("files"), dict) or not isinstance(data.get("games"), dict):
        return empty
    return data


def _write_cache(path: Path, data: dict[str, Any]) -> None:
    with contextlib.suppress(SaveError, OSError):  # only speed is lost
        write_atomic(path, json.dumps(data, separators=(",", ":")), kept="the cache stays as it was",
                     create_folder=False)


def remove_cache(folder: Path) -> None:
    """Forget what the cache holds (the next reading replays every record)."""
    with contextlib.suppress(OSError):
        os.unlink(folder / CACHE_NAME)


__all__ = ["CACHE_NAME", "GameEntry", "IndexResult", "SeatEntry", "Skipped", "entry_of", "read_index",
           "remove_cache"]
