"""Person and Building card effects, looked up by card id.

Each effect is a small class with ``can_use`` (is there anything it could do now?) and
``start`` (do it, or offer the choices it needs via :func:`choices.offer`). Choices continue in
functions registered by name. Ongoing and end-of-game effects live where they act (fleet,
voyage, rounds, scoring); this module holds what players trigger: activating a Person and
employing colonists in a Building.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING

from . import colony, fleet, senate
from .actions import Action, ActivatePerson, EmployBuilding
from .choices import continuation, offer
from .state import COLOURS, LUXURIES, OUTBOUND, RETURNING, STATS, Pending, PlayerState, die_colour

if TYPE_CHECKING:
    from .game import Game

CanUse = Callable[["Game", PlayerState, str], bool]
Start = Callable[["Game", PlayerState, str], None]


class Effect:
    def __init__(self, can_use: CanUse, start: Start) -> None:
        self.can_use = can_use
        self.start = start


PERSONS: dict[str, Effect] = {}
BUILDINGS: dict[str, Effect] = {}


def person(*numbers: int) -> Callable[[type], type]:
    def register(cls: type) -> type:
        for n in numbers:
            PERSONS[f"person-{n}"] = Effect(cls.can_use, cls.start)  # type: ignore[attr-defined]
        return cls

    return register


def building(*numbers: int) -> Callable[[type], type]:
    def register(cls: type) -> type:
        for n in numbers:
            BUILDINGS[f"building-{n}"] = Effect(cls.can_use, cls.start)  # type: ignore[attr-defined]
        return cls

    return register


def markers_left(game: Game, p: PlayerState) -> int:
    return game.cat.colony_board.activation_markers - len(p.activated)


def persons_in_colony(p: PlayerState) -> list[str]:
    return [c for slot in p.person_slots for c in slot]


def activation_actions(game: Game, p: PlayerState, timing: str) -> list[Action]:
    if markers_left(game, p) <= 0:
        return []
    out: list[Action] = []
    for card in persons_in_colony(p):
        if card in p.activated or game.cat.persons[card].timing != timing:
            continue
        if PERSONS[card].can_use(game, p, card):
            out.append(ActivatePerson(card))
    return out


def employ_actions(game: Game, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    for card in p.buildings:
        b = game.cat.buildings[card]
        if b.kind != "employ" or p.building_workers.get(card) or p.free_colonists < b.colonists:
            continue
        if BUILDINGS[card].can_use(game, p, card):
            out.append(EmployBuilding(card))
    return out


def apply_activate(game: Game, top: Pending, action: Action) -> None:
    assert isinstance(action, ActivatePerson)
    if top.kind == "corsair":
        game.pop()
    p = game.s.players[top.seat]
    p.activated.append(action.card)
    game.log("activate", p.seat, card=action.card)
    PERSONS[action.card].start(game, p, action.card)


def apply_employ(game: Game, top: Pending, action: Action) -> None:
    assert isinstance(action, EmployBuilding)
    p = game.s.players[top.seat]
    b = game.cat.buildings[action.card]
    p.free_colonists -= b.colonists
    p.building_workers[action.card] = b.colonists
    game.log("employ-building", p.seat, card=action.card, colonists=b.colonists)
    BUILDINGS[action.card].start(game, p, action.card)


def _always(game: Game, p: PlayerState, card: str) -> bool:
    return True


def _done(game: Game, card: str) -> None:
    game.resolved(card)


# --- dice Persons ---------------------------------------------------------------------------------


def _card_colour(game: Game, card: str) -> str:
    return str(game.cat.persons[card].colour)


def _own_dice(game: Game, p: PlayerState, colour: str) -> list[int]:
    return [d for d in p.drafted if die_colour(d) == colour]


@person(1, 6, 16)
class Patrician:
    """Flip up to two dice of the card's colour: own drafted dice or dice on Harbor slots."""

    @staticmethod
    def dice(game: Game, p: PlayerState, card: str) -> list[int]:
        colour = _card_colour(game, card)
        on_slots = [d for d in game.s.slots.values() if die_colour(d) == colour]
        return sorted(_own_dice(game, p, colour) + on_slots)

    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(Patrician.dice(game, p, card))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        dice = Patrician.dice(game, p, card)
        options = [str(d) for d in dice] + [f"{a}+{b}" for a, b in combinations(dice, 2)]
        offer(game, p.seat, "effects.patrician", options, "Flip which dice?", card=card)


