"""Errors the engine raises, and the refusals they carry."""

from __future__ import annotations

from great_harbor.value_class import value_class

from .rule_ids import GOVERN_ACTIONS


@value_class(frozen=True, slots=True)
class Refusal:
    """Why an action is not possible now: the sentence for players and the rule behind it (the id
    of the rules-lookup entry that explains it, see :mod:`great_harbor.engine.rule_ids`)."""

    reason: str
    rule: str

    def __str__(self) -> str:
        return self.reason


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is unchanged.

    ``str(exc)`` (and ``exc.reason``) is the sentence for players, ``exc.rule`` the id of the
    rules-lookup entry behind it."""

    def __init__(self, reason: str | Refusal, rule: str | None = None) -> None:
        if isinstance(reason, Refusal):
            refusal = reason
        else:
            refusal = Refusal(reason, rule or GOVERN_ACTIONS)
        super().__init__(refusal.reason)
        self.refusal = refusal

    @property
    def reason(self) -> str:
        return self.refusal.reason

    @property
    def rule(self) -> str:
        return self.refusal.rule


class EngineError(RuntimeError):
    """A broken invariant inside the engine: a bug, never a player's mistake."""
