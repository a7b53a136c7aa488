"""Lessons learned outlive a game: kept in the user's settings beside the theme, added to game
after game, forgotten on "all again", and an odd value in the file is nothing learned."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from great_harbor.coach import Coach
from great_harbor.ui.learned import KEY, forget_learned, learned_lessons, remember_learned
from great_harbor.ui.settings import ENV_CONFIG, FILE, save_setting


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV_CONFIG, str(tmp_path))
    return tmp_path / FILE


def test_learned_lessons_add_up_and_keep_the_other_settings(config: Path) -> None:
    assert learned_lessons() == frozenset()
    assert save_setting("theme", "nord") is None
    assert remember_learned(["draft", "winning"]) is None
    assert remember_learned(["voyage", "draft"]) is None
    assert learned_lessons() == {"draft", "winning", "voyage"}
    saved = json.loads(config.read_text(encoding="utf-8"))
    assert saved == {"theme": "nord", KEY: ["draft", "voyage", "winning"]}
    coach = Coach(0, skip=learned_lessons())  # the next learning game offers only what is left
    assert {"draft", "winning", "voyage"}.isdisjoint(lesson.id for lesson in coach.offered)
    assert forget_learned() is None
    assert learned_lessons() == frozenset() and len(Coach(0, skip=learned_lessons()).offered) == len(coach.lessons)


@pytest.mark.parametrize("value", ["draft", 3, {"draft": True}, None])
def test_an_odd_value_is_nothing_learned(config: Path, value: object) -> None:
    config.write_text(json.dumps({KEY: value}), encoding="utf-8")
    assert learned_lessons() == frozenset()


def test_only_text_ids_are_read(config: Path) -> None:
    config.write_text(json.dumps({KEY: ["draft", 4, None, "final"]}), encoding="utf-8")
    assert learned_lessons() == {"draft", "final"}


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv(ENV_CONFIG, str(blocker / "config"))
    problem = remember_learned(["draft"])
    assert problem is not None and problem.startswith("cannot write ") and "\n" not in problem
