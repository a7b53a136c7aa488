"""Game records: the file layout, replay to the same state, and every way a record can be bad."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from gameplay import agent_action, play

from great_harbor import __version__
from great_harbor.cli import main
from great_harbor.data import Catalogue, default_data_dir, load_catalogue
from great_harbor.data.catalogue import earlier_fingerprints
from great_harbor.engine import Action, Game, Seat, harbor
from great_harbor.engine.actions import AssignPips, PlaceDie
from great_harbor.engine.events import ALL_SECRETS
from great_harbor.engine.harbor import activates_all, equivalent_split
from great_harbor.engine.scoring import ITEM_NAMES
from great_harbor.record import (
    RECORD_FORMAT,
    RECORD_VERSION,
    GameRecord,
    RecordError,
    load,
    log_lines,
    parse,
    render,
    seal,
)
from great_harbor.replay import Replay
from great_harbor.session import Session


def record_of(cat: Catalogue, seed: int, actions: int | None, seats: int = 3) -> tuple[GameRecord, Game]:
    game, done = play(cat, seed, actions, seats)
    rec = GameRecord.new(cat, [p.name for p in game.s.players], seed=seed)
    rec.actions = list(done)
    return rec, game


def write_record(tmp_path: Path, cat: Catalogue, seed: int = 7, actions: int | None = 60) -> tuple[Path, Game]:
    rec, game = record_of(cat, seed, actions)
    path = tmp_path / "game.json"
    path.write_text(rec.dumps(game))
    return path, game


def rewrite(path: Path, change: object) -> None:
    """Edit a record's data with ``change(data)``, then seal it again (a consistent forgery)."""
    data = json.loads(path.read_text())
    change(data)  # type: ignore[operator]
    path.write_text(render(seal(data)))


def refused(path: Path, cat: Catalogue, force: bool = False) -> str:
    before = path.read_bytes()
    with pytest.raises(RecordError) as info:
        load(path, cat, force=force)
    message = str(info.value)
    assert "\n" not in message and message
    assert path.read_bytes() == before  # reading never changes the file
    return message


# --- layout and replay ----------------------------------------------------------------------------


def test_record_file_holds_versions_setup_actions_and_summary(tmp_path: Path, catalogue: Catalogue) -> None:
    path, game = write_record(tmp_path, catalogue, seed=3, actions=45)
    text = path.read_text()
    data = json.loads(text)
    assert data["format"] == RECORD_FORMAT and data["version"] == RECORD_VERSION
    assert data["program"] == __version__ and data["catalogue"] == catalogue.fingerprint
    assert data["setup"] == {
        "seats": [{"name": n, "automa": False} for n in ("Ana", "Ben", "Cleo")],
        "shops_variant": False,
        "seed": 3,
    }
    assert data["created"] and data["updated"] >= data["created"]
    assert data["summary"] == {
        "round": game.s.round, "turn": game.s.turn, "phase": game.s.phase, "seats": ["Ana", "Ben", "Cleo"],
        "to_move": game.name(game.current_player), "actions": 45, "finished": False,  # type: ignore[arg-type]
    }
    assert len(data["actions"]) == 45
    # Human-readable: one action per line.
    lines = text.splitlines()
    assert sum(1 for line in lines if line.strip().startswith('{"kind": ')) == 45


def test_fast_dumps_matches_the_plain_layout(catalogue: Catalogue) -> None:
    for actions in (0, 1, 80):
        rec, game = record_of(catalogue, 5, actions)
        text = rec.dumps(game)
        data = rec.to_dict(game)
        data["updated"] = rec.updated
        assert text == render(seal(data))
        assert parse(text) == data


@pytest.mark.parametrize(("seed", "actions", "seats"), [(1, 0, 2), (2, 37, 3), (3, 150, 4), (4, None, 2), (9, None, 4)])
def test_loading_replays_to_the_same_state(
    tmp_path: Path, catalogue: Catalogue, seed: int, actions: int | None, seats: int
) -> None:
    rec, game = record_of(catalogue, seed, actions, seats)
    path = tmp_path / "r.json"
    path.write_text(rec.dumps(game))
    loaded = load(path, catalogue)
    assert loaded.warnings == []
    assert loaded.game.to_dict() == game.to_dict()
    assert loaded.record.actions == rec.actions and loaded.record.seed == seed


