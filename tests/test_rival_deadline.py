"""A hard rival whose search runs out of time keeps what it learned: the worlds it played in full
decide, exactly as a search limited to that many worlds would (an option clearly ahead over them
overrules the heuristic's pick, the reasons say over how many futures); with fewer than two
worlds played there is nothing to compare and the heuristic's pick stands. The deadline is
processor time: a clock that ticks once per reading makes it expire at a chosen playout."""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine.game import SeatView
from great_harbor.rivals import Rival, heuristic, search

ROOT = Path(__file__).resolve().parents[1]
# A state of the decision-identity record where two worlds overrule the heuristic's pick.
OVERRULED = "2p automa=False shops=False seed=2 step=237"


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("rival_decisions", ROOT / "scripts" / "rival_decisions.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def _state(catalogue: Catalogue) -> tuple[SeatView, Callable[..., Rival]]:
    """The state and the record's rival for it (seeded by the state's name, not the log), given
    its most worlds and its deadline."""
    script = _script()
    for i, (name, game) in enumerate(script.states(catalogue)):
        if name == OVERRULED:
            return game.view(game.current_player), functools.partial(script.Seeded, OVERRULED, 1000 + i, 2000)
    raise AssertionError(f"{OVERRULED} not reached")


def _ticking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Processor time that advances one second at every reading: the search reads it once at its
    start and once after every playout."""
    clock = iter(range(100_000))
    monkeypatch.setattr(search.time, "thread_time", lambda: float(next(clock)))


def test_a_search_cut_short_decides_on_the_worlds_it_played(catalogue: Catalogue,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    view, rival = _state(catalogue)
    two = rival(2).decide(view)
    assert two.overruled and two.action != heuristic.choose(view) and two.worlds == 2
    playouts = 1 + len(two.alternatives)  # one per candidate and world
    _ticking(monkeypatch)
    # Past the deadline at the first playout of the third world: two worlds were played in full.
    cut = rival(24, 2 * playouts + 0.5).decide(view)
    assert cut.timed_out and cut.worlds == 2
    assert (cut.action, cut.alternatives, cut.overruled) == (two.action, two.alternatives, True)
    assert cut.why == two.why and {"r": "searched", "worlds": 2, "gain": cut.why[0]["gain"]} == cut.why[0]


def test_a_search_cut_short_before_two_worlds_leaves_the_heuristics_pick(catalogue: Catalogue,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    view, rival = _state(catalogue)
    playouts = 1 + len(rival(1).decide(view).alternatives)
    _ticking(monkeypatch)
    # One world in full, the second cut short: one world compares nothing.
    cut = rival(24, playouts + 1.5).decide(view)
    assert cut.timed_out and cut.worlds == 0 and not cut.overruled
    assert cut.action == heuristic.choose(view)
    assert not any(r["r"] in ("searched", "kept", "confirmed") for r in cut.why)
