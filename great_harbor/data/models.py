"""The game's components: one entry class per kind of entry in ``data/*.yaml``.

pydantic validates every entry when the files are loaded (types, no unknown fields, the bounds
of ``at_least``/``between``, the checks in ``__post_init__``); a loaded entry is frozen: the engine
trusts the catalogue and never mutates it (``entry.py`` says why these are not BaseModels).
Numbers and names are data; what a card *does* is code: a Person or Building names its
``effect`` (a card class in ``great_harbor.engine.cards``) and the ``numbers`` that class uses.
"""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum
from typing import Literal

from .entry import Entry, at_least, between, entry, field_names, ident, items, label, prose


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    PURPLE = "purple"


class Resource(StrEnum):
    SAILS = "sails"
    ROPE = "rope"
    PLANKS = "planks"
    METAL = "metal"


class Luxury(StrEnum):
    WINE = "wine"
    DYES = "dyes"
    MARBLE = "marble"
    AMPHORAE = "amphorae"


class Size(StrEnum):
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


class Side(StrEnum):
    TOP = "top"
    RIGHT = "right"
    BOTTOM = "bottom"
    LEFT = "left"


@entry
class Chosen(Entry):
    """Mixin for entries whose values the rulebook does not print.

    ``chosen`` names the fields whose values the project picked so the game plays sensibly;
    owners of a printed copy can replace them.
    """

    chosen: tuple[str, ...] = items((), most=32)

    def __post_init__(self) -> None:
        super().__post_init__()
        names = set(field_names(self)) - {"chosen"}
        for name in self.chosen:
            if name not in names:
                raise ValueError(f"chosen names unknown field {name!r}")


Cost = dict[Resource, int]


# --- Harbor ---------------------------------------------------------------------------------------


@entry
class CardDraw(Entry):
    """Draw one card: a Building or Person from deck or display, or the revealed Ship of a size."""

    deck: Literal["building", "person", "ship"]
    source: Literal["deck", "display"] = "deck"
    size: Size | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.deck == "ship" and self.size is None:
            raise ValueError("a ship draw needs a size")
        if self.deck != "ship" and self.size is not None:
            raise ValueError("only ship draws have a size")


@entry
class Benefit(Entry):
    """What one tier of a Harbor tile gives."""

    resources: dict[Resource, int] = field(default_factory=dict, metadata={"max_length": 8})
    colonists: int = at_least(0, 0)
    favor: int = at_least(0, 0)
    draws: tuple[CardDraw, ...] = items((), most=8)


@entry
class HarborTile(Entry):
    """A Harbor tile: its name and what each of its three tiers gives."""

    id: str = ident()
    name: str = label()
    benefits: tuple[Benefit, Benefit, Benefit]
    fixed_cell: tuple[int, int] | None = None  # the Shipyard's designated space


@entry
class SlotDef(Entry):
    """One edge of the 3x3 grid, named from one of the cells it touches."""

    id: str = ident()
    cell: tuple[int, int]
    side: Side
    colours: tuple[Colour, Colour]


@entry
class SmugglersDistrict(Entry):
    """The Smuggler's District: what each tier pays, and the supply of Smuggler tokens."""

    tier_amounts: tuple[int, int, int]
    smuggler_tokens: int = at_least(0)


@entry
class Harbor(Entry):
    """The harbor map: the 3x3 tiles, the slots between them and the tier thresholds."""

    tier_thresholds: tuple[int, int, int]
    rows: Literal[3] = 3
    cols: Literal[3] = 3
    tiles: tuple[HarborTile, ...] = items()
    slots: tuple[SlotDef, ...] = items()
    smugglers_district: SmugglersDistrict


# --- Cards ----------------------------------------------------------------------------------------


@entry
class Ship(Chosen):
    """A Ship card: its cost, Prestige and the stats it sails with."""

    id: str = ident()
    number: int = between(1, 999)
    name: str = label()
    colour: Colour
    size: Size
    cost: Cost = items(most=8)
    prestige: int = at_least(0)
    speed: int = at_least(1)
    strength: int = at_least(0)
    cargo: int = at_least(1)
    hull: int = at_least(1)


