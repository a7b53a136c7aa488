"""Why a rival did what it did, as data the log words (``rival.move`` in :mod:`engine.narrate`).

:func:`reasons` looks at an action the way the heuristic player values it (from the deciding
seat's view) and returns the facts that make it good, each a small dict with a code ``r`` and
its particulars: ``{"r": "prestige", "n": 3}``, ``{"r": "governor", "colour": "blue"}``. The log
renders them in a player's words. A fact that would give away a card in the rival's hand (the
Building its resources are for) goes to the event's secret, which only that seat may read; the
others read the same line without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from great_harbor.engine import Action, Game, choices, fleet, harbor, supply, voyage
from great_harbor.engine import actions as act
from great_harbor.engine.describe import describe
from great_harbor.engine.game import SeatView
from great_harbor.engine.state import die_colour

from . import heuristic

Reason = dict[str, Any]


def _odds_to_win(m: heuristic.Mind, strength: int, total: int) -> int:
    """The chance in percent that a ship of ``strength`` beats the next Pirate card, ``total``
    strength already faced in this segment."""
    return round(100 * sum(pr for st, pr in m.odds() if strength >= total + st))


def _card_reasons(m: heuristic.Mind, colour: str, prestige: int) -> list[Reason]:
    """What playing any card of ``colour`` brings: Prestige, a Senate step, a Governor pair, the
    Dice Color Bonus at the second card of a colour."""
    out: list[Reason] = []
    if prestige:
        out.append({"r": "prestige", "n": prestige})
    a, b = (str(c) for c in m.cat.governors[m.p.governor].colours)
    if colour in (a, b):
        out.append({"r": "governor", "colour": colour})
    if m.p.played_colours[colour] == 1:
        out.append({"r": "dice-bonus", "colour": colour})
    if m.senate_step_worth(colour) > 0.15:
        out.append({"r": "senate", "colour": colour})
    return out


def _projects_helped(m: heuristic.Mind, gains: dict[str, int]) -> list[str]:
    """The projects (cards in hand, colony sites) that the resources ``gains`` bring closest."""
    helped = []
    for pid, cost, value in sorted(m.projects, key=lambda x: -x[2]):
        if value > 0 and any(cost.get(r, 0) > m.p.resources[r] for r in gains if gains[r] > 0):
            helped.append(pid)
    return helped[:1]


def _gain_reasons(m: heuristic.Mind, gains: dict[str, int]) -> tuple[list[Reason], list[Reason]]:
    """Resources: what they are for. Public: "toward its plans" or a colony site by name;
    private: the card in hand they are for."""
    items = supply.resource_items(m.p.resources, m.cat.colony_board.resource_max, gains)
    surplus = [{"r": "surplus", "n": i["n"]} for i in items if i["k"] == "surplus"]
    if surplus and not any(i["k"] == "res" and i["n"] for i in items):
        return surplus, []  # every resource over its track: the Prestige is the reason, not the resources
    helped = _projects_helped(m, gains)
    if not helped:
        return ([{"r": "spare"}, *surplus] if gains else []), []
    pid = helped[0]
    if pid.startswith(("building-", "ship-")):
        return [{"r": "plans"}, *surplus], [{"r": "for-card", "card": pid}]
    return [{"r": "for-site", "site": pid}, *surplus], []


def _placement(m: heuristic.Mind, die: int, slot: str, pips: int, no_fee: bool,
               decline: bool = False) -> tuple[list[Reason], list[Reason]]:
    g = m.g
    if slot == harbor.DISTRICT:
        return [{"r": "district"}], []
    if decline:  # placed for the slot alone: no benefit, no card drawn
        return [{"r": "declines"}], []
    value, split = m.split(slot, pips, no_fee)
    cells = harbor.geometry(g).slot_cells[slot]
    fees = [0 if no_fee else harbor.shore_fee(g, cell) for cell in cells]
    public, private = _benefits(m, [m.s.layout[c] for c in cells], list(split), fees)
    return [{"r": "best-spot", "pe": round(value, 1)}, *public], private


def _benefits(m: heuristic.Mind, tiles: list[str], split: list[int],
              fees: list[int]) -> tuple[list[Reason], list[Reason]]:
    """What the pips ``split`` over ``tiles`` take: the resources' use, a card drawn."""
    g = m.g
    gains: dict[str, int] = {}
    draws = False
    for tile, n, fee in zip(tiles, split, fees, strict=True):
        t = harbor.tier(g, n, fee) if n else 0
        if t:
            b = g.cat.tiles[tile].benefits[t - 1]
            for r, k in b.resources.items():
                gains[str(r)] = gains.get(str(r), 0) + k
            draws = draws or bool(b.draws)
    public: list[Reason] = []
    private: list[Reason] = []
    if gains:
        pub, priv = _gain_reasons(m, gains)
        public += pub
        private += priv
    if draws:
        public.append({"r": "draws"})
    return public, private


