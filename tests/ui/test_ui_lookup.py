"""The rules lookup in the game: `?` / F1 open it over any screen without touching the game, Esc
returns to exactly where the player was; F5 opens the entry for what is highlighted; refusals name
the rule behind them and F5 opens it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from table_turn import at_turn, shots, table
from textual import events
from textual.pilot import Pilot
from textual.widgets import Tree

from great_harbor.engine.actions import ActivatePerson, EndTurn, PlaceDie
from great_harbor.engine.describe import slot_tiles
from great_harbor.engine.scenario import Scenario
from great_harbor.lookup.glossary import card_entry_id, tile_entry_id
from great_harbor.lookup.links import entry_for_action
from great_harbor.ui.app import GreatHarborApp, make_app
from great_harbor.ui.lookup_topics import index_for
from great_harbor.ui.screens.automa_turn import AutomaTurnScreen
from great_harbor.ui.screens.game import GameScreen
from great_harbor.ui.screens.game_over import GameOverScreen
from great_harbor.ui.screens.handoff import HandOffScreen
from great_harbor.ui.screens.lookup import LookupScreen, SearchInput
from great_harbor.ui.screens.new_game import NewGameScreen
from great_harbor.ui.textshot import screen_text
from great_harbor.ui.widgets.harbor_map import HarborMap
from great_harbor.ui.widgets.picker import ActionPicker
from great_harbor.ui.widgets.rules_entry import EntryText, LinkList, number_links

Snap = Callable[..., bool]


def lookup(app: GreatHarborApp) -> LookupScreen:
    screen = app.screen
    assert isinstance(screen, LookupScreen), f"the lookup is not open: {screen!r}"
    return screen


async def test_search_corsair_and_come_back_to_the_same_table() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        game = app.game
        assert game is not None
        picker = app.screen.query_one(ActionPicker)
        await pilot.press(*"pla", "down")  # a filter and a highlight the player chose
        before = game.to_dict()
        focused, shown, highlighted = app.focused, list(picker.shown), picker.options.highlighted
        assert highlighted == 1

        await pilot.press("question_mark")
        screen = lookup(app)
        assert isinstance(app.focused, SearchInput)
        await pilot.press(*"corsair", "enter")
        assert screen.current == card_entry_id("person-21")  # the Corsair
        assert isinstance(app.focused, EntryText)
        text = screen_text(app)
        assert "Corsair (Person 21)" in text and "+2 Strength" in text

        await pilot.press("escape")
        assert app.screen is picker.screen
        assert app.focused is focused
        assert picker.filter.value == "pla" and picker.shown == shown
        assert picker.options.highlighted == highlighted
        assert game.to_dict() == before


async def test_f1_opens_it_too_and_question_mark_inside_starts_a_new_search() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        screen = lookup(app)
        await pilot.press(*"smugler")  # a typo
        assert screen.result_ids[0] == "smugglers-district"
        await pilot.press("tab", "question_mark")
        assert lookup(app) is screen and isinstance(app.focused, SearchInput)
        await pilot.press(*"person 21", "enter")
        assert screen.current == "person-21"
        await pilot.press(*"xqzzv")  # a letter over the text starts a new search
        assert isinstance(app.focused, SearchInput) and app.focused.value == "xqzzv"
        assert screen.result_ids[0] is None  # "nothing matches", then the nearest titles
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_links_are_followed_by_keys_with_back_and_forward() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark", *"corsair", "enter")
        screen = lookup(app)
        corsair = screen.current
        assert corsair is not None
        links = screen.query_one(LinkList).links
        assert links and links == screen.query_one(EntryText).links
        await pilot.press("2")  # the second numbered link in the text
        assert screen.current == links[1]
        await pilot.press("alt+left")
        assert screen.current == corsair
        await pilot.press("alt+right")
        assert screen.current == links[1]
        second = screen.query_one(LinkList).links
        assert second[-1] == "govern-actions"  # a section links up to its chapter
        await pilot.press("tab")  # to the list of links
        assert isinstance(app.focused, LinkList)
        await pilot.press("end", "enter")
        assert screen.current == "govern-actions"
        await pilot.press("backspace")  # back, outside the search field
        assert screen.current == links[1]


async def test_the_contents_tree_is_keyboard_navigable() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        screen = lookup(app)
        tree = screen.query_one("#lookup-contents", Tree)
        assert tree.display
        await pilot.press("down")  # from the empty search field into the contents
        assert app.focused is tree
        while tree.cursor_node is not None and tree.cursor_node.data != "shore-fees":
            await pilot.press("down")
        await pilot.press("enter")  # a chapter: opens it and unfolds its sections
        assert screen.current == "shore-fees"
        await pilot.press("down", "enter")
        assert screen.current == "shore-fees/shore-slots"
        assert isinstance(app.focused, EntryText)


async def test_context_help_on_a_harbor_tile() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        game = app.game
        assert game is not None
        hmap = app.screen.query_one(HarborMap)
        await pilot.press("tab", "right", "down")
        assert hmap.has_focus and hmap.cursor is not None
        cursor = hmap.cursor
        tiles = slot_tiles(game, cursor)
        await pilot.press("f5")
        screen = lookup(app)
        assert screen.current == tile_entry_id(tiles[0])
        assert game.cat.tiles[tiles[0]].name in screen_text(app)
        if len(tiles) > 1:  # a shared slot: the other tile is one link away
            assert tile_entry_id(tiles[1]) in screen.query_one(LinkList).links
        await pilot.press("escape")
        assert app.focused is hmap and hmap.cursor == cursor

        shore = next(s for s in hmap.targets() if s != "district" and len(slot_tiles(game, s)) == 1)
        hmap.cursor = shore
        await pilot.press("f5")
        assert lookup(app).current == tile_entry_id(slot_tiles(game, shore)[0])


async def test_context_help_on_the_highlighted_action() -> None:
    # Seed 3: at this turn the player holds a Person to activate (seed 7 no longer does, its game
    # changed with the order of the choices and the Surplus Prestige of converted coins).
    app = make_app(seed=3, players=["Ana", "Ben"], automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        picker = app.screen.query_one(ActionPicker)
        await pilot.press(*"activate")
        assert picker.shown and isinstance(picker.shown[0].action, ActivatePerson)
        card = picker.shown[0].action.card
        await pilot.press("f5")
        screen = lookup(app)
        assert screen.current == card_entry_id(card)  # the card the action is about...
        assert entry_for_action(ActivatePerson(card)) in screen.query_one(LinkList).links  # ...and its rule
        await pilot.press("escape")
        assert picker.filter.value == "activate"


async def test_the_why_not_line_names_the_rule_and_f5_opens_it() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        game = app.game
        assert game is not None
        await pilot.press(*"end")  # both dice are still to place
        rule = game.why_illegal(EndTurn()).rule
        title = index_for(game.cat).get(rule).title
        assert f"Rule (F5): {title}" in screen_text(app).replace("\n", " ").replace("  ", " ") or \
            title in str(app.screen.query_one("#picker-detail").render())
        await pilot.press("f5")
        assert lookup(app).current == rule


def detail_on_screen(app: GreatHarborApp) -> str:
    """The text under the action list as the screen shows it, lines joined."""
    box = app.screen.query_one("#picker-detail").content_region
    rows = screen_text(app).splitlines()[box.y : box.bottom]
    return " ".join(" ".join(row[box.x : box.right] for row in rows).split())


async def test_the_whole_why_not_line_shows_in_the_narrow_layout() -> None:
    """At 120x36 the picker is about 40 columns wide: the refusal and its rule take four lines,
    and the line under the list grows to show them all (then shrinks back)."""
    app = table()
    async with app.run_test(size=(120, 36)) as pilot:
        await at_turn(pilot, app)
        game = app.game
        assert game is not None
        await pilot.press(*"end")
        await pilot.pause()
        refusal = game.why_illegal(EndTurn())
        reason = refusal.reason
        detail = app.screen.query_one("#picker-detail")
        shown = detail_on_screen(app)
        assert f"Not possible: End your turn — {reason}" in shown
        title = index_for(game.cat).get(refusal.rule).title
        assert shown.endswith(f"Rule (F5): {title}")
        assert detail.size.height >= 4
        await pilot.press("escape")  # clears the filter: one short line again
        await pilot.pause()
        assert detail.size.height == 2


async def test_the_why_not_line_refits_when_the_terminal_narrows() -> None:
    app = table()
    async with app.run_test(size=(136, 36)) as pilot:
        await at_turn(pilot, app)
        await pilot.press(*"end")
        await pilot.pause()
        detail = app.screen.query_one("#picker-detail")
        wide = detail.size.height
        await pilot.resize_terminal(120, 36)  # the same layout, a narrower picker
        await pilot.pause()
        assert app.screen.query_one("#picker-detail") is detail, "the picker was rebuilt: test another size"
        assert detail.size.height > wide
        assert detail_on_screen(app).endswith("Rule (F5): Placing dice and taking actions")


async def test_a_refusal_names_its_rule_and_f5_opens_it() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        game = app.game
        assert game is not None
        before = game.to_dict()
        taken = next(slot for slot in game.s.slots)  # a slot that already holds a die
        die = game.s.players[game.pending.seat].drafted[0]  # type: ignore[union-attr]
        app.play(PlaceDie(die, taken))
        await pilot.pause()
        assert game.to_dict() == before
        refusal = game.why_illegal(PlaceDie(die, taken))
        reason, rule = refusal.reason, refusal.rule
        title = index_for(game.cat).get(rule).title
        notes = [str(n.message) for n in app._notifications]
        assert any(reason in note and f"Rule: {title}" in note for note in notes), notes
        await pilot.press("f5")
        assert lookup(app).current == rule
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen) and game.to_dict() == before


def two_hands():  # type: ignore[no-untyped-def]
    sc = Scenario(["Ana", "Ben"], seed=3)
    sc.hand(0, "person-9")  # Quaestor
    sc.hand(1, "building-1")  # Castrum
    return sc.turn(0, order=[0, 1])


async def test_over_the_hand_off_screen_nothing_hidden_shows() -> None:
    game = two_hands()
    app = make_app(game=game, automa_delay=0, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        handoff = app.screen
        await pilot.press("question_mark")
        screen = lookup(app)
        assert screen.things, "the public table is listed"
        assert not any(thing.group.startswith("Hand") for thing in screen.things)
        assert not {"person-9", "building-1"} & {thing.entry for thing in screen.things}
        tree = screen.query_one("#lookup-contents", Tree)
        tree.root.children[0].expand_all()  # unfold everything "On the table"
        await pilot.pause()
        text = screen_text(app)
        assert "Harbor tiles" in text and "Quaestor" not in text and "Castrum" not in text
        assert "Smuggler's District  smuggler dice" not in text  # the table itself stays covered
        await pilot.press("escape")
        assert app.screen is handoff

        await pilot.press("f5")  # what the game waits for, in public words
        assert lookup(app).current is not None
        assert "Quaestor" not in screen_text(app)
        await pilot.press("escape", "enter")  # Ana takes the keyboard: now her hand is listed
        assert isinstance(app.screen, GameScreen)
        await pilot.press("question_mark")
        assert "person-9" in {thing.entry for thing in lookup(app).things}
        assert "building-1" not in {thing.entry for thing in lookup(app).things}

        await pilot.press(*"quaestor", "enter")  # Ana reads up on the card in her hand ...
        assert lookup(app).current == card_entry_id("person-9")
        await pilot.press("escape", *"end", "enter")  # ... and ends her turn
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("question_mark")  # Ben's lookup does not open on what Ana read
        screen = lookup(app)
        assert screen.current != card_entry_id("person-9")
        assert screen.query_one(SearchInput).value == "" and "Quaestor" not in screen_text(app)


async def test_over_the_new_game_and_game_over_screens() -> None:
    app = make_app(seed=7, automa_delay=0, blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("backspace", "backspace", "backspace", *"Zoe")
        focused = app.focused
        await pilot.press("question_mark")  # not typed into the name field
        assert not lookup(app).things  # no game: only the rules
        await pilot.press("escape")
        assert isinstance(app.screen, NewGameScreen) and app.focused is focused
        assert getattr(focused, "value", None) == "Zoe"
        await pilot.press("tab", "tab", "tab", "tab", "tab", "tab", "tab", "tab", "tab")  # to the variant box
        if app.focused is not None and app.focused.id == "shops":
            await pilot.press("f5")
            assert lookup(app).current == "harbor-shops"
            await pilot.press("escape")

    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await shots.fast_forward(pilot, app, lambda g: g.is_over)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        over = app.screen
        await pilot.press("f5")
        assert lookup(app).current == "end-of-game"
        await pilot.press("escape")
        assert app.screen is over


async def test_the_automa_playback_waits_while_the_lookup_is_open() -> None:
    app = make_app(seed=7, players=["Ana"], automa=True, automa_delay=0.2, blink=False)
    async with app.run_test(size=(160, 45)) as pilot:
        for _ in range(50):  # the playback screen opens once the app has handled the game's start
            if isinstance(app.screen, AutomaTurnScreen):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, AutomaTurnScreen)
        playback = app.screen
        await pilot.press("question_mark")
        assert lookup(app)
        shown = playback.shown
        await pilot.pause(0.8)  # several lines' worth of time
        assert playback.shown == shown and lookup(app)
        await pilot.press("escape")
        assert app.screen in (playback, *app.screen_stack[:2])  # back to the playback, which goes on
        for _ in range(100):  # a busy machine plays back slower: wait up to ~10 s
            if isinstance(app.screen, GameScreen):
                break
            await pilot.pause(0.1)
        assert isinstance(app.screen, GameScreen)  # the playback went on and ended by itself


async def test_the_lookup_reopens_where_it_was_left() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark", *"tier", "enter", "escape")
        await pilot.press("question_mark")
        screen = lookup(app)
        assert screen.current == "dice-workers/benefit-tiers"
        assert screen.query_one(SearchInput).value == "tier"
        assert screen.result_ids and screen.query_one("#lookup-results").visible  # its results too
        await pilot.press(*"shore fee")  # the old query is selected: typing replaces it
        assert screen.query_one(SearchInput).value == "shore fee"
        await pilot.press("down", "down", "enter", "escape")
        opened = screen.current
        await pilot.press("question_mark")
        await pilot.pause(0.3)
        assert lookup(app).current == opened  # not the best match of the search

        await pilot.press("escape", "f5")  # a topic: its entry, with the contents beside it
        await pilot.pause(0.3)
        screen = lookup(app)
        assert screen.topic is not None and screen.current == screen.topic.entry
        assert screen.query_one(SearchInput).value == ""


def test_links_are_numbered_in_the_order_they_appear() -> None:
    body = "See [Tiers](a) and [Fees](b), again [tiers](a); [elsewhere](http://x)."
    text, order = number_links(body, lambda target: target in {"a", "b"})
    assert order == ["a", "b"]
    assert text == r"See **Tiers** \[1\] and **Fees** \[2\], again **tiers** \[1\]; elsewhere."


def test_lookup_screen(snap_compare: Snap) -> None:
    async def open_it(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("question_mark", *"corsair", "enter")
        await pilot.pause()

    assert snap_compare(table(), run_before=open_it, terminal_size=(160, 45))


async def test_f1_and_f5_work_over_a_colony_view() -> None:
    """A modal screen keeps the app's ordinary keys from working: the lookup's are priority keys."""
    from great_harbor.ui.screens.colony_view import ColonyViewScreen

    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        assert isinstance(app.screen, ColonyViewScreen)
        for key in ("f1", "f5"):
            await pilot.press(key)
            assert isinstance(app.screen, LookupScreen), key
            await pilot.press("escape")
            assert isinstance(app.screen, ColonyViewScreen), key


# --- typing fast: every key reaches the search ---------------------------------------------------


def at_once(app: GreatHarborApp, *keys: str) -> None:
    """Send keys as a fast typist or a terminal does: all of them before the app handles the first
    (``pilot.press`` waits for the app after each key)."""
    driver = app._driver
    assert driver is not None
    for key in keys:
        character = {"space": " ", "enter": "\r"}.get(key, key if len(key) == 1 else None)
        event = events.Key(key, character)
        event.set_sender(app)
        driver.send_message(event)


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause(0.3)
    await pilot.pause()


async def test_keys_sent_at_once_after_opening_an_entry_all_reach_the_search() -> None:
    """Reported: `automa board` sent at once after opening an entry left only `d` in the field."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        screen = lookup(app)
        search = screen.query_one(SearchInput)
        openings: list[tuple[str, tuple[str, ...]]] = [
            ("Enter in the search field", (*"tier", "enter")),
            ("a link followed with a digit", ("1",)),
            ("Enter in the list of links", ("tab", "enter")),
        ]
        for how, keys in openings:
            at_once(app, *keys, *"automa board")
            await settle(pilot)
            assert search.value == "automa board", how
            assert app.focused is search, how
            assert screen.result_ids[0] == "automa-board", how  # the glossary card of the board
            if how.startswith("Enter in the search"):
                assert "dice-workers/benefit-tiers" in screen.history  # the entry was opened first
            await pilot.press("enter")  # open it, so the next opening starts from the text
            assert isinstance(app.focused, EntryText)

        await pilot.press("escape", "question_mark", "backspace", "down", "down", "down")  # into the contents
        assert isinstance(app.focused, Tree)
        at_once(app, "enter", *"person 21")
        await settle(pilot)
        screen = lookup(app)
        assert screen.query_one(SearchInput).value == "person 21" and screen.result_ids[0] == "person-21"


