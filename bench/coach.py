"""The coach of "Learn to play" over whole solo games against the Automa, headless.

The person's seat is played by the normal rival's heuristic (``heuristic.choose``) and the coach is
asked after every action, as the table asks it. Prints how many of the games each lesson fired in
(never twice in one game), how many fired in the game ``great-harbor learn`` starts by default,
and the coach's processor time per action (target: at most 2 ms).

Then the same at the table: the game ``great-harbor learn`` starts, in the app at 120x36 (headless,
Textual's run_test), each lesson read page by page with Enter and every frame drawn. The coach's
share of the processor time is what runs in its code (``coach_after_change`` after every change,
``coach_key`` on every key, with the panel's update and the record written when the coach
changes) and in drawing its panel (``CoachPanel.render_lines``), per action of the learner
(target: at most 2 ms, panel included); the whole app's time per action is printed beside it.

    python3 bench/coach.py [--games 100] [--no-ui]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from great_harbor.coach import LEARN_SEED, Coach, shipped_lessons  # noqa: E402
from great_harbor.data import load_catalogue  # noqa: E402
from great_harbor.engine import Game, Seat  # noqa: E402
from great_harbor.rivals import heuristic  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--no-ui", action="store_true", help="the headless games only")
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
    if not args.no_ui:
        asyncio.run(at_the_table())
    return 0


def timed(spent: list[float], method: Callable[..., Any]) -> Callable[..., Any]:
    """``method``, adding the processor time of each call to ``spent[0]``."""

    def run(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return method(*args, **kwargs)
        finally:
            spent[0] += time.process_time() - start

    return run


async def at_the_table() -> None:
    """A learning game at 120x36 in the app: the coach's processor time per action, panel included."""
    from great_harbor.rivals import Rival
    from great_harbor.ui.app import GreatHarborApp, make_app
    from great_harbor.ui.settings import ENV_CONFIG
    from great_harbor.ui.widgets.coach_panel import CoachPanel

    spent = [0.0]
    for cls, name in ((GreatHarborApp, "coach_after_change"), (GreatHarborApp, "coach_key"),
                      (CoachPanel, "render_lines")):
        setattr(cls, name, timed(spent, getattr(cls, name)))
    rival = Rival("normal")
    with tempfile.TemporaryDirectory(prefix="great-harbor-bench-coach-") as folder:
        # Settings in the temporary folder: every lesson offered, none kept as learned for the user.
        os.environ[ENV_CONFIG] = str(Path(folder) / "config")
        app = make_app(learn=LEARN_SEED, automa_delay=0, blink=False, saves_dir=Path(folder) / "saves")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            actions = 0
            start = time.process_time()
            while app.game is not None and not app.game.is_over:
                assert app.coach is not None and app.game.pending is not None
                lesson = app.coach.showing
                for _ in lesson.pages if lesson is not None else ():
                    await pilot.press("enter")  # read, page by page (after the last, put away)
                app.play(rival.decide(app.game.view(app.game.pending.seat)).action)
                actions += 1
                await pilot.pause()  # the frame drawn, the coach's panel with it
            total = time.process_time() - start
            shown = len(app.coach.seen) if app.coach is not None else 0
    print(f"coach at the table (120x36, seed {LEARN_SEED}, {shown} lessons read): "
          f"{1000 * spent[0] / max(actions, 1):.3f} ms of processor time per action, its panel drawn, "
          f"over {actions} actions (target: at most 2 ms); the whole app {1000 * total / max(actions, 1):.1f} ms")


if __name__ == "__main__":
    raise SystemExit(main())
