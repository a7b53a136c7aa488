"""A heuristic player for headless games: :func:`choose` picks an action for the pending seat.

It plays like a careful human: it scores every legal option in Prestige equivalents (PE) with
small hand-written estimates and takes the best. It reads only what that seat may know (the
public board, its own hand, how many of each Pirate card are still unseen); it never clones the
game or looks at the order of a deck, so it cannot cheat.

The estimates, in short: resources are worth what they bring toward the projects in reach (cards
in hand and colony structures, best value per resource first); a Ship is worth its Prestige plus
the voyages it can still make, a voyage is worth the odds of beating the Pirates still in the
deck; cards drawn blind are worth the average of the cards not yet seen. Ships sail once every
die is placed and every useful govern action is done; the turn ends when nothing is worth doing.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from itertools import combinations
from typing import Any, NamedTuple

from great_harbor.engine import (
    Action,
    Game,
    card_hooks,
    choices,
    colony,
    effects,
    fleet,
    harbor,
    senate,
    supply,
    voyage,
)
from great_harbor.engine import actions as act
from great_harbor.engine.cards.buildings import MarketSquare
from great_harbor.engine.cards.persons import Architect, FarCaptain, Praetor
from great_harbor.engine.game import SeatView
from great_harbor.engine.options import DockOption, Plain, StructureOption, TracksOption
from great_harbor.engine.state import (
    DOCKED,
    OUTBOUND,
    RESOURCES,
    RETURNING,
    Pending,
    PlayerState,
    ShipState,
    die_colour,
)
from great_harbor.engine.supply import current_bonus_mapping

# --- what things are worth, in Prestige equivalents -----------------------------------------------
COIN = 0.45  # 2 coins buy a resource, or 1 Prestige once a resource track is full
FAVOR = 0.45
SMUGGLER = 1.0  # 1 Prestige at the end unless spent
MARKER = 0.5  # an Activation marker used up (2 Favor take it back)
DAMAGE = 0.8  # a resource and an action to repair
SHIP_TURN = 1.0  # a ship's use for one turn
EMPLOY = 0.2  # a colonist away from housing until the round ends (domestic growth lost)
SPARE = 0.3  # a resource no project needs
DONE = 0.9  # a project the resources already cover, until it is built
EPS = 0.05  # smaller gains are not worth an action


class Boat(NamedTuple):
    """The statistics of a ship, real or imagined, that decide a voyage."""

    strength: int
    cargo: int
    speed: int
    hut: bool  # a Dock Hut repairs it when it comes home


class Mind:
    """Everything one decision needs to know about one seat, computed once per decision."""

    def __init__(self, game: Game, seat: int) -> None:
        self.g = game
        self.s = game.s
        self.cat = game.cat
        self.p: PlayerState = game.s.players[seat]
        per_round = self.cat.supply.turns_per_round
        played = (self.s.round - 1) * per_round + (self.s.turn == "B")
        self.turns_left = self.cat.supply.rounds * per_round - played  # this turn included
        self.tf = min(1.0, (self.turns_left - 1) / 4)  # how much the turns after this one still count
        self.voyages = 0.5 + 0.4 * (self.turns_left - 1)  # voyages a ship in dock can still make
        # Per-decision caches: every estimate below is a pure function of the state this Mind
        # reads, so remembering it changes no decision (it only saves the work of repeating it).
        self._tiles: dict[tuple[str, int], float] = {}
        self._cards: dict[str, float] = {}
        self._odds: list[tuple[int, float]] | None = None
        self._memo: dict[tuple[Any, ...], Any] = {}
        self.projects = self._projects()
        self.base = self.resource_worth(self.p.resources, self.projects)

    # --- resources and projects -----------------------------------------------------------------

    def _projects(self) -> list[tuple[str, dict[str, int], float]]:
        """What resources are for: Buildings and Ships in hand, unbuilt Dock Huts and Insulae."""
        out = []
        for card in dict.fromkeys(self.p.hand):
            if card.startswith("building-"):
                out.append((card, supply.cost_of(self.cat.buildings[card].cost), self.building_worth(card)))
            elif card.startswith("ship-"):
                out.append((card, supply.cost_of(self.cat.ships[card].cost), self.ship_card_worth(card)))
        for site in self.cat.colony_board.sites:
            if site.id not in self.p.structures:
                out.append((site.id, supply.cost_of(site.cost), self.structure_worth(site.id)))
        return out

    def resource_worth(self, res: Mapping[str, int], projects: list[tuple[str, dict[str, int], float]]) -> float:
        """Best value per resource first: projects paid in full count almost whole, the next three
        by the share already gathered (only while turns remain); spare resources count a little."""
        names = tuple(x[0] for x in projects)  # a project's cost and value are fixed within a decision
        key = ("resources", tuple(res.items()), names)
        if key in self._memo:
            return self._memo[key]  # type: ignore[no-any-return]
        order = self._memo.get(("order", names))
        if order is None:
            order = self._memo[("order", names)] = sorted(projects, key=lambda x: -x[2] / max(1, sum(x[1].values())))
        left = dict(res)
        total = 0.0
        partial = 0
        for _, cost, value in order:
            if value <= 0:
                continue
            if all(left[r] >= n for r, n in cost.items()):
                total += DONE * value
                for r, n in cost.items():
                    left[r] -= n
            elif partial < 3 and self.tf > 0:
                partial += 1
                size = sum(cost.values())
                covered = 0
                for r, n in cost.items():
                    c = min(left[r], n)
                    covered += c
                    left[r] -= c
                total += value * self.tf * (0.15 + 0.5 * covered / size)
        self._memo[key] = worth = total + SPARE * self.tf * sum(left.values())
        return worth

    def gain_worth(self, gains: Mapping[str, int]) -> float:
        top = self.cat.colony_board.resource_max
        res = dict(self.p.resources)
        surplus = 0.0
        for r, n in gains.items():
            if res[r] + n > top:
                surplus = 1.0
            res[r] = min(top, res[r] + n)
        return self.resource_worth(res, self.projects) - self.base + surplus

    def spend_worth(self, cost: Mapping[str, int], done: str = "") -> float:
        """What paying ``cost`` loses, the project ``done`` (now built) no longer counted."""
        res = dict(self.p.resources)
        for r, n in cost.items():
            res[r] -= n
        rest = [x for x in self.projects if x[0] != done]
        return self.base - self.resource_worth(res, rest)

    def colonists_worth(self, n: int) -> float:
        room = supply.housing_capacity(self.g, self.p) - self.p.free_colonists
        each = 0.25 + 0.45 * self.tf + (0.5 if "building-20" in self.p.buildings else 0)
        return each * max(0, min(n, room, self.s.colonist_supply))

    # --- cards ------------------------------------------------------------------------------------

    def play_bonus(self, colour: str) -> float:
        """What playing any card of ``colour`` adds: a Senate step, the Dice Color Bonus at the
        second card, a Governor pair."""
        key = ("play_bonus", colour)
        if key in self._memo:
            return self._memo[key]  # type: ignore[no-any-return]
        v = self.senate_step_worth(colour)
        if self.p.played_colours[colour] == 1:
            v += 0.2 * (self.turns_left - 1)
        a, b = (str(c) for c in self.cat.governors[self.p.governor].colours)
        if colour in (a, b):
            counts = self.p.played_colours
            other = b if colour == a else a
            v += 1.0 if counts[colour] < counts[other] else 0.3
        self._memo[key] = v
        return v

    def senate_step_worth(self, colour: str, steps: int = 1) -> float:
        key = ("senate", colour, steps)
        if key in self._memo:
            return self._memo[key]  # type: ignore[no-any-return]
        pos = self.p.senate[colour]
        top = senate.top_space(self.g)
        v = 0.0
        for step in range(1, steps + 1):
            if pos + step > top:
                break
            v += 0.1
            track = next(t for t in self.cat.senate.tracks if t.colour == colour)
            bonuses = [sp.bonus for sp in track.spaces if sp.space == pos + step]
            for i, br in enumerate(self.cat.senate.bridges):
                other = br.tracks[1] if br.tracks[0] == colour else br.tracks[0]
                if (colour in br.tracks and i not in self.p.senate_bridges and br.space == pos + step
                        and self.p.senate[other] >= br.space):
                    bonuses.append(br.bonus)
            for bo in bonuses:
                v += bo.prestige + COIN * bo.coins + 0.5 * bo.resource + self.colonists_worth(bo.colonists)
        self._memo[key] = v
        return v

    def person_worth(self, card: str) -> float:
        if not colony.person_slot_options(self.g, self.p, card):
            return 0.0
        c = self.cat.persons[card]
        use = PERSON_USE.get(card, 0.5) * (1 if self.turns_left > 1 else 0.3)
        return c.prestige + self.play_bonus(str(c.colour)) + use

    def building_worth(self, card: str) -> float:
        key = ("building", card)
        if key not in self._memo:
            self._memo[key] = self._building_worth(card)
        return self._memo[key]  # type: ignore[no-any-return]

    def _building_worth(self, card: str) -> float:
        b = self.cat.buildings[card]
        rounds = (self.turns_left + 1) // 2
        p = self.p
        v = b.prestige + self.play_bonus(str(b.colour))
        if card == "building-5":
            v += p.medium_ships_built + 0.1 * self.turns_left
        elif card == "building-10":
            v += (len(p.buildings) + 1 + 0.2 * self.turns_left) / 2
        elif card == "building-15":
            v += (len(p.structures) + 0.3 * self.turns_left) / 2
        elif card == "building-20":
            v += (supply.colonists_in_colony(p) + 0.3 * self.turns_left) / 2
        else:
            v += BUILDING_USE.get(card, 0.0) * rounds
        return v

    def ship_card_worth(self, card: str, replaced: ShipState | None = None) -> float:
        """A Ship: its Prestige, the play bonus, and its voyages (less those of a ship it retires)."""
        sh = self.cat.ships[card]
        boat = Boat(sh.strength + self.strength_bonus(sh.size, crewed=False), sh.cargo, sh.speed, False)
        v = sh.prestige + self.play_bonus(str(sh.colour)) + self.voyages * max(0.0, self.send_worth(boat))
        if replaced is not None:
            v -= self.voyages * max(0.0, self.send_worth(self.boat(replaced)))
        elif not any(d is None for d in self.p.docks):
            v -= 1.0  # it will have to retire one
        return v

    def structure_worth(self, site_id: str) -> float:
        p = self.p
        v = 1.0 + sum(1 for x, y in self.cat.colony_board.adjacency
                      if site_id in (x, y) and (y if x == site_id else x) in p.structures)
        if "building-15" in p.buildings:
            v += 0.5
        if site_id.startswith("insula"):
            v += 0.6 * self.tf
        else:
            sh = p.docks[int(site_id[-1]) - 1]
            v += (0.4 + (0.6 if sh is not None and sh.damage else 0)) * self.tf
        return v

    def hand_card_worth(self, card: str) -> float:
        """What one more card in hand adds (a Person is played at once)."""
        if card not in self._cards:
            if card.startswith("person-"):
                w = self.person_worth(card)
            else:
                cost = self.cat.buildings[card].cost if card.startswith("building-") else self.cat.ships[card].cost
                value = self.building_worth(card) if card.startswith("building-") else self.ship_card_worth(card)
                w = self.resource_worth(self.p.resources, [*self.projects, (card, supply.cost_of(cost), value)])
                w -= self.base
            self._cards[card] = w
        return self._cards[card]

    def unseen(self, deck: str) -> list[str]:
        """Cards of a deck this seat has not seen: not on display, in its hand or in play."""
        s = self.s
        known = set(self.p.hand)
        for q in s.players:
            known.update(q.buildings if deck == "building" else (c for slot in q.person_slots for c in slot))
        known.update(s.building_display if deck == "building" else s.person_display)
        every = self.cat.buildings if deck == "building" else self.cat.persons
        return [c for c in every if c not in known]

    def draw_worth(self, deck: str, source: str, size: str | None) -> float:
        key = ("draw", deck, source, size)
        if key not in self._memo:
            self._memo[key] = self._draw_worth(deck, source, size)
        return self._memo[key]  # type: ignore[no-any-return]

    def _draw_worth(self, deck: str, source: str, size: str | None) -> float:
        s = self.s
        if deck == "ship":
            card = s.ship_display.get(size or "", "")
            return max(0.0, self.hand_card_worth(card)) if card else 0.0
        if source == "display":
            shown = s.building_display if deck == "building" else s.person_display
            return max((self.hand_card_worth(c) for c in shown), default=0.0)
        pile = s.building_deck if deck == "building" else s.person_deck
        pool = self.unseen(deck)
        if not pile or not pool:
            return 0.0
        return sum(max(0.0, self.hand_card_worth(c)) for c in pool) / len(pool)

    # --- the harbor ---------------------------------------------------------------------------

    def tile_worth(self, tile: str, t: int) -> float:
        if t <= 0:
            return 0.0
        if (tile, t) not in self._tiles:
            b = self.cat.tiles[tile].benefits[t - 1]
            v = self.gain_worth({str(r): n for r, n in b.resources.items()}) if b.resources else 0.0
            v += self.colonists_worth(b.colonists) + FAVOR * b.favor
            v += sum(self.draw_worth(d.deck, d.source, d.size.value if d.size else None) for d in b.draws)
            self._tiles[(tile, t)] = v
        return self._tiles[(tile, t)]

    def split(self, slot: str, pips: int, no_fee: bool) -> tuple[float, tuple[int, ...]]:
        """The best use of ``pips`` on a slot's tile(s): worth and the pips per tile."""
        key = ("split", slot, pips, no_fee)
        if key not in self._memo:
            self._memo[key] = self._split(slot, pips, no_fee)
        return self._memo[key]  # type: ignore[no-any-return]

    def _split(self, slot: str, pips: int, no_fee: bool) -> tuple[float, tuple[int, ...]]:
        g = self.g
        cells = harbor.geometry(g).slot_cells[slot]
        fees = [0 if no_fee else harbor.shore_fee(g, c) for c in cells]
        tiles = [self.s.layout[c] for c in cells]
        if len(cells) == 1:
            return self.tile_worth(tiles[0], harbor.tier(g, pips, fees[0])), (pips,)
        best = (0.0, (0, 0))
        for a in range(pips + 1):
            v = (self.tile_worth(tiles[0], harbor.tier(g, a, fees[0]))
                 + self.tile_worth(tiles[1], harbor.tier(g, pips - a, fees[1])))
            if v > best[0] + 1e-9:
                best = (v, (a, pips - a))
        return best

    def district_worth(self, pips: int) -> float:
        d = self.cat.harbor.smugglers_district
        t = harbor.tier(self.g, pips, 0)
        gains: Counter[str] = Counter()
        if t:
            mapping = current_bonus_mapping(self.g)
            for sd in self.s.smuggler_dice:
                gains[mapping[die_colour(sd)]] += d.tier_amounts[t - 1]
        return (self.gain_worth(gains) if gains else 0.0) + SMUGGLER * d.smuggler_tokens

    def die_worth(self, die: int, pips: int, wild: bool, no_fee: bool) -> tuple[float, str]:
        """The best placement of a die with these properties: worth and slot (only the die's
        colour matters)."""
        key = ("die", die_colour(die), pips, wild, no_fee)
        if key not in self._memo:
            self._memo[key] = self._die_worth(die, pips, wild, no_fee)
        return self._memo[key]  # type: ignore[no-any-return]

    def _die_worth(self, die: int, pips: int, wild: bool, no_fee: bool) -> tuple[float, str]:
        geo = harbor.geometry(self.g)
        best = (self.district_worth(pips), harbor.DISTRICT)
        for sid in geo.slot_ids:
            if sid not in self.s.slots and (wild or die_colour(die) in geo.slot_colours[sid]):
                v = self.split(sid, pips, no_fee)[0]
                if v > best[0] + 1e-9:
                    best = (v, sid)
        return best

    def current_die_worth(self, die: int, **change: Any) -> float:
        s = self.s
        face = change.get("face", s.faces[die])
        pips = face + s.die_bonus.get(str(die), 0) + change.get("extra", 0)
        return self.die_worth(die, pips, change.get("wild", die in s.die_wild), die in s.die_no_fee)[0]

    def best_placement(self) -> tuple[float, Action]:
        """The best next step toward placing a die: a Favor pip or Smuggler token, or the die itself."""
        s = self.s
        best: tuple[float, Action] = (-math.inf, act.EndTurn())
        for die in dict.fromkeys(self.p.drafted):
            pips = harbor.pips_of(self.g, die)
            wild, no_fee = die in s.die_wild, die in s.die_no_fee
            tokens = (False, True) if self.p.smuggler and not no_fee else (False,)
            for token in tokens:
                for extra in range(min(self.p.favor, 4) + 1):
                    v, slot = self.die_worth(die, pips + extra, wild, no_fee or token)
                    v -= FAVOR * extra + SMUGGLER * token
                    step: Action = (act.UseSmugglerToken(die) if token else act.SpendFavorPip(die) if extra
                                    else act.PlaceDie(die, slot))
                    if v > best[0] + 1e-9:
                        best = (v, step)
        return best

    # --- ships and voyages --------------------------------------------------------------------

    def strength_bonus(self, size: str, crewed: bool) -> int:
        w = self.p.building_workers
        return int(bool(w.get("building-3")) and size == "small") + int(bool(w.get("building-4")) and crewed)

    def boat(self, sh: ShipState, **extra: int) -> Boat:
        p = self.p
        return Boat(fleet.strength(self.g, p, sh) + extra.get("strength", 0),
                    fleet.cargo(self.g, p, sh) + extra.get("cargo", 0),
                    fleet.speed(self.g, sh) + extra.get("speed", 0), f"dock-hut-{sh.dock}" in p.structures)

    def odds(self) -> list[tuple[int, float]]:
        """Strength of the next Pirate card and its chance, from the cards not yet seen."""
        if self._odds is None:
            # The deck's cards are every Pirate not face up (on the board or discarded); when it
            # is empty, the discards are shuffled into the next one.
            seen = {c for c in self.s.pirates if c} | set(self.s.pirate_discard)
            deck = [c for c in self.cat.pirates if c not in seen] if self.s.pirate_deck else self.s.pirate_discard
            counts = Counter(self.cat.pirates[c].strength for c in deck)
            self._odds = [(st, n / len(deck)) for st, n in sorted(counts.items())] if deck else [(0, 1.0)]
        return self._odds

    def away(self, boat: Boat, segment: int) -> float:
        """Turns the ship misses while sailing home from ``segment``, as they still matter."""
        start = self.cat.trade_board.segments[segment].sail_back_start
        return SHIP_TURN * min(math.ceil(start / boat.speed) - 1, self.turns_left - 1)

    def trade_worth(self, boat: Boat, segment: int) -> float:
        seg = self.cat.trade_board.segments[segment]
        v = seg.prestige + COIN * boat.cargo * seg.coins - self.away(boat, segment)
        key = ("trade", segment)
        if key not in self._memo:
            self._memo[key] = (bool(voyage.demand_options(self.g, self.p, segment)),
                               any(b.effect == "customs_office" for b in card_hooks.buildings(self.g, self.p)))
        demand, customs = self._memo[key]
        if demand:
            v += seg.prestige - 0.5
        if customs:
            v += 0.5
        return v

    def after_win(self, boat: Boat, segment: int, total: int) -> float:
        """A ship that has beaten the pirates in ``segment``: the better of trading and sailing on."""
        trade = self.trade_worth(boat, segment)
        if segment == len(self.cat.trade_board.segments) - 1:
            return trade
        return max(trade, self.sail_on_worth(boat, segment + 1, total))

    def sail_on_worth(self, boat: Boat, segment: int, total: int) -> float:
        key = ("sail", boat, segment, total)
        if key not in self._memo:
            loss = -(0.2 if boat.hut else DAMAGE) - self.away(boat, segment)
            self._memo[key] = sum(
                pr * (self.after_win(boat, segment, total + st) if boat.strength >= total + st else loss)
                for st, pr in self.odds())
        return self._memo[key]  # type: ignore[no-any-return]

    def send_worth(self, boat: Boat) -> float:
        return self.sail_on_worth(boat, 0, 0)

    def crew_worth(self, sh: ShipState, stat: str) -> float:
        gain = self.send_worth(self.boat(sh, **{stat: 1})) - self.send_worth(self.boat(sh))
        if stat == "strength" and self.p.building_workers.get("building-4") and not sh.crew:
            gain = self.send_worth(self.boat(sh, strength=2)) - self.send_worth(self.boat(sh))
        return self.voyages * gain - (0.1 + 0.4 * self.tf)

    def luxury_worth(self, luxury: str) -> float:
        have = self.p.luxuries[luxury]
        wanted = [i for i, tiles in enumerate(self.s.demands) for t in tiles
                  if self.cat.luxury_demand_tiles[t].luxury == luxury]
        ships = any(sh.damage < fleet.hull(self.g, sh) for sh in fleet.ships(self.p))
        if not ships or self.turns_left <= 0:
            return 0.0
        if len(wanted) > have:
            return 0.6 * self.cat.trade_board.segments[max(wanted)].prestige
        return 0.4 * self.tf