def reasons(view: SeatView, action: Action) -> tuple[list[Reason], list[Reason]]:
    """Why ``action`` is good for the seat deciding in ``view``: (public facts, private facts)."""
    top = view.pending
    assert top is not None and view.seat is not None
    if len(view.legal_actions()) == 1:  # a forced step: "worth most to it" would be no reason
        return [{"r": "only-option"}], []
    m = heuristic.Mind(view, view.seat)
    s, p, cat = view.s, m.p, view.cat
    if isinstance(action, act.Draft):
        pips = s.faces[action.die]
        value, slot = m.die_worth(action.die, pips, False, False)
        public, private = _placement(m, action.die, slot, pips, False)
        public = [{"r": "die-fits", "slot": slot, "tiles": _slot_tiles(view, slot)}, *public[1:]]
        if die_colour(action.die) in p.dice_bonus_colours:
            public.append({"r": "bonus-resource", "colour": die_colour(action.die)})
        return public, private
    if isinstance(action, act.PlaceDie):
        return _placement(m, action.die, action.slot, harbor.pips_of(view, action.die), action.die in s.die_no_fee,
                          action.decline)
    if isinstance(action, act.SpendFavorPip):
        return [{"r": "favor-pip"}], []
    if isinstance(action, act.UseSmugglerToken):
        return [{"r": "no-fee"}], []
    if isinstance(action, act.AssignPips):
        d = top.data
        value = sum(m.tile_worth(t, harbor.tier(view, n, fee)) if n else 0.0
                    for t, n, fee in zip(d.tiles, action.pips, d.fees, strict=True))
        public, private = _benefits(m, list(d.tiles), list(action.pips), list(d.fees))
        return [{"r": "best-split", "pe": round(value, 1)}, *public], private
    if isinstance(action, act.PlayPerson):
        c = cat.persons[action.card]
        out = _card_reasons(m, str(c.colour), c.prestige)
        if heuristic.PERSON_USE.get(action.card, 0.5) >= 0.8 and m.turns_left > 1:
            out.append({"r": "power", "card": action.card})
        return out, []
    if isinstance(action, act.PlayBuilding):
        b = cat.buildings[action.card]
        out = _card_reasons(m, str(b.colour), b.prestige)
        if action.card in ("building-5", "building-10", "building-15", "building-20"):
            out.append({"r": "end-bonus"})
        elif heuristic.BUILDING_USE.get(action.card, 0.0) >= 0.4 and m.turns_left > 2:
            out.append({"r": "power", "card": action.card})
        return out, []
    if isinstance(action, act.PlayShip):
        sh = cat.ships[action.card]
        out = []
        fleet_strength = [cat.ships[x.card].strength for x in fleet.ships(p)]
        if all(sh.strength > x for x in fleet_strength) and fleet_strength:
            out.append({"r": "strongest-fleet"})
        if not fleet_strength:
            out.append({"r": "first-ship"})
        out += _card_reasons(m, str(sh.colour), sh.prestige)
        old = p.docks[action.dock - 1]
        if old is not None:
            out.append({"r": "replaces", "card": old.card})
        return out, []
    if isinstance(action, act.BuildStructure):
        adjacent = sum(1 for x, y in cat.colony_board.adjacency
                       if action.site in (x, y) and (y if x == action.site else x) in p.structures)
        out = [{"r": "structure", "site": action.site, "adjacent": adjacent}]
        return out, []
    if isinstance(action, act.RetrieveMarker):
        return [{"r": "retrieve", "card": action.card}], []
    if isinstance(action, act.ActivatePerson):
        return [{"r": "activate", "card": action.card}], []
    if isinstance(action, act.FavorSenate):
        return [{"r": "senate", "colour": action.colour}], []
    if isinstance(action, act.EmployLuxury):
        lux = str(cat.luxury_production_tiles[p.luxury_tiles[action.space - 1]].luxury)
        wanted = any(cat.luxury_demand_tiles[t].luxury == lux for tiles in s.demands for t in tiles)
        return [{"r": "luxury", "luxury": lux, "wanted": wanted}], []
    if isinstance(action, act.EmployBuilding):
        return [{"r": "power", "card": action.card}], []
    if isinstance(action, act.EmployCrew):
        return [{"r": "crew", "stat": action.stat}], []
    if isinstance(action, act.Repair):
        sh4 = p.docks[action.dock - 1]
        assert sh4 is not None
        return [{"r": "repair", "ship": sh4.card, "stuck": sh4.damage >= fleet.hull(view, sh4)}], []
    if isinstance(action, act.SendShip):
        sh2 = p.docks[action.dock - 1]
        assert sh2 is not None
        return [{"r": "odds", "pct": _odds_to_win(m, m.boat(sh2).strength, 0)}], []
    if isinstance(action, act.ConvertCoins):
        pub, priv = _gain_reasons(m, {action.resource: 1})
        return pub, priv
    if isinstance(action, act.UseConversion):
        gain = cat.conversion_cards[action.card].gain
        return ([{"r": "conversion-prestige", "n": gain.prestige}] if gain.prestige else [{"r": "conversion"}]), []
    if isinstance(action, act.EndTurn):
        return [{"r": "keep-coins" if top.kind == "final_convert" else "nothing-left"}], []
    if isinstance(action, (act.Trade, act.SailOn)):
        sh3 = p.docks[top.data.dock - 1]
        assert sh3 is not None
        pct = _odds_to_win(m, m.boat(sh3).strength, voyage.pirate_total(view, p))
        return [{"r": "trade" if isinstance(action, act.Trade) else "sail-on", "pct": pct}], []
    if isinstance(action, act.Choose) and top.kind == "choose" and top.data.handler == "harbor.take_display":
        card = str(getattr(choices.option_of(top, action.option), "value", ""))
        found = _card_reasons(m, _colour(view, card), _prestige(view, card))
        return found or _best_of(view, action), []
    if isinstance(action, act.Choose) and top.kind == "corsair":
        return [{"r": "corsair"}], []
    if isinstance(action, act.Pass):
        return [{"r": "not-needed"}], []
    return _best_of(view, action), []


