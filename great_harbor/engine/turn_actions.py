"""The legal actions of an Action phase turn, listed fast.

A turn is the decision met most often (several times a turn, every turn of every game) and the one
with the most kinds of action: asking each of their rules in turn (``rulebook.legal_actions``)
cost more than a random game's every other step together. This lists the same actions in the
same order, but asks a rule only when a cheap test of the player's state says it may offer
something: each test below is implied by its rule's own ``legal`` (it would list nothing
otherwise), so skipping the rule changes nothing. The cards in hand are walked once for the
three rules that play them, with the per-card helpers those rules' own lists use. The rules stay
the source of truth; a test checks this list equals theirs, action for action, over random games
of every kind.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from great_harbor.data import Catalogue

# (effects also registers the rules of Persons and Buildings used)
from . import colony, effects, fleet, harbor, senate
from . import shops as _shops  # noqa: F401  (registers the Set up Shop rule)
from .actions import (
    Action,
    ConvertCoins,
    EmployBuilding,
    EmployCrew,
    EmployLuxury,
    FavorSenate,
    Repair,
    RetrieveMarker,
    SendShip,
    SetUpShop,
    SpendFavorPip,
    UseConversion,
    UseSmugglerToken,
    new_end_turn,
    new_play_building,
)
from .rulebook import RULES, fast_path
from .state import DOCKED

# The rules asked, looked up once (importing their modules above registered them).
_favor_pip = RULES[SpendFavorPip].legal
_smuggler_token = RULES[UseSmugglerToken].legal
_employ_luxury = RULES[EmployLuxury].legal
_employ_building = RULES[EmployBuilding].legal
_employ_crew = RULES[EmployCrew].legal
_repair = RULES[Repair].legal
_send = RULES[SendShip].legal
_convert = RULES[ConvertCoins].legal
_conversion = RULES[UseConversion].legal
_retrieve_marker = RULES[RetrieveMarker].legal
_favor_senate = RULES[FavorSenate].legal
_shop = RULES[SetUpShop].legal
_END_TURN = new_end_turn()  # the one EndTurn (it has no fields)

if TYPE_CHECKING:
    from .state import Pending
    from .table import Table


@cache
def _cheapest_conversion(cat: Catalogue) -> int:
    """The fewest coins any Conversion card asks (none can be used with fewer)."""
    return min((c.coins for c in cat.conversion_cards.values()), default=0)


_NO_KIND = (False, False, False)


@cache
def _card_kinds(cat: Catalogue) -> dict[str, tuple[bool, bool, bool]]:
    """Per card: whether it is a Person, a Building, a Ship (one look-up per card in hand)."""
    return {c: (c in cat.persons, c in cat.buildings, c in cat.ships)
            for c in (*cat.persons, *cat.buildings, *cat.ships)}


@fast_path("turn")
def turn_actions(game: Table, top: Pending) -> list[Action]:
    """``rulebook.legal_actions`` of a turn (see the module's docstring)."""
    s = game.s
    cat = game.cat
    p = s.players[top.seat]
    out: list[Action] = []
    if p.drafted:  # placing a die and boosting one: only with dice still to place
        out += harbor.placements(game, p)
        if p.favor >= 1:
            out += _favor_pip(game, top)
        if p.smuggler >= 1:
            out += _smuggler_token(game, top)
    ships: list[str] = []
    if p.hand:
        # Persons and Buildings in hand order, as their group says; one pass over the hand (each
        # card as its rule's legal list takes it), which also picks the Ships paid for.
        kinds = _card_kinds(cat)
        for c in dict.fromkeys(p.hand):
            person, building, ship = kinds.get(c, _NO_KIND)
            if person:
                out += colony.person_plays(game, p, c)
            if building and colony.can_build(game, p, c):
                out.append(new_play_building(c))
            if ship and fleet.can_launch(game, p, c):
                ships.append(c)
    out += colony._structure_actions(game, p)  # what ``_build`` lists, without its copy into a list
    board = cat.colony_board
    if p.luxury_tiles and p.free_colonists >= board.colonists_per_luxury:
        out += _employ_luxury(game, top)
    if any(p.person_slots) and len(p.activated) < board.activation_markers:
        out += effects.activation_actions(game, p, "action")  # what ``_activate`` lists at a turn
    if p.buildings:
        out += _employ_building(game, top)
    if ships:
        out += fleet.launches(p, ships)
    docked = False
    for sh in p.docks:  # a loop, not any(): no generator at every decision
        if sh is not None and sh.where == DOCKED:
            docked = True
            break
    if docked:  # crew, repairs, sending: dock by dock
        merged = [*_employ_crew(game, top), *_repair(game, top), *_send(game, top)]
        if len(merged) > 1:
            merged.sort(key=fleet.dock_order(game, top))
        out += merged
    if p.coins >= cat.supply.convert_coins:
        out += _convert(game, top)
    if s.conversions and p.coins >= _cheapest_conversion(cat):
        out += _conversion(game, top)
    if p.activated and p.favor >= senate.FAVOR_FOR_MARKER:
        out += _retrieve_marker(game, top)
    if p.favor >= senate.FAVOR_FOR_SENATE:
        out += _favor_senate(game, top)
    if s.shops_variant:
        out += _shop(game, top)
    if not p.drafted:  # the turn ends once both dice are placed
        out.append(_END_TURN)
    return out
