"""Search over rules entries: ranked by what the question is about, typo-tolerant, cheap per query.

Everything costly happens when entries are added: each entry's words are normalised (lower case,
plurals and verb endings folded, everyday words folded onto the rules' words: *points* is
*Prestige*, *boat* is *ship*, *bot* is *Automa*) and entered in an inverted index with a weight
for where they occur (title > the questions the entry answers > heading words > body). A query
then only looks up its own words:

- a word found in the index counts in full;
- otherwise a word of 4+ letters may match an indexed word one edit away (a symmetric-deletion
  table makes this a handful of dictionary look-ups), at a discount;
- otherwise a word of 3+ letters may match indexed words it begins (search as you type), at a
  larger discount; the last word of the query gets this too unless it is an indexed word itself,
  so a query being typed and the same query finished rank alike (the game and
  ``great-harbor rules`` show the same order).

Entries matching more of the query's words rank above those matching fewer. Each entry lists the
questions it answers in players' words (:attr:`Entry.questions`): the more of the query's words
one of them holds, the higher the entry. Words in the query that stand next to each other in a
title, question, heading or body earn a phrase bonus; a quoted phrase (``"shore fee"``) must
occur. A query spelling an entry id (``person 21`` for ``person-21``) puts that entry first.

What the question is about decides between entries that share its words:

- the Automa's rules rank well below a player's unless the query names the Automa (or the bot):
  "my ship is weaker than the pirates" is about the player's ship; and a query that names it
  puts a player's rules below the Automa's: "when does the automa send its ships" is about the
  Automa's voyage, not the player's action of sending ships; and in a question about how the
  Automa does something, a verb of choosing (choose, pick, take, use...) says little, so the thing
  it chooses decides: "how does the automa choose a ship" is about it playing a Ship;
- likewise the rules of the Harbor Shops variant rank below the base game's unless the query names
  a shop or the variant: "what is scored at the end" is about the base game's final scoring, "do
  shops count for my governor" about the variant's;
- a card, tile or board of the glossary only when the query names it (its name or its number):
  "dock hut" is not about the Engineer's Hut, "more than 5 planks" not about Dice Bonus tile 5;
- a chapter below its sections unless the query is about the whole chapter (its title holds every
  word of the query), so the answer opens at the section, not at the top of a long chapter;
- worked examples and rulings (the rulebook's and this edition's own) a little below the rules they
  go with, and the glossary's group pages below the cards they list.

A qualifier in brackets at the end of a title counts as heading words, not title words:
``Corsair (Person 21)`` is titled "Corsair", so a query "corsair" matches that title exactly.
Numbers are words like any other, but are never fuzzy-matched. Words longer than
:data:`MAX_WORD` letters are cut there, and only words up to :data:`MAX_FUZZY` letters are
fuzzy-matched, so the cost of indexing stays linear in the text however long a word a catalogue
holds.

The shared index (:func:`lookup_index`, :func:`default_index`) holds the rules reference and the
card glossary built from a catalogue.
"""

from __future__ import annotations

import difflib
import json
import math
import re
from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

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
QUESTION_WEIGHT = 5.0
HEADING_WEIGHT = 4.0
TOPIC_WEIGHT = 2.0  # the chapter's keywords, for each of its sections
BODY_WEIGHT = 1.0
BODY_WEIGHT_MAX = 2.5
FUZZY_FACTOR = 0.7
EVERYDAY_FACTOR = 0.8
PREFIX_FACTOR = 0.55
PREFIX_LIMIT = 25
PHRASE_BONUS = {"title": 15.0, "questions": 10.0, "heading": 8.0, "body": 4.0}
# Two words of the query next to each other (stop words aside) in a title, question, heading, body.
PAIR_BONUS = {"title": 8.0, "questions": 6.0, "heading": 5.0, "body": 3.0}
EXACT_TITLE_BONUS = 20.0
ID_BONUS = 40.0
# An entry one of whose questions is close to the query: up to this much more, by the closeness of
# its closest question, squared. Closeness weighs each word by how rare it is and counts both the
# share of the query the question holds and the share of the question the query holds.
QUESTION_MATCH_BONUS = 60.0
SHARE_POWER = 2.5  # an entry's word score times (the share of the query's weight it matches) ** this
QUESTION_WORDS = 3  # queries of fewer words get a part of it: one word none, two words half
SUGGEST_CUTOFF = 0.6
SUGGEST_TITLE = 200  # letters of a title "did you mean" compares
MAX_WORD = 40  # longer words are cut: no real word is longer, and costs stay linear
MAX_FUZZY = 20  # longer words are matched exactly or as a beginning, never one edit away
MAX_QUERY = 400  # letters of a query searched
# Worked examples and rulings rank just below the rule text they illustrate or settle.
KIND_FACTOR = {"example": 0.6, "ruling": 0.75, "glossary": 0.6}
AUTOMA_FACTOR = 0.35  # an Automa rule, for a query that does not name the Automa
PLAYER_FACTOR = 0.45  # a player's rule, for a query that names the Automa
VARIANT_FACTOR = 0.5  # a rule of the Harbor Shops variant, for a query that names no shop
BASE_FACTOR = 0.7  # a rule of the base game, for a query that names a shop or the variant
UNNAMED_CARD_FACTOR = 0.3  # a card, tile or board of the glossary the query does not name
NAMED_CARD_FACTOR = 1.25  # one it names: "what does the corsair do" is about the card
NAME_ENTRIES = 8  # a word of a card's name held by at most this many entries names the card
CHAPTER_FACTOR = 0.6  # a chapter, for a query about more than its title
APP_FACTOR = 0.5  # a page about the program, for a query in no word about the program
CARD_KINDS = frozenset({"card", "board"})
RULE_KINDS = frozenset({"rules", "ruling", "example"})
AUTOMA = "automa"
VARIANT_CHAPTER = "harbor-shops"  # the optional module: its rules apply only when it is played
VARIANT_WORDS = ("shop", "variant")  # words naming it (normalised)
APP_CHAPTER = "app"  # the chapter about the program: keys, undo, saves, replay
# Chapters about the program rather than the rules: the app itself, and its computer rivals.
APP_CHAPTERS = (APP_CHAPTER, "computer-rivals")

