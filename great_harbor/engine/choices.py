"""Choices inside a rule: a pending ``choose`` decision and the code that continues after it.

A rule that needs a player's pick calls :func:`offer` with the options (strings) and the name of
a continuation; ``Choose(option)`` (or ``Pass`` when the choice is optional) pops the decision
and calls the continuation. Continuations are looked up by name so that a pending choice is
plain data and survives saving.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .actions import Action, Choose
from .errors import EngineError

if TYPE_CHECKING:
    from .game import Game
    from .state import Pending

Continuation = Callable[["Game", "Pending", "str | None"], None]
CONTINUATIONS: dict[str, Continuation] = {}


def continuation(name: str) -> Callable[[Continuation], Continuation]:
    def register(fn: Continuation) -> Continuation:
        if name in CONTINUATIONS:
            raise EngineError(f"continuation {name} registered twice")
        CONTINUATIONS[name] = fn
        return fn

    return register


def offer(
    game: Game,
    seat: int,
    handler: str,
    options: Sequence[str],
    prompt: str,
    optional: bool = False,
    **data: Any,
) -> None:
    """Ask ``seat`` to pick one of ``options``. With no option and not optional, nothing is asked."""
    if handler not in CONTINUATIONS:
        raise EngineError(f"unknown continuation {handler}")
    game.push("choose", seat, handler=handler, options=list(options), prompt=prompt, optional=optional, **data)


def resolve(game: Game, top: Pending, action: Action) -> None:
    game.pop()
    option = action.option if isinstance(action, Choose) else None
    CONTINUATIONS[top.data.handler](game, top, option)
