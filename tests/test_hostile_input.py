"""Hostile files and arguments (issue 18): every one gets one clear line and a non-zero exit, or a
message on screen; no save is ever lost or overwritten by someone else; nothing from a file
reaches the terminal raw. One test (or a few) per point of the issue, numbered as there."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from children import PYTHON, read_line
from gameplay import NAMES, agent_action, play

from great_harbor import cli, cli_saves
from great_harbor.cli import main
from great_harbor.data import Catalogue
from great_harbor.record import GameRecord, RecordError, load, parse, read_text, render, seal
from great_harbor.saves import list_saves, read_info
from great_harbor.session import Session

ROOT = Path(__file__).resolve().parents[1]
RECORDS = Path(__file__).parent / "records"


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """``play --load`` and ``replay`` get as far as starting the app, which is not started here."""
    started: list[dict[str, Any]] = []

    def run_app(*args: Any, **kwargs: Any) -> int:
        started.append(kwargs)
        if kwargs.get("session") is not None:
            kwargs["session"].close()  # the app has ended: the save is free again
        return 0

    monkeypatch.setattr(cli_saves, "run_app", run_app)  # every command starts the app there
    return started


def record_file(folder: Path, cat: Catalogue, seed: int = 7, actions: int | None = 40,
                name: str = "game.json") -> Path:
    game, done = play(cat, seed, actions)
    rec = GameRecord.new(cat, [p.name for p in game.s.players], seed=seed)
    rec.actions = list(done)
    path = folder / name
    path.write_text(rec.dumps(game))
    return path


def resealed(path: Path, change: Callable[[dict[str, Any]], object]) -> Path:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(render(seal(data)))
    return path


RECORD_COMMANDS: list[Callable[[Path], list[str]]] = [
    lambda p: ["play", "--load", str(p), "--saves-dir", str(p.parent)],
    lambda p: ["play", "--load", str(p), "--force", "--saves-dir", str(p.parent)],
    lambda p: ["replay", str(p)],
    lambda p: ["replay", str(p), "--force"],
    lambda p: ["export-log", str(p)],
    lambda p: ["export-log", str(p), "--force"],
]


def one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str], status: int = 1) -> str:
    assert main(argv) == status, argv
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and captured.err.startswith("error: "), captured.err
    assert "Traceback" not in captured.err and "\x1b" not in captured.err + captured.out
    return captured.err.strip()


def every_record_command_refuses(path: Path, capsys: pytest.CaptureFixture[str], expected: str,
                                 listed_unreadable: bool = True) -> None:
    """Every command that reads ``path`` refuses it in one line; the listing (which reads only the
    header and summary, not the actions) shows it, as unreadable when ``listed_unreadable``."""
    before = path.read_bytes()
    for command in RECORD_COMMANDS:
        assert expected in one_line_error(capsys, command(path))
    assert main(["saves", "--saves-dir", str(path.parent)]) == 0
    listing = capsys.readouterr().out
    assert path.stem in listing and ("unreadable: " in listing) is listed_unreadable
    (info,) = [i for i in list_saves(path.parent) if i.path == path]
    assert info.ok is not listed_unreadable
    assert path.read_bytes() == before


# --- 1. huge integers -----------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["seed", "action", "summary", "top"])
def test_1_a_number_of_thousands_of_digits_is_one_line_for_every_record_command(
    tmp_path: Path, catalogue: Catalogue, capsys: pytest.CaptureFixture[str], no_app: list[Any], where: str
) -> None:
    path = record_file(tmp_path, catalogue)
    text = path.read_text()
    huge = "9" * 5000
    text = {
        "seed": lambda: text.replace('"seed": 7', f'"seed": {huge}'),
        "action": lambda: text.replace('{"kind": "draft", "die": ', f'{{"kind": "draft", "die": {huge}', 1),
        "summary": lambda: text.replace('"round": ', f'"round": {huge}', 1),
        "top": lambda: text.replace('"version": 1', f'"version": 1, "x": {huge}'),
    }[where]()
    path.write_text(text)
    every_record_command_refuses(path, capsys, "a number thousands of digits long")
    assert no_app == []


def test_1_a_long_number_within_python_limits_is_refused_by_the_record_model(
    tmp_path: Path, catalogue: Catalogue, capsys: pytest.CaptureFixture[str], no_app: list[Any]
) -> None:
    path = resealed(record_file(tmp_path, catalogue), lambda d: d["setup"].__setitem__("seed", int("9" * 4000)))
    for command in RECORD_COMMANDS:
        assert "the record's setup.seed must be at most 9223372036854775807" in one_line_error(capsys, command(path))


# --- 2. wrong-typed action fields -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ({"kind": "assign", "pips": ["1", "2"]}, "action 5 of the record is not an action the game knows: pips[0] "
                                                 "must be a whole number (found '1')"),
        ({"kind": ["draft"], "die": 1}, "action 5 of the record is not an action the game knows: has an unknown kind"),
        ({"kind": "draft", "die": True}, "die must be a whole number (found True)"),
        ({"kind": "draft", "die": 1.0}, "die must be a whole number (found 1.0)"),
        ({"kind": "draft", "die": {"a": 1}}, "die must be a whole number"),
        ({"kind": "place", "die": 1, "slot": ["h11"]}, "slot must be text (found ['h11'])"),
        ({"kind": "place", "die": 1}, "slot is missing"),
        ({"kind": "draft", "die": 1, "why": "extra"}, "why is not a field this program knows"),
        ("draft 1", "must be an object with named fields (found 'draft 1')"),
    ],
)
def test_2_wrong_typed_action_fields_are_refused_with_force_and_after_resealing(
    tmp_path: Path, catalogue: Catalogue, capsys: pytest.CaptureFixture[str], no_app: list[Any],
    action: Any, expected: str
) -> None:
    path = resealed(record_file(tmp_path, catalogue), lambda d: d["actions"].__setitem__(4, action))
    every_record_command_refuses(path, capsys, expected, listed_unreadable=False)
    # not resealed: the checksum refuses first, and --force reaches the same check
    data = json.loads(path.read_text())
    data["checksum"] = "sha256:" + "0" * 64
    path.write_text(render(data))
    assert expected in one_line_error(capsys, ["export-log", str(path), "--force"])


def test_2_old_records_still_load_and_validate(tmp_path: Path, catalogue: Catalogue) -> None:
    """Records written by this version before the record model, and by the first version (in
    records/first-version: its catalogue and rules have changed since, so only its shape is checked)."""
    from great_harbor import record_model

    for path in sorted(RECORDS.rglob("*.json")):
        record_model.validate(parse(read_text(path)))
    for name in ("v0.1.0-21e4b00-three-seats-finished.json", "v0.1.0-21e4b00-automa-shops.json"):
        loaded = load(RECORDS / name, catalogue)
        assert loaded.warnings == [] and len(loaded.record.actions) > 50
    assert load(RECORDS / "v0.1.0-21e4b00-three-seats-finished.json", catalogue).game.is_over


# --- 3. out-of-range dates ------------------------------------------------------------------------


@pytest.mark.parametrize("stamp", ["0001-01-01T00:00:00", "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00",
                                   "not a date", 12, None, "9" * 100])
def test_3_dates_out_of_range_are_listed_without_a_crash(tmp_path: Path, catalogue: Catalogue,
                                                         capsys: pytest.CaptureFixture[str], stamp: object) -> None:
    path = resealed(record_file(tmp_path, catalogue), lambda d: d.update(created=stamp, updated=stamp))
    record_file(tmp_path, catalogue, seed=8, name="other.json")
    infos = list_saves(tmp_path)
    assert len(infos) == 2 and all(i.ok for i in infos)
    assert all(isinstance(i.when(), str) for i in infos)
    assert main(["saves", "--saves-dir", str(tmp_path)]) == 0
    assert "game" in capsys.readouterr().out
    assert main(["saves", "--saves-dir", str(tmp_path), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 2
    assert read_info(path).ok


# --- 4. deep nesting ------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [30, 900, 986, 5000, 200_000])
def test_4_deep_nesting_is_one_line(tmp_path: Path, catalogue: Catalogue, capsys: pytest.CaptureFixture[str],
                                    no_app: list[Any], depth: int) -> None:
    path = record_file(tmp_path, catalogue)
    path.write_text(path.read_text().replace('"version": 1', '"version": 1, "deep": ' + "[" * depth + "]" * depth))
    every_record_command_refuses(path, capsys, "nested")


# --- 6. the command line --------------------------------------------------------------------------


def run_cli(*args: str | bytes, env: dict[str, str] | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "great_harbor", *args], capture_output=True, timeout=timeout,
                          env={**os.environ, **(env or {})}, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("names", [b"Ana,B\xffn", b"Ana,\x1b]2;owned\x07", b"Ana,Be\tn", b"Ana," + b"x" * 41])
def test_6_bad_player_names_are_refused_before_anything_is_saved(tmp_path: Path, names: bytes) -> None:
    done = run_cli("play", "--players", names, "--saves-dir", str(tmp_path))
    assert done.returncode == 2
    err = done.stderr.decode("utf-8", "replace")
    assert err.count("\n") == 2 and "a name " in err and "Traceback" not in err and "\x1b" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [
    ["play", "--load", "~nosuchuser-i18/game.json"],
    ["replay", "~nosuchuser-i18/game.json"],
    ["export-log", "~nosuchuser-i18/game.json"],
    ["saves", "--saves-dir", "~nosuchuser-i18/saves"],
    ["export-log", "game", "--saves-dir", "~nosuchuser-i18/saves"],
])
def test_6_a_path_of_an_unknown_user_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                 no_app: list[Any]) -> None:
    status = main(argv)
    captured = capsys.readouterr()
    if argv[0] == "saves":
        assert status == 0 and captured.out == "No saved games in ~nosuchuser-i18/saves.\n"
    else:
        assert status == 1 and captured.err.count("\n") == 1 and "no such file: " in captured.err


def test_6_the_new_game_screen_with_a_saves_folder_of_an_unknown_user_starts(monkeypatch: pytest.MonkeyPatch,
                                                                              no_app: list[Any]) -> None:
    monkeypatch.setenv("GREAT_HARBOR_SAVES", "~nosuchuser-i18/saves")
    from great_harbor.saves import saves_dir

    assert saves_dir() == Path("~nosuchuser-i18/saves") and list_saves() == []
    assert main(["--saves-dir", "~nosuchuser-i18/x"]) == 0 and no_app


def test_6_an_app_that_stopped_on_an_error_exits_non_zero(monkeypatch: pytest.MonkeyPatch,
                                                          catalogue: Catalogue) -> None:
    import great_harbor.ui.app as app_module

    class Crashed:
        return_code = 1

        def run(self) -> None:
            pass

    monkeypatch.setattr(app_module, "make_app", lambda **_: Crashed())
    monkeypatch.setattr("great_harbor.startup.pause_collector", lambda: None)  # no app: nothing would resume it
    monkeypatch.setattr(cli_saves, "terminal_problem", lambda: None)  # the tests may run without one
    assert cli_saves.run_app(players=["Ana", "Ben"]) == 1


def test_6_an_internal_error_is_one_line_unless_debugging(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    def broken(_: object) -> int:
        raise KeyError("boom")

    monkeypatch.setitem(cli.COMMANDS, "saves", broken)
    monkeypatch.delenv(cli.DEBUG_ENV, raising=False)
    assert main(["saves"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error (KeyError: 'boom')" in err and cli.DEBUG_ENV in err
    monkeypatch.setenv(cli.DEBUG_ENV, "1")
    with pytest.raises(KeyError):
        main(["saves"])


def test_6_seeds_beyond_64_bits_are_refused_by_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["play", "--players", "Ana,Ben", "--seed", "9" * 30])
    assert info.value.code == 2 and "a seed is a whole number from" in capsys.readouterr().err


# --- 7. two processes on one save -----------------------------------------------------------------

HOLDER = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, sys.argv[2])
    from great_harbor.data import load_catalogue
    from great_harbor.session import Session
    session = Session.load(load_catalogue(), sys.argv[1])
    print("holding", flush=True)
    time.sleep(60)
    """
)


