"""The action picker: every legal action in plain words; type to filter, Enter to do it.

It is given (action, words, detail) triples by the screen and posts :class:`ActionPicker.Chosen`;
it never decides what is legal."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from great_harbor.engine.actions import Action, AssignPips
from great_harbor.value_class import value_class

from .quick_list import QuickOptionList


@value_class(frozen=True)
class Item:
    action: Action
    words: str
    detail: str = ""
    keywords: str = ""  # also found by the filter, never shown: "play ship" for "Launch ..."


# The rulebook's words for a kind of action, where its name alone is not what a player types:
# "convert" finds the Conversion cards as well as the 2-coin conversion, "play ship" a launch.
KINDWORDS = {"conversion": "conversion convert coins"}

# The table's own commands listed with the actions (undo, redo): a filter that finds only these
# still says why the game action it names is not possible.
COMMAND_KINDS = frozenset({"undo", "redo"})
# What asks for each by name (Enter on one that the filter found by other words does nothing).
COMMAND_NAMES = {"undo": "undo take back", "redo": "redo"}


def kind_words(kind: str) -> str:
    return KINDWORDS.get(kind, kind.replace("-", " "))


WORD = re.compile(r"[\w']+")

# Height of the line under the list (what the highlighted action does, or why nothing matches):
# at least two lines, at most five; the list of actions above it gives up the difference.
DETAIL_LINES = (2, 5)


def rank(words: str, keywords: str, query: str) -> tuple[bool, int, bool, int, int]:
    """How well an action matches the filter, best highest: the query's words one after the
    other in the text ("liburna dock 2" wants "... dock 2", not "... dock 1 for 2 planks"), then
    how many of its neighbouring pairs are neighbours in the text, then whether its words come in
    the typed order at all ("r6 smug": "Place R6 in the Smuggler's District" before "Spend a
    Smuggler token: R6 ..."), then how many of its words name the kind of action ("favor" for
    "Favor a Senate track"), then how many match a word whole. The list shows the best first,
    so Enter takes what was typed."""
    q: list[str] = WORD.findall(query.lower())
    tokens: list[str] = [w.lower() for w in WORD.findall(f"{words} {keywords}")]
    kinds = [w.lower() for w in WORD.findall(keywords)]

    def at(i: int, k: int) -> bool:
        return tokens[i].startswith(q[k])

    run = any(all(at(i + k, k) for k in range(len(q))) for i in range(len(tokens) - len(q) + 1))
    pairs = sum(1 for k in range(len(q) - 1) if any(at(i, k) and at(i + 1, k + 1) for i in range(len(tokens) - 1)))
    shown = len(WORD.findall(words))  # the action's own words (the kind's come after them)
    i = 0  # the query's words, each at a later word than the one before
    for k in range(len(q)):
        while i < shown and not at(i, k):
            i += 1
        i += 1
    in_order = i <= shown
    kind = sum(1 for w in q if any(t.startswith(w) for t in kinds))
    whole = sum(1 for w in q if w in tokens)
    return run, pairs, in_order, kind, whole


def offer_order(actions: list[Action]) -> list[Action]:
    """The choices in the order they are offered: a pip split that takes nothing comes last
    (allowed, but rarely meant); otherwise the engine's order."""
    return sorted(actions, key=lambda a: isinstance(a, AssignPips) and not any(a.pips))


def matches(words: str, query: str) -> bool:
    """Every word of the query starts a word of the text, in any order and any case: "end"
    finds "End your turn" but not "Spend", "bui ins" finds "Build Insula 2"."""
    tokens = [w.lower() for w in WORD.findall(words)]
    return all(any(t.startswith(q) for t in tokens) for q in WORD.findall(query.lower()))


