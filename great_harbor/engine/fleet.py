"""Ships and ship cards: playing and retiring ships, crew, repairs, sending ships to trade;
and converting coins."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from . import card_hooks, colony, names, supply
from . import rule_ids as R
from .actions import (
    Action,
    ConvertCoins,
    EmployCrew,
    PlayShip,
    Repair,
    SendShip,
    UseConversion,
    new_conversion,
    new_convert,
    new_employ_crew,
    new_play_ship,
    new_repair,
    new_send,
)
from .errors import Refusal
from .rulebook import ActionRule, rule
from .state import DOCKED, LUXURIES, OUTBOUND, RESOURCES, STATS, Pending, PlayerState, ShipState

if TYPE_CHECKING:
    from great_harbor.data.models import ConversionGain

    from .table import Table


# --- ship statistics ------------------------------------------------------------------------------


def speed(game: Table, ship: ShipState) -> int:
    return game.cat.ships[ship.card].speed + ("speed" in ship.crew)


def hull(game: Table, ship: ShipState) -> int:
    return game.cat.ships[ship.card].hull


def cargo(game: Table, p: PlayerState, ship: ShipState) -> int:
    return game.cat.ships[ship.card].cargo + ("cargo" in ship.crew) + p.voyage_cargo.get(str(ship.dock), 0)


def strength(game: Table, p: PlayerState, ship: ShipState) -> int:
    value = game.cat.ships[ship.card].strength + ("strength" in ship.crew)
    value += sum(b.ship_strength(game, p, ship) for b in card_hooks.buildings(game, p))  # Dockyard Arsenal, ...
    return value + p.voyage_strength_all + p.voyage_strength.get(str(ship.dock), 0)


def ships(p: PlayerState) -> list[ShipState]:
    return [sh for sh in p.docks if sh is not None]


# --- govern actions -------------------------------------------------------------------------------


def conversion_actions_by_card(game: Table, p: PlayerState) -> list[UseConversion]:
    """Every Conversion card ``p`` can use now, with every choice it can take."""
    out: list[UseConversion] = []
    for card_id in game.s.conversions:
        card = game.cat.conversion_cards[card_id]
        if card_id in p.conversions_used or p.coins < card.coins:
            continue
        for choice in conversion_choices(game, p, card.gain.any_resource, card.gain.any_luxury):
            out.append(new_conversion(card_id, choice))
    return out


def conversion_choices(game: Table, p: PlayerState, any_resource: int, any_luxury: int) -> list[tuple[str, ...]]:
    """What a Conversion card lets ``p`` take: any basic resources (a full track too: the surplus
    pays its Prestige, as for every gain), a Luxury left in the supply, or nothing to choose."""
    if any_resource:
        return [tuple(c) for c in combinations_with_replacement(RESOURCES, any_resource)]
    if any_luxury:
        kinds = [x for x in LUXURIES if supply.luxury_supply(game, x) >= any_luxury]
        return [(x,) for x in kinds]
    return [()]


# --- the rules of the fleet ---------------------------------------------------------------------


def dock_order(game: Table, top: Pending) -> Callable[[Action], int]:
    """Actions by the dock they are about (a ship's crew, repair and sending are offered dock by dock)."""
    return lambda action: int(getattr(action, "dock", 0))


def _docked_ship(p: PlayerState, dock: int, rule: str) -> tuple[ShipState | None, Refusal | None]:
    sh = p.docks[dock - 1] if 1 <= dock <= len(p.docks) else None
    if sh is None:
        return None, Refusal(f"no ship in dock {dock}", rule)
    if sh.where != DOCKED:
        return None, Refusal("that ship is not docked", rule)
    return sh, None


def ship_detail(game: Table, card: str) -> str:
    sh = game.cat.ships[card]
    return (f"{sh.name}: speed {sh.speed}, strength {sh.strength}, cargo {sh.cargo}, hull {sh.hull}; "
            f"{sh.prestige} Prestige")


def can_launch(game: Table, p: PlayerState, card: str) -> bool:
    """Can ``p`` pay for the Ship card ``card`` (a ship card in hand)?"""
    return supply.can_pay(p, supply.card_cost(game, card))


def launches(p: PlayerState, cards: list[str]) -> list[PlayShip]:
    """The launches of the ship ``cards`` (in hand and paid for, in hand order): every card into
    every empty dock first, then those that retire a ship."""
    if not cards:  # the usual case: no ship in hand, or none paid for
        return []
    empty = [dock for dock, sh in enumerate(p.docks, start=1) if sh is None]
    retiring = [dock for dock, sh in enumerate(p.docks, start=1)
                if sh is not None and sh.where == DOCKED and sh.damage == 0]
    return [new_play_ship(c, d) for c in cards for d in empty] + [new_play_ship(c, d) for c in cards for d in retiring]


@rule
class PlayShipRule(ActionRule[PlayShip]):
    """Play a Ship Card: pay its cost and dock it in an empty dock, or retire a docked, repaired
    ship there (it still counts at the end)."""

    action = PlayShip
    entry = R.PLAY_SHIP

    def candidates(self, game: Table, top: Pending) -> list[PlayShip]:
        p = game.s.players[top.seat]
        docks = range(1, len(p.docks) + 1)
        return [PlayShip(c, d) for c in dict.fromkeys(p.hand) if c in game.cat.ships for d in docks]

    def legal(self, game: Table, top: Pending) -> list[PlayShip]:
        """Every card into every empty dock first, then the launches that retire a ship (so that the
        first match of "launch" never retires one by accident), each in hand order."""
        p = game.s.players[top.seat]
        return launches(p, [c for c in dict.fromkeys(p.hand) if c in game.cat.ships and can_launch(game, p, c)])

    def check(self, game: Table, top: Pending, action: PlayShip) -> Refusal | None:
        p = game.s.players[top.seat]
        if action.card not in p.hand:
            return Refusal("that card is not in your hand", R.PLAY_SHIP)
        if action.card not in game.cat.ships:
            return Refusal("that card is not a Ship card", R.PLAY_SHIP)
        if not 1 <= action.dock <= len(p.docks):
            return Refusal(f"there is no dock {action.dock}", R.PLAY_SHIP)
        old = p.docks[action.dock - 1]
        if old is not None and old.where != DOCKED:
            return Refusal("the ship in that dock is at sea; only a docked ship can be retired", R.RETIRE)
        if old is not None and old.damage:
            return Refusal("the ship in that dock must be fully repaired before it is retired", R.RETIRE)
        short = names.shortfall(p, supply.cost_of(game.cat.ships[action.card].cost))
        return Refusal("needs " + short, R.PLAY_SHIP) if short else None

    def apply(self, game: Table, top: Pending, action: PlayShip) -> None:
        play_ship(game, game.s.players[top.seat], action.card, action.dock, pay=True)

    def words(self, game: Table, top: Pending | None, action: PlayShip) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        card = game.cat.ships[action.card]
        cost = supply.cost_of(card.cost)
        text = f"Launch {names.card_name(game, action.card)} at dock {action.dock} for {names.cost_words(cost)}"
        old = p.docks[action.dock - 1]
        if old is not None:
            text += f", retiring {game.cat.ships[old.card].name}"
        return text + colony.playing_gives(game, p, str(card.colour), cost)

    def detail(self, game: Table, top: Pending | None, action: PlayShip) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        colour = str(game.cat.ships[action.card].colour)
        return f"{ship_detail(game, action.card)}. {colony.playing_detail(game, p, colour)}"


@rule
class EmployCrewRule(ActionRule[EmployCrew]):
    """Employ a Colonist as Crew on a Ship: a free Colonist beside Speed, Strength or Cargo (one
    each, never Hull) of a docked ship, up to its Hull."""

    action = EmployCrew
    entry = R.CREW

    def candidates(self, game: Table, top: Pending) -> list[EmployCrew]:
        return [EmployCrew(sh.dock, st) for sh in ships(game.s.players[top.seat]) for st in (*STATS, "hull")]

    def legal(self, game: Table, top: Pending) -> list[EmployCrew]:
        p = game.s.players[top.seat]
        if p.free_colonists < 1:
            return []
        return [new_employ_crew(sh.dock, st) for sh in ships(p) if sh.where == DOCKED and len(sh.crew) < hull(game, sh)
                for st in STATS if st not in sh.crew]

    def check(self, game: Table, top: Pending, action: EmployCrew) -> Refusal | None:
        p = game.s.players[top.seat]
        sh, refusal = _docked_ship(p, action.dock, R.CREW)
        if sh is None:
            return refusal
        if action.stat not in STATS:
            return Refusal("crew may sit beside Speed, Strength or Cargo, never Hull", R.CREW)
        if action.stat in sh.crew:
            return Refusal(f"that ship already has crew on {action.stat}", R.CREW)
        if p.free_colonists < 1:
            return Refusal("no free Colonist", R.CREW)
        if len(sh.crew) >= hull(game, sh):
            return Refusal("a ship carries no more crew than its Hull", R.CREW)
        return None

    def apply(self, game: Table, top: Pending, action: EmployCrew) -> None:
        p = game.s.players[top.seat]
        sh = p.docks[action.dock - 1]
        assert sh is not None
        p.free_colonists -= 1
        sh.crew.append(action.stat)
        game.log("crew", p.seat, ship=sh.card, stat=action.stat)

    def words(self, game: Table, top: Pending | None, action: EmployCrew) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        return f"Crew {names.ship_name(game, p, action.dock)}: +1 {action.stat.capitalize()}"


@rule
class RepairRule(ActionRule[Repair]):
    """Repair a Ship: one resource of any kind takes one Damage token off a docked ship."""

    action = Repair
    entry = R.REPAIR

    def candidates(self, game: Table, top: Pending) -> list[Repair]:
        return [Repair(sh.dock, r) for sh in ships(game.s.players[top.seat]) if sh.damage for r in RESOURCES]

    def legal(self, game: Table, top: Pending) -> list[Repair]:
        p = game.s.players[top.seat]
        return [new_repair(sh.dock, r) for sh in ships(p) if sh.where == DOCKED and sh.damage
                for r in RESOURCES if p.resources[r] >= 1]

    def check(self, game: Table, top: Pending, action: Repair) -> Refusal | None:
        p = game.s.players[top.seat]
        sh, refusal = _docked_ship(p, action.dock, R.REPAIR)
        if sh is None:
            return refusal
        if not sh.damage:
            return Refusal("that ship has no damage", R.REPAIR)
        if action.resource not in RESOURCES:
            return Refusal(f"{action.resource!r} is not a basic resource", R.REPAIR)
        if p.resources[action.resource] >= 1:
            return None
        return Refusal(f"you have no {str(action.resource).capitalize()}", R.REPAIR)

    def apply(self, game: Table, top: Pending, action: Repair) -> None:
        p = game.s.players[top.seat]
        sh = p.docks[action.dock - 1]
        assert sh is not None
        p.resources[action.resource] -= 1
        sh.damage -= 1
        game.log("repair", p.seat, ship=sh.card, resource=action.resource, damage=sh.damage)

    def words(self, game: Table, top: Pending | None, action: Repair) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        return f"Repair {names.ship_name(game, p, action.dock)} with {names.amount(1, action.resource)}"


@rule
class SendShipRule(ActionRule[SendShip]):
    """Send Ships to Trade: a docked ship whose damage is below its Hull sails out, facing right,
    into the first segment."""

    action = SendShip
    entry = R.SEND

    def candidates(self, game: Table, top: Pending) -> list[SendShip]:
        return [SendShip(sh.dock) for sh in ships(game.s.players[top.seat])]

    def legal(self, game: Table, top: Pending) -> list[SendShip]:
        return [new_send(sh.dock) for sh in ships(game.s.players[top.seat])
                if sh.where == DOCKED and sh.damage < hull(game, sh)]

    def check(self, game: Table, top: Pending, action: SendShip) -> Refusal | None:
        sh, refusal = _docked_ship(game.s.players[top.seat], action.dock, R.SEND)
        if sh is None:
            return refusal
        if sh.damage >= hull(game, sh):
            return Refusal("a ship with damage equal to its Hull cannot sail until repaired", R.DAMAGE_AND_HULL)
        return None

    def apply(self, game: Table, top: Pending, action: SendShip) -> None:
        p = game.s.players[top.seat]
        sh = p.docks[action.dock - 1]
        assert sh is not None
        send(game, p, sh)

    def words(self, game: Table, top: Pending | None, action: SendShip) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        return f"Send {names.ship_name(game, p, action.dock)} to trade"


@rule
class ConvertCoinsRule(ActionRule[ConvertCoins]):
    """Convert Coins: 2 coins buy 1 basic resource (on a full track, the surplus pays 1 Prestige, as
    for every gain)."""

    action = ConvertCoins
    entry = R.CONVERT

    def candidates(self, game: Table, top: Pending) -> list[ConvertCoins]:
        return [ConvertCoins(r) for r in RESOURCES]

    def legal(self, game: Table, top: Pending) -> list[ConvertCoins]:
        p = game.s.players[top.seat]
        if p.coins < game.cat.supply.convert_coins:
            return []
        return [new_convert(r) for r in RESOURCES]

    def check(self, game: Table, top: Pending, action: ConvertCoins) -> Refusal | None:
        p = game.s.players[top.seat]
        rate = game.cat.supply.convert_coins
        if action.resource not in RESOURCES:
            return Refusal(f"{action.resource!r} is not a basic resource", R.CONVERT)
        if p.coins < rate:
            return Refusal(f"needs {rate} coins, you have {p.coins}", R.CONVERT)
        return None

    def apply(self, game: Table, top: Pending, action: ConvertCoins) -> None:
        p = game.s.players[top.seat]
        rate = game.cat.supply.convert_coins
        p.coins -= rate
        items = supply.gain(game, p, {action.resource: 1})
        game.log("convert", p.seat, coins=rate, resource=action.resource, items=items)

    def words(self, game: Table, top: Pending | None, action: ConvertCoins) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        items = supply.Ledger(game, p).gain({action.resource: 1})
        gain = ", ".join(names.gain_words(game.cat, items))
        surplus = sum(i["n"] for i in items if i["k"] == "surplus")
        if surplus and not any(i["k"] == "res" and i["n"] for i in items):  # not "into 0 Rope (+1 over ...)"
            gain = f"{surplus} Prestige (the {str(action.resource).capitalize()} track is full)"
        text = f"Convert {names.coins(game.cat.supply.convert_coins)} into {gain}"
        return text + last_conversion_note(game, top, p, items)


@rule
class UseConversionRule(ActionRule[UseConversion]):
    """Convert Coins by a Conversion card: its coins for what it gives, each card once a turn."""

    action = UseConversion
    entry = R.CONVERT

    def candidates(self, game: Table, top: Pending) -> list[UseConversion]:
        out = []
        for card_id in game.s.conversions:
            g = game.cat.conversion_cards[card_id].gain
            if g.any_resource:
                choices = [tuple(c) for c in combinations_with_replacement(RESOURCES, g.any_resource)]
            elif g.any_luxury:
                choices = [(x,) for x in LUXURIES]
            else:
                choices = [()]
            out += [UseConversion(card_id, c) for c in choices]
        return out

    def legal(self, game: Table, top: Pending) -> list[UseConversion]:
        return conversion_actions_by_card(game, game.s.players[top.seat])

    def check(self, game: Table, top: Pending, action: UseConversion) -> Refusal | None:
        s = game.s
        p = s.players[top.seat]
        if action.card not in s.conversions:
            return Refusal("that Conversion card is not in play", R.CONVERT)
        if action.card in p.conversions_used:
            return Refusal("each Conversion card can be used once per turn", R.CONVERT)
        card = game.cat.conversion_cards[action.card]
        if p.coins < card.coins:
            return Refusal(f"needs {card.coins} coins, you have {p.coins}", R.CONVERT)
        if tuple(action.choice) in conversion_choices(game, p, card.gain.any_resource, card.gain.any_luxury):
            return None
        if card.gain.any_resource and action.choice:
            return Refusal(f"{card.name} gives {card.gain.any_resource} basic resources of your choice "
                           "(sails, rope, planks or metal)", R.CONVERT)
        if card.gain.any_luxury and action.choice:
            return Refusal("no such Luxury token is left in the supply", R.CONVERT)
        return Refusal(f"{card.name} needs you to choose what you take", R.CONVERT)

    def apply(self, game: Table, top: Pending, action: UseConversion) -> None:
        use_conversion(game, game.s.players[top.seat], action.card, action.choice)

    def words(self, game: Table, top: Pending | None, action: UseConversion) -> str:
        card = game.cat.conversion_cards[action.card]
        p = game.s.players[top.seat if top is not None else 0]
        items = conversion_items(card.gain, action.choice, supply.Ledger(game, p))
        words = ", ".join(names.gain_words(game.cat, items, before=True)) or "nothing"
        return f"Use {card.name}: {names.coins(card.coins)} for {words}" + last_conversion_note(game, top, p, items)


def conversion_items(g: ConversionGain, choice: tuple[str, ...], ledger: supply.Ledger) -> list[dict[str, Any]]:
    """What a Conversion card would give now (``choice``: the resources or Luxury taken), as the
    gain items :func:`use_conversion` returns."""
    items: list[dict[str, Any]] = []
    if g.prestige:
        items.append({"k": "prestige", "n": g.prestige})
    if g.favor:
        items.append({"k": "favor", "n": g.favor})
    if g.colonists:
        items.append(ledger.colonists(g.colonists))
    if g.smuggler:
        items.append({"k": "smuggler", "n": g.smuggler})
    if g.any_resource:
        gains: dict[str, int] = {}
        for r in choice:
            gains[r] = gains.get(r, 0) + 1
        items += ledger.gain(gains)
    if g.any_luxury:
        items += [{"k": "luxury", "x": x, "n": g.any_luxury} for x in choice]
    return items


def last_conversion_note(game: Table, top: Pending | None, p: PlayerState, items: list[dict[str, Any]]) -> str:
    """After the last voyage only the final score counts: a conversion that adds nothing to it
    (a Luxury, Favor, a resource short of a full track) says so."""
    if top is None or top.kind != "final_convert":
        return ""
    curia = any(game.cat.buildings[b].effect == "curia" for b in p.buildings)
    for item in items:
        k = item["k"]
        if k in ("prestige", "surplus", "smuggler") or (k == "colonists" and item["got"] and curia):
            return ""
    return " — scores nothing now"


def play_ship(game: Table, p: PlayerState, card_id: str, dock: int, pay: bool) -> None:
    card = game.cat.ships[card_id]
    cost = supply.cost_of(card.cost)
    if pay:
        supply.pay(p, cost)
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
    for b in card_hooks.buildings(game, p):  # the Fleetyard
        b.on_ship_played(game, p)


def send(game: Table, p: PlayerState, sh: ShipState) -> None:
    """Put the ship's meeple facing right in the first segment."""
    sh.position = free_position(game, p, 0, sh)
    sh.where = OUTBOUND
    sh.segment = 0
    game.log("send", p.seat, ship=sh.card)


def free_position(game: Table, p: PlayerState, segment: int, moving: ShipState) -> int:
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


def use_conversion(game: Table, p: PlayerState, card_id: str, choice: tuple[str, ...]) -> None:
    card = game.cat.conversion_cards[card_id]
    g = card.gain
    p.coins -= card.coins
    p.conversions_used.append(card_id)
    items: list[dict[str, Any]] = []
    if g.prestige:  # in the order conversion_items words them
        p.prestige += g.prestige
        items.append({"k": "prestige", "n": g.prestige})
    if g.favor:
        p.favor += g.favor
        items.append({"k": "favor", "n": g.favor})
    if g.colonists:
        items.append(supply.gain_colonists_item(game, p, g.colonists))
    if g.smuggler:
        p.smuggler += g.smuggler
        items.append({"k": "smuggler", "n": g.smuggler})
    if g.any_resource:
        gains: dict[str, int] = {}
        for r in choice:
            gains[r] = gains.get(r, 0) + 1
        items += supply.gain(game, p, gains)
    if g.any_luxury:
        for x in choice:
            p.luxuries[x] += g.any_luxury
            items.append({"k": "luxury", "x": x, "n": g.any_luxury})
    game.log("conversion", p.seat, card=card_id, coins=card.coins, items=items)
