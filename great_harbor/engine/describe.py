"""Actions and pending decisions in plain words, for players.

``describe(game, action)`` words one action the way a player thinks of it (its rule's ``words``:
card and tile names rather than ids, dice as ``B4``, pip splits with what each tile gives, costs).
``prompt(game)`` says what the pending decision asks of whom; ``choice_words`` words the options
of a card's or a rule's question. ``detail(game, action)`` adds the longer text a player may want
before choosing (a card's effect). Pure Python: the UI only shows these strings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import card_hooks, colony, harbor, senate, supply
from .actions import (
    Action,
    ActivatePerson,
    Choose,
)
from .choices import option_of
from .harbor import split_words as split_words  # the map's split words, for the UI
from .names import (  # noqa: F401  (the names are part of this module's words for the UI)
    SMUGGLERS_DISTRICT,
    amount,
    benefit_words,
    die,
    die_place,
    gain_words,
    listing,
    plural,
    ship_name,
    site_name,
    slot_colours,
    tier_words,
    tile_name,
    units,
)
from .names import card_name as card_name  # those the UI imports from here: exported by name
from .names import cost_words as cost_words
from .names import short_card_name as short_card_name
from .names import slot_name as slot_name
from .names import slot_tiles as slot_tiles
from .options import (
    CardOrDeckOption,
    CrewOption,
    DemandOption,
    DiceOption,
    DieOption,
    DockOption,
    HarborDieOption,
    StructureOption,
    TracksOption,
)
from .rulebook import rule_for
from .state import Pending, die_label

if TYPE_CHECKING:

    from .table import Table

# --- actions ------------------------------------------------------------------------------------


def describe(game: Table, action: Action) -> str:
    """One line saying what ``action`` does, for the player who would take it (its rule's words)."""
    return rule_for(action).words(game, game.pending, action)


def pass_words(game: Table, top: Pending | None) -> str:
    if top is None:
        return "Pass"
    if top.kind == "corsair":
        return "Do not use the Corsair now"
    if top.kind == "choose" and top.data.handler == "voyage.demand":
        return "Keep your Luxuries: meet no demand"
    return "Decline"


def choice_words(game: Table, top: Pending | None, option: str) -> str:
    if top is None:
        return option
    p = game.s.players[top.seat]
    if top.kind == "ship_order":
        return f"Resolve {ship_name(game, p, DockOption.parse(option).dock)} first"
    handler = str(top.data.handler or "")
    words = option_words(game, top, option)
    verbs = {
        "harbor.take_display": "Take",
        "effects.patrician": "Flip",
        "effects.architect": "Build for free:",
        "effects.navigator": "Move",
        "effects.cargo_captain": "+1 Cargo for",
        "effects.corsair": "+2 Strength for",
        "effects.diplomat": "Ignore",
        "effects.naval_academy": "Crew",
        "effects.port_crane_from": "Move the die",
        "effects.port_crane_to": "Move it to",
        "effects.market_square": "Take",
        "effects.censors": "Advance on the",
        "effects.harbor_master": "Reroll",
        "effects.praetor": "Advance",
        "voyage.customs": "Take",
    }
    verb = verbs.get(handler)
    return f"{verb} {words}" if verb else words[:1].upper() + words[1:]


def option_words(game: Table, top: Pending, code: str) -> str:
    """The option of a ``choose`` decision in words (card names rather than ids, dice as labels)."""
    s = game.s
    cat = game.cat
    p = s.players[top.seat]
    handler = str(top.data.handler or "")
    option = option_of(top, code)
    if isinstance(option, DiceOption):  # the Patrician: dice of one colour, drafted or on slots
        return listing(f"{die(game, d)} ({die_place(game, d)}) to {die_label(d, 7 - s.faces[d])}" for d in option.dice)
    if isinstance(option, DieOption):
        if handler == "effects.investor":
            return f"{die(game, option.die)} counts {harbor.pips_of(game, option.die) + 2} pips for its placement"
        return f"{die(game, option.die)} becomes Wild for its placement"
    if isinstance(option, StructureOption):
        site_def = next(x for x in cat.colony_board.sites if x.id == option.site)
        cost = supply.cost_of(site_def.cost)
        for r in option.unpaid:
            cost[r] -= 1
        unpaid = units(option.unpaid) or "nothing"
        return f"Build {site_name(game, option.site)} for {cost_words(cost)} ({unpaid} unpaid)"
    if isinstance(option, CardOrDeckOption):
        if option.card is None:
            return "Draw 2 Buildings from the deck"
        return f"Take {card_name(game, option.card)} from the display"
    if isinstance(option, DockOption):
        if handler == "effects.navigator":
            return f"{ship_name(game, p, option.dock)} 1 space toward the harbor"
        return ship_name(game, p, option.dock)
    if isinstance(option, TracksOption):  # the Praetor
        tracks = option.tracks
        steps = senate.steps_words(game, p, tracks)
        if len(tracks) == 1:
            return f"on the {tracks[0]} track {steps}"
        a, b = tracks
        return f"twice on the {a} track {steps}" if a == b else f"on the {a} and {b} tracks {steps}"
    if isinstance(option, CrewOption):
        return f"{ship_name(game, p, option.dock)}: +1 {option.stat.capitalize()}"
    if isinstance(option, HarborDieOption):
        if option.drafted is not None:
            return f"your drafted {die(game, option.drafted)}"
        slot = str(option.slot)
        return f"{die(game, s.slots[slot])} on {slot_name(game, slot)}"
    if isinstance(option, DemandOption):
        wanted = cat.luxury_demand_tiles[option.tile].luxury
        segment = int(getattr(top.data, "segment", 0) or 0)
        prestige = cat.trade_board.segments[segment].prestige
        also = "" if str(wanted) == option.luxury else f" for the {str(wanted).capitalize()} demand"
        return f"Deliver {amount(1, option.luxury)}{also}: {prestige} Prestige more"
    if handler == "effects.port_crane_from":
        return f"{die(game, s.slots[code])} from {slot_name(game, code)}"
    if handler == "effects.port_crane_to":
        return f"{slot_name(game, code)} [{slot_colours(game, code)}]"
    if handler == "effects.censors":
        count = card_hooks.card(game, str(top.data.card)).n("steps")
        return f"{code} Senate track {senate.steps_words(game, p, [code] * count, named=False)}"
    if handler == "effects.market_square":
        n = card_hooks.card(game, str(top.data.card)).n("luxury")
        return amount(n, code)
    if handler == "voyage.customs":
        office = next(c for c in card_hooks.buildings(game, p) if c.entry.effect == "customs_office")
        return ", ".join(gain_words(cat, supply.Ledger(game, p).gain({code: office.n("resources")}), before=True))
    if handler == "effects.architect":
        return card_name(game, code) + colony.playing_gives(game, p, str(cat.buildings[code].colour))
    if handler == "effects.lighthouse":
        seen = card_name(game, str(getattr(top.data, "seen", "") or ""))
        return f"Keep {seen} on top of the Pirate deck" if code == "keep" else f"Discard {seen}"
    # Generic: ids of cards, tiles, slots, ships become names.
    if code in cat.persons or code in cat.buildings or code in cat.ships or code in cat.pirates:
        return card_name(game, code)
    if code in cat.slots:
        return slot_name(game, code)
    if code in cat.tiles:
        return tile_name(game, code)
    return code


# --- the pending decision -----------------------------------------------------------------------


def prompt(game: Table) -> str:
    """What the pending decision asks, and of whom."""
    top = game.pending
    s = game.s
    if top is None:
        return "The game is over."
    p = s.players[top.seat]
    who = p.name
    if top.kind == "draft":
        nth = 1 + len(p.drafted)
        return f"{who}: draft your {'first' if nth == 1 else 'second'} die from the pool."
    if top.kind == "turn":
        if p.drafted:
            left = listing(die(game, d) for d in p.drafted)
            return f"{who}'s turn: place {left} on the harbor (and take Govern actions in between)."
        return f"{who}'s turn: dice placed — take Govern actions or end your turn."
    if top.kind == "assign":
        tiles = [tile_name(game, t) for t in top.data.tiles]
        label = top.data.label
        return f"{who}: split the {plural(top.data.pips, 'pip')} of {label} between {tiles[0]} and {tiles[1]}."
    if top.kind == "choose":
        text = top.data.prompt
        if top.data.handler == "effects.lighthouse" and getattr(top.data, "seen", None):
            text += f" (it is {card_name(game, str(top.data.seen))})"
        return f"{who}: {text}"
    if top.kind == "voyage_choice":
        # The last segment has nowhere further to sail: only trading is offered there. (Read from
        # the table, not the legal actions: the hand-off asks it from a view that has none.)
        legal = game.legal_actions()
        sail_on = top.data.segment < len(game.s.pirates) - 1
        text = (f"{who}: {ship_name(game, p, top.data.dock)} beat the pirates in segment "
                f"{top.data.segment + 1} — {'trade here or sail on?' if sail_on else 'trade here.'}")
        # Voyage Persons (Diplomat, Captain) are used at this choice, not before the next fight.
        persons = sorted({game.cat.persons[a.card].name for a in legal if isinstance(a, ActivatePerson)})
        if persons and sail_on:
            text += f" {' or '.join(persons)}: offered only at choices like this one, not during a fight."
        return text
    if top.kind == "corsair":
        return f"{who}: use the Corsair before the pirate of segment {top.data.segment + 1} is revealed?"
    if top.kind == "ship_order":
        return f"{who}: your ships share a position — which resolves first?"
    if top.kind == "final_convert":
        return f"{who}: the last voyage is over — convert coins one last time, then finish."
    return f"{who}: {top.kind}"


def detail(game: Table, action: Action) -> str:
    """Longer help for an action (a card's effect, a ship's stats); empty when there is none."""
    top = game.pending
    if isinstance(action, Choose) and top is not None and top.kind == "choose":
        return choice_detail(game, action.option)
    return rule_for(action).detail(game, top, action)


def choice_detail(game: Table, option: str) -> str:
    """What a card offered in a choice does (and costs, for a Building one may build)."""
    cat = game.cat
    for part in (option, option.split(":", 1)[-1]):
        if part in cat.persons:
            return f"{cat.persons[part].name}: {cat.persons[part].text}"
        if part in cat.buildings:  # a card to take or build: what it will cost matters
            b = cat.buildings[part]
            employ = f"; employs {plural(b.colonists, 'Colonist')}" if b.colonists else ""
            return (f"{b.name}: {b.text} (costs {cost_words(supply.cost_of(b.cost))}{employ}; "
                    f"{b.prestige} Prestige)")
    return ""
