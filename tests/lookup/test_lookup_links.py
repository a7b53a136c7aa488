"""Context help and refusal links: screen things and engine refusals lead to existing entries."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from collections.abc import Iterator

import pytest

from great_harbor import engine
from great_harbor.data import Catalogue
from great_harbor.engine import Game, IllegalAction, reasons
from great_harbor.engine.actions import (
    ACTION_TYPES,
    Choose,
    Draft,
    EmployCrew,
    PlaceDie,
    PlayBuilding,
    PlayPerson,
    PlayShip,
    Repair,
    SendShip,
)
from great_harbor.engine.choices import CONTINUATIONS
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.state import COLOURS, Pending
from great_harbor.lookup.links import (
    _CHOICE_RULES,
    _WAITING_FOR,
    ACTION_RULES,
    ANSWER_KINDS,
    FALLBACK_RULE,
    PENDING_RULES,
    REFUSALS,
    entry_for,
    entry_for_action,
    entry_for_card,
    entry_for_pending,
    entry_for_senate_track,
    entry_for_slot,
    entry_for_tile,
    rule_for_refusal,
)
from great_harbor.lookup.search import default_index

# --- every message reasons.py can produce -----------------------------------------------------------

PLACEHOLDER = "7"


def _render(node: ast.expr, lists: dict[str, ast.expr] | None = None) -> Iterator[str]:
    """The strings an expression can evaluate to, with every computed part replaced by a placeholder.
    ``lists`` maps names bound to a list comprehension to the comprehension's item, for ``", ".join``."""
    lists = lists or {}
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        parts: list[list[str]] = [
            [value.value] if isinstance(value, ast.Constant) else list(_render(value, lists)) for value in node.values
        ]
        combos = [""]
        for options in parts:
            combos = [done + option for done in combos for option in options]
        yield from combos
    elif isinstance(node, ast.FormattedValue):
        yield from _render(node.value, lists) if isinstance(node.value, ast.IfExp | ast.Constant) else [PLACEHOLDER]
    elif isinstance(node, ast.IfExp):
        yield from _render(node.body, lists)
        yield from _render(node.orelse, lists)
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "join"
        and node.args
    ):
        joined = node.args[0]
        if isinstance(joined, ast.Name) and joined.id in lists:
            yield from _render(lists[joined.id], lists)  # one item of the joined list stands for all
        elif isinstance(joined, ast.ListComp | ast.GeneratorExp):
            yield from _render(joined.elt, lists)
        else:
            yield PLACEHOLDER
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        for left in _render(node.left, lists):
            for right in _render(node.right, lists):
                yield left + right
    else:
        yield PLACEHOLDER


def refusal_messages() -> list[str]:
    """Every message returned by engine/reasons.py and the ``why...`` functions of other engine
    modules (reasons.py asks them), placeholders for computed parts."""
    sources = [inspect.getsource(reasons)]
    for module in pkgutil.iter_modules(engine.__path__):
        found = importlib.import_module(f"great_harbor.engine.{module.name}")
        if found is reasons:
            continue
        sources += [
            inspect.getsource(function)
            for name, function in inspect.getmembers(found, inspect.isfunction)
            if name.startswith("why") and function.__module__ == found.__name__
        ]
    tree = ast.parse("\n\n".join(sources))
    lists = {
        node.targets[0].id: node.value.elt
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.ListComp)
    }
    messages: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Return) and node.value is not None:
            for text in _render(node.value, lists):
                if text != PLACEHOLDER and text not in messages:
                    messages.append(text)
    return messages


def waiting_phrases() -> dict[str, str]:
    """The dict in why_illegal naming what the game waits for, by pending kind (constants only)."""
    tree = ast.parse(inspect.getsource(reasons.why_illegal))
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(
            isinstance(key, ast.Constant) and key.value == "draft" for key in node.keys
        ):
            return {
                key.value: value.value
                for key, value in zip(node.keys, node.values, strict=True)
                if isinstance(key, ast.Constant) and isinstance(value, ast.Constant)
            }
    raise AssertionError("why_illegal no longer has its dict of pending kinds")


