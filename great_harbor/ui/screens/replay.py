"""The replay viewer: a recorded game, finished or still running, one action at a time, read-only.

The table is drawn by the game's own widgets (no action picker, the map never takes dice); a panel
says where the replay stands, what the last action did and what the next one is. Hands are shown
only when the game is over (or one person played it alone against the Automa): a replay of a
running game must not let anyone at the table look at another's cards."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Input, Static

from great_harbor.engine import Action, Game, narrate
from great_harbor.engine.describe import describe
from great_harbor.engine.events import ALL_SECRETS
from great_harbor.engine.game import SeatView
from great_harbor.replay import Replay

from ..saving import marked_log
from ..style import DIM, player_text
from ..widgets.colony import ColonyBoard
from ..widgets.dice import DicePanel
from ..widgets.displays import Displays, round_text
from ..widgets.harbor_map import HarborMap
from ..widgets.log import GameLog
from ..widgets.senate import SenateBoard
from ..widgets.trade import TradeBoard
from .colony_view import ColonyViewScreen
from .game import COMPACT, WIDE, compose_table, layout_for

TABS = ("tab-harbor", "tab-colony", "tab-boards", "tab-cards")


class GotoInput(Input):
    """Where to jump: "3" (round 3) or "3B" (round 3, turn B); Esc closes it."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def action_cancel(self) -> None:
        self.value = ""
        self.display = False
        self.screen.set_focus(None)  # the screen's keys work again


