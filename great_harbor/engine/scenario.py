"""Build game states by hand: for tests, rulebook examples and bug reports.

A :class:`Scenario` starts from a normal seeded game and lets you set exactly what matters
(tile layout, drafted dice and their faces, dice on slots, resources, cards in play) and then
hands the turn to a seat. Everything goes through the real state, so the legal actions and
``apply`` behave exactly as in a game.

    sc = Scenario(["Ana", "Ben"])
    sc.layout({"1,2": "blacksmith_avenue"})
    sc.drafted(0, "B4", "R2")
    sc.on_slot("v12", "R3")
    game = sc.turn(0)
"""

from __future__ import annotations

from collections.abc import Sequence

from great_harbor.data import Catalogue, load_catalogue

from . import draft, rounds, voyage
from .game import Game, Seat
from .shops import positions
from .state import COLOURS, DICE_PER_COLOUR, Pending, PlayerState, ShipState

_CATALOGUE: list[Catalogue] = []


def default_catalogue() -> Catalogue:
    if not _CATALOGUE:
        _CATALOGUE.append(load_catalogue())
    return _CATALOGUE[0]


class Scenario:
    def __init__(
        self,
        seats: Sequence[str | Seat] = ("Ana", "Ben"),
        seed: int = 0,
        catalogue: Catalogue | None = None,
        shops_variant: bool = False,
    ) -> None:
        self.cat = catalogue or default_catalogue()
        # The first roll happens as in a real game (same use of the seed), but nobody drafts yet:
        # an Automa seat would otherwise act on its own before the scenario is set up.
        self.game = Game.new(self.cat, seats, seed=seed, shops_variant=shops_variant, start=False)
        rounds.start_turn(self.game)
        s = self.game.s
        # Put every die back in the bag and clear the draft, so dice can be handed out exactly.
        for p in s.players:
            s.bag.extend(p.drafted)
            p.drafted = []
        s.bag.extend(s.pool + s.smuggler_dice)
        s.pool = []
        s.smuggler_dice = []
        s.draft_order = []
        s.stack = []
        s.bag.sort()

    # --- dice ---------------------------------------------------------------------------------

    def take_die(self, label: str) -> int:
        """Take a die of ``label``'s colour from the bag and set its face: ``"B4"`` is blue 4."""
        colour = {c[0].upper(): i for i, c in enumerate(COLOURS)}[label[0].upper()]
        face = int(label[1:])
        s = self.game.s
        for die in s.bag:
            if die // DICE_PER_COLOUR == colour:
                s.bag.remove(die)
                s.faces[die] = face
                return die
        raise ValueError(f"no {COLOURS[colour]} die left in the bag")

    def drafted(self, seat: int, *labels: str) -> list[int]:
        dice = [self.take_die(x) for x in labels]
        self.game.s.players[seat].drafted.extend(dice)
        return dice

    def on_slot(self, slot: str, label: str) -> int:
        die = self.take_die(label)
        self.game.s.slots[slot] = die
        return die

    def in_district(self, label: str) -> int:
        die = self.take_die(label)
        self.game.s.district.append(die)
        return die

    def pool(self, *labels: str) -> list[int]:
        """Put rolled dice in the pool, waiting to be drafted."""
        dice = [self.take_die(x) for x in labels]
        self.game.s.pool.extend(dice)
        return dice

    def smuggler_dice(self, *labels: str) -> list[int]:
        dice = [self.take_die(x) for x in labels]
        self.game.s.smuggler_dice.extend(dice)
        return dice

    # --- board and players --------------------------------------------------------------------

    def layout(self, cells: dict[str, str]) -> None:
        """Put tiles on cells ("row,col" -> tile id); tiles displaced swap into the freed cells."""
        lay = self.game.s.layout
        for cell, tile in cells.items():
            old_cell = next(c for c, t in lay.items() if t == tile)
            lay[old_cell], lay[cell] = lay[cell], tile

    def dice_bonus_tile(self, tile: str) -> None:
        stack = self.game.s.dice_bonus_stack
        stack.remove(tile)
        stack.insert(0, tile)

    def player(self, seat: int) -> PlayerState:
        return self.game.s.players[seat]

    def give(self, seat: int, **amounts: int) -> PlayerState:
        """Set resources (sails=2, ...) and counters (coins=3, favor=1, free_colonists=2, ...)."""
        p = self.player(seat)
        for key, value in amounts.items():
            if key in p.resources:
                p.resources[key] = value
            elif key == "free_colonists":
                self.game.s.colonist_supply -= value - p.free_colonists
                p.free_colonists = value
            else:
                setattr(p, key, value)
        return p

    def _take_card(self, card: str) -> None:
        s = self.game.s
        piles = [s.person_deck, s.person_display, s.building_deck, s.building_display, *s.ship_decks.values()]
        for pile in piles:
            if card in pile:
                pile.remove(card)
                return
        for size, shown in s.ship_display.items():
            if shown == card:
                s.ship_display[size] = s.ship_decks[size].pop(0) if s.ship_decks[size] else ""
                return
        raise ValueError(f"{card} is not in a deck or display")

    def hand(self, seat: int, *cards: str) -> None:
        for card in cards:
            self._take_card(card)
            self.player(seat).hand.append(card)

    def person(self, seat: int, card: str, slot: int | None = None) -> None:
        """Put a Person straight into the colony (no Senate step)."""
        self._take_card(card)
        p = self.player(seat)
        index = slot - 1 if slot else next(i for i, x in enumerate(p.person_slots) if not x)
        p.person_slots[index].append(card)

    def building(self, seat: int, card: str) -> None:
        self._take_card(card)
        self.player(seat).buildings.append(card)

    def ship(self, seat: int, card: str, dock: int, **state: object) -> ShipState:
        self._take_card(card)
        sh = ShipState(card=card, dock=dock)
        for key, value in state.items():
            setattr(sh, key, value)
        self.player(seat).docks[dock - 1] = sh
        crew = len(sh.crew)
        self.game.s.colonist_supply -= crew
        return sh

    def structures(self, seat: int, *sites: str) -> None:
        self.player(seat).structures.extend(sites)

    def luxuries(self, seat: int, **amounts: int) -> None:
        """Set Luxury tokens held: ``luxuries(0, wine=1, dyes=2)``."""
        p = self.player(seat)
        for luxury, n in amounts.items():
            if luxury not in p.luxuries:
                raise ValueError(f"no luxury {luxury!r}")
            p.luxuries[luxury] = n

    def markers(self, seat: int, *cards: str) -> None:
        """Put Activation markers on these Persons (already in the colony)."""
        self.player(seat).activated.extend(cards)

    def senate(self, seat: int, **positions: int) -> None:
        """Set Senate markers without paying any bonus: ``senate(0, red=3)``."""
        p = self.player(seat)
        for colour, pos in positions.items():
            if colour not in p.senate:
                raise ValueError(f"no Senate track {colour!r}")
            p.senate[colour] = pos

    def governor(self, seat: int, governor: str) -> None:
        self.player(seat).governor = governor

    def conversions(self, *cards: str) -> None:
        """Choose the Conversion cards in play."""
        self.game.s.conversions = list(cards)

    def display(self, deck: str, *cards: str) -> None:
        """Put these cards face up on the ``"person"`` or ``"building"`` display, in this order."""
        s = self.game.s
        pile, shown = (s.person_deck, s.person_display) if deck == "person" else (s.building_deck, s.building_display)
        pile.extend(shown)
        shown.clear()
        for card in cards:
            pile.remove(card)
            shown.append(card)

    def demands(self, segment: int, *tiles: str) -> None:
        """Set the Luxury demand tiles of a Trade board segment (others go back to the unused pile)."""
        s = self.game.s
        s.demand_pool.extend(s.demands[segment])
        s.demands[segment] = []
        for tile in tiles:
            for seg in s.demands:
                if tile in seg:
                    seg.remove(tile)
                    s.demand_pool.append(tile)
            s.demand_pool.remove(tile)
            s.demands[segment].append(tile)

    def automa_deck(self, *cards: str) -> None:
        """Put these Automa cards on top of the Automa deck, in this order."""
        s = self.game.s
        for card in cards:
            for pile in (s.automa_deck, s.automa_discard):
                if card in pile:
                    pile.remove(card)
        s.automa_deck[:0] = list(cards)

    def shop(self, seat: int, position: str) -> None:
        """Put one of ``seat``'s Shop tokens on ``position`` (Harbor Shops variant), unpaid."""
        s = self.game.s
        if position not in positions(self.game):
            raise ValueError(f"{position!r} is not a Shop position")
        if position in s.shops:
            raise ValueError(f"{position} already has a Shop")
        p = self.player(seat)
        if p.shops_left < 1:
            raise ValueError(f"{p.name} has no Shop token left")
        p.shops_left -= 1
        s.shops[position] = seat

    def pirate_deck(self, *cards: str) -> None:
        """Put these Pirate cards on top of the deck, in this order."""
        s = self.game.s
        for card in cards:
            for pile in (s.pirate_deck, s.pirate_discard):
                if card in pile:
                    pile.remove(card)
        s.pirate_deck[:0] = list(cards)

    # --- hand over ----------------------------------------------------------------------------

    def draft(self, order: Sequence[int] | None = None) -> Game:
        """Start drafting from the pool: ``order`` lists the seats as they pick (default: the
        Automa first, then the others from the Anchor holder, twice round, as in a game)."""
        s = self.game.s
        s.phase = "draft"
        s.draft_order = list(order) if order is not None else draft.picking_order(self.game)
        s.stack = []
        self.game.advance()
        return self.game

    def turn(self, seat: int, order: Sequence[int] | None = None) -> Game:
        """Start the Action phase with ``seat`` to act (then the rest of ``order``)."""
        s = self.game.s
        s.phase = "actions"
        s.turn_order = list(order) if order is not None else [seat] + [p.seat for p in s.players
                                                                        if p.seat != seat and not p.automa]
        s.active = s.turn_order.index(seat)
        s.stack = [Pending("turn", seat)]
        self.game.advance()
        return self.game

    def voyage(self) -> Game:
        """Start the Voyage phase now (ships already placed outbound)."""
        s = self.game.s
        s.phase = "voyage"
        s.turn_order = [p.seat for p in s.players if not p.automa]
        s.active = len(s.turn_order)
        s.stack = []
        voyage.start(self.game)
        self.game.advance()
        return self.game
