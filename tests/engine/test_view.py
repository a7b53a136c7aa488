"""A seat's view: exactly what that seat may know.

The property: at any decision, re-randomising everything a seat X cannot know (the other hands,
the order of every deck and of the dice bag, the unrevealed pirates, the RNG, other seats'
secrets in the log and in their decisions) leaves ``game.view(X)`` the same. Checked over random
seeded games in every configuration; ``GREAT_HARBOR_VIEW_GAMES`` sets the number of games per
configuration (the suite plays a few; ``scripts/leak_check.py`` plays 200).
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Iterator

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat
from great_harbor.engine.errors import EngineError
from great_harbor.engine.events import EVERYONE, Event
from great_harbor.engine.state import to_plain
from great_harbor.engine.view import HIDDEN

GAMES = int(os.environ.get("GREAT_HARBOR_VIEW_GAMES", "3"))
CONFIGS = [(players, automa, shops) for players in (2, 3, 4) for automa in (False, True) for shops in (False, True)]


def new_game(cat: Catalogue, players: int, automa: bool, shops: bool, seed: int) -> Game:
    names: list[Seat | str] = ["Ana", "Ben", "Cleo", "Dido"][:players]
    if automa:
        names[-1] = Seat("Automa", automa=True)
    return Game.new(cat, names, seed=seed, shops_variant=shops)


def peeked(game: Game, seat: int | None) -> bool:
    """Does ``seat`` know the top Pirate card (the Lighthouse showed it and it stayed on top)?"""
    top = game.pending
    if top is not None and top.seat == seat and top.data.private:
        return True
    return any(e.kind == "lighthouse.keeps" and e.reader == seat for e in game.s.log)


def rerandomised(game: Game, seat: int | None, rng: random.Random) -> Game:
    """A copy of ``game`` in which everything ``seat`` cannot know is dealt again at random,
    consistently (a card is still in exactly one place)."""
    g = game.clone()
    s = g.s
    over = s.phase == "over"
    others = [p for p in s.players if p.seat != seat and not over]
    # Hands and decks: the cards of each deck and of the other hands are dealt again.
    decks = {"person": s.person_deck, "building": s.building_deck, **{f"ship-{k}": v for k, v in s.ship_decks.items()}}

    def deck_of(card: str) -> str:
        kind = card.split("-")[0]
        return f"ship-{g.cat.ships[card].size}" if kind == "ship" else kind

    for name, deck in decks.items():
        held = [(p, i) for p in others for i, c in enumerate(p.hand) if deck_of(c) == name]
        pool = [p.hand[i] for p, i in held] + deck
        rng.shuffle(pool)
        for p, i in held:
            p.hand[i] = pool.pop()
        deck[:] = pool
    rng.shuffle(s.bag)
    keep = 1 if peeked(game, seat) and s.pirate_deck else 0
    rest = s.pirate_deck[keep:]
    rng.shuffle(rest)
    s.pirate_deck[keep:] = rest
    rng.shuffle(s.automa_deck)
    tail = s.dice_bonus_stack[1:]
    rng.shuffle(tail)
    s.dice_bonus_stack[1:] = tail
    rng.shuffle(s.demand_pool)
    g.rng.seed(rng.random())
    for top in s.stack:  # what another seat saw in private is what is on top of the deck now
        if top.seat != seat and top.data.private and s.pirate_deck:
            top.data = dataclasses.replace(top.data, seen=s.pirate_deck[0])
    cards = [*g.cat.persons, *g.cat.buildings]
    s.log = [
        Event(e.kind, e.actor, e.reveal, e.data, {k: rng.sample(cards, 2) for k in e.secret}, e.reader)
        if e.secret and e.reader not in (EVERYONE, seat) else e
        for e in s.log
    ]
    return g


def seen(game: Game, seat: int | None) -> object:
    view = game.view(seat)
    return to_plain(view.s), [a.to_dict() for a in view.legal_actions()], view.log_lines()


def decisions(
    cat: Catalogue, games: int, configs: list[tuple[int, bool, bool]] = CONFIGS
) -> Iterator[tuple[str, Game, random.Random]]:
    """Every few decisions of random games in every configuration (or those of ``configs``)."""
    for players, automa, shops in configs:
        for seed in range(games):
            game = new_game(cat, players, automa, shops, seed)
            rng = random.Random(seed)
            step = 0
            while True:
                if step % 7 == 0 or game.is_over:
                    yield f"{players}p automa={automa} shops={shops} seed={seed} step={step}", game, rng
                if game.is_over:
                    break
                game.apply(rng.choice(game.legal_actions()))
                step += 1


@pytest.mark.parametrize(
    "config", CONFIGS, ids=[f"{p}p{'-automa' if a else ''}{'-shops' if s else ''}" for p, a, s in CONFIGS]
)
def test_rerandomising_what_a_seat_cannot_know_leaves_its_view_unchanged(
    catalogue: Catalogue, config: tuple[int, bool, bool]
) -> None:
    """One test per configuration, so that the workers share them."""
    checked = 0
    for where, game, rng in decisions(catalogue, GAMES, [config]):
        for seat in [*range(game.s.seats), None]:
            other = rerandomised(game, seat, rng)
            assert seen(other, seat) == seen(game, seat), f"{where}: seat {seat} sees a difference"
            checked += 1
    assert checked > 30 * GAMES, checked  # every game gave dozens of decisions to compare


def test_the_rerandomiser_does_change_what_is_hidden(catalogue: Catalogue) -> None:
    """The property above is not empty: the games it compares differ, and a full copy would leak."""
    game = new_game(catalogue, 3, False, False, 4)
    rng = random.Random(4)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    other = rerandomised(game, 0, rng)
    assert other.s.person_deck != game.s.person_deck and other.s.bag != game.s.bag
    assert to_plain(other.s) != to_plain(game.s)


def test_a_view_shows_own_hand_hides_others_and_every_deck_order(catalogue: Catalogue) -> None:
    game = new_game(catalogue, 3, False, False, 2)
    rng = random.Random(2)
    while not any(p.hand for p in game.s.players[1:]) or not game.s.players[0].hand:
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(0)
    assert view.s.players[0].hand == game.s.players[0].hand
    for p, q in zip(view.s.players[1:], game.s.players[1:], strict=True):
        assert p.hand == [HIDDEN] * len(q.hand)  # how many, never which
    assert view.s.person_deck == [HIDDEN] * len(game.s.person_deck)
    assert view.s.rng == [] and sorted(game.s.bag) == view.s.bag
    assert view.s.person_display == game.s.person_display  # the table itself is public
    spectator = game.view(None)
    assert all(set(p.hand) <= {HIDDEN} for p in spectator.s.players)


def test_a_view_offers_the_actions_of_its_own_decision_only(catalogue: Catalogue) -> None:
    game = new_game(catalogue, 2, False, False, 1)
    top = game.pending
    assert top is not None and top.kind == "draft"  # drafted in the open: everyone sees the choices
    assert game.view(1 - top.seat).legal_actions() == game.view(None).legal_actions() == game.legal_actions()
    while top.kind != "turn":
        game.apply(game.legal_actions()[0])
        top = game.pending
        assert top is not None
    assert game.view(top.seat).legal_actions() == game.legal_actions()
    assert game.view(1 - top.seat).legal_actions() == ()
    assert game.view(None).legal_actions() == ()


def test_a_view_is_read_only(catalogue: Catalogue) -> None:
    game = new_game(catalogue, 2, False, False, 1)
    view = game.view(0)
    before = to_plain(game.s)
    with pytest.raises(EngineError):
        view.apply(view.legal_actions()[0])
    view.s.players[0].coins += 5  # a copy: the game itself never changes through a view
    assert to_plain(game.s) == before


def test_secret_details_reach_only_their_reader(catalogue: Catalogue) -> None:
    """A card drawn from a deck is named in its drawer's log only."""
    for seed in range(40):
        game = new_game(catalogue, 2, False, False, seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            secret = [e for e in game.s.log if e.secret]
            if secret:
                e = secret[0]
                i = game.s.log.index(e)
                mine, theirs = game.view(e.reader).log_lines()[i], game.view(1 - e.reader).log_lines()[i]
                assert mine != theirs and mine.startswith(theirs[:-1])
                assert game.log_lines()[i] == theirs  # the plain log is what everyone may read
                return
    pytest.fail("no game drew a secret card")


def test_a_card_drawn_at_a_tile_is_named_as_the_one_from_the_deck(catalogue: Catalogue) -> None:
    """Play-test: 'Ben placed P5 on Administration Office: 1 Person card from the deck, 1 Person card
    from the display (Engineer)' named the card drawn from the deck beside the display's."""
    for seed in range(60):
        game = new_game(catalogue, 2, False, False, seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            placed = [e for e in game.s.log if e.kind == "place" and e.secret
                      and any(item["k"] == "display" and item["n"] for item in e.data["items"])]
            if placed:
                e = placed[0]
                line = game.view(e.reader).log_lines()[game.s.log.index(e)]
                names = ", ".join(game.cat.persons[c].name if c in game.cat.persons else game.cat.buildings[c].name
                                  for c in e.secret["cards"])
                assert "card from the display" in line and line.endswith(f" (drawn from the deck: {names}).")
                return
    pytest.fail("no tile drew a card from a deck")


def test_the_voyage_question_reads_the_same_from_the_public_view(catalogue: Catalogue) -> None:
    """Play-tests: the hand-off screen (which reads the public view) asked 'trade here.' where
    the seat itself is asked 'trade here or sail on?'."""
    from great_harbor.engine.describe import prompt

    for seed in range(60):
        game = new_game(catalogue, 2, False, False, seed)
        rng = random.Random(seed)
        while not game.is_over:
            top = game.pending
            if top is not None and top.kind == "voyage_choice" and top.data.segment == 0:
                assert prompt(game).endswith("trade here or sail on?") or "sail on?" in prompt(game)
                assert "trade here or sail on?" in prompt(game.view(None))
                return
            game.apply(rng.choice(game.legal_actions()))
    pytest.fail("no ship won a fight in the first segment")
