"""Pydantic models of the game's components.

Every model forbids unknown fields and is frozen once loaded: the engine trusts the catalogue
and never mutates it. Numbers and names are data; what a card *does* is code (see
``great_harbor.engine.effects``), looked up by the card's id.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


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


class Model(BaseModel):
    """Base of every catalogue model: no unknown fields, immutable after load.

    ``defer_build``: a model builds its validator when it first validates, not when its class is
    made, so a game that starts from the cached catalogue (``great_harbor.data.cache``) never
    pays for validators it does not use."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Chosen(Model):
    """Mixin for entries whose values the rulebook does not print.

    ``chosen`` names the fields whose values the project picked so the game plays sensibly;
    owners of a printed copy can replace them.
    """

    chosen: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _chosen_names_fields(self) -> Chosen:
        fields = set(type(self).model_fields) - {"chosen"}
        for name in self.chosen:
            if name not in fields:
                raise ValueError(f"chosen names unknown field {name!r}")
        return self


Cost = dict[Resource, int]


# --- Harbor ---------------------------------------------------------------------------------------


class CardDraw(Model):
    """Draw one card: a Building or Person from deck or display, or the revealed Ship of a size."""

    deck: Literal["building", "person", "ship"]
    source: Literal["deck", "display"] = "deck"
    size: Size | None = None

    @model_validator(mode="after")
    def _ship_needs_size(self) -> CardDraw:
        if self.deck == "ship" and self.size is None:
            raise ValueError("a ship draw needs a size")
        if self.deck != "ship" and self.size is not None:
            raise ValueError("only ship draws have a size")
        return self


class Benefit(Model):
    """What one tier of a Harbor tile gives."""

    resources: dict[Resource, int] = Field(default_factory=dict)
    colonists: int = Field(0, ge=0)
    favor: int = Field(0, ge=0)
    draws: tuple[CardDraw, ...] = ()


class HarborTile(Model):
    id: str
    name: str
    benefits: tuple[Benefit, Benefit, Benefit]
    fixed_cell: tuple[int, int] | None = None  # the Shipyard's designated space


class SlotDef(Model):
    """One edge of the 3x3 grid, named from one of the cells it touches."""

    id: str
    cell: tuple[int, int]
    side: Side
    colours: tuple[Colour, Colour]


class SmugglersDistrict(Model):
    tier_amounts: tuple[int, int, int]
    smuggler_tokens: int = Field(ge=0)


class Harbor(Model):
    tier_thresholds: tuple[int, int, int]
    rows: Literal[3] = 3
    cols: Literal[3] = 3
    tiles: tuple[HarborTile, ...]
    slots: tuple[SlotDef, ...]
    smugglers_district: SmugglersDistrict


# --- Cards ----------------------------------------------------------------------------------------


class Ship(Chosen):
    id: str
    number: int
    name: str
    colour: Colour
    size: Size
    cost: Cost
    prestige: int = Field(ge=0)
    speed: int = Field(ge=1)
    strength: int = Field(ge=0)
    cargo: int = Field(ge=1)
    hull: int = Field(ge=1)


class Person(Chosen):
    id: str
    number: int
    name: str
    colour: Colour
    prestige: int = Field(ge=0)
    timing: Literal["action", "voyage"]
    text: str


class Building(Chosen):
    id: str
    number: int
    name: str
    colour: Colour
    cost: Cost
    prestige: int = Field(ge=0)
    kind: Literal["none", "ongoing", "end_of_game", "employ"]
    colonists: int = Field(0, ge=0, le=2)
    text: str

    @model_validator(mode="after")
    def _employ_needs_colonists(self) -> Building:
        if (self.kind == "employ") != (self.colonists > 0):
            raise ValueError("colonists must be 1 or 2 exactly when kind is 'employ'")
        return self


class Pirate(Model):
    id: str
    name: str
    strength: int = Field(ge=0, le=3)


class Governor(Chosen):
    id: str
    name: str
    colours: tuple[Colour, Colour]

    @model_validator(mode="after")
    def _two_colours(self) -> Governor:
        if self.colours[0] == self.colours[1]:
            raise ValueError("a Governor has two different colours")
        return self


class ConversionGain(Model):
    prestige: int = Field(0, ge=0)
    favor: int = Field(0, ge=0)
    colonists: int = Field(0, ge=0)
    smuggler: int = Field(0, ge=0)
    any_resource: int = Field(0, ge=0)
    any_luxury: int = Field(0, ge=0)


