"""The coach's data file: every lesson's entry is in the rules lookup, every trigger names the
engine's own kinds (decisions, actions, events, rules), every page fits the coach's panel at
120x36, and a broken file is refused in one line naming the file, the lesson and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from great_harbor.coach import PAGE_LINES, TEXT_WIDTH, load_lessons, shipped_lessons
from great_harbor.coach.conditions import CONDITIONS
from great_harbor.coach.lessons import BOARDS
from great_harbor.data.catalogue import CatalogueError, default_data_dir
from great_harbor.engine import narrate, rule_ids
from great_harbor.engine.actions import ACTION_TYPES
from great_harbor.engine.decision_data import KINDS
from great_harbor.lookup.reference import load_reference

LESSONS = shipped_lessons()


def test_about_twenty_lessons_with_distinct_ids() -> None:
    ids = [lesson.id for lesson in LESSONS]
    assert 18 <= len(ids) <= 30 and len(set(ids)) == len(ids)


def test_every_entry_is_in_the_rules_lookup() -> None:
    known = {entry.id for entry in load_reference()}
    missing = [(lesson.id, lesson.entry) for lesson in LESSONS if lesson.entry not in known]
    assert not missing


def test_every_trigger_names_the_engines_own_kinds() -> None:
    for lesson in LESSONS:
        for t in lesson.when:
            assert t.decision is None or t.decision in KINDS, lesson.id
            assert set(t.offers) <= set(ACTION_TYPES), lesson.id
            assert set(t.event) <= narrate.kinds(), lesson.id
            assert t.rule is None or t.rule in rule_ids.all_rule_ids(), lesson.id
            assert t.condition is None or t.condition in CONDITIONS, lesson.id
        if lesson.pointer is not None:
            kind, _, target = lesson.pointer.partition(":")
            assert target in (ACTION_TYPES if kind == "action" else BOARDS), lesson.id


def test_every_page_fits_four_lines_of_the_panel_at_120x36() -> None:
    console = Console(width=TEXT_WIDTH, color_system=None)
    for lesson in LESSONS:
        for page in lesson.pages:
            lines = Text(page).wrap(console, TEXT_WIDTH)
            assert len(lines) <= PAGE_LINES, (lesson.id, page)


def _copy_with(tmp_path: Path, old: str, new: str) -> Path:
    text = (default_data_dir() / "lessons.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "lessons.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "said"), [
    ("offers: [play-ship]", "offers: [play-shp]",
     "lessons[16] (ships): field 'when.0.offers.0': Value error, no kind of action is called 'play-shp'"),
    ("- decision: ship_order", "- decision: ships", "(ship-order): field 'when.0.decision'"),
    ("event: [end-of-round]", "event: [round-end]", "no kind of event is called 'round-end'"),
    ("rule: voyage-phase/trade", "rule: voyage/trade", "no rule the engine cites is called 'voyage/trade'"),
    ("condition: fee-due", "condition: fee", "no condition of the coach is called 'fee'"),
    ("pointer: action:send", "pointer: board:deck", "a pointer is action:"),
    ("  - id: final", "  - id: winning", "two lessons are called 'winning'"),
    ("    entry: end-of-game/final-scoring", "    entry: end-of-game/final-scoring\n    colour: red",
     "unknown field"),
    ("lessons:", "lessons: [", "not valid YAML"),
])
def test_a_broken_file_is_one_line(tmp_path: Path, old: str, new: str, said: str) -> None:
    with pytest.raises(CatalogueError) as caught:
        load_lessons(_copy_with(tmp_path, old, new))
    message = str(caught.value)
    assert message.startswith("lessons.yaml: ") and "\n" not in message and said in message


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match=r"^lessons.yaml: \(file\): cannot be read: no such file"):
        load_lessons(tmp_path / "lessons.yaml")
