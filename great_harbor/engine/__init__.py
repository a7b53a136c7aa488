"""The rules engine: pure Python, no UI.

``Game.new(catalogue, seats, seed)`` starts a game; ``game.legal_actions()`` lists what the
pending decision allows; ``game.apply(action)`` does one of them.
"""

from . import rule_ids
from .actions import Action, action_from_dict
from .errors import EngineError, IllegalAction, Refusal
from .game import Game, Seat

__all__ = ["Action", "EngineError", "Game", "IllegalAction", "Refusal", "Seat", "action_from_dict", "rule_ids"]
