"""Write screens.md: every screen of the app with its purpose, its keys and a text capture.

The captures come from the real app driven headless with Textual's ``run_test`` at fixed seeds,
so they are regenerated, never drawn by hand:

    python3 scripts/capture_screens.py            # rewrite screens.md
    python3 scripts/capture_screens.py --check    # exit 1 if screens.md is out of date
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual.pilot import Pilot  # noqa: E402

from great_harbor.engine import Game  # noqa: E402
from great_harbor.engine.actions import Action, AssignPips  # noqa: E402
from great_harbor.engine.harbor import activates_all, equivalent_split  # noqa: E402
from great_harbor.ui.app import GreatHarborApp, make_app  # noqa: E402
from great_harbor.ui.screens.handoff import HandOffScreen  # noqa: E402
from great_harbor.ui.textshot import screen_text  # noqa: E402

SEED = 7
BUSY = ("play-ship", "play-building", "play-person", "build", "send", "activate", "employ-building", "trade")

Steps = Callable[[Pilot[Any], GreatHarborApp], Awaitable[None]]


@dataclass
class Capture:
    title: str
    purpose: str
    keys: list[tuple[str, str]]
    app: Callable[[], GreatHarborApp]
    steps: Steps | None = None
    size: tuple[int, int] = (160, 45)
    notes: list[str] = field(default_factory=list)


def two_seats(**kw: Any) -> Callable[[], GreatHarborApp]:
    return lambda: make_app(seed=SEED, players=["Ana", "Ben"], automa_delay=0, blink=False, **kw)


def seen_actions(game: Game) -> list[Action]:
    """The actions the seeded player picks from: the legal ones, except that a die's pips are
    split as the action list once offered them, every split that gives each tile it touches at
    least its first tier (several give the same; ``choose`` takes the listed one), and never one
    that leaves pips on a tile too few to activate it. So the captures' games, and the tests'
    tables, stay what they were."""
    top = game.pending
    if top is None or top.kind != "assign" or len(top.data.fees) != 2 or top.data.pips <= 0:
        return list(game.legal_actions())
    pips, fees = top.data.pips, top.data.fees
    splits = [(a, pips - a) for a in range(pips + 1)]
    full = [x for x in splits if activates_all(game, x, fees)]
    return [AssignPips((0, 0))] + [AssignPips(x) for x in full if any(x)]


def choose(game: Game, rng: random.Random) -> Action:
    """A seeded, fairly busy player's next action (always a legal one)."""
    actions = seen_actions(game)
    idx = list(range(len(actions)))
    busy = [i for i in idx if actions[i].kind in BUSY]
    if busy and rng.random() < 0.8:
        pick = rng.choice(busy)
    else:
        others = [i for i in idx if actions[i].kind != "end-turn"]
        if others and rng.random() < 0.6:
            pick = rng.choice(others)
        else:
            pick = idx[-1] if actions[idx[-1]].kind == "end-turn" else idx[rng.randrange(len(idx))]
    return equivalent_split(game, actions[pick]) or actions[pick]


async def fast_forward(pilot: Pilot[Any], app: GreatHarborApp, until: Callable[[Game], bool]) -> None:
    """Play seeded moves in the engine until ``until(game)`` holds, then let the app catch up as
    after any action (hand-off, Automa playback or final scores)."""
    rng = random.Random(SEED)
    await pilot.pause()
    game = app.game
    assert game is not None
    apply = app.session.apply if app.session is not None else game.apply  # recorded and saved as in play
    for _ in range(5000):
        if game.is_over or until(game):
            break
        apply(choose(game, rng))
    else:
        raise RuntimeError("fast_forward did not reach its state")
    app.viewer = None
    app.log_seen = len(game.s.log)
    app.after_change()
    await pilot.pause()


def at_turn(round_: int, second: bool = False) -> Callable[[Game], bool]:
    """The start of a turn of the Action phase in ``round_`` turn B (of its second player)."""

    def reached(game: Game) -> bool:
        top = game.pending
        s = game.s
        return (s.round >= round_ and s.turn == "B" and top is not None and top.kind == "turn"
                and len(s.players[top.seat].drafted) == 2 and s.active == (1 if second else 0))

    return reached


