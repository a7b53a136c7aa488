"""The Trade board: three segments with their rewards, revealed pirates and their total, Luxury
demands, ships facing out and ships sailing back, and the Pirate deck."""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine import Game, voyage
from great_harbor.engine.names import plural
from great_harbor.engine.state import OUTBOUND, RETURNING

from ..style import DIM, player_style, player_text, symbol
from .panel import Panel

COL = 19
ROMAN = ("I", "II", "III")
# The board's title, with a key to how its ships are written (on the title line: it costs no row).
TITLE = "Trade board · key: 1:◆II→ = position 1, ◆'s dock II · ← = going home"


def _ship_token(seat: int, dock: int, arrow: str) -> Text:
    text = f"{symbol(seat)}{ROMAN[dock - 1]}"
    text = f"{text}{arrow}" if arrow == "→" else f"{arrow}{text}"
    return Text(text, style=player_style(seat))


def _fill(tokens: list[Text], width: int) -> list[Text]:
    """Tokens in lines of at most ``width`` cells, a space between them (at least one line)."""
    lines = [Text()]
    for token in tokens:
        if lines[-1].cell_len and lines[-1].cell_len + 1 + token.cell_len > width:
            lines.append(Text())
        if lines[-1].cell_len:
            lines[-1].append(" ")
        lines[-1].append_text(token)
    return lines


def trade_text(game: Game) -> Text:
    s = game.s
    cat = game.cat
    segs = cat.trade_board.segments
    lines: list[Text] = []

    def row(label: str, cells: list[Text], tail: Text | None = None) -> list[Text]:
        """A row of the board: a cell too long for its column goes on in it, on the next line
        (a pirate's name, a segment's demands are never cut)."""
        columns = [_fill(list(cell.split(" ")), COL - 1) for cell in cells]
        out: list[Text] = []
        for i in range(max(len(c) for c in columns)):
            line = Text(f"{label if not i else '':<10}", style="bold")
            for column in columns:
                cell = column[i].copy() if i < len(column) else Text()
                cell.pad_right(COL - cell.cell_len)
                line.append_text(cell)
            if tail is not None and not i:
                line.append_text(tail)
            out.append(line)
        return out

    lines += row("Segment", [Text(f"{i + 1}: {sg.coins}c/cargo {sg.prestige}P", style="bold")
                             for i, sg in enumerate(segs)])
    pirates = []
    for card in s.pirates:
        if card:
            pi = cat.pirates[card]
            pirates.append(Text(f"{pi.name} {pi.strength}"))
        else:
            pirates.append(Text("—", style=DIM))
    total = sum(cat.pirates[c].strength for c in s.pirates if c)
    lines += row("Pirates", pirates, Text(f"total {total}", style="bold"))
    for p in s.players:  # a Diplomat leaves one card out of its owner's total only
        if p.voyage_ignored_pirate:
            line = Text(f"{'':<10}")
            line.append_text(player_text(p.seat, p.name, p.automa))
            line.append(f": Diplomat leaves {cat.pirates[p.voyage_ignored_pirate].name} out, "
                        f"total {voyage.pirate_total(game, p)}", style="bold")
            lines.append(line)
    demands = [Text(", ".join(str(cat.luxury_demand_tiles[t].luxury) for t in d) or "—") for d in s.demands]
    lines += row("Demands", demands)
    out_ships: list[list[tuple[int, Text]]] = [[] for _ in segs]
    back: dict[int, list[Text]] = {}
    for p in s.players:
        for sh in p.docks:
            if sh is None:
                continue
            if sh.where == OUTBOUND:
                token = Text(f"{sh.position + 1}:", style=DIM)
                token.append_text(_ship_token(p.seat, sh.dock, "→"))
                out_ships[sh.segment].append((sh.position, token))
            elif sh.where == RETURNING:
                back.setdefault(sh.sail_back, []).append(_ship_token(p.seat, sh.dock, "←"))
    # A segment's ships in the order they resolve (by position), taking as many lines as they
    # need: none is ever cut off.
    columns = [_fill([token for _, token in sorted(ships, key=lambda e: e[0])], COL - 1) for ships in out_ships]
    for i in range(max(len(c) for c in columns)):
        lines += row("Outbound" if i == 0 else "", [c[i] if i < len(c) else Text() for c in columns])
    furthest = max(sg.sail_back_start for sg in segs)
    home = Text("Sail back ", style="bold")
    home.append("harbor ◂ ", style=DIM)
    for space in range(1, furthest + 1):
        home.append(f"{space}:", style=DIM)
        for tok in back.get(space, []):
            home.append_text(tok)
        home.append(" ")
    lines.append(home)
    deck = Text("Pirate deck ", style=DIM)
    deck.append(f"{plural(len(s.pirate_deck), 'card')} · ", style=DIM)
    # What is left to come is what counts: the discards by strength, strongest first (their names
    # are in the log), so the line fits the board however many there are.
    gone = sorted((cat.pirates[c].strength for c in s.pirate_discard), reverse=True)
    deck.append(f"{len(gone)} discarded, strength " + " ".join(map(str, gone)) if gone else "none discarded",
                style=DIM)
    lines.append(deck)
    return Text("\n").join(lines)


class TradeBoard(Panel):
    def show(self, game: Game) -> None:
        self.set_text(trade_text(game))
