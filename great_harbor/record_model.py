"""The game record file described as pydantic models: what loading checks, and the JSON Schema
``great-harbor schema`` prints for people who write tools around saves.

:mod:`great_harbor.record` reads a file, checks its version and checksum (which ``force`` may
let through), then validates the whole record with :class:`RecordFile` before anything reaches
the engine: every field's type (strictly: ``"3"``, ``3.0`` and ``true`` are not whole numbers),
the bounds of numbers, texts and lists, and each action against the model of its kind. The first
problem is reported as one line naming where it is (``setup.seats[1].name``, ``action 5``).

The model of each kind of action is made from the engine's action class (its fields and their
types), so the two cannot drift apart. The file written by every version so far (record format
version 1) validates; fields this version does not know at the top level and in the summary are
let through (a later version may add some), elsewhere they are refused.

Only loading a record imports this module (and pydantic): listing the saves and starting a new
game do not.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    create_model,
    model_validator,
)

from great_harbor.data.entry import LABEL_PATTERN
from great_harbor.engine import Action
from great_harbor.engine.actions import ACTION_TYPES
from great_harbor.engine.game import SEED_LIMIT
from great_harbor.text import MAX_NAME, inert, name_problem, unsafe

MAX_ACTIONS = 10_000  # a game takes a few hundred
MAX_TEXT = 100  # an id, an option, a version, a date, a digest
MAX_LIST = 16  # the numbers or texts in one action
MAX_NUMBER = 999  # a die, a slot, a dock, pips: small numbers



def _plain(text: str) -> str:
    if not text.isprintable() and any(unsafe(ch) for ch in text):
        raise ValueError("holds control characters")
    return text


# The schema states the same rule as a pattern (the validators give the friendlier message).
_NO_CONTROLS = {"pattern": LABEL_PATTERN}
Number = Annotated[StrictInt, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
Text = Annotated[StrictStr, Field(max_length=MAX_TEXT, json_schema_extra=_NO_CONTROLS), AfterValidator(_plain)]


def _seat_name(name: str) -> str:
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return name


SeatName = Annotated[StrictStr, Field(max_length=MAX_NAME, json_schema_extra=_NO_CONTROLS), AfterValidator(_seat_name)]


class _Closed(BaseModel):
    """No fields but those named."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class _Open(BaseModel):
    """Fields a later version may add are let through."""

    model_config = ConfigDict(extra="allow", frozen=True)


class SeatRecord(_Closed):
    """One seat at the table, in seating order."""

    name: SeatName = Field(description="the seat's name: 1 to 40 characters, no control characters")
    automa: StrictBool = Field(False, description="whether the Automa plays this seat")
    rival: Literal["", "easy", "normal", "hard"] = Field(
        "", description="the level of the computer rival playing this seat (absent: a person or the Automa)")

    @model_validator(mode="after")
    def _one_kind(self) -> SeatRecord:
        if self.rival and self.automa:
            raise ValueError("a seat is the Automa or a computer rival, not both")
        return self


class SetupRecord(_Closed):
    """What the game was set up with: with the actions it replays the game exactly."""

    # The schema says 2 (a record of one seat is no game); loading lets one through to the
    # engine's own words for it ("a game has 2 to 4 seats, not 1").
    seats: list[SeatRecord] = Field(min_length=1, max_length=4, description="2 to 4 seats, at most one Automa",
                                    json_schema_extra={"minItems": 2})
    shops_variant: StrictBool = Field(False, description="whether the Harbor Shops variant is played")
    seed: Annotated[StrictInt, Field(ge=-SEED_LIMIT, le=SEED_LIMIT - 1)] = Field(
        description="the seed of the game's random numbers")


class NoteRecord(_Closed):
    """A log event written before one of the actions: a computer rival's reasons for it."""

    kind: Literal["rival.move"]
    actor: Annotated[StrictInt, Field(ge=0, le=3)] = Field(description="the rival's seat")
    data: dict[Text, Any] = Field(description="what everyone may read (see engine/narrate.py)")
    secret: dict[Text, Any] = Field(default_factory=dict, description="what only the rival's seat may read")
    reader: Annotated[StrictInt, Field(ge=-1, le=3)] = -1


NoteKey = Annotated[StrictStr, Field(pattern=r"^[0-9]{1,5}$")]


LessonId = Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9-]{0,39}$")]


class CoachRecord(_Closed):
    """The coach of a learning game (``great-harbor learn``), so that Continue goes on with it."""

    seen: list[LessonId] = Field(max_length=60, description="the lessons shown in this game, in order")
    showing: LessonId | None = Field(None, description="the lesson on screen when the game was saved")
    skip: list[LessonId] = Field(default_factory=list, max_length=60,
                                 description="lessons learned in earlier games, not offered in this one")


class SummaryRecord(_Open):
    """Where the game stands after the last action, for listings (loading recomputes it)."""

    round: Number
    turn: Text
    phase: Text
    seats: list[Text] = Field(max_length=4)
    to_move: Text | None = Field(description="who decides next; null when the game is over")
    actions: Annotated[StrictInt, Field(ge=0, le=MAX_ACTIONS)]
    finished: StrictBool
    scores: list[Annotated[StrictInt, Field(ge=-10_000, le=10_000)]] | None = Field(
        None, max_length=4, description="final Prestige per seat, once finished")
    winners: list[Text] | None = Field(None, max_length=4, description="the winners' names, once finished")


# --- one model per kind of action, made from the engine's action classes --------------------------

_FIELD_TYPES: dict[str, Any] = {
    "int": Number,
    "str": Text,
    "bool": StrictBool,
    "tuple[int, ...]": Annotated[list[Number], Field(max_length=MAX_LIST)],
    "tuple[str, ...]": Annotated[list[Text], Field(max_length=MAX_LIST)],
}


