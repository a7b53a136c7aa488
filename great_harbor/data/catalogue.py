"""Load and check the component catalogue (``data/*.yaml``).

Each file is validated by its pydantic model; then the checks no single file can make run over
the whole catalogue: ids are unique, counts equal the rulebook's, cross-references resolve and
the harbor layout is a proper 3x3 grid. Every problem is reported as one line that names the
file, the entry and the field.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from great_harbor.catalogue_folder import default_data_dir as default_data_dir  # also found without this module
from great_harbor.safe_io import NotARegularFile, TooLarge, read_regular
from great_harbor.text import inert

from . import cache as catalogue_cache
from .models import (
    AutomaBoard,
    AutomaCard,
    Building,
    ColonyBoard,
    Colour,
    ConversionCard,
    DiceBonusTile,
    Governor,
    Harbor,
    HarborTile,
    LuxuryDemandTile,
    LuxuryProductionTile,
    Person,
    Pirate,
    Resource,
    Senate,
    Ship,
    Side,
    Size,
    SlotDef,
    Supply,
    TradeBoard,
)

Cell = tuple[int, int]

# The catalogue's files, in the order they are read. Each is validated by its file model in
# ``.files`` (``FILES``, the same names in the same order: a test checks it); only a full load
# imports those models, since a start from the cache needs none of them.
FILE_NAMES = (
    "harbor.yaml",
    "ships.yaml",
    "persons.yaml",
    "buildings.yaml",
    "pirates.yaml",
    "governors.yaml",
    "conversions.yaml",
    "dice_bonus.yaml",
    "senate.yaml",
    "trade.yaml",
    "colony.yaml",
    "luxury.yaml",
    "supply.yaml",
    "automa.yaml",
)

# Counts the rulebook gives.
EXPECTED_COUNTS = {
    "harbor_tiles": 9,
    "harbor_slots": 24,
    "ships": 20,
    "ships_small": 8,
    "ships_medium": 8,
    "ships_large": 4,
    "persons": 24,
    "buildings": 20,
    "pirates": 10,
    "governors": 4,
    "conversion_cards": 6,
    "dice_bonus_tiles": 6,
    "luxury_production_tiles": 12,
    "luxury_demand_tiles": 8,
    "automa_cards": 28,
}
PIRATE_STRENGTHS = {0: 2, 1: 3, 2: 3, 3: 2}
SHIPYARD = "shipyard"


class CatalogueError(Exception):
    """A broken catalogue: ``str(error)`` is one line naming file, entry and field."""

    def __init__(self, file: str, entry: str, message: str, field_name: str | None = None) -> None:
        self.file = file
        self.entry = entry
        self.field = field_name
        self.message = message
        where = f"{file}: {entry}"
        if field_name:
            where += f": field '{field_name}'"
        super().__init__(inert(f"{where}: {message}"))  # ids and values come from the files


def _neighbour(cell: Cell, side: Side) -> Cell:
    r, c = cell
    return {
        Side.TOP: (r - 1, c),
        Side.BOTTOM: (r + 1, c),
        Side.LEFT: (r, c - 1),
        Side.RIGHT: (r, c + 1),
    }[side]


def _edge_key(cell: Cell, side: Side) -> tuple[Cell, Cell]:
    """The same edge gets the same key whichever of its two cells names it."""
    other = _neighbour(cell, side)
    a, b = sorted([cell, other])
    return a, b


@dataclass(frozen=True, eq=False)
class Catalogue:
    """Every component of the game, checked. Immutable; shared by all games (compared and
    hashed by identity, so per-catalogue caches can key on it)."""

    directory: Path
    fingerprint: str
    harbor: Harbor
    ships: Mapping[str, Ship]
    persons: Mapping[str, Person]
    buildings: Mapping[str, Building]
    pirates: Mapping[str, Pirate]
    governors: Mapping[str, Governor]
    conversion_cards: Mapping[str, ConversionCard]
    dice_bonus_tiles: Mapping[str, DiceBonusTile]
    senate: Senate
    trade_board: TradeBoard
    colony_board: ColonyBoard
    luxury_production_tiles: Mapping[str, LuxuryProductionTile]
    luxury_demand_tiles: Mapping[str, LuxuryDemandTile]
    supply: Supply
    automa_cards: Mapping[str, AutomaCard]
    automa_board: AutomaBoard
    _extra: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def tiles(self) -> dict[str, HarborTile]:
        return {t.id: t for t in self.harbor.tiles}

    @cached_property
    def slots(self) -> dict[str, SlotDef]:
        return {s.id: s for s in self.harbor.slots}

    @cached_property
    def slot_cells(self) -> dict[str, tuple[Cell, ...]]:
        """The grid cells each slot touches: one for a Shore slot, two for a shared slot."""
        out: dict[str, tuple[Cell, ...]] = {}
        for s in self.harbor.slots:
            other = _neighbour(s.cell, s.side)
            cells = [s.cell]
            if 0 <= other[0] < self.harbor.rows and 0 <= other[1] < self.harbor.cols:
                cells.append(other)
            out[s.id] = tuple(sorted(cells))
        return out

    @cached_property
    def cell_slots(self) -> dict[Cell, tuple[str, ...]]:
        """Slots around each cell, clockwise from the top (top, right, bottom, left)."""
        order = {Side.TOP: 0, Side.RIGHT: 1, Side.BOTTOM: 2, Side.LEFT: 3}
        out: dict[Cell, list[tuple[int, str]]] = {
            (r, c): [] for r in range(self.harbor.rows) for c in range(self.harbor.cols)
        }
        for s in self.harbor.slots:
            for cell in self.slot_cells[s.id]:
                side = s.side if cell == s.cell else _opposite(s.side)
                out[cell].append((order[side], s.id))
        return {cell: tuple(sid for _, sid in sorted(v)) for cell, v in out.items()}

    def counts(self) -> dict[str, int]:
        """Counts per component kind, as ``validate-data`` reports them."""
        sizes = Counter(s.size for s in self.ships.values())
        shore = sum(1 for cells in self.slot_cells.values() if len(cells) == 1)
        return {
            "harbor_tiles": len(self.harbor.tiles),
            "harbor_slots": len(self.harbor.slots),
            "harbor_shore_slots": shore,
            "harbor_shared_slots": len(self.harbor.slots) - shore,
            "ships": len(self.ships),
            "ships_small": sizes[Size.SMALL],
            "ships_medium": sizes[Size.MEDIUM],
            "ships_large": sizes[Size.LARGE],
            "persons": len(self.persons),
            "buildings": len(self.buildings),
            "pirates": len(self.pirates),
            "governors": len(self.governors),
            "conversion_cards": len(self.conversion_cards),
            "dice_bonus_tiles": len(self.dice_bonus_tiles),
            "senate_tracks": len(self.senate.tracks),
            "senate_bridges": len(self.senate.bridges),
            "trade_segments": len(self.trade_board.segments),
            "colony_sites": len(self.colony_board.sites),
            "luxury_production_tiles": len(self.luxury_production_tiles),
            "luxury_demand_tiles": len(self.luxury_demand_tiles),
            "automa_cards": len(self.automa_cards),
            "automa_tracks": len(self.automa_board.tracks),
        }


def _opposite(side: Side) -> Side:
    return {Side.TOP: Side.BOTTOM, Side.BOTTOM: Side.TOP, Side.LEFT: Side.RIGHT, Side.RIGHT: Side.LEFT}[side]


# --- reading files --------------------------------------------------------------------------------


# Limits a catalogue file is refused beyond, before it is validated: the shipped files are a few
# KB with a few hundred values each; these are far above any edit, far below what would hurt.
MAX_FILE_BYTES = 256 * 1024
MAX_NODES = 20_000  # values in one file, counting every use of a YAML alias
MAX_INT = 10**6
MAX_DEPTH = 12  # lists and mappings within each other (the deepest catalogue file needs 6)

# The lists whose length the rulebook fixes, checked before the entries are validated (a file
# with a hundred thousand ships is refused at once, not after validating them all).
_COUNTED = {
    "harbor.yaml": {"tiles": "harbor_tiles", "slots": "harbor_slots"},
    "ships.yaml": {"ships": "ships"},
    "persons.yaml": {"persons": "persons"},
    "buildings.yaml": {"buildings": "buildings"},
    "pirates.yaml": {"pirates": "pirates"},
    "governors.yaml": {"governors": "governors"},
    "conversions.yaml": {"conversion_cards": "conversion_cards"},
    "dice_bonus.yaml": {"dice_bonus_tiles": "dice_bonus_tiles"},
    "luxury.yaml": {"luxury_production_tiles": "luxury_production_tiles",
                    "luxury_demand_tiles": "luxury_demand_tiles"},
    "automa.yaml": {"automa_cards": "automa_cards"},
}


@cache
def _yaml_loader() -> type:
    """libyaml's safe loader (about ten times faster than the pure-Python one; both build only
    plain data), made to refuse a key given twice in one mapping instead of keeping the last."""
    import yaml  # only when the catalogue is validated: a cached one needs no YAML parser

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class StrictLoader(base):  # type: ignore[misc,valid-type]
        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            if isinstance(node, yaml.MappingNode):
                self.flatten_mapping(node)
                seen: set[Any] = set()
                for key_node, _ in node.value:
                    key = self.construct_object(key_node, deep=deep)
                    try:
                        duplicate = key in seen
                    except TypeError:
                        continue  # unhashable: the base class says so
                    if duplicate:
                        raise yaml.constructor.ConstructorError(
                            None, None, f"the key {key!r} is given twice in one mapping", key_node.start_mark)
                    seen.add(key)
            return super().construct_mapping(node, deep)

    return StrictLoader


def _parse_yaml(name: str, content: bytes) -> Any:
    import yaml

    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CatalogueError(name, "(file)", f"cannot be read: {exc}") from None
    try:
        data = yaml.load(text, Loader=_yaml_loader())  # the safe loader only: plain data, no objects
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "syntax error"
        raise CatalogueError(name, "(file)", f"not valid YAML{where}: {problem}") from None
    except RecursionError:
        raise CatalogueError(name, "(file)", "not valid YAML: nested too deeply") from None
    except ValueError:  # Python reads no number of more than 4300 digits
        raise CatalogueError(name, "(file)", "not valid YAML: a number thousands of digits long") from None
    if data is None:
        raise CatalogueError(name, "(file)", "file is empty")
    if not isinstance(data, dict):
        raise CatalogueError(name, "(file)", f"expected a mapping of keys at the top, found {type(data).__name__}")
    _precheck(name, data)
    return data


def _precheck(name: str, data: dict[str, Any]) -> None:
    """Refuse what is far too big before pydantic looks at it: more than MAX_NODES values (YAML
    aliases can make a small file huge), a number beyond MAX_INT, and lists whose length the
    rulebook fixes at another length."""
    import datetime

    nodes = 0
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        node, where, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise CatalogueError(name, "(file)", f"more than {MAX_NODES} values (a catalogue file holds a few hundred)")
        if depth > MAX_DEPTH:
            raise CatalogueError(name, "(file)", "not valid YAML: nested too deeply")
        if isinstance(node, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k), depth + 1) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(node))
        elif isinstance(node, int) and not isinstance(node, bool) and abs(node) > MAX_INT:
            raise CatalogueError(name, where or "(top level)", f"the number {str(node)[:12]}… is far too large")
        elif isinstance(node, (datetime.date, datetime.time)):
            raise CatalogueError(name, where or "(top level)",
                                 f"{node} is read as a date; write it in quotes if it is a text")
    for key, what in _COUNTED.get(name, {}).items():
        value = data.get(key)
        if isinstance(value, list):
            _expect_count(name, key, what, len(value))


def _entry_name(raw: Any, loc: Sequence[int | str]) -> tuple[str, list[str]]:
    """Turn a pydantic error location into (entry, field path).

    The entry is the path down to the first list item that has an ``id`` (named by it, e.g.
    ``ships[3] (ship-4)``), or to the innermost mapping; what is left is the field.
    """
    parts = list(loc)
    entry_parts: list[str] = []
    node = raw
    while parts:
        key = parts[0]
        if isinstance(node, dict) and key not in node and isinstance(key, str) and key.isdigit() \
                and int(key) in node:
            key = parts[0] = int(key)  # validated as JSON, whose keys are texts
        if not (isinstance(node, dict) and key in node):
            break
        child = node[key]
        if isinstance(child, list) and len(parts) > 1 and isinstance(parts[1], int):
            idx = int(parts[1])
            item = child[idx] if idx < len(child) else None
            ident = item.get("id") if isinstance(item, dict) else None
            label = f"{key}[{idx}]" + (f" ({ident})" if ident else "")
            if ident or not isinstance(item, (dict, list)):
                entry_parts.append(label)
                parts = parts[2:]
                break
            entry_parts.append(label)
            parts = parts[2:]
            node = item
            continue
        if isinstance(child, dict) and len(parts) > 1:
            entry_parts.append(str(key))
            parts = parts[1:]
            node = child
            continue
        break
    entry = ".".join(entry_parts) or "(top level)"
    return entry, [str(p) for p in parts]


@cache
def _adapter(model: type) -> Any:
    """pydantic's validator for ``model``, built once per process."""
    from pydantic import TypeAdapter  # a cached start never validates

    return TypeAdapter(model)


