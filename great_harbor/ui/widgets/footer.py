"""A footer rebuilt only when the keys it shows change, its keys styled once.

Textual's footer rebuilds itself (a widget per key, styled afresh) whenever the bindings in effect
change, which includes every move of the focus, even when the keys it shows stay the same. In the
rules lookup the focus moves with many keys (a letter over the text goes to the search field,
Enter opens the text), and that rebuild was the largest part of those keys' time to the next
frame. As the table opens it was built three times just after the first frame (the screen
mounted, the first focus, the footer's own mount: all before the first key is taken), and each key
was styled three times over, since a new key starts compact and is told it is not once mounted (a
class added, then removed, each restyling it): some 25 ms of processor time (``bench/ui.py``'s first key).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["SteadyFooter"]

ShownKeys = tuple[tuple[str, str, str, bool], ...]


class SteadyFooter(Footer):
    """A :class:`~textual.widgets.Footer` that skips rebuilding when its keys are unchanged."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: ShownKeys | None = None

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                # Compact or not as the footer is from the start, as the footer's data binding would
                # make it once mounted (without the watcher: the class it sets is right already).
                # The command palette's key is not bound to the footer: it stays compact.
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

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
