"""Headless random playouts: ``great-harbor simulate``.

Every seat picks uniformly among the legal actions, but for computer rivals (``rivals``: their
levels, in the first seats), which play as they would at the table, and the Automa. With ``check``
the invariants are verified after every action. The report is a plain dict (printed as JSON by
the CLI).
"""

from __future__ import annotations

import random
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.invariants import check as check_invariants

if TYPE_CHECKING:
    from great_harbor.rivals import Rival

NAMES = ["Ana", "Ben", "Cleo", "Dido"]


@dataclass
class Report:
    games: int = 0
    completed: int = 0
    errors: int = 0
    actions: int = 0
    seconds: float = 0.0
    first_error: dict[str, Any] | None = None
    prestige: list[int] = field(default_factory=list)
    automa_prestige: list[int] = field(default_factory=list)
    actions_by_kind: Counter[str] = field(default_factory=Counter)
    effects_resolved: set[str] = field(default_factory=set)
    shops: bool = False  # games played with the Harbor Shops variant
    shops_placed: list[int] = field(default_factory=list)  # Shops on the harbor at the end, per game
    rival_prestige: dict[str, list[int]] = field(default_factory=dict)  # level -> final Prestige per seat
    rival_wins: dict[str, float] = field(default_factory=dict)  # level -> games won (shared wins split)

    def as_dict(self) -> dict[str, Any]:
        secs = max(self.seconds, 1e-9)
        out: dict[str, Any] = {
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.completed / secs, 2),
            "actions_per_second": round(self.actions / secs, 1),
            "mean_prestige": round(statistics.fmean(self.prestige), 2) if self.prestige else None,
            "min_prestige": min(self.prestige) if self.prestige else None,
            "max_prestige": max(self.prestige) if self.prestige else None,
            "first_error": self.first_error,
            "actions_by_kind": dict(sorted(self.actions_by_kind.items())),
            "effects_resolved": sorted(self.effects_resolved, key=_card_order),
        }
        if self.automa_prestige:
            out["automa_mean_prestige"] = round(statistics.fmean(self.automa_prestige), 2)
        if self.shops:
            out["shops_per_game"] = round(statistics.fmean(self.shops_placed), 2) if self.shops_placed else None
        if self.rival_prestige:
            out["rivals"] = {
                level: {"seats": len(totals), "mean_prestige": round(statistics.fmean(totals), 2),
                        "win_share": round(self.rival_wins.get(level, 0.0) / len(totals), 3)}
                for level, totals in self.rival_prestige.items()
            }
        return out


def _card_order(card: str) -> tuple[str, int]:
    kind, _, num = card.rpartition("-")
    return kind, int(num) if num.isdigit() else 0


def seats_for(players: int, automa: bool, rivals: Sequence[str] = ()) -> list[Seat]:
    """``players`` seats in all; with ``automa`` the last one is the Automa; ``rivals`` (levels)
    take the first seats."""
    seats = [Seat(NAMES[i], rival=rivals[i] if i < len(rivals) else "") for i in range(players)]
    if automa:
        seats[-1] = Seat("Automa", automa=True)
    return seats


class PlayoutError(Exception):
    """A playout failed at action ``index`` (0 = during setup)."""

    def __init__(self, index: int, cause: BaseException) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.index = index
        self.where = traceback.format_exception(cause, limit=-1)[-2].strip().splitlines()[0]


def play_one(cat: Catalogue, seats: list[Seat], seed: int, check: bool, shops: bool, report: Report) -> Game:
    """Play one game with uniformly random choices; raises PlayoutError on any failure."""
    index = 0
    try:
        game = Game.new(cat, seats, seed=seed, shops_variant=shops)
        agent = random.Random(seed * 7919 + 17)
        rivals = _rivals(seats, seed)
        if check:
            check_invariants(game)
        counts = report.actions_by_kind
        while not game.is_over:
            if rivals:
                seat = game.current_player
                rival = rivals.get(seat) if seat is not None else None
                if rival is not None and seat is not None:
                    action = rival.decide(game.view(seat)).action
                else:
                    action = agent.choice(game.legal_actions())
            else:  # every seat random (the engine's benchmark): no seat to look up
                action = agent.choice(game.legal_actions())
            game.apply(action)
            counts[action.kind] += 1
            index += 1
            if check:
                check_invariants(game)
    except Exception as exc:
        raise PlayoutError(index, exc) from exc
    finally:
        report.actions += index
    return game


def _rivals(seats: Sequence[Seat], seed: int) -> dict[int, Rival]:
    if not any(s.rival for s in seats):
        return {}
    from great_harbor.rivals import Rival, rival_seed  # start-up: random games never load the rivals

    return {i: Rival(s.rival, rival_seed(seed, i)) for i, s in enumerate(seats) if s.rival}


def run(
    cat: Catalogue,
    games: int,
    players: int,
    seed: int = 0,
    check: bool = False,
    automa: bool = False,
    shops: bool = False,
    progress: Callable[[int], None] | None = None,
    rivals: Sequence[str] = (),
) -> Report:
    report = Report(shops=shops)
    seats = seats_for(players, automa, rivals)
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        report.games += 1
        try:
            game = play_one(cat, seats, game_seed, check, shops, report)
        except PlayoutError as exc:  # any failure is a finding: record it and go on
            report.errors += 1
            if report.first_error is None:
                report.first_error = {
                    "seed": game_seed,
                    "action_index": exc.index,
                    "error": str(exc),
                    "where": exc.where,
                }
        else:
            report.completed += 1
            for p, sc in zip(game.s.players, game.s.final_scores, strict=True):
                level = seats[p.seat].rival
                if level:
                    report.rival_prestige.setdefault(level, []).append(sc["total"])
                    if p.seat in game.s.winners:
                        report.rival_wins[level] = report.rival_wins.get(level, 0.0) + 1 / len(game.s.winners)
                else:
                    (report.automa_prestige if p.automa else report.prestige).append(sc["total"])
            report.effects_resolved.update(game.s.effects_resolved)
            if shops:
                report.shops_placed.append(len(game.s.shops))
        if progress is not None:
            progress(i + 1)
    report.seconds = time.perf_counter() - start
    return report
