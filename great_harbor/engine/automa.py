"""The Automa (rulebook "Automa Rules"): a card-driven rival that needs no input.

Its whole turn happens in the Roll and Draft phase: the top Automa card picks its die (colour on
the back, an arrow for highest or lowest), the same card's front names the Harbor tile where the
die goes, and the die's colour moves a marker on the Automa board whose icons give it Ships,
Buildings, Persons, Colonists and Prestige. It owns no resources and pays no costs. In the
Voyage phase its Ships sail out on their own; at the end it scores by its own list.

Every decision writes one log line that says which card or space caused it and why that choice
was made, so a solo player can check it by hand. The project's rulings for the open points are
in the rules lookup (``Engine rulings``: the sections named "Automa: ...").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import colony, fleet, harbor, scoring, seats, shops, voyage
from .draft import take
from .errors import EngineError
from .names import slot_tiles
from .state import DOCKED, PlayerState, ShipState, die_colour

if TYPE_CHECKING:
    from great_harbor.data.models import AutomaCard

    from .table import Table

SIZES = ("small", "medium", "large")
SIDES = ("top", "right", "bottom", "left")  # the order of ``Geometry.cell_slots`` around a tile
MAX_SHIPS = 3


# --- Roll and Draft: the Automa's turn ------------------------------------------------------------


def draft_and_place(game: Table, seat: int) -> None:
    """The Automa drafts by the top card's back, places by its front, then works its board."""
    s = game.s
    p = s.players[seat]
    card_id, die = choose_die(game)
    card = game.cat.automa_cards[card_id]
    take(game, seat, die)
    s.automa_deck.remove(card_id)  # flipped face up: neither in the deck nor the discards now
    where = place(game, p, die, card.tile)
    game.log("automa.card", seat, card=card_id, die=die, face=s.faces[die], where=where)
    s.automa_discard.append(card_id)
    _refill_deck(game)
    advance_track(game, p, die_colour(die))


def choose_die(game: Table) -> tuple[str, int]:
    """Read top cards until one's colour is in the pool; returns that card and the die it takes.

    Cards whose colour is missing go to the discards; an empty deck is rebuilt from them."""
    s = game.s
    if not s.pool:
        raise EngineError("the Automa has no die to draft")
    for _ in range(2 * len(game.cat.automa_cards) + 1):
        _refill_deck(game)
        card_id = s.automa_deck[0]
        card = game.cat.automa_cards[card_id]
        dice = [d for d in s.pool if die_colour(d) == card.colour]
        if dice:
            return card_id, pick(game, card, dice)
        s.automa_deck.pop(0)
        s.automa_discard.append(card_id)
        game.log("automa.card-discarded", _automa_seat(game), card=card_id)
    raise EngineError("no Automa card matches a die in the pool")


def pick(game: Table, card: AutomaCard, dice: list[int]) -> int:
    """Highest face for an up arrow, lowest for a down arrow; among equal faces the first die."""
    faces = game.s.faces
    if card.arrow == "up":
        return min(dice, key=lambda d: (-faces[d], d))
    return min(dice, key=lambda d: (faces[d], d))


def _refill_deck(game: Table) -> None:
    """An empty Automa deck is replaced at once by the shuffled discards."""
    s = game.s
    if s.automa_deck or not s.automa_discard:
        return
    s.automa_deck = s.automa_discard
    s.automa_discard = []
    game.shuffle(s.automa_deck)
    game.log("automa.reshuffled", _automa_seat(game), cards=len(s.automa_deck))


def _automa_seat(game: Table) -> int:
    return next(p.seat for p in game.s.players if p.automa)


