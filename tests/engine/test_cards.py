"""Cards as classes: every Person and Building names a registered card class and the numbers it
needs; the numbers are data (a changed number in the YAML changes what the card does), and a
catalogue that names an unknown effect, or leaves out a number, fails with the card named.

Each card's own behaviour is tested in test_persons.py and test_buildings.py."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from great_harbor.data import Catalogue, load_catalogue
from great_harbor.engine.actions import PlayShip
from great_harbor.engine.card_hooks import EFFECTS, Card, cards_of
from great_harbor.engine.cards.buildings import Fleetyard, Tavern
from great_harbor.engine.errors import EngineError
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.scoring import end_of_game_buildings

DATA = Path(__file__).resolve().parents[2] / "data"


def edited(tmp_path: Path, file: str, pattern: str, replacement: str) -> Catalogue:
    """The shipped catalogue with one substitution in one file."""
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    text = (folder / file).read_text()
    changed, n = re.subn(pattern, replacement, text)
    assert n == 1, pattern
    (folder / file).write_text(changed)
    return load_catalogue(folder, cache=False)


def test_every_card_is_an_object_of_its_class(catalogue: Catalogue) -> None:
    cards = cards_of(catalogue)
    assert set(cards) == set(catalogue.persons) | set(catalogue.buildings)
    used = {type(c) for c in cards.values()}
    assert used == set(EFFECTS.values()), "a registered card class no card uses"
    for card in cards.values():
        assert isinstance(card, Card) and card.entry.effect == card.effect
        assert set(type(card).numbers_used) <= set(card.numbers)


def test_a_changed_number_changes_what_the_card_does(tmp_path: Path) -> None:
    cat = edited(tmp_path, "buildings.yaml", r"effect: fleetyard, numbers: \{favor: 2\}",
                 "effect: fleetyard, numbers: {favor: 5}")
    assert isinstance(cards_of(cat)["building-13"], Fleetyard)
    sc = Scenario(catalogue=cat)
    sc.building(0, "building-13")
    sc.hand(0, "ship-1")
    sc.give(0, planks=2, sails=2)
    game = sc.turn(0)
    game.apply(PlayShip("ship-1", 1))
    assert game.s.players[0].favor == 5


def test_a_changed_end_of_game_number(tmp_path: Path) -> None:
    cat = edited(tmp_path, "buildings.yaml", r"effect: tavern, numbers: \{buildings_per_prestige: 2\}",
                 "effect: tavern, numbers: {buildings_per_prestige: 1}")
    assert isinstance(cards_of(cat)["building-10"], Tavern)
    sc = Scenario(catalogue=cat)
    for card in ("building-10", "building-1", "building-2"):
        sc.building(0, card)
    assert end_of_game_buildings(sc.game, sc.game.s.players[0]) == 3


def test_an_unknown_effect_is_named(tmp_path: Path) -> None:
    cat = edited(tmp_path, "persons.yaml", r"effect: schemer,", "effect: plotter,")
    with pytest.raises(EngineError, match=r"person-22: no card effect is called 'plotter'"):
        cards_of(cat)


def test_a_missing_number_is_named(tmp_path: Path) -> None:
    cat = edited(tmp_path, "persons.yaml", r"effect: schemer, numbers: \{smuggler: 2\},", "effect: schemer,")
    with pytest.raises(EngineError, match=r"person-22: its effect 'schemer' needs the number 'smuggler'"):
        cards_of(cat)
