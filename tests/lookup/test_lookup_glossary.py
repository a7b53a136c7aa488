"""The card glossary: built from the catalogue, complete, searchable, and following edits to the YAML."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from great_harbor.data import Catalogue, default_data_dir, load_catalogue
from great_harbor.lookup.glossary import (
    GLOSSARY_ROOT,
    GROUPS,
    build_glossary,
    card_entry_id,
    senate_entry_id,
    tile_entry_id,
)
from great_harbor.lookup.reference import Entry, load_reference
from great_harbor.lookup.search import SearchIndex, default_index, lookup_index, search

RULEBOOK = Path(__file__).resolve().parents[2].parent / "shared/rules/great-harbor-rulebook.txt"


@pytest.fixture(scope="module")
def glossary(catalogue: Catalogue) -> dict[str, Entry]:
    return {entry.id: entry for entry in build_glossary(catalogue)}


def test_every_catalogue_card_has_a_glossary_entry(catalogue: Catalogue, glossary: dict[str, Entry]) -> None:
    kinds = {
        "persons": catalogue.persons,
        "buildings": catalogue.buildings,
        "ships": catalogue.ships,
        "pirates": catalogue.pirates,
        "governors": catalogue.governors,
        "conversions": catalogue.conversion_cards,
        "dice-bonus": catalogue.dice_bonus_tiles,
    }
    for group, cards in kinds.items():
        assert cards, group
        for card_id in cards:
            entry = glossary[card_entry_id(card_id)]
            assert entry.parent == f"glossary/{group}", card_id
            assert entry.kind == "card"
    for tile in catalogue.harbor.tiles:
        assert glossary[tile_entry_id(tile.id)].parent == "glossary/tiles"
    for track in catalogue.senate.tracks:
        assert glossary[senate_entry_id(track.colour)].kind == "board"
    assert {"trade-board", "colony-board"} <= glossary.keys()
    card_count = sum(len(cards) for cards in kinds.values()) + len(catalogue.harbor.tiles)
    assert sum(1 for entry in glossary.values() if entry.kind == "card") == card_count


def test_ids_follow_the_documented_scheme(glossary: dict[str, Entry]) -> None:
    assert {"person-21", "building-7", "ship-3", "tile-forum", "tile-colonists-office", "pirate-1",
            "governor-1", "conversion-laurel", "dice-bonus-1", "senate-red"} <= glossary.keys()
    assert tile_entry_id("blacksmith_avenue") == "tile-blacksmith-avenue"


def test_entries_form_a_tree_under_the_glossary_root(glossary: dict[str, Entry]) -> None:
    root = glossary[GLOSSARY_ROOT]
    assert root.parent is None and root.title == "Card Glossary"
    assert [entry.id for entry in glossary.values() if entry.parent == GLOSSARY_ROOT] == [g.id for g in GROUPS]
    for entry in glossary.values():
        assert entry.breadcrumb[-1] == entry.title
        if entry.parent is not None:
            parent = glossary[entry.parent]
            assert entry.breadcrumb[:-1] == parent.breadcrumb
            assert entry.id in parent.links, f"{parent.id} does not list {entry.id}"
            assert f"]({entry.id})" in parent.body


def test_every_link_names_an_existing_entry_and_is_shown(glossary: dict[str, Entry]) -> None:
    index = default_index()
    for entry in glossary.values():
        assert entry.links or entry.kind == "glossary", f"{entry.id} links to no rule"
        for target in entry.links:
            assert target in index, f"{entry.id} links to missing {target}"
            assert f"]({target})" in entry.body


def test_tile_entries_link_to_their_reference_section(glossary: dict[str, Entry]) -> None:
    assert glossary["tile-forum"].links[0] == "harbor-tiles/forum"
    assert glossary["tile-colonists-office"].links[0] == "harbor-tiles/colonists-office"
    assert glossary["tile-shipyard"].links[0] == "harbor-tiles/shipyard"


def test_person_entry_carries_its_numbers_and_effect_text(catalogue: Catalogue, glossary: dict[str, Entry]) -> None:
    corsair = catalogue.persons["person-21"]
    entry = glossary["person-21"]
    assert entry.title == f"{corsair.name} (Person 21)"
    assert corsair.text in entry.body
    assert "**Colour**: Red" in entry.body and f"**Prestige**: {corsair.prestige}" in entry.body
    assert "Voyage phase" in entry.body
    assert "person 21" in entry.keywords and corsair.name in entry.keywords


def test_cards_link_to_the_rulings_that_name_them(glossary: dict[str, Entry]) -> None:
    assert "engine-rulings/captain-18-counts-ships-far-out" in glossary["person-18"].links
    assert "engine-rulings/captain-18-counts-ships-far-out" not in glossary["person-8"].links  # another Captain
    assert "engine-rulings/voyage-timed-persons" in glossary["person-21"].links
    assert "engine-rulings/card-effects-in-detail" in glossary["building-7"].links  # Port Crane
    assert "rulings/the-harbor-grid" in glossary["tile-shipyard"].links


def test_repeated_persons_point_at_each_other(glossary: dict[str, Entry]) -> None:
    patricians = [entry for entry in glossary.values() if entry.title.startswith("Patrician (")]
    assert len(patricians) == 3
    for entry in patricians:
        others = {other.id for other in patricians} - {entry.id}
        assert others <= set(entry.links)


def test_building_ship_and_tile_numbers(catalogue: Catalogue, glossary: dict[str, Entry]) -> None:
    crane = glossary["building-7"]
    assert catalogue.buildings["building-7"].text in crane.body
    assert "**Cost**: 1 Rope, 1 Metal" in crane.body and "employs 1 Colonist" in crane.body

    ship = catalogue.ships["ship-20"]
    body = glossary["ship-20"].body
    assert f"| {ship.speed} | {ship.strength} | {ship.cargo} | {ship.hull} |" in body
    assert "**Size**: large" in body and "**Prestige**: 5" in body

    forum = glossary["tile-forum"].body
    assert "| 1 | 1-2 | 1 Favor |" in forum
    assert "| 3 | 5 or more | 1 Colonist and 2 Favor |" in forum
    assert "never has a Shore fee" in glossary["tile-shipyard"].body
    assert "the face-up large Ship" in glossary["tile-shipyard"].body
    assert "a Building of your choice from the display" in glossary["tile-architects-office"].body


def test_other_kinds_state_their_numbers(glossary: dict[str, Entry]) -> None:
    assert "**Strength**: 3" in glossary["pirate-10"].body
    assert "2 of strength 0, 3 of strength 1, 3 of strength 2 and 2 of strength 3" in glossary["pirate-10"].body
    assert "Blue (top) and Yellow" in glossary["governor-1"].body
    assert "Pay 3 coins: take 1 Prestige." in glossary["conversion-laurel"].body
    assert "always in play" in glossary["conversion-laurel"].body
    assert "Pay 3 coins: take 2 basic resources of your choice." in glossary["conversion-4"].body
    assert "| Red | Rope |" in glossary["dice-bonus-1"].body
    red = glossary["senate-red"].body
    assert "| 4 | 1 Colonist |" in red and "space 6 with the Blue track: 2 Prestige" in red
    assert "| 3 (far) | 4 | 2 | 6 | 2 | 6 |" in glossary["trade-board"].body
    assert "| Insula 3 | 2 Planks, 1 Metal, 1 Sails | 1 |" in glossary["colony-board"].body
    automa = glossary["automa-board"].body  # every space of every track, and the bridges
    assert "| 1 | Ship | Person | Building | Colonist |" in automa and "| 7 | 6 Prestige | Building |" in automa
    assert "- Blue and Yellow, space 6: 4 Prestige" in automa


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("shore fee", "shore-fees"),
        ("corsair", "person-21"),
        ("Corsair", "person-21"),
        ("corsiar", "person-21"),
        ("person 21", "person-21"),
        ("person-21", "person-21"),
        ("smugler", "smugglers-district"),
        ("tier", "dice-workers/benefit-tiers"),
        ("port crane", "building-7"),
        ("building 7", "building-7"),
        ("ship 3", "ship-3"),
        ("quinquereme", "ship-17"),
        ("tile forum", "tile-forum"),
        ("calm seas", "pirate-1"),
        ("laurel", "conversion-laurel"),
        ("dice bonus 3", "dice-bonus-3"),
        ("red senate track", "senate-red"),
        ("trade board", "trade-board"),
        ("automa board", "automa-board"),
        ("hanno", "governor-1"),
        ("pirate", "voyage-phase/pirate-cards"),
        ("governor", "governor-traits"),
        ("card glossary", "glossary"),
    ],
)
def test_shared_index_ranks_reference_and_glossary(query: str, expected: str) -> None:
    results = search(query)
    assert results, query
    assert results[0].entry.id == expected, [result.entry.id for result in results[:3]]


def test_shared_index_holds_reference_and_glossary(catalogue: Catalogue) -> None:
    index = default_index()
    assert len(index) == len(load_reference()) + len(build_glossary(catalogue))
    assert lookup_index(catalogue) is lookup_index(catalogue)
    top = [entry.id for entry in index.children()]
    assert top[0] == "components" and top[-1] == GLOSSARY_ROOT
    assert [entry.id for entry in index.children("glossary/governors")] == [
        "governor-1", "governor-2", "governor-3", "governor-4",
    ]
    assert [entry.id for entry in index.children("shore-fees")][:1] == ["shore-fees/shore-slots"]
    assert index.children("person-21") == []


def test_a_whole_word_does_not_match_longer_words() -> None:
    assert search("ship")[0].entry.id == "ships"
    assert search("smugg")[0].entry.id == "smugglers-district"  # nothing exact: prefixes
    index = SearchIndex([Entry(id="a", title="Shipyard", body="x"), Entry(id="b", title="Ship", body="y")])
    assert [result.entry.id for result in index.search("ship")] == ["b"]  # typed or finished, alike
    assert {result.entry.id for result in index.search("shi")} == {"a", "b"}  # a beginning: both


@pytest.fixture
def edited_catalogue(tmp_path: Path) -> Catalogue:
    target = tmp_path / "data"
    shutil.copytree(default_data_dir(), target)
    persons = target / "persons.yaml"
    text = persons.read_text()
    old = "{id: person-21, number: 21, name: Corsair, colour: red, prestige: 1,"
    assert old in text
    persons.write_text(text.replace(old, "{id: person-21, number: 21, name: Sea Wolf, colour: blue, prestige: 3,"))
    harbor = target / "harbor.yaml"
    harbor.write_text(harbor.read_text().replace("name: Forum", "name: Market Forum"))
    return load_catalogue(target)


def test_edited_yaml_shows_up_in_the_glossary(edited_catalogue: Catalogue) -> None:
    entries = {entry.id: entry for entry in build_glossary(edited_catalogue)}
    wolf = entries["person-21"]
    assert wolf.title == "Sea Wolf (Person 21)"
    assert "**Colour**: Blue" in wolf.body and "**Prestige**: 3" in wolf.body
    assert "Sea Wolf" in wolf.keywords
    assert entries["tile-forum"].title == "Market Forum (Harbor tile)"
    assert entries["tile-forum"].links[0] == "harbor-tiles/forum"  # found by the tile id, not the name

    index = lookup_index(edited_catalogue)
    assert index.search("sea wolf")[0].entry.id == "person-21"
    assert index is not default_index()
    assert default_index().get("person-21").title.startswith("Corsair")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", re.sub(r"[^\w\s]", "", text.lower()))


def test_glossary_copies_no_run_of_twelve_words_from_the_rulebook(glossary: dict[str, Entry]) -> None:
    if not RULEBOOK.exists():
        pytest.skip(f"rulebook not found at {RULEBOOK}")
    book = _words(RULEBOOK.read_text(encoding="utf-8"))
    windows = {tuple(book[i : i + 12]) for i in range(len(book) - 11)}
    copied = []
    for entry in glossary.values():
        words = _words(entry.body)
        copied += [" ".join(words[i : i + 12]) for i in range(len(words) - 11) if tuple(words[i : i + 12]) in windows]
    assert not copied, copied


def test_an_index_of_the_reference_alone_still_works() -> None:
    index = SearchIndex(load_reference())
    assert "person-21" not in index
    assert index.search("shore fee")[0].entry.id == "shore-fees"
