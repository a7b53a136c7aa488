"""A player's colony board in full: resources, coins, Favor, Smuggler tokens, colonists, docks and
ships, Person slots, structures, luxury production and tokens, Buildings and the hand.

The hand is drawn only when the caller says so: pass-and-play shows a hand to its owner alone."""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine import Game, scoring, supply
from great_harbor.engine import fleet as fleet_rules
from great_harbor.engine.describe import cost_words, short_card_name
from great_harbor.engine.names import coins
from great_harbor.engine.state import DOCKED, LUXURIES, OUTBOUND, RESOURCES, PlayerState

from ..style import COLOUR_STYLES, DIM, colour_letter, flow, player_text
from .automa_board import automa_board_lines
from .panel import Panel

LABEL = "bold"
ROMAN = ("I", "II", "III", "IV")


def card_text(game: Game, card: str, extra: str = "") -> Text:
    """A card as ``Quaestor 9 Y`` with its colour letter (colour is never the only cue)."""
    cat = game.cat
    out = Text()
    if card in cat.persons:
        c = cat.persons[card]
        out.append(f"{c.name} {c.number} ")
        out.append_text(colour_letter(str(c.colour)))
    elif card in cat.buildings:
        b = cat.buildings[card]
        out.append(f"{b.name} {b.number} ")
        out.append_text(colour_letter(str(b.colour)))
    elif card in cat.ships:
        sh = cat.ships[card]
        out.append(f"{sh.name} ({sh.size[0].upper()}) ")
        out.append_text(colour_letter(str(sh.colour)))
    else:
        out.append(short_card_name(game, card))
    if extra:
        out.append(extra, style=DIM)
    return out


def hand_card_text(game: Game, card: str, cost: bool = True) -> Text:
    """A card in hand; a Ship card with what launching it costs (a Person or a Building in hand
    is played by a die's placement, a ship is paid for: its cost decides when it can sail)."""
    if cost and card in game.cat.ships:
        return card_text(game, card, f" ({cost_words(supply.cost_of(game.cat.ships[card].cost))})")
    return card_text(game, card)


def ship_parts(game: Game, p: PlayerState, dock: int) -> list[Text]:
    """A dock in parts that :func:`~great_harbor.ui.style.flow` keeps whole: the dock and its ship,
    where it is, its damage, its stats, its crew."""
    sh = p.docks[dock - 1]
    head = Text(f"{ROMAN[dock - 1]:<3} ")
    if sh is None:
        head.append("empty dock", style=DIM)
        return [head]
    card = game.cat.ships[sh.card]
    head.append_text(card_text(game, sh.card))
    parts = [head]
    if sh.where == DOCKED:
        parts.append(Text("docked", style=DIM))
    elif sh.where == OUTBOUND:
        parts.append(Text(f"→ at sea, segment {sh.segment + 1}", style="bold"))
    else:
        parts.append(Text(f"← sailing home, {sh.sail_back} to go", style="bold"))
    if sh.damage:
        parts.append(Text(f"damage {sh.damage}", style="bold"))
    spd, st, cg = fleet_rules.speed(game, sh), fleet_rules.strength(game, p, sh), fleet_rules.cargo(game, p, sh)
    parts.append(Text(f"spd {spd} str {st} cargo {cg} hull {card.hull}"))
    if sh.crew:
        parts.append(Text(f"crew: {', '.join(sh.crew)}", style=DIM))
    return parts


def ship_lines(game: Game, p: PlayerState, dock: int, label: str, width: int) -> list[Text]:
    """A dock's line, continued under its ship's name when the panel is too narrow: nothing cut."""
    return flow(label, ship_parts(game, p, dock), width, sep="  ", indent=14)


def score_parts(game: Game, seat: int) -> list[Text]:
    """``62 Prestige if the game ended now = 25 Prestige tokens + 12 from cards + …``, in parts."""
    p = game.s.players[seat]
    sc = game.projected_scores()[seat]
    out = [Text(f"{sc['total']} Prestige if the game ended now =", style="bold")]
    for i, key in enumerate(scoring.items_of(p)):
        out.append(Text(f"{'+ ' if i else ''}{sc[key]} {scoring.ITEM_WORDS[key]}"))
    return out