async def to_turn(pilot: Pilot[Any], app: GreatHarborApp, round_: int = 4) -> None:
    await fast_forward(pilot, app, at_turn(round_, second=True))
    if isinstance(app.screen, HandOffScreen):
        await pilot.press("enter")


async def new_game_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await pilot.press("tab")


async def table_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await to_turn(pilot, app)


async def map_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await to_turn(pilot, app)
    await pilot.press("tab", "right", "down")


async def split_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    from great_harbor.engine.harbor import geometry
    from great_harbor.ui.widgets.harbor_map import HarborMap

    await to_turn(pilot, app)
    await pilot.press("tab")
    hmap = app.screen.query_one(HarborMap)
    game = app.game
    assert game is not None
    hmap.action_pick_die(max(range(len(hmap.dice)), key=lambda i: game.s.faces[hmap.dice[i]]))
    shared = [s for s in hmap.targets() if s != "district" and len(geometry(game).slot_cells[s]) == 2]
    if shared:
        hmap.cursor = shared[0]
    await pilot.press("enter", "right")


async def filter_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await to_turn(pilot, app)
    await pilot.press(*"end")


async def compact_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await to_turn(pilot, app)


async def compact_boards_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await to_turn(pilot, app)
    await pilot.press("f3", "f3")


async def handoff_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await fast_forward(pilot, app, at_turn(2))


async def colony_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await to_turn(pilot, app, 5)
    await pilot.press("f2")


async def automa_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    from great_harbor.ui.screens.automa_turn import AutomaTurnScreen

    await pilot.pause()
    await pilot.press("space")
    await pilot.press("enter")  # Ana drafts; the Automa's second draft is played back
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, AutomaTurnScreen)
    for _ in range(3):  # as if three lines' worth of time had passed
        screen.step()
    await pilot.pause()


async def settle(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    """Wait while a computer rival thinks or a hint is worked out (in worker threads)."""
    for _ in range(3000):
        await pilot.pause(0.01)
        if app.thinking is None and not any(w.group == "hint" and w.is_running for w in app.workers):
            return


async def rival_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    from great_harbor.ui.screens.automa_turn import AutomaTurnScreen

    await settle(pilot, app)
    while not isinstance(app.screen, AutomaTurnScreen):
        await pilot.press("enter")  # Ana drafts; the rival's draft is played back
        await settle(pilot, app)
    screen = app.screen
    assert isinstance(screen, AutomaTurnScreen)
    screen.step()  # both lines: its reasons, then its move
    await pilot.pause()


async def hint_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    from great_harbor.ui.hints import HintScreen

    await settle(pilot, app)
    for _ in range(40):  # to Ana's first turn
        if app.game is not None and app.game.s.phase == "actions" and app.game.current_player == 0:
            break
        await pilot.press("enter")
        await settle(pilot, app)
    await pilot.press("H")
    await settle(pilot, app)
    assert isinstance(app.screen, HintScreen)


async def palette_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await pilot.pause()
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*"colony")
    await pilot.pause(0.5)


def learning() -> GreatHarborApp:
    return make_app(learn=SEED, automa_delay=0, blink=False)


def coach_at(lesson: str) -> Steps:
    """Steps of a learning game to the coach's ``lesson``: the learner plays as the normal rival
    would (so that every lesson's moment comes, as in ``great-harbor learn``), each lesson before
    it put away as read."""

    async def steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
        from great_harbor.rivals import Rival

        rival = Rival("normal")
        await pilot.pause()
        for _ in range(1000):
            coach, game = app.coach, app.game
            assert coach is not None and game is not None and not game.is_over
            if coach.showing is not None and coach.showing.id == lesson:
                break
            if coach.showing is not None:
                await pilot.press("escape")
            app.play(rival.decide(game.view(0)).action)
        else:
            raise RuntimeError(f"the lesson {lesson} never came")
        await pilot.pause()

    return steps


SHOWN_FOLDER = "~/.local/share/great-harbor/saves"  # the temporary saves folder, as captures show it


def saves_folder() -> Path:
    return Path(os.environ["GREAT_HARBOR_SAVES"])


