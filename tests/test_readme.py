"""The README's Quick start has exactly two command lines, and CI runs the test line verbatim."""

from __future__ import annotations

import re
import subprocess
import sys
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


# How CI runs the README's test line: as in a newcomer's shell, with nothing inherited but PATH and
# TERM and a fresh HOME (no PYTHONUNBUFFERED, XDG or GREAT_HARBOR variables: a test that needs one
# of them fails in CI as it would for the newcomer).
SCRUBBED = 'env -i HOME="$(mktemp -d)" PATH="$PATH" TERM="${TERM:-xterm-256color}" bash -c '


@repository_only
def test_ci_runs_the_readme_test_line_and_the_lint() -> None:
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    test_line = quick_start_commands()[1]
    assert '"' not in test_line and "$" not in test_line  # it goes verbatim inside bash -c "..."
    assert ci[-1] == f'{SCRUBBED}"{test_line}"'  # last: pytest's summary closes CI's output
    assert "set -euo pipefail" in ci  # a red lint or type check stops the run with its status
    lint = next(i for i, line in enumerate(ci) if line.startswith(".venv/bin/ruff check "))
    assert lint < len(ci) - 1 and ".venv/bin/mypy" in ci[lint:]


def test_the_suite_prints_its_slowest_tests() -> None:
    """CI's output (the README's test line) ends with the 15 slowest tests, from pyproject's addopts."""
    pyproject = (ROOT / "pyproject.toml").read_text()
    addopts = re.search(r'^addopts = "([^"]*)"', pyproject, flags=re.M)
    assert addopts is not None and "--durations=15" in addopts.group(1).split()


@repository_only
def test_the_virtual_environment_is_not_committed() -> None:
    assert ".venv/" in (ROOT / ".gitignore").read_text().splitlines()


def test_the_picture_at_the_top_is_a_snapshot_the_tests_make() -> None:
    """The README shows the table near its top with an SVG that tests/ui/test_ui_snapshots.py
    makes (and checks): renaming that test or moving its snapshot fails here, not on GitHub."""
    text = (ROOT / "README.md").read_text()
    top = text.split("\n## ", 1)[0]
    pictures = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", top)
    assert len(pictures) == 1
    path = ROOT / pictures[0]
    assert path.is_file() and path.suffix == ".svg"
    assert path.parent == ROOT / "tests" / "ui" / "__snapshots__" / "test_ui_snapshots"
    snapshots = (ROOT / "tests" / "ui" / "test_ui_snapshots.py").read_text()
    test = re.search(rf"^def {path.stem}\(.*?(?=^def |\Z)", snapshots, flags=re.S | re.M)
    assert test is not None and "terminal_size=(160, 45)" in test.group()  # the whole table


def test_one_process_is_asked_for_as_the_readme_says() -> None:
    """pyproject's addopts pass ``-n``: ``-n 0`` runs the tests in this process, while
    ``-p no:xdist`` leaves pytest without the option (a usage error), so the README names the first."""
    text = " ".join((ROOT / "README.md").read_text().split())
    assert "in one process, as does `-n 0`" in text

    def collect(*options: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pytest", *options, "--collect-only", "-q",
                               "tests/test_readme.py"], capture_output=True, text=True, cwd=ROOT, timeout=120)

    assert collect("-n", "0").returncode == 0
    refused = collect("-p", "no:xdist")
    assert refused.returncode == 4 and "unrecognized arguments: -n" in refused.stderr
