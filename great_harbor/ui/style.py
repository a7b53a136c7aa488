"""How the table is drawn: player symbols, die labels with their colours, small text helpers.

Colour is never the only signal: every die shows its colour letter and pips (``B4``) and every
player a symbol, so the game reads the same in monochrome.
"""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine.state import die_colour, die_label

PLAYER_SYMBOLS = ("◆", "●", "▲", "■")
PLAYER_STYLES = ("bold cyan", "bold magenta", "bold green", "bold dark_orange")
COLOUR_STYLES = {
    "red": "bold #ff5f5f",
    "blue": "bold #5fafff",
    "yellow": "bold #ffd75f",
    "purple": "bold #d787ff",
}
DIM = "dim"


def symbol(seat: int) -> str:
    return PLAYER_SYMBOLS[seat % len(PLAYER_SYMBOLS)]


def player_text(seat: int, name: str, automa: bool = False) -> Text:
    """A player as ``◆ Ana`` in their style (the symbol carries the identity, the colour helps)."""
    out = Text(f"{symbol(seat)} {name}", style=PLAYER_STYLES[seat % len(PLAYER_STYLES)])
    if automa and name != "Automa":
        out.append(" (Automa)", style=DIM)
    return out


def die_text(die: int, face: int, bonus: int = 0) -> Text:
    """``B4`` in blue; temporary pips as ``B4+2``."""
    style = COLOUR_STYLES[die_colour(die)]
    out = Text(die_label(die, face), style=style)
    if bonus:
        out.append(f"+{bonus}", style=style)
    return out


def colour_letter(colour: str) -> Text:
    return Text(colour[0].upper(), style=COLOUR_STYLES[colour])


def colour_word(colour: str) -> Text:
    return Text(colour, style=COLOUR_STYLES[colour])


def join(parts: list[Text], sep: str = " ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part)
    return out


def bar(value: int, top: int, width: int) -> str:
    """A horizontal bar of ``width`` cells for ``value`` out of ``top``."""
    if top <= 0:
        return ""
    full = round(width * value / top)
    return "█" * full


def flow(label: str, items: list[Text], width: int, label_width: int = 10, sep: str = " · ",
         indent: int | None = None) -> list[Text]:
    """``label`` then the items separated by ``sep``, continuing on lines indented by ``indent``
    (default: the label's width) so that no line is wider than ``width``: an item is never cut (one
    wider than a whole line is the only thing on its line)."""
    lines: list[Text] = []
    line = Text(f"{label:<{label_width}}", style="bold")
    more = label_width if indent is None else indent
    has_item = False
    for item in items:
        extra = (len(sep) if has_item else 0) + item.cell_len
        if has_item and line.cell_len + extra > width:
            lines.append(line)
            line = Text(" " * more)
            has_item = False
        if has_item:
            line.append(sep)
        line.append_text(item)
        has_item = True
    lines.append(line)
    return lines
