"""Speed of the game in a browser tab (``great-harbor serve``), next to the same in a terminal.

Prints, from one run:

* page load: from the start of loading the page to the first painted frame of the new-game
  screen in headless Chromium, next to the terminal's cold start to the first frame of the same
  screen on a 160x45 pseudo-terminal (bench/ui.py's measure);
* the median key-press-to-frame latency on the game screen (Ana and Ben, seed 7, the first turn
  of the Action phase, the keys of bench/ui.py: down, up, a filter letter, backspace): in the
  browser from the keydown event to the first paint after the last message of the frame it
  causes, in the terminal bench/ui.py's figure (the last byte of the frame on the pty).

The browser is Debian's Chromium (``apt-get install chromium``) driven through Playwright, on a
1600x1000 page (about 166x52 cells); the server is ``great-harbor serve`` on 127.0.0.1 with a
temporary saves folder. ``--game`` also plays a whole 2-seat game in the browser by keys, to the
final scores, and prints how long it took.

    python3 bench/web.py [--loads 5] [--keys 60] [--game]

Needs the browser extra (textual-serve and Playwright): pip install '.[browser]'.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests"), str(ROOT)]

import ui as terminal  # noqa: E402  # bench/ui.py: the terminal's measures
from served_page import Server, Tab, chromium, launch  # noqa: E402  # tests/served_page.py

NEW_GAME_CLI = """
from great_harbor.cli import main

