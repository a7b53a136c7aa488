"""Playing dice workers on the harbor: slots, tiers, Shore fees, tile benefits and the
Smuggler's District."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from great_harbor.data import Catalogue

from . import rule_ids as R
from . import shops, supply
from .actions import (
    Action,
    AssignPips,
    PlaceDie,
    SpendFavorPip,
    UseSmugglerToken,
    new_assign,
    new_favor_pip,
    new_place,
    new_smuggler_token,
)

# The map's arithmetic lives in board.py (below the rules); its names are read here too, as
# harbor.geometry and so on, by the UI and the players: those are exported by name (X as X).
from .board import DISTRICT as DISTRICT
from .board import (  # noqa: F401
    Geometry,
    activates_all,
    catalogue_tier,
    die_fits,
    split_outcome,
)
from .board import geometry as geometry
from .board import pips_of as pips_of
from .board import shore_fee as shore_fee
from .board import tier as tier
from .board import tile_cell as tile_cell
from .choices import continuation, offer
from .decision_data import AssignDecision
from .errors import Refusal
from .names import SMUGGLERS_DISTRICT, gain_words, plural, tile_name
from .names import die as die_words
from .options import Plain
from .rulebook import ActionRule, rule
from .state import Pending, PlayerState, die_colour, die_label

if TYPE_CHECKING:

    from .table import Table

# --- legal actions --------------------------------------------------------------------------------


# A die's placements, in the order they are offered: per slot it fits (every slot for a Wild die),
# the slot, the placement there, the one declining the benefit and the one cell of a Shore slot
# (None for a slot between two tiles); made once per die and shared.
Places = tuple[tuple[str, PlaceDie, PlaceDie, str | None], ...]


@cache
def _place_rows(cat: Catalogue) -> dict[tuple[int, bool], tuple[Places, PlaceDie]]:
    """Per die and whether it is Wild (filled in as dice come): its placements on slots, and the
    one in the District."""
    return {}


def _places(game: Table, die: int, wild: bool) -> tuple[Places, PlaceDie]:
    rows = _place_rows(game.cat)
    row = rows.get((die, wild))
    if row is None:
        geo = geometry(game)
        fitting = geo.slot_ids if wild else geo.colour_slots[die_colour(die)]
        row = rows[die, wild] = (
            tuple((sid, new_place(die, sid, False), new_place(die, sid, True), geo.shore_cell.get(sid))
                  for sid in fitting),
            new_place(die, DISTRICT, False),
        )
    return row


def placements(game: Table, p: PlayerState) -> list[PlaceDie]:
    # The engine's hottest legal-action list (every Action phase decision): looked-up names are
    # held in locals and the actions are shared ones, each die's made once (``_places``).
    s = game.s
    taken = s.slots
    faces = s.faces
    wild = s.die_wild
    bonus = s.die_bonus
    no_fee_dice = s.die_no_fee
    any_shops = bool(s.shops)
    first = min(game.cat.harbor.tier_thresholds)  # tier > 0 exactly from here (plus the fee)
    shore_slots = geometry(game).shore_slots
    out: list[PlaceDie] = []
    declines: list[PlaceDie] = []
    seen: set[tuple[str, int, bool, int, bool]] = set()
    fees: dict[str, int] = {}
    for die in p.drafted:
        # Two drafted dice alike in every way give the same placements: list them once.
        is_wild = die in wild
        extra = bonus.get(str(die), 0) if bonus else 0
        no_fee = die in no_fee_dice
        key = (die_colour(die), faces[die], is_wild, extra, no_fee)
        if key in seen:
            continue
        seen.add(key)
        on_slots, in_district = _places(game, die, is_wild)
        # Placed on a Shore slot a die takes its tile's benefit at once; placing it and taking
        # nothing is offered too (after every other placement) where there is a benefit to decline.
        # (The fee of each tile once per call, as ``shore_fee`` works it out but without a call: it
        # is read for every free Shore slot of every die.)
        pips = faces[die] + extra
        for sid, place, decline, cell in on_slots:
            if sid in taken:
                continue
            out.append(place)
            if cell is None:
                continue
            if no_fee:
                fee = 0
            else:
                fee = fees.get(cell, -1)
                if fee < 0:
                    fee = 0
                    for other in shore_slots[cell]:
                        on = taken.get(other)
                        if on is not None and faces[on] > fee:
                            fee = faces[on]
                    fees[cell] = fee
            if pips + (shops.pips_at(game, sid) if any_shops else 0) >= first + fee:
                declines.append(decline)
        out.append(in_district)
    return out + declines


def shore_tier(game: Table, die: int, slot: str) -> int:
    """The tier a drafted die would reach on a Shore slot now: its pips (extra ones and the Shops'
    included) against the tile's Shore fee (none for a die that ignores it)."""
    (cell,) = geometry(game).slot_cells[slot]
    fee = 0 if die in game.s.die_no_fee else shore_fee(game, cell)
    return tier(game, pips_of(game, die) + shops.pips_at(game, slot), fee)