async def test_keys_sent_at_once_with_the_question_mark_open_the_lookup_on_them() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        game = app.game
        assert game is not None
        before = game.to_dict()
        at_once(app, "question_mark", *"keep sailing")
        await settle(pilot)
        screen = lookup(app)
        assert screen.query_one(SearchInput).value == "keep sailing"
        assert screen.result_ids[0] == "voyage-phase/battles"
        picker = screen.app.screen_stack[-2].query_one(ActionPicker)
        assert picker.filter.value == ""  # nothing went to the table
        assert game.to_dict() == before


async def test_pasted_text_becomes_the_search() -> None:
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark", *"corsair", "enter")
        screen = lookup(app)
        assert isinstance(app.focused, EntryText)
        app.post_message(events.Paste("my ship lost to the pirates\nsecond line"))
        await settle(pilot)
        search = screen.query_one(SearchInput)
        assert search.value == "my ship lost to the pirates" and app.focused is search
        assert screen.result_ids[0] == "voyage-phase/battles"
        app.post_message(events.Paste(", what now"))  # into the field, where the cursor is
        await settle(pilot)
        assert search.value == "my ship lost to the pirates, what now"


async def test_the_results_cover_the_contents_which_follow_the_entry_once_uncovered() -> None:
    """The results lie over the contents: while they are shown the contents take no keys (Tab
    passes them by) and no mouse, and once the search is emptied the contents show, under the
    cursor, the entry opened from the results."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        await pilot.press("question_mark")
        screen = lookup(app)
        tree = screen.query_one("#lookup-contents", Tree)
        await pilot.press(*"shore fee")
        assert screen.query_one("#lookup-results").visible
        for _ in range(6):  # round the panes: never onto the covered contents
            await pilot.press("tab")
            assert screen.focused is not tree
        focus_search = screen.query_one(SearchInput)
        focus_search.focus()
        await pilot.pause()
        await pilot.press("enter")  # opens the first result
        opened = screen.current
        assert opened is not None
        focus_search.focus()
        await pilot.pause()
        await pilot.press(*["backspace"] * 9)
        await pilot.pause()
        assert not screen.query_one("#lookup-results").visible
        assert tree.cursor_node is not None and tree.cursor_node.data == opened


async def test_no_typed_letter_is_lost_when_question_mark_reopens_the_last_query() -> None:
    """Stress (issue 31): a whole question typed at once while `?` reopens the lookup on its last
    query replaces that query, letter for letter, again and again."""
    app = table()
    async with app.run_test(size=(160, 45)) as pilot:
        await at_turn(pilot, app)
        await pilot.press("question_mark", *"tier", "escape")
        questions = ["how do shore fees work", "keep sailing", "what does the corsair do", "smuggler dice"]
        for round_ in range(3):
            for question in questions:
                at_once(app, "question_mark", *["space" if c == " " else c for c in question])
                await settle(pilot)
                screen = lookup(app)
                assert screen.query_one(SearchInput).value == question, (round_, question)
                at_once(app, "escape")
                await settle(pilot)
                assert isinstance(app.screen, GameScreen)
