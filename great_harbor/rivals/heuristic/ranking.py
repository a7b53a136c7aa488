"""Every option of the pending decision valued by the heuristic player (:func:`ranked`), for
weighing alternatives: the hard rival's search, the easy rival's slips, hints."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from great_harbor.engine import (
    Action,
    Game,
    card_hooks,
    choices,
    fleet,
    harbor,
    voyage,
)
from great_harbor.engine import actions as act
from great_harbor.engine.state import (
    OUTBOUND,
    die_colour,
)
from great_harbor.engine.supply import current_bonus_mapping

from .decide import CHOICES, decide, voyage_boosts
from .govern import govern_worth, ship_at
from .placing import Mind
from .worth import FAVOR, MARKER, SMUGGLER


def ranked(game: Game) -> list[tuple[float, Action]]:
    """Every legal action of the pending decision with the heuristic's estimate of what it is
    worth now (Prestige equivalents), :func:`choose`'s own pick first, the rest best first.

    The values of different kinds of step are not all on one scale (the player governs before
    it places its dice, whatever the dice are worth); the ranking is for weighing alternatives
    (the hard rival's search, the easy rival's slips, hints), never for the heuristic itself.
    Reads ``game`` as :func:`playout_choice` does: give it a seat's view to keep it honest."""
    top = game.pending
    if top is None:
        raise ValueError("the game is over: nobody has a decision to make")
    legal = game.legal_actions()
    pick = decide(game, top)
    m = Mind(game, top.seat)
    value = _VALUERS.get(top.kind)
    scored = [(value(m, top.data, a) if value else 0.0, a) for a in legal]
    first = next(v for v, a in scored if a == pick)
    rest = sorted(((v, a) for v, a in scored if a != pick), key=lambda x: -x[0])
    return [(first, pick), *rest]


def _value_draft(m: Mind, data: Any, a: Action) -> float:
    if not isinstance(a, act.Draft):
        return -math.inf
    v = m.die_worth(a.die, m.s.faces[a.die], False, False)[0]
    colour = die_colour(a.die)
    if colour in m.p.dice_bonus_colours:
        v += m.gain_worth({current_bonus_mapping(m.g)[colour]: 1})
    return v - 0.01 * m.s.faces[a.die]


def _value_turn(m: Mind, data: Any, a: Action) -> float:
    s = m.s
    if isinstance(a, act.PlaceDie):
        pips = harbor.pips_of(m.g, a.die)
        if a.slot == harbor.DISTRICT:
            return m.district_worth(pips)
        return m.split(a.slot, pips, a.die in s.die_no_fee)[0]
    if isinstance(a, (act.SpendFavorPip, act.UseSmugglerToken)):
        pips = harbor.pips_of(m.g, a.die) + isinstance(a, act.SpendFavorPip)
        no_fee = a.die in s.die_no_fee or isinstance(a, act.UseSmugglerToken)
        cost = FAVOR if isinstance(a, act.SpendFavorPip) else SMUGGLER
        return m.die_worth(a.die, pips, a.die in s.die_wild, no_fee)[0] - cost
    if isinstance(a, act.SendShip):
        return m.send_worth(m.boat(ship_at(m, a.dock)))
    if isinstance(a, act.EndTurn):
        return 0.0
    return govern_worth(m, a)


def _value_assign(m: Mind, data: Any, a: Action) -> float:
    if not isinstance(a, act.AssignPips):
        return -math.inf
    return sum(m.tile_worth(t, harbor.tier(m.g, n, fee)) if n else 0.0
               for t, n, fee in zip(data.tiles, a.pips, data.fees, strict=True))


def _value_voyage(m: Mind, data: Any, a: Action) -> float:
    sh = ship_at(m, data.dock)
    seg = data.segment
    total = voyage.pirate_total(m.g, m.p)
    if isinstance(a, act.Trade):
        return m.trade_worth(m.boat(sh), seg)
    if isinstance(a, act.SailOn):
        return m.sail_on_worth(m.boat(sh), seg + 1, total)
    # An activation: what it adds to the better of trading and sailing on.
    now = max(m.trade_worth(m.boat(sh), seg), m.after_win(m.boat(sh), seg, total))
    card = getattr(a, "card", "")
    gain = voyage_boosts(m, data)(card_hooks.card(m.g, card)) if card else 0.0
    return now + gain - MARKER


def _value_corsair(m: Mind, data: Any, a: Action) -> float:
    if not isinstance(a, act.ActivatePerson):
        return 0.0
    seg = data.segment
    total = voyage.pirate_total(m.g, m.p)
    gains = [m.sail_on_worth(m.boat(sh, strength=2), seg, total) - m.sail_on_worth(m.boat(sh), seg, total)
             for sh in fleet.ships(m.p) if sh.where == OUTBOUND and sh.segment == seg]
    return max(gains, default=0.0) - MARKER


def _value_final(m: Mind, data: Any, a: Action) -> float:
    if isinstance(a, act.UseConversion):
        card = m.cat.conversion_cards[a.card]
        return card.gain.prestige - 0.01 * card.coins
    return 0.0


def _value_choice(m: Mind, data: Any, a: Action) -> float:
    rank = CHOICES.get(data.handler)
    top = m.g.pending
    if not isinstance(a, act.Choose) or rank is None or top is None:
        return 0.0
    return float(rank(m, choices.option_of(top, a.option), data))


_VALUERS: dict[str, Callable[[Mind, Any, Action], float]] = {
    "draft": _value_draft,
    "turn": _value_turn,
    "assign": _value_assign,
    "voyage_choice": _value_voyage,
    "corsair": _value_corsair,
    "final_convert": _value_final,
    "choose": _value_choice,
}