def colony_lines(game: Game, seat: int, show_hand: bool, width: int = 77, breakdown: bool = False) -> list[Text]:
    """Every line of one colony board, the most used first, none wider than ``width`` (a line that
    would be continues on the next, indented: no value is ever cut); ``breakdown``: under the first
    line, the final score if the game ended now, item by item."""
    s = game.s
    cat = game.cat
    p = s.players[seat]
    gov = cat.governors[p.governor]
    a, b = (str(c) for c in gov.colours)
    lines: list[Text] = []
    who = player_text(seat, p.name, p.automa)
    who.append(f"  Governor {gov.name} (")
    who.append_text(colour_letter(a))
    who.append("+")
    who.append_text(colour_letter(b))
    who.append(")")
    score = flow("Score", score_parts(game, seat), width, sep=" ") if breakdown else []
    if p.automa:  # it owns no coins and no Favor
        head = [who, Text(f"{p.prestige} Prestige"), Text(f"{p.smuggler} Smuggler")]
        return [*flow("", head, width, label_width=0, indent=2), *score, *_automa_lines(game, p, width)]
    head = [who, Text(f"{p.prestige} Prestige"), Text(coins(p.coins)), Text(f"{p.favor} Favor"),
            Text(f"{p.smuggler} Smuggler")]
    if sum(t.cell_len for t in head) + 3 * (len(head) - 1) > width:  # "2 Smuggler" alone on a line
        head[-1] = Text(f"{p.smuggler} Smug.")  # as the players panel says it
    lines += flow("", head, width, label_width=0, indent=2)
    lines += score
    top = cat.colony_board.resource_max
    res = []
    for r in RESOURCES:
        n = p.resources[r]
        part = Text(f"{r.capitalize()} {n} ")  # capitalised as the engine's words count it
        part.append("▮" * n + "▯" * (top - n), style=DIM)
        res.append(part)
    lines += flow("Resources", res, width, sep="  ")
    cap = supply.housing_capacity(game, p)
    crew = sum(len(sh.crew) for sh in fleet_rules.ships(p))
    working = sum(p.building_workers.values()) + len(p.site_workers) + sum(p.luxury_workers)
    colonists = [Text(f"{p.free_colonists} free (housing for {cap})"), Text(f"{working} working"),
                 Text(f"{crew} crew"), Text(f"supply {s.colonist_supply}")]
    lines += flow("Colonists", colonists, width)
    if show_hand:
        hand = [hand_card_text(game, card, breakdown) for card in p.hand] or [Text("empty", style=DIM)]
        if not breakdown and any(card in cat.ships for card in p.hand):  # in full where there is room
            hand[-1] = hand[-1].copy().append("  (F2: costs)", style=DIM)
    else:
        hand = [Text(f"{len(p.hand)} card{'s' if len(p.hand) != 1 else ''} (hidden)", style=DIM)]
    lines += flow("Hand", hand, width)
    for dock in range(1, len(p.docks) + 1):
        lines += ship_lines(game, p, dock, "Docks" if dock == 1 else "", width)
    markers = cat.colony_board.activation_markers - len(p.activated)
    for i, slot in enumerate(p.person_slots, start=1):
        parts: list[Text] = []
        for k, card in enumerate(slot):
            part = Text(f"{i}: " if not k else "+ ")
            part.append_text(card_text(game, card, " [marker]" if card in p.activated else ""))
            parts.append(part)
        if not slot:
            parts.append(Text(f"{i}: ").append("empty", style=DIM))
        if f"insula-{i}" in p.structures and len(slot) < 2:
            parts.append(Text("(Insula: 2 of one colour)", style=DIM))
        if i == 1:
            parts.append(Text(f" markers left {markers}", style=DIM))
        lines += flow("Persons" if i == 1 else "", parts, width, sep="  ", indent=13)
    bld = [
        card_text(game, card, f" [{p.building_workers[card]} working]" if p.building_workers.get(card) else "")
        for card in p.buildings
    ] or [Text("none", style=DIM)]
    lines += flow("Buildings", bld, width)
    # The colours (Governor pairs, Shops left) before the structures and luxuries: where the
    # panel is short (four players at 160x45) its last lines are the ones to scroll to.
    colours = _colour_summary(game, p)
    if s.shops_variant:
        colours.append(Text(f"Shops left {p.shops_left}"))
    lines += flow("Colours", colours, width)
    if width >= 100:
        for kind, label in (("dock_hut", "Dock huts"), ("insula", "Insulae")):
            sites = []
            for site in cat.colony_board.sites:
                if site.kind != kind:
                    continue
                if site.id in p.structures:
                    part = Text(f"{site.index} built", style="bold")
                    if site.id in p.site_workers:
                        part.append(" (colonist)", style=DIM)
                else:
                    part = Text(f"{site.index}: {cost_words(supply.cost_of(site.cost))}", style=DIM)
                sites.append(part)
            lines += flow(label, sites, width, sep="   ")
    else:
        built = []
        for site in cat.colony_board.sites:
            if site.id in p.structures:
                part = Text(f"{'Dock hut' if site.kind == 'dock_hut' else 'Insula'} {site.index}", style="bold")
                if site.id in p.site_workers:
                    part.append(" (colonist)", style=DIM)
                built.append(part)
        if not built:
            built.append(Text("no Dock hut or Insula yet", style=DIM))
        built[-1] = built[-1].copy().append("  (F2: costs)", style=DIM)
        lines += flow("Built", built, width)
    lux = []
    for i, tile in enumerate(p.luxury_tiles):
        part = Text(f"{i + 1}:{cat.luxury_production_tiles[tile].luxury}")
        if p.luxury_workers[i]:
            part.append(" (worked)", style=DIM)
        lux.append(part)
    held = [f"{x.capitalize()} {p.luxuries[x]}" for x in LUXURIES if p.luxuries[x]]
    lux.append(Text("tokens: ", style=DIM).append(", ".join(held) if held else "none"))
    lines += flow("Luxuries", lux, width, sep="  ")
    return lines