@pytest.mark.parametrize(("automa", "shops"), [(True, False), (False, True), (True, True)])
def test_automa_and_shops_games_replay(tmp_path: Path, catalogue: Catalogue, automa: bool, shops: bool) -> None:
    seats: list[Seat | str] = ["Ana", "Ben", Seat("Automa", automa=True) if automa else "Cleo"]
    session = Session.new(catalogue, seats, seed=8, shops_variant=shops, folder=tmp_path)
    while not session.game.is_over:
        session.apply(agent_action(session.game, 8, len(session.actions)))
    assert session.path is not None and session.save_error is None
    loaded = load(session.path, catalogue)
    assert loaded.game.to_dict() == session.game.to_dict()
    data = json.loads(session.path.read_text())
    assert data["setup"]["shops_variant"] is shops and data["setup"]["seats"][2]["automa"] is automa
    assert data["summary"]["finished"] is True


def old_split_records(catalogue: Catalogue) -> Iterator[tuple[GameRecord, Game]]:
    """Records as the previous version could write them: the last action is a pip split that
    activates each tile it touches but is no longer listed, since another split gives the same
    (1+4 and 2+3 between two tiles without a fee, say). With each, the game after the listed one."""
    for seed in range(1, 60):
        game = Game.new(catalogue, ["Ana", "Ben"], seed=seed)
        done: list[Action] = []
        while game.pending is not None:
            top = game.pending
            if top.kind == "assign" and len(top.data.fees) == 2:
                pips, fees = top.data.pips, top.data.fees
                old = next((AssignPips((a, pips - a)) for a in range(1, pips)
                            if activates_all(game, (a, pips - a), fees)
                            and equivalent_split(game, AssignPips((a, pips - a))) is not None), None)
                if old is not None:
                    listed = equivalent_split(game, old)
                    assert listed is not None
                    rec = GameRecord.new(catalogue, ["Ana", "Ben"], seed=seed)
                    rec.actions = [*done, old]
                    game.apply(listed)
                    yield rec, game
                    break
            action = agent_action(game, seed, len(done))
            game.apply(action)
            done.append(action)


