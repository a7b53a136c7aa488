"""The golden trace: seeded games in every configuration (2-4 seats, Automa, Shops) must offer
the same legal actions in the same order and end with the same scores as when the trace was
recorded (``scripts/golden_trace.py``; the whole trace is checked there, a few games here).

A change of rules that is meant re-records the trace in the same commit; a refactor never does.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from great_harbor.engine.scenario import default_catalogue

ROOT = Path(__file__).resolve().parents[2]


def _script():  # the script is not part of the package
    spec = importlib.util.spec_from_file_location("golden_trace", ROOT / "scripts" / "golden_trace.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_seeded_games_match_the_golden_trace() -> None:
    trace = json.loads((ROOT / "tests" / "engine" / "golden_trace.json").read_text())
    assert sum(len(v) for v in trace.values()) >= 300
    diffs = _script().compare(default_catalogue(), trace, only="actions", limit=2)
    assert diffs == []
