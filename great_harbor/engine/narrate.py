"""The log's words: one sentence per kind of :class:`~great_harbor.engine.events.Event`.

Each renderer takes the table (a ``Game`` or a seat's view: anything with the catalogue ``cat``
and the players ``s.players``), the event's ``data`` and, when the viewer may read them, its
``secret`` details; it returns the sentence. Nothing here changes the game, and nothing above the
engine reads these sentences back: undo, the hand-off and the Automa's playback read the events.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from great_harbor.value_class import value_class

from .names import amount, coins, gain_words, listing, plural, slot_label
from .shops import describe_position
from .state import die_label

if TYPE_CHECKING:
    from great_harbor.data import Catalogue

    from .events import Event
    from .state import GameState


class Table(Protocol):
    """What the words need: the catalogue and the seats' names."""

    @property
    def cat(self) -> Catalogue: ...

    @property
    def s(self) -> GameState: ...


Data = Mapping[str, Any]
Secret = Mapping[str, Any] | None
Renderer = Callable[[Table, "Event", Secret], str]
_SAYS: dict[str, Renderer] = {}


def says(kind: str) -> Callable[[Renderer], Renderer]:
    def register(fn: Renderer) -> Renderer:
        if kind in _SAYS:
            raise ValueError(f"two renderers for {kind!r}")
        _SAYS[kind] = fn
        return fn

    return register


def line(t: Table, event: Event, viewer: int | None = None) -> str:
    """The sentence ``viewer`` (a seat, or None for anyone) reads for ``event``."""
    secret = event.secret if event.secret and event.readable_by(viewer) else None
    return _SAYS[event.kind](t, event, secret)


def lines(t: Table, events: Iterable[Event], viewer: int | None = None) -> list[str]:
    return [line(t, e, viewer) for e in events]


def kinds() -> frozenset[str]:
    """Every kind of event that has words (a test checks the engine logs no other)."""
    return frozenset(_SAYS)


# --- shared words ---------------------------------------------------------------------------------


def name(t: Table, seat: int) -> str:
    return t.s.players[seat].name


def who(t: Table, e: Event) -> str:
    """The name of the seat that acted."""
    return t.s.players[e.actor].name


def card_name(t: Table, card: str) -> str:
    cat = t.cat
    for table in (cat.persons, cat.buildings, cat.ships, cat.pirates, cat.conversion_cards):
        if card in table:
            return table[card].name
    return card


def dice(pairs: Sequence[Sequence[int]]) -> str:
    return " ".join(die_label(d, f) for d, f in pairs)


def cost(paid: Mapping[str, int]) -> str:
    return ", ".join(amount(n, r) for r, n in paid.items() if n) or "nothing"


def gains(t: Table, items: Iterable[Mapping[str, Any]]) -> list[str]:
    """Words for what a gain gave (a Harbor tile, the Smuggler's District, a bonus), summed by kind."""
    return gain_words(t.cat, items)


def slot_words(t: Table, where: Mapping[str, Any]) -> str:
    """A Harbor slot as the action list names it ("Sailmaker's top shore", "Forum / Shipyard");
    ``where``: the tiles it touches and its side (``names.slot_where``)."""
    return slot_label([t.cat.tiles[x].name for x in where["tiles"]], where["side"])


# --- the round and the draft ----------------------------------------------------------------------