_STOP_WORDS = (
    "a an and are as at be by can do does for from how i if in into is it its me my of on or so that the "
    "their them then there they this to was what when where which who why will with you your "
    # question words that say nothing about the rule asked
    "am been did didnt doesnt dont had has have happen happens happened im isnt ive now should "
    "than these those us we would could work works mean means meaning meant "
    "cant wont arent wasnt werent shouldnt couldnt wouldnt hasnt havent theyre "
    "please ok okay just also want wants wanted need needs needed too very really stuff actually exactly basically "
    "any idea ideas guess anyway"
)
# Spellings, names and everyday words that mean the same thing in this game, folded onto one word
# (both in the entries and in the query).
_SYNONYMS = {
    "dice": "die",
    "colour": "color",
    "colours": "color",
    "coloured": "color",
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
    "tied": "tie",
    "ties": "tie",
    "tying": "tie",
    # everyday words
    "point": "prestige",
    "points": "prestige",
    "vp": "prestige",
    "vps": "prestige",
    "money": "coin",
    "cash": "coin",
    "gold": "coin",
    "boat": "ship",
    "boats": "ship",
    "vessel": "ship",
    "vessels": "ship",
    "bot": AUTOMA,
    "bots": AUTOMA,
    "robot": AUTOMA,
    "ai": AUTOMA,
    "fix": "repair",
    "heal": "repair",
    "patch": "repair",
    "lumber": "plank",
    "timber": "plank",
    "iron": "metal",
    "steel": "metal",
    "cloth": "sail",
    "canvas": "sail",
    "fixing": "repair",
    "fixed": "repair",
    "mend": "repair",
    "sailor": "crew",
    "sailors": "crew",
    "crewman": "crew",
    "crewmen": "crew",
    "wood": "plank",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "fight": "battle",
    "fights": "battle",
    "fighting": "battle",
    "fought": "battle",
    "get": "gain",
    "gets": "gain",
    "got": "gain",
    "getting": "gain",
    "gotten": "gain",
    "put": "place",
    "puts": "place",
    "putting": "place",
    "winner": "win",
    "winners": "win",
    "won": "win",
    "winning": "win",
    "lost": "lose",
    "loses": "lose",
    "losing": "lose",
    "pick": "draft",
    "picks": "draft",
    "picked": "draft",
    "picking": "draft",
    # verbs whose endings the stemmer does not undo
    "taking": "take",
    "taken": "take",
    "took": "take",
    "making": "make",
    "made": "make",
    "using": "use",
    "used": "use",
    "giving": "give",
    "given": "give",
    "gave": "give",
    "going": "go",
    "gone": "go",
    "went": "go",
    "paid": "pay",
    "paying": "pay",
    "coming": "come",
    "came": "come",
    # irregular past forms
    "ran": "run",
    "drew": "draw",
    "drawn": "draw",
    "chose": "choose",
    "chosen": "choose",
    "built": "build",
    "bought": "buy",
    "sold": "sell",
    "kept": "keep",
    "held": "hold",
    "threw": "throw",
    "thrown": "throw",
    "spent": "spend",
    "sent": "send",
    "stood": "stand",
    "sank": "sink",
    "begin": "start",
    "begins": "start",
    "beginning": "start",
    "began": "start",
    "begun": "start",
    "undid": "undo",
    "undone": "undo",
    "redid": "redo",
    "redone": "redo",
}
# Everyday words that point at a rule named otherwise: a query word also matches these rules'
# words, at a discount (EVERYDAY_FACTOR). Keys and values are written as players and the
# reference write them; they are normalised like everything else.
_EVERYDAY_WORDS = {
    "lose": "battle damage",
    "weaker": "battle damage strength",
    "weak": "strength",
    "beaten": "battle damage",
    "defeated": "battle damage",
    "stronger": "battle strength",
    "strong": "strength",
    "full": "surplus maximum housing",
    "limit": "maximum",
    "over": "surplus",
    "extra": "surplus",
    "broken": "damage",
    "damaged": "damage",
    "money": "coin",
    "first": "anchor",
    "face": "flip",
    "side": "face",
    "cheaper": "discount",
    "odds": "chance",
    "chance": "odds",
    "tie": "equal",
    "equal": "tie",
    "room": "housing",
    "nobody": "leftover",
    "reward": "benefit",
    "price": "cost",
    "avoid": "ignore",
    "dodge": "ignore",
    "bypass": "ignore",
    "long": "length",
    "duration": "length",
    "sink": "damage",
    "sinks": "damage",
    "sunk": "damage",
    "destroyed": "damage",
    "attack": "battle pirate",
    "attacked": "battle pirate",
    "raid": "battle pirate",
    "raided": "battle pirate",
    "fix": "repair undo",  # a ship, or a mistake
    "fixing": "repair undo",
    "trick": "ignore way",
    "workaround": "ignore way",
    "decline": "declining",
    "refuse": "declining",
    "big": "large high",
    "bigger": "large",
    "biggest": "large",
    "huge": "large",
    "little": "small",
    "tiny": "small",
    "middle": "centre",
    "center": "centre",
    "edge": "shore",
    "outer": "shore",
    "outside": "shore",
    "sell": "trade convert",
    "travel": "sail move",
    "distribute": "split",
    "divide": "split",
    # a colour named stands for the colour rules
    "red": "color",
    "blue": "color",
    "yellow": "color",
    "purple": "color",
    "endgame": "end game",
    # about the program
    "exit": "quit",
    "reopen": "continue load",
    "resume": "continue load",
    "automatically": "autosave",
    "automatic": "autosave",
    "oops": "undo mistake",
    "rewind": "undo",
    "hide": "hidden cover",
    "blank": "hidden cover",
    "peek": "see hidden",
    "handover": "handoff",
    "friend": "player",
    "partner": "player",
    "faster": "fast speed",
    "quicker": "fast speed",
    "slower": "slow",
    "delay": "pace",
    "mouse": "keyboard key",
    "escape": "esc",
    "navigate": "arrow move",
    "inspect": "look see",
    "zoom": "screen size window",
}
# Two words side by side (stop words aside) that point at a rule named otherwise: together they
# are one word of the query, which also matches these words.
_EVERYDAY_PAIRS = {
    "take back": "undo",
    "pay extra": "fee shore",
    "pay more": "fee shore",
    "cost more": "fee shore",
    "costs more": "fee shore",
    "turn die": "face",
    "change die": "face",
    "count prestige": "final scoring",
    "keep sailing": "sail next segment",
    "run out": "empty limited",
    "no room": "housing",
    "not take": "declining",
    "without take": "declining",
    "come home": "sail back",
    "come back": "return",
    "go home": "sail back",
    "get back": "return",
    "face up": "display",
    "open card": "display",
}
# Idioms: pairs whose second word says nothing on its own either ("back", "extra", "out"); the pair
# stands for both words, and means its rule's words (in full, not at a discount).
_WHOLE_PAIRS = ("take back", "come back", "pay extra", "pay more", "cost more", "costs more", "run out", "face up")
# Everyday words that say little about which rule is asked, though rules' texts hold them ("came
# back" is not about ships sailing back, "twice" not about a card activated again, "already has one"
# not about Free Colonists): they count at WEAK_FACTOR, so the question's other words decide.
_WEAK_WORDS = "about again twice already same still yet ever always anymore another come"
WEAK_FACTOR = 0.25
# Verbs of choosing, as typed ("pick" is folded onto "draft": here it is the verb that matters).
_CHOOSING = frozenset("choose chooses choosing chose pick picks picking picked select selects decide decides "
                      "use uses take takes prefer prefers".split())
