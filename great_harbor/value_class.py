"""Value classes: dataclasses whose ==, hash and repr are written once, here, instead of being
generated for every class.

``dataclass`` compiles each method it generates on its own, at every start of the program. For
the value classes the game loads before its first frame (the engine's state, decisions, options
and events, undo, saves, records, a few of the UI's) ==, hash and repr were a third of that work,
some 5-8 ms of processor time before the first frame (``bench/ui.py --phases``: the engine and
the UI imported; measured by importing both with and without). The methods here behave as the
generated ones do: equal when of the same class with equal compared fields; hashed by those
fields when frozen, unhashable otherwise (as any dataclass with ``eq``); shown as
``Name(field=value, ...)`` with the fields that are shown. A class that writes one of them
itself keeps its own, as with ``dataclass``. (The actions have their own base class with the same
methods: :mod:`great_harbor.engine.actions`.)
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

_T = TypeVar("_T")
_Getter = Callable[[Any], tuple[Any, ...]]
_COMPARED: dict[type, _Getter] = {}  # per class: its compared fields' values as a tuple
_HASHED: dict[type, _Getter] = {}  # per class: its hashed fields' values as a tuple


def _getter(names: list[str]) -> _Getter:
    if not names:
        return lambda _: ()
    if len(names) == 1:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)  # a tuple, as dataclass compares: (x,) == (y,), not x == y
    return attrgetter(*names)


def _compared(cls: type) -> _Getter:
    get = _COMPARED.get(cls)
    if get is None:
        get = _COMPARED[cls] = _getter([f.name for f in dataclasses.fields(cls) if f.compare])
    return get


def _eq(self: Any, other: object) -> object:  # a bool, or NotImplemented
    if other.__class__ is not self.__class__:
        return NotImplemented
    get = _compared(self.__class__)
    return get(self) == get(other)


def _hash(self: Any) -> int:
    cls = self.__class__
    get = _HASHED.get(cls)
    if get is None:
        names = [f.name for f in dataclasses.fields(cls) if (f.compare if f.hash is None else f.hash)]
        get = _HASHED[cls] = _getter(names)
    return hash(get(self))


@reprlib.recursive_repr()  # as dataclass's own: "..." where a value contains itself
def _repr(self: Any) -> str:
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr)
    return f"{self.__class__.__qualname__}({shown})"


def _own(cls: type, name: str) -> bool:
    """Whether ``cls`` writes ``name`` itself (a class that writes __eq__ alone gets
    ``__hash__ = None`` from Python, which dataclass does not count as its own)."""
    if name == "__hash__":
        return "__hash__" in cls.__dict__ and not (cls.__dict__["__hash__"] is None and "__eq__" in cls.__dict__)
    return name in cls.__dict__


@overload
def value_class(cls: type[_T], /) -> type[_T]: ...


@overload
def value_class(*, frozen: bool = False, slots: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform()
def value_class(cls: type[_T] | None = None, /, *, frozen: bool = False,
                slots: bool = False) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """``@dataclass`` (``frozen``, ``slots`` as there; ``eq`` and ``repr`` always), with the
    methods above."""

    def wrap(c: type[_T]) -> type[_T]:
        own = {name: _own(c, name) for name in ("__eq__", "__hash__", "__repr__")}
        made = dataclasses.dataclass(frozen=frozen, slots=slots, eq=False, repr=False)(c)
        if not own["__eq__"]:
            made.__eq__ = _eq  # type: ignore[assignment,method-assign]
        if not own["__hash__"]:
            made.__hash__ = _hash if frozen else None  # type: ignore[assignment,method-assign]
        if not own["__repr__"]:
            made.__repr__ = _repr  # type: ignore[method-assign]
        return made

    return wrap if cls is None else wrap(cls)
