"""The card glossary: lookup entries generated from the component catalogue.

One entry per Person, Building, Ship, Harbor tile, Pirate, Governor, Conversion card and Dice Bonus
tile, plus the boards whose numbers the rulebook leaves to the catalogue (each Senate track, the
Trade board, the Colony board, the Automa board). Every name, number and effect text comes from the YAML files, so an
edited catalogue shows up in the lookup without touching any prose here.

Ids: a card's entry id is its catalogue id (``person-21``, ``building-7``, ``ship-3``, ``pirate-4``,
``governor-2``, ``conversion-laurel``, ``dice-bonus-1``). A Harbor tile's is ``tile-`` and its id with
``_`` written as ``-`` (``tile-forum``, ``tile-colonists-office``); a Senate track's is
``senate-<colour>``; the other boards are ``trade-board``, ``colony-board`` and ``automa-board``. All of them hang in a
tree under one root, ``glossary`` (Card Glossary), with one group per kind (``glossary/persons``,
``glossary/tiles``, ...). Every entry's ``links`` point to the rules that explain it, and to the
rulings that mention it by name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from great_harbor.lookup.reference import Entry, load_reference, slugify

if TYPE_CHECKING:
    from great_harbor.data.catalogue import Catalogue
    from great_harbor.data.models import Benefit, CardDraw, Chosen, ConversionCard, HarborTile, Person, SenateBonus

__all__ = [
    "GLOSSARY_ROOT",
    "GROUPS",
    "build_glossary",
    "card_entry_id",
    "senate_entry_id",
    "tile_entry_id",
]

GLOSSARY_ROOT = "glossary"
CARD_KIND = "card"
BOARD_KIND = "board"
GROUP_KIND = "glossary"

RESOURCE_NAMES = {"sails": "Sails", "rope": "Rope", "planks": "Planks", "metal": "Metal"}
SIZE_ORDER = {"small": 0, "medium": 1, "large": 2}
TILE_CHAPTER = "harbor-tiles"
RULING_CHAPTERS = ("rulings", "engine-rulings")
MAX_RULING_LINKS = 3
# Words a player uses for what a Person or Building does ("patrician ability"): indexed with each.
CARD_EFFECT_WORDS = ("ability", "power", "effect")


@dataclass(frozen=True, slots=True)
class Group:
    """One kind of component in the glossary tree."""

    id: str
    title: str
    file: str  # the catalogue file its numbers come from
    about: str  # one line for the group's page


GROUPS: tuple[Group, ...] = (
    Group("glossary/persons", "Persons", "persons.yaml", "Person cards: colour, Prestige, when they act, effect."),
    Group("glossary/buildings", "Buildings", "buildings.yaml", "Building cards: cost, colour, Prestige, kind, effect."),
    Group("glossary/ships", "Ships", "ships.yaml", "Ship cards: size, colour, cost, Prestige and the four stats."),
    Group("glossary/tiles", "Harbor Tiles", "harbor.yaml", "The nine Harbor tiles and what each tier gives."),
    Group("glossary/pirates", "Pirates", "pirates.yaml", "The Pirate deck: each card's strength."),
    Group("glossary/governors", "Governors", "governors.yaml", "Governor cards and their two colours."),
    Group("glossary/conversions", "Conversions", "conversions.yaml", "Conversion cards: coins paid, what you get."),
    Group("glossary/dice-bonus", "Dice Bonus Tiles", "dice_bonus.yaml", "Which basic resource each die colour gives."),
    Group("glossary/boards", "Boards", "senate.yaml, trade.yaml, colony.yaml, automa.yaml",
          "Senate tracks, the Trade board, the Colony board and the Automa board with their numbers."),
)
_GROUP = {group.id.removeprefix("glossary/"): group for group in GROUPS}


def tile_entry_id(tile_id: str) -> str:
    """The glossary id of a Harbor tile: ``"colonists_office"`` -> ``"tile-colonists-office"``."""
    return "tile-" + tile_id.replace("_", "-")


def senate_entry_id(colour: str) -> str:
    """The glossary id of a Senate track: ``"red"`` -> ``"senate-red"``."""
    return f"senate-{colour}"


def card_entry_id(card_id: str) -> str:
    """The glossary id of a Person, Building, Ship, Pirate, Governor, Conversion or Dice Bonus card:
    the catalogue id itself."""
    return card_id


# --- wording helpers ------------------------------------------------------------------------------


def _join(parts: Sequence[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    parts = [part for part in parts if part]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _count(number: int, singular: str, plural: str | None = None) -> str:
    return f"{number} {singular if number == 1 else (plural or singular + 's')}"


def _amounts(cost: Mapping[Any, int]) -> str:
    """``{planks: 2, metal: 1}`` -> ``"2 Planks, 1 Metal"``."""
    return ", ".join(f"{amount} {RESOURCE_NAMES[str(resource)]}" for resource, amount in cost.items()) or "nothing"


def _colour(colour: Any) -> str:
    return str(colour).capitalize()


def _facts(rows: Iterable[tuple[str, object]]) -> str:
    return "\n".join(f"- **{label}**: {value}" for label, value in rows)


def _chosen(item: Chosen) -> str:
    if not item.chosen:
        return ""
    fields = ", ".join(name.replace("_", " ") for name in item.chosen)
    # For players: no file names here (whoever installed the game finds them in the data guide).
    return (f"*This edition's choice*: the rulebook does not give this card's {fields}. If your printed "
            f"card differs, the card is right; whoever installed the game can set it to match.")


def _section(title: str, text: str) -> str:
    return f"**{title}**: {text}"


# --- the builder ----------------------------------------------------------------------------------


@dataclass(slots=True)
class _Card:
    """An entry before its links are rendered: links need every entry's title."""

    id: str
    title: str
    group: str
    text: str
    keywords: tuple[str, ...]
    links: tuple[str, ...]
    kind: str = CARD_KIND
    name: str = ""  # the component's own name, to find the rulings that mention it
    number: int | None = None


