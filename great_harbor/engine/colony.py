"""The colony: resources, colonists and housing, Person and Building cards in play, Dock Huts
and Insulae, luxury production."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from great_harbor.data import Catalogue

from . import names, senate
from . import rule_ids as R
from .actions import (
    Action,
    BuildStructure,
    EmployLuxury,
    PlayBuilding,
    PlayPerson,
    new_build,
    new_employ_luxury,
    new_play_building,
    new_play_person,
)
from .errors import Refusal
from .rulebook import ActionRule, rule
from .state import Pending, PlayerState
from .supply import can_pay, card_cost, cost_of, luxury_supply, pay

if TYPE_CHECKING:
    from .table import Table

# --- playing cards --------------------------------------------------------------------------------


def card_played(game: Table, p: PlayerState, colour: str) -> None:
    """Every Person, Building or Ship played: count its colour, unlock the Dice Color Bonus at the
    second card of a colour, and step up that colour's Senate track."""
    p.played_colours[colour] += 1
    if p.played_colours[colour] == 2 and colour not in p.dice_bonus_colours:
        p.dice_bonus_colours.append(colour)
        game.log("dice-colour-bonus", p.seat, colour=colour)
    senate.advance(game, p, colour, 1)


def playing_gives(game: Table, p: PlayerState, colour: str, cost: Mapping[str, int] | None = None) -> str:
    """What playing a card of ``colour`` gives besides the card, for its action's words: the
    bonuses of its Senate step, " (Senate: +1 Colonist)"; empty when the step pays nothing. The
    card's ``cost`` is paid first (paying rope can make room for the rope the step gives)."""
    paid = senate.bonus_words(game, p, senate.plan(game, p, [colour]), cost)
    return f" (Senate: {paid})" if paid else ""


def playing_detail(game: Table, p: PlayerState, colour: str) -> str:
    """Playing a card of ``colour`` in full, for the longer help: its Senate step and what it pays,
    and the Dice Color Bonus a second card of the colour unlocks."""
    text = f"Playing it: {colour} Senate track {senate.steps_words(game, p, [colour], named=False)}"
    if p.played_colours[colour] == 1 and colour not in p.dice_bonus_colours:
        text += f"; second {colour} card: unlocks the {colour} Dice Color Bonus"
    return text + "."


def person_plays(game: Table, p: PlayerState, card: str) -> list[PlayPerson]:
    """The ways to play the Person card ``card`` (in hand): one per slot it may go into."""
    return [new_play_person(card, i) for i in person_slot_options(game, p, card)]


def can_build(game: Table, p: PlayerState, card: str) -> bool:
    """Can ``p`` pay for the Building card ``card`` (in hand)?"""
    return can_pay(p, card_cost(game, card))


def person_slot_options(game: Table, p: PlayerState, card: str) -> list[int]:
    colour = game.cat.persons[card].colour
    out = []
    for i, slot in enumerate(p.person_slots, start=1):
        if not slot:
            out.append(i)
        elif len(slot) == 1 and f"insula-{i}" in p.structures and game.cat.persons[slot[0]].colour == colour:
            out.append(i)
    return out


@cache
def _site_sizes(cat: Catalogue) -> tuple[tuple[str, int], ...]:
    """Every site of the colony board, in board order, with the number of resources it costs."""
    return tuple((site.id, sum(site.cost.values())) for site in cat.colony_board.sites)


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


def structure_options(game: Table, p: PlayerState, reduction: int = 0, allow_colonist: bool = True
                      ) -> list[tuple[str, bool, tuple[str, ...]]]:
    """Every way to build a structure now: (site, employ a colonist, resources left unpaid).

    ``reduction`` is the discount an effect gives (Legate, Engineer's Hut); a colonist adds one."""
    return [(a.site, a.colonist, a.unpaid) for a in _structure_actions(game, p, reduction, allow_colonist)]


def _structure_actions(game: Table, p: PlayerState, reduction: int = 0, allow_colonist: bool = True
                       ) -> tuple[BuildStructure, ...]:
    """:func:`structure_options` as actions. Asked at every Action phase decision, and it depends
    on little: the answer is kept by what it reads (the sites built, in any order; a free Colonist
    or not; the discount; and the resources held, each counted only up to the most of it any site
    costs: an option is open when every resource it leaves to pay is held, and no option leaves
    more of a resource than its site costs, so holding more changes nothing)."""
    res = p.resources
    key: list[object] = [frozenset(p.structures), p.free_colonists >= 1, reduction, allow_colonist]
    for r, most in _site_resource_caps(game.cat):
        n = res[r]
        key.append(n if n < most else most)
    known = _structure_actions_known(game.cat)
    frozen = tuple(key)
    found = known.get(frozen)
    if found is None:
        if len(known) >= _KNOWN_LIMIT:  # a long run of games: start again rather than grow without end
            known.clear()
        found = known[frozen] = tuple(new_build(site, colonist, unpaid) for site, colonist, unpaid
                                   in _structure_options(game, p, reduction, allow_colonist))
    return found


