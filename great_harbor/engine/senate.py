"""The Senate board: four colour tracks, their bonuses, the bonuses bridging neighbouring
tracks; and the Favor actions that are not about dice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import names, supply
from . import rule_ids as R
from .actions import FavorSenate, RetrieveMarker
from .errors import Refusal
from .rulebook import ActionRule, rule
from .state import Pending, PlayerState

if TYPE_CHECKING:
    from great_harbor.data.models import SenateBonus

    from .game import Game

FAVOR_FOR_MARKER = 2
FAVOR_FOR_SENATE = 2


def top_space(game: Game) -> int:
    return game.cat.senate.length - 1


def advance(game: Game, p: PlayerState, colour: str, steps: int = 1) -> None:
    """Move ``p``'s marker on ``colour`` up; every space stepped on pays its bonus, and a bridge
    bonus pays once both neighbouring markers have reached it."""
    senate = game.cat.senate
    track = next(t for t in senate.tracks if t.colour == colour)
    for _ in range(steps):
        if p.senate[colour] >= top_space(game):
            return
        p.senate[colour] += 1
        pos = p.senate[colour]
        game.log("senate.advance", p.seat, colour=colour, space=pos)
        for space in track.spaces:
            if space.space == pos:
                _gain(game, p, space.bonus, colour, {"track": colour, "space": pos})
        for i, bridge in enumerate(senate.bridges):
            if i in p.senate_bridges or colour not in bridge.tracks:
                continue
            a, b = bridge.tracks
            if p.senate[a] >= bridge.space and p.senate[b] >= bridge.space:
                p.senate_bridges.append(i)
                _gain(game, p, bridge.bonus, colour, {"bridge": [a, b], "space": bridge.space})


def _gain(game: Game, p: PlayerState, bonus: SenateBonus, colour: str, where: dict[str, Any]) -> None:
    items: list[dict[str, Any]] = []
    if bonus.resource:
        res = supply.current_bonus_mapping(game)[colour]
        surplus = supply.gain_resources(game, p, {res: bonus.resource})
        items.append({"k": "res", "r": res, "n": bonus.resource, "surplus": surplus})
    if bonus.coins:
        p.coins += bonus.coins
        items.append({"k": "coins", "n": bonus.coins})
    if bonus.colonists:
        got = supply.gain_colonists(game, p, bonus.colonists)
        items.append({"k": "colonists", "got": got, "wanted": bonus.colonists})
    if bonus.prestige:
        p.prestige += bonus.prestige
        items.append({"k": "prestige", "n": bonus.prestige})
    game.log("senate.bonus", p.seat, items=items, where=where)


@rule
class RetrieveMarkerRule(ActionRule[RetrieveMarker]):
    """Spend Favor Tokens: 2 Favor take an Activation marker back from a Person."""

    action = RetrieveMarker
    entry = R.FAVOR

    def candidates(self, game: Game, top: Pending) -> list[RetrieveMarker]:
        return [RetrieveMarker(card) for card in game.s.players[top.seat].activated]

    def legal(self, game: Game, top: Pending) -> list[RetrieveMarker]:
        p = game.s.players[top.seat]
        return [RetrieveMarker(card) for card in p.activated] if p.favor >= FAVOR_FOR_MARKER else []

    def check(self, game: Game, top: Pending, action: RetrieveMarker) -> Refusal | None:
        p = game.s.players[top.seat]
        if p.favor < FAVOR_FOR_MARKER:
            return Refusal(f"needs {FAVOR_FOR_MARKER} Favor, you have {p.favor}", R.FAVOR)
        if action.card not in p.activated:
            return Refusal("that Person has no Activation marker", R.FAVOR)
        return None

    def apply(self, game: Game, top: Pending, action: RetrieveMarker) -> None:
        p = game.s.players[top.seat]
        p.favor -= FAVOR_FOR_MARKER
        p.activated.remove(action.card)
        game.log("favor.retrieve-marker", p.seat, favor=FAVOR_FOR_MARKER, card=action.card)

    def words(self, game: Game, top: Pending | None, action: RetrieveMarker) -> str:
        return (f"Spend {FAVOR_FOR_MARKER} Favor: take the Activation marker back from "
                f"{names.card_name(game, action.card)}")


@rule
class FavorSenateRule(ActionRule[FavorSenate]):
    """Spend Favor Tokens: 2 Favor move one Senate marker up one space (its bonus paid)."""

    action = FavorSenate
    entry = R.FAVOR

    def candidates(self, game: Game, top: Pending) -> list[FavorSenate]:
        return [FavorSenate(c) for c in game.s.players[top.seat].senate]

    def legal(self, game: Game, top: Pending) -> list[FavorSenate]:
        p = game.s.players[top.seat]
        if p.favor < FAVOR_FOR_SENATE:
            return []
        top_space_ = top_space(game)
        return [FavorSenate(c) for c, pos in p.senate.items() if pos < top_space_]

    def check(self, game: Game, top: Pending, action: FavorSenate) -> Refusal | None:
        p = game.s.players[top.seat]
        if p.favor < FAVOR_FOR_SENATE:
            return Refusal(f"needs {FAVOR_FOR_SENATE} Favor, you have {p.favor}", R.FAVOR)
        if action.colour not in p.senate:
            return Refusal(f"there is no {action.colour} Senate track", R.SENATE_MOVING_UP)
        if p.senate[action.colour] >= top_space(game):
            return Refusal("that Senate marker is at the top", R.SENATE_MOVING_UP)
        return None

    def apply(self, game: Game, top: Pending, action: FavorSenate) -> None:
        p = game.s.players[top.seat]
        p.favor -= FAVOR_FOR_SENATE
        game.log("favor.senate", p.seat, favor=FAVOR_FOR_SENATE)
        advance(game, p, action.colour, 1)

    def words(self, game: Game, top: Pending | None, action: FavorSenate) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        return (f"Spend {FAVOR_FOR_SENATE} Favor: advance on the {action.colour} Senate track "
                f"(to {p.senate[action.colour] + 1})")
