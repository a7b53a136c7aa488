"""The harbor map: nine tiles with their tier benefits, the 24 slots with their colour halves and
dice, Shore fees, and the Smuggler's District. Focused, it is where dice are placed by hand:
pick a drafted die, move over the legal slots with the arrow keys, Enter; then split the pips
with left/right and Enter."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from great_harbor.data.models import Benefit
from great_harbor.engine import Game
from great_harbor.engine.actions import Action, AssignPips, PlaceDie
from great_harbor.engine.describe import describe, split_words
from great_harbor.engine.harbor import DISTRICT, shore_fee
from great_harbor.engine.shops import positions
from great_harbor.value_class import value_class

from ..style import COLOUR_STYLES, DIM, PALETTE, die_text, player_style, symbol
from .picker import offer_order

TW = 21  # tile width
TH = 5  # tile height
VW = 4  # width of a vertical slot lane
WIDTH = 4 * VW + 3 * TW

LANE = "dim"
TARGET = "bold"
CURSOR = "reverse bold"


def short_benefit(b: Benefit) -> str:
    """A tier on a tile in at most 17 characters."""
    parts: list[str] = [f"{n} {str(r).capitalize()}" for r, n in b.resources.items()]
    if b.colonists and b.favor:
        parts.append(f"{b.colonists} Col + {b.favor} Favor")
    elif b.colonists:
        parts.append(f"{b.colonists} Colonist{'s' if b.colonists > 1 else ''}")
    elif b.favor:
        parts.append(f"{b.favor} Favor")
    if b.draws:
        if b.draws[0].deck == "ship":
            parts.append(f"{b.draws[0].size} ship")
        elif len(b.draws) == 1:
            parts.append(f"1 card ({b.draws[0].source})")
        else:
            parts.append("deck + display")
    return ", ".join(parts)


@value_class(frozen=True)
class SlotPos:
    kind: str  # "h" (between rows) or "v" (between columns) or "d" (district)
    row: int
    col: int

    def point(self) -> tuple[int, int]:
        """(x, y) in characters, for moving the highlight with arrow keys."""
        if self.kind == "h":
            return self.col * (TW + VW) + VW + TW // 2, self.row * (TH + 1)
        if self.kind == "v":
            return self.col * (TW + VW) + VW // 2, self.row * (TH + 1) + 1 + TH // 2
        return WIDTH // 2, 3 * (TH + 1) + 1


class HarborMap(Widget, can_focus=True):
    """Renders the map; when focused, places dice by keys and posts :class:`HarborMap.Chosen`."""

    BINDINGS = [
        Binding("up", "move(0,-1)", "Move / split", show=False),
        Binding("down", "move(0,1)", "Move / split", show=False),
        Binding("left", "move(-1,0)", "Move / split", show=False),
        Binding("right", "move(1,0)", "Move / split", show=False),
        Binding("enter", "confirm", "Place"),
        Binding("space", "next_die", "Next die"),
        Binding("1", "pick_die(0)", "Die 1", show=False),
        Binding("2", "pick_die(1)", "Die 2", show=False),
        Binding("3", "pick_die(2)", "Die 3", show=False),
        Binding("escape", "leave", "Back"),
    ]

    @dataclass
    class Chosen(Message):
        """The player placed a die or confirmed a pip split on the map."""

        action: Action

    @dataclass
    class Leave(Message):
        """The player wants the action picker back."""

    @dataclass
    class SplitShown(Message):
        """The map now offers this pip split: the action list highlights it too."""

        action: Action

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.game: Game | None = None
        self.active = False  # the viewer decides the pending decision
        self._pos: dict[str, SlotPos] = {}
        self.dice: list[int] = []  # drafted dice with a legal placement, in order
        self.die: int | None = None
        self.cursor: str | None = None
        # The way back from the last arrow move: (the arrow that reverses it, the slot it left).
        # The nearest slot in a direction is not always the one you came from (the Smuggler's
        # District is below three columns), so the opposite arrow retraces the step instead.
        self._back: tuple[tuple[int, int], str] | None = None
        self.splits: list[AssignPips] = []
        self.split = 0

    # --- data in --------------------------------------------------------------------------

    def show(self, game: Game, active: bool) -> None:
        """Show ``game``; ``active`` when the person at the keyboard is deciding."""
        if self.game is not game or not self._pos:
            self._pos = self._positions(game)
        self.game = game
        self.active = active
        self._back = None  # a new position: the last arrow move is history
        top = game.pending
        legal = game.legal_actions() if active else ()
        places = [a for a in legal if isinstance(a, PlaceDie)]
        self.dice = list(dict.fromkeys(a.die for a in places))
        if self.die not in self.dice:
            self.die = self.dice[0] if self.dice else None
        self._fix_cursor()
        # In the action list's order, so that up and down go the same way through the splits here
        # as there.
        self.splits = [a for a in offer_order(list(legal)) if isinstance(a, AssignPips)]
        if top is not None and top.kind == "assign" and self.splits:
            self.split = 0
            self.post_message(self.SplitShown(self.splits[0]))
        self.refresh()

    @staticmethod
    def _positions(game: Game) -> dict[str, SlotPos]:
        out: dict[str, SlotPos] = {DISTRICT: SlotPos("d", 3, 1)}
        for sd in game.cat.harbor.slots:
            r, c = sd.cell
            side = str(sd.side)
            if side == "top":
                out[sd.id] = SlotPos("h", r, c)
            elif side == "bottom":
                out[sd.id] = SlotPos("h", r + 1, c)
            elif side == "left":
                out[sd.id] = SlotPos("v", r, c)
            else:
                out[sd.id] = SlotPos("v", r, c + 1)
        return out

    def targets(self) -> list[str]:
        """Slots the selected die may go to (from the engine's legal actions)."""
        if self.game is None or self.die is None:
            return []
        return [a.slot for a in self.game.legal_actions() if isinstance(a, PlaceDie) and a.die == self.die]

    def _fix_cursor(self) -> None:
        targets = self.targets()
        if self.cursor not in targets:
            self.cursor = targets[0] if targets else None
            self._back = None

    @property
    def placing(self) -> bool:
        return self.active and self.die is not None

    @property
    def assigning(self) -> bool:
        top = self.game.pending if self.game else None
        return self.active and top is not None and top.kind == "assign" and bool(self.splits)

    # --- keys -----------------------------------------------------------------------------

    @classmethod
    def own_keys(cls) -> set[str]:
        """The keys the map answers (space, 1-3, the arrows, Enter, Esc): any other character
        typed while it has the focus starts the action filter (the game screen moves the focus)."""
        return {key for b in cls.BINDINGS if isinstance(b, Binding) for key in b.key.split(",")}

    def action_move(self, dx: int, dy: int) -> None:
        if self.assigning:
            # Any arrow steps through the splits: right and down to the next, as in the list.
            if self.splits:
                self.split = (self.split + (dx or dy)) % len(self.splits)
                self.post_message(self.SplitShown(self.splits[self.split]))
                self.refresh()
            return
        if not self.placing or self.cursor is None:
            return
        targets = self.targets()
        if self._back is not None and self._back[0] == (dx, dy) and self._back[1] in targets:
            self._back, self.cursor = ((-dx, -dy), self.cursor), self._back[1]
            self.refresh()
            return
        slot = self.step_from(self.cursor, dx, dy, targets)
        if slot is not None:
            self._back = ((-dx, -dy), self.cursor)
            self.cursor = slot
            self.refresh()

    def step_from(self, start: str, dx: int, dy: int, targets: list[str]) -> str | None:
        """The slot an arrow goes to from ``start``: left and right stay in the row when a slot
        there lies that way (the nearest); otherwise the slot nearest in the pressed direction,
        distances counted in slots (a column is four times as wide as a row is high), a step
        sideways three times a step ahead."""
        x0, y0 = self._pos[start].point()
        ahead: list[tuple[float, float, str]] = []
        for slot in targets:
            x, y = self._pos[slot].point()
            along = (x - x0) * dx + (y - y0) * dy
            if along > 0:
                across = abs(y - y0) if dx else abs(x - x0)
                ahead.append((along, across, slot))
        if dx:
            in_row = [(along, slot) for along, across, slot in ahead if across == 0]
            if in_row:
                return min(in_row)[1]
        unit_x, unit_y = (TW + VW) / 2, (TH + 1) / 2
        units = (unit_x, unit_y) if dx else (unit_y, unit_x)
        scored = [(along / units[0] + 3 * across / units[1], slot) for along, across, slot in ahead]
        return min(scored)[1] if scored else None

    def action_next_die(self) -> None:
        if self.dice and self.die is not None:
            self.die = self.dice[(self.dice.index(self.die) + 1) % len(self.dice)]
            self._back = None  # another die, other targets
            self._fix_cursor()
            self.refresh()

    def action_pick_die(self, index: int) -> None:
        if 0 <= index < len(self.dice):
            self.die = self.dice[index]
            self._back = None
            self._fix_cursor()
            self.refresh()
        elif self.dice:
            self.app.bell()

    def action_confirm(self) -> None:
        if self.assigning:
            self.post_message(self.Chosen(self.splits[self.split]))
        elif self.placing and self.cursor is not None and self.die is not None:
            self.post_message(self.Chosen(PlaceDie(self.die, self.cursor)))
        else:
            self.app.bell()

    def action_leave(self) -> None:
        self.post_message(self.Leave())

    # --- drawing --------------------------------------------------------------------------

    def hint(self) -> Text:
        """The line under the map: what Enter would do now."""
        game = self.game
        if game is None:
            return Text("")
        if self.assigning:
            top = game.pending
            assert top is not None
            choice = self.splits[self.split]
            # A long split is shortened, never the keys that go with it.
            words = Text(split_words(game, top.data, choice.pips), style="reverse")
            words.truncate(WIDTH - len("◀ ") - len(" ▶ Enter"), overflow="ellipsis")
            out = Text("◀ ", style="bold")
            out.append_text(words)
            out.append(" ▶ Enter", style="bold")
            return out
        if self.placing and self.cursor is not None and self.die is not None:
            text = describe(game, PlaceDie(self.die, self.cursor))
            if not self.has_focus:
                return Text("Tab: place dice on the map with the arrow keys", style=DIM)
            out = Text(text, style="bold")
            out.truncate(WIDTH - len("  [Enter]"), overflow="ellipsis")
            out.append("  [Enter]", style="bold")
            return out
        if game.s.shops_variant:
            return Text("Shops: an owner's symbol in a tile's corner, or on the rim between two tiles",
                        style=DIM)
        return Text("")

    def render(self) -> Text:
        game = self.game
        if game is None:
            return Text("")
        slot_at: dict[tuple[str, int, int], str] = {(p.kind, p.row, p.col): sid for sid, p in self._pos.items()}
        focus = self.has_focus
        targets = set(self.targets()) if self.placing and focus else set()
        cursor = self.cursor if self.placing and focus else None
        out = Text(no_wrap=True, overflow="crop")

        corners, tile_corners = self._shops(game)

        def corner(row: int, col: int) -> Text:
            seats = corners.get((row, col), [])
            box = Text(" ")
            for seat in seats[: VW - 1]:
                box.append(symbol(seat), style=player_style(seat))
            box.pad_right(VW - box.cell_len)
            return box

        def h_lane(row: int) -> None:
            for col in range(3):
                out.append_text(corner(row, col))
                out.append_text(self._h_slot(slot_at.get(("h", row, col)), targets, cursor))
            out.append_text(corner(row, 3))
            out.append("\n")

        for r in range(3):
            h_lane(r)
            tiles = [self._tile_lines(game, r, c, tile_corners) for c in range(3)]
            for i in range(TH):
                for c in range(3):
                    out.append_text(self._v_slot(slot_at.get(("v", r, c)), i, targets, cursor))
                    out.append_text(tiles[c][i])
                out.append_text(self._v_slot(slot_at.get(("v", r, 3)), i, targets, cursor))
                out.append("\n")
        h_lane(3)
        out.append_text(self._district(game, DISTRICT in targets, cursor == DISTRICT))
        out.append("\n")
        out.append_text(self.hint())
        return out

    def _die_at(self, slot: str | None) -> Text:
        game = self.game
        assert game is not None
        if slot is None or slot not in game.s.slots:
            return Text("··", style=DIM)
        d = game.s.slots[slot]
        return die_text(d, game.s.faces[d])

    def _halves(self, slot: str) -> Text:
        assert self.game is not None
        a, b = (str(c) for c in self.game.cat.slots[slot].colours)
        out = Text()
        out.append(a[0].upper(), style=COLOUR_STYLES[a])
        out.append("/")
        out.append(b[0].upper(), style=COLOUR_STYLES[b])
        return out

    def _h_slot(self, slot: str | None, targets: set[str], cursor: str | None) -> Text:
        if slot is None:
            return Text(" " * TW)
        core = Text()
        if slot == cursor:
            core.append("▶")
        core.append_text(self._halves(slot))
        core.append(" ")
        core.append_text(self._die_at(slot))
        if slot == cursor:
            core.append("◀")
        fill = "━" if slot in targets else "─"
        left = (TW - core.cell_len) // 2
        right = TW - core.cell_len - left
        out = Text(fill * (left - 1) + " ", style=LANE if slot not in targets else TARGET)
        core.stylize(CURSOR if slot == cursor else "")
        out.append_text(core)
        out.append(" " + fill * (right - 1), style=LANE if slot not in targets else TARGET)
        return out

    def _v_slot(self, slot: str | None, line: int, targets: set[str], cursor: str | None) -> Text:
        if slot is None:
            return Text(" " * VW)
        target = slot in targets
        mark = "┃" if target else "│"
        style = TARGET if target else LANE
        if line == 1:
            out = Text(" ")
            out.append_text(self._halves(slot))
        elif line == 2:
            out = Text(" ")
            out.append_text(self._die_at(slot))
            out.append(" ")
        elif line == 3 and slot == cursor:
            out = Text(" ▲▲ ")
        else:
            out = Text(f"  {mark} ", style=style)
        if slot == cursor and line in (1, 2):
            out.stylize(CURSOR)
        return out

    def _placement_fee(self, game: Game, tile_id: str) -> int | None:
        """While a die's pips are being assigned, the fee it pays on ``tile_id`` (set by the dice
        there before it, or none with a Smuggler token); None otherwise."""
        top = game.pending
        if top is None or top.kind != "assign" or tile_id not in top.data.tiles:
            return None
        return int(top.data.fees[top.data.tiles.index(tile_id)])

    def _tile_lines(self, game: Game, r: int, c: int, shops: dict[tuple[int, int, int, int], int]) -> list[Text]:
        """The tile's lines (name, tiers, fee) with the Shops bent round its corners: a Shop shows
        in its corner's column on the nearest line that has a blank there (the name's line for a
        top corner when the name leaves it blank, else the first tier's...): never over a word."""
        lines = [self._tile_line(game, r, c, i) for i in range(TH)]
        for (bottom, right), order in (((0, 0), range(TH)), ((0, 1), range(TH)),
                                       ((1, 0), range(TH - 1, -1, -1)), ((1, 1), range(TH - 1, -1, -1))):
            seat = shops.get((r, c, bottom, right))
            if seat is None:
                continue
            x = TW - 1 if right else 0
            i = next((i for i in order if lines[i].plain[x] == " "), order[0])
            mark = Text(symbol(seat), style=f"{player_style(seat)} {PALETTE.tile}")
            lines[i] = lines[i][:x] + mark + lines[i][x + 1:]
        return lines

    def _tile_line(self, game: Game, r: int, c: int, i: int) -> Text:
        cell = f"{r},{c}"
        tile_id = game.s.layout[cell]
        tile = game.cat.tiles[tile_id]
        shore = shore_fee(game, cell)
        own_fee = self._placement_fee(game, tile_id)
        fee = shore if own_fee is None else own_fee  # the fee this placement pays: never its own die's
        if i == 0:
            line = Text(tile.name[:TW].center(TW), style=f"bold {PALETTE.tile}")
        elif i <= 3:
            threshold = game.cat.harbor.tier_thresholds[i - 1] + fee
            text = f" {threshold:>2}+ {short_benefit(tile.benefits[i - 1])}"
            line = Text(text[:TW].ljust(TW), style=PALETTE.tile)
        elif own_fee is not None and (own_fee or shore):
            words = f" Fee for this die +{own_fee}" if own_fee else " No fee for this die"
            line = Text(words.ljust(TW), style=f"italic {PALETTE.tile}")
        elif fee:
            line = Text(f" Shore fee +{fee}".ljust(TW), style=f"italic {PALETTE.tile}")
        else:
            line = Text(" " * TW, style=PALETTE.tile)
        return line

    def _shops(self, game: Game) -> tuple[dict[tuple[int, int], list[int]], dict[tuple[int, int, int, int], int]]:
        """Shops (Harbor Shops variant): those on the rim by grid point, those round a tile's
        corner by (row, col, bottom?, right?)."""
        if not game.s.shops:
            return {}, {}
        where = positions(game)
        rim: dict[tuple[int, int], list[int]] = {}
        corners: dict[tuple[int, int, int, int], int] = {}
        for pid, seat in game.s.shops.items():
            pos = where[pid]
            if pos.cell is None:
                rim.setdefault(pos.point, []).append(seat)
            else:
                r, c = pos.cell
                corners[(r, c, pos.point[0] - r, pos.point[1] - c)] = seat
        return rim, corners

    def _district(self, game: Game, target: bool, cursor: bool) -> Text:
        s = game.s
        out = Text()
        label = Text(" Smuggler's District ", style="bold")
        if cursor:
            label = Text("▶Smuggler's District◀", style=CURSOR)
        elif target:
            label = Text("━Smuggler's District━", style=TARGET)
        out.append_text(label)
        out.append(" smuggler dice: ", style=DIM)
        if s.smuggler_dice:
            for d in s.smuggler_dice:
                out.append_text(die_text(d, s.faces[d]))
                out.append(" ")
        else:
            out.append("none ", style=DIM)
        out.append(" placed: ", style=DIM)
        if s.district:
            for d in s.district:
                out.append_text(die_text(d, s.faces[d]))
                out.append(" ")
        else:
            out.append("none", style=DIM)
        return out
