"""Golden trace: proof that a refactor kept the engine's behaviour.

Plays seeded random games in every configuration (2-4 seats, with and without the Automa and
the Harbor Shops variant) and reduces each to digests of what the engine offered and did:

- ``actions``: at every decision, the seat deciding and the full legal-action list (as record
  dicts, in order), then the action taken; at the end the final scores and the winners;
- ``log``: the log as players read it (so a change of words shows apart from a change of rules).

``record`` writes the digests to a JSON file; ``check`` plays the same games again and names
every game whose digests differ. Run from the repository root::

    python3 scripts/golden_trace.py record --out /tmp/golden.json
    python3 scripts/golden_trace.py check --trace /tmp/golden.json [--only actions]

A test (``tests/engine/test_golden_trace.py``) checks a few games of each configuration
against ``tests/engine/golden_trace.json`` on every run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from great_harbor.data import Catalogue, load_catalogue  # noqa: E402
from great_harbor.engine import Game  # noqa: E402
from great_harbor.rivals.heuristic import choose  # noqa: E402
from great_harbor.simulate import seats_for  # noqa: E402

CONFIGS = [(players, automa, shops) for players in (2, 3, 4) for automa in (False, True) for shops in (False, True)]


def config_name(players: int, automa: bool, shops: bool) -> str:
    return f"{players}p" + ("+automa" if automa else "") + ("+shops" if shops else "")


def log_lines(game: Game) -> list[str]:
    """The log as players read it. Kept in one place so that a change of the log's form (text to
    events) changes only this function."""
    return game.log_lines()


def play(cat: Catalogue, players: int, automa: bool, shops: bool, seed: int,
         encode: Callable[[Any], Any] | None = None, heuristic: bool = False) -> dict[str, str]:
    """One seeded game, random or (``heuristic``) played by the heuristic player; returns its digests."""
    encode = encode or (lambda a: a.to_dict())
    game = Game.new(cat, seats_for(players, automa), seed=seed, shops_variant=shops)
    chooser = random.Random(seed * 7919 + players)
    h = hashlib.sha256()
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        top = game.pending
        assert top is not None
        pick = legal.index(choose(game)) if heuristic else _pick(chooser, legal)
        h.update(json.dumps([top.kind, top.seat, [encode(a) for a in legal], pick],
                            sort_keys=True, separators=(",", ":")).encode())
        game.apply(legal[pick])
        steps += 1
        if steps > 5000:
            raise RuntimeError(f"{config_name(players, automa, shops)} seed {seed}: no end after 5000 actions")
    h.update(json.dumps([game.final_scores(), game.s.winners], sort_keys=True).encode())
    logs = hashlib.sha256("\n".join(log_lines(game)).encode()).hexdigest()
    return {"actions": h.hexdigest(), "log": logs, "steps": str(steps)}


def _pick(chooser: random.Random, legal: tuple[Any, ...]) -> int:
    """Mostly anything but ending the turn or passing, so that games go deep into the rules
    (uniform random play ends most turns at once and never builds a fleet)."""
    busy = [i for i, a in enumerate(legal) if a.kind not in ("end-turn", "pass")]
    if busy and chooser.random() < 0.85:
        return busy[chooser.randrange(len(busy))]
    return chooser.randrange(len(legal))


HEURISTIC = 1000  # seeds from here on are played by the heuristic player


def games(seeds: int, heuristic_seeds: int) -> Iterator[tuple[str, int, int, bool, bool]]:
    for players, automa, shops in CONFIGS:
        for seed in [*range(seeds), *range(HEURISTIC, HEURISTIC + heuristic_seeds)]:
            yield config_name(players, automa, shops), seed, players, automa, shops


def record(cat: Catalogue, seeds: int, heuristic_seeds: int) -> dict[str, dict[str, dict[str, str]]]:
    out: dict[str, dict[str, dict[str, str]]] = {}
    for name, seed, players, automa, shops in games(seeds, heuristic_seeds):
        out.setdefault(name, {})[str(seed)] = play(cat, players, automa, shops, seed, heuristic=seed >= HEURISTIC)
    return out


def compare(cat: Catalogue, trace: dict[str, dict[str, dict[str, str]]], only: str | None = None,
            limit: int | None = None) -> list[str]:
    """Differences between ``trace`` and the engine now, one line each (empty: identical).
    ``limit`` takes the first few random and the first few heuristic games of each configuration."""
    diffs: list[str] = []
    for name, runs in trace.items():
        players, automa, shops = next(c for c in CONFIGS if config_name(*c) == name)
        chosen = list(runs.items())
        if limit is not None:
            chosen = ([x for x in chosen if int(x[0]) < HEURISTIC][:limit]
                      + [x for x in chosen if int(x[0]) >= HEURISTIC][:limit])
        for seed_text, want in chosen:
            seed = int(seed_text)
            got = play(cat, players, automa, shops, seed, heuristic=seed >= HEURISTIC)
            for key in ("actions", "log"):
                if only and key != only:
                    continue
                if got[key] != want[key]:
                    diffs.append(f"{name} seed {seed_text}: {key} differ (steps {want['steps']} -> {got['steps']})")
    return diffs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--out", type=Path, required=True)
    rec.add_argument("--seeds", type=int, default=25, help="random games per configuration (12 configurations)")
    rec.add_argument("--heuristic-seeds", type=int, default=5, help="games per configuration by the heuristic player")
    chk = sub.add_parser("check")
    chk.add_argument("--trace", type=Path, required=True)
    chk.add_argument("--only", choices=("actions", "log"))
    args = parser.parse_args()
    cat = load_catalogue()
    if args.cmd == "record":
        trace = record(cat, args.seeds, args.heuristic_seeds)
        args.out.write_text(json.dumps(trace, indent=1, sort_keys=True) + "\n")
        print(f"recorded {sum(len(v) for v in trace.values())} games to {args.out}")
        return 0
    trace = json.loads(args.trace.read_text())
    diffs = compare(cat, trace, args.only)
    total = sum(len(v) for v in trace.values())
    for line in diffs:
        print(line)
    print(f"{total} games, {len(diffs)} differences")
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