def test_a_split_no_longer_listed_replays_as_the_listed_split_with_the_same_result(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    """Such a record still loads, to the state of the listed split, and from then on holds the
    listed split: a replay steps through it and undo and redo work on it."""
    checked = 0
    for rec, game in old_split_records(catalogue):
        old = rec.actions[-1]
        path = tmp_path / f"old-{rec.seed}.json"
        path.write_text(rec.dumps(game))
        assert rec.replay(catalogue).to_json() == game.to_json()
        replay = Replay.load(catalogue, path)
        replay.seek(0)
        assert replay.seek(replay.total).to_json() == game.to_json()
        assert replay.record.actions[-1] != old
        session = Session.load(catalogue, path, autosave=False)
        if not session.can_undo():
            continue  # the split drew a card: nothing to take back
        session.undo()
        session.redo()
        assert session.game.to_json() == game.to_json()
        checked += 1
        if checked == 2:
            return
    raise AssertionError(f"only {checked} old records to undo and redo")


def as_earlier_version(cat: Catalogue, actions: list[Action]) -> list[Action]:
    """The actions as versions before 0.2 recorded them: a die placed on a Shore slot, then the pips
    given to that one tile (all of them, or none to take nothing)."""
    out: list[Action] = []
    for action in actions:
        if isinstance(action, PlaceDie) and action.slot in cat.slot_cells and len(cat.slot_cells[action.slot]) == 1:
            out += [PlaceDie(action.die, action.slot), AssignPips((0,) if action.decline else (7,))]
        else:
            out.append(action)
    return out


def test_a_record_of_shore_placements_made_in_two_steps_replays_them_as_one(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    """Earlier versions asked for a Shore slot's benefit after placing: their records hold the
    placement and then the answer (AssignPips of one number). They load with no warning, to the
    same game, and hold the one placement from then on."""
    declined = 0
    for seed in range(1, 30):
        rec, game = record_of(catalogue, seed, 120, seats=2)
        now = list(rec.actions)
        earlier = as_earlier_version(catalogue, now)
        declined += sum(1 for a in now if isinstance(a, PlaceDie) and a.decline)
        if len(earlier) == len(now):
            continue
        rec.actions = earlier
        path = tmp_path / f"earlier-{seed}.json"
        path.write_text(rec.dumps(game))
        loaded = load(path, catalogue)
        assert loaded.warnings == []
        assert loaded.game.to_json() == game.to_json()
        assert loaded.record.actions == now
        if declined:
            return
    raise AssertionError("no random game declined a Shore benefit")


def test_a_record_saved_waiting_for_a_shore_benefit_takes_that_placement_back(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    """Saved by an earlier version just after a die went on a Shore slot, before its benefit was
    asked: the record loads one action earlier, with the die back in hand and a warning saying so."""
    for seed in range(1, 40):
        rec, game = record_of(catalogue, seed, 80, seats=2)
        shore = [i for i, a in enumerate(rec.actions) if harbor.is_shore_placement(game, a)]
        if not shore:
            continue
        before, last = rec.replay(catalogue, upto=shore[-1]), rec.actions[shore[-1]]
        waiting = before.clone()
        harbor.place_as_earlier(waiting, last)
        waiting.advance()
        assert waiting.pending is not None and waiting.pending.kind == "assign"
        kept = rec.actions[: shore[-1]]
        rec.actions = as_earlier_version(catalogue, kept) + [last]
        path = tmp_path / "waiting.json"
        path.write_text(rec.dumps(waiting))
        loaded = load(path, catalogue)
        assert loaded.game.to_json() == before.to_json()
        assert loaded.record.actions == kept and len(loaded.warnings) == 1
        assert loaded.warnings[0].startswith("an earlier version saved this game as ")
        assert "that placement is taken back, place the die again" in loaded.warnings[0]
        # Written by this version, the same record takes the benefit and loads as it is.
        after = before.clone()
        after.apply(last)
        rec.actions = [*kept, last]
        path.write_text(rec.dumps(after))
        again = load(path, catalogue)
        assert again.warnings == [] and again.game.to_json() == after.to_json()
        return
    raise AssertionError("no game placed a die on a Shore slot")


def test_finished_game_summary_has_scores_and_winners(tmp_path: Path, catalogue: Catalogue) -> None:
    rec, game = record_of(catalogue, 4, None, 3)
    summary = json.loads(rec.dumps(game))["summary"]
    assert summary["finished"] is True and summary["to_move"] is None
    assert summary["scores"] == [sc["total"] for sc in game.s.final_scores]
    assert summary["winners"] == [game.name(w) for w in game.s.winners]


def test_replay_upto_gives_every_intermediate_state(catalogue: Catalogue) -> None:
    rec, _ = record_of(catalogue, 12, 70)
    for n in (0, 1, 25, 69, 70):
        assert rec.replay(catalogue, upto=n).to_dict() == play(catalogue, 12, n)[0].to_dict()


def test_automa_seat_and_shops_variant_are_recorded(catalogue: Catalogue) -> None:
    rec = GameRecord.new(catalogue, ["Ana", Seat("Bot", automa=True)], seed=1, shops_variant=True)
    data = json.loads(render(rec.to_dict(Game.new(catalogue, ["Ana", "Ben"], seed=1))))
    assert data["setup"]["seats"][1] == {"name": "Bot", "automa": True}
    assert data["setup"]["shops_variant"] is True


def test_no_seed_means_a_random_one_written_down(catalogue: Catalogue) -> None:
    seeds = {GameRecord.new(catalogue, ["A", "B"]).seed for _ in range(5)}
    assert len(seeds) > 1 and all(isinstance(s, int) for s in seeds)


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize("keep", [0.99, 0.6, 0.3, 0.02])
def test_truncated_record(tmp_path: Path, catalogue: Catalogue, keep: float) -> None:
    path, _ = write_record(tmp_path, catalogue)
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * keep)])
    assert refused(path, catalogue).startswith("the record is cut short")
    assert refused(path, catalogue, force=True).startswith("the record is cut short")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "the record is empty"),
        (b"   \n", "the record is empty"),
        (b"hello, world", "the record is not valid JSON (line 1, column 1"),
        (b"[1, 2, 3]", "this JSON file is not a Great Harbor game record"),
        (b'{"format": "something else"}', "this JSON file is not a Great Harbor game record"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "game.json is not a game record (not a text file)"),
        (b'{"format": "great-harbor game record", "version": 1,, }', "the record is not valid JSON"),
    ],
)
def test_not_a_record(tmp_path: Path, catalogue: Catalogue, content: bytes, expected: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    assert refused(path, catalogue).startswith(expected)


def test_missing_file_and_folder(tmp_path: Path, catalogue: Catalogue) -> None:
    with pytest.raises(RecordError, match="no such file"):
        load(tmp_path / "absent.json", catalogue)
    with pytest.raises(RecordError, match="is a folder"):
        load(tmp_path, catalogue)


def test_tampered_record_is_refused_then_forced(tmp_path: Path, catalogue: Catalogue) -> None:
    path, game = write_record(tmp_path, catalogue, actions=30)
    text = path.read_text()
    # Change the summary (harmless to the replay) without resealing: the checksum notices.
    path.write_text(text.replace('"actions": 30,', '"actions": 31,'))
    assert refused(path, catalogue) == (
        "the record was changed after it was saved (its checksum does not match); use force to try it anyway"
    )
    loaded = load(path, catalogue, force=True)
    assert loaded.game.to_dict() == game.to_dict()
    assert loaded.warnings == ["the record was changed after it was saved (its checksum does not match)"]


def test_tampered_action_names_the_action_and_why(tmp_path: Path, catalogue: Catalogue) -> None:
    path, _ = write_record(tmp_path, catalogue, actions=30)
    data = json.loads(path.read_text())
    first = data["actions"][0]
    assert first["kind"] == "draft"
    data["actions"][0] = {"kind": "draft", "die": 99}
    path.write_text(render(data))  # not resealed
    assert "checksum does not match" in refused(path, catalogue)
    message = refused(path, catalogue, force=True)
    assert message.startswith("action 1 of 30 (draft 99) cannot be replayed: ")


def test_record_without_checksum(tmp_path: Path, catalogue: Catalogue) -> None:
    path, game = write_record(tmp_path, catalogue, actions=10)
    data = json.loads(path.read_text())
    del data["checksum"]
    path.write_text(json.dumps(data))
    assert refused(path, catalogue).startswith("the record has no checksum")
    assert load(path, catalogue, force=True).game.to_dict() == game.to_dict()


def test_illegal_action_in_a_sealed_record(tmp_path: Path, catalogue: Catalogue) -> None:
    path, game = write_record(tmp_path, catalogue, seed=7, actions=40)
    data = json.loads(path.read_text())
    number = next(i for i, a in enumerate(data["actions"], start=1) if a["kind"] == "place")
    bad = dict(data["actions"][number - 1], slot="nowhere")
    data["actions"][number - 1] = bad
    path.write_text(render(seal(data)))
    message = refused(path, catalogue)
    assert message.startswith(f"action {number} of 40 (place {bad['die']} nowhere) cannot be replayed: ")
    assert len(message) > len(f"action {number} of 40 (place {bad['die']} nowhere) cannot be replayed: ")
    # force does not make an illegal action legal
    assert refused(path, catalogue, force=True) == message


def test_unknown_action_kind(tmp_path: Path, catalogue: Catalogue) -> None:
    path, _ = write_record(tmp_path, catalogue, actions=12)
    rewrite(path, lambda d: d["actions"].__setitem__(4, {"kind": "teleport"}))
    assert refused(path, catalogue).startswith("action 5 of the record is not an action the game knows")


def test_extra_action_after_the_end_of_a_turn_is_illegal(tmp_path: Path, catalogue: Catalogue) -> None:
    path, _ = write_record(tmp_path, catalogue, seed=2, actions=20)
    rewrite(path, lambda d: d["actions"].append({"kind": "draft", "die": 0}))
    assert refused(path, catalogue).startswith("action 21 of 21 (draft 0) cannot be replayed: ")


def test_wrong_record_version(tmp_path: Path, catalogue: Catalogue) -> None:
    path, game = write_record(tmp_path, catalogue, actions=15)
    rewrite(path, lambda d: d.__setitem__("version", 99))
    assert refused(path, catalogue) == (
        "the record is in format version 99; this program reads version 1; use force to try it anyway"
    )
    loaded = load(path, catalogue, force=True)
    assert loaded.game.to_dict() == game.to_dict()
    assert loaded.warnings == ["the record is in format version 99; this program reads version 1"]


def test_other_catalogue(tmp_path: Path, catalogue: Catalogue) -> None:
    path, game = write_record(tmp_path, catalogue, actions=15)
    rewrite(path, lambda d: d.__setitem__("catalogue", "0123456789abcdef"))
    message = refused(path, catalogue)
    assert message == (
        "the record was played with another component catalogue, an edited one (0123456789ab), not the one "
        "shipped with the game: start great-harbor with that catalogue (--data DIR) to go on with it; use force "
        "to try it anyway"
    )
    assert load(path, catalogue, force=True).game.to_dict() == game.to_dict()


def edited_catalogue(folder: Path, hull: int) -> Catalogue:
    """A copy of the shipped catalogue whose first ship has another hull."""
    shutil.copytree(default_data_dir(), folder)
    ships = folder / "ships.yaml"
    ships.write_text(ships.read_text().replace("hull: 1,", f"hull: {hull},", 1))
    return load_catalogue(folder)


def test_a_game_played_with_an_edited_catalogue_says_so_elsewhere(tmp_path: Path, catalogue: Catalogue) -> None:
    mine = edited_catalogue(tmp_path / "mine", hull=2)
    path, game = write_record(tmp_path, mine, actions=15)
    assert load(path, mine).game.to_dict() == game.to_dict()  # with its own catalogue: no question asked
    made, shipped = mine.fingerprint[:12], catalogue.fingerprint[:12]
    # Loaded with the shipped catalogue, by the same version of the game.
    assert refused(path, catalogue) == (
        f"the record was played with another component catalogue, an edited one ({made}), not the one shipped "
        "with the game: start great-harbor with that catalogue (--data DIR) to go on with it; use force to try "
        "it anyway"
    )
    # With another edited catalogue.
    theirs = edited_catalogue(tmp_path / "theirs", hull=3)
    assert refused(path, theirs) == (
        f"the record was played with another component catalogue ({made}), not the one in {tmp_path / 'theirs'} "
        f"({theirs.fingerprint[:12]}); use force to try it anyway"
    )
    # Written by another version: its own shipped catalogue may have been different.
    rewrite(path, lambda d: d.__setitem__("program", "0.0.9"))
    assert refused(path, catalogue) == (
        f"the record was played with another component catalogue ({made}: an edited one, or the one "
        f"great-harbor 0.0.9 shipped), not this one ({shipped}); use force to try it anyway"
    )


def test_a_game_played_with_the_shipped_catalogue_loaded_with_an_edited_one(tmp_path: Path,
                                                                          catalogue: Catalogue) -> None:
    path, game = write_record(tmp_path, catalogue, actions=15)
    mine = edited_catalogue(tmp_path / "mine", hull=2)
    (tmp_path / "mine" / "earlier-fingerprints.txt").unlink(missing_ok=True)  # not the shipped one's history
    expected = (
        f"the record was played with another component catalogue, the one shipped with the game, not the edited "
        f"one in {tmp_path / 'mine'} ({mine.fingerprint[:12]}): start great-harbor without --data or "
        "$GREAT_HARBOR_DATA to go on with it; use force to try it anyway"
    )
    assert refused(path, mine) == expected
    # A record of an earlier shipped catalogue that plays the same counts as the shipped one.
    for earlier in sorted(earlier_fingerprints(default_data_dir()))[:1]:
        rewrite(path, lambda d: d.__setitem__("catalogue", earlier))  # noqa: B023 - called at once
        assert refused(path, mine) == expected


def test_replay_that_does_not_reach_the_saved_state(tmp_path: Path, catalogue: Catalogue) -> None:
    path, game = write_record(tmp_path, catalogue, actions=15)
    rewrite(path, lambda d: d.__setitem__("state", "sha256:" + "0" * 64))
    assert refused(path, catalogue).startswith("replaying the record does not give the game that was saved")
    loaded = load(path, catalogue, force=True)
    assert loaded.game.to_dict() == game.to_dict() and len(loaded.warnings) == 1


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.pop("setup"), "the record's setup is missing"),
        (lambda d: d["setup"].__setitem__("seats", []),
         "the record's setup.seats must have at least 1 item(s) (found [])"),
        (lambda d: d["setup"]["seats"].__setitem__(0, {"name": 3}),
         "the record's setup.seats[0].name must be text (found 3)"),
        (lambda d: d["setup"].__setitem__("seed", "abc"),
         "the record's setup.seed must be a whole number (found 'abc')"),
        (lambda d: d["setup"].__setitem__("shops_variant", "yes"),
         "the record's setup.shops_variant must be true or false (found 'yes')"),
        (lambda d: d.__setitem__("actions", {}), "the record's actions must be a list (found {})"),
        (lambda d: d.__setitem__("created", 5), "the record's created must be text (found 5)"),
        (lambda d: d["setup"].__setitem__("seats", [{"name": "Solo", "automa": False}]),
         "the record's setup is not a valid game: a game has 2 to 4 seats, not 1"),
    ],
)
def test_malformed_records(tmp_path: Path, catalogue: Catalogue, change: object, expected: str) -> None:
    path, _ = write_record(tmp_path, catalogue, actions=5)
    rewrite(path, change)
    assert refused(path, catalogue).startswith(expected)


