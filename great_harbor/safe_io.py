"""Reading a file someone else may have put there: a regular file only, and not too much of it.

A FIFO given where a file is expected would make ``read()`` wait for a writer forever, and
``/dev/zero`` would fill the memory; a file of gigabytes could do the same. :func:`read_regular`
opens without blocking, checks that it opened a regular file, and reads at most a limit.
This module imports nothing of the program: every layer may use it.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class NotARegularFile(OSError):
    """The path names a FIFO, a socket or a device, not a file."""


class TooLarge(OSError):
    """The file is larger than the limit it is read with."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (TooLarge beyond).

    Opened without blocking (opening a FIFO for reading waits for a writer) and checked to be a
    regular file before a byte is read; a file that grows while it is read stops at the limit."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(errno.EINVAL, "not a regular file", str(path))
        if info.st_size > limit:
            raise TooLarge(errno.EFBIG, "too large", str(path))
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise TooLarge(errno.EFBIG, "too large", str(path))
        return b"".join(chunks)
    finally:
        os.close(fd)


__all__ = ["NotARegularFile", "TooLarge", "read_regular"]
