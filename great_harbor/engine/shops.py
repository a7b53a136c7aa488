"""Harbor Shops variant (rulebook "Harbor Shops Variant").

Where a Shop may stand is worked out from the harbor's slots, never listed by hand. The slots are
the edges of the 3x3 grid; every edge runs between two grid points (the tile corners, numbered
0-3 down and across). Going round one grid point, each two slots that come one after the other
give one Shop position touching exactly those two slots:

* two edges of one tile meeting at its corner: a Shop bent round that tile's corner (36 in all,
  four per tile);
* two Shore slots of neighbouring tiles meeting on the rim: a Shop on the shore where the two
  tiles meet (8 in all).

A position's id names its two slots, ``h01+v01``. The rulings are written down in the rules
lookup (``engine-rulings``, the Shop sections).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from great_harbor.data import Catalogue
from great_harbor.data.models import Side, SlotDef
from great_harbor.value_class import value_class

from . import colony, supply
from . import rule_ids as R
from .actions import SetUpShop, new_shop
from .errors import Refusal
from .names import amount, slot_name
from .rulebook import ActionRule, rule
from .state import RESOURCES, Pending, PlayerState, die_colour

if TYPE_CHECKING:
    from .table import Table

Point = tuple[int, int]  # a grid point: (row line, column line), each 0-3
Cell = tuple[int, int]

# Directions from a grid point along the grid lines, clockwise from north.
_DIRECTIONS: dict[Point, int] = {(-1, 0): 0, (0, 1): 1, (1, 0): 2, (0, -1): 3}
_CORNER_NAMES = {(0, 0): "top-left", (0, 1): "top-right", (1, 0): "bottom-left", (1, 1): "bottom-right"}


@value_class(frozen=True)
class ShopPosition:
    """One place a Shop can stand: the grid point it sits at and the two slots it touches."""

    id: str
    point: Point
    slots: tuple[str, str]
    cell: Cell | None  # the tile whose corner it wraps round; None on the rim between two tiles


@value_class(frozen=True)
class ShopMap:
    """Every Shop position of a catalogue's harbor, and which positions touch each slot."""

    positions: dict[str, ShopPosition]  # in order: grid points row by row, clockwise round each
    by_slot: dict[str, tuple[str, ...]]  # slot id -> ids of the positions touching it


def _endpoints(slot: SlotDef) -> tuple[Point, Point]:
    r, c = slot.cell
    return {
        Side.TOP: ((r, c), (r, c + 1)),
        Side.BOTTOM: ((r + 1, c), (r + 1, c + 1)),
        Side.LEFT: ((r, c), (r + 1, c)),
        Side.RIGHT: ((r, c + 1), (r + 1, c + 1)),
    }[slot.side]


@cache
def shop_map(cat: Catalogue) -> ShopMap:
    """Derive the Shop positions from the slots' cells and sides (see the module docstring)."""
    around: dict[Point, list[tuple[int, str]]] = {}
    for slot in cat.harbor.slots:
        a, b = _endpoints(slot)
        for here, there in ((a, b), (b, a)):
            step = (there[0] - here[0], there[1] - here[1])
            around.setdefault(here, []).append((_DIRECTIONS[step], slot.id))
    positions: dict[str, ShopPosition] = {}
    for point in sorted(around):
        ring = [sid for _, sid in sorted(around[point])]
        if len(ring) < 2:
            continue
        pairs = [(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring) if len(ring) > 2 else 1)]
        for x, y in pairs:
            first, second = sorted((x, y))
            pid = f"{first}+{second}"
            if pid in positions:
                continue
            common = set(cat.slot_cells[first]) & set(cat.slot_cells[second])
            cell = next(iter(common)) if len(common) == 1 else None
            positions[pid] = ShopPosition(pid, point, (first, second), cell)
    by_slot: dict[str, list[str]] = {s.id: [] for s in cat.harbor.slots}
    for pos in positions.values():
        for sid in pos.slots:
            by_slot[sid].append(pos.id)
    return ShopMap(positions, {sid: tuple(v) for sid, v in by_slot.items()})


