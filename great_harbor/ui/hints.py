"""The hint key: the option a look-ahead in your seat rates best, why, and the two runners-up.

Offered to a person at the table for their own decision only: never while another seat decides
(a rival thinking, the Automa's playback), never over the hand-off screen. With several people at
the table the draft is decided in the open: its hint leaves out whatever only the drafting person
may know. The hint is worked out in a worker thread from the deciding seat's view, like a rival's
move; a game in which hints were used says so in its record and on the game-over screen.

:class:`Hints` is a part of :class:`~great_harbor.ui.app.GreatHarborApp` kept in its own module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from great_harbor.engine import narrate
from great_harbor.engine.describe import describe

from .handing import public_decision
from .keys import HINT_KEY

if TYPE_CHECKING:
    from textual.app import App

    from great_harbor.engine import Game
    from great_harbor.rivals.advice import Advice
    from great_harbor.session import Session

    from .screens.game import GameScreen

    class _Base(App[None]):
        session: Session | None
        game: Game | None
        viewer: int | None
        thinking: int | None

        def table_in_front(self, screen: Screen[object] | None = None) -> GameScreen | None: ...
        def seat_kind(self, seat: int) -> str: ...
else:
    _Base = object


@dataclass
class HintReady(Message):
    token: tuple[int, int]
    text: Text
    action: object
    fault: str | None = None  # working the hint out failed with this error


class HintScreen(ModalScreen[object]):
    """The hint, over the table; any of Enter, Esc or H closes it (Enter highlights the suggested
    action in the action list, so that a second Enter takes it: the screen returns that action)."""

    BINDINGS = [
        Binding("enter", "take", "Highlight it"),
        Binding("escape", "close", "Close"),
        Binding("H,h", "close", "Close", show=False),
    ]

    def __init__(self, text: Text, action: object) -> None:
        super().__init__()
        self.text = text
        self.action = action

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-box") as box:
            box.border_title = "Hint"
            yield Static(self.text, id="hint-text")
            yield Static(Text("Enter highlights it in the action list · Esc closes", style="dim"))

    def action_take(self) -> None:
        self.dismiss(self.action)

    def action_close(self) -> None:
        self.dismiss(None)


def hint_text(game: Game, advice: Advice, private: bool) -> Text:
    """The hint in words, spoken to the person: the suggestion, why, and two runners-up ranked by
    the figure each shows; where the ground differs (the hard rival would keep another move, too
    few futures), one line says so (``private``: the reasons may name what only the deciding seat
    knows)."""
    reasons = [*advice.why, *(advice.why_private if private else [])]
    if any(r.get("r") == "for-card" for r in reasons):  # "toward your plans" and then which: once
        reasons = [r for r in reasons if r.get("r") != "plans"]
    why = narrate.reason_words(game, reasons, narrate.YOU)
    out = Text()
    out.append("Suggested by a hard rival's reckoning:\n", style="dim")
    out.append(f"  ▸ {describe(game, advice.action)}\n", style="bold")
    if why:
        out.append("    because " + "; ".join(why) + ".\n")
    from great_harbor.rivals import distinct_alternatives  # start-up: loaded with the first hint

    runners = distinct_alternatives(advice.action, advice.runners, lambda a: describe(game, a), 2)
    if runners:
        out.append("Runners-up:\n", style="dim")
        for i, alt in enumerate(runners, start=2):
            figure = narrate.margin_words(alt.margin, alt.se, ranked=True)
            out.append(f"  {i}. {describe(game, alt.action)} ({figure})\n")
    out.append(ground_words(game, advice), style="dim")
    return out


def ground_words(game: Game, advice: Advice) -> str:
    """What the figures stand on, once for the whole hint."""
    if advice.forced:
        return ""
    if advice.worlds:
        text = f"Played out over {advice.worlds} sampled futures"
        text += " (all a hint has time for)." if advice.short else "."
        if advice.rival_keeps is not None:
            text += (f" Close call: this came out {advice.lead:.1f} Prestige ahead of "
                     f"\"{describe(game, advice.rival_keeps)}\" on average, but single futures differ by more "
                     f"(± {advice.lead_se:.1f}), so a hard rival would keep that one.")
        return text
    if advice.short:
        return "Out of time to look ahead: the plain estimate."
    return f"From the estimates (a hard rival looks ahead only from round {advice.search_from} at this table)."


class Hints(_Base):
    """Mixed into the app (see the module docstring)."""

    _hint_asked: tuple[int, int] | None = None  # the state the last hint was asked for

    def hint_refusal(self) -> str | None:
        """Why no hint can be given now, or None."""
        game = self.game
        if game is None or type(self.screen).__name__ == "HandOffScreen":  # by name: no import cycle
            return "no hint over the hand-off screen"
        if game.is_over:
            return "the game is over"
        top = game.pending
        if top is None or self.table_in_front() is None:
            return "hints are given at the table, for your own decision"
        if self.thinking is not None or self.seat_kind(top.seat) != "person":
            return f"it is {game.name(top.seat)}'s decision"
        if self.viewer != top.seat and not (self.viewer is None and public_decision(top)):
            return f"it is {game.name(top.seat)}'s decision"
        return None

    def hint_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        if self.game is not None and self.table_in_front(screen) is not None and self.hint_refusal() is None:
            yield SystemCommand("Hint", f"The move with the best figure a look-ahead finds, and why ({HINT_KEY})",
                                self.hint)

    def action_hint(self) -> None:
        self.hint()

    def hint(self) -> None:
        """Work out a hint for the person deciding, in a worker; it shows when ready."""
        from great_harbor.rivals import rival_seed  # start-up: the rivals load at the first hint
        from great_harbor.rivals.advice import advise

        why_not = self.hint_refusal()
        game = self.game
        if why_not is not None or game is None:
            self.bell()
            self.notify(f"No hint: {why_not}.", severity="warning", timeout=4)
            return
        top = game.pending
        assert top is not None
        seed = rival_seed(self.session.record.seed if self.session is not None else game.s.seed, top.seat)
        own = game.view(top.seat)
        private = self.viewer == top.seat
        token = (id(game), len(game.s.log))
        if token == self._hint_asked and any(w.group == "hint" and w.is_running for w in self.workers):
            return  # H again while this very hint is worked out: it is on its way (no second notice)
        self._hint_asked = token
        self.notify("Thinking about a hint…", timeout=2)

        def think() -> None:
            try:
                advice = advise(own, seed)
            except Exception as exc:  # the hint's thinking failed: say so rather than show a guess
                self.post_message(HintReady(token, Text(), None, f"{type(exc).__name__}: {exc}"))
                return
            self.post_message(HintReady(token, hint_text(own, advice, private), advice.action))

        self.run_worker(think, thread=True, group="hint", exclusive=True)

    def on_hint_ready(self, message: HintReady) -> None:
        game = self.game
        if game is None or message.token != (id(game), len(game.s.log)) or self.hint_refusal() is not None:
            return  # the game moved on meanwhile
        if message.fault is not None:  # the hint's thinking failed: say so rather than show a plain move as hard's
            self.notify(f"No hint: working it out failed ({message.fault}).", severity="error", timeout=8)
            return
        if self.session is not None:
            self.session.hint_used()
        self.push_screen(HintScreen(message.text, message.action), self._hint_closed)

    def _hint_closed(self, action: object) -> None:
        """Enter on the hint: its action is highlighted in the action list."""
        table = self.table_in_front()
        if table is not None and action is not None:
            table.highlight(action)
