"""The coach of "Learn to play": lessons that explain each rule the first time it matters in
the learner's own game (pure Python above the engine; the table shows what it says)."""

from __future__ import annotations

from .coach import LEARN_SEED, Coach, CoachState
from .lessons import PAGE_LINES, TEXT_WIDTH, Lesson, Trigger, load_lessons, shipped_lessons

__all__ = [
    "LEARN_SEED", "PAGE_LINES", "TEXT_WIDTH", "Coach", "CoachState", "Lesson", "Trigger", "load_lessons",
    "shipped_lessons",
]
