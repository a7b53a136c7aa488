"""The Senate board: four colour tracks, their bonuses, the bonuses bridging neighbouring
tracks; and the Favor actions that are not about dice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action, FavorSenate, RetrieveMarker
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
    if p.automa:
        return  # the Automa has its own board instead of Senate markers
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
    from . import colony
    from .draft import current_bonus_mapping

    items: list[dict[str, Any]] = []
    if bonus.resource:
        res = current_bonus_mapping(game)[colour]
        surplus = colony.gain_resources(game, p, {res: bonus.resource})
        items.append({"k": "res", "r": res, "n": bonus.resource, "surplus": surplus})
    if bonus.coins:
        p.coins += bonus.coins
        items.append({"k": "coins", "n": bonus.coins})
    if bonus.colonists:
        got = colony.gain_colonists(game, p, bonus.colonists)
        items.append({"k": "colonists", "got": got, "wanted": bonus.colonists})
    if bonus.prestige:
        p.prestige += bonus.prestige
        items.append({"k": "prestige", "n": bonus.prestige})
    game.log("senate.bonus", p.seat, items=items, where=where)


def favor_actions(game: Game, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    if p.favor >= FAVOR_FOR_MARKER:
        out += [RetrieveMarker(card) for card in p.activated]
    if p.favor >= FAVOR_FOR_SENATE:
        top = top_space(game)
        out += [FavorSenate(c) for c, pos in p.senate.items() if pos < top]
    return out


def apply_favor(game: Game, top: Pending, action: Action) -> None:
    p = game.s.players[top.seat]
    if isinstance(action, RetrieveMarker):
        p.favor -= FAVOR_FOR_MARKER
        p.activated.remove(action.card)
        game.log("favor.retrieve-marker", p.seat, favor=FAVOR_FOR_MARKER, card=action.card)
    elif isinstance(action, FavorSenate):
        p.favor -= FAVOR_FOR_SENATE
        game.log("favor.senate", p.seat, favor=FAVOR_FOR_SENATE)
        advance(game, p, action.colour, 1)
