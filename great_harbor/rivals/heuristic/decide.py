"""The heuristic player's decisions: :func:`choose` takes the best option of the pending
decision, by kind (draft, turn, pip split, voyage, Corsair, final conversions, choices)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from itertools import combinations
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
from great_harbor.engine.cards.persons import FarCaptain
from great_harbor.engine.game import SeatView
from great_harbor.engine.options import DockOption, Plain
from great_harbor.engine.state import (
    OUTBOUND,
    RESOURCES,
    Pending,
    die_colour,
)
from great_harbor.engine.supply import current_bonus_mapping

from .govern import govern_worth, praetor_worth, ship_at, structure_options
from .placing import Mind
from .voyages import Boat
from .worth import COIN, EPS, FAVOR, MARKER


def choose(game: Game) -> Action:
    """A sensible action for the seat whose decision is pending (deterministic: no randomness).

    It decides from that seat's view only (``game.view(seat)``: given a game, it makes the view
    itself), so it cannot use what the seat may not know."""
    top = game.pending
    if top is None:
        raise ValueError("the game is over: nobody has a decision to make")
    view = game if isinstance(game, SeatView) and game.seat == top.seat else game.view(top.seat)
    return decide(view, top)


def playout_choice(game: Game) -> Action:
    """The action :func:`choose` would take, read from ``game`` itself without making a view.

    Only for search inside a world a rival sampled from its own view (see
    :mod:`great_harbor.rivals.worlds`): nothing there is hidden knowledge, and the view would
    only cost time. The heuristic reads nothing a view hides, so the choice is the same."""
    top = game.pending
    if top is None:
        raise ValueError("the game is over: nobody has a decision to make")
    return decide(game, top)


def decide(g: Game, top: Pending, m: Mind | None = None) -> Action:
    """The heuristic's pick for ``top``; ``m``: a Mind of that seat that still holds for ``g``
    (see :mod:`.reuse`), or None to work one out."""
    legal = g.legal_actions()
    if m is None:
        m = Mind(g, top.seat)
    handler = _DECISIONS.get(top.kind)
    picked = handler(m, top.data, legal) if handler else None
    return picked if picked is not None and g.is_legal(picked) else legal[0]


def _best(scored: Iterable[tuple[float, Action]]) -> tuple[float, Action | None]:
    best: tuple[float, Action | None] = (-math.inf, None)
    for v, a in scored:
        if v > best[0] + 1e-9:
            best = (v, a)
    return best


def _draft(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    mapping = current_bonus_mapping(m.g)

    def worth(a: act.Draft) -> float:
        v = m.die_worth(a.die, m.s.faces[a.die], False, False)[0]
        colour = die_colour(a.die)
        if colour in m.p.dice_bonus_colours:
            v += m.gain_worth({mapping[colour]: 1})
        return v - 0.01 * m.s.faces[a.die]  # a lower sum plays earlier

    return _best((worth(a), a) for a in legal if isinstance(a, act.Draft))[1]


def _turn(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    # Steps of another kind, and Shops, which this player never sets up (worth -inf): not weighed.
    skip = (act.PlaceDie, act.SpendFavorPip, act.UseSmugglerToken, act.EndTurn, act.SendShip, act.SetUpShop)
    value, best = _best((govern_worth(m, a), a) for a in legal if not isinstance(a, skip))
    if best is not None and value > EPS:
        return best
    if m.p.drafted:
        return m.best_placement()[1]
    value, send = _best((m.send_worth(m.boat(ship_at(m, a.dock))), a) for a in legal if isinstance(a, act.SendShip))
    if send is not None and value > 0:
        return send
    return act.EndTurn()


def _assign(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    def worth(a: act.AssignPips) -> float:
        return sum(m.tile_worth(t, harbor.tier(m.g, n, fee)) if n else 0.0
                   for t, n, fee in zip(data.tiles, a.pips, data.fees, strict=True))

    return _best((worth(a), a) for a in legal if isinstance(a, act.AssignPips))[1]


def _voyage_choice(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    """Trade here or sail on, after an activation that changes the answer enough to pay for itself."""
    sh = ship_at(m, data.dock)
    seg = data.segment
    total = voyage.pirate_total(m.g, m.p)
    boost_worth = voyage_boosts(m, data)
    value, boost = _best((boost_worth(card_hooks.card(m.g, a.card)) - MARKER, a)
                         for a in legal if isinstance(a, act.ActivatePerson))
    if boost is not None and value > EPS:
        return boost
    trade = m.trade_worth(m.boat(sh), seg)
    if seg < len(m.cat.trade_board.segments) - 1 and m.sail_on_worth(m.boat(sh), seg + 1, total) > trade:
        return act.SailOn(sh.dock)
    return act.Trade(sh.dock)


def voyage_boosts(m: Mind, data: Any) -> Callable[[card_hooks.Card], float]:
    """What a voyage Person would add to the ship deciding (before its Activation marker)."""
    sh = ship_at(m, data.dock)
    seg = data.segment
    total = voyage.pirate_total(m.g, m.p)

    def outlook(boat: Boat, total: int = total) -> float:
        return m.after_win(boat, seg, total)

    now = outlook(m.boat(sh))

    def boost_worth(person: card_hooks.Card) -> float:
        effect = person.effect
        if effect == "admiral":
            return outlook(m.boat(sh, strength=1)) - now - FAVOR
        if effect == "cargo_captain":
            return max(0.0, m.trade_worth(m.boat(sh, cargo=1), seg) - now)
        if effect == "diplomat":
            return outlook(m.boat(sh), total - max((m.cat.pirates[c].strength for c in m.s.pirates if c),
                                                   default=0)) - now
        if effect == "corsair":
            return outlook(m.boat(sh, strength=2)) - now
        if isinstance(person, FarCaptain):
            return COIN * person.count(m.g, m.p)
        return 0.0

    return boost_worth


def _corsair(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    """Before a reveal: use the Corsair when one of this player's ships there needs it."""
    seg = data.segment
    total = voyage.pirate_total(m.g, m.p)
    gains = [m.sail_on_worth(m.boat(sh, strength=2), seg, total) - m.sail_on_worth(m.boat(sh), seg, total)
             for sh in fleet.ships(m.p) if sh.where == OUTBOUND and sh.segment == seg]
    use = next((a for a in legal if isinstance(a, act.ActivatePerson)), None)
    return use if use is not None and max(gains, default=0.0) > MARKER else act.Pass()