# --- what Persons and Buildings bring beyond their Prestige (per use / per round) -----------------

PERSON_USE = {
    "person-4": 1.5, "person-5": 0.8, "person-8": 0.8, "person-9": 1.2, "person-10": 0.4, "person-13": 0.0,
    "person-14": 1.2, "person-15": 1.0, "person-18": 0.6, "person-19": 1.0, "person-20": 1.2, "person-21": 1.0,
    "person-22": 1.8, "person-23": 0.4, "person-24": 1.2,
}
BUILDING_USE = {
    "building-2": 0.6, "building-3": 0.2, "building-4": 0.4, "building-8": 0.6, "building-9": 0.5,
    "building-12": 0.8, "building-13": 0.5, "building-14": 0.2, "building-17": 0.4, "building-18": 0.3,
    "building-19": 0.45,
}


# --- scoring the actions --------------------------------------------------------------------------


def _ship_at(m: Mind, dock: int) -> ShipState:
    sh = m.p.docks[dock - 1]
    assert sh is not None
    return sh


def _structure_options(m: Mind, reduction: int) -> list[tuple[float, str]]:
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
        return max((v for v, _ in _structure_options(m, 2)), default=0.0)
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
        return max((_praetor_worth(m, o) for o in person.options(m.g, p)), default=0.0)  # no track left: nothing
    return 0.0