class _Glossary:
    def __init__(self, catalogue: Catalogue) -> None:
        self.cat = catalogue
        self.reference = {entry.id: entry for entry in load_reference()}
        self.cards: list[_Card] = []

    # -- helpers --

    def add(self, card: _Card) -> None:
        self.cards.append(card)

    def rule(self, *candidates: str) -> str:
        """The first candidate that is a reference entry id (they are tried in order)."""
        for entry_id in candidates:
            if entry_id in self.reference:
                return entry_id
        raise KeyError(f"none of the reference entries {candidates} exists")

    def optional(self, *entry_ids: str) -> tuple[str, ...]:
        """Those of ``entry_ids`` that are reference entries (for chapters that may come and go)."""
        return tuple(entry_id for entry_id in entry_ids if entry_id in self.reference)

    def rulings_about(self, name: str, number: int | None) -> tuple[str, ...]:
        """Ruling sections that mention a component by name. A name followed by a number
        (``Captain 18``) counts only for the card with that number."""
        if not name:
            return ()
        pattern = re.compile(rf"\b{re.escape(name)}\b(?:\s+(\d+))?")
        found: list[str] = []
        for entry in self.reference.values():
            if entry.parent not in RULING_CHAPTERS:
                continue
            text = f"{entry.title}\n{entry.body}"
            if name not in text:  # most rulings name nothing of this card: no pattern to run
                continue
            numbers = [match.group(1) for match in pattern.finditer(text)]
            if any(mentioned is None or mentioned == str(number) for mentioned in numbers):
                found.append(entry.id)
        return tuple(found[:MAX_RULING_LINKS])

    # -- kinds --

    def persons(self) -> None:
        by_name: dict[str, list[Person]] = {}
        for person in self.cat.persons.values():
            by_name.setdefault(person.name, []).append(person)
        for person in sorted(self.cat.persons.values(), key=lambda p: p.number):
            timing = "in your turn of the Action phase" if person.timing == "action" else "in the Voyage phase"
            others = [p for p in by_name[person.name] if p.id != person.id]
            text = [
                _section("Effect", person.text),
                _facts([
                    ("Card", f"Person {person.number}"),
                    ("Colour", _colour(person.colour)),
                    ("Prestige", person.prestige),
                    ("Activated", timing),
                ]),
            ]
            if others:
                copies = _join([f"Person {p.number} ({_colour(p.colour)})" for p in others])
                text.append(f"Other {person.name} cards: {copies}.")
            text.append(_chosen(person))
            self.add(_Card(
                id=card_entry_id(person.id),
                title=f"{person.name} (Person {person.number})",
                group="persons",
                text="\n\n".join(part for part in text if part),
                keywords=(
                    person.name, f"person {person.number}", f"{person.colour} person", f"{person.timing} person",
                    "person card", *CARD_EFFECT_WORDS,
                ),
                links=(
                    *(card_entry_id(p.id) for p in others),
                    self.rule("appendix-persons/activation-timing"),
                    self.rule("govern-actions/play-a-person-card"),
                    self.rule("govern-actions/activate-a-person-card"),
                    *(self.optional("engine-rulings/voyage-timed-persons") if person.timing == "voyage" else ()),
                ),
                name=person.name,
                number=person.number,
            ))

    def buildings(self) -> None:
        kinds = {
            "none": "no effect: it scores its Prestige",
            "ongoing": "ongoing: works all the time once built",
            "end_of_game": "end of game: scores in final scoring",
            "employ": "employs a Colonist",
        }
        for building in sorted(self.cat.buildings.values(), key=lambda b: b.number):
            kind = kinds[building.kind]
            if building.kind == "employ":
                kind = f"employs {_count(building.colonists, 'Colonist')} to act, once a round"
            links = [self.rule("appendix-buildings/building-kinds"), self.rule("govern-actions/play-a-building-card")]
            if building.kind == "employ":
                links.append(self.rule("govern-actions/employ-a-colonist-in-a-building"))
            if building.kind == "end_of_game":
                links.append(self.rule("end-of-game/final-scoring"))
            self.add(_Card(
                id=card_entry_id(building.id),
                title=f"{building.name} (Building {building.number})",
                group="buildings",
                text="\n\n".join(part for part in (
                    _section("Effect", building.text),
                    _facts([
                        ("Card", f"Building {building.number}"),
                        ("Colour", _colour(building.colour)),
                        ("Cost", _amounts(building.cost)),
                        ("Prestige", building.prestige),
                        ("Kind", kind),
                    ]),
                    _chosen(building),
                ) if part),
                keywords=(
                    building.name, f"building {building.number}", f"{building.colour} building",
                    building.kind.replace("_", " "), "building card", *CARD_EFFECT_WORDS,
                ),
                links=tuple(links),
                name=building.name,
                number=building.number,
            ))

    def ships(self) -> None:
        for ship in sorted(self.cat.ships.values(), key=lambda s: s.number):
            stats = (
                "| Speed | Strength | Cargo | Hull |\n|---|---|---|---|\n"
                f"| {ship.speed} | {ship.strength} | {ship.cargo} | {ship.hull} |"
            )
            self.add(_Card(
                id=card_entry_id(ship.id),
                title=f"{ship.name} (Ship {ship.number})",
                group="ships",
                text="\n\n".join(part for part in (
                    _facts([
                        ("Card", f"Ship {ship.number}"),
                        ("Size", ship.size.value),
                        ("Colour", _colour(ship.colour)),
                        ("Cost", _amounts(ship.cost)),
                        ("Prestige", f"{ship.prestige}, scored at the end even if the ship was retired"),
                    ]),
                    stats,
                    f"Crew can add 1 each to Speed, Strength and Cargo; at most {_count(ship.hull, 'crew member')} "
                    f"(its Hull). It cannot sail with {_count(ship.hull, 'Damage token')} or more.",
                    _chosen(ship),
                ) if part),
                keywords=(
                    ship.name, f"ship {ship.number}", f"{ship.size.value} ship", f"{ship.colour} ship", "ship card",
                ),
                links=(
                    self.rule("ships/ship-stats"),
                    self.rule("govern-actions/play-a-ship-card"),
                    self.rule("govern-actions/employ-colonists-as-ship-crew"),
                    self.rule("ships/damage-and-hull"),
                ),
                name=ship.name,
                number=ship.number,
            ))

    def tiles(self) -> None:
        thresholds = self.cat.harbor.tier_thresholds
        ranges = [
            f"{low}-{high - 1}" if high - 1 > low else str(low)
            for low, high in zip(thresholds, thresholds[1:], strict=False)
        ] + [f"{thresholds[-1]} or more"]
        for tile in self.cat.harbor.tiles:
            rows = "\n".join(
                f"| {tier} | {pips} | {self._benefit(benefit)} |"
                for tier, (pips, benefit) in enumerate(zip(ranges, tile.benefits, strict=True), start=1)
            )
            table = "| Tier | Pips (no fee) | You gain |\n|---|---|---|\n" + rows
            if tile.fixed_cell is not None and self._is_inner(tile.fixed_cell):
                where = "Always in the centre of the Harbor: all four of its edges are shared, so it never has a "
                where += "Shore fee."
            elif tile.fixed_cell is not None:
                row, col = tile.fixed_cell
                where = f"Always on the same Harbor space (row {row + 1}, column {col + 1})."
            else:
                where = "Dealt to one of the other Harbor spaces at random each game; its Shore fee adds to every pips "
                where += "threshold in the table."
            section = self.rule(
                f"{TILE_CHAPTER}/{slugify(tile.id.replace('_', ' '))}", f"{TILE_CHAPTER}/{slugify(tile.name)}",
                TILE_CHAPTER,
            )
            self.add(_Card(
                id=tile_entry_id(tile.id),
                title=f"{tile.name} (Harbor tile)",
                group="tiles",
                text="\n\n".join((table, where)),
                keywords=(tile.name, f"tile {tile.name}", "harbor tile", *self._benefit_words(tile)),
                links=(
                    section,
                    self.rule("dice-workers/benefit-tiers"),
                    self.rule("shore-fees/how-the-fee-is-set"),
                    self.rule("dice-workers/splitting-pips-on-a-shared-slot"),
                ),
                name=tile.name,
            ))

    def _is_inner(self, cell: tuple[int, int]) -> bool:
        row, col = cell
        return 0 < row < self.cat.harbor.rows - 1 and 0 < col < self.cat.harbor.cols - 1

    @staticmethod
    def _draw(draw: CardDraw) -> str:
        if draw.deck == "ship":
            return f"the face-up {draw.size} Ship" if draw.size else "a face-up Ship"
        deck = draw.deck.capitalize()
        if draw.source == "display":
            return f"a {deck} of your choice from the display"
        return f"the top {deck} of the deck"

    def _benefit(self, benefit: Benefit) -> str:
        parts = [f"{amount} {RESOURCE_NAMES[str(resource)]}" for resource, amount in benefit.resources.items()]
        if benefit.colonists:
            parts.append(_count(benefit.colonists, "Colonist"))
        if benefit.favor:
            parts.append(f"{benefit.favor} Favor")
        parts.extend(self._draw(draw) for draw in benefit.draws)
        return _join(parts) or "nothing"

    @staticmethod
    def _benefit_words(tile: HarborTile) -> tuple[str, ...]:
        words: list[str] = []
        for benefit in tile.benefits:
            words.extend(str(resource) for resource in benefit.resources)
            if benefit.colonists:
                words.append("colonists")
            if benefit.favor:
                words.append("favor")
            words.extend(f"{draw.deck} card" for draw in benefit.draws)
        return tuple(dict.fromkeys(words))

    def pirates(self) -> None:
        pirates = sorted(self.cat.pirates.values(), key=lambda p: (p.strength, _number(p.id)))
        deck = _join([
            f"{sum(1 for p in pirates if p.strength == strength)} of strength {strength}"
            for strength in sorted({p.strength for p in pirates})
        ])
        for pirate in sorted(self.cat.pirates.values(), key=lambda p: _number(p.id)):
            if pirate.strength:
                effect = (
                    f"Revealed on a segment, it adds {pirate.strength} to the pirate strength that every Ship "
                    "fighting in this Voyage phase must match."
                )
            else:
                effect = "Revealed on a segment, it adds nothing to the pirate strength: calm waters."
            self.add(_Card(
                id=card_entry_id(pirate.id),
                title=f"{pirate.name} (Pirate, strength {pirate.strength})",
                group="pirates",
                text="\n\n".join((
                    _section("Effect", effect),
                    _facts([("Strength", pirate.strength)]),
                    f"The Pirate deck holds {_count(len(pirates), 'card')}: {deck}.",
                )),
                keywords=(pirate.name, f"pirate strength {pirate.strength}", "pirate card"),
                links=(self.rule("voyage-phase/battles"), self.rule("voyage-phase/pirate-cards")),
                name=pirate.name,
            ))

    def governors(self) -> None:
        for governor in sorted(self.cat.governors.values(), key=lambda g: _number(g.id)):
            top, bottom = (_colour(colour) for colour in governor.colours)
            self.add(_Card(
                id=card_entry_id(governor.id),
                title=f"{governor.name} (Governor)",
                group="governors",
                text="\n\n".join(part for part in (
                    _section(
                        "Effect",
                        f"At the end of the game every pair of one {top} and one {bottom} card in your colony "
                        "(Persons, Buildings and Ships, retired Ships too) scores 1 Prestige.",
                    ),
                    _facts([("Colours", f"{top} (top) and {bottom}")]),
                    _chosen(governor),
                ) if part),
                keywords=(governor.name, "governor card", f"{governor.colours[0]} {governor.colours[1]} governor"),
                links=(
                    self.rule("governor-traits/governor-pair-scoring"),
                    self.rule("rulings/counting-governor-pairs"),
                ),
            ))

    def conversions(self) -> None:
        for card in sorted(self.cat.conversion_cards.values(), key=lambda c: (not c.laurel, c.id)):
            in_play = (
                "It carries the laurel: always in play."
                if card.laurel
                else "In play only in games where it is drawn at setup."
            )
            self.add(_Card(
                id=card_entry_id(card.id),
                title=f"{card.name} (Conversion card)",
                group="conversions",
                text="\n\n".join(part for part in (
                    _section("Effect", f"Pay {_count(card.coins, 'coin')}: take {self._gain(card)}."),
                    f"Each player may use it once in each of their turns. {in_play}",
                    _chosen(card),
                ) if part),
                keywords=(card.name, "conversion card", "laurel" if card.laurel else "conversion"),
                links=(self.rule("govern-actions/convert-coins"),),
            ))

    @staticmethod
    def _gain(card: ConversionCard) -> str:
        gain = card.gain
        parts = []
        if gain.prestige:
            parts.append(f"{gain.prestige} Prestige")
        if gain.favor:
            parts.append(f"{gain.favor} Favor")
        if gain.colonists:
            parts.append(_count(gain.colonists, "Colonist"))
        if gain.smuggler:
            parts.append(_count(gain.smuggler, "Smuggler token"))
        if gain.any_resource:
            parts.append(f"{_count(gain.any_resource, 'basic resource')} of your choice")
        if gain.any_luxury:
            parts.append(f"{_count(gain.any_luxury, 'Luxury token')} of your choice")
        return _join(parts) or "nothing"

    def dice_bonus(self) -> None:
        for tile in sorted(self.cat.dice_bonus_tiles.values(), key=lambda t: _number(t.id)):
            number = _number(tile.id)
            rows = "\n".join(
                f"| {_colour(colour)} | {RESOURCE_NAMES[str(resource)]} |" for colour, resource in tile.mapping.items()
            )
            self.add(_Card(
                id=card_entry_id(tile.id),
                title=f"Dice Bonus tile {number}" if number else f"Dice Bonus tile {tile.id}",
                group="dice-bonus",
                text="\n\n".join(part for part in (
                    "| Die colour | Basic resource |\n|---|---|\n" + rows,
                    "While this tile is on top, it decides the resource of Dice Color Bonuses, Smuggler's District "
                    "rewards, Senate resource bonuses and Shop income.",
                    _chosen(tile),
                ) if part),
                keywords=(
                    f"dice bonus {number}", "dice bonus tile",
                    *(f"{colour} {resource}" for colour, resource in tile.mapping.items()),
                ),
                links=(
                    self.rule("dice-color-bonus/the-dice-bonus-tile"),
                    self.rule("smugglers-district/what-a-placement-earns"),
                ),
            ))

    def senate(self) -> None:
        senate = self.cat.senate
        colours = [str(track.colour) for track in senate.tracks]
        for track in senate.tracks:
            colour = str(track.colour)
            rows = "\n".join(
                f"| {space.space} | {self._senate_bonus(space.bonus, colour)} |" for space in track.spaces
            )
            bridges = [
                f"space {bridge.space} with the {_colour(_other(bridge.tracks, colour))} track: "
                f"{self._senate_bonus(bridge.bonus, colour, bridged=True)}"
                for bridge in senate.bridges
                if colour in bridge.tracks
            ]
            neighbours = _join([_colour(c) for c in _neighbours(colours, colour)])
            text = [
                f"Markers start on space 0; the last space is {senate.length - 1}. "
                f"Landing on or passing a space gives its bonus.",
                "| Space | Bonus |\n|---|---|\n" + rows,
            ]
            if bridges:
                text.append(_section(
                    f"Bridged bonuses (neighbours: {neighbours})",
                    "Gained once both markers have reached the space:\n\n" + "\n".join(f"- {b}" for b in bridges),
                ))
            text.append(_chosen(senate))
            self.add(_Card(
                id=senate_entry_id(colour),
                title=f"{_colour(colour)} Senate track",
                group="boards",
                text="\n\n".join(part for part in text if part),
                keywords=(f"senate {colour}", "senate track", "senate bonus", f"{colour} track"),
                links=(
                    self.rule("senate-board/bonuses-on-the-tracks"),
                    self.rule("senate-board/bridged-bonuses"),
                    self.rule("senate-board/moving-up"),
                ),
                kind=BOARD_KIND,
            ))

    def _senate_bonus(self, bonus: SenateBonus, colour: str, bridged: bool = False) -> str:
        parts = []
        if bonus.resource:
            which = "the colour of the track you moved on" if bridged else colour
            parts.append(
                f"{_count(bonus.resource, 'basic resource')} (the one the Dice Bonus tile gives for {which})"
            )
        if bonus.coins:
            parts.append(_count(bonus.coins, "coin"))
        if bonus.colonists:
            parts.append(_count(bonus.colonists, "Colonist"))
        if bonus.prestige:
            parts.append(f"{bonus.prestige} Prestige")
        return _join(parts) or "nothing"

    def trade_board(self) -> None:
        board = self.cat.trade_board
        names = ("near", "middle", "far")
        rows = "\n".join(
            f"| {number} ({names[number - 1]}) | {segment.positions} | {segment.coins} | {segment.prestige} | "
            f"{segment.demand_slots} | {segment.sail_back_start} |"
            for number, segment in enumerate(board.segments, start=1)
        )
        self.add(_Card(
            id="trade-board",
            title="Trade board",
            group="boards",
            text="\n\n".join(part for part in (
                "| Segment | Ship positions | Coins per Cargo | Prestige | Luxury demands | Spaces home |\n"
                "|---|---|---|---|---|---|\n" + rows,
                "A Ship trading in a segment takes its Cargo times the segment's coins, plus the Prestige; meeting "
                "one of the segment's Luxury demands scores that Prestige again. A Ship that turns back starts "
                "that many spaces from home and moves its Speed each End of Turn.",
                _chosen(board),
            ) if part),
            keywords=("trade board", "segments", "coins per cargo", "luxury demand", "sail back"),
            links=(
                self.rule("voyage-phase/the-trade-map"),
                self.rule("voyage-phase/trade"),
                self.rule("end-of-turn/ships-sail-back"),
            ),
            kind=BOARD_KIND,
        ))

    def colony_board(self) -> None:
        board = self.cat.colony_board
        names = {"dock_hut": "Dock Hut", "insula": "Insula"}
        rows = "\n".join(
            f"| {names[site.kind]} {site.index} | {_amounts(site.cost)} | {site.prestige} |" for site in board.sites
        )
        site_names = {site.id: f"{names[site.kind]} {site.index}" for site in board.sites}
        adjacent = "; ".join(f"{site_names[a]} with {site_names[b]}" for a, b in board.adjacency)
        self.add(_Card(
            id="colony-board",
            title="Colony board",
            group="boards",
            text="\n\n".join(part for part in (
                _facts([
                    ("Docks", board.docks),
                    ("Person slots", board.person_slots),
                    ("Housing", f"{board.base_housing} spaces, {board.housing_per_insula} more per Insula, "
                                f"{board.housing_per_adjacent_insulae} more per pair of neighbouring Insulae"),
                    ("Luxury production", f"{board.luxury_spaces} tiles, {board.colonists_per_luxury} Colonists "
                                          "to work one"),
                    ("Activation markers", board.activation_markers),
                    ("Resource tracks", f"0 to {board.resource_max}"),
                ]),
                "| Site | Cost | Prestige |\n|---|---|---|\n" + rows,
                f"Neighbouring sites (1 more Prestige at the end when both are built): {adjacent}."
                if adjacent else "",
                _chosen(board),
            ) if part),
            keywords=("colony board", "dock hut cost", "insula cost", "housing", "sites"),
            links=(
                self.rule("govern-actions/construct-a-colony-structure"),
                self.rule("end-of-game/final-scoring"),
            ),
            kind=BOARD_KIND,
        ))

    def automa_board(self) -> None:
        board = self.cat.automa_board
        names = {"ship": "Ship", "building": "Building", "person": "Person", "colonist": "Colonist"}

        def icon(kind: str, amount: int) -> str:
            if kind == "prestige":
                return f"{amount} Prestige"
            return names.get(kind, kind) if amount == 1 else f"{amount} {names.get(kind, kind)}s"

        colours = [str(track.colour) for track in board.tracks]
        cells = {(str(track.colour), space.space): icon(str(space.icon), space.amount)
                 for track in board.tracks for space in track.spaces}
        rows = "\n".join(
            f"| {space} | " + " | ".join(cells.get((colour, space), "·") for colour in colours) + " |"
            for space in range(1, board.length)
        )
        head = "| Space | " + " | ".join(_colour(c) for c in colours) + " |\n|---|" + "---|" * len(colours)
        bridges = [
            f"- {_colour(str(bridge.tracks[0]))} and {_colour(str(bridge.tracks[1]))}, space {bridge.space}: "
            f"{icon(str(bridge.icon), bridge.amount)}"
            for bridge in board.bridges
        ]
        self.add(_Card(
            id="automa-board",
            title="Automa board",
            group="boards",
            text="\n\n".join(part for part in (
                f"One track per die colour, spaces 0 to {board.length - 1}; every marker starts on 0. Each die "
                "the Automa places moves the marker of its colour one space right, and the icon there is done "
                "at once. At the table, F2 shows the Automa's board with its markers.",
                head + "\n" + rows,
                _section("Bridges between neighbouring tracks",
                         "Done when one marker reaches the space while the other is on or past it:\n\n"
                         + "\n".join(bridges)) if bridges else "",
                _chosen(board),
            ) if part),
            keywords=("automa board", "automa track", "automa icons", "automa markers", "automa bridge"),
            links=(
                self.rule("automa/board-actions"),
                *self.optional("automa/plays-a-ship", "automa/plays-a-building-or-person",
                               "automa/gains-a-colonist-or-prestige",
                               "engine-rulings/automa-the-end-of-a-track-and-linked-spaces"),
            ),
            kind=BOARD_KIND,
        ))

    # -- entries --

    def build(self) -> tuple[Entry, ...]:
        steps: tuple[Callable[[], None], ...] = (
            self.persons, self.buildings, self.ships, self.tiles, self.pirates, self.governors,
            self.conversions, self.dice_bonus, self.senate, self.trade_board, self.colony_board,
            self.automa_board,
        )
        for step in steps:
            step()
        for card in self.cards:
            card.links = tuple(dict.fromkeys((*card.links, *self.rulings_about(card.name, card.number))))
        titles = {entry_id: entry.title for entry_id, entry in self.reference.items()}
        titles.update((card.id, card.title) for card in self.cards)
        titles.update((group.id, group.title) for group in GROUPS)
        root_title = "Card Glossary"

        entries: list[Entry] = []
        members = {group.id: [card for card in self.cards if card.group == group.id.removeprefix("glossary/")]
                   for group in GROUPS}
        groups = [group for group in GROUPS if members[group.id]]
        lead = "Every card, tile and board with its numbers and effect, as this game plays them."
        overview = "| Group | Entries |\n|---|---|\n" + "\n".join(
            f"| [{group.title}]({group.id}) | {len(members[group.id])} |" for group in groups
        )
        entries.append(Entry(
            id=GLOSSARY_ROOT,
            title=root_title,
            body=f"{lead}\n\n{overview}",
            keywords=("glossary", "cards", "card list"),
            lead=lead,
            kind=GROUP_KIND,
            links=tuple(group.id for group in groups),
        ))
        for group in groups:
            cards = members[group.id]
            listing = "\n".join(f"- [{card.title}]({card.id})" for card in cards)
            entries.append(Entry(
                id=group.id,
                title=group.title,
                body=f"{group.about}\n\n{listing}",
                parent=GLOSSARY_ROOT,
                breadcrumb=(root_title, group.title),
                keywords=(f"{group.title} glossary",),
                lead=group.about,
                kind=GROUP_KIND,
                links=tuple(card.id for card in cards),
            ))
            for card in cards:
                entries.append(Entry(
                    id=card.id,
                    title=card.title,
                    body=f"{card.text}\n\n{_links_line(card.links, titles)}",
                    parent=group.id,
                    breadcrumb=(root_title, group.title, card.title),
                    keywords=card.keywords,
                    lead=card.text,
                    kind=card.kind,
                    links=card.links,
                ))
        return tuple(entries)


def _links_line(links: Iterable[str], titles: Mapping[str, str], label: str = "See also") -> str:
    return f"**{label}**\n\n" + "\n".join(f"- [{titles[entry_id]}]({entry_id})" for entry_id in links)


def _number(item_id: str) -> int:
    """The number at the end of an id (``pirate-7`` -> 7), 0 when there is none; for ordering."""
    tail = item_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def _other(pair: Sequence[Any], colour: str) -> str:
    return str(pair[1]) if str(pair[0]) == colour else str(pair[0])


def _neighbours(colours: Sequence[str], colour: str) -> list[str]:
    index = colours.index(colour)
    return [colours[i] for i in (index - 1, index + 1) if 0 <= i < len(colours)]


def build_glossary(catalogue: Catalogue) -> tuple[Entry, ...]:
    """The glossary entries for ``catalogue``: the root, then each group followed by its entries."""
    return _Glossary(catalogue).build()