class ConversionCard(Chosen):
    id: str
    name: str
    laurel: bool = False
    coins: int = Field(ge=1)
    gain: ConversionGain


class DiceBonusTile(Chosen):
    id: str
    mapping: dict[Colour, Resource]


# --- Boards ---------------------------------------------------------------------------------------


class SenateBonus(Model):
    """A reward on the Senate board. ``resource`` means: the basic resource the current Dice Bonus
    tile maps to the track's colour."""

    resource: int = Field(0, ge=0)
    coins: int = Field(0, ge=0)
    colonists: int = Field(0, ge=0)
    prestige: int = Field(0, ge=0)


class SenateSpace(Model):
    space: int = Field(ge=1)
    bonus: SenateBonus


class SenateTrack(Model):
    colour: Colour
    spaces: tuple[SenateSpace, ...] = ()


class SenateBridge(Model):
    """A bonus between two neighbouring tracks, gained when both markers reach ``space``."""

    tracks: tuple[Colour, Colour]
    space: int = Field(ge=1)
    bonus: SenateBonus


class Senate(Chosen):
    length: int = Field(ge=2)
    tracks: tuple[SenateTrack, ...]
    bridges: tuple[SenateBridge, ...]


class TradeSegment(Chosen):
    positions: int = Field(ge=1)
    coins: int = Field(ge=0)
    prestige: int = Field(ge=0)
    demand_slots: int = Field(ge=0)
    sail_back_start: int = Field(ge=1)


class TradeBoard(Chosen):
    segments: tuple[TradeSegment, TradeSegment, TradeSegment]


class StructureSite(Chosen):
    id: str
    kind: Literal["dock_hut", "insula"]
    index: int = Field(ge=1, le=3)
    cost: Cost
    prestige: int = Field(ge=0)


class ColonyBoard(Chosen):
    docks: int = Field(ge=1)
    person_slots: int = Field(ge=1)
    base_housing: int = Field(ge=0)
    housing_per_insula: int = Field(ge=0)
    housing_per_adjacent_insulae: int = Field(ge=0)
    luxury_spaces: int = Field(ge=1)
    colonists_per_luxury: int = Field(ge=1)
    activation_markers: int = Field(ge=1)
    resource_max: int = Field(ge=1)
    sites: tuple[StructureSite, ...]
    adjacency: tuple[tuple[str, str], ...]


class LuxuryProductionTile(Model):
    id: str
    luxury: Luxury


class LuxuryDemandTile(Model):
    id: str
    luxury: Luxury


class DiceCount(Model):
    per_colour: int = Field(ge=1)
    drawn: int = Field(ge=1)


class Supply(Model):
    """Counts from the component list and the dice table."""

    colonists: int = Field(ge=1)
    dice_per_colour: int = Field(ge=1)
    dice_by_seats: dict[int, DiceCount]
    rounds: int = Field(ge=1)
    turns_per_round: int = Field(ge=1)
    convert_coins: int = Field(ge=1)
    luxury_production_tiles_per_player: int = Field(ge=1)
    min_luxury_types_per_player: int = Field(ge=1)
    shops_per_player: int = Field(ge=1)  # Harbor Shops variant: Shop tokens per player
    shop_cost: int = Field(ge=1)  # Harbor Shops variant: amount of one basic resource per Shop


# --- Automa ---------------------------------------------------------------------------------------


class AutomaCard(Chosen):
    id: str
    number: int
    colour: Colour
    arrow: Literal["up", "down"]
    tile: str


AutomaIcon = Literal["ship", "building", "person", "colonist", "prestige"]


class AutomaSpace(Model):
    space: int = Field(ge=1)
    icon: AutomaIcon
    amount: int = Field(1, ge=1)


class AutomaTrack(Model):
    colour: Colour
    spaces: tuple[AutomaSpace, ...] = ()


class AutomaBridge(Model):
    tracks: tuple[Colour, Colour]
    space: int = Field(ge=1)
    icon: AutomaIcon
    amount: int = Field(1, ge=1)


class AutomaBoard(Chosen):
    length: int = Field(ge=2)
    tracks: tuple[AutomaTrack, ...]
    bridges: tuple[AutomaBridge, ...]