def _praetor_worth(m: Mind, option: TracksOption) -> float:
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
        gain = max((v for v, _ in _structure_options(m, 2)), default=0.0)
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
    p = m.p
    if isinstance(a, act.PlayPerson):
        return m.person_worth(a.card) + (0.2 if len(p.person_slots[a.slot - 1]) else 0.0)
    if isinstance(a, act.PlayBuilding):
        return m.building_worth(a.card) - m.spend_worth(supply.cost_of(m.cat.buildings[a.card].cost), a.card)
    if isinstance(a, act.PlayShip):
        old = p.docks[a.dock - 1]
        return (m.ship_card_worth(a.card, old) - m.spend_worth(supply.cost_of(m.cat.ships[a.card].cost), a.card)
                + (0.5 if old is None else 0.0))
    if isinstance(a, act.BuildStructure):
        cost = supply.cost_of(next(s.cost for s in m.cat.colony_board.sites if s.id == a.site))
        for r in a.unpaid:
            cost[r] -= 1
        return m.structure_worth(a.site) - m.spend_worth(cost, a.site) - EMPLOY * a.colonist
    if isinstance(a, act.ActivatePerson):
        return _activation_worth(m, a.card) - MARKER
    if isinstance(a, act.RetrieveMarker):
        if effects.markers_left(m.g, p) > 0 or m.cat.persons[a.card].timing != "action":
            return -math.inf
        return _activation_worth(m, a.card) - MARKER - 2 * FAVOR
    if isinstance(a, act.FavorSenate):
        return m.senate_step_worth(a.colour) - 2 * FAVOR
    if isinstance(a, act.EmployLuxury):
        lux = str(m.cat.luxury_production_tiles[p.luxury_tiles[a.space - 1]].luxury)
        return m.luxury_worth(lux) - 2 * EMPLOY
    if isinstance(a, act.EmployBuilding):
        return _employ_worth(m, a.card)
    if isinstance(a, act.EmployCrew):
        return m.crew_worth(_ship_at(m, a.dock), a.stat)
    if isinstance(a, act.Repair):
        sh = _ship_at(m, a.dock)
        need = SHIP_TURN * min(2, m.turns_left) if sh.damage >= fleet.hull(m.g, sh) else 0.3
        return need - m.spend_worth({a.resource: 1})
    if isinstance(a, act.ConvertCoins):
        return m.gain_worth({a.resource: 1}) - COIN * m.cat.supply.convert_coins
    if isinstance(a, act.UseConversion):
        return _conversion_worth(m, a)
    return -math.inf  # shops and anything new: left alone


