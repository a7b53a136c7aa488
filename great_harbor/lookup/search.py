"""Search over rules entries: ranked, typo-tolerant, phrase-aware, cheap per query.

Everything costly happens when entries are added: each entry's words are normalised (lower case,
plurals folded, a few synonyms merged) and entered in an inverted index with a weight for where they
occur (title > heading words > body). A query then only looks up its own words:

- a word found in the index counts in full;
- otherwise a word of 4+ letters may match an indexed word one edit away (a symmetric-deletion
  table makes this a handful of dictionary look-ups), at a discount;
- otherwise a word of 3+ letters may match indexed words it begins (search as you type), at a
  larger discount; the last word of the query always gets this, for typing in progress.

Entries matching more of the query's words rank above those matching fewer. Words in the query
that stand next to each other in a title, heading or body earn a phrase bonus; a quoted phrase
(``"shore fee"``) must occur. A query spelling an entry id (``person 21`` for ``person-21``) puts
that entry first. Worked examples and rulings rank a little below the rules they go with, and the
glossary's group pages below the cards they list. A qualifier in brackets at the end of a title
counts as heading words, not title words: ``Corsair (Person 21)`` is titled "Corsair", so a query
"corsair" matches that title exactly. Numbers are words like any other, but are never fuzzy-matched.

The shared index (:func:`lookup_index`, :func:`default_index`) holds the rules reference and the
card glossary built from a catalogue.
"""

from __future__ import annotations

import difflib
import math
import re
from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from great_harbor.lookup.glossary import build_glossary
from great_harbor.lookup.reference import Entry, load_reference

if TYPE_CHECKING:
    from great_harbor.data.catalogue import Catalogue

__all__ = [
    "Result",
    "SearchIndex",
    "add_entries",
    "default_index",
    "lookup_index",
    "normalise",
    "search",
    "shipped_catalogue",
    "suggest",
    "tokenize",
]

TITLE_WEIGHT = 10.0
CHAPTER_TITLE_WEIGHT = 14.0  # a top-level entry's title names a whole topic
HEADING_WEIGHT = 4.0
BODY_WEIGHT = 1.0
BODY_WEIGHT_MAX = 2.5
FUZZY_FACTOR = 0.7
PREFIX_FACTOR = 0.55
PREFIX_LIMIT = 25
PHRASE_BONUS = {"title": 15.0, "heading": 8.0, "body": 4.0}
EXACT_TITLE_BONUS = 20.0
ID_BONUS = 40.0
SUGGEST_CUTOFF = 0.6
# Worked examples and rulings rank just below the rule text they illustrate or settle.
KIND_FACTOR = {"example": 0.75, "ruling": 0.85, "glossary": 0.6}

_STOPWORDS = frozenset(
    "a an and are as at be by can do doe for from how i if in into is it its me my of on or so that the "
    "their them then there they this to was what when where which who why will with you your".split()
)
# Spellings and names that mean the same thing in this game, folded onto one word.
_SYNONYMS = {
    "dice": "die",
    "colour": "color",
    "colours": "color",
    "favour": "favor",
    "favours": "favor",
    "harbour": "harbor",
    "harbours": "harbor",
    "insulae": "insula",
    "amphorae": "amphora",
    "pigment": "dye",
    "pigments": "dye",
    "dyes": "dye",
    "bonuses": "bonus",
    "goes": "go",
}
_WORD_RE = re.compile(r"[a-z0-9]+")
_APOSTROPHES_RE = re.compile(r"['\u2019\u2018]")
_QUOTED_RE = re.compile(r'"([^"]*)"')
_QUALIFIER_RE = re.compile(r"\s*\([^()]*\)\s*$")


def _stem(word: str) -> str:
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ss", "us", "is", "ae")):
        return word
    if word.endswith("es") and word[:-2].endswith(("sh", "ch", "x", "ss")):
        return word[:-2]
    if word.endswith("s"):
        return word[:-1]
    return word


