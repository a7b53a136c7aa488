"""Never lose a game, in the app: every action autosaved, Continue after the process is killed, the
saved games list (damaged files with their reason), records from another catalogue, bad
``play --load`` files, an autosave that fails, and the log exported to a file."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import textwrap
from pathlib import Path
from typing import Any

import pytest
from agent_keys import pick, play_until, step
from children import PYTHON, read_line

from great_harbor import cli, cli_saves
from great_harbor import saves as saves_module
from great_harbor.data import Catalogue
from great_harbor.engine import Game
from great_harbor.record import load, render, seal, state_digest
from great_harbor.rivals.heuristic import choose
from great_harbor.session import Session
from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.screens.new_game import NewGameScreen
from great_harbor.ui.screens.replay import ReplayScreen
from great_harbor.ui.screens.saved_games import SavedGamesScreen
from great_harbor.ui.textshot import screen_text

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ana", "Ben", "Cleo"]


def flat(app: GreatHarborApp) -> str:
    """The screen's words in one line: wrapped messages read whole."""
    return " ".join(screen_text(app).replace("│", " ").split())


def notes(app: GreatHarborApp) -> list[str]:
    return [n.message for n in app._notifications]


def saved_game(cat: Catalogue, folder: Path, name: str, seed: int, actions: int | None,
               seats: list[str] = NAMES) -> Session:
    """A game played by the heuristic player for ``actions`` actions (None: to the end), saved."""
    session = Session.new(cat, seats, seed=seed, path=folder / f"{name}.json")
    while not session.game.is_over and (actions is None or len(session.actions) < actions):
        session.apply(choose(session.game))
    session.close()  # left there, as by a game that was quit
    return session


def reseal(path: Path, **changes: Any) -> None:
    """Edit a record's fields and seal it again, as another program version would have written it."""
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(render(seal(data)))


# --- autosave -------------------------------------------------------------------------------------


