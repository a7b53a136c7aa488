"""The README's Quick start has exactly two command lines, and CI runs the test line verbatim."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# An unpacked sdist (it has PKG-INFO; a clone has not) ships no CI script and no .gitignore: the
# checks of the repository itself skip there, and say why. In a clone a missing file still fails.
repository_only = pytest.mark.skipif(
    (ROOT / "PKG-INFO").is_file(),
    reason="checks the repository (.ci/run, .gitignore), which the sdist does not ship",
)


def quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, flags=re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_quick_start_has_two_lines() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2
    play, test = commands
    assert play.endswith("great-harbor") and "'.[test]'" not in play
    assert "'.[test]'" in test and re.search(r"pytest$", test)
    # Both install into a virtual environment of the clone: a system Python that is externally
    # managed (PEP 668: Debian, Ubuntu, Homebrew) refuses a plain 'pip install'.
    for line in commands:
        assert line.startswith("python3 -m venv .venv && .venv/bin/pip install ")


@repository_only
def test_ci_runs_the_readme_test_line_and_the_lint() -> None:
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert quick_start_commands()[1] in ci
    assert ci[-1] == quick_start_commands()[1]  # last: pytest's summary closes CI's output
    assert "set -euo pipefail" in ci  # a red lint stops the run with its status
    lint = next(i for i, line in enumerate(ci) if line.startswith(".venv/bin/ruff check "))
    assert lint < ci.index(quick_start_commands()[1])


@repository_only
def test_the_virtual_environment_is_not_committed() -> None:
    assert ".venv/" in (ROOT / ".gitignore").read_text().splitlines()
