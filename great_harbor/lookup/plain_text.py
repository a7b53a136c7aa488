"""An entry's Markdown as plain lines for ``great-harbor rules``, without a Markdown library.

The reference and the glossary use a small part of Markdown: headings, paragraphs, bullet and
numbered lists (nested by indenting), tables, and inline strong, emphasis, code and links. This
lays those out as rich's Markdown did (a centred title, bullets with a hanging indent, tables under
a rule, paragraphs wrapped to the width; links as ``text (entry-id)``), with the same words, in a
fraction of the time: importing rich's Markdown and its parser was a third of a rules question.
Lines never end in spaces. ``bold`` wraps a heading in the terminal's bold when colour is wanted.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import cast

__all__ = ["render_markdown"]

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^( *)([-*+]|\d+[.)])\s+(.*)$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)\)")
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^>\s]*)>")
_CODE = re.compile(r"`([^`]*)`")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])|(?<!\w)_(?=\S)(.+?)(?<=\S)_(?!\w)")
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
BULLET = "•"
TABLE_RULE = "─"
TABLE_GAP = 2  # spaces between the columns of a table


def inline(text: str) -> str:
    """Inline Markdown as its words: code, links (``text (target)``), strong and emphasis unmarked."""
    codes: list[str] = []

    def keep(match: re.Match[str]) -> str:  # code spans are taken literally: nothing inside is markup
        codes.append(match.group(1))
        return f"\0{len(codes) - 1}\0"

    text = _CODE.sub(keep, text)
    text = _AUTOLINK.sub(r"\1", text)
    text = _LINK.sub(lambda m: f"{m.group(1)} ({m.group(2)})" if m.group(2) else m.group(1), text)
    text = _STRONG.sub(r"\2", text)
    text = _EMPHASIS.sub(lambda m: m.group(1) or m.group(2), text)
    text = _ESCAPE.sub(r"\1", text)
    return re.sub(r"\0(\d+)\0", lambda m: codes[int(m.group(1))], text)


@dataclass
class _Item:
    depth: int  # how deeply nested (0: a top-level item)
    marker: str  # "•" or "1."
    lines: list[str] = field(default_factory=list)


def _blocks(markdown: str) -> Iterator[tuple[str, object]]:
    """("heading", (level, text)), ("paragraph", text), ("list", [items]), ("table", rows)."""
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        heading = _HEADING.match(line)
        if heading:
            yield "heading", (len(heading.group(1)), heading.group(2))
            i += 1
        elif line.lstrip().startswith("|") and i + 1 < len(lines) and _TABLE_RULE.match(lines[i + 1]):
            rows = [line]
            i += 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(lines[i])
                i += 1
            yield "table", [_cells(row) for row in rows]
        elif _ITEM.match(line):
            items: list[_Item] = []
            indents: list[int] = []  # the indent of each open level of nesting
            while i < len(lines) and lines[i].strip():
                item = _ITEM.match(lines[i])
                if item:
                    indent = len(item.group(1))
                    while indents and indent < indents[-1]:
                        indents.pop()
                    if not indents or indent > indents[-1]:
                        indents.append(indent)
                    marker = BULLET if item.group(2) in "-*+" else item.group(2)
                    items.append(_Item(len(indents) - 1, marker, [item.group(3)]))
                elif _HEADING.match(lines[i]):
                    break
                else:
                    items[-1].lines.append(lines[i].strip())  # the item goes on
                i += 1
            yield "list", items
        else:
            text = [line.strip()]
            i += 1
            while (i < len(lines) and lines[i].strip() and not _HEADING.match(lines[i])
                   and not _ITEM.match(lines[i]) and not lines[i].lstrip().startswith("|")):
                text.append(lines[i].strip())
                i += 1
            yield "paragraph", " ".join(text)


def _cells(row: str) -> list[str]:
    row = row.strip()
    row = row.removeprefix("|").removesuffix("|")
    return [inline(cell.strip()) for cell in re.split(r"(?<!\\)\|", row)]


def _wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    return textwrap.wrap(text, max(width, 10), initial_indent=first, subsequent_indent=rest,
                         break_long_words=True, break_on_hyphens=False) or [first.rstrip()]


def _table(rows: list[list[str]], width: int) -> list[str]:
    columns = max(len(row) for row in rows)
    rows = [row + [""] * (columns - len(row)) for row in rows]
    widths = [max(len(row[c]) for row in rows) for c in range(columns)]
    room = width - 1 - TABLE_GAP * (columns - 1)
    while sum(widths) > room and max(widths) > 8:  # too wide: narrow the widest column, which wraps
        widths[widths.index(max(widths))] -= 1
    out: list[str] = []
    for number, row in enumerate(rows):
        wrapped = [textwrap.wrap(cell, widths[c]) or [""] for c, cell in enumerate(row)]
        for line in range(max(map(len, wrapped))):
            parts = [(cells[line] if line < len(cells) else "").ljust(widths[c]) for c, cells in enumerate(wrapped)]
            out.append((" " + (" " * TABLE_GAP).join(parts)).rstrip())
        if number == 0:
            out.append(" " + TABLE_RULE * (sum(widths) + TABLE_GAP * (columns - 1)))
    return out


def render_markdown(markdown: str, width: int, bold: Callable[[str], str] = str) -> list[str]:
    """``markdown`` laid out in lines of at most ``width`` characters (a word longer than the
    width is broken), blocks apart by a blank line; the first level-1 heading centred."""
    out: list[str] = []
    for kind, value in _blocks(markdown):
        if out:
            out.append("")
        if kind == "heading":
            level, heading = cast(tuple[int, str], value)
            text = inline(heading)
            if level == 1:
                out.extend(bold(line) for line in (" " * max((width - len(part)) // 2, 0) + part
                                                   for part in _wrap(text, width)))
            else:
                out.extend(bold(line) for line in _wrap(text, width))
        elif kind == "paragraph":
            out.extend(_wrap(inline(value), width))  # type: ignore[arg-type]
        elif kind == "list":
            for item in value:  # type: ignore[attr-defined]
                indent = " " * (3 * item.depth)
                marker = f"{indent} {item.marker} "
                out.extend(_wrap(inline(" ".join(item.lines)), width, marker, " " * len(marker)))
        else:
            out.extend(_table(value, width))  # type: ignore[arg-type]
    return [line.rstrip() for line in out]
