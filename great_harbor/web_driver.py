"""The driver a game served in a browser tab runs with (``great-harbor serve`` names it to Textual).

It is Textual's web driver, which reads the tab's keys from stdin as packets from the server,
with three bounds a browser tab (or a script pretending to be one) cannot get past:

* keys are handed to the app only while it keeps up: past :data:`MAX_BACKLOG` events waiting
  (sent and not yet handled, by the app or by the screen or widget they go to), the keys that come
  are dropped, so a flood of keys costs the game time, never memory;
* bytes that are not UTF-8 become U+FFFD instead of ending the reading of keys;
* the game ends within :data:`LEAVE_GRACE` seconds of being told to (the server's quit, its
  stdin closed because the tab or the server went, however the server ended, or SIGTERM or
  SIGINT), whatever it is doing: it quits as usual, and if that has not ended the process in time,
  the process ends there. Every game is saved after each action, and its save's lock ends with the
  process, so nothing is lost either way.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
from codecs import getincrementaldecoder
from concurrent.futures import Future
from typing import Any

from textual import log, messages
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.drivers._byte_stream import ByteStream
from textual.drivers.web_driver import WebDriver
from textual.message import Message

MAX_BACKLOG = 400  # events waiting for the app: far more than fingers or a mouse can make
CHUNK = 64  # characters of keys handed on between looks at the backlog
LEAVE_GRACE = 3.0  # seconds a game has to quit once told to, before its process ends anyway

WINDOWS = sys.platform == "win32"


class HarborWebDriver(WebDriver):
    """Textual's web driver with bounded input and a prompt end (see the module's notes)."""

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._sent = 0  # events handed to the event loop (counted by the input thread)
        self._landed = 0  # of those, the ones in the app's queue by now (counted by the loop)
        self._leaving = False
        self._stopping = False  # the app itself is ending (not the input)
        self.dropped = 0  # keys' bytes dropped while the app was behind

    # --- the app's backlog ----------------------------------------------------------------

    def send_message(self, message: Message) -> None:
        self._sent += 1
        future = asyncio.run_coroutine_threadsafe(self._app._post_message(message), loop=self._loop)
        future.add_done_callback(self._land)

    def _land(self, _future: Future[bool]) -> None:
        self._landed += 1

    def backlog(self) -> int:
        """Input events not handled yet: on their way to the app, in its queue, and in the queues
        of the screen and the focused widget it passes keys and the mouse on to."""
        waiting = self._sent - self._landed
        app = self._app
        try:
            pumps = [app, app.screen, app.focused]
        except Exception:  # no screen yet (starting) or none any more (ending)  # noqa: BLE001
            pumps = [app]
        for pump in pumps:
            if pump is not None:
                waiting += pump.message_queue_size
        return waiting

    # --- reading the keys -----------------------------------------------------------------

    def start_application_mode(self) -> None:
        super().start_application_mode()
        if not WINDOWS:  # Textual's handlers only ask the app to quit: these also bound the wait
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, self.leave)

    def stop_application_mode(self) -> None:
        self._stopping = True
        super().stop_application_mode()

    def run_input_thread(self) -> None:
        """Read the server's packets until stdin ends: keys to the app while it keeps up (else
        dropped), the server's notes (size, focus, quit) always."""
        parser = XTermParser(debug=self._debug)
        decode = getincrementaldecoder("utf-8")("replace").decode
        packets = ByteStream()
        try:
            for data in self._input_reader:
                for kind, payload in packets.feed(data) if data else ():
                    if kind == "D":
                        text = decode(payload)
                        for start in range(0, len(text), CHUNK):  # a paste of keys: checked as it goes
                            if self.backlog() >= MAX_BACKLOG:
                                self.dropped += len(text) - start
                                break
                            for event in parser.feed(text[start:start + CHUNK]):
                                self.process_message(event)
                    else:
                        self._on_meta(kind, payload)
                for event in parser.tick():
                    self.process_message(event)
        except Exception as exc:  # a packet it cannot read: the server is not one of ours  # noqa: BLE001
            log.error(f"input ended: {exc!r}")
        finally:
            self._input_reader.close()
            if not self._stopping:  # stdin ended or broke: the tab or the server is gone
                self.leave()

    def _on_meta(self, packet_type: str, payload: bytes) -> None:
        try:
            super()._on_meta(packet_type, payload)
        except ValueError as exc:  # not JSON: never from textual-serve
            log.error(f"unreadable note from the server: {exc}")

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "quit":
            self.leave()
        elif packet_type != "exit":  # "exit" would end the reading of keys, not the game
            super().on_meta(packet_type, payload)

    def leave(self) -> None:
        """Quit the app; the process ends :data:`LEAVE_GRACE` seconds from now if it has not."""
        if self._leaving or self._stopping:  # (the app is ending already)
            return
        self._leaving = True
        quit_app = self._app._post_message(messages.ExitApp())
        try:
            asyncio.run_coroutine_threadsafe(quit_app, loop=self._loop)
        except RuntimeError:  # the event loop has closed: the process is ending anyway
            quit_app.close()
        timer = threading.Timer(LEAVE_GRACE, os._exit, args=(0,))
        timer.daemon = True
        timer.start()