class ActionList(QuickOptionList):
    """The list of actions. Its height is given by the panel, never by how many actions it lists:
    a change of its length (a letter typed in the filter) redraws the list alone, where Textual
    would lay the whole table out again (a widget's virtual size is a layout reactive). Its
    scrollbar is always there and never drawn (app.tcss), so it is never shown or hidden either."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)


class FilterInput(Input):
    """The picker's filter: tells the picker of every change at once, in the same frame as the
    key (a Changed message would arrive a frame later)."""

    # Ctrl+U clears the whole filter, wherever its cursor is (a text field deletes only what is
    # left of the cursor); Esc does the same (also in a browser, which keeps Ctrl+U for itself).
    BINDINGS = [
        Binding("ctrl+u", "clear_filter", "Clear filter", show=False),
        Binding("escape", "clear_filter", "Clear filter", show=False),
    ]

    # Its size is the panel's, whatever is typed: a letter redraws the field alone (see ActionList).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, picker: ActionPicker, **kwargs: object) -> None:
        # No select-all on focus: the focus comes here with text already typed (letters typed
        # during the Automa's playback, a filter left when the log took the keys), and that text
        # must not be replaced by the next key.
        super().__init__(select_on_focus=False, **kwargs)  # type: ignore[arg-type]
        self.picker = picker

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # Asked only to build the footer and the bindings the app may run: the table's own keys
        # (the hint key) stay in the footer. Typed text still gets them: the filter takes a
        # printable key before any binding of the screen's, and the app takes the hint key first
        # only while nothing is typed. (Not hidden while typing: redrawing the footer at the
        # first letter costs 70 ms, bench/ui.py.)
        if key in self.picker.table_keys:
            return False
        return super().check_consume_key(key, character)

    def _watch_value(self, value: str) -> None:
        super()._watch_value(value)
        self.picker.filter_changed()

    def insert_text_at_cursor(self, text: str) -> None:
        # Blanks typed into an empty filter find nothing and hide its placeholder: the Space that
        # skips the Automa's playback lands here when the playback has just closed on its own, and
        # a hint key (H) after it was then taken for typing.
        if not self.value and not text.strip():
            return
        super().insert_text_at_cursor(text)

    def action_clear_filter(self) -> None:
        self.picker.action_clear()

    def type_ahead(self, character: str) -> None:
        """Take the keys with ``character`` already typed (during the Automa's playback)."""
        self.focus()
        self.insert_text_at_cursor(character)

    # Home and End go to the first and the last action of the list, as in any list, also while a
    # filter is typed (its text cursor is at its end anyway; the arrows left and right move it).
    def action_home(self, select: bool = False) -> None:
        self.picker.action_cursor(-len(self.picker.shown))

    def action_end(self, select: bool = False) -> None:
        self.picker.action_cursor(len(self.picker.shown))


class ActionPicker(Vertical):
    BINDINGS = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("pageup", "cursor(-8)", "Page up", show=False),
        Binding("pagedown", "cursor(8)", "Page down", show=False),
        Binding("escape", "clear", "Clear filter", show=False),
        Binding("ctrl+u", "clear", "Clear filter", show=False),
    ]

    @dataclass
    class Chosen(Message):
        action: Action

    def __init__(self, *, id: str | None = None, blink: bool = True,  # noqa: A002
                 table_keys: tuple[str, ...] = ()) -> None:
        """``table_keys``: printable keys the screen offers in its footer (the app takes them while
        nothing is typed; typed, they are letters of the filter)."""
        super().__init__(id=id)
        self.table_keys = table_keys
        self.items: list[Item] = []
        self.shown: list[Item] = []
        self._blink = blink
        self._detail: Text | None = None
        self._detail_height = DETAIL_LINES[0]
        self.explain: Callable[[str], str | None] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="picker-prompt")
        filt = FilterInput(self, placeholder="type to filter, Enter to do it",
                           id="picker-filter", max_length=100)
        filt.cursor_blink = self._blink
        yield filt
        yield ActionList(id="picker-options", classes="-no-color" if self.app.no_color else "")
        yield Static(id="picker-detail")

    @property
    def filter(self) -> FilterInput:
        return self.query_one("#picker-filter", FilterInput)

    @property
    def typed(self) -> str:
        """The filter's text; empty while the picker is still being built (its filter not there yet)."""
        found = self.query("#picker-filter")
        return found.first(FilterInput).value if found else ""

    @property
    def options(self) -> OptionList:
        return self.query_one("#picker-options", OptionList)

    def set_items(
        self,
        prompt: Text | str,
        items: list[Item],
        keep_filter: bool = False,
        explain: Callable[[str], str | None] | None = None,
    ) -> None:
        """Offer ``items``; ``explain(query)`` may say why nothing legal matches the filter."""
        self.explain = explain
        self.query_one("#picker-prompt", Static).update(prompt)
        # Equivalent actions (two dice of the same colour and face) read the same: list them once.
        seen: set[str] = set()
        self.items = [it for it in items if not (it.words in seen or seen.add(it.words))]  # type: ignore[func-returns-value]
        if not keep_filter and self.filter.value:
            self.filter.value = ""  # the filter's watcher rebuilds the list
        else:
            self._rebuild()

    def _rebuild(self) -> None:
        query = self.filter.value
        self.shown = [it for it in self.items if matches(f"{it.words} {it.keywords}", query)]
        if query.strip():  # best match first (a stable sort: ties keep the engine's order)
            self.shown.sort(key=lambda it: rank(it.words, it.keywords, query), reverse=True)
        opts = self.options
        opts.clear_options()
        opts.add_options([Option(it.words) for it in self.shown])
        if self.shown:
            opts.highlighted = 0
        self._show_detail()

    def _show_detail(self) -> None:
        idx = self.options.highlighted
        if not self.items:
            text = Text("nothing to decide here", style="dim")
        elif not self.shown:
            why = self.explain(self.filter.value) if self.explain is not None else None
            text = Text(why or f"no action matches “{self.filter.value}” — Esc clears the filter", style="bold")
        elif all(it.action.kind in COMMAND_KINDS for it in self.shown) and self.explain is not None \
                and (why := self.explain(self.filter.value)) is not None:
            text = Text(why, style="bold")  # "laurel" finds the undo of that card's use: say why not again
        elif idx is not None and idx < len(self.shown) and self.shown[idx].detail:
            text = Text(self.shown[idx].detail, style="italic")
        else:
            text = Text(f"{len(self.shown)} of {len(self.items)} action{'s' * (len(self.items) != 1)}", style="dim")
        if text != self._detail:
            self._detail = text
            detail = self.query_one("#picker-detail", Static)
            self._fit_detail(detail, text)
            # Only a change of height (set just above) needs the screen laid out again.
            detail.update(text, layout=False)

    def on_resize(self) -> None:
        if self._detail is not None:  # a narrower picker may need more lines for the same text
            self._fit_detail(self.query_one("#picker-detail", Static), self._detail)

    def _fit_detail(self, detail: Static, text: Text) -> None:
        """Give the detail under the list the lines its text needs (a refusal with its rule can
        take four lines in the narrow layout), within DETAIL_LINES; the list gives them up."""
        width = detail.content_region.width
        if width <= 0:
            return  # not laid out yet: it keeps its least height
        low, high = DETAIL_LINES
        height = max(low, min(high, len(text.wrap(self.app.console, width))))
        if height != self._detail_height:
            self._detail_height = height
            detail.styles.height = height

    def filter_changed(self) -> None:
        if self.is_mounted:
            self._rebuild()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()  # already handled by filter_changed

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.choose_highlighted()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose_highlighted()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_detail()

    @property
    def highlighted_action(self) -> Action | None:
        idx = self.options.highlighted
        return self.shown[idx].action if idx is not None and idx < len(self.shown) else None

    def choose_highlighted(self) -> None:
        action = self.highlighted_action
        query = self.filter.value
        # Undo and redo are taken only when asked for by name: a filter that finds nothing but the
        # undo of what it names ("laurel") asks for that action, and Enter says why it cannot be done.
        if action is None or action.kind in COMMAND_KINDS and query.strip() \
                and not matches(COMMAND_NAMES[action.kind], query):
            self.app.bell()
            self._show_detail()
            return
        self.post_message(self.Chosen(action))

    def action_cursor(self, step: int) -> None:
        opts = self.options
        if not self.shown:
            return
        idx = opts.highlighted or 0
        opts.highlighted = max(0, min(len(self.shown) - 1, idx + step))
        self._show_detail()

    def highlight(self, action: Action) -> bool:
        """Highlight ``action`` if it is listed (the map shows the same choice); whether it was."""
        for i, item in enumerate(self.shown):
            if item.action == action:
                self.options.highlighted = i
                self._show_detail()
                return True
        return False

    def action_clear(self) -> None:
        self.filter.value = ""

    def focus_filter(self) -> None:
        self.filter.focus()
