"""One pydantic model per YAML file under ``data/``: the file's top-level keys."""

from __future__ import annotations

from .models import (
    AutomaBoard,
    AutomaCard,
    Building,
    ColonyBoard,
    ConversionCard,
    DiceBonusTile,
    Governor,
    Harbor,
    LuxuryDemandTile,
    LuxuryProductionTile,
    Model,
    Person,
    Pirate,
    Senate,
    Ship,
    Supply,
    TradeBoard,
)


class ShipsFile(Model):
    ships: tuple[Ship, ...]


class PersonsFile(Model):
    persons: tuple[Person, ...]


class BuildingsFile(Model):
    buildings: tuple[Building, ...]


class PiratesFile(Model):
    pirates: tuple[Pirate, ...]


class GovernorsFile(Model):
    governors: tuple[Governor, ...]


class ConversionsFile(Model):
    conversion_cards: tuple[ConversionCard, ...]


class DiceBonusFile(Model):
    dice_bonus_tiles: tuple[DiceBonusTile, ...]


class SenateFile(Model):
    senate: Senate


class TradeFile(Model):
    trade_board: TradeBoard


class ColonyFile(Model):
    colony_board: ColonyBoard


class LuxuryFile(Model):
    luxury_production_tiles: tuple[LuxuryProductionTile, ...]
    luxury_demand_tiles: tuple[LuxuryDemandTile, ...]


class SupplyFile(Model):
    supply: Supply


class AutomaFile(Model):
    automa_cards: tuple[AutomaCard, ...]
    automa_board: AutomaBoard


# File name -> model, in the order of ``catalogue.FILE_NAMES`` (the files the loader reads; a test checks both agree).
FILES: dict[str, type[Model]] = {
    "harbor.yaml": Harbor,
    "ships.yaml": ShipsFile,
    "persons.yaml": PersonsFile,
    "buildings.yaml": BuildingsFile,
    "pirates.yaml": PiratesFile,
    "governors.yaml": GovernorsFile,
    "conversions.yaml": ConversionsFile,
    "dice_bonus.yaml": DiceBonusFile,
    "senate.yaml": SenateFile,
    "trade.yaml": TradeFile,
    "colony.yaml": ColonyFile,
    "luxury.yaml": LuxuryFile,
    "supply.yaml": SupplyFile,
    "automa.yaml": AutomaFile,
}
