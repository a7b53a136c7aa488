"""The Voyage phase: pirates revealed segment by segment, battles against the cumulative pirate
strength, trading or sailing on; and the sail-back at the end of the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import card_hooks, fleet, names, seats
from . import rule_ids as R
from .actions import SailOn, Trade, new_sail_on, new_trade
from .choices import continuation, offer
from .errors import Refusal
from .options import DemandOption, DockOption
from .rulebook import ActionRule, rule
from .state import DOCKED, LUXURIES, OUTBOUND, RETURNING, Pending, PlayerState, ShipState

if TYPE_CHECKING:
    from .table import Table


def start(game: Table) -> None:
    s = game.s
    for p in s.players:
        seats.controller(p).before_voyage(game, p)  # the Automa sends out every docked ship
    s.voyage.segment = -1
    s.voyage.queue = []
    s.voyage.corsair_asked = []
    if not any(sh.where == OUTBOUND for p in s.players for sh in fleet.ships(p)):
        game.log("voyage.none")
    else:
        game.log("voyage.start")


def outbound(game: Table, segment: int) -> list[tuple[PlayerState, ShipState]]:
    return [
        (p, sh) for p in game.s.players for sh in fleet.ships(p) if sh.where == OUTBOUND and sh.segment == segment
    ]


def pirate_total(game: Table, p: PlayerState) -> int:
    """Strength of every Pirate card revealed in this Voyage phase (less one a Diplomat ignores)."""
    total = 0
    for card in game.s.pirates:
        if card and card != p.voyage_ignored_pirate:
            total += game.cat.pirates[card].strength
    return total


def step(game: Table) -> bool:
    """One automatic step of the Voyage phase. False once the phase is over."""
    s = game.s
    v = s.voyage
    if v.queue:
        group_pos = min(e[2] for e in v.queue)
        group = [e for e in v.queue if e[2] == group_pos]
        if len(group) > 1 and seats.controller(s.players[group[0][0]]).orders_own_ships:
            offer_order = [str(e[1]) for e in group]
            game.push("ship_order", group[0][0], docks=offer_order)
            return True
        entry = group[0]
        v.queue.remove(entry)
        battle(game, entry[0], entry[1])
        return True
    segment = next(
        (i for i in range(len(s.pirates)) if not s.pirates[i] and outbound(game, i)),
        None,
    )
    if segment is None:
        v.segment = -1
        return False
    # Before a Pirate card is revealed, an owner of an unused Corsair may use it.
    for seat in _voyage_order(game):
        p = s.players[seat]
        if seat in v.corsair_asked:
            continue
        v.corsair_asked.append(seat)
        if _corsair_ready(game, p):
            game.push("corsair", seat, segment=segment)
            return True
    v.corsair_asked = []
    reveal_pirate(game, segment)
    v.segment = segment
    v.queue = sorted(([p.seat, sh.dock, sh.position] for p, sh in outbound(game, segment)), key=lambda e: e[2])
    return True


def _voyage_order(game: Table) -> list[int]:
    s = game.s
    return [(s.anchor + i) % s.seats for i in range(s.seats)]


def askers_before_reveal(game: Table, p: PlayerState) -> list[str]:
    """The Persons of ``p``'s (the Corsair) whose use must be offered before the next reveal."""
    if not seats.controller(p).decides:
        return []
    return [c.id for c in card_hooks.persons(game, p) if c.asks_before_reveal(game, p)]


def _corsair_ready(game: Table, p: PlayerState) -> bool:
    return bool(askers_before_reveal(game, p))


def reveal_pirate(game: Table, segment: int) -> None:
    s = game.s
    if not s.pirate_deck:
        s.pirate_deck = s.pirate_discard
        s.pirate_discard = []
        game.shuffle(s.pirate_deck)
        game.log("pirates.reshuffled")
    game.reveal()
    card = s.pirate_deck.pop(0)
    s.pirates[segment] = card
    total = sum(game.cat.pirates[c].strength for c in s.pirates if c)
    game.log("pirate", segment=segment, card=card, total=total)


