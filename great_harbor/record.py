"""Game records: one human-readable JSON file that is the save, the replay and the bug report.

A record keeps the setup (seats, options, seed) and every applied action; loading it replays the
actions through the engine, so the seed and the actions reproduce the game exactly. The file::

    format      "great-harbor game record"
    version     RECORD_VERSION, the layout of this file
    program     the version of great-harbor that wrote it
    catalogue   fingerprint of the component catalogue the game was played with
    created     when the game began, updated: when the record was last written (ISO 8601, UTC)
    setup       seats (name, automa, and rival: the level of a computer rival), shops_variant, seed
    summary     round, turn, phase, seats, who is to move, finished, scores: for listings only
    actions     one action per line, as Action.to_dict() writes it
    state       digest of the game after the last action (log left out): a replay must reach it
    notes       (only when there are any) why each computer rival's action was taken: the log
                event written before the action of that index, so a replay shows it again
    hints       (only when any were used) how many hints the people at the table asked for
    coach       (only in a learning game) the coach's lessons shown, the one on screen, those skipped
    checksum    digest of everything above: a file damaged or edited by hand is noticed

Every problem is a :class:`RecordError` whose message is one line. Some can be overridden with
``force=True`` (another catalogue or record version, a checksum or state digest that does not
match); a record that cannot be parsed or whose actions are illegal cannot.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from great_harbor import __version__
from great_harbor.data import Catalogue
from great_harbor.data.catalogue import default_data_dir, earlier_fingerprints, shipped_fingerprint
from great_harbor.engine import (
    Action,
    EngineError,
    Game,
    IllegalAction,
    Seat,
    action_from_dict,
    harbor,
    names,
    narrate,
)
from great_harbor.engine.actions import PlaceDie
from great_harbor.engine.events import ALL_SECRETS
from great_harbor.engine.rounds import turn_up_for_the_next_round
from great_harbor.engine.scoring import ITEM_NAMES, ITEMS
from great_harbor.safe_io import NotARegularFile, TooLarge, read_regular
from great_harbor.text import inert
from great_harbor.value_class import value_class

RECORD_FORMAT = "great-harbor game record"
RECORD_VERSION = 1
# Left out of the state digest: words, not rules. Rewording a log line must not break old saves.
_NOT_DIGESTED = ("log", "reveal_marks", "effects_resolved")

ApplyFn = Callable[[Game, Action], None]


class RecordError(Exception):
    """A record that cannot be read, trusted or replayed; ``str()`` is one line for players.

    ``forceable`` is True when ``force=True`` would try the record anyway.
    """

    def __init__(self, message: str, forceable: bool = False) -> None:
        super().__init__(inert(message))  # parts of it come from the file: never let them act on a terminal
        self.forceable = forceable


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def state_digest(game: Game, catalogue: str | None = None) -> str:
    """A digest of the rules state (the log left out). ``catalogue``: the fingerprint the record
    names, when it is an earlier one that plays the same (see ``earlier_fingerprints``).

    Autosave takes it after every action: the fields left out are never converted, so it costs
    the same at the end of a game as at the start (the log grows all game)."""
    data = game.to_dict(leave_out=_NOT_DIGESTED)
    if catalogue:
        data["catalogue"] = catalogue
    # Keys in the engine's own order: the order of a dict can be part of the state.
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def seal(data: dict[str, Any]) -> dict[str, Any]:
    """Set a record's checksum for its current content (for records built or edited by a program)."""
    data.pop("checksum", None)
    data["checksum"] = _sha256(data)
    return data


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _sha256(data: Any) -> str:
    # surrogatepass: a damaged file may hold a lone surrogate ("\udcff"); it gets a checksum
    # that does not match, rather than an error here.
    return "sha256:" + hashlib.sha256(_canonical(data).encode("utf-8", "surrogatepass")).hexdigest()


@lru_cache(maxsize=8192)
def _action_json(action: Action) -> tuple[str, str]:
    """An action's canonical JSON (for the checksum) and its readable JSON (for the file)."""
    data = action.to_dict()
    return _canonical(data), json.dumps(data, ensure_ascii=False)