_KNOWN_LIMIT = 20_000


@cache
def _site_resource_caps(cat: Catalogue) -> tuple[tuple[str, int], ...]:
    """Every resource some site costs, with the most of it any one site costs."""
    most: dict[str, int] = {}
    for site in cat.colony_board.sites:
        for r, n in cost_of(site.cost).items():
            most[r] = max(most.get(r, 0), n)
    return tuple(most.items())


@cache
def _structure_actions_known(cat: Catalogue) -> dict[tuple[object, ...], tuple[BuildStructure, ...]]:
    return {}


def _structure_options(game: Table, p: PlayerState, reduction: int, allow_colonist: bool
                       ) -> list[tuple[str, bool, tuple[str, ...]]]:
    table = _site_discounts(game.cat)
    have = sum(p.resources.values())  # an option needing more resources than all held: skip at once
    colonists = (False, True) if allow_colonist and p.free_colonists >= 1 else (False,)
    out: list[tuple[str, bool, tuple[str, ...]]] = []
    for site, size in _site_sizes(game.cat):
        if site in p.structures:
            continue
        for colonist in colonists:
            k = min(size, reduction + (1 if colonist else 0))
            if size - k > have:
                continue
            for unpaid, left in table[(site, k)]:
                if can_pay(p, left):
                    out.append((site, colonist, unpaid))
    return out


def hand_order(game: Table, top: Pending) -> Callable[[Action], int]:
    """Actions by where the card they play is in hand (Persons and Buildings are offered so)."""
    where = {card: i for i, card in enumerate(dict.fromkeys(game.s.players[top.seat].hand))}
    last = len(where)
    return lambda action: where.get(getattr(action, "card", ""), last)


def _cost_reason(p: PlayerState, cost: Mapping[str, int], rule: str) -> Refusal | None:
    short = names.shortfall(p, cost)
    return Refusal("needs " + short, rule) if short else None


def _in_hand(game: Table, p: PlayerState, card: str, cards: Mapping[str, object], kind: str, rule: str
             ) -> Refusal | None:
    if card not in p.hand:
        return Refusal("that card is not in your hand", rule)
    if card not in cards:
        return Refusal(f"that card is not a {kind} card", rule)
    return None


@rule
class PlayPersonRule(ActionRule[PlayPerson]):
    """Play a Person Card: into an empty Person slot, or beside one of the same colour where an
    Insula stands."""

    action = PlayPerson
    entry = R.PLAY_PERSON

    def candidates(self, game: Table, top: Pending) -> list[PlayPerson]:
        p = game.s.players[top.seat]
        return [PlayPerson(c, i) for c in dict.fromkeys(p.hand) if c in game.cat.persons
                for i in range(1, len(p.person_slots) + 1)]

    def legal(self, game: Table, top: Pending) -> list[PlayPerson]:
        p = game.s.players[top.seat]
        return [a for c in dict.fromkeys(p.hand) if c in game.cat.persons for a in person_plays(game, p, c)]

    def check(self, game: Table, top: Pending, action: PlayPerson) -> Refusal | None:
        p = game.s.players[top.seat]
        refusal = _in_hand(game, p, action.card, game.cat.persons, "Person", R.PLAY_PERSON)
        if refusal:
            return refusal
        slot = p.person_slots[action.slot - 1] if 1 <= action.slot <= len(p.person_slots) else None
        if slot is None:
            return Refusal(f"there is no Person slot {action.slot}", R.PLAY_PERSON)
        if action.slot in person_slot_options(game, p, action.card):
            return None
        if slot and f"insula-{action.slot}" not in p.structures:
            return Refusal("slot is taken (an Insula there would hold a second Person of the same colour)",
                           R.PLAY_PERSON)
        if len(slot) >= 2:
            return Refusal("slot is full", R.PLAY_PERSON)
        return Refusal("the two Persons in one slot must share a colour", R.PLAY_PERSON)

    def apply(self, game: Table, top: Pending, action: PlayPerson) -> None:
        p = game.s.players[top.seat]
        p.hand.remove(action.card)
        p.person_slots[action.slot - 1].append(action.card)
        game.log("play-person", p.seat, card=action.card, slot=action.slot)
        card_played(game, p, game.cat.persons[action.card].colour)

    def words(self, game: Table, top: Pending | None, action: PlayPerson) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        slot = p.person_slots[action.slot - 1]
        where = f"slot {action.slot}" + (f", beside {names.short_card_name(game, slot[0])}" if slot else "")
        colour = str(game.cat.persons[action.card].colour)
        return f"Play Person {names.card_name(game, action.card)} into {where}{playing_gives(game, p, colour)}"

    def detail(self, game: Table, top: Pending | None, action: PlayPerson) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        colour = str(game.cat.persons[action.card].colour)
        return f"{person_detail(game, action.card)} {playing_detail(game, p, colour)}"


