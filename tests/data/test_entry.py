"""Catalogue entries: built, compared, frozen and pickled like the models they replaced."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from great_harbor.data.entry import field_names
from great_harbor.data.models import Benefit, Building, CardDraw, Pirate, Resource, Size


def test_an_entry_is_built_by_keyword_with_its_defaults() -> None:
    benefit = Benefit(colonists=2)
    assert benefit.colonists == 2 and benefit.favor == 0 and benefit.resources == {} and benefit.draws == ()
    assert Benefit().resources is not Benefit().resources  # a default factory, not one shared dict
    assert field_names(Benefit) == ("resources", "colonists", "favor", "draws")


def test_building_an_entry_in_code_refuses_unknown_and_missing_fields() -> None:
    with pytest.raises(TypeError, match="no field 'strenght'"):
        Pirate(id="p", name="P", strenght=1)
    with pytest.raises(TypeError, match="needs a value for 'strength'"):
        Pirate(id="p", name="P")


def test_an_entry_runs_its_checks_when_built() -> None:
    with pytest.raises(ValueError, match="a ship draw needs a size"):
        CardDraw(deck="ship")
    with pytest.raises(ValueError, match="chosen names unknown field"):
        Building(id="b", number=1, name="B", colour="red", cost={}, prestige=1, kind="none", effect="prestige_only",
                 text="", chosen=("speed",))


def test_an_entry_is_frozen() -> None:
    pirate = Pirate(id="p", name="P", strength=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        pirate.strength = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del pirate.name  # type: ignore[misc]


def test_entries_compare_hash_and_print_by_value() -> None:
    a = CardDraw(deck="ship", size=Size.SMALL)
    b = CardDraw(deck="ship", size=Size.SMALL)
    assert a == b and hash(a) == hash(b) and a != CardDraw(deck="ship", size=Size.LARGE)
    assert a != Pirate(id="p", name="P", strength=1)
    assert repr(a) == "CardDraw(deck='ship', source='deck', size=<Size.SMALL: 'small'>)"


def test_entries_survive_pickle_copy_and_replace() -> None:
    benefit = Benefit(resources={Resource.ROPE: 2}, draws=(CardDraw(deck="person"),))
    for other in (pickle.loads(pickle.dumps(benefit, protocol=pickle.HIGHEST_PROTOCOL)), copy.deepcopy(benefit)):
        assert other == benefit and other is not benefit
    assert dataclasses.replace(benefit, favor=1) == Benefit(resources={Resource.ROPE: 2}, favor=1,
                                                             draws=(CardDraw(deck="person"),))
