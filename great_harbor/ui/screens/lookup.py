"""The rules lookup: pushed over whatever is on screen (`?` or F1), closed with Esc.

On the left a search field (type words, a card name or number; small typos are fine) with its
results, best first; with nothing typed, the contents: what is on the table now, every chapter and
section of the reference, and the card glossary. On the right the chosen entry as Markdown with
its links numbered, and the list of those links. Alt+Left / Alt+Right go back and forward.

The screen only reads: the game is never touched, so closing it leaves the table exactly as it was
(Textual gives the focus back to the widget that had it). What the lookup showed is remembered on
the app, so the next `?` opens where the player left off. :func:`context_topic` says what the
context key (F5) opens on each screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, OptionList, Static, Tree
from textual.widgets.option_list import Option
from textual.widgets.tree import TreeNode

from ..lookup_topics import CONTEXT_KEY, TableThing, Topic
from ..widgets.rules_entry import EntryText, FollowLink, LinkList, entry_links

if TYPE_CHECKING:
    from great_harbor.data import Catalogue
    from great_harbor.lookup import SearchIndex

    from ..app import GreatHarborApp

RESULTS = 25
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
    the results while typing."""

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

    def action_move(self, step: int) -> None:
        self.lookup.move_result(step)


class LookupScreen(Screen[None]):
    IS_RULES_LOOKUP = True  # F5 (help on what is in front of you) is off while the lookup is open

    BINDINGS = [
        Binding("escape", "close", "Close the lookup"),
        Binding("alt+left", "back", "Back"),
        Binding("alt+right", "forward", "Forward"),
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
    ) -> None:
        super().__init__()
        self.index = index
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
        self._preview: str | None = None
        self._preview_timer: Timer | None = None
        self._ready = False  # searches wait until the widgets are there

    # --- building -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="lookup-status")
        with Horizontal(id="lookup-main"):
            with Vertical(id="lookup-side"):
                search = SearchInput(self, placeholder="search the rules: words, a card name or number",
                                     id="lookup-search", select_on_focus=False)
                search.cursor_blink = self.blink
                yield search
                yield OptionList(id="lookup-results")
                tree: Tree[str | None] = Tree("Contents", id="lookup-contents")
                tree.show_root = False
                yield tree
            with Vertical(id="lookup-page"):
                yield Static(id="lookup-title")
                yield EntryText(id="lookup-text")
                yield LinkList(id="lookup-links")
        yield Footer()

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
            self.query_one(EntryText).focus()
        else:
            search.focus()

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
        results = self.query_one("#lookup-results", OptionList)
        if not query.strip():
            self._schedule_preview(None)  # nothing to draw: a pending preview is dropped
            self.result_ids = []
            results.clear_options()
            self._show_results(False)
            return
        found = self.index.search(query, limit=RESULTS)
        options: list[Option] = []
        self.result_ids = []
        if found:
            for result in found:
                options.append(Option(_result_text(result.entry.title, result.entry.breadcrumb)))
                self.result_ids.append(result.entry.id)
        else:
            options.append(Option(Text(f"Nothing matches “{query.strip()}”. Nearest titles:", style="italic"),
                                  disabled=True))
            self.result_ids.append(None)
            for entry in self.index.suggest(query, limit=8):
                options.append(Option(_result_text(entry.title, entry.breadcrumb)))
                self.result_ids.append(entry.id)
        results.clear_options()
        results.add_options(options)
        self._show_results(True)
        first = next((i for i, entry in enumerate(self.result_ids) if entry is not None), None)
        results.highlighted = first
        if first is not None:
            self._schedule_preview(self.result_ids[first], typing=True)

    def _show_results(self, shown: bool) -> None:
        self.query_one("#lookup-results", OptionList).display = shown
        self.query_one("#lookup-contents", Tree).display = not shown

    def move_result(self, step: int) -> None:
        """↑ ↓ in the search field: move in the results, or go down into the contents."""
        results = self.query_one("#lookup-results", OptionList)
        if not results.display:
            if step > 0:
                self._focus_contents()
            return
        choices = [i for i, entry in enumerate(self.result_ids) if entry is not None]
        if not choices:
            return
        now = results.highlighted if results.highlighted in choices else choices[0]
        at = choices.index(now)
        new = choices[max(0, min(len(choices) - 1, at + step))]
        results.highlighted = new
        self._schedule_preview(self.result_ids[new])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        results = self.query_one("#lookup-results", OptionList)
        index = results.highlighted
        chosen = self.result_ids[index] if results.display and index is not None else None
        if chosen is not None:
            self.open(chosen, focus_text=True)
        elif not results.display:
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
        tree.focus()
        if tree.cursor_line < 0:
            tree.cursor_line = 0

    def _reveal(self, entry: str) -> None:
        """Move the contents' cursor to ``entry``, unfolding the chapters above it."""
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
        if focus_text:
            self.query_one(EntryText).focus()

    def show(self, entry_id: str) -> None:
        """Draw ``entry_id`` on the right (not added to the history: a preview)."""
        entry = self.index.get(entry_id)
        self.current = entry_id
        self.memory.current, self.memory.position = entry_id, self.position
        title = Text(entry.title, style="bold")
        if len(entry.breadcrumb) > 1:
            title.append("\n" + entry.path, style="dim")
        self.query_one("#lookup-title", Static).update(title)
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

    def _show_start(self) -> None:
        self.current = None
        self.query_one("#lookup-title", Static).update(Text("The rules, one keystroke away", style="bold"))
        self.query_one(EntryText).show_text(Text(START))
        self.query_one(LinkList).show([], self._title)

    def on_follow_link(self, message: FollowLink) -> None:
        message.stop()
        self.open(message.entry)
        self.query_one(EntryText).focus()

    # --- keys -----------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A letter typed outside the search field starts a new search."""
        search = self.query_one(SearchInput)
        if search.has_focus or not event.is_printable or not event.character or not event.character.isalpha():
            return
        if isinstance(self.focused, Tree | OptionList | EntryText):
            event.stop()
            event.prevent_default()
            search.value = event.character
            search.focus()
            search.cursor_position = len(search.value)

    def focus_search(self) -> None:
        """`?` or F1 inside the lookup: back to the search field, its text selected."""
        search = self.query_one(SearchInput)
        search.focus()
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


