"""The app in a browser tab (``great-harbor serve``): the keys a browser keeps for itself, and the
keys the app answers to as well when it is served.

A browser reloads the page on F5, goes back on Alt+←, prints on Ctrl+P and closes the tab on
Ctrl+W, whatever the page would rather do with them. Every binding of ours on such a key has an
``id`` in :data:`SERVED_KEYS`: when the app is served it answers to the keys listed there, the
first of which the footer shows, and still to the terminal's key (where the browser lets it
through, it works as well).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

# Keys Chrome, Edge or Firefox (on Linux, Windows or macOS) act on themselves: reload, print,
# find, open, save, the address bar, history, tabs and windows, back and forward, full screen,
# the developer tools, the menus.
BROWSER_KEYS: frozenset[str] = frozenset(
    {f"f{n}" for n in (1, 3, 5, 6, 7, 10, 11, 12)}
    | {f"ctrl+{c}" for c in "bdefghjklnopqrstuw"}
    | {"ctrl+tab", "ctrl+pageup", "ctrl+pagedown", "shift+f3", "shift+f5", "ctrl+f4", "ctrl+f5"}
    | {"alt+left", "alt+right", "alt+home", "alt+d", "alt+e", "alt+f"}
)

# Binding id -> the keys it answers to when served, the footer's first. None of the added keys is
# a browser's, and none is printable (the action picker's filter and the search field take those).
SERVED_KEYS: dict[str, str] = {
    "quit": "ctrl+backslash,ctrl+q",  # Ctrl+\: a terminal's own quit key
    "command-palette": "f9,ctrl+p",
    "context-help": "f8,f5",
    "next-board": "ctrl+right,f3",
    "export-log": "shift+f4,ctrl+e",  # F4 shows the log, Shift+F4 exports it
    "start-game": "f4,ctrl+s",  # and Enter, as in the terminal (its text fields take Enter first)
    "saved-games": "f2,ctrl+o",
    "player-stats": "shift+f2,ctrl+t",  # a browser opens a new tab on Ctrl+T
    "lookup-back": "ctrl+left,alt+left",  # also what a Mac sends for Option+← in a browser
    "lookup-forward": "ctrl+right,alt+right",
}

PALETTE_KEY = SERVED_KEYS["command-palette"].split(",")[0]


def is_served(app: App[Any]) -> bool:
    """Whether ``app`` plays in a browser tab (the app's own ``served``, which tests may set, else
    Textual's ``is_web``): for screens and widgets, which do not import the app."""
    return bool(getattr(app, "served", app.is_web))


def quit_key(app: App[Any]) -> str:
    """The quit key, as a screen's words name it: Ctrl+\\ in a browser (which keeps Ctrl+Q), else Ctrl+Q."""
    return "Ctrl+\\" if is_served(app) else "Ctrl+Q"
