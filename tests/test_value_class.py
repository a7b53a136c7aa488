"""Value classes (great_harbor/value_class.py) compare, hash and show themselves exactly as the
dataclasses they stand in for: the same class declared both ways behaves the same."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest

from great_harbor.engine.options import DockOption, Plain
from great_harbor.engine.state import ShipState
from great_harbor.value_class import value_class


def both(frozen: bool, slots: bool = False) -> tuple[type[Any], type[Any]]:
    """One class declared as a value class and as a dataclass."""

    def body() -> type[Any]:
        class Thing:
            name: str
            count: int = 0
            note: str = field(default="", compare=False)
            secret: str = field(default="", repr=False)
            tags: list[str] = field(default_factory=list, hash=False)
        return Thing

    return (value_class(frozen=frozen, slots=slots)(body()),
            dataclass(frozen=frozen, slots=slots)(body()))


@pytest.mark.parametrize(("frozen", "slots"), [(False, False), (True, False), (True, True)])
def test_eq_hash_and_repr_are_the_dataclass_ones(frozen: bool, slots: bool) -> None:
    mine, theirs = both(frozen, slots)
    values = [("a", 1, "x", "s", ["t"]), ("a", 1, "y", "z", ["t"]), ("a", 2, "x", "s", []), ("b", 1, "x", "s", ["t"])]
    for left in values:
        assert repr(mine(*left)) == repr(theirs(*left))
        for right in values:
            assert (mine(*left) == mine(*right)) == (theirs(*left) == theirs(*right))
            assert (mine(*left) != mine(*right)) == (theirs(*left) != theirs(*right))
    nan = float("nan")
    assert (mine("a", nan) == mine("a", nan)) == (theirs("a", nan) == theirs("a", nan))  # compared as tuples
    if frozen:
        assert hash(mine("a", 1, "x", "s", ["t"])) == hash(theirs("a", 1, "x", "s", ["t"]))
        assert hash(mine("a", 1, "x")) == hash(mine("a", 1, "y"))  # a field not compared is not hashed
        with pytest.raises(dataclasses.FrozenInstanceError):
            mine("a").count = 2
    else:
        with pytest.raises(TypeError):
            hash(mine("a"))  # mutable: unhashable, as a dataclass with eq
    assert mine("a").__eq__(theirs("a")) is NotImplemented  # another class, even with the same fields
    assert dataclasses.fields(mine) and [f.name for f in dataclasses.fields(mine)] == [
        f.name for f in dataclasses.fields(theirs)]


def test_a_class_that_writes_a_method_keeps_it() -> None:
    @value_class(frozen=True)
    class Own:
        x: int

        def __eq__(self, other: object) -> bool:
            return True

        def __repr__(self) -> str:
            return "mine"

    assert Own(1) == Own(2) and repr(Own(1)) == "mine"
    assert hash(Own(1)) != hash(Own(2))  # __eq__ alone written: the hash is still made, as dataclass does


def test_a_value_that_contains_itself_is_shown_with_dots() -> None:
    @value_class
    class Node:
        children: list[Any]

    node = Node([])
    node.children.append(node)
    assert repr(node).endswith("Node(children=[...])")


def test_the_engines_values_compare_as_before() -> None:
    assert DockOption(2) == DockOption(2) and DockOption(2) != DockOption(3) and DockOption(2) != Plain("2")
    assert len({DockOption(2), DockOption(2), Plain("x")}) == 2
    assert repr(Plain("x")) == "Plain(value='x')"
    ship = ShipState("ship-1", 1)
    assert ship == ShipState("ship-1", 1) and repr(ship).startswith("ShipState(card='ship-1', dock=1")
    with pytest.raises(TypeError):
        hash(ship)
