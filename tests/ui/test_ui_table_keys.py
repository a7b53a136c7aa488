"""Keys at the table that a group leans on: the action list keeps every line of long actions,
Enter never ends a turn by accident, and the log gives the keys back and follows the game."""

from __future__ import annotations

from table_turn import at_turn, table

from great_harbor.engine.actions import AssignPips, PlaceDie
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.widgets.harbor_map import HarborMap
from great_harbor.ui.widgets.log import GameLog
from great_harbor.ui.widgets.picker import ActionPicker, matches


async def test_wrapped_actions_keep_their_last_line_after_filtering() -> None:
    """At 120x36 long actions wrap; a filter that shortens the list (no scrollbar) and is then
    cleared (scrollbar again) must not leave them measured for the wider text."""
    app = table()
    async with app.run_test(size=(120, 36)) as pilot:
        picker = await at_turn(pilot, app)
        options = picker.options
        full = options.virtual_size.height
        await pilot.press(*"architects")
        await pilot.pause()
        await pilot.press(*["backspace"] * len("architects"))
        await pilot.pause()
        assert len(picker.shown) == len(picker.items)
        assert options.virtual_size.height == full


async def test_ending_the_turn_is_never_the_highlighted_entry() -> None:
    """Ending a turn cannot be undone (the next roll follows): while anything else can be done,
    it is not the entry a second, habitual Enter would take."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        for _ in range(200):  # Enter on the highlighted entry, turn after turn, until a turn offers
            screen = app.screen  # ending it next to other actions
            if isinstance(screen, HandOffScreen):
                await pilot.press("enter")
                continue
            assert isinstance(screen, GameScreen)
            picker = screen.query_one(ActionPicker)
            kinds = [item.action.kind for item in picker.shown if item.action.kind not in ("undo", "redo")]
            if "end-turn" in kinds and len(kinds) > 1:
                break
            await pilot.press("enter")
        else:
            raise AssertionError("no turn offered ending it next to other actions")
        assert kinds[0] != "end-turn" and kinds[-1] == "end-turn"
        assert picker.options.highlighted == 0


async def test_tab_and_escape_bring_the_keys_back_from_the_log() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        log = app.screen.query_one(GameLog)
        for key in ("tab", "escape"):
            await pilot.press("f4")
            assert log.has_focus
            await pilot.press(key)
            assert picker.filter.has_focus, key


async def test_the_log_follows_the_game_again_once_left() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        log = app.screen.query_one(GameLog)
        await pilot.press("f4", *["up"] * 5)  # read back a few lines
        assert not log.is_vertical_scroll_end
        await pilot.press("tab", "enter")  # back to the actions, and act
        await pilot.pause()
        assert log.is_vertical_scroll_end


async def test_the_filter_finds_an_action_by_its_rulebook_name_too() -> None:
    """Actions are worded for players ("Launch ...", "Crew ..."); typing the rulebook's name of
    the action ("play ship", "employ crew") finds them as well, and only them."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        for _ in range(200):  # play on (Enter on the highlighted entry) until a turn offers an
            screen = app.screen  # action whose words do not name it
            if isinstance(screen, HandOffScreen):
                await pilot.press("enter")
                continue
            assert isinstance(screen, GameScreen)
            picker = screen.query_one(ActionPicker)
            unnamed = [it for it in picker.items if it.keywords and not matches(it.words, it.keywords)]
            if unnamed:
                break
            await pilot.press("enter")
        else:
            raise AssertionError("no turn offered an action its words do not name")
        kind = unnamed[0].action.kind
        await pilot.press(*kind.replace("-", " "))
        await pilot.pause()
        assert picker.shown == [it for it in picker.items if it.action.kind == kind]


