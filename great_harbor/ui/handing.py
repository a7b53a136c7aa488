"""Passing the keyboard at a table of people: which decisions need no hand-off screen, and which
are taken for the player.

A hand-off screen hides a hand while the keyboard changes hands. A decision that shows nothing
private (a ship's voyage, the order of ships, the last coin conversions) is taken on the public
table instead, as the draft is: no hand-off, no hand shown. A decision with exactly one legal
answer that shows nothing and asks nothing of the player's judgement (the ship can only trade
here) is taken for the player, with a notice; the setting :data:`TAKE_ONLY_CHOICES` turns this
off. Pure functions of the game: the app asks them (no widget here)."""

from __future__ import annotations

from great_harbor.engine import Action, Game
from great_harbor.engine.state import Pending
from great_harbor.engine.view import PUBLIC_DECISIONS, is_public

# The settings key (ui/settings.py): take a decision's only answer for the player (default: yes).
TAKE_ONLY_CHOICES = "take_only_choices"

# Decisions whose only answer may be taken for the player: those of the public table but the
# draft (never a turn's, where the only action left, ending it, rolls the next dice, nor a card's
# choice in a turn, which may name a card in hand: the notice would show it to the next person).
ONLY_ANSWER_KINDS = PUBLIC_DECISIONS - {"draft"}


def public_decision(top: Pending) -> bool:
    """Whether ``top`` needs nothing private (the engine says which: ``view.is_public``): taken on
    the public table, no hand shown."""
    return is_public(top)


def only_answer(game: Game) -> Action | None:
    """The one legal answer of the decision pending, when it may be taken for the player: a
    decision of the public table (:data:`ONLY_ANSWER_KINDS`) with a single legal action."""
    top = game.pending
    if top is None or top.kind not in ONLY_ANSWER_KINDS or not public_decision(top):
        return None
    legal = game.legal_actions()
    return legal[0] if len(legal) == 1 else None
