"""Autosave: where saves go, atomic writes, listing, failures that lose nothing, kill and resume."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import subprocess
import textwrap
import time
from datetime import datetime
from pathlib import Path

import pytest
from children import PYTHON, read_line
from gameplay import NAMES, agent_action, play

from great_harbor import saves
from great_harbor.cli import main
from great_harbor.data import Catalogue
from great_harbor.record import load
from great_harbor.saves import (
    SaveError,
    list_saves,
    new_save_path,
    read_info,
    saves_dir,
    unfinished,
    write_atomic,
)
from great_harbor.session import Session

ROOT = Path(__file__).resolve().parents[1]


def advance(session: Session, seed: int, count: int) -> None:
    for _ in range(count):
        if session.game.is_over:
            return
        problem = session.apply(agent_action(session.game, seed, len(session.actions)))
        assert problem is None, problem


def no_temporaries(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# --- the saves folder -----------------------------------------------------------------------------


def test_saves_folder_follows_option_env_and_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(saves.ENV_SAVES, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert saves_dir() == tmp_path / "home" / ".local" / "share" / "great-harbor" / "saves"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert saves_dir() == tmp_path / "home" / ".local" / "share" / "great-harbor" / "saves"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert saves_dir() == tmp_path / "xdg" / "great-harbor" / "saves"
    monkeypatch.setenv(saves.ENV_SAVES, str(tmp_path / "env"))
    assert saves_dir() == tmp_path / "env"
    assert saves_dir(tmp_path / "option") == tmp_path / "option"


def test_new_game_is_saved_at_once_in_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                     catalogue: Catalogue) -> None:
    monkeypatch.delenv(saves.ENV_SAVES, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    session = Session.new(catalogue, ["Ana", "Ben", "Cleo"], seed=4)
    assert session.path is not None and session.path.parent == tmp_path / "great-harbor" / "saves"
    assert session.path.name.endswith("_ana-ben-cleo.json")
    assert load(session.path, catalogue).game.to_dict() == session.game.to_dict()


def test_new_save_names_do_not_collide(tmp_path: Path) -> None:
    when = datetime(2024, 5, 1, 12, 30, 0)
    first = new_save_path(tmp_path, ["Ana", "Bén / X"], when)
    assert first.name == "2024-05-01_123000_ana-b-n-x.json"
    first.write_text("{}")
    second = new_save_path(tmp_path, ["Ana", "Bén / X"], when)
    assert second.name == "2024-05-01_123000_ana-b-n-x-2.json"


def test_every_action_is_saved(tmp_path: Path, catalogue: Catalogue) -> None:
    seed = 6
    session = Session.new(catalogue, NAMES[:3], seed=seed, folder=tmp_path)
    assert session.path is not None
    for n in range(1, 41):
        advance(session, seed, 1)
        data = json.loads(session.path.read_text())
        assert len(data["actions"]) == n and data["summary"]["actions"] == n
    assert load(session.path, catalogue).game.to_dict() == play(catalogue, seed, 40)[0].to_dict()
    assert no_temporaries(tmp_path)


def test_a_finished_game_is_saved_as_finished(tmp_path: Path, catalogue: Catalogue) -> None:
    session = Session.new(catalogue, NAMES[:2], seed=3, folder=tmp_path)
    advance(session, 3, 10_000)
    assert session.game.is_over
    assert session.path is not None
    info = read_info(session.path)
    assert info.finished and info.winners == [session.game.name(w) for w in session.game.s.winners]
    assert unfinished(tmp_path) == []


# --- atomic writes and failures -------------------------------------------------------------------


def test_write_atomic_replaces_whole_and_fsyncs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync
    def fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(saves.os, "fsync", fsync)
    target = tmp_path / "deep" / "a.json"
    write_atomic(target, "one")
    write_atomic(target, "two" * 100_000)
    assert target.read_text() == "two" * 100_000
    assert len(synced) == 4  # the file and the folder, each time
    assert no_temporaries(target.parent)


def disk_full_after(limit: int) -> object:
    """A write that accepts ``limit`` bytes in all, then fails as a full disk does."""
    budget = [limit]

    def write(fd: int, data: bytes) -> int:
        if budget[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = min(len(data), budget[0], 4096)
        budget[0] -= n
        return os.write(fd, bytes(data[:n]))

    return write


@pytest.mark.parametrize("share", [0.0, 0.02, 0.5, 0.99])
def test_full_disk_keeps_the_last_good_save(tmp_path: Path, catalogue: Catalogue,
                                            monkeypatch: pytest.MonkeyPatch, share: float) -> None:
    seed = 2
    session = Session.new(catalogue, NAMES[:3], seed=seed, folder=tmp_path)
    assert session.path is not None
    advance(session, seed, 30)
    good = session.path.read_bytes()
    monkeypatch.setattr(saves, "_write_chunk", disk_full_after(int(len(good) * share)))
    action = agent_action(session.game, seed, 30)
    problem = session.apply(action)
    assert problem == f"could not save {session.path.name}: the disk is full; the last good save is kept"
    assert session.save_error == problem
    assert session.path.read_bytes() == good  # untouched
    assert no_temporaries(tmp_path)
    assert session.actions[-1] == action  # the game goes on
    monkeypatch.undo()
    advance(session, seed, 1)
    assert session.save_error is None
    assert load(session.path, catalogue).game.to_dict() == play(catalogue, seed, 32)[0].to_dict()


def test_unwritable_folder_is_one_line_and_no_crash(tmp_path: Path, catalogue: Catalogue,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session.new(catalogue, NAMES[:2], seed=1, folder=tmp_path)
    assert session.path is not None
    advance(session, 1, 5)
    good = session.path.read_bytes()

    def denied(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(saves.tempfile, "mkstemp", denied)
    problem = session.apply(agent_action(session.game, 1, 5))
    assert problem == f"cannot save in {tmp_path}: permission denied; the last good save is kept"
    assert session.path.read_bytes() == good


def test_saves_folder_that_cannot_exist(tmp_path: Path, catalogue: Catalogue) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    session = Session.new(catalogue, NAMES[:2], seed=1, folder=blocker / "saves")
    assert session.save_error is not None and "\n" not in session.save_error
    assert session.save_error == (
        f"cannot create the folder {blocker / 'saves'}: not a directory; the game is not saved yet"
    )
    for n in range(3):  # playing goes on; each action reports the problem again
        assert session.apply(agent_action(session.game, 1, n)) == session.save_error
    assert len(session.actions) == 3 and blocker.read_text() == "not a folder"


def test_failed_rename_leaves_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "a.json"
    target.write_text("old")

    def fail(src: str, dst: str) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(saves.os, "replace", fail)
    with pytest.raises(SaveError, match=r"^could not save a.json: the disk is read-only; the last good save is kept$"):
        write_atomic(target, "new")
    assert target.read_text() == "old" and no_temporaries(tmp_path)


# --- listing --------------------------------------------------------------------------------------


def make_games(folder: Path, catalogue: Catalogue) -> list[Session]:
    games = []
    for seed, seats, count in ((1, 2, 10_000), (2, 3, 50), (3, 4, 5)):
        session = Session.new(catalogue, NAMES[:seats], seed=seed, folder=folder)
        advance(session, seed, count)
        games.append(session)
        time.sleep(0.01)
    return games


def test_listing_shows_seats_round_date_and_status(tmp_path: Path, catalogue: Catalogue) -> None:
    finished, middle, fresh = make_games(tmp_path, catalogue)
    assert finished.path and middle.path and fresh.path
    (tmp_path / "broken.json").write_text("{ oops")
    (tmp_path / ".x.json.123.tmp").write_text("half")
    (tmp_path / "notes.txt").write_text("ignored")
    infos = list_saves(tmp_path)
    by_path = {i.path: i for i in infos}
    assert set(by_path) == {finished.path, middle.path, fresh.path, tmp_path / "broken.json"}
    m = by_path[middle.path]
    assert m.seats == ["Ana", "Ben", "Cleo"] and m.round == middle.game.s.round and m.actions == 50
    assert m.to_move == middle.game.name(middle.game.current_player)  # type: ignore[arg-type]
    assert m.status().startswith(f"round {m.round}, turn {m.turn}, ") and not m.finished
    assert m.updated is not None and abs(m.updated.timestamp() - time.time()) < 120
    assert by_path[finished.path].finished and by_path[finished.path].status().startswith("finished")
    broken = by_path[tmp_path / "broken.json"]
    assert not broken.ok and broken.problem.startswith("the record is cut short")
    assert [i.path for i in unfinished(tmp_path)] == [fresh.path, middle.path]  # newest first


def test_listing_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "nothing") == [] and unfinished(tmp_path / "nothing") == []


def test_tampered_save_is_listed_as_unreadable(tmp_path: Path, catalogue: Catalogue) -> None:
    session = Session.new(catalogue, NAMES[:2], seed=1, folder=tmp_path)
    advance(session, 1, 12)
    assert session.path is not None
    session.path.write_text(session.path.read_text().replace('"seed": 1', '"seed": 2'))
    (info,) = list_saves(tmp_path)
    assert info.problem == "the record was changed after it was saved (its checksum does not match)"
    assert unfinished(tmp_path) == []


def test_saves_command(tmp_path: Path, catalogue: Catalogue, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["saves", "--saves-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == f"No saved games in {tmp_path}.\n"
    finished, middle, fresh = make_games(tmp_path, catalogue)
    assert main(["saves", "--saves-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Saved games in {tmp_path}:" and len(lines) == 4
    assert "Ana, Ben, Cleo, Dido" in lines[1] and "round 1, turn A" in lines[1]
    assert fresh.path is not None and lines[1].endswith(fresh.path.stem)
    assert "finished, won by" in lines[3]
    assert main(["saves", "--saves-dir", str(tmp_path), "--unfinished", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["path"] for d in data] == [str(fresh.path), str(middle.path)]
    assert data[1]["seats"] == ["Ana", "Ben", "Cleo"] and data[1]["finished"] is False


def test_saves_command_reads_the_environment(tmp_path: Path, catalogue: Catalogue,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(saves.ENV_SAVES, str(tmp_path))
    Session.new(catalogue, NAMES[:2], seed=1)
    assert main(["saves"]) == 0
    assert "Ana, Ben" in capsys.readouterr().out


# --- kill and resume ------------------------------------------------------------------------------

PLAYER = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, sys.argv[4])
    sys.path.insert(0, sys.argv[5])
    from gameplay import NAMES, agent_action
    from great_harbor.data import load_catalogue
    from great_harbor.session import Session

    seed, path, mode = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    cat = load_catalogue()
    if mode == "new":
        session = Session.new(cat, NAMES[:3], seed=seed, path=path)
    else:
        session = Session.load(cat, path)
    print(len(session.actions), flush=True)
    while not session.game.is_over:
        problem = session.apply(agent_action(session.game, seed, len(session.actions)))
        if problem:
            print("error", problem, flush=True)
            break
        print(len(session.actions), flush=True)
    """
)