@continuation("effects.patrician")
def _patrician(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    s = game.s
    flips = []
    for d in map(int, option.split("+")):
        before = s.faces[d]
        s.faces[d] = 7 - s.faces[d]
        flips.append([d, before, s.faces[d]])
    game.log("patrician", top.seat, flips=flips)
    _done(game, top.data["card"])


@person(2, 7, 11)
class Investor:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(_own_dice(game, p, _card_colour(game, card)))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        dice = [str(d) for d in _own_dice(game, p, _card_colour(game, card))]
        offer(game, p.seat, "effects.investor", dice, "Which die gains 2 pips?", card=card)


@continuation("effects.investor")
def _investor(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    s = game.s
    s.die_bonus[option] = s.die_bonus.get(option, 0) + 2
    d = int(option)
    game.log("investor", top.seat, die=d, face=s.faces[d], pips=2)
    _done(game, top.data["card"])


@person(3, 12, 17)
class Engineer:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return any(d not in game.s.die_wild for d in _own_dice(game, p, _card_colour(game, card)))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        dice = [str(d) for d in _own_dice(game, p, _card_colour(game, card)) if d not in game.s.die_wild]
        offer(game, p.seat, "effects.engineer", dice, "Which die becomes Wild?", card=card)


@continuation("effects.engineer")
def _engineer(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    d = int(option)
    game.s.die_wild.append(d)
    game.log("engineer", top.seat, die=d, face=game.s.faces[d])
    _done(game, top.data["card"])


# --- colony Persons -------------------------------------------------------------------------------


def _structure_option_codes(game: Game, p: PlayerState, reduction: int) -> list[str]:
    return [
        f"{site}|{'+'.join(unpaid)}"
        for site, _, unpaid in colony.structure_options(game, p, reduction=reduction, allow_colonist=False)
    ]


@person(4)
class Legate:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(_structure_option_codes(game, p, 2))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        offer(game, p.seat, "effects.discount_build", _structure_option_codes(game, p, 2),
              "Build which structure (2 resources less)?", card=card)


@continuation("effects.discount_build")
def _discount_build(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    site, unpaid = option.split("|")
    colony.build_structure(game, game.s.players[top.seat], site, False, [u for u in unpaid.split("+") if u])
    _done(game, top.data["card"])


@person(9)
class Quaestor:
    can_use = staticmethod(_always)

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        got = colony.gain_colonists(game, p, 2)
        game.log("quaestor", p.seat, got=got, wanted=2)
        _done(game, card)


@person(13)
class ShipCaptain:
    """Captain 13: refresh the Ship display."""

    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return any(game.s.ship_decks[size] for size in game.s.ship_decks)

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        s = game.s
        game.reveal()
        for size, shown in s.ship_display.items():
            deck = s.ship_decks[size]
            if shown:
                deck.append(shown)
            s.ship_display[size] = deck.pop(0) if deck else ""
        game.log("ship-captain", p.seat)
        _done(game, card)


@person(14)
class Praefectus:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(game.s.building_display or game.s.building_deck)

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        options = [f"display:{c}" for c in game.s.building_display]
        if game.s.building_deck:
            options.append("deck")
        offer(game, p.seat, "effects.praefectus", options, "Take a face-up Building or draw two?", card=card)


@continuation("effects.praefectus")
def _praefectus(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    from . import harbor

    p = game.s.players[top.seat]
    if option == "deck":
        drawn: list[str] = []
        for _ in range(2):
            if game.s.building_deck:
                game.reveal()
                drawn.append(game.s.building_deck.pop(0))
        p.hand += drawn
        game.log("praefectus.draws", p.seat, n=len(drawn), secret={"cards": drawn}, reader=p.seat)
    else:
        harbor.take_from_display(game, p, "building", option.split(":", 1)[1])
    _done(game, top.data["card"])


@person(15)
class Architect:
    @staticmethod
    def options(game: Game, p: PlayerState) -> list[str]:
        return [
            c for c in dict.fromkeys(p.hand)
            if c.startswith("building-") and sum(game.cat.buildings[c].cost.values()) <= 2
        ]

    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(Architect.options(game, p))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        offer(game, p.seat, "effects.architect", Architect.options(game, p), "Build which Building for free?",
              card=card)


@continuation("effects.architect")
def _architect(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    colony.play_building(game, game.s.players[top.seat], option, {})
    _done(game, top.data["card"])


@person(20)
class Tribune:
    can_use = staticmethod(_always)

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        p.favor += 1
        p.smuggler += 1
        game.log("tribune", p.seat, favor=1, smuggler=1)
        _done(game, card)


@person(22)
class Schemer:
    can_use = staticmethod(_always)

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        p.smuggler += 2
        game.log("schemer", p.seat, smuggler=2)
        _done(game, card)


@person(23)
class Navigator:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return any(sh.where == RETURNING for sh in fleet.ships(p))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        docks = [str(sh.dock) for sh in fleet.ships(p) if sh.where == RETURNING]
        offer(game, p.seat, "effects.navigator", docks, "Which homeward ship moves 1 space?", card=card)


@continuation("effects.navigator")
def _navigator(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    from . import voyage

    p = game.s.players[top.seat]
    sh = p.docks[int(option) - 1]
    assert sh is not None
    sh.sail_back -= 1
    game.log("navigator", p.seat, ship=sh.card)
    if sh.sail_back <= 0:
        voyage.dock_ship(game, p, sh)
    _done(game, top.data["card"])


def _senate_steps(game: Game, p: PlayerState) -> list[str]:
    top = senate.top_space(game)
    return [c for c in COLOURS if p.senate[c] < top]


@person(24)
class Praetor:
    @staticmethod
    def options(game: Game, p: PlayerState) -> list[str]:
        top = senate.top_space(game)
        open_ = _senate_steps(game, p)
        out = [f"{a}+{a}" for a in open_ if p.senate[a] <= top - 2]
        out += [f"{a}+{b}" for a, b in combinations(open_, 2)]
        return out or open_

    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(_senate_steps(game, p))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        offer(game, p.seat, "effects.praetor", Praetor.options(game, p), "Advance on which Senate tracks?",
              card=card)


@continuation("effects.praetor")
def _praetor(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    p = game.s.players[top.seat]
    for colour in option.split("+"):
        senate.advance(game, p, colour, 1)
    _done(game, top.data["card"])


# --- voyage Persons -------------------------------------------------------------------------------


def _ships_at_sea(p: PlayerState) -> list[str]:
    return [str(sh.dock) for sh in fleet.ships(p) if sh.where == OUTBOUND]


@person(5)
class Admiral:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return p.favor >= 1

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        p.favor -= 1
        p.voyage_strength_all += 1
        game.log("admiral", p.seat)
        _done(game, card)


@person(8)
class CargoCaptain:
    """Captain 8: +1 Cargo for one ship this Voyage phase."""

    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(_ships_at_sea(p))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        offer(game, p.seat, "effects.cargo_captain", _ships_at_sea(p), "Which ship gains +1 Cargo?", card=card)


@continuation("effects.cargo_captain")
def _cargo_captain(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    p = game.s.players[top.seat]
    p.voyage_cargo[option] = p.voyage_cargo.get(option, 0) + 1
    game.log("cargo-captain", p.seat, dock=int(option))
    _done(game, top.data["card"])


@person(10)
class Trader:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return not p.voyage_any_luxury

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        p.voyage_any_luxury = True
        game.log("trader", p.seat)
        _done(game, card)


@person(18)
class FarCaptain:
    """Captain 18: 1 coin per own ship in the middle or far segment."""

    @staticmethod
    def count(game: Game, p: PlayerState) -> int:
        first = game.cat.trade_board.segments[0].sail_back_start
        return sum(
            1 for sh in fleet.ships(p)
            if (sh.where == OUTBOUND and sh.segment >= 1) or (sh.where == RETURNING and sh.sail_back > first)
        )

    can_use = staticmethod(_always)

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        n = FarCaptain.count(game, p)
        p.coins += n
        game.log("far-captain", p.seat, coins=n)
        _done(game, card)


@person(19)
class Diplomat:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return any(game.s.pirates) and not p.voyage_ignored_pirate

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        options = [c for c in game.s.pirates if c]
        offer(game, p.seat, "effects.diplomat", options, "Ignore which Pirate card?", card=card)


@continuation("effects.diplomat")
def _diplomat(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    p = game.s.players[top.seat]
    p.voyage_ignored_pirate = option
    game.log("diplomat", p.seat, pirate=option)
    _done(game, top.data["card"])


@person(21)
class Corsair:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(_ships_at_sea(p))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        offer(game, p.seat, "effects.corsair", _ships_at_sea(p), "Which ship gains +2 Strength?", card=card)


@continuation("effects.corsair")
def _corsair(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    p = game.s.players[top.seat]
    p.voyage_strength[option] = p.voyage_strength.get(option, 0) + 2
    game.log("corsair", p.seat, dock=int(option))
    _done(game, top.data["card"])


# --- Buildings that employ colonists --------------------------------------------------------------


def _crew_options(p: PlayerState, game: Game) -> list[str]:
    out = []
    for sh in fleet.ships(p):
        if len(sh.crew) < fleet.hull(game, sh):
            out += [f"{sh.dock}:{st}" for st in STATS if st not in sh.crew]
    return out


@building(2)
class NavalAcademy:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return game.s.colonist_supply > 0 and bool(_crew_options(p, game))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        offer(game, p.seat, "effects.naval_academy", _crew_options(p, game), "Crew which ship and stat?", card=card)


@continuation("effects.naval_academy")
def _naval_academy(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    p = game.s.players[top.seat]
    dock, stat = option.split(":")
    sh = p.docks[int(dock) - 1]
    assert sh is not None
    game.s.colonist_supply -= 1
    sh.crew.append(stat)
    game.log("naval-academy", p.seat, ship=sh.card, stat=stat)
    _done(game, top.data["card"])


@building(3, 4)
class OngoingWhileEmployed:
    """Dockyard Arsenal and Warship Foundry: their bonus lasts while the colonist stays."""

    can_use = staticmethod(_always)

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        _done(game, card)


@building(7)
class PortCrane:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(game.s.slots) and len(game.s.slots) < len(game.cat.harbor.slots)

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        options = sorted(game.s.slots)
        offer(game, p.seat, "effects.port_crane_from", options, "Move the die from which slot?", card=card)


@continuation("effects.port_crane_from")
def _port_crane_from(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    empty = [s.id for s in game.cat.harbor.slots if s.id not in game.s.slots]
    offer(game, top.seat, "effects.port_crane_to", empty, "Move it to which empty slot?", card=top.data["card"],
          source=option)


@continuation("effects.port_crane_to")
def _port_crane_to(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    s = game.s
    die = s.slots.pop(top.data["source"])
    s.slots[option] = die
    game.log("port-crane", top.seat, die=die, face=s.faces[die], source=top.data["source"], to=option)
    _done(game, top.data["card"])


@building(8)
class MarketSquare:
    @staticmethod
    def options(game: Game) -> list[str]:
        return [x for x in LUXURIES if colony.luxury_supply(game, x) > 0]

    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(MarketSquare.options(game))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        offer(game, p.seat, "effects.market_square", MarketSquare.options(game), "Take which Luxury?", card=card)


@continuation("effects.market_square")
def _market_square(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    p = game.s.players[top.seat]
    p.luxuries[option] += 1
    game.log("market-square", p.seat, luxury=option)
    _done(game, top.data["card"])


@building(12)
class EngineersHut:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        # The two colonists go on the card, so the structure cannot also take one.
        return bool(_structure_option_codes(game, p, 2))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        offer(game, p.seat, "effects.discount_build", _structure_option_codes(game, p, 2),
              "Build which structure (2 resources less)?", card=card)


@building(14)
class Lighthouse:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(game.s.pirate_deck)

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        game.reveal()
        top_card = game.s.pirate_deck[0]
        offer(game, p.seat, "effects.lighthouse", ["keep", "discard"],
              "The top Pirate card: keep it on top or discard it?", card=card, seen=top_card, private=True)


@continuation("effects.lighthouse")
def _lighthouse(game: Game, top: Pending, option: str | None) -> None:
    s = game.s
    if option == "discard":
        game.reveal()  # the discarded card lies face up: everyone now sees what only one seat saw
        s.pirate_discard.append(s.pirate_deck.pop(0))
        game.log("lighthouse.discards", top.seat, pirate=top.data["seen"])
    else:
        game.log("lighthouse.keeps", top.seat, secret={"pirate": top.data["seen"]}, reader=top.seat)
    _done(game, top.data["card"])


@building(17)
class HouseOfCensors:
    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(_senate_steps(game, p))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        offer(game, p.seat, "effects.censors", _senate_steps(game, p), "Advance on which Senate track?", card=card)


@continuation("effects.censors")
def _censors(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    senate.advance(game, game.s.players[top.seat], option, 1)
    _done(game, top.data["card"])


@building(18)
class HarborMaster:
    @staticmethod
    def options(game: Game, p: PlayerState) -> list[str]:
        return [f"drafted:{d}" for d in p.drafted] + [f"slot:{sid}" for sid in sorted(game.s.slots)]

    @staticmethod
    def can_use(game: Game, p: PlayerState, card: str) -> bool:
        return bool(HarborMaster.options(game, p))

    @staticmethod
    def start(game: Game, p: PlayerState, card: str) -> None:
        offer(game, p.seat, "effects.harbor_master", HarborMaster.options(game, p), "Reroll which die?", card=card)


@continuation("effects.harbor_master")
def _harbor_master(game: Game, top: Pending, option: str | None) -> None:
    assert option is not None
    s = game.s
    where, ref = option.split(":")
    die = int(ref) if where == "drafted" else s.slots[ref]
    before = s.faces[die]
    game.reveal()
    s.faces[die] = game.rng.randint(1, 6)
    game.log("harbor-master", top.seat, die=die, before=before, face=s.faces[die])
    _done(game, top.data["card"])