@value_class
class GameRecord:
    """The setup and the applied actions of one game, and where they came from."""

    seats: list[Seat]
    seed: int
    shops_variant: bool = False
    actions: list[Action] = field(default_factory=list)
    catalogue: str = ""
    created: str = field(default_factory=now)
    updated: str = ""
    program: str = __version__
    state: str = ""  # digest of the game after ``actions``, as last written
    notes: dict[int, dict[str, Any]] = field(default_factory=dict)  # action index -> event before it
    hints: int = 0  # hints asked for at the table
    coach: dict[str, Any] | None = None  # a learning game's coach (CoachRecord's fields)

    @classmethod
    def new(
        cls,
        cat: Catalogue,
        seats: Sequence[Seat | str],
        seed: int | None = None,
        shops_variant: bool = False,
    ) -> GameRecord:
        """A record for a new game; without a seed, a random one (written down, so replays work)."""
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000_000)
        specs = [Seat(x) if isinstance(x, str) else x for x in seats]
        return cls(seats=specs, seed=seed, shops_variant=shops_variant, catalogue=cat.fingerprint)

    # --- replay ---------------------------------------------------------------------------------

    def start(self, cat: Catalogue) -> Game:
        """The game right after setup."""
        try:
            return Game.new(cat, self.seats, seed=self.seed, shops_variant=self.shops_variant)
        except IllegalAction as exc:
            raise RecordError(f"the record's setup is not a valid game: {exc}") from None

    def replay(
        self,
        cat: Catalogue,
        upto: int | None = None,
        apply: ApplyFn | None = None,
    ) -> Game:
        """Set the game up and apply the first ``upto`` actions (all by default), each checked.

        ``apply(game, action)`` replaces the plain ``game.apply`` (to watch every step); it must
        apply the action or raise IllegalAction. An illegal action is a RecordError naming it.
        """
        game = self.start(cat)
        actions = self.actions
        limit = len(actions) if upto is None else min(upto, len(actions))
        number = 0
        while number < limit:
            action = actions[number]
            number += 1
            total = len(actions)
            note = self.notes.get(number - 1)  # a computer rival's reasons, logged before its move
            if note is not None:
                write_note(game, note)
            try:
                # Records made while the choices listed every split of a die's pips may hold one
                # that the choices now give as another split with the same result: read it as that
                # one, and keep it so (stepping through a replay, undo and redo use the record's
                # actions).
                listed = harbor.equivalent_split(game, action)
                if listed is not None:
                    action = actions[number - 1] = listed
                # Records made while a die on a Shore slot asked for its benefit after placing hold
                # the placement and that answer: read the two as the one placement it is now.
                if number < limit:
                    merged = harbor.earlier_shore_placement(game, action, actions[number])
                    if merged is not None:
                        action = actions[number - 1] = merged
                        del actions[number]
                        limit -= 1
                if apply is None:
                    game.apply(action)
                else:
                    apply(game, action)
            except IllegalAction as exc:
                raise RecordError(f"action {number} of {total} ({action}) cannot be replayed: {exc}") from None
            except (EngineError, AssertionError, LookupError, TypeError, ValueError) as exc:
                # A bug in the engine, not in the record: still one line, naming the action.
                raise RecordError(
                    f"action {number} of {total} ({action}) broke the rules engine: {type(exc).__name__}: {exc}"
                ) from None
        return game

    # --- writing --------------------------------------------------------------------------------

    def to_dict(self, game: Game) -> dict[str, Any]:
        """The record as plain data, ``game`` being the state after its actions."""
        self.state = state_digest(game, self.catalogue)
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "program": self.program,
            "catalogue": self.catalogue,
            "created": self.created,
            "updated": self.updated or self.created,
            "setup": {
                "seats": [_seat_dict(s) for s in self.seats],
                "shops_variant": self.shops_variant,
                "seed": self.seed,
            },
            "summary": summary(game, len(self.actions)),
            "actions": [a.to_dict() for a in self.actions],
            "state": self.state,
            **self._extras(),
        }
        return seal(data)

    def _extras(self) -> dict[str, Any]:
        """The fields only some records have: the rivals' notes, the hints used, the coach."""
        out: dict[str, Any] = {}
        if self.notes:
            out["notes"] = {str(i): self.notes[i] for i in sorted(self.notes)}
        if self.hints:
            out["hints"] = self.hints
        if self.coach is not None:
            out["coach"] = self.coach
        return out

    def dumps(self, game: Game) -> str:
        """The record as text: indented JSON with one action per line.

        The same as ``render(self.to_dict(game))``, but each action's JSON is cached: autosave
        calls this after every action, and a long game has hundreds of them.
        """
        self.updated = now()
        self.program = __version__
        self.state = state_digest(game, self.catalogue)
        head: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "program": self.program,
            "catalogue": self.catalogue,
            "created": self.created,
            "updated": self.updated,
            "setup": {
                "seats": [_seat_dict(s) for s in self.seats],
                "shops_variant": self.shops_variant,
                "seed": self.seed,
            },
            "summary": summary(game, len(self.actions)),
        }
        tail = {"state": self.state, **self._extras()}
        texts = [_action_json(a) for a in self.actions]
        # The checksum is over the canonical form (sorted keys; "actions" sorts first).
        rest = _canonical({**head, **tail})
        canonical = '{"actions":[' + ",".join(c for c, _ in texts) + "]," + rest[1:]
        checksum = "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()
        lines = ",\n".join("    " + r for _, r in texts)
        actions = "[\n" + lines + "\n  ]" if texts else "[]"
        head_text = _pretty(head, "")[:-2]  # without the closing "\n}"
        extras = "".join(f"  {json.dumps(k)}: {_pretty(v, '  ')},\n" for k, v in self._extras().items())
        return (f"{head_text},\n  \"actions\": {actions},\n  \"state\": {json.dumps(self.state)},\n"
                f"{extras}  \"checksum\": {json.dumps(checksum)}\n}}\n")

    # --- reading --------------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: dict[str, Any], cat: Catalogue, force: bool = False,
                  warnings: list[str] | None = None) -> GameRecord:
        """Check a parsed record (version, checksum, shape, catalogue) and build it."""
        notes = warnings if warnings is not None else []
        check_header(data, force, notes)
        record = _build(_validated(data))
        if record.catalogue != cat.fingerprint and record.catalogue not in earlier_fingerprints(cat.directory):
            _refuse(catalogue_mismatch(record, cat), force, notes)
        return record

    @classmethod
    def loads(cls, text: str, cat: Catalogue, force: bool = False,
              warnings: list[str] | None = None) -> GameRecord:
        return cls.from_dict(parse(text), cat, force, warnings)


