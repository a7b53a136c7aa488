"""Each player's record across the saved games: ``great-harbor stats`` and the stats screen.

    report = stats_report(folder, cat)             # StatsReport: people, computers, skipped files
    report.people[0].win_rate                      # per person, by name (however it is written)
    text_lines(report)                             # the report as the command prints it

Per person: the games finished, wins and the win rate, also by number of seats and by the kind of
opponents met (people, the Automa, each rival level: a game counts for every kind it had), the
average and best final Prestige, the average of each scoring item, the hints asked for in their
games (a record counts the hints of its whole table) and the last ten results. The Automa and each
rival level get the same, seen from their side. A game not over counts only as "in progress".

The report is plain dataclasses; :mod:`great_harbor.stats_model` turns it into JSON and gives its
JSON Schema (``great-harbor schema stats``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from great_harbor.data import Catalogue
from great_harbor.engine.scoring import ITEMS
from great_harbor.game_index import GameEntry, SeatEntry, Skipped, read_index

LAST = 10  # results listed per player
OPPONENT_KINDS = ("people", "automa", "easy rival", "normal rival", "hard rival")
OPPONENT_WORDS = {"people": "people", "automa": "the Automa"}
ITEM_SHORT = {"cards": "cards", "governor": "Governor pairs", "structures": "Dock Huts and Insulae",
              "buildings": "End-of-game Buildings", "smuggler": "Smuggler tokens", "tokens": "Prestige tokens"}


@dataclass
class Tally:
    """Games finished and won (``win_rate``: their ratio, 0 without games)."""

    games: int = 0
    wins: int = 0
    win_rate: float = 0.0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won
        self.win_rate = round(self.wins / self.games, 4)


@dataclass
class Result:
    """One finished game as one seat played it."""

    date: str
    file: str
    seats: int
    place: int  # 1: won or shared the victory
    won: bool
    prestige: int
    opponents: list[str]  # the other seats' names


@dataclass
class PlayerStats:
    """A person (by name), or the Automa or a rival level (``kind``: person, automa, rival)."""

    name: str
    kind: Literal["person", "automa", "rival"]
    level: str = ""
    finished: int = 0
    in_progress: int = 0
    wins: int = 0
    win_rate: float = 0.0
    by_seats: dict[str, Tally] = field(default_factory=dict)
    by_opponents: dict[str, Tally] = field(default_factory=dict)
    average_prestige: float = 0.0
    best_prestige: int = 0
    average_items: dict[str, float] = field(default_factory=dict)
    hints: int = 0
    last_results: list[Result] = field(default_factory=list)


@dataclass
class StatsReport:
    folder: str
    finished: int
    in_progress: int
    people: list[PlayerStats]
    computers: list[PlayerStats]
    skipped: list[Skipped]


def kind_key(seat: SeatEntry) -> str:
    """Whom a seat counts for: a person by name (case and accents as written aside), else the
    Automa or the rival's level."""
    if seat.kind == "person":
        return "person:" + seat.name.casefold()
    return "automa" if seat.kind == "automa" else f"rival:{seat.level}"


def opponent_kind(seat: SeatEntry) -> str:
    return "people" if seat.kind == "person" else "automa" if seat.kind == "automa" else f"{seat.level} rival"


def stats_report(folder: Path, cat: Catalogue, use_cache: bool = True,
                 progress: Callable[[int, int], None] | None = None) -> StatsReport:
    """The report over ``folder``'s records (``progress``: see :func:`read_index`)."""
    index = read_index(folder, cat, use_cache, progress)
    return build_report(str(folder), index.entries, index.skipped)


def build_report(folder: str, entries: list[GameEntry], skipped: list[Skipped]) -> StatsReport:
    players: dict[str, PlayerStats] = {}
    sums: dict[str, dict[str, list[int]]] = {}
    # Oldest first, so that the name kept is the latest spelling and the last results come last.
    for entry in sorted(entries, key=lambda e: (e.date, e.file)):
        for seat_no, seat in enumerate(entry.seats):
            key = kind_key(seat)
            stats = players.get(key)
            if stats is None:
                stats = players[key] = _new(seat)
            if seat.kind == "person":
                stats.name = seat.name
            if not entry.finished:
                stats.in_progress += 1
                continue
            _add(stats, sums.setdefault(key, {}), entry, seat_no)
    for key, stats in players.items():
        _averages(stats, sums.get(key, {}))
    people = sorted((p for p in players.values() if p.kind == "person"), key=lambda p: (-p.finished, p.name.casefold()))
    order = {"automa": 0, "easy": 1, "normal": 2, "hard": 3}
    computers = sorted((p for p in players.values() if p.kind != "person"),
                       key=lambda p: order.get(p.level or p.kind, 9))
    finished = sum(e.finished for e in entries)
    return StatsReport(folder, finished, len(entries) - finished, people, computers, skipped)


