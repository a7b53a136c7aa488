"""Activating a Person and employing colonists in a Building: the govern actions that set a card's
own effect going. What each card does is its class (:mod:`great_harbor.engine.cards`); this module
holds what is common to all of them: Activation markers, timing, colonists on the card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActivatePerson, EmployBuilding
from .card_hooks import card
from .state import Pending, PlayerState

if TYPE_CHECKING:
    from .game import Game


def markers_left(game: Game, p: PlayerState) -> int:
    return game.cat.colony_board.activation_markers - len(p.activated)


def persons_in_colony(p: PlayerState) -> list[str]:
    return [c for slot in p.person_slots for c in slot]


def activation_actions(game: Game, p: PlayerState, timing: str) -> list[Action]:
    if markers_left(game, p) <= 0:
        return []
    out: list[Action] = []
    for person in persons_in_colony(p):
        if person in p.activated or game.cat.persons[person].timing != timing:
            continue
        if card(game, person).can_use(game, p):
            out.append(ActivatePerson(person))
    return out


def employ_actions(game: Game, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    for building in p.buildings:
        b = game.cat.buildings[building]
        if b.kind != "employ" or p.building_workers.get(building) or p.free_colonists < b.colonists:
            continue
        if card(game, building).can_use(game, p):
            out.append(EmployBuilding(building))
    return out


def apply_activate(game: Game, top: Pending, action: Action) -> None:
    assert isinstance(action, ActivatePerson)
    if top.kind == "corsair":
        game.pop()
    p = game.s.players[top.seat]
    p.activated.append(action.card)
    game.log("activate", p.seat, card=action.card)
    card(game, action.card).start(game, p)


def apply_employ(game: Game, top: Pending, action: Action) -> None:
    assert isinstance(action, EmployBuilding)
    p = game.s.players[top.seat]
    b = game.cat.buildings[action.card]
    p.free_colonists -= b.colonists
    p.building_workers[action.card] = b.colonists
    game.log("employ-building", p.seat, card=action.card, colonists=b.colonists)
    card(game, action.card).start(game, p)
