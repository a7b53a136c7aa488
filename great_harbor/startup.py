"""Start-up of the interactive program: the garbage collector waits until the first frame.

Starting the game creates about a hundred thousand long-lived objects (Textual, the catalogue,
the engine, the first screen). Python's cyclic collector would walk them again and again while
they are being made — measured at about a sixth of the time to the first frame — and find
little garbage among them. So the program pauses the collector while it starts; once the first
screen is up (and nobody has had time to press a key) it collects once, for what little garbage
start-up left, and runs as usual from then on.

Later, once the rules lookup's index is built as well (a second burst of lasting objects, in a
thread soon after the first frame), :func:`freeze_long_lived` collects once more and moves every
object alive then out of the collector's sight (``gc.freeze``). A full collection, which comes
every few hundred keys at the table, then walks only what was made since instead of the whole
catalogue, index and UI: it took 50-160 ms, long enough to be the slowest key press by far. The
price: an object of that time dropped later in a reference cycle (the new-game screen once a game
starts) is never freed, a bounded amount that does not grow.

Only the program's entry point pauses the collector, and only then is anything frozen; library use
and tests never do, and both functions are harmless when nothing was paused.
"""

from __future__ import annotations

import gc

_paused = False
_program = False  # the program's entry point paused the collector: it may freeze what lasts


def pause_collector() -> None:
    """Stop cyclic garbage collection until ``resume_collector`` (called once the UI is up)."""
    global _paused, _program
    _program = True
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


def freeze_long_lived() -> None:
    """Collect, then keep every object alive now out of later collections (see the module's
    docstring); once per run, and only in the program (not in tests or library use)."""
    global _program
    if _program and gc.isenabled():
        _program = False
        gc.collect()
        gc.freeze()