def saved(name: str, seats: list[Any], seed: int, until: Callable[[Game], bool], stamp: str) -> Path:
    """A game played with the seeded moves until ``until``, saved as ``name`` and last played at
    ``stamp`` (so that the captures do not depend on the day they are taken)."""
    from great_harbor.data import load_catalogue
    from great_harbor.record import render, seal
    from great_harbor.session import Session

    session = Session.new(load_catalogue(), seats, seed=seed, path=saves_folder() / f"{name}.json")
    rng = random.Random(seed)
    while not session.game.is_over and not until(session.game):
        session.apply(choose(session.game, rng))
    path = session.path
    assert path is not None
    data = json.loads(path.read_text())
    data["created"] = data["updated"] = stamp
    path.write_text(render(seal(data)))
    return path


def with_saves() -> GreatHarborApp:
    saved("2025-03-07_201544_iris-jon", ["Iris", "Jon"], 3, lambda g: False, "2025-03-07T21:40:00+00:00")
    saved("2025-03-08_190210_ana-ben-cleo", ["Ana", "Ben", "Cleo"], 5, at_turn(3), "2025-03-08T20:31:00+00:00")
    saved("2025-03-09_101500_dido-eve", ["Dido", "Eve"], 9, at_turn(2), "2025-03-09T10:52:00+00:00")
    broken = saves_folder() / "2025-03-06_180000_ana-ben.json"
    broken.write_text('{\n  "format": "great-harbor game record",\n  "version": 1,\n  "actions": [\n')
    os.utime(broken, (1741284000, 1741284000))  # 2025-03-06 18:00 UTC
    return make_app(seed=SEED, automa_delay=0, blink=False)


async def saved_games_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await pilot.pause()
    await pilot.press("ctrl+o")
    await pilot.pause()
    await pilot.press("down", "down", "down")


def a_replay() -> GreatHarborApp:
    from great_harbor.data import load_catalogue
    from great_harbor.replay import Replay

    path = saved("2025-03-07_201544_iris-jon", ["Iris", "Jon"], 3, lambda g: False, "2025-03-07T21:40:00+00:00")
    return make_app(replay=Replay.load(load_catalogue(), path), automa_delay=0, blink=False)


async def replay_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await pilot.pause()
    await pilot.press("g", *"3b", "enter")
    await pilot.press(*["right"] * 9)


async def progress_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await pilot.pause()
    await pilot.press("v")


def with_finished_games() -> GreatHarborApp:
    from great_harbor.engine import Seat

    saved("2025-03-07_201544_iris-jon", ["Iris", "Jon"], 3, lambda g: False, "2025-03-07T21:40:00+00:00")
    saved("2025-03-08_190210_iris-automa", [Seat("Iris"), Seat("Automa", automa=True)], 4, lambda g: False,
          "2025-03-08T20:31:00+00:00")
    saved("2025-03-09_101500_jon-iris-rex", [Seat("Jon"), Seat("Iris"), Seat("Rex", rival="hard")], 5,
          lambda g: False, "2025-03-09T10:52:00+00:00")
    saved("2025-03-10_090000_iris-jon", ["Iris", "Jon"], 6, at_turn(2), "2025-03-10T09:20:00+00:00")
    return make_app(seed=SEED, automa_delay=0, blink=False)


async def stats_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await pilot.pause()
    await pilot.press("ctrl+t")
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def game_over_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await fast_forward(pilot, app, lambda g: g.is_over)
    await pilot.pause()


async def small_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await pilot.pause()


async def lookup_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await to_turn(pilot, app)
    await pilot.press("question_mark", *"corsair", "enter")


async def context_help_steps(pilot: Pilot[Any], app: GreatHarborApp) -> None:
    await to_turn(pilot, app)
    await pilot.press("tab", "right", "down", "f5")


TABLE_KEYS = [
    ("type", "filter the action picker (every word must match; the best match comes first); "
             "letters typed on the map or in the log go there too"),
    ("↑ ↓ PgUp PgDn Home End", "move in the action picker"),
    ("Enter", "do the highlighted action"),
    ("Esc or Ctrl+U", "clear the filter"),
    ("Tab", "switch between the action picker and the harbor map"),
    ("F2", "view any colony in full"),
    ("F3", "next board tab (120x36 only)"),
    ("F4", "focus the log to scroll it (arrows, PgUp/PgDn); again to come back"),
    ("Ctrl+Z", "undo your last action, if fair play allows (or pick *Undo* in the list)"),
    ("Ctrl+Y", "redo the action you took back"),
    ("Ctrl+E", "write the game's log to a text file beside its save"),
    ("Ctrl+P", "command palette: view a colony, undo, redo, export the log, saved games, new game, Automa pace"),
    ("H", "a hint: the option a look-ahead in your seat rates best, why, and the two runners-up "
          "(also with a filter that matches nothing)"),
    ("? or F1", "rules lookup (on every screen)"),
    ("F5", "the rules entry for what is highlighted, or for the refusal just shown"),
    ("Ctrl+Q", "quit (the game is saved: Continue brings it back)"),
]

