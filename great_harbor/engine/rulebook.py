"""One rule object per kind of action: everything about that action in one place.

An :class:`ActionRule` lives in the module named after the rulebook chapter of its action
("Play a Ship Card" in ``fleet.py``) and holds:

- ``candidates``: every action of its kind a player could ask for now, legal or not (what the
  action picker can explain when it is refused);
- ``check``: the one legality test, ``None`` when legal, else a :class:`Refusal` naming the rule;
- ``legal``: the candidates ``check`` lets through, in the order players see them (a rule may
  write this as a faster generator; a test checks it equals the candidates ``check`` accepts);
- ``apply``: what the action does;
- ``words`` (and ``detail``): what it does in players' words, before they choose it;
- ``entry``: the rules-lookup entry that explains it.

Rules register themselves by the class of action they handle, so the Game dispatches by type.
Which kinds of action answer which kind of decision, and in what order they are listed, is
:data:`DECISIONS` (see :mod:`great_harbor.engine.decisions`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from .actions import Action
from .errors import EngineError, Refusal

if TYPE_CHECKING:
    from .state import Pending
    from .table import Table

A = TypeVar("A", bound=Action)


class ActionRule(Generic[A]):
    """The rule of one kind of action; see the module's docstring. A rule overrides ``candidates``
    or ``legal`` (or both), ``check``, ``apply`` and ``words``."""

    action: ClassVar[type[Action]]
    entry: ClassVar[str]

    def candidates(self, game: Table, top: Pending) -> Iterable[A]:
        """Every action of this kind a player could ask for now, legal or not."""
        return self.legal(game, top)

    def legal(self, game: Table, top: Pending) -> Iterable[A]:
        """The legal actions of this kind, in the order they are offered."""
        return [a for a in self.candidates(game, top) if self.check(game, top, a) is None]

    def check(self, game: Table, top: Pending, action: A) -> Refusal | None:
        """Why ``action`` is not possible now, or None when it is."""
        raise NotImplementedError

    def apply(self, game: Table, top: Pending, action: A) -> None:
        raise NotImplementedError

    def words(self, game: Table, top: Pending | None, action: A) -> str:
        """What ``action`` does, in one line, for the player who would take it."""
        raise NotImplementedError

    def detail(self, game: Table, top: Pending | None, action: A) -> str:
        """Longer help a player may want before choosing (a card's effect); empty when there is none."""
        return ""


RULES: dict[type[Action], ActionRule] = {}  # type: ignore[type-arg]


def rule(cls: type[ActionRule[A]]) -> type[ActionRule[A]]:
    """Register (one instance of) a rule under the class of action it handles."""
    if cls.action in RULES:
        raise EngineError(f"two rules for {cls.action.__name__}")
    RULES[cls.action] = cls()
    return cls


def action_entries() -> dict[str, str]:
    """The rules-lookup entry of each kind of action (``Action.kind``), but the answers (``choose``,
    ``pass``), whose rule is the decision's."""
    return {cls.kind: r.entry for cls, r in RULES.items() if cls.kind not in ("choose", "pass")}


def rule_for(action: Action | type[Action]) -> ActionRule:  # type: ignore[type-arg]
    cls = action if isinstance(action, type) else type(action)
    found = RULES.get(cls)
    if found is None:
        raise EngineError(f"no rule for {cls.__name__}")
    return found


# --- which actions answer which decision, in what order ---------------------------------------------

# Given the table and the decision, the function that orders a group's actions.
Key = Callable[["Table", "Pending"], Callable[[Action], int]]


class Group:
    """Kinds of action listed together for a decision. With ``key``, their legal actions are merged
    by it (Persons and Buildings in the order they are in hand, one ship's care after another);
    otherwise listed one kind after the other."""

    def __init__(self, *actions: type[Action], key: Key | None = None) -> None:
        self.actions = actions
        self.key = key


DECISIONS: dict[str, tuple[Group, ...]] = {}


def decision(kind: str, *groups: Group | type[Action]) -> None:
    """Say which kinds of action answer the pending decision ``kind``, in the order listed."""
    DECISIONS[kind] = tuple(g if isinstance(g, Group) else Group(g) for g in groups)


def answers(kind: str) -> tuple[type[Action], ...]:
    """The kinds of action that answer a pending decision of ``kind``."""
    return tuple(a for g in DECISIONS.get(kind, ()) for a in g.actions)


Legal = Callable[["Table", "Pending"], Iterable[Action]]
_PLANS: dict[str, list[tuple[tuple[Legal, ...], Key | None]]] = {}


def _plan(kind: str) -> list[tuple[tuple[Legal, ...], Key | None]]:
    """The legal-action generators of a decision's groups, looked up once (this runs at every
    decision of every game: the engine's hot path)."""
    plan = _PLANS.get(kind)
    if plan is None:
        plan = _PLANS[kind] = [(tuple(RULES[cls].legal for cls in g.actions), g.key) for g in DECISIONS[kind]]
    return plan


FastLegal = Callable[["Table", "Pending"], list[Action]]  # a new list each call
_FAST: dict[str, FastLegal] = {}


def fast_path(kind: str) -> Callable[[FastLegal], FastLegal]:
    """Register a hand-written lister of a decision's legal actions, used instead of asking each
    rule in turn where that costs too much (see :mod:`.turn_actions`). It must list exactly what
    :func:`rules_legal_actions` lists, in the same order; a test holds it to that."""

    def register(fn: FastLegal) -> FastLegal:
        if kind in _FAST:
            raise EngineError(f"two fast paths for {kind!r} decisions")
        _FAST[kind] = fn
        return fn

    return register


def legal_actions(game: Table, top: Pending) -> list[Action]:
    fast = _FAST.get(top.kind)
    if fast is not None:
        return fast(game, top)
    return rules_legal_actions(game, top)


def rules_legal_actions(game: Table, top: Pending) -> list[Action]:
    """The legal actions as the decision's rules list them, one kind after the other."""
    out: list[Action] = []
    for generators, key in _plan(top.kind):
        if key is None:
            for legal in generators:
                out += legal(game, top)
        else:
            merged: list[Action] = []
            for legal in generators:
                merged += legal(game, top)
            if len(merged) > 1:
                merged.sort(key=key(game, top))  # stable: the kinds keep their order within a key
            out += merged
    return out


def candidates(game: Table, top: Pending) -> list[Action]:
    """Every action a player could ask for at this decision, legal or not."""
    return [a for group in DECISIONS[top.kind] for cls in group.actions for a in RULES[cls].candidates(game, top)]