async def test_the_opposite_arrow_on_the_map_retraces_the_step() -> None:
    """From any slot the die may go to, an arrow and then the opposite arrow come back to the
    same slot, also where the nearest slot the other way is another (the Smuggler's District
    lies below three columns of the harbor)."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        await pilot.press("tab")
        hmap = app.screen.query_one(HarborMap)
        assert hmap.has_focus and hmap.placing
        targets = hmap.targets()
        assert "district" in targets
        arrows = {(0, -1): "up", (0, 1): "down", (-1, 0): "left", (1, 0): "right"}
        moved = 0
        for start in targets:
            for (dx, dy), key in arrows.items():
                hmap.cursor, hmap._back = start, None
                await pilot.press(key)
                if hmap.cursor == start:
                    continue  # nothing that way
                moved += 1
                await pilot.press(arrows[(-dx, -dy)])
                assert hmap.cursor == start, (start, key)
        assert moved >= len(targets)
        await pilot.press("right")
        assert hmap._back is not None
        await pilot.press("space")  # another die has other targets: no step to retrace
        assert hmap._back is None


async def test_letters_typed_in_the_log_or_on_the_map_go_to_the_filter_never_to_a_command() -> None:
    """A player who opened the log (F4) or the map (Tab) and then types "dock hut" means the
    action filter: the letters go there (no letter is a hidden command, such as undo)."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        game = app.game
        assert game is not None
        before = game.to_dict()
        for opener in ("f4", "tab"):
            await pilot.press(opener)
            assert not picker.filter.has_focus
            await pilot.press(*"undo hut")
            assert picker.filter.has_focus and picker.filter.value == "undo hut"
            assert game.to_dict() == before
            await pilot.press("escape")  # clears the filter
        hmap = app.screen.query_one(HarborMap)
        await pilot.press("tab")
        die = hmap.die
        await pilot.press("space")  # the map keeps its own keys
        assert hmap.has_focus and hmap.die != die


async def test_on_the_map_every_arrow_steps_through_the_pip_splits_as_the_list_shows_them() -> None:
    """After placing a die on a shared slot, up/down (as well as left/right) step through the
    splits, in the order of the action list, whose highlight follows; Enter takes that split."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        await pilot.press("tab")
        hmap = app.screen.query_one(HarborMap)
        game = app.game
        assert game is not None and hmap.placing
        shared = [slot for slot in hmap.targets() if len(game.cat.slot_cells.get(slot, ())) == 2]
        assert shared
        hmap.cursor = shared[0]
        await pilot.press("enter")
        await pilot.pause()
        assert hmap.has_focus and hmap.assigning and len(hmap.splits) >= 3
        assert not any(hmap.splits[-1].pips)  # taking nothing comes last, as in the list
        listed = [item.action for item in picker.shown if item.action in hmap.splits]
        assert listed == hmap.splits
        for key, index in (("down", 1), ("down", 2), ("up", 1), ("right", 2), ("left", 1)):
            await pilot.press(key)
            await pilot.pause()
            assert hmap.split == index, key
            assert picker.shown[picker.options.highlighted or 0].action == hmap.splits[index]
        chosen = hmap.splits[1]
        played = []
        play = app.play
        app.play = lambda action: (played.append(action), play(action))  # type: ignore[method-assign]
        await pilot.press("enter")
        await pilot.pause()
        assert played == [chosen]
        assert game.pending is None or game.pending.kind != "assign"


async def test_home_and_end_go_to_the_first_and_last_action_also_in_a_filter() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        assert picker.filter.has_focus and len(picker.shown) > 2
        await pilot.press("end")
        assert picker.options.highlighted == len(picker.shown) - 1
        await pilot.press("home")
        assert picker.options.highlighted == 0
        await pilot.press(*"place", "end")
        assert len(picker.shown) > 1 and picker.options.highlighted == len(picker.shown) - 1
        assert picker.filter.value == "place"
        await pilot.press("home")
        assert picker.options.highlighted == 0


async def test_tab_to_the_map_takes_up_the_split_highlighted_in_the_list() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        picker = await at_turn(pilot, app)
        hmap = app.screen.query_one(HarborMap)
        game = app.game
        assert game is not None
        place = next(a for a in game.legal_actions()
                     if isinstance(a, PlaceDie) and len(game.cat.slot_cells.get(a.slot, ())) == 2)
        app.play(place)
        await pilot.pause()
        assert game.pending is not None and game.pending.kind == "assign"
        await pilot.press("down", "down")
        wanted = picker.shown[picker.options.highlighted or 0].action
        assert isinstance(wanted, AssignPips) and wanted != hmap.splits[hmap.split]
        await pilot.press("tab")
        assert hmap.has_focus and hmap.splits[hmap.split] == wanted
        played = []
        play = app.play
        app.play = lambda action: (played.append(action), play(action))  # type: ignore[method-assign]
        await pilot.press("enter")
        await pilot.pause()
        assert played == [wanted]