@value_class
class Loaded:
    """A record read from a file, the game it replays to, and what ``force`` let through."""

    record: GameRecord
    game: Game
    warnings: list[str]


def load(path: str | Path, cat: Catalogue, force: bool = False, apply: ApplyFn | None = None) -> Loaded:
    """Read, check and replay a record file. Raises RecordError (one line) when it cannot."""
    warnings: list[str] = []
    record = GameRecord.loads(read_text(path), cat, force, warnings)
    game = record.replay(cat, apply=apply)
    if record.state and state_digest(game, record.catalogue) != record.state and not _finished_turning_up(record, game):
        earlier = _saved_waiting_for_a_shore_benefit(record, cat)
        if earlier is not None:
            # Saved by an earlier version while it asked what a die just placed on a Shore slot
            # takes: the die goes back to the hand, to be placed again (its benefit at once now).
            last = record.actions.pop()
            assert isinstance(last, PlaceDie)
            warnings.append(f"an earlier version saved this game as {names.die(earlier, last.die)} went on "
                            f"{names.slot_name(earlier, last.slot)}, before its benefit was taken: that placement "
                            "is taken back, place the die again")
            return Loaded(record, earlier, warnings)
        _refuse(
            f"replaying the record does not give the game that was saved (saved by great-harbor "
            f"{record.program}, this is {__version__})",
            force, warnings,
        )
    return Loaded(record, game, warnings)


