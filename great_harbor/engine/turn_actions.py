"""The legal actions of an Action phase turn, listed fast.

A turn is the decision met most often (several times a turn, every turn of every game) and the one
with the most kinds of action: asking each of their rules in turn (``rulebook.legal_actions``)
cost more than a random game's every other step together. This lists the same actions in the
same order, but asks a rule only when a cheap test of the player's state says it may offer
something: each test below is implied by its rule's own ``legal`` (it would list nothing
otherwise), so skipping the rule changes nothing. The rules stay the source of truth; a test
checks this list equals theirs, action for action, over random games of every kind.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from great_harbor.data import Catalogue

from . import colony, fleet, harbor, senate
from .actions import (
    Action,
    ActivatePerson,
    BuildStructure,
    ConvertCoins,
    EmployBuilding,
    EmployCrew,
    EmployLuxury,
    FavorSenate,
    PlayBuilding,
    PlayPerson,
    PlayShip,
    Repair,
    RetrieveMarker,
    SendShip,
    SetUpShop,
    SpendFavorPip,
    UseConversion,
    UseSmugglerToken,
    new_end_turn,
)
from .rulebook import RULES, fast_path
from .state import DOCKED

if TYPE_CHECKING:
    from .game import Game
    from .state import Pending


@cache
def _cheapest_conversion(cat: Catalogue) -> int:
    """The fewest coins any Conversion card asks (none can be used with fewer)."""
    return min((c.coins for c in cat.conversion_cards.values()), default=0)


@fast_path("turn")
def turn_actions(game: Game, top: Pending) -> list[Action]:
    """``rulebook.legal_actions`` of a turn (see the module's docstring)."""
    s = game.s
    cat = game.cat
    p = s.players[top.seat]
    out: list[Action] = []
    if p.drafted:  # placing a die and boosting one: only with dice still to place
        out += harbor.placements(game, p)
        if p.favor >= 1:
            out += RULES[SpendFavorPip].legal(game, top)
        if p.smuggler >= 1:
            out += RULES[UseSmugglerToken].legal(game, top)
    if p.hand:  # Persons and Buildings in hand order, as their group says
        merged: list[Action] = [*RULES[PlayPerson].legal(game, top), *RULES[PlayBuilding].legal(game, top)]
        if len(merged) > 1:
            merged.sort(key=colony.hand_order(game, top))
        out += merged
    out += RULES[BuildStructure].legal(game, top)
    if p.luxury_tiles and p.free_colonists >= cat.colony_board.colonists_per_luxury:
        out += RULES[EmployLuxury].legal(game, top)
    if any(p.person_slots) and len(p.activated) < cat.colony_board.activation_markers:
        out += RULES[ActivatePerson].legal(game, top)
    if p.buildings:
        out += RULES[EmployBuilding].legal(game, top)
    if p.hand:
        out += RULES[PlayShip].legal(game, top)
    if any(sh is not None and sh.where == DOCKED for sh in p.docks):  # crew, repairs, sending: dock by dock
        merged = [*RULES[EmployCrew].legal(game, top), *RULES[Repair].legal(game, top),
                  *RULES[SendShip].legal(game, top)]
        if len(merged) > 1:
            merged.sort(key=fleet.dock_order(game, top))
        out += merged
    if p.coins >= cat.supply.convert_coins:
        out += RULES[ConvertCoins].legal(game, top)
    if s.conversions and p.coins >= _cheapest_conversion(cat):
        out += RULES[UseConversion].legal(game, top)
    if p.activated and p.favor >= senate.FAVOR_FOR_MARKER:
        out += RULES[RetrieveMarker].legal(game, top)
    if p.favor >= senate.FAVOR_FOR_SENATE:
        out += RULES[FavorSenate].legal(game, top)
    if s.shops_variant:
        out += RULES[SetUpShop].legal(game, top)
    if not p.drafted:  # the turn ends once both dice are placed
        out.append(new_end_turn())
    return out