_NO_STEM = frozenset({"theme", "themes", "building", "buildings", "during", "nothing", "something", "anything", "thing",
                      "things"})
_WORD_RE = re.compile(r"[a-z0-9]+")
_APOSTROPHES_RE = re.compile(r"['\u2019\u2018]")
_QUOTED_RE = re.compile(r'"([^"]*)"')
_QUALIFIER_RE = re.compile(r"\s*\([^()]*\)\s*$")


def _undouble(word: str) -> str:
    """``runn`` -> ``run``: a doubled last consonant left by a cut ending (not l, s or z)."""
    if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "aeiouylsz":
        return word[:-1]
    return word


def _stem(word: str) -> str:
    if len(word) <= 3 or word.isdigit():
        return word
    if word in _NO_STEM:
        return word.removesuffix("s")
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("ss", "us", "is", "ae")):
        pass
    elif word.endswith("es") and word[:-2].endswith(("sh", "ch", "x", "ss")):
        word = word[:-2]
    elif word.endswith("s"):
        word = word[:-1]
    if len(word) > 5 and word.endswith("ing"):
        word = _undouble(word[:-3])
    elif len(word) > 4 and word.endswith("ed") and word[-3] != "e":
        word = _undouble(word[:-2])
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


@lru_cache(maxsize=16384)
def normalise(word: str) -> str:
    """One word in the form the index stores it (``"Tiers"`` -> ``"tier"``, ``"placing"`` ->
    ``"plac"``, ``"points"`` -> ``"prestige"``)."""
    word = word.lower()[:MAX_WORD]
    stem = _stem(_SYNONYMS.get(word, word))
    return _SYNONYMS.get(stem, stem)


