"""The table most UI tests start from: two people at seed 7, and Ana's turn in round 4 (two dice
to place, many actions), reached by the screen-capture script's own fast-forward."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.widgets.picker import ActionPicker

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import capture_screens as shots  # noqa: E402


def table() -> GreatHarborApp:
    return make_app(seed=7, players=["Ana", "Ben"], automa_delay=0, blink=False)


async def at_turn(pilot: Pilot[Any], app: GreatHarborApp) -> ActionPicker:
    """Play on to Ana's turn in round 4; returns the table's action picker."""
    await shots.to_turn(pilot, app)
    assert isinstance(app.screen, GameScreen)
    return app.screen.query_one(ActionPicker)
