"""Setting up a game: 2-4 seats with names, each a person, the Automa or a computer rival (easy,
normal or hard), the Harbor Shops variant and an optional seed."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Static

from great_harbor.engine import Seat
from great_harbor.engine.game import naming_problem
from great_harbor.rival_kinds import RIVAL_NAMES, rival_names
from great_harbor.saves import SaveInfo, list_saves
from great_harbor.text import MAX_NAME

from ..lookup_topics import Topic
from ..messages import LearnToPlay, Setup, StartGame
from ..style import player_text
from ..widgets.cycle import Cycle
from ..widgets.resume import ResumeBar

RIVAL_KINDS = {"Easy rival": "easy", "Normal rival": "normal", "Hard rival": "hard"}
KINDS = ("Human", "Automa", *RIVAL_KINDS, "Empty")
DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dido")


def kind_of(seat: Seat) -> str:
    if seat.automa:
        return "Automa"
    return next((k for k, level in RIVAL_KINDS.items() if level == seat.rival), "Human")


def _shops_label(on: bool) -> str:
    return f"Harbor Shops variant: {'on' if on else 'off'}"


def last_seats(saves: list[SaveInfo]) -> Setup | None:
    """The seats of the game played last (the newest readable save), for a new game's form."""
    info = next((i for i in saves if i.ok and i.seats), None)
    if info is None or len(info.seats) > len(DEFAULT_NAMES):
        return None
    automa = list(info.automa) + [False] * (len(info.seats) - len(info.automa))
    return Setup(tuple(Seat(name, automa=a) for name, a in zip(info.seats, automa[:len(info.seats)], strict=True)))


