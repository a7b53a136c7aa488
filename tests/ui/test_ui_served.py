"""The app served in a browser tab (``great-harbor serve``, issue 20), driven with Pilot as if it
were: every binding on a key a browser keeps for itself has another key, the footer shows that one,
those keys do what the terminal's do, and Ctrl+E hands the log to the browser as a download
instead of writing a file. The real browser is in tests/test_serve_browser.py."""

from __future__ import annotations

import importlib
import inspect
import io
import os
import pkgutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from agent_keys import play_until
from children import PYTHON, read_line
from textual.binding import Binding
from textual.dom import DOMNode
from textual.widgets import Static
from textual.widgets._footer import FooterKey

import great_harbor.ui
from great_harbor.record import GameRecord
from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.screens.lookup import LookupScreen
from great_harbor.ui.screens.new_game import NewGameScreen
from great_harbor.ui.screens.saved_games import SavedGamesScreen
from great_harbor.ui.served import BROWSER_KEYS, SERVED_KEYS
from great_harbor.ui.widgets.resume import ResumeBar

ROOT = Path(__file__).resolve().parents[2]


def ui_classes() -> list[type[DOMNode]]:
    """Every screen, widget and app class of the UI package."""
    found: list[type[DOMNode]] = []
    for info in pkgutil.walk_packages(great_harbor.ui.__path__, "great_harbor.ui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, DOMNode) and cls.__module__ == module.__name__:
                found.append(cls)
    return found


def own_bindings(cls: type[DOMNode]) -> list[Binding]:
    return [b for b in cls.__dict__.get("BINDINGS", []) if isinstance(b, Binding)]


def test_every_binding_on_a_browsers_key_has_another_key_when_served() -> None:
    classes = ui_classes()
    assert GreatHarborApp in classes and GameScreen in classes and LookupScreen in classes
    checked = 0
    for cls in classes:
        bindings = own_bindings(cls)
        for binding in bindings:
            keys = binding.key.split(",")
            if not set(keys) & BROWSER_KEYS:
                continue
            checked += 1
            served = SERVED_KEYS.get(binding.id or "", "").split(",") if binding.id else []
            same_action = [k for b in bindings if b.action == binding.action for k in b.key.split(",")]
            others = [k for k in [*served, *same_action] if k and k not in BROWSER_KEYS]
            where = f"{cls.__name__}: {binding.key} -> {binding.action}"
            assert others, f"{where} has no key a browser lets through"
            if binding.show:  # the footer shows the binding's first key (served: of the served ones)
                assert (served or keys)[0] not in BROWSER_KEYS, f"{where}: the footer would show a browser's key"
    assert checked >= 15  # quit on every screen, F5, F3, Ctrl+E, Ctrl+S, Ctrl+O, Alt+← →, Ctrl+P


def test_served_keys_are_none_of_a_browsers_and_keep_the_terminals() -> None:
    ids = {b.id for cls in ui_classes() for b in own_bindings(cls) if b.id}
    assert set(SERVED_KEYS) <= ids, "a served key for a binding that is not there"
    for binding_id, keys in SERVED_KEYS.items():
        first, *rest = keys.split(",")
        assert first not in BROWSER_KEYS and len(first) > 1, binding_id  # never printable: fields take those
        assert rest and set(rest) <= BROWSER_KEYS, f"{binding_id}: the terminal's key is kept after the new one"


def footer(app: GreatHarborApp) -> dict[str, str]:
    """Description -> key as the footer shows it."""
    return {key.description or "palette": key.key_display for key in app.screen.query(FooterKey)}


async def test_the_footer_shows_the_browsers_keys_only_when_served() -> None:
    for served, expected in ((False, {"Quit": "^q", "Saved games": "^o", "Start the game": "^s",
                                      "Rule for this": "f5", "palette": "^p"}),
                             (True, {"Quit": "^\\", "Saved games": "f2", "Start the game": "f4",
                                     "Rule for this": "f8", "palette": "f9"})):
        app = make_app(blink=False, served=served)
        async with app.run_test(size=(160, 45)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            shown = footer(app)
            for description, key in expected.items():
                assert shown.get(description) == key, (served, description, shown)


async def test_the_served_keys_do_what_the_terminals_do(saves: Path) -> None:
    app = make_app(blink=False, automa_delay=0, served=True)
    async with app.run_test(size=(120, 36)) as pilot:  # the tabbed table: Next board has work to do
        await pilot.pause()
        await pilot.press("f2")
        assert isinstance(app.screen, SavedGamesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("f8")  # Rule for this, over the new-game form
        assert isinstance(app.screen, LookupScreen)
        await pilot.press("escape")
        await pilot.press("f4")  # start the game (Ana and Ben)
        await pilot.pause()
        assert app.game is not None
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.layout_mode != "wide"
        assert footer(app).get("Next board") == "^→"
        tabs = screen.query_one("TabbedContent")
        before = tabs.active  # type: ignore[attr-defined]
        await pilot.press("ctrl+right")
        assert tabs.active != before  # type: ignore[attr-defined]
        await pilot.press("f3")  # the terminal's key still works where the browser lets it through
        await pilot.press("f9")
        assert app.screen.__class__.__name__ == "CommandPalette"
        await pilot.press("escape")
        await pilot.press("ctrl+backslash")
        await pilot.pause()
    assert app.return_code in (0, None) and not app.is_running


async def test_the_lookups_back_and_forward_have_keys_the_search_field_does_not_take() -> None:
    app = make_app(seed=3, players=["Ana", "Ben"], blink=False, automa_delay=0, served=True)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        lookup = app.screen
        assert isinstance(lookup, LookupScreen)
        await pilot.press(*"corsair", "enter")
        first = lookup.current
        await pilot.press(*"shore fee", "enter")
        second = lookup.current
        assert first and second and first != second
        assert footer(app).get("Back") == "^←" and footer(app).get("Forward") == "^→"
        await pilot.press("ctrl+left")
        assert lookup.current == first
        await pilot.press("ctrl+right")
        assert lookup.current == second


async def test_ctrl_e_served_delivers_the_log_and_writes_nothing(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    delivered: list[tuple[str, dict[str, Any]]] = []

    def deliver_text(self: GreatHarborApp, file: io.StringIO, **options: Any) -> str:
        delivered.append((file.getvalue(), options))
        return "key"

    monkeypatch.setattr(GreatHarborApp, "deliver_text", deliver_text)
    app = make_app(seed=11, players=["Ana", "Ben"], blink=False, automa_delay=0, served=True)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await play_until(pilot, app, lambda g: len(g.s.log) > 20)
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
        await pilot.press("shift+f4")
        await pilot.press("ctrl+e")
        session = app.session
        assert session is not None and session.path is not None
        name = f"{session.path.stem}-log.txt"
        assert len(delivered) == 2
        for text, options in delivered:
            assert text == session.log_text()
            assert options == {"save_filename": name, "mime_type": "text/plain"}
        assert any(f"is downloading to this browser as {name}" in n.message for n in app._notifications)
    assert sorted(p.name for p in saves.iterdir() if not p.name.startswith(".")) == [session.path.name]


def test_a_download_name_is_safe_in_a_header() -> None:
    from great_harbor.ui.saving import download_name

    class Record:
        seed = 7
        seats = [type("S", (), {"name": n})() for n in ("Zoë", "Ben Ali")]

    assert download_name(None, Record()) == "great-harbor-log-7-zo-ben-ali.txt"  # type: ignore[arg-type]
    assert download_name(Path("/x/2025-01-31_201500_ana-ben.json"), Record()) == \
        "2025-01-31_201500_ana-ben-log.txt"  # type: ignore[arg-type]


# --- a browser's words (issue 32) -----------------------------------------------------------------


def static_text(app: GreatHarborApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_a_small_window_says_what_a_browser_can_do_and_its_quit_key() -> None:
    for served in (False, True):
        app = make_app(seed=3, players=["Ana", "Ben"], blink=False, automa_delay=0, served=served)
        async with app.run_test(size=(113, 36)) as pilot:  # 1024x768 at a 16-pixel font
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.layout_mode == "small"
            text = static_text(app, "#too-small")
            if served:
                assert "Ctrl+\\ quits" in text and "?fontsize=12" in text and "This browser window holds 113x36" in text
            else:
                assert "Ctrl+Q quits" in text and "fontsize" not in text


def write_record(folder: Path, name: str, catalogue: Any) -> Path:
    record = GameRecord.new(catalogue, ["Ana", "Ben"], seed=len(name))
    path = folder / name
    path.write_text(record.dumps(record.replay(catalogue)))
    return path


async def test_continue_offers_the_newest_game_not_open_in_another_tab(saves: Path, catalogue: Any) -> None:
    older = write_record(saves, "a-older.json", catalogue)
    newer = write_record(saves, "b-newer.json", catalogue)  # the same second: the later name lists first
    holder = subprocess.Popen(  # another process plays the newer game (holds its lock)
        [*PYTHON, "-c", "import sys; from pathlib import Path; from great_harbor.saves import SaveLock; "
         "lock = SaveLock.acquire(Path(sys.argv[1])); print('held' if lock else 'no lock'); sys.stdin.read()",
         str(newer)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        if read_line(holder, 30).strip() != "held":
            pytest.skip("no save locks on this system")
        app = make_app(blink=False, served=True)
        async with app.run_test(size=(160, 45)) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(ResumeBar)
            assert bar.newest is not None and bar.newest.path == older
            problem = app.open_save(newer)  # as the saved games' list opens it
            assert problem is not None
            assert str(problem) == "the game is open in another tab: play it there, or close that tab first"
        for served, elsewhere in ((True, "in another tab"), (False, "in another great-harbor")):
            older.unlink()
            app = make_app(blink=False, served=served)
            async with app.run_test(size=(160, 45)) as pilot:
                await pilot.pause()
                assert app.screen.query_one(ResumeBar).newest is None
                assert f"Every unfinished game is open {elsewhere}." in static_text(app, "#resume-what")
            older = write_record(saves, "a-older.json", catalogue)
    finally:
        holder.communicate("", timeout=30)


async def test_served_the_palette_and_the_saved_games_speak_of_the_browser(saves: Path) -> None:
    for served in (False, True):
        app = make_app(seed=5, players=["Ana", "Ben"], blink=False, automa_delay=0, served=served)
        async with app.run_test(size=(160, 45)) as pilot:
            await pilot.pause()
            helps = {c.title: c.help for c in app.session_commands(app.screen)}
            if served:
                assert helps["Export the log"] == "Download this game's log to this browser (Shift+F4)"
            else:
                assert helps["Export the log"] == "Write this game's log to a text file (Ctrl+E)"
            app.show_saved_games()
            await pilot.pause()
            assert isinstance(app.screen, SavedGamesScreen)
            folder = static_text(app, "#saves-folder")
            assert folder == ("2 saved games on this server" if served else f"1 saved game in {saves}")


async def test_a_field_takes_no_more_than_its_words_need() -> None:
    """A flood of keys (a script posing as a browser tab) cannot grow a field without end: each
    holds what it may need and a little more (a name too long still gets the name check's words)."""
    from textual.widgets import Input

    app = make_app(blink=False, served=True)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        name = app.screen.query_one("#name-0", Input)
        name.focus()
        await pilot.pause()
        name.value = "a" * 78  # (typing all of it would take a Pilot ten seconds)
        name.cursor_position = 78
        await pilot.press(*"bcde")
        assert name.value == "a" * 78 + "bc"
        seed = app.screen.query_one("#seed", Input)
        seed.focus()
        await pilot.pause()  # (focus selects all the field holds: then it is set)
        seed.value = "9" * 38
        seed.cursor_position = 38
        await pilot.press(*"1234")
        assert seed.value == "9" * 38 + "12"
