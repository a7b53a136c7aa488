"""Roll and Draft: the Anchor holder rolls 2 dice per seat + 1; seats draft one die at a time,
clockwise from the Anchor, twice round. The die nobody takes becomes a Smuggler die."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import names, seats, supply
from . import rule_ids as R
from .actions import Draft, new_draft
from .errors import Refusal
from .rulebook import ActionRule, rule
from .state import Pending, die_colour

if TYPE_CHECKING:
    from .table import Table


def roll(game: Table) -> None:
    """The Anchor holder draws the dice for this turn from the bag and rolls them."""
    s = game.s
    count = game.cat.supply.dice_by_seats[s.seats].drawn
    game.reveal()
    drawn = game.rng.sample(s.bag, count)
    for die in drawn:
        s.bag.remove(die)
        s.faces[die] = game.rng.randint(1, 6)
    s.pool = sorted(drawn, key=lambda d: (d, s.faces[d]))
    s.draft_order = picking_order(game)
    game.log("roll", round=s.round, turn=s.turn, seat=s.anchor, dice=[[d, s.faces[d]] for d in s.pool])


def picking_order(game: Table) -> list[int]:
    """Seats in the order they pick, twice round: a seat that drafts first (the Automa) on both
    laps, then everyone else clockwise from the Anchor holder."""
    s = game.s
    order = [(s.anchor + i) % s.seats for i in range(s.seats)]
    first = [seat for seat in order if seats.controller(s.players[seat]).drafts_first]
    rest = [seat for seat in order if seat not in first]
    return (first + rest) * 2


_DRAFTS: dict[int, Draft] = {}  # die -> drafting it: every draft lists every die of the pool


def _draft(die: int) -> Draft:
    found = _DRAFTS[die] = new_draft(die)
    return found


@rule
class DraftRule(ActionRule[Draft]):
    """Roll and Draft: one die of the pool, its face as rolled."""

    action = Draft
    entry = R.DRAFTING

    def candidates(self, game: Table, top: Pending) -> list[Draft]:
        """The pool, and the dice drafted from it this turn (a player may type one the Automa took)."""
        taken = sorted(drafted_this_turn(game), key=lambda d: (d, game.s.faces[d]))
        return [*self.legal(game, top), *(_DRAFTS.get(d) or _draft(d) for d in taken)]

    def legal(self, game: Table, top: Pending) -> list[Draft]:
        drafts = _DRAFTS
        return [drafts.get(d) or _draft(d) for d in game.s.pool]

    def check(self, game: Table, top: Pending, action: Draft) -> Refusal | None:
        if action.die in game.s.pool:
            return None
        seat = drafted_this_turn(game).get(action.die)
        if seat is None:
            return Refusal(f"die {action.die} is not in the pool", R.DRAFTING)
        die = names.die(game, action.die)
        if seat == top.seat:
            return Refusal(f"you drafted {die} already", R.DRAFTING)
        who = "the Automa" if game.s.players[seat].automa else game.name(seat)
        return Refusal(f"{die} was drafted by {who}", R.DRAFTING)

    def apply(self, game: Table, top: Pending, action: Draft) -> None:
        game.pop()
        take(game, top.seat, action.die)

    def words(self, game: Table, top: Pending | None, action: Draft) -> str:
        return f"Draft {names.die(game, action.die)}"


def drafted_this_turn(game: Table) -> dict[int, int]:
    """The dice drafted since the last roll, each with the seat that drafted it (from the log's
    draft events: the Automa's die is on a slot by now, nothing else says who took it)."""
    out: dict[int, int] = {}
    for event in reversed(game.s.log):
        if event.kind == "roll":
            break
        if event.kind == "draft":
            out[int(event.data["die"])] = event.actor
    return out


def take(game: Table, seat: int, die: int) -> None:
    """``seat`` drafts ``die``; a colour whose Dice Color Bonus it unlocked pays its resource."""
    s = game.s
    p = s.players[seat]
    s.pool.remove(die)
    p.drafted.append(die)
    s.draft_order.pop(0)
    colour = die_colour(die)
    items = []
    if colour in p.dice_bonus_colours:
        items = supply.gain(game, p, {supply.current_bonus_mapping(game)[colour]: 1})
    game.log("draft", seat, die=die, face=s.faces[die], items=items)


def finish(game: Table) -> None:
    """The leftover die goes to the Smuggler's District; turn order follows the drafted sums."""
    s = game.s
    for die in s.pool:
        s.smuggler_dice.append(die)
        game.log("smuggler-die", die=die, face=s.faces[die])
    s.pool = []
    s.turn_order = turn_order(game)
    s.active = -1
    game.log("turn-order", seats=list(s.turn_order))


def turn_order(game: Table) -> list[int]:
    """Lowest sum of drafted dice first; ties go to the Anchor holder or the nearest clockwise.
    Only seats with a turn in the Action phase (not the Automa, which placed its die as it drafted)."""
    s = game.s
    acting = [p for p in s.players if seats.controller(p).takes_action_turn]
    return [
        p.seat
        for p in sorted(acting, key=lambda p: (sum(s.faces[d] for d in p.drafted), (p.seat - s.anchor) % s.seats))
    ]
