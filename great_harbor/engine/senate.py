"""The Senate board: four colour tracks, their bonuses, the bonuses bridging neighbouring
tracks; and the Favor actions that are not about dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from great_harbor.value_class import value_class

from . import names, supply
from . import rule_ids as R
from .actions import FavorSenate, RetrieveMarker, new_favor_senate, new_retrieve_marker
from .errors import Refusal
from .rulebook import ActionRule, rule
from .state import Pending, PlayerState

if TYPE_CHECKING:
    from great_harbor.data.models import SenateBonus

    from .table import Table

FAVOR_FOR_MARKER = 2
FAVOR_FOR_SENATE = 2


def top_space(game: Table) -> int:
    return game.cat.senate.length - 1


@value_class(frozen=True)
class Step:
    """One step up a Senate track: where the marker lands and the bonuses that pays (a bonus of the
    space, a bridge bonus once both neighbouring markers have reached it), each with where it is
    (``{"track": colour, "space": n}`` or ``{"bridge": [a, b], "space": n}``)."""

    colour: str
    space: int
    bonuses: tuple[tuple[dict[str, Any], SenateBonus], ...]
    bridges: tuple[int, ...]  # the bridges it completes, by index


def plan(game: Table, p: PlayerState, tracks: Sequence[str]) -> list[Step]:
    """The steps ``p`` would take moving up once on each of ``tracks`` in turn (a marker at the top
    stays there: no step), without moving anything."""
    senate = game.cat.senate
    pos = dict(p.senate)
    taken = set(p.senate_bridges)
    out: list[Step] = []
    for colour in tracks:
        if pos[colour] >= top_space(game):
            continue
        pos[colour] += 1
        here = pos[colour]
        track = next(t for t in senate.tracks if t.colour == colour)
        bonuses = [({"track": colour, "space": here}, space.bonus) for space in track.spaces if space.space == here]
        bridges = []
        for i, bridge in enumerate(senate.bridges):
            if i in taken or colour not in bridge.tracks:
                continue
            a, b = bridge.tracks
            if pos[a] >= bridge.space and pos[b] >= bridge.space:
                taken.add(i)
                bridges.append(i)
                bonuses.append(({"bridge": [a, b], "space": bridge.space}, bridge.bonus))
        out.append(Step(colour, here, tuple(bonuses), tuple(bridges)))
    return out


def advance(game: Table, p: PlayerState, colour: str, steps: int = 1) -> None:
    """Move ``p``'s marker on ``colour`` up; every space stepped on pays its bonus, and a bridge
    bonus pays once both neighbouring markers have reached it."""
    for step in plan(game, p, [colour] * steps):
        p.senate[step.colour] = step.space
        p.senate_bridges += step.bridges
        paid = [{"where": where, "items": _gain(game, p, bonus, step.colour)} for where, bonus in step.bonuses]
        game.log("senate.advance", p.seat, colour=step.colour, space=step.space, bonuses=paid)


def _gain(game: Table, p: PlayerState, bonus: SenateBonus, colour: str) -> list[dict[str, Any]]:
    """Pay one Senate bonus (a resource: the one the Dice Bonus tile gives for the colour of the
    track advanced on); returns the gain items."""
    items: list[dict[str, Any]] = []
    if bonus.resource:
        items += supply.gain(game, p, {supply.current_bonus_mapping(game)[colour]: bonus.resource})
    if bonus.coins:
        p.coins += bonus.coins
        items.append({"k": "coins", "n": bonus.coins})
    if bonus.colonists:
        items.append(supply.gain_colonists_item(game, p, bonus.colonists))
    if bonus.prestige:
        p.prestige += bonus.prestige
        items.append({"k": "prestige", "n": bonus.prestige})
    return items


def _preview(game: Table, ledger: supply.Ledger, bonus: SenateBonus, colour: str) -> list[dict[str, Any]]:
    """What one Senate bonus would pay now (see :func:`_gain`), as gain items."""
    items: list[dict[str, Any]] = []
    if bonus.resource:
        items += ledger.gain({supply.current_bonus_mapping(game)[colour]: bonus.resource})
    if bonus.coins:
        items.append({"k": "coins", "n": bonus.coins})
    if bonus.colonists:
        items.append(ledger.colonists(bonus.colonists))
    if bonus.prestige:
        items.append({"k": "prestige", "n": bonus.prestige})
    return items


def bonus_words(game: Table, p: PlayerState, steps: Sequence[Step], paid: Mapping[str, int] | None = None) -> str:
    """Every bonus the steps would pay now, bridges included, summed: "+1 Colonist, +1 coin";
    empty when they pay nothing. ``paid``: resources spent before the steps (a card's cost), so a
    track the cost empties has room again."""
    ledger = supply.Ledger(game, p)
    for r, n in (paid or {}).items():
        ledger.resources[r] = ledger.resources.get(r, 0) - n
    items = [i for step in steps for _, bonus in step.bonuses for i in _preview(game, ledger, bonus, step.colour)]
    return ", ".join(f"+{w}" for w in names.gain_words(game.cat, items, before=True))


def steps_words(game: Table, p: PlayerState, tracks: Sequence[str], named: bool = True) -> str:
    """Where moving up on ``tracks`` takes ``p``'s markers and what it pays, in brackets:
    "(blue 3 + yellow 3: +1 Colonist, +1 coin)"; with one track and ``named`` False, "(to 5: +1
    Prestige)"."""
    steps = plan(game, p, tracks)
    if not steps:
        return "(already at the top)"
    spaces: dict[str, list[str]] = {}
    for step in steps:
        spaces.setdefault(step.colour, []).append(str(step.space))
    if len(spaces) == 1 and not named:
        where = "to " + " and ".join(next(iter(spaces.values())))
    else:
        where = " + ".join(f"{colour} {' and '.join(at)}" for colour, at in spaces.items())
    paid = bonus_words(game, p, steps)
    return f"({where}: {paid})" if paid else f"({where})"


