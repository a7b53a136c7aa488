"""The garbage collector pauses while the program starts and comes back once it is up."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from great_harbor import startup


@pytest.fixture
def collector(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Records the collections instead of making them."""
    collected: list[str] = []
    monkeypatch.setattr(gc, "collect", lambda: collected.append("collect"))
    monkeypatch.setattr(gc, "freeze", lambda: collected.append("freeze"))
    monkeypatch.setattr(startup, "_paused", False)
    monkeypatch.setattr(startup, "_program", False)
    yield collected
    gc.enable()


def test_pause_then_resume(collector: list[str]) -> None:
    startup.pause_collector()
    assert not gc.isenabled()
    startup.resume_collector()
    assert gc.isenabled()
    assert collector == ["collect"]


def test_resume_without_pause_changes_nothing(collector: list[str]) -> None:
    startup.resume_collector()
    assert gc.isenabled() and collector == []


def test_a_collector_already_off_is_left_off(collector: list[str]) -> None:
    gc.disable()
    startup.pause_collector()
    startup.resume_collector()  # it was not ours to turn on
    assert not gc.isenabled() and collector == []


def test_the_program_freezes_what_lasts_once(collector: list[str]) -> None:
    startup.freeze_long_lived()
    assert collector == []  # not the program (library use, tests): nothing frozen
    startup.pause_collector()
    startup.resume_collector()
    startup.freeze_long_lived()
    startup.freeze_long_lived()
    assert collector == ["collect", "collect", "freeze"]
