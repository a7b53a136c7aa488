"""The Building cards (rulebook Appendix B), one class each.

Buildings that employ colonists act when employed (``can_use`` / ``start``); the others change
the rules elsewhere through the hooks of :class:`~great_harbor.engine.card_hooks.Card` (ships'
Strength, playing a Ship, trading, the end of a round, final scoring). The amounts each card
uses are its ``numbers`` in ``data/buildings.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import fleet, names, senate, supply
from ..card_hooks import Card, card, card_class
from ..choices import continuation, offer
from ..options import CrewOption, HarborDieOption, Plain
from ..state import LUXURIES, RESOURCES, STATS, Pending, PlayerState, ShipState
from .persons import DiscountBuild, senate_steps

if TYPE_CHECKING:
    from ..table import Table


def _done(game: Table, top: Pending) -> None:
    game.resolved(top.data.card)


@card_class
class PrestigeOnly(Card):
    """Castrum, Horreum Maximus, Aqueduct, Pantheon: no effect, a larger Prestige value."""

    effect = "prestige_only"


# --- employed: they act once a colonist is on them ------------------------------------------------


@card_class
class NavalAcademy(Card):
    """Then ``crew`` Colonist from the supply crews one of the owner's ships with room for crew."""

    effect = "naval_academy"
    numbers_used = ("crew",)

    @staticmethod
    def options(game: Table, p: PlayerState) -> list[CrewOption]:
        out = []
        for sh in fleet.ships(p):
            if len(sh.crew) < fleet.hull(game, sh):
                out += [CrewOption(sh.dock, st) for st in STATS if st not in sh.crew]
        return out

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return game.s.colonist_supply >= self.n("crew") and bool(self.options(game, p))

    def start(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "effects.naval_academy", self.options(game, p), "Crew which ship and stat?", card=self.id)

    @staticmethod
    @continuation("effects.naval_academy", CrewOption)
    def crew(game: Table, top: Pending, option: CrewOption) -> None:
        p = game.s.players[top.seat]
        sh = p.docks[option.dock - 1]
        assert sh is not None
        game.s.colonist_supply -= 1
        sh.crew.append(option.stat)
        game.log("naval-academy", p.seat, ship=sh.card, stat=option.stat)
        _done(game, top)


@card_class
class DockyardArsenal(Card):
    """While its colonist stays, the owner's small ships have +``strength``."""

    effect = "dockyard_arsenal"
    numbers_used = ("strength",)

    def ship_strength(self, game: Table, p: PlayerState, ship: ShipState) -> int:
        employed = bool(p.building_workers.get(self.id))
        return self.n("strength") if employed and game.cat.ships[ship.card].size == "small" else 0


@card_class
class WarshipFoundry(Card):
    """While its colonist stays, each of the owner's ships with crew has +``strength``."""

    effect = "warship_foundry"
    numbers_used = ("strength",)

    def ship_strength(self, game: Table, p: PlayerState, ship: ShipState) -> int:
        return self.n("strength") if p.building_workers.get(self.id) and ship.crew else 0


@card_class
class PortCrane(Card):
    """Then one die moves from its Harbor slot to any empty slot, ignoring colours; nobody gains."""

    effect = "port_crane"

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(game.s.slots) and len(game.s.slots) < len(game.cat.harbor.slots)

    def start(self, game: Table, p: PlayerState) -> None:
        options = sorted(game.s.slots)
        offer(game, p.seat, "effects.port_crane_from", options, "Move the die from which slot?", card=self.id)

    @staticmethod
    @continuation("effects.port_crane_from")
    def source(game: Table, top: Pending, option: Plain) -> None:
        empty = [s.id for s in game.cat.harbor.slots if s.id not in game.s.slots]
        offer(game, top.seat, "effects.port_crane_to", empty, "Move it to which empty slot?", card=top.data.card,
              source=option.value)

    @staticmethod
    @continuation("effects.port_crane_to")
    def target(game: Table, top: Pending, option: Plain) -> None:
        s = game.s
        source = str(top.data.source)
        die = s.slots.pop(source)
        s.slots[option.value] = die
        game.log("port-crane", top.seat, die=die, face=s.faces[die], source=names.slot_where(game, source),
                 to=names.slot_where(game, option.value))
        _done(game, top)


@card_class
class MarketSquare(Card):
    """Then take ``luxury`` Luxury token of any kind left in the supply."""

    effect = "market_square"
    numbers_used = ("luxury",)

    def options(self, game: Table) -> list[str]:
        return [x for x in LUXURIES if supply.luxury_supply(game, x) >= self.n("luxury")]

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(self.options(game))

    def start(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "effects.market_square", self.options(game), "Take which Luxury?", card=self.id)

    @staticmethod
    @continuation("effects.market_square")
    def take(game: Table, top: Pending, option: Plain) -> None:
        p = game.s.players[top.seat]
        n = card(game, top.data.card).n("luxury")
        p.luxuries[option.value] += n
        game.log("market-square", p.seat, luxury=option.value, n=n)
        _done(game, top)


@card_class
class EngineersHut(DiscountBuild):
    """Then build a Dock Hut or an Insula for ``discount`` resources less (the two colonists stay on
    the card, so none can help at the site)."""

    effect = "engineers_hut"


