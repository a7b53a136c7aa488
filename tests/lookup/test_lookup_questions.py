"""The lookup answers questions in players' words: what a question is about decides the ranking
(a player's rule before the Automa's, a card only when named, sections before their chapters),
everyday words reach the rule, every page about the program is found by more than one phrasing,
the command line and the game rank alike, and hostile catalogue text cannot slow the index down.

The figures (how often the answer comes first over a question set) are a benchmark:
``python3 bench/lookup.py``. These tests pin the patterns.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
import yaml

from great_harbor.engine.scoring import ITEM_NAMES, ITEMS
from great_harbor.lookup.now import confident
from great_harbor.lookup.reference import Entry, load_reference, parse_markdown
from great_harbor.lookup.search import MAX_FUZZY, MAX_WORD, SearchIndex, default_index, search
from great_harbor.lookup.terminal import find

QUESTION_SETS = sorted((Path(__file__).resolve().parents[2] / "bench" / "questions").glob("*.yaml"))


def ranked(query: str, limit: int = 3) -> list[str]:
    return [result.entry.id for result in search(query, limit=limit)]


def first(query: str) -> str:
    found = ranked(query, 1)
    assert found, f"nothing found for {query!r}"
    return found[0]


def is_automa_rule(entry_id: str) -> bool:
    entry = default_index().get(entry_id)
    return entry_id == "automa" or entry_id.startswith("automa/") or "automa" in entry.title.lower()


# --- the question sets of the benchmark ------------------------------------------------------------


@pytest.mark.parametrize("path", QUESTION_SETS, ids=[path.stem for path in QUESTION_SETS])
def test_the_question_sets_name_entries_that_exist(path: Path) -> None:
    questions = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert len(questions) >= 50
    index = default_index()
    for item in questions:
        assert item["q"].strip() and item["a"], item
        for field in ("a", "near", "wrong"):
            # now:... is answered from the game in front of the player (great_harbor.lookup.now)
            unknown = [entry for entry in item.get(field, ()) if entry not in index and not entry.startswith("now:")]
            assert not unknown, f"{item['q']!r} names no such entries: {unknown}"
        assert not set(item["a"]) & set(item.get("wrong", ())), item


def test_the_sets_are_apart_and_cover_every_chapter_and_the_app() -> None:
    sets = [yaml.safe_load(path.read_text(encoding="utf-8")) for path in QUESTION_SETS]
    texts = {path.stem: {item["q"].lower() for item in questions} for path, questions in zip(QUESTION_SETS, sets,
                                                                                           strict=True)}
    for (one, first_texts), (other, other_texts) in itertools.combinations(texts.items(), 2):
        assert not first_texts & other_texts, f"questions in both {one} and {other}: {first_texts & other_texts}"
    assert len(texts["fresh"]) >= 60  # the unseen set
    assert any(item["a"][0].startswith("app/") for item in sets[[p.stem for p in QUESTION_SETS].index("fresh")])
    tuning = next(questions for path, questions in zip(QUESTION_SETS, sets, strict=True) if path.stem == "tuning")
    assert len(tuning) >= 80
    index = default_index()
    chapters = {index.get(entry).parent or entry for item in tuning for entry in item["a"] if entry in index}
    rule_chapters = {entry.id for entry in index.children() if entry.kind == "rules"}
    # Chapters that only introduce others have nothing of their own to ask about.
    assert rule_chapters - chapters <= {"turn-structure", "additional-rules"}, rule_chapters - chapters


# --- entries carry the questions they answer ---------------------------------------------------------


def test_every_rules_section_lists_questions_it_answers() -> None:
    missing = [
        entry.id for entry in load_reference()
        if entry.parent is not None and entry.kind == "rules" and not entry.questions
        and not entry.id.endswith(("where-to-read-more", "fleet-actions", "what-this-chapter-covers",
                                   "related-scoring", "where-the-projects-own-rulings-are-kept"))
    ]
    assert not missing, missing


def test_an_entrys_own_questions_find_it() -> None:
    index = default_index()
    lost = []
    for entry in index.entries:
        for question in entry.questions:
            if entry.id not in [result.entry.id for result in index.search(question, limit=3)]:
                lost.append(f"{entry.id}: {question}")
    assert not lost, lost


def test_questions_and_short_answers_are_parsed() -> None:
    text = (
        "# Chapter\n<!-- question: what is it about? -->\nLead.\n\n## Part\n<!-- keywords: k -->\n"
        "<!-- question: can I do this? -->\n<!-- question: and that? -->\n\n"
        "**In short:** yes, once\na turn.\n\nMore text.\n"
    )
    chapter, part = parse_markdown(text, "ch")
    assert chapter.questions == ("what is it about?",)
    assert part.questions == ("can I do this?", "and that?")
    assert part.answer == "yes, once a turn."
    assert "question:" not in part.body and part.body.startswith("**In short:**")
    assert part.topic == ()  # the chapter's keywords, of which this one has none
    assert chapter.answer is None


def test_short_answers_are_short_and_come_first() -> None:
    answered = [entry for entry in load_reference() if entry.answer is not None]
    assert len(answered) >= 30
    for entry in answered:
        assert entry.body.startswith("**In short:**"), entry.id
        assert len(entry.answer or "") <= 260, entry.id
    assert default_index().get("voyage-phase/battles").answer is not None


# --- what a question is about ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "my ship is weaker than the pirates",
        "my ship lost to the pirates, what now",
        "what happens when my ship loses a battle",
        "my ship got beaten by the pirates",
        "does my ship trade if it ties with the pirates",
    ],
)
def test_a_players_rule_comes_before_the_automas(query: str) -> None:
    top = ranked(query)
    assert top[0] == "voyage-phase/battles", top
    assert not is_automa_rule(top[0])


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("does the automa take damage from pirates", ("automa/voyage", "engine-rulings/automa-the-voyage")),
        ("what does the bot do when its ship is weaker", ("automa/voyage", "engine-rulings/automa-the-voyage")),
        ("how does the automa score", ("automa/end-of-game", "engine-rulings/automa-final-scoring")),
        # the player's rule for sending ships holds more of the words, but the question names the bot
        ("when does the bot send its ships on a voyage", ("automa/voyage", "engine-rulings/automa-the-voyage")),
    ],
)
def test_the_automas_rule_when_the_question_names_it(query: str, expected: tuple[str, ...]) -> None:
    assert first(query) in expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("how do I set up the game", "setup"),
        ("what scores at the end of the game", "end-of-game/final-scoring"),
        ("how do I get an extra pip", "dice-workers/benefit-tiers"),
    ],
)
def test_the_base_games_rule_comes_before_the_variants(query: str, expected: str) -> None:
    top = ranked(query)
    assert top[0] == expected, top
    assert not top[0].startswith("harbor-shops")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("how do shops score at the end", "harbor-shops/end-of-game"),
        ("where can a shop go", "harbor-shops/set-up-shop-action"),
        ("what do I earn when someone uses my shop", "harbor-shops/shop-income"),
        ("how many shop tokens do I get", "harbor-shops/set-up"),
        # Governor pair scoring of the base game holds more of the words, but the question names shops
        ("do shops score with my governor", "harbor-shops/end-of-game"),
    ],
)
def test_the_variants_rule_when_the_question_names_it(query: str, expected: str) -> None:
    assert first(query) == expected, ranked(query)


@pytest.mark.parametrize(
    ("query", "expected", "not_first"),
    [
        ("dock hut", "govern-actions/construct-a-colony-structure", "building-12"),  # Engineer's Hut
        ("what if I get more than 5 planks", "harbor-tiles/surplus-rule", "dice-bonus-5"),
        ("what does a colonist do on a ship", "govern-actions/employ-colonists-as-ship-crew", "building-2"),
    ],
)
def test_a_card_only_when_the_question_names_it(query: str, expected: str, not_first: str) -> None:
    top = ranked(query, 10)
    assert top[0] == expected, top
    assert not_first not in top[:3]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("engineer's hut", "building-12"),
        ("what does the corsair do", "person-21"),
        ("laurel", "conversion-laurel"),
        ("dice bonus 5", "dice-bonus-5"),
        ("architect ability", "person-15"),  # the Person, not the rule for activating one
        ("harbor master ability", "building-18"),
    ],
)
def test_a_card_the_question_names_comes_first(query: str, expected: str) -> None:
    assert first(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("keep sailing", "voyage-phase/battles"),
        ("turn my die", "roll-and-draft/dice-keep-their-faces"),
        ("can I turn the die when I draft it", "roll-and-draft/dice-keep-their-faces"),
        ("count points", "end-of-game/final-scoring"),
        ("my metal track is full", "harbor-tiles/surplus-rule"),
        ("no room for a new colonist", "harbor-tiles/new-colonists-and-favor"),
        ("how much money do I get for trading", "voyage-phase/trade"),
        ("can I fix my boat", "govern-actions/repair-a-ship"),
        ("I made a mistake, how do I fix it", "app/undo"),  # "fix" is a ship's repair or a move's undo
        ("take back a move", "app/undo"),
        ("why do I pay extra to use this tile", "shore-fees/how-the-fee-is-set"),
        ("what if the ship deck runs out", "harbor-tiles/empty-decks"),
        ("how can I avoid paying the fee", "shore-fees/getting-past-a-fee"),
        ("how long does a game take", "gameplay/length-of-a-game"),
        ("how long will this game be", "gameplay/length-of-a-game"),  # "long" is length, not the word "game"
        ("can my ship sink", "ships/damage-and-hull"),
        ("what if pirates attack my ship", "voyage-phase/battles"),
        ("can I place a die but not take the reward", "dice-workers/benefit-tiers"),
        ("when does my boat come home", "end-of-turn/ships-sail-back"),
        ("when do my ships get back", "end-of-turn/ships-sail-back"),
        ("when do workers come home", "end-of-round/workers-come-home"),
        ("which tile gives the biggest ship", "harbor-tiles/shipyard"),
        ("dice on the outer edge of the harbor", "shore-fees/shore-slots"),
        ("why can't my ship leave port", "ships/damage-and-hull"),  # "can't" says nothing of the rule
        ("why do I want insulae", "govern-actions/construct-a-colony-structure"),  # nor does "want"
        ("what do the symbols mean", "appendix-icons/icon-groups"),  # "mean" says nothing of the rule
        ("my terminal is too small", "app/screen-size"),  # nor does "too" ("a share too small ...")
        ("I undid a move, can I get it back", "app/undo"),  # an irregular past form
        ("what do I get for two blue cards", "dice-color-bonus/earning-it"),  # a colour named: colour rules
        ("any tricks against a big fee", "shore-fees/getting-past-a-fee"),  # a big fee is a high one
        ("how do I get a person that is face up", "harbor-tiles/administration-office"),  # face up: the display
    ],
)
def test_everyday_words_reach_the_rule(query: str, expected: str) -> None:
    assert first(query) == expected, ranked(query)


def test_a_rule_comes_before_the_ruling_that_settles_a_corner_of_it() -> None:
    # "Luxury tokens are limited" (an engine ruling) also holds both words; the rule says what they are
    assert first("what are luxury tokens") == "govern-actions/employ-colonists-for-luxury-production"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("how is the shore fee set", "shore-fees/how-the-fee-is-set"),
        ("how do I get past a shore fee", "shore-fees/getting-past-a-fee"),
        ("which die does the automa draft", "automa/draft"),
        ("what does the dice colour bonus give", "dice-color-bonus/using-it"),
    ],
)
def test_the_section_that_answers_comes_before_its_chapter(query: str, expected: str) -> None:
    assert first(query) == expected, ranked(query)


@pytest.mark.parametrize(("query", "chapter"), [("shore fees", "shore-fees"), ("voyage", "voyage-phase"),
                                                ("automa rules", "automa"), ("harbor shops", "harbor-shops")])
def test_a_chapters_own_title_still_opens_the_chapter(query: str, chapter: str) -> None:
    assert first(query) == chapter


# --- the program ---------------------------------------------------------------------------------------

APP_PHRASINGS = {
    "app/keys": ["keys", "keyboard shortcuts", "which key places a die", "exit the program", "can I use the mouse"],
    "app/undo": ["undo", "take back my last move", "I chose the wrong action by mistake", "oops wrong move"],
    "app/saving-and-continue": ["save game", "how do I continue a saved game", "load a game", "can I resume a game"],
    "app/replay": ["replay", "watch a recorded game step by step"],
    "app/hand-off": ["hand-off", "why is the table hidden before my turn", "how do we pass the keyboard",
                     "the screen is blank before my turn"],
    "app/automa-pace": ["automa pace", "make the automa play faster", "skip the automa playback",
                        "make the automa faster"],
    "app/other-colonies": ["other colonies", "look at an opponent's colony"],
    "app/rules-lookup": ["rules lookup", "how do I search the rules"],
    "app/game-log": ["game log", "export the log to a file"],
    "app/new-game": ["new game", "how do I start a new game"],
    "app/screen-size": ["screen size", "my terminal window is too small", "can I zoom out"],
    "app/browser-play": ["play in a browser", "can I open the game on a web page", "fontsize"],
    "app/themes-and-colours": ["change the theme", "no colours please", "NO_COLOR"],
    "app/projected-score": ["projected score", "my current score"],
}


@pytest.mark.parametrize(("entry", "phrasings"), APP_PHRASINGS.items(), ids=list(APP_PHRASINGS))
def test_every_page_about_the_program_is_found_by_two_phrasings(entry: str, phrasings: list[str]) -> None:
    assert len(phrasings) >= 2
    for phrasing in phrasings:
        assert first(phrasing) == entry, (phrasing, ranked(phrasing))


def test_every_page_about_the_program_has_phrasings_here() -> None:
    pages = {entry.id for entry in load_reference() if entry.parent == "app"}
    assert pages == set(APP_PHRASINGS)


def test_the_computer_rivals_pages_are_about_the_program() -> None:
    # "Rival strengths" shares a word with a ship's Strength: a rules question is not about rivals
    assert not any(found.startswith("computer-rivals") for found in ranked("what does strength do"))
    assert first("how strong is the hard rival") == "computer-rivals/rival-strengths"
    assert first("can the computer see my hand") == "computer-rivals/rivals-play-fair"


# --- one ranking everywhere ------------------------------------------------------------------------------


def test_the_command_line_answers_with_the_games_first_result() -> None:
    index = default_index()
    questions = yaml.safe_load(QUESTION_SETS[-1].read_text(encoding="utf-8"))
    for item in questions:
        if not confident(index.search(item["q"])):  # nothing matches well, here and in the game
            assert find(index, item["q"]) == (None, [])
            continue
        best, _ = find(index, item["q"])
        assert best is not None and best.id == index.search(item["q"], limit=25)[0].entry.id, item["q"]


def test_typing_a_query_letter_by_letter_ends_on_the_finished_ranking() -> None:
    index = default_index()
    query = "my ship lost to the pirates"
    for end in range(1, len(query) + 1):
        index.search(query[:end])  # as the game searches on every key
    assert [r.entry.id for r in index.search(query)] == [r.entry.id for r in search(query)]


# --- End of Game, as the game scores it --------------------------------------------------------------


def test_the_end_of_game_entry_lists_the_rows_of_the_final_scores() -> None:
    entry = default_index().get("end-of-game/final-scoring")
    rows = [line.split("|")[1].strip() for line in entry.body.splitlines() if re.match(r"^\| [A-Z]", line)]
    assert rows[1:] == [ITEM_NAMES[item] for item in ITEMS]  # after the header row
    assert "Persons" in entry.body and "(engine-rulings/person-cards-score-their-prestige)" in entry.body
    assert "Persons" in (entry.answer or "")


# --- hostile catalogue text --------------------------------------------------------------------------------


def test_a_huge_word_is_indexed_in_linear_time() -> None:
    word = "q" * 1_000_000
    index = SearchIndex([Entry(id="card-x", title=word, body=f"{word} {'ab' * 300} plain", kind="card")])
    assert all(len(variant) < MAX_FUZZY for variant in index._deletes)  # no deletion table for long words
    assert max(len(term) for term in index._postings) == MAX_WORD
    assert [result.entry.id for result in index.search(word)] == ["card-x"]  # cut the same way
    assert [result.entry.id for result in index.search("qqqqqq")] == ["card-x"]  # a beginning
    assert [result.entry.id for result in index.search("plain")] == ["card-x"]
    assert index.suggest(word[:5000]) in ([], [index.get("card-x")])


def test_no_entry_copies_a_question_of_the_benchmark() -> None:
    """An entry lists the questions it answers in its own words: copying the benchmark's would
    tune it to single questions (and make the held-out set measure nothing)."""

    def plain(text: str) -> str:
        return " ".join(re.findall(r"[a-z0-9]+", text.lower().replace("'", "")))

    asked = {plain(item["q"]): path.stem for path in QUESTION_SETS
             for item in yaml.safe_load(path.read_text(encoding="utf-8"))}
    copied = [f"{entry.id}: {question} ({asked[plain(question)]})" for entry in load_reference()
              for question in entry.questions if plain(question) in asked]
    assert not copied, copied


def test_a_pasted_page_is_searched_by_its_beginning() -> None:
    page = "my ship lost to the pirates " + "and then " * 50_000
    assert first(page) == "voyage-phase/battles"