def die_boosts(game: Table, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    if p.favor >= 1:
        out += [new_favor_pip(d) for d in p.drafted]
    if p.smuggler >= 1:
        out += [new_smuggler_token(d) for d in p.drafted if d not in game.s.die_no_fee]
    return out


def assign_options(game: Table, top: Pending) -> list[AssignPips]:
    """The pip splits offered for the die being placed (see :func:`worked_out_assign_options`),
    kept by all they depend on: the die's pips and fees, and for each tile which of its tiers
    gives at least what another gives now (:func:`_tier_covers`). Every shared-slot placement
    asks this and the same few answers come again and again; a test holds the kept answers to
    the worked-out ones."""
    data = top.data
    pips: int = data.pips
    if pips <= 0:
        return [new_assign((0, 0))]
    chosen = _split_choices(game.cat, pips, data.fees)
    if len(chosen) <= 1:  # nothing to rank
        return [*(new_assign(split) for split in chosen.values()), new_assign((0, 0))]
    p = game.s.players[top.seat]
    first, second = (_tier_covers(game, p, tile) for tile in data.tiles)  # a shared slot touches two tiles
    key = (pips, data.fees, first, second)
    known = _assign_known(game.cat)
    found = known.get(key)
    if found is None:
        if len(known) >= _KNOWN_LIMIT:  # a long run of games: start again rather than grow without end
            known.clear()
        found = known[key] = (*(new_assign(split) for split in _ranked(chosen, first, second)),
                              new_assign((0, 0)))
    return list(found)


def _ranked(chosen: dict[tuple[int, ...], tuple[int, int]], first: tuple[bool, ...], second: tuple[bool, ...]
            ) -> list[tuple[int, int]]:
    """:func:`rank_splits` of these splits, read from the tiles' tier covers (:func:`_tier_covers`:
    whether tier a gives at least what tier b gives, at ``4 * a + b``) instead of their gains."""
    outcomes = list(chosen)

    def beaten(o: tuple[int, ...]) -> bool:
        a, b = o
        for x, y in outcomes:
            if ((x != a or y != b) and first[4 * x + a] and second[4 * y + b]
                    and not (first[4 * a + x] and second[4 * b + y])):
                return True
        return False

    return [chosen[o] for o in sorted(outcomes, key=lambda o: (beaten(o), -sum(o), chosen[o]))]


_KNOWN_LIMIT = 20_000
_TIERS = (0, 1, 2, 3)  # tier 0: nothing


@cache
def _assign_known(cat: Catalogue) -> dict[tuple[object, ...], tuple[AssignPips, ...]]:
    return {}


def _tier_covers(game: Table, p: PlayerState, tile: str) -> tuple[bool, ...]:
    """For every pair of tiers (a, b) of a tile, in order: does tier a give ``p`` at least what
    tier b gives now (what :func:`rank_splits` compares)? Kept by what the tile's gains read."""
    s = game.s
    resources, colonists, draws = _tile_reads(game.cat, tile)
    key: list[object] = [tile]
    if resources:
        held = p.resources
        key.extend(held[r] for r in resources)
    if colonists:
        key.append(supply.housing_room(game, p))
        key.append(s.colonist_supply)
    for deck, source, size in draws:
        if deck == "ship" and size is not None:
            key.append(s.ship_display.get(size, ""))
        elif deck == "building":
            key.append(bool(s.building_deck if source == "deck" else s.building_display))
        else:
            key.append(bool(s.person_deck if source == "deck" else s.person_display))
    known = _covers_known(game.cat)
    frozen = tuple(key)
    found = known.get(frozen)
    if found is None:
        if len(known) >= _KNOWN_LIMIT:
            known.clear()
        ledger = supply.Ledger(game, p)
        gains = [_gains(game, ledger, tile, t) for t in _TIERS]
        found = known[frozen] = tuple(ta == tb or _covers(gains[ta], gains[tb]) for ta in _TIERS for tb in _TIERS)
    return found


@cache
def _covers_known(cat: Catalogue) -> dict[tuple[object, ...], tuple[bool, ...]]:
    return {}


@cache
def _tile_reads(cat: Catalogue, tile: str) -> tuple[tuple[str, ...], bool, tuple[tuple[str, str, str | None], ...]]:
    """What the gains of any tier of a tile read (see :func:`_gains`): the resources it gives,
    whether it gives Colonists, and its card draws (deck, source, ship size). The resource
    track's top is the catalogue's, so it needs no place in a key."""
    resources: dict[str, None] = {}
    colonists = False
    draws: dict[tuple[str, str, str | None], None] = {}
    for benefit in cat.tiles[tile].benefits:
        for r, n in supply.cost_of(benefit.resources).items():
            if n > 0:
                resources[r] = None
        colonists = colonists or bool(benefit.colonists)
        for d in benefit.draws:
            draws[d.deck, d.source, d.size.value if d.size is not None else None] = None
    return tuple(resources), colonists, tuple(draws)


def worked_out_assign_options(game: Table, top: Pending) -> list[AssignPips]:
    """:func:`assign_options` worked out from the rules (what it keeps)."""
    pips: int = top.data.pips
    fees: list[int] = top.data.fees
    # (0, 0) declines both tiles; every other split uses all the pips. The rulebook lets a player
    # share a die's pips between the two tiles however they wish: a part too small for its tile's
    # first tier simply gives nothing there. Many splits give the same (the same tier on each
    # tile), so the choices list one split per outcome: the first that gives each tile it touches
    # at least its first tier if there is one, else the first that leaves pips on a tile below its
    # threshold (the way to a lower tier on the other tile: the medium ship rather than the large
    # one). ``equivalent_split`` maps any other split to its listed one.
    if pips <= 0:
        return [new_assign((0, 0))]
    chosen = _split_choices(game.cat, pips, tuple(fees))
    return [new_assign(split) for split in rank_splits(game, top, chosen)] + [new_assign((0, 0))]


@cache
def _split_choices(cat: Catalogue, pips: int, fees: tuple[int, ...]) -> dict[tuple[int, ...], tuple[int, int]]:
    """The splits listed for ``pips`` pips on two tiles of Shore fees ``fees`` (at least one pip),
    one per outcome (the tier each tile reaches), before they are ranked: the catalogue's tiers
    alone decide them, so they are worked out once (shared: read, never changed)."""
    # The tier each number of pips reaches on each tile, worked out once (the loop below asks for
    # every split): ``split_outcome`` and ``activates_all`` of a split, read from these.
    first, second = (_reach(cat, pips, fee) for fee in fees)  # a shared slot touches two tiles
    chosen: dict[tuple[int, ...], tuple[int, int]] = {}
    for a in range(pips + 1):
        b = pips - a
        outcome = (first[a], second[b])
        if outcome == (0, 0):
            continue
        listed = chosen.get(outcome)
        if listed is None or ((a == 0 or first[a] > 0) and (b == 0 or second[b] > 0)
                              and not all(n == 0 or catalogue_tier(cat, n, fee) > 0
                                          for n, fee in zip(listed, fees, strict=True))):
            chosen[outcome] = (a, b)
    return chosen


@cache
def _reach(cat: Catalogue, pips: int, fee: int) -> tuple[int, ...]:
    """The tier 0, 1, ... ``pips`` pips reach on a tile of Shore fee ``fee``."""
    return tuple(catalogue_tier(cat, n, fee) for n in range(pips + 1))


Gains = dict[tuple[str, ...], int]  # what a tier gives, counted by kind (a missing kind: none)


def _gains(game: Table, ledger: supply.Ledger, tile: str, t: int) -> Gains:
    """What tier ``t`` of a tile would give now (``ledger``: the player's stock, left unchanged),
    counted by kind, to compare two tiers: what :func:`benefit_items` lists, counted (resources
    landed on their tracks, 1 Prestige for a surplus, Colonists housed, Favor, the Ship taken or
    whether a card is there to draw). Worked out directly, not through the items: a pip split asks
    it for every tier of both tiles, and a test holds the two to the same counts."""
    if t <= 0:
        return {}
    resources, colonists, favor, draws = _benefit_plan(game, tile, t)
    out: Gains = {}
    if resources:
        held, top = ledger.resources, ledger.top
        surplus = False
        for r, n in resources.items():
            if n <= 0:
                continue
            landed = max(0, min(n, top - held[r]))  # as supply.resource_items
            out["res", r] = out.get(("res", r), 0) + landed
            surplus = surplus or landed < n
        if surplus:
            out["prestige",] = supply.SURPLUS_PRESTIGE
    if colonists:
        out["colonists",] = supply.colonist_item(ledger.room, ledger.supply, colonists)["got"]
    if favor:
        out["favor",] = favor
    s = game.s
    for deck, source, size in draws:
        if deck == "ship" and size is not None:
            card = s.ship_display.get(size, "")
            out["ship", card] = out.get(("ship", card), 0) + (1 if card else 0)
            continue
        pile, display = (s.building_deck, s.building_display) if deck == "building" else (
            s.person_deck, s.person_display)
        there = pile if source == "deck" else display
        out[source, deck] = out.get((source, deck), 0) + (1 if there else 0)
    return out


Plan = tuple[dict[str, int], int, int, tuple[tuple[str, str, str | None], ...]]


def _benefit_plan(game: Table, tile: str, t: int) -> Plan:
    """Tier ``t`` of a tile as plain values: its resources by name, Colonists, Favor and card draws
    (deck, source, ship size); worked out once per catalogue (shared: read, never changed)."""
    table = _benefit_plans(game.cat)
    found = table.get((tile, t))
    if found is None:
        benefit = game.cat.tiles[tile].benefits[t - 1]
        draws = tuple((d.deck, d.source, d.size.value if d.size is not None else None) for d in benefit.draws)
        found = table[tile, t] = (supply.cost_of(benefit.resources), benefit.colonists, benefit.favor, draws)
    return found


@cache
def _benefit_plans(cat: Catalogue) -> dict[tuple[str, int], Plan]:
    return {}


def _covers(more: Gains, less: Gains) -> bool:
    """Does ``more`` give at least as much of every kind as ``less``?"""
    for key, n in less.items():  # a loop, not all(): this runs for every pair of tiers of every split
        if more.get(key, 0) < n:
            return False
    return True


def rank_splits(game: Table, top: Pending, chosen: dict[tuple[int, ...], tuple[int, int]]) -> list[tuple[int, int]]:
    """The listed splits (``chosen``: one per outcome, the tier each tile reaches) in the order they
    are offered: the best
    first, and last those that another outcome beats on every tile, what each tile gives now
    counted (2 Metal and 2 Rope beat 1 Metal and 1 Rope). A lower tier that gives something else
    is no worse (the small ship rather than the medium one, a card from the deck rather than the
    display), and neither are two outcomes that give the same now (a full track, no room for a
    Colonist): those stay among the best. Within each group, more tiers first, then by the split."""
    if len(chosen) <= 1:  # nothing to rank (and no gains to work out: this runs at every split)
        return list(chosen.values())
    tiles = top.data.tiles
    outcomes = list(chosen)
    ledger = supply.Ledger(game, game.s.players[top.seat])
    # Whether tier ``a`` of each tile gives at least what its tier ``b`` gives, for the tiers the
    # outcomes reach on it (each tile's gains counted once, each pair compared once).
    covers: list[dict[tuple[int, int], bool]] = []
    for i, tile in enumerate(tiles):
        reached = {o[i] for o in outcomes}
        gains = {t: _gains(game, ledger, tile, t) if t else {} for t in reached}  # tier 0 gives nothing
        covers.append({(ta, tb): ta == tb or _covers(gains[ta], gains[tb]) for ta in reached for tb in reached})
    first, second = covers  # a shared slot touches two tiles

    def beaten(o: tuple[int, ...]) -> bool:
        """Does another outcome give at least as much on both tiles, and more on one?"""
        a, b = o
        for x, y in outcomes:
            if (x != a or y != b) and first[x, a] and second[y, b] and not (first[a, x] and second[b, y]):
                return True
        return False

    return [chosen[o] for o in sorted(outcomes, key=lambda o: (beaten(o), -sum(o), chosen[o]))]


def equivalent_split(game: Table, action: Action) -> AssignPips | None:
    """For a split of the pending die's pips that is not among the choices, the listed split that
    gives the same; None if there is none (or nothing is being split). Replaying a record made when
    the choices still listed such a split reads it as this one (``great_harbor.record``)."""
    top = game.pending
    if top is None or top.kind != "assign" or not isinstance(action, AssignPips):
        return None
    fees = top.data.fees
    pips = action.pips
    if len(pips) != len(fees) or any(x < 0 for x in pips) or sum(pips) not in (0, top.data.pips):
        return None
    outcome = split_outcome(game, pips, fees)
    for option in assign_options(game, top):
        if isinstance(option, AssignPips) and option != action and split_outcome(game, option.pips, fees) == outcome:
            return option
    return None


def earlier_shore_placement(game: Table, action: Action, following: Action | None) -> Action | None:
    """Records made before a die on a Shore slot took its tile's benefit as it was placed hold the
    placement and then the pips given to that one tile (or none): for such a pair, the one
    placement it is now (declining the benefit when no pips were given to a tile they could
    activate); None for anything else. ``following``: the record's next action."""
    if not isinstance(action, PlaceDie) or action.decline or action.slot not in game.cat.slots:
        return None
    if len(geometry(game).slot_cells[action.slot]) != 1:
        return None
    if not isinstance(following, AssignPips) or len(following.pips) != 1:
        return None
    if following.pips[0] == 0 and shore_tier(game, action.die, action.slot) > 0:
        return PlaceDie(action.die, action.slot, True)
    return action


def is_shore_placement(game: Table, action: Action) -> bool:
    """Is ``action`` a die placed on a Shore slot, taking its benefit?"""
    return (isinstance(action, PlaceDie) and not action.decline and action.slot in game.cat.slots
            and len(geometry(game).slot_cells[action.slot]) == 1)


def place_as_earlier(game: Table, action: Action) -> None:
    """Place a die on a Shore slot as earlier versions did: waiting for its one tile's benefit to be
    asked (a decision this version never makes). Only to recognise a record saved at that very
    moment, by the state its digest names (``great_harbor.record.load``, which then lets the game
    advance)."""
    top = game.pending
    assert top is not None and is_shore_placement(game, action)
    apply_place(game, top, action, as_earlier=True)


# --- applying -------------------------------------------------------------------------------------


def apply_boost(game: Table, top: Pending, action: Action) -> None:
    s = game.s
    p = s.players[top.seat]
    if isinstance(action, SpendFavorPip):
        p.favor -= 1
        key = str(action.die)
        s.die_bonus[key] = s.die_bonus.get(key, 0) + 1
        game.log("favor.pip", p.seat, die=action.die, face=s.faces[action.die], pips=pips_of(game, action.die))
    elif isinstance(action, UseSmugglerToken):
        p.smuggler -= 1
        s.die_no_fee.append(action.die)
        game.log("smuggler-token", p.seat, die=action.die, face=s.faces[action.die])


def apply_place(game: Table, top: Pending, action: Action, as_earlier: bool = False) -> None:
    """Place a die (``as_earlier``: on a Shore slot, wait for its benefit to be asked, as versions
    before 0.2 did; see :func:`place_as_earlier`)."""
    assert isinstance(action, PlaceDie)
    s = game.s
    p = s.players[top.seat]
    die = action.die
    pips = pips_of(game, die)
    no_fee = die in s.die_no_fee
    p.drafted.remove(die)
    p.placed_this_turn += 1
    _clear_boosts(game, die)
    if action.slot == DISTRICT:
        s.district.append(die)
        smuggle(game, p, die, pips)
        return
    cells = geometry(game).slot_cells[action.slot]
    fees = [0 if no_fee else shore_fee(game, c) for c in cells]  # fees before this die lands
    s.slots[action.slot] = die
    pips += shops.on_placement(game, p, die, action.slot)
    tiles = [s.layout[c] for c in cells]
    if len(tiles) == 1 and not as_earlier:  # a Shore slot: its tile's benefit at once, or nothing if declined
        t = 0 if action.decline else tier(game, pips, fees[0])
        take_benefits(game, p, die, tiles, [t], declined=action.decline, pips=[0 if action.decline else pips],
                      fees=fees)
        return
    game.push("assign", p.seat, die=die, slot=action.slot, pips=pips, fees=fees, tiles=tiles,
              label=die_label(die, s.faces[die]))


def take_benefits(game: Table, p: PlayerState, die: int, tiles: list[str], tiers: list[int], declined: bool,
                  pips: list[int], fees: list[int]) -> None:
    """The tiles a placed die touches give the tiers it reaches on them; the placement is logged,
    with ``cut``: each tile whose Shore fee lowered the tier its pips reached (the lookup answers
    "why didn't I get anything" from it)."""
    cut = [{"tile": tile, "fee": fee, "tier": tier(game, n, 0), "got": t}
           for tile, t, n, fee in zip(tiles, tiers, pips, fees, strict=True) if fee and n and tier(game, n, 0) > t]
    items: list[dict[str, Any]] = []
    drawn: list[str] = []  # cards drawn from a deck: only their drawer reads which
    for tile, t in zip(tiles, tiers, strict=True):
        items += activate_tile(game, p, tile, t, drawn)
    extra: dict[str, Any] = {"cut": cut} if cut else {}  # the events of other placements stay as they were
    game.log("place", p.seat, die=die, face=game.s.faces[die], tiles=list(tiles), items=items, declined=declined,
             secret={"cards": drawn} if drawn else None, reader=p.seat, **extra)


def _clear_boosts(game: Table, die: int) -> None:
    s = game.s
    s.die_bonus.pop(str(die), None)
    if die in s.die_wild:
        s.die_wild.remove(die)
    if die in s.die_no_fee:
        s.die_no_fee.remove(die)


def apply_assign(game: Table, top: Pending, action: Action) -> None:
    assert isinstance(action, AssignPips)
    game.pop()
    tiers = [tier(game, pips, fee) if pips > 0 else 0 for pips, fee in zip(action.pips, top.data.fees, strict=True)]
    take_benefits(game, game.s.players[top.seat], top.data.die, list(top.data.tiles), tiers,
                  declined=not any(action.pips), pips=list(action.pips), fees=list(top.data.fees))


def activate_tile(game: Table, p: PlayerState, tile_id: str, t: int, drawn: list[str]) -> list[dict[str, Any]]:
    """Give ``p`` the benefit of tier ``t`` of a tile; returns what was gained, as gain items (see
    ``names.gain_words``). Cards drawn from a deck are added to ``drawn``."""
    if t <= 0:
        return []
    resources, colonists, favor, draws = _benefit_plan(game, tile_id, t)
    out: list[dict[str, Any]] = []
    if resources:
        out += supply.gain(game, p, resources)
    if colonists:
        out.append(supply.gain_colonists_item(game, p, colonists))
    if favor:
        p.favor += favor
        out.append({"k": "favor", "n": favor})
    for deck, source, size in draws:
        out.append(draw_card(game, p, deck, source, size, drawn))
    return out


def benefit_items(game: Table, ledger: supply.Ledger, tile_id: str, t: int) -> list[dict[str, Any]]:
    """What tier ``t`` of a tile would give now, as the gain items :func:`activate_tile` would
    return (``ledger``: the player's stock as the gains before this one leave it)."""
    if t <= 0:
        return []
    s = game.s
    resources, colonists, favor, draws = _benefit_plan(game, tile_id, t)
    out: list[dict[str, Any]] = []
    if resources:
        out += ledger.gain(resources)
    if colonists:
        out.append(ledger.colonists(colonists))
    if favor:
        out.append({"k": "favor", "n": favor})
    for deck, source, size in draws:
        if deck == "ship" and size is not None:
            out.append({"k": "ship", "size": size, "card": s.ship_display.get(size, "")})
            continue
        pile, display = (s.building_deck, s.building_display) if deck == "building" else (
            s.person_deck, s.person_display)
        there = pile if source == "deck" else display
        out.append({"k": source, "deck": deck, "n": 1 if there else 0})
    return out


def benefit_words(game: Table, ledger: supply.Ledger, tile_id: str, t: int) -> str:
    """Tier ``t`` of a tile in words, as it would be gained now ("2 Sails (+1 over the track → 1
    Prestige)", "the small ship Celox", "1 Colonist — no room, lost")."""
    if t <= 0:
        return "nothing"
    return ", ".join(gain_words(game.cat, benefit_items(game, ledger, tile_id, t), before=True)) or "nothing"


def draw_card(game: Table, p: PlayerState, deck: str, source: str, size: str | None, drawn: list[str]
              ) -> dict[str, Any]:
    s = game.s
    if deck == "ship":
        assert size is not None
        card = s.ship_display.get(size, "")
        if not card:
            return {"k": "ship", "size": size, "card": ""}
        p.hand.append(card)
        game.reveal()
        pile = s.ship_decks[size]
        s.ship_display[size] = pile.pop(0) if pile else ""
        return {"k": "ship", "size": size, "card": card}
    pile, display = (
        (s.building_deck, s.building_display) if deck == "building" else (s.person_deck, s.person_display)
    )
    if source == "deck":
        if not pile:
            return {"k": "deck", "deck": deck, "n": 0}
        game.reveal()
        card = pile.pop(0)
        p.hand.append(card)
        drawn.append(card)
        return {"k": "deck", "deck": deck, "n": 1}
    if not display:
        return {"k": "display", "deck": deck, "n": 0}
    offer(game, p.seat, "harbor.take_display", list(display), f"take a {deck.capitalize()} card from the display.",
          deck=deck)
    return {"k": "display", "deck": deck, "n": 1}


@continuation("harbor.take_display")
def take_display(game: Table, top: Pending, option: Plain) -> None:
    take_from_display(game, game.s.players[top.seat], str(top.data.deck), option.value)


def take_from_display(game: Table, p: PlayerState, deck: str, card: str) -> None:
    """Take a face-up card; the rest slide toward the icon and the deck fills the gap."""
    s = game.s
    pile, display = (
        (s.building_deck, s.building_display) if deck == "building" else (s.person_deck, s.person_display)
    )
    display.remove(card)
    p.hand.append(card)
    if pile:
        game.reveal()
        display.append(pile.pop(0))
    game.log("take-display", p.seat, card=card)


def district_gains(game: Table, pips: int) -> dict[str, int]:
    """What a die of ``pips`` gains in the Smuggler's District now: per Smuggler die there, the
    resource its colour pays by the Dice Bonus tile, times the tier the pips reach."""
    district = game.cat.harbor.smugglers_district
    t = tier(game, pips, 0)
    amount = district.tier_amounts[t - 1] if t > 0 else 0
    gains: dict[str, int] = {}
    if amount:
        mapping = supply.current_bonus_mapping(game)
        for sd in game.s.smuggler_dice:
            res = mapping[die_colour(sd)]
            gains[res] = gains.get(res, 0) + amount
    return gains


def smuggle(game: Table, p: PlayerState, die: int, pips: int) -> None:
    """A die in the Smuggler's District: per Smuggler die, its colour's resource times the tier."""
    s = game.s
    district = game.cat.harbor.smugglers_district
    gains = district_gains(game, pips)
    items = supply.gain(game, p, gains) if gains else []
    p.smuggler += district.smuggler_tokens
    items.append({"k": "smuggler", "n": district.smuggler_tokens})
    game.log("place.district", p.seat, die=die, face=s.faces[die], items=items)


# --- the rules of placing dice ----------------------------------------------------------------------


def _dice_key(game: Table, die: int) -> tuple[str, int, bool, int, bool]:
    """What makes two drafted dice alike for placing: colour, face, Wild, extra pips, no fee."""
    s = game.s
    return (die_colour(die), s.faces[die], die in s.die_wild, s.die_bonus.get(str(die), 0), die in s.die_no_fee)


def _not_drafted(game: Table, p: PlayerState, die: int) -> Refusal | None:
    if die not in p.drafted:
        return Refusal(f"die {die} is not one of your drafted dice", R.PLACING)
    return None


@rule
class PlaceDieRule(ActionRule[PlaceDie]):
    """Playing Dice Workers: a drafted die goes on an empty slot one of whose halves it matches
    (a Wild die: any), or into the Smuggler's District."""

    action = PlaceDie
    entry = R.WHERE_A_DIE_MAY_GO

    def candidates(self, game: Table, top: Pending) -> list[PlaceDie]:
        slots = [*geometry(game).slot_ids, DISTRICT]
        drafted = game.s.players[top.seat].drafted
        return ([PlaceDie(d, sid) for d in drafted for sid in slots]
                + [PlaceDie(d, sid, True) for d in drafted for sid in slots])

    def legal(self, game: Table, top: Pending) -> list[PlaceDie]:
        return placements(game, game.s.players[top.seat])

    def check(self, game: Table, top: Pending, action: PlaceDie) -> Refusal | None:
        s = game.s
        p = s.players[top.seat]
        refusal = _not_drafted(game, p, action.die)
        if refusal:
            return refusal
        if action.slot != DISTRICT and action.slot not in game.cat.slots:
            return Refusal(f"there is no slot {action.slot}", R.WHERE_A_DIE_MAY_GO)
        if action.slot in s.slots:
            return Refusal("slot is taken", R.WHERE_A_DIE_MAY_GO)
        if action.slot != DISTRICT and not die_fits(game, action.die, action.slot):
            halves = "/".join(sorted(geometry(game).slot_colours[action.slot]))
            return Refusal(f"die colour fits neither half ({die_colour(action.die)} on a {halves} slot)",
                           R.WHERE_A_DIE_MAY_GO)
        key = _dice_key(game, action.die)
        twin = next(d for d in p.drafted if _dice_key(game, d) == key)
        if twin != action.die:  # two dice alike in every way: the choices list the first
            label = die_label(action.die, s.faces[action.die])
            return Refusal(f"this {label} is just like your other {label} (die {twin}), which the choices list: "
                           "place that one", R.PLACING)
        if action.decline:
            if action.slot == DISTRICT:
                return Refusal("a die in the Smuggler's District always takes what it gains there", R.DISTRICT_GAIN)
            if len(geometry(game).slot_cells[action.slot]) != 1:
                return Refusal("on a slot between two tiles you say what each tile gets after placing the die "
                               "(taking nothing is one of the choices)", R.SPLITTING_PIPS)
            if shore_tier(game, action.die, action.slot) == 0:
                return Refusal("this die gives nothing there anyway: place it without declining", R.BENEFIT_TIERS)
        return None

    def apply(self, game: Table, top: Pending, action: PlaceDie) -> None:
        apply_place(game, top, action)

    def words(self, game: Table, top: Pending | None, action: PlaceDie) -> str:
        s = game.s
        label = die_words(game, action.die)
        wild = " (Wild)" if action.die in s.die_wild else ""
        seat = top.seat if top is not None else 0
        ledger = supply.Ledger(game, s.players[seat])
        if action.slot == DISTRICT:
            gain = district_words(game, ledger, pips_of(game, action.die))
            return f"Place {label}{wild} in {SMUGGLERS_DISTRICT}: {gain}"
        shop_pips = shops.pips_at(game, action.slot)
        pips = pips_of(game, action.die) + shop_pips
        no_fee = action.die in s.die_no_fee
        cells = geometry(game).slot_cells[action.slot]
        tiles = [s.layout[c] for c in cells]
        fees = [0 if no_fee else shore_fee(game, c) for c in cells]
        if len(tiles) == 1:
            t = tier(game, pips, fees[0])
            notes = [f"{game.cat.slots[action.slot].side} shore"]
            if fees[0]:
                notes.append(f"fee {fees[0]}")
            if shop_pips:
                notes.append(f"+{plural(shop_pips, 'pip')} from Shops")
            gain = benefit_words(game, ledger, tiles[0], t) if t else "too few pips for any benefit"
            where = f"Place {label}{wild} on {tile_name(game, tiles[0])} ({', '.join(notes)})"
            return f"{where} and take nothing (not {gain})" if action.decline else f"{where}: {gain}"
        fee_notes = [f"{tile_name(game, t)} fee {f}" for t, f in zip(tiles, fees, strict=True) if f]
        extra = f"; {', '.join(fee_notes)}" if fee_notes else ""
        between = f"Place {label}{wild} between {tile_name(game, tiles[0])} and {tile_name(game, tiles[1])}"
        if all(tier(game, pips, fee) == 0 for fee in fees):  # all the pips on either tile are too few
            return f"{between}: too few pips for any benefit{extra}"
        return f"{between}: split {pip_count_words(game, action.die, shop_pips)}{extra}"


def pip_count_words(game: Table, die: int, shop_pips: int = 0) -> str:
    """A die's pips for its placement, and where those beyond its face come from: "5 pips (2 + 1
    extra + 2 from Shops)"; just "4 pips" when they are all on its face."""
    face = game.s.faces[die]
    extra = game.s.die_bonus.get(str(die), 0)
    parts = [str(face)]
    if extra:
        parts.append(f"{extra} extra")  # Favor and the Investor
    if shop_pips:
        parts.append(f"{shop_pips} from Shops")
    return plural(face + extra + shop_pips, "pip") + (f" ({' + '.join(parts)})" if len(parts) > 1 else "")


def district_words(game: Table, ledger: supply.Ledger, pips: int) -> str:
    """What a die of ``pips`` would gain in the Smuggler's District now, in words."""
    items = ledger.gain(district_gains(game, pips))
    items.append({"k": "smuggler", "n": game.cat.harbor.smugglers_district.smuggler_tokens})
    return ", ".join(gain_words(game.cat, items, before=True))


def split_words(game: Table, data: AssignDecision, pips: tuple[int, ...]) -> str:
    """A pip split on the tiles of the die just placed, with what each tile would give now:
    "3 to Blacksmith Avenue (2 Metal), 1 to Shipyard (the small ship Celox)"; a part too small for
    its tile's first tier gives nothing there ("1 to Sailmaker (nothing: needs 3)")."""
    tiles, fees = data.tiles, data.fees
    if not any(pips):
        return "Take no benefit"
    top = game.pending
    seat = top.seat if top is not None else 0
    ledger = supply.Ledger(game, game.s.players[seat])
    t1 = game.cat.harbor.tier_thresholds[0]
    parts = []
    for tile, n, fee in zip(tiles, pips, fees, strict=True):
        if n <= 0:
            continue
        t = tier(game, n, fee)
        gain = benefit_words(game, ledger, tile, t) if t else f"nothing: needs {t1 + fee}"
        parts.append(f"{n} to {tile_name(game, tile)} ({gain})")
    return ", ".join(parts)


@rule
class AssignPipsRule(ActionRule[AssignPips]):
    """Harbor Tile Benefits: the placed die's pips go to the tile(s) its slot touches; the choices
    list one split per result (see ``assign_options``)."""

    action = AssignPips
    entry = R.SPLITTING_PIPS

    def candidates(self, game: Table, top: Pending) -> list[AssignPips]:
        pips = top.data.pips
        return [AssignPips((0, 0))] + [AssignPips((a, pips - a)) for a in range(pips + 1)]

    def legal(self, game: Table, top: Pending) -> list[AssignPips]:
        return assign_options(game, top)

    def check(self, game: Table, top: Pending, action: AssignPips) -> Refusal | None:
        if action in assign_options(game, top):
            return None
        data = top.data
        pips, fees = data.pips, data.fees
        if len(action.pips) != len(fees):
            return Refusal(f"this slot touches {len(fees)} tile{'s' if len(fees) > 1 else ''}", R.SPLITTING_PIPS)
        if any(x < 0 for x in action.pips) or sum(action.pips) != pips and sum(action.pips) != 0:
            return Refusal(f"the die has {pips} pips to assign", R.SPLITTING_PIPS)
        # Every split is allowed (a part too small for its tile's first tier gives nothing there),
        # but the choices list one split per outcome (the tier each tile gets): any other gives
        # the same as the split listed for its outcome.
        listed = equivalent_split(game, action)
        if listed is None:  # every split of the die's pips has a listed outcome: never happens
            return Refusal("that split is not possible", R.SPLITTING_PIPS)
        same = "+".join(map(str, listed.pips))
        t1 = game.cat.harbor.tier_thresholds[0]
        for x, fee, tile in zip(action.pips, fees, data.tiles, strict=True):
            if 0 < x < t1 + fee:
                name = game.cat.tiles[tile].name
                return Refusal(f"{name} gets nothing from {x} of the pips (its first tier needs {t1 + fee}), so "
                               f"this split gives the same as {same}, which the choices list: take that one",
                               R.SPLITTING_PIPS)
        return Refusal(f"this split gives each tile the same as {same}, which the choices list instead: "
                       "take that one", R.SPLITTING_PIPS)

    def apply(self, game: Table, top: Pending, action: AssignPips) -> None:
        apply_assign(game, top, action)

    def words(self, game: Table, top: Pending | None, action: AssignPips) -> str:
        if top is None or top.kind != "assign":
            return f"Assign {'+'.join(map(str, action.pips))} pips"
        return split_words(game, top.data, action.pips)


@rule
class SpendFavorPipRule(ActionRule[SpendFavorPip]):
    """Spend Favor Tokens: 1 Favor gives a drafted die +1 pip for its placement (its face stays)."""

    action = SpendFavorPip
    entry = R.FAVOR

    def candidates(self, game: Table, top: Pending) -> list[SpendFavorPip]:
        return [SpendFavorPip(d) for d in game.s.players[top.seat].drafted]

    def legal(self, game: Table, top: Pending) -> list[SpendFavorPip]:
        p = game.s.players[top.seat]
        return [new_favor_pip(d) for d in p.drafted] if p.favor >= 1 else []

    def check(self, game: Table, top: Pending, action: SpendFavorPip) -> Refusal | None:
        p = game.s.players[top.seat]
        refusal = _not_drafted(game, p, action.die)
        if refusal:
            return refusal
        return Refusal("you have no Favor", R.FAVOR) if p.favor < 1 else None

    def apply(self, game: Table, top: Pending, action: SpendFavorPip) -> None:
        apply_boost(game, top, action)

    def words(self, game: Table, top: Pending | None, action: SpendFavorPip) -> str:
        now = pips_of(game, action.die)
        return f"Spend 1 Favor: {die_words(game, action.die)} counts {now + 1} pips for its placement"


@rule
class UseSmugglerTokenRule(ActionRule[UseSmugglerToken]):
    """Smuggler's District: a Smuggler token lets one drafted die ignore Shore fees for its placement."""

    action = UseSmugglerToken
    entry = R.SMUGGLER_TOKENS

    def candidates(self, game: Table, top: Pending) -> list[UseSmugglerToken]:
        return [UseSmugglerToken(d) for d in game.s.players[top.seat].drafted]

    def legal(self, game: Table, top: Pending) -> list[UseSmugglerToken]:
        p = game.s.players[top.seat]
        return [new_smuggler_token(d) for d in p.drafted if d not in game.s.die_no_fee] if p.smuggler >= 1 else []

    def check(self, game: Table, top: Pending, action: UseSmugglerToken) -> Refusal | None:
        p = game.s.players[top.seat]
        refusal = _not_drafted(game, p, action.die)
        if refusal:
            return refusal
        if p.smuggler < 1:
            return Refusal("you have no Smuggler token", R.SMUGGLER_TOKENS)
        if action.die in game.s.die_no_fee:
            label = die_label(action.die, game.s.faces[action.die])
            return Refusal(f"{label} already ignores Shore fees", R.PAST_A_FEE)
        return None

    def apply(self, game: Table, top: Pending, action: UseSmugglerToken) -> None:
        apply_boost(game, top, action)

    def words(self, game: Table, top: Pending | None, action: UseSmugglerToken) -> str:
        return f"Spend a Smuggler token: {die_words(game, action.die)} ignores Shore fees for its placement"