def person_detail(game: Table, card: str) -> str:
    c = game.cat.persons[card]
    return f"{c.name}: {c.text} ({c.timing} phase; {c.prestige} Prestige)"


def building_detail(game: Table, card: str) -> str:
    b = game.cat.buildings[card]
    return f"{b.name}: {b.text} ({b.prestige} Prestige)"  # the action's own words name the cost


@rule
class PlayBuildingRule(ActionRule[PlayBuilding]):
    """Play a Building Card: pay its cost and place it beside the colony."""

    action = PlayBuilding
    entry = R.PLAY_BUILDING

    def candidates(self, game: Table, top: Pending) -> list[PlayBuilding]:
        p = game.s.players[top.seat]
        return [PlayBuilding(c) for c in dict.fromkeys(p.hand) if c in game.cat.buildings]

    def legal(self, game: Table, top: Pending) -> list[PlayBuilding]:
        p = game.s.players[top.seat]
        buildings = game.cat.buildings
        return [new_play_building(c) for c in dict.fromkeys(p.hand) if c in buildings and can_build(game, p, c)]

    def check(self, game: Table, top: Pending, action: PlayBuilding) -> Refusal | None:
        p = game.s.players[top.seat]
        refusal = _in_hand(game, p, action.card, game.cat.buildings, "Building", R.PLAY_BUILDING)
        return refusal or _cost_reason(p, cost_of(game.cat.buildings[action.card].cost), R.PLAY_BUILDING)

    def apply(self, game: Table, top: Pending, action: PlayBuilding) -> None:
        play_building(game, game.s.players[top.seat], action.card, cost_of(game.cat.buildings[action.card].cost))

    def words(self, game: Table, top: Pending | None, action: PlayBuilding) -> str:
        b = game.cat.buildings[action.card]
        p = game.s.players[top.seat if top is not None else 0]
        cost = cost_of(b.cost)
        return (f"Build {names.card_name(game, action.card)} for {names.cost_words(cost)}"
                f"{playing_gives(game, p, str(b.colour), cost)}")

    def detail(self, game: Table, top: Pending | None, action: PlayBuilding) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        colour = str(game.cat.buildings[action.card].colour)
        return f"{building_detail(game, action.card)} {playing_detail(game, p, colour)}"


@rule
class BuildStructureRule(ActionRule[BuildStructure]):
    """Construct a Colony Structure: a Dock Hut or an Insula for its site's cost, one resource less
    with a free Colonist put to work there."""

    action = BuildStructure
    entry = R.CONSTRUCT

    def candidates(self, game: Table, top: Pending) -> list[BuildStructure]:
        table = _site_discounts(game.cat)
        out = []
        for site in game.cat.colony_board.sites:
            size = sum(site.cost.values())
            for colonist in (False, True):
                out += [BuildStructure(site.id, colonist, unpaid)
                        for unpaid, _ in table[(site.id, min(size, int(colonist)))]]
        return out

    def legal(self, game: Table, top: Pending) -> list[BuildStructure]:
        return list(_structure_actions(game, game.s.players[top.seat]))

    def check(self, game: Table, top: Pending, action: BuildStructure) -> Refusal | None:
        p = game.s.players[top.seat]
        site = next((x for x in game.cat.colony_board.sites if x.id == action.site), None)
        if site is None:
            return Refusal(f"there is no site {action.site}", R.CONSTRUCT)
        if action.site in p.structures:
            return Refusal("that site is already built", R.CONSTRUCT)
        if action.colonist and p.free_colonists < 1:
            return Refusal("no free Colonist to employ at the site", R.CONSTRUCT)
        k = min(sum(site.cost.values()), int(action.colonist))
        left = dict(_site_discounts(game.cat)[(site.id, k)]).get(tuple(action.unpaid))
        if left is None:
            return Refusal("a Colonist at the site leaves exactly one resource of its cost unpaid, none without",
                           R.CONSTRUCT)
        return None if can_pay(p, left) else Refusal("you cannot pay that cost", R.CONSTRUCT)

    def apply(self, game: Table, top: Pending, action: BuildStructure) -> None:
        build_structure(game, game.s.players[top.seat], action.site, action.colonist, action.unpaid)

    def words(self, game: Table, top: Pending | None, action: BuildStructure) -> str:
        site = next(s for s in game.cat.colony_board.sites if s.id == action.site)
        cost = cost_of(site.cost)
        for r in action.unpaid:
            cost[r] -= 1
        text = f"Build {names.site_name(game, action.site)} for {names.cost_words(cost)}"
        if action.colonist:
            text += f" (a Colonist works there instead of {names.units(action.unpaid)})"
        elif action.unpaid:
            text += f" ({names.units(action.unpaid)} unpaid)"
        return text