@rule
class RetrieveMarkerRule(ActionRule[RetrieveMarker]):
    """Spend Favor Tokens: 2 Favor take an Activation marker back from a Person."""

    action = RetrieveMarker
    entry = R.FAVOR

    def candidates(self, game: Table, top: Pending) -> list[RetrieveMarker]:
        return [RetrieveMarker(card) for card in game.s.players[top.seat].activated]

    def legal(self, game: Table, top: Pending) -> list[RetrieveMarker]:
        p = game.s.players[top.seat]
        return [new_retrieve_marker(card) for card in p.activated] if p.favor >= FAVOR_FOR_MARKER else []

    def check(self, game: Table, top: Pending, action: RetrieveMarker) -> Refusal | None:
        p = game.s.players[top.seat]
        if p.favor < FAVOR_FOR_MARKER:
            return Refusal(f"needs {FAVOR_FOR_MARKER} Favor, you have {p.favor}", R.FAVOR)
        if action.card not in p.activated:
            return Refusal("that Person has no Activation marker", R.FAVOR)
        return None

    def apply(self, game: Table, top: Pending, action: RetrieveMarker) -> None:
        p = game.s.players[top.seat]
        p.favor -= FAVOR_FOR_MARKER
        p.activated.remove(action.card)
        game.log("favor.retrieve-marker", p.seat, favor=FAVOR_FOR_MARKER, card=action.card)

    def words(self, game: Table, top: Pending | None, action: RetrieveMarker) -> str:
        return (f"Spend {FAVOR_FOR_MARKER} Favor: take the Activation marker back from "
                f"{names.card_name(game, action.card)}")


@rule
class FavorSenateRule(ActionRule[FavorSenate]):
    """Spend Favor Tokens: 2 Favor move one Senate marker up one space (its bonus paid)."""

    action = FavorSenate
    entry = R.FAVOR

    def candidates(self, game: Table, top: Pending) -> list[FavorSenate]:
        return [FavorSenate(c) for c in game.s.players[top.seat].senate]

    def legal(self, game: Table, top: Pending) -> list[FavorSenate]:
        p = game.s.players[top.seat]
        if p.favor < FAVOR_FOR_SENATE:
            return []
        top_space_ = top_space(game)
        return [new_favor_senate(c) for c, pos in p.senate.items() if pos < top_space_]

    def check(self, game: Table, top: Pending, action: FavorSenate) -> Refusal | None:
        p = game.s.players[top.seat]
        if p.favor < FAVOR_FOR_SENATE:
            return Refusal(f"needs {FAVOR_FOR_SENATE} Favor, you have {p.favor}", R.FAVOR)
        if action.colour not in p.senate:
            return Refusal(f"there is no {action.colour} Senate track", R.SENATE_MOVING_UP)
        if p.senate[action.colour] >= top_space(game):
            return Refusal("that Senate marker is at the top", R.SENATE_MOVING_UP)
        return None

    def apply(self, game: Table, top: Pending, action: FavorSenate) -> None:
        p = game.s.players[top.seat]
        p.favor -= FAVOR_FOR_SENATE
        game.log("favor.senate", p.seat, favor=FAVOR_FOR_SENATE)
        advance(game, p, action.colour, 1)

    def words(self, game: Table, top: Pending | None, action: FavorSenate) -> str:
        p = game.s.players[top.seat if top is not None else 0]
        return (f"Spend {FAVOR_FOR_SENATE} Favor: advance on the {action.colour} Senate track "
                f"{steps_words(game, p, [action.colour], named=False)}")
