"""The govern actions of the Action phase, valued: playing cards, building, activating Persons,
employing colonists, repairing, converting."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from great_harbor.engine import (
    Action,
    card_hooks,
    colony,
    effects,
    fleet,
    senate,
    supply,
)
from great_harbor.engine import actions as act
from great_harbor.engine.cards.buildings import MarketSquare
from great_harbor.engine.cards.persons import Architect, Praetor
from great_harbor.engine.options import StructureOption, TracksOption
from great_harbor.engine.state import (
    DOCKED,
    RETURNING,
    ShipState,
    die_colour,
)

from .placing import Mind
from .worth import COIN, EMPLOY, FAVOR, MARKER, SHIP_TURN, SMUGGLER


def ship_at(m: Mind, dock: int) -> ShipState:
    sh = m.p.docks[dock - 1]
    assert sh is not None
    return sh


def structure_options(m: Mind, reduction: int) -> list[tuple[float, str]]:
    out = []
    for site, _, unpaid in colony.structure_options(m.g, m.p, reduction=reduction, allow_colonist=False):
        cost = supply.cost_of(next(s.cost for s in m.cat.colony_board.sites if s.id == site))
        for r in unpaid:
            cost[r] -= 1
        out.append((m.structure_worth(site) - m.spend_worth(cost, site), StructureOption(site, unpaid).code))
    return out


def _activation_worth(m: Mind, card: str) -> float:
    """What activating an action-timing Person gains now, before the marker's cost."""
    p, s = m.p, m.s
    colour = str(m.cat.persons[card].colour)
    own = [d for d in p.drafted if die_colour(d) == colour]
    person = card_hooks.card(m.g, card)
    effect = person.effect
    if effect == "patrician":
        return sum(max(0.0, m.current_die_worth(d, face=7 - s.faces[d]) - m.current_die_worth(d)) for d in own[:2])
    if effect == "investor":
        return max((m.current_die_worth(d, extra=2) - m.current_die_worth(d) for d in own), default=0.0)
    if effect == "engineer":
        return max((m.current_die_worth(d, wild=True) - m.current_die_worth(d) for d in own), default=0.0)
    if effect == "legate":
        return max((v for v, _ in structure_options(m, 2)), default=0.0)
    if effect == "quaestor":
        return m.colonists_worth(2)
    if effect == "praefectus":
        return max(m.draw_worth("building", "display", None), 2 * m.draw_worth("building", "deck", None))
    if isinstance(person, Architect):
        return max((m.building_worth(c) - m.base + m.resource_worth(p.resources, [x for x in m.projects if x[0] != c])
                    for c in person.options(m.g, p)), default=0.0)
    if effect == "tribune":
        return FAVOR + SMUGGLER
    if effect == "schemer":
        return 2 * SMUGGLER
    if effect == "navigator":
        return SHIP_TURN if any(sh.where == RETURNING and sh.sail_back <= 1 for sh in fleet.ships(p)) else 0.0
    if isinstance(person, Praetor):
        return max((praetor_worth(m, o) for o in person.options(m.g, p)), default=0.0)  # no track left: nothing
    return 0.0


def praetor_worth(m: Mind, option: TracksOption) -> float:
    a, b = option.tracks[0], option.tracks[1] if len(option.tracks) > 1 else ""
    if a == b:
        return m.senate_step_worth(a, 2)
    return m.senate_step_worth(a) + (m.senate_step_worth(b) if b else 0.0)


def _employ_worth(m: Mind, card: str) -> float:
    p = m.p
    cost = EMPLOY * m.cat.buildings[card].colonists
    sailing = [sh for sh in fleet.ships(p) if sh.where == DOCKED and sh.damage < fleet.hull(m.g, sh)]
    building = card_hooks.card(m.g, card)
    effect = building.effect
    if effect == "naval_academy":
        gain = max((m.crew_worth(sh, st) + 0.1 + 0.4 * m.tf for sh in fleet.ships(p) for st in ("strength", "cargo")
                    if st not in sh.crew and len(sh.crew) < fleet.hull(m.g, sh)), default=0.0)
    elif effect == "dockyard_arsenal":
        gain = 0.7 * sum(1 for sh in sailing if m.cat.ships[sh.card].size == "small")
    elif effect == "warship_foundry":
        gain = 0.7 * sum(1 for sh in sailing if sh.crew)
    elif isinstance(building, MarketSquare):
        gain = max((m.luxury_worth(x) for x in building.options(m.g)), default=0.0)
    elif effect == "engineers_hut":
        gain = max((v for v, _ in structure_options(m, 2)), default=0.0)
    elif effect == "lighthouse":
        gain = 0.4 if sailing else 0.0
    elif effect == "house_of_censors":
        gain = max((m.senate_step_worth(c) for c in p.senate if p.senate[c] < senate.top_space(m.g)), default=0.0)
    elif effect == "harbor_master":
        gain = 0.6 if any(m.s.faces[d] <= 2 for d in p.drafted) else 0.0
    else:
        gain = 0.0  # Port Crane: moving a die is never worth a colonist to this player
    return gain - cost


