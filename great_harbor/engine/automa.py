"""The Automa (rulebook "Automa Rules")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import EngineError
from .state import PlayerState, ShipState

if TYPE_CHECKING:
    from .game import Game


def draft_and_place(game: Game, seat: int) -> None:
    raise EngineError("Automa seats are not available yet")


def send_all_ships(game: Game, p: PlayerState) -> None:
    raise EngineError("Automa seats are not available yet")


def voyage_ship(game: Game, p: PlayerState, sh: ShipState, total: int) -> None:
    raise EngineError("Automa seats are not available yet")


def final_score(game: Game, p: PlayerState) -> dict[str, int]:
    raise EngineError("Automa seats are not available yet")