class ReplayScreen(Screen[None]):
    AUTO_FOCUS = ""  # nothing focused: the arrow keys step through the game; F4 gives them to the log
    BINDINGS = [
        Binding("right,n", "step(1)", "Next"),
        Binding("left,p", "step(-1)", "Previous"),
        Binding("pagedown,right_square_bracket", "turn(1)", "Next turn"),
        Binding("pageup,left_square_bracket", "turn(-1)", "Previous turn", show=False),
        Binding("home", "seek(0)", "Start", show=False),
        Binding("end", "seek(-1)", "End", show=False),
        Binding("g", "goto", "Go to round"),
        Binding("c", "cycle_colony", "Next colony", show=False),
        Binding("f2", "colonies", "Colonies"),
        Binding("v", "progress", "How it went"),
        Binding("f3", "next_tab", "Next board", show=False, id="next-board"),
        Binding("f4", "log", "Log", show=False),
        Binding("ctrl+e", "export", "Export log", show=False, id="export-log"),
        Binding("escape,q", "close", "Leave"),
        Binding("ctrl+q", "app.quit", "Quit", show=False, id="quit"),
    ]

    def __init__(self, replay: Replay, standalone: bool = False) -> None:
        super().__init__()
        self.replay = replay
        self.standalone = standalone  # leaving the viewer quits the program
        self.path = replay.path
        self.finished = replay.game.is_over  # Replay.load leaves the game at its last action
        self.show_hands = self.finished or len(self.people()) == 1
        self.seat: int | None = None  # whose colony is shown; None: whoever decides next
        self.layout_mode = "wide"
        self.lengths = _log_lengths(replay)  # log length after each number of actions
        replay.seek(0)

    # --- building ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        size = self.app.size
        self.layout_mode = layout_for(size.width, size.height)
        yield Static(id="status")
        yield from compose_table(self.layout_mode, _read_only_map(), Static(id="replay-info"), "Replay")
        goto = GotoInput(placeholder="go to round: 3, or 3B for its turn B; Enter goes, Esc cancels", id="replay-goto",
                         max_length=20)
        goto.display = False
        yield goto
        yield Footer()

    def on_mount(self) -> None:
        self.show_position()

    async def on_resize(self, event: events.Resize) -> None:
        if layout_for(event.size.width, event.size.height) != self.layout_mode:
            await self.recompose()
            self.on_mount()

    # --- showing ----------------------------------------------------------------------------

    @property
    def game(self) -> SeatView:
        """What the replay shows: every hand and secret once the game is over; of a game still
        running, what its one person may know (alone against the Automa), or only what is public."""
        game = self.replay.game
        if self.finished:
            return game.view(ALL_SECRETS)
        humans = self.people()
        return game.view(humans[0] if len(humans) == 1 else None)

    def people(self) -> list[int]:
        """The seats of people (not the Automa, not a computer rival)."""
        return [i for i, seat in enumerate(self.replay.record.seats) if not seat.automa and not seat.rival]

    def shown_seat(self) -> int:
        if self.seat is not None:
            return self.seat
        top = self.game.pending
        return top.seat if top is not None else 0

    def show_position(self) -> None:
        game = self.game
        status = round_text(game)
        status.append(f"   Replay, read-only · action {self.replay.position} of {self.replay.total}", style="bold")
        self.query_one("#status", Static).update(status)
        if self.layout_mode == "small":
            w, h = self.app.size
            self.query_one("#too-small", Static).update(Text(
                f"The replay needs a terminal of at least {COMPACT[0]}x{COMPACT[1]} ({WIDE[0]}x{WIDE[1]} shows "
                f"the whole table at once). This one is {w}x{h}.\n\nEsc leaves the replay.", justify="center"))
            return
        self.query_one(HarborMap).show(game, active=False)
        self.query_one(DicePanel).show(game)
        self.query_one(TradeBoard).show(game)
        self.query_one(SenateBoard).show(game)
        self.query_one(Displays).show(game)
        seat = self.shown_seat()
        colony = self.query_one(ColonyBoard)
        colony.show(game, seat, show_hand=self.show_hands)
        box = colony.parent
        if isinstance(box, Widget):
            automa = game.s.players[seat].automa  # it has no hand
            hidden = "" if self.show_hands or automa else " (hand hidden: the game is not over)"
            box.border_title = f"Colony of {game.s.players[seat].name}{hidden}"
        log = self.query_one(GameLog)
        log.sync(marked_log(game, game.seat))
        log.scroll_end(animate=False, immediate=True)
        self.query_one("#replay-info", Static).update(self.info())

    def restyle(self) -> None:
        """A new theme: the same position drawn again in its colours."""
        if not self.query("#status"):
            return  # not built yet: it will be drawn in the new colours
        self.show_position()
        if self.layout_mode != "small":
            self.query_one(HarborMap).refresh()

    def info(self) -> Text:
        """Where the replay stands, the last action's log lines and the next action."""
        replay, game = self.replay, self.game
        out = Text()
        name = self.path.name if self.path is not None else "the record"
        out.append(f"{name}: {replay.total} actions, ", style=DIM)
        out.append("finished" if self.finished else "not finished yet", style=DIM)
        out.append("\n")
        pos = replay.position
        out.append("Last  ", style="bold")
        if pos == 0:
            out.append("the start of the game (setup and first roll)", style=DIM)
        else:
            lines = narrate.lines(game, game.s.log[self.lengths[pos - 1]:self.lengths[pos]])
            if not lines:  # a die placed between two tiles is logged once its pips are split
                earlier = next((i for i in range(pos - 1, 0, -1) if self.lengths[i - 1] < self.lengths[i]), None)
                lines = [] if earlier is None else narrate.lines(
                    game, game.s.log[self.lengths[earlier - 1]:self.lengths[earlier]])
                out.append("(its line comes with the next action) ", style=DIM)
            out.append(" ".join(lines[:3]) + (" …" if len(lines) > 3 else ""))
        out.append("\n")
        out.append("Next  ", style="bold")
        action = replay.next_action()
        top = game.pending
        if action is None or top is None:
            out.append("the game is over" if game.is_over else "the record ends here", style=DIM)
        else:
            who = game.s.players[top.seat]
            out.append_text(player_text(who.seat, who.name))
            if top.data.private and not self.show_hands:  # what they saw is still a secret
                out.append(": a choice made in private", style=DIM)
            else:
                out.append(": " + describe(game, action))
        return out

    # --- keys -------------------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        before = self.replay.position
        self.replay.seek(before + delta)
        if self.replay.position == before:
            self.app.bell()
            return
        self.show_position()

    def action_seek(self, position: int) -> None:
        self.replay.seek(self.replay.total if position < 0 else position)
        self.show_position()

    def action_turn(self, delta: int) -> None:
        """To the start of the next turn, or of this turn (again back: the one before)."""
        starts = [t.position for t in self.replay.turns]
        pos = self.replay.position
        if delta > 0:
            target = next((p for p in starts if p > pos), self.replay.total)
        else:
            target = next((p for p in reversed(starts) if p < pos), 0)
        self.action_seek(target)

    def action_goto(self) -> None:
        goto = self.query_one(GotoInput)
        goto.display = True
        goto.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        goto = self.query_one(GotoInput)
        text = event.value.strip().upper().replace(" ", "")
        turn = "A"
        if text.endswith(("A", "B")):
            text, turn = text[:-1], text[-1]
        rounds = self.game.cat.supply.rounds
        if not text.isdigit() or not 1 <= int(text) <= rounds:
            self.notify(f"Type a round from 1 to {rounds}, with A or B for the turn if you like (e.g. 3B).",
                        severity="warning")
            return
        goal = (int(text), turn)
        self.replay.seek_turn(*goal)
        if (self.game.s.round, self.game.s.turn) < goal:
            self.notify(f"The record ends before round {goal[0]}, turn {goal[1]}: this is its last action.")
        goto.action_cancel()
        self.show_position()

    def action_cycle_colony(self) -> None:
        seats = len(self.game.s.players)
        self.seat = (self.shown_seat() + 1) % seats
        self.show_position()

    def action_colonies(self) -> None:
        self.app.push_screen(ColonyViewScreen(self.game, self.shown_seat()))

    def action_progress(self) -> None:
        """The chart of the whole record, turn by turn (public figures only: a running game's too)."""
        from great_harbor.progress import progress_of  # start-up: the chart only when asked

        from .progress_view import ProgressScreen  # start-up: the chart only when asked

        self.app.push_screen(ProgressScreen(progress_of(self.replay.record, self.replay.cat)))

    def action_next_tab(self) -> None:
        if self.layout_mode != "compact":
            return
        from textual.widgets import TabbedContent  # only the 120x36 layout has tabs (see compose_table)

        tabs = self.query_one(TabbedContent)
        i = TABS.index(tabs.active) if tabs.active in TABS else 0
        tabs.active = TABS[(i + 1) % len(TABS)]

    def action_log(self) -> None:
        if self.layout_mode == "small":
            return
        log = self.query_one(GameLog)
        if log.has_focus:
            self.set_focus(None)
        else:
            log.focus()

    def action_export(self) -> None:
        replay = self.replay
        final = replay.record.replay(replay.cat, apply=lambda g, a: g._apply(a))  # the whole game's log
        self.app.deliver_log(replay.record, final, self.path)  # type: ignore[attr-defined]

    def action_close(self) -> None:
        if self.standalone:
            self.app.exit()
        else:
            self.dismiss(None)


def _log_lengths(replay: Replay) -> list[int]:
    """How long the log is after 0, 1, ... all actions of the record (one quick replay)."""
    lengths: list[int] = []

    def watch(game: Game, action: Action) -> None:
        if not lengths:
            lengths.append(len(game.s.log))
        game._apply(action)  # the record was checked when it was loaded
        lengths.append(len(game.s.log))

    final = replay.record.replay(replay.cat, apply=watch)
    return lengths or [len(final.s.log)]


def _read_only_map() -> HarborMap:
    hmap = HarborMap(id="map")
    hmap.can_focus = False  # no die is ever placed here
    return hmap
