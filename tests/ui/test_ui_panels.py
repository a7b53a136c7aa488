"""What the boards say, checked without the app: the dice panel's row for the Automa and the
card details in the action picker."""

from __future__ import annotations

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.actions import PlayBuilding
from great_harbor.engine.describe import card_name, detail
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
    assert "acted in the draft" in row and "drafts first" not in row


def test_building_details_name_its_cost_and_cards_mark_their_number(catalogue: Catalogue) -> None:
    game = Game.new(catalogue, ["Ana", "Ben"], seed=3)
    card = next(b for b in catalogue.buildings.values() if b.colonists)
    text = detail(game, PlayBuilding(card.id))
    assert f"{card.name}: {card.text} (costs " in text
    assert f"employs {card.colonists} Colonist" in text and f"{card.prestige} Prestige" in text
    assert card_name(game, card.id) == f"{card.name} (#{card.number}, {card.colour})"
