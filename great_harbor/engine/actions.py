"""Actions: small frozen value objects, one class per kind of decision.

Every choice any rule asks of a player is one of these. ``str(action)`` is a compact code
(``place R4 h11``); :func:`great_harbor.engine.describe.describe` words it for players.
Actions round-trip through plain dicts (``to_dict`` / ``from_dict``) for game records.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar, ParamSpec, TypeVar, dataclass_transform

from .errors import IllegalAction

# Every action class is a frozen dataclass, but its ==, hash and repr are written once, in
# Action, instead of generated for each of the 26 classes: dataclass compiles each generated
# method on its own, at every start of the program, and these three were half of that work
# (a few milliseconds of the game's cold start, see bench/ui.py). They behave exactly as the
# generated ones: equal when of the same class with equal fields, hashed by the field values.
_T = TypeVar("_T")


@dataclass_transform(frozen_default=True)  # type checkers see the dataclass it makes
def action_class(cls: type[_T]) -> type[_T]:
    """Make ``cls`` a frozen, slotted dataclass that keeps Action's ==, hash and repr."""
    return dataclass(frozen=True, slots=True, eq=False, repr=False)(cls)


_VALUES: dict[type, Callable[[Any], tuple[Any, ...]]] = {}  # per class: its field values as a tuple


