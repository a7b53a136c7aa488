"""The levels of computer rivals and names for them: what the record, the command line and the
new-game screen need to know of rivals, without loading them (see :mod:`great_harbor.rivals`)."""

from __future__ import annotations

from collections.abc import Iterable

LEVELS = ("easy", "normal", "hard")
RIVAL_NAMES = ("Livia", "Marcus", "Octavia", "Titus", "Aurelia", "Cassius")


def rival_names(count: int, taken: Iterable[str] = ()) -> list[str]:
    """``count`` names for rivals, none of them one of ``taken`` (however it is written)."""
    used = {n.strip().casefold() for n in taken} | {"automa"}
    return [n for n in RIVAL_NAMES if n.casefold() not in used][:count]
