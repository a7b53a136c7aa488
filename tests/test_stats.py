"""How the games went (issue 34): the turn-by-turn projected Prestige of a record, and each
player's record across a saves folder, checked against what the records themselves say."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from great_harbor.data import Catalogue, load_catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.scoring import ranking
from great_harbor.game_index import CACHE_NAME, read_index
from great_harbor.progress import BARS, chart_lines, progress_of_game
from great_harbor.record import GameRecord, load, seal
from great_harbor.stats import build_report, only, stats_report, text_lines


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue(None)


def played(cat: Catalogue, seed: int, seats: list[Seat], actions: int | None = None,
           hints: int = 0) -> tuple[GameRecord, Game]:
    """A seeded game of random legal actions, to the end or for ``actions`` actions."""
    record = GameRecord.new(cat, seats, seed=seed)
    record.hints = hints
    game = record.start(cat)
    rng = random.Random(seed)
    while not game.is_over and (actions is None or len(record.actions) < actions):
        action = rng.choice(game.legal_actions())
        game.apply(action)
        record.actions.append(action)
    return record, game


GAMES = {
    "g1": (11, [Seat("Ana"), Seat("Ben"), Seat("Rex", rival="hard")], 2),
    "g2": (12, [Seat("ana"), Seat("Automa", automa=True)], 0),
    "g3": (13, [Seat("Ben"), Seat("Ana"), Seat("Eve", rival="easy")], 1),
}


@pytest.fixture(scope="module")
def games(cat: Catalogue) -> dict[str, tuple[GameRecord, Game]]:
    return {name: played(cat, seed, seats, hints=hints) for name, (seed, seats, hints) in GAMES.items()}


@pytest.fixture
def folder(tmp_path: Path, cat: Catalogue, games: dict[str, tuple[GameRecord, Game]]) -> Path:
    for name, (record, game) in games.items():
        (tmp_path / f"{name}.json").write_text(record.dumps(game))
    record, game = played(cat, 14, [Seat("Ana"), Seat("Zoe")], actions=30)
    (tmp_path / "running.json").write_text(record.dumps(game))
    return tmp_path


# --- the turn-by-turn chart --------------------------------------------------------------------


def test_the_last_point_of_each_seat_is_its_final_score(cat: Catalogue,
                                                        games: dict[str, tuple[GameRecord, Game]]) -> None:
    for record, game in games.values():
        progress = progress_of_game(record, cat)
        assert progress.finished
        assert list(progress.points[-1].totals) == [sc["total"] for sc in game.s.final_scores]
        assert list(progress.items) == game.s.final_scores
        assert progress.points[-1].leader == game.s.winners[0]
        labels = [p.label for p in progress.points]
        assert labels[0] == "1A" and len(labels) == len(set(labels))  # one point a turn


def test_a_point_is_the_projection_at_the_end_of_its_turn(cat: Catalogue,
                                                          games: dict[str, tuple[GameRecord, Game]]) -> None:
    record, _ = games["g1"]
    progress = progress_of_game(record, cat)
    game = record.start(cat)
    for number, action in enumerate(record.actions):
        before = f"{game.s.round}{game.s.turn}"
        game.apply(action)
        if f"{game.s.round}{game.s.turn}" != before and not game.is_over:
            point = next(p for p in progress.points if p.label == before)
            scores = game.projected_scores()
            assert point.totals == tuple(sc["total"] for sc in scores), f"after action {number + 1}"
            assert point.leader == ranking(game, scores)[0]


def test_lead_changes_are_marked_with_the_new_leader(cat: Catalogue,
                                                     games: dict[str, tuple[GameRecord, Game]]) -> None:
    marked = 0
    for record, _ in games.values():
        progress = progress_of_game(record, cat)
        lines = chart_lines(progress)
        lead = lines[-1]
        assert lead.startswith("lead taken")
        assert lead.count("↑") == len(progress.lead_changes)
        for i in progress.lead_changes:
            assert progress.points[i].leader != progress.points[i - 1].leader
        for seat, name in enumerate(progress.names):
            row = lines[2 + seat]
            assert row.startswith(f"{'◆●▲■'[seat]} {name}")
            assert row.split()[-1].rstrip(BARS) == str(progress.points[-1].totals[seat])
        marked += len(progress.lead_changes)
    assert marked  # the seeded games do change leaders


def test_a_running_game_ends_on_now_with_public_figures(cat: Catalogue) -> None:
    record, game = played(cat, 14, [Seat("Ana"), Seat("Zoe")], actions=30)
    progress = progress_of_game(record, cat)
    assert not progress.finished
    assert progress.points[-1].totals == tuple(sc["total"] for sc in game.projected_scores())


# --- the record across games -------------------------------------------------------------------


def test_stats_match_what_the_records_say(cat: Catalogue, folder: Path) -> None:
    report = stats_report(folder, cat)
    assert (report.finished, report.in_progress, report.skipped) == (3, 1, [])
    by_name = {p.name.casefold(): p for p in report.people}
    assert set(by_name) == {"ana", "ben", "zoe"}
    for who in ("ana", "ben"):
        mine = []
        for name in ("g1", "g2", "g3"):
            loaded = load(folder / f"{name}.json", cat)
            game = loaded.game
            for seat, p in enumerate(game.s.players):
                if p.name.casefold() == who:
                    mine.append((seat in game.s.winners, game.s.final_scores[seat], loaded.record.hints))
        stats = by_name[who]
        assert stats.finished == len(mine)
        assert stats.wins == sum(won for won, _, _ in mine)
        assert stats.best_prestige == max(sc["total"] for _, sc, _ in mine)
        assert stats.average_prestige == round(sum(sc["total"] for _, sc, _ in mine) / len(mine), 1)
        assert stats.average_items["cards"] == round(sum(sc["cards"] for _, sc, _ in mine) / len(mine), 1)
        assert stats.hints == sum(h for _, _, h in mine)
        assert stats.in_progress == (1 if who == "ana" else 0)
        assert len(stats.last_results) == len(mine)
    ana = by_name["ana"]
    assert ana.by_seats["2"].games == 1 and ana.by_seats["3"].games == 2
    assert ana.by_opponents["automa"].games == 1 and ana.by_opponents["hard rival"].games == 1
    assert ana.by_opponents["people"].games == 2
    assert by_name["zoe"].finished == 0 and by_name["zoe"].in_progress == 1  # nothing more of a running game
    sides = {p.name: p for p in report.computers}
    assert set(sides) == {"Automa", "Easy rival", "Hard rival"}
    assert "structures" not in sides["Automa"].average_items  # not on the Automa's list


def test_only_one_player_and_the_text(cat: Catalogue, folder: Path) -> None:
    report = stats_report(folder, cat)
    ana = only(report, " ANA ")
    assert ana is not None and [p.name for p in ana.people] == ["Ana"]
    assert only(report, "Nobody") is None
    text = "\n".join(text_lines(report))
    assert "Ana: 3 games finished, 1 in progress; won" in text
    assert "The computer's side:" in text and "Hard rival: 1 game finished" in text


def test_a_damaged_or_foreign_file_is_skipped_with_its_reason(cat: Catalogue, folder: Path) -> None:
    text = (folder / "g1.json").read_text()
    (folder / "cut.json").write_text(text[: len(text) // 2])
    (folder / "other.json").write_text(json.dumps({"name": "not a game"}))
    edited = json.loads(text)
    edited["catalogue"] = "sha256:" + "0" * 64
    (folder / "catalogue.json").write_text(json.dumps(seal(edited)))
    report = stats_report(folder, cat)
    reasons = {s.file: s.reason for s in report.skipped}
    assert reasons["cut.json"].startswith("the record is cut short")
    assert reasons["other.json"] == "this JSON file is not a Great Harbor game record"
    assert "another component catalogue" in reasons["catalogue.json"]
    assert all("\n" not in r and "force" not in r for r in reasons.values())
    assert report.finished == 3


def test_the_cache_is_used_and_rebuilt_when_a_record_changes(cat: Catalogue, folder: Path,
                                                             games: dict[str, tuple[GameRecord, Game]]) -> None:
    told: list[tuple[int, int]] = []
    first = read_index(folder, cat, progress=lambda done, total: told.append((done, total)))
    assert first.replayed == 4 and (folder / CACHE_NAME).is_file()
    assert told == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert read_index(folder, cat, progress=lambda done, total: told.append((done, total))).replayed == 0
    assert len(told) == 4  # nothing read afresh, nothing told
    shutil.copy(folder / "g1.json", folder / "copy.json")  # the same checksum: not replayed again
    again = read_index(folder, cat)
    assert again.replayed == 0 and len(again.entries) == 5
    # g2 becomes another finished game: read again, and the stats follow it.
    record, game = played(cat, 99, [Seat("ana"), Seat("Automa", automa=True)])
    (folder / "g2.json").write_text(record.dumps(game))
    changed = read_index(folder, cat)
    assert changed.replayed == 1
    entry = next(e for e in changed.entries if e.file == "g2.json")
    assert list(entry.scores) == game.s.final_scores
    report = build_report(str(folder), changed.entries, changed.skipped)
    automa = next(p for p in report.computers if p.kind == "automa")
    assert automa.best_prestige == game.s.final_scores[1]["total"]


def test_a_damaged_cache_is_rebuilt(cat: Catalogue, folder: Path) -> None:
    read_index(folder, cat)
    cache = json.loads((folder / CACHE_NAME).read_text())
    for row in cache["games"].values():
        row["scores"] = "nonsense"
        del row["places"]
    (folder / CACHE_NAME).write_text(json.dumps(cache))
    again = read_index(folder, cat)
    assert again.replayed == 4 and len(again.entries) == 4
    (folder / CACHE_NAME).write_text("[")
    assert read_index(folder, cat).replayed == 4


def test_the_chart_of_a_record_is_kept_until_its_actions_change(cat: Catalogue) -> None:
    from great_harbor.progress import progress_of

    record, game = played(cat, 15, [Seat("Ana"), Seat("Ben")], actions=40)
    first = progress_of(record, cat)
    assert progress_of(record, cat) is first
    record.actions.append(game.legal_actions()[0])
    again = progress_of(record, cat)
    assert again is not first and again == progress_of_game(record, cat)