def _values_getter(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    names = [f.name for f in dataclasses.fields(cls) if f.compare]  # as dataclass's own ==
    if not names:
        return lambda _: ()
    if len(names) == 1:
        get = attrgetter(names[0])
        return lambda a: (get(a),)
    return attrgetter(*names)


@action_class
class Action:
    kind: ClassVar[str] = ""

    def _values(self) -> tuple[Any, ...]:
        cls = type(self)
        get = _VALUES.get(cls)
        if get is None:
            get = _VALUES[cls] = _values_getter(cls)
        return get(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr)
        return f"{type(self).__qualname__}({fields})"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.metadata.get("quiet") and v == f.default:
                continue  # a field added later: records keep the action as it was written before
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    def __str__(self) -> str:
        args = []
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.metadata.get("quiet"):
                if v != f.default:
                    args.append(f.name if v is True else f"{f.name}={v}")
                continue
            args.append(",".join(map(str, v)) if isinstance(v, tuple) else str(v))
        return f"{self.kind} {' '.join(args)}".strip()


_A = TypeVar("_A", bound=Action)
_P = ParamSpec("_P")


def interned(cls: Callable[_P, _A]) -> Callable[_P, _A]:
    """A maker of ``cls`` actions that hands out one shared object per field values. Legal-action
    lists make the same actions over and over (every free slot for every die, at every decision),
    and a frozen dataclass costs over a microsecond to make; a dict look-up a tenth of that.
    Actions never change, so sharing them changes nothing but speed. Engine code only: the key is
    the arguments as given, so they must be of the fields' own types (``True`` and ``1`` are
    equal keys)."""
    made: dict[Any, _A] = {}

    def make(*args: _P.args, **kwargs: _P.kwargs) -> _A:
        key = (args, tuple(kwargs.items())) if kwargs else args
        found = made.get(key)
        if found is None:
            found = made[key] = cls(*args, **kwargs)
        return found

    return make


# --- Roll and Draft -------------------------------------------------------------------------------


@action_class
class Draft(Action):
    kind: ClassVar[str] = "draft"
    die: int


# --- placing dice ---------------------------------------------------------------------------------


def quiet(default: Any) -> Any:
    """A field with a default that records leave out while it holds it (``Action.to_dict``)."""
    return dataclasses.field(default=default, metadata={"quiet": True})


@action_class
class PlaceDie(Action):
    """Place a drafted die on an empty Harbor slot, or ``slot="district"``. On a Shore slot (one
    tile) the die takes that tile's benefit at once, unless ``decline``: placed, taking nothing.
    On a shared slot the pips are then split between the two tiles (``AssignPips``)."""

    kind: ClassVar[str] = "place"
    die: int
    slot: str
    decline: bool = quiet(False)


@action_class
class AssignPips(Action):
    """How the placed die's pips go to the slot's tiles (one number per tile; 0 = do not activate)."""

    kind: ClassVar[str] = "assign"
    pips: tuple[int, ...]


@action_class
class SpendFavorPip(Action):
    kind: ClassVar[str] = "favor-pip"
    die: int


@action_class
class UseSmugglerToken(Action):
    """Spend a Smuggler token so this drafted die ignores Shore fees for its placement."""

    kind: ClassVar[str] = "smuggler-token"
    die: int


# --- govern actions -------------------------------------------------------------------------------


@action_class
class PlayPerson(Action):
    kind: ClassVar[str] = "play-person"
    card: str
    slot: int  # 1-based Person slot


@action_class
class PlayBuilding(Action):
    kind: ClassVar[str] = "play-building"
    card: str


@action_class
class ActivatePerson(Action):
    kind: ClassVar[str] = "activate"
    card: str


@action_class
class BuildStructure(Action):
    """Construct the Dock Hut or Insula at ``site``; ``colonist`` employs a free Colonist there to
    leave one resource unpaid; ``unpaid`` lists the resources not paid (from the cost)."""

    kind: ClassVar[str] = "build"
    site: str
    colonist: bool
    unpaid: tuple[str, ...]


@action_class
class RetrieveMarker(Action):
    kind: ClassVar[str] = "retrieve-marker"
    card: str


@action_class
class FavorSenate(Action):
    kind: ClassVar[str] = "favor-senate"
    colour: str


@action_class
class EmployLuxury(Action):
    kind: ClassVar[str] = "employ-luxury"
    space: int  # 1-based production space


@action_class
class EmployBuilding(Action):
    kind: ClassVar[str] = "employ-building"
    card: str


@action_class
class EmployCrew(Action):
    kind: ClassVar[str] = "employ-crew"
    dock: int
    stat: str


@action_class
class PlayShip(Action):
    """Play a Ship card into ``dock``; a docked, repaired ship there is retired."""

    kind: ClassVar[str] = "play-ship"
    card: str
    dock: int


@action_class
class Repair(Action):
    """Remove one Damage token from the ship in ``dock`` by paying one ``resource``."""

    kind: ClassVar[str] = "repair"
    dock: int
    resource: str


@action_class
class SendShip(Action):
    kind: ClassVar[str] = "send"
    dock: int


@action_class
class ConvertCoins(Action):
    kind: ClassVar[str] = "convert"
    resource: str


@action_class
class UseConversion(Action):
    """Use a Conversion card; ``choice`` names the resources or luxury taken, when it asks."""

    kind: ClassVar[str] = "conversion"
    card: str
    choice: tuple[str, ...] = ()


@action_class
class SetUpShop(Action):
    """Harbor Shops variant: pay 2 of one resource and place a shop at ``position``."""

    kind: ClassVar[str] = "shop"
    position: str
    resource: str


@action_class
class EndTurn(Action):
    kind: ClassVar[str] = "end-turn"


# --- choices inside effects and the voyage --------------------------------------------------------


@action_class
class Choose(Action):
    """Pick one of the options a pending effect offers (``options`` of the pending decision)."""

    kind: ClassVar[str] = "choose"
    option: str


@action_class
class Pass(Action):
    """Decline an optional decision (a Corsair before a reveal, a luxury demand, ...)."""

    kind: ClassVar[str] = "pass"


@action_class
class Trade(Action):
    kind: ClassVar[str] = "trade"
    dock: int


@action_class
class SailOn(Action):
    kind: ClassVar[str] = "sail-on"
    dock: int


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        Draft, PlaceDie, AssignPips, SpendFavorPip, UseSmugglerToken, PlayPerson, PlayBuilding,
        ActivatePerson, BuildStructure, RetrieveMarker, FavorSenate, EmployLuxury, EmployBuilding,
        EmployCrew, PlayShip, Repair, SendShip, ConvertCoins, UseConversion, SetUpShop, EndTurn,
        Choose, Pass, Trade, SailOn,
    )
}