main([])
"""
NEW_GAME_MARK = b"new game"

# Marks in the page's own clock (milliseconds since the navigation started): the first paint of
# the new-game screen, every keydown, every message from the game and the paint after each.
MARKS = """
(() => {
  const marks = window.__bench = {newGame: null, keys: [], messages: [], paints: []};
  const decoder = new TextDecoder();
  let tail = "";
  const Native = window.WebSocket;
  function Measured(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("message", (event) => {
      const now = performance.now();
      marks.messages.push(now);
      requestAnimationFrame(() => marks.paints.push(performance.now()));
      if (marks.newGame === null && typeof event.data !== "string") {
        const text = tail + decoder.decode(event.data);
        tail = text.slice(-16);
        if (text.includes("new game")) requestAnimationFrame(() => { marks.newGame = performance.now(); });
      }
    });
    return socket;
  }
  Measured.prototype = Native.prototype;
  Object.assign(Measured, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Measured;
  window.addEventListener("keydown", () => marks.keys.push(performance.now()), true);
})();
"""

KEYS = {"down": "ArrowDown", "up": "ArrowUp", "letter": "p", "backspace": "Backspace"}
assert set(KEYS) == set(terminal.KEYS), "the same keys as bench/ui.py"


def page_loads(context: Any, url: str, count: int) -> list[float]:
    """Seconds from the start of loading the page to the first paint of the new-game screen."""
    out = []
    for _ in range(count):
        tab = Tab(context, url)
        tab.page.wait_for_function("window.__bench && window.__bench.newGame !== null", timeout=60_000)
        out.append(tab.page.evaluate("window.__bench.newGame") / 1000)
        tab.page.goto("about:blank")  # the tab's game process ends
    return out


def to_first_turn(tab: Tab) -> None:
    """From the new-game screen (no saved games): Ana and Ben, seed 7, past the draft and hand-off."""
    tab.wait_for(r"new game")
    tab.settle()
    tab.press("Shift+Tab", "Shift+Tab")  # from the first name, back round to the seed field
    tab.type("7")
    tab.press("Enter")
    tab.wait_for(r"Roll and Draft")
    for _ in range(5):  # the draft (four picks) and the hand-off
        tab.press("Enter")
    tab.wait_for(r"Ana's turn: place")
    tab.settle(0.6)


def key_latency(tab: Tab, key: str, quiet: float = 0.05) -> float:
    """Seconds from the keydown to the first paint after the last message of the frame it causes
    (the frame is over when no message comes for ``quiet`` seconds)."""
    page = tab.page
    before = page.evaluate("window.__bench.messages.length")
    page.keyboard.press(key)
    deadline = time.perf_counter() + 5
    while page.evaluate("window.__bench.messages.length") == before:
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{key} caused no frame")
        page.wait_for_timeout(5)
    count = -1
    while True:  # until no message has come for ``quiet`` seconds
        page.wait_for_timeout(quiet * 1000)
        marks = page.evaluate("window.__bench")
        if len(marks["messages"]) == count:
            break
        count = len(marks["messages"])
    down = marks["keys"][-1]
    burst = [m for m in marks["messages"] if m >= down]
    last = burst[0]
    for m in burst[1:]:
        if m - last > quiet * 1000:
            break
        last = m
    paint = min((p for p in marks["paints"] if p >= last), default=last)
    return float(paint - down) / 1000


def browser_latencies(context: Any, url: str, count: int) -> list[float]:
    tab = Tab(context, url)
    to_first_turn(tab)
    names = list(KEYS)
    out = [key_latency(tab, KEYS[names[i % len(names)]]) for i in range(count)]
    tab.page.goto("about:blank")
    return out


def play_a_game(context: Any, url: str) -> tuple[float, int, str]:
    """A whole 2-seat game by keys in the browser: Enter on hand-offs; in the action picker
    "end your turn" when it is offered, else the first action. Returns the seconds, the keys
    pressed and the final scores' headline."""
    tab = Tab(context, url)
    tab.wait_for(r"new game")
    tab.settle()
    started = time.perf_counter()
    tab.press("Enter")  # the form's Ana and Ben (a saved game may be offered as Continue too)
    tab.wait_for(r"Roll and Draft")
    presses, unchanged, last = 1, 0, ""
    while True:
        text = tab.text()
        if "Final scores" in text:
            headline = re.search(r".* wins with .*", text)
            return time.perf_counter() - started, presses, headline.group(0).strip() if headline else "?"
        unchanged = unchanged + 1 if text == last else 0
        if unchanged > 8:
            raise RuntimeError(f"the game does not move on after {presses} keys:\n{text}")
        last = text
        if "Pass the keyboard to" in text:
            tab.press("Enter")
            presses += 1
            continue
        tab.type("end your")
        if re.search(r"^ End your turn", tab.text(), re.M):
            tab.press("Enter")
        else:
            tab.press("Escape", "Enter")  # clear the filter; the first action
        presses += 10
        if presses > 20_000:
            raise RuntimeError("the game did not end")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads and terminal cold starts (default 5)")
    parser.add_argument("--keys", type=int, default=60, help="key presses timed in each (default 60)")
    parser.add_argument("--game", action="store_true", help="also play a whole game in the browser")
    args = parser.parse_args()
    try:
        import textual_serve  # noqa: F401
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        print(f"bench/web.py needs the browser extra (pip install '.[browser]'): {exc}", file=sys.stderr)
        return 1
    if chromium() is None:
        print("bench/web.py needs Chromium: apt-get install chromium (or CHROMIUM=/path/to/chrome)", file=sys.stderr)
        return 1

    terminal.cold_start(NEW_GAME_CLI, NEW_GAME_MARK)  # warm the bytecode cache, as bench/ui.py does
    term_loads = [terminal.cold_start(NEW_GAME_CLI, NEW_GAME_MARK) for _ in range(args.loads)]
    by_key = terminal.key_latencies(args.keys)
    term_keys = [x for xs in by_key.values() for x in xs]

    work = Path(tempfile.mkdtemp(prefix="great-harbor-bench-web-"))
    results: dict[str, Any] = {}
    try:
        with sync_playwright() as playwright:
            context = launch(playwright, work / "profile")
            context.add_init_script(MARKS)
            try:
                for name, job in (("loads", lambda url: page_loads(context, url, args.loads + 1)[1:]),
                                  ("keys", lambda url: browser_latencies(context, url, args.keys)),
                                  ("game", lambda url: play_a_game(context, url) if args.game else None)):
                    saves = work / f"saves-{name}"
                    saves.mkdir()
                    server = Server(saves)
                    try:
                        results[name] = job(server.url)
                    finally:
                        server.stop()
            finally:
                context.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
        for folder in (terminal.PYCACHE, terminal.SAVES, terminal.CACHE):
            shutil.rmtree(folder, ignore_errors=True)

    web_loads, web_keys = results["loads"], results["keys"]
    print(f"median of {args.loads} loads and {args.keys} key presses; browser: headless {Path(chromium() or '').name}"
          f" on a 1600x1000 page, terminal: {terminal.SIZE[0]}x{terminal.SIZE[1]} pty")
    print("                                          browser      terminal")
    load, term_load = statistics.median(web_loads), statistics.median(term_loads)
    key, term_key = statistics.median(web_keys), statistics.median(term_keys)
    print(f"first frame of the new-game screen  : {ms(load)}  {ms(term_load)}   (page load / process start)")
    print(f"key press to frame, game screen     : {ms(key)}  {ms(term_key)}"
          f"   (worst {max(web_keys) * 1000:.1f} / {max(term_keys) * 1000:.1f} ms)")
    if results.get("game") is not None:
        seconds, presses, headline = results["game"]
        print(f"a whole 2-seat game in the browser  : {seconds:7.1f} s, about {presses} key presses; {headline}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
