"""The engine's contract under hostile input: ``Game.apply`` raises IllegalAction, and nothing else,
for anything that is not a legal action now (a card of the wrong kind from one's own hand, a field
of the wrong type, an unhashable field, something that is not an action at all), and leaves the
state as it was."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from great_harbor.data import Catalogue
from great_harbor.engine import Action, Game, IllegalAction, Seat, action_from_dict
from great_harbor.engine.actions import (
    ACTION_TYPES,
    AssignPips,
    Draft,
    FavorSenate,
    PlayBuilding,
    PlayPerson,
    PlayShip,
)


def game_at(cat: Catalogue, seed: int, steps: int, seats: int = 3, automa: bool = False,
            shops: bool = False) -> Game:
    names: list[Seat | str] = ["Ana", "Ben", "Cleo", "Dido"][:seats]
    if automa:
        names[-1] = Seat("Automa", automa=True)
    game = Game.new(cat, names, seed=seed, shops_variant=shops)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def refused(game: Game, action: Any) -> str:
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert game.to_json() == before
    message = str(info.value)
    assert message and "\n" not in message
    return message


def turn_with_cards(cat: Catalogue) -> Game:
    """A game at a seat's turn whose hand holds a Person, a Building and a Ship card."""
    for seed in range(1, 400):
        game = game_at(cat, seed, 0)
        rng = random.Random(seed)
        for _ in range(400):
            top = game.pending
            if top is None:
                break
            hand = game.player(top.seat).hand
            if top.kind == "turn" and {c.split("-")[0] for c in hand} >= {"person", "building", "ship"}:
                return game
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no game reached a hand with all three kinds of card")


def test_a_card_of_the_wrong_kind_from_ones_own_hand_is_refused_naming_its_kind(catalogue: Catalogue) -> None:
    game = turn_with_cards(catalogue)
    hand = game.player(game.current_player).hand  # type: ignore[arg-type]
    person = next(c for c in hand if c in catalogue.persons)
    building = next(c for c in hand if c in catalogue.buildings)
    ship = next(c for c in hand if c in catalogue.ships)
    assert "is not a Building card" in refused(game, PlayBuilding(ship))
    assert "is not a Building card" in refused(game, PlayBuilding(person))
    assert "is not a Person card" in refused(game, PlayPerson(ship, 1))
    assert "is not a Person card" in refused(game, PlayPerson(building, 1))
    assert "is not a Ship card" in refused(game, PlayShip(person, 1))
    assert "is not a Ship card" in refused(game, PlayShip(building, 1))


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (Draft("1"), "malformed draft action: die must be a whole number, not '1'"),  # type: ignore[arg-type]
        (Draft(True), "malformed draft action: die must be a whole number, not True"),  # type: ignore[arg-type]
        (Draft(1.0), "malformed draft action: die must be a whole number, not 1.0"),  # type: ignore[arg-type]
        (Draft([1]), "malformed draft action: die must be a whole number, not [1]"),  # type: ignore[arg-type]
        (AssignPips([1, 2]), "malformed assign action: pips must be a list of whole numbers"),  # type: ignore[arg-type]
        (AssignPips(({},)), "malformed assign action: pips must be a list of whole numbers"),  # type: ignore[arg-type]
        (FavorSenate({"red": 1}), "malformed favor-senate action: colour must be a text"),  # type: ignore[arg-type]
        ("draft 1", "not an action: 'draft 1'"),
        (None, "not an action: None"),
        ({"kind": "draft", "die": "1"}, "malformed draft action: die must be a whole number, not '1'"),
        ({"kind": ["draft"], "die": 1}, "not an action: "),
        ({"kind": "draft", "die": 1, "extra": 2}, "malformed draft action: no field 'extra'"),
        ({"kind": "draft"}, "malformed draft action: "),
        ({"kind": "draft", "die": 10**40}, None),  # well-formed, not legal: the rules say why
    ],
)
def test_wrong_types_and_shapes_are_refused_before_the_rules(catalogue: Catalogue, action: Any,
                                                              expected: str | None) -> None:
    game = game_at(catalogue, 3, 0)
    message = refused(game, action)
    if expected is not None:
        assert message.startswith(expected)


def test_an_action_class_the_engine_does_not_know_is_refused(catalogue: Catalogue) -> None:
    @dataclasses.dataclass(frozen=True)
    class Teleport(Action):
        kind = "draft"  # pretends to be a draft
        die: int = 0

    assert refused(game_at(catalogue, 3, 0), Teleport()).startswith("not an action")


def test_action_from_dict_round_trips_every_legal_action(catalogue: Catalogue) -> None:
    game = game_at(catalogue, 5, 0, shops=True)
    rng = random.Random(5)
    seen: set[str] = set()
    while not game.is_over:
        for action in game.legal_actions():
            assert action_from_dict(action.to_dict()) == action
            seen.add(action.kind)
        game.apply(rng.choice(game.legal_actions()))
    assert len(seen) > 15


