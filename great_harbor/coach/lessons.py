"""The coach's lessons: ``data/lessons.yaml``, validated by pydantic on load like the catalogue.

A lesson says when it matters (``when``: triggers on the game's typed data, never its words),
what to say (``pages``), which rules-lookup entry F5 opens (``entry``) and, where it helps, what
to highlight (``pointer``). A broken file is one line naming the file, the lesson and the field
(:class:`~great_harbor.data.catalogue.CatalogueError`, as for the catalogue's files).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, model_validator

from great_harbor.data.catalogue import CatalogueError, _parse_yaml, _validate, default_data_dir
from great_harbor.engine import narrate, rule_ids
from great_harbor.engine.actions import ACTION_TYPES
from great_harbor.engine.decision_data import KINDS as DECISION_KINDS

from .conditions import CONDITIONS

FILE = "lessons.yaml"
MAX_FILE_BYTES = 64 * 1024
# The coach's panel at 120x36 holds 4 lines of 76 cells (it covers the log, on the left of the
# table): every page of a lesson must fit them (a test wraps each page as the panel does).
TEXT_WIDTH = 76
PAGE_LINES = 4
BOARDS = ("map", "dice", "trade", "senate", "colony", "cards", "log")


def _one_of(what: str, known: frozenset[str] | set[str] | tuple[str, ...]) -> Any:
    def check(value: str) -> str:
        if value not in known:
            raise ValueError(f"no {what} is called {value!r}")
        return value
    return AfterValidator(check)


DecisionKind = Annotated[str, _one_of("kind of decision", frozenset(DECISION_KINDS))]
ActionKind = Annotated[str, _one_of("kind of action", frozenset(ACTION_TYPES))]
EventKind = Annotated[str, _one_of("kind of event", narrate.kinds())]
RuleId = Annotated[str, _one_of("rule the engine cites", rule_ids.all_rule_ids())]
Condition = Annotated[str, _one_of("condition of the coach", frozenset(CONDITIONS))]
Ident = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]{0,39}$")]
Page = Annotated[str, StringConstraints(min_length=1, max_length=400)]
EntryId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9/-]{0,119}$")]


def _pointer(value: str) -> str:
    kind, _, target = value.partition(":")
    if kind == "action" and target in ACTION_TYPES or kind == "board" and target in BOARDS:
        return value
    raise ValueError(f"a pointer is action:<kind of action> or board:<{'|'.join(BOARDS)}>, not {value!r}")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Trigger(_Model):
    """One moment of a lesson: every field given must hold (see lessons.yaml's header)."""

    decision: DecisionKind | None = None
    offers: tuple[ActionKind, ...] = ()
    event: tuple[EventKind, ...] = ()
    by_learner: bool = False
    rule: RuleId | None = None
    condition: Condition | None = None

    @model_validator(mode="after")
    def _something(self) -> Trigger:
        if self.by_learner and not self.event:
            raise ValueError("by_learner needs an event")
        if not (self.decision or self.offers or self.event or self.rule or self.condition):
            raise ValueError("a trigger needs at least one field")
        return self


class Lesson(_Model):
    id: Ident
    title: Annotated[str, StringConstraints(min_length=1, max_length=60)]
    when: Annotated[tuple[Trigger, ...], Field(min_length=1, max_length=8)]
    pages: Annotated[tuple[Page, ...], Field(min_length=1, max_length=4)]
    entry: EntryId
    pointer: Annotated[str, AfterValidator(_pointer)] | None = None


class LessonsFile(_Model):
    lessons: Annotated[tuple[Lesson, ...], Field(min_length=1, max_length=60)]

    @model_validator(mode="after")
    def _distinct(self) -> LessonsFile:
        seen: set[str] = set()
        for lesson in self.lessons:
            if lesson.id in seen:
                raise ValueError(f"two lessons are called {lesson.id!r}")
            seen.add(lesson.id)
        return self


def load_lessons(path: str | Path | None = None) -> tuple[Lesson, ...]:
    """The lessons of ``path`` (default: the shipped ``lessons.yaml``), validated."""
    file = Path(path) if path is not None else default_data_dir() / FILE
    try:
        with file.open("rb") as f:
            content = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise CatalogueError(file.name, "(file)", f"cannot be read: {(exc.strerror or str(exc)).lower()}") from None
    if len(content) > MAX_FILE_BYTES:
        raise CatalogueError(file.name, "(file)", f"is larger than {MAX_FILE_BYTES // 1024} KB")
    model: LessonsFile = _validate(file.name, LessonsFile, _parse_yaml(file.name, content))
    return model.lessons


@cache
def shipped_lessons() -> tuple[Lesson, ...]:
    """The shipped lessons, read once per process."""
    return load_lessons()
