"""Choices inside a rule: a pending ``choose`` decision and the code that continues after it.

A rule that needs a player's pick calls :func:`offer` with the options (typed values, see
:mod:`.options`) and the name of a continuation; ``Choose(code)`` (or ``Pass`` when the choice is
optional) pops the decision and calls the continuation with the option read back to its type.
Continuations are looked up by name, so that a pending choice is plain data and survives saving.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .actions import Action, Choose
from .errors import EngineError
from .options import Option, Plain

if TYPE_CHECKING:
    from .state import Pending
    from .table import Table

Continuation = Callable[["Table", "Pending", Any], None]
CONTINUATIONS: dict[str, Continuation] = {}
OPTION_TYPES: dict[str, type[Option]] = {}  # the type of the options each continuation offers


def continuation(name: str, option_type: type[Option] = Plain) -> Callable[[Continuation], Continuation]:
    """Register a continuation under ``name``; the options it offers are of ``option_type``."""

    def register(fn: Continuation) -> Continuation:
        if name in CONTINUATIONS:
            raise EngineError(f"continuation {name} registered twice")
        CONTINUATIONS[name] = fn
        OPTION_TYPES[name] = option_type
        return fn

    return register


def offer(
    game: Table,
    seat: int,
    handler: str,
    options: Sequence[Option | str],
    prompt: str,
    optional: bool = False,
    **data: Any,
) -> None:
    """Ask ``seat`` to pick one of ``options`` (typed, or plain ids). With no option and not
    optional, nothing is asked."""
    if handler not in CONTINUATIONS:
        raise EngineError(f"unknown continuation {handler}")
    codes = [o.code if isinstance(o, Option) else o for o in options]
    game.push("choose", seat, handler=handler, options=codes, prompt=prompt, optional=optional, **data)


def option_of(top: Pending, code: str) -> Option:
    """The option of the pending choice ``top`` whose code is ``code``, as its type."""
    return OPTION_TYPES.get(top.data.handler or "", Plain).parse(code)


def resolve(game: Table, top: Pending, action: Action) -> None:
    game.pop()
    option = option_of(top, action.option) if isinstance(action, Choose) else None
    CONTINUATIONS[top.data.handler](game, top, option)
