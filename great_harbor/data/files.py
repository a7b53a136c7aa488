"""One pydantic model per YAML file under ``data/``: the file's top-level keys (harbor.yaml's
are the ``Harbor`` entry's own fields, so that file is validated as the entry).

Only a full load imports this module (and pydantic): the entries in the files are validated by
the same pydantic schema, from their dataclass fields (``entry.py``).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

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
    Person,
    Pirate,
    Senate,
    Ship,
    Supply,
    TradeBoard,
)


class FileModel(BaseModel):
    """Base of the file models: no unknown top-level keys."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class ShipsFile(FileModel):
    ships: tuple[Ship, ...]


class PersonsFile(FileModel):
    persons: tuple[Person, ...]


class BuildingsFile(FileModel):
    buildings: tuple[Building, ...]


class PiratesFile(FileModel):
    pirates: tuple[Pirate, ...]


class GovernorsFile(FileModel):
    governors: tuple[Governor, ...]


class ConversionsFile(FileModel):
    conversion_cards: tuple[ConversionCard, ...]


class DiceBonusFile(FileModel):
    dice_bonus_tiles: tuple[DiceBonusTile, ...]


class SenateFile(FileModel):
    senate: Senate


class TradeFile(FileModel):
    trade_board: TradeBoard


class ColonyFile(FileModel):
    colony_board: ColonyBoard


class LuxuryFile(FileModel):
    luxury_production_tiles: tuple[LuxuryProductionTile, ...]
    luxury_demand_tiles: tuple[LuxuryDemandTile, ...]


class SupplyFile(FileModel):
    supply: Supply


class AutomaFile(FileModel):
    automa_cards: tuple[AutomaCard, ...]
    automa_board: AutomaBoard


# File name -> model, in the order of ``catalogue.FILE_NAMES`` (the files the loader reads; a test checks both agree).
FILES: dict[str, type] = {
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