def _conversion_worth(m: Mind, a: act.UseConversion) -> float:
    card = m.cat.conversion_cards[a.card]
    g = card.gain
    v = g.prestige + FAVOR * g.favor + SMUGGLER * g.smuggler + m.colonists_worth(g.colonists)
    if g.any_resource:
        v += m.gain_worth(Counter(a.choice))
    if g.any_luxury:
        v += sum(m.luxury_worth(x) for x in a.choice)
    return v - COIN * card.coins


def govern_worth(m: Mind, a: Action) -> float:
    """The net worth of a govern action in the Action phase; -inf for what this player never does."""
    kind = type(a)
    worth = _GOVERN.get(kind)  # by the action's class: asked for every option of every turn decision
    if worth is None:
        return -math.inf  # shops and anything new: left alone
    if kind not in _BY_RESOURCES:
        return worth(m, a)
    memo = m.memos.resources
    key = ("govern", a)
    found: float | None = memo.get(key)
    if found is None:
        found = memo[key] = worth(m, a)
    return found


def _play_person(m: Mind, a: act.PlayPerson) -> float:
    return m.person_worth(a.card) + (0.2 if len(m.p.person_slots[a.slot - 1]) else 0.0)


def _play_building(m: Mind, a: act.PlayBuilding) -> float:
    return m.building_worth(a.card) - m.spend_worth(supply.cost_of(m.cat.buildings[a.card].cost), a.card)


def _play_ship(m: Mind, a: act.PlayShip) -> float:
    old = m.p.docks[a.dock - 1]
    return (m.ship_card_worth(a.card, old) - m.spend_worth(supply.cost_of(m.cat.ships[a.card].cost), a.card)
            + (0.5 if old is None else 0.0))


def _build_structure(m: Mind, a: act.BuildStructure) -> float:
    cost = supply.cost_of(next(s.cost for s in m.cat.colony_board.sites if s.id == a.site))
    for r in a.unpaid:
        cost[r] -= 1
    return m.structure_worth(a.site) - m.spend_worth(cost, a.site) - EMPLOY * a.colonist


def _activate(m: Mind, a: act.ActivatePerson) -> float:
    return _activation_worth(m, a.card) - MARKER


def _retrieve(m: Mind, a: act.RetrieveMarker) -> float:
    if effects.markers_left(m.g, m.p) > 0 or m.cat.persons[a.card].timing != "action":
        return -math.inf
    return _activation_worth(m, a.card) - MARKER - 2 * FAVOR


def _favor_senate(m: Mind, a: act.FavorSenate) -> float:
    return m.senate_step_worth(a.colour) - 2 * FAVOR


def _employ_luxury(m: Mind, a: act.EmployLuxury) -> float:
    lux = str(m.cat.luxury_production_tiles[m.p.luxury_tiles[a.space - 1]].luxury)
    return m.luxury_worth(lux) - 2 * EMPLOY


def _employ_building(m: Mind, a: act.EmployBuilding) -> float:
    return _employ_worth(m, a.card)


def _employ_crew(m: Mind, a: act.EmployCrew) -> float:
    return m.crew_worth(ship_at(m, a.dock), a.stat)


def _repair(m: Mind, a: act.Repair) -> float:
    sh = ship_at(m, a.dock)
    need = SHIP_TURN * min(2, m.turns_left) if sh.damage >= fleet.hull(m.g, sh) else 0.3
    return need - m.spend_worth({a.resource: 1})


def _convert_coins(m: Mind, a: act.ConvertCoins) -> float:
    return m.gain_worth({a.resource: 1}) - COIN * m.cat.supply.convert_coins


_GOVERN: dict[type[Action], Callable[[Mind, Any], float]] = {
    act.PlayPerson: _play_person,
    act.PlayBuilding: _play_building,
    act.PlayShip: _play_ship,
    act.BuildStructure: _build_structure,
    act.ActivatePerson: _activate,
    act.RetrieveMarker: _retrieve,
    act.FavorSenate: _favor_senate,
    act.EmployLuxury: _employ_luxury,
    act.EmployBuilding: _employ_building,
    act.EmployCrew: _employ_crew,
    act.Repair: _repair,
    act.ConvertCoins: _convert_coins,
    act.UseConversion: _conversion_worth,
}
# The actions whose worth is a pure function of what a Mind keeps with the seat's resources (see
# reuse): kept with them, not worked out again at every decision of a turn. Activations and a
# Building's use read the dice drafted and the markers left, and are valued afresh.
_BY_RESOURCES = frozenset({act.PlayPerson, act.PlayBuilding, act.PlayShip, act.BuildStructure, act.FavorSenate,
                           act.EmployLuxury, act.EmployCrew, act.Repair, act.ConvertCoins, act.UseConversion})
