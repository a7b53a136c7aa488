"""A small focusable choice that cycles through its values with left/right (or space)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget


class Cycle(Widget, can_focus=True):
    DEFAULT_CSS = """
    Cycle { width: 14; height: 1; }
    Cycle:focus { text-style: reverse bold; }
    """
    BINDINGS = [
        Binding("left", "step(-1)", "Change", show=False),
        Binding("right,space", "step(1)", "Change"),
    ]

    @dataclass
    class Changed(Message):
        cycle: Cycle
        value: str

    def __init__(self, values: Sequence[str], value: str, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.values = list(values)
        self.value = value

    def render(self) -> Text:
        return Text(f"◂ {self.value} ▸".center(14))

    def action_step(self, step: int) -> None:
        i = self.values.index(self.value)
        self.value = self.values[(i + step) % len(self.values)]
        self.refresh()
        self.post_message(self.Changed(self, self.value))
