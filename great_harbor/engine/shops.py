"""Harbor Shops variant (rulebook "Harbor Shops Variant")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .state import Pending, PlayerState

if TYPE_CHECKING:
    from .game import Game


def on_placement(game: Game, p: PlayerState, die: int, slot: str) -> int:
    """Extra pips a die gains from shops touching its slot (and the shop owners' income)."""
    return 0 if not game.s.shops else _pay_shops(game, p, die, slot)


def _pay_shops(game: Game, p: PlayerState, die: int, slot: str) -> int:
    raise NotImplementedError


def shop_actions(game: Game, p: PlayerState) -> list[Action]:
    return []


def shop_colours(game: Game, seat: int) -> list[str]:
    return []


def apply(game: Game, top: Pending, action: Action) -> None:
    raise NotImplementedError
