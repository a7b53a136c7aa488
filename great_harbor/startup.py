"""Start-up of the interactive program: the garbage collector waits until the first frame.

Starting the game creates about a hundred thousand long-lived objects (Textual, the catalogue,
the engine, the first screen). Python's cyclic collector would walk them again and again while
they are being made — measured at about a sixth of the time to the first frame — and find
little garbage among them. So the program pauses the collector while it starts; once the first
screen is up (and nobody has had time to press a key) it collects once, for what little garbage
start-up left, and runs as usual from then on.

(``gc.freeze`` after that collection would spare later collections the start-up objects, but
whatever of them is dropped later in a reference cycle, such as the new-game screen once a game
starts, would then never be freed; the collector's own thresholds make full collections rare.)

Only the program's entry point pauses the collector; library use and tests never do, and
``resume_collector`` is harmless when nothing was paused.
"""

from __future__ import annotations

import gc

_paused = False


def pause_collector() -> None:
    """Stop cyclic garbage collection until ``resume_collector`` (called once the UI is up)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_collector() -> None:
    """Undo ``pause_collector``: collect once and let the collector run again."""
    global _paused
    if _paused:
        _paused = False
        gc.collect()
        gc.enable()