def positions(game: Table) -> dict[str, ShopPosition]:
    return shop_map(game.cat).positions


def describe_position(game: Table, position: str) -> str:
    """Where a position is, in words: ``the top-right corner of the Sailmaker``."""
    pos = positions(game)[position]
    tiles = game.cat.tiles
    if pos.cell is not None:
        r, c = pos.cell
        corner = _CORNER_NAMES[(pos.point[0] - r, pos.point[1] - c)]
        return f"the {corner} corner of the {tiles[game.s.layout[f'{r},{c}']].name}"
    names = [
        tiles[game.s.layout[f"{r},{c}"]].name for sid in pos.slots for r, c in game.cat.slot_cells[sid]
    ]
    return f"the shore between the {names[0]} and the {names[1]}"


def touched_words(game: Table, position: str) -> str:
    """The slots a Shop at ``position`` would touch, in words: 88 positions read alike by their
    corner alone, and the slots are what a Shop is for (a pip for every die placed there)."""
    slots = [slot_name(game, sid) for sid in positions(game)[position].slots]
    listed = slots[0] if len(slots) == 1 else f"{', '.join(slots[:-1])} and {slots[-1]}"
    return f"touches {listed}"


def shops_of(game: Table, seat: int) -> list[str]:
    """The positions of ``seat``'s Shops, in map order."""
    return [pid for pid in positions(game) if game.s.shops.get(pid) == seat]


def touching(game: Table, slot: str) -> list[str]:
    """Positions with a Shop on them that touch ``slot``."""
    return [pid for pid in shop_map(game.cat).by_slot[slot] if pid in game.s.shops]


def pips_at(game: Table, slot: str) -> int:
    """The extra pips a die placed on ``slot`` now would get from the Shops beside it."""
    return len(touching(game, slot)) if game.s.shops else 0


# --- placing a die next to Shops ------------------------------------------------------------------


def on_placement(game: Table, p: PlayerState, die: int, slot: str, benefits: bool = True) -> int:
    """A die has just been put on ``slot`` by ``p`` (a player or the Automa): every Shop touching
    the slot pays its owner the resource the Dice Bonus tile shows for the die's colour. Returns
    the extra pips the die gets for this placement (one per Shop; they matter only to a die that
    takes tile benefits, ``benefits``: the Automa's does not)."""
    return 0 if not game.s.shops else _pay_shops(game, p, die, slot, benefits)


def _pay_shops(game: Table, p: PlayerState, die: int, slot: str, benefits: bool) -> int:
    s = game.s
    near = touching(game, slot)
    if not near:
        return 0
    resource = supply.current_bonus_mapping(game)[die_colour(die)]
    owners = Counter(s.shops[pid] for pid in near)
    income: list[dict[str, Any]] = []
    for seat in sorted(owners, key=lambda x: (x - p.seat) % s.seats):
        items = supply.gain(game, s.players[seat], {resource: owners[seat]})
        income.append({"seat": seat, "items": items})
    count = len(near)
    game.log("shops.income", p.seat, die=die, face=s.faces[die], shops=count, pips=count if benefits else 0,
             income=income)
    return count


# --- the Set up Shop action -----------------------------------------------------------------------


def shop_actions(game: Table, p: PlayerState) -> list[SetUpShop]:
    """Set up Shop: every free position, paid with any basic resource the player has enough of."""
    if p.shops_left <= 0:
        return []
    cost = game.cat.supply.shop_cost
    payable = [r for r in RESOURCES if p.resources[r] >= cost]
    if not payable:
        return []
    taken = game.s.shops
    return [new_shop(pid, r) for pid in positions(game) if pid not in taken for r in payable]