def _new(seat: SeatEntry) -> PlayerStats:
    if seat.kind == "person":
        return PlayerStats(seat.name, "person")
    if seat.kind == "automa":
        return PlayerStats("Automa", "automa")
    return PlayerStats(f"{seat.level.capitalize()} rival", "rival", seat.level)


def _add(stats: PlayerStats, sums: dict[str, list[int]], entry: GameEntry, seat_no: int) -> None:
    won = seat_no in entry.winners
    score = entry.scores[seat_no]
    stats.finished += 1
    stats.wins += won
    stats.win_rate = round(stats.wins / stats.finished, 4)
    stats.by_seats.setdefault(str(len(entry.seats)), Tally()).add(won)
    others = [s for i, s in enumerate(entry.seats) if i != seat_no]
    for kind in OPPONENT_KINDS:
        if any(opponent_kind(s) == kind for s in others):
            stats.by_opponents.setdefault(kind, Tally()).add(won)
    stats.best_prestige = max(stats.best_prestige, score["total"])
    for item in (*ITEMS, "total"):
        if item in score and not (item == "structures" and stats.kind == "automa"):  # not on its list
            sums.setdefault(item, []).append(score[item])
    stats.hints += entry.hints
    stats.last_results.insert(0, Result(entry.date, entry.file, len(entry.seats), entry.places[seat_no], won,
                                        score["total"], [s.name for s in others]))
    del stats.last_results[LAST:]


def _averages(stats: PlayerStats, sums: dict[str, list[int]]) -> None:
    totals = sums.get("total", [])
    stats.average_prestige = round(sum(totals) / len(totals), 1) if totals else 0.0
    stats.average_items = {k: round(sum(v) / len(v), 1) for k, v in sums.items() if k != "total" and v}
    stats.by_opponents = {k: stats.by_opponents[k] for k in OPPONENT_KINDS if k in stats.by_opponents}
    stats.by_seats = dict(sorted(stats.by_seats.items()))


def only(report: StatsReport, name: str) -> StatsReport | None:
    """The report of one person (by name, however written), or None if the folder has no game of theirs."""
    wanted = name.strip().casefold()
    people = [p for p in report.people if p.name.casefold() == wanted]
    if not people:
        return None
    return StatsReport(report.folder, report.finished, report.in_progress, people, [], report.skipped)


# --- as text --------------------------------------------------------------------------------------


def rate(tally: Tally | PlayerStats) -> str:
    games = tally.games if isinstance(tally, Tally) else tally.finished
    return f"{tally.wins}/{games} ({tally.win_rate:.0%})" if games else "no games"


def place_word(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def result_line(result: Result) -> str:
    against = ", ".join(result.opponents)
    outcome = "won" if result.won else place_word(result.place)
    return f"{result.date[:10]}  {outcome:<4} of {result.seats}, {result.prestige:>3} Prestige, against {against}"


def player_lines(stats: PlayerStats) -> list[str]:
    """One player's record as lines of text (the command's output, the screen's panels)."""
    head = f"{stats.name}: {stats.finished} game{'s' * (stats.finished != 1)} finished"
    if stats.in_progress:
        head += f", {stats.in_progress} in progress"
    if not stats.finished:
        return [head]
    lines = [head + f"; won {rate(stats)}; Prestige {stats.average_prestige:g} on average, best {stats.best_prestige}"]
    lines.append("  by seats:     " + " · ".join(f"{n} seats {rate(t)}" for n, t in stats.by_seats.items()))
    lines.append("  by opponents: " + " · ".join(f"against {OPPONENT_WORDS.get(k, k)} {rate(t)}"
                                                 for k, t in stats.by_opponents.items()))
    lines.append("  on average:   " + " · ".join(f"{ITEM_SHORT[k]} {v:g}" for k, v in stats.average_items.items()))
    if stats.kind == "person":
        lines.append(f"  hints:        {stats.hints} asked for in their games")
    count = len(stats.last_results)
    lines.append(f"  last {count} results:" if count > 1 else "  last result:")
    lines += [f"    {result_line(r)}" for r in stats.last_results]
    return lines


def text_lines(report: StatsReport) -> list[str]:
    """The whole report as the command prints it."""
    out = [f"Games in {report.folder}: {report.finished} finished, {report.in_progress} in progress."]
    for stats in report.people:
        out += ["", *player_lines(stats)]
    if report.computers:
        out += ["", "The computer's side:"]
        for stats in report.computers:
            out += ["", *player_lines(stats)]
    return out


__all__ = ["PlayerStats", "Result", "StatsReport", "Tally", "build_report", "only", "player_lines", "stats_report",
           "text_lines"]
