"""Checks that must hold after every action. Used by ``simulate --check`` and the tests; a
violation is an engine bug, reported with what broke."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from . import colony, fleet, shops
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
        if not p.automa and p.free_colonists > colony.housing_capacity(game, p):
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
    on_boards = sum(colony.colonists_in_colony(p) + p.automa_colonists for p in s.players)
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
    pirates = s.pirate_deck + s.pirate_discard + [c for c in s.pirates if c]
    if sorted(pirates) != sorted(cat.pirates):
        yield "pirate cards not conserved"
    demands = s.demand_pool + [t for seg in s.demands for t in seg]
    if sorted(demands) != sorted(cat.luxury_demand_tiles):
        yield "luxury demand tiles not conserved"
    for x in LUXURIES:
        if colony.luxury_supply(game, x) < 0:
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
