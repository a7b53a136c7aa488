"""Snapshots of the main screens at fixed seeds (pytest-textual-snapshot; cursor blink off).

After an intended change of the look, review and accept with ``pytest tests/ui --snapshot-update``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from great_harbor.data import Catalogue
from great_harbor.engine import Game
from great_harbor.ui.app import GreatHarborApp, make_app

Snap = Callable[..., bool]


def table() -> GreatHarborApp:
    return make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)


def test_new_game_screen(snap_compare: Snap) -> None:
    assert snap_compare(make_app(seed=7, automa_delay=0, blink=False), terminal_size=(100, 32))


def test_table_at_the_draft(snap_compare: Snap) -> None:
    assert snap_compare(table(), terminal_size=(160, 45))


def test_hand_off_after_the_draft(snap_compare: Snap) -> None:
    assert snap_compare(table(), press=["enter"] * 4, terminal_size=(160, 45))


def test_placing_a_die_on_the_map(snap_compare: Snap) -> None:
    assert snap_compare(table(), press=["enter"] * 5 + ["tab", "right", "down"], terminal_size=(160, 45))


def test_splitting_pips(snap_compare: Snap) -> None:
    assert snap_compare(table(), press=["enter"] * 5 + ["tab", "enter", "right"], terminal_size=(160, 45))


def test_compact_table(snap_compare: Snap) -> None:
    assert snap_compare(table(), press=["enter"] * 5, terminal_size=(120, 36))


def test_terminal_too_small(snap_compare: Snap) -> None:
    assert snap_compare(table(), terminal_size=(80, 24))


def test_colony_view(snap_compare: Snap) -> None:
    assert snap_compare(table(), press=["enter"] * 5 + ["f2"], terminal_size=(160, 45))


def test_automa_playback(snap_compare: Snap) -> None:
    app = make_app(seed=7, players=["Ana"], automa=True, automa_delay=1000, blink=False)

    async def wait(pilot: Pilot[Any]) -> None:
        await pilot.pause()

    assert snap_compare(app, run_before=wait, terminal_size=(160, 45))


def test_game_over(snap_compare: Snap, catalogue: Catalogue) -> None:
    game = Game.new(catalogue, ["Ana", "Ben"], seed=7)
    rng = random.Random(7)
    while not game.is_over:
        actions = game.legal_actions()
        busy = [a for a in actions if a.kind != "end-turn"]
        game.apply(rng.choice(busy if busy and rng.random() < 0.7 else actions))
    assert snap_compare(make_app(game=game, automa_delay=0, blink=False), terminal_size=(160, 45))
