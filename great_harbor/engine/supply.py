"""The supply and the colony's stock: resources on their tracks, coins' worth, colonists in
housing, Luxury tokens, and the resource each die colour pays by the Dice Bonus tile in play.

What every rule that gives or takes things calls; the rules themselves are above it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from great_harbor.data import Catalogue

from .state import PlayerState

if TYPE_CHECKING:
    from .table import Table

LUXURY_TOKENS_PER_KIND = 4  # the component list: 16 Luxury tokens, 4 of each


# --- resources and colonists ----------------------------------------------------------------------


SURPLUS_PRESTIGE = 1  # the Surplus rule: once per gain, however much is over


def resource_items(held: Mapping[str, int], top: int, gains: Mapping[str, int]) -> list[dict[str, Any]]:
    """What gaining ``gains`` on tracks that hold ``held`` (each up to ``top``) gives, as gain items
    (see :func:`great_harbor.engine.names.gain_words`): per resource the amount that lands on the
    track (``n``) and the amount over it (``over``); then, when anything is over, the 1 Prestige
    the surplus pays, once for the whole gain."""
    items: list[dict[str, Any]] = []
    surplus = False
    for r, n in gains.items():
        if n <= 0:
            continue
        landed = max(0, min(n, top - held[r]))
        items.append({"k": "res", "r": r, "n": landed, "over": n - landed})
        surplus = surplus or landed < n
    if surplus:
        items.append({"k": "surplus", "n": SURPLUS_PRESTIGE})
    return items


def gain(game: Table, p: PlayerState, gains: Mapping[str, int]) -> list[dict[str, Any]]:
    """Add resources; a track stops at its top and the gain then pays 1 Prestige once (the
    rulebook's Surplus rule, for every gain). Returns what was gained, as gain items."""
    items = resource_items(p.resources, game.cat.colony_board.resource_max, gains)
    for item in items:
        if item["k"] == "res":
            p.resources[item["r"]] += item["n"]
        else:
            p.prestige += item["n"]
    return items


def gain_resources(game: Table, p: PlayerState, gains: Mapping[str, int]) -> bool:
    """Add resources (see :func:`gain`); returns whether there was a surplus."""
    return any(item["k"] == "surplus" for item in gain(game, p, gains))


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


def card_cost(game: Table, card: str) -> Mapping[str, int]:
    """The cost of a Ship or Building card, to read only (shared: :func:`cost_of` for one to
    change). What the legal-action lists ask, for every such card in hand at every decision."""
    return _card_costs(game.cat)[card]


@cache
def _card_costs(cat: Catalogue) -> dict[str, dict[str, int]]:
    costs = {c.id: cost_of(c.cost) for c in cat.ships.values()}
    costs.update({c.id: cost_of(c.cost) for c in cat.buildings.values()})
    return costs



def housing_capacity(game: Table, p: PlayerState) -> int:
    board = game.cat.colony_board
    insulae = [s for s in p.structures if s.startswith("insula")]
    if not insulae:  # the usual case, asked for every ledger: no pairs to look for
        return board.base_housing
    pairs = sum(1 for a, b in board.adjacency if a in insulae and b in insulae)
    return board.base_housing + board.housing_per_insula * len(insulae) + board.housing_per_adjacent_insulae * pairs


def colonist_item(room: int, left: int, n: int) -> dict[str, Any]:
    """What gaining ``n`` colonists gives with ``room`` free housing and ``left`` in the supply,
    as a gain item: how many come (``got``) of those wanted and, when some are lost, why."""
    got = max(0, min(n, room, left))
    item: dict[str, Any] = {"k": "colonists", "got": got, "wanted": n}
    if got < n:
        item["why"] = "room" if room < n else "supply"
    return item


def housing_room(game: Table, p: PlayerState) -> int:
    return housing_capacity(game, p) - p.free_colonists


def gain_colonists_item(game: Table, p: PlayerState, n: int) -> dict[str, Any]:
    """Take up to ``n`` colonists from the supply into free housing; returns the gain item."""
    s = game.s
    item = colonist_item(housing_room(game, p), s.colonist_supply, n)
    p.free_colonists += item["got"]
    s.colonist_supply -= item["got"]
    return item


def gain_colonists(game: Table, p: PlayerState, n: int) -> int:
    """Take up to ``n`` colonists from the supply into free housing; returns how many came."""
    return int(gain_colonists_item(game, p, n)["got"])


class Ledger:
    """One player's stock as a series of gains would leave it, without changing the game: what an
    action would give, worked out before the player chooses it (resources on their tracks, room
    in housing, colonists in the supply), in the same gain items as the gains themselves."""

    def __init__(self, game: Table, p: PlayerState) -> None:
        self.top = game.cat.colony_board.resource_max
        self.resources = dict(p.resources)
        self.room = housing_room(game, p)
        self.supply = game.s.colonist_supply

    def copy(self) -> Ledger:
        """The same stock, to go on from separately (cheaper than a new ledger of the player)."""
        new = object.__new__(Ledger)
        new.top = self.top
        new.resources = dict(self.resources)
        new.room = self.room
        new.supply = self.supply
        return new

    def gain(self, gains: Mapping[str, int]) -> list[dict[str, Any]]:
        items = resource_items(self.resources, self.top, gains)
        for item in items:
            if item["k"] == "res":
                self.resources[item["r"]] += item["n"]
        return items

    def colonists(self, n: int) -> dict[str, Any]:
        item = colonist_item(self.room, self.supply, n)
        self.room -= item["got"]
        self.supply -= item["got"]
        return item


def to_housing_or_supply(game: Table, p: PlayerState, n: int) -> int:
    """``n`` colonists go to free housing; those with no room go back to the supply. Returns how
    many found room."""
    room = housing_capacity(game, p) - p.free_colonists
    home = max(0, min(n, room))
    p.free_colonists += home
    game.s.colonist_supply += n - home
    return home


def return_workers(game: Table, p: PlayerState) -> tuple[int, int]:
    """End of round: colonists on buildings, structure sites and production tiles come home.
    Returns how many came back and how many of those found room in housing."""
    n = sum(p.building_workers.values()) + len(p.site_workers) + sum(p.luxury_workers)
    p.building_workers = {}
    p.site_workers = []
    p.luxury_workers = [0] * len(p.luxury_workers)
    return n, (to_housing_or_supply(game, p, n) if n else 0)


def luxury_supply(game: Table, luxury: str) -> int:
    held = 0
    for p in game.s.players:  # a loop, not sum(): asked for every production tile at every turn
        held += p.luxuries[luxury]
    return LUXURY_TOKENS_PER_KIND - held


def colonists_in_colony(p: PlayerState) -> int:
    """Colonists on the colony board: housing, workers and crew (what the Curia counts)."""
    crew = sum(len(sh.crew) for sh in p.docks if sh is not None)
    return p.free_colonists + sum(p.building_workers.values()) + len(p.site_workers) + sum(p.luxury_workers) + crew


def current_bonus_mapping(game: Table) -> dict[str, str]:
    """The basic resource each die colour pays, by the Dice Bonus tile face up now."""
    return dict(_bonus_mapping(game.cat, game.s.dice_bonus_stack[0]))  # a copy: the caller's to keep


@cache
def _bonus_mapping(cat: Catalogue, tile_id: str) -> dict[str, str]:
    """A Dice Bonus tile's colours and resources by name (drafting a die asks it again and again)."""
    return {str(k): str(v) for k, v in cat.dice_bonus_tiles[tile_id].mapping.items()}
