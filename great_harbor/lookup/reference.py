"""The rules reference: Markdown chapters shipped inside the package, split into entries.

Each file in ``reference/`` is one chapter. It starts with a ``# Title`` line and is divided into
``## Section`` parts. A chapter becomes one entry (its body is the whole chapter) and every section
becomes one more entry whose id is ``<chapter-id>/<section-slug>``. The chapter id is the file name
without its ordering prefix: ``09-shore-fees.md`` gives ``shore-fees``.

A line ``<!-- keywords: a, b c -->`` inside a chapter's lead or a section adds search keywords to
that entry; it is removed from the displayed body. A chapter's keywords also list its section titles.

A line ``<!-- question: can I take back a move? -->`` (one question a line) records a question the
entry answers, in the words a player at the table would use; the search indexes them and ranks an
entry whose question is close to the one typed above entries that merely share a word. They are
not shown either. An entry whose text opens with a paragraph starting ``**In short:**`` has that
paragraph as its short answer (:attr:`Entry.answer`), shown first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

__all__ = [
    "Entry",
    "ReferenceFormatError",
    "children",
    "get_entry",
    "load_reference",
    "parse_markdown",
    "slugify",
]

_KEYWORDS_RE = re.compile(r"^\s*<!--\s*keywords:(?P<words>.*?)-->\s*$", re.IGNORECASE)
_QUESTION_RE = re.compile(r"^\s*<!--\s*question:(?P<question>.*?)-->\s*$", re.IGNORECASE)
ANSWER_MARK = "**In short:**"
_ORDER_PREFIX_RE = re.compile(r"^\d+-")
RULINGS_CHAPTER = "rulings"
# Chapters whose sections settle points the rulebook leaves open: they rank just below the rules.
RULINGS_CHAPTERS = frozenset({RULINGS_CHAPTER, "engine-rulings"})


class ReferenceFormatError(ValueError):
    """A reference file is malformed (no title, duplicate ids, ...)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing the lookup can show: a chapter, a section of a chapter, or a glossary card.

    ``breadcrumb`` holds the titles from the chapter down to this entry, own title last; it is filled
    in from ``title`` when left empty. ``lead`` is the text the search indexes as body words when it
    differs from ``body`` (a chapter displays all of its sections but is indexed on its lead only, so
    that sections are not counted twice); ``None`` means "index the body". ``kind`` is ``"rules"`` for
    rule text, ``"example"`` for a worked example (a section titled ``Example...``) and ``"ruling"`` for
    the project's rulings; other sources (the card glossary) choose their own. ``links`` names other
    entries this one points to ("see also"), in the order shown; the body may show them as Markdown
    links whose target is the entry id. ``questions`` are questions the entry answers, in players'
    words (indexed, not shown). ``topic`` holds words about the whole chapter a section belongs to
    (the chapter's keywords), indexed at a lower weight than the section's own.
    """

    id: str
    title: str
    body: str
    parent: str | None = None
    breadcrumb: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    lead: str | None = None
    kind: str = "rules"
    links: tuple[str, ...] = ()
    questions: tuple[str, ...] = ()
    topic: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.breadcrumb:
            object.__setattr__(self, "breadcrumb", (self.title,))

    @property
    def indexed_text(self) -> str:
        """The text whose words count as body words in search."""
        return self.body if self.lead is None else self.lead

    @property
    def answer(self) -> str | None:
        """The short answer the entry opens with (its first paragraph when that starts
        ``**In short:**``, without the mark), or ``None``."""
        first = self.body.lstrip().split("\n\n", 1)[0]
        if not first.startswith(ANSWER_MARK):
            return None
        return " ".join(first[len(ANSWER_MARK):].split())

    @property
    def path(self) -> str:
        """The breadcrumb as one line, e.g. ``Shore Fees > How the fee is set``."""
        return " > ".join(self.breadcrumb)


def slugify(text: str) -> str:
    """``"Smuggler's District"`` -> ``"smugglers-district"``."""
    text = re.sub(r"['\u2019\u2018]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _split_keywords(line: str) -> tuple[str, ...] | None:
    match = _KEYWORDS_RE.match(line)
    if match is None:
        return None
    return tuple(word.strip() for word in match.group("words").split(",") if word.strip())


def _kind(chapter_id: str, title: str) -> str:
    if chapter_id in RULINGS_CHAPTERS:
        return "ruling"
    return "example" if title.lower().startswith("example") else "rules"


def _split_question(line: str) -> str | None:
    match = _QUESTION_RE.match(line)
    return " ".join(match.group("question").split()) if match is not None else None


@dataclass(slots=True)
class _Part:
    title: str
    lines: list[str]
    keywords: list[str]
    questions: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.lines).strip()


def parse_markdown(text: str, chapter_id: str) -> list[Entry]:
    """Split one chapter's Markdown into its chapter entry followed by one entry per ``##`` section."""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or not lines[first].startswith("# "):
        raise ReferenceFormatError(f"{chapter_id}: the first line must be a '# Title' heading")
    chapter = _Part(lines[first][2:].strip(), [], [], [])
    sections: list[_Part] = []
    current = chapter
    in_fence = False
    for line in lines[first + 1 :]:
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        elif not in_fence and line.startswith("# "):
            raise ReferenceFormatError(f"{chapter_id}: only one '# ' heading is allowed per file")
        elif not in_fence and line.startswith("## "):
            current = _Part(line[3:].strip(), [], [], [])
            sections.append(current)
            continue
        keywords = None if in_fence else _split_keywords(line)
        question = None if in_fence or keywords is not None else _split_question(line)
        if keywords is not None:
            current.keywords.extend(keywords)
        elif question is not None:
            if question:
                current.questions.append(question)
        else:
            current.lines.append(line)

    body_parts = [chapter.text] + [f"## {part.title}\n\n{part.text}" for part in sections]
    entries = [
        Entry(
            id=chapter_id,
            title=chapter.title,
            body="\n\n".join(part for part in body_parts if part).strip(),
            keywords=tuple(chapter.keywords) + tuple(part.title for part in sections),
            lead=chapter.text,
            kind=_kind(chapter_id, chapter.title),
            questions=tuple(chapter.questions),
        )
    ]
    seen = {chapter_id}
    for part in sections:
        slug = slugify(part.title)
        if slug.startswith(chapter_id + "-"):
            slug = slug[len(chapter_id) + 1 :]
        entry_id = f"{chapter_id}/{slug}"
        if entry_id in seen:
            raise ReferenceFormatError(f"{chapter_id}: two sections share the id {entry_id!r}")
        seen.add(entry_id)
        entries.append(
            Entry(
                id=entry_id,
                title=part.title,
                body=part.text,
                parent=chapter_id,
                breadcrumb=(chapter.title, part.title),
                keywords=tuple(part.keywords),
                kind=_kind(chapter_id, part.title),
                questions=tuple(part.questions),
                topic=tuple(chapter.keywords),
            )
        )
    return entries


@cache
def load_reference() -> tuple[Entry, ...]:
    """All reference entries, chapters in file order, each chapter followed by its sections."""
    from importlib import resources  # start-up: a rules question answered from the index cache reads no file here

    folder = resources.files("great_harbor.lookup").joinpath("reference")
    files = sorted((item for item in folder.iterdir() if item.name.endswith(".md")), key=lambda i: i.name)
    entries: list[Entry] = []
    ids: set[str] = set()
    for item in files:
        chapter_id = _ORDER_PREFIX_RE.sub("", item.name.removesuffix(".md"))
        for entry in parse_markdown(item.read_text(encoding="utf-8"), chapter_id):
            if entry.id in ids:
                raise ReferenceFormatError(f"duplicate reference id {entry.id!r} in {item.name}")
            ids.add(entry.id)
            entries.append(entry)
    return tuple(entries)


@cache
def _by_id() -> dict[str, Entry]:
    return {entry.id: entry for entry in load_reference()}


def get_entry(entry_id: str) -> Entry:
    """The reference entry with this id; ``KeyError`` if there is none."""
    return _by_id()[entry_id]


def children(entry_id: str) -> list[Entry]:
    """The sections of a chapter, in file order (empty for a section)."""
    return [entry for entry in load_reference() if entry.parent == entry_id]
