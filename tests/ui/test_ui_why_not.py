"""Every refusal the action list can show says why (issue 23): an action the filter names that
exists but is not possible now is explained by the engine's reason, never a bare 'no action
matches'."""

from __future__ import annotations

import random

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.describe import describe
from great_harbor.engine.rulebook import candidates
from great_harbor.ui.lookup_topics import why_not


def test_every_refused_candidate_named_in_the_filter_is_explained(catalogue: Catalogue) -> None:
    checked = 0
    for seed, shops in ((1, False), (2, True)):
        game = Game.new(catalogue, [Seat("Ana"), Seat("Ben"), Seat("Cleo")], seed=seed, shops_variant=shops)
        rng = random.Random(seed)
        while not game.is_over:
            top = game.pending
            assert top is not None
            if top.kind == "turn":
                refused = [a for a in candidates(game, top) if not game.is_legal(a)]
                if refused:  # one of them per turn keeps the test short (why_not reads them all)
                    words = describe(game, rng.choice(refused))
                    found = why_not(game, words)
                    assert found is not None and found.text.startswith("Not possible: "), words
                    checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 50
