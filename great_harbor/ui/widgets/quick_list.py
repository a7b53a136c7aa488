"""An OptionList that draws a frame in one pass of style look-ups.

Textual's OptionList asks for its visual style once per line it draws, and each ask walks the
widget's pseudo-classes (hover, focus, disabled up the DOM): about half a millisecond a line, so a
list as tall as the lookup's left pane took some 20 ms to draw, mostly its empty lines. Within one
frame those styles cannot change, so here they are looked up once per frame and the empty lines
below the last option share one blank strip. What is drawn is exactly what OptionList draws.
"""

from __future__ import annotations

from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widgets import OptionList


class QuickOptionList(OptionList):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        # Styles and the blank line for the frame being drawn; None between frames.
        self._frame_styles: dict[tuple[tuple[str, ...], bool], VisualStyle] | None = None
        self._frame_blank: Strip | None = None
        self._frame_lines = 0  # how many lines the options take, in the frame being drawn

    def render_lines(self, crop: Region) -> list[Strip]:
        self._frame_styles, self._frame_blank = {}, None
        self._frame_lines = len(self._lines)
        try:
            return super().render_lines(crop)
        finally:
            self._frame_styles, self._frame_blank = None, None

    def get_visual_style(self, *component_classes: str, partial: bool = False) -> VisualStyle:
        memo = self._frame_styles
        if memo is None:
            return super().get_visual_style(*component_classes, partial=partial)
        key = (component_classes, partial)
        style = memo.get(key)
        if style is None:
            style = memo[key] = super().get_visual_style(*component_classes, partial=partial)
        return style

    def render_line(self, y: int) -> Strip:
        if self._frame_styles is not None and self.scroll_offset.y + y >= self._frame_lines:
            # Below the last option: the same blank line as OptionList draws, made once a frame.
            if self._frame_blank is None:
                self._frame_blank = super().render_line(y)
            return self._frame_blank
        return super().render_line(y)
