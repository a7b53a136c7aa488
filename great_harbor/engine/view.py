"""A seat's view: exactly what one seat may know of the game, and nothing else.

``game.view(seat)`` is a copy of the state in which everything that seat cannot
know is replaced (other seats' hands and the decks by placeholders of the same length, the dice
bag by its dice in order of number, the RNG left out, secret details of decisions and log events
that are not theirs removed), plus the legal actions when the decision pending is theirs. ``seat``
None is a spectator: only what everyone sees. Once the game is over, hands are shown; the replay
of a finished game shows every hand and secret at every step (``ALL_SECRETS``).

A view (:class:`great_harbor.engine.game.SeatView`) is a ``Game`` for reading: every engine
function that reads a table (descriptions, fees, geometry, the reasons for a refusal) takes it
as it takes a game, and whatever draws the table for a seat (the UI, the rules lookup's table
topics, a computer player) is given a view, so it cannot show or use what that seat may not
know. Anything that would change the game refuses.
"""

from __future__ import annotations

from dataclasses import replace

from .events import ALL_SECRETS
from .state import GameState, Pending, copy_state

HIDDEN = "hidden"  # a card whose face this seat cannot know
# Decisions taken in the open, whose choices show nothing private: everyone at the table sees the
# actions (the draft: the dice are on the table, and pass-and-play shows no hand while drafting; a
# ship's voyage, the order of ships in a segment, the Corsair, a Person on the table; the last coin
# conversions, coins and Conversion cards being public), and a Luxury demand (Luxuries are public).
PUBLIC_DECISIONS = frozenset({"draft", "voyage_choice", "ship_order", "corsair", "final_convert"})
PUBLIC_CHOICES = frozenset({"voyage.demand"})


def is_public(top: Pending) -> bool:
    """Whether the decision ``top`` shows nothing private: any seat's view (a spectator's too)
    offers its actions, and a table of people takes it without a hand-off."""
    if top.kind == "choose":
        return str(top.data.handler) in PUBLIC_CHOICES and not top.data.private
    return top.kind in PUBLIC_DECISIONS


def redacted(state: GameState, seat: int | None) -> GameState:
    """A copy of ``state`` holding only what ``seat`` (None: anyone) may know."""
    s = copy_state(state)
    every_hand = s.phase == "over" or seat == ALL_SECRETS  # the game is over, or its replay
    s.rng = []
    for p in s.players:
        if p.seat != seat and not every_hand:
            p.hand = [HIDDEN] * len(p.hand)
    s.person_deck = [HIDDEN] * len(s.person_deck)
    s.building_deck = [HIDDEN] * len(s.building_deck)
    s.ship_decks = {size: [HIDDEN] * len(deck) for size, deck in s.ship_decks.items()}
    s.pirate_deck = [HIDDEN] * len(s.pirate_deck)
    s.automa_deck = [HIDDEN] * len(s.automa_deck)
    s.dice_bonus_stack = s.dice_bonus_stack[:1] + [HIDDEN] * (len(s.dice_bonus_stack) - 1)
    # Which dice and demand tiles are unused is plain to see; the order they come out in is not.
    s.bag = sorted(s.bag)
    s.demand_pool = sorted(s.demand_pool)
    s.stack = [_pending_for(top, seat) for top in s.stack]
    s.log = [e.for_viewer(seat) for e in s.log]
    return s


def _pending_for(top: Pending, seat: int | None) -> Pending:
    """A decision as ``seat`` may know it: a private one (the Lighthouse's peek) keeps what was
    seen only for the seat deciding."""
    if top.seat == seat or seat == ALL_SECRETS or not top.data.private:
        return top
    return Pending(top.kind, top.seat, replace(top.data, seen=None))