def _validate(name: str, model: type, raw: dict[str, Any]) -> Any:
    """``raw`` validated by pydantic as ``model`` (a file model, or the Harbor entry for harbor.yaml)."""
    import json

    from pydantic import ValidationError

    try:
        # Through JSON and strictly: a number must be written as one (not "3", 3.0 or true), a
        # text as one, while lists still make tuples and names make enums.
        text = json.dumps(raw)
    except (TypeError, ValueError) as exc:  # a YAML date or timestamp, say
        raise CatalogueError(name, "(file)", f"holds a value that is not plain data ({exc})") from None
    try:
        return _adapter(model).validate_json(text, strict=True)
    except ValidationError as exc:
        err = exc.errors()[0]
        entry, fields = _entry_name(raw, err["loc"])
        msg = err["msg"]
        shown_types = ("enum", "literal_error", "string_pattern_mismatch", "string_too_long", "less_than_equal")
        if err["type"].endswith(("_type", "_parsing")) or err["type"] in shown_types:
            shown = json.dumps(err["input"], ensure_ascii=False, default=str)
            msg += f" (found {shown if len(shown) <= 40 else shown[:39] + '…'})"
        # "extra_forbidden" from a file model, "unexpected_keyword_argument" from an entry
        if err["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
            msg = "unknown field (not part of the model)"
        elif err["type"] == "missing":
            msg = "required field is missing"
        more = len(exc.errors()) - 1
        if more:
            msg += f" (and {more} more problem{'s' if more > 1 else ''} in this file)"
        raise CatalogueError(name, entry, msg, ".".join(fields) or None) from None


def load_catalogue(directory: str | Path | None = None, *, cache: bool = False) -> Catalogue:
    """Read, validate and cross-check every catalogue file in ``directory`` (default: shipped).

    With ``cache``, a catalogue checked on an earlier run from the very same files and code is
    taken from the user's cache folder instead (see ``great_harbor.data.cache``), and one
    checked now is kept there; for the game's start-up, never for ``validate-data``."""
    root = Path(directory) if directory is not None else default_data_dir()
    texts, joined, fingerprint = _read_files(root)
    key = None
    if cache:
        key = catalogue_cache.cache_key(root, joined)
        cached = catalogue_cache.read_cached(key, fingerprint, root, Catalogue, _check) if key is not None else None
        if cached is not None:
            return cached
    from .files import FILES  # here: pydantic's models only when validating (start-up from the cache skips them)

    models = {name: _validate(name, FILES[name], _parse_yaml(name, texts[name])) for name in FILE_NAMES}
    cat = _assemble(root, fingerprint, models)
    _check(cat)
    if key is not None:
        catalogue_cache.write_cached(key, cat)
    return cat


def _read_files(root: Path) -> tuple[dict[str, bytes], bytes, str]:
    """The bytes of every catalogue file in ``root``, all of them joined, and their fingerprint."""
    if not root.is_dir():
        raise CatalogueError(str(root), "(directory)", "no such directory")
    texts: dict[str, bytes] = {}
    for name in FILE_NAMES:
        path = root / name
        if not path.exists():
            raise CatalogueError(name, "(file)", "file is missing")
        try:
            texts[name] = read_regular(path, MAX_FILE_BYTES)
        except NotARegularFile:
            raise CatalogueError(name, "(file)", "is not a regular file") from None
        except TooLarge:
            raise CatalogueError(name, "(file)", f"is larger than {MAX_FILE_BYTES // 1024} KB "
                                                 "(a catalogue file is a few KB)") from None
        except OSError as exc:
            raise CatalogueError(name, "(file)", f"cannot be read: {(exc.strerror or str(exc)).lower()}") from None
    joined = b"".join(name.encode() + b"\0" + data + b"\0" for name, data in texts.items())
    return texts, joined, hashlib.sha256(joined).hexdigest()[:16]


@cache
def shipped_fingerprint() -> str | None:
    """The fingerprint of the catalogue shipped with the game (its files are read, not validated),
    or None when they cannot be read: what tells an edited catalogue from the shipped one."""
    try:
        return _read_files(default_data_dir())[2]
    except CatalogueError:
        return None


EARLIER_FINGERPRINTS = "earlier-fingerprints.txt"


def earlier_fingerprints(directory: Path) -> frozenset[str]:
    """Fingerprints of earlier versions of the catalogue in ``directory`` that play exactly like it
    (``earlier-fingerprints.txt`` there: one per line, ``#`` comments); empty when there is none."""
    try:  # a regular file of at most 64 KB (OSError for a FIFO, a device or a huge file too)
        text = read_regular(Path(directory) / EARLIER_FINGERPRINTS, 64 * 1024).decode("utf-8", "replace")
    except OSError:
        return frozenset()
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines()[:1000])
    return frozenset(line for line in lines if line)


