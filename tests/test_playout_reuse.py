"""The heuristic player inside a playout keeps what a seat's Mind worked out while nothing it
depends on changed (great_harbor/rivals/heuristic/reuse.py): at every step of whole games, the
kept work gives exactly the choice a fresh Mind gives, and it is really kept."""

from __future__ import annotations

import random

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.rivals.heuristic import Playout, playout_choice
from great_harbor.rivals.heuristic.reuse import levels
from great_harbor.rivals.worlds import sample_world


@pytest.mark.parametrize(("seats", "automa", "shops"), [(2, False, False), (3, True, True), (4, False, True)])
def test_kept_work_chooses_as_a_fresh_mind_at_every_step(catalogue: Catalogue, seats: int, automa: bool,
                                                          shops: bool) -> None:
    names: list[Seat | str] = ["Ana", "Ben", "Cleo", "Dido"][:seats]
    if automa:
        names[-1] = Seat("Automa", automa=True)
    game = Game.new(catalogue, names, seed=seats, shops_variant=shops)
    rng = random.Random(seats)
    while game.s.round < 2:  # into round 2, with a random move now and then
        legal = game.legal_actions()
        game._apply(playout_choice(game) if rng.random() < 0.8 else rng.choice(legal))
    seat = game.current_player
    world = sample_world(game.view(seat), rng)  # a playout plays a sampled world to its end
    playout = Playout()
    steps = kept = 0
    before: dict[int, object] = {}
    while not world.is_over:
        top = world.pending
        assert top is not None
        now = levels(world.s, top.seat)
        kept += before.get(top.seat) == now  # every level unchanged: the whole Mind's work kept
        before[top.seat] = now
        choice = playout.choice(world)
        assert choice == playout_choice(world), f"step {steps}: {top.kind}"
        # A random move now and then reaches states the heuristic alone would not.
        world._apply(choice if rng.random() < 0.9 else rng.choice(world.legal_actions()))
        steps += 1
    assert steps > 100 and kept > 10
