"""The game state: plain dataclasses holding only JSON-friendly values.

Everything the rules read or change lives here; the catalogue (immutable) holds the numbers.
Keys of dicts are strings (slot ids, colours, resources) so a state round-trips through JSON,
and two states compare with ``==``.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Collection
from dataclasses import field
from typing import Any, TypeVar, get_args, get_origin

from great_harbor.value_class import value_class

from .decision_data import Decision, decision_from
from .events import Event

COLOURS = ("red", "blue", "yellow", "purple")
RESOURCES = ("sails", "rope", "planks", "metal")
LUXURIES = ("wine", "dyes", "marble", "amphorae")
STATS = ("speed", "strength", "cargo")  # crew may sit beside these; never beside Hull
DICE_PER_COLOUR = 5


def die_colour(die: int) -> str:
    """Dice are numbered 0-19: five of each colour in the order of COLOURS."""
    return COLOURS[die // DICE_PER_COLOUR]


def die_label(die: int, face: int) -> str:
    """A die as players read it, colour letter and pips: ``B4``."""
    return f"{die_colour(die)[0].upper()}{face}"


# --- ships ----------------------------------------------------------------------------------------

DOCKED = "docked"
OUTBOUND = "outbound"  # facing right on the Trade board
RETURNING = "returning"  # facing left, on the sail-back track


@value_class
class ShipState:
    card: str
    dock: int  # 1-3: the dock and the meeple number
    crew: list[str] = field(default_factory=list)  # stats with a crew colonist beside them
    damage: int = 0
    where: str = DOCKED
    segment: int = -1  # 0-2 while outbound
    position: int = -1  # position in the segment while outbound
    sail_back: int = 0  # spaces left to the harbor while returning


# --- players --------------------------------------------------------------------------------------


@value_class
class PlayerState:
    seat: int
    name: str
    automa: bool
    governor: str
    resources: dict[str, int] = field(default_factory=lambda: {r: 0 for r in RESOURCES})
    coins: int = 0
    favor: int = 0
    smuggler: int = 0
    prestige: int = 0  # Prestige tokens
    free_colonists: int = 0  # in housing
    hand: list[str] = field(default_factory=list)  # card ids (person-, building-, ship-)
    person_slots: list[list[str]] = field(default_factory=list)  # per slot, 0-2 Person ids
    activated: list[str] = field(default_factory=list)  # Persons holding an Activation marker
    buildings: list[str] = field(default_factory=list)
    building_workers: dict[str, int] = field(default_factory=dict)  # building id -> colonists on it
    structures: list[str] = field(default_factory=list)  # built site ids
    site_workers: list[str] = field(default_factory=list)  # sites with a colonist from construction
    docks: list[ShipState | None] = field(default_factory=lambda: [None, None, None])
    retired_ships: list[str] = field(default_factory=list)
    luxury_tiles: list[str] = field(default_factory=list)  # production tile ids, one per space
    luxury_workers: list[int] = field(default_factory=list)  # colonists on each production space
    luxuries: dict[str, int] = field(default_factory=lambda: {x: 0 for x in LUXURIES})
    senate: dict[str, int] = field(default_factory=lambda: {c: 0 for c in COLOURS})
    senate_bridges: list[int] = field(default_factory=list)  # indices of bridge bonuses gained
    played_colours: dict[str, int] = field(default_factory=lambda: {c: 0 for c in COLOURS})
    dice_bonus_colours: list[str] = field(default_factory=list)  # Dice Color Bonus unlocked
    drafted: list[int] = field(default_factory=list)  # drafted dice not yet placed
    placed_this_turn: int = 0
    conversions_used: list[str] = field(default_factory=list)  # conversion cards used this turn
    # Voyage-phase effects of activated Persons (cleared at the end of the turn).
    voyage_strength_all: int = 0
    voyage_strength: dict[str, int] = field(default_factory=dict)  # dock number -> extra strength
    voyage_cargo: dict[str, int] = field(default_factory=dict)
    voyage_any_luxury: bool = False
    voyage_ignored_pirate: str = ""
    # The Automa's own board (unused for humans).
    automa_track: dict[str, int] = field(default_factory=lambda: {c: 0 for c in COLOURS})
    automa_bridges: list[int] = field(default_factory=list)
    automa_colonists: int = 0  # the Automa keeps colonists without housing limits
    # Statistics the end-of-game buildings count.
    medium_ships_built: int = 0
    # Harbor Shops variant: Shop tokens not yet set up on the harbor.
    shops_left: int = 0


# --- pending decisions ----------------------------------------------------------------------------


@value_class
class Pending:
    """A decision a rule is waiting for: ``kind`` names it, ``seat`` decides, ``data`` is what it
    knows (a typed :class:`~great_harbor.engine.decision_data.Decision`; given as plain fields, it
    is made from them)."""

    kind: str
    seat: int
    data: Any = None

    def __post_init__(self) -> None:
        if not isinstance(self.data, Decision):
            self.data = decision_from(self.kind, self.data or {})

    @staticmethod
    def new(kind: str, seat: int, data: Decision) -> Pending:
        """``Pending(kind, seat, data)`` of a decision already made, without the checks of
        ``__init__`` (every decision of every game is pushed this way)."""
        pending = _new_object(Pending)
        fields = pending.__dict__
        fields["kind"] = kind
        fields["seat"] = seat
        fields["data"] = data
        return pending


_new_object = object.__new__


# --- the whole game -------------------------------------------------------------------------------


@value_class
class GameState:
    seed: int
    seats: int
    shops_variant: bool
    players: list[PlayerState]
    rng: list[Any]  # random.Random.getstate(), as lists
    round: int = 1
    turn: str = "A"
    phase: str = "draft"  # draft | actions | voyage | final_convert | over
    anchor: int = 0
    # Harbor map
    layout: dict[str, str] = field(default_factory=dict)  # "r,c" -> tile id
    faces: list[int] = field(default_factory=list)  # face of every die, by die number
    bag: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)  # rolled, not yet drafted
    slots: dict[str, int] = field(default_factory=dict)  # slot id -> die
    district: list[int] = field(default_factory=list)  # dice placed in the Smuggler's District
    smuggler_dice: list[int] = field(default_factory=list)
    die_bonus: dict[str, int] = field(default_factory=dict)  # die -> temporary pips
    die_wild: list[int] = field(default_factory=list)
    die_no_fee: list[int] = field(default_factory=list)  # a Smuggler token was spent for it
    # Draft and turn order
    draft_order: list[int] = field(default_factory=list)  # seats, in the order they still draft
    turn_order: list[int] = field(default_factory=list)
    active: int = -1  # index into turn_order during the Action phase
    # Cards
    person_deck: list[str] = field(default_factory=list)
    person_display: list[str] = field(default_factory=list)  # index 0 is closest to the icon
    building_deck: list[str] = field(default_factory=list)
    building_display: list[str] = field(default_factory=list)
    ship_decks: dict[str, list[str]] = field(default_factory=dict)
    ship_display: dict[str, str] = field(default_factory=dict)  # size -> card id or ""
    pirate_deck: list[str] = field(default_factory=list)
    pirate_discard: list[str] = field(default_factory=list)
    pirates: list[str] = field(default_factory=lambda: ["", "", ""])  # revealed per segment
    conversions: list[str] = field(default_factory=list)  # the three in play, laurel first
    dice_bonus_stack: list[str] = field(default_factory=list)  # [0] is face up
    dice_bonus_discard: list[str] = field(default_factory=list)
    demand_pool: list[str] = field(default_factory=list)  # unused Luxury demand tiles
    demands: list[list[str]] = field(default_factory=lambda: [[], [], []])  # per segment
    colonist_supply: int = 30
    automa_deck: list[str] = field(default_factory=list)
    automa_discard: list[str] = field(default_factory=list)
    # Decisions waiting (last is current) and the log
    stack: list[Pending] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)  # see events.py; narrate.py words them
    effects_resolved: list[str] = field(default_factory=list)  # card ids whose effect has resolved
    voyage: VoyageState = field(default_factory=lambda: VoyageState())
    shops: dict[str, int] = field(default_factory=dict)  # Harbor Shops variant: position -> owner seat
    # Counts every use of chance or reveal of hidden information (rolls, draws, shuffles); undo
    # never steps back across a change of this number.
    reveals: int = 0
    # Where reveals happened in the log: the event at each of these indices (the next one written
    # after the reveal) tells what was rolled, drawn or shown; Game.log marks it (Event.reveal).
    reveal_marks: list[int] = field(default_factory=list)
    final_scores: list[dict[str, int]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


@value_class
class VoyageState:
    segment: int = -1  # segment being resolved
    queue: list[list[int]] = field(default_factory=list)  # [seat, dock] still to resolve there
    corsair_asked: list[int] = field(default_factory=list)  # seats asked before this reveal


# --- plain-data round trip ------------------------------------------------------------------------

T = TypeVar("T")


def to_plain(obj: Any) -> Any:
    """Dataclasses to dicts, tuples to lists: the JSON form of a state."""
    cls = type(obj)
    if cls is int or cls is str or cls is bool or obj is None:
        return obj
    if isinstance(obj, Decision):
        return obj.plain()
    if cls is list or cls is tuple:
        return [to_plain(x) for x in obj]
    if cls is dict:
        return {str(k): to_plain(v) for k, v in obj.items()}
    names = _FIELD_NAMES.get(cls)
    if names is None and dataclasses.is_dataclass(obj):
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(obj))
    if names is not None:
        return {name: to_plain(getattr(obj, name)) for name in names}
    if isinstance(obj, (list, tuple)):
        return [to_plain(x) for x in obj]
    if isinstance(obj, dict):
        return {str(k): to_plain(v) for k, v in obj.items()}
    if isinstance(obj, str):  # str enums from the catalogue
        return str(obj)
    return obj


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def fields_to_plain(obj: Any, leave_out: Collection[str]) -> dict[str, Any]:
    """A dataclass as :func:`to_plain` makes it, in the same order, without the fields named in
    ``leave_out`` (never converted: the state digest leaves out the log, which grows all game)."""
    return {f.name: to_plain(getattr(obj, f.name)) for f in dataclasses.fields(obj) if f.name not in leave_out}


_HINTS: dict[type, dict[str, Any]] = {}


# --- a fast deep copy ----------------------------------------------------------------------------
# Clones (undo, search, a seat's view) copy the whole state often; a copier per dataclass, worked
# out once from its type hints, is several times faster than copy.deepcopy or a JSON round trip.
# Frozen dataclasses (log events) are never changed after they are made, so they are shared.

Copier = Any  # Callable[[Any], Any] | None; None: the value is immutable and shared


def _copy_any(v: Any) -> Any:
    cls = type(v)
    if cls is list:
        return [_copy_any(x) for x in v]
    if cls is dict:
        return {k: _copy_any(x) for k, x in v.items()}
    return v


def _copier(tp: Any) -> Copier:
    if tp in (int, str, bool, float, type(None)):
        return None
    if tp is Any:
        return _copy_any
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if tp.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return None
        return _class_copier(tp)
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in get_args(tp) if a is not type(None)]
        c = _copier(inner[0])
        return None if c is None else (lambda v: None if v is None else c(v))
    if origin is list:
        (item,) = get_args(tp)
        c = _copier(item)
        return list if c is None else (lambda v: [c(x) for x in v])
    if origin is dict:
        _, item = get_args(tp)
        c = _copier(item)
        return dict if c is None else (lambda v: {k: c(x) for k, x in v.items()})
    return _copy_any


_CLASS_COPIERS: dict[type, Any] = {}


def _class_copier(cls: type) -> Any:
    found = _CLASS_COPIERS.get(cls)
    if found is not None:
        return found
    plan: list[tuple[str, Copier]] = []

    def copy(obj: Any) -> Any:
        new: Any = object.__new__(cls)
        d = obj.__dict__
        new.__dict__.update({name: d[name] if c is None else c(d[name]) for name, c in plan})
        return new

    _CLASS_COPIERS[cls] = copy  # before the fields: a class may contain itself
    hints = typing.get_type_hints(cls)
    plan += [(f.name, _copier(hints[f.name])) for f in dataclasses.fields(cls)]
    return copy


def copy_state(state: GameState) -> GameState:
    """A deep copy of a game state (log events, which never change, are shared)."""
    return _class_copier(GameState)(state)  # type: ignore[no-any-return]


def from_plain(cls: type[T], data: Any) -> T:
    """Rebuild a dataclass (recursively) from :func:`to_plain` output."""
    built: T = _build(cls, data)
    return built


def _build(tp: Any, data: Any) -> Any:
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        hints = _HINTS.get(tp)
        if hints is None:
            hints = _HINTS[tp] = typing.get_type_hints(tp)
        if not isinstance(data, dict):
            raise ValueError(f"expected an object for {tp.__name__}")
        names = {f.name for f in dataclasses.fields(tp)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown field {sorted(unknown)[0]!r} in {tp.__name__}")
        return tp(**{k: _build(hints[k], v) for k, v in data.items()})
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        inner = [a for a in get_args(tp) if a is not type(None)]
        return _build(inner[0], data)
    if origin is list:
        (inner,) = get_args(tp)
        if not isinstance(data, list):
            raise ValueError("expected a list")
        return [_build(inner, x) for x in data]
    if origin is dict:
        _, inner = get_args(tp)
        if not isinstance(data, dict):
            raise ValueError("expected an object")
        return {k: _build(inner, v) for k, v in data.items()}
    if tp is Any:
        return data
    if tp in (int, str, bool) and not isinstance(data, tp):
        raise ValueError(f"expected {tp.__name__}, found {type(data).__name__}")
    return data
