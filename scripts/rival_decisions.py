"""Decision identity: proof that a change to the rivals kept the hard rival's decisions.

Reaches a fixed set of seeded states (2-4 seats, with and without the Automa and the Harbor Shops
variant, from the round the hard rival searches in) and records at each what the hard rival
decides with no deadline (the search then depends on its seed alone, :class:`Seeded`): the action, its reasons
(public and private), the alternatives it weighed with their margins and standard errors, the
worlds it played; and the heuristic's ranking of every option (values and actions, as a digest). ``check``
decides again and names every state whose record differs. Run from the repository root::

    python3 scripts/rival_decisions.py record --out /tmp/hard.json [--budget 2000 --max-worlds 24]
    python3 scripts/rival_decisions.py check --against /tmp/hard.json

The states are reached by the heuristic player with a random move now and then (its own seeded
generator), so they depend on the engine and the heuristic only: a change that alters either
shows as a different state. A test (``tests/test_rival_decisions.py``) checks every state on a
small budget against ``tests/rival_decisions.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from great_harbor.data import Catalogue, load_catalogue  # noqa: E402
from great_harbor.engine import Game, Seat  # noqa: E402
from great_harbor.engine.game import SeatView  # noqa: E402
from great_harbor.rivals import Decision, Rival, search_from  # noqa: E402
from great_harbor.rivals.heuristic import choose, ranked  # noqa: E402

# (seats, the last seat is the Automa, Harbor Shops): every kind of table.
CONFIGS = [(2, False, False), (2, True, True), (3, False, True), (3, True, False), (4, False, False),
           (4, True, True)]
SEEDS = (1, 2)
SMALL = {"budget": 2000, "max_worlds": 2}  # the test's: the same code paths, a fraction of the time


def new_game(cat: Catalogue, seats: int, automa: bool, shops: bool, seed: int) -> Game:
    names: list[Seat | str] = ["Ana", "Ben", "Cleo", "Dido"][:seats]
    if automa:
        names[-1] = Seat("Automa", automa=True)
    return Game.new(cat, names, seed=seed, shops_variant=shops)


def states(cat: Catalogue) -> Iterator[tuple[str, Game]]:
    """The seeded states: in every game, a person's decision with a choice in each round from the
    one the hard rival searches in (a random one of the round's first few; the game is left at
    each while it is read)."""
    for seats, automa, shops in CONFIGS:
        for seed in SEEDS:
            game = new_game(cat, seats, automa, shops, seed)
            rng = random.Random(f"states:{seed}")
            taken = search_from(seats) - 1  # the last round a state was taken in
            step = 0
            while not game.is_over:
                top = game.pending
                assert top is not None
                legal = game.legal_actions()
                if (game.s.round > taken and not game.s.players[top.seat].automa and len(legal) >= 2
                        and rng.random() < 0.2):
                    taken = game.s.round
                    yield f"{seats}p automa={automa} shops={shops} seed={seed} step={step}", game
                game._apply(choose(game) if rng.random() < 0.9 else rng.choice(legal))
                step += 1


class Seeded(Rival):
    """The hard rival, its generator seeded by the state's name rather than by the game's
    progress (:meth:`Rival.rng_for` counts the log's events: a new kind of log line would deal
    every search other worlds, and the record is of the rules and the rivals, not of the log)."""

    def __init__(self, name: str, seed: int, budget: int, max_worlds: int, deadline: float | None = None) -> None:
        super().__init__("hard", seed, deadline=deadline, budget=budget, max_worlds=max_worlds)
        self.name = name

    def rng_for(self, view: SeatView) -> random.Random:
        return random.Random(f"{self.seed}:{self.name}")


def plain(decision: Decision) -> dict[str, Any]:
    """A decision as JSON data, every figure exact (floats round-trip through JSON)."""
    return {
        "action": decision.action.to_dict(),
        "why": decision.why,
        "why_private": decision.why_private,
        "alternatives": [[a.action.to_dict(), a.margin, a.se] for a in decision.alternatives],
        "worlds": decision.worlds,
        "overruled": decision.overruled,
        "timed_out": decision.timed_out,
        "fault": decision.fault,
    }


def record(cat: Catalogue, budget: int, max_worlds: int) -> tuple[dict[str, Any], list[float]]:
    """Every state's hard decision (no deadline) and ranking; the processor seconds of each decision."""
    out: dict[str, Any] = {}
    seconds: list[float] = []
    for i, (name, game) in enumerate(states(cat)):
        view = game.view(game.current_player)
        rival = Seeded(name, 1000 + i, budget, max_worlds)
        start = time.thread_time()
        decision = rival.decide(view)
        seconds.append(time.thread_time() - start)
        ranking = json.dumps([[v, a.to_dict()] for v, a in ranked(view)], sort_keys=True)
        out[name] = {"hard": plain(decision), "ranked": hashlib.sha256(ranking.encode()).hexdigest()[:16]}
    return out, seconds


def differences(expected: dict[str, Any], found: dict[str, Any]) -> list[str]:
    """The states whose records differ, each with the first part that does."""
    out = [f"{name}: state not reached" for name in expected if name not in found]
    out += [f"{name}: a state not in the record" for name in found if name not in expected]
    for name in expected.keys() & found.keys():
        for part in ("hard", "ranked"):
            if expected[name][part] != found[name][part]:
                out.append(f"{name}: {part} differs")
                break
    return sorted(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="decide at every state and write the record")
    rec.add_argument("--out", type=Path, required=True)
    chk = sub.add_parser("check", help="decide again and compare with a record")
    chk.add_argument("--against", type=Path, required=True)
    for p in (rec, chk):
        p.add_argument("--budget", type=int, default=2000, help="decisions played out (default 2000)")
        p.add_argument("--max-worlds", type=int, default=24, help="worlds at most (default 24)")
    args = parser.parse_args()
    cat = load_catalogue()
    if args.command == "check":
        try:
            stored = json.loads(args.against.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"cannot read {args.against}: {exc}", file=sys.stderr)
            return 2
        budget, max_worlds = stored.get("budget", args.budget), stored.get("max_worlds", args.max_worlds)
    else:
        budget, max_worlds = args.budget, args.max_worlds
    found, seconds = record(cat, budget, max_worlds)
    ordered = sorted(seconds)
    print(f"{len(found)} states, budget {budget}, at most {max_worlds} worlds: processor time per hard decision "
          f"median {ordered[len(ordered) // 2]:.3f} s, p90 {ordered[int(0.9 * (len(ordered) - 1))]:.3f} s, "
          f"max {ordered[-1]:.3f} s, total {sum(seconds):.1f} s")
    if args.command == "record":
        data = {"budget": budget, "max_worlds": max_worlds, "states": found}
        args.out.write_text(json.dumps(data, sort_keys=True) + "\n", encoding="utf-8")
        print(f"written to {args.out}")
        return 0
    problems = differences(stored["states"], found)
    for line in problems:
        print(line)
    print(f"{len(found) - len(problems)} of {len(stored['states'])} states decide identically")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
