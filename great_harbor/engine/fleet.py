"""Ships and ship cards: playing and retiring ships, crew, repairs, sending ships to trade;
and converting coins."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from . import colony
from .actions import Action, ConvertCoins, EmployCrew, PlayShip, Repair, SendShip, UseConversion
from .state import DOCKED, LUXURIES, OUTBOUND, RESOURCES, STATS, Pending, PlayerState, ShipState

if TYPE_CHECKING:
    from .game import Game


# --- ship statistics ------------------------------------------------------------------------------


def speed(game: Game, ship: ShipState) -> int:
    return game.cat.ships[ship.card].speed + ("speed" in ship.crew)


def hull(game: Game, ship: ShipState) -> int:
    return game.cat.ships[ship.card].hull


def cargo(game: Game, p: PlayerState, ship: ShipState) -> int:
    return game.cat.ships[ship.card].cargo + ("cargo" in ship.crew) + p.voyage_cargo.get(str(ship.dock), 0)


def strength(game: Game, p: PlayerState, ship: ShipState) -> int:
    card = game.cat.ships[ship.card]
    value = card.strength + ("strength" in ship.crew)
    if p.building_workers.get("building-3") and card.size == "small":  # Dockyard Arsenal
        value += 1
    if p.building_workers.get("building-4") and ship.crew:  # Warship Foundry
        value += 1
    return value + p.voyage_strength_all + p.voyage_strength.get(str(ship.dock), 0)


def ships(p: PlayerState) -> list[ShipState]:
    return [sh for sh in p.docks if sh is not None]


# --- govern actions -------------------------------------------------------------------------------


def govern_actions(game: Game, p: PlayerState) -> list[Action]:
    cat = game.cat
    out: list[Action] = []
    for card in dict.fromkeys(p.hand):
        if card.startswith("ship-") and colony.can_pay(p, colony.cost_of(cat.ships[card].cost)):
            for dock, sh in enumerate(p.docks, start=1):
                if sh is None or (sh.where == DOCKED and sh.damage == 0):
                    out.append(PlayShip(card, dock))
    for sh in ships(p):
        if sh.where != DOCKED:
            continue
        h = hull(game, sh)
        if p.free_colonists >= 1 and len(sh.crew) < h:
            out += [EmployCrew(sh.dock, st) for st in STATS if st not in sh.crew]
        if sh.damage:
            out += [Repair(sh.dock, r) for r in RESOURCES if p.resources[r] >= 1]
        if sh.damage < h:
            out.append(SendShip(sh.dock))
    out += conversion_actions(game, p)
    return out


def conversion_actions(game: Game, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    rate = game.cat.supply.convert_coins
    if p.coins >= rate:
        # Coins buy only what the track can hold (see the engine rulings: no surplus Prestige
        # from converting coins).
        room = room_on_tracks(game, p)
        out += [ConvertCoins(r) for r in RESOURCES if room[r] >= 1]
    for card_id in game.s.conversions:
        card = game.cat.conversion_cards[card_id]
        if card_id in p.conversions_used or p.coins < card.coins:
            continue
        for choice in conversion_choices(game, p, card.gain.any_resource, card.gain.any_luxury):
            out.append(UseConversion(card_id, choice))
    return out


def room_on_tracks(game: Game, p: PlayerState) -> dict[str, int]:
    top = game.cat.colony_board.resource_max
    return {r: top - p.resources[r] for r in RESOURCES}


def conversion_choices(game: Game, p: PlayerState, any_resource: int, any_luxury: int) -> list[tuple[str, ...]]:
    if any_resource:
        room = room_on_tracks(game, p)
        return [
            tuple(c) for c in combinations_with_replacement(RESOURCES, any_resource)
            if all(c.count(r) <= room[r] for r in set(c))
        ]
    if any_luxury:
        kinds = [x for x in LUXURIES if colony.luxury_supply(game, x) >= any_luxury]
        return [(x,) for x in kinds]
    return [()]


def apply(game: Game, top: Pending, action: Action) -> None:
    p = game.s.players[top.seat]
    cat = game.cat
    if isinstance(action, PlayShip):
        play_ship(game, p, action.card, action.dock, pay=True)
    elif isinstance(action, EmployCrew):
        sh = p.docks[action.dock - 1]
        assert sh is not None
        p.free_colonists -= 1
        sh.crew.append(action.stat)
        game.log("crew", p.seat, ship=sh.card, stat=action.stat)
    elif isinstance(action, Repair):
        sh = p.docks[action.dock - 1]
        assert sh is not None
        p.resources[action.resource] -= 1
        sh.damage -= 1
        game.log("repair", p.seat, ship=sh.card, resource=action.resource, damage=sh.damage)
    elif isinstance(action, SendShip):
        sh = p.docks[action.dock - 1]
        assert sh is not None
        send(game, p, sh)
    elif isinstance(action, ConvertCoins):
        p.coins -= cat.supply.convert_coins
        colony.gain_resources(game, p, {action.resource: 1})
        game.log("convert", p.seat, coins=cat.supply.convert_coins, resource=action.resource)
    elif isinstance(action, UseConversion):
        use_conversion(game, p, action.card, action.choice)


def play_ship(game: Game, p: PlayerState, card_id: str, dock: int, pay: bool) -> None:
    card = game.cat.ships[card_id]
    cost = colony.cost_of(card.cost)
    if pay:
        colony.pay(p, cost)
    if card_id in p.hand:
        p.hand.remove(card_id)
    old = p.docks[dock - 1]
    retired = ""
    if old is not None:
        game.s.colonist_supply += len(old.crew)
        p.retired_ships.append(old.card)
        retired = old.card
    p.docks[dock - 1] = ShipState(card=card_id, dock=dock)
    if card.size == "medium":
        p.medium_ships_built += 1
    game.log("launch", p.seat, card=card_id, dock=dock, paid=dict(cost) if pay else None, retired=retired)
    colony.card_played(game, p, card.colour)
    if "building-13" in p.buildings:  # Fleetyard
        p.favor += 2
        game.resolved("building-13")
        game.log("fleetyard", p.seat, favor=2)


def send(game: Game, p: PlayerState, sh: ShipState) -> None:
    """Put the ship's meeple facing right in the first segment."""
    sh.position = free_position(game, p, 0, sh)
    sh.where = OUTBOUND
    sh.segment = 0
    game.log("send", p.seat, ship=sh.card)