def place(game: Table, p: PlayerState, die: int, tile: str) -> dict[str, Any]:
    """Put the Automa's die on ``tile`` (no benefits) and say which slot was chosen and why: a free
    slot of the die's colour (``"colour"``), else the first free slot (``"first"``), else the
    Smuggler's District (``"district"``)."""
    s = game.s
    geo = harbor.geometry(game)
    colour = die_colour(die)
    p.drafted.remove(die)
    around = geo.cell_slots[harbor.tile_cell(game, tile)]
    empty = [(side, sid) for side, sid in zip(SIDES, around, strict=True) if sid not in s.slots]
    matching = [(side, sid) for side, sid in empty if colour in geo.slot_colours[sid]]
    if matching or empty:
        side, sid = (matching or empty)[0]
        why: dict[str, Any] = {"rule": "colour" if matching else "first", "tile": tile, "side": side, "slot": sid,
                               "shared_with": next((t for t in slot_tiles(game, sid) if t != tile), "")}
    else:
        s.district.append(die)
        tokens = game.cat.harbor.smugglers_district.smuggler_tokens
        p.smuggler += tokens
        return {"rule": "district", "tile": tile, "tokens": tokens}
    s.slots[sid] = die
    shops.on_placement(game, p, die, sid, benefits=False)  # shop owners are paid; its pips do nothing
    return why


# --- the Automa board -----------------------------------------------------------------------------


def advance_track(game: Table, p: PlayerState, colour: str) -> None:
    """Move the marker of ``colour`` one space right; do the icon there and any bridge it completes."""
    board = game.cat.automa_board
    pos = p.automa_track[colour]
    if pos >= board.length - 1:
        game.log("automa.track-end", p.seat, colour=colour)
        return
    pos += 1
    p.automa_track[colour] = pos
    track = next(t for t in board.tracks if t.colour == colour)
    icons = [sp for sp in track.spaces if sp.space == pos]
    bridges = [
        (i, b) for i, b in enumerate(board.bridges)
        if colour in b.tracks and b.space == pos and i not in p.automa_bridges
    ]
    if not icons and not bridges:
        game.log("automa.track", p.seat, colour=colour, space=pos, icon="", amount=0)
    for sp in icons:
        game.log("automa.track", p.seat, colour=colour, space=pos, icon=str(sp.icon), amount=sp.amount)
        do_action(game, p, sp.icon, sp.amount)
    for i, b in bridges:
        other = b.tracks[1] if b.tracks[0] == colour else b.tracks[0]
        link: dict[str, Any] = {"colour": colour, "tracks": [str(x) for x in b.tracks], "space": pos,
                                "other": str(other), "other_space": p.automa_track[other]}
        if p.automa_track[other] >= pos:
            p.automa_bridges.append(i)
            game.log("automa.link", p.seat, **link, icon=str(b.icon), amount=b.amount)
            do_action(game, p, b.icon, b.amount)
        elif not icons:
            game.log("automa.link-waits", p.seat, **link)


def do_action(game: Table, p: PlayerState, icon: str, amount: int = 1) -> None:
    if icon == "prestige":
        p.prestige += amount
        game.log("automa.prestige", p.seat, amount=amount, now=p.prestige)
        return
    action = {"ship": play_ship, "building": take_building, "person": take_person, "colonist": gain_colonist}
    if icon not in action:
        raise EngineError(f"unknown Automa icon {icon!r}")
    for _ in range(amount):
        action[icon](game, p)


def _governor_colours(game: Table, p: PlayerState) -> tuple[str, str]:
    top, bottom = game.cat.governors[p.governor].colours
    return str(top), str(bottom)


def by_governor(game: Table, p: PlayerState, cards: Sequence[str], colour_of: Callable[[str], object]
                ) -> tuple[list[str], dict[str, str]]:
    """The cards of the Governor's top colour, else of its bottom colour, else all; and why
    (``rule`` is "top", "bottom" or "any"; ``top`` and ``bottom`` the Governor's colours)."""
    top, bottom = _governor_colours(game, p)
    why = {"top": top, "bottom": bottom}
    fits = [c for c in cards if str(colour_of(c)) == top]
    if fits:
        return fits, {"rule": "top", **why}
    fits = [c for c in cards if str(colour_of(c)) == bottom]
    if fits:
        return fits, {"rule": "bottom", **why}
    return list(cards), {"rule": "any", **why}