MESSAGES = refusal_messages()


def test_the_message_list_is_read_from_the_engine() -> None:
    assert len(MESSAGES) > 40
    assert "slot is taken" in MESSAGES
    assert f"{PLACEHOLDER} needs {PLACEHOLDER} pips after the shore fee of {PLACEHOLDER}" in MESSAGES
    assert f"not possible now: {PLACEHOLDER} must {PLACEHOLDER}" in MESSAGES
    assert "you have no Smuggler token" in MESSAGES and f"{PLACEHOLDER} already ignores Shore fees" in MESSAGES
    assert f"needs {PLACEHOLDER} {PLACEHOLDER} (you have {PLACEHOLDER})" in MESSAGES
    assert "the Automa does not set up Shops" in MESSAGES  # from shops.why_not


@pytest.mark.parametrize("message", MESSAGES)
def test_every_refusal_family_links_to_an_existing_rule(message: str) -> None:
    rule = rule_for_refusal(message)
    assert rule is not None, f"no rule for refusal {message!r}"
    assert rule in default_index(), f"{message!r} links to missing entry {rule!r}"


def test_every_refusal_pattern_is_used() -> None:
    unused = [r.pattern.pattern for r in REFUSALS if not any(r.pattern.search(m) for m in MESSAGES)]
    # The seat-count refusals come from Game.new, not from reasons.py.
    assert unused == [REFUSALS[1].pattern.pattern], unused


def test_every_waiting_phrase_is_known() -> None:
    phrases = waiting_phrases()
    assert set(phrases) - {"choose"} == set(_WAITING_FOR.values())
    for kind, phrase in phrases.items():
        if kind == "choose":
            continue
        assert _WAITING_FOR[phrase] == kind
        assert rule_for_refusal(f"not possible now: Ana must {phrase}") == PENDING_RULES[kind]


@pytest.mark.parametrize(
    ("message", "action", "expected"),
    [
        ("Forum needs 4 pips after the shore fee of 3", None, "shore-fees/how-the-fee-is-set"),
        ("Forum needs at least 1 pip", None, "dice-workers/benefit-tiers"),
        ("die colour fits neither half (red on a blue/yellow slot)", None, "dice-workers/where-a-die-may-go"),
        ("slot is taken", None, "dice-workers/where-a-die-may-go"),
        ("slot is taken (an Insula there would hold a second Person of the same colour)", None,
         "govern-actions/play-a-person-card"),
        ("B4 already ignores Shore fees", None, "shore-fees/getting-past-a-fee"),
        ("you have no Favor", None, "govern-actions/spend-favor-tokens"),
        ("you have no metal", None, "govern-actions/repair-a-ship"),
        ("needs 2 free Colonists, you have 1", None, "govern-actions/employ-colonists-for-luxury-production"),
        ("Engineer's Hut needs 2 free Colonists", None, "govern-actions/employ-a-colonist-in-a-building"),
        ("needs 2 coins, you have 1", None, "govern-actions/convert-coins"),
        ("a ship with damage equal to its Hull cannot sail until repaired", None, "ships/damage-and-hull"),
        ("the ship in that dock is at sea; only a docked ship can be retired", None, "govern-actions/retire-a-ship"),
        ("the game is over", None, "end-of-game"),
        ("a Shop costs 2 sails, you have 1", None, "harbor-shops/set-up-shop-action"),
        ("Ben already has a Shop there", None, "engine-rulings/where-a-shop-can-stand"),
        ("a game has 2 to 4 seats, not 5", None, "rulings/seats-and-the-automa"),
        # messages several actions share: the action decides
        ("that card is not in your hand", PlayShip("ship-1", 1), "govern-actions/play-a-ship-card"),
        ("that card is not in your hand", PlayPerson("person-1", 1), "govern-actions/play-a-person-card"),
        ("that card is not in your hand", None, FALLBACK_RULE),
        ("needs 1 planks (you have 0)", PlayBuilding("building-1"), "govern-actions/play-a-building-card"),
        ("needs 1 planks (you have 0)", "play-ship", "govern-actions/play-a-ship-card"),
        ("no ship in dock 2", SendShip(2), "govern-actions/send-ships-to-trade"),
        ("that ship is not docked", Repair(1, "metal"), "govern-actions/repair-a-ship"),
        ("that ship is not docked", EmployCrew(1, "cargo"), "govern-actions/employ-colonists-as-ship-crew"),
        # a specific message wins over the action's own rule
        ("that site is already built", PlayShip("ship-1", 1), "govern-actions/construct-a-colony-structure"),
        # unknown text: the action's rule, or nothing
        ("a brand new reason", PlaceDie(1, "h00"), "dice-workers/where-a-die-may-go"),
        ("a brand new reason", None, None),
    ],
)
def test_refusal_links(message: str, action: object, expected: str | None) -> None:
    assert rule_for_refusal(message, action) == expected  # type: ignore[arg-type]