def _colour_summary(game: Game, p: PlayerState) -> list[Text]:
    counts = scoring.colour_counts(game, p)
    gov = game.cat.governors[p.governor]
    a, b = (str(c) for c in gov.colours)
    out = []
    for colour, n in counts.items():
        part = Text(f"{colour} {n}", style=COLOUR_STYLES[colour])
        if colour in p.dice_bonus_colours:
            part.append("+bonus", style=DIM)
        out.append(part)
    out.append(Text(f"Governor pairs {min(counts[a], counts[b])}"))
    retired = len(p.retired_ships)
    if retired:
        out.append(Text(f"retired ships {retired}", style=DIM))
    return out


def _automa_lines(game: Game, p: PlayerState, width: int) -> list[Text]:
    """The Automa has no hand and no resources: its board, its colonists, its ships (and those it
    retired: they score at the end) and its cards."""
    lines: list[Text] = automa_board_lines(game, p)
    waiting = [Text(f"{p.automa_colonists} waiting for a ship"), Text(f"supply {game.s.colonist_supply}")]
    lines += flow("Colonists", waiting, width)
    for dock in range(1, len(p.docks) + 1):
        lines += ship_lines(game, p, dock, "Ships" if dock == 1 else "", width)
    retired = [card_text(game, c) for c in p.retired_ships] or [Text("none", style=DIM)]
    lines += flow("Retired", retired, width)
    cards = [c for slot in p.person_slots for c in slot] + list(p.buildings)
    lines += flow("Cards", [card_text(game, c) for c in cards] or [Text("none", style=DIM)], width)
    return lines


class ColonyBoard(Panel):
    """One colony in full (the seat being shown is chosen by the screen)."""

    def show(self, game: Game, seat: int, show_hand: bool, breakdown: bool = False) -> None:
        """``breakdown``: with the final score if the game ended now, item by item (F2)."""
        self._args = (game, seat, show_hand)
        self._breakdown = breakdown
        self._draw()

    def _draw(self) -> None:
        width = self.content_region.width or 77
        self.set_text(Text("\n").join(colony_lines(*self._args, width=width, breakdown=self._breakdown)))

    def on_resize(self) -> None:
        if getattr(self, "_args", None) is not None:
            self._draw()