def _by_id(file: str, key: str, items: Iterable[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, item in enumerate(items):
        if item.id in out:
            raise CatalogueError(file, f"{key}[{i}] ({item.id})", "duplicate id", "id")
        out[item.id] = item
    return out


def _assemble(root: Path, fingerprint: str, m: dict[str, Any]) -> Catalogue:
    harbor: Harbor = m["harbor.yaml"]
    _by_id("harbor.yaml", "tiles", harbor.tiles)
    _by_id("harbor.yaml", "slots", harbor.slots)
    return Catalogue(
        directory=root,
        fingerprint=fingerprint,
        harbor=harbor,
        ships=_by_id("ships.yaml", "ships", m["ships.yaml"].ships),
        persons=_by_id("persons.yaml", "persons", m["persons.yaml"].persons),
        buildings=_by_id("buildings.yaml", "buildings", m["buildings.yaml"].buildings),
        pirates=_by_id("pirates.yaml", "pirates", m["pirates.yaml"].pirates),
        governors=_by_id("governors.yaml", "governors", m["governors.yaml"].governors),
        conversion_cards=_by_id("conversions.yaml", "conversion_cards", m["conversions.yaml"].conversion_cards),
        dice_bonus_tiles=_by_id("dice_bonus.yaml", "dice_bonus_tiles", m["dice_bonus.yaml"].dice_bonus_tiles),
        senate=m["senate.yaml"].senate,
        trade_board=m["trade.yaml"].trade_board,
        colony_board=m["colony.yaml"].colony_board,
        luxury_production_tiles=_by_id(
            "luxury.yaml", "luxury_production_tiles", m["luxury.yaml"].luxury_production_tiles
        ),
        luxury_demand_tiles=_by_id("luxury.yaml", "luxury_demand_tiles", m["luxury.yaml"].luxury_demand_tiles),
        supply=m["supply.yaml"].supply,
        automa_cards=_by_id("automa.yaml", "automa_cards", m["automa.yaml"].automa_cards),
        automa_board=m["automa.yaml"].automa_board,
    )


# --- whole-catalogue checks -----------------------------------------------------------------------


def _expect_count(file: str, entry: str, what: str, found: int) -> None:
    want = EXPECTED_COUNTS[what]
    if found != want:
        raise CatalogueError(file, entry, f"the rulebook has {want} {what.replace('_', ' ')}, found {found}")


def _check(cat: Catalogue) -> None:
    _check_harbor(cat)
    _check_cards(cat)
    _check_boards(cat)
    _check_automa(cat)


def _check_harbor(cat: Catalogue) -> None:
    f = "harbor.yaml"
    h = cat.harbor
    _expect_count(f, "tiles", "harbor_tiles", len(h.tiles))
    _expect_count(f, "slots", "harbor_slots", len(h.slots))
    if list(h.tier_thresholds) != sorted(set(h.tier_thresholds)) or h.tier_thresholds[0] < 1:
        raise CatalogueError(f, "tier_thresholds", "thresholds must rise strictly from at least 1")
    fixed = [t for t in h.tiles if t.fixed_cell is not None]
    if [t.id for t in fixed] != [SHIPYARD]:
        raise CatalogueError(f, "tiles", "exactly the Shipyard must have a fixed_cell", "fixed_cell")
    if fixed[0].fixed_cell != (1, 1):
        raise CatalogueError(f, f"tiles ({SHIPYARD})", "the Shipyard lies in the centre, [1, 1]", "fixed_cell")
    seen: dict[tuple[Cell, Cell], str] = {}
    for i, s in enumerate(h.slots):
        entry = f"slots[{i}] ({s.id})"
        r, c = s.cell
        if not (0 <= r < h.rows and 0 <= c < h.cols):
            raise CatalogueError(f, entry, f"cell {list(s.cell)} is outside the 3x3 grid", "cell")
        key = _edge_key(s.cell, s.side)
        if key in seen:
            raise CatalogueError(f, entry, f"the same edge as slot {seen[key]}", "side")
        seen[key] = s.id
    # 12 inner + 12 outer edges; with 24 distinct in-grid edges every edge is covered once.
    for i, t in enumerate(h.tiles):
        for tier, benefit in enumerate(t.benefits, start=1):
            for res, n in benefit.resources.items():
                if n < 1:
                    raise CatalogueError(f, f"tiles[{i}] ({t.id})", f"tier {tier} gives {n} {res}", "benefits")


def _check_cards(cat: Catalogue) -> None:
    sizes = Counter(s.size for s in cat.ships.values())
    _expect_count("ships.yaml", "ships", "ships", len(cat.ships))
    for size in Size:
        _expect_count("ships.yaml", "ships", f"ships_{size.value}", sizes[size])
    _check_numbers("ships.yaml", "ships", list(cat.ships.values()))
    _expect_count("persons.yaml", "persons", "persons", len(cat.persons))
    _check_numbers("persons.yaml", "persons", list(cat.persons.values()))
    _expect_count("buildings.yaml", "buildings", "buildings", len(cat.buildings))
    _check_numbers("buildings.yaml", "buildings", list(cat.buildings.values()))
    for file, key, cards in (
        ("ships.yaml", "ships", cat.ships.values()),
        ("buildings.yaml", "buildings", cat.buildings.values()),
    ):
        for card in cards:
            for res, n in card.cost.items():
                if n < 1:
                    raise CatalogueError(file, f"{key} ({card.id})", f"cost of {n} {res} must be at least 1", "cost")
    _expect_count("pirates.yaml", "pirates", "pirates", len(cat.pirates))
    strengths = Counter(p.strength for p in cat.pirates.values())
    if dict(strengths) != PIRATE_STRENGTHS:
        raise CatalogueError(
            "pirates.yaml", "pirates", f"strengths must be {PIRATE_STRENGTHS}, found {dict(sorted(strengths.items()))}",
            "strength",
        )
    _expect_count("governors.yaml", "governors", "governors", len(cat.governors))
    _expect_count("conversions.yaml", "conversion_cards", "conversion_cards", len(cat.conversion_cards))
    laurels = [c.id for c in cat.conversion_cards.values() if c.laurel]
    if len(laurels) != 1:
        raise CatalogueError("conversions.yaml", "conversion_cards", f"exactly one laurel card, found {len(laurels)}",
                             "laurel")
    _expect_count("dice_bonus.yaml", "dice_bonus_tiles", "dice_bonus_tiles", len(cat.dice_bonus_tiles))
    for tile in cat.dice_bonus_tiles.values():
        missing = set(Colour) - set(tile.mapping)
        if missing:
            raise CatalogueError("dice_bonus.yaml", f"dice_bonus_tiles ({tile.id})",
                                 f"no resource for {', '.join(sorted(missing))}", "mapping")
    _expect_count("luxury.yaml", "luxury_production_tiles", "luxury_production_tiles",
                  len(cat.luxury_production_tiles))
    _expect_count("luxury.yaml", "luxury_demand_tiles", "luxury_demand_tiles", len(cat.luxury_demand_tiles))


def _check_numbers(file: str, key: str, cards: list[Ship] | list[Person] | list[Building]) -> None:
    numbers = [c.number for c in cards]
    if sorted(numbers) != list(range(1, len(cards) + 1)):
        dup = [n for n, k in Counter(numbers).items() if k > 1]
        detail = f"number {dup[0]} is used twice" if dup else "numbers must run 1..N"
        raise CatalogueError(file, key, detail, "number")


def _check_boards(cat: Catalogue) -> None:
    f = "senate.yaml"
    colours = [t.colour for t in cat.senate.tracks]
    if sorted(colours) != sorted(Colour) or len(colours) != 4:
        raise CatalogueError(f, "senate.tracks", "needs one track per colour", "colour")
    _check_track_spaces(f, "senate.tracks", cat.senate.tracks, cat.senate.length)
    _check_bridges(f, "senate.bridges", colours, cat.senate.bridges, cat.senate.length)

    cb = cat.colony_board
    f = "colony.yaml"
    ids = _by_id(f, "colony_board.sites", cb.sites)
    for kind, count in (("dock_hut", cb.docks), ("insula", cb.person_slots)):
        idx = sorted(s.index for s in cb.sites if s.kind == kind)
        if idx != list(range(1, count + 1)):
            raise CatalogueError(f, "colony_board.sites", f"{kind} sites must be numbered 1..{count}", "index")
    for a, b in cb.adjacency:
        for ref in (a, b):
            if ref not in ids:
                raise CatalogueError(f, "colony_board.adjacency", f"unknown site {ref!r}")

    s: Supply = cat.supply
    f = "supply.yaml"
    if sorted(s.dice_by_seats) != [2, 3, 4]:
        raise CatalogueError(f, "supply.dice_by_seats", "needs rows for 2, 3 and 4 seats")
    for seats, row in s.dice_by_seats.items():
        if row.drawn != 2 * seats + 1:
            raise CatalogueError(f, f"supply.dice_by_seats.{seats}", f"{seats} seats draw {2 * seats + 1} dice",
                                 "drawn")
        if row.per_colour > s.dice_per_colour or row.per_colour * 4 < row.drawn:
            raise CatalogueError(f, f"supply.dice_by_seats.{seats}", "impossible number of dice", "per_colour")
    luxuries = Counter(t.luxury for t in cat.luxury_production_tiles.values())
    if len(luxuries) < s.min_luxury_types_per_player:
        raise CatalogueError("luxury.yaml", "luxury_production_tiles", "too few luxury types to deal")

    demand_slots = sum(seg.demand_slots for seg in cat.trade_board.segments)
    if demand_slots > len(cat.luxury_demand_tiles):
        raise CatalogueError("trade.yaml", "trade_board.segments", "more demand slots than demand tiles",
                             "demand_slots")


def _check_track_spaces(file: str, entry: str, tracks: Sequence[Any], length: int) -> None:
    for t in tracks:
        spaces = [sp.space for sp in t.spaces]
        if len(set(spaces)) != len(spaces):
            raise CatalogueError(file, f"{entry} ({t.colour})", "two bonuses on one space", "space")
        for sp in spaces:
            if sp >= length:
                raise CatalogueError(file, f"{entry} ({t.colour})", f"space {sp} is past the end ({length - 1})",
                                     "space")


def _check_bridges(file: str, entry: str, order: list[Colour], bridges: Sequence[Any], length: int) -> None:
    for b in bridges:
        a, c = b.tracks
        if a not in order or c not in order or abs(order.index(a) - order.index(c)) != 1:
            raise CatalogueError(file, entry, f"{a} and {c} are not neighbouring tracks", "tracks")
        if b.space >= length:
            raise CatalogueError(file, entry, f"space {b.space} is past the end ({length - 1})", "space")


def _check_automa(cat: Catalogue) -> None:
    f = "automa.yaml"
    _expect_count(f, "automa_cards", "automa_cards", len(cat.automa_cards))
    numbers = sorted(c.number for c in cat.automa_cards.values())
    if numbers != list(range(1, len(numbers) + 1)):
        raise CatalogueError(f, "automa_cards", "numbers must run 1..N", "number")
    for i, card in enumerate(cat.automa_cards.values()):
        if card.tile not in cat.tiles:
            raise CatalogueError(f, f"automa_cards[{i}] ({card.id})", f"unknown Harbor tile {card.tile!r}", "tile")
    board = cat.automa_board
    colours = [t.colour for t in board.tracks]
    if sorted(colours) != sorted(Colour) or len(colours) != 4:
        raise CatalogueError(f, "automa_board.tracks", "needs one track per colour", "colour")
    _check_track_spaces(f, "automa_board.tracks", board.tracks, board.length)
    _check_bridges(f, "automa_board.bridges", colours, board.bridges, board.length)


__all__ = ["Catalogue", "CatalogueError", "EXPECTED_COUNTS", "Resource", "default_data_dir", "load_catalogue"]
