"""Computer rivals at the table: a person against a hard rival and the Automa plays by keys to the
game-over screen; the rivals' moves are played back like the Automa's and never undone by a person;
the hint key shows what the hard rival would do, and is refused over the hand-off screen."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from agent_keys import fast_forward
from drawn import drawn_text

from great_harbor.ui.app import make_app
from great_harbor.ui.hints import HintScreen
from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.game_over import GameOverScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.textshot import screen_text

Driver = Callable[..., Awaitable[dict[str, int]]]

# The hard rival's own code path, looking ahead in round 5 over a single world: a game in seconds.
QUICK = {"search_from": 5, "max_worlds": 1}


def notes(app: Any) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def settle(pilot: Any, app: Any) -> None:
    """Wait until no rival is thinking and no hint is being worked out."""
    for _ in range(5000):
        await pilot.pause(0.01)
        if app.thinking is None and not any(w.group == "hint" and w.is_running for w in app.workers):
            return
    raise AssertionError("a rival or a hint never finished")


async def until_anas_turn(pilot: Any, app: Any) -> None:
    """Skip the rivals' playback until Ana (seat 0) is to decide at the table."""
    while app.game is not None and app.game.current_player != 0 or isinstance(app.screen, AutomaTurnScreen):
        await pilot.press("space")
        await settle(pilot, app)


async def test_a_person_against_a_hard_rival_and_the_automa_to_the_end(drive: Driver, saves: Path) -> None:
    app = make_app(seed=11, players=["Ana"], rivals=["hard"], automa=True, automa_delay=0, blink=False,
                   rival_settings=QUICK)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        assert app.game is not None and [p.name for p in app.game.s.players] == ["Ana", "Livia", "Automa"]
        assert isinstance(app.screen, GameScreen)
        await pilot.press("H")  # a hint once: the game says so at the end
        await settle(pilot, app)
        assert isinstance(app.screen, HintScreen)
        await pilot.press("escape")
        await fast_forward(pilot, app, lambda g: g.s.round == 4)  # rounds 4 and 5 by keys
        counts = await drive(pilot, app, 11)
        assert isinstance(app.screen, GameOverScreen)
        assert counts["handoffs"] == 0  # one person: nothing to hide from anyone
        text = screen_text(app)
        assert "Livia" in text and "Played with hints: 1" in text
        assert app.session is not None
        record = json.loads(app.session.path.read_text())  # type: ignore[union-attr]
        assert record["hints"] == 1 and record["setup"]["seats"][1]["rival"] == "hard"
        lines = app.game.log_lines(None)
        assert sum("(hard rival):" in line for line in lines) > 50
        hard = [line for line in lines if "(hard rival):" in line]
        assert any("Weighed against:" in line and "Prestige" in line for line in hard)
        assert any("confirmed over 1 sampled future played out" in line
                   or "over 1 sampled future played out, nothing it weighed came out clearly ahead" in line
                   for line in hard)


