"""The Game: one mutable state, the legal actions in it, and ``apply``.

Whose decision is pending and what kind is always ``game.pending`` (the top of the decision
stack). ``legal_actions()`` enumerates every legal action in a fixed order; ``apply(action)``
checks and applies one, or raises :class:`IllegalAction` with the reason and changes nothing.
The rules themselves live in the modules named after the rulebook's chapters; this class only
dispatches and moves the game along between decisions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from great_harbor.data import Catalogue
from great_harbor.text import name_problem

# The Game sits on top of the rules: importing the cards and the Automa registers their classes
# (card_hooks, seats), which the rules below them call without importing them.
from . import automa as _automa  # noqa: F401
from . import cards as _cards  # noqa: F401
from . import decisions, narrate, rounds, rule_ids, rulebook, scoring, setup
from .actions import Action, action_from_dict, shape_problem
from .errors import EngineError, IllegalAction, Refusal
from .rulebook import DECISIONS, RULES
from .state import GameState, copy_state, fields_to_plain, from_plain, to_plain
from .table import Table
from .view import is_public, redacted

FORMAT_VERSION = 1
SEED_LIMIT = 2**63  # seeds run from -SEED_LIMIT to SEED_LIMIT - 1 (a record keeps them exactly)


def _is_seed(seed: object) -> bool:
    return isinstance(seed, int) and not isinstance(seed, bool) and -SEED_LIMIT <= seed < SEED_LIMIT


AUTOMA_NAME = "Automa"  # the Automa's seat; no person may take this name (names are never read)


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a person, the Automa, or a computer rival (``rival`` names its level,
    see :mod:`great_harbor.rivals`; the engine plays a rival's seat as a person's: only who
    decides differs, and that is decided outside the engine)."""

    name: str
    automa: bool = False
    rival: str = ""


def naming_problem(seats: Sequence[Seat]) -> str | None:
    """Why these names cannot start a new game, or None. Only "Automa" itself is taken: the engine
    tells seats apart by number, so "Automa Jones" or "automa" is a name like any other. (Checked
    for new games only: a game recorded under older rules still loads.)"""
    for i, seat in enumerate(seats, start=1):
        if not seat.automa and seat.name.strip() == AUTOMA_NAME:
            return f"only the Automa is called {AUTOMA_NAME}: pick another name for seat {i}"
    return None


