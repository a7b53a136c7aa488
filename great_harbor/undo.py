"""Fair undo: what may be taken back, and why not.

A player may take back their own actions in their current turn, one at a time, but never an
action that revealed something (dice rolled, cards drawn, a display refilled, a deck shuffled, a
die rerolled, the Lighthouse's peek): the engine counts those in ``game.s.reveals``, and an
action that changed the count stays. Nor across another seat's action or the start of the turn.

This module only judges; :class:`great_harbor.session.Session` does the undoing by replaying the
record (the seed and the actions reproduce the game exactly).
"""

from __future__ import annotations

from great_harbor.data import Catalogue
from great_harbor.engine import Action, Game
from great_harbor.engine.actions import PlaceDie
from great_harbor.engine.decision_data import Decision
from great_harbor.engine.events import GAME
from great_harbor.value_class import value_class

# (round, turn, phase, active seat index, voyage segment, dice left to draft): an action that
# changes any of these ends a stretch of play that can be taken back.
TurnKey = tuple[int, str, str, int, int, int]


def turn_key(game: Game) -> TurnKey:
    s = game.s
    return (s.round, s.turn, s.phase, s.active, s.voyage.segment, len(s.draft_order))


@value_class(frozen=True)
class Before:
    """What :func:`step` needs to know from just before an action."""

    seat: int
    key: TurnKey
    reveals: int
    log: int
    pending_kind: str
    pending_data: Decision

    @classmethod
    def of(cls, game: Game) -> Before:
        top = game.pending
        assert top is not None, "no decision is pending"
        return cls(top.seat, turn_key(game), game.s.reveals, len(game.s.log), top.kind, top.data)


@value_class(frozen=True)
class Step:
    """One applied action and what undo needs to know about it."""

    action: Action
    seat: int  # who took it
    revealed: str  # what it revealed ("the Shipyard draw"), "" when nothing
    same_turn: bool  # the same seat decides next, in the same turn
    log_start: int  # index of the first log line it wrote
    log_end: int


def step(before: Before, game: Game, action: Action) -> Step:
    """Describe ``action``, just applied to ``game``; ``before`` was taken just before it."""
    revealed = ""
    if game.s.reveals != before.reveals:
        revealed = reveal_label(game.cat, before, action, game)
    same = (game.current_player == before.seat and turn_key(game) == before.key and not game.is_over
            and not automa_acted(game, before.log))
    return Step(action, before.seat, revealed, same, before.log, len(game.s.log))


def automa_acted(game: Game, log_start: int) -> bool:
    """Did the Automa decide something while the action was resolved (its ship in the same Voyage
    segment, say)? Its decisions are the log events whose actor is its seat."""
    players = game.s.players
    return any(e.actor != GAME and players[e.actor].automa for e in game.s.log[log_start:])


@value_class(frozen=True)
class Verdict:
    """Whether undo (or redo) is possible now; when not, ``reason`` says why in one line."""

    ok: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.ok


def can_undo(game: Game, steps: list[Step]) -> Verdict:
    """May the seat to move take back the last action?"""
    if game.is_over:
        return Verdict(False, "the game is over: nothing can be undone")
    if not steps:
        return Verdict(False, "nothing to undo: no action has been taken yet")
    last = steps[-1]
    seat = game.current_player
    if last.seat != seat:
        return Verdict(False, f"nothing of yours to undo: the last action was {game.name(last.seat)}'s")
    if last.revealed:
        return Verdict(False, f"cannot undo past {last.revealed}")
    if not last.same_turn:
        return Verdict(False, "cannot undo past the start of this turn")
    return Verdict(True)


def reveal_label(cat: Catalogue, before: Before, action: Action, after: Game) -> str:
    """A short name for what an action revealed: "the Shipyard draw", "the display refill"."""
    data = before.pending_data
    if action.kind == "draft":  # a pick reveals nothing itself; the Automa drafting after it does
        return "the Automa's draft"
    if (after.s.round, after.s.turn) != before.key[:2]:
        return "the last roll"  # rolled after the action: the last one from where the player is now
    if before.pending_kind in ("corsair", "voyage_choice", "ship_order") or (
        action.kind == "end-turn" and after.s.phase == "voyage"
    ):
        return "the Pirate reveal"
    used: list[str] = []
    if action.kind == "assign" and before.pending_kind == "assign":
        pips = getattr(action, "pips", ())
        used = [t for t, n in zip(getattr(data, "tiles", ()), pips, strict=False) if n > 0 and t in cat.tiles]
    elif isinstance(action, PlaceDie) and action.slot in cat.slot_cells:  # a Shore slot takes its benefit at once
        used = [after.s.layout[f"{r},{c}"] for r, c in cat.slot_cells[action.slot]]
    if used:
        drawing = [t for t in used if any(b.draws for b in cat.tiles[t].benefits)]
        names = [cat.tiles[t].name for t in drawing or used]
        return f"the {' and '.join(names)} draw"
    if before.pending_kind == "choose":
        handler = str(data.handler or "")
        if handler in _CHOICE_LABELS:
            return _CHOICE_LABELS[handler]
        card = data.card
        if isinstance(card, str) and card_name(cat, card):
            return f"what {card_name(cat, card)} revealed"
    card = getattr(action, "card", None)
    if isinstance(card, str) and card in _CARD_LABELS:
        return _CARD_LABELS[card]
    if isinstance(card, str) and card_name(cat, card):
        return f"what {card_name(cat, card)} revealed"
    return f"what '{action}' revealed"


_CHOICE_LABELS = {
    "harbor.take_display": "the display refill",
    "effects.praefectus": "the Building draw",
    "effects.harbor_master": "the reroll",
    "effects.lighthouse": "the Lighthouse peek",
}


_CARD_LABELS = {
    "building-14": "the Lighthouse peek",
    "person-13": "the Ship display refresh",
}


def card_name(cat: Catalogue, card: str) -> str:
    for table in (cat.persons, cat.buildings, cat.ships):
        if card in table:
            return table[card].name
    return ""
