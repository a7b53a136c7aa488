"""From things on the game screen to lookup entries: context help and refusal links.

Context help: :func:`entry_for` takes whatever is highlighted (a Harbor tile id, a slot id, a card
id, a Senate track colour, an action or action kind, a pending decision) and names the entry that
explains it. Every function returns an entry id of the lookup index (see
:func:`great_harbor.lookup.search.lookup_index`), or ``None`` when it knows no entry.

Refusals need nothing here: an ``IllegalAction`` carries the id of its rule (``exc.rule``), and
``Game.why_illegal`` returns a ``Refusal`` with the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from great_harbor.engine import rule_ids
from great_harbor.engine.actions import ACTION_TYPES, Action
from great_harbor.engine.harbor import DISTRICT
from great_harbor.engine.rule_ids import ANSWER_KINDS, PENDING_RULES
from great_harbor.engine.rulebook import action_entries
from great_harbor.engine.state import COLOURS, Pending
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
]

ACTION_RULES = action_entries()  # the lookup entry of each kind of action, from its rule object
GAME_OVER_RULE = rule_ids.GAME_OVER
FALLBACK_RULE = rule_ids.GOVERN_ACTIONS


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
    return rule_ids.pending_rule(pending.kind, pending.data)


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