CAPTURES = [
    Capture(
        "New game",
        "What `great-harbor` opens. **Learn to play** first (Continue above it once games are saved): "
        "a solo game against the Automa with the coach. Two to four seats, each with a name and a kind: a person, the "
        "Automa (at most one seat), a computer rival (easy, normal or hard) or empty, at least one "
        "person; the Harbor Shops variant; an optional seed for a game that can be played again. "
        "A setup that cannot be played is explained in one line under the button and nothing starts.",
        [("Tab / Shift+Tab", "move between fields (Shift+Tab from the first name: Learn to play)"),
         ("← → Space", "change a seat's kind"),
         ("Space", "tick the Harbor Shops variant"), ("Enter or Ctrl+S", "start the game"),
         ("Ctrl+O", "the saved games"), ("Ctrl+T", "each player's record across the saved games"),
         ("Ctrl+Q", "quit")],
        lambda: make_app(seed=SEED, automa_delay=0, blink=False),
        new_game_steps,
        size=(100, 32),
    ),
    Capture(
        "Continue",
        "When the saves folder holds games, the new-game screen opens with **Continue** on the most "
        "recently played unfinished one (its seats, where it stands, when it was last played) and "
        "has the focus: Enter goes on exactly where the game stopped, even after the terminal was "
        "closed or the program killed. A record that cannot be opened says why in one line.",
        [("Enter", "continue that game"), ("Tab", "to *Saved games*, then to the new-game form"),
         ("Ctrl+O", "the saved games")],
        with_saves,
        size=(100, 36),
    ),
    Capture(
        "Saved games",
        "Every game in the saves folder, most recently played first: when, who, and where it "
        "stands (whose move, or who won). A file that cannot be read is listed with the reason. "
        "A record made with another catalogue or program version is refused with the reason when "
        "opened; F opens it anyway.",
        [("↑ ↓", "choose a game"), ("Enter", "continue it (a finished game: replay it)"),
         ("R", "replay it, read-only"), ("F", "open it anyway"), ("Esc", "back")],
        with_saves,
        saved_games_steps,
        size=(120, 24),
    ),
    Capture(
        "Replay",
        "`great-harbor replay FILE` (or R in the saved games) shows a finished or running game one "
        "action at a time, read-only, on the table of the game: the panel says what the last "
        "action did and what the next one is, the log marks rolls and reveals with `*`. Hands are "
        "shown only once the game is over.",
        [("→ or N", "next action"), ("← or P", "previous action"), ("PgDn / PgUp or ] / [", "next / previous turn"),
         ("Home / End", "the start / the end"), ("G", "go to a round (`3`, or `3B` for its turn B)"),
         ("C", "next player's colony"), ("F2", "every colony in full"), ("V", "how the game went: the chart"),
         ("Ctrl+E", "write the log to a text file"), ("Esc or Q", "leave the replay")],
        a_replay,
        replay_steps,
    ),
    Capture(
        "The table (160x45)",
        "The whole game on one screen: the harbor map (tiles with their tiers, every slot with its "
        "two colour halves and the die on it, Shore fees, the Smuggler's District), the action "
        "picker with the pending decision, the log, the displays and Conversion cards, the dice "
        "and the players, the Trade board, the Senate, and the colony of the person at the "
        "keyboard (another person's hand is never shown). The top line says the round, turn, "
        "phase, who holds the Anchor and what is asked of whom. Dice read `B4` (colour letter and "
        "pips) and players have a symbol (◆ ● ▲ ■), so nothing depends on colour alone.",
        TABLE_KEYS,
        two_seats(),
        table_steps,
    ),
    Capture(
        "Placing a die on the map",
        "Tab moves to the harbor map with the first drafted die picked. The slots it may take "
        "are drawn with heavy lines (━ ┃); the arrow keys move the highlight (▶ ◀, ▲▲) between "
        "them and the line under the map says what the placement gives. Enter places the die.",
        [("← → ↑ ↓", "move to the nearest legal slot that way"), ("Space / 1 / 2", "pick the other die"),
         ("Enter", "place the die on the highlighted slot"), ("Esc or Tab", "back to the action picker")],
        two_seats(),
        map_steps,
    ),
    Capture(
        "Splitting the pips",
        "A die on a slot between two tiles splits its pips between them; the arrow keys step "
        "through the splits the engine allows, one per result (the picker lists the same choices "
        "in words, in the same order, and highlights the one shown) and Enter takes it.",
        [("← → or ↑ ↓", "previous / next split"), ("Enter", "confirm the split")],
        two_seats(),
        split_steps,
    ),
    Capture(
        "Why not?",
        "When the filter matches no legal action but names something the player might want "
        "(ending the turn, a card in hand, a structure, a ship), the picker shows the engine's "
        "reason it cannot be done now.",
        [("Esc", "clear the filter")],
        two_seats(),
        filter_steps,
    ),
    Capture(
        "The table at 120x36",
        "In a smaller terminal the boards share tabs on the left (Harbor and log, Colony, Trade & "
        "Senate, Cards); the dice, the players and the action picker stay on the right. Tab still "
        "brings the harbor map up for placing dice.",
        TABLE_KEYS,
        two_seats(),
        compact_steps,
        size=(120, 36),
    ),
    Capture(
        "The Trade & Senate tab at 120x36",
        "F3 steps through the tabs.",
        [("F3", "next tab")],
        two_seats(),
        compact_boards_steps,
        size=(120, 36),
    ),
    Capture(
        "Terminal too small",
        "Below 120x36 the table is hidden behind this hint; enlarging the terminal brings it "
        "back where it was.",
        [("Ctrl+Q", "quit")],
        two_seats(),
        small_steps,
        size=(80, 24),
    ),
    Capture(
        "Hand-off",
        "Pass-and-play: when the decision passes to another person, this screen covers the "
        "whole table until that person presses Enter, so nobody sees another's hand. The draft "
        "is public and needs no hand-off; a person playing alone against the Automa never sees "
        "this screen.",
        [("Enter", "I have the keyboard: show the table"), ("Ctrl+Q", "quit")],
        two_seats(),
        handoff_steps,
    ),
    Capture(
        "A colony in full",
        "F2 shows any colony in full, with the costs of every structure; the hand is listed only "
        "for its owner.",
        [("← →", "previous / next player"), ("Esc or F2", "back to the table")],
        two_seats(),
        colony_steps,
    ),
    Capture(
        "The Automa's moves",
        "The engine plays the Automa at once; the table then plays its log lines back one at a "
        "time (0.8 s each by default, set in the command palette) while the log waits. Space "
        "skips to the end.",
        [("Space, Enter or Esc", "skip ahead"), ("a letter", "skip ahead and start typing it into the action filter"),
         ("F2", "every colony in full, as the table stands at the line being read")],
        lambda: make_app(seed=SEED, players=["Ana"], automa=True, automa_delay=1000, blink=False),
        automa_steps,
    ),
    Capture(
        "A computer rival's move",
        "A computer rival decides from what its seat may know while the table shows it thinking, "
        "then its moves are played back like the Automa's: first what it chose and why, then what "
        "happened. The hard rival also names the options it weighed and how far behind each came "
        "out (from round 4, or round 3 with two seats, over sampled futures). Nobody can undo a "
        "rival's move.",
        [("Space, Enter or Esc", "skip ahead"), ("a letter", "skip ahead and start typing it into the action filter"),
         ("F2", "every colony in full, as the table stands at the line being read")],
        lambda: make_app(seed=SEED, players=["Ana"], rivals=["hard"], automa_delay=1000, blink=False),
        rival_steps,
    ),
    Capture(
        "A hint",
        "H at the table, on your own decision: the option with the best figure a look-ahead in your seat "
        "finds, why, and the two runners-up with how far behind they are; on a close call, the move a "
        "hard rival would keep instead. Never over the hand-off screen or while "
        "another seat decides; a game with hints says so in its record and on the final scores.",
        [("Enter", "close and highlight the suggestion in the action list"), ("Esc or H", "close")],
        lambda: make_app(seed=SEED, players=["Ana"], rivals=["normal"], automa_delay=0, blink=False),
        hint_steps,
    ),
    Capture(
        "The coach at the draft",
        "Learn to play (`great-harbor learn`, the new-game screen or the palette): a solo game against "
        "the Automa in which the coach explains each rule the first time it matters in this game, "
        "over the bottom left of the table, never over the Automa's playback. Here the learner's "
        "second draft: the lesson's pointer highlights the action it talks about.",
        [("Enter or →", "the lesson's next page (after the last, put away)"), ("F5", "the lesson's rule"),
         ("L", "the lesson list (learned ✓, still to come) and the last lesson back"), ("Esc", "hide it"),
         ("anything else", "the table's keys, as ever: the coach never blocks a move")],
        learning,
        coach_at("draft"),
        size=(120, 36),
    ),
    Capture(
        "The coach at a pip split",
        "The first time the learner's die sits between two tiles: the coach explains the pip split "
        "beside the map's own choice of splits.",
        [("Enter or →", "next page"), ("F5", "its rule"), ("L", "lessons"), ("Esc", "hide it")],
        learning,
        coach_at("pip-split"),
        size=(120, 36),
    ),
    Capture(
        "The coach at the first voyage",
        "The learner's first ship beat the pirates: the coach brings up the Trade & Senate tab it "
        "talks about (at 120x36 the boards share tabs).",
        [("Enter or →", "next page"), ("F5", "its rule"), ("L", "lessons"), ("Esc", "hide it")],
        learning,
        coach_at("voyage"),
        size=(120, 36),
    ),
    Capture(
        "Command palette",
        "Ctrl+P opens Textual's command palette with the game's commands: view any colony, start "
        "a new game, set the Automa's pace, plus the app's own (theme, quit, ...).",
        [("type", "filter the commands"), ("Enter", "run"), ("Esc", "close")],
        two_seats(),
        palette_steps,
    ),
    Capture(
        "Rules lookup",
        "`?` or F1 on any screen opens the rules over it, and Esc returns to exactly where the "
        "player was: the game is not touched. Typing searches the rules reference and the card "
        "glossary (words, a card name or number, small typos forgiven), best match first; the "
        "entry on the right follows the highlighted result. With nothing typed, the list holds the "
        "contents: what is on the table now (tiles, displays, Senate tracks, your colony and, when "
        "it is yours to see, your hand), then every chapter and the glossary. Links in an entry "
        "are numbered and listed under it. The next `?` opens the lookup where it was left.",
        [("type", "search"), ("↑ ↓ PgUp PgDn", "move in the results (or ↓ into the contents)"),
         ("Enter", "open the highlighted result, contents entry or link"),
         ("Space", "fold or unfold a chapter in the contents"),
         ("Tab / Shift+Tab", "search, results or contents, text, links"),
         ("1-9", "follow a numbered link of the text"), ("Alt+← / Alt+→, Backspace", "back / forward"),
         ("? or F1", "back to the search field"), ("Esc", "close the lookup")],
        two_seats(),
        lookup_steps,
    ),
    Capture(
        "Rule for this (F5) at 120x36",
        "F5 opens the entry for what is highlighted: the slot under the map's cursor opens its "
        "tile (the other tile of a shared slot and the slot's rule are among the links), an "
        "action in the picker opens the card, ship or Senate track it is about with the action's "
        "rule among the links, a why-not line or a refusal opens the rule that forbids it, and "
        "otherwise the decision the game waits for. The top line says what the entry is about.",
        [("F5", "open the entry for what is highlighted"), ("Esc", "back to the table")],
        two_seats(),
        context_help_steps,
        size=(120, 36),
    ),
    Capture(
        "Game over",
        "The final Prestige of every player item by item (cards, Governor pairs, structures, "
        "end-of-game Buildings, Smuggler tokens, Prestige tokens), the coins that break a tie, "
        "the winner (or a shared victory), and above them how the game went: every seat's Prestige as it "
        "would end at the end of each turn, its figure beside a bar on one scale shared by all, the "
        "figure of whoever would have won then underlined and ↑ with a symbol where the lead changed.",
        [("N", "new game with the same seats"), ("F2", "every colony in full"), ("Ctrl+Q", "quit")],
        two_seats(),
        game_over_steps,
    ),
    Capture(
        "How the game went (replay) at 120x36",
        "V in the replay shows the chart of the whole record, and below it where each seat's Prestige "
        "came from (if the game ended now, for a game still running: every figure is public).",
        [("Esc or V", "back to the replay")],
        a_replay,
        progress_steps,
        size=(120, 36),
    ),
    Capture(
        "Player statistics at 120x36",
        "Ctrl+T on the new-game screen (or Player statistics in the palette): every person by name, "
        "then the Automa and each rival level from their side. For the one highlighted: games "
        "finished and won, wins by number of seats and by kind of opponent, average and best "
        "Prestige, the average of each scoring item, hints asked for, and the last ten results with "
        "their Prestige as a sparkline. A game not over counts only as in progress; a file that "
        "cannot be used is listed under the lists with the reason. `great-harbor stats` prints the same.",
        [("↑ ↓", "choose a player"), ("Esc", "back")],
        with_finished_games,
        stats_steps,
        size=(120, 36),
    ),
]


