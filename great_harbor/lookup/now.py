"""Questions about the game in front of the player, and how sure the lookup is of an answer.

Some questions name no rule: "what do I do now", "why can't I", "why didn't I get anything". No
entry answers them; the game does (the decision it waits for, the last refusal and its rule, the
last benefit a Shore fee cut). :func:`asks_about_now` tells which of these a query asks, from the
query's own words only (the player's words, normalised as the index normalises them); the screen
then answers from the game's typed data (``great_harbor.ui.lookup_now``).

:func:`confident` is the minimum relevance: a first result scoring below :data:`MIN_RELEVANCE`
matched only words that say little (real answers score from about 6 to 200, a match on a word
that says little about 1 to 5; filler words alone match nothing), so the lookup says that nothing
matches well instead of answering.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from great_harbor.lookup.search import Result, normalise, tokenize

__all__ = ["MIN_RELEVANCE", "NowQuestion", "asks_about_now", "confident"]

MIN_RELEVANCE = 5.0


class NowQuestion(Enum):
    """What a vague question about the game in front of the player asks."""

    PENDING = "pending"  # what the game waits for: "what do I do now"
    REFUSAL = "refusal"  # why the last thing tried was refused: "why can't I"
    FEE = "fee"  # why a placement gave nothing: "why didn't I get anything"


def _terms(words: str) -> frozenset[str]:
    return frozenset(normalise(word) for word in words.split())


# Words of a question about the present that name nothing of the rules: a query of these alone
# (and filler words) asks what the game waits for.
_PRESENT = _terms(
    "what now next do doing supposed stuck happening happen going on wait waiting waits for whose turn "
    "is it am i im me my we whats theres should must need to the game here help lost confused move play"
)
_NEGATIONS = _terms("cant cannot wont not isnt doesnt dont couldnt wouldnt no never allowed impossible")
_NOTHING = _terms("nothing anything")
_GAIN = _terms("get got gain gained receive received benefit benefits")
_WHERE = _terms("where why")
_VAGUE = _terms("why that this let allow work it there")  # words of a refusal question that name nothing


def asks_about_now(query: str) -> NowQuestion | None:
    """Which question about the game in front of the player ``query`` asks, if any."""
    words = tokenize(query.replace("'", ""))
    if not words:
        return None
    held = set(words)
    if held & _NOTHING and held & _GAIN:
        return NowQuestion.FEE  # "why didn't I get anything", "I placed a die and got nothing"
    if held & _WHERE and normalise("benefit") in held and len(words) <= 6:
        return NowQuestion.FEE  # "where did my benefit go"
    if words[0] == "why" and held & _NEGATIONS and len(held - _PRESENT - _NEGATIONS - _VAGUE) <= 1:
        # "why can't I build it", "why is it not allowed"; "why can't I undo the roll" names its rule
        return NowQuestion.REFUSAL
    if held <= _PRESENT | {"why"}:
        return NowQuestion.PENDING  # "what do I do now", "whose turn is it"
    return None


def confident(results: Sequence[Result]) -> bool:
    """Does the first result score at least the minimum relevance?"""
    return bool(results) and results[0].score >= MIN_RELEVANCE