def play_ship(game: Table, p: PlayerState) -> None:
    """Largest Ship on display in the Governor's top colour, else bottom colour, else any."""
    s = game.s
    cat = game.cat
    shown = [(size, card) for size, card in s.ship_display.items() if card]
    if not shown:
        game.log("automa.no-card", p.seat, deck="ship")
        return
    fits, why = by_governor(game, p, [card for _, card in shown], lambda c: cat.ships[c].colour)
    size, card_id = max(((cat.ships[c].size, c) for c in fits), key=lambda x: SIZES.index(x[0]))
    pile = s.ship_decks[size]
    if pile:
        game.reveal()
    s.ship_display[size] = pile.pop(0) if pile else ""
    card = cat.ships[card_id]
    free = [i for i, sh in enumerate(p.docks) if sh is None]
    retired = ""
    if free:
        dock = free[0] + 1
    else:
        old = min(fleet.ships(p), key=lambda sh: (SIZES.index(cat.ships[sh.card].size), sh.dock))
        dock = old.dock
        s.colonist_supply += len(old.crew)
        p.retired_ships.append(old.card)
        retired = old.card
    sh = ShipState(card=card_id, dock=dock)
    p.docks[dock - 1] = sh
    if card.size == "medium":
        p.medium_ships_built += 1
    crewed = p.automa_colonists > 0
    if crewed:
        p.automa_colonists -= 1
        sh.crew.append("strength")
    game.log("automa.takes-ship", p.seat, card=card_id, why=why, dock=dock, retired=retired, crewed=crewed,
             max_ships=MAX_SHIPS)


def take_building(game: Table, p: PlayerState) -> None:
    _take_from_display(game, p, "building")


def take_person(game: Table, p: PlayerState) -> None:
    _take_from_display(game, p, "person")


def _take_from_display(game: Table, p: PlayerState, deck: str) -> None:
    """Display card of the Governor's top colour, else bottom colour, else the one nearest the icon."""
    s = game.s
    cat = game.cat
    pile, display = (
        (s.building_deck, s.building_display) if deck == "building" else (s.person_deck, s.person_display)
    )
    if not display:
        game.log("automa.no-card", p.seat, deck=deck)
        return

    def colour_of(card: str) -> str:
        return str((cat.buildings[card] if deck == "building" else cat.persons[card]).colour)

    fits, why = by_governor(game, p, display, colour_of)
    card_id = fits[0]  # the display runs outwards from the deck icon
    nearest = len(fits) > 1
    display.remove(card_id)
    if pile:
        game.reveal()
        display.append(pile.pop(0))
    if deck == "building":
        p.buildings.append(card_id)
        game.log("automa.takes-card", p.seat, deck=deck, card=card_id, why=why, nearest=nearest)
        return
    empty = next((slot for slot in p.person_slots if not slot), None)
    if empty is not None:
        empty.append(card_id)
    else:
        p.person_slots.append([card_id])  # the Automa has no housing limits for Persons
    game.log("automa.takes-card", p.seat, deck=deck, card=card_id, why=why, nearest=nearest)


def gain_colonist(game: Table, p: PlayerState) -> None:
    """One colonist from the supply; it crews Strength on the largest Ship without such crew."""
    s = game.s
    cat = game.cat
    if s.colonist_supply <= 0:
        game.log("automa.no-colonist", p.seat)
        return
    s.colonist_supply -= 1
    open_ships = [
        sh for sh in fleet.ships(p) if "strength" not in sh.crew and len(sh.crew) < fleet.hull(game, sh)
    ]
    if not open_ships:
        p.automa_colonists += 1
        game.log("automa.colonist-waits", p.seat, free=p.automa_colonists)
        return
    sh = max(open_ships, key=lambda x: (SIZES.index(cat.ships[x.card].size), -x.dock))
    sh.crew.append("strength")
    game.log("automa.colonist-crews", p.seat, ship=sh.card)


