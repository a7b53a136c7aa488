"""Child processes started by tests, read with a deadline.

A test that waits in a bare ``proc.stdout.readline()`` waits for ever when the child never writes
its line: it crashed before it, or its output sits in a buffer (Python buffers a pipe unless
``PYTHONUNBUFFERED`` is set or ``-u`` given, and a Textual app captures ``print``). Here a broken
child costs the test its deadline, and the failure shows what the child wrote to stderr.
"""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
from typing import IO

# Start children with these before the script: unbuffered, so each line is in the pipe as soon as
# it is written, whatever the environment says (a newcomer's shell has no PYTHONUNBUFFERED).
PYTHON = [sys.executable, "-u"]


class ChildTimeout(AssertionError):
    """The child wrote no line in time (it was killed); the message holds its stderr."""


def read_line(proc: subprocess.Popen[str], timeout: float) -> str:
    """The next line the child writes to stdout ('' at its end), waiting at most ``timeout``
    seconds; past it the child is killed and ``ChildTimeout`` raised with its stderr."""
    assert proc.stdout is not None
    return _with_deadline(proc, proc.stdout, timeout)


def _with_deadline(proc: subprocess.Popen[str], stream: IO[str], timeout: float) -> str:
    found: queue.Queue[str | BaseException] = queue.Queue()

    def read() -> None:
        try:
            found.put(stream.readline())
        except BaseException as exc:  # a closed pipe: tell the waiting test, never hang it
            found.put(exc)

    threading.Thread(target=read, daemon=True).start()
    try:
        line = found.get(timeout=timeout)
    except queue.Empty:
        proc.kill()
        proc.wait(timeout=30)
        err = proc.stderr.read() if proc.stderr is not None else ""  # stdout is the reader thread's
        raise ChildTimeout(f"no line from the child in {timeout:g} s; its stderr: {err[-2000:]!r}") from None
    if isinstance(line, BaseException):
        raise line
    return line
