"""Roll and Draft: the Anchor holder rolls 2 dice per seat + 1; seats draft one die at a time,
clockwise from the Anchor, twice round. The die nobody takes becomes a Smuggler die."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import colony
from .actions import Action, Draft
from .state import Pending, die_colour

if TYPE_CHECKING:
    from .game import Game


def roll(game: Game) -> None:
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


def picking_order(game: Game) -> list[int]:
    """Seats in the order they pick, twice round: the Automa first (on both laps), then everyone
    else clockwise from the Anchor holder."""
    s = game.s
    order = [(s.anchor + i) % s.seats for i in range(s.seats)]
    automa = [seat for seat in order if s.players[seat].automa]
    humans = [seat for seat in order if not s.players[seat].automa]
    return (automa + humans) * 2


def legal(game: Game, top: Pending) -> list[Action]:
    return [Draft(d) for d in game.s.pool]


def apply_draft(game: Game, top: Pending, action: Action) -> None:
    assert isinstance(action, Draft)
    game.pop()
    take(game, top.seat, action.die)


def take(game: Game, seat: int, die: int) -> None:
    """``seat`` drafts ``die``; a colour whose Dice Color Bonus it unlocked pays its resource."""
    s = game.s
    p = s.players[seat]
    s.pool.remove(die)
    p.drafted.append(die)
    s.draft_order.pop(0)
    colour = die_colour(die)
    bonus = ""
    if colour in p.dice_bonus_colours and not p.automa:
        bonus = current_bonus_mapping(game)[colour]
        colony.gain_resources(game, p, {bonus: 1})
    game.log("draft", seat, die=die, face=s.faces[die], bonus=bonus)


def current_bonus_mapping(game: Game) -> dict[str, str]:
    tile = game.cat.dice_bonus_tiles[game.s.dice_bonus_stack[0]]
    return {str(k): str(v) for k, v in tile.mapping.items()}


def finish(game: Game) -> None:
    """The leftover die goes to the Smuggler's District; turn order follows the drafted sums."""
    s = game.s
    for die in s.pool:
        s.smuggler_dice.append(die)
        game.log("smuggler-die", die=die, face=s.faces[die])
    s.pool = []
    s.turn_order = turn_order(game)
    s.active = -1
    game.log("turn-order", seats=list(s.turn_order))


def turn_order(game: Game) -> list[int]:
    """Lowest sum of drafted dice first; ties go to the Anchor holder or the nearest clockwise."""
    s = game.s
    humans = [p for p in s.players if not p.automa]
    return [
        p.seat
        for p in sorted(humans, key=lambda p: (sum(s.faces[d] for d in p.drafted), (p.seat - s.anchor) % s.seats))
    ]