# What a card's effect counts (Strength given, Smuggler tokens, cards drawn): small numbers.
CardNumbers = dict[str, int]


def _check_numbers(numbers: CardNumbers) -> None:
    for key, value in numbers.items():
        if not 0 <= value <= 20:
            raise ValueError(f"numbers.{key} must be between 0 and 20, not {value}")


@entry
class Person(Chosen):
    """A Person card; ``timing`` says in which phase its effect is used, ``effect`` which card
    class does it and ``numbers`` the amounts that class uses."""

    id: str = ident()
    number: int = between(1, 999)
    name: str = label()
    colour: Colour
    prestige: int = at_least(0)
    timing: Literal["action", "voyage"]
    effect: str = ident()
    numbers: CardNumbers = field(default_factory=dict, metadata={"max_length": 16})
    text: str = prose()

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_numbers(self.numbers)


@entry
class Building(Chosen):
    """A Building card; ``kind`` says when its effect applies (Employ ones need colonists)."""

    id: str = ident()
    number: int = between(1, 999)
    name: str = label()
    colour: Colour
    cost: Cost = items(most=8)
    prestige: int = at_least(0)
    kind: Literal["none", "ongoing", "end_of_game", "employ"]
    colonists: int = between(0, 2, 0)
    effect: str = ident()
    numbers: CardNumbers = field(default_factory=dict, metadata={"max_length": 16})
    text: str = prose()

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_numbers(self.numbers)
        if (self.kind == "employ") != (self.colonists > 0):
            raise ValueError("colonists must be 1 or 2 exactly when kind is 'employ'")


@entry
class Pirate(Entry):
    """A Pirate card and its strength."""

    id: str = ident()
    name: str = label()
    strength: int = between(0, 3)


@entry
class Governor(Chosen):
    """A Governor card: the two dice colours it names."""

    id: str = ident()
    name: str = label()
    colours: tuple[Colour, Colour]

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.colours[0] == self.colours[1]:
            raise ValueError("a Governor has two different colours")


@entry
class ConversionGain(Entry):
    """What one Conversion card gives for its coins."""

    prestige: int = at_least(0, 0)
    favor: int = at_least(0, 0)
    colonists: int = at_least(0, 0)
    smuggler: int = at_least(0, 0)
    any_resource: int = at_least(0, 0)
    any_luxury: int = at_least(0, 0)


@entry
class ConversionCard(Chosen):
    """A Conversion card: its price in coins and its gain."""

    id: str = ident()
    name: str = label()
    laurel: bool = False
    coins: int = at_least(1)
    gain: ConversionGain


@entry
class DiceBonusTile(Chosen):
    """A Dice Bonus tile: which basic resource each dice colour gives."""

    id: str = ident()
    mapping: dict[Colour, Resource] = items(most=8)


# --- Boards ---------------------------------------------------------------------------------------


@entry
class SenateBonus(Entry):
    """A reward on the Senate board. ``resource`` means: the basic resource the current Dice Bonus
    tile maps to the track's colour."""

    resource: int = at_least(0, 0)
    coins: int = at_least(0, 0)
    colonists: int = at_least(0, 0)
    prestige: int = at_least(0, 0)


@entry
class SenateSpace(Entry):
    """A space on a Senate track that carries a bonus."""

    space: int = at_least(1)
    bonus: SenateBonus


@entry
class SenateTrack(Entry):
    """One of the Senate's four tracks, by colour."""

    colour: Colour
    spaces: tuple[SenateSpace, ...] = items(())


@entry
class SenateBridge(Entry):
    """A bonus between two neighbouring tracks, gained when both markers reach ``space``."""

    tracks: tuple[Colour, Colour]
    space: int = at_least(1)
    bonus: SenateBonus


