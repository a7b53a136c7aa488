"""The table: every board at once on a 160x45 terminal; at 120x36 the boards share tabs; below that
a hint to enlarge the terminal.

The screen renders a seat's view of the game (``game.view(seat)``: what the person at the keyboard
may know, or only what is public while the table is covered) and turns what they pick in the
action picker or on the harbor map into :class:`~great_harbor.ui.messages.Act` messages. It never
holds the game itself."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from great_harbor.engine.actions import Action, AssignPips
from great_harbor.engine.describe import describe, detail, prompt, slot_name
from great_harbor.engine.game import SeatView

from ..keys import HINT_KEY
from ..messages import Act
from ..saving import TableCommands, marked_log
from ..served import is_served, quit_key
from ..widgets.colony import ColonyBoard
from ..widgets.dice import DicePanel
from ..widgets.displays import Displays, round_text
from ..widgets.footer import SteadyFooter
from ..widgets.harbor_map import HarborMap
from ..widgets.log import GameLog
from ..widgets.picker import ActionPicker, Item, kind_words, offer_order
from ..widgets.senate import SenateBoard
from ..widgets.trade import TITLE as TRADE_TITLE
from ..widgets.trade import TradeBoard

if TYPE_CHECKING:
    from ..lookup_topics import Topic

# The rules lookup's topics and the colony view come after the first frame: they are imported
# where they are used (a refusal, F5, F2, the "why not" line), so that start-up does not load them.

WIDE = (160, 45)
COMPACT = (120, 36)
TABS = ("tab-harbor", "tab-colony", "tab-boards", "tab-cards")


# The top line and the action list while a playback shows how the table got where it is.
WATCHING = "Meanwhile at the table: the moves play back line by line (Space skips ahead)."


def layout_for(width: int, height: int) -> str:
    if width >= WIDE[0] and height >= WIDE[1]:
        return "wide"
    if width >= COMPACT[0] and height >= COMPACT[1]:
        return "compact"
    return "small"


def fit_question(text: str, room: int) -> str:
    """The pending question for the top line, within ``room`` cells if it can be: first without a
    closing aside in brackets ("... (and take Govern actions in between)."), then its first
    sentence only. The Actions panel always shows the whole question."""
    if len(text) <= room:
        return text
    text = re.sub(r" \([^()]*\)([.?!])$", r"\1", text)
    if len(text) <= room:
        return text
    first = re.match(r".*?[.?!](?= )", text)
    return first.group(0) if first else text


class GameScreen(Screen[None]):
    # Typing goes to the action picker's filter from the first frame (not the map first, then
    # the filter: each move of the focus restyles the panels around it).
    AUTO_FOCUS = "#picker-filter"
    BINDINGS = [
        Binding("tab", "switch_focus", "Map ⇄ actions", priority=True),
        Binding("f2", "colonies", "Colonies"),
        Binding("f3", "next_tab", "Next board", priority=True, id="next-board"),
        Binding("f4", "log", "Log"),
        Binding("ctrl+z", "app.undo", "Undo", priority=True),
        # For the footer, while the keys are on the action list: the app takes the key itself while
        # nothing is typed (GreatHarborApp.on_event); typed into the action filter, H is a letter.
        Binding(HINT_KEY, "app.hint", "Hint"),
        Binding("ctrl+y", "app.redo", "Redo", priority=True, show=False),  # in the palette and the picker
        Binding("ctrl+e", "app.export_log", "Export log", priority=True, show=False, id="export-log"),  # in the palette
        Binding("ctrl+q", "app.quit", "Quit", id="quit"),
        Binding("escape", "focus_actions", show=False),  # from the log (the map and the picker use Esc)
    ]

    def __init__(self, view: SeatView, *, blink: bool = True, commands: TableCommands | None = None) -> None:
        """``commands``: undo and redo for the action picker (none for a game nobody records);
        ``blink``: the filter's cursor blinks (off for tests and benchmarks)."""
        super().__init__()
        self.game = view  # what this screen shows: a seat's view, never the game itself
        self.blink = blink
        self.commands = commands or TableCommands()
        self.refusal: tuple[Topic, float] | None = None  # the rule of the last refusal shown, until when
        self.last_refusal: Topic | None = None  # the last refusal shown, however long ago
        self.hidden = False
        self._typed = 0  # the length the action filter's text will have (see typing)
        self.watching = False  # a playback is on: the table shows the line being read
        self.layout_mode = "wide"
        self.tab_phase: str | None = None  # in tabs (120x36): the phase the shown tab was chosen for

    # --- building the table ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        size = self.app.size
        self.layout_mode = layout_for(size.width, size.height)
        self.set_class(self.layout_mode == "compact", "compact")  # app.tcss: where notices show
        yield Static(id="status")
        yield from compose_table(
            self.layout_mode, HarborMap(id="map"),
            ActionPicker(id="picker", blink=self.blink, table_keys=(HINT_KEY,)), "Actions",
        )
        yield SteadyFooter()  # built once at the start, not three times (see its module)

    @property
    def viewer(self) -> int | None:
        """Whose private information the table shows (None: nobody's)."""
        return self.game.seat

    def on_mount(self) -> None:
        self.refresh_view(self.game, self.hidden, watching=self.watching)

    async def on_resize(self, event: events.Resize) -> None:
        mode = layout_for(event.size.width, event.size.height)
        if mode != self.layout_mode:
            await self.recompose()
            self.tab_phase = None
            self.refresh_view(self.game, self.hidden, watching=self.watching)
            self.refresh_bindings()  # the footer offers only the keys that do something here

    # Keys that do nothing in a terminal too small for the table (it shows only a hint then).
    TABLE_ONLY = frozenset({"switch_focus", "next_tab", "log", "focus_actions"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.TABLE_ONLY and self.layout_mode == "small":
            return False  # not offered in the footer, and the key does nothing
        return True

    # --- showing the game -----------------------------------------------------------------

    def refresh_view(self, view: SeatView, hidden: bool = False, log_upto: int | None = None,
                     watching: bool = False) -> None:
        """Draw ``view`` (a seat's, or a spectator's while the table is covered: ``hidden``); the
        log shows its first ``log_upto`` lines (all by default). ``watching``: a playback shows how
        the table got here, line by line, and ``view`` is the table at the line being read (nobody
        decides anything in it)."""
        self.game = game = view
        self.hidden = hidden
        self.watching = watching
        if not self.query("#status"):
            return  # not composed yet (a playback's step for a table being reopened): on_mount draws it
        viewer = view.seat
        if self.layout_mode == "small":
            w, h = self.app.size
            if is_served(self.app):
                where = (f"This browser window holds {w}x{h}: please enlarge it, zoom out (Ctrl+-), or add "
                         "?fontsize=12 to the page's address.")
            else:
                where = f"This one is {w}x{h}: please enlarge the window or reduce the font size."
            self.query_one("#too-small", Static).update(Text(
                f"The Great Harbor needs a terminal of at least {COMPACT[0]}x{COMPACT[1]} "
                f"({WIDE[0]}x{WIDE[1]} shows the whole table at once).\n{where}\n\n{quit_key(self.app)} quits.",
                justify="center"))
            self.query_one("#status", Static).update(round_text(game))
            return
        top = game.pending
        deciding = top.seat if top is not None else None
        shown = viewer if viewer is not None else (deciding if deciding is not None else 0)
        self._show_status(WATCHING if watching else prompt(game), "bold reverse" if not hidden and not watching else "")
        private = viewer is not None and viewer == shown
        if self.layout_mode == "compact" and game.s.phase != self.tab_phase:
            # In tabs, a new phase brings up its board: the Trade board for the Voyage (the
            # pirates and rewards its decisions are about), the Harbor for the rest. Within a
            # phase the tab stays where the player put it.
            self.tab_phase = game.s.phase
            self._show_tab("tab-boards" if game.s.phase == "voyage" else "tab-harbor")
        self.query_one(HarborMap).show(game, active=not hidden and not watching and top is not None)
        self.query_one(DicePanel).show(game)
        self.query_one(TradeBoard).show(game)
        self.query_one(SenateBoard).show(game)
        self.query_one(Displays).show(game)
        colony = self.query_one(ColonyBoard)
        colony.show(game, shown, show_hand=private)
        colony_box = colony.parent
        if isinstance(colony_box, Widget):
            p = game.s.players[shown]
            colony_box.border_title = f"Colony of {p.name}" + ("" if private or p.automa else " (hand hidden)")
        self.query_one(GameLog).sync(marked_log(game, viewer), log_upto, viewer)
        picker = self.query_one(ActionPicker)
        self._typed = 0  # the new list starts with an empty filter
        if watching:
            picker.set_items(Text(WATCHING, style="italic"), [])
        elif hidden or top is None:
            picker.set_items(Text("The game is over." if top is None else ""), [])
        else:
            actions = list(game.legal_actions())
            actions = offer_order(actions)
            # The action's kind in the rulebook's words is found too: "play ship" finds "Launch ...".
            items = [Item(a, describe(game, a), detail(game, a), kind_words(a.kind)) for a in actions]
            items += self.commands.items()  # undo, redo
            picker.set_items(Text(prompt(game), style="bold"), items, explain=self.explain)
        self._place_focus()

    def typing(self) -> bool:
        """Whether the player is typing in the action filter (where a capital H is text), counting
        the keys the filter has not handled yet: a burst of keys reaches the app first."""
        pickers = self.query(ActionPicker)
        return self._typed > 0 or bool(pickers and pickers.first().typed)

    def filter_finds_nothing(self) -> bool:
        """Whether the action filter holds text that matches none of the actions on offer."""
        pickers = self.query(ActionPicker)
        if self.hidden or self.watching or self.layout_mode == "small" or not pickers:
            return False
        picker = pickers.first()
        return bool(picker.items and picker.typed.strip() and not picker.shown)

    def clear_filter(self) -> None:
        """Empty the action filter (and forget the keys counted as typed into it)."""
        self._typed = 0
        pickers = self.query(ActionPicker)
        if pickers:
            pickers.first().action_clear()

    def restyle(self) -> None:
        """A new theme: the same view drawn again in its colours."""
        if not self.query("#status"):
            return  # not built yet: it will be drawn in the new colours
        self.refresh_view(self.game, self.hidden, watching=self.watching)
        self.query_one(HarborMap).refresh()

    def _place_focus(self) -> None:
        hmap = self.query_one(HarborMap)
        if hmap.has_focus and (hmap.placing or hmap.assigning):
            return
        self.query_one(ActionPicker).focus_filter()

    def explain(self, query: str) -> str | None:
        """Why an action the filter describes cannot be done now (the engine's reason), and the
        rule behind it (the context key opens it)."""
        # Start-up: after the first frame (see above).
        from ..lookup_topics import CONTEXT_KEY, UNDO_RULE, index_for, title_of, why_not

        why = self.commands.refusal(query)  # undo, redo
        if why is not None:
            title = title_of(index_for(self.game.cat), UNDO_RULE) if why.startswith("Not possible: undo") else None
            return why + (f"  Rule ({CONTEXT_KEY}): {title}" if title else "")
        found = why_not(self.game, query)
        if found is None:
            return None
        title = title_of(index_for(self.game.cat), found.rule)
        return found.text + (f"  Rule ({CONTEXT_KEY}): {title}" if title else "")

    def show_refusal(self, reason: str, topic: Topic | None = None, prefix: str = "Not possible: ",
                     title: str = "") -> None:
        """Show why the engine refused what was picked (or why undo cannot be done, which says so
        itself: no ``prefix``, its rule in the notice's ``title``); while the notice is up, the
        context key opens ``topic`` (the rule behind the refusal)."""
        from ..lookup_topics import REFUSAL_SECONDS  # start-up: after the first frame (see above)

        self.refusal = (topic, time.monotonic() + REFUSAL_SECONDS) if topic is not None else None
        if topic is not None:  # kept for the lookup's "why can't I" (lookup_now)
            self.last_refusal = topic
        self.notify(f"{prefix}{reason}", title=title, severity="warning", timeout=REFUSAL_SECONDS)

    def context_topic(self) -> Topic | None:
        """What the context key opens: the rule of a refusal just shown, the split or slot under
        the map's cursor, the highlighted action (or the one the filter asks for in vain), else
        what the game waits for."""
        # Start-up: after the first frame (see above).
        from ..lookup_topics import Topic, pending_topic, slot_topic, topic_for_action, why_not

        if self.refusal is not None and self.refusal[1] > time.monotonic():
            return self.refusal[0]
        game = self.game
        if self.hidden or self.layout_mode == "small":
            return pending_topic(game)
        hmap = self.query_one(HarborMap)
        if hmap.has_focus:
            if hmap.assigning and hmap.splits:
                return topic_for_action(game, hmap.splits[hmap.split], "the split on the map")
            if hmap.placing and hmap.cursor is not None:
                return slot_topic(game, hmap.cursor, f"the slot under the cursor: {slot_name(game, hmap.cursor)}")
        picker = self.query_one(ActionPicker)
        if picker.has_focus_within:
            index = picker.options.highlighted
            if picker.shown and index is not None and index < len(picker.shown):
                return topic_for_action(game, picker.shown[index].action)
            if picker.filter.value.strip() and picker.items:
                found = why_not(game, picker.filter.value)
                if found is not None and found.rule is not None:
                    return Topic(found.rule, found.text)
        return pending_topic(game)

    def keys_on_actions(self) -> bool:
        """Whether the keys go to the action list (its filter or its options), not the map or the log."""
        # Asked by the footer while a reopened table is still being composed: no list yet, no keys on it.
        pickers = self.query(ActionPicker)
        return self.layout_mode != "small" and bool(pickers) and pickers.first().has_focus_within

    def highlight(self, action: object) -> None:
        """Put the action list's highlight on ``action`` (a hint's suggestion), with the keys on
        the list, so that the next Enter takes it (on the map, Enter would place the die there)."""
        if self.layout_mode == "small" or not isinstance(action, Action):
            return
        picker = self.query_one(ActionPicker)
        if not picker.highlight(action) and picker.typed:  # letters typed while the hint was worked out
            picker.action_clear()
            picker.highlight(action)
        picker.focus_filter()

    def show_thinking(self, name: str, level: str) -> None:
        """A computer rival is deciding: say so where the actions would be."""
        if self.layout_mode == "small":
            return
        thinking = f"{name} ({level} rival) is thinking…"
        self.query_one(ActionPicker).set_items(Text(thinking, style="bold"), [])
        # The top line too: the question it would show is put to the rival ("Marcus: your ships
        # share a position..."), not to the person reading it.
        self._show_status(thinking, "bold")

    def _show_status(self, question: str, style: str) -> None:
        """The top line: the round, then ``question`` in what room is left."""
        status = round_text(self.game, short=self.layout_mode != "wide")
        status.append("   ")
        status.append(fit_question(question, self.app.size.width - status.cell_len - 1), style=style)
        self.query_one("#status", Static).update(status)

    # --- what players pick ----------------------------------------------------------------

    def on_action_picker_chosen(self, message: ActionPicker.Chosen) -> None:
        self.post_message(Act(message.action))

    def on_harbor_map_chosen(self, message: HarborMap.Chosen) -> None:
        self.post_message(Act(message.action))

    def on_harbor_map_split_shown(self, message: HarborMap.SplitShown) -> None:
        self.query_one(ActionPicker).highlight(message.action)

    def on_harbor_map_leave(self, message: HarborMap.Leave) -> None:
        self.query_one(ActionPicker).focus_filter()

    def type_ahead(self, text: str) -> None:
        """Letters typed while the table was covered (the Automa's playback) start the filter."""
        if self.layout_mode != "small":
            self.query_one(ActionPicker).filter.type_ahead(text)

    def route_key(self, event: events.Key) -> None:
        """Before a key reaches the focused panel (the app calls this in the order keys arrive):
        a character typed while the log or the map has the keys starts the action filter, which
        takes that key and every one after it, Space and Enter included. The map keeps its own
        keys (Space for the next die, 1-3) until typing has started."""
        focused = self.focused
        # How long the filter's text will be once it has handled the keys so far (see typing).
        if event.key in ("escape", "enter", "ctrl+u"):
            self._typed = 0
        elif event.key == "backspace":
            self._typed = max(0, self._typed - 1)
        elif event.is_printable and event.character and not (event.key == "space" and not self.typing()) and \
                not (isinstance(focused, HarborMap) and event.key in focused.own_keys() and not self._typed):
            self._typed += 1
        if self.layout_mode == "small" or not event.is_printable or not event.character:
            return
        if isinstance(focused, GameLog) and event.key != "space" or \
                isinstance(focused, HarborMap) and event.key not in focused.own_keys():
            # Now, not after this key: the keys after it arrive before a deferred focus would.
            # (While the table is being rebuilt the filter may not be there yet: the key then
            # stays with the focused panel.)
            filters = self.query("#picker-filter")
            if filters:
                self.set_focus(filters.first())

    # --- keys -----------------------------------------------------------------------------

    def action_switch_focus(self) -> None:
        if self.layout_mode == "small":
            return
        hmap = self.query_one(HarborMap)
        picker = self.query_one(ActionPicker)
        if hmap.has_focus or not picker.has_focus_within:  # from the map, or the log: back to the actions
            picker.focus_filter()
            return
        if not (hmap.placing or hmap.assigning):
            top = self.game.pending
            if top is not None and top.kind == "turn" and self.game.s.phase == "actions":
                why = "your dice for this turn are on the harbor (End your turn when you are done)"
            elif top is not None and self.game.s.phase == "actions":
                why = "answer the question in the action list first"
            else:
                why = "the harbor map takes dice in the Action phase, on your turn"
            self.notify(f"No die to place now: {why}.", timeout=4)
            return
        if self.layout_mode == "compact":
            self._show_tab("tab-harbor")
        chosen = picker.highlighted_action
        if hmap.assigning and isinstance(chosen, AssignPips) and chosen in hmap.splits:
            hmap.split = hmap.splits.index(chosen)  # the map takes up the split highlighted in the list
        hmap.focus()
        hmap.refresh()

    def action_focus_actions(self) -> None:
        if self.layout_mode != "small":
            self.query_one(ActionPicker).focus_filter()

    def _show_tab(self, tab: str) -> None:
        from textual.widgets import TabbedContent  # only the 120x36 layout has tabs (see compose_table)

        self.query_one(TabbedContent).active = tab

    def action_colonies(self) -> None:
        top = self.game.pending
        seat = self.viewer if self.viewer is not None else (top.seat if top is not None else 0)
        from .colony_view import ColonyViewScreen  # start-up: after the first frame (see above)

        self.app.push_screen(ColonyViewScreen(self.game, seat))

    def action_next_tab(self) -> None:
        if self.layout_mode != "compact":
            self.notify("All boards are on screen; F3 switches boards in a smaller terminal.", timeout=4)
            return
        from textual.widgets import TabbedContent  # only the 120x36 layout has tabs (see compose_table)

        tabs = self.query_one(TabbedContent)
        i = TABS.index(tabs.active) if tabs.active in TABS else 0
        tabs.active = TABS[(i + 1) % len(TABS)]

    def action_log(self) -> None:
        if self.layout_mode == "small":
            return
        if self.layout_mode == "compact":
            self._show_tab("tab-harbor")
        log = self.query_one(GameLog)
        if log.has_focus:
            self.query_one(ActionPicker).focus_filter()
        else:
            log.focus()


def compose_table(layout_mode: str, harbor: Widget, control: Widget, control_title: str) -> ComposeResult:
    """The table's boards in the layout for the terminal size. The game screen and the replay
    differ only in the harbor map (interactive or read-only) and the ``control`` panel (the action
    picker, or the replay's position)."""
    if layout_mode == "wide":
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield _titled(harbor, "Harbor")
                yield _titled(control, control_title)
                yield _titled(GameLog(id="log"), "Log")
            with Vertical(id="right"):
                yield _titled(Displays(id="displays"), "Displays")
                yield _titled(DicePanel(id="dice"), "Dice and players")
                yield _titled(TradeBoard(id="trade"), TRADE_TITLE)
                yield _titled(SenateBoard(id="senate"), "Senate")
                yield _titled(ColonyBoard(id="colony"), "Colony")
    elif layout_mode == "compact":
        # Here, not at the top (start-up): the tabs load only in this layout; the wide table starts without them.
        from textual.widgets import TabbedContent, TabPane

        with Horizontal(id="table", classes="compact"):
            with TabbedContent(id="tabs", initial="tab-harbor"):
                with TabPane("Harbor", id="tab-harbor"):
                    yield _titled(harbor, "Harbor")
                    yield _titled(GameLog(id="log"), "Log")
                with TabPane("Colony", id="tab-colony"):
                    yield _titled(ColonyBoard(id="colony"), "Colony")
                with TabPane("Trade & Senate", id="tab-boards"):
                    yield _titled(TradeBoard(id="trade"), TRADE_TITLE)
                    yield _titled(SenateBoard(id="senate"), "Senate")
                with TabPane("Cards", id="tab-cards"):
                    yield _titled(Displays(id="displays"), "Displays")
            with Vertical(id="right"):
                yield _titled(DicePanel(id="dice"), "Dice and players")
                yield _titled(control, control_title)
    else:
        yield Static(id="too-small")


def _titled(widget: Widget, title: str) -> Vertical:
    box = Vertical(widget, classes="panel", id=f"{widget.id}-box")
    box.border_title = title
    return box
