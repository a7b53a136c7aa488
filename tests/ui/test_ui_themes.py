"""Themes and colour: the boards take their colours from the theme (a light theme is readable:
tile names on their tiles, yellow dice on the background), the chosen theme is kept for the next
run, NO_COLOR leaves every player and die letter readable, and a terminal too small for the table
offers no key that does nothing there."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from rich.color import Color
from rich.style import Style

from great_harbor.ui import style
from great_harbor.ui.app import make_app
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.settings import ENV_CONFIG, FILE, load_settings
from great_harbor.ui.textshot import screen_text


def luminance(color: Color) -> float:
    r, g, b = color.get_truecolor()

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: Color, b: Color) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def footer_keys(app: object) -> str:
    return screen_text(app).splitlines()[-1]  # type: ignore[arg-type]


@pytest.mark.parametrize("theme", ["textual-light", "solarized-light", "catppuccin-latte", "textual-dark", "nord"])
async def test_tile_names_and_dice_are_readable_in_the_theme(theme: str) -> None:
    config = Path(os.environ[ENV_CONFIG])
    config.mkdir(parents=True, exist_ok=True)
    (config / FILE).write_text(json.dumps({"theme": theme}))
    app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert app.theme == theme
        tile = Style.parse(style.PALETTE.tile)
        assert tile.color is not None and tile.bgcolor is not None
        assert contrast(tile.color, tile.bgcolor) >= 4.5  # a tile's name and tiers on the tile
        background = Color.parse(app.get_css_variables()["background"])
        for colour, spec in style.COLOUR_STYLES.items():
            letter = Style.parse(spec).color
            assert letter is not None and contrast(letter, background) >= 3, (theme, colour)
        for spec in style.PLAYER_STYLES:
            symbol = Style.parse(spec).color
            assert symbol is not None and contrast(symbol, background) >= 3, (theme, spec)


async def test_the_chosen_theme_is_kept_for_the_next_run() -> None:
    app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        assert load_settings() == ({}, None)  # nothing written until someone chooses
        dark_tile = style.PALETTE.tile
        app.theme = "textual-light"  # what the palette's "Change theme" does
        await pilot.pause()
        assert style.PALETTE.tile != dark_tile and not style.PALETTE.dark
        assert load_settings()[0]["theme"] == "textual-light"
    again = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with again.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert again.theme == "textual-light"


async def test_a_broken_settings_file_is_said_in_one_line_and_ignored() -> None:
    config = Path(os.environ[ENV_CONFIG])
    config.mkdir(parents=True, exist_ok=True)
    (config / FILE).write_text("{not json")
    app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.theme == "textual-dark"
        notes = [str(n.message) for n in app._notifications]
        assert any(note.startswith("Settings ignored:") and "not valid JSON" in note for note in notes)


async def test_no_color_leaves_players_and_die_letters_readable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert app.no_color
        # Grey levels of hues become dark greys on black: every player and die letter is plain
        # bold in the foreground instead (the symbols and letters tell them apart).
        for spec in [*style.PLAYER_STYLES, *style.COLOUR_STYLES.values()]:
            parsed = Style.parse(spec)
            assert parsed.color is None and parsed.bold
        assert "Ben" in screen_text(app)


async def test_below_120x36_the_footer_offers_only_keys_that_work() -> None:
    app = make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        keys = footer_keys(app)
        assert "needs a terminal of at least" in screen_text(app)
        for word in ("Map ⇄ actions", "Next board", "Log"):
            assert word not in keys
        assert "Colonies" in keys and "Quit" in keys
        await pilot.resize_terminal(160, 45)
        await pilot.pause()
        keys = footer_keys(app)
        assert "Map ⇄ actions" in keys and "Log" in keys