# --- the log --------------------------------------------------------------------------------------


def test_log_marks_reveals(catalogue: Catalogue) -> None:
    game, _ = play(catalogue, 8, 200, 3)
    lines = log_lines(game)
    assert [line for _, line in lines] == game.log_lines()
    marked = [line for m, line in lines if m]
    assert marked and all(i < len(game.s.log) for i in game.s.reveal_marks)
    rolls = [line for line in game.log_lines() if " rolls " in line]
    assert rolls and set(rolls) <= set(marked)  # every roll is a reveal
    assert not any(m for m, line in lines if line.endswith(" ends the turn."))


def test_export_log_command(tmp_path: Path, catalogue: Catalogue, capsys: pytest.CaptureFixture[str]) -> None:
    path, game = write_record(tmp_path, catalogue, seed=4, actions=None)
    out = tmp_path / "log.txt"
    assert main(["export-log", str(path), "-o", str(out)]) == 0
    assert "Wrote the log" in capsys.readouterr().out
    text = out.read_text()
    assert "Seats: Ana, Ben, Cleo" in text and "Seed 4" in text and "Final scores:" in text
    # the scores item by item, one column per seat, the total and the coins for a tie
    scores = text.split("Final scores:\n")[1].splitlines()
    assert scores[0].split() == ["Ana", "Ben", "Cleo"]
    rows = [re.split(r"\s{2,}", line.strip()) for line in scores[1:] if not line.startswith("Winner")]
    by_row = {row[0]: row[1:] for row in rows}
    for key, name in ITEM_NAMES.items():
        assert by_row[name] == [str(sc[key]) for sc in game.s.final_scores]
    assert by_row["Total"] == [str(sc["total"]) for sc in game.s.final_scores]
    assert by_row["Coins (for a tie)"] == [str(p.coins) for p in game.s.players]
    # the game is over: nothing is secret any more, the cards drawn are named
    lines = game.log_lines(ALL_SECRETS)
    body = [line[2:] for line in text.splitlines() if line[:2] in ("* ", "  ") and line[2:] in lines]
    assert body == lines
    assert sum(line.startswith("* ") for line in text.splitlines()) == len(set(game.s.reveal_marks))
    # to standard output
    assert main(["export-log", str(path)]) == 0
    assert capsys.readouterr().out == text