def free_position(game: Game, p: PlayerState, segment: int, moving: ShipState) -> int:
    """A ship joins its owner's right-facing ship in the segment, else the lowest empty position."""
    taken: set[int] = set()
    for other in game.s.players:
        for sh in ships(other):
            if sh is not moving and sh.where == OUTBOUND and sh.segment == segment:
                if other.seat == p.seat:
                    return sh.position
                taken.add(sh.position)
    pos = 0
    while pos in taken:
        pos += 1
    return pos


def use_conversion(game: Game, p: PlayerState, card_id: str, choice: tuple[str, ...]) -> None:
    card = game.cat.conversion_cards[card_id]
    g = card.gain
    p.coins -= card.coins
    p.conversions_used.append(card_id)
    items: list[dict[str, Any]] = []
    if g.prestige:
        p.prestige += g.prestige
        items.append({"k": "prestige", "n": g.prestige})
    if g.favor:
        p.favor += g.favor
        items.append({"k": "favor", "n": g.favor})
    if g.colonists:
        got = colony.gain_colonists(game, p, g.colonists)
        items.append({"k": "colonists", "got": got, "wanted": g.colonists})
    if g.smuggler:
        p.smuggler += g.smuggler
        items.append({"k": "smuggler", "n": g.smuggler})
    if g.any_resource:
        gains: dict[str, int] = {}
        for r in choice:
            gains[r] = gains.get(r, 0) + 1
        colony.gain_resources(game, p, gains)
        items += [{"k": "res", "r": r, "n": n} for r, n in gains.items()]
    if g.any_luxury:
        for x in choice:
            p.luxuries[x] += g.any_luxury
            items.append({"k": "luxury", "x": x, "n": g.any_luxury})
    game.log("conversion", p.seat, card=card_id, coins=card.coins, items=items)
