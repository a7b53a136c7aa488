"""Searching the rules reference: ranking, typos, phrases, ids and numbers, added entries."""

from __future__ import annotations

import pytest

from great_harbor.lookup.reference import Entry, load_reference
from great_harbor.lookup.search import SearchIndex, default_index, normalise, search, suggest, tokenize


def first(query: str) -> str:
    results = search(query)
    assert results, f"nothing found for {query!r}"
    return results[0].entry.id


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("shore fee", "shore-fees"),
        ('"shore fee"', "shore-fees"),
        ("smugler", "smugglers-district"),
        ("tier", "dice-workers/benefit-tiers"),
        ("voyage", "voyage-phase"),
        ("automa draft", "automa/draft"),
    ],
)
def test_required_queries_rank_the_right_entry_first(query: str, expected: str) -> None:
    assert first(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Shore Fees", "shore-fees"),
        ("surplus", "harbor-tiles/surplus-rule"),
        ("sailmaker", "harbor-tiles/sailmaker"),
        ("trade", "voyage-phase/trade"),
        ("turn order", "action-phase/turn-order"),
        ("retire", "govern-actions/retire-a-ship"),
        ("governor pairs", "governor-traits/governor-pair-scoring"),
        ("bridged bonus", "senate-board/bridged-bonuses"),
        ("domestic growth", "end-of-round/domestic-growth"),
        ("how many dice", "roll-and-draft/how-many-dice-come-out"),
        ("end of game", "end-of-game"),
        ("shops end of game", "harbor-shops/end-of-game"),
    ],
)
def test_more_queries(query: str, expected: str) -> None:
    assert first(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("shipyrad", "harbor-tiles/shipyard"),  # transposed letters
        ("blacksmth", "harbor-tiles/blacksmith-avenue"),  # missing letter
        ("survplus", "harbor-tiles/surplus-rule"),  # extra letter
        ("smugg", "smugglers-district"),  # unfinished word, as when typing
        ("harbour tiles", "harbor-tiles"),  # British spelling
        ("pigments", "rulings/dyes-and-pigments"),  # the other name of dyes
    ],
)
def test_typos_prefixes_and_spellings(query: str, expected: str) -> None:
    assert first(query) == expected


def test_quoted_phrase_is_required() -> None:
    results = SearchIndex(load_reference()).search('"calm seas"', limit=50)
    assert results
    assert all("calm seas" in result.entry.body.lower() for result in results)
    assert results[0].entry.id == "voyage-phase/pirate-cards"


def test_adjacent_words_beat_scattered_words() -> None:
    # "dice bonus" stands together in "The Dice Bonus tile"; both words also appear apart elsewhere.
    ids = [result.entry.id for result in search("dice bonus tile", limit=3)]
    assert "dice-color-bonus/the-dice-bonus-tile" in ids


def test_results_are_ranked_and_report_matched_words() -> None:
    results = search("shore fee", limit=20)
    scores = [result.score for result in results]
    assert scores == sorted(scores, reverse=True)
    assert set(results[0].matched) == {"shore", "fee"}
    assert len(search("shore fee", limit=2)) == 2


def test_nothing_matches_then_suggest_titles() -> None:
    assert search("xyzzy qwv") == []
    assert search("") == []
    assert search("   ") == []
    assert [entry.id for entry in suggest("govenor trates")][0] == "governor-traits"
    assert suggest("zzzz") == []


def test_normalisation() -> None:
    assert normalise("Tiers") == "tier"
    assert normalise("colonies") == "colony"
    assert normalise("dice") == "die"
    assert normalise("21") == "21"
    assert normalise("undid") == normalise("undo")  # irregular forms the stemmer cannot undo
    assert normalise("redone") == normalise("redo")
    assert tokenize("Smuggler's District, 1-2 pips") == ["smuggler", "district", "1", "2", "pip"]


GLOSSARY = [
    Entry(
        id="person-21",
        title="Corsair",
        body="Voyage: give one Ship +2 Strength for this Voyage phase, chosen before a Pirate is revealed.",
        breadcrumb=("Person cards", "Corsair"),
        keywords=("person 21",),
        kind="card",
    ),
    Entry(
        id="person-2",
        title="Investor",
        body="Add 2 temporary pips to one drafted die of the card's colour.",
        breadcrumb=("Person cards", "Investor"),
        kind="card",
    ),
    Entry(
        id="building-7",
        title="Port Crane",
        body="Employs a colonist: move one placed die to another slot.",
        breadcrumb=("Building cards", "Port Crane"),
        kind="card",
    ),
    Entry(id="ship-3", title="Swift Gaulos", body="A small red ship.", kind="card"),
    Entry(id="tile-forum", title="Forum", body="Favor and colonists.", kind="card"),
]


@pytest.fixture
def index_with_glossary() -> SearchIndex:
    index = SearchIndex(load_reference())
    index.add_entries(GLOSSARY)
    return index


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("person 21", "person-21"),
        ("person-21", "person-21"),
        ("corsair", "person-21"),
        ("corsiar", "person-21"),
        ("person 2", "person-2"),
        ("building 7", "building-7"),
        ("ship 3", "ship-3"),
        ("tile forum", "tile-forum"),
        ("shore fee", "shore-fees"),
    ],
)
def test_added_entries_are_searchable(index_with_glossary: SearchIndex, query: str, expected: str) -> None:
    results = index_with_glossary.search(query)
    assert results and results[0].entry.id == expected


def test_added_entries_do_not_touch_other_indexes(index_with_glossary: SearchIndex) -> None:
    assert index_with_glossary.get("person-21").title == "Corsair"
    assert len(index_with_glossary) == len(load_reference()) + len(GLOSSARY)
    assert default_index().get("ship-3").title != "Swift Gaulos"
    assert all(result.entry.title != "Swift Gaulos" for result in search("swift gaulos"))


def test_duplicate_ids_are_refused(index_with_glossary: SearchIndex) -> None:
    with pytest.raises(ValueError, match="person-21"):
        index_with_glossary.add_entries([Entry(id="person-21", title="Again", body="x")])


def test_a_new_word_is_found_by_prefix_after_adding() -> None:
    index = SearchIndex(load_reference())
    assert index.search("quinquereme") == []
    index.add_entries([Entry(id="ship-9", title="Quinquereme", body="A large ship.", kind="card")])
    assert index.search("quinq")[0].entry.id == "ship-9"
