"""The score as it will end: every seat's final score if the game ended now, as the table shows it.

After the last action of a game the projection shown equals the final score of every seat, item
by item, over seeded games in every configuration (2-4 seats, with and without the Automa and the
Harbor Shops variant), played by the heuristic player and by a busy random one. The suite plays a
sample (``GREAT_HARBOR_PROJECTION_GAMES`` games per configuration, default 1: 12 games);
``scripts/projection_check.py`` plays 200 and more. The projection uses public information only:
re-dealing what a seat cannot know leaves the projection it sees unchanged.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator

from test_view import CONFIGS, new_game, rerandomised

from great_harbor.data import Catalogue
from great_harbor.engine import Game, shops
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.scoring import ITEMS
from great_harbor.engine.state import to_plain
from great_harbor.rivals.heuristic import choose

GAMES = int(os.environ.get("GREAT_HARBOR_PROJECTION_GAMES", "1"))
BUSY = {"play-person", "play-building", "play-ship", "activate", "build", "employ-building", "send", "trade",
        "set-up-shop", "smuggler-token"}


def played(cat: Catalogue, games: int) -> Iterator[tuple[str, Game]]:
    """``games`` finished games per configuration: the heuristic player's in every other one, a
    busy random player's (it prefers what builds a colony) in the rest."""
    n = 0
    for players, automa, shops_variant in CONFIGS:
        for i in range(games):
            seed = 7000 + 13 * n
            game = new_game(cat, players, automa, shops_variant, seed)
            heuristic = n % 2 == 0
            rng = random.Random(seed)
            while not game.is_over:
                if heuristic:
                    game.apply(choose(game))
                    continue
                legal = game.legal_actions()
                busy = [a for a in legal if a.kind in BUSY]
                game.apply(rng.choice(busy if busy and rng.random() < 0.7 else legal))
            n += 1
            yield f"{players}p automa={automa} shops={shops_variant} #{i} seed={seed} heuristic={heuristic}", game


def mismatches(game: Game, where: str) -> list[str]:
    """Where the projection each seat sees after the last action differs from the final scores."""
    out = []
    for seat in [*range(game.s.seats), None]:
        shown = game.view(seat).projected_scores()
        if shown != game.s.final_scores:
            out.append(f"{where}: seat {seat} sees {shown}, the final scores are {game.s.final_scores}")
    return out


def test_after_the_last_action_the_projection_is_the_final_score(catalogue: Catalogue) -> None:
    found: list[str] = []
    scored: Counter[str] = Counter()
    count = 0
    for where, game in played(catalogue, GAMES):
        found += mismatches(game, where)
        count += 1
        for p, sc in zip(game.s.players, game.s.final_scores, strict=True):
            scored.update(k for k in ITEMS if sc[k])
            scored["automa"] += p.automa
            scored["shop colours"] += bool(shops.shop_colours(game, p.seat))
    print(f"{count} games: the projection after the last action equals every seat's final score")
    assert not found, "\n".join(found)
    assert count == GAMES * len(CONFIGS)
    # Not an empty check: every item of final scoring, the Automa and the Shops' colours came up.
    assert set(scored) >= {*ITEMS, "automa", "shop colours"}, scored


def test_the_projection_adds_what_final_scoring_adds_to_the_tokens() -> None:
    """Mid-game, the projection is the final scoring of the table as it is: cards, Governor pairs
    (Shops included), structures, Buildings and Smuggler tokens on top of the Prestige tokens."""
    sc = Scenario()
    sc.governor(0, "governor-2")  # red and purple: red 2 (Tribune, Castrum), purple 1 (Legate), 1 pair
    sc.person(0, "person-4")  # Legate: purple, 1
    sc.person(0, "person-20")  # Tribune: red, 1
    sc.building(0, "building-10")  # Tavern: yellow, 1; 1 per 2 Buildings
    sc.building(0, "building-1")  # Castrum: red, 4
    sc.structures(0, "dock-hut-1", "dock-hut-2")
    sc.give(0, smuggler=2, prestige=31)
    game = sc.turn(0)
    before = to_plain(game.s)
    ana = game.view(1).projected_scores()[0]
    assert ana == {"cards": 1 + 1 + 1 + 4, "governor": 1, "structures": 2 + 1, "buildings": 1, "smuggler": 2,
                   "tokens": 31, "total": 7 + 1 + 3 + 1 + 2 + 31}
    assert to_plain(game.s) == before  # nothing marked, nothing changed
    assert game.projected_scores() == game.view(0).projected_scores() == game.view(None).projected_scores()


def test_the_projection_uses_no_hidden_information(catalogue: Catalogue) -> None:
    """Two games that differ only in what a seat cannot know (other hands, deck orders, the bag,
    secrets in the log) show that seat the same projection, at every tenth decision."""
    compared = 0
    for players, automa, shops_variant in CONFIGS[::3]:
        game = new_game(catalogue, players, automa, shops_variant, 11)
        rng = random.Random(11)
        step = 0
        while not game.is_over:
            if step % 10 == 0:
                for seat in [*range(game.s.seats), None]:
                    other = rerandomised(game, seat, rng)
                    assert other.view(seat).projected_scores() == game.view(seat).projected_scores()
                    compared += 1
            game.apply(rng.choice(game.legal_actions()))
            step += 1
    assert compared > 100


def test_a_hidden_hand_changes_nothing_the_others_see() -> None:
    """A hand is hidden and never scores: Ana holding Castrum (4 Prestige printed) instead of a
    Tribune (1) shows Ben the same projection for her."""
    sc = Scenario()
    sc.give(0, prestige=5)
    sc.player(0).hand[:] = ["person-20"]
    game = sc.turn(0)
    other = game.clone()
    other.s.players[0].hand[:] = ["building-1"]
    assert game.view(1).projected_scores() == other.view(1).projected_scores()
    assert game.view(1).projected_scores()[0]["total"] == 5 + game.view(1).projected_scores()[0]["cards"]
