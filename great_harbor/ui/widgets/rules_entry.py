"""One rules-lookup entry drawn as Markdown, with its links numbered so the keyboard can follow them.

A link in an entry's Markdown is ``[words](entry-id)``; it is drawn as the words in bold followed
by its number, ``**Benefit tiers** [2]``. The links are numbered in the order they appear in the
text, then the entry's "see also" links and the extra ones the caller adds; the list under the
text (:class:`LinkList`) shows them with the same numbers. Digits 1-9 over the text follow a link;
Enter follows the highlighted one in the list. Both post :class:`FollowLink`.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from great_harbor.lookup import Entry

from .quick_list import QuickOptionList

_LINK = re.compile(r"\[([^\]\n]+)\]\(([^)\s]+)\)")


@dataclass
class FollowLink(Message):
    """Open the entry ``entry`` (a link was followed)."""

    entry: str


def number_links(body: str, known: Callable[[str], bool]) -> tuple[str, list[str]]:
    """The body with every link to a known entry replaced by its words and number, and the linked
    entry ids in order (each once; a second link to the same entry reuses its number)."""
    order: list[str] = []

    def replace(match: re.Match[str]) -> str:
        words, target = match.group(1), match.group(2)
        if not known(target):
            return words
        if target not in order:
            order.append(target)
        return f"**{words}** \\[{order.index(target) + 1}\\]"

    return _LINK.sub(replace, body), order


def entry_links(entry: Entry, known: Callable[[str], bool], extra: Iterable[str] = ()) -> tuple[str, list[str]]:
    """The Markdown to draw for ``entry`` and every entry it links to, numbered as drawn: links in
    the text first, then its "see also" links, then ``extra`` (those about the same thing), then
    the entry it belongs to (a section's chapter, a card's group)."""
    body, order = number_links(entry.body, known)
    up = (entry.parent,) if entry.parent is not None else ()
    for target in (*entry.links, *extra, *up):
        if target != entry.id and known(target) and target not in order:
            order.append(target)
    return body, order


class EntryText(VerticalScroll, can_focus=True):
    """The text of an entry, scrollable; 1-9 follow its links, Backspace goes back.

    The Markdown is laid out once for the width at hand and kept as plain styled text (a Markdown
    renderable would be laid out again on every frame that measures or paints it)."""

    BINDINGS = [
        *(Binding(str(n), f"follow({n})", f"Link {n}", show=False) for n in range(1, 10)),
    ]

    CACHE = 64

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(Static(id=f"{id}-body" if id else None), id=id)
        self.links: list[str] = []
        self._markdown: str | None = None
        self._drawn: OrderedDict[tuple[str, int], Text] = OrderedDict()

    def show(self, markdown: str, links: list[str]) -> None:
        self.links = links
        self._markdown = markdown
        self.query_one(Static).update(self._laid_out(markdown))
        self.scroll_home(animate=False)

    def show_text(self, text: Text) -> None:
        self.links = []
        self._markdown = None
        self.query_one(Static).update(text)
        self.scroll_home(animate=False)

    def _width(self) -> int:
        return max(20, self.scrollable_content_region.width or self.size.width or 80)

    def _laid_out(self, markdown: str) -> Text:
        key = (markdown, self._width())
        text = self._drawn.get(key)
        if text is None:
            text = self._drawn[key] = render_markdown(self.app.console, markdown, key[1])
            while len(self._drawn) > self.CACHE:
                self._drawn.popitem(last=False)
        else:
            self._drawn.move_to_end(key)
        return text

    def on_resize(self) -> None:
        if self._markdown is not None:
            self.query_one(Static).update(self._laid_out(self._markdown))

    def action_follow(self, number: int) -> None:
        if 0 < number <= len(self.links):
            self.post_message(FollowLink(self.links[number - 1]))
        else:
            self.app.bell()


def render_markdown(console: Console, markdown: str, width: int) -> Text:
    """``markdown`` laid out ``width`` cells wide, as styled text that needs no further wrapping."""
    lines = console.render_lines(Markdown(markdown, hyperlinks=False), console.options.update_width(width),
                                 pad=False)
    out = Text(no_wrap=True, overflow="crop", end="")
    for number, line in enumerate(lines):
        if number:
            out.append("\n")
        for segment in line:
            if not segment.control:
                out.append(segment.text, segment.style)
    out.rstrip()
    return out


class LinkList(QuickOptionList):
    """The entries the shown one links to, numbered as in the text; Enter opens one."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.links: list[str] = []

    def show(self, links: list[str], title: Callable[[str], str]) -> None:
        self.links = links
        self.clear_options()
        self.add_options([Option(Text(f"[{n}] {title(target)}", no_wrap=True, overflow="ellipsis"))
                          for n, target in enumerate(links, start=1)])
        self.display = bool(links)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.links):
            self.post_message(FollowLink(self.links[event.option_index]))
