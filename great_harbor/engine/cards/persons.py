"""The Person cards (rulebook Appendix A), one class each.

A Person is activated with an Activation marker (``can_use``: would it do anything now? ``start``:
do it, or offer the choice it needs). Choices continue in the class's own continuation, found
by name (a pending choice is plain data and survives saving). The amounts each card uses are its
``numbers`` in ``data/persons.yaml``.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from .. import colony, fleet, harbor, names, senate, supply, voyage
from ..card_hooks import Card, card, card_class
from ..choices import continuation, offer
from ..effects import markers_left
from ..options import (
    CardOrDeckOption,
    DiceOption,
    DieOption,
    DockOption,
    Plain,
    StructureOption,
    TracksOption,
)
from ..state import COLOURS, OUTBOUND, RETURNING, Pending, PlayerState, die_colour

if TYPE_CHECKING:
    from ..table import Table


class PersonCard(Card):
    @property
    def colour(self) -> str:
        return str(self.entry.colour)

    def own_dice(self, p: PlayerState) -> list[int]:
        """The card owner's drafted dice of the card's colour."""
        return [d for d in p.drafted if die_colour(d) == self.colour]


def counted(n: int) -> str:
    """A small number in words, as a question reads it: "draw two"."""
    return {1: "one", 2: "two", 3: "three", 4: "four"}.get(n, str(n))


def _done(game: Table, top: Pending) -> None:
    game.resolved(top.data.card)


def _colonists(item: dict[str, Any]) -> dict[str, Any]:
    """A colonists gain item as the arguments of ``names.colonist_words``."""
    return {"got": item["got"], "wanted": item["wanted"], "why": item.get("why", "room")}


def _ships_at_sea(p: PlayerState) -> list[DockOption]:
    return [DockOption(sh.dock) for sh in fleet.ships(p) if sh.where == OUTBOUND]


def senate_steps(game: Table, p: PlayerState) -> list[str]:
    """The Senate tracks on which ``p`` can still move up."""
    top = senate.top_space(game)
    return [c for c in COLOURS if p.senate[c] < top]


def structure_choices(game: Table, p: PlayerState, reduction: int) -> list[StructureOption]:
    """Every Dock Hut or Insula ``p`` can build ``reduction`` resources cheaper, with what is left
    unpaid."""
    return [
        StructureOption(site, unpaid)
        for site, _, unpaid in colony.structure_options(game, p, reduction=reduction, allow_colonist=False)
    ]


class DiscountBuild(Card):
    """Build a Dock Hut or an Insula for ``discount`` resources less, the player choosing which
    are left unpaid (the Legate, the Engineer's Hut)."""

    numbers_used = ("discount",)

    def can_use(self, game: Table, p: PlayerState) -> bool:
        # Asked at every turn while the card is in the colony: whether there is a way, not the options.
        return bool(colony.structure_options(game, p, reduction=self.n("discount"), allow_colonist=False))

    def start(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "effects.discount_build", structure_choices(game, p, self.n("discount")),
              f"Build which structure ({self.n('discount')} resources less)?", card=self.id)

    @staticmethod
    @continuation("effects.discount_build", StructureOption)
    def build(game: Table, top: Pending, option: StructureOption) -> None:
        colony.build_structure(game, game.s.players[top.seat], option.site, False, list(option.unpaid))
        _done(game, top)


# --- dice -----------------------------------------------------------------------------------------


@card_class
class Patrician(PersonCard):
    """Flip up to ``dice`` dice of the card's colour: own drafted dice or dice on Harbor slots."""

    effect = "patrician"
    numbers_used = ("dice",)

    def dice(self, game: Table, p: PlayerState) -> list[int]:
        on_slots = [d for d in game.s.slots.values() if die_colour(d) == self.colour]
        return sorted(self.own_dice(p) + on_slots)

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(self.dice(game, p))

    def start(self, game: Table, p: PlayerState) -> None:
        dice = self.dice(game, p)
        options = [DiceOption(picked) for k in range(1, self.n("dice") + 1) for picked in combinations(dice, k)]
        offer(game, p.seat, "effects.patrician", options, "Flip which dice?", card=self.id)

    @staticmethod
    @continuation("effects.patrician", DiceOption)
    def flip(game: Table, top: Pending, option: DiceOption) -> None:
        s = game.s
        flips = []
        for d in option.dice:
            slot = next((sid for sid, x in s.slots.items() if x == d), None)
            cells = harbor.geometry(game).slot_cells[slot] if slot is not None else ()
            before_fee = harbor.shore_fee(game, cells[0]) if len(cells) == 1 else 0
            before = s.faces[d]
            s.faces[d] = 7 - s.faces[d]
            fee = None
            if len(cells) == 1 and harbor.shore_fee(game, cells[0]) != before_fee:  # a Shore die sets the fee
                fee = {"tile": s.layout[cells[0]], "before": before_fee, "after": harbor.shore_fee(game, cells[0])}
            flips.append({"die": d, "before": before, "after": s.faces[d],
                          "slot": names.slot_where(game, slot) if slot is not None else None, "fee": fee})
        game.log("patrician", top.seat, flips=flips)
        _done(game, top)


@card_class
class Investor(PersonCard):
    """One of the owner's drafted dice of the card's colour counts ``pips`` more for its placement."""

    effect = "investor"
    numbers_used = ("pips",)

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(self.own_dice(p))

    def start(self, game: Table, p: PlayerState) -> None:
        dice = [DieOption(d) for d in self.own_dice(p)]
        offer(game, p.seat, "effects.investor", dice, f"Which die gains {self.n('pips')} pips?", card=self.id)

    @staticmethod
    @continuation("effects.investor", DieOption)
    def boost(game: Table, top: Pending, option: DieOption) -> None:
        s = game.s
        pips = card(game, top.data.card).n("pips")
        d = option.die
        s.die_bonus[str(d)] = s.die_bonus.get(str(d), 0) + pips
        game.log("investor", top.seat, die=d, face=s.faces[d], pips=pips)
        _done(game, top)


@card_class
class Engineer(PersonCard):
    """One of the owner's drafted dice of the card's colour is Wild for its placement."""

    effect = "engineer"

    def choices(self, game: Table, p: PlayerState) -> list[DieOption]:
        return [DieOption(d) for d in self.own_dice(p) if d not in game.s.die_wild]

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(self.choices(game, p))

    def start(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "effects.engineer", self.choices(game, p), "Which die becomes Wild?", card=self.id)

    @staticmethod
    @continuation("effects.engineer", DieOption)
    def wild(game: Table, top: Pending, option: DieOption) -> None:
        d = option.die
        game.s.die_wild.append(d)
        game.log("engineer", top.seat, die=d, face=game.s.faces[d])
        _done(game, top)


# --- the colony -----------------------------------------------------------------------------------


@card_class
class Legate(PersonCard, DiscountBuild):
    """Build a Dock Hut or an Insula for ``discount`` resources less."""

    effect = "legate"


@card_class
class Quaestor(PersonCard):
    """Take ``colonists`` Colonists from the supply into free housing."""

    effect = "quaestor"
    numbers_used = ("colonists",)

    def gives(self, game: Table, p: PlayerState) -> str:
        return names.colonist_words(**_colonists(supply.Ledger(game, p).colonists(self.n("colonists"))), before=True)

    def start(self, game: Table, p: PlayerState) -> None:
        game.log("quaestor", p.seat, items=[supply.gain_colonists_item(game, p, self.n("colonists"))])
        game.resolved(self.id)


@card_class
class ShipCaptain(PersonCard):
    """Captain 13: the Ship display goes under its decks and is dealt again."""

    effect = "ship_captain"

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return any(game.s.ship_decks[size] for size in game.s.ship_decks)

    def start(self, game: Table, p: PlayerState) -> None:
        s = game.s
        game.reveal()
        for size, shown in s.ship_display.items():
            deck = s.ship_decks[size]
            if shown:
                deck.append(shown)
            s.ship_display[size] = deck.pop(0) if deck else ""
        game.log("ship-captain", p.seat)
        game.resolved(self.id)


@card_class
class Praefectus(PersonCard):
    """Take a face-up Building, or draw ``draw`` Buildings from the deck."""

    effect = "praefectus"
    numbers_used = ("draw",)

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(game.s.building_display or game.s.building_deck)

    def start(self, game: Table, p: PlayerState) -> None:
        options = [CardOrDeckOption(c) for c in game.s.building_display]
        if game.s.building_deck:
            options.append(CardOrDeckOption(None))
        offer(game, p.seat, "effects.praefectus", options,
              f"Take a face-up Building or draw {counted(self.n('draw'))}?", card=self.id)

    @staticmethod
    @continuation("effects.praefectus", CardOrDeckOption)
    def take(game: Table, top: Pending, option: CardOrDeckOption) -> None:
        p = game.s.players[top.seat]
        if option.card is None:
            drawn: list[str] = []
            for _ in range(card(game, top.data.card).n("draw")):
                if game.s.building_deck:
                    game.reveal()
                    drawn.append(game.s.building_deck.pop(0))
            p.hand += drawn
            game.log("praefectus.draws", p.seat, n=len(drawn), secret={"cards": drawn}, reader=p.seat)
        else:
            harbor.take_from_display(game, p, "building", option.card)
        _done(game, top)


@card_class
class Architect(PersonCard):
    """Build a Building from hand costing at most ``max_cost`` resources, for free."""

    effect = "architect"
    numbers_used = ("max_cost",)

    def options(self, game: Table, p: PlayerState) -> list[str]:
        return [
            c for c in dict.fromkeys(p.hand)
            if c in game.cat.buildings and sum(game.cat.buildings[c].cost.values()) <= self.n("max_cost")
        ]

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(self.options(game, p))

    def start(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "effects.architect", self.options(game, p), "Build which Building for free?", card=self.id)

    @staticmethod
    @continuation("effects.architect")
    def build(game: Table, top: Pending, option: Plain) -> None:
        colony.play_building(game, game.s.players[top.seat], option.value, {})
        _done(game, top)


@card_class
class Tribune(PersonCard):
    """Take ``favor`` Favor and ``smuggler`` Smuggler tokens."""

    effect = "tribune"
    numbers_used = ("favor", "smuggler")

    def gives(self, game: Table, p: PlayerState) -> str:
        return f"{self.n('favor')} Favor, {names.plural(self.n('smuggler'), 'Smuggler token')}"

    def start(self, game: Table, p: PlayerState) -> None:
        p.favor += self.n("favor")
        p.smuggler += self.n("smuggler")
        game.log("tribune", p.seat, favor=self.n("favor"), smuggler=self.n("smuggler"))
        game.resolved(self.id)


@card_class
class Schemer(PersonCard):
    """Take ``smuggler`` Smuggler tokens."""

    effect = "schemer"
    numbers_used = ("smuggler",)

    def gives(self, game: Table, p: PlayerState) -> str:
        return names.plural(self.n("smuggler"), "Smuggler token")

    def start(self, game: Table, p: PlayerState) -> None:
        p.smuggler += self.n("smuggler")
        game.log("schemer", p.seat, smuggler=self.n("smuggler"))
        game.resolved(self.id)


@card_class
class Navigator(PersonCard):
    """One of the owner's homeward ships moves ``spaces`` toward the harbor (docking if it arrives)."""

    effect = "navigator"
    numbers_used = ("spaces",)

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return any(sh.where == RETURNING for sh in fleet.ships(p))

    def start(self, game: Table, p: PlayerState) -> None:
        docks = [DockOption(sh.dock) for sh in fleet.ships(p) if sh.where == RETURNING]
        spaces = self.n("spaces")
        question = f"Which homeward ship moves {spaces} space{'s' * (spaces != 1)}?"
        offer(game, p.seat, "effects.navigator", docks, question, card=self.id)

    @staticmethod
    @continuation("effects.navigator", DockOption)
    def move(game: Table, top: Pending, option: DockOption) -> None:
        p = game.s.players[top.seat]
        sh = p.docks[option.dock - 1]
        assert sh is not None
        sh.sail_back -= card(game, top.data.card).n("spaces")
        game.log("navigator", p.seat, ship=sh.card)
        if sh.sail_back <= 0:
            voyage.dock_ship(game, p, sh)
        _done(game, top)


@card_class
class Praetor(PersonCard):
    """Move up the Senate ``steps`` times: twice on one track or once on two."""

    effect = "praetor"
    numbers_used = ("steps",)

    def options(self, game: Table, p: PlayerState) -> list[TracksOption]:
        # Two steps: the pairs of tracks (the same track twice where it has room for both).
        top = senate.top_space(game)
        open_ = senate_steps(game, p)
        out = [TracksOption((a, a)) for a in open_ if p.senate[a] <= top - 2]
        out += [TracksOption((a, b)) for a, b in combinations(open_, 2)]
        return out or [TracksOption((a,)) for a in open_]

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(senate_steps(game, p))

    def start(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "effects.praetor", self.options(game, p), "Advance on which Senate tracks?", card=self.id)

    @staticmethod
    @continuation("effects.praetor", TracksOption)
    def advance(game: Table, top: Pending, option: TracksOption) -> None:
        p = game.s.players[top.seat]
        for colour in option.tracks:
            senate.advance(game, p, colour, 1)
        _done(game, top)


# --- the voyage -----------------------------------------------------------------------------------


@card_class
class Admiral(PersonCard):
    """Pay ``favor`` Favor: every ship of the owner has +``strength`` for this Voyage phase."""

    effect = "admiral"
    numbers_used = ("favor", "strength")

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return p.favor >= self.n("favor")

    def start(self, game: Table, p: PlayerState) -> None:
        p.favor -= self.n("favor")
        p.voyage_strength_all += self.n("strength")
        game.log("admiral", p.seat)
        game.resolved(self.id)


@card_class
class CargoCaptain(PersonCard):
    """Captain 8: one ship at sea has +``cargo`` Cargo for this Voyage phase."""

    effect = "cargo_captain"
    numbers_used = ("cargo",)

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(_ships_at_sea(p))

    def start(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "effects.cargo_captain", _ships_at_sea(p), f"Which ship gains +{self.n('cargo')} Cargo?",
              card=self.id)

    @staticmethod
    @continuation("effects.cargo_captain", DockOption)
    def load(game: Table, top: Pending, option: DockOption) -> None:
        p = game.s.players[top.seat]
        dock = str(option.dock)
        p.voyage_cargo[dock] = p.voyage_cargo.get(dock, 0) + card(game, top.data.card).n("cargo")
        game.log("cargo-captain", p.seat, dock=option.dock)
        _done(game, top)


@card_class
class Trader(PersonCard):
    """Any Luxury of the owner meets any Luxury demand for this Voyage phase."""

    effect = "trader"

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return not p.voyage_any_luxury

    def start(self, game: Table, p: PlayerState) -> None:
        p.voyage_any_luxury = True
        game.log("trader", p.seat)
        game.resolved(self.id)


@card_class
class FarCaptain(PersonCard):
    """Captain 18: ``coins`` coins per ship of the owner in the middle or far segment."""

    effect = "far_captain"
    numbers_used = ("coins",)

    def count(self, game: Table, p: PlayerState) -> int:
        first = game.cat.trade_board.segments[0].sail_back_start
        return sum(
            1 for sh in fleet.ships(p)
            if (sh.where == OUTBOUND and sh.segment >= 1) or (sh.where == RETURNING and sh.sail_back > first)
        )

    def gives(self, game: Table, p: PlayerState) -> str:
        ships = self.count(game, p)
        return f"{names.coins(ships * self.n('coins'))} ({names.plural(ships, 'ship')} far out)"

    def start(self, game: Table, p: PlayerState) -> None:
        n = self.count(game, p) * self.n("coins")
        p.coins += n
        game.log("far-captain", p.seat, coins=n)
        game.resolved(self.id)


@card_class
class Diplomat(PersonCard):
    """The owner's ships ignore one revealed Pirate card for this Voyage phase."""

    effect = "diplomat"

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return any(game.s.pirates) and not p.voyage_ignored_pirate

    def start(self, game: Table, p: PlayerState) -> None:
        options = [c for c in game.s.pirates if c]
        offer(game, p.seat, "effects.diplomat", options, "Ignore which Pirate card?", card=self.id)

    @staticmethod
    @continuation("effects.diplomat")
    def ignore(game: Table, top: Pending, option: Plain) -> None:
        p = game.s.players[top.seat]
        p.voyage_ignored_pirate = option.value
        game.log("diplomat", p.seat, pirate=option.value)
        _done(game, top)


@card_class
class Corsair(PersonCard):
    """One ship at sea has +``strength`` Strength for this Voyage phase; its owner is asked before
    each Pirate is revealed."""

    effect = "corsair"
    numbers_used = ("strength",)

    def can_use(self, game: Table, p: PlayerState) -> bool:
        return bool(_ships_at_sea(p))

    def start(self, game: Table, p: PlayerState) -> None:
        offer(game, p.seat, "effects.corsair", _ships_at_sea(p), f"Which ship gains +{self.n('strength')} Strength?",
              card=self.id)

    def asks_before_reveal(self, game: Table, p: PlayerState) -> bool:
        return self.id not in p.activated and markers_left(game, p) > 0 and bool(_ships_at_sea(p))

    @staticmethod
    @continuation("effects.corsair", DockOption)
    def arm(game: Table, top: Pending, option: DockOption) -> None:
        p = game.s.players[top.seat]
        dock = str(option.dock)
        p.voyage_strength[dock] = p.voyage_strength.get(dock, 0) + card(game, top.data.card).n("strength")
        game.log("corsair", p.seat, dock=option.dock)
        _done(game, top)