# --- the decisions ----------------------------------------------------------------------------------


def choose(game: Game) -> Action:
    """A sensible action for the seat whose decision is pending (deterministic: no randomness).

    It decides from that seat's view only (``game.view(seat)``: given a game, it makes the view
    itself), so it cannot use what the seat may not know."""
    top = game.pending
    if top is None:
        raise ValueError("the game is over: nobody has a decision to make")
    view = game if isinstance(game, SeatView) and game.seat == top.seat else game.view(top.seat)
    return _decide(view, top)


def playout_choice(game: Game) -> Action:
    """The action :func:`choose` would take, read from ``game`` itself without making a view.

    Only for search inside a world a rival sampled from its own view (see
    :mod:`great_harbor.rivals.worlds`): nothing there is hidden knowledge, and the view would
    only cost time. The heuristic reads nothing a view hides, so the choice is the same."""
    top = game.pending
    if top is None:
        raise ValueError("the game is over: nobody has a decision to make")
    return _decide(game, top)


def _decide(g: Game, top: Pending) -> Action:
    legal = g.legal_actions()
    m = Mind(g, top.seat)
    handler = _DECISIONS.get(top.kind)
    picked = handler(m, top.data, legal) if handler else None
    return picked if picked is not None and g.is_legal(picked) else legal[0]