class Game(Table):
    """A game of The Great Harbor for 2-4 seats (the rules see it as a :class:`.table.Table`)."""

    def __init__(self, catalogue: Catalogue, state: GameState, rng: random.Random) -> None:
        super().__init__(catalogue, state, rng)
        self._legal: tuple[Action, ...] | None = None

    # --- creation and serialisation ---------------------------------------------------------

    @classmethod
    def new(
        cls,
        catalogue: Catalogue,
        seats: Sequence[Seat | str],
        seed: int = 0,
        shops_variant: bool = False,
        *,
        start: bool = True,
    ) -> Game:
        """A new game; ``start=False`` stops before the first roll (the Scenario builder starts there)."""
        specs = [Seat(x) if isinstance(x, str) else x for x in seats]
        if not 2 <= len(specs) <= 4:
            raise IllegalAction(f"a game has 2 to 4 seats, not {len(specs)}", rule_ids.SEATS)
        if sum(s.automa for s in specs) > 1:
            raise IllegalAction("at most one seat can be the Automa", rule_ids.SEATS)
        if all(s.automa for s in specs):
            raise IllegalAction("at least one seat must be a human player", rule_ids.SEATS)
        for s in specs:
            problem = name_problem(s.name)
            if problem is not None:
                raise IllegalAction(problem, rule_ids.SEATS)
        names = [s.name.strip() for s in specs]
        if len(set(names)) != len(names):
            raise IllegalAction("every seat needs a different, non-empty name", rule_ids.SEATS)
        if not _is_seed(seed):
            raise IllegalAction(f"the seed must be a whole number from {-SEED_LIMIT} to {SEED_LIMIT - 1}",
                                rule_ids.SEATS)
        rng = random.Random(seed)
        state = setup.new_state(catalogue, rng, names, [s.automa for s in specs], seed, shops_variant)
        game = cls(catalogue, state, rng)
        if start:
            rounds.start_turn(game)
            game.advance()
        return game

    def to_dict(self, leave_out: Collection[str] = ()) -> dict[str, Any]:
        """The state as plain data; ``leave_out`` names fields of the state not wanted (the log,
        which grows all game, is never converted when it is left out)."""
        self.s.rng = _rng_to_plain(self.rng.getstate())
        data: dict[str, Any] = to_plain(self.s) if not leave_out else fields_to_plain(self.s, leave_out)
        data["format"] = FORMAT_VERSION
        data["catalogue"] = self.cat.fingerprint
        return data

    @classmethod
    def from_dict(cls, catalogue: Catalogue, data: dict[str, Any]) -> Game:
        data = dict(data)
        if data.pop("format", None) != FORMAT_VERSION:
            raise ValueError("state was saved by a different version of the engine")
        data.pop("catalogue", None)
        state = from_plain(GameState, data)
        rng = random.Random()
        rng.setstate(_rng_from_plain(state.rng))
        return cls(catalogue, state, rng)

    def restore(self, other: Game) -> None:
        """Take over ``other``'s state in place (``other`` must not be used afterwards): undo keeps
        the same ``Game`` object, so whoever holds it sees the restored state."""
        self.s = other.s
        self.rng = other.rng
        self._legal = None

    def to_json(self) -> str:
        # Keys keep their insertion order: dict order is part of the state (e.g. the bag).
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def clone(self) -> Game:
        """An independent copy: the same state and the same RNG state (a direct copy, for search)."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return Game(self.cat, copy_state(self.s), rng)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # --- legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._generate())
        return legal

    def is_legal(self, action: Action) -> bool:
        # A list, not a set: the action taken is most often one of these very objects, which ``in``
        # finds by identity before comparing, and hashing every action of every list cost more.
        return action in self.legal_actions()

    def _generate(self) -> list[Action]:
        stack = self.s.stack  # ``self.pending``, read without the property (every decision asks)
        if not stack:
            return []
        top = stack[-1]
        if top.kind not in DECISIONS:
            raise EngineError(f"unknown pending decision {top.kind!r}")
        return rulebook.legal_actions(self, top)

    # --- applying ---------------------------------------------------------------------------

    def apply(self, action: Action | dict[str, Any]) -> None:
        """Apply a legal action; raise IllegalAction (state untouched) with the reason otherwise."""
        if isinstance(action, dict):
            action = action_from_dict(action)
        legal = self.legal_actions()
        # One of these very objects (the usual case) is well formed and legal by construction, and
        # the game is not over (no actions are offered then): no need to compare it with the others.
        for offered in legal:
            if offered is action:
                break
        else:
            problem = shape_problem(action)  # a wrong kind or field type: refused before any rule looks
            if problem is not None:
                raise IllegalAction(problem)
            if self.is_over:
                raise IllegalAction("the game is over", rule_ids.GAME_OVER)
            if action not in legal:
                raise IllegalAction(self.why_illegal(action))
        self._apply(action)

    def _apply(self, action: Action) -> None:
        """Apply without checking (replays of recorded legal actions, search)."""
        self._legal = None
        stack = self.s.stack
        assert stack
        # The rule of the action's class, looked up directly (``rulebook.rule_for`` does the same
        # and says which class has none): every action of every game comes through here.
        found = RULES.get(type(action))
        (found or rulebook.rule_for(action)).apply(self, stack[-1], action)
        self.advance()

    def why_illegal(self, action: Action) -> Refusal:
        """Why ``action`` is not legal now: the sentence for players and the rule behind it."""
        top = self.pending
        if top is None:
            return Refusal("the game is over", rule_ids.GAME_OVER)
        if type(action) not in rulebook.answers(top.kind):
            return decisions.not_now(self, top, type(action))
        refusal = rulebook.rule_for(action).check(self, top, action)
        if refusal is None:  # allowed by its rule, yet not offered: the two must never disagree
            raise EngineError(f"{action} passes its rule's check but is not among the legal actions")
        return refusal

    def advance(self) -> None:
        """Run the automatic steps of the rules until someone must decide or the game ends."""
        guard = 0
        while not self.s.stack and self.s.phase != "over":
            rounds.step(self)
            guard += 1
            if guard > 10_000:
                raise EngineError("the game did not reach a decision")
        self._legal = None

    def log_lines(self, viewer: int | None = None) -> list[str]:
        """The log as ``viewer`` (a seat, or None for anyone) may read it, one sentence per event."""
        return narrate.lines(self, self.s.log, viewer)

    def final_scores(self) -> list[dict[str, int]]:
        return scoring.final_scores(self)

    def projected_scores(self) -> list[dict[str, int]]:
        """Every seat's final score, item by item, if the game ended now: from what everyone may
        see (:func:`.scoring.projected_scores`)."""
        return self.view(None).projected_scores()

    # --- what one seat may know -------------------------------------------------------------

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know of the game (None: a spectator, who sees only what is public)."""
        return SeatView(self, seat)


class SeatView(Game):
    """A seat's view (see :mod:`.view`): a Game over a copy of the state with everything the seat
    may not know taken out, and the legal actions when the decision is theirs. Read-only: it can
    be described, drawn and reasoned about, never played."""

    def __init__(self, game: Game, seat: int | None) -> None:
        super().__init__(game.cat, redacted(game.s, seat), random.Random(0))  # no RNG state: see s.rng
        self.seat = seat
        top = game.pending
        open_ = top is not None and (top.seat == seat or is_public(top))
        self._legal = game.legal_actions() if open_ else ()
        self._projected: list[dict[str, int]] | None = None

    def legal_actions(self) -> tuple[Action, ...]:
        return self._legal or ()

    def projected_scores(self) -> list[dict[str, int]]:
        """Every seat's final score if the game ended now, computed once from this view (the view
        never changes): what the table shows beside the Prestige tokens."""
        if self._projected is None:
            self._projected = scoring.projected_scores(self)
        return self._projected

    def log_lines(self, viewer: int | None = None) -> list[str]:
        """The log as this seat may read it."""
        return narrate.lines(self, self.s.log, self.seat)

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise EngineError("a seat's view is read-only: actions go to the game itself")

    apply = _apply = advance = push = pop = log = reveal = shuffle = restore = _read_only
    clone = view = _read_only


def _rng_to_plain(state: Any) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _rng_from_plain(data: list[Any]) -> Any:
    version, internal, gauss = data
    return (version, tuple(internal), gauss)
