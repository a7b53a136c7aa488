"""Small helpers the engine tests share: pick actions by kind, make a choice, prove an action
illegal (absent from the legal actions, refused by ``apply``, state untouched)."""

from __future__ import annotations

import json

import pytest

from great_harbor.engine import Game
from great_harbor.engine.actions import Action, Choose
from great_harbor.engine.errors import IllegalAction


def of_kind(game: Game, cls: type[Action]) -> list[Action]:
    return [a for a in game.legal_actions() if isinstance(a, cls)]


def options(game: Game) -> list[str]:
    """The options of the pending ``choose`` decision."""
    top = game.pending
    assert top is not None and top.kind == "choose", f"no choice pending: {top}"
    return list(top.data.options)


def choose(game: Game, option: str) -> None:
    assert option in options(game), f"{option!r} is not among {options(game)}"
    game.apply(Choose(option))


def snapshot(game: Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def assert_illegal(game: Game, action: Action, reason: str = "") -> str:
    """``action`` is not offered, ``apply`` refuses it (naming ``reason``) and nothing changes."""
    assert action not in game.legal_actions(), f"{action} is offered"
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert snapshot(game) == before
    message = str(info.value)
    assert reason in message, f"expected {reason!r} in {message!r}"
    return message


def logged(game: Game, text: str) -> bool:
    return any(text in line for line in game.log_lines())