@rule
class EmployLuxuryRule(ActionRule[EmployLuxury]):
    """Employ Colonists for Luxury Production: two free Colonists on a production tile make one
    Luxury token (while the supply has one)."""

    action = EmployLuxury
    entry = R.LUXURY_PRODUCTION

    def candidates(self, game: Table, top: Pending) -> list[EmployLuxury]:
        return [EmployLuxury(i + 1) for i in range(len(game.s.players[top.seat].luxury_tiles))]

    def legal(self, game: Table, top: Pending) -> list[EmployLuxury]:
        cat = game.cat
        p = game.s.players[top.seat]
        if p.free_colonists < cat.colony_board.colonists_per_luxury:
            return []
        tiles = cat.luxury_production_tiles
        return [new_employ_luxury(i + 1) for i, tile in enumerate(p.luxury_tiles)
                if p.luxury_workers[i] == 0 and luxury_supply(game, tiles[tile].luxury) > 0]

    def check(self, game: Table, top: Pending, action: EmployLuxury) -> Refusal | None:
        cat = game.cat
        p = game.s.players[top.seat]
        need = cat.colony_board.colonists_per_luxury
        if not 1 <= action.space <= len(p.luxury_tiles):
            return Refusal(f"there is no production space {action.space}", R.LUXURY_PRODUCTION)
        if p.free_colonists < need:
            return Refusal(f"needs {need} free Colonists, you have {p.free_colonists}", R.LUXURY_PRODUCTION)
        if p.luxury_workers[action.space - 1]:
            return Refusal("that production tile is already worked this round", R.LUXURY_PRODUCTION)
        lux = cat.luxury_production_tiles[p.luxury_tiles[action.space - 1]].luxury
        if luxury_supply(game, lux) <= 0:
            return Refusal(f"no {lux} token is left in the supply", R.LUXURY_PRODUCTION)
        return None

    def apply(self, game: Table, top: Pending, action: EmployLuxury) -> None:
        cat = game.cat
        p = game.s.players[top.seat]
        i = action.space - 1
        need = cat.colony_board.colonists_per_luxury
        lux = cat.luxury_production_tiles[p.luxury_tiles[i]].luxury
        p.free_colonists -= need
        p.luxury_workers[i] = need
        p.luxuries[lux] += 1
        game.log("employ-luxury", p.seat, colonists=need, luxury=str(lux))

    def words(self, game: Table, top: Pending | None, action: EmployLuxury) -> str:
        cat = game.cat
        p = game.s.players[top.seat if top is not None else 0]
        lux = cat.luxury_production_tiles[p.luxury_tiles[action.space - 1]].luxury
        need = cat.colony_board.colonists_per_luxury
        return f"Employ {need} Colonists on production space {action.space}: {names.amount(1, str(lux))}"


def play_building(game: Table, p: PlayerState, card: str, cost: Mapping[str, int]) -> None:
    b = game.cat.buildings[card]
    pay(p, cost)
    p.hand.remove(card)
    p.buildings.append(card)
    game.log("play-building", p.seat, card=card, paid=dict(cost))
    card_played(game, p, b.colour)


def build_structure(game: Table, p: PlayerState, site_id: str, colonist: bool, unpaid: Iterable[str]) -> None:
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


# --- what a colony holds, for scoring -------------------------------------------------------------


def cards_in_colony(p: PlayerState) -> list[str]:
    """Every card the player has played: Persons, Buildings, Ships in dock or at sea, retired Ships."""
    persons = [c for slot in p.person_slots for c in slot]
    return persons + list(p.buildings) + [sh.card for sh in p.docks if sh is not None] + list(p.retired_ships)


def card_colour_counts(game: Table, p: PlayerState) -> dict[str, int]:
    """How many cards of each colour the player has in the colony (Shops not included)."""
    counts = {c: 0 for c in ("red", "blue", "yellow", "purple")}
    for card in cards_in_colony(p):
        counts[str(card_def(game, card).colour)] += 1
    return counts


def card_def(game: Table, card: str):  # type: ignore[no-untyped-def]
    """The catalogue entry of a Person, Building or Ship card id."""
    if card in game.cat.persons:
        return game.cat.persons[card]
    if card in game.cat.buildings:
        return game.cat.buildings[card]
    return game.cat.ships[card]
