"""Sampled worlds: full games a seat could be in, given only what it may know.

A rival that looks ahead needs whole games to play out, but it may only know its view
(``game.view(seat)``): the other hands are face down, every deck's order is unknown, the dice
bag is a bag. :func:`sample_world` deals what the view hides again, at random and consistently
with it (every card in exactly one place, each deck the size the table shows), and gives the
result a fresh random generator drawn from the rival's own. Searching over many such worlds is
the honest way to look ahead: whatever the rival concludes, it concluded from its view.

What the view shows is kept: the seat's own hand, the displays, everything played, the number of
cards in each hand and deck, the face-up Dice Bonus tile, the Pirate card the seat itself saw on
top of the deck with the Lighthouse (while it stays there). What it does not show is dealt:

- the cards in other hands and in the decks, from the cards of that kind nobody has seen; how
  many of each kind are in hands altogether follows from the deck sizes, which hands hold them
  does not (every way is equally likely);
- the order of the Pirate, Automa and Dice Bonus decks, of the dice bag and the unused Luxury
  demand tiles; what another seat saw privately (the top Pirate card) is what lies on top now.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable

from great_harbor.data import Catalogue
from great_harbor.engine import Game
from great_harbor.engine.game import SeatView
from great_harbor.engine.state import GameState, copy_state
from great_harbor.engine.view import HIDDEN

PIRATE_PASSED = frozenset({"pirate", "pirates.reshuffled", "lighthouse.discards"})  # the top card changed


def card_kind(cat: Catalogue, card: str) -> str:
    """The deck a card comes from: ``person``, ``building`` or ``ship-<size>``."""
    if card in cat.ships:
        return f"ship-{cat.ships[card].size}"
    return card.split("-", 1)[0]


def _decks(s: GameState) -> dict[str, list[str]]:
    return {"person": s.person_deck, "building": s.building_deck,
            **{f"ship-{size}": deck for size, deck in s.ship_decks.items()}}


def _seen_cards(s: GameState) -> set[str]:
    """Cards whose place the whole table (or the seat, for its own hand) can see."""
    seen = set(s.person_display) | set(s.building_display) | {c for c in s.ship_display.values() if c}
    for p in s.players:
        seen.update(c for c in p.hand if c != HIDDEN)
        seen.update(c for slot in p.person_slots for c in slot)
        seen.update(p.buildings)
        seen.update(sh.card for sh in p.docks if sh is not None)
        seen.update(p.retired_ships)
    return seen


def known_top_pirate(view: SeatView) -> str | None:
    """The Pirate card ``view.seat`` saw on top of the deck (the Lighthouse) if it is still there."""
    s = view.s
    top = view.pending
    if top is not None and top.seat == view.seat and top.data.private and top.data.seen is not None:
        return str(top.data.seen)
    for e in reversed(s.log):
        if e.kind in PIRATE_PASSED:
            return None
        if e.kind == "lighthouse.keeps" and e.reader == view.seat and e.secret:
            return str(e.secret["pirate"])
    return None


def sample_world(view: SeatView, rng: random.Random) -> Game:
    """A complete game consistent with ``view``: see the module docstring. ``rng`` is the rival's
    own generator (the sample and the new game's chance both come from it)."""
    cat = view.cat
    s = copy_state(view.s)
    seat = view.seat
    s.log = []  # the rules never read the log; a playout needs none of it
    s.reveal_marks = []
    _deal_cards(cat, s, seat, rng)
    # The Pirate deck: every card neither on the board nor discarded, in an unknown order (but
    # for a card the seat saw on top).
    out = {c for c in s.pirates if c} | set(s.pirate_discard)
    unseen = [c for c in cat.pirates if c not in out]
    top = known_top_pirate(view)
    rng.shuffle(unseen)
    if top is not None and top in unseen:
        unseen.remove(top)
        unseen.insert(0, top)
    s.pirate_deck = unseen[: len(s.pirate_deck)]
    for pending in s.stack:  # what another seat saw privately is what lies on top of the deck
        if pending.data.private and pending.data.seen is None and s.pirate_deck:
            pending.data = dataclasses.replace(pending.data, seen=s.pirate_deck[0])
    s.automa_deck = _shuffled((c for c in cat.automa_cards if c not in set(s.automa_discard)), rng,
                              len(s.automa_deck))
    if s.dice_bonus_stack:
        gone = {s.dice_bonus_stack[0], *s.dice_bonus_discard}
        rest = _shuffled((t for t in cat.dice_bonus_tiles if t not in gone), rng, len(s.dice_bonus_stack) - 1)
        s.dice_bonus_stack = [s.dice_bonus_stack[0], *rest]
    rng.shuffle(s.bag)
    rng.shuffle(s.demand_pool)
    return Game(cat, s, random.Random(rng.getrandbits(64)))


def _shuffled(items: Iterable[str], rng: random.Random, size: int) -> list[str]:
    out = list(items)
    rng.shuffle(out)
    if len(out) != size:
        raise ValueError(f"the view does not add up: {len(out)} unseen cards for a pile of {size}")
    return out


def _deal_cards(cat: Catalogue, s: GameState, seat: int | None, rng: random.Random) -> None:
    """Deal the hidden hand cards and the decks from the cards nobody has seen."""
    seen = _seen_cards(s)
    decks = _decks(s)
    unseen: dict[str, list[str]] = {kind: [] for kind in decks}
    for card in [*cat.persons, *cat.buildings, *cat.ships]:
        if card not in seen:
            unseen[card_kind(cat, card)].append(card)
    slots = [(p, i) for p in s.players if p.seat != seat for i, c in enumerate(p.hand) if c == HIDDEN]
    # How many cards of each kind are in hands is what the decks leave over; which hand holds
    # which kind is unknown: every arrangement is equally likely.
    kinds = [kind for kind, cards in unseen.items() for _ in range(len(cards) - len(decks[kind]))]
    if len(kinds) != len(slots) or any(len(cards) < len(decks[k]) for k, cards in unseen.items()):
        raise ValueError("the view does not add up: hidden hand cards and unseen cards differ")
    rng.shuffle(kinds)
    for cards in unseen.values():
        rng.shuffle(cards)
    for (p, i), kind in zip(slots, kinds, strict=True):
        p.hand[i] = unseen[kind].pop()
    for kind, deck in decks.items():
        deck[:] = unseen[kind]
