"""Answers to a decision: choosing one of the options a rule or a card offers, or passing.

``Choose`` answers a card's or a rule's question (``choices.offer``) and says which of one's ships
sharing a position fights first; ``Pass`` declines an optional question or the Corsair before a
reveal. Their rule is the rule of the decision they answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import choices, voyage
from . import rule_ids as R
from .actions import Choose, Pass, new_choose, new_pass
from .describe import choice_words, pass_words
from .errors import Refusal
from .rulebook import ActionRule, rule

if TYPE_CHECKING:
    from .state import Pending
    from .table import Table


def _options(game: Table, top: Pending) -> list[str]:
    if top.kind == "ship_order":
        return voyage.ship_order_options(game, top)
    return list(top.data.options)


@rule
class ChooseRule(ActionRule[Choose]):
    action = Choose
    entry = R.PENDING_RULES["choose"]

    def legal(self, game: Table, top: Pending) -> list[Choose]:
        return [new_choose(o) for o in _options(game, top)]

    def check(self, game: Table, top: Pending, action: Choose) -> Refusal | None:
        offered = _options(game, top)
        if action.option in offered:
            return None
        return Refusal(f"{action.option!r} is not one of the options: {', '.join(offered)}",
                       R.pending_rule(top.kind, top.data))

    def apply(self, game: Table, top: Pending, action: Choose) -> None:
        if top.kind == "ship_order":
            voyage.resolve_first(game, top, action.option)
        else:
            choices.resolve(game, top, action)

    def words(self, game: Table, top: Pending | None, action: Choose) -> str:
        return choice_words(game, top, action.option)


@rule
class PassRule(ActionRule[Pass]):
    action = Pass
    entry = R.PENDING_RULES["choose"]

    def legal(self, game: Table, top: Pending) -> list[Pass]:
        return [new_pass()] if top.kind == "corsair" or (top.kind == "choose" and top.data.may_pass) else []

    def candidates(self, game: Table, top: Pending) -> list[Pass]:
        return [Pass()]

    def check(self, game: Table, top: Pending, action: Pass) -> Refusal | None:
        if top.kind == "corsair" or (top.kind == "choose" and top.data.may_pass):
            return None
        return Refusal("this choice cannot be skipped", R.pending_rule(top.kind, top.data))

    def apply(self, game: Table, top: Pending, action: Pass) -> None:
        if top.kind == "corsair":  # no Corsair before this reveal
            game.pop()
        else:
            choices.resolve(game, top, action)

    def words(self, game: Table, top: Pending | None, action: Pass) -> str:
        return pass_words(game, top)
