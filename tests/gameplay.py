"""Seeded random play shared by the record, saves and undo tests.

The action taken at index ``i`` of a game depends only on the seed and ``i`` (and the state), so
a game interrupted and resumed in another process goes on exactly as an uninterrupted one.
"""

from __future__ import annotations

import random

from great_harbor.data import Catalogue
from great_harbor.engine import Action, Game

NAMES = ["Ana", "Ben", "Cleo", "Dido"]


def agent_action(game: Game, seed: int, index: int) -> Action:
    return random.Random(seed * 100_003 + index).choice(game.legal_actions())


def play(cat: Catalogue, seed: int, actions: int | None = None, seats: int = 3) -> tuple[Game, list[Action]]:
    """A game after ``actions`` seeded random actions (or to the end)."""
    game = Game.new(cat, NAMES[:seats], seed=seed)
    done: list[Action] = []
    while not game.is_over and (actions is None or len(done) < actions):
        action = agent_action(game, seed, len(done))
        game.apply(action)
        done.append(action)
    return game, done


HIDDEN = ("rng", "reveals", "bag", "person_deck", "building_deck", "ship_decks", "pirate_deck", "demand_pool",
          "dice_bonus_stack", "automa_deck")


def hidden(game: Game) -> dict[str, object]:
    """The RNG and every hidden or random zone of a state."""
    data = game.to_dict()
    return {k: data[k] for k in HIDDEN}
