"""How strong the computer rivals are, and how long the hard one thinks.

Run from the repository root: ``python3 bench/rivals.py [--games N] [--jobs J] [--seed S] [--table NAME]``.
``--json FILE`` keeps every game's result; ``--merge FILE...`` prints the figures of several such
files together (runs of other seeds of the same tables, say).

Tables of N seeded games each (game i uses seed S+i; the seats rotate from game to game, so
every seat order is played as often as the others):

- ``hard-normal``: hard vs normal, 2 seats. Target: hard wins at least 65%, margin at least +8;
- ``hard-3normal``: 1 hard + 3 normal, 4 seats. Target: hard wins at least 35% (even share 25%);
- ``hard-automa``: hard vs the Automa, 2 seats. Target: hard wins at least 70%;
- ``normal-automa``: normal vs the Automa, 2 seats (the reference: about 47%);
- ``normal-easy``: normal vs easy, 2 seats. Target: normal wins at least 75%.

For the first level of each table it prints the share of games won (a shared win counts as a
fraction) with its 95% interval (Wilson), the mean margin (its Prestige less the best other
seat's, per game: the games are paired by seed) with its 95% interval, and for a hard seat its
think time per decision in processor seconds (mean, median, 90th percentile, max), how many of
its decisions searched, how many overruled the heuristic and how many ran out of time. A rival
whose own code failed (it then makes a plain legal move) is named on a FAULT line; a game that
fails outright is named, left out of the figures, and makes the exit status 1.

Think time is the processor time of the deciding thread (``time.thread_time``), so the figure
is one core's work whatever else the machine is doing. ``--jobs`` plays games in parallel
processes (a game with a hard seat costs about half a minute of one core).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from great_harbor.data import Catalogue, load_catalogue  # noqa: E402
from great_harbor.engine import Game, Seat  # noqa: E402
from great_harbor.rivals import Rival, rival_seed  # noqa: E402

AUTOMA = "automa"
TABLES: dict[str, tuple[str, ...]] = {
    "hard-normal": ("hard", "normal"),
    "hard-3normal": ("hard", "normal", "normal", "normal"),
    "hard-automa": ("hard", AUTOMA),
    "normal-automa": ("normal", AUTOMA),
    "normal-easy": ("normal", "easy"),
}
TARGETS = {
    "hard-normal": "wins >= 65%, margin >= +8",
    "hard-3normal": "wins >= 35%",
    "hard-automa": "wins >= 70%",
    "normal-automa": "about 47% (reference)",
    "normal-easy": "wins >= 75%",
}


@dataclass
class GameResult:
    seed: int
    win: float  # the focal seat's share of the victory
    margin: float  # its Prestige less the best other seat's
    totals: list[int]
    times: list[float] = field(default_factory=list)  # the focal seat's think time per decision
    searched: int = 0
    overruled: int = 0
    timed_out: int = 0
    faults: list[str] = field(default_factory=list)  # any rival's failed thinking (a plain move stood in)


_CAT: Catalogue | None = None


def _catalogue() -> Catalogue:
    global _CAT
    if _CAT is None:
        _CAT = load_catalogue()
    return _CAT


def play(task: tuple[tuple[str, ...], int]) -> GameResult:
    """One game of a table: the kinds in seat order rotated by the seed; the focal seat is the
    table's first kind."""
    kinds, seed = task
    cat = _catalogue()
    shift = seed % len(kinds)
    order = kinds[shift:] + kinds[:shift]
    focal = (len(kinds) - shift) % len(kinds)
    seats = [Seat("Automa", automa=True) if k == AUTOMA else Seat(f"S{i}", rival=k) for i, k in enumerate(order)]
    game = Game.new(cat, seats, seed=seed)
    rivals = {i: Rival(k, rival_seed(seed, i)) for i, k in enumerate(order) if k != AUTOMA}
    result = GameResult(seed, 0.0, 0.0, [])
    steps = 0
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        decision = rivals[seat].decide(game.view(seat))
        if decision.fault is not None:
            result.faults.append(f"seat {seat} ({rivals[seat].level}), round {game.s.round}: {decision.fault}")
        if seat == focal:
            result.times.append(decision.seconds)
            result.searched += decision.worlds > 0
            result.overruled += decision.overruled
            result.timed_out += decision.timed_out
        game.apply(decision.action)
        steps += 1
        if steps > 20_000:
            raise RuntimeError(f"seed {seed}: the game does not end")
    totals = [sc["total"] for sc in game.s.final_scores]
    result.totals = totals
    result.win = 1 / len(game.s.winners) if focal in game.s.winners else 0.0
    result.margin = totals[focal] - max(t for i, t in enumerate(totals) if i != focal)
    return result


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``p`` over ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(xs: Sequence[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return 0.0
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def summarise(name: str, results: list[GameResult], seconds: float) -> dict[str, object]:
    n = len(results)
    win = statistics.fmean(r.win for r in results)
    margins = [r.margin for r in results]
    mean_margin = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else math.inf
    times = [t for r in results for t in r.times]
    out: dict[str, object] = {
        "table": name, "kinds": list(TABLES[name]), "games": n, "target": TARGETS[name],
        "win": round(win, 3), "win_95": [round(x, 3) for x in wilson(win, n)],
        "margin": round(mean_margin, 2), "margin_95": [round(mean_margin - half, 2), round(mean_margin + half, 2)],
        "wall_seconds": round(seconds, 1),
        "faults": [f"seed {r.seed}, {f}" for r in results for f in r.faults],
    }
    if TABLES[name][0] == "hard":
        out.update({
            "decisions": len(times),
            "think_mean": round(statistics.fmean(times), 3),
            "think_median": round(statistics.median(times), 3),
            "think_p90": round(percentile(times, 0.9), 3),
            "think_max": round(max(times), 3),
            "searched": sum(r.searched for r in results),
            "overruled": sum(r.overruled for r in results),
            "timed_out": sum(r.timed_out for r in results),
        })
    return out


def report(row: dict[str, object]) -> str:
    lo, hi = row["win_95"]  # type: ignore[misc]
    mlo, mhi = row["margin_95"]  # type: ignore[misc]
    first = TABLES[str(row["table"])][0]
    text = (f"{row['table']:<14} {row['games']:>4} games  {first} wins {row['win']:.1%} [{lo:.1%}, {hi:.1%}]  "
            f"margin {row['margin']:+.2f} [{mlo:+.2f}, {mhi:+.2f}]  (target: {row['target']}; {row['wall_seconds']} s)")
    if "think_mean" in row:
        text += (f"\n{'':<14} think time per decision: mean {row['think_mean']:.3f} s, median "
                 f"{row['think_median']:.3f} s, p90 {row['think_p90']:.3f} s, max {row['think_max']:.3f} s over "
                 f"{row['decisions']} decisions; searched {row['searched']}, overruled the heuristic "
                 f"{row['overruled']}, out of time {row['timed_out']}")
    for fault in row.get("faults") or []:  # type: ignore[attr-defined]
        text += f"\n{'':<14} FAULT (a plain move stood in): {fault}"
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per table (default 100)")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--table", action="append", choices=sorted(TABLES), help="only this table (repeatable)")
    parser.add_argument("--json", type=Path, help="also write the figures and every game's result to this file")
    parser.add_argument("--merge", type=Path, nargs="+", metavar="FILE",
                        help="print the figures of these --json files together instead of playing")
    args = parser.parse_args()
    if args.merge:
        return merge(args.merge)
    if args.games < 2 or args.jobs < 1:
        parser.error("--games must be at least 2 and --jobs at least 1")
    tables = args.table or list(TABLES)
    print(f"Rivals: seeds {args.seed}..{args.seed + args.games - 1}, seats rotated, {args.jobs} job(s).", flush=True)
    dump: dict[str, object] = {}
    failures: list[str] = []
    for name in tables:
        start = time.perf_counter()
        tasks = [(TABLES[name], args.seed + i) for i in range(args.games)]
        results: list[GameResult] = []
        with Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
            played = pool.imap_unordered(safe_play, tasks) if pool is not None else map(safe_play, tasks)
            for result in played:
                if isinstance(result, str):
                    failures.append(result)
                    print(result, file=sys.stderr, flush=True)
                    continue
                results.append(result)
                if args.json and len(results) % 10 == 0:  # an hour's run is not lost to one stop
                    keep(args.json, dump, name, results, time.perf_counter() - start)
        if len(results) < 2:
            continue
        row = keep(args.json, dump, name, results, time.perf_counter() - start)
        print(report(row), flush=True)
    if failures:
        print(f"{len(failures)} game(s) failed (above); their seeds are not in the figures", file=sys.stderr)
        return 1
    return 0


def safe_play(task: tuple[tuple[str, ...], int]) -> GameResult | str:
    """:func:`play`, or one line saying which game failed and how (the others go on)."""
    try:
        return play(task)
    except Exception as exc:  # a bench reports every failure and plays the rest
        return f"seed {task[1]} ({', '.join(task[0])}): {type(exc).__name__}: {exc}"


def keep(path: Path | None, dump: dict[str, object], name: str, results: list[GameResult],
         seconds: float) -> dict[str, object]:
    """The table's figures so far; written to ``path`` (with every game) when given."""
    results.sort(key=lambda r: r.seed)
    row = summarise(name, results, seconds)
    dump[name] = {"summary": row, "games": [asdict(r) for r in results]}
    if path:
        path.write_text(json.dumps(dump, indent=1) + "\n")
    return row


def merge(files: Sequence[Path]) -> int:
    """The figures of several runs together (each game counted once, by its seed)."""
    tables: dict[str, dict[int, GameResult]] = {}
    seconds: dict[str, float] = {}
    for path in files:
        for name, run in json.loads(path.read_text()).items():
            for raw in run["games"]:
                tables.setdefault(name, {})[raw["seed"]] = GameResult(**raw)
            seconds[name] = seconds.get(name, 0.0) + float(run["summary"]["wall_seconds"])
    for name, games in tables.items():
        print(report(summarise(name, [games[k] for k in sorted(games)], seconds[name])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
