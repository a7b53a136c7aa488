"""Driving ``great-harbor serve`` from a real browser: headless Chromium through Playwright, for the
browser test (tests/test_serve_browser.py) and the benchmark (bench/web.py).

* :func:`chromium` finds the browser (Debian's ``chromium`` package; never a download).
* :class:`Server` runs ``great-harbor serve --port 0`` on 127.0.0.1 with a saves folder of its own.
* :class:`Tab` is a page of that server in a fresh browser profile: it records every request the
  page makes, and reads the terminal's screen from the bytes the game sends over the websocket
  (:class:`Screen`), so a test can wait for words to appear as a player waits for the frame.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from children import PYTHON, ChildTimeout, read_line
from rich.cells import cell_len

ROOT = Path(__file__).resolve().parents[1]

# As root Chromium has no sandbox; with no network here, the rest keeps it from trying to reach one.
CHROMIUM_FLAGS = [
    "--no-sandbox", "--headless", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-extensions",
    "--metrics-recording-only", "--no-default-browser-check",
]


def chromium() -> str | None:
    """The Chromium to drive: $CHROMIUM, else the one on the PATH (Debian's package), else None."""
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser"):
        path = name and shutil.which(name)
        if path:
            return path
    return None


class Screen:
    """The terminal's screen rebuilt from what the app writes: Textual moves the cursor (CSI H)
    and writes text; styles, modes and titles are skipped."""

    ESCAPE = re.compile(rb"\x1b(?:\[([0-9;?<>=]*)[ -/]*([@-~])|\][^\x07\x1b]*(?:\x07|\x1b\\)|[^\[\]])")

    def __init__(self) -> None:
        self.rows: dict[int, dict[int, str]] = {}
        self.row = self.col = 0
        self.pending = b""
        self.frames = 0

    def feed(self, data: bytes) -> None:
        self.frames += 1
        data = self.pending + data
        self.pending = b""
        last = data.rfind(b"\x1b")
        if last != -1 and not self.ESCAPE.match(data, last):  # a sequence cut in two: wait for its end
            data, self.pending = data[:last], data[last:]
        pos = 0
        for match in self.ESCAPE.finditer(data):
            self._text(data[pos:match.start()])
            pos = match.end()
            if match.group(2) == b"H":
                numbers = [int(n) if n else 1 for n in match.group(1).split(b";")] + [1, 1]
                self.row, self.col = numbers[0] - 1, numbers[1] - 1
        self._text(data[pos:])

    def _text(self, chunk: bytes) -> None:
        for char in chunk.decode("utf-8", "replace"):
            if char == "\n":
                self.row, self.col = self.row + 1, 0
            elif char == "\r":
                self.col = 0
            elif char >= " ":
                line = self.rows.setdefault(self.row, {})
                line[self.col] = char
                width = cell_len(char)
                for extra in range(1, width):
                    line[self.col + extra] = ""
                self.col += max(width, 1)

    def lines(self) -> list[str]:
        if not self.rows:
            return []
        out = []
        for row in range(max(self.rows) + 1):
            line = self.rows.get(row, {})
            out.append("".join(line.get(col, " ") for col in range(max(line, default=-1) + 1)).rstrip())
        return out

    def text(self) -> str:
        return "\n".join(self.lines())


class Server:
    """``great-harbor serve --port 0`` on 127.0.0.1, as a child process; ``url`` once it listens."""

    def __init__(self, saves: Path, *extra: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        env.pop("TEXTUAL", None)
        self.proc = subprocess.Popen(
            [*PYTHON, "-m", "great_harbor", "serve", "--port", "0", "--saves-dir", str(saves), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, start_new_session=True,
        )
        try:
            line = read_line(self.proc, timeout=60)
        except ChildTimeout as exc:
            raise RuntimeError(f"serve did not start: {exc}") from None
        found = re.search(r"http://[^ /]+/", line)
        if not found:
            self.stop()
            raise RuntimeError(f"serve did not start: {line!r} {self.proc.stderr.read() if self.proc.stderr else ''}")
        self.url = found.group(0)
        self.output = [line]

    def stop(self) -> str:
        """Stop as Ctrl+C does; returns what the server printed after starting."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        rest, errors = self.proc.communicate()
        return "".join(self.output) + rest + errors


class Tab:
    """A browser tab on the served game: requests recorded, the screen read from the websocket."""

    def __init__(self, context: Any, url: str) -> None:
        self.context = context
        self.requests: list[str] = []
        self.screen = Screen()
        self.page = context.pages[0] if context.pages else context.new_page()
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("websocket", self._websocket)
        self.started = time.perf_counter()
        self.page.goto(url)

    def _websocket(self, socket: Any) -> None:
        self.requests.append(socket.url)

        def frame(payload: bytes | str) -> None:
            if isinstance(payload, bytes):  # the terminal's bytes (text frames are the server's notes)
                self.screen.feed(payload)

        socket.on("framereceived", frame)

    def text(self) -> str:
        return self.screen.text()

    def wait_for(self, pattern: str, timeout: float = 30.0) -> re.Match[str]:
        """Wait until the screen shows ``pattern`` (a regular expression); its match."""
        deadline = time.perf_counter() + timeout
        while True:
            found = re.search(pattern, self.text())
            if found:
                return found
            if time.perf_counter() > deadline:
                raise AssertionError(f"no {pattern!r} on the screen after {timeout} s:\n{self.text()}")
            self.page.wait_for_timeout(40)

    def settle(self, quiet: float = 0.25, timeout: float = 10.0) -> None:
        """Wait until no frame has come for ``quiet`` seconds."""
        deadline = time.perf_counter() + timeout
        seen, since = self.screen.frames, time.perf_counter()
        while time.perf_counter() < deadline:
            self.page.wait_for_timeout(30)
            if self.screen.frames != seen:
                seen, since = self.screen.frames, time.perf_counter()
            elif time.perf_counter() - since >= quiet:
                return

    def press(self, *keys: str, settle: bool = True) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            if settle:
                self.settle()

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.settle()


def launch(playwright: Any, profile: Path, downloads: Path | None = None) -> Any:
    """Headless Chromium in a fresh profile folder (a browser context; close it when done)."""
    path = chromium()
    assert path is not None, "no Chromium"
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=path, headless=True, args=CHROMIUM_FLAGS, accept_downloads=True,
        downloads_path=str(downloads) if downloads else None, viewport={"width": 1600, "height": 1000},
    )


def hosts(urls: list[str]) -> Iterator[str]:
    for url in urls:
        found = re.match(r"[a-z]+://([^/]+)", url)
        yield found.group(1) if found else url
