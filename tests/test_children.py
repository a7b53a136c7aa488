"""The tests' reading of child processes never waits past its deadline."""

from __future__ import annotations

import subprocess
import time

import pytest
from children import PYTHON, ChildTimeout, read_line


def test_a_silent_child_costs_its_deadline_and_shows_its_stderr() -> None:
    proc = subprocess.Popen([*PYTHON, "-c", "import sys, time; sys.stderr.write('stuck\\n'); time.sleep(60)"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started = time.monotonic()
    with pytest.raises(ChildTimeout, match="stuck"):
        read_line(proc, timeout=1.5)
    assert time.monotonic() - started < 30
    assert proc.poll() is not None  # killed, not left behind


def test_a_line_printed_without_flush_arrives() -> None:
    """``-u``: the line is in the pipe at once, with no PYTHONUNBUFFERED in the environment."""
    proc = subprocess.Popen([*PYTHON, "-c", "import time; print('ready'); time.sleep(60)"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={"PATH": "/usr/bin:/bin"})
    try:
        assert read_line(proc, timeout=30) == "ready\n"
    finally:
        proc.kill()
        proc.wait()
