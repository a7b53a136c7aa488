"""The rules lookup: pushed over whatever is on screen (`?` or F1), closed with Esc.

On the left a search field (type words, a card name or number; small typos are fine) with its
results, best first; with nothing typed, the contents: what is on the table now, every chapter and
section of the reference, and the card glossary. On the right the chosen entry as Markdown with
its links numbered, and the list of those links. Alt+Left / Alt+Right go back and forward.

The screen only reads: the game is never touched, so closing it leaves the table exactly as it was
(Textual gives the focus back to the widget that had it). What the lookup showed is remembered on
the app, so the next `?` opens where the player left off. What the context key (F5) opens, each
screen says itself (its ``context_topic``).

Typing never loses a key. The app hands every key and paste to :meth:`LookupScreen.intercept`
before it sends it to the focused widget; that runs in the order keys arrive, so a letter typed
over the text, the contents or the results starts a new search at once (and the keys after it
follow it into the search field), and Enter in the search field opens its result before the next
key is read. Focus moves made by a key are made there too, never later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static, Tree
from textual.widgets.option_list import Option
from textual.widgets.tree import TreeNode

from great_harbor.data import CatalogueError
from great_harbor.lookup.now import asks_about_now, confident

from ..lookup_now import HINT_KEY, NowAnswer, NowFacts, answer_now, nothing_matches
from ..lookup_topics import CONTEXT_KEY, TableThing, Topic, index_for, table_things
from ..widgets.footer import SteadyFooter
from ..widgets.quick_list import QuickOptionList
from ..widgets.rules_entry import EntryText, FollowLink, LinkList, entry_links
from .game import GameScreen
from .game_over import GameOverScreen
from .handoff import HandOffScreen

if TYPE_CHECKING:
    from great_harbor.data import Catalogue
    from great_harbor.engine import Game
    from great_harbor.lookup import SearchIndex


class LookupHost(Protocol):
    """What the lookup reads of the app that opens it."""

    game: Game | None
    lookup_memory: object | None
    blink: bool

    @property
    def catalogue(self) -> Catalogue: ...

    @property
    def screen(self) -> Screen[Any]: ...

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    def push_screen(self, screen: Screen[Any]) -> object: ...

RESULTS = 15
SUGGEST_FROM = 3  # letters typed before the nearest titles are offered for a search that finds nothing
TYPING_PAUSE = 0.12  # seconds without a key before the best match is drawn on the right

START = (
    "Type to search the rules and the cards: words (shore fee), a card name (corsair) or number "
    "(person 21). Small typos are fine; the best match comes first.\n\n"
    "↑ ↓ choose a result · Enter opens it · Tab moves to the contents, the text and its links\n"
    "1-9 over the text follow its numbered links · Alt+← / Alt+→ go back and forward\n"
    f"{CONTEXT_KEY} at the table opens the rule for what is highlighted · Esc closes the lookup\n\n"
    "With nothing typed, the list on the left holds the contents: what is on the table now, every "
    "chapter of the rules and the card glossary (Enter opens, Space folds)."
)


@dataclass
class LookupMemory:
    """What the lookup showed when it closed: the search, the entries read, the one shown."""

    query: str = ""
    history: list[str] = field(default_factory=list)
    position: int = -1
    current: str | None = None


class SearchInput(Input):
    """The search field: searches on every change in the key's own frame; ↑ ↓ PgUp PgDn move in
    the results while typing. Its size never depends on its text: the width of the text (Input's
    virtual size, a layout reactive in Textual) laid the whole screen out again on every letter."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    BINDINGS = [
        Binding("down", "move(1)", "Next result", show=False),
        Binding("up", "move(-1)", "Previous result", show=False),
        Binding("pagedown", "move(8)", "Page down", show=False),
        Binding("pageup", "move(-8)", "Page up", show=False),
    ]

    def __init__(self, lookup: LookupScreen, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.lookup = lookup

    def _watch_value(self, value: str) -> None:
        super()._watch_value(value)
        self.lookup.search_changed(value)

    async def _on_key(self, event: events.Key) -> None:
        # (Textual calls Input's own handler after this one unless the default is prevented.)
        if self.lookup.starts_search(event) and event.character:
            event.stop()
            event.prevent_default()
            self._new_search(event.character)
            return
        # The field's own keys (Backspace, Enter, ↑ ↓, ...) act here, in turn with the letters:
        # left to Textual they would act once the key has climbed to the app, after letters typed
        # behind them.
        bindings = self._bindings.key_to_bindings.get(event.key, ())
        if bindings and not event.is_printable:
            event.stop()
            event.prevent_default()
            await self.run_action(bindings[0].action)

    async def action_submit(self) -> None:
        self.lookup.submit_search()

    def _on_paste(self, event: events.Paste) -> None:
        if self.lookup.starts_search(event):
            event.stop()
            event.prevent_default()
            self._new_search(_text_of(event) or "")

    def _new_search(self, text: str) -> None:
        self.value = text
        self.cursor_position = len(text)
        self.lookup.search_took_over()

    def action_move(self, step: int) -> None:
        self.lookup.move_result(step)


class ResultList(QuickOptionList):
    """The search's results. Its height is the pane's, whatever it lists, and a new search draws
    it once: OptionList measures its lines while it draws them, and the new length (a layout
    reactive in Textual) asked for the list to be laid out and drawn again a frame later, which
    made the first letter of a search cost two frames. Nothing here depends on its length."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self._laid_out_width = -1

    def _on_resize(self, event: events.Resize) -> None:  # type: ignore[override]
        # Shown again (the first letter of a search) it is "resized" to the size it had: its lines
        # stay good, where OptionList would throw them away and draw the list a second time.
        if event.size.width == self._laid_out_width:
            event.prevent_default()
        self._laid_out_width = event.size.width


class LookupScreen(Screen[None]):
    IS_RULES_LOOKUP = True  # F5 (help on what is in front of you) is off while the lookup is open

    BINDINGS = [
        Binding("escape", "close", "Close the lookup"),
        # Priority: served in a browser they answer to Ctrl+← Ctrl+→ too, which the search field
        # would take for moving by words.
        Binding("alt+left", "back", "Back", priority=True, id="lookup-back"),
        Binding("alt+right", "forward", "Forward", priority=True, id="lookup-forward"),
        Binding("backspace", "back", "Back", show=False),
    ]

    def __init__(
        self,
        index: SearchIndex,
        topic: Topic | None = None,
        things: Sequence[TableThing] = (),
        memory: LookupMemory | None = None,
        *,
        blink: bool = True,
        now: NowFacts | None = None,
    ) -> None:
        super().__init__()
        self.index = index
        self.now = now or NowFacts(None)  # the game in front of the player, for questions about it
        self.topic = topic
        self.things = list(things)
        self.memory = memory or LookupMemory()  # kept up to date as the player reads
        self.blink = blink
        self.memory.history[:] = [entry for entry in self.memory.history if entry in index]
        self.history = self.memory.history
        self.position = min(self.memory.position, len(self.history) - 1)
        self.current: str | None = None
        self.result_ids: list[str | None] = []
        self._tree_nodes: dict[str, TreeNode[str | None]] = {}
        self._unrevealed: str | None = None  # the entry the contents will show once uncovered
        self._preview: str | None = None
        self._preview_timer: Timer | None = None
        self._shown_options: tuple[tuple[str, bool], ...] = ()  # what the results list shows now
        self._title_lines = 0  # lines of the entry's title as drawn (0: not yet)
        # Whether ↑ ↓ moved in the results since the query changed: the first ↓ after typing goes
        # to the first result (already previewed), not past it to the second.
        self._moved = False
        self._ready = False  # searches wait until the widgets are there
        self._early: list[events.Key | events.Paste] = []  # keys sent before the widgets were there
        # Typing state, kept by intercept() in the order keys arrive:
        self._typing = False  # text went to the search since the last command key: an entry that
        # key opens later (Enter on a result, a link) leaves the focus in the search
        self._redirect = False  # keys go to the search field ahead of its focus
        self._submit_pending = False  # Enter was sent to the search field, not read yet
        self._new_search: set[events.Key | events.Paste] = set()  # keys that start a new search

    # --- building -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="lookup-status")
        with Horizontal(id="lookup-main"):
            with Vertical(id="lookup-side"):
                search = SearchInput(self, placeholder="search the rules: words, a card name or number",
                                     id="lookup-search", select_on_focus=False, max_length=200)
                search.cursor_blink = self.blink
                yield search
                # The results lie over the contents (app.tcss): showing or hiding them redraws the
                # results alone, where swapping the two laid out and drew the whole pane again.
                with Vertical(id="lookup-list"):
                    tree: Tree[str | None] = Tree("Contents", id="lookup-contents")
                    tree.show_root = False
                    yield tree
                    yield ResultList(id="lookup-results")
            with Vertical(id="lookup-page"):
                yield Static(id="lookup-title")
                yield EntryText(id="lookup-text")
                yield LinkList(id="lookup-links")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self._ready = True
        self.query_one("#lookup-links", LinkList).border_title = "Links (Enter opens; 1-9 over the text)"
        self._build_tree()
        self._show_status()
        search = self.query_one(SearchInput)
        current = self.memory.current
        if self.topic is not None and self.topic.entry in self.index:
            self.open(self.topic.entry)
        elif current is not None and current in self.index:
            self.show(current)
        else:
            self._show_start()
        if self.topic is None and self.memory.query:
            search.value = self.memory.query  # searches, and shows the results list
            search.select_all()  # typing starts a new search
            self._schedule_preview(None)  # the entry read last stays on the right
            shown = self.result_ids.index(self.current) if self.current in self.result_ids else None
            self.query_one("#lookup-results", OptionList).highlighted = shown
        else:  # opened on a topic: the contents, where the topic's entry is
            self.memory.query = ""
            self._show_results(False)
        if self.topic is not None:
            self.set_focus(self.query_one(EntryText))
        else:
            self.set_focus(search)
        early, self._early = self._early, []
        for event in early:  # in order, as if they came now
            if not self.intercept(event):
                (self.focused or self)._forward_event(event)

    def _build_tree(self) -> None:
        tree = self.query_one("#lookup-contents", Tree)
        root = tree.root
        if self.things:
            table = root.add("On the table", expand=True)
            groups: dict[str, TreeNode[str | None]] = {}
            for thing in self.things:
                if thing.group == "Now":
                    table.add_leaf(Text(f"Now: {thing.label}", no_wrap=True, overflow="ellipsis"), data=thing.entry)
                    continue
                group = groups.get(thing.group)
                if group is None:
                    group = groups[thing.group] = table.add(thing.group)
                group.add_leaf(thing.label, data=thing.entry)

        def add(node: TreeNode[str | None], parent: str | None) -> None:
            for entry in self.index.children(parent):
                if self.index.children(entry.id):
                    child = node.add(entry.title, data=entry.id)
                    add(child, entry.id)
                else:
                    child = node.add_leaf(entry.title, data=entry.id)
                self._tree_nodes.setdefault(entry.id, child)

        add(root, None)

    def _show_status(self) -> None:
        out = Text("Rules lookup", style="bold")
        if self.topic is not None:
            out.append(f"  ·  {self.topic.about}", style="italic")
        out.append("  ·  Esc closes", style="dim")
        self.query_one("#lookup-status", Static).update(out)

    # --- searching ------------------------------------------------------------------------

    def search_changed(self, query: str) -> None:
        if not self._ready:
            return
        self.memory.query = query
        self._moved = False
        results = self.query_one("#lookup-results", OptionList)
        if not query.strip():
            self._schedule_preview(None)  # nothing to draw: a pending preview is dropped
            self.result_ids = []
            results.clear_options()
            self._shown_options = ()
            self._show_results(False)
            return
        found = self.index.search(query, limit=RESULTS)
        options: list[Option] = []
        self.result_ids = []

        def note(text: str) -> None:
            options.append(Option(Text(text, style="italic"), disabled=True))
            self.result_ids.append(None)

        def offer(answer: NowAnswer) -> None:
            if answer.entry in self.index:
                options.append(Option(Text(answer.text, style="bold", no_wrap=True, overflow="ellipsis")))
                self.result_ids.append(answer.entry)

        asked = asks_about_now(query)
        answer = answer_now(asked, self.now) if asked is not None else None
        if answer is not None:  # a question about the game in front of the player: the game answers first
            offer(answer)
        if confident(found):
            for result in found:
                options.append(Option(_result_text(result.entry.title, result.entry.breadcrumb)))
                self.result_ids.append(result.entry.id)
        else:  # never a confident answer from words that say little
            note(f"Nothing matches “{query.strip()}” well.")
            if answer is None:
                for pending in nothing_matches(self.now):
                    offer(pending)
            # (no title is near a letter or two, the start of a word being typed: the search for
            # one, over every title, was the dearest part of a key)
            nearest = [result.entry for result in found[:3]] or (
                self.index.suggest(query, limit=3) if len(query.strip()) >= SUGGEST_FROM else [])
            if nearest:
                note("Nearest titles:")
            for entry in nearest:
                options.append(Option(_result_text(entry.title, entry.breadcrumb)))
                self.result_ids.append(entry.id)
            if self.now.view is not None:
                note(f"{HINT_KEY} at the table gives a hint: the move a strong player would make.")
        shown = tuple((str(option.prompt), option.disabled) for option in options)
        if shown != self._shown_options or not results.visible:
            # Only a list that changed is rebuilt: a letter that leaves the results as they are
            # (the end of a word, a typo the index forgives) redraws nothing but the field.
            self._shown_options = shown
            results.clear_options()
            results.add_options(options)
            self._show_results(True)
        first = next((i for i, entry in enumerate(self.result_ids) if entry is not None), None)
        if results.highlighted != first:
            results.highlighted = first
        if first is not None:
            self._schedule_preview(self.result_ids[first], typing=True)

    def _show_results(self, shown: bool) -> None:
        # Shown and hidden, never laid out anew: a list that comes back into the layout is resized,
        # and the resize drew it a second time (a second frame for the first letter typed).
        self.query_one("#lookup-results", OptionList).visible = shown
        # Under the results the contents take no keys (Tab passes them by).
        self.query_one("#lookup-contents", Tree).can_focus = not shown
        if not shown and self._unrevealed is not None:
            entry, self._unrevealed = self._unrevealed, None
            self._reveal(entry)

    def move_result(self, step: int) -> None:
        """↑ ↓ in the search field: move in the results, or go down into the contents."""
        results = self.query_one("#lookup-results", OptionList)
        if not results.visible:
            if step > 0:
                self._focus_contents()
            return
        choices = [i for i, entry in enumerate(self.result_ids) if entry is not None]
        if not choices:
            return
        now = results.highlighted if results.highlighted in choices else choices[0]
        at = choices.index(now)
        first_move, self._moved = not self._moved, True
        new = choices[0] if first_move and step > 0 else choices[max(0, min(len(choices) - 1, at + step))]
        results.highlighted = new
        self._schedule_preview(self.result_ids[new])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit_search()

    def submit_search(self) -> None:
        """Enter in the search field: open the highlighted result (and read it), or go down into
        the contents when nothing is typed."""
        self._submit_pending = False
        results = self.query_one("#lookup-results", OptionList)
        index = results.highlighted
        chosen = self.result_ids[index] if results.visible and index is not None else None
        if chosen is not None:
            self.open(chosen, focus_text=True)
        elif not results.visible:
            self._focus_contents()
        else:
            self.app.bell()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "lookup-results" and event.option_list.has_focus:
            entry = self.result_ids[event.option_index] if event.option_index < len(self.result_ids) else None
            if entry is not None:
                self._schedule_preview(entry)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "lookup-results":
            event.stop()
            entry = self.result_ids[event.option_index] if event.option_index < len(self.result_ids) else None
            if entry is not None:
                self.open(entry, focus_text=True)

    # --- the contents ---------------------------------------------------------------------

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[str | None]) -> None:
        if event.node.data is not None and event.control.has_focus:
            self._schedule_preview(event.node.data)

    def on_tree_node_selected(self, event: Tree.NodeSelected[str | None]) -> None:
        event.stop()
        if event.node.data is not None:
            self.open(event.node.data, focus_text=not event.node.children)

    def _focus_contents(self) -> None:
        tree = self.query_one("#lookup-contents", Tree)
        self.set_focus(tree)
        if tree.cursor_line < 0:
            tree.cursor_line = 0

    def _reveal(self, entry: str) -> None:
        """Move the contents' cursor to ``entry``, unfolding the chapters above it; while the
        results cover the contents, once they are uncovered (drawing the covered contents anew on
        every entry opened made opening entries and following links slow)."""
        if self.query_one("#lookup-results", OptionList).visible:
            self._unrevealed = entry
            return
        self._unrevealed = None
        node = self._tree_nodes.get(entry)
        if node is None:
            return
        parent = node.parent
        while parent is not None and not parent.is_root:
            parent.expand()
            parent = parent.parent
        tree = self.query_one("#lookup-contents", Tree)
        self.call_after_refresh(tree.move_cursor, node)

    # --- showing entries ------------------------------------------------------------------

    def _schedule_preview(self, entry: str | None, typing: bool = False) -> None:
        """Show ``entry`` after this frame is drawn: the results list answers in the key's own
        frame and the entry follows in the next one; while typing, once the typing pauses."""
        self._preview = entry
        if self._preview_timer is not None:
            self._preview_timer.stop()
            self._preview_timer = None
        if typing:
            self._preview_timer = self.set_timer(TYPING_PAUSE, self._do_preview)
        else:
            self.call_after_refresh(self._do_preview)

    def _do_preview(self) -> None:
        self._preview_timer = None
        entry, self._preview = self._preview, None
        if entry is not None and entry != self.current and entry in self.index:
            self.show(entry)

    def open(self, entry: str, focus_text: bool = False) -> None:
        """Show ``entry`` and add it to the history (after the one shown; forward steps are dropped)."""
        if entry not in self.index:
            self.app.bell()
            return
        self._preview = None
        if self.position < 0 or self.history[self.position] != entry:
            del self.history[self.position + 1:]
            self.history.append(entry)
            self.position = len(self.history) - 1
        self.show(entry)
        self._reveal(entry)
        if focus_text and not self._typing:
            self.set_focus(self.query_one(EntryText))

    def show(self, entry_id: str) -> None:
        """Draw ``entry_id`` on the right (not added to the history: a preview)."""
        entry = self.index.get(entry_id)
        self.current = entry_id
        self.memory.current, self.memory.position = entry_id, self.position
        title = Text(entry.title, style="bold")
        if len(entry.breadcrumb) > 1:
            title.append("\n" + entry.path, style="dim")
        self._show_title(title)
        extra = self.topic.related if self.topic is not None and entry_id == self.topic.entry else ()
        markdown, links = entry_links(entry, self.index.__contains__, extra)
        self.query_one(EntryText).show(markdown, links)
        self.query_one(LinkList).show(links, self._title)

    def _title(self, entry: str) -> str:
        if entry not in self.index:
            return entry
        title = self.index.get(entry).title
        shown = self.index.get(self.current) if self.current is not None and self.current in self.index else None
        return f"Up: {title}" if shown is not None and shown.parent == entry else title

    def _show_title(self, title: Text) -> None:
        """The entry's title (a line or two, with its path): the screen is laid out again only
        when the number of lines it takes changes (a layout costs more than the rest of a key)."""
        shown = self.query_one("#lookup-title", Static)
        width = shown.content_region.width
        lines = len(title.wrap(self.app.console, width)) if width > 0 else -1
        shown.update(title, layout=lines != self._title_lines or lines < 0)
        self._title_lines = lines

    def _show_start(self) -> None:
        self.current = None
        self._show_title(Text("The rules, one keystroke away", style="bold"))
        self.query_one(EntryText).show_text(Text(START))
        self.query_one(LinkList).show([], self._title)

    def on_follow_link(self, message: FollowLink) -> None:
        message.stop()
        self.open(message.entry, focus_text=True)

    # --- keys -----------------------------------------------------------------------------

    def intercept(self, event: events.Key | events.Paste) -> bool:
        """A key or paste the app is about to send to the focused widget; ``True`` when it was sent
        elsewhere instead. Called by the app in the order keys arrive, so it decides each key's
        place in that order (see the module's text); the search field carries the decisions out in
        the same order, as it reads its keys."""
        text = _text_of(event)
        if not self._ready:  # sent right after `?`: kept until the widgets are there
            self._early.append(event)
            return True
        search = self.query_one(SearchInput)
        in_search = self.focused is search  # (the widget's has_focus follows later)
        key = event.key if isinstance(event, events.Key) else ""
        if key in ("tab", "shift+tab") and not self._redirect:
            # moved here and now, so the keys after it find the focus where Tab puts it
            self._typing = self._submit_pending = False
            if key == "tab":
                self.focus_next()
            else:
                self.focus_previous()
            return True
        if in_search and self._submit_pending and text:
            # Enter has been sent to the field but not read yet: this starts a new search.
            self._submit_pending = False
            self._typing = True
            self._new_search.add(event)
            return False
        if self._redirect:  # a search started here and the field has not read it yet: follow it
            self._typing = self._typing or bool(text)
            search._forward_event(event)
            return True
        if in_search:
            self._typing = bool(text) or (self._typing and key not in _COMMAND_KEYS)
            self._submit_pending = key == "enter"
            return False
        if text and (text[0].isalpha() or isinstance(event, events.Paste)):
            # over the text, the contents or the results: a new search
            self._typing = True
            self._redirect = True
            self._new_search.add(event)
            search._forward_event(event)
            return True
        self._typing = False  # a key for the focused widget (a link, a fold, Enter on a result)
        return False

    def starts_search(self, event: events.Key | events.Paste) -> bool:
        """Does this key (or paste), now read by the search field, start a new search?"""
        if event in self._new_search:
            self._new_search.discard(event)
            return True
        return False

    def search_took_over(self) -> None:
        """The search field has read the key that started a new search: it takes the focus."""
        self._redirect = False
        self.set_focus(self.query_one(SearchInput))

    def focus_search(self) -> None:
        """`?` or F1 inside the lookup: back to the search field, its text selected."""
        search = self.query_one(SearchInput)
        self.set_focus(search)
        search.select_all()

    def action_back(self) -> None:
        if self.position < 0:
            self.app.bell()
            return
        if self.current != self.history[self.position]:
            target = self.history[self.position]  # a preview is shown: back to the entry opened last
        elif self.position > 0:
            self.position -= 1
            target = self.history[self.position]
        else:
            self.app.bell()
            return
        self.show(target)
        self._reveal(target)

    def action_forward(self) -> None:
        if self.position + 1 >= len(self.history):
            self.app.bell()
            return
        self.position += 1
        target = self.history[self.position]
        self.show(target)
        self._reveal(target)

    def action_close(self) -> None:
        self.app.pop_screen()


_COMMAND_KEYS = frozenset({"enter", "tab", "shift+tab", "escape", "up", "down", "pageup", "pagedown"})


def _text_of(event: events.Key | events.Paste) -> str | None:
    """What a key or paste would type into the search field: a printable character, or the first
    line of pasted text; ``None`` for other keys."""
    if isinstance(event, events.Paste):
        lines = event.text.strip().splitlines()
        return lines[0].strip() if lines else None
    return event.character if event.is_printable and event.character else None


def _result_text(title: str, breadcrumb: tuple[str, ...]) -> Text:
    out = Text(title, no_wrap=True, overflow="ellipsis")
    if len(breadcrumb) > 1:
        out.append(f"  {breadcrumb[-2]}", style="dim")
    return out


# --- opening the lookup from the app ------------------------------------------------------------


def open_lookup(app: LookupHost, topic: Topic | None = None) -> None:
    """Push the lookup over the current screen (or, when it is already open, go to its search
    field, or to ``topic``)."""
    screen = app.screen
    if isinstance(screen, LookupScreen):
        if topic is not None and topic.entry in screen.index:
            screen.open(topic.entry, focus_text=True)
        else:
            screen.focus_search()
        return
    index = index_for(_catalogue(app))
    memory = app.lookup_memory if isinstance(app.lookup_memory, LookupMemory) else LookupMemory()
    app.lookup_memory = memory
    app.push_screen(LookupScreen(index, topic, table_context(app), memory, blink=app.blink, now=now_facts(app)))


def _catalogue(app: LookupHost) -> Catalogue | None:
    if app.game is not None:
        return app.game.cat
    try:
        return app.catalogue
    except CatalogueError:
        return None


def now_facts(app: LookupHost) -> NowFacts:
    """The game in front of the player, for questions about it: the table's view (only what is
    public while it is covered) and the last refusal the table showed."""
    table = next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)
    if app.game is None or table is None:
        return NowFacts(None)
    view = app.game.view(None) if isinstance(app.screen, HandOffScreen) else table.game
    coach = getattr(app, "coach", None)  # a learning game's coach (ui/coaching.py) names its lesson
    lesson = coach.lesson_for(app.game) if coach is not None else None
    return NowFacts(view, table.last_refusal, lesson.title if lesson is not None else None)


def table_context(app: LookupHost) -> list[TableThing]:
    """What the table shows now, for the "On the table" branch: nothing private while the table is
    hidden (the hand-off screen), and nothing at all away from a game."""
    table = next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)
    if app.game is None or table is None:
        return []
    # The table's own view: what the person at the keyboard may know, or only what is public
    # while it is covered. The hand-off screen covers it too.
    view = app.game.view(None) if isinstance(app.screen, HandOffScreen) else table.game
    if isinstance(app.screen, GameOverScreen) or view.is_over:
        return table_things(view, None)
    top = view.pending
    shown = view.seat if view.seat is not None else (top.seat if top is not None else 0)
    return table_things(view, shown)