@lru_cache(maxsize=16384)
def normalise(word: str) -> str:
    """One word in the form the index stores it (``"Tiers"`` -> ``"tier"``)."""
    word = word.lower()
    stem = _stem(_SYNONYMS.get(word, word))
    return _SYNONYMS.get(stem, stem)


def tokenize(text: str) -> list[str]:
    """All words of ``text``, normalised, stop words kept (phrases need them)."""
    return [normalise(word) for word in _WORD_RE.findall(_APOSTROPHES_RE.sub("", text.lower()))]


def _content(tokens: Iterable[str]) -> list[str]:
    return [token for token in tokens if token not in _STOPWORDS]


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _padded(tokens: Iterable[str]) -> str:
    return " " + " ".join(tokens) + " "


@dataclass(frozen=True, slots=True)
class Result:
    """One search hit: the entry, its score (higher is better) and the query words it matched."""

    entry: Entry
    score: float
    matched: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Texts:
    """An entry's words as padded strings, for phrase tests."""

    title: str
    heading: str
    body: str
    title_terms: tuple[str, ...]
    plain_title: str  # lower case, punctuation dropped, for "did you mean"


class SearchIndex:
    """An inverted index over entries. Add entries at any time; queries see them at once."""

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._entries: list[Entry] = []
        self._positions: dict[str, int] = {}
        self._postings: dict[str, dict[int, float]] = {}
        self._texts: list[_Texts] = []
        self._children: dict[str | None, list[int]] = {}
        self._deletes: dict[str, set[str]] = {}
        self._sorted_terms: list[str] | None = None
        self.add_entries(entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self._positions

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._entries)

    def get(self, entry_id: str) -> Entry:
        """The entry with this id; ``KeyError`` if there is none."""
        return self._entries[self._positions[entry_id]]

    def children(self, entry_id: str | None = None) -> list[Entry]:
        """The entries whose parent is ``entry_id``, in the order added; ``None`` gives the top level
        (the reference chapters, then the glossary root): the section tree of the lookup."""
        return [self._entries[position] for position in self._children.get(entry_id, ())]

    def add_entries(self, entries: Iterable[Entry]) -> None:
        """Index more entries (e.g. a card glossary). Ids must be new."""
        for entry in entries:
            if entry.id in self._positions:
                raise ValueError(f"an entry with id {entry.id!r} is already indexed")
            self._add(entry)

    def _add(self, entry: Entry) -> None:
        position = len(self._entries)
        self._entries.append(entry)
        self._positions[entry.id] = position
        self._children.setdefault(entry.parent, []).append(position)

        qualifier = _QUALIFIER_RE.search(entry.title)
        name = entry.title[: qualifier.start()] if qualifier and qualifier.start() else entry.title
        title = tokenize(name)
        heading_phrases = [*entry.breadcrumb[:-1], *entry.keywords, entry.id.replace("/", " ")]
        if name != entry.title:
            heading_phrases.append(entry.title[len(name) :])
        heading = [tokenize(phrase) for phrase in heading_phrases]
        body = tokenize(entry.indexed_text)
        self._texts.append(
            _Texts(
                title=_padded(title),
                heading=" | ".join(_padded(words) for words in heading),
                body=_padded(body),
                title_terms=tuple(_content(title)),
                plain_title=" ".join(_WORD_RE.findall(_APOSTROPHES_RE.sub("", entry.title.lower()))),
            )
        )

        weights: defaultdict[str, float] = defaultdict(float)
        for term in set(_content(title)):
            weights[term] += TITLE_WEIGHT if entry.parent else CHAPTER_TITLE_WEIGHT
        for term in {term for words in heading for term in _content(words)}:
            weights[term] += HEADING_WEIGHT
        for term, count in Counter(_content(body)).items():
            weights[term] += min(BODY_WEIGHT + 0.3 * (count - 1), BODY_WEIGHT_MAX)
        for term, weight in weights.items():
            postings = self._postings.get(term)
            if postings is None:
                postings = self._postings[term] = {}
                self._sorted_terms = None
                if len(term) >= 4 and not term.isdigit():
                    for variant in _deletions(term):
                        self._deletes.setdefault(variant, set()).add(term)
            postings[position] = weight

    # -- query side -------------------------------------------------------------------------------

    def _idf(self, term: str) -> float:
        return math.log(1.0 + len(self._entries) / len(self._postings[term]))

    def _fuzzy(self, word: str) -> set[str]:
        found = set(self._deletes.get(word, ()))
        for variant in _deletions(word):
            if variant in self._postings:
                found.add(variant)
            found.update(self._deletes.get(variant, ()))
        found.discard(word)
        return found

    def _prefixed(self, word: str) -> list[str]:
        if self._sorted_terms is None:
            self._sorted_terms = sorted(self._postings)
        terms = self._sorted_terms
        found: list[str] = []
        index = bisect_left(terms, word)
        while index < len(terms) and terms[index].startswith(word) and len(found) < PREFIX_LIMIT:
            if terms[index] != word:
                found.append(terms[index])
            index += 1
        return found

    def _expand(self, word: str, is_last: bool) -> dict[str, float]:
        """Indexed terms standing for one query word, each with its discount factor."""
        expansions: dict[str, float] = {}
        if word in self._postings:
            expansions[word] = 1.0
        elif len(word) >= 4 and not word.isdigit():
            expansions.update(dict.fromkeys(self._fuzzy(word), FUZZY_FACTOR))
        if len(word) >= 3 and (is_last or not expansions) and not word.isdigit():
            for term in self._prefixed(word):
                expansions.setdefault(term, PREFIX_FACTOR)
        return expansions

    def search(self, query: str, limit: int = 10, *, as_you_type: bool = True) -> list[Result]:
        """Entries matching ``query``, best first; empty when nothing matches.

        ``as_you_type`` says the query is being typed, so its last word may be unfinished and also
        matches the words it begins; pass ``False`` for a finished query (the command line). A word
        found nowhere is matched as a beginning either way.
        """
        phrases = [phrase for part in _QUOTED_RE.findall(query) if (phrase := tokenize(part))]
        free = _QUOTED_RE.sub(" ", query).replace('"', " ")
        tokens = tokenize(free) + [word for phrase in phrases for word in phrase]
        words = list(dict.fromkeys(_content(tokens) or tokens))
        if not words:
            return []
        typing_last = as_you_type and not query.rstrip().endswith('"') and not query.endswith(" ")

        scores: dict[int, float] = {}
        matched: dict[int, list[str]] = {}
        for number, word in enumerate(words):
            expansions = self._expand(word, is_last=typing_last and number == len(words) - 1)
            best: dict[int, float] = {}
            for term, factor in expansions.items():
                idf = self._idf(term)
                for position, weight in self._postings[term].items():
                    value = factor * weight * idf
                    if value > best.get(position, 0.0):
                        best[position] = value
            for position, value in best.items():
                scores[position] = scores.get(position, 0.0) + value
                matched.setdefault(position, []).append(word)

        free_tokens = tokenize(free)
        bonus_phrases = [phrase for phrase in phrases if len(phrase) > 1]
        if len(_content(free_tokens)) > 1:
            bonus_phrases.append(free_tokens)
        query_id = "-".join(_WORD_RE.findall(_APOSTROPHES_RE.sub("", query.lower())))
        wanted_title = tuple(words)

        results: list[Result] = []
        for position, score in scores.items():
            texts = self._texts[position]
            if any(not self._contains(texts, _padded(phrase)) for phrase in phrases):
                continue
            score *= (len(matched[position]) / len(words)) ** 2
            for phrase in bonus_phrases:
                padded = _padded(phrase)
                for field, bonus in PHRASE_BONUS.items():
                    if padded in getattr(texts, field):
                        score += bonus
                        break
            if texts.title_terms == wanted_title:
                score += EXACT_TITLE_BONUS
            entry = self._entries[position]
            if query_id == entry.id:
                score += ID_BONUS
            score *= KIND_FACTOR.get(entry.kind, 1.0)
            results.append(Result(entry, round(score, 4), tuple(matched[position])))

        # Ties: chapters before their sections, then reference order.
        results.sort(key=lambda r: (-r.score, r.entry.parent is not None, self._positions[r.entry.id]))
        return results[:limit]

    @staticmethod
    def _contains(texts: _Texts, padded_phrase: str) -> bool:
        return padded_phrase in texts.title or padded_phrase in texts.heading or padded_phrase in texts.body

    def suggest(self, query: str, limit: int = 5) -> list[Entry]:
        """Entries whose titles look most like ``query``; for "did you mean" when search finds nothing.

        An entry scores the better of: the similarity of the whole query to its whole title, and the
        average over the query's words of each word's best similarity to a word of the title.
        """
        wanted = " ".join(_WORD_RE.findall(_APOSTROPHES_RE.sub("", query.lower())))
        if not wanted:
            return []
        words = [word for word in wanted.split() if word not in _STOPWORDS] or wanted.split()
        title_words = {word for texts in self._texts for word in texts.plain_title.split()}
        similar = [_similar_words(word, title_words) for word in words]
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(wanted)
        ranked: list[tuple[float, int, int]] = []
        for position, texts in enumerate(self._texts):
            own_words = texts.plain_title.split()
            best = sum(max((found.get(word, 0.0) for word in own_words), default=0.0) for found in similar)
            best = best / len(similar) - 0.05
            matcher.set_seq1(texts.plain_title)
            if matcher.real_quick_ratio() > best and matcher.quick_ratio() > best:
                best = max(best, matcher.ratio())
            if best >= SUGGEST_CUTOFF:
                ranked.append((-best, len(texts.plain_title), position))  # ties: shorter title first
        ranked.sort()
        return [self._entries[position] for _, _, position in ranked[:limit]]


