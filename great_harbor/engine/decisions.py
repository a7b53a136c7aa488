"""Which actions answer which decision, in the order players are offered them.

Each kind of pending decision (``Pending.kind``) is answered by some kinds of action; the action
list shows them in this order (the order is part of the game's behaviour: records and seeded
games depend on it). Importing this module registers every rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# Importing the rules registers them; turn_actions registers the turn's fast path.
from . import answers, colony, draft, effects, fleet, harbor, rounds, senate, shops, turn_actions, voyage  # noqa: F401
from . import rule_ids as R
from .actions import (
    ActivatePerson,
    AssignPips,
    BuildStructure,
    Choose,
    ConvertCoins,
    Draft,
    EmployBuilding,
    EmployCrew,
    EmployLuxury,
    EndTurn,
    FavorSenate,
    Pass,
    PlaceDie,
    PlayBuilding,
    PlayPerson,
    PlayShip,
    Repair,
    RetrieveMarker,
    SailOn,
    SendShip,
    SetUpShop,
    SpendFavorPip,
    Trade,
    UseConversion,
    UseSmugglerToken,
)
from .errors import Refusal
from .rulebook import Group, decision

if TYPE_CHECKING:
    from .game import Game
    from .state import Pending

decision("draft", Draft)
decision(
    "turn",
    PlaceDie, SpendFavorPip, UseSmugglerToken,
    Group(PlayPerson, PlayBuilding, key=colony.hand_order),  # the cards in hand, in hand order
    BuildStructure, EmployLuxury, ActivatePerson, EmployBuilding,
    PlayShip,
    Group(EmployCrew, Repair, SendShip, key=fleet.dock_order),  # each docked ship's care in turn
    ConvertCoins, UseConversion,
    RetrieveMarker, FavorSenate,
    SetUpShop,
    EndTurn,
)
decision("assign", AssignPips)
decision("choose", Choose, Pass)
decision("voyage_choice", Trade, SailOn, ActivatePerson)
decision("corsair", ActivatePerson, Pass)
decision("ship_order", Choose)
decision("final_convert", ConvertCoins, UseConversion, EndTurn)

# What the game waits for, in words, by kind of decision ("Ana must draft a die").
WAITING = {
    "draft": "draft a die",
    "turn": "take a turn",
    "assign": "assign the pips of the die just placed",
    "voyage_choice": "trade or sail on",
    "corsair": "decide on the Corsair",
    "ship_order": "choose which ship resolves first",
    "final_convert": "convert coins or finish",
}


def not_now(game: Game, top: Pending) -> Refusal:
    """The refusal of an action that does not answer the decision pending."""
    expected = top.data.prompt if top.kind == "choose" else WAITING.get(top.kind, top.kind)
    return Refusal(f"not possible now: {game.name(top.seat)} must {expected}", R.pending_rule(top.kind, top.data))
