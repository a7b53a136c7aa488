"""The rules the engine cites, by the id of the rules-lookup entry that explains each.

A refusal (:class:`~great_harbor.engine.errors.IllegalAction`) carries one of these ids, so that
whatever shows the refusal can open the rule behind it without reading the message. The ids are
plain strings owned by the lookup (``great_harbor.lookup``); the engine only names them, and a
test checks that every id here resolves to an entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The rule behind each kind of action is its rule object's ``entry`` (rulebook.py); ``choose``
# and ``pass`` answer whatever decision is pending, so their rule is the pending decision's (see
# PENDING_RULES and :func:`pending_rule`).
ANSWER_KINDS = frozenset({"choose", "pass"})

# --- what each kind of pending decision is about (``Pending.kind``) -------------------------------
CORSAIR_CARD = "person-21"  # the Corsair's own glossary entry explains its question
PENDING_RULES: Mapping[str, str] = {
    "draft": "roll-and-draft/drafting-order",
    "turn": "action-phase/placing-dice-and-taking-actions",
    "assign": "dice-workers/splitting-pips-on-a-shared-slot",
    "choose": "turn-structure",
    "voyage_choice": "voyage-phase/battles",
    "corsair": CORSAIR_CARD,
    "ship_order": "voyage-phase/order-of-ships-in-a-segment",
    "final_convert": "voyage-phase/after-the-last-voyage",
}
# Choices that come from a rule rather than a card (``handler`` of a pending ``choose``).
CHOICE_RULES: Mapping[str, str] = {
    "harbor.take_display": "harbor-tiles/cards-in-hand-and-the-displays",
    "voyage.demand": "voyage-phase/trade",
    "voyage.customs": "building-9",
}

# --- rules named by particular refusals -----------------------------------------------------------
GAME_OVER = "end-of-game"
GOVERN_ACTIONS = "govern-actions/the-twelve-actions"  # when nothing narrower applies
SEATS = "rulings/seats-and-the-automa"
DRAFTING = "roll-and-draft/drafting-order"
PLACING = "action-phase/placing-dice-and-taking-actions"
WHERE_A_DIE_MAY_GO = "dice-workers/where-a-die-may-go"
SPLITTING_PIPS = "dice-workers/splitting-pips-on-a-shared-slot"
BENEFIT_TIERS = "dice-workers/benefit-tiers"
SHORE_FEE = "shore-fees/how-the-fee-is-set"
PAST_A_FEE = "shore-fees/getting-past-a-fee"
FAVOR = "govern-actions/spend-favor-tokens"
SMUGGLER_TOKENS = "smugglers-district/smuggler-tokens"
DISTRICT_GAIN = "smugglers-district/what-a-placement-earns"
PLAY_PERSON = "govern-actions/play-a-person-card"
PLAY_BUILDING = "govern-actions/play-a-building-card"
CONSTRUCT = "govern-actions/construct-a-colony-structure"
SENATE_MOVING_UP = "senate-board/moving-up"
ACTIVATE = "govern-actions/activate-a-person-card"
VOYAGE_PERSONS = "engine-rulings/voyage-timed-persons"
LUXURY_PRODUCTION = "govern-actions/employ-colonists-for-luxury-production"
EMPLOY_BUILDING = "govern-actions/employ-a-colonist-in-a-building"
BUILDING_KINDS = "appendix-buildings/building-kinds"
BUILDING_WORKERS = "appendix-buildings/employing-colonists-in-buildings"
PLAY_SHIP = "govern-actions/play-a-ship-card"
RETIRE = "govern-actions/retire-a-ship"
SHIP_WHERE = "ships/meeple-and-card"
CREW = "govern-actions/employ-colonists-as-ship-crew"
REPAIR = "govern-actions/repair-a-ship"
SEND = "govern-actions/send-ships-to-trade"
TRADE = "voyage-phase/trade"
BATTLES = "voyage-phase/battles"
DAMAGE_AND_HULL = "ships/damage-and-hull"
CONVERT = "govern-actions/convert-coins"
SHOPS = "harbor-shops"
SHOPS_AND_THE_AUTOMA = "engine-rulings/shops-and-the-automa"
SHOPS_SET_UP = "harbor-shops/set-up"
SHOP_POSITIONS = "engine-rulings/where-a-shop-can-stand"
SHOP_ACTION = "harbor-shops/set-up-shop-action"

# --- what each item of final scoring is (``scoring.ITEMS``), for the score if the game ended now --
FINAL_SCORING = "end-of-game/final-scoring"
SCORING_RULES: Mapping[str, str] = {
    "tokens": FINAL_SCORING,
    "cards": FINAL_SCORING,
    "governor": "governor-traits/governor-pair-scoring",
    "structures": CONSTRUCT,
    "buildings": "engine-rulings/what-end-of-game-buildings-count",
    "smuggler": SMUGGLER_TOKENS,
}
AUTOMA_SCORING = "automa/end-of-game"  # the Automa's own list


def pending_rule(kind: str | None, data: Any) -> str:
    """What a pending decision is about: the card asking, the rule offering the choice, or the
    rule of that kind of decision. ``None`` (nothing pending) is the end of the game."""
    if kind is None:
        return GAME_OVER
    if kind == "choose":
        card = data.card
        if isinstance(card, str):
            return card  # a card's glossary entry has the card's id
        handler = data.handler
        if isinstance(handler, str) and handler in CHOICE_RULES:
            return CHOICE_RULES[handler]
    return PENDING_RULES.get(kind, PENDING_RULES["choose"])


def all_rule_ids() -> set[str]:
    """Every id the engine can cite except card ids (tested against the lookup's index)."""
    named = {v for k, v in globals().items() if k.isupper() and isinstance(v, str)}
    return named | set(PENDING_RULES.values()) | set(CHOICE_RULES.values()) | set(SCORING_RULES.values())