def battle(game: Table, seat: int, dock: int) -> None:
    p = game.s.players[seat]
    sh = p.docks[dock - 1]
    assert sh is not None
    total = pirate_total(game, p)
    if seats.controller(p).fights_alone(game, p, sh, total):  # the Automa
        return
    power = fleet.strength(game, p, sh)
    # The Pirate a Diplomat leaves out of this seat's battles, said with each of them.
    ignored = p.voyage_ignored_pirate
    left_out: dict[str, Any] = {"ignored": ignored} if ignored and ignored in game.s.pirates else {}
    if power < total:
        sh.damage += 1
        game.log("battle.lost", seat=seat, ship=sh.card, strength=power, pirates=total, damage=1, **left_out)
        turn_back(game, sh, sh.segment)
        return
    game.log("battle.won", seat=seat, ship=sh.card, strength=power, pirates=total, **left_out)
    game.push("voyage_choice", seat, dock=dock, segment=sh.segment)


def turn_back(game: Table, sh: ShipState, segment: int) -> None:
    sh.where = RETURNING
    sh.sail_back = game.cat.trade_board.segments[segment].sail_back_start
    sh.segment = -1
    sh.position = -1


# --- the decisions of the Voyage phase -------------------------------------------------------------


def _ship_choice(game: Table, top: Pending, dock: int) -> Refusal | None:
    if top.kind != "voyage_choice" or dock != top.data.dock:
        return Refusal(f"the ship to decide for is in dock {top.data.dock}", R.BATTLES)
    return None


@rule
class TradeRule(ActionRule[Trade]):
    """Trade: a ship that beat the pirates trades where it is (coins by Cargo, Prestige, a Luxury
    demand met for the Prestige again), then turns for home."""

    action = Trade
    entry = R.TRADE

    def legal(self, game: Table, top: Pending) -> list[Trade]:
        return [new_trade(top.data.dock)]

    def check(self, game: Table, top: Pending, action: Trade) -> Refusal | None:
        return _ship_choice(game, top, action.dock)

    def apply(self, game: Table, top: Pending, action: Trade) -> None:
        game.pop()
        p = game.s.players[top.seat]
        sh = p.docks[top.data.dock - 1]
        assert sh is not None
        trade(game, p, sh)

    def words(self, game: Table, top: Pending | None, action: Trade) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        sh = p.docks[action.dock - 1]
        if sh is None:
            return f"Trade with the ship at dock {action.dock}"
        seg = game.cat.trade_board.segments[sh.segment]
        c = fleet.cargo(game, p, sh)
        return (f"Trade with {names.ship_name(game, p, action.dock)} in segment {sh.segment + 1}: "
                f"{names.coins(c * seg.coins)} (cargo {c} x {seg.coins}), {seg.prestige} Prestige")


@rule
class SailOnRule(ActionRule[SailOn]):
    """Sail on: a ship that beat the pirates goes on to the next segment (never past the third)."""

    action = SailOn
    entry = R.BATTLES

    def candidates(self, game: Table, top: Pending) -> list[SailOn]:
        return [new_sail_on(top.data.dock)]

    def check(self, game: Table, top: Pending, action: SailOn) -> Refusal | None:
        refusal = _ship_choice(game, top, action.dock)
        if refusal:
            return refusal
        if top.data.segment >= len(game.s.pirates) - 1:
            return Refusal("the third segment is as far as ships sail: trade there", R.BATTLES)
        return None

    def apply(self, game: Table, top: Pending, action: SailOn) -> None:
        game.pop()
        p = game.s.players[top.seat]
        sh = p.docks[top.data.dock - 1]
        assert sh is not None
        sh.segment += 1
        sh.position = fleet.free_position(game, p, sh.segment, sh)
        game.log("sail-on", p.seat, ship=sh.card, segment=sh.segment)

    def words(self, game: Table, top: Pending | None, action: SailOn) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        sh = p.docks[action.dock - 1]
        nxt = (sh.segment + 2) if sh is not None else 0
        return f"Sail {names.ship_name(game, p, action.dock)} on to segment {nxt}"