@card_class
class Lighthouse(Card):
    """Then look at the top Pirate card (in private) and leave it on top or discard it."""

    effect = "lighthouse"

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(game.s.pirate_deck)

    def start(self, game: Table, p: PlayerState) -> None:
        game.reveal()
        top_card = game.s.pirate_deck[0]
        offer(game, p.seat, "effects.lighthouse", ["keep", "discard"],
              "The top Pirate card: keep it on top or discard it?", card=self.id, seen=top_card, private=True)

    @staticmethod
    @continuation("effects.lighthouse")
    def decide(game: Table, top: Pending, option: Plain) -> None:
        s = game.s
        if option.value == "discard":
            game.reveal()  # the discarded card lies face up: everyone now sees what only one seat saw
            s.pirate_discard.append(s.pirate_deck.pop(0))
            game.log("lighthouse.discards", top.seat, pirate=top.data.seen)
        else:
            game.log("lighthouse.keeps", top.seat, secret={"pirate": top.data.seen}, reader=top.seat)
        _done(game, top)


@card_class
class HouseOfCensors(Card):
    """Then move one Senate marker up ``steps`` step."""

    effect = "house_of_censors"
    numbers_used = ("steps",)

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(senate_steps(game, p))

    def start(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "effects.censors", senate_steps(game, p), "Advance on which Senate track?", card=self.id)

    @staticmethod
    @continuation("effects.censors")
    def advance(game: Table, top: Pending, option: Plain) -> None:
        senate.advance(game, game.s.players[top.seat], option.value, card(game, top.data.card).n("steps"))
        _done(game, top)


@card_class
class HarborMaster(Card):
    """Then reroll one die: a drafted die of the owner's, or a die on a Harbor slot (it stays there)."""

    effect = "harbor_master"

    @staticmethod
    def options(game: Table, p: PlayerState) -> list[HarborDieOption]:
        slots = sorted(game.s.slots)
        return [HarborDieOption(drafted=d) for d in p.drafted] + [HarborDieOption(slot=sid) for sid in slots]

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(self.options(game, p))

    def start(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "effects.harbor_master", self.options(game, p), "Reroll which die?", card=self.id)

    @staticmethod
    @continuation("effects.harbor_master", HarborDieOption)
    def reroll(game: Table, top: Pending, option: HarborDieOption) -> None:
        s = game.s
        die = option.drafted if option.drafted is not None else s.slots[str(option.slot)]
        before = s.faces[die]
        game.reveal()
        s.faces[die] = game.rng.randint(1, 6)
        game.log("harbor-master", top.seat, die=die, before=before, face=s.faces[die])
        _done(game, top)


# --- ongoing --------------------------------------------------------------------------------------


@card_class
class Fleetyard(Card):
    """Each Ship card its owner plays gives ``favor`` Favor."""

    effect = "fleetyard"
    numbers_used = ("favor",)

    def on_ship_played(self, game: Table, p: PlayerState) -> None:
        p.favor += self.n("favor")
        game.resolved(self.id)
        game.log("fleetyard", p.seat, favor=self.n("favor"))


@card_class
class CustomsOffice(Card):
    """Each trade of its owner's ships gives ``resources`` basic resource of their choice."""

    effect = "customs_office"
    numbers_used = ("resources",)

    def after_trade(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "voyage.customs", list(RESOURCES), "Customs Office: take one basic resource")

    @staticmethod
    @continuation("voyage.customs")
    def take(game: Table, top: Pending, option: Plain) -> None:
        p = game.s.players[top.seat]
        office = next(c for c in (card(game, b) for b in p.buildings) if isinstance(c, CustomsOffice))
        items = supply.gain(game, p, {option.value: office.n("resources")})
        game.resolved(office.id)
        game.log("customs", p.seat, resource=option.value, items=items)


@card_class
class GovernorsVilla(Card):
    """At the end of every round its owner takes ``favor`` Favor."""

    effect = "governors_villa"
    numbers_used = ("favor",)

    def end_of_round(self, game: Table, p: PlayerState) -> None:
        p.favor += self.n("favor")
        game.resolved(self.id)
        game.log("villa", seat=p.seat, favor=self.n("favor"))


# --- end of game ----------------------------------------------------------------------------------


@card_class
class Smithy(Card):
    """``prestige_per_medium_ship`` Prestige per medium Ship card its owner played this game."""

    effect = "smithy"
    numbers_used = ("prestige_per_medium_ship",)

    def end_of_game(self, game: Table, p: PlayerState) -> int:
        return p.medium_ships_built * self.n("prestige_per_medium_ship")


@card_class
class Tavern(Card):
    """1 Prestige per ``buildings_per_prestige`` Building cards its owner played."""

    effect = "tavern"
    numbers_used = ("buildings_per_prestige",)

    def end_of_game(self, game: Table, p: PlayerState) -> int:
        return len(p.buildings) // self.n("buildings_per_prestige")


@card_class
class Odeon(Card):
    """1 Prestige per ``structures_per_prestige`` Dock Huts and Insulae its owner built."""

    effect = "odeon"
    numbers_used = ("structures_per_prestige",)

    def end_of_game(self, game: Table, p: PlayerState) -> int:
        return len(p.structures) // self.n("structures_per_prestige")


@card_class
class Curia(Card):
    """1 Prestige per ``colonists_per_prestige`` Colonists on its owner's Colony board (the Automa's
    on its own board count for it)."""

    effect = "curia"
    numbers_used = ("colonists_per_prestige",)

    def end_of_game(self, game: Table, p: PlayerState) -> int:
        return (supply.colonists_in_colony(p) + p.automa_colonists) // self.n("colonists_per_prestige")
