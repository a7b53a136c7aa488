"""What the boards say, checked without the app: the dice panel's row for the Automa."""

from __future__ import annotations

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.ui.widgets.dice import dice_text


def automa_row(game: Game) -> str:
    return next(line for line in dice_text(game).plain.splitlines() if "Automa" in line)


def test_the_automa_row_says_it_drafts_first_then_that_it_has_acted(catalogue: Catalogue) -> None:
    """The Automa drafts first and places each die at once: it never holds dice. Its row says so
    in the draft, and in the Action phase that its turn is already over."""
    game = Game.new(catalogue, [Seat("Ana"), Seat("Automa", automa=True)], seed=3)
    assert game.s.phase == "draft"
    assert "drafts first" in automa_row(game)
    while game.s.phase == "draft":
        game.apply(next(iter(game.legal_actions())))
    assert game.s.phase == "actions"
    row = automa_row(game)
    assert "acted in draft" in row and "drafts first" not in row
    assert "Prestige ·" in row  # the label leaves room for the whole summary on the same line