def _finished_turning_up(record: GameRecord, game: Game) -> bool:
    """Whether ``record`` is a finished game saved by a version (0.2.0 and before) that still
    refreshed the displays and turned a Dice Bonus tile after the last round: the same game, whose
    final table showed a few more cards. Its state as then is checked, the game kept as now."""
    if not game.is_over:
        return False
    then = game.clone()
    turn_up_for_the_next_round(then)
    return state_digest(then, record.catalogue) == record.state


def _saved_waiting_for_a_shore_benefit(record: GameRecord, cat: Catalogue) -> Game | None:
    """When the record ends on a die placed on a Shore slot and was saved by an earlier version that
    then asked for the benefit (its state digest is that state's), the game before that placement;
    otherwise None."""
    if not record.actions or not record.state:
        return None
    before = record.replay(cat, upto=len(record.actions) - 1)
    last = record.actions[-1]
    if not harbor.is_shore_placement(before, last) or not before.is_legal(last):
        return None
    waiting = before.clone()
    harbor.place_as_earlier(waiting, last)
    waiting.advance()
    return before if state_digest(waiting, record.catalogue) == record.state else None


# No real record comes near this: a game of a few hundred actions is some 30 KB.
MAX_RECORD_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 20  # a record nests four deep (record, setup, seats, seat)


def read_text(path: str | Path, limit: int = MAX_RECORD_BYTES) -> str:
    """The text of a record file: a regular file (not a FIFO or a device, which could hang or
    never end) of at most ``limit`` bytes, in UTF-8. RecordError (one line) otherwise."""
    p = Path(path)
    try:
        raw = read_regular(p, limit)
    except FileNotFoundError:
        raise RecordError(f"no such file: {inert(p)}") from None
    except IsADirectoryError:
        raise RecordError(f"{inert(p)} is a folder, not a game record") from None
    except NotARegularFile:
        raise RecordError(f"{inert(p)} is not a regular file, so not a game record") from None
    except TooLarge:
        raise RecordError(f"{inert(p.name)} is not a game record (larger than {limit // (1024 * 1024)} MB)") from None
    except OSError as exc:
        raise RecordError(f"cannot read {inert(p)}: {(exc.strerror or str(exc)).lower()}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{inert(p.name)} is not a game record (not a text file)") from None