# --- the shape of an action ------------------------------------------------------------------------
# Every field of an action is a whole number, a text, true/false, or a tuple of numbers or texts
# (its annotation says which). Actions from outside (a record, a caller) are checked against
# that before the rules see them: a wrong type would otherwise surface deep in the engine as a
# TypeError or KeyError, or pass as an equal legal action (``True == 1``, ``1.0 == 1``).


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_str(value: object) -> bool:
    return isinstance(value, str)


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


def _tuple_of(item: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: isinstance(value, tuple) and all(item(x) for x in value)


# The field annotations actions use (strings: this module has ``from __future__ import annotations``).
FIELD_TYPES: dict[str, tuple[Callable[[object], bool], str]] = {
    "int": (_is_int, "a whole number"),
    "str": (_is_str, "a text"),
    "bool": (_is_bool, "true or false"),
    "tuple[int, ...]": (_tuple_of(_is_int), "a list of whole numbers"),
    "tuple[str, ...]": (_tuple_of(_is_str), "a list of texts"),
}

_SHAPES: dict[type, tuple[tuple[str, Callable[[object], bool], str], ...]] = {}


def _shape(cls: type[Action]) -> tuple[tuple[str, Callable[[object], bool], str], ...]:
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = tuple((f.name, *FIELD_TYPES[str(f.type)]) for f in dataclasses.fields(cls))
    return shape


def _brief(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (a message stays one readable line)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shape_problem(action: object) -> str | None:
    """Why ``action`` is not a well-formed action of a kind the engine knows, or None if it is."""
    if not isinstance(action, Action) or ACTION_TYPES.get(action.kind) is not type(action):
        return f"not an action: {_brief(action)}"
    cls = type(action)
    for name, check, words in _shape(cls):
        value = getattr(action, name)
        if not check(value):
            return f"malformed {cls.kind} action: {name} must be {words}, not {_brief(value)}"
    return None


def action_from_dict(data: dict[str, Any]) -> Action:
    """Rebuild an action from :meth:`Action.to_dict` output; raises IllegalAction if malformed
    (an unknown kind, a missing or unknown field, a field of the wrong type)."""
    if not isinstance(data, dict):
        raise IllegalAction(f"not an action: {_brief(data)}")
    kind = data.get("kind")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction(f"not an action: {_brief(data)}")
    names = [f.name for f in dataclasses.fields(cls)]
    unknown = [k for k in data if k != "kind" and k not in names]
    if unknown:
        raise IllegalAction(f"malformed {cls.kind} action: no field {_brief(unknown[0])}")
    kwargs: dict[str, Any] = {}
    for name in names:
        if name in data:
            v = data[name]
            kwargs[name] = tuple(v) if isinstance(v, list) else v
    try:
        action = cls(**kwargs)
    except TypeError as exc:
        raise IllegalAction(f"malformed {cls.kind} action: {exc}") from None
    problem = shape_problem(action)
    if problem is not None:
        raise IllegalAction(problem)
    return action


# Shared makers (see ``interned``) of the actions the rules' legal-action lists offer: the same
# few hundred actions come up at decision after decision.
new_draft = interned(Draft)
new_place = interned(PlaceDie)
new_assign = interned(AssignPips)
new_favor_pip = interned(SpendFavorPip)
new_smuggler_token = interned(UseSmugglerToken)
new_play_person = interned(PlayPerson)
new_play_building = interned(PlayBuilding)
new_activate = interned(ActivatePerson)
new_build = interned(BuildStructure)
new_retrieve_marker = interned(RetrieveMarker)
new_favor_senate = interned(FavorSenate)
new_employ_luxury = interned(EmployLuxury)
new_employ_building = interned(EmployBuilding)
new_employ_crew = interned(EmployCrew)
new_play_ship = interned(PlayShip)
new_repair = interned(Repair)
new_send = interned(SendShip)
new_convert = interned(ConvertCoins)
new_conversion = interned(UseConversion)
new_shop = interned(SetUpShop)
new_end_turn = interned(EndTurn)
new_choose = interned(Choose)
new_pass = interned(Pass)
new_trade = interned(Trade)
new_sail_on = interned(SailOn)
