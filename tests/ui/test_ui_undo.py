"""Undo and redo at the table: your own actions within your turn, never past a reveal (the Shipyard
draw), never across the hand-off screen or the Automa's moves; keys, picker entries and the reason
when it is refused; the log marks the reveals."""

from __future__ import annotations

import json
from typing import Any

from agent_keys import pick, play_until
from gameplay import hidden

from great_harbor.data import Catalogue
from great_harbor.engine import Action, Game
from great_harbor.engine.actions import AssignPips, PlaceDie
from great_harbor.engine.harbor import geometry
from great_harbor.rivals.heuristic import choose
from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.widgets.log import GameLog
from great_harbor.ui.widgets.picker import ActionPicker

NAMES = ["Ana", "Ben", "Cleo"]


def notes(app: GreatHarborApp) -> list[str]:
    return [n.message for n in app._notifications]


def first_turn(game: Game) -> bool:
    top = game.pending
    return top is not None and top.kind == "turn" and game.s.phase == "actions"


def placements(game: Game, reveals: bool, tile: str | None = None) -> tuple[Action, Action] | None:
    """A die placement and a pip assignment after it that reveal something (or nothing), the
    first one giving pips to ``tile`` if given."""
    for place in game.legal_actions():
        if not isinstance(place, PlaceDie):
            continue
        if tile is not None:
            cell = next(c for c, t in game.s.layout.items() if t == tile)
            if cell not in geometry(game).slot_cells.get(place.slot, ()):
                continue
        trial = game.clone()
        trial.apply(place)
        top = trial.pending
        if trial.s.reveals != game.s.reveals or top is None or top.kind != "assign":
            continue
        for assign in trial.legal_actions():
            assert isinstance(assign, AssignPips)
            if tile is not None and assign.pips[top.data.tiles.index(tile)] == 0:
                continue
            probe = trial.clone()
            probe.apply(assign)
            if (probe.s.reveals > trial.s.reveals) == reveals and probe.current_player == game.current_player:
                return place, assign
    return None


def seed_with(cat: Catalogue, reveals: bool, tile: str | None = None) -> int:
    """A seed whose first turn (after the heuristic player's draft) allows such a placement."""
    for seed in range(60):
        game = Game.new(cat, NAMES, seed=seed)
        while not first_turn(game):
            game.apply(choose(game))
        if placements(game, reveals, tile) is not None:
            return seed
    raise AssertionError("no seed found")


async def to_first_turn(pilot: Any, app: GreatHarborApp) -> Game:
    await pilot.pause()
    await play_until(pilot, app, first_turn)
    if isinstance(app.screen, HandOffScreen):
        await pilot.press("enter")
    assert isinstance(app.screen, GameScreen)
    assert app.game is not None
    return app.game


def picker_words(app: GreatHarborApp) -> list[str]:
    return [item.words for item in app.screen.query_one(ActionPicker).shown]


def saved_actions(app: GreatHarborApp) -> int:
    assert app.session is not None and app.session.path is not None
    return len(json.loads(app.session.path.read_text())["actions"])