def test_not_now_refusals_follow_the_pending_decision() -> None:
    corsair = Pending("corsair", 0, {"segment": 1})
    assert rule_for_refusal("not possible now: Ana must decide on the Corsair") == "person-21"
    assert rule_for_refusal("not possible now: Ana must decide on the Corsair", pending=corsair) == "person-21"
    choose = Pending("choose", 0, {"handler": "effects.corsair", "card": "person-21", "prompt": "Which ship?"})
    assert rule_for_refusal("not possible now: Ana must Which ship?", Draft(1), choose) == "person-21"
    assert rule_for_refusal("not possible now: Ana must Which ship?") == PENDING_RULES["choose"]


def test_action_and_pending_rules_exist() -> None:
    index = default_index()
    assert set(ACTION_RULES) | ANSWER_KINDS == set(ACTION_TYPES)
    for rule in [*ACTION_RULES.values(), *PENDING_RULES.values(), *_CHOICE_RULES.values()]:
        assert rule in index, rule
    assert entry_for_action("choose") is None
    assert entry_for_action(Choose("x"), Pending("ship_order", 0)) == "voyage-phase/order-of-ships-in-a-segment"


def test_every_choice_names_its_card_or_a_rule() -> None:
    # Card effects pass card=...; the other choices are listed in _CHOICE_RULES.
    for handler in CONTINUATIONS:
        assert handler.startswith("effects.") or handler in _CHOICE_RULES, handler
    assert entry_for_pending(Pending("choose", 1, {"handler": "voyage.demand"})) == "voyage-phase/trade"
    assert entry_for_pending(Pending("choose", 1, {"handler": "effects.lighthouse", "card": "building-14"})) == (
        "building-14"
    )
    assert entry_for_pending(None) == "end-of-game"


# --- refusals from a real game -----------------------------------------------------------------------


def test_refusal_from_a_real_game_links_to_its_rule(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, ["Ana", "Ben"], seed=3)
    assert game.pending is not None and game.pending.kind == "draft"
    wrong = PlaceDie(0, "h00")
    with pytest.raises(IllegalAction) as info:
        game.apply(wrong)
    assert rule_for_refusal(str(info.value), wrong, game.pending) == "roll-and-draft/drafting-order"
    assert rule_for_refusal(str(info.value)) == "roll-and-draft/drafting-order"


def test_colour_refusal_from_a_scenario(catalogue: Catalogue) -> None:
    sc = Scenario(["Ana", "Ben"])
    red, _ = sc.drafted(0, "R4", "B2")
    sc.drafted(1, "Y3", "P5")
    game = sc.turn(0)
    blocked = next(
        slot.id for slot in catalogue.harbor.slots if "red" not in {str(c) for c in slot.colours}
    )
    action = PlaceDie(red, blocked)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert "fits neither half" in str(info.value)
    assert rule_for_refusal(str(info.value), action, game.pending) == "dice-workers/where-a-die-may-go"


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
    assert entry_for(Pending("voyage_choice", 0)) == "voyage-phase/battles"
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