def test_export_log_finds_a_save_by_name(tmp_path: Path, catalogue: Catalogue,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    session = Session.new(catalogue, ["Ana", "Ben"], seed=2, folder=tmp_path)
    assert session.path is not None
    assert main(["export-log", session.path.stem, "--saves-dir", str(tmp_path)]) == 0
    assert "Seats: Ana, Ben" in capsys.readouterr().out


def test_export_log_of_a_bad_record_is_one_line(tmp_path: Path, catalogue: Catalogue,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = write_record(tmp_path, catalogue)
    path.write_bytes(path.read_bytes()[:100])
    out = tmp_path / "log.txt"
    assert main(["export-log", str(path), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: game.json: the record is cut short")
    assert not out.exists()


def test_export_log_force_reports_warnings(tmp_path: Path, catalogue: Catalogue,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = write_record(tmp_path, catalogue, actions=10)
    rewrite(path, lambda d: d.__setitem__("version", 2))
    assert main(["export-log", str(path)]) == 1
    assert "use force" in capsys.readouterr().err
    assert main(["export-log", str(path), "--force"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("warning: the record is in format version 2")
    assert captured.out.startswith("The Great Harbor: game log")


# --- stepping through a record (great-harbor replay) ----------------------------------------------


def test_replay_steps_both_ways_and_jumps_to_turns(tmp_path: Path, catalogue: Catalogue) -> None:

    path, game = write_record(tmp_path, catalogue, seed=5, actions=None)
    replay = Replay.load(catalogue, path)
    view = replay.game
    assert replay.at_end and view.to_dict() == game.to_dict() and replay.next() is None
    total = replay.total
    states = {n: play(catalogue, 5, n)[0].to_dict() for n in (0, 1, 37, total - 1)}
    assert replay.previous() == replay.record.actions[-1] and view.to_dict() == states[total - 1]
    replay.seek(0)
    assert replay.at_start and replay.previous() is None and view.to_dict() == states[0]
    assert replay.next() == replay.record.actions[0] and view.to_dict() == states[1]
    replay.seek(37)
    assert view.to_dict() == states[37] and replay.game is view
    assert [(t.round, t.turn) for t in replay.turns][:3] == [(1, "A"), (1, "B"), (2, "A")]
    assert len(replay.turns) == 10
    replay.seek_turn(3, "B")
    assert (view.s.round, view.s.turn) == (3, "B")
    start = next(t.position for t in replay.turns if (t.round, t.turn) == (3, "B"))
    assert replay.position == start and (play(catalogue, 5, start - 1)[0].s.turn) == "A"
    replay.seek_turn(9)
    assert replay.at_end


def test_an_engine_failure_during_replay_is_one_line(tmp_path: Path, catalogue: Catalogue,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = write_record(tmp_path, catalogue, actions=12)
    real = Game.apply
    calls = [0]

    def flaky(self: Game, action: object) -> None:
        calls[0] += 1
        if calls[0] == 9:
            raise KeyError("slot-x")
        real(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "apply", flaky)
    message = refused(path, catalogue)
    assert message.startswith("action 9 of 12 (") and message.endswith("broke the rules engine: KeyError: 'slot-x'")


# --- records written by earlier versions ----------------------------------------------------------

OLD_RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


@pytest.mark.parametrize("path", OLD_RECORDS, ids=[p.stem for p in OLD_RECORDS])
def test_records_from_earlier_versions_load_and_replay(path: Path, catalogue: Catalogue) -> None:
    """Saved by version 0.1.0 before the log became events and the table read views: they load
    with no warning (the state digest still matches), replay, export their log and play on."""
    loaded = load(path, catalogue)
    assert loaded.warnings == []
    game = loaded.game
    assert len(loaded.record.actions) > 50 and game.log_lines()
    if not game.is_over:
        game.apply(game.legal_actions()[0])