_STOPWORDS = frozenset(normalise(word) for word in _STOP_WORDS.split())
_WEAK = frozenset(normalise(word) for word in _WEAK_WORDS.split())
_EVERYDAY = {
    normalise(word): tuple(dict.fromkeys(normalise(term) for term in terms.split()))
    for word, terms in _EVERYDAY_WORDS.items()
}


def tokenize(text: str) -> list[str]:
    """All words of ``text``, normalised, stop words kept (phrases need them)."""
    return [normalise(word) for word in _WORD_RE.findall(_APOSTROPHES_RE.sub("", text.lower()))]


def _content(tokens: Iterable[str]) -> list[str]:
    return [token for token in tokens if token not in _STOPWORDS]


_EVERYDAY_PAIR_TERMS = {
    tuple(_content(tokenize(pair))): tuple(dict.fromkeys(tokenize(terms))) for pair, terms in _EVERYDAY_PAIRS.items()
}
_WHOLE_PAIR_WORDS = frozenset(tuple(_content(tokenize(pair))) for pair in _WHOLE_PAIRS)


def _fuzzy_term(term: str) -> bool:
    """Is ``term`` matched one edit away (not too short or long, not a number)?"""
    return 4 <= len(term) <= MAX_FUZZY and not term.isdigit()


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
    """An entry's words as padded strings (for phrase tests) and what ranking needs to know of it."""

    title: str
    questions: str
    heading: str
    body: str
    title_terms: tuple[str, ...]
    id_terms: frozenset[str]  # the words of its id: "person-21" -> person, 21
    plain_title: str  # lower case, punctuation dropped, cut to SUGGEST_TITLE, for "did you mean"
    pairs: dict[str, str]  # each field's words without stop words, padded: for pairs of query words
    automa: bool  # a rule of the Automa, not of the players
    variant: bool  # a rule of the Harbor Shops variant, not of the base game
    card: bool  # a card, tile or board of the glossary
    app: bool  # about the program, not the rules


_ENTRY_FIELDS = ("id", "title", "body", "parent", "breadcrumb", "keywords", "lead", "kind", "links", "questions",
                 "topic")
_TEXTS_FIELDS = ("title", "questions", "heading", "body", "title_terms", "id_terms", "plain_title", "pairs", "automa",
                 "variant", "card", "app")


_T = TypeVar("_T")
_UNMADE: Any = object()


class _Rows(list[_T]):
    """A list whose items are made from their fields (or a line of JSON holding them) when first read."""

    def __init__(self, sources: list[Any], make: Callable[[list[Any]], _T]) -> None:
        super().__init__([_UNMADE] * len(sources))
        self._sources = sources
        self._make = make

    def __getitem__(self, position: Any) -> Any:
        item = super().__getitem__(position)
        if item is _UNMADE:  # only ever an index: the index never slices these lists
            source = self._sources[position]
            item = self._make(json.loads(source) if isinstance(source, bytes) else source)
            super().__setitem__(position, item)
        return item

    def __iter__(self) -> Iterator[_T]:
        return (self[position] for position in range(len(self)))


_K = TypeVar("_K")


class _Made(dict[_K, _T]):
    """A dict whose values are made from plain data when first read (as :class:`_Rows`): a query
    reads the postings of a few words, not of the 5,000 the index holds."""

    def __init__(self, sources: dict[_K, Any], make: Callable[[Any], _T]) -> None:
        super().__init__(sources)
        self._make = make
        self._made: set[Any] = set()

    def __getitem__(self, key: _K) -> _T:
        value = super().__getitem__(key)
        if key not in self._made:
            value = self._make(value)
            super().__setitem__(key, value)
            self._made.add(key)
        return value

    def __setitem__(self, key: _K, value: _T) -> None:
        super().__setitem__(key, value)
        self._made.add(key)

    def get(self, key: _K, default: Any = None) -> Any:
        return self[key] if key in self else default

    def setdefault(self, key: _K, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def items(self) -> Any:
        return [(key, self[key]) for key in self]

    def values(self) -> Any:
        return [self[key] for key in self]


def _postings(flat: list[Any]) -> dict[int, float]:
    return dict(zip(flat[::2], flat[1::2], strict=True))


def _question_keys(flat: list[Any]) -> list[tuple[int, int]]:
    return list(zip(flat[::2], flat[1::2], strict=True))


def _question_words(questions: list[list[str]]) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(terms) for terms in questions)


def _listed(value: Any) -> Any:
    return sorted(value) if isinstance(value, frozenset) else value


