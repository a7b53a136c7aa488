"""Keys sent the way a fast typist or a paste sends them: all at once, without waiting for the app
to handle one before the next arrives (Pilot's ``press`` waits after every key)."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.pilot import Pilot

NAMES = {" ": "space", "?": "question_mark", "-": "minus", "+": "plus", "'": "apostrophe"}


async def type_at_once(pilot: Pilot[Any], app: App[Any], text: str, then: tuple[str, ...] = ()) -> None:
    """Send every character of ``text`` (then the keys named in ``then``) before the app handles
    the first one, and wait until it has handled them all."""
    driver = app._driver
    assert driver is not None
    for character in text:
        event = events.Key(NAMES.get(character, character), character)
        event.set_sender(app)
        driver.send_message(event)
    for key in then:
        event = events.Key(key, "\r" if key == "enter" else None)
        event.set_sender(app)
        driver.send_message(event)
    await pilot.pause()
    await pilot.pause()