def _model_name(kind: str) -> str:
    return "".join(part.title() for part in kind.split("-")) + "Action"


def _action_model(cls: type[Action]) -> type[BaseModel]:
    fields: dict[str, Any] = {"kind": (Literal[cls.kind], ...)}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default: Any = list(f.default) if isinstance(f.default, tuple) else f.default
        else:
            default = ...
        fields[f.name] = (_FIELD_TYPES[str(f.type)], default)
    doc = (cls.__doc__ or "").strip() if cls.__doc__ and not cls.__doc__.startswith(cls.__name__ + "(") else ""
    return create_model(
        _model_name(cls.kind),
        __config__=ConfigDict(extra="forbid", frozen=True, title=_model_name(cls.kind)),
        __doc__=f"The action '{cls.kind}' ({cls.__name__}). {doc}".strip(),
        **fields,
    )


ACTION_MODELS: dict[str, type[BaseModel]] = {kind: _action_model(cls) for kind, cls in ACTION_TYPES.items()}
ActionRecord = Annotated[Union[tuple(ACTION_MODELS.values())], Field(discriminator="kind")]  # type: ignore[valid-type]  # noqa: UP007


class RecordFile(_Open):
    """A saved game of The Great Harbor (great-harbor game record, format version 1).

    The seed and the setup with the list of actions replay the game exactly; ``state`` is a
    digest of the game they reach and ``checksum`` a digest of the rest of the file."""

    format: Literal["great-harbor game record"]
    version: StrictInt = Field(description="the layout of this file: 1")
    program: Text = Field("", description="the version of great-harbor that wrote the file")
    catalogue: Text = Field("", description="fingerprint of the component catalogue the game is played with")
    created: Text = Field("", description="when the game began (ISO 8601)")
    updated: Text = Field("", description="when the file was last written (ISO 8601)")
    setup: SetupRecord
    summary: SummaryRecord | None = None
    actions: list[ActionRecord] = Field(  # type: ignore[valid-type]
        max_length=MAX_ACTIONS, description="every action taken, in order; each as the engine's Action.to_dict()")
    state: Text = Field("", description="'sha256:' and a digest of the game after the last action (log left out)")
    notes: dict[NoteKey, NoteRecord] | None = Field(
        None, description="computer rivals' reasons, by the index of the action they come before")
    hints: Annotated[StrictInt, Field(ge=0, le=MAX_ACTIONS)] = Field(
        0, description="how many hints the people at the table asked for")
    coach: CoachRecord | None = Field(
        None, description="in a learning game: its coach's lessons shown, the one on screen, those skipped")
    checksum: Text | None = Field(
        None, description="'sha256:' and the digest of the rest of the file as JSON with sorted keys, "
                          "no spaces, non-ASCII kept")


# --- errors as one located line -------------------------------------------------------------------

_WORDS = {
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "string_type": "must be text",
    "bool_type": "must be true or false",
    "list_type": "must be a list",
    "model_type": "must be an object with named fields",
    "model_attributes_type": "must be an object with named fields",
    "dict_type": "must be an object with named fields",
    "missing": "is missing",
    "extra_forbidden": "is not a field this program knows",
    "literal_error": "must be {expected}",
    "union_tag_not_found": "has no kind",
    "too_short": "must have at least {min_length} item(s)",
    "too_long": "must have at most {max_length} items",
    "string_too_long": "must be at most {max_length} characters long",
    "greater_than_equal": "must be at least {ge}",
    "less_than_equal": "must be at most {le}",
}


def _where(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return inert(out)


def _what(err: Any) -> str:
    kind = err["type"]
    if kind == "union_tag_invalid":
        return f"has an unknown kind {_brief(err['input'].get('kind') if isinstance(err['input'], dict) else None)}"
    if kind == "value_error":  # from the model's own checks: the reason says what was found
        return inert(": " + str(err["msg"]).removeprefix("Value error, "))
    words = _WORDS.get(kind)
    if words is None:
        words = err["msg"][:1].lower() + err["msg"][1:]
    else:
        words = words.format(**(err.get("ctx") or {}))
    if kind not in ("missing", "extra_forbidden", "union_tag_invalid", "union_tag_not_found"):
        words += f" (found {_brief(err['input'])})"
    return inert(" " + words)


def _brief(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def problem(exc: ValidationError) -> str:
    """The first of pydantic's errors as one line a player can act on (the others are counted)."""
    errors = exc.errors()
    err = errors[0]
    loc = tuple(err["loc"])
    more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    if len(loc) >= 2 and loc[0] == "actions" and isinstance(loc[1], int):
        # loc is ("actions", index, kind, field...) inside a kind's model
        rest = loc[3:] if len(loc) > 2 and loc[2] in ACTION_MODELS else loc[2:]
        what = _what(err)
        what = f"{_where(rest)}{what}" if rest else what.removeprefix(": ").lstrip()
        return f"action {loc[1] + 1} of the record is not an action the game knows: {what}{more}"
    if not loc:
        return f"the record{_what(err)}{more}"
    return f"the record's {_where(loc)}{_what(err)}{more}"


def validate(data: dict[str, Any]) -> RecordFile:
    """``data`` (a parsed record) as a RecordFile; ValueError with one located line otherwise."""
    try:
        return RecordFile.model_validate(data)
    except ValidationError as exc:
        raise ValueError(problem(exc)) from None


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a record file."""
    schema = RecordFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


__all__ = ["ACTION_MODELS", "MAX_ACTIONS", "RecordFile", "json_schema", "problem", "validate"]
