"""The colony: resources, colonists and housing, Person and Building cards in play, Dock Huts
and Insulae, luxury production."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from great_harbor.data import Catalogue

from . import senate
from .actions import Action, BuildStructure, EmployLuxury, PlayBuilding, PlayPerson
from .state import Pending, PlayerState

if TYPE_CHECKING:
    from .game import Game

LUXURY_TOKENS_PER_KIND = 4  # the component list: 16 Luxury tokens, 4 of each


# --- resources and colonists ----------------------------------------------------------------------


def gain_resources(game: Game, p: PlayerState, gains: Mapping[str, int]) -> bool:
    """Add resources; a track stops at its top and the gain then pays 1 Prestige once.
    Returns whether there was a surplus."""
    top = game.cat.colony_board.resource_max
    surplus = False
    res = p.resources
    for r, n in gains.items():
        v = res[r] + n
        if v > top:
            v = top
            surplus = True
        res[r] = v
    if surplus:
        p.prestige += 1
    return surplus


def can_pay(p: PlayerState, cost: Mapping[str, int]) -> bool:
    res = p.resources
    return all(res[r] >= n for r, n in cost.items())


def pay(p: PlayerState, cost: Mapping[str, int]) -> None:
    for r, n in cost.items():
        p.resources[r] -= n


def cost_of(card_cost: Mapping[Any, int]) -> dict[str, int]:
    return {str(k): v for k, v in card_cost.items()}


def describe_cost(cost: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in cost.items() if n) or "nothing"


def housing_capacity(game: Game, p: PlayerState) -> int:
    board = game.cat.colony_board
    insulae = [s for s in p.structures if s.startswith("insula")]
    pairs = sum(1 for a, b in board.adjacency if a in insulae and b in insulae)
    return board.base_housing + board.housing_per_insula * len(insulae) + board.housing_per_adjacent_insulae * pairs


def gain_colonists(game: Game, p: PlayerState, n: int) -> int:
    """Take up to ``n`` colonists from the supply into free housing; returns how many came."""
    s = game.s
    if p.automa:
        got = min(n, s.colonist_supply)
        p.automa_colonists += got
        s.colonist_supply -= got
        return got
    room = housing_capacity(game, p) - p.free_colonists
    got = max(0, min(n, room, s.colonist_supply))
    p.free_colonists += got
    s.colonist_supply -= got
    return got


def to_housing_or_supply(game: Game, p: PlayerState, n: int) -> None:
    room = housing_capacity(game, p) - p.free_colonists
    home = max(0, min(n, room))
    p.free_colonists += home
    game.s.colonist_supply += n - home


def return_workers(game: Game, p: PlayerState) -> None:
    """End of round: colonists on buildings, structure sites and production tiles come home."""
    n = sum(p.building_workers.values()) + len(p.site_workers) + sum(p.luxury_workers)
    p.building_workers = {}
    p.site_workers = []
    p.luxury_workers = [0] * len(p.luxury_workers)
    if n:
        to_housing_or_supply(game, p, n)


def luxury_supply(game: Game, luxury: str) -> int:
    held = sum(p.luxuries[luxury] for p in game.s.players)
    return LUXURY_TOKENS_PER_KIND - held


def colonists_in_colony(p: PlayerState) -> int:
    """Colonists on the colony board: housing, workers and crew (what the Curia counts)."""
    crew = sum(len(sh.crew) for sh in p.docks if sh is not None)
    return p.free_colonists + sum(p.building_workers.values()) + len(p.site_workers) + sum(p.luxury_workers) + crew


# --- playing cards --------------------------------------------------------------------------------


def card_played(game: Game, p: PlayerState, colour: str) -> None:
    """Every Person, Building or Ship played: count its colour, unlock the Dice Color Bonus at the
    second card of a colour, and step up that colour's Senate track."""
    p.played_colours[colour] += 1
    if p.played_colours[colour] == 2 and colour not in p.dice_bonus_colours:
        p.dice_bonus_colours.append(colour)
        game.log("dice-colour-bonus", p.seat, colour=colour)
    senate.advance(game, p, colour, 1)


def person_slot_options(game: Game, p: PlayerState, card: str) -> list[int]:
    colour = game.cat.persons[card].colour
    out = []
    for i, slot in enumerate(p.person_slots, start=1):
        if not slot:
            out.append(i)
        elif len(slot) == 1 and f"insula-{i}" in p.structures and game.cat.persons[slot[0]].colour == colour:
            out.append(i)
    return out


