"""Catalogue entries: the components as the engine holds them while a game runs.

An entry class (``models.py``) is a dataclass whose fields pydantic validates when the YAML files
are loaded (``files.py``): the types, ``extra="forbid"``, the bounds given with ``at_least`` and
``between``, and the checks an entry makes in ``__post_init__``. Once loaded, an entry is frozen
and the engine trusts it.

Why not pydantic ``BaseModel`` instances at run time: a game that starts from the cached
catalogue (``cache.py``) needs the loaded entries but no validation, and importing pydantic and
making its model classes was about a sixth of the game's cold start (``bench/ui.py``). Entry
classes are made without pydantic, so that start never imports it; a full load (``great-harbor
validate-data``, the tests, the first start after an install) validates them as strictly as
models.

The ``entry`` decorator makes a dataclass without generated methods (each generated method costs
start-up time, and the entry classes are made at every start); ``Entry`` gives them all one
``__init__``, equality, hash and repr, and refuses assignment.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, dataclass_transform

_T = TypeVar("_T")

_MISSING: Any = dataclasses.MISSING


# Bounds every catalogue keeps (pydantic checks them on load; ``great-harbor schema`` shows them):
# numbers stay small, texts short and free of control characters, lists of a sensible length.
MAX_NUMBER = 999
MAX_ID = 40
MAX_LABEL = 60
MAX_PROSE = 1000
MAX_ITEMS = 64
ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]*$"
# No control character, line or paragraph separator, or bidirectional override (written so that
# pydantic's regex engine, Python's ``re`` and JSON Schema validators all read it alike).
_OTHER_CONTROLS = r"\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
LABEL_PATTERN = r"^[^\x00-\x1f" + _OTHER_CONTROLS + r"]*$"
PROSE_PATTERN = r"^[^\x00-\x09\x0b-\x1f" + _OTHER_CONTROLS + r"]*$"  # line breaks allowed


def at_least(low: int, default: Any = _MISSING) -> Any:
    """A whole number pydantic checks to be ``>= low`` (and at most MAX_NUMBER) on load."""
    return dataclasses.field(default=default, metadata={"ge": low, "le": MAX_NUMBER})


def between(low: int, high: int, default: Any = _MISSING) -> Any:
    """A whole number pydantic checks to be within ``low..high`` on load."""
    return dataclasses.field(default=default, metadata={"ge": low, "le": high})


def ident(default: Any = _MISSING) -> Any:
    """An id (of a card, a tile, a site): letters, digits, ``-`` and ``_``, at most MAX_ID long."""
    return dataclasses.field(default=default, metadata={"max_length": MAX_ID, "pattern": ID_PATTERN})


def label(default: Any = _MISSING) -> Any:
    """A name players read: one line, at most MAX_LABEL characters, no control characters."""
    return dataclasses.field(default=default, metadata={"min_length": 1, "max_length": MAX_LABEL,
                                                        "pattern": LABEL_PATTERN})


def prose(default: Any = _MISSING) -> Any:
    """A card's text: at most MAX_PROSE characters, no control characters but line breaks."""
    return dataclasses.field(default=default, metadata={"max_length": MAX_PROSE, "pattern": PROSE_PATTERN})


def items(default: Any = _MISSING, most: int = MAX_ITEMS) -> Any:
    """A list (a tuple once loaded) of at most ``most`` items."""
    if isinstance(default, tuple):
        return dataclasses.field(default=default, metadata={"max_length": most})
    return dataclasses.field(default=default, metadata={"max_length": most})


def field_names(entry: type[Entry] | Entry) -> tuple[str, ...]:
    """The entry's field names, in order (as ``dataclasses.fields``, by name)."""
    return tuple(entry.__dataclass_fields__)  # type: ignore[union-attr]


@dataclass_transform(kw_only_default=True, frozen_default=True,
                     field_specifiers=(dataclasses.field, at_least, between, ident, label, prose, items))
def entry(cls: type[_T]) -> type[_T]:
    """Make ``cls`` (an ``Entry`` subclass) an entry class: a keyword-only dataclass whose methods
    are ``Entry``'s (which also keeps it frozen)."""
    return dataclasses.dataclass(init=False, repr=False, eq=False, kw_only=True)(cls)


class Entry:
    """Base of every catalogue entry; see the module's docstring."""

    __slots__ = ()
    # Read by pydantic when it validates an entry (a dataclass), in a file model or as harbor.yaml.
    __pydantic_config__ = {"extra": "forbid"}

    def __init__(self, **values: Any) -> None:
        # Building an entry in code (tests, replace()) does not validate types: loading does.
        fields = self.__dataclass_fields__  # type: ignore[attr-defined]
        unknown = [name for name in values if name not in fields]
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {unknown[0]!r}")
        for f in fields.values():
            if f.name in values:
                value = values[f.name]
            elif f.default is not dataclasses.MISSING:
                value = f.default
            elif f.default_factory is not dataclasses.MISSING:
                value = f.default_factory()
            else:
                raise TypeError(f"{type(self).__name__} needs a value for {f.name!r}")
            object.__setattr__(self, f.name, value)
        self.__post_init__()

    def __post_init__(self) -> None:
        """Checks that involve more than one field; raise ValueError (pydantic reports it on load)."""

    def __setattr__(self, name: str, value: object) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}: catalogue entries are frozen")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}: catalogue entries are frozen")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash(tuple(self.__dict__.values()))

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in field_names(self))
        return f"{type(self).__qualname__}({values})"

