"""Which actions answer which decision, in the order players are offered them.

Each kind of pending decision (``Pending.kind``) is answered by some kinds of action; the action
list shows them in this order (the order is part of the game's behaviour: records and seeded
games depend on it). Importing this module registers every rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# Importing the rules registers them; turn_actions registers the turn's fast path.
from . import answers, colony, draft, effects, fleet, harbor, rounds, rulebook, senate, shops, turn_actions, voyage  # noqa: F401
from . import rule_ids as R
from .actions import (
    Action,
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
from .decision_data import decision_from
from .errors import Refusal
from .rulebook import Group, decision, rule_for
from .state import Pending

if TYPE_CHECKING:
    from .table import Table

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


# When each kind of action is taken, in players' words: a refusal of an action that does not
# answer the decision pending says when it is taken instead ("ships are sent in your turn's
# Action phase, not while drafting"). Choose and Pass answer whatever is pending: not here.
_ACTION_PHASE = "in your turn's Action phase"
WHEN: dict[type[Action], str] = {
    Draft: "dice are drafted at the start of each turn, right after the roll",
    PlaceDie: f"dice are placed {_ACTION_PHASE}",
    AssignPips: "pips are split right after a die is placed between two tiles",
    SpendFavorPip: f"Favor is spent on a die {_ACTION_PHASE}",
    UseSmugglerToken: f"Smuggler tokens are spent {_ACTION_PHASE}",
    PlayPerson: f"Person cards are played {_ACTION_PHASE}",
    PlayBuilding: f"Building cards are played {_ACTION_PHASE}",
    BuildStructure: f"Dock Huts and Insulae are built {_ACTION_PHASE}",
    EmployLuxury: f"Luxury production is employed {_ACTION_PHASE}",
    ActivatePerson: f"Persons are activated {_ACTION_PHASE} (a few also on a voyage)",
    EmployBuilding: f"Buildings are employed {_ACTION_PHASE}",
    PlayShip: f"ships are launched {_ACTION_PHASE}",
    EmployCrew: f"crew is employed on a ship {_ACTION_PHASE}",
    Repair: f"ships are repaired {_ACTION_PHASE}",
    SendShip: f"ships are sent {_ACTION_PHASE}",
    ConvertCoins: f"coins are converted {_ACTION_PHASE} and after the last voyage",
    UseConversion: f"Conversion cards are used {_ACTION_PHASE} and after the last voyage",
    RetrieveMarker: f"Activation markers are taken back {_ACTION_PHASE}",
    FavorSenate: f"the Senate is favoured {_ACTION_PHASE}",
    SetUpShop: f"Shops are set up {_ACTION_PHASE}",
    EndTurn: "a turn is ended in the Action phase, once its dice are placed",
    Trade: "ships trade in the Voyage phase, at the segment they reach",
    SailOn: "ships sail on in the Voyage phase, after beating the Pirates of a segment",
}

# What is going on at each kind of decision, for "..., not while drafting".
DURING = {
    "draft": "while drafting",
    "turn": "in the Action phase",
    "assign": "while the pips of a die are split",
    "choose": "while a choice is open",
    "voyage_choice": "while a ship on its voyage trades or sails on",
    "corsair": "while the Corsair is decided",
    "ship_order": "while the order of ships is chosen",
    "final_convert": "after the last voyage",
}


# The phase (``GameState.phase``) each kind of decision comes up in; a choice, in any.
_PHASE = {"draft": "draft", "turn": "actions", "assign": "actions", "voyage_choice": "voyage", "corsair": "voyage",
          "ship_order": "voyage", "final_convert": "final_convert"}


def _phases(action: type[Action]) -> set[str]:
    return {_PHASE[kind] for kind, groups in rulebook.DECISIONS.items() if kind in _PHASE
            for g in groups if action in g.actions}


def not_now(game: Table, top: Pending, action: type[Action] | None = None) -> Refusal:
    """The refusal of an action (of the kind ``action``) that does not answer the decision
    pending. In another phase than its own, when that kind of action is taken instead and the
    rule of that action ("ships are sent in your turn's Action phase, not while drafting"); in
    its own phase (a turn's action while its pips are split), or for an answer (Choose, Pass),
    what the game waits for first and the rule of that."""
    when = WHEN.get(action) if action is not None else None
    if when is not None and action is not None and game.s.phase not in _phases(action):
        return Refusal(f"{when}, not {DURING.get(top.kind, 'now')}", rule_for(action).entry)
    expected = top.data.prompt if top.kind == "choose" else WAITING.get(top.kind, top.kind)
    return Refusal(f"{game.name(top.seat)} must {expected} first", R.pending_rule(top.kind, top.data))


# The decisions whose actions a player may ask for at another decision (the turn's, while
# drafting): their candidates are made for the same seat, as if that decision were pending.
_ELSEWHERE = ("turn",)


def elsewhere(game: Table, top: Pending) -> list[tuple[Action, Refusal]]:
    """The actions of ``top``'s seat that would answer another decision than the one pending (the
    Bireme in dock 1 it could send in its turn, while it drafts), each with why not now."""
    out: list[tuple[Action, Refusal]] = []
    for kind in _ELSEWHERE:
        if kind == top.kind:
            continue
        there = Pending.new(kind, top.seat, decision_from(kind, {}))
        kinds = rulebook.answers(top.kind)
        out += [(a, not_now(game, top, type(a))) for a in rulebook.candidates(game, there) if type(a) not in kinds]
    return out