async def test_rival_moves_are_played_back_and_cannot_be_undone() -> None:
    app = make_app(seed=3, players=["Ana"], rivals=["normal"], automa_delay=30, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        await until_anas_turn(pilot, app)
        await pilot.press("enter")  # Ana drafts; Livia (normal) drafts next and is played back
        await settle(pilot, app)
        assert isinstance(app.screen, AutomaTurnScreen)
        await pilot.press("space")
        assert isinstance(app.screen, GameScreen)
        assert "Livia (normal rival): draft" in screen_text(app)
        await pilot.press("ctrl+z")
        assert any("the last action was Livia's" in n for n in notes(app))


async def test_the_hint_key_suggests_and_is_refused_over_the_hand_off() -> None:
    app = make_app(seed=4, players=["Ana", "Ben"], rivals=["easy"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        for _ in range(400):  # through the draft (in the open) to the first hand-off
            if isinstance(app.screen, HandOffScreen):
                break
            await pilot.press("enter")
            await settle(pilot, app)
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("H")
        await settle(pilot, app)
        assert isinstance(app.screen, HandOffScreen)
        assert any("No hint: no hint over the hand-off screen" in n for n in notes(app))
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("H")
        await settle(pilot, app)
        assert isinstance(app.screen, HintScreen)
        text = screen_text(app)
        assert "Suggested by a hard rival's reckoning:" in text and "Runners-up:" in text and " 2. " in text
        await pilot.press("enter")  # highlights the suggestion in the action list
        assert isinstance(app.screen, GameScreen)
        assert app.session is not None and app.session.record.hints == 1


async def test_a_hint_taken_from_the_harbor_map_puts_the_keys_on_the_action_list() -> None:
    """Play-test: with the map focused (Tab), Enter on the hint highlighted its suggestion in the
    list but left the keys on the map, and the next Enter placed the die under the map's cursor."""
    from great_harbor.ui.widgets.harbor_map import HarborMap
    from great_harbor.ui.widgets.picker import ActionPicker

    app = make_app(seed=4, players=["Ana"], rivals=["normal"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        for _ in range(40):  # draft until Ana places her dice
            await until_anas_turn(pilot, app)
            assert app.game is not None
            if app.game.s.phase == "actions":
                break
            await pilot.press("enter")
            await settle(pilot, app)
        table = app.screen
        assert isinstance(table, GameScreen) and app.game is not None and app.game.s.phase == "actions"
        await pilot.press("tab")
        assert table.query_one(HarborMap).has_focus
        # The map's own keys take the footer's room: H is offered on the action list (and hints anyway).
        assert "H Hint" not in (await drawn_text(pilot, app, contains="Next die", absent="H Hint")).splitlines()[-1]
        await pilot.press("H")
        await settle(pilot, app)
        assert isinstance(app.screen, HintScreen)
        hinted = app.screen.action
        await pilot.press("enter")
        await pilot.pause()
        picker = table.query_one(ActionPicker)
        assert picker.has_focus_within and picker.highlighted_action == hinted
        assert "H Hint" in (await drawn_text(pilot, app, contains="H Hint")).splitlines()[-1]
        assert app.session is not None
        done = len(app.session.record.actions)
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.session.record.actions[done] == hinted  # the suggestion, not the map's slot


async def test_while_a_rival_thinks_the_top_line_says_so(monkeypatch: Any) -> None:
    """Play-test: the top line put the rival's question to the person reading it ("Marcus: your
    ships share a position — which resolves first?")."""
    import threading

    from great_harbor.rivals import Rival

    go = threading.Event()
    decide = Rival.decide

    def slow(self: Rival, view: Any) -> Any:
        go.wait(20)
        return decide(self, view)

    monkeypatch.setattr(Rival, "decide", slow)
    app = make_app(seed=4, players=["Ana"], rivals=["normal"], automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        for _ in range(400):
            if app.thinking is not None:
                break
            if app.game is not None and app.game.current_player == 0 and isinstance(app.screen, GameScreen):
                await pilot.press("enter")
            await pilot.pause(0.01)
        assert app.thinking == 1
        top = (await drawn_text(pilot, app, contains="is thinking")).splitlines()[0]
        assert "Livia (normal rival) is thinking…" in top and "your" not in top
        go.set()
        await settle(pilot, app)


async def test_h_again_while_the_hint_is_worked_out_asks_once(monkeypatch: Any) -> None:
    """Play-test: two "Thinking about a hint…" notices stacked, the hint box already open."""
    import threading

    from great_harbor.rivals import advice

    go = threading.Event()
    advise = advice.advise

    def slow(view: Any, seed: int) -> Any:
        go.wait(20)
        return advise(view, seed)

    app = make_app(seed=4, players=["Ana", "Ben"], automa_delay=0, blink=False)
    shown: list[str] = []  # every notice, also one whose 2 s ran out on a loaded machine
    notify = app.notify

    def noted(message: Any, *args: Any, **kwargs: Any) -> None:
        shown.append(str(message))
        notify(message, *args, **kwargs)

    monkeypatch.setattr(app, "notify", noted)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        monkeypatch.setattr(advice, "advise", slow)
        await pilot.press("H")
        await pilot.pause(0.05)
        await pilot.press("H")
        go.set()
        await settle(pilot, app)
        assert isinstance(app.screen, HintScreen)
        assert sum("Thinking about a hint" in n for n in shown) == 1
        assert app.session is not None and app.session.record.hints == 1


async def test_f5_opens_the_rivals_chapter_from_a_rival_seat_and_over_a_rival_playback() -> None:
    """F5 (the context key) on the new-game screen's seat set to a rival opens the rivals'
    strengths; over the playback of a rival's move, why a rival did that. The table behind that
    playback shows the game as it was at each line (a rival's note logged before its action)."""
    from great_harbor.ui.screens.lookup import LookupScreen
    from great_harbor.ui.screens.new_game import NewGameScreen
    from great_harbor.ui.widgets.cycle import Cycle

    app = make_app(seed=3, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        kind = app.screen.query_one("#kind-1", Cycle)
        kind.focus()
        while kind.value != "Hard rival":
            await pilot.press("right")
        await pilot.press("f5")
        assert isinstance(app.screen, LookupScreen) and app.screen.current == "computer-rivals/rival-strengths"

    app = make_app(seed=3, players=["Ana"], rivals=["normal"], automa_delay=30, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        await until_anas_turn(pilot, app)
        await pilot.press("enter")  # Ana drafts; Livia (normal) drafts next and is played back
        await settle(pilot, app)
        assert isinstance(app.screen, AutomaTurnScreen) and app.screen.rivals
        playback = app._playback
        assert playback is not None and playback.frames is not None  # the table at every line
        assert len(playback.frames) == len(app.game.s.log) - playback.start  # type: ignore[union-attr]
        await pilot.press("f5")
        assert isinstance(app.screen, LookupScreen) and app.screen.current == "computer-rivals/why-a-rival-did-that"


async def test_a_capital_h_typed_in_the_action_filter_is_text_not_a_hint() -> None:
    """Play-tests: typing 'Build Dock Hut' opened the hint, the rest of the typing and Enter went
    to it, and the record counted a hint nobody asked for."""
    from great_harbor.ui.widgets.picker import ActionPicker

    app = make_app(seed=4, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        for _ in range(5):  # the table drawn and its filter focused
            await pilot.pause()
        await pilot.press(*"draft ", "H")
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.query_one(ActionPicker).filter.value == "draft H"
        assert app.session is not None and app.session.record.hints == 0
        await pilot.press("escape")  # the filter cleared: H asks for a hint again
        await pilot.press("H")
        await settle(pilot, app)
        assert isinstance(app.screen, HintScreen)


async def test_the_footer_offers_the_hint_key_and_a_typed_h_is_still_a_letter() -> None:
    """Played in tmux: nothing at the table said that H gives a hint (only the README and the
    palette did). The footer says so; with text typed, H is still a letter of the filter."""
    from great_harbor.ui.widgets.picker import ActionPicker

    app = make_app(seed=4, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        text = await drawn_text(pilot, app, contains="H Hint")
        assert "H Hint" in text.rstrip("\n").splitlines()[-1]  # the footer
        await pilot.press("d", "H")
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.query_one(ActionPicker).filter.value == "dH"
        await pilot.press("escape", "H")
        await settle(pilot, app)
        assert isinstance(app.screen, HintScreen)


async def test_a_capital_h_typed_after_the_hand_off_is_text_not_a_hint() -> None:
    """Played in tmux: 'Build Dock Hut' sent at once opened the hint, the filter not having
    handled the keys before the H yet."""
    from great_harbor.ui.widgets.picker import ActionPicker

    app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        for _ in range(60):  # through the draft (in the open) to the first hand-off
            if isinstance(app.screen, HandOffScreen):
                break
            await pilot.press("enter")
            await settle(pilot, app)
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")
        for _ in range(5):
            await pilot.pause()
        from fast_keys import type_at_once

        await type_at_once(pilot, app, "Build Dock Hut")  # as a terminal sends a burst
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.query_one(ActionPicker).filter.value.endswith("Dock Hut")
        assert app.session is not None and app.session.record.hints == 0


async def test_a_rival_whose_thinking_fails_makes_a_plain_move_and_the_game_goes_on(monkeypatch: Any) -> None:
    from great_harbor.rivals import heuristic

    def broken(game: Any) -> Any:
        raise RuntimeError("a bug in the heuristic")

    monkeypatch.setattr(heuristic, "ranked", broken)
    app = make_app(seed=3, players=["Ana"], rivals=["normal"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        await until_anas_turn(pilot, app)
        assert app.session is not None
        played = len(app.session.actions)
        await pilot.press("enter")  # Ana drafts; Livia's thinking fails, she drafts all the same
        await settle(pilot, app)
        assert len(app.session.actions) >= played + 2
        assert any("thinking failed (RuntimeError: a bug in the heuristic)" in n for n in notes(app))
        await pilot.press("H")  # a hint works the same out: it says it failed, nothing else
        await settle(pilot, app)
        assert not isinstance(app.screen, HintScreen)
        assert any(n.startswith("No hint: working it out failed") for n in notes(app))


async def test_a_hint_from_round_3_ranks_by_its_figures_and_speaks_to_the_person() -> None:
    """Play-test (issue 29): runners-up shown ahead of the pick ("+10.4 ± 8.2 Prestige, not a clear
    gain"), "the split worth most to it", "its Governor" in a hint meant for the person."""
    import re

    app = make_app(seed=3, players=["Ana"], automa=True, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        await fast_forward(pilot, app, lambda g: g.s.round >= 3 and g.current_player == 0)
        await pilot.pause(0.2)  # the reopened table settles
        await pilot.press("H")
        await settle(pilot, app)
        assert isinstance(app.screen, HintScreen), notes(app)
        text = " ".join(app.screen.text.plain.split())  # the hint box's text, as shown
        assert "Suggested by a hard rival's reckoning:" in screen_text(app)
        figures = [float(x) for x in re.findall(r"\(([+-]\d+\.\d)(?: ± \d+\.\d)? Prestige\)", text)]
        assert figures == sorted(figures, reverse=True) and all(f <= 0 for f in figures), text
        assert "not a clear gain" not in text and text.count("sampled futures") <= 1
        circular = ("worth most to it", "its Governor", "in its hand", "its plans", "to it ",
                    "the best spot for the die")
        assert not any(w in text for w in circular), text
        assert "Runners-up:" in text
