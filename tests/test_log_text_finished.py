"""The exported log of a finished game names the cards drawn (issue 29, point 6): once the game
is over nothing is secret, as its replay shows; a running game's log keeps them hidden."""

from __future__ import annotations

from great_harbor.data import Catalogue
from great_harbor.engine.events import ALL_SECRETS
from great_harbor.record import GameRecord, log_text
from great_harbor.rivals.heuristic import choose


def test_a_finished_games_log_names_the_cards_drawn(catalogue: Catalogue) -> None:
    record = GameRecord.new(catalogue, ["Ana", "Ben"], seed=3)
    game = record.start(catalogue)
    midway = ""
    while not game.is_over:
        action = choose(game)
        game.apply(action)
        record.actions.append(action)
        if game.s.round == 3 and not midway:
            midway = log_text(record, game)
    secret = [line for line, public in zip(game.log_lines(ALL_SECRETS), game.log_lines(None), strict=True)
              if line != public]
    assert secret  # cards were drawn from a deck
    text = log_text(record, game)
    assert all(line in text for line in secret)
    assert not any(line in midway for line in secret)  # while it ran, nobody's draws were named
