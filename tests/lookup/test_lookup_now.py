"""The minimum relevance, everyday words that say little, and questions about the game in front
of the player (issue 31)."""

from __future__ import annotations

import pytest

from great_harbor.lookup import default_index
from great_harbor.lookup.now import MIN_RELEVANCE, NowQuestion, asks_about_now, confident


def first(query: str) -> str | None:
    found = default_index().search(query)
    return found[0].entry.id if found else None


@pytest.mark.parametrize("query", ["what do I do now", "what now", "what should I do", "the", "is it"])
def test_filler_words_alone_match_nothing(query: str) -> None:
    assert default_index().search(query) == []


def test_a_word_that_says_little_is_not_a_confident_answer() -> None:
    found = default_index().search("okay, any guess?")
    assert not confident(found)
    assert confident(default_index().search("shore fee"))
    assert default_index().search("shore fee")[0].score > 4 * MIN_RELEVANCE


@pytest.mark.parametrize(("query", "not_first"), [
    # "came back" is not the end-of-turn step of ships sailing back
    ("my ship came back damaged after the pirates beat it", "end-of-turn/ships-sail-back"),
    ("the bot came back with nothing", "end-of-turn/ships-sail-back"),
])
def test_came_back_is_not_sailing_back(query: str, not_first: str) -> None:
    assert first(query) != not_first


def test_weak_words_do_not_decide_the_answer() -> None:
    index = default_index()
    # the question's other words decide: "already" and "twice" count little
    for plain, padded in [("build a second dock hut", "build a second dock hut already twice"),
                          ("activate a person", "activate a person twice already")]:
        assert first(plain) == first(padded)
    assert index.search("twice")  # alone, a weak word is still searched


@pytest.mark.parametrize(("query", "kind"), [
    ("what do I do now", NowQuestion.PENDING),
    ("whose turn is it", NowQuestion.PENDING),
    ("I'm stuck", NowQuestion.PENDING),
    ("why can't I do that", NowQuestion.REFUSAL),
    ("why won't it let me", NowQuestion.REFUSAL),
    ("why didn't I get anything", NowQuestion.FEE),
    ("I placed a die and got nothing", NowQuestion.FEE),
    ("what does the corsair do", None),
    ("how do shore fees work", None),
    ("why did I get a free plank when drafting", None),
    ("why can't I undo the roll", None),  # it names its rule
])
def test_questions_about_the_game_in_front_of_the_player(query: str, kind: NowQuestion | None) -> None:
    assert asks_about_now(query) is kind
