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
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import OptionList
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


class EntryText(ScrollView, can_focus=True):
    """The text of an entry, scrollable; 1-9 follow its links, Backspace goes back.

    The Markdown is laid out once for the width at hand into lines (kept for the last entries
    read), and a frame draws only the lines in view from them: a Static holding the whole entry
    turned all of it into lines again on every frame that drew it, twice for each entry shown."""

    BINDINGS = [
        *(Binding(str(n), f"follow({n})", f"Link {n}", show=False) for n in range(1, 10)),
    ]

    CACHE = 64

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.links: list[str] = []
        self._markdown: str | None = None
        self._text: Text | None = None  # a plain text shown instead of an entry (the start page)
        self._drawn: OrderedDict[tuple[str, int], list[Strip]] = OrderedDict()
        self._lines: list[Strip] = []
        self._drawn_width = 0  # the width the lines on screen were laid out for
        self._frame_style: Style | None = None  # the widget's style in the frame being drawn

    def show(self, markdown: str, links: list[str]) -> None:
        self.links = links
        self._markdown, self._text = markdown, None
        self._set_lines(self._laid_out(markdown))

    def show_text(self, text: Text) -> None:
        self.links = []
        self._markdown, self._text = None, text
        self._set_lines(self._wrapped(text))

    @property
    def plain(self) -> str:
        """The text shown, as plain lines (for tests and captures)."""
        return "\n".join(line.text.rstrip() for line in self._lines)

    def _set_lines(self, lines: list[Strip]) -> None:
        self._lines = lines
        self.virtual_size = Size(self._drawn_width, len(lines))
        if self.is_mounted:
            self._scroll_update(self.virtual_size)
        self.scroll_to(0, 0, animate=False, immediate=True)
        self.refresh()

    def _width(self) -> int:
        return max(20, self.scrollable_content_region.width or self.size.width or 80)

    def _laid_out(self, markdown: str) -> list[Strip]:
        key = (markdown, self._width())
        self._drawn_width = key[1]
        lines = self._drawn.get(key)
        if lines is None:
            lines = self._drawn[key] = markdown_lines(self.app.console, markdown, key[1])
            while len(self._drawn) > self.CACHE:
                self._drawn.popitem(last=False)
        else:
            self._drawn.move_to_end(key)
        return lines

    def _wrapped(self, text: Text) -> list[Strip]:
        width = self._drawn_width = self._width()
        console = self.app.console
        return [Strip(line) for line in console.render_lines(text, console.options.update_width(width), pad=False)]

    def on_resize(self) -> None:
        # Laid out again for a new width only: a new height (the links under the text took more or
        # fewer lines) leaves the lines as they are.
        if self._width() == self._drawn_width:
            return
        if self._markdown is not None:
            self._set_lines(self._laid_out(self._markdown))
        elif self._text is not None:
            self._set_lines(self._wrapped(self._text))

    def render_lines(self, crop: Region) -> list[Strip]:
        # The widget's style, looked up once a frame: each look-up walks the DOM up to the screen
        # (some 0.1 ms), and a frame of the text draws 30-40 lines, which cannot change it.
        self._frame_style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._frame_style = None

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        style = self._frame_style if self._frame_style is not None else self.rich_style
        number = scroll_y + y
        if number >= len(self._lines):
            return Strip.blank(width, style)
        return self._lines[number].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)

    def action_follow(self, number: int) -> None:
        if 0 < number <= len(self.links):
            self.post_message(FollowLink(self.links[number - 1]))
        else:
            self.app.bell()


def markdown_lines(console: Console, markdown: str, width: int) -> list[Strip]:
    """``markdown`` laid out ``width`` cells wide, one strip a line."""
    lines = console.render_lines(Markdown(markdown, hyperlinks=False), console.options.update_width(width),
                                 pad=False)
    out = [Strip([segment for segment in line if not segment.control]) for line in lines]
    while out and not out[-1].text.strip():
        out.pop()  # (as the Text it was drawn from before, without its trailing blank lines)
    return out


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


LINK_LINES = 8  # links listed under the text at most (the rest scroll)


class LinkList(QuickOptionList):
    """The entries the shown one links to, numbered as in the text; Enter opens one."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.links: list[str] = []
        self._shown: list[str] = []  # the options' words as drawn

    # Its height is set from the number of links (below), so the screen is laid out again only
    # when that changes: as a layout reactive, OptionList's virtual size laid it out on every entry
    # shown, and again when the list measured its lines while drawing them.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def show(self, links: list[str], title: Callable[[str], str]) -> None:
        options = [Text(f"[{n}] {title(target)}", no_wrap=True, overflow="ellipsis")
                   for n, target in enumerate(links, start=1)]
        if links != self.links or [o.plain for o in options] != self._shown:
            # (the same links, as for an entry shown again going back and forth: nothing to draw)
            self.links, self._shown = links, [o.plain for o in options]
            self.clear_options()
            self.add_options([Option(text) for text in options])
            height = min(LINK_LINES, len(links)) + 1  # and the line above them
            if self.styles.height is None or self.styles.height.value != height:
                self.styles.height = height
        if self.display != bool(links):
            self.display = bool(links)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.links):
            self.post_message(FollowLink(self.links[event.option_index]))