def _final_convert(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    """After the last voyage only Prestige counts (then coins, for a tie): the Conversion cards that
    give Prestige and, with a full resource track, coins converted into it (each pays 1 Prestige
    for the surplus), in the combination that gives the most Prestige for the fewest coins; every
    other coin is kept."""
    p = m.p
    cards = [m.cat.conversion_cards[c] for c in m.s.conversions if c not in p.conversions_used]
    cards = [c for c in cards if c.gain.prestige and p.coins >= c.coins]
    rate = m.cat.supply.convert_coins
    top = m.cat.colony_board.resource_max
    full = next((r for r in RESOURCES if p.resources[r] >= top), None)
    best: tuple[int, int, tuple[str, ...], int] = (0, 0, (), 0)
    for k in range(len(cards) + 1):
        for combo in combinations(cards, k):
            cost = sum(c.coins for c in combo)
            if cost > p.coins:
                continue
            overflow = (p.coins - cost) // rate if full is not None else 0
            option = (sum(c.gain.prestige for c in combo) + overflow, -(cost + rate * overflow),
                      tuple(c.id for c in combo), overflow)
            best = max(best, option)
    if best[0] == 0:
        return act.EndTurn()
    if best[2]:
        return act.UseConversion(best[2][0])
    assert full is not None
    return act.ConvertCoins(full)


def _choice(m: Mind, data: Any, legal: tuple[Action, ...]) -> Action | None:
    codes: list[str] = list(data.options)
    rank = CHOICES.get(data.handler)
    if rank is None or not codes:
        return None
    top = m.g.pending
    assert top is not None
    return act.Choose(max(codes, key=lambda code: rank(m, choices.option_of(top, code), data)))


def _lux_pick(m: Mind, option: Plain, data: Any) -> float:
    return m.luxury_worth(option.value)


def _ship_pick(m: Mind, option: DockOption, data: Any) -> float:
    """The ship a voyage Person helps: the one deciding now, else one where the next Pirate appears."""
    s = m.s
    sh = ship_at(m, option.dock)
    deciding = next((x.data.dock for x in reversed(s.stack) if x.kind == "voyage_choice"), None)
    revealing = next((i for i, c in enumerate(s.pirates) if not c and voyage.outbound(m.g, i)), None)
    return 100 * (sh.dock == deciding) + 50 * (sh.segment == revealing) + fleet.strength(m.g, m.p, sh)


# How this player ranks the options of each choice (typed values, see engine/options.py).
CHOICES: dict[str, Callable[[Mind, Any, Any], float]] = {
    "harbor.take_display": lambda m, o, d: m.hand_card_worth(o.value),
    "effects.patrician": lambda m, o, d: sum(
        m.current_die_worth(x, face=7 - m.s.faces[x]) - m.current_die_worth(x)
        if x in m.p.drafted else -0.1 for x in o.dice),
    "effects.investor": lambda m, o, d: m.current_die_worth(o.die, extra=2) - m.current_die_worth(o.die),
    "effects.engineer": lambda m, o, d: m.current_die_worth(o.die, wild=True) - m.current_die_worth(o.die),
    "effects.discount_build": lambda m, o, d: dict((c, v) for v, c in structure_options(m, 2)).get(o.code, 0.0),
    "effects.architect": lambda m, o, d: m.building_worth(o.value),
    "effects.praefectus": lambda m, o, d: (2 * m.draw_worth("building", "deck", None) if o.card is None
                                           else m.hand_card_worth(o.card)),
    "effects.navigator": lambda m, o, d: -ship_at(m, o.dock).sail_back,
    "effects.praetor": lambda m, o, d: praetor_worth(m, o),
    "effects.censors": lambda m, o, d: m.senate_step_worth(o.value),
    "effects.cargo_captain": _ship_pick,
    "effects.corsair": _ship_pick,
    "effects.diplomat": lambda m, o, d: m.cat.pirates[o.value].strength,
    "effects.naval_academy": lambda m, o, d: m.crew_worth(ship_at(m, o.dock), o.stat),
    "effects.market_square": _lux_pick,
    "effects.lighthouse": lambda m, o, d: float(o.value == "discard") * (m.cat.pirates[d.seen].strength - 1.5),
    "effects.harbor_master": lambda m, o, d: -m.s.faces[o.drafted] if o.drafted is not None else -10.0,
    "voyage.demand": lambda m, o, d: 1.0,
    "voyage.customs": lambda m, o, d: m.gain_worth({o.value: 1}),
}

_DECISIONS: dict[str, Callable[[Mind, dict[str, Any], tuple[Action, ...]], Action | None]] = {
    "draft": _draft,
    "turn": _turn,
    "assign": _assign,
    "voyage_choice": _voyage_choice,
    "corsair": _corsair,
    "final_convert": _final_convert,
    "choose": _choice,
}