def ship_order_options(game: Table, top: Pending) -> list[str]:
    """The ships (docks) sharing a position, of which the owner says which resolves first."""
    return list(top.data.docks)


def resolve_first(game: Table, top: Pending, option: str) -> None:
    """The owner's ship in dock ``option`` (its code) fights first."""
    s = game.s
    game.pop()
    dock = DockOption.parse(option).dock
    entry = next(e for e in s.voyage.queue if e[0] == top.seat and e[1] == dock)
    s.voyage.queue.remove(entry)
    battle(game, top.seat, dock)


def trade(game: Table, p: PlayerState, sh: ShipState) -> None:
    segment = sh.segment
    seg = game.cat.trade_board.segments[segment]
    c = fleet.cargo(game, p, sh)
    coins = c * seg.coins
    p.coins += coins
    p.prestige += seg.prestige
    game.log("trade", p.seat, ship=sh.card, segment=segment, coins=coins, cargo=c, segment_coins=seg.coins,
             prestige=seg.prestige)
    turn_back(game, sh, segment)
    for b in card_hooks.buildings(game, p):  # the Customs Office
        b.after_trade(game, p)
    options = demand_options(game, p, segment)
    if options:
        # The trade itself paid the segment's Prestige: a demand met pays it once more (not "again",
        # which read as a second delivery on the first).
        prestige = game.cat.trade_board.segments[segment].prestige
        offer(game, p.seat, "voyage.demand", options,
              f"meet a Luxury demand here too, for {prestige} more Prestige?",
              optional=True, segment=segment)


def demand_options(game: Table, p: PlayerState, segment: int) -> list[DemandOption]:
    out = []
    for tile in game.s.demands[segment]:
        wanted = str(game.cat.luxury_demand_tiles[tile].luxury)
        kinds = [x for x in LUXURIES if p.luxuries[x] > 0 and (p.voyage_any_luxury or x == wanted)]
        out += [DemandOption(tile, x) for x in kinds]
    return list(dict.fromkeys(out))


@continuation("voyage.demand", DemandOption)
def meet_demand(game: Table, top: Pending, option: DemandOption | None) -> None:
    if option is None:
        return
    p = game.s.players[top.seat]
    tile, luxury = option.tile, option.luxury
    segment = int(top.data.segment)
    p.luxuries[luxury] -= 1
    game.s.demands[segment].remove(tile)
    game.s.demand_pool.append(tile)
    prestige = game.cat.trade_board.segments[segment].prestige
    p.prestige += prestige
    game.log("demand", p.seat, luxury=luxury, prestige=prestige)


def sail_back(game: Table) -> None:
    """End of turn step 1: returning ships move their Speed toward the harbor."""
    for p in game.s.players:
        for sh in fleet.ships(p):
            if sh.where == RETURNING:
                sh.sail_back -= fleet.speed(game, sh)
                if sh.sail_back <= 0:
                    dock_ship(game, p, sh)
                else:  # said too (the Automa's ships sailed home without a line)
                    game.log("sails-home", seat=p.seat, ship=sh.card, left=sh.sail_back)


def dock_ship(game: Table, p: PlayerState, sh: ShipState) -> None:
    sh.where = DOCKED
    sh.sail_back = 0
    sh.segment = -1
    sh.position = -1
    repaired = f"dock-hut-{sh.dock}" in p.structures and sh.damage > 0
    if repaired:
        sh.damage = 0
    game.log("docked", seat=p.seat, ship=sh.card, dock=sh.dock, repaired=repaired)