@contextlib.contextmanager
def fresh_saves() -> Iterator[Path]:
    """An empty saves folder and UTC for local times while a capture is taken."""
    old = {k: os.environ.get(k) for k in ("GREAT_HARBOR_SAVES", "GREAT_HARBOR_CONFIG", "TZ")}
    with tempfile.TemporaryDirectory(prefix="great-harbor-screens-") as folder:
        os.environ["GREAT_HARBOR_SAVES"] = folder
        os.environ["GREAT_HARBOR_CONFIG"] = str(Path(folder) / "config")  # the default theme, never the user's
        os.environ["TZ"] = "UTC"
        time.tzset()
        try:
            yield Path(folder)
        finally:
            for key, value in old.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
            time.tzset()


async def capture(spec: Capture) -> str:
    with fresh_saves() as folder:
        app = spec.app()
        # No animation: a tab's underline slides for 0.3 s after a tab changes, and a capture taken
        # on a loaded machine caught it half-way.
        app.animation_level = "none"
        async with app.run_test(size=spec.size) as pilot:
            await pilot.pause()
            if spec.steps is not None:
                await spec.steps(pilot, app)
            await pilot.pause()
            return screen_text(app).replace(str(folder), SHOWN_FOLDER)


HEADER = [
    "# The screens of The Great Harbor",
    "",
    "Every screen of the terminal game: what it is for, its keys, and a text capture taken from",
    f"the real app at seed {SEED}. Generated by `python3 scripts/capture_screens.py`; do not edit by",
    "hand. Colours and reverse video do not show in text captures: the highlights here are the",
    "characters the app draws for them (▶ ◀ ▲▲, heavy lines ━ ┃).",
    "",
    "`?` and F1 open the rules lookup on every screen; F5 opens the entry for what is highlighted.",
    "",
]