def _best_of(view: SeatView, action: Action) -> list[Reason]:
    """A choice the heuristic values without a reason of its own: how it compares (never "the
    option worth most", which says nothing)."""
    values = {a: v for v, a in heuristic.ranked(view)}
    others = [v for a, v in values.items() if a != action]
    mine = values.get(action, 0.0)
    if all(abs(v - mine) < 1e-9 for v in others):
        return [{"r": "all-alike"}]
    return [{"r": "best-of", "pe": round(mine, 1)}]


def _colour(view: SeatView, card: str) -> str:
    cat = view.cat
    found = cat.persons.get(card) or cat.buildings.get(card) or cat.ships.get(card)
    return str(found.colour) if found is not None else ""


def _prestige(view: SeatView, card: str) -> int:
    cat = view.cat
    found = cat.persons.get(card) or cat.buildings.get(card) or cat.ships.get(card)
    return int(found.prestige) if found is not None else 0


def _slot_tiles(game: Game, slot: str) -> list[str]:
    if slot == harbor.DISTRICT:
        return []
    return [game.s.layout[c] for c in harbor.geometry(game).slot_cells[slot]]


# --- the words of an action -----------------------------------------------------------------------


def words(game: Game, action: Action) -> str:
    """An action in the words of the action list, for a seat that is not the one choosing
    ("end its turn", not "End your turn")."""
    text = describe(game, action)
    text = text.replace("End your turn", "end its turn").replace(" your ", " its ")
    return text[:1].lower() + text[1:]


def public_words(own: SeatView, public: SeatView, action: Action, chosen: bool,
                 revealed: frozenset[str] = frozenset()) -> str | None:
    """The words for ``action`` that everyone may read, or None when they would give away what
    only the deciding seat knows: a card in its hand (unless ``chosen`` puts it on the table, or it
    is among the cards ``revealed`` by the choice), what it saw in private."""
    hand = set(own.s.players[own.seat].hand) - revealed if own.seat is not None else set()
    values = [str(v) for v in action.to_dict().values()]
    names_hand = any(v in hand or any(part in hand for part in v.split(":")) for v in values)
    if names_hand and not (chosen and _plays_card(action)):
        return None
    try:
        mine, theirs = words(own, action), words(public, action)
    except (KeyError, IndexError, ValueError):
        return None
    return theirs if mine == theirs else None


# Actions that put the card they name on the table (so naming it gives nothing away).
_PLAYS_CARD = (act.PlayPerson, act.PlayBuilding, act.PlayShip)


def _plays_card(action: Action) -> bool:
    return isinstance(action, _PLAYS_CARD)


def weighed_entries(own: SeatView, public: SeatView, options: Sequence[tuple[Action, float]],
                    chosen: Action | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Alternatives and their margins, (for everyone, for the seat alone). An alternative that
    would name a card in hand stays in the seat's own list; everyone reads "a card from its hand".
    A card the ``chosen`` action plays is on the table: the same card used another way is named
    (not "a card from its hand" for the Legate it has just played into slot 1)."""
    revealed = frozenset({chosen.card}) if isinstance(chosen, _PLAYS_CARD) else frozenset()
    public_list: list[dict[str, Any]] = []
    private_list: list[dict[str, Any]] = []
    for action, margin in options:
        text = public_words(own, public, action, chosen=False, revealed=revealed)
        private_list.append({"does": words(own, action), "margin": round(margin, 1)})
        public_list.append({"does": text if text is not None else "", "margin": round(margin, 1)})
    return public_list, private_list