@says("roll")
def _roll(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"Round {d['round']}, turn {d['turn']}: {name(t, d['seat'])} rolls {dice(d['dice'])}."


@says("draft")
def _draft(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    bonus = f" and takes the Dice Color Bonus: {', '.join(gains(t, d['items']))}" if d["items"] else ""
    return f"{who(t, e)} drafts {die_label(d['die'], d['face'])}{bonus}."


@says("smuggler-die")
def _smuggler_die(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{die_label(d['die'], d['face'])} is left over: it becomes a Smuggler die."


@says("turn-order")
def _turn_order(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"Turn order: {', '.join(name(t, x) for x in d['seats'])}."


@says("turn")
def _turn(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{name(t, d['seat'])}'s turn."


@says("final-convert")
def _final_convert(t: Table, e: Event, _: Secret) -> str:
    return "The last voyage is over: everyone may convert coins once more."


@says("end-turn")
def _end_turn(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} ends the turn."


@says("done-converting")
def _done_converting(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} is done converting."


@says("anchor")
def _anchor(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{name(t, d['seat'])} takes the Anchor."


@says("domestic-growth")
def _domestic_growth(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{name(t, d['seat'])}: domestic growth, {coins(d['coins'])} for {d['free']} free Colonists."


@says("villa")
def _villa(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{name(t, d['seat'])}: Governor's Villa gives {d['favor']} Favor."


@says("workers-home")
def _workers_home(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    n, home = d["n"], d["home"]
    lost = f" ({n - home} lost: no room in housing)" if home < n else ""
    return f"{name(t, d['seat'])}: {plural(n, 'worker')} come{'s' if n == 1 else ''} home to housing{lost}."


def _card_label(t: Table, card: str) -> str:
    cat = t.cat
    c = cat.persons[card] if card in cat.persons else cat.buildings[card]
    return f"{c.name} (#{c.number})"


@says("display-refresh")
def _display_refresh(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    kind = d["deck"].capitalize()
    parts = []
    if d["under"]:
        parts.append(f"{_card_label(t, d['under'])} goes under the deck")
    if d["revealed"]:
        parts.append(f"{listing(_card_label(t, c) for c in d['revealed'])} "
                     f"{'is' if len(d['revealed']) == 1 else 'are'} revealed")
    else:
        parts.append("the deck is empty")
    return f"The {kind} display is refreshed: {', '.join(parts)}."


@says("dice-bonus-tile")
def _dice_bonus_tile(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    pays = ", ".join(f"{colour} {str(res).capitalize()}" for colour, res in d["mapping"].items())
    if d["new"]:
        return f"A new Dice Bonus tile is face up; each die colour now pays: {pays}."
    return f"The Dice Bonus stack has no other tile: the same one stays ({pays})."


@says("demands-refilled")
def _demands_refilled(t: Table, e: Event, _: Secret) -> str:
    by_segment: dict[int, list[str]] = {}
    for seg, tile in e.data["filled"]:
        by_segment.setdefault(seg, []).append(str(t.cat.luxury_demand_tiles[tile].luxury).capitalize())
    filled = [f"{listing(wanted)} in segment {seg + 1}" for seg, wanted in by_segment.items()]
    return f"Luxury demands refilled: {'; '.join(filled)}."


@says("end-of-round")
def _end_of_round(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"End of round {d['round']}: {d['dice']} dice go back to the bag."


@says("final-score")
def _final_score(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{name(t, d['seat'])}: {d['total']} Prestige."


@says("winners")
def _winners(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    seats = d["seats"]
    return f"{' and '.join(name(t, i) for i in seats)} win{'s' if len(seats) == 1 else ''} the game!"


# --- the Senate and Favor -------------------------------------------------------------------------


def _bonus_place(where: Mapping[str, Any]) -> str:
    if "bridge" in where:
        a, b = where["bridge"]
        return f" from the {a}-{b} bridge"
    return ""


@says("senate.advance")
def _senate_advance(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    text = f"{who(t, e)} advances on the {d['colour']} Senate track to {d['space']}"
    paid = [", ".join(gains(t, b["items"])) + _bonus_place(b["where"]) for b in d["bonuses"]]
    return text + (": " + "; ".join(paid) if paid else "") + "."


@says("favor.retrieve-marker")
def _retrieve_marker(t: Table, e: Event, _: Secret) -> str:
    return (f"{who(t, e)} spends {e.data['favor']} Favor to take the Activation marker back from "
            f"{card_name(t, e.data['card'])}.")


@says("favor.senate")
def _favor_senate(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} spends {e.data['favor']} Favor on the Senate."


# --- the colony -----------------------------------------------------------------------------------


@says("dice-colour-bonus")
def _dice_colour_bonus(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} unlocks the {e.data['colour']} Dice Color Bonus."


@says("play-person")
def _play_person(t: Table, e: Event, _: Secret) -> str:
    card = t.cat.persons[e.data["card"]]
    return f"{who(t, e)} plays the Person {card.name} (#{card.number}) into slot {e.data['slot']}."


@says("employ-luxury")
def _employ_luxury(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} employs {e.data['colonists']} Colonists to produce {amount(1, e.data['luxury'])}."


@says("play-building")
def _play_building(t: Table, e: Event, _: Secret) -> str:
    b = t.cat.buildings[e.data["card"]]
    return f"{who(t, e)} builds {b.name} (#{b.number}) for {cost(e.data['paid'])}."


@says("build")
def _build(t: Table, e: Event, _: Secret) -> str:
    site = next(s for s in t.cat.colony_board.sites if s.id == e.data["site"])
    kind = "Dock Hut" if site.kind == "dock_hut" else "Insula"
    extra = " with a Colonist's help" if e.data["colonist"] else ""
    return f"{who(t, e)} builds {kind} {site.index}{extra} for {cost(e.data['paid'])}."


@says("dock-hut.repairs")
def _dock_hut_repairs(t: Table, e: Event, _: Secret) -> str:
    return f"The Dock Hut repairs {card_name(t, e.data['ship'])}."


# --- Person and Building effects ------------------------------------------------------------------


@says("activate")
def _activate(t: Table, e: Event, _: Secret) -> str:
    card = t.cat.persons[e.data["card"]]
    return f"{who(t, e)} activates {card.name} (#{card.number})."


@says("employ-building")
def _employ_building(t: Table, e: Event, _: Secret) -> str:
    n = e.data["colonists"]
    return f"{who(t, e)} employs {n} Colonist{'s' if n > 1 else ''} in {card_name(t, e.data['card'])}."


@says("patrician")
def _patrician(t: Table, e: Event, _: Secret) -> str:
    flips = []
    for flip in e.data["flips"]:
        d = flip["die"]
        where = f"on {slot_words(t, flip['slot'])}" if flip["slot"] else "drafted"
        text = f"{die_label(d, flip['before'])} ({where}) to {die_label(d, flip['after'])}"
        fee = flip["fee"]
        if fee:
            text += f" (the {t.cat.tiles[fee['tile']].name}'s Shore fee goes from {fee['before']} to {fee['after']})"
        flips.append(text)
    return f"{who(t, e)} flips {listing(flips)}."


@says("investor")
def _investor(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{who(t, e)}'s {die_label(d['die'], d['face'])} counts {d['pips']} pips more for its placement."


@says("engineer")
def _engineer(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)}'s {die_label(e.data['die'], e.data['face'])} is Wild for its placement."


@says("quaestor")
def _quaestor(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} gains {', '.join(gains(t, e.data['items']))}."


@says("ship-captain")
def _ship_captain(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} refreshes the Ship display."


def _drawn(t: Table, secret: Secret, label: str = "") -> str:
    """The cards a seat drew from a deck, for that seat's eyes only: " (Curia)", or with ``label``
    " (drawn from the deck: Curia)"."""
    cards = (secret or {}).get("cards") or []
    return f" ({label}{', '.join(card_name(t, c) for c in cards)})" if cards else ""


@says("praefectus.draws")
def _praefectus_draws(t: Table, e: Event, secret: Secret) -> str:
    n = e.data["n"]
    return f"{who(t, e)} draws {n} Building card{'s' if n != 1 else ''}{_drawn(t, secret)}."


@says("tribune")
def _tribune(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} gains {e.data['favor']} Favor and {plural(e.data['smuggler'], 'Smuggler token')}."


@says("schemer")
def _schemer(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} gains {plural(e.data['smuggler'], 'Smuggler token')}."


@says("navigator")
def _navigator(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)}'s {card_name(t, e.data['ship'])} moves 1 space toward the harbor."


@says("admiral")
def _admiral(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} pays 1 Favor: all their ships have +1 Strength this Voyage phase."


@says("cargo-captain")
def _cargo_captain(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)}'s ship at dock {e.data['dock']} has +1 Cargo this Voyage phase."


@says("trader")
def _trader(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} may meet any Luxury demand with any Luxury this Voyage phase."


@says("far-captain")
def _far_captain(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} gains {coins(e.data['coins'])} for ships far out."


@says("diplomat")
def _diplomat(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)}'s ships ignore {card_name(t, e.data['pirate'])} this Voyage phase."


@says("corsair")
def _corsair(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)}'s ship at dock {e.data['dock']} has +2 Strength this Voyage phase."


@says("naval-academy")
def _naval_academy(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} crews {card_name(t, e.data['ship'])} from the supply: +1 {e.data['stat'].capitalize()}."


@says("port-crane")
def _port_crane(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return (f"{who(t, e)}'s Port Crane moves {die_label(d['die'], d['face'])} from {slot_words(t, d['source'])} "
            f"to {slot_words(t, d['to'])}.")


@says("market-square")
def _market_square(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} takes {amount(e.data['n'], e.data['luxury'])} from the Market Square."


@says("lighthouse.discards")
def _lighthouse_discards(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} looks at the top Pirate card and discards it ({card_name(t, e.data['pirate'])})."


@says("lighthouse.keeps")
def _lighthouse_keeps(t: Table, e: Event, secret: Secret) -> str:
    seen = f" ({card_name(t, secret['pirate'])})" if secret else ""
    return f"{who(t, e)} looks at the top Pirate card and leaves it on top{seen}."


@says("harbor-master")
def _harbor_master(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{who(t, e)} rerolls {die_label(d['die'], d['before'])}: it shows {die_label(d['die'], d['face'])}."


# --- ships, crew and coins ------------------------------------------------------------------------


@says("crew")
def _crew(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} crews {card_name(t, e.data['ship'])}: +1 {e.data['stat'].capitalize()}."


@says("repair")
def _repair(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{who(t, e)} repairs {card_name(t, d['ship'])} with {amount(1, d['resource'])} ({d['damage']} damage left)."


@says("convert")
def _convert(t: Table, e: Event, _: Secret) -> str:
    # A full track reads as what happened (names.resource_gain_words): "converts 2 coins into 1
    # Prestige, as the Sails track is full", not "into 0 Sails (+1 over the track → 1 Prestige)".
    return f"{who(t, e)} converts {coins(e.data['coins'])} into {', '.join(gains(t, e.data['items']))}."


@says("launch")
def _launch(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    card = t.cat.ships[d["card"]]
    text = f"{who(t, e)} launches {card.name} ({card.size}, {card.colour}) at dock {d['dock']}"
    if d["paid"] is not None:
        text += f" for {cost(d['paid'])}"
    if d["retired"]:
        text += f", retiring {card_name(t, d['retired'])}"
    return text + "."


@says("fleetyard")
def _fleetyard(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)}'s Fleetyard gives {e.data['favor']} Favor."


@says("send")
def _send(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} sends {card_name(t, e.data['ship'])} to trade."


@says("conversion")
def _conversion(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{who(t, e)} uses {card_name(t, d['card'])}: {coins(d['coins'])} for {', '.join(gains(t, d['items']))}."


# --- dice on the harbor ---------------------------------------------------------------------------


@says("favor.pip")
def _favor_pip(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{who(t, e)} spends 1 Favor: {die_label(d['die'], d['face'])} counts {d['pips']} pips for its placement."


@says("smuggler-token")
def _smuggler_token(t: Table, e: Event, _: Secret) -> str:
    return (f"{who(t, e)} spends a Smuggler token: {die_label(e.data['die'], e.data['face'])} "
            "ignores Shore fees for its placement.")


@says("place")
def _place(t: Table, e: Event, secret: Secret) -> str:
    d = e.data
    names = [t.cat.tiles[x].name for x in d["tiles"]]
    where = f"on {names[0]}" if len(names) == 1 else f"between {names[0]} and {names[1]}"
    what = ", ".join(gains(t, d["items"])) or ("no benefit taken" if d["declined"] else "too few pips for any benefit")
    # Say which card was drawn (from the deck, beside one taken from the display): a bare
    # "(Corsair)" after "2 Planks, 1 Person card" read as if the planks were the Corsair.
    display = any(item["k"] == "display" and item["n"] for item in d["items"])
    drawn = _drawn(t, secret, "drawn from the deck: " if display else "drawn: ")
    return f"{who(t, e)} placed {die_label(d['die'], d['face'])} {where}: {what}{drawn}."


@says("place.district")
def _place_district(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    what = ", ".join(gains(t, d["items"]))
    return f"{who(t, e)} placed {die_label(d['die'], d['face'])} in the Smuggler's District: {what}."


@says("take-display")
def _take_display(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} takes {card_name(t, e.data['card'])} from the display."


# --- the Harbor Shops variant ---------------------------------------------------------------------


@says("shops.income")
def _shops_income(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    count = d["shops"]
    head = f"{who(t, e)}'s {die_label(d['die'], d['face'])} lands beside {plural(count, 'Shop')}"
    if d["pips"]:
        head += f": +{plural(d['pips'], 'pip')} for this placement"
    income = [f"{name(t, x['seat'])} gains {', '.join(gains(t, x['items']))}" for x in d["income"]]
    return f"{head}; {', '.join(income)}."


@says("shops.set-up")
def _shops_set_up(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    where = describe_position(t, d["position"])  # type: ignore[arg-type]
    paid = amount(d["cost"], d["resource"])
    return f"{who(t, e)} pays {paid} and sets up a Shop at {where} ({d['left']} left)."


# --- the Voyage phase -----------------------------------------------------------------------------


@says("voyage.none")
def _voyage_none(t: Table, e: Event, _: Secret) -> str:
    return "No ship sails out: no Voyage phase this turn."


@says("voyage.start")
def _voyage_start(t: Table, e: Event, _: Secret) -> str:
    return "Voyage phase."


@says("pirates.reshuffled")
def _pirates_reshuffled(t: Table, e: Event, _: Secret) -> str:
    return "The Pirate deck is empty: the discards are shuffled into a new deck."


@says("pirate")
def _pirate(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    pirate = t.cat.pirates[d["card"]]
    return (f"Segment {d['segment'] + 1}: {pirate.name} (strength {pirate.strength}) appears; "
            f"pirates total {d['total']}.")


@says("battle.lost")
def _battle_lost(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return (f"{name(t, d['seat'])}'s {card_name(t, d['ship'])} (strength {d['strength']}) loses to the pirates "
            f"({d['pirates']}{_left_out(t, d)}): {d['damage']} damage, it turns back.")


@says("battle.won")
def _battle_won(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return (f"{name(t, d['seat'])}'s {card_name(t, d['ship'])} (strength {d['strength']}) beats the pirates "
            f"({d['pirates']}{_left_out(t, d)}).")


def _left_out(t: Table, d: Mapping[str, Any]) -> str:
    """The Pirate a Diplomat leaves out of the battle, if any (older records do not say)."""
    return f": the Diplomat leaves {card_name(t, d['ignored'])} out" if d.get("ignored") else ""


@says("sail-on")
def _sail_on(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)}'s {card_name(t, e.data['ship'])} sails on to segment {e.data['segment'] + 1}."


@says("trade")
def _trade(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return (f"{who(t, e)}'s {card_name(t, d['ship'])} trades in segment {d['segment'] + 1}: {coins(d['coins'])} "
            f"(cargo {d['cargo']} x {d['segment_coins']}), {d['prestige']} Prestige.")


@says("demand")
def _demand(t: Table, e: Event, _: Secret) -> str:
    return (f"{who(t, e)} delivers {amount(1, e.data['luxury'])} to meet a Luxury demand: "
            f"{e.data['prestige']} Prestige more.")


@says("customs")
def _customs(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)}'s Customs Office gives {', '.join(gains(t, e.data['items']))}."


@says("sails-home")
def _sails_home(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    return f"{name(t, d['seat'])}'s {card_name(t, d['ship'])} sails home: {plural(d['left'], 'space')} to go."


@says("pirates-subside")
def _pirates_subside(t: Table, e: Event, _: Secret) -> str:
    cards = [card_name(t, c) for c in e.data["pirates"]]
    return f"The Pirates subside: {', '.join(cards)} {'goes' if len(cards) == 1 else 'go'} to the discard pile."


@says("docked")
def _docked(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    repaired = " and its Dock Hut repairs it" if d["repaired"] else ""
    return f"{name(t, d['seat'])}'s {card_name(t, d['ship'])} is back in dock {d['dock']}{repaired}."


# --- the Automa -----------------------------------------------------------------------------------


def _icon(icon: str, amount: int) -> str:
    if icon == "prestige":
        return f"{amount} Prestige"
    return icon if amount == 1 else f"{amount} x {icon}"


def _placed_why(t: Table, colour: str, where: Mapping[str, Any]) -> str:
    rule = where["rule"]
    if rule == "district":
        return f"the tile is full, so the Smuggler's District and {where['tokens']} Smuggler token"
    other = where["shared_with"]
    slot = (f"the {where['side']} slot, shared with the {t.cat.tiles[other].name}" if other
            else f"the {where['side']} slot, on the shore")
    if rule == "colour":
        return f"first free {colour} slot from the top, clockwise: {slot}"
    return f"no free {colour} slot, so the first free slot clockwise: {slot}"


@says("automa.card")
def _automa_card(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    card = t.cat.automa_cards[d["card"]]
    arrow = "highest" if card.arrow == "up" else "lowest"
    where = d["where"]
    return (f"{who(t, e)} card {card.number}: {card.colour}, {arrow} -> {die_label(d['die'], d['face'])}; "
            f"tile {t.cat.tiles[where['tile']].name}; {_placed_why(t, str(card.colour), where)}.")


@says("automa.card-discarded")
def _automa_card_discarded(t: Table, e: Event, _: Secret) -> str:
    card = t.cat.automa_cards[e.data["card"]]
    return f"{who(t, e)} card {card.number}: {card.colour}, but no {card.colour} die is left; the card is discarded."


@says("automa.reshuffled")
def _automa_reshuffled(t: Table, e: Event, _: Secret) -> str:
    return (f"The {who(t, e)} deck is used up: its {e.data['cards']} discarded cards are shuffled into a new "
            "deck.")


@says("automa.track-end")
def _automa_track_end(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} board: the {e.data['colour']} marker is already on the last space; nothing happens."


@says("automa.track")
def _automa_track(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    what = f"icon {_icon(d['icon'], d['amount'])}" if d["icon"] else "no icon there"
    return f"{who(t, e)} board: {d['colour']} marker to space {d['space']}, {what}."


@says("automa.link")
def _automa_link(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    a, b = d["tracks"]
    return (f"{who(t, e)} board: the {d['colour']} marker reaches the {a}-{b} link at space {d['space']} and the "
            f"{d['other']} marker is on space {d['other_space']}: {_icon(d['icon'], d['amount'])}.")


@says("automa.link-waits")
def _automa_link_waits(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    a, b = d["tracks"]
    return (f"{who(t, e)} board: the {a}-{b} link at space {d['space']} waits for the {d['other']} marker "
            f"(on space {d['other_space']}).")


@says("automa.prestige")
def _automa_prestige(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)} gains {e.data['amount']} Prestige (now {e.data['now']} in tokens)."


@says("automa.no-card")
def _automa_no_card(t: Table, e: Event, _: Secret) -> str:
    deck = e.data["deck"]
    if deck == "ship":
        return f"{who(t, e)}: no Ship on display to take."
    return f"{who(t, e)}: no {deck.capitalize()} card on display to take."


def _governor_why(why: Mapping[str, str], kind: str) -> str:
    top, bottom = why["top"], why["bottom"]
    if why["rule"] == "top":
        return f"top Governor colour {top}"
    if why["rule"] == "bottom":
        return f"no {top} {kind}, so the bottom Governor colour {bottom}"
    return f"no {top} or {bottom} {kind} on display, so any colour"


@says("automa.takes-ship")
def _automa_takes_ship(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    card = t.cat.ships[d["card"]]
    why = _governor_why(d["why"], "Ship")
    text = f"{who(t, e)} takes the {card.size} Ship {card.name} ({card.colour}): {why}, largest first"
    if d["retired"]:
        old = t.cat.ships[d["retired"]]
        text += (f"; with {d['max_ships']} Ships it replaces its smallest, the {old.size} {old.name} "
                 f"in dock {d['dock']} (kept for scoring)")
    else:
        text += f"; it goes to empty dock {d['dock']}"
    if d["crewed"]:
        text += "; a free Colonist crews it on Strength"
    return text + "."


@says("automa.takes-card")
def _automa_takes_card(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    kind = d["deck"].capitalize()
    card = t.cat.buildings[d["card"]] if d["deck"] == "building" else t.cat.persons[d["card"]]
    why = _governor_why(d["why"], kind) + (", nearest the deck icon first" if d["nearest"] else "")
    return f"{who(t, e)} takes the {kind} {card.name} (#{card.number}, {card.colour}): {why}."


@says("automa.no-colonist")
def _automa_no_colonist(t: Table, e: Event, _: Secret) -> str:
    return f"{who(t, e)}: no Colonist left in the supply."


@says("automa.colonist-waits")
def _automa_colonist_waits(t: Table, e: Event, _: Secret) -> str:
    return (f"{who(t, e)} gains a Colonist; no Ship lacks Strength crew, so it waits on the board "
            f"({e.data['free']} free).")


@says("automa.colonist-crews")
def _automa_colonist_crews(t: Table, e: Event, _: Secret) -> str:
    card = t.cat.ships[e.data["ship"]]
    return (f"{who(t, e)} gains a Colonist and crews its {card.size} Ship {card.name} on Strength "
            "(largest Ship without Strength crew).")


@says("automa.battle")
def _automa_battle(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    head = f"{who(t, e)}'s {card_name(t, d['ship'])} (strength {d['strength']})"
    total = d["pirates"]
    outcome = d["outcome"]
    if outcome == "sails-on":
        return f"{head} is stronger than the pirates ({total}): it sails on to segment {d['segment'] + 1}."
    if outcome == "trades-last":
        return (f"{head} is stronger than the pirates ({total}) in the last segment: with nowhere further to "
                "sail, it trades here.")
    if outcome == "trades":
        return f"{head} equals the pirates ({total}): it trades here."
    return f"{head} is weaker than the pirates ({total}): it goes straight home, undamaged."


@says("automa.trade")
def _automa_trade(t: Table, e: Event, _: Secret) -> str:
    d = e.data
    text = f"{who(t, e)} trades in segment {d['segment'] + 1}: {d['prestige']} Prestige (double), no coins"
    if d["discarded"]:
        text += f"; it discards the leftmost Luxury demand ({t.cat.luxury_demand_tiles[d['discarded']].luxury})"
    return text + "."


# --- computer rivals (great_harbor.rivals) ---------------------------------------------------------
# A rival's move is preceded by one event saying what it chose and why: ``data`` holds its level,
# the action in the action list's words (``does``), the reasons (``why``: codes and particulars,
# see rivals/explain.py) and, for the hard rival, the alternatives it weighed with their margins;
# reasons and alternatives that would name a card in its hand are in the secret only.


def _site(t: Table, site_id: str) -> str:
    site = next((s for s in t.cat.colony_board.sites if s.id == site_id), None)
    if site is None:
        return site_id
    return f"{'Dock Hut' if site.kind == 'dock_hut' else 'Insula'} {site.index}"


def _tiles(t: Table, tiles: Sequence[str]) -> str:
    names = [t.cat.tiles[x].name for x in tiles if x in t.cat.tiles]
    return " and ".join(names) if names else "the Smuggler's District"


@value_class(frozen=True)
class Voice:
    """Whom a rival's reasons speak of: the rival in the log ("its Governor"), the person a hint
    speaks to ("your Governor")."""

    its: str
    it: str
    second: bool

    def does(self, third: str, second: str) -> str:
        """"it draws" / "you draw"."""
        return f"{self.it} {second if self.second else third}"


THIRD = Voice("its", "it", False)
YOU = Voice("your", "you", True)


def _repair_reason(t: Table, r: Mapping[str, Any], v: Voice) -> str:
    ship = card_name(t, r["ship"])
    if r["stuck"]:
        return f"{v.its} {ship} cannot sail again until it is repaired"
    return f"one Damage token fewer: {v.its} {ship} can lose one more battle before it must stay in port"


_REASONS: dict[str, Callable[[Table, Mapping[str, Any], Voice], str]] = {
    "prestige": lambda t, r, v: f"the card is worth {r['n']} Prestige",
    "governor": lambda t, r, v: f"{r['colour']} pairs with {v.its} Governor",
    "dice-bonus": lambda t, r, v: f"a second {r['colour']} card unlocks the {r['colour']} Dice Color Bonus",
    "senate": lambda t, r, v: f"it moves {v.it} a step up the {r['colour']} Senate track",
    "power": lambda t, r, v: f"the {card_name(t, r['card'])}'s power pays off",
    "end-bonus": lambda t, r, v: "it scores more at the end of the game",
    "strongest-fleet": lambda t, r, v: f"it is the strongest ship in {v.its} fleet",
    "first-ship": lambda t, r, v: f"it is {v.its} first ship",
    "replaces": lambda t, r, v: f"{v.does('retires', 'retire')} the weaker {card_name(t, r['card'])}",
    "structure": lambda t, r, v: _site(t, r["site"]) + " scores Prestige at the end" + (
        f", more for being next to {plural(r['adjacent'], 'structure')} of {v.its} own" if r["adjacent"] else ""),
    "activate": lambda t, r, v: (f"the {card_name(t, r['card'])}'s power pays off now, worth one of {v.its} "
                                 "Activation markers (each use of a Person's power takes one)"),
    "retrieve": lambda t, r, v: (f"the {card_name(t, r['card'])}'s Activation marker comes back, so its power "
                                 "can be used again"),
    "luxury": lambda t, r, v: (f"the Trade board asks for {r['luxury']}" if r["wanted"]
                               else f"{r['luxury']} can be traded later"),
    "crew": lambda t, r, v: f"the ship gets +1 {r['stat']} on every voyage",
    "repair": lambda t, r, v: _repair_reason(t, r, v) if "ship" in r else "the ship must sail again",
    "odds": lambda t, r, v: f"the ship has about {r['pct']}% odds to beat the first Pirates",
    "conversion-prestige": lambda t, r, v: f"{r['n']} Prestige for {v.its} coins",
    "conversion": lambda t, r, v: f"what the conversion gives is worth {v.its} coins",
    "keep-coins": lambda t, r, v: "no conversion gives more Prestige, and coins break a tie",
    "nothing-left": lambda t, r, v: "nothing else is worth an action now",
    "trade": lambda t, r, v: (f"{v.does('cashes', 'cash')} in rather than face the next Pirates "
                              f"({r['pct']}% to beat them)"),
    "sail-on": lambda t, r, v: (f"the ship has {r['pct']}% odds to beat the next Pirates, and the next segment "
                                "pays more"),
    "best-card": lambda t, r, v: f"the card worth most to {v.it}",
    "corsair": lambda t, r, v: f"{v.its} ship needs the help",
    "not-needed": lambda t, r, v: f"{v.does('does', 'do')} not need it now",
    "best-option": lambda t, r, v: f"the option worth most to {v.it}",
    "best-of": lambda t, r, v: (f"no other choice here pays {v.it} more (about {r['pe']:.1f} Prestige)"
                                if r["pe"] > 0 else f"every other choice here costs {v.it} more"),
    "all-alike": lambda t, r, v: "the choices here come out alike, so the first will do",
    "only-option": lambda t, r, v: "the only choice there is",
    "die-fits": lambda t, r, v: f"the die fits {_tiles(t, r['tiles'])} best",
    "best-spot": lambda t, r, v: f"no other spot pays {v.it} more for the die (about {r['pe']:.1f} Prestige)",
    "best-split": lambda t, r, v: f"no other split of the pips pays {v.it} more (about {r['pe']:.1f} Prestige)"
    if "pe" in r else f"the split worth most to {v.it}",
    "declines": lambda t, r, v: f"the benefit is of no use to {v.it} now",
    "plans": lambda t, r, v: f"the resources go toward {v.its} plans",
    "for-card": lambda t, r, v: f"the resources go toward the {card_name(t, r['card'])} in {v.its} hand",
    "for-site": lambda t, r, v: f"the resources go toward {v.its} {_site(t, r['site'])}",
    "spare": lambda t, r, v: "the resources will be of use later",
    "surplus": lambda t, r, v: f"a track already full pays {r['n']} Prestige (Surplus)",
    "draws": lambda t, r, v: v.does("draws a card", "draw a card"),
    "district": lambda t, r, v: "the District pays Smuggler tokens and resources",
    "bonus-resource": lambda t, r, v: f"{v.its} {r['colour']} Dice Color Bonus adds a resource",
    "favor-pip": lambda t, r, v: "one more pip reaches a better benefit",
    "no-fee": lambda t, r, v: "a Smuggler token skips the shore fee",
    "searched": lambda t, r, v: (f"played out over {plural(r['worlds'], 'sampled future')}, it gains "
                                 f"{r['gain']:+.1f} Prestige on average over {v.its} first idea"),
    "confirmed": lambda t, r, v: f"confirmed over {plural(r['worlds'], 'sampled future')} played out",
    "kept": lambda t, r, v: (f"kept: over {plural(r['worlds'], 'sampled future')} played out, nothing "
                             f"{v.it} weighed came out clearly ahead"),
    "slip": lambda t, r, v: "a hasty choice",
}


def reason_words(t: Table, reasons: object, voice: Voice = THIRD) -> list[str]:
    """The words for a rival's reasons (``voice``: of the rival in the log, or to the person in a
    hint). A reason this version cannot word (an unknown code, or particulars missing from a
    record opened anyway) is left out, never an error."""
    out = []
    for r in reasons if isinstance(reasons, list) else []:
        try:
            out.append(_REASONS[r["r"]](t, r, voice))
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
    return out


def signed(value: float) -> str:
    """A margin with its sign, to one decimal: "+1.2", "-0.4"; "+0.0" for what rounds to nothing
    (never "-0.0")."""
    shown = round(float(value), 1)
    return f"{shown if shown else 0.0:+.1f}"


def margin_words(margin: float, se: float | None, ranked: bool = False) -> str:
    """An alternative's margin over the choice: "-1.2 ± 0.4 Prestige". Played out (``se`` given),
    an option can come out ahead and still not be taken: by less than chance could make it (or
    too little to matter), which the words then say rather than look like a better move passed over."""
    spread = f" ± {se:.1f}" if se is not None and math.isfinite(se) else ""  # (one future: no spread)
    text = f"{signed(margin)}{spread} Prestige"
    if se is not None and round(margin, 1) > 0 and not ranked:  # (a hint ranks by the figure: never ahead)
        text += ", not a clear gain"
    return text


def weighed_words(entries: object) -> str:
    """Alternatives and their margins: "end its turn (-1.2 ± 0.4 Prestige)"."""
    parts = []
    for x in entries if isinstance(entries, list) else []:
        try:
            does = str(x["does"]) or "a card from its hand"
            se = x.get("se")
            parts.append(f"{does} ({margin_words(float(x['margin']), None if se is None else float(se))})")
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
    return "; ".join(parts)


@says("rival.move")
def _rival_move(t: Table, e: Event, secret: Secret) -> str:
    d = e.data
    mine = secret or {}
    why = reason_words(t, [*_listed(d.get("why")), *_listed(mine.get("why"))])
    text = f"{who(t, e)} ({d.get('level', '?')} rival): {d.get('does') or 'a choice only it can see'}"
    if why:
        text += " — " + "; ".join(why)
    weighed = weighed_words(mine.get("weighed", d.get("weighed")))
    if weighed:
        text += f". Weighed against: {weighed}"
    return text + "."


def _listed(value: object) -> list[Any]:
    return value if isinstance(value, list) else []
