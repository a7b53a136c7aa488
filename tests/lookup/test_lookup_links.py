"""Context help: screen things lead to existing entries (refusals carry their rule: tests/engine/test_refusals.py)."""

from __future__ import annotations

from great_harbor.data import Catalogue
from great_harbor.engine.actions import ACTION_TYPES, Choose, SendShip
from great_harbor.engine.choices import CONTINUATIONS
from great_harbor.engine.rule_ids import CHOICE_RULES
from great_harbor.engine.state import COLOURS, Pending
from great_harbor.lookup.links import (
    ACTION_RULES,
    ANSWER_KINDS,
    PENDING_RULES,
    entry_for,
    entry_for_action,
    entry_for_card,
    entry_for_pending,
    entry_for_senate_track,
    entry_for_slot,
    entry_for_tile,
)
from great_harbor.lookup.search import default_index


def test_action_and_pending_rules_exist() -> None:
    index = default_index()
    assert set(ACTION_RULES) | ANSWER_KINDS == set(ACTION_TYPES)
    for rule in [*ACTION_RULES.values(), *PENDING_RULES.values(), *CHOICE_RULES.values()]:
        assert rule in index, rule
    assert entry_for_action("choose") is None
    order = Pending("ship_order", 0, {"docks": ["1", "2"]})
    assert entry_for_action(Choose("x"), order) == "voyage-phase/order-of-ships-in-a-segment"


def test_every_choice_names_its_card_or_a_rule() -> None:
    # Card effects pass card=...; the other choices are listed in CHOICE_RULES.
    for handler in CONTINUATIONS:
        assert handler.startswith("effects.") or handler in CHOICE_RULES, handler
    demand = Pending("choose", 1, {"handler": "voyage.demand", "options": [], "prompt": "?"})
    assert entry_for_pending(demand) == "voyage-phase/trade"
    peek = Pending("choose", 1, {"handler": "effects.lighthouse", "options": [], "prompt": "?", "card": "building-14"})
    assert entry_for_pending(peek) == (
        "building-14"
    )
    assert entry_for_pending(None) == "end-of-game"


# --- context help ---------------------------------------------------------------------------------


def test_context_help_for_screen_things(catalogue: Catalogue) -> None:
    shore = next(slot for slot, cells in catalogue.slot_cells.items() if len(cells) == 1)
    shared = next(slot for slot, cells in catalogue.slot_cells.items() if len(cells) == 2)
    assert entry_for_tile("forum") == "tile-forum"
    assert entry_for_slot(shore, catalogue) == "shore-fees/shore-slots"
    assert entry_for_slot(shared, catalogue) == "dice-workers/splitting-pips-on-a-shared-slot"
    assert entry_for_slot("district", catalogue) == "smugglers-district"
    assert entry_for_slot("nowhere", catalogue) is None
    assert entry_for_card("person-21", catalogue) == "person-21"
    assert entry_for_card("person-99", catalogue) is None
    assert entry_for_senate_track("red") == "senate-red"
    assert entry_for_senate_track("green") is None

    cases = {
        "colonists_office": "tile-colonists-office",
        shore: "shore-fees/shore-slots",
        "district": "smugglers-district",
        "ship-3": "ship-3",
        "conversion-laurel": "conversion-laurel",
        "purple": "senate-purple",
        "send": "govern-actions/send-ships-to-trade",
        "shore-fees/how-the-fee-is-set": "shore-fees/how-the-fee-is-set",
        "glossary": "glossary",
    }
    for thing, expected in cases.items():
        assert entry_for(thing, catalogue) == expected, thing
        assert entry_for(thing) == expected, thing
    assert entry_for(SendShip(1)) == "govern-actions/send-ships-to-trade"
    assert entry_for(Pending("voyage_choice", 0, {"dock": 1, "segment": 0})) == "voyage-phase/battles"
    assert entry_for("no such thing", catalogue) is None
    assert entry_for(42) is None


def test_context_help_covers_every_tile_slot_card_and_track(catalogue: Catalogue) -> None:
    index = default_index()
    things: list[str] = [
        *catalogue.tiles, *catalogue.slots, "district", *COLOURS, *catalogue.persons, *catalogue.buildings,
        *catalogue.ships, *catalogue.pirates, *catalogue.governors, *catalogue.conversion_cards,
        *catalogue.dice_bonus_tiles,
    ]
    for thing in things:
        entry = entry_for(thing, catalogue)
        assert entry is not None and entry in index, thing