async def test_undo_and_redo_inside_a_turn(catalogue: Catalogue) -> None:
    seed = seed_with(catalogue, reveals=False)
    app = make_app(seed=seed, players=NAMES, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        game = await to_first_turn(pilot, app)
        start = game.to_dict()
        moves = placements(game, reveals=False)
        assert moves is not None
        await pick(pilot, app, moves[0])
        placed = game.to_dict()
        await pick(pilot, app, moves[1])
        assigned = game.to_dict()
        count = saved_actions(app)
        assert any(w.startswith("Undo: take back “") for w in picker_words(app))

        await pilot.press("ctrl+z")  # from the picker's filter
        assert game.to_dict() == placed
        assert saved_actions(app) == count - 1  # undo is saved too
        assert notes(app)[-1].startswith("Taken back: ")
        assert any(w.startswith("Redo: ") for w in picker_words(app))

        await pilot.press(*"undo", "enter")  # the picker's entry
        assert game.to_dict() == start
        await pilot.press("ctrl+z")
        drafter = app.session.steps[-1].seat  # type: ignore[union-attr]
        assert notes(app)[-1] == (
            "Cannot undo past the start of this turn." if drafter == game.current_player
            else f"Nothing of yours to undo: the last action was {game.name(drafter)}'s.")
        assert game.to_dict() == start

        await pilot.press("ctrl+y")
        assert game.to_dict() == placed
        assert notes(app)[-1].startswith("Done again: ")
        await pilot.press("f4", "ctrl+y")  # the log has the keys: Ctrl+Y still redoes
        assert game.to_dict() == assigned
        await pilot.press("f4", "ctrl+z")  # and Ctrl+Z undoes (after an action the picker has the keys)
        assert game.to_dict() == placed
        await pilot.press("ctrl+y")
        assert game.to_dict() == assigned and saved_actions(app) == count
        await pilot.press("ctrl+y")
        assert notes(app)[-1] == "Nothing to redo."


async def test_undo_refuses_the_shipyard_draw(catalogue: Catalogue) -> None:
    seed = seed_with(catalogue, reveals=True, tile="shipyard")
    app = make_app(seed=seed, players=NAMES, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        game = await to_first_turn(pilot, app)
        moves = placements(game, reveals=True, tile="shipyard")
        assert moves is not None
        await pick(pilot, app, moves[0])
        assert app.session is not None and app.session.can_undo()  # the placement alone revealed nothing
        await pick(pilot, app, moves[1])
        after = game.to_dict()
        secret = hidden(game)
        count = saved_actions(app)
        assert not any(w.startswith("Undo") for w in picker_words(app))

        await pilot.press("ctrl+z")
        assert notes(app)[-1] == "Cannot undo past the Shipyard draw."
        assert game.to_dict() == after and hidden(game) == secret and saved_actions(app) == count

        await pilot.press(*"undo")
        detail = str(app.screen.query_one("#picker-detail").render())
        assert "Not possible: undo — cannot undo past the Shipyard draw." in detail
        await pilot.press("escape")

        marked = game.s.reveal_marks[-1]
        assert "ship" in game.log_lines()[marked]
        assert f"* {game.log_lines()[marked]}" in app.screen.query_one(GameLog).source  # the log marks the draw


async def test_no_undo_over_the_hand_off_or_of_another_seat(catalogue: Catalogue) -> None:
    app = make_app(seed=3, players=NAMES, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        game = await to_first_turn(pilot, app)
        first = game.current_player
        await play_until(pilot, app, lambda g: g.current_player != first)
        assert isinstance(app.screen, HandOffScreen)
        state = game.to_dict()
        await pilot.press("ctrl+z", "ctrl+y")  # nothing happens behind the hand-off screen
        assert isinstance(app.screen, HandOffScreen) and game.to_dict() == state
        await pilot.press("enter")
        await pilot.press("ctrl+z")
        assert notes(app)[-1] == f"Nothing of yours to undo: the last action was {game.name(first)}'s."  # type: ignore[arg-type]
        assert game.to_dict() == state


async def test_no_undo_past_the_automas_moves() -> None:
    app = make_app(seed=7, players=["Ana"], automa=True, automa_delay=30, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, AutomaTurnScreen)
        await pilot.press("space")
        await pilot.press("enter")  # Ana drafts; the Automa drafts at once, played back
        assert isinstance(app.screen, AutomaTurnScreen)
        await pilot.press("ctrl+z")  # not over the playback
        assert isinstance(app.screen, AutomaTurnScreen)
        await pilot.press("space")
        assert app.game is not None
        state = app.game.to_dict()
        await pilot.press("ctrl+z")
        assert notes(app)[-1] == "Cannot undo past the Automa's draft."
        assert app.game.to_dict() == state