@pytest.fixture
def held(tmp_path: Path, catalogue: Catalogue) -> Iterator[tuple[Path, subprocess.Popen[str]]]:
    """A save that another process is playing."""
    path = record_file(tmp_path, catalogue)
    proc = subprocess.Popen([*PYTHON, "-c", HOLDER, str(path), str(ROOT)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert read_line(proc, timeout=120).strip() == "holding"
    yield path, proc
    proc.kill()
    proc.wait(timeout=30)


def test_7_a_second_copy_of_a_game_is_refused_while_the_first_plays_it(
    held: tuple[Path, subprocess.Popen[str]], catalogue: Catalogue, capsys: pytest.CaptureFixture[str],
    no_app: list[Any]
) -> None:
    path, proc = held
    before = path.read_bytes()
    with pytest.raises(RecordError, match=rf"^the game is open in another great-harbor \(process {proc.pid}\)"):
        Session.load(catalogue, path)
    assert one_line_error(capsys, ["play", "--load", str(path)]) == (
        f"error: game.json: the game is open in another great-harbor (process {proc.pid}): go on there, "
        "or close it first")
    # reading it is fine: replay and export-log never write
    assert main(["export-log", str(path)]) == 0 and capsys.readouterr().out.startswith("The Great Harbor: game log")
    assert main(["replay", str(path)]) == 0 and no_app
    assert path.read_bytes() == before
    proc.send_signal(signal.SIGKILL)  # however it ends, the save is free again
    proc.wait(timeout=30)
    session = Session.load(catalogue, path)
    assert session.apply(agent_action(session.game, 7, 40)) is None


def test_7_without_flock_no_lock_is_taken_and_two_copies_still_lose_nothing(
    tmp_path: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows has no ``fcntl``: saves.py imports there, takes no lock (the README says the lock
    is POSIX-only), and a second copy of a game being played opens it; the first copy to write
    keeps the file, the other goes on beside it."""
    monkeypatch.setitem(sys.modules, "fcntl", None)  # 'import fcntl' fails, as on Windows
    path = record_file(tmp_path, catalogue)
    first = Session.load(catalogue, path)
    second = Session.load(catalogue, path)  # not refused: nothing stops it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no lock file
    assert first.apply(agent_action(first.game, 7, 40)) is None
    assert second.apply(agent_action(second.game, 7, 40)) is None
    assert first.path == path and second.path is not None and second.path.name == "game-2.json"
    assert len(load(path, catalogue).record.actions) == len(load(second.path, catalogue).record.actions) == 41
    first.close()
    second.close()


def test_7_a_save_changed_by_someone_else_is_never_written_over(tmp_path: Path, catalogue: Catalogue) -> None:
    session = Session.new(catalogue, NAMES[:3], seed=5, folder=tmp_path)
    assert session.path is not None
    for n in range(10):
        session.apply(agent_action(session.game, 5, n))
    original = session.path
    time.sleep(0.01)
    other = record_file(tmp_path, catalogue, seed=9, actions=30, name="elsewhere.json").read_bytes()
    original.write_bytes(other)  # another program (or a copy where locks do not work) wrote it
    assert session.apply(agent_action(session.game, 5, 10)) is None
    assert original.read_bytes() == other  # left as it is
    assert session.path != original and session.path.name == original.stem + "-2.json"
    assert session.notice is not None and "was changed by another program" in session.notice
    assert len(load(session.path, catalogue).record.actions) == 11  # nothing lost: the game goes on there
    session.apply(agent_action(session.game, 5, 11))
    assert len(load(session.path, catalogue).record.actions) == 12


def test_7_eight_writers_on_one_save_lose_nothing(tmp_path: Path, catalogue: Catalogue) -> None:
    """Processes racing to continue the same save: one at a time plays it (the others are refused
    before writing, or load it once the one before has finished), and every action any of them
    took is in the save: 20 actions, then 10 more per process that played."""
    path = record_file(tmp_path, catalogue, actions=20)
    script = textwrap.dedent(
        """
        import sys
        sys.path.insert(0, sys.argv[2]); sys.path.insert(0, sys.argv[3])
        from gameplay import agent_action
        from great_harbor.data import load_catalogue
        from great_harbor.record import RecordError
        from great_harbor.session import Session
        try:
            session = Session.load(load_catalogue(), sys.argv[1])
        except RecordError as exc:
            print("refused", exc); sys.exit(0)
        for _ in range(10):
            session.apply(agent_action(session.game, 7, len(session.actions)))
        print("played", len(session.actions), session.path)
        """
    )
    procs = [subprocess.Popen([sys.executable, "-c", script, str(path), str(ROOT), str(ROOT / "tests")],
                              stdout=subprocess.PIPE, text=True) for _ in range(8)]
    outs = [p.communicate(timeout=240)[0].strip() for p in procs]
    played = [o.split(" ", 2) for o in outs if o.startswith("played")]
    refused = [o for o in outs if o.startswith("refused")]
    assert len(played) + len(refused) == 8 and played
    assert all("is open in another great-harbor" in o for o in refused)
    assert all(Path(where) == path for _, _, where in played)
    counts = sorted(int(count) for _, count, _ in played)
    assert counts == [20 + 10 * n for n in range(1, len(played) + 1)]
    assert len(load(path, catalogue).record.actions) == counts[-1]


# --- 8. export-log -o -----------------------------------------------------------------------------


def test_8_export_log_never_writes_over_a_record_or_a_special_file(
    tmp_path: Path, catalogue: Catalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record_file(tmp_path, catalogue)
    other = record_file(tmp_path, catalogue, seed=8, name="other.json")
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "target.txt")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    existing = tmp_path / "notes.txt"
    existing.write_text("keep me")
    before = {p: p.read_bytes() for p in (path, other, existing)}
    cases = [
        (path, "game.json is a game record; export-log never writes over one"),
        (other, "other.json is a game record"),
        (link, "link.txt is a symbolic link"),
        (fifo, "fifo is not a plain file"),
        (Path("/dev/null"), "/dev/null is not a plain file"),
        (tmp_path, "is a folder"),
        (existing, "notes.txt already exists; add --force to replace it"),
        (tmp_path / "missing" / "log.txt", "no such folder:"),
    ]
    for out, expected in cases:
        for force in ([], ["--force"]):
            if out == existing and force:
                continue
            assert expected in one_line_error(capsys, ["export-log", str(path), "-o", str(out), *force])
    assert {p: p.read_bytes() for p in before} == before
    assert not (tmp_path / "target.txt").exists() and not (tmp_path / "missing").exists()
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and link.is_symlink()
    assert main(["export-log", str(path), "-o", str(existing), "--force"]) == 0
    assert existing.read_text().startswith("The Great Harbor: game log")


# --- 9. symlinked and read-only saves -------------------------------------------------------------


def test_9_a_symlinked_save_is_written_where_it_points_and_keeps_its_mode(tmp_path: Path,
                                                                          catalogue: Catalogue) -> None:
    real = record_file(tmp_path, catalogue, name="real.json")
    real.chmod(0o640)
    (tmp_path / "saves").mkdir()
    link = tmp_path / "saves" / "game.json"
    link.symlink_to(real)
    session = Session.load(catalogue, link)
    session.apply(agent_action(session.game, 7, 40))
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert len(load(real, catalogue).record.actions) == 41
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_9_a_read_only_save_is_played_but_never_written(tmp_path: Path, catalogue: Catalogue) -> None:
    path = record_file(tmp_path, catalogue)
    path.chmod(0o444)
    before = path.read_bytes()
    session = Session.load(catalogue, path)
    assert session.read_only and session.save_error == "game.json is read-only, so this game is not saved"
    assert session.apply(agent_action(session.game, 7, 40)) == session.save_error
    assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444
    assert list(tmp_path.iterdir()) == [path]  # no lock, no temporary, no copy


# --- 10. terminal escapes -------------------------------------------------------------------------


def test_10_text_from_records_never_reaches_the_terminal_raw(tmp_path: Path, catalogue: Catalogue,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = record_file(tmp_path, catalogue)
    text = path.read_text().replace('"seats": ["Ana"', '"seats": ["\\u001b]2;owned\\u0007"', 1)
    text = text.replace('{"name": "Ana"', '{"name": "\\u001b]2;owned\\u0007"', 1)
    path.write_text(text)  # not resealed: listed as unreadable
    sealed = resealed(record_file(tmp_path, catalogue, seed=8, name="b\x1b[2J.json"),
                      lambda d: d["setup"]["seats"][0].update(name="\x1b]2;owned\x07"))
    assert main(["saves", "--saves-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "b\\x1b[2J" in out
    assert main(["saves", "--saves-dir", str(tmp_path), "--json"]) == 0
    assert "\x1b" not in capsys.readouterr().out
    for record in (path, sealed):
        for command in RECORD_COMMANDS[2:]:
            one_line_error(capsys, command(record))  # asserts no ESC in the output


def test_10_a_catalogue_id_or_name_with_escapes_is_refused_inert(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    from great_harbor.data import default_data_dir

    data = tmp_path / "data"
    shutil.copytree(default_data_dir(), data)
    ships = data / "ships.yaml"
    ships.write_text(ships.read_text().replace("id: ship-1", 'id: "ship-1\\e]2;owned\\a"', 1))
    message = one_line_error(capsys, ["validate-data", str(data)])
    assert "ship-1\\x1b]2;owned\\x07" in message
    ships.write_text(ships.read_text().replace('id: "ship-1\\e]2;owned\\a"', "id: ship-1").replace(
        "name: Celox", 'name: "Celox\\e[2J"', 1))
    assert "field 'name'" in one_line_error(capsys, ["validate-data", str(data)])
    assert "field 'name'" in one_line_error(capsys, ["rules", "corsair", "--data", str(data)])


# --- 11. special files ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "too large", "folder"])
def test_11_special_and_huge_files_are_refused_without_hanging(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        target = tmp_path / "game.json"
        os.mkfifo(target)
        expected = "is not a regular file"
    elif kind == "/dev/zero":
        target, expected = Path("/dev/zero"), "is not a regular file"
    elif kind == "too large":
        target = tmp_path / "game.json"
        with open(target, "wb") as f:
            f.truncate(5 * 1024 * 1024)
        expected = "larger than 4 MB"
    else:
        target, expected = tmp_path, "is a folder"
    for argv in (["export-log", str(target)], ["play", "--load", str(target)], ["replay", str(target)]):
        done = run_cli(*argv, env={"GREAT_HARBOR_SAVES": str(tmp_path / "saves")}, timeout=60)
        err = done.stderr.decode()
        assert done.returncode == 1 and err.count("\n") == 1 and expected in err, err