async def test_every_action_is_saved_at_once(saves: Path, catalogue: Catalogue) -> None:
    app = make_app(seed=11, players=NAMES, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None and session.path is not None
        assert session.path.parent == saves  # GREAT_HARBOR_SAVES, set by the fixture
        assert json.loads(session.path.read_text())["actions"] == []  # saved before the first action
        for _ in range(12):
            if await step(pilot, app):
                data = json.loads(session.path.read_text())
                assert len(data["actions"]) == len(session.actions)
                assert data["state"] == state_digest(session.game)
        assert load(session.path, catalogue).game.to_dict() == session.game.to_dict()
        # no temporary file left (beside the lock this game holds while it is played)
        assert sorted(p.name for p in saves.iterdir()) == [f".{session.path.name}.lock", session.path.name]


async def test_saves_go_to_xdg_data_home_or_the_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GREAT_HARBOR_SAVES")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    app = make_app(seed=3, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert app.session is not None and app.session.path is not None
        assert app.session.path.parent == tmp_path / "xdg" / "great-harbor" / "saves"
    app = make_app(seed=3, players=["Ana", "Ben"], automa_delay=0, blink=False, saves_dir=tmp_path / "mine")
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert app.session is not None and app.session.path is not None
        assert app.session.path.parent == tmp_path / "mine"


async def test_a_failing_autosave_is_one_line_and_play_goes_on(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(seed=11, players=NAMES, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await play_until(pilot, app, lambda g: len(g.s.log) > 12)
        session = app.session
        assert session is not None and session.path is not None
        good = session.path.read_text()

        def full(fd: int, data: memoryview) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(saves_module, "_write_chunk", full)
        before = len(session.actions)
        while len(session.actions) < before + 3:  # three actions while the disk is full
            await step(pilot, app)
        warnings = [n for n in notes(app) if n.startswith("Autosave failed")]
        assert warnings == [f"Autosave failed: could not save {session.path.name}: the disk is full; "
                            "the last good save is kept. Play goes on."]  # said once, not at every action
        assert session.path.read_text() == good  # the last good save is intact
        assert sorted(p.name for p in saves.iterdir()) == [f".{session.path.name}.lock", session.path.name]
        monkeypatch.undo()
        while len(session.actions) < before + 4:
            await step(pilot, app)
        assert f"Autosave works again: {session.path.name}" in notes(app)
        assert len(json.loads(session.path.read_text())["actions"]) == len(session.actions)


async def test_a_new_game_in_an_unwritable_folder_still_plays(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    app = make_app(seed=3, players=["Ana", "Ben"], automa_delay=0, blink=False, saves_dir=blocker / "saves")
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert any(n.startswith("Autosave failed: cannot create the folder") and n.count("\n") == 0
                   for n in notes(app))
        assert await step(pilot, app)  # the game goes on


# --- killed, then Continue ------------------------------------------------------------------------

CHILD = textwrap.dedent("""
    import asyncio, json, sys
    from agent_keys import fast_forward, play_until
    from great_harbor.record import state_digest
    from great_harbor.ui.app import make_app

    async def main() -> None:
        app = make_app(seed={seed}, players={names!r}, automa_delay=0, blink=False, saves_dir={folder!r})
        async with app.run_test(size=(160, 45)) as pilot:
            await pilot.pause()
            # Half of the game's 5 rounds, in the middle of someone's turn: rounds 1-2 through the
            # engine (as Continue would open it), then round 3's draft and first turns by keys (the
            # other whole-game tests play whole rounds by keys).
            await fast_forward(pilot, app, lambda g: g.s.round == 3)
            await play_until(pilot, app, lambda g: (g.s.round, g.s.turn) >= (3, "B") and g.s.phase == "actions"
                             and g.pending.kind == "turn" and len(g.s.players[g.pending.seat].drafted) == 1)
            session = app.session
            # To the real stdout: inside the app, print() goes to Textual's capture, never the pipe.
            sys.__stdout__.write(json.dumps({{"actions": len(session.actions), "state": state_digest(session.game),
                                 "log": session.game.log_lines()[-1], "path": str(session.path)}}) + "\\n")
            sys.__stdout__.flush()
            await asyncio.sleep(600)  # the terminal is closed: SIGKILL arrives here

    asyncio.run(main())
""")


@pytest.mark.slow
async def test_killed_halfway_then_continue_reaches_the_last_action(saves: Path, catalogue: Catalogue) -> None:
    """The issue's done-when: a 3-seat game played halfway in the app, the process killed, then
    ``great-harbor`` -> Continue goes on at exactly the last action."""
    code = CHILD.format(seed=5, names=NAMES, folder=str(saves))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests" / "ui")]))
    child = subprocess.Popen([*PYTHON, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, cwd=ROOT, text=True)
    try:
        line = read_line(child, timeout=240)  # part of round 3 played key by key, on a loaded machine
        assert line, f"the child failed: {child.stderr.read() if child.stderr else ''}"
        last = json.loads(line)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL

    app = make_app(automa_delay=0, blink=False)  # great-harbor with no command
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        text = screen_text(app)
        assert "Continue" in text and "Ana, Ben, Cleo" in text and "round 3, turn B" in text
        await pilot.press("enter")  # the Continue button has the focus
        await pilot.pause()
        session = app.session
        assert session is not None and str(session.path) == last["path"]
        assert len(session.actions) == last["actions"]
        assert state_digest(session.game) == last["state"]
        assert session.game.log_lines()[-1] == last["log"]
        assert isinstance(app.screen, HandOffScreen)  # the table stays hidden until its person is ready
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        assert await step(pilot, app) or await step(pilot, app)  # and the game goes on, saved
        assert len(json.loads(Path(last["path"]).read_text())["actions"]) == len(session.actions)
        assert len(session.actions) > last["actions"]


# --- the saved games ------------------------------------------------------------------------------


async def test_saved_games_list_shows_every_game_and_opens_one(saves: Path, catalogue: Catalogue) -> None:
    done = saved_game(catalogue, saves, "finished", 2, None, ["Iris", "Jon"])
    older = saved_game(catalogue, saves, "older", 3, 40)
    newer = saved_game(catalogue, saves, "newer", 4, 70)
    for session, month in ((done, 1), (older, 2), (newer, 3)):  # when each was last played
        reseal(session.path, updated=f"2025-0{month}-01T12:00:00+00:00")  # type: ignore[arg-type]
    (saves / "cut.json").write_text(older.path.read_text()[:300])  # type: ignore[union-attr]
    (saves / "notes.json").write_text("[1, 2")
    os.utime(saves / "cut.json", (1, 1))  # damaged files are listed by their date: make them old
    os.utime(saves / "notes.json", (1, 1))
    app = make_app(automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Continue" in text and "Saved games (5)" in text
        info = saves_module.read_info(newer.path)  # type: ignore[arg-type]
        assert info.status() in text  # Continue offers the newest unfinished game
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        text = screen_text(app)
        assert "5 saved games in" in text
        for row in ("Iris, Jon", "finished, won by", "Ana, Ben, Cleo", info.when(), info.status(),
                    "unreadable: the record is cut short", "unreadable: the record is not valid JSON"):
            assert row in text
        rows = [i.name for i in app.screen.saves]
        await pilot.press(*["down"] * rows.index("cut"), "enter")
        assert isinstance(app.screen, SavedGamesScreen)
        assert "Cannot open cut.json: the record is cut short" in flat(app)
        await pilot.press(*["up"] * (rows.index("cut") - rows.index("older")), "enter")
        await pilot.pause()
        assert app.session is not None and app.session.path == older.path
        assert app.session.game.to_dict() == older.game.to_dict()
        top = app.session.game.pending
        assert top is not None
        assert isinstance(app.screen, GameScreen if top.kind == "draft" else HandOffScreen)  # the draft is public


async def test_a_finished_game_opens_in_the_replay(saves: Path, catalogue: Catalogue) -> None:
    saved_game(catalogue, saves, "done", 2, None, ["Iris", "Jon"])
    app = make_app(automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert "No unfinished game" in screen_text(app)
        await pilot.press("ctrl+o", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, SavedGamesScreen)


async def test_a_record_from_another_catalogue_needs_force(saves: Path, catalogue: Catalogue) -> None:
    session = saved_game(catalogue, saves, "other", 6, 30)
    assert session.path is not None
    reseal(session.path, catalogue="sha256:0123456789abcdef")
    app = make_app(automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Continue
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        text = flat(app)
        assert "Cannot continue other: the record was played with another component catalogue" in text
        assert "Ctrl+O lists the saved games: F there opens it anyway." in text
        await pilot.press("ctrl+o", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        assert "F opens it anyway" in flat(app)
        await pilot.press("f")
        await pilot.pause()
        assert app.session is not None and app.session.path == session.path
        assert len(app.session.actions) == 30
        assert any("another component catalogue" in n for n in notes(app))


# --- play --load ----------------------------------------------------------------------------------


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    def run_app(**kw: Any) -> int:
        calls.append(kw)
        if kw.get("session") is not None:
            kw["session"].close()  # the app has ended: the save is free again
        return 0

    monkeypatch.setattr(cli_saves, "run_app", run_app)
    return calls


def test_play_load_opens_a_record(saves: Path, catalogue: Catalogue, no_app: list[dict[str, Any]]) -> None:
    session = saved_game(catalogue, saves, "table", 8, 25)
    assert cli.main(["play", "--load", str(session.path)]) == 0
    assert cli.main(["play", "--load", "table"]) == 0  # a name as 'saves' lists it
    for call in no_app:
        loaded = call["session"]
        assert isinstance(loaded, Session) and loaded.path == session.path
        assert loaded.game.to_dict() == session.game.to_dict()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "error: missing.json: no such file"),
        ("hello", "error: bad.json: the record is not valid JSON (line 1, column 1: Expecting value)"),
        ("CUT", "error: bad.json: the record is cut short"),
        ("{\"a\": 1}\n", "error: bad.json: this JSON file is not a Great Harbor game record"),
        ("OTHER", "error: bad.json: the record was played with another component catalogue"),
        ("EDITED", "error: bad.json: the record was changed after it was saved"),
        ("ILLEGAL", "error: bad.json: action 3 of 10 (end-turn) cannot be replayed"),
    ],
)
def test_play_load_bad_files_are_one_line(content: str | None, message: str, tmp_path: Path, catalogue: Catalogue,
                                          no_app: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / ("missing.json" if content is None else "bad.json")
    if content is not None:
        session = saved_game(catalogue, tmp_path / "src", "src", 9, 10)
        assert session.path is not None
        good = session.path.read_text()
        if content == "CUT":
            content = good[: len(good) // 2]
        elif content in ("OTHER", "EDITED", "ILLEGAL"):
            path.write_text(good)
            if content == "OTHER":
                reseal(path, catalogue="sha256:feedfacefeedface")
            elif content == "ILLEGAL":
                data = json.loads(good)
                data["actions"][2] = {"kind": "end-turn"}
                reseal(path, actions=data["actions"], state="")
            else:
                path.write_text(good.replace('"seed": 9', '"seed": 10'))
            content = path.read_text()
        path.write_text(content)
    before = path.read_bytes() if path.exists() else None
    assert cli.main(["play", "--load", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1 and "Traceback" not in err
    assert ("add --force" in err) == (content is not None and ("catalogue" in message or "changed" in message))
    assert no_app == []
    assert (path.read_bytes() if path.exists() else None) == before  # nothing was lost or rewritten


def test_play_load_force_opens_another_catalogues_record(tmp_path: Path, catalogue: Catalogue,
                                                         no_app: list[dict[str, Any]],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    session = saved_game(catalogue, tmp_path, "old", 10, 20)
    assert session.path is not None
    reseal(session.path, catalogue="sha256:feedfacefeedface")
    assert cli.main(["play", "--load", str(session.path), "--force"]) == 0
    assert "warning: the record was played with another component catalogue" in capsys.readouterr().err
    assert no_app[0]["session"].game.to_dict() == session.game.to_dict()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--load", "x.json", "--players", "Ana,Ben"], "not allowed with argument"),
        (["play", "--load", "x.json", "--seed", "3"], "a loaded game keeps its own"),
        (["play", "--players", "Ana,Ben", "--force"], "--force goes with --load FILE"),
        (["play"], "one of the arguments --players --load is required"),
    ],
)
def test_play_load_option_mistakes(argv: list[str], message: str, no_app: list[dict[str, Any]],
                                   capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    assert message in capsys.readouterr().err
    assert no_app == []


# --- export ---------------------------------------------------------------------------------------


async def test_export_writes_the_log_beside_the_save(saves: Path) -> None:
    app = make_app(seed=11, players=NAMES, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await play_until(pilot, app, lambda g: len(g.s.log) > 20)
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
        await pilot.press("ctrl+e")
        session = app.session
        assert session is not None and session.path is not None
        target = session.path.with_name(session.path.stem + "-log.txt")
        assert f"The log ({len(session.game.log_lines())} lines) is in {target}" in notes(app)
        text = target.read_text()
        assert text == session.log_text()
        assert "* Round 1, turn A: Ana rolls" in text


async def test_a_game_given_as_is_has_no_save_and_says_so(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, ["Ana", "Ben"], seed=4)
    app = make_app(game=game, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert app.session is None
        await pick(pilot, app, game.legal_actions()[0])
        await pilot.press("ctrl+e")
        assert "This game is not recorded: there is no log to export." in notes(app)


# --- saves others hold or changed, read-only saves (issue 18) --------------------------------------


async def test_a_read_only_save_is_played_and_the_table_says_it_is_not_saved(saves: Path,
                                                                            catalogue: Catalogue) -> None:
    session = saved_game(catalogue, saves, "locked", 6, 20)
    assert session.path is not None
    session.path.chmod(0o444)
    before = session.path.read_bytes()
    app = make_app(session=Session.load(catalogue, session.path), automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert "Locked.json is read-only, so this game is not saved. Play goes on." in notes(app)
        for _ in range(4):
            await step(pilot, app)
        assert app.session is not None and len(app.session.actions) > 20
    assert session.path.read_bytes() == before


async def test_a_save_changed_by_another_program_is_left_and_the_game_goes_on_beside_it(
    saves: Path, catalogue: Catalogue
) -> None:
    app = make_app(players=NAMES, seed=12, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await play_until(pilot, app, lambda g: len(g.s.log) > 8)
        session = app.session
        assert session is not None and session.path is not None
        original = session.path
        original.write_text("changed by someone else\n")
        before = len(session.actions)
        while len(session.actions) < before + 2:
            await step(pilot, app)
        assert original.read_text() == "changed by someone else\n"
        assert session.path == original.with_name(original.stem + "-2.json")
        assert any("was changed by another program since this game saved it, so it is left as it is; "
                   f"this game now saves to {session.path.name}" in n for n in notes(app))
        assert len(load(session.path, catalogue).record.actions) == len(session.actions)


async def test_continuing_the_game_at_the_table_from_the_saved_games_list_works(saves: Path,
                                                                              catalogue: Catalogue) -> None:
    """The save of the game being played is locked by this very program: opening it again from
    Ctrl+O hands it over rather than refusing."""
    app = make_app(players=NAMES, seed=13, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await play_until(pilot, app, lambda g: len(g.s.log) > 8)
        first = app.session
        assert first is not None and first.path is not None
        assert app.open_save(first.path) is None
        await pilot.pause()
        await pilot.pause()
        assert app.session is not first and app.session is not None and app.session.path == first.path
        before = len(app.session.actions)
        while len(app.session.actions) < before + 1:
            await step(pilot, app)
        assert len(load(first.path, catalogue).record.actions) == len(app.session.actions)


async def test_the_new_game_screen_opens_over_a_folder_of_hostile_saves(saves: Path, catalogue: Catalogue) -> None:
    """Bare ``great-harbor`` lists the saves folder for Continue: files with a number of thousands
    of digits, dates out of range, deep nesting, escapes in names, a FIFO, a huge file and a link to
    /dev/zero never stop it, and the Saved games list shows the damaged ones with their reason."""
    good = saved_game(catalogue, saves, "good", 6, 15)
    assert good.path is not None
    text = good.path.read_text()
    (saves / "huge.json").write_text(text.replace('"seed": 6', '"seed": ' + "9" * 5000))
    data = json.loads(text)
    data.update(created="0001-01-01T00:00:00", updated="9999-12-31T23:59:59-14:00")
    data["setup"]["seats"][0]["name"] = "\x1b]2;owned\x07"
    (saves / "dates.json").write_text(render(seal(data)))
    (saves / "deep.json").write_text(text.replace('"version": 1', '"version": 1, "x": ' + "[" * 986 + "]" * 986))
    os.mkfifo(saves / "fifo.json")
    (saves / "zero.json").symlink_to("/dev/zero")
    with open(saves / "big.json", "wb") as f:
        f.truncate(5 * 1024 * 1024)
    app = make_app(automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        shown = screen_text(app)
        assert "Continue" in shown and "\x1b" not in shown
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        listed = flat(app)
        assert "\x1b" not in listed and "unreadable" in listed
        problems = {info.path.name: info.problem for info in app.screen.saves}
        assert set(problems) == {"good.json", "huge.json", "dates.json", "deep.json", "big.json"}
        assert problems["good.json"] == "" and problems["dates.json"] == ""
        assert "thousands of digits" in problems["huge.json"] and "nested" in problems["deep.json"]
        assert "larger than 4 MB" in problems["big.json"]
