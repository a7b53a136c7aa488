"""The README's Quick start has exactly two command lines, and CI runs the test line verbatim."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, flags=re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_quick_start_has_two_lines() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2
    assert "great-harbor" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_line() -> None:
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert quick_start_commands()[1] in ci