def _best(scored: Iterable[tuple[float, Action]]) -> tuple[float, Action | None]:
    best: tuple[float, Action | None] = (-math.inf, None)
    for v, a in scored:
        if v > best[0] + 1e-9:
            best = (v, a)
    return best


def _draft(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    mapping = current_bonus_mapping(m.g)

    def worth(a: act.Draft) -> float:
        v = m.die_worth(a.die, m.s.faces[a.die], False, False)[0]
        colour = die_colour(a.die)
        if colour in m.p.dice_bonus_colours:
            v += m.gain_worth({mapping[colour]: 1})
        return v - 0.01 * m.s.faces[a.die]  # a lower sum plays earlier

    return _best((worth(a), a) for a in legal if isinstance(a, act.Draft))[1]


def _turn(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    skip = (act.PlaceDie, act.SpendFavorPip, act.UseSmugglerToken, act.EndTurn, act.SendShip)
    value, best = _best((govern_worth(m, a), a) for a in legal if not isinstance(a, skip))
    if best is not None and value > EPS:
        return best
    if m.p.drafted:
        return m.best_placement()[1]
    value, send = _best((m.send_worth(m.boat(_ship_at(m, a.dock))), a) for a in legal if isinstance(a, act.SendShip))
    if send is not None and value > 0:
        return send
    return act.EndTurn()


def _assign(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    def worth(a: act.AssignPips) -> float:
        return sum(m.tile_worth(t, harbor.tier(m.g, n, fee)) if n else 0.0
                   for t, n, fee in zip(data.tiles, a.pips, data.fees, strict=True))

    return _best((worth(a), a) for a in legal if isinstance(a, act.AssignPips))[1]


def _voyage_choice(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    """Trade here or sail on, after an activation that changes the answer enough to pay for itself."""
    sh = _ship_at(m, data.dock)
    seg = data.segment
    total = voyage.pirate_total(m.g, m.p)
    boost_worth = _voyage_boosts(m, data)
    value, boost = _best((boost_worth(card_hooks.card(m.g, a.card)) - MARKER, a)
                         for a in legal if isinstance(a, act.ActivatePerson))
    if boost is not None and value > EPS:
        return boost
    trade = m.trade_worth(m.boat(sh), seg)
    if seg < len(m.cat.trade_board.segments) - 1 and m.sail_on_worth(m.boat(sh), seg + 1, total) > trade:
        return act.SailOn(sh.dock)
    return act.Trade(sh.dock)


def _voyage_boosts(m: Mind, data: Any) -> Callable[[card_hooks.Card], float]:
    """What a voyage Person would add to the ship deciding (before its Activation marker)."""
    sh = _ship_at(m, data.dock)
    seg = data.segment
    total = voyage.pirate_total(m.g, m.p)

    def outlook(boat: Boat, total: int = total) -> float:
        return m.after_win(boat, seg, total)

    now = outlook(m.boat(sh))

    def boost_worth(person: card_hooks.Card) -> float:
        effect = person.effect
        if effect == "admiral":
            return outlook(m.boat(sh, strength=1)) - now - FAVOR
        if effect == "cargo_captain":
            return max(0.0, m.trade_worth(m.boat(sh, cargo=1), seg) - now)
        if effect == "diplomat":
            return outlook(m.boat(sh), total - max((m.cat.pirates[c].strength for c in m.s.pirates if c),
                                                   default=0)) - now
        if effect == "corsair":
            return outlook(m.boat(sh, strength=2)) - now
        if isinstance(person, FarCaptain):
            return COIN * person.count(m.g, m.p)
        return 0.0

    return boost_worth


def _corsair(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    """Before a reveal: use the Corsair when one of this player's ships there needs it."""
    seg = data.segment
    total = voyage.pirate_total(m.g, m.p)
    gains = [m.sail_on_worth(m.boat(sh, strength=2), seg, total) - m.sail_on_worth(m.boat(sh), seg, total)
             for sh in fleet.ships(m.p) if sh.where == OUTBOUND and sh.segment == seg]
    use = next((a for a in legal if isinstance(a, act.ActivatePerson)), None)
    return use if use is not None and max(gains, default=0.0) > MARKER else act.Pass()


def _final_convert(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    """After the last voyage only Prestige counts (then coins, for a tie): the Conversion cards that
    give Prestige and, with a full resource track, coins converted into it (each pays 1 Prestige
    for the surplus), in the combination that gives the most Prestige for the fewest coins; every
    other coin is kept."""
    p = m.p
    cards = [m.cat.conversion_cards[c] for c in m.s.conversions if c not in p.conversions_used]
    cards = [c for c in cards if c.gain.prestige and p.coins >= c.coins]
    rate = m.cat.supply.convert_coins
    top = m.cat.colony_board.resource_max
    full = next((r for r in RESOURCES if p.resources[r] >= top), None)
    best: tuple[int, int, tuple[str, ...], int] = (0, 0, (), 0)
    for k in range(len(cards) + 1):
        for combo in combinations(cards, k):
            cost = sum(c.coins for c in combo)
            if cost > p.coins:
                continue
            overflow = (p.coins - cost) // rate if full is not None else 0
            option = (sum(c.gain.prestige for c in combo) + overflow, -(cost + rate * overflow),
                      tuple(c.id for c in combo), overflow)
            best = max(best, option)
    if best[0] == 0:
        return act.EndTurn()
    if best[2]:
        return act.UseConversion(best[2][0])
    assert full is not None
    return act.ConvertCoins(full)


def _choice(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    codes: list[str] = list(data.options)
    rank = _CHOICES.get(data.handler)
    if rank is None or not codes:
        return None
    top = m.g.pending
    assert top is not None
    return act.Choose(max(codes, key=lambda code: rank(m, choices.option_of(top, code), data)))


def _lux_pick(m: Mind, option: Plain, data: Any) -> float:
    return m.luxury_worth(option.value)


def _ship_pick(m: Mind, option: DockOption, data: Any) -> float:
    """The ship a voyage Person helps: the one deciding now, else one where the next Pirate appears."""
    s = m.s
    sh = _ship_at(m, option.dock)
    deciding = next((x.data.dock for x in reversed(s.stack) if x.kind == "voyage_choice"), None)
    revealing = next((i for i, c in enumerate(s.pirates) if not c and voyage.outbound(m.g, i)), None)
    return 100 * (sh.dock == deciding) + 50 * (sh.segment == revealing) + fleet.strength(m.g, m.p, sh)


# How this player ranks the options of each choice (typed values, see engine/options.py).
_CHOICES: dict[str, Callable[[Mind, Any, Any], float]] = {
    "harbor.take_display": lambda m, o, d: m.hand_card_worth(o.value),
    "effects.patrician": lambda m, o, d: sum(
        m.current_die_worth(x, face=7 - m.s.faces[x]) - m.current_die_worth(x)
        if x in m.p.drafted else -0.1 for x in o.dice),
    "effects.investor": lambda m, o, d: m.current_die_worth(o.die, extra=2) - m.current_die_worth(o.die),
    "effects.engineer": lambda m, o, d: m.current_die_worth(o.die, wild=True) - m.current_die_worth(o.die),
    "effects.discount_build": lambda m, o, d: dict((c, v) for v, c in _structure_options(m, 2)).get(o.code, 0.0),
    "effects.architect": lambda m, o, d: m.building_worth(o.value),
    "effects.praefectus": lambda m, o, d: (2 * m.draw_worth("building", "deck", None) if o.card is None
                                           else m.hand_card_worth(o.card)),
    "effects.navigator": lambda m, o, d: -_ship_at(m, o.dock).sail_back,
    "effects.praetor": lambda m, o, d: _praetor_worth(m, o),
    "effects.censors": lambda m, o, d: m.senate_step_worth(o.value),
    "effects.cargo_captain": _ship_pick,
    "effects.corsair": _ship_pick,
    "effects.diplomat": lambda m, o, d: m.cat.pirates[o.value].strength,
    "effects.naval_academy": lambda m, o, d: m.crew_worth(_ship_at(m, o.dock), o.stat),
    "effects.market_square": _lux_pick,
    "effects.lighthouse": lambda m, o, d: float(o.value == "discard") * (m.cat.pirates[d.seen].strength - 1.5),
    "effects.harbor_master": lambda m, o, d: -m.s.faces[o.drafted] if o.drafted is not None else -10.0,
    "voyage.demand": lambda m, o, d: 1.0,
    "voyage.customs": lambda m, o, d: m.gain_worth({o.value: 1}),
}

_DECISIONS: dict[str, Callable[[Mind, dict[str, Any], tuple[Action, ...]], Action | None]] = {
    "draft": _draft,
    "turn": _turn,
    "assign": _assign,
    "voyage_choice": _voyage_choice,
    "corsair": _corsair,
    "final_convert": _final_convert,
    "choose": _choice,
}


# --- every option, valued ---------------------------------------------------------------------------


def ranked(game: Game) -> list[tuple[float, Action]]:
    """Every legal action of the pending decision with the heuristic's estimate of what it is
    worth now (Prestige equivalents), :func:`choose`'s own pick first, the rest best first.

    The values of different kinds of step are not all on one scale (the player governs before
    it places its dice, whatever the dice are worth); the ranking is for weighing alternatives
    (the hard rival's search, the easy rival's slips, hints), never for the heuristic itself.
    Reads ``game`` as :func:`playout_choice` does: give it a seat's view to keep it honest."""
    top = game.pending
    if top is None:
        raise ValueError("the game is over: nobody has a decision to make")
    legal = game.legal_actions()
    pick = _decide(game, top)
    m = Mind(game, top.seat)
    value = _VALUERS.get(top.kind)
    scored = [(value(m, top.data, a) if value else 0.0, a) for a in legal]
    first = next(v for v, a in scored if a == pick)
    rest = sorted(((v, a) for v, a in scored if a != pick), key=lambda x: -x[0])
    return [(first, pick), *rest]


def _value_draft(m: Mind, data: Any, a: Action) -> float:
    if not isinstance(a, act.Draft):
        return -math.inf
    v = m.die_worth(a.die, m.s.faces[a.die], False, False)[0]
    colour = die_colour(a.die)
    if colour in m.p.dice_bonus_colours:
        v += m.gain_worth({current_bonus_mapping(m.g)[colour]: 1})
    return v - 0.01 * m.s.faces[a.die]


def _value_turn(m: Mind, data: Any, a: Action) -> float:
    s = m.s
    if isinstance(a, act.PlaceDie):
        pips = harbor.pips_of(m.g, a.die)
        if a.slot == harbor.DISTRICT:
            return m.district_worth(pips)
        return m.split(a.slot, pips, a.die in s.die_no_fee)[0]
    if isinstance(a, (act.SpendFavorPip, act.UseSmugglerToken)):
        pips = harbor.pips_of(m.g, a.die) + isinstance(a, act.SpendFavorPip)
        no_fee = a.die in s.die_no_fee or isinstance(a, act.UseSmugglerToken)
        cost = FAVOR if isinstance(a, act.SpendFavorPip) else SMUGGLER
        return m.die_worth(a.die, pips, a.die in s.die_wild, no_fee)[0] - cost
    if isinstance(a, act.SendShip):
        return m.send_worth(m.boat(_ship_at(m, a.dock)))
    if isinstance(a, act.EndTurn):
        return 0.0
    return govern_worth(m, a)


def _value_assign(m: Mind, data: Any, a: Action) -> float:
    if not isinstance(a, act.AssignPips):
        return -math.inf
    return sum(m.tile_worth(t, harbor.tier(m.g, n, fee)) if n else 0.0
               for t, n, fee in zip(data.tiles, a.pips, data.fees, strict=True))


def _value_voyage(m: Mind, data: Any, a: Action) -> float:
    sh = _ship_at(m, data.dock)
    seg = data.segment
    total = voyage.pirate_total(m.g, m.p)
    if isinstance(a, act.Trade):
        return m.trade_worth(m.boat(sh), seg)
    if isinstance(a, act.SailOn):
        return m.sail_on_worth(m.boat(sh), seg + 1, total)
    # An activation: what it adds to the better of trading and sailing on.
    now = max(m.trade_worth(m.boat(sh), seg), m.after_win(m.boat(sh), seg, total))
    card = getattr(a, "card", "")
    gain = _voyage_boosts(m, data)(card_hooks.card(m.g, card)) if card else 0.0
    return now + gain - MARKER


def _value_corsair(m: Mind, data: Any, a: Action) -> float:
    if not isinstance(a, act.ActivatePerson):
        return 0.0
    seg = data.segment
    total = voyage.pirate_total(m.g, m.p)
    gains = [m.sail_on_worth(m.boat(sh, strength=2), seg, total) - m.sail_on_worth(m.boat(sh), seg, total)
             for sh in fleet.ships(m.p) if sh.where == OUTBOUND and sh.segment == seg]
    return max(gains, default=0.0) - MARKER


def _value_final(m: Mind, data: Any, a: Action) -> float:
    if isinstance(a, act.UseConversion):
        card = m.cat.conversion_cards[a.card]
        return card.gain.prestige - 0.01 * card.coins
    return 0.0


def _value_choice(m: Mind, data: Any, a: Action) -> float:
    rank = _CHOICES.get(data.handler)
    top = m.g.pending
    if not isinstance(a, act.Choose) or rank is None or top is None:
        return 0.0
    return float(rank(m, choices.option_of(top, a.option), data))


_VALUERS: dict[str, Callable[[Mind, Any, Action], float]] = {
    "draft": _value_draft,
    "turn": _value_turn,
    "assign": _value_assign,
    "voyage_choice": _value_voyage,
    "corsair": _value_corsair,
    "final_convert": _value_final,
    "choose": _value_choice,
}
