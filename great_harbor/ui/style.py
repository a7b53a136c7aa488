"""How the table is drawn: player symbols, die labels with their colours, small text helpers.

Colour is never the only signal: every die shows its colour letter and pips (``B4``) and every
player a symbol, so the game reads the same in monochrome.

The colours follow the app's theme (:func:`use_theme`): the four dice colours and the players'
colours come in a set for dark themes and a darker set for light ones (yellow on a light
background is a dark gold), the harbor tiles take the theme's panel colour with its foreground;
with ``NO_COLOR`` every colour is plain bold, so that nothing becomes a dark grey on black.
"""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine.state import die_colour, die_label
from great_harbor.value_class import value_class

PLAYER_SYMBOLS = ("◆", "●", "▲", "■")
DIM = "dim"

DARK_COLOURS = {"red": "bold #ff5f5f", "blue": "bold #5fafff", "yellow": "bold #ffd75f", "purple": "bold #d787ff"}
LIGHT_COLOURS = {"red": "bold #b3261e", "blue": "bold #1456b8", "yellow": "bold #8a6100", "purple": "bold #7b2cbf"}
DARK_PLAYERS = ("bold #5fd7ff", "bold #ff87d7", "bold #87d75f", "bold #ffaf5f")  # cyan, magenta, green, orange
LIGHT_PLAYERS = ("bold #00707f", "bold #a1237f", "bold #1b7a2a", "bold #b35200")  # the same, darker
DARK_TILE = "#e0e0e0 on #1b2530"

# The styles in use, changed in place by use_theme (modules import these objects, not copies).
COLOUR_STYLES = dict(DARK_COLOURS)
PLAYER_STYLES = list(DARK_PLAYERS)


@value_class
class Palette:
    """What use_theme sets besides the colours of dice and players."""

    tile: str = DARK_TILE  # a harbor tile: its text on its background
    dark: bool = True
    no_color: bool = False


PALETTE = Palette()


def use_theme(dark: bool, panel: str, foreground: str, no_color: bool = False) -> None:
    """Draw from now on for a theme: ``dark`` or light, its ``panel`` and ``foreground`` colours
    (``#rrggbb``); ``no_color`` when the terminal shows no colours (NO_COLOR)."""
    if no_color:
        COLOUR_STYLES.update(dict.fromkeys(DARK_COLOURS, "bold"))
        PLAYER_STYLES[:] = ["bold"] * len(DARK_PLAYERS)
        PALETTE.tile = "reverse"  # the tiles stand out without a colour
    else:
        COLOUR_STYLES.update(DARK_COLOURS if dark else LIGHT_COLOURS)
        PLAYER_STYLES[:] = DARK_PLAYERS if dark else LIGHT_PLAYERS
        PALETTE.tile = f"{readable_on(panel, foreground)} on {panel}"
    PALETTE.dark, PALETTE.no_color = dark, no_color


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return sum(w * (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
               for w, c in ((0.2126, r), (0.7152, g), (0.0722, b)))


def readable_on(background: str, foreground: str) -> str:
    """``foreground`` if text in it reads well on ``background`` (contrast 4.5, as the web's
    guidelines ask of text), else black or white, whichever reads better (``#rrggbb`` colours)."""
    back = _luminance(background)
    light, dark = sorted((back, _luminance(foreground)), reverse=True)
    if (light + 0.05) / (dark + 0.05) >= 4.5:
        return foreground
    return "#000000" if (back + 0.05) / 0.05 > 1.05 / (back + 0.05) else "#ffffff"


def player_style(seat: int) -> str:
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


def symbol(seat: int) -> str:
    return PLAYER_SYMBOLS[seat % len(PLAYER_SYMBOLS)]


def player_text(seat: int, name: str, automa: bool = False) -> Text:
    """A player as ``◆ Ana`` in their style (the symbol carries the identity, the colour helps)."""
    out = Text(f"{symbol(seat)} {name}", style=player_style(seat))
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
