"""The coach of "Learn to play" over whole solo games against the Automa, headless.

The person's seat is played by the normal rival's heuristic (``heuristic.choose``) and the coach is
asked after every action, as the table asks it. Prints how many of the games each lesson fired in
(never twice in one game), how many fired in the game ``great-harbor learn`` starts by default,
and the coach's processor time per action (target: at most 2 ms).

    python3 bench/coach.py [--games 100]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from great_harbor.coach import LEARN_SEED, Coach, shipped_lessons  # noqa: E402
from great_harbor.data import load_catalogue  # noqa: E402
from great_harbor.engine import Game, Seat  # noqa: E402
from great_harbor.rivals import heuristic  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    cat = load_catalogue()
    lessons = shipped_lessons()
    fired: Counter[str] = Counter()
    coach_seconds = 0.0
    actions = 0
    twice = 0
    default: list[str] = []
    for seed in range(args.games):
        game = Game.new(cat, [Seat("Ana"), Seat("Automa", automa=True)], seed=seed)
        coach = Coach(0)
        while not game.is_over:
            start = time.process_time()
            coach.check(game)
            coach_seconds += time.process_time() - start
            actions += 1
            game.apply(heuristic.choose(game))
        twice += len(coach.seen) != len(set(coach.seen))
        fired.update(coach.seen)
        if seed == LEARN_SEED:
            default = list(coach.seen)
    width = max(len(lesson.id) for lesson in lessons)
    for lesson in lessons:
        print(f"{lesson.id:<{width}}  fired in {fired[lesson.id]:3} of {args.games} games")
    never = sum(not fired[lesson.id] for lesson in lessons)
    print(f"lessons: {len(lessons)}, never fired: {never}, games with a lesson twice: {twice}")
    if default:
        print(f"the default learning seed ({LEARN_SEED}) fires {len(default)} of {len(lessons)} lessons")
    print(f"coach: {1000 * coach_seconds / max(actions, 1):.3f} ms of processor time per action "
          f"over {actions} actions (target: at most 2 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