class OnOffBox(Checkbox):
    """A checkbox whose mark shows only when it is on (Textual's draws its X dimmed when off,
    which reads as on in monochrome)."""

    def on_mount(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()


class NewGameScreen(Screen[None]):
    BINDINGS = [
        Binding("ctrl+s", "start", "Start the game", id="start-game"),
        Binding("enter", "start", "Start the game", show=False),
        Binding("ctrl+o", "app.saved_games", "Saved games", id="saved-games"),
        Binding("ctrl+t", "app.player_stats", "Player stats", id="player-stats"),
        Binding("ctrl+q", "app.quit", "Quit", id="quit"),
    ]

    def __init__(self, setup: Setup | None = None, seed: int | None = None, *, folder: Path) -> None:
        """``setup``: the form's first values (the last game's in this run); ``folder``: the saves
        folder, for Continue, the saved games, and else the seats of the game played last."""
        super().__init__()
        self.saves = list_saves(folder)
        self.initial = setup or last_seats(self.saves)
        self.seed = seed

    def compose(self) -> ComposeResult:
        seats = list(self.initial.seats) if self.initial else []
        with Center():
            with Vertical(id="new-game") as box:
                box.border_title = "The Great Harbor — new game"
                yield ResumeBar(self.saves, id="resume")  # Continue and the saved games, when there are any
                # A newcomer's way in: the first item while no game is saved (the palette has it too).
                with Horizontal(id="learn-row"):
                    yield Button("Learn to play", id="learn", compact=True)
                    yield Static(Text("New to the game? Play the Automa with a coach who explains each rule "
                                      "the first time it matters.", style="dim"), id="learn-what")
                yield Static(Text("Two to four seats. One seat may be the Automa, any may be a computer rival; "
                                  "at least one must be a person.", style="dim"))
                for i in range(4):
                    if i < len(seats):
                        name, kind = seats[i].name, kind_of(seats[i])
                    else:
                        name = DEFAULT_NAMES[i]
                        kind = "Human" if i < 2 and not seats else "Empty"
                    with Horizontal(classes="seat-row"):
                        yield Label(player_text(i, f"Seat {i + 1}"), classes="seat-label")
                        yield Input(value=name, placeholder="name", id=f"name-{i}", classes="seat-name",
                                    max_length=2 * MAX_NAME)  # (beyond MAX_NAME, the check says so)
                        yield Cycle(KINDS, kind, id=f"kind-{i}")
                shops = bool(self.initial and self.initial.shops)
                yield OnOffBox(_shops_label(shops), value=shops, id="shops")
                with Horizontal(classes="seat-row"):
                    yield Label("Seed", classes="seat-label")
                    seed = self.initial.seed if self.initial and self.initial.seed is not None else self.seed
                    yield Input(value="" if seed is None else str(seed), placeholder="empty: a random game",
                                id="seed", classes="seat-name", max_length=40)
                yield Button("Start the game", id="start", variant="primary")
                yield Static(id="setup-error")
                yield Static(Text("Tab moves between fields · ←/→ changes a seat · Enter starts", style="dim"))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()

    def read_setup(self) -> Setup | str:
        """The setup the form describes, or a one-line message saying what is wrong."""
        seats: list[Seat] = []
        for i in range(4):
            kind = self.query_one(f"#kind-{i}", Cycle).value
            if kind == "Empty":
                continue
            name = self.query_one(f"#name-{i}", Input).value.strip()
            if kind == "Automa" and not name:
                name = "Automa"
            if not name:
                return f"Seat {i + 1} needs a name (or set it to Empty)."
            seats.append(Seat(name, automa=kind == "Automa", rival=RIVAL_KINDS.get(kind, "")))
        if len(seats) < 2:
            return "A game needs at least two seats: a second person, a computer rival or the Automa."
        if sum(s.automa for s in seats) > 1:
            return "Only one seat can be the Automa."
        if all(s.automa or s.rival for s in seats):
            return "At least one seat must be a person."
        problem = naming_problem(seats)
        if problem is not None:
            return problem[0].upper() + problem[1:] + "."
        # People's names differ however they are written; the Automa's only has to differ exactly
        # ("automa" may play against the Automa: seats are told apart by number, never by name).
        people = [s.name.casefold() for s in seats if not s.automa]
        names = [s.name for s in seats]
        if len(set(people)) != len(people) or len(set(names)) != len(names):
            return "Every seat needs a different name."
        text = self.query_one("#seed", Input).value.strip()
        seed: int | None = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                return f"The seed must be a whole number, not {text!r} (or leave it empty)."
        shops = self.query_one("#shops", Checkbox).value
        return Setup(tuple(seats), seed, shops)

    def action_start(self) -> None:
        setup = self.read_setup()
        if isinstance(setup, str):
            self.show_problem(setup)
            return
        self.post_message(StartGame(setup, problem=self.show_problem))

    def show_problem(self, problem: str) -> None:
        """Say under the form why the game does not start."""
        self.query_one("#setup-error", Static).update(Text(problem, style="bold"))
        self.app.bell()

    def context_topic(self) -> Topic:
        """The variant, the Automa or the computer rivals when their field has the focus, else how a
        game is set up."""
        focused = self.focused
        name = focused.id or "" if focused is not None else ""
        if name == "shops":
            return Topic("harbor-shops", "the Harbor Shops variant")
        if name.startswith("kind-") and getattr(focused, "value", "") == "Automa":
            return Topic("automa", "playing with the Automa")
        if name.startswith("kind-") and str(getattr(focused, "value", "")).endswith(" rival"):
            return Topic("computer-rivals/rival-strengths", "computer rivals")
        return Topic("setup", "setting up a game")

    def on_cycle_changed(self, event: Cycle.Changed) -> None:
        """A seat turned into the Automa is called "Automa", one turned into a rival gets a rival's
        name, unless someone named it already; turned back into a person, it gets its default."""
        i = int((event.cycle.id or "kind-0").rsplit("-", 1)[1])
        name = self.query_one(f"#name-{i}", Input)
        current = name.value.strip()
        given = current not in ("", "Automa", *DEFAULT_NAMES, *RIVAL_NAMES)
        if event.value == "Automa" and not given:
            name.value = "Automa"
        elif event.value in RIVAL_KINDS and not given and current not in RIVAL_NAMES:
            name.value = self._rival_name(i)
        elif event.value in ("Human", "Empty") and current in ("Automa", *RIVAL_NAMES):
            name.value = DEFAULT_NAMES[i]

    def _rival_name(self, i: int) -> str:
        """A rival's name no other seat has."""
        others = [self.query_one(f"#name-{j}", Input).value for j in range(4) if j != i]
        return (rival_names(1, taken=others) or [DEFAULT_NAMES[i]])[0]

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = _shops_label(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "learn":
            self.post_message(LearnToPlay(problem=self.show_problem))
            return
        self.action_start()
