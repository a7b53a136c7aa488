"""Actions and pending decisions in plain words, for players.

``describe(game, action)`` words one legal action the way a player thinks of it: card and tile
names rather than ids, dice as ``B4``, pip splits with what each tile gives, costs. ``prompt(game)``
says what the pending decision asks of whom. ``detail(game, action)`` adds the longer text a
player may want before choosing (a card's effect). Pure Python: the UI only shows these strings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from . import colony, fleet, harbor
from .actions import (
    Action,
    ActivatePerson,
    AssignPips,
    BuildStructure,
    Choose,
    ConvertCoins,
    Draft,
    EmployBuilding,
    EmployCrew,
    EmployLuxury,
    EndTurn,
    FavorSenate,
    Pass,
    PlaceDie,
    PlayBuilding,
    PlayPerson,
    PlayShip,
    Repair,
    RetrieveMarker,
    SailOn,
    SendShip,
    SetUpShop,
    SpendFavorPip,
    Trade,
    UseConversion,
    UseSmugglerToken,
)
from .names import (  # noqa: F401  (the names are part of this module's words for the UI)
    SMUGGLERS_DISTRICT,
    benefit_words,
    card_name,
    cost_words,
    die,
    die_place,
    listing,
    plural,
    ship_name,
    short_card_name,
    site_name,
    slot_colours,
    slot_name,
    slot_tiles,
    tier_words,
    tile_name,
    units,
)
from .state import Pending, PlayerState, die_colour, die_label

if TYPE_CHECKING:

    from .game import Game

# --- actions ------------------------------------------------------------------------------------


def describe(game: Game, action: Action) -> str:
    """One line saying what ``action`` does, for the player who would take it."""
    top = game.pending
    seat = top.seat if top is not None else 0
    p = game.s.players[seat]
    cat = game.cat
    if isinstance(action, Draft):
        return f"Draft {die(game, action.die)}"
    if isinstance(action, PlaceDie):
        return _describe_place(game, action)
    if isinstance(action, AssignPips):
        return _describe_assign(game, top, action)
    if isinstance(action, SpendFavorPip):
        now = harbor.pips_of(game, action.die)
        return f"Spend 1 Favor: {die(game, action.die)} counts {now + 1} pips for its placement"
    if isinstance(action, UseSmugglerToken):
        return f"Spend a Smuggler token: {die(game, action.die)} ignores Shore fees for its placement"
    if isinstance(action, PlayPerson):
        slot = p.person_slots[action.slot - 1]
        where = f"slot {action.slot}" + (f", beside {short_card_name(game, slot[0])}" if slot else "")
        return f"Play Person {card_name(game, action.card)} into {where}"
    if isinstance(action, PlayBuilding):
        b = cat.buildings[action.card]
        return f"Build {card_name(game, action.card)} for {cost_words(colony.cost_of(b.cost))}"
    if isinstance(action, ActivatePerson):
        if top is not None and top.kind == "corsair":
            return f"Activate {card_name(game, action.card)} before the segment {top.data['segment'] + 1} pirate"
        return f"Activate {card_name(game, action.card)}"
    if isinstance(action, BuildStructure):
        return _describe_build(game, action)
    if isinstance(action, RetrieveMarker):
        return f"Spend 2 Favor: take the Activation marker back from {card_name(game, action.card)}"
    if isinstance(action, FavorSenate):
        return f"Spend 2 Favor: advance on the {action.colour} Senate track (to {p.senate[action.colour] + 1})"
    if isinstance(action, EmployLuxury):
        lux = cat.luxury_production_tiles[p.luxury_tiles[action.space - 1]].luxury
        need = cat.colony_board.colonists_per_luxury
        return f"Employ {need} Colonists on production space {action.space}: 1 {str(lux).capitalize()}"
    if isinstance(action, EmployBuilding):
        b = cat.buildings[action.card]
        return f"Employ {plural(b.colonists, 'Colonist')} in {card_name(game, action.card)}"
    if isinstance(action, EmployCrew):
        return f"Crew {ship_name(game, p, action.dock)}: +1 {action.stat.capitalize()}"
    if isinstance(action, PlayShip):
        card = cat.ships[action.card]
        text = (f"Launch {card_name(game, action.card)} at dock {action.dock} "
                f"for {cost_words(colony.cost_of(card.cost))}")
        old = p.docks[action.dock - 1]
        if old is not None:
            text += f", retiring {cat.ships[old.card].name}"
        return text
    if isinstance(action, Repair):
        return f"Repair {ship_name(game, p, action.dock)} with 1 {action.resource}"
    if isinstance(action, SendShip):
        return f"Send {ship_name(game, p, action.dock)} to trade"
    if isinstance(action, ConvertCoins):
        return f"Convert {cat.supply.convert_coins} coins into 1 {action.resource}"
    if isinstance(action, UseConversion):
        return _describe_conversion(game, action)
    if isinstance(action, SetUpShop):
        from .shops import describe_position

        return (f"Set up a Shop at {describe_position(game, action.position)} "
                f"for {cat.supply.shop_cost} {action.resource}")
    if isinstance(action, EndTurn):
        if top is not None and top.kind == "final_convert":
            return "Finish: no more conversions"
        return "End your turn"
    if isinstance(action, Trade):
        return _describe_trade(game, p, action.dock)
    if isinstance(action, SailOn):
        sh = p.docks[action.dock - 1]
        nxt = (sh.segment + 2) if sh is not None else 0
        return f"Sail {ship_name(game, p, action.dock)} on to segment {nxt}"
    if isinstance(action, Choose):
        return _describe_choice(game, top, action.option)
    if isinstance(action, Pass):
        return _describe_pass(game, top)
    return str(action)


def _describe_place(game: Game, action: PlaceDie) -> str:
    s = game.s
    label = die(game, action.die)
    pips = harbor.pips_of(game, action.die)
    wild = " (Wild)" if action.die in s.die_wild else ""
    if action.slot == harbor.DISTRICT:
        return f"Place {label}{wild} in {SMUGGLERS_DISTRICT}: {_district_gain(game, pips)}"
    no_fee = action.die in s.die_no_fee
    cells = harbor.geometry(game).slot_cells[action.slot]
    tiles = [s.layout[c] for c in cells]
    fees = [0 if no_fee else harbor.shore_fee(game, c) for c in cells]
    if len(tiles) == 1:
        t = harbor.tier(game, pips, fees[0])
        fee = f", fee {fees[0]}" if fees[0] else ""
        gain = tier_words(game, tiles[0], t) if t else "too few pips for any benefit"
        side = game.cat.slots[action.slot].side
        return f"Place {label}{wild} on {tile_name(game, tiles[0])} ({side} shore{fee}): {gain}"
    fee_notes = [f"{tile_name(game, t)} fee {f}" for t, f in zip(tiles, fees, strict=True) if f]
    extra = f"; {', '.join(fee_notes)}" if fee_notes else ""
    between = f"Place {label}{wild} between {tile_name(game, tiles[0])} and {tile_name(game, tiles[1])}"
    if all(harbor.tier(game, pips, fee) == 0 for fee in fees):  # all the pips on either tile are too few
        return f"{between}: too few pips for any benefit{extra}"
    return f"{between}: split {plural(pips, 'pip')}{extra}"


def _district_gain(game: Game, pips: int) -> str:
    from .draft import current_bonus_mapping

    district = game.cat.harbor.smugglers_district
    t = harbor.tier(game, pips, 0)
    amount = district.tier_amounts[t - 1] if t > 0 else 0
    gains: dict[str, int] = {}
    if amount:
        mapping = current_bonus_mapping(game)
        for sd in game.s.smuggler_dice:
            res = mapping[die_colour(sd)]
            gains[res] = gains.get(res, 0) + amount
    words = [f"{n} {r.capitalize()}" for r, n in gains.items()]
    words.append(plural(district.smuggler_tokens, "Smuggler token"))
    return ", ".join(words)


def split_words(game: Game, data: Mapping[str, object], pips: tuple[int, ...]) -> str:
    """A pip split on the tiles of the die just placed: "3 to Blacksmith Avenue (2 Metal), 1 to ..."."""
    tiles: list[str] = list(data["tiles"])  # type: ignore[call-overload]
    fees: list[int] = list(data["fees"])  # type: ignore[call-overload]
    if not any(pips):
        return "Take no benefit" if len(tiles) > 1 else f"Take no benefit from {tile_name(game, tiles[0])}"
    parts = []
    for tile, n, fee in zip(tiles, pips, fees, strict=True):
        if n <= 0:
            continue
        t = harbor.tier(game, n, fee)
        parts.append(f"{n} to {tile_name(game, tile)} ({tier_words(game, tile, t)})")
    return ", ".join(parts)


def _describe_assign(game: Game, top: Pending | None, action: AssignPips) -> str:
    if top is None or top.kind != "assign":
        return f"Assign {'+'.join(map(str, action.pips))} pips"
    return split_words(game, top.data, action.pips)


def _describe_build(game: Game, action: BuildStructure) -> str:
    site = next(s for s in game.cat.colony_board.sites if s.id == action.site)
    cost = colony.cost_of(site.cost)
    for r in action.unpaid:
        cost[r] -= 1
    text = f"Build {site_name(game, action.site)} for {cost_words(cost)}"
    if action.colonist:
        text += f" (a Colonist works there instead of {units(action.unpaid)})"
    elif action.unpaid:
        text += f" ({units(action.unpaid)} unpaid)"
    return text


def _describe_conversion(game: Game, action: UseConversion) -> str:
    card = game.cat.conversion_cards[action.card]
    g = card.gain
    words = []
    if g.prestige:
        words.append(f"{g.prestige} Prestige")
    if g.favor:
        words.append(f"{g.favor} Favor")
    if g.colonists:
        words.append(plural(g.colonists, "Colonist"))
    if g.smuggler:
        words.append(plural(g.smuggler, "Smuggler token"))
    if action.choice:
        counts: dict[str, int] = {}
        for x in action.choice:
            counts[x] = counts.get(x, 0) + (g.any_luxury or 1)
        words += [f"{n} {x}" for x, n in counts.items()]
    return f"Use {card.name}: {card.coins} coins for {', '.join(words) or 'nothing'}"


def _describe_trade(game: Game, p: PlayerState, dock: int) -> str:
    sh = p.docks[dock - 1]
    if sh is None:
        return f"Trade with the ship at dock {dock}"
    seg = game.cat.trade_board.segments[sh.segment]
    c = fleet.cargo(game, p, sh)
    return (f"Trade with {ship_name(game, p, dock)} in segment {sh.segment + 1}: "
            f"{c * seg.coins} coins (cargo {c} x {seg.coins}), {seg.prestige} Prestige")


def _describe_pass(game: Game, top: Pending | None) -> str:
    if top is None:
        return "Pass"
    if top.kind == "corsair":
        return "Do not use the Corsair now"
    if top.kind == "choose" and top.data.get("handler") == "voyage.demand":
        return "Keep your Luxuries: meet no demand"
    return "Decline"


def _describe_choice(game: Game, top: Pending | None, option: str) -> str:
    if top is None:
        return option
    p = game.s.players[top.seat]
    if top.kind == "ship_order":
        return f"Resolve {ship_name(game, p, option)} first"
    handler = str(top.data.get("handler", ""))
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
        "effects.market_square": "Take 1",
        "effects.censors": "Advance on the",
        "effects.harbor_master": "Reroll",
        "effects.praetor": "Advance",
        "voyage.customs": "Take 1",
    }
    verb = verbs.get(handler)
    return f"{verb} {words}" if verb else words[:1].upper() + words[1:]


def option_words(game: Game, top: Pending, option: str) -> str:
    """The option of a ``choose`` decision in words (card names rather than ids, dice as labels)."""
    s = game.s
    cat = game.cat
    p = s.players[top.seat]
    handler = str(top.data.get("handler", ""))
    if handler == "effects.patrician":  # dice of one colour, drafted or on slots: say which
        dice = [int(x) for x in option.split("+")]
        return listing(f"{die(game, d)} ({die_place(game, d)}) to {die_label(d, 7 - s.faces[d])}" for d in dice)
    if handler == "effects.investor":
        d = int(option)
        return f"{die(game, d)} counts {harbor.pips_of(game, d) + 2} pips for its placement"
    if handler == "effects.engineer":
        return f"{die(game, int(option))} becomes Wild for its placement"
    if handler == "effects.discount_build":
        site, unpaid = option.split("|")
        left = [u for u in unpaid.split("+") if u]
        site_def = next(x for x in cat.colony_board.sites if x.id == site)
        cost = colony.cost_of(site_def.cost)
        for r in left:
            cost[r] -= 1
        return f"Build {site_name(game, site)} for {cost_words(cost)} ({units(left) or 'nothing'} unpaid)"
    if handler == "effects.praefectus":
        if option == "deck":
            return "Draw 2 Buildings from the deck"
        return f"Take {card_name(game, option.split(':', 1)[1])} from the display"
    if handler == "effects.navigator":
        return f"{ship_name(game, p, option)} 1 space toward the harbor"
    if handler in ("effects.cargo_captain", "effects.corsair"):
        return ship_name(game, p, option)
    if handler == "effects.praetor":
        a, _, b = option.partition("+")
        if not b:
            return f"on the {a} track"
        return f"twice on the {a} track" if a == b else f"on the {a} and {b} tracks"
    if handler == "effects.naval_academy":
        dock, stat = option.split(":")
        return f"{ship_name(game, p, dock)}: +1 {stat.capitalize()}"
    if handler == "effects.port_crane_from":
        d = s.slots[option]
        return f"{die(game, d)} from {slot_name(game, option)}"
    if handler == "effects.port_crane_to":
        return f"{slot_name(game, option)} [{slot_colours(game, option)}]"
    if handler == "effects.censors":
        return f"{option} Senate track (to {p.senate[option] + 1})"
    if handler == "effects.harbor_master":
        where, ref = option.split(":")
        if where == "drafted":
            return f"your drafted {die(game, int(ref))}"
        return f"{die(game, s.slots[ref])} on {slot_name(game, ref)}"
    if handler == "effects.lighthouse":
        seen = card_name(game, str(top.data.get("seen", "")))
        return f"Keep {seen} on top of the Pirate deck" if option == "keep" else f"Discard {seen}"
    if handler == "voyage.demand":
        tile, luxury = option.split(":")
        wanted = cat.luxury_demand_tiles[tile].luxury
        segment = int(top.data.get("segment", 0))
        prestige = cat.trade_board.segments[segment].prestige
        also = "" if str(wanted) == luxury else f" for the {wanted} demand"
        return f"Deliver 1 {luxury}{also}: {prestige} Prestige more"
    # Generic: ids of cards, tiles, slots, ships become names.
    if option in cat.persons or option in cat.buildings or option in cat.ships or option in cat.pirates:
        return card_name(game, option)
    if option in cat.slots:
        return slot_name(game, option)
    if option in cat.tiles:
        return tile_name(game, option)
    return option


# --- the pending decision -----------------------------------------------------------------------


def prompt(game: Game) -> str:
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
        tiles = [tile_name(game, t) for t in top.data["tiles"]]
        label = top.data.get("label", "the die")
        if len(tiles) == 1:
            return f"{who}: {label} on {tiles[0]} — take its benefit?"
        return f"{who}: split the {plural(top.data['pips'], 'pip')} of {label} between {tiles[0]} and {tiles[1]}."
    if top.kind == "choose":
        text = str(top.data.get("prompt", "Choose one"))
        if top.data.get("handler") == "effects.lighthouse" and top.data.get("seen"):
            text += f" (it is {card_name(game, str(top.data['seen']))})"
        return f"{who}: {text}"
    if top.kind == "voyage_choice":
        # The last segment has nowhere further to sail: only trading is offered there.
        legal = game.legal_actions()
        sail_on = any(isinstance(a, SailOn) for a in legal)
        text = (f"{who}: {ship_name(game, p, top.data['dock'])} beat the pirates in segment "
                f"{top.data['segment'] + 1} — {'trade here or sail on?' if sail_on else 'trade here.'}")
        # Voyage Persons (Diplomat, Captain) are used at this choice, not before the next fight.
        persons = sorted({game.cat.persons[a.card].name for a in legal if isinstance(a, ActivatePerson)})
        if persons and sail_on:
            text += f" {' or '.join(persons)}: offered only at choices like this one, not during a fight."
        return text
    if top.kind == "corsair":
        return f"{who}: use the Corsair before the pirate of segment {top.data['segment'] + 1} is revealed?"
    if top.kind == "ship_order":
        return f"{who}: your ships share a position — which resolves first?"
    if top.kind == "final_convert":
        return f"{who}: the last voyage is over — convert coins one last time, then finish."
    return f"{who}: {top.kind}"


def detail(game: Game, action: Action) -> str:
    """Longer help for an action (a card's effect, a ship's stats); empty when there is none."""
    cat = game.cat
    card: str = getattr(action, "card", "")
    if isinstance(action, (PlayPerson, ActivatePerson)) and card in cat.persons:
        c = cat.persons[card]
        return f"{c.name}: {c.text} ({c.timing} phase; {c.prestige} Prestige)"
    if isinstance(action, (PlayBuilding, EmployBuilding)) and card in cat.buildings:
        b = cat.buildings[card]
        return f"{b.name}: {b.text} ({b.prestige} Prestige)"  # the action's own words name the cost
    if isinstance(action, PlayShip) and card in cat.ships:
        sh = cat.ships[card]
        return (f"{sh.name}: speed {sh.speed}, strength {sh.strength}, cargo {sh.cargo}, hull {sh.hull}; "
                f"{sh.prestige} Prestige")
    top = game.pending
    if isinstance(action, Choose) and top is not None and top.kind == "choose":
        opt = action.option
        for part in (opt, opt.split(":", 1)[-1]):
            if part in cat.persons:
                return f"{cat.persons[part].name}: {cat.persons[part].text}"
            if part in cat.buildings:  # a card to take or build: what it will cost matters
                b = cat.buildings[part]
                employ = f"; employs {plural(b.colonists, 'Colonist')}" if b.colonists else ""
                return (f"{b.name}: {b.text} (costs {cost_words(colony.cost_of(b.cost))}{employ}; "
                        f"{b.prestige} Prestige)")
    return ""
