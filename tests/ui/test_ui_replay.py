"""The replay viewer: ``great-harbor replay FILE`` steps through a finished or running game,
read-only: next and previous action, next turn, go to a round, the table as in the game, hands
only when the game is over; and bad files on the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from great_harbor import cli, cli_saves
from great_harbor.data import Catalogue
from great_harbor.replay import Replay
from great_harbor.rivals.heuristic import choose
from great_harbor.session import Session
from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.screens.replay import ReplayScreen
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.picker import ActionPicker


def recorded(cat: Catalogue, folder: Path, seed: int, actions: int | None, names: list[str]) -> Path:
    session = Session.new(cat, names, seed=seed, path=folder / f"game-{seed}.json")
    while not session.game.is_over and (actions is None or len(session.actions) < actions):
        session.apply(choose(session.game))
    assert session.path is not None
    return session.path


def notes(app: GreatHarborApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_replay_steps_through_a_finished_game(tmp_path: Path, catalogue: Catalogue) -> None:
    path = recorded(catalogue, tmp_path, 2, None, ["Iris", "Jon"])
    saved = path.read_bytes()
    replay = Replay.load(catalogue, path)
    total = replay.total
    app = make_app(replay=replay, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert not list(screen.query(ActionPicker))  # read-only: nothing to pick
        assert replay.position == 0
        text = screen_text(app)
        assert f"Replay, read-only · action 0 of {total}" in text and "Next  ◆ Iris: Draft" in text

        def state_after(n: int) -> dict[str, Any]:
            return replay.record.replay(catalogue, upto=n).to_dict()

        await pilot.press("right", "right", "n")
        assert replay.position == 3 and replay.game.to_dict() == state_after(3)
        await pilot.press("left")
        assert replay.position == 2 and replay.game.to_dict() == state_after(2)
        assert "action 2 of" in screen_text(app)
        await pilot.press("home", "left")  # nothing before the start
        assert replay.position == 0

        await pilot.press("pagedown")
        assert (replay.game.s.round, replay.game.s.turn) == (1, "B") and replay.position == replay.turns[1].position
        await pilot.press("pageup")
        assert replay.position == 0

        await pilot.press("g")
        assert "go to round: 3, or 3B" in screen_text(app)  # the box shows (not under the footer)
        await pilot.press(*"3b", "enter")
        game = replay.game
        assert (game.s.round, game.s.turn) == (3, "B")
        assert replay.position == next(t.position for t in replay.turns if (t.round, t.turn) == (3, "B"))
        assert "Round 3 of 5 · Turn B" in screen_text(app)
        await pilot.press("g", *"9", "enter")
        assert "Type a round from 1 to 5" in notes(app)[-1]
        await pilot.press("escape")  # closes the box, not the replay
        assert app.screen is screen

        await pilot.press("end")
        assert replay.position == total and replay.game.is_over
        text = screen_text(app)
        assert "the game is over" in text and "hand hidden" not in text  # over: hands are shown
        await pilot.press("c")
        assert "Colony of " in screen_text(app)

        await pilot.press("ctrl+e")
        log = path.with_name(path.stem + "-log.txt")
        assert log.read_text().startswith("The Great Harbor: game log")
        assert "Final scores:" in log.read_text()
        assert path.read_bytes() == saved  # the record itself is never written
        await pilot.press("escape")  # alone on screen: leaving the replay ends the program
        await pilot.pause()
        assert app._exit


async def test_a_running_game_replays_with_hands_hidden(tmp_path: Path, catalogue: Catalogue) -> None:
    path = recorded(catalogue, tmp_path, 4, 90, ["Ana", "Ben", "Cleo"])
    replay = Replay.load(catalogue, path)
    assert not replay.game.is_over
    app = make_app(replay=replay, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        for _ in range(replay.total):  # to a moment when the seat shown holds cards
            await pilot.press("right")
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            hand = replay.game.s.players[screen.shown_seat()].hand
            if hand:
                break
        else:
            pytest.fail("no hand was ever held")
        text = screen_text(app)
        assert "(hand hidden: the game is not over)" in text
        count = f"{len(hand)} card{'s' if len(hand) > 1 else ''} (hidden)"
        assert next(line for line in text.splitlines() if " Hand " in line).split(" Hand ")[1].strip() == count


async def test_replay_at_120x36(tmp_path: Path, catalogue: Catalogue) -> None:
    path = recorded(catalogue, tmp_path, 5, 40, ["Ana", "Ben"])
    app = make_app(replay=Replay.load(catalogue, path), automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("end", "f3")
        text = screen_text(app)
        assert "action 40 of 40" in text and "the record ends here" in text


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(cli_saves, "run_app", lambda **kw: calls.append(kw) or 0)
    return calls


def test_replay_command(tmp_path: Path, catalogue: Catalogue, runs: list[dict[str, Any]],
                        capsys: pytest.CaptureFixture[str]) -> None:
    path = recorded(catalogue, tmp_path, 6, 30, ["Ana", "Ben"])
    assert cli.main(["replay", str(path)]) == 0
    assert cli.main(["replay", path.stem, "--saves-dir", str(tmp_path)]) == 0  # a name as 'saves' lists it
    for call in runs:
        assert isinstance(call["replay"], Replay) and call["replay"].path == path and call["replay"].total == 30

    (tmp_path / "junk.json").write_text("junk")
    assert cli.main(["replay", str(tmp_path / "junk.json")]) == 1
    err = capsys.readouterr().err
    assert err == "error: junk.json: the record is not valid JSON (line 1, column 1: Expecting value)\n"
    assert cli.main(["replay", str(tmp_path / "none.json")]) == 1
    assert capsys.readouterr().err.startswith("error: none.json: no such file")

    text = path.read_text()
    path.write_text(text.replace('"version": 1', '"version": 99'))
    assert cli.main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "format version 99" in err and "(add --force to try it anyway)" in err and err.count("\n") == 1
    assert len(runs) == 2
    assert cli.main(["replay", str(path), "--force"]) == 0
    assert runs[-1]["replay"].warnings


def recorded_past_a_private_choice(cat: Catalogue, folder: Path, seed: int, names: list[str]) -> Path:
    """A running game recorded up to and including the first choice made in private (a Lighthouse
    peek, say): the replay one step before its end shows that choice pending."""
    session = Session.new(cat, names, seed=seed, path=folder / f"game-{seed}.json")
    while not session.game.is_over:
        top = session.game.pending
        private = top is not None and getattr(top.data, "private", False) and getattr(top.data, "seen", None)
        session.apply(choose(session.game))
        if private:
            assert session.path is not None
            return session.path
    raise AssertionError(f"seed {seed}: no choice made in private in the whole game")


async def test_a_running_games_replay_keeps_private_choices_secret(tmp_path: Path, catalogue: Catalogue) -> None:
    path = recorded_past_a_private_choice(catalogue, tmp_path, 10, ["Ana", "Ben", "Cleo"])
    replay = Replay.load(catalogue, path)
    app = make_app(replay=replay, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("end", "left")
        top = replay.game.pending
        assert top is not None and top.data.private and top.data.seen
        text = screen_text(app)
        assert "Next  ● Ben: a choice made in private" in text
        assert "on top of the Pirate deck" not in text and "Discard" not in text
