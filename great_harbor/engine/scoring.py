"""End of game: the six scoring items, the winner and the coin tie-break; and the score every seat
would have if the game ended now (:func:`projected_scores`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import card_hooks, colony, seats, shops
from .state import PlayerState

if TYPE_CHECKING:
    from .table import Table

ITEMS = ("cards", "governor", "structures", "buildings", "smuggler", "tokens")
ITEM_NAMES = {
    "cards": "Printed on Ships, Persons, Buildings",
    "governor": "Governor colour pairs",
    "structures": "Dock Huts and Insulae",
    "buildings": "End-of-game Buildings",
    "smuggler": "Unspent Smuggler tokens",
    "tokens": "Prestige tokens",
}
# The items as the table says them after their figures (``25 Prestige tokens + 12 from cards``), in
# the order players meet them: the tokens they hold first, then what final scoring adds.
ITEM_WORDS = {
    "tokens": "Prestige tokens",
    "cards": "from cards",
    "governor": "for Governor pairs",
    "structures": "for Dock Huts and Insulae",
    "buildings": "from End-of-game Buildings",
    "smuggler": "for Smuggler tokens",
}


def items_of(p: PlayerState) -> tuple[str, ...]:
    """The items of ``p``'s final scoring in the order of ITEM_WORDS (the Automa's own list has no
    Dock Huts or Insulae)."""
    return tuple(k for k in ITEM_WORDS if not (p.automa and k == "structures"))


def colour_counts(game: Table, p: PlayerState) -> dict[str, int]:
    """The colour counts for Governor pairs: cards in the colony plus, in the Harbor Shops variant,
    one colour per slot each of the player's Shops touches."""
    counts = colony.card_colour_counts(game, p)
    for colour in shops.shop_colours(game, p.seat):
        counts[colour] += 1
    return counts


def end_of_game_buildings(game: Table, p: PlayerState, mark: bool = False) -> int:
    """Prestige from the End of Game Buildings (Smithy, Tavern, Odeon, Curia); ``mark`` notes their
    effects as resolved."""
    total = 0
    for b in card_hooks.buildings(game, p):
        if game.cat.buildings[b.id].kind != "end_of_game":
            continue
        total += b.end_of_game(game, p)
        if mark:
            game.resolved(b.id)
    return total


def score(game: Table, p: PlayerState, mark: bool = False) -> dict[str, int]:
    """The breakdown of one player's final Prestige, item by item, and the total."""
    own = seats.controller(p).final_score(game, p, mark)  # the Automa's own list
    if own is not None:
        return own
    cards = sum(colony.card_def(game, c).prestige for c in colony.cards_in_colony(p))
    a, b = (str(c) for c in game.cat.governors[p.governor].colours)
    counts = colour_counts(game, p)
    governor = min(counts[a], counts[b])
    sites = {s.id: s for s in game.cat.colony_board.sites}
    structures = sum(sites[s].prestige for s in p.structures)
    structures += sum(1 for x, y in game.cat.colony_board.adjacency if x in p.structures and y in p.structures)
    out = {
        "cards": cards,
        "governor": governor,
        "structures": structures,
        "buildings": end_of_game_buildings(game, p, mark),
        "smuggler": p.smuggler,
        "tokens": p.prestige,
    }
    out["total"] = sum(out[k] for k in ITEMS)
    return out


def projected_scores(view: Table) -> list[dict[str, int]]:
    """Every seat's breakdown (as :func:`score`) if the game ended now, the Automa by its own list.

    Every item of final scoring is public, so the projection of a seat is the same whoever looks:
    cards played, colony structures, Smuggler and Prestige tokens and Shops lie on the table, and
    so does each Governor card (drafted dice and Dice Colour Bonus tokens are put on it; a view
    never hides it); a card in a hand never scores. It is therefore computed from a seat's view
    (``Game.projected_scores``), never from the game's own state, and changes nothing (no
    Building is marked as resolved)."""
    return [score(view, p) for p in view.s.players]


def final_scores(game: Table) -> list[dict[str, int]]:
    return [score(game, p) for p in game.s.players]


def winners(game: Table, scores: list[dict[str, int]]) -> list[int]:
    """Most Prestige wins; a tie goes to the most coins; still tied, the victory is shared."""
    best = max(sc["total"] for sc in scores)
    tied = [i for i, sc in enumerate(scores) if sc["total"] == best]
    if len(tied) == 1:
        return tied
    most = max(game.s.players[i].coins for i in tied)
    return [i for i in tied if game.s.players[i].coins == most]


def ranking(game: Table, scores: list[dict[str, int]]) -> list[int]:
    """The seats from first to last: most Prestige first, a tie broken by the most coins (as the
    winner is found), seats still tied in seat order."""
    coins = [p.coins for p in game.s.players]
    return sorted(range(len(scores)), key=lambda i: (-scores[i]["total"], -coins[i], i))


def finish_game(game: Table) -> None:
    s = game.s
    s.phase = "over"
    s.stack = []
    s.final_scores = [score(game, p, mark=True) for p in s.players]
    s.winners = winners(game, s.final_scores)
    for p, sc in zip(s.players, s.final_scores, strict=True):
        game.log("final-score", seat=p.seat, total=sc["total"])
    game.log("winners", seats=list(s.winners))
