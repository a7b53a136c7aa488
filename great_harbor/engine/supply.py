"""The supply and the colony's stock: resources on their tracks, coins' worth, colonists in
housing, Luxury tokens, and the resource each die colour pays by the Dice Bonus tile in play.

What every rule that gives or takes things calls; the rules themselves are above it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .state import PlayerState

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
    for r, n in cost.items():  # a loop, not all(): this runs for every way to build, every decision
        if res[r] < n:
            return False
    return True


def pay(p: PlayerState, cost: Mapping[str, int]) -> None:
    for r, n in cost.items():
        p.resources[r] -= n


def cost_of(card_cost: Mapping[Any, int]) -> dict[str, int]:
    return {str(k): v for k, v in card_cost.items()}



def housing_capacity(game: Game, p: PlayerState) -> int:
    board = game.cat.colony_board
    insulae = [s for s in p.structures if s.startswith("insula")]
    pairs = sum(1 for a, b in board.adjacency if a in insulae and b in insulae)
    return board.base_housing + board.housing_per_insula * len(insulae) + board.housing_per_adjacent_insulae * pairs


def gain_colonists(game: Game, p: PlayerState, n: int) -> int:
    """Take up to ``n`` colonists from the supply into free housing; returns how many came."""
    s = game.s
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


def current_bonus_mapping(game: Game) -> dict[str, str]:
    """The basic resource each die colour pays, by the Dice Bonus tile face up now."""
    tile = game.cat.dice_bonus_tiles[game.s.dice_bonus_stack[0]]
    return {str(k): str(v) for k, v in tile.mapping.items()}
