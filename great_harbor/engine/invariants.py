"""Checks that must hold after every action. Used by ``simulate --check`` and the tests; a
violation is an engine bug, reported with what broke."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from . import fleet, shops, supply
from .state import COLOURS, DICE_PER_COLOUR, DOCKED, LUXURIES, OUTBOUND, RETURNING, STATS

if TYPE_CHECKING:
    from .game import Game


class InvariantError(AssertionError):
    pass


def check(game: Game) -> None:
    problems = list(find_problems(game))
    if problems:
        raise InvariantError("; ".join(problems))


def find_problems(game: Game):  # type: ignore[no-untyped-def]
    s = game.s
    cat = game.cat
    top = cat.colony_board.resource_max
    if not 1 <= s.round <= cat.supply.rounds or s.turn not in ("A", "B"):
        yield f"round/turn marker off the track: {s.round}{s.turn}"
    if s.phase not in ("draft", "actions", "voyage", "final_convert", "over"):
        yield f"unknown phase {s.phase}"
    if s.phase != "over" and not game.legal_actions():
        yield f"no legal action in phase {s.phase} with {s.stack[-1].kind if s.stack else 'nothing'} pending"
    for p in s.players:
        for r, v in p.resources.items():
            if not 0 <= v <= top:
                yield f"{p.name} has {v} {r}"
        for name in ("coins", "favor", "smuggler", "prestige", "free_colonists"):
            if getattr(p, name) < 0:
                yield f"{p.name} has negative {name}"
        if not p.automa and p.free_colonists > supply.housing_capacity(game, p):
            yield f"{p.name} houses more colonists than there is room for"
        if len(p.activated) > cat.colony_board.activation_markers:
            yield f"{p.name} uses more than {cat.colony_board.activation_markers} Activation markers"
        for sh in fleet.ships(p):
            if sh.where not in (DOCKED, OUTBOUND, RETURNING):
                yield f"{p.name}'s ship {sh.card} is nowhere ({sh.where})"
            if len(sh.crew) > fleet.hull(game, sh) or len(set(sh.crew)) != len(sh.crew):
                yield f"{p.name}'s ship {sh.card} has crew {sh.crew} over its Hull or twice on a stat"
            if any(c not in STATS for c in sh.crew):
                yield f"{p.name}'s ship {sh.card} has crew on Hull"
            if sh.where == OUTBOUND and not 0 <= sh.segment <= 2:
                yield f"{p.name}'s ship {sh.card} is outbound off the board"
            if sh.where == RETURNING and sh.sail_back <= 0:
                yield f"{p.name}'s ship {sh.card} is returning from the harbor itself"
        for slot_cards in p.person_slots:
            if len(slot_cards) > 2:
                yield f"{p.name} has three Persons in one slot"
    # Dice: each die of this seat count is in exactly one place.
    per_colour = cat.supply.dice_by_seats[s.seats].per_colour
    expected = sorted(c * DICE_PER_COLOUR + k for c in range(len(COLOURS)) for k in range(per_colour))
    places = s.bag + s.pool + list(s.slots.values()) + s.district + s.smuggler_dice
    for p in s.players:
        places += p.drafted
    if sorted(places) != expected:
        yield f"dice not conserved: {sorted(places)}"
    if any(not 1 <= f <= 6 for f in s.faces):
        yield "a die shows no face 1-6"
    # Colonists: supply + everything on boards = 30.
    on_boards = sum(supply.colonists_in_colony(p) + p.automa_colonists for p in s.players)
    if s.colonist_supply < 0 or s.colonist_supply + on_boards != cat.supply.colonists:
        yield f"colonists not conserved: supply {s.colonist_supply} + boards {on_boards}"
    # Cards: every card in exactly one place.
    seen: Counter[str] = Counter(
        s.person_deck + s.person_display + s.building_deck + s.building_display
        + [c for deck in s.ship_decks.values() for c in deck] + [c for c in s.ship_display.values() if c]
    )
    for p in s.players:
        seen.update(p.hand)
        seen.update(c for slot in p.person_slots for c in slot)
        seen.update(p.buildings)
        seen.update(sh.card for sh in fleet.ships(p))
        seen.update(p.retired_ships)
    every = list(cat.persons) + list(cat.buildings) + list(cat.ships)
    if seen != Counter(every):
        missing = set(every) - set(seen)
        twice = [c for c, n in seen.items() if n > 1]
        yield f"cards not conserved: missing {sorted(missing)}, twice {sorted(twice)}"
    yield from _colony_problems(game)
    yield from _trade_board_problems(game)
    pirates = s.pirate_deck + s.pirate_discard + [c for c in s.pirates if c]
    if sorted(pirates) != sorted(cat.pirates):
        yield "pirate cards not conserved"
    demands = s.demand_pool + [t for seg in s.demands for t in seg]
    if sorted(demands) != sorted(cat.luxury_demand_tiles):
        yield "luxury demand tiles not conserved"
    for x in LUXURIES:
        if supply.luxury_supply(game, x) < 0:
            yield f"more {x} tokens in play than exist"
    # Harbor Shops variant: each player's Shops are on the harbor or still in hand, one per position.
    per_player = cat.supply.shops_per_player if s.shops_variant else 0
    known = shops.positions(game)
    for pos, seat in s.shops.items():
        if pos not in known:
            yield f"a Shop stands on {pos!r}, which is no Shop position"
        if not 0 <= seat < s.seats or s.players[seat].automa:
            yield f"the Shop on {pos} belongs to seat {seat}, who cannot set up Shops"
    placed = Counter(s.shops.values())
    for p in s.players:
        if p.shops_left < 0 or placed[p.seat] + p.shops_left != per_player:
            yield (f"shops not conserved: {p.name} has {placed[p.seat]} on the harbor and {p.shops_left} "
                   f"in hand, not {per_player}")


def _colony_problems(game: Game):  # type: ignore[no-untyped-def]
    """Cards, markers and workers in each colony sit where the rules allow."""
    cat = game.cat
    for p in game.s.players:
        persons = [c for slot in p.person_slots for c in slot]
        if any(c not in persons for c in p.activated) or len(set(p.activated)) != len(p.activated):
            yield f"{p.name} has Activation markers {p.activated} off their Persons"
        for i, slot in enumerate(p.person_slots, start=1):
            if len(slot) == 2 and (
                f"insula-{i}" not in p.structures or cat.persons[slot[0]].colour != cat.persons[slot[1]].colour
            ):
                yield f"{p.name}'s Person slot {i} holds {slot} without an Insula or in two colours"
        for card, n in p.building_workers.items():
            b = cat.buildings[card]
            if card not in p.buildings or b.kind != "employ" or n != b.colonists:
                yield f"{p.name} has {n} colonists on {card}"
        if any(site not in p.structures for site in p.site_workers) or len(set(p.site_workers)) != len(
            p.site_workers
        ):
            yield f"{p.name} has colonists on sites {p.site_workers} not built this way"
        if any(n not in (0, cat.colony_board.colonists_per_luxury) for n in p.luxury_workers):
            yield f"{p.name} has {p.luxury_workers} colonists on production tiles"
        for dock, sh in enumerate(p.docks, start=1):
            if sh is None:
                continue
            if sh.dock != dock or sh.damage < 0:
                yield f"{p.name}'s ship {sh.card} in dock {dock} says dock {sh.dock}, damage {sh.damage}"
            if sh.where == DOCKED and (sh.segment, sh.position, sh.sail_back) != (-1, -1, 0):
                yield f"{p.name}'s docked ship {sh.card} still has a place on the Trade board"
            if sh.where == OUTBOUND and (sh.position < 0 or sh.sail_back != 0):
                yield f"{p.name}'s outbound ship {sh.card} has no position"
            if sh.where == RETURNING and (sh.segment, sh.position) != (-1, -1):
                yield f"{p.name}'s returning ship {sh.card} still has a segment position"
            if sh.where == OUTBOUND and game.s.phase in ("draft", "final_convert", "over"):
                yield f"{p.name}'s ship {sh.card} is still outbound after the Voyage phase"


def _trade_board_problems(game: Game):  # type: ignore[no-untyped-def]
    """One owner per position; a player's right-facing ships in a segment share one position;
    Pirate cards lie on the board only from the Voyage phase to the end of the turn."""
    s = game.s
    for segment in range(len(s.pirates)):
        owners: dict[int, set[int]] = {}
        positions: dict[int, set[int]] = {}
        for p in s.players:
            for sh in fleet.ships(p):
                if sh.where == OUTBOUND and sh.segment == segment:
                    owners.setdefault(sh.position, set()).add(p.seat)
                    positions.setdefault(p.seat, set()).add(sh.position)
        if any(len(o) > 1 for o in owners.values()) or any(len(x) > 1 for x in positions.values()):
            yield f"segment {segment + 1} positions are shared between players or split: {owners}"
    if s.phase not in ("voyage", "final_convert") and any(s.pirates):
        yield f"Pirate cards {s.pirates} on the board in phase {s.phase}"
    for seg, tiles in zip(game.cat.trade_board.segments, s.demands, strict=True):
        if len(tiles) > seg.demand_slots:
            yield f"too many Luxury demands in a segment: {tiles}"
    if s.phase == "draft":
        for p in s.players:
            if p.voyage_strength_all or p.voyage_strength or p.voyage_cargo or p.voyage_any_luxury or (
                p.voyage_ignored_pirate
            ):
                yield f"{p.name} keeps Voyage-phase effects into the next turn"
