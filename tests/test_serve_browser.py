"""``great-harbor serve`` in a real browser (issue 20): headless Chromium, driven through Playwright,
opens the page on 127.0.0.1 and plays as a person at that browser would, by keys only: a 2-seat
game from the new-game screen, the draft, a die placed on the harbor map, the rules lookup and a
search, the log exported as a download. Every request the page makes goes to the game's server.

Skipped, saying why, where Playwright is not installed (the browser extra: ``pip install
'.[browser]'``, which CI installs) or no Chromium is (Debian: ``apt-get install chromium``; .ci/run
does it where it can)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from served_page import Server, Tab, chromium, hosts, launch

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright comes with the browser extra (not the "
                               "test extra, some 165 MB): pip install '.[browser]'")
pytest.importorskip("textual_serve", reason="textual-serve comes with the test extra: pip install '.[test]'")
if chromium() is None:
    pytest.skip("no Chromium to drive: install Debian's 'chromium' package (apt-get install chromium)",
                allow_module_level=True)

PLACED = r"[RBYP]/[RBYP] [RBYP][1-6] "  # a slot's label on the map once a die is on it ("R/P R3")


def records(saves: Path) -> list[str]:
    return sorted(p.name for p in saves.iterdir() if p.suffix == ".json" and not p.name.startswith("."))


def test_a_game_in_the_browser(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    server = Server(saves)
    try:
        with sync_api.sync_playwright() as playwright:
            context = launch(playwright, tmp_path / "profile", tmp_path / "downloads")
            try:
                tab = Tab(context, server.url)
                page = tab.page
                tab.wait_for(r"The Great Harbor — new game")
                tab.settle()
                assert page.title() == "The Great Harbor"
                # The keys go to the game without a click: the terminal has the focus.
                assert page.evaluate("document.activeElement.className") == "xterm-helper-textarea"
                assert records(saves) == [], "opening the page must not start (and save) a game"

                # A 2-seat game (the form's Ana and Ben) from the new-game screen, by Enter.
                tab.press("Enter")
                tab.wait_for(r"Roll and Draft")
                assert len(records(saves)) == 1
                for _ in range(4):  # the draft: each seat takes two dice
                    tab.press("Enter")
                tab.wait_for(r"Pass the keyboard to")
                tab.press("Enter")
                tab.wait_for(r"Action phase")
                before = tab.text()
                assert not re.search(PLACED, before)

                # A die on the harbor map: Tab to the map, Enter places it, Enter takes the split.
                tab.press("Tab")
                tab.wait_for(r"\[Enter\]")
                tab.press("Enter")
                tab.press("Enter")
                placed = tab.wait_for(PLACED)
                assert placed.group(0).split()[-1] in before  # a die of the pool
                assert tab.text() != before
                page.screenshot(path=str(tmp_path / "table.png"))

                # The rules lookup and a search.
                tab.press("?")
                tab.wait_for(r"Rules lookup")
                tab.type("corsair")
                tab.wait_for(r"Corsair")  # the card, found (the query is typed in lower case)
                page.screenshot(path=str(tmp_path / "lookup.png"))
                tab.press("Escape")
                tab.wait_for(r"Action phase")

                # The log as a download of the browser (its key when served, Shift+F4), not a file
                # written where the server runs.
                with page.expect_download(timeout=20_000) as download:
                    tab.press("Shift+F4")
                log = download.value
                assert re.fullmatch(r".+-log\.txt", log.suggested_filename)
                target = tmp_path / "downloads" / log.suggested_filename
                log.save_as(target)
                text = target.read_text()
                assert "Ana drafts" in text and "Ben drafts" in text
                assert all(not name.endswith("-log.txt") for name in records(saves) + [p.name for p in saves.iterdir()])
                tab.wait_for(r"is downloading to this browser as")

                # Loading the page again: a process of its own, at the new-game screen with
                # Continue; no new game and no new save.
                page.reload()
                tab.screen = type(tab.screen)()
                tab.wait_for(r"Continue")
                assert len(records(saves)) == 1
                page.screenshot(path=str(tmp_path / "reloaded.png"))
                requests = list(tab.requests)
            finally:
                context.close()
    finally:
        output = server.stop()
    origin = server.url.split("/")[2]
    assert set(hosts(requests)) == {origin}, f"requests to other hosts: {requests}"
    assert any("/static/fonts/" in url for url in requests)  # the font, from the server itself
    assert "Traceback" not in output, output
    assert (tmp_path / "table.png").stat().st_size > 10_000


def test_a_small_window_the_end_of_a_game_and_another_site(tmp_path: Path) -> None:
    """At 1024x768 the table fits (the page picks the font size); the page loads without a
    JavaScript error; a quit (Ctrl+\\) ends the game on a shade over the whole window with the
    keys on Start again, and Enter starts again; another site cannot show the page in a frame."""
    saves = tmp_path / "saves"
    saves.mkdir()
    server = Server(saves)
    try:
        with sync_api.sync_playwright() as playwright:
            context = launch(playwright, tmp_path / "profile")
            try:
                page = context.pages[0] if context.pages else context.new_page()
                page.set_viewport_size({"width": 1024, "height": 768})
                errors: list[str] = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
                tab = Tab(context, server.url)
                tab.wait_for(r"The Great Harbor — new game")
                width, height = map(int, re.findall(r"width=(\d+)&height=(\d+)", tab.requests[-1])[0])
                assert width >= 120 and height >= 36, (width, height)
                tab.press("Enter")
                tab.wait_for(r"Roll and Draft")
                assert "needs a terminal" not in tab.text()

                tab.press("Control+Backslash", settle=False)  # quit, in a browser
                page.wait_for_selector("#again", state="visible", timeout=20_000)
                assert page.evaluate("document.activeElement.id") == "again"
                tab.press("Tab", settle=False)
                assert page.evaluate("document.activeElement.id") == "again"
                shade = page.evaluate("""(() => {
                    const box = document.querySelector('.closed').getBoundingClientRect();
                    const colour = getComputedStyle(document.querySelector('.closed')).backgroundColor;
                    return [box.width, box.height, colour];
                })()""")
                assert shade[:2] == [1024, 768]
                assert float(re.findall(r"[\d.]+", shade[2])[3]) >= 0.9, shade  # rgba(…, alpha)
                tab.screen = type(tab.screen)()
                page.keyboard.press("Enter")
                tab.wait_for(r"Continue")  # a page of its own again, with the game just played
                assert errors == [], errors

                sockets = sum(url.startswith("ws://") for url in tab.requests)
                page.set_content(f'<iframe src="{server.url}" width="800" height="600"></iframe>')
                page.wait_for_timeout(1500)
                assert sum(url.startswith("ws://") for url in tab.requests) == sockets, "a game opened in a frame"
            finally:
                context.close()
    finally:
        output = server.stop()
    assert "Traceback" not in output, output