def start_player(script: Path, seed: int, path: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*PYTHON, str(script), str(seed), str(path), mode, str(ROOT), str(ROOT / "tests")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def kill_after(proc: subprocess.Popen[str], acks: int, extra_delay: float) -> int:
    """Wait for ``acks`` acknowledged saves and a little more, SIGKILL; the last count acknowledged."""
    assert proc.stdout is not None
    lines: list[str] = []
    while len(lines) < acks:
        line = read_line(proc, timeout=120)
        if not line:
            break
        lines.append(line.strip())
    time.sleep(extra_delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    lines += proc.stdout.read().split()  # and what it printed before it died
    assert "error" not in lines
    return int(lines[-1]) if lines else -1


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_killed_game_resumes_at_the_last_applied_action(tmp_path: Path, catalogue: Catalogue, seed: int) -> None:
    script = tmp_path / "player.py"
    script.write_text(PLAYER)
    path = tmp_path / "saves" / "game.json"
    chance = random.Random(seed)
    mode = "new"
    for _ in range(3):
        acked = kill_after(start_player(script, seed, path, mode), chance.randint(2, 120), chance.random() * 0.004)
        assert acked >= 0
        loaded = load(path, catalogue)  # never a torn file
        n = len(loaded.record.actions)
        assert acked <= n <= acked + 1  # saved before acknowledged; at most the one in flight beyond
        assert loaded.game.to_dict() == play(catalogue, seed, n)[0].to_dict()
        mode = "resume"
    proc = start_player(script, seed, path, "resume")  # now let it finish
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    final = load(path, catalogue)
    assert final.game.is_over
    assert final.game.to_dict() == play(catalogue, seed)[0].to_dict()
    assert no_temporaries(path.parent)