def _entry(values: list[Any]) -> Entry:
    fields = dict(zip(_ENTRY_FIELDS, values, strict=True))
    for name in ("breadcrumb", "keywords", "links", "questions", "topic"):
        fields[name] = tuple(fields[name])
    return Entry(**fields)


def _texts(values: list[Any]) -> _Texts:
    fields = dict(zip(_TEXTS_FIELDS, values, strict=True))
    fields["title_terms"] = tuple(fields["title_terms"])
    fields["id_terms"] = frozenset(fields["id_terms"])
    return _Texts(**fields)


def _is_automa(entry: Entry, title_terms: Iterable[str]) -> bool:
    return entry.id == AUTOMA or entry.id.startswith(AUTOMA + "/") or AUTOMA in title_terms


def _is_variant(entry: Entry, title_terms: Iterable[str]) -> bool:
    return entry.id == VARIANT_CHAPTER or entry.id.startswith(VARIANT_CHAPTER + "/") or any(
        term in VARIANT_WORDS for term in title_terms)


def _is_app(entry: Entry) -> bool:
    return entry.id in APP_CHAPTERS or entry.id.split("/", 1)[0] in APP_CHAPTERS


class SearchIndex:
    """An inverted index over entries. Add entries at any time; queries see them at once."""

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._entries: list[Entry] = []
        self._positions: dict[str, int] = {}
        self._postings: dict[str, dict[int, float]] = {}
        # term -> (entry position, question number) of every question holding the term
        self._question_postings: dict[str, list[tuple[int, int]]] = {}
        self._question_terms: list[tuple[frozenset[str], ...]] = []  # each entry's questions' words
        self._texts: list[_Texts] = []
        self._children: dict[str | None, list[int]] = {}
        # one-edit variants of the indexed words (None: not built yet, as in an index from its state)
        self._deletes: dict[str, set[str]] | None = {}
        self._sorted_terms: list[str] | None = None
        self._title_words: set[str] | None = None  # every word of every title, for suggest()
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
        self._title_words = None
        self._entries.append(entry)
        self._positions[entry.id] = position
        self._children.setdefault(entry.parent, []).append(position)

        qualifier = _QUALIFIER_RE.search(entry.title)
        name = entry.title[: qualifier.start()] if qualifier and qualifier.start() else entry.title
        title = tokenize(name)
        title_terms = tuple(_content(title))
        heading_phrases = [*entry.breadcrumb[:-1], *entry.keywords, entry.id.replace("/", " ")]
        if name != entry.title:
            heading_phrases.append(entry.title[len(name) :])
        heading = [tokenize(phrase) for phrase in heading_phrases]
        questions = [tokenize(question) for question in entry.questions]
        topic = [tokenize(phrase) for phrase in entry.topic]
        body = tokenize(entry.indexed_text)
        fields = {"title": [title], "questions": questions, "heading": heading, "body": [body]}
        self._texts.append(
            _Texts(
                title=_padded(title),
                questions=" | ".join(_padded(words) for words in questions),
                heading=" | ".join(_padded(words) for words in heading),
                body=_padded(body),
                title_terms=title_terms,
                id_terms=frozenset(_content(tokenize(entry.id.replace("/", " ")))),
                plain_title=" ".join(_WORD_RE.findall(_APOSTROPHES_RE.sub("", entry.title.lower()[:SUGGEST_TITLE]))),
                pairs={name: " | ".join(_padded(_content(words)) for words in parts) for name, parts in fields.items()},
                automa=_is_automa(entry, title_terms),
                variant=_is_variant(entry, title_terms),
                card=entry.kind in CARD_KINDS,
                app=_is_app(entry),
            )
        )
        self._question_terms.append(tuple(frozenset(_content(words)) for words in questions))

        weights: defaultdict[str, float] = defaultdict(float)
        for term in set(title_terms):
            weights[term] += TITLE_WEIGHT if entry.parent else CHAPTER_TITLE_WEIGHT
        for number, words in enumerate(questions):
            terms = set(_content(words))
            for term in terms:
                self._question_postings.setdefault(term, []).append((position, number))
        for term in {term for words in questions for term in _content(words)}:
            weights[term] += QUESTION_WEIGHT
        for term in {term for words in heading for term in _content(words)}:
            weights[term] += HEADING_WEIGHT
        for term in {term for words in topic for term in _content(words)}:
            weights[term] += TOPIC_WEIGHT
        for term, count in Counter(_content(body)).items():
            weights[term] += min(BODY_WEIGHT + 0.3 * (count - 1), BODY_WEIGHT_MAX)
        for term, weight in weights.items():
            postings = self._postings.get(term)
            if postings is None:
                postings = self._postings[term] = {}
                self._sorted_terms = None
                if self._deletes is not None and _fuzzy_term(term):
                    for variant in _deletions(term):
                        self._deletes.setdefault(variant, set()).add(term)
            postings[position] = weight

    # -- as plain data, for the index cache (``great_harbor.lookup.index_cache``) -----------------

    def to_state(self) -> dict[str, Any]:
        """Everything a search needs, as JSON-ready lists and dicts (what :meth:`from_state` takes).
        The table of one-edit variants is left out: it is made again from the words, when first needed."""
        return {
            "ids": [entry.id for entry in self._entries],
            "entries": [[getattr(entry, name) for name in _ENTRY_FIELDS] for entry in self._entries],
            "texts": [[_listed(getattr(texts, name)) for name in _TEXTS_FIELDS] for texts in self._texts],
            "postings": {term: [x for item in postings.items() for x in item]
                         for term, postings in self._postings.items()},
            "question_postings": {term: [x for key in keys for x in key]
                                  for term, keys in self._question_postings.items()},
            "question_terms": [[sorted(terms) for terms in questions] for questions in self._question_terms],
            "children": [[parent, positions] for parent, positions in self._children.items()],
        }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> SearchIndex:
        """The index :meth:`to_state` described (any error if ``state`` is not such a description).
        An entry and its words may also be given as a line of JSON (bytes): made when first used,
        so that a command answering one question does not make all 365."""
        index = cls()
        index._entries = _Rows(state["entries"], _entry)
        index._texts = _Rows(state["texts"], _texts)
        index._positions = {entry_id: position for position, entry_id in enumerate(state["ids"])}
        index._postings = _Made(state["postings"], _postings)
        index._question_postings = _Made(state["question_postings"], _question_keys)
        index._question_terms = _Rows(state["question_terms"], _question_words)
        index._children = {parent: list(positions) for parent, positions in state["children"]}
        index._deletes = None
        if not len(index._positions) == len(index._texts) == len(index._question_terms) == len(index._entries):
            raise ValueError("entries and their words do not match")
        return index

    # -- query side -------------------------------------------------------------------------------

    def _idf(self, term: str) -> float:
        return math.log(1.0 + len(self._entries) / len(self._postings[term]))

    def _fuzzy(self, word: str) -> set[str]:
        deletes = self._deletes
        if deletes is None:
            deletes = self._deletes = {}
            for term in self._postings:
                if _fuzzy_term(term):
                    for variant in _deletions(term):
                        deletes.setdefault(variant, set()).add(term)
        found = set(deletes.get(word, ()))
        for variant in _deletions(word):
            if variant in self._postings:
                found.add(variant)
            found.update(deletes.get(variant, ()))
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
        else:
            if 4 <= len(word) <= MAX_FUZZY and not word.isdigit():
                expansions.update(dict.fromkeys(self._fuzzy(word), FUZZY_FACTOR))
            if len(word) >= 3 and (is_last or not expansions) and not word.isdigit():
                for term in self._prefixed(word):
                    expansions.setdefault(term, PREFIX_FACTOR)
        for term in _EVERYDAY.get(word, ()):
            if term in self._postings and expansions.get(term, 0.0) < EVERYDAY_FACTOR:
                expansions[term] = EVERYDAY_FACTOR
        return expansions

    def _question_match(self, expansions: list[dict[str, float]], weights: list[float]) -> dict[int, float]:
        """For each entry with a question holding a query word: how close its closest question is
        to the query (0-1), the harmonic mean of the share of the query's weight the question holds
        and the share of the question's weight the query holds (words weighted by rarity)."""
        total = sum(weights)
        if not total:
            return {}
        held: dict[tuple[int, int], list[float]] = {}
        for number, terms in enumerate(expansions):
            for term, factor in terms.items():
                for key in self._question_postings.get(term, ()):
                    shares = held.get(key)
                    if shares is None:
                        shares = held[key] = [0.0] * len(expansions)
                    if factor > shares[number]:
                        shares[number] = factor
        best: dict[int, float] = {}
        standing = {term for terms in expansions for term in terms}
        for (position, number), shares in held.items():
            of_query = sum(factor * weight for factor, weight in zip(shares, weights, strict=True)) / total
            question = self._question_terms[position][number]
            asked = sum(self._idf(term) for term in question)
            found = sum(self._idf(term) for term in question if term in standing)
            of_question = found / asked if asked else 0.0
            closeness = 2 * of_query * of_question / (of_query + of_question) if of_query and of_question else 0.0
            if closeness > best.get(position, 0.0):
                best[position] = closeness
        return best

    def search(self, query: str, limit: int = 10) -> list[Result]:
        """Entries matching ``query``, best first; empty when nothing matches.

        The last word may be unfinished (the lookup searches on every key): when it is not a word
        of the index it also matches the words it begins, as does any word found nowhere. So a
        finished query ranks the same whether it was typed into the game or given to
        ``great-harbor rules``.
        """
        ranked = self._rank(query)[:limit]
        return [Result(self._entries[position], round(score, 4), matched) for position, score, matched, _ in ranked]

    def explain(self, query: str, limit: int = 5) -> list[str]:
        """Why the first ``limit`` entries rank where they do: one line each with the parts of
        its score (for maintainers tuning the ranking; ``bench/lookup.py --explain``)."""
        lines = []
        for position, score, matched, parts in self._rank(query)[:limit]:
            detail = ", ".join(f"{name} {value:g}" for name, value in parts.items())
            lines.append(f"{score:8.2f}  {self._entries[position].id}  [{' '.join(matched)}]  {detail}")
        return lines

    def _rank(self, query: str) -> list[tuple[int, float, tuple[str, ...], dict[str, float]]]:
        query = query[:MAX_QUERY]  # a question is short; pasted pages are not searched whole
        phrases = [phrase for part in _QUOTED_RE.findall(query) if (phrase := tokenize(part))]
        free = _QUOTED_RE.sub(" ", query).replace('"', " ")
        tokens = tokenize(free) + [word for phrase in phrases for word in phrase]
        # Filler words alone ("what do I do now") name no rule: nothing matches them.
        words = list(dict.fromkeys(_content(tokens)))
        if not words:
            return []
        typed: dict[str, str] = {}  # each word as the query spells it, for Result.matched
        for raw in _WORD_RE.findall(_APOSTROPHES_RE.sub("", query.lower())):
            typed.setdefault(normalise(raw), raw)

        expansions = [self._expand(word, is_last=number == len(words) - 1) for number, word in enumerate(words)]
        if len(words) > 1:  # alone, a weak word is all the query says
            # How the Automa does something: it chooses everything it does, so a verb of choosing
            # says little and the thing it chooses decides ("how does the automa choose a ship" is
            # about the Automa playing a Ship, not its draft of dice, whose questions say "choose").
            choosing = any(AUTOMA in terms for terms in expansions)
            expansions = [{term: factor * WEAK_FACTOR for term, factor in terms.items()}
                          if word in _WEAK or (choosing and typed.get(word) in _CHOOSING) else terms
                          for word, terms in zip(words, expansions, strict=True)]
        # An everyday pair ("keep sailing", "take back") also stands for its rule's words: its first
        # word (which says little on its own) becomes the pair, matching those words too; a whole
        # pair ("pay extra") takes its second word's place as well.
        content = _content(tokens)
        for first, second in zip(content, content[1:], strict=False):
            targets = [term for term in _EVERYDAY_PAIR_TERMS.get((first, second), ()) if term in self._postings]
            if targets and first in words:
                at = words.index(first)
                words[at] = f"{first} {second}"
                if (first, second) in _WHOLE_PAIR_WORDS and second in words:
                    expansions[at] = dict.fromkeys(targets, 1.0)  # an idiom: it means these words
                    gone = words.index(second)
                    del words[gone], expansions[gone]
                else:
                    expansions[at] = {**dict.fromkeys(targets, EVERYDAY_FACTOR), **expansions[at]}
        scores: dict[int, float] = {}
        matched: dict[int, list[str]] = {}
        weights: list[float] = []
        for word, terms in zip(words, expansions, strict=True):
            best: dict[int, float] = {}
            rarest = 0.0
            for term, factor in terms.items():
                idf = self._idf(term)
                rarest = max(rarest, factor * idf)
                for position, weight in self._postings[term].items():
                    value = factor * weight * idf
                    if value > best.get(position, 0.0):
                        best[position] = value
            weights.append(rarest)
            for position, value in best.items():
                scores[position] = scores.get(position, 0.0) + value
                matched.setdefault(position, []).append(word)
        asked = self._question_match(expansions, weights)
        # A word or two name a topic: its title and headings say more than one question does.
        question_bonus = QUESTION_MATCH_BONUS * min(1.0, (len(words) - 1) / (QUESTION_WORDS - 1))
        total_weight = sum(weights)
        pairs = [f" {a} {b} " for a, b in zip(words, words[1:], strict=False)]
        about_app = any(self._app_word(terms) for terms in expansions)

        free_tokens = tokenize(free)
        bonus_phrases = [phrase for phrase in phrases if len(phrase) > 1]
        if len(_content(free_tokens)) > 1:
            bonus_phrases.append(free_tokens)
        query_id = "-".join(_WORD_RE.findall(_APOSTROPHES_RE.sub("", query.lower())))
        wanted_title = tuple(words)
        named = {term for terms in expansions for term in terms}  # what the query's words can stand for
        about_automa = AUTOMA in named
        about_variant = any(word in named for word in VARIANT_WORDS)

        ranked: list[tuple[int, float, tuple[str, ...], dict[str, float]]] = []
        for position, words_score in scores.items():
            texts = self._texts[position]
            if any(not self._contains(texts, _padded(phrase)) for phrase in phrases):
                continue
            parts = {"words": round(words_score, 2)}
            hits = set(matched[position])
            share = sum(weight for word, weight in zip(words, weights, strict=True) if word in hits)
            score = words_score * (share / total_weight) ** SHARE_POWER if total_weight else words_score
            question = question_bonus * asked.get(position, 0.0) ** 2
            if question:
                parts["question"] = round(question, 2)
            score += question
            for phrase in bonus_phrases:
                padded = _padded(phrase)
                for field, bonus in PHRASE_BONUS.items():
                    if padded in getattr(texts, field):
                        score += bonus
                        parts[f"phrase in {field}"] = bonus
                        break
            for pair in pairs:
                for field, bonus in PAIR_BONUS.items():
                    if pair in texts.pairs[field]:
                        score += bonus
                        parts[f"pair in {field}"] = parts.get(f"pair in {field}", 0.0) + bonus
                        break
            if texts.title_terms == wanted_title:
                score += EXACT_TITLE_BONUS
                parts["exact title"] = EXACT_TITLE_BONUS
            entry = self._entries[position]
            if query_id == entry.id:
                score += ID_BONUS
                parts["id"] = ID_BONUS
            factor = KIND_FACTOR.get(entry.kind, 1.0)
            if texts.automa and not about_automa:
                factor *= AUTOMA_FACTOR
            elif about_automa and not texts.automa and not texts.app and not texts.card and entry.kind in RULE_KINDS:
                factor *= PLAYER_FACTOR
            if texts.variant and not about_variant:
                factor *= VARIANT_FACTOR
            elif about_variant and not texts.variant and not texts.app and not texts.card and entry.kind in RULE_KINDS:
                factor *= BASE_FACTOR
            if texts.app and not about_app:
                factor *= APP_FACTOR
            if texts.card:
                factor *= NAMED_CARD_FACTOR if self._names(texts, named) else UNNAMED_CARD_FACTOR
            if entry.parent is None and entry.id in self._children and not self._about_title(texts, expansions):
                factor *= CHAPTER_FACTOR
            if factor != 1.0:
                parts["times"] = round(factor, 3)
            ranked.append((position, score * factor, tuple(typed.get(w, w) for w in matched[position]), parts))

        # Ties: chapters before their sections, then reference order.
        ranked.sort(key=lambda r: (-round(r[1], 4), self._entries[r[0]].parent is not None, r[0]))
        return ranked

    def _names(self, texts: _Texts, named: set[str]) -> bool:
        """Does the query name this card: all the words of its name or of its id, or a word of its
        name that few entries hold ("laurel" names the Laurel Exchange, "hut" not the Engineer's Hut)?"""
        title = set(texts.title_terms)
        if title <= named or texts.id_terms <= named:
            return True
        return any(len(self._postings[term]) <= NAME_ENTRIES for term in title & named)

    def _app_word(self, terms: dict[str, float]) -> bool:
        """Is a query word about the program: does it stand for a word found mostly in its pages?"""
        for term in terms:
            postings = self._postings[term]
            in_app = sum(1 for position in postings if self._texts[position].app)
            if in_app * 2 > len(postings):
                return True
        return False

    @staticmethod
    def _about_title(texts: _Texts, expansions: list[dict[str, float]]) -> bool:
        """Does the title hold every word of the query (a word standing for one of its words)?"""
        return all(any(term in texts.title_terms for term in terms) for terms in expansions)

    @staticmethod
    def _contains(texts: _Texts, padded_phrase: str) -> bool:
        return (padded_phrase in texts.title or padded_phrase in texts.questions or padded_phrase in texts.heading
                or padded_phrase in texts.body)

    def suggest(self, query: str, limit: int = 5) -> list[Entry]:
        """Entries whose titles look most like ``query``; for "did you mean" when search finds nothing.

        An entry scores the better of: the similarity of the whole query to its whole title, and the
        average over the query's words of each word's best similarity to a word of the title.
        """
        wanted = " ".join(_WORD_RE.findall(_APOSTROPHES_RE.sub("", query.lower()[:SUGGEST_TITLE])))
        if not wanted:
            return []
        words = [word for word in wanted.split() if word not in _STOPWORDS] or wanted.split()
        if self._title_words is None:
            self._title_words = {word for texts in self._texts for word in texts.plain_title.split()}
        similar = [_similar_words(word, self._title_words) for word in words]
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
    from great_harbor.data import load_catalogue  # start-up: a search from the index cache needs no catalogue

    return load_catalogue()


