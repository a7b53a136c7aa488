"""The rules engine: pure Python, no UI.

``Game.new(catalogue, seats, seed)`` starts a game; ``game.legal_actions()`` lists what the
pending decision allows; ``game.apply(action)`` does one of them.

Its layers, bottom up. A module imports only the modules listed before it: those of lower layers
and those before it in its own layer (at module level, inside functions and for type checkers
alike; ``tests/test_import_layers.py`` holds this order). A rule that must reach one listed after
it does so through a registry (the rule registry in ``rulebook``, the card hooks in
``card_hooks``, the seats' controllers in ``seats``, the questions' handlers in ``choices``) or
by writing an event, never by importing it.

1. State and values: ``rule_ids``, ``errors``, ``events``, ``options``, ``decision_data``,
   ``actions``, ``state``.
2. The table and the registries: ``table`` (a game as the rules see it: state, components,
   random generator, the helpers they share), ``rulebook``, ``card_hooks``, ``seats``,
   ``choices``, ``setup`` (a new game's state), ``view`` (what a seat may know).
3. The board, the supply and the words for things: ``board``, ``supply``, ``names``.
4. The rule chapters, each importing only those before it: ``senate``, ``colony``, ``shops``,
   ``harbor``, ``fleet``, ``voyage``, ``effects``, ``draft``, ``scoring``, ``rounds``,
   ``turn_actions``.
5. The cards and the Automa: ``cards.persons``, ``cards.buildings``, ``cards``, ``automa``.
6. The Game on top, with the words for players beside it: ``narrate`` (the log),
   ``describe`` (actions and decisions), ``answers`` (Choose and Pass, which answer any
   chapter's question), ``decisions`` (which actions answer which decision), ``game``,
   ``invariants``, ``scenario``, and this package.
"""

from . import rule_ids
from .actions import Action, action_from_dict
from .errors import EngineError, IllegalAction, Refusal
from .game import Game, Seat

__all__ = ["Action", "EngineError", "Game", "IllegalAction", "Refusal", "Seat", "action_from_dict", "rule_ids"]
