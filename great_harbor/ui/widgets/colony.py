"""A player's colony board in full: resources, coins, Favor, Smuggler tokens, colonists, docks and
ships, Person slots, structures, luxury production and tokens, Buildings and the hand.

The hand is drawn only when the caller says so: pass-and-play shows a hand to its owner alone."""

from __future__ import annotations

from rich.text import Text

from great_harbor.engine import Game, scoring, supply
from great_harbor.engine import fleet as fleet_rules
from great_harbor.engine.describe import cost_words, short_card_name
from great_harbor.engine.state import DOCKED, LUXURIES, OUTBOUND, RESOURCES, PlayerState

from ..style import COLOUR_STYLES, DIM, colour_letter, flow, player_text
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


def _row(label: str, body: Text) -> Text:
    out = Text(f"{label:<10}", style=LABEL)
    out.append_text(body)
    return out


def ship_line(game: Game, p: PlayerState, dock: int) -> Text:
    sh = p.docks[dock - 1]
    out = Text(f"{ROMAN[dock - 1]:<3} ")
    if sh is None:
        out.append("empty dock", style=DIM)
        return out
    card = game.cat.ships[sh.card]
    out.append_text(card_text(game, sh.card))
    # Where the ship is and its damage first: in a narrow panel the end of the line is cut.
    if sh.where == DOCKED:
        out.append("  docked", style=DIM)
    elif sh.where == OUTBOUND:
        out.append(f"  → at sea, segment {sh.segment + 1}", style="bold")
    else:
        out.append(f"  ← sailing home, {sh.sail_back} to go", style="bold")
    if sh.damage:
        out.append(f"  damage {sh.damage}", style="bold")
    spd, st, cg = fleet_rules.speed(game, sh), fleet_rules.strength(game, p, sh), fleet_rules.cargo(game, p, sh)
    out.append(f"  spd {spd} str {st} cargo {cg} hull {card.hull}")
    if sh.crew:
        out.append(f"  crew: {', '.join(sh.crew)}", style=DIM)
    return out