# --- fuzz: well-typed but arbitrary actions, at arbitrary moments ---------------------------------

_TEXTS = st.sampled_from(["", "red", "sails", "district", "x", "h11", "nowhere", "person-1", "ship-1",
                          "building-1", "conversion-1", "speed", "hull", "wine", "dock_hut-1", "insula-2"])


def _value(cat: Catalogue, annotation: str) -> st.SearchStrategy[Any]:
    ids = sorted({*cat.persons, *cat.buildings, *cat.ships, *cat.conversion_cards, *cat.slots,
                  *(s.id for s in cat.colony_board.sites)})
    text = st.one_of(_TEXTS, st.sampled_from(ids), st.text(max_size=6))
    number = st.integers(-3, 12) | st.integers()
    return {
        "int": number,
        "str": text,
        "bool": st.booleans(),
        "tuple[int, ...]": st.lists(number, max_size=4).map(tuple),
        "tuple[str, ...]": st.lists(text, max_size=4).map(tuple),
    }[annotation]


def actions(cat: Catalogue) -> st.SearchStrategy[Action]:
    def build(cls: type[Action]) -> st.SearchStrategy[Action]:
        fields = {f.name: _value(cat, str(f.type)) for f in dataclasses.fields(cls)}
        return st.fixed_dictionaries(fields).map(lambda kw: cls(**kw))

    return st.one_of([build(cls) for cls in ACTION_TYPES.values()])


@pytest.fixture(scope="module")
def positions(catalogue: Catalogue) -> list[tuple[Game, str]]:
    """Games at many kinds of moment: every pending decision, Automa and Shops games, the end."""
    games = []
    for seed, steps, seats, automa, shops in [
        (1, 0, 2, False, False), (2, 25, 3, False, True), (3, 60, 4, False, False), (4, 140, 2, True, True),
        (5, 230, 3, False, False), (6, 330, 4, True, False), (7, 10_000, 2, False, False),
    ]:
        games.append(game_at(catalogue, seed, steps, seats, automa, shops))
    kinds = set()
    for seed in range(20, 80):
        game = game_at(catalogue, seed, random.Random(seed).randrange(400), 3, seed % 2 == 0, seed % 3 == 0)
        if game.pending is not None and game.pending.kind not in kinds:
            kinds.add(game.pending.kind)
            games.append(game)
    return [(game, game.to_json()) for game in games]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_well_typed_action_at_any_moment_is_applied_or_refused(
    catalogue: Catalogue, positions: list[tuple[Game, str]], data: st.DataObject
) -> None:
    game, _ = data.draw(st.sampled_from(positions))
    action = data.draw(actions(catalogue))
    if game.is_legal(action) and not game.is_over:
        game.clone().apply(action)  # a legal action is applied (on a copy: the positions are shared)
        return
    before = game.s.log[:], game.rng.getstate(), len(game.s.stack)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert str(info.value) and "\n" not in str(info.value)
    assert (game.s.log, game.rng.getstate(), len(game.s.stack)) == before


def test_the_fuzzed_positions_were_left_untouched(positions: list[tuple[Game, str]]) -> None:
    """The fuzz test refuses actions on shared games: a refusal that changed one shows here."""
    for game, before in positions:
        assert game.to_json() == before


@pytest.mark.parametrize(
    ("names", "seed", "expected"),
    [
        (["Ana", "\x1b]2;owned\x07"], 1, "a name cannot hold control characters (\\x1b in '\\x1b]2;owned\\x07')"),
        (["Ana", "B\u202een"], 1, "a name cannot hold control characters (\\u202e"),
        (["Ana", "B\udcffn"], 1, "a name cannot hold control characters (\\udcff"),
        (["Ana", "Line\nbreak"], 1, "a name cannot hold control characters (\\x0a"),
        (["Ana", "x" * 41], 1, "a name has at most 40 characters, not 41"),
        (["Ana", "  "], 1, "a name cannot be empty"),
        (["Ana", "Ben"], 2**63, "the seed must be a whole number from -9223372036854775808 to 9223372036854775807"),
        (["Ana", "Ben"], True, "the seed must be a whole number"),
    ],
)
def test_a_new_game_refuses_unsafe_names_and_seeds(catalogue: Catalogue, names: list[str], seed: Any,
                                                    expected: str) -> None:
    with pytest.raises(IllegalAction) as info:
        Game.new(catalogue, names, seed=seed)
    assert str(info.value).startswith(expected)


def test_names_with_accents_symbols_and_emoji_are_fine(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, ["Zoë", "李白", "Ana 🚢", "x" * 40], seed=-(2**63))
    assert [p.name for p in game.players] == ["Zoë", "李白", "Ana 🚢", "x" * 40]