@cache
def _site_discounts(cat: Catalogue) -> dict[tuple[str, int], list[tuple[tuple[str, ...], dict[str, int]]]]:
    """For every site and discount size: each distinct set of unpaid resources and the cost left."""
    out: dict[tuple[str, int], list[tuple[tuple[str, ...], dict[str, int]]]] = {}
    for site in cat.colony_board.sites:
        cost = cost_of(site.cost)
        units = [r for r, n in sorted(cost.items()) for _ in range(n)]
        for k in range(len(units) + 1):
            options = []
            for unpaid in sorted(set(combinations(units, k))):
                left = dict(cost)
                for r in unpaid:
                    left[r] -= 1
                options.append((unpaid, {r: n for r, n in left.items() if n}))
            out[(site.id, k)] = options
    return out


def structure_options(game: Game, p: PlayerState, reduction: int = 0, allow_colonist: bool = True
                      ) -> list[tuple[str, bool, tuple[str, ...]]]:
    """Every way to build a structure now: (site, employ a colonist, resources left unpaid).

    ``reduction`` is the discount an effect gives (Legate, Engineer's Hut); a colonist adds one."""
    table = _site_discounts(game.cat)
    out: list[tuple[str, bool, tuple[str, ...]]] = []
    for site in game.cat.colony_board.sites:
        if site.id in p.structures:
            continue
        size = sum(site.cost.values())
        for colonist in (False, True) if allow_colonist else (False,):
            if colonist and p.free_colonists < 1:
                continue
            k = min(size, reduction + (1 if colonist else 0))
            for unpaid, left in table[(site.id, k)]:
                if can_pay(p, left):
                    out.append((site.id, colonist, unpaid))
    return out


def govern_actions(game: Game, p: PlayerState) -> list[Action]:
    cat = game.cat
    out: list[Action] = []
    for card in dict.fromkeys(p.hand):
        if card.startswith("person-"):
            out += [PlayPerson(card, i) for i in person_slot_options(game, p, card)]
        elif card.startswith("building-"):
            if can_pay(p, cost_of(cat.buildings[card].cost)):
                out.append(PlayBuilding(card))
    out += [BuildStructure(site, col, unpaid) for site, col, unpaid in structure_options(game, p)]
    need = cat.colony_board.colonists_per_luxury
    if p.free_colonists >= need:
        for i, tile in enumerate(p.luxury_tiles):
            lux = cat.luxury_production_tiles[tile].luxury
            if p.luxury_workers[i] == 0 and luxury_supply(game, lux) > 0:
                out.append(EmployLuxury(i + 1))
    from . import effects

    out += effects.activation_actions(game, p, "action")
    out += effects.employ_actions(game, p)
    return out


def apply(game: Game, top: Pending, action: Action) -> None:
    p = game.s.players[top.seat]
    cat = game.cat
    if isinstance(action, PlayPerson):
        p.hand.remove(action.card)
        p.person_slots[action.slot - 1].append(action.card)
        card = cat.persons[action.card]
        game.log("play-person", p.seat, card=action.card, slot=action.slot)
        card_played(game, p, card.colour)
    elif isinstance(action, PlayBuilding):
        b = cat.buildings[action.card]
        play_building(game, p, action.card, cost_of(b.cost))
    elif isinstance(action, BuildStructure):
        build_structure(game, p, action.site, action.colonist, action.unpaid)
    elif isinstance(action, EmployLuxury):
        i = action.space - 1
        need = cat.colony_board.colonists_per_luxury
        lux = cat.luxury_production_tiles[p.luxury_tiles[i]].luxury
        p.free_colonists -= need
        p.luxury_workers[i] = need
        p.luxuries[lux] += 1
        game.log("employ-luxury", p.seat, colonists=need, luxury=str(lux))


def play_building(game: Game, p: PlayerState, card: str, cost: Mapping[str, int]) -> None:
    b = game.cat.buildings[card]
    pay(p, cost)
    p.hand.remove(card)
    p.buildings.append(card)
    game.log("play-building", p.seat, card=card, paid=dict(cost))
    card_played(game, p, b.colour)


def build_structure(game: Game, p: PlayerState, site_id: str, colonist: bool, unpaid: Iterable[str]) -> None:
    site = next(s for s in game.cat.colony_board.sites if s.id == site_id)
    cost = cost_of(site.cost)
    for r in unpaid:
        cost[r] -= 1
    pay(p, cost)
    p.structures.append(site_id)
    if colonist:
        p.free_colonists -= 1
        p.site_workers.append(site_id)
    game.log("build", p.seat, site=site_id, colonist=colonist, paid=dict(cost))
    if site.kind == "dock_hut":
        ship = p.docks[site.index - 1]
        if ship is not None and ship.where == "docked" and ship.damage:
            ship.damage = 0
            game.log("dock-hut.repairs", p.seat, ship=ship.card)
