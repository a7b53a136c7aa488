"""Decision identity: the hard rival decides at 28 seeded states (2-4 seats, the Automa, the
Shops) exactly as recorded in ``tests/rival_decisions.json`` (action, reasons, the alternatives
with their margins and standard errors, worlds, the heuristic's ranking), with no deadline and the
small budget the record names. A change that makes the rivals faster must leave this passing; one
that changes a decision on purpose records again (``scripts/rival_decisions.py record``)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from great_harbor.data import Catalogue

ROOT = Path(__file__).resolve().parents[1]
RECORD = Path(__file__).resolve().parent / "rival_decisions.json"


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("rival_decisions", ROOT / "scripts" / "rival_decisions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_hard_rival_decides_as_recorded(catalogue: Catalogue) -> None:
    script = _script()
    stored = json.loads(RECORD.read_text(encoding="utf-8"))
    assert (stored["budget"], stored["max_worlds"]) == (script.SMALL["budget"], script.SMALL["max_worlds"])
    found, _ = script.record(catalogue, stored["budget"], stored["max_worlds"])
    assert len(found) == 28
    assert script.differences(stored["states"], found) == []
    # The record exercises what it should: every state searched, and some overruled the heuristic.
    assert all(d["hard"]["worlds"] == 2 for d in found.values())
    assert any(d["hard"]["overruled"] for d in found.values())