def lookup_index(catalogue: Catalogue | None = None) -> SearchIndex:
    """The index the lookup searches: the rules reference plus the card glossary of ``catalogue``
    (default: the shipped one). Built once per catalogue; the UI passes its game's catalogue, the
    command line the one it loaded."""
    return _index_for(catalogue if catalogue is not None else shipped_catalogue())


@lru_cache(maxsize=4)
def _index_for(catalogue: Catalogue) -> SearchIndex:
    from great_harbor.lookup.glossary import build_glossary  # start-up: the index cache needs no glossary code

    index = SearchIndex(load_reference())
    index.add_entries(build_glossary(catalogue))
    return index


def default_index() -> SearchIndex:
    """The shared index: the rules reference and the glossary of the shipped catalogue."""
    return lookup_index()


def search(query: str, limit: int = 10) -> list[Result]:
    """Search the shared index (reference, glossary, and anything added with ``add_entries``)."""
    return default_index().search(query, limit)


def suggest(query: str, limit: int = 5) -> list[Entry]:
    """Nearest titles in the shared index, for when ``search`` returns nothing."""
    return default_index().suggest(query, limit)


def add_entries(entries: Iterable[Entry]) -> None:
    """Add more entries to the shared index (their ids must be new)."""
    default_index().add_entries(entries)