def colony_lines(game: Game, seat: int, show_hand: bool, width: int = 77) -> list[Text]:
    """Every line of one colony board, the most used first, none wider than ``width``."""
    s = game.s
    cat = game.cat
    p = s.players[seat]
    gov = cat.governors[p.governor]
    a, b = (str(c) for c in gov.colours)
    lines: list[Text] = []
    head = player_text(seat, p.name, p.automa)
    head.append(f"  Governor {gov.name} (")
    head.append_text(colour_letter(a))
    head.append("+")
    head.append_text(colour_letter(b))
    head.append(f")  ·  {p.prestige} Prestige · {p.coins} coins · {p.favor} Favor · {p.smuggler} Smuggler")
    lines.append(head)
    if p.automa:
        return lines + _automa_lines(game, p, width)
    top = cat.colony_board.resource_max
    res = Text()
    for r in RESOURCES:
        n = p.resources[r]
        res.append(f"{r} {n} ")
        res.append("▮" * n + "▯" * (top - n) + "  ", style=DIM)
    lines.append(_row("Resources", res))
    cap = supply.housing_capacity(game, p)
    crew = sum(len(sh.crew) for sh in fleet_rules.ships(p))
    working = sum(p.building_workers.values()) + len(p.site_workers) + sum(p.luxury_workers)
    col = Text(f"{p.free_colonists} free (housing for {cap}) · {working} working · {crew} crew · "
               f"supply {s.colonist_supply}")
    lines.append(_row("Colonists", col))
    if show_hand:
        hand = [card_text(game, card) for card in p.hand] or [Text("empty", style=DIM)]
    else:
        hand = [Text(f"{len(p.hand)} card{'s' if len(p.hand) != 1 else ''} (hidden)", style=DIM)]
    lines += flow("Hand", hand, width)
    for dock in range(1, len(p.docks) + 1):
        lines.append(_row("Docks" if dock == 1 else "", ship_line(game, p, dock)))
    markers = cat.colony_board.activation_markers - len(p.activated)
    for i, slot in enumerate(p.person_slots, start=1):
        body = Text(f"{i}: ")
        if not slot:
            body.append("empty", style=DIM)
        for k, card in enumerate(slot):
            if k:
                body.append("  +  ")
            body.append_text(card_text(game, card, " [marker]" if card in p.activated else ""))
        if f"insula-{i}" in p.structures and len(slot) < 2:
            body.append("  (Insula: 2 of one colour)", style=DIM)
        if i == 1:
            body.append(f"   markers left {markers}", style=DIM)
        lines.append(_row("Persons" if i == 1 else "", body))
    bld = [
        card_text(game, card, f" [{p.building_workers[card]} working]" if p.building_workers.get(card) else "")
        for card in p.buildings
    ] or [Text("none", style=DIM)]
    lines += flow("Buildings", bld, width)
    if width >= 100:
        for kind, label in (("dock_hut", "Dock huts"), ("insula", "Insulae")):
            built = Text()
            for site in cat.colony_board.sites:
                if site.kind != kind:
                    continue
                if built:
                    built.append("   ")
                if site.id in p.structures:
                    built.append(f"{site.index} built", style="bold")
                    if site.id in p.site_workers:
                        built.append(" (colonist)", style=DIM)
                else:
                    built.append(f"{site.index}: {cost_words(supply.cost_of(site.cost))}", style=DIM)
            lines.append(_row(label, built))
    else:
        built = Text()
        for site in cat.colony_board.sites:
            if site.id in p.structures:
                if built:
                    built.append(" · ")
                built.append(f"{'Dock hut' if site.kind == 'dock_hut' else 'Insula'} {site.index}", style="bold")
                if site.id in p.site_workers:
                    built.append(" (colonist)", style=DIM)
        if not built:
            built.append("no Dock hut or Insula yet", style=DIM)
        built.append("  (F2: costs)", style=DIM)
        lines.append(_row("Built", built))
    lux = Text()
    for i, tile in enumerate(p.luxury_tiles):
        kind = str(cat.luxury_production_tiles[tile].luxury)
        lux.append(f"{i + 1}:{kind}")
        if p.luxury_workers[i]:
            lux.append(" (worked)", style=DIM)
        lux.append("  ")
    lux.append("tokens: ", style=DIM)
    held = [f"{x} {p.luxuries[x]}" for x in LUXURIES if p.luxuries[x]]
    lux.append(", ".join(held) if held else "none")
    lines.append(_row("Luxuries", lux))
    colours = _colour_summary(game, p)
    if s.shops_variant:
        colours.append(f" · Shops left {p.shops_left}")
    lines.append(_row("Colours", colours))
    return lines


def _colour_summary(game: Game, p: PlayerState) -> Text:
    counts = scoring.colour_counts(game, p)
    gov = game.cat.governors[p.governor]
    a, b = (str(c) for c in gov.colours)
    out = Text()
    for colour, n in counts.items():
        out.append(f"{colour} {n}", style=COLOUR_STYLES[colour])
        if colour in p.dice_bonus_colours:
            out.append("+bonus", style=DIM)
        out.append(" · ")
    out.append(f"Governor pairs {min(counts[a], counts[b])}")
    retired = len(p.retired_ships)
    if retired:
        out.append(f" · retired ships {retired}", style=DIM)
    return out


def _automa_lines(game: Game, p: PlayerState, width: int) -> list[Text]:
    lines: list[Text] = []
    track = Text()
    for colour, pos in p.automa_track.items():
        track.append(f"{colour} {pos}  ", style=COLOUR_STYLES[colour])
    lines.append(_row("Board", track))
    lines.append(_row("Colonists", Text(str(p.automa_colonists))))
    for dock in range(1, len(p.docks) + 1):
        lines.append(_row("Ships" if dock == 1 else "", ship_line(game, p, dock)))
    cards = [c for slot in p.person_slots for c in slot] + list(p.buildings)
    lines += flow("Cards", [card_text(game, c) for c in cards] or [Text("none", style=DIM)], width)
    return lines


class ColonyBoard(Panel):
    """One colony in full (the seat being shown is chosen by the screen)."""

    def show(self, game: Game, seat: int, show_hand: bool) -> None:
        self._args = (game, seat, show_hand)
        self._draw()

    def _draw(self) -> None:
        width = self.content_region.width or 77
        self.set_text(Text("\n").join(colony_lines(*self._args, width=width)))

    def on_resize(self) -> None:
        if getattr(self, "_args", None) is not None:
            self._draw()
