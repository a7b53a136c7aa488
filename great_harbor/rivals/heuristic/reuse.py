"""The heuristic player inside a playout: what a seat's Mind worked out, kept from one of its
decisions to the next while nothing it depends on changed.

A Mind remembers what it works out (:class:`~.voyages.Memos`), in four levels, each a pure
function of a part of the game that :func:`levels` reads cheaply:

- **voyage**: the round and turn (turns left), the Pirates still unseen, the demands, the seat's
  luxuries and Buildings: the odds, trading and sailing on;
- **cards**: that and the seat's colony (luxury tiles too), hand, ships (card, crew, damage), Senate, played
  colours, the colonist supply, the displays, whether each deck is empty and every card in play
  (the cards not yet seen): its projects, what cards and Senate steps are worth;
- **resources**: that and the seat's resources: tiles' benefits, cards drawn, most govern actions;
- **harbor**: that and the harbor's taken slots with their faces, the Smugglers' dice and the
  face-up Dice Bonus tile: a die's best slot and split.

A playout step mostly changes little of this (a die drafted, coins paid, a ship sailing out,
another seat's move), so each level of the seat's previous Mind is passed on while its part is
unchanged, and the new Mind's figures are exactly those it would work out again: the decision
is the same, only cheaper. What a Mind reads outside these figures (the dice drafted, coins,
Favor, the pending decision) it reads from the game at every decision. The harbor's layout is
set at the start and never changes.
"""

from __future__ import annotations

from typing import Any

from great_harbor.engine import Action, Game
from great_harbor.engine.state import GameState

from .decide import decide
from .placing import Mind
from .voyages import Memos

Levels = tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]


def levels(s: GameState, seat: int) -> Levels:
    """What each level of a Mind of ``seat`` depends on beyond the levels before it (see the
    module docstring)."""
    p = s.players[seat]
    voyage = (s.round, s.turn, tuple(s.pirates), tuple(s.pirate_discard), bool(s.pirate_deck),
              tuple(tuple(d) for d in s.demands), tuple(p.luxuries.values()), p.voyage_any_luxury,
              tuple(p.buildings))
    cards = (
        tuple(p.hand), tuple(p.structures), tuple(p.site_workers), tuple(p.building_workers.items()),
        p.free_colonists, tuple(p.luxury_workers), tuple(p.luxury_tiles), tuple(p.senate.values()),
        tuple(p.senate_bridges),
        tuple(p.played_colours.values()), p.governor, p.medium_ships_built, p.voyage_strength_all,
        tuple(p.voyage_strength.items()), tuple(p.voyage_cargo.items()),
        # A ship's figures depend on its card, crew and damage; where it sails is read afresh.
        tuple((sh.card, tuple(sh.crew), sh.damage) if sh is not None else None for sh in p.docks),
        s.colonist_supply, tuple(s.person_display), tuple(s.building_display), tuple(s.ship_display.items()),
        bool(s.person_deck), bool(s.building_deck),
        tuple((tuple(q.buildings), tuple(tuple(slot) for slot in q.person_slots)) for q in s.players),
    )
    faces = s.faces
    harbor = (tuple((sid, die, faces[die]) for sid, die in s.slots.items()), tuple(s.smuggler_dice),
              s.dice_bonus_stack[0] if s.dice_bonus_stack else "")
    return voyage, cards, tuple(p.resources.values()), harbor


class Playout:
    """The heuristic player for one playout: :meth:`choice` is :func:`~.decide.playout_choice`
    with each level of a seat's Mind kept while its part of the game is unchanged. One per
    playout (it follows one game)."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[Levels, Memos]] = {}

    def choice(self, game: Game) -> Action:
        top = game.pending
        if top is None:
            raise ValueError("the game is over: nobody has a decision to make")
        now = levels(game.s, top.seat)
        memos = Memos()
        kept = self._kept.get(top.seat)
        if kept is not None:
            before, old = kept
            # The levels nest: a level is kept only with every level before it.
            if before[0] == now[0]:
                memos.voyage = old.voyage
                if before[1] == now[1]:
                    memos.cards = old.cards
                    if before[2] == now[2]:
                        memos.resources = old.resources
                        if before[3] == now[3]:
                            memos.harbor = old.harbor
        self._kept[top.seat] = (now, memos)
        return decide(game, top, Mind(game, top.seat, memos))