# --- Voyage ---------------------------------------------------------------------------------------


def send_all_ships(game: Table, p: PlayerState) -> None:
    """Before the Voyage phase the Automa sends every docked Ship out."""
    for sh in fleet.ships(p):
        if sh.where == DOCKED:
            fleet.send(game, p, sh)


def voyage_ship(game: Table, p: PlayerState, sh: ShipState, total: int) -> None:
    """Stronger: sail on (trade in the last segment); equal: trade; weaker: home at once, unharmed."""
    power = fleet.strength(game, p, sh)
    last = len(game.cat.trade_board.segments) - 1
    said: dict[str, Any] = {"ship": sh.card, "strength": power, "pirates": total}
    if power > total and sh.segment < last:
        sh.segment += 1
        sh.position = fleet.free_position(game, p, sh.segment, sh)
        game.log("automa.battle", p.seat, **said, outcome="sails-on", segment=sh.segment)
    elif power > total:
        game.log("automa.battle", p.seat, **said, outcome="trades-last", segment=sh.segment)
        trade(game, p, sh)
    elif power == total:
        game.log("automa.battle", p.seat, **said, outcome="trades", segment=sh.segment)
        trade(game, p, sh)
    else:
        game.log("automa.battle", p.seat, **said, outcome="home", segment=sh.segment)
        voyage.dock_ship(game, p, sh)


def trade(game: Table, p: PlayerState, sh: ShipState) -> None:
    """Double the segment's Prestige, no coins; the leftmost Luxury demand there is discarded."""
    s = game.s
    segment = sh.segment
    prestige = 2 * game.cat.trade_board.segments[segment].prestige
    p.prestige += prestige
    demands = s.demands[segment]
    discarded = ""
    if demands:
        discarded = demands.pop(0)
        s.demand_pool.append(discarded)
    game.log("automa.trade", p.seat, segment=segment, prestige=prestige, discarded=discarded)
    voyage.turn_back(game, sh, segment)


# --- End of game ----------------------------------------------------------------------------------


def final_score(game: Table, p: PlayerState, mark: bool = False) -> dict[str, int]:
    """The Automa's own list: cards' Prestige, 1 per 2 cards of either Governor colour, end-of-game
    Buildings, Smuggler tokens and Prestige tokens (no colony structures)."""
    cards = colony.cards_in_colony(p)
    colours = set(_governor_colours(game, p))
    matching = sum(1 for c in cards if str(colony.card_def(game, c).colour) in colours)
    out = {
        "cards": sum(colony.card_def(game, c).prestige for c in cards),
        "governor": matching // 2,
        "structures": 0,
        "buildings": scoring.end_of_game_buildings(game, p, mark),
        "smuggler": p.smuggler,
        "tokens": p.prestige,
    }
    out["total"] = sum(out[k] for k in scoring.ITEMS)
    return out


# --- the Automa's seat ----------------------------------------------------------------------------


class AutomaSeat(seats.SeatController):
    """The Automa's seat: it drafts first and places at once, has no Action phase turn, sends every
    ship out before the Voyage phase and fights by its own rules, skips the players' End of Round
    steps and scores by its own list."""

    kind = "automa"
    decides = False
    drafts_first = True
    takes_action_turn = False
    orders_own_ships = False

    def draft(self, game: Table, seat: int) -> None:
        draft_and_place(game, seat)

    def before_voyage(self, game: Table, p: PlayerState) -> None:
        send_all_ships(game, p)

    def fights_alone(self, game: Table, p: PlayerState, ship: ShipState, pirates: int) -> bool:
        voyage_ship(game, p, ship, pirates)
        return True

    def end_of_round(self, game: Table, p: PlayerState) -> bool:
        return False

    def final_score(self, game: Table, p: PlayerState, mark: bool) -> dict[str, int] | None:
        return final_score(game, p, mark)


seats.register(AutomaSeat())