def parse(text: str) -> dict[str, Any]:
    """JSON text to a dict, telling a truncated record from something that is not JSON at all."""
    stripped = text.strip()
    if not stripped:
        raise RecordError("the record is empty")
    try:
        data = json.loads(stripped)
    except RecursionError:
        raise RecordError("the record is not valid JSON (it is nested too deeply)") from None
    except json.JSONDecodeError as exc:
        # A record ends with its closing brace alone on the last line (or on the only line).
        complete = stripped.endswith("\n}") or ("\n" not in stripped and stripped.endswith("}"))
        if stripped.startswith("{") and not complete:
            raise RecordError(f"the record is cut short (it ends after {len(text.encode())} bytes)") from None
        raise RecordError(f"the record is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except ValueError:
        # Python refuses to read a number of more than 4300 digits (sys.get_int_max_str_digits).
        raise RecordError("the record is not a game record (it holds a number thousands of digits long)") from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError("this JSON file is not a Great Harbor game record")
    if _depth(data) > MAX_DEPTH:
        raise RecordError(f"the record is not a game record (it is nested more than {MAX_DEPTH} deep)")
    return data


def _depth(data: Any) -> int:
    """How deep lists and objects nest in ``data`` (without recursion: the data may nest deeply)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            break
        children = node.values() if isinstance(node, dict) else node
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def check_header(data: dict[str, Any], force: bool = False, warnings: list[str] | None = None) -> None:
    """Version and checksum of a parsed record (no catalogue needed: listings use this)."""
    notes = warnings if warnings is not None else []
    version = data.get("version")
    if type(version) is not int or version != RECORD_VERSION:
        _refuse(f"the record is in format version {version!r}; this program reads version {RECORD_VERSION}",
                force, notes)
    body = {k: v for k, v in data.items() if k != "checksum"}
    if "checksum" not in data:
        _refuse("the record has no checksum, so it cannot be trusted", force, notes)
    elif data["checksum"] != _sha256(body):
        _refuse("the record was changed after it was saved (its checksum does not match)", force, notes)


def _refuse(message: str, force: bool, warnings: list[str]) -> None:
    if not force:
        raise RecordError(message + "; use force to try it anyway", forceable=True)
    warnings.append(message)


def catalogue_mismatch(record: GameRecord, cat: Catalogue) -> str:
    """Why ``record`` was not played with ``cat``, saying which of the two is an edited catalogue
    (the shipped one's fingerprint tells) and how to go on with the game."""
    shipped = shipped_fingerprint()
    made, this = _short(record.catalogue), _short(cat.fingerprint)
    head = "the record was played with another component catalogue"
    if shipped is not None and cat.fingerprint == shipped:
        if record.program == __version__:
            return (f"{head}, an edited one ({made}), not the one shipped with the game: start great-harbor "
                    "with that catalogue (--data DIR) to go on with it")
        return (f"{head} ({made}: an edited one, or the one great-harbor {record.program} shipped), "
                f"not this one ({this})")
    if shipped is not None and record.catalogue in {shipped, *earlier_fingerprints(default_data_dir())}:
        return (f"{head}, the one shipped with the game, not the edited one in {cat.directory} ({this}): start "
                "great-harbor without --data or $GREAT_HARBOR_DATA to go on with it")
    return f"{head} ({made}), not the one in {cat.directory} ({this})"


def _short(fingerprint: str) -> str:
    return fingerprint[:12] if fingerprint else "unknown"


def _validated(data: dict[str, Any]) -> Any:
    """The record checked field by field by its pydantic model (``record_model``): one located line."""
    # Here: pydantic comes with it, which start-up and listing the saves never need.
    from great_harbor import record_model

    try:
        return record_model.validate(data)
    except ValueError as exc:
        raise RecordError(str(exc)) from None


def _build(model: Any) -> GameRecord:
    """A GameRecord from a validated ``record_model.RecordFile``."""
    seats = [Seat(seat.name, seat.automa, seat.rival) for seat in model.setup.seats]
    actions: list[Action] = []
    for number, raw in enumerate(model.actions, start=1):
        try:
            actions.append(action_from_dict(raw.model_dump()))
        except IllegalAction as exc:  # the model and the engine's own check agree; this is the engine's word
            raise RecordError(f"action {number} of the record is not an action the game knows: {exc}") from None
    return GameRecord(
        seats=seats, seed=model.setup.seed, shops_variant=model.setup.shops_variant, actions=actions,
        catalogue=model.catalogue, created=model.created, updated=model.updated, program=model.program,
        state=model.state, notes=_notes(model, len(actions)), hints=model.hints,
        coach=model.coach.model_dump() if model.coach is not None else None,
    )


def _notes(model: Any, actions: int) -> dict[int, dict[str, Any]]:
    """The rivals' notes of a record: each the log event written before the action of its index."""
    out: dict[int, dict[str, Any]] = {}
    for key, note in (model.notes or {}).items():
        if int(key) >= actions:
            raise RecordError(f"the record's notes.{key} is about an action the record does not have")
        out[int(key)] = note.model_dump()
    return out


def write_note(game: Game, note: dict[str, Any]) -> None:
    """Write a note (a rival's reasons) into the game's log, as the event it was when played."""
    if note["kind"] not in narrate.kinds() or not 0 <= note["actor"] < game.s.seats:
        raise RecordError(f"the record has a note the game cannot show ({note['kind']!r})")
    game.log(note["kind"], note["actor"], secret=note.get("secret") or None, reader=note.get("reader", -1),
             **note.get("data", {}))


def _seat_dict(seat: Seat) -> dict[str, Any]:
    out: dict[str, Any] = {"name": seat.name, "automa": seat.automa}
    if seat.rival:
        out["rival"] = seat.rival
    return out


# --- summary and layout ---------------------------------------------------------------------------


def summary(game: Game, actions: int) -> dict[str, Any]:
    """Where the game stands, in a few fields a listing can show without replaying it."""
    s = game.s
    seat = game.current_player
    out: dict[str, Any] = {
        "round": s.round,
        "turn": s.turn,
        "phase": s.phase,
        "seats": [p.name for p in s.players],
        "to_move": game.name(seat) if seat is not None else None,
        "actions": actions,
        "finished": game.is_over,
    }
    if game.is_over:
        out["scores"] = [sc.get("total", 0) for sc in s.final_scores]
        out["winners"] = [game.name(w) for w in s.winners]
    return out


def render(data: dict[str, Any]) -> str:
    """Indented JSON that stays short: every list item (an action, a seat) on one line."""
    return _pretty(data, "") + "\n"


def _pretty(value: Any, indent: str) -> str:
    inner = indent + "  "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k)}: {_pretty(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(x, (dict, list)) for x in value):
        items = [inner + json.dumps(x, ensure_ascii=False) for x in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


# --- the log as text ------------------------------------------------------------------------------

REVEAL_MARK = "*"


def log_lines(game: Game, viewer: int | None = None) -> list[tuple[bool, str]]:
    """The log as ``viewer`` may read it (None: what everyone may), each line with whether it tells
    of a reveal (roll, draw, refill, peek)."""
    return list(zip((e.reveal for e in game.s.log), game.log_lines(viewer), strict=True))


def log_text(record: GameRecord, game: Game) -> str:
    """The game's log as plain text, with a short header and, when it is over, the scores."""
    s = game.s
    seats = ", ".join(f"{p.name} (Automa)" if p.automa else f"{p.name} ({spec.rival} rival)" if spec.rival
                      else p.name for p, spec in zip(s.players, record.seats, strict=False))
    head = [
        "The Great Harbor: game log",
        f"Seats: {seats}",
        f"Seed {record.seed}{', Harbor Shops variant' if record.shops_variant else ''}; "
        f"catalogue {_short(record.catalogue)}; great-harbor {record.program}",
        f"Started {record.created}; {len(record.actions)} actions; "
        + ("finished." if game.is_over else f"now round {s.round}, turn {s.turn}, {s.phase} phase."),
        f"Lines marked {REVEAL_MARK} reveal dice or cards: undo never goes back past them.",
        *([f"Played with hints: {record.hints} asked for."] if record.hints else []),
        "",
    ]
    # Once the game is over nothing is secret (every hand is shown): the cards drawn are named too.
    viewer = ALL_SECRETS if game.is_over else None
    body = [f"{REVEAL_MARK if marked else ' '} {line}" for marked, line in log_lines(game, viewer)]
    tail: list[str] = []
    if game.is_over and s.final_scores:
        tail = ["", "Final scores:", *score_table(game)]
        tail.append("Winner: " + " and ".join(game.name(w) for w in s.winners))
    return "\n".join(head + body + tail) + "\n"


def score_table(game: Game) -> list[str]:
    """The final scores item by item, one column per seat, as plain text: the rows of the game-over
    screen, then the total and the coins that break a tie."""
    s = game.s
    rows = [(ITEM_NAMES[key], [sc.get(key, 0) for sc in s.final_scores]) for key in ITEMS]
    rows.append(("Total", [sc.get("total", 0) for sc in s.final_scores]))
    rows.append(("Coins (for a tie)", [p.coins for p in s.players]))
    label = max(len(name) for name, _ in rows)
    widths = [max(len(p.name), *(len(str(values[i])) for _, values in rows)) for i, p in enumerate(s.players)]
    out = ["  " + " " * label + "".join(f"  {p.name:>{w}}" for p, w in zip(s.players, widths, strict=True))]
    for name, values in rows:
        out.append(f"  {name:<{label}}" + "".join(f"  {v:>{w}}" for v, w in zip(values, widths, strict=True)))
    return out