def _result_text(title: str, breadcrumb: tuple[str, ...]) -> Text:
    out = Text(title, no_wrap=True, overflow="ellipsis")
    if len(breadcrumb) > 1:
        out.append(f"  {breadcrumb[-2]}", style="dim")
    return out


# --- opening the lookup from the app ------------------------------------------------------------


def open_lookup(app: GreatHarborApp, topic: Topic | None = None) -> None:
    """Push the lookup over the current screen (or, when it is already open, go to its search
    field, or to ``topic``)."""
    screen = app.screen
    if isinstance(screen, LookupScreen):
        if topic is not None and topic.entry in screen.index:
            screen.open(topic.entry, focus_text=True)
        else:
            screen.focus_search()
        return
    from ..lookup_topics import index_for

    index = index_for(_catalogue(app))
    memory = app.lookup_memory if isinstance(app.lookup_memory, LookupMemory) else LookupMemory()
    app.lookup_memory = memory
    app.push_screen(LookupScreen(index, topic, table_context(app), memory, blink=getattr(app, "blink", True)))


def _catalogue(app: GreatHarborApp) -> Catalogue | None:
    from great_harbor.data import CatalogueError

    if app.game is not None:
        return app.game.cat
    try:
        return app.catalogue
    except CatalogueError:
        return None


def table_context(app: GreatHarborApp) -> list[TableThing]:
    """What the table shows now, for the "On the table" branch: nothing private while the table is
    hidden (the hand-off screen), and nothing at all away from a game."""
    from ..lookup_topics import table_things
    from .game import GameScreen
    from .game_over import GameOverScreen
    from .handoff import HandOffScreen

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


def context_topic(app: GreatHarborApp) -> Topic | None:
    """What the context key opens on the current screen: the rule of a refusal just shown, the
    thing highlighted on the table, or what the screen is about."""
    import time

    from ..lookup_topics import pending_topic, slot_topic, topic_for_action, why_not
    from ..widgets.harbor_map import HarborMap
    from ..widgets.picker import ActionPicker
    from .automa_turn import AutomaTurnScreen
    from .colony_view import ColonyViewScreen
    from .game import GameScreen
    from .game_over import GameOverScreen
    from .handoff import HandOffScreen
    from .new_game import NewGameScreen

    screen = app.screen
    game = app.game
    refusal = getattr(app, "refusal", None)
    if refusal is not None and refusal[1] > time.monotonic() and isinstance(screen, GameScreen):
        return refusal[0]
    if isinstance(screen, NewGameScreen):
        focused = screen.focused
        name = focused.id or "" if focused is not None else ""
        if name == "shops":
            return Topic("harbor-shops", "the Harbor Shops variant")
        if name.startswith("kind-") and getattr(focused, "value", "") == "Automa":
            return Topic("automa", "playing with the Automa")
        if name.startswith("kind-") and str(getattr(focused, "value", "")).endswith(" rival"):
            return Topic("computer-rivals/rival-strengths", "computer rivals")
        return Topic("setup", "setting up a game")
    if game is None:
        return None
    if isinstance(screen, GameOverScreen):
        return Topic("end-of-game", "the final scores")
    if isinstance(screen, AutomaTurnScreen):
        if screen.rivals:
            return Topic("computer-rivals/why-a-rival-did-that", "a computer rival's move")
        return Topic("automa", "the Automa's turn")
    if isinstance(screen, ColonyViewScreen):
        return Topic("colony-board", "the colony board")
    if isinstance(screen, HandOffScreen):
        return pending_topic(screen.game)
    if not isinstance(screen, GameScreen):
        return None
    game = screen.game  # the view the table shows
    if screen.hidden or screen.layout_mode == "small":
        return pending_topic(game)
    hmap = screen.query_one(HarborMap)
    if hmap.has_focus:
        if hmap.assigning and hmap.splits:
            return topic_for_action(game, hmap.splits[hmap.split], "the split on the map")
        if hmap.placing and hmap.cursor is not None:
            from great_harbor.engine.describe import slot_name

            return slot_topic(game, hmap.cursor, f"the slot under the cursor: {slot_name(game, hmap.cursor)}")
    picker = screen.query_one(ActionPicker)
    if picker.has_focus_within:
        index = picker.options.highlighted
        if picker.shown and index is not None and index < len(picker.shown):
            return topic_for_action(game, picker.shown[index].action)
        if picker.filter.value.strip() and picker.items:
            found = why_not(game, picker.filter.value)
            if found is not None and found.rule is not None:
                return Topic(found.rule, found.text)
    return pending_topic(game)