def _similar_words(word: str, candidates: Iterable[str]) -> dict[str, float]:
    """Candidates at least ``SUGGEST_CUTOFF`` similar to ``word``, with their similarity."""
    matcher = difflib.SequenceMatcher(autojunk=False)
    matcher.set_seq2(word)
    found: dict[str, float] = {}
    for candidate in candidates:
        matcher.set_seq1(candidate)
        if matcher.real_quick_ratio() >= SUGGEST_CUTOFF and matcher.quick_ratio() >= SUGGEST_CUTOFF:
            ratio = matcher.ratio()
            if ratio >= SUGGEST_CUTOFF:
                found[candidate] = ratio
    return found


@cache
def shipped_catalogue() -> Catalogue:
    """The catalogue shipped with the game, loaded once (``CatalogueError`` if it is broken)."""
    from great_harbor.data import load_catalogue

    return load_catalogue()


def lookup_index(catalogue: Catalogue | None = None) -> SearchIndex:
    """The index the lookup searches: the rules reference plus the card glossary of ``catalogue``
    (default: the shipped one). Built once per catalogue; the UI passes its game's catalogue, the
    command line the one it loaded."""
    return _index_for(catalogue if catalogue is not None else shipped_catalogue())


@lru_cache(maxsize=4)
def _index_for(catalogue: Catalogue) -> SearchIndex:
    index = SearchIndex(load_reference())
    index.add_entries(build_glossary(catalogue))
    return index


def default_index() -> SearchIndex:
    """The shared index: the rules reference and the glossary of the shipped catalogue."""
    return lookup_index()


def search(query: str, limit: int = 10, *, as_you_type: bool = True) -> list[Result]:
    """Search the shared index (reference, glossary, and anything added with ``add_entries``)."""
    return default_index().search(query, limit, as_you_type=as_you_type)


def suggest(query: str, limit: int = 5) -> list[Entry]:
    """Nearest titles in the shared index, for when ``search`` returns nothing."""
    return default_index().suggest(query, limit)


def add_entries(entries: Iterable[Entry]) -> None:
    """Add more entries to the shared index (their ids must be new)."""
    default_index().add_entries(entries)
