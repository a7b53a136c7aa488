"""Activating a Person and employing colonists in a Building: the govern actions that set a card's
own effect going. What each card does is its class (:mod:`great_harbor.engine.cards`); this module
holds what is common to all of them: Activation markers, timing, colonists on the card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rule_ids as R
from .actions import Action, ActivatePerson, EmployBuilding, new_activate, new_employ_building
from .card_hooks import card
from .colony import building_detail, person_detail
from .errors import Refusal
from .names import card_name, plural
from .rulebook import ActionRule, rule
from .state import Pending, PlayerState
from .voyage import askers_before_reveal

if TYPE_CHECKING:
    from .table import Table


def markers_left(game: Table, p: PlayerState) -> int:
    return game.cat.colony_board.activation_markers - len(p.activated)


def persons_in_colony(p: PlayerState) -> list[str]:
    return [c for slot in p.person_slots for c in slot]


def _timing(top: Pending) -> str:
    """When a Person is activated at this decision: in the Action phase turn, or the Voyage phase
    (a ship's choice, or before a Pirate is revealed)."""
    return "action" if top.kind == "turn" else "voyage"


def activation_actions(game: Table, p: PlayerState, timing: str) -> list[Action]:
    if markers_left(game, p) <= 0:
        return []
    out: list[Action] = []
    for person in persons_in_colony(p):
        if person in p.activated or game.cat.persons[person].timing != timing:
            continue
        if card(game, person).can_use(game, p):
            out.append(new_activate(person))
    return out


@rule
class ActivatePersonRule(ActionRule[ActivatePerson]):
    """Activate a Person Card: put an Activation marker on a Person of the colony, in the phase its
    card says, and do what it says."""

    action = ActivatePerson
    entry = R.ACTIVATE

    def candidates(self, game: Table, top: Pending) -> list[ActivatePerson]:
        p = game.s.players[top.seat]
        if top.kind == "corsair":
            return [ActivatePerson(c) for c in voyage_askers(game, p)]
        return [ActivatePerson(c) for c in persons_in_colony(p)]

    def legal(self, game: Table, top: Pending) -> list[ActivatePerson]:
        p = game.s.players[top.seat]
        if top.kind == "corsair":
            return [new_activate(c) for c in voyage_askers(game, p)]
        return activation_actions(game, p, _timing(top))  # type: ignore[return-value]

    def check(self, game: Table, top: Pending, action: ActivatePerson) -> Refusal | None:
        p = game.s.players[top.seat]
        person = game.cat.persons.get(action.card)
        if person is None:
            return Refusal(f"no Person card is called {action.card}", R.ACTIVATE)
        if action.card not in persons_in_colony(p):
            return Refusal(f"{person.name} is not in your colony", R.ACTIVATE)
        if action.card in p.activated:
            return Refusal(f"{person.name} already holds an Activation marker", R.ACTIVATE)
        if markers_left(game, p) <= 0:
            return Refusal("all your Activation markers are in use", R.ACTIVATE)
        if top.kind == "corsair":
            if action.card in voyage_askers(game, p):
                return None
            return Refusal(f"{person.name} is not used before a Pirate is revealed", R.VOYAGE_PERSONS)
        timing = _timing(top)
        if person.timing != timing:
            phase = "Voyage" if person.timing == "voyage" else "Action"
            return Refusal(f"{person.name} can only be activated in the {phase} phase", R.VOYAGE_PERSONS)
        if not card(game, action.card).can_use(game, p):
            return Refusal(f"nothing for {person.name} to do now", R.ACTIVATE)
        return None

    def apply(self, game: Table, top: Pending, action: ActivatePerson) -> None:
        apply_activate(game, top, action)

    def words(self, game: Table, top: Pending | None, action: ActivatePerson) -> str:
        if top is not None and top.kind == "corsair":
            return f"Activate {card_name(game, action.card)} before the segment {top.data.segment + 1} pirate"
        gives = card(game, action.card).gives(game, game.s.players[top.seat]) if top is not None else ""
        return f"Activate {card_name(game, action.card)}" + (f": {gives}" if gives else "")

    def detail(self, game: Table, top: Pending | None, action: ActivatePerson) -> str:
        return person_detail(game, action.card)


def voyage_askers(game: Table, p: PlayerState) -> list[str]:
    return askers_before_reveal(game, p)


def employ_actions(game: Table, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    for building in p.buildings:
        b = game.cat.buildings[building]
        if b.kind != "employ" or p.building_workers.get(building) or p.free_colonists < b.colonists:
            continue
        if card(game, building).can_use(game, p):
            out.append(new_employ_building(building))
    return out


@rule
class EmployBuildingRule(ActionRule[EmployBuilding]):
    """Employ a Colonist in a Building: free Colonists on a Building that needs them (one set per
    round), and it does what it says."""

    action = EmployBuilding
    entry = R.EMPLOY_BUILDING

    def candidates(self, game: Table, top: Pending) -> list[EmployBuilding]:
        return [EmployBuilding(b) for b in game.s.players[top.seat].buildings]

    def legal(self, game: Table, top: Pending) -> list[EmployBuilding]:
        return employ_actions(game, game.s.players[top.seat])  # type: ignore[return-value]

    def check(self, game: Table, top: Pending, action: EmployBuilding) -> Refusal | None:
        p = game.s.players[top.seat]
        if action.card not in p.buildings:
            return Refusal("you have not built that Building", R.EMPLOY_BUILDING)
        b = game.cat.buildings[action.card]
        if b.kind != "employ":
            return Refusal(f"{b.name} does not employ colonists", R.BUILDING_KINDS)
        if p.building_workers.get(action.card):
            return Refusal(f"{b.name} already has its Colonist this round", R.BUILDING_WORKERS)
        if p.free_colonists < b.colonists:
            return Refusal(f"{b.name} needs {b.colonists} free Colonist{'s' if b.colonists > 1 else ''}",
                           R.EMPLOY_BUILDING)
        if not card(game, action.card).can_use(game, p):
            return Refusal(f"{b.name} has nothing to do now", R.EMPLOY_BUILDING)
        return None

    def apply(self, game: Table, top: Pending, action: EmployBuilding) -> None:
        apply_employ(game, top, action)

    def words(self, game: Table, top: Pending | None, action: EmployBuilding) -> str:
        b = game.cat.buildings[action.card]
        return f"Employ {plural(b.colonists, 'Colonist')} in {card_name(game, action.card)}"

    def detail(self, game: Table, top: Pending | None, action: EmployBuilding) -> str:
        return building_detail(game, action.card)


def apply_activate(game: Table, top: Pending, action: Action) -> None:
    assert isinstance(action, ActivatePerson)
    if top.kind == "corsair":
        game.pop()
    p = game.s.players[top.seat]
    p.activated.append(action.card)
    game.log("activate", p.seat, card=action.card)
    card(game, action.card).start(game, p)


def apply_employ(game: Table, top: Pending, action: Action) -> None:
    assert isinstance(action, EmployBuilding)
    p = game.s.players[top.seat]
    b = game.cat.buildings[action.card]
    p.free_colonists -= b.colonists
    p.building_workers[action.card] = b.colonists
    game.log("employ-building", p.seat, card=action.card, colonists=b.colonists)
    card(game, action.card).start(game, p)
