"""Setup: a fresh state for 2-4 seats, following the rulebook's setup list."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from great_harbor.data import Catalogue

from .state import COLOURS, DICE_PER_COLOUR, GameState, PlayerState

CELLS = [(r, c) for r in range(3) for c in range(3)]


def new_state(
    cat: Catalogue,
    rng: random.Random,
    names: Sequence[str],
    automa: Sequence[bool],
    seed: int,
    shops_variant: bool,
) -> GameState:
    seats = len(names)
    # 1. Conversion cards: the laurel card and two others at random.
    laurel = next(c.id for c in cat.conversion_cards.values() if c.laurel)
    others = sorted(c.id for c in cat.conversion_cards.values() if not c.laurel)
    conversions = [laurel, *rng.sample(others, 2)]
    # 2-3. The Shipyard on its space, the other eight tiles at random around it.
    shipyard = next(t for t in cat.harbor.tiles if t.fixed_cell is not None)
    rest = sorted(t.id for t in cat.harbor.tiles if t.fixed_cell is None)
    rng.shuffle(rest)
    layout: dict[str, str] = {}
    for cell in CELLS:
        key = f"{cell[0]},{cell[1]}"
        layout[key] = shipyard.id if cell == shipyard.fixed_cell else rest.pop()
    # 4. Ship decks by size, one revealed of each.
    ship_decks: dict[str, list[str]] = {}
    ship_display: dict[str, str] = {}
    for size in ("small", "medium", "large"):
        deck = list(_in_order(cat)[f"ship-{size}"])
        rng.shuffle(deck)
        ship_display[size] = deck.pop(0)
        ship_decks[size] = deck
    # 5-6. Person and Building decks, three face up each.
    person_deck = list(_in_order(cat)["persons"])
    rng.shuffle(person_deck)
    building_deck = list(_in_order(cat)["buildings"])
    rng.shuffle(building_deck)
    person_display = [person_deck.pop(0) for _ in range(3)]
    building_display = [building_deck.pop(0) for _ in range(3)]
    # 9. Dice Bonus tiles.
    bonus = list(_in_order(cat)["dice_bonus_tiles"])
    rng.shuffle(bonus)
    # 11. Luxury demand tiles, one per demand slot.
    demand_pool = list(_in_order(cat)["luxury_demand_tiles"])
    rng.shuffle(demand_pool)
    demands = [[demand_pool.pop(0) for _ in range(seg.demand_slots)] for seg in cat.trade_board.segments]
    # 12. Pirates.
    pirates = list(_in_order(cat)["pirates"])
    rng.shuffle(pirates)
    # 15. Governors.
    governors = list(_in_order(cat)["governors"])
    rng.shuffle(governors)
    # 16. Luxury production tiles: three each, at least two kinds per player.
    humans = [i for i in range(seats) if not automa[i]]
    tiles = _deal_luxury_tiles(cat, rng, len(humans))
    board = cat.colony_board
    players: list[PlayerState] = []
    for seat, name in enumerate(names):
        p = PlayerState(seat=seat, name=name, automa=automa[seat], governor=governors[seat])
        p.person_slots = [[] for _ in range(board.person_slots)]
        if shops_variant:  # Harbor Shops variant: everyone gets their Shop tokens
            p.shops_left = cat.supply.shops_per_player
        if not automa[seat]:
            p.luxury_tiles = tiles[humans.index(seat)]
            p.luxury_workers = [0] * len(p.luxury_tiles)
        players.append(p)
    # 17. The dice bag for the seat count.
    per_colour = cat.supply.dice_by_seats[seats].per_colour
    bag = [c * DICE_PER_COLOUR + k for c in range(len(COLOURS)) for k in range(per_colour)]
    automa_deck = list(_in_order(cat)["automa_cards"])
    rng.shuffle(automa_deck)
    return GameState(
        seed=seed,
        seats=seats,
        shops_variant=shops_variant,
        players=players,
        rng=[],
        layout=layout,
        faces=[1] * (DICE_PER_COLOUR * len(COLOURS)),
        bag=bag,
        person_deck=person_deck,
        person_display=person_display,
        building_deck=building_deck,
        building_display=building_display,
        ship_decks=ship_decks,
        ship_display=ship_display,
        pirate_deck=pirates,
        conversions=conversions,
        dice_bonus_stack=bonus,
        demand_pool=demand_pool,
        demands=demands,
        colonist_supply=cat.supply.colonists,
        automa_deck=automa_deck,
        anchor=0,  # 19. The first seat holds the Anchor.
    )


@cache
def _in_order(cat: Catalogue) -> dict[str, tuple[str, ...]]:
    """Each deck's ids in their order before shuffling (by number, see ``_num``), worked out once
    per catalogue: every new game starts from them."""
    out = {f"ship-{size}": tuple(sorted((s.id for s in cat.ships.values() if s.size == size), key=_num))
           for size in ("small", "medium", "large")}
    for name in ("persons", "buildings", "dice_bonus_tiles", "luxury_demand_tiles", "pirates", "governors",
                 "automa_cards", "luxury_production_tiles"):
        out[name] = tuple(sorted(getattr(cat, name), key=_num))
    return out


def _num(card_id: str) -> int:
    """Sort ids by their number so a seed gives the same game whatever the file order."""
    tail = card_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def _deal_luxury_tiles(cat: Catalogue, rng: random.Random, players: int) -> list[list[str]]:
    per = cat.supply.luxury_production_tiles_per_player
    need = cat.supply.min_luxury_types_per_player
    tiles = list(_in_order(cat)["luxury_production_tiles"])
    while True:  # "redistribute if needed": deal again until everyone has enough kinds
        rng.shuffle(tiles)
        hands = [tiles[i * per:(i + 1) * per] for i in range(players)]
        kinds = [{cat.luxury_production_tiles[t].luxury for t in h} for h in hands]
        if all(len(k) >= need for k in kinds):
            return hands
