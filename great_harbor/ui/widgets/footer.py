"""A footer rebuilt only when the keys it shows change.

Textual's footer rebuilds itself (a widget per key, styled afresh) whenever the bindings in effect
change, which includes every move of the focus, even when the keys it shows stay the same. In the
rules lookup the focus moves with many keys (a letter over the text goes to the search field,
Enter opens the text), and that rebuild was the largest part of those keys' time to the next
frame.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

__all__ = ["SteadyFooter"]

ShownKeys = tuple[tuple[str, str, str, bool], ...]


class SteadyFooter(Footer):
    """A :class:`~textual.widgets.Footer` that skips rebuilding when its keys are unchanged."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: ShownKeys | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = shown_keys(screen)
        if shown == self._shown and self._bindings_ready:
            return
        self._shown = shown
        super().bindings_changed(screen)


def shown_keys(screen: Screen[object]) -> ShownKeys:
    """What a footer on ``screen`` shows, one item per action as Textual's footer draws it: the
    key as displayed, the label, the action and whether it is enabled. (``?`` and F1 are one item
    shown as ``?``, whichever of the two is in effect: a text field takes ``?`` for itself.)"""
    shown: dict[str, tuple[str, str, str, bool]] = {}
    for _, binding, enabled, _ in screen.active_bindings.values():
        if binding.show and binding.action not in shown:
            shown[binding.action] = (screen.app.get_key_display(binding), binding.description, binding.action, enabled)
    return tuple(shown.values())