@entry
class Senate(Chosen):
    """The Senate board: its tracks, their length and the bonuses between them."""

    length: int = at_least(2)
    tracks: tuple[SenateTrack, ...] = items(most=8)
    bridges: tuple[SenateBridge, ...] = items()


@entry
class TradeSegment(Chosen):
    """A segment of the trade route: its positions and what trading there pays."""

    positions: int = at_least(1)
    coins: int = at_least(0)
    prestige: int = at_least(0)
    demand_slots: int = at_least(0)
    sail_back_start: int = at_least(1)


@entry
class TradeBoard(Chosen):
    """The trade board: its three segments."""

    segments: tuple[TradeSegment, TradeSegment, TradeSegment]


@entry
class StructureSite(Chosen):
    """A building site for a Dock Hut or an Insula on the colony board."""

    id: str = ident()
    kind: Literal["dock_hut", "insula"]
    index: int = between(1, 3)
    cost: Cost = items(most=8)
    prestige: int = at_least(0)


@entry
class ColonyBoard(Chosen):
    """The colony board every player has: docks, person slots, sites and limits."""

    docks: int = at_least(1)
    person_slots: int = at_least(1)
    base_housing: int = at_least(0)
    housing_per_insula: int = at_least(0)
    housing_per_adjacent_insulae: int = at_least(0)
    luxury_spaces: int = at_least(1)
    colonists_per_luxury: int = at_least(1)
    activation_markers: int = at_least(1)
    resource_max: int = at_least(1)
    sites: tuple[StructureSite, ...] = items()
    adjacency: tuple[tuple[str, str], ...] = items()


@entry
class LuxuryProductionTile(Entry):
    """A Luxury production tile."""

    id: str = ident()
    luxury: Luxury


@entry
class LuxuryDemandTile(Entry):
    """A Luxury demand tile, placed on the trade route."""

    id: str = ident()
    luxury: Luxury


@entry
class DiceCount(Entry):
    """How many dice of each colour are in play, and how many are drawn, for a seat count."""

    per_colour: int = at_least(1)
    drawn: int = at_least(1)


@entry
class Supply(Entry):
    """Counts from the component list and the dice table."""

    colonists: int = at_least(1)
    dice_per_colour: int = at_least(1)
    dice_by_seats: dict[int, DiceCount] = items(most=8)
    rounds: int = at_least(1)
    turns_per_round: int = at_least(1)
    convert_coins: int = at_least(1)
    luxury_production_tiles_per_player: int = at_least(1)
    min_luxury_types_per_player: int = at_least(1)
    shops_per_player: int = at_least(1)  # Harbor Shops variant: Shop tokens per player
    shop_cost: int = at_least(1)  # Harbor Shops variant: amount of one basic resource per Shop


# --- Automa ---------------------------------------------------------------------------------------


@entry
class AutomaCard(Chosen):
    """An Automa card: the dice colour, the arrow and the tile it points the Automa to."""

    id: str = ident()
    number: int = between(1, 999)
    colour: Colour
    arrow: Literal["up", "down"]
    tile: str = ident()


AutomaIcon = Literal["ship", "building", "person", "colonist", "prestige"]


@entry
class AutomaSpace(Entry):
    """A space on an Automa track that carries an icon."""

    space: int = at_least(1)
    icon: AutomaIcon
    amount: int = at_least(1, 1)


@entry
class AutomaTrack(Entry):
    """One of the Automa board's tracks, by colour."""

    colour: Colour
    spaces: tuple[AutomaSpace, ...] = items(())


@entry
class AutomaBridge(Entry):
    """An icon between two neighbouring Automa tracks, gained when both reach ``space``."""

    tracks: tuple[Colour, Colour]
    space: int = at_least(1)
    icon: AutomaIcon
    amount: int = at_least(1, 1)


@entry
class AutomaBoard(Chosen):
    """The Automa board: its tracks, their length and the icons between them."""

    length: int = at_least(2)
    tracks: tuple[AutomaTrack, ...] = items(most=8)
    bridges: tuple[AutomaBridge, ...] = items()