def why_not(game: Table, p: PlayerState, action: SetUpShop) -> Refusal | None:
    """Why this Set up Shop is not possible (None if nothing here forbids it)."""
    s = game.s
    cost = game.cat.supply.shop_cost
    if not s.shops_variant:
        return Refusal("the Harbor Shops variant is not in play in this game", R.SHOPS)
    if p.shops_left <= 0:
        return Refusal(f"all {game.cat.supply.shops_per_player} of your Shops are already on the harbor",
                       R.SHOPS_SET_UP)
    if action.position not in positions(game):
        return Refusal(f"there is no Shop position {action.position!r}", R.SHOP_POSITIONS)
    if action.position in s.shops:
        return Refusal(f"{game.name(s.shops[action.position])} already has a Shop there", R.SHOP_POSITIONS)
    if action.resource not in RESOURCES:
        return Refusal(f"{action.resource!r} is not a basic resource (sails, rope, planks or metal)", R.SHOP_ACTION)
    have = p.resources[action.resource]
    if have < cost:
        return Refusal(f"a Shop costs {amount(cost, action.resource)}, you have {have}", R.SHOP_ACTION)
    return None


@rule
class SetUpShopRule(ActionRule[SetUpShop]):
    """Harbor Shops variant, Set up Shop: 2 of one basic resource put a Shop on a free position
    where it touches two slots."""

    action = SetUpShop
    entry = R.SHOP_ACTION

    def candidates(self, game: Table, top: Pending) -> list[SetUpShop]:
        if not game.s.shops_variant:
            return []
        return [SetUpShop(pid, r) for pid in positions(game) if pid not in game.s.shops for r in RESOURCES]

    def legal(self, game: Table, top: Pending) -> list[SetUpShop]:
        return shop_actions(game, game.s.players[top.seat]) if game.s.shops_variant else []

    def check(self, game: Table, top: Pending, action: SetUpShop) -> Refusal | None:
        return why_not(game, game.s.players[top.seat], action)

    def apply(self, game: Table, top: Pending, action: SetUpShop) -> None:
        s = game.s
        p = s.players[top.seat]
        cost = game.cat.supply.shop_cost
        supply.pay(p, {action.resource: cost})
        p.shops_left -= 1
        s.shops[action.position] = p.seat
        game.log("shops.set-up", p.seat, cost=cost, resource=action.resource, position=action.position,
                 left=p.shops_left)

    def words(self, game: Table, top: Pending | None, action: SetUpShop) -> str:
        return (f"Set up a Shop at {describe_position(game, action.position)} "
                f"for {amount(game.cat.supply.shop_cost, action.resource)}: {touched_words(game, action.position)}")


# --- end of game ----------------------------------------------------------------------------------


def shop_colours(game: Table, seat: int) -> list[str]:
    """The card colours ``seat``'s Shops count as for Governor pairs: one per slot each Shop touches.

    A slot whose two halves differ counts as one of them, whichever gives the owner more pairs:
    a half of one Governor colour beats any other, and a slot showing both Governor colours goes
    to whichever of the two the owner has fewer of so far. Otherwise the first half counts.
    """
    mine = shops_of(game, seat)
    if not mine:
        return []

    p = game.s.players[seat]
    a, b = (str(c) for c in game.cat.governors[p.governor].colours)
    counts = colony.card_colour_counts(game, p)
    halves = {sl.id: [str(c) for c in sl.colours] for sl in game.cat.harbor.slots}
    out: list[str] = []
    both: int = 0
    for pid in mine:
        for sid in positions(game)[pid].slots:
            colours = halves[sid]
            if a in colours and b in colours:
                both += 1
                continue
            pick = a if a in colours else b if b in colours else colours[0]
            out.append(pick)
            counts[pick] += 1
    for _ in range(both):
        pick = a if counts[a] <= counts[b] else b
        out.append(pick)
        counts[pick] += 1
    return out
