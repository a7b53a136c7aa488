"""From things on the game screen to lookup entries: context help and refusal links.

Context help: :func:`entry_for` takes whatever is highlighted (a Harbor tile id, a slot id, a card
id, a Senate track colour, an action or action kind, a pending decision) and names the entry that
explains it. Refusals: when ``Game.apply`` raises ``IllegalAction``, :func:`rule_for_refusal` reads
its message (and, when given, the action tried and the decision the game was waiting for) and names
the rule that forbids the action. Every function returns an entry id of the lookup index (see
:func:`great_harbor.lookup.search.lookup_index`), or ``None`` when it knows no entry.

The messages matched here are those of ``great_harbor/engine/reasons.py`` (and the ``why_not`` it
asks for Shops); a test renders every message they can produce and checks that each one finds its
rule.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from great_harbor.engine.actions import ACTION_TYPES, Action
from great_harbor.engine.harbor import DISTRICT
from great_harbor.engine.state import COLOURS, Pending
from great_harbor.engine.voyage import CORSAIR, CUSTOMS_OFFICE
from great_harbor.lookup.glossary import card_entry_id, senate_entry_id, tile_entry_id
from great_harbor.lookup.search import lookup_index, shipped_catalogue

if TYPE_CHECKING:
    from great_harbor.data.catalogue import Catalogue

__all__ = [
    "ACTION_RULES",
    "PENDING_RULES",
    "entry_for",
    "entry_for_action",
    "entry_for_card",
    "entry_for_pending",
    "entry_for_senate_track",
    "entry_for_slot",
    "entry_for_tile",
    "rule_for_refusal",
]

# The rule behind each kind of action (``Action.kind``). ``choose`` and ``pass`` answer whatever
# decision is pending, so their rule is the pending decision's (see PENDING_RULES).
ACTION_RULES: Mapping[str, str] = {
    "draft": "roll-and-draft/drafting-order",
    "place": "dice-workers/where-a-die-may-go",
    "assign": "dice-workers/splitting-pips-on-a-shared-slot",
    "favor-pip": "govern-actions/spend-favor-tokens",
    "smuggler-token": "smugglers-district/smuggler-tokens",
    "play-person": "govern-actions/play-a-person-card",
    "play-building": "govern-actions/play-a-building-card",
    "activate": "govern-actions/activate-a-person-card",
    "build": "govern-actions/construct-a-colony-structure",
    "retrieve-marker": "govern-actions/spend-favor-tokens",
    "favor-senate": "govern-actions/spend-favor-tokens",
    "employ-luxury": "govern-actions/employ-colonists-for-luxury-production",
    "employ-building": "govern-actions/employ-a-colonist-in-a-building",
    "employ-crew": "govern-actions/employ-colonists-as-ship-crew",
    "play-ship": "govern-actions/play-a-ship-card",
    "repair": "govern-actions/repair-a-ship",
    "send": "govern-actions/send-ships-to-trade",
    "convert": "govern-actions/convert-coins",
    "conversion": "govern-actions/convert-coins",
    "shop": "harbor-shops/set-up-shop-action",
    "end-turn": "action-phase/placing-dice-and-taking-actions",
    "trade": "voyage-phase/trade",
    "sail-on": "voyage-phase/battles",
}
ANSWER_KINDS = frozenset({"choose", "pass"})

# What each kind of pending decision is about (``Pending.kind``).
PENDING_RULES: Mapping[str, str] = {
    "draft": "roll-and-draft/drafting-order",
    "turn": "action-phase/placing-dice-and-taking-actions",
    "assign": "dice-workers/splitting-pips-on-a-shared-slot",
    "choose": "turn-structure",
    "voyage_choice": "voyage-phase/battles",
    "corsair": card_entry_id(CORSAIR),
    "ship_order": "voyage-phase/order-of-ships-in-a-segment",
    "final_convert": "voyage-phase/after-the-last-voyage",
}
# Choices that come from a rule rather than a card (``handler`` of a pending ``choose``).
_CHOICE_RULES: Mapping[str, str] = {
    "harbor.take_display": "harbor-tiles/cards-in-hand-and-the-displays",
    "voyage.demand": "voyage-phase/trade",
    "voyage.customs": card_entry_id(CUSTOMS_OFFICE),
}
# The words ``why_illegal`` uses for what the game is waiting for, by pending kind.
_WAITING_FOR: Mapping[str, str] = {
    "draft a die": "draft",
    "take a turn": "turn",
    "assign the pips of the die just placed": "assign",
    "trade or sail on": "voyage_choice",
    "decide on the Corsair": "corsair",
    "choose which ship resolves first": "ship_order",
    "convert coins or finish": "final_convert",
}
GAME_OVER_RULE = "end-of-game"
FALLBACK_RULE = "govern-actions/the-twelve-actions"


@dataclass(frozen=True, slots=True)
class _Refusal:
    """A family of refusal messages and its rule. With ``by_action`` the message is shared by
    several actions (\"that card is not in your hand\"), so the action's own rule wins when known."""

    pattern: re.Pattern[str]
    rule: str
    by_action: bool = False


def _r(pattern: str, rule: str, by_action: bool = False) -> _Refusal:
    return _Refusal(re.compile(pattern, re.IGNORECASE), rule, by_action)


# First match wins, so the narrower patterns come first.
REFUSALS: tuple[_Refusal, ...] = (
    _r(r"^the game is over$", GAME_OVER_RULE),
    _r(r"^a game has 2 to 4 seats|^at most one seat can be the automa|^at least one seat must be a human",
       "rulings/seats-and-the-automa"),
    # drafting and placing
    _r(r"^die .+ is not in the pool$", "roll-and-draft/drafting-order"),
    _r(r"^die .+ is not one of your drafted dice$", "action-phase/placing-dice-and-taking-actions"),
    _r(r"^both dice must be placed first", "action-phase/placing-dice-and-taking-actions"),
    _r(r"^there is no slot ", "dice-workers/where-a-die-may-go"),
    _r(r"^slot is taken \(an insula", "govern-actions/play-a-person-card"),
    _r(r"^slot is taken$", "dice-workers/where-a-die-may-go"),
    _r(r"^die colour fits neither half", "dice-workers/where-a-die-may-go"),
    _r(r"^this slot touches .+ tiles?$", "dice-workers/splitting-pips-on-a-shared-slot"),
    _r(r"^the die has .+ pips to assign$", "dice-workers/splitting-pips-on-a-shared-slot"),
    _r(r"^that split is not possible$", "dice-workers/splitting-pips-on-a-shared-slot"),
    _r(r" gets nothing from .+ of the pips \(it needs .+\), so this split gives the same as ",
       "dice-workers/splitting-pips-on-a-shared-slot"),
    _r(r"^this split gives each tile the same as .+, which the choices list instead",
       "dice-workers/splitting-pips-on-a-shared-slot"),
    _r(r" needs .+ pips after the shore fee of ", "shore-fees/how-the-fee-is-set"),
    _r(r" needs at least .+ pips?$", "dice-workers/benefit-tiers"),
    _r(r"^you have no favor$", "govern-actions/spend-favor-tokens"),
    _r(r"^you have no smuggler token$", "smugglers-district/smuggler-tokens"),
    _r(r" already ignores shore fees$", "shore-fees/getting-past-a-fee"),
    # cards and the colony
    _r(r"^that card is not in your hand$", FALLBACK_RULE, by_action=True),
    _r(r" is not a (person|building|ship|.+) card$", FALLBACK_RULE, by_action=True),
    _r(r"^there is no person slot ", "govern-actions/play-a-person-card"),
    _r(r"^slot is full$", "govern-actions/play-a-person-card"),
    _r(r"^the two persons in one slot must share a colour$", "govern-actions/play-a-person-card"),
    _r(r"^that site is already built$", "govern-actions/construct-a-colony-structure"),
    _r(r"^no free colonist to employ at the site$", "govern-actions/construct-a-colony-structure"),
    _r(r"^you cannot pay that cost$", "govern-actions/construct-a-colony-structure"),
    _r(r"^needs .+ favor, you have ", "govern-actions/spend-favor-tokens"),
    _r(r"^that senate marker is at the top$", "senate-board/moving-up"),
    _r(r"^there is no senate track ", "govern-actions/spend-favor-tokens"),
    _r(r"^that person has no activation marker$", "govern-actions/spend-favor-tokens"),
    _r(r"^no person card is called ", "govern-actions/activate-a-person-card"),
    _r(r" is not in your colony$", "govern-actions/activate-a-person-card"),
    _r(r" already holds an activation marker$", "govern-actions/activate-a-person-card"),
    _r(r"^all your activation markers are in use$", "govern-actions/activate-a-person-card"),
    _r(r" can only be activated in the (voyage|action) phase$", "engine-rulings/voyage-timed-persons"),
    _r(r"^nothing for .+ to do now$", "govern-actions/activate-a-person-card"),
    _r(r"^needs .+ free colonists, you have ", "govern-actions/employ-colonists-for-luxury-production"),
    _r(r"^that production tile is already worked", "govern-actions/employ-colonists-for-luxury-production"),
    _r(r"^you have not built that building$", "govern-actions/employ-a-colonist-in-a-building"),
    _r(r" does not employ colonists$", "appendix-buildings/building-kinds"),
    _r(r" already has its colonist this round$", "appendix-buildings/employing-colonists-in-buildings"),
    _r(r" needs .+ free colonists?$", "govern-actions/employ-a-colonist-in-a-building"),
    _r(r" has nothing to do now$", "govern-actions/employ-a-colonist-in-a-building"),
    # the fleet
    _r(r"^there is no dock ", "govern-actions/play-a-ship-card"),
    _r(r"only a docked ship can be retired$", "govern-actions/retire-a-ship"),
    _r(r"must be fully repaired before it is retired$", "govern-actions/retire-a-ship"),
    _r(r"^no ship in dock ", "ships/meeple-and-card", by_action=True),
    _r(r"^that ship is not docked$", "ships/meeple-and-card", by_action=True),
    _r(r"^crew may sit beside ", "govern-actions/employ-colonists-as-ship-crew"),
    _r(r"^that ship already has crew on ", "govern-actions/employ-colonists-as-ship-crew"),
    _r(r"^no free colonist$", "govern-actions/employ-colonists-as-ship-crew"),
    _r(r"^a ship carries no more crew than its hull$", "govern-actions/employ-colonists-as-ship-crew"),
    _r(r"^that ship has no damage$", "govern-actions/repair-a-ship"),
    _r(r"^you have no ", "govern-actions/repair-a-ship"),
    _r(r"damage equal to its hull cannot sail", "ships/damage-and-hull"),
    # coins
    _r(r"^that conversion card is not in play$", "govern-actions/convert-coins"),
    _r(r"^each conversion card can be used once per turn$", "govern-actions/convert-coins"),
    _r(r"^needs .+ coins, you have ", "govern-actions/convert-coins"),
    _r(r"track is full: coins cannot buy past it$", "engine-rulings/coins-cannot-overflow-a-resource-track"),
    _r(r"^coins cannot buy past a full resource track", "engine-rulings/coins-cannot-overflow-a-resource-track"),
    # the Harbor Shops variant
    _r(r"^the harbor shops variant is not in play", "harbor-shops"),
    _r(r"^the automa does not set up shops$", "engine-rulings/shops-and-the-automa"),
    _r(r"of your shops are already on the harbor$", "harbor-shops/set-up"),
    _r(r"^there is no shop position ", "engine-rulings/where-a-shop-can-stand"),
    _r(r" already has a shop there$", "engine-rulings/where-a-shop-can-stand"),
    _r(r" is not a basic resource ", "harbor-shops/set-up-shop-action"),
    _r(r"^a shop costs ", "harbor-shops/set-up-shop-action"),
    # answers to a pending choice: the rule of what is being chosen
    _r(r" is not one of the options: ", PENDING_RULES["choose"], by_action=True),
    _r(r"^this choice cannot be skipped$", PENDING_RULES["choose"], by_action=True),
    # shared by several actions: paying a cost, or nothing more specific
    _r(r"^needs .+ \(you have .+\)$", FALLBACK_RULE, by_action=True),
    _r(r"^you cannot do that now$", FALLBACK_RULE, by_action=True),
)
_NOT_NOW = re.compile(r"^not possible now: .* must (?P<waiting>.+)$", re.IGNORECASE)


def _kind(action: Action | str) -> str:
    return action if isinstance(action, str) else action.kind


def entry_for_action(action: Action | str, pending: Pending | None = None) -> str | None:
    """The rule behind an action (an ``Action`` or its ``kind``). Answers to a decision (``choose``,
    ``pass``) get the rule of the pending decision when it is given."""
    kind = _kind(action)
    if kind in ANSWER_KINDS:
        return entry_for_pending(pending) if pending is not None else None
    return ACTION_RULES.get(kind)


def entry_for_pending(pending: Pending | None) -> str | None:
    """What the decision the game waits for is about: the card asking, or the rule."""
    if pending is None:
        return GAME_OVER_RULE
    if pending.kind == "choose":
        card = pending.data.get("card")
        if isinstance(card, str):
            return card_entry_id(card)
        handler = pending.data.get("handler")
        if isinstance(handler, str) and handler in _CHOICE_RULES:
            return _CHOICE_RULES[handler]
    return PENDING_RULES.get(pending.kind)


def rule_for_refusal(message: str, action: Action | str | None = None, pending: Pending | None = None) -> str | None:
    """The entry of the rule that refuses an action, from the ``IllegalAction`` message.

    ``action`` (the action or its kind) and ``pending`` (``game.pending`` when it was refused) are
    optional and make the answer sharper for messages several actions share; the UI passes both.
    """
    text = message.strip().rstrip(".")
    not_now = _NOT_NOW.match(text)
    if not_now:
        if pending is not None:
            return entry_for_pending(pending)
        waiting = _WAITING_FOR.get(not_now.group("waiting"))
        return PENDING_RULES[waiting] if waiting else PENDING_RULES["choose"]
    for refusal in REFUSALS:
        if refusal.pattern.search(text):
            if refusal.by_action and action is not None:
                return entry_for_action(action, pending) or refusal.rule
            return refusal.rule
    return entry_for_action(action, pending) if action is not None else None


# --- context help ---------------------------------------------------------------------------------


def entry_for_tile(tile_id: str) -> str:
    """A Harbor tile (``"forum"``) -> its glossary entry (``"tile-forum"``), which links to the rules."""
    return tile_entry_id(tile_id)


def entry_for_slot(slot_id: str, catalogue: Catalogue) -> str | None:
    """A Harbor slot: the Smuggler's District, a Shore slot (one tile) or a shared slot (two tiles)."""
    if slot_id == DISTRICT:
        return "smugglers-district"
    cells = catalogue.slot_cells.get(slot_id)
    if cells is None:
        return None
    return "shore-fees/shore-slots" if len(cells) == 1 else "dice-workers/splitting-pips-on-a-shared-slot"


def entry_for_card(card_id: str, catalogue: Catalogue | None = None) -> str | None:
    """A Person, Building, Ship, Pirate, Governor, Conversion or Dice Bonus card id -> its glossary
    entry. With a catalogue, ids it does not hold give ``None``."""
    if catalogue is not None and not any(card_id in cards for cards in _card_maps(catalogue)):
        return None
    return card_entry_id(card_id)


def entry_for_senate_track(colour: str) -> str | None:
    """A Senate track colour (``"red"``) -> that track's glossary entry, with its bonuses."""
    return senate_entry_id(colour) if colour in COLOURS else None


def _card_maps(catalogue: Catalogue) -> tuple[Mapping[str, object], ...]:
    return (
        catalogue.persons, catalogue.buildings, catalogue.ships, catalogue.pirates, catalogue.governors,
        catalogue.conversion_cards, catalogue.dice_bonus_tiles,
    )


def entry_for(thing: object, catalogue: Catalogue | None = None) -> str | None:
    """Context help for whatever is highlighted: an ``Action``, a ``Pending`` decision, or a string
    naming a card, Harbor tile, slot (or ``"district"``), Senate track colour, action kind, or an
    entry id. ``catalogue`` (the game's) is needed to tell tiles, slots and cards apart; without it
    the shipped catalogue is used. ``None`` when nothing fits."""
    if isinstance(thing, Action):
        return entry_for_action(thing)
    if isinstance(thing, Pending):
        return entry_for_pending(thing)
    if not isinstance(thing, str):
        return None
    if catalogue is None:
        catalogue = shipped_catalogue()
    if entry_for_card(thing, catalogue):
        return card_entry_id(thing)
    if thing in catalogue.tiles:
        return entry_for_tile(thing)
    if thing == DISTRICT or thing in catalogue.slot_cells:
        return entry_for_slot(thing, catalogue)
    if thing in COLOURS:
        return entry_for_senate_track(thing)
    if thing in ACTION_TYPES and thing not in ANSWER_KINDS:
        return entry_for_action(thing)
    return thing if thing in lookup_index(catalogue) else None