def section(spec: Capture, text: str) -> list[str]:
    """One screen's part of screens.md: its title, purpose, keys and capture."""
    out = [f"## {spec.title}", "", spec.purpose, "", "| key | does |", "| --- | --- |"]
    out += [f"| {k} | {v} |" for k, v in spec.keys]
    out += ["", f"{spec.size[0]}x{spec.size[1]}:", "", "```text", text.rstrip("\n"), "```", ""]
    return out


def document(texts: list[str]) -> str:
    out = list(HEADER)
    for spec, text in zip(CAPTURES, texts, strict=True):
        out += section(spec, text)
    return "\n".join(out)


def sections(markdown: str) -> tuple[str, list[str]]:
    """``markdown`` (screens.md) cut into its head and one part per screen, as ``document`` joins
    them: the tests check each screen's part on its own, in parallel."""
    head, *parts = markdown.split("\n## ")
    return head, [f"## {part}" for part in parts]


async def capture_all() -> list[str]:
    return [await capture(spec) for spec in CAPTURES]


def main() -> int:
    parser = argparse.ArgumentParser(description="Regenerate screens.md from the running app.")
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if screens.md is out of date")
    parser.add_argument("--output", type=Path, default=ROOT / "screens.md", help="file to write")
    args = parser.parse_args()
    text = document(asyncio.run(capture_all()))
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is out of date: run python3 scripts/capture_screens.py", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output} ({len(CAPTURES)} screens)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
