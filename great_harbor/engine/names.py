"""Things on the table by the names players know them: dice as ``B4``, cards, tiles and slots by
name, costs and benefits in words. Shared by every rule's words (:mod:`.describe`, the rules'
``words``) and the log (:mod:`.narrate`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .board import DISTRICT, geometry
from .state import PlayerState, die_label

if TYPE_CHECKING:
    from great_harbor.data import Catalogue
    from great_harbor.data.models import Benefit

    from .table import Table

SMUGGLERS_DISTRICT = "the Smuggler's District"


# --- names --------------------------------------------------------------------------------------


def die(game: Table, d: int) -> str:
    """A die as players read it: colour letter and face, ``B4``."""
    return die_label(d, game.s.faces[d])


def die_place(game: Table, d: int) -> str:
    """Where a die is: "drafted", or on a slot ("on Forum / Shipyard")."""
    slot = next((sid for sid, x in game.s.slots.items() if x == d), None)
    return "drafted" if slot is None else f"on {slot_name(game, slot)}"


def card_name(game: Table, card: str) -> str:
    """A card by name; Persons and Buildings carry their number and colour (names repeat). The
    number is marked ``#`` so that nobody reads it as a cost."""
    cat = game.cat
    if card in cat.persons:
        c = cat.persons[card]
        return f"{c.name} (#{c.number}, {c.colour})"
    if card in cat.buildings:
        b = cat.buildings[card]
        return f"{b.name} (#{b.number}, {b.colour})"
    if card in cat.ships:
        sh = cat.ships[card]
        return f"{sh.name} ({sh.size}, {sh.colour})"
    if card in cat.pirates:
        pi = cat.pirates[card]
        return f"{pi.name} (strength {pi.strength})"
    if card in cat.conversion_cards:
        return cat.conversion_cards[card].name
    return card


def short_card_name(game: Table, card: str) -> str:
    cat = game.cat
    for table in (cat.persons, cat.buildings, cat.ships, cat.pirates, cat.conversion_cards):
        if card in table:
            return str(table[card].name)
    return card


def tile_name(game: Table, tile: str) -> str:
    return game.cat.tiles[tile].name


def slot_tiles(game: Table, slot: str) -> list[str]:
    """Tile ids a slot touches (one for a Shore slot, two for a shared slot)."""
    return [game.s.layout[cell] for cell in geometry(game).slot_cells[slot]]


def slot_name(game: Table, slot: str) -> str:
    """Where a slot is, by the tiles it touches: "Sailmaker's top shore", "Forum / Shipyard"."""
    if slot == DISTRICT:
        return SMUGGLERS_DISTRICT
    return slot_label([tile_name(game, t) for t in slot_tiles(game, slot)], str(game.cat.slots[slot].side))


def slot_label(tiles: Sequence[str], side: str) -> str:
    """A slot by the names of the tiles it touches and its side (see :func:`slot_name`)."""
    if len(tiles) == 1:
        return f"{tiles[0]}'s {side} shore"
    return f"{tiles[0]} / {tiles[1]}"


def slot_where(game: Table, slot: str) -> dict[str, Any]:
    """A slot as a log event keeps it: the tiles it touches and its side (see :func:`slot_label`)."""
    return {"slot": slot, "tiles": slot_tiles(game, slot), "side": str(game.cat.slots[slot].side)}


def slot_colours(game: Table, slot: str) -> str:
    """The two colour halves of a slot as letters: ``R/P``."""
    halves = game.cat.slots[slot].colours
    return "/".join(str(c)[0].upper() for c in halves)


# --- amounts --------------------------------------------------------------------------------------

# Resource and Luxury ids are plural words; one of them reads in the singular.
_SINGULAR = {"planks": "plank", "sails": "sail", "amphorae": "amphora", "dyes": "dye"}


def amount(n: int, thing: str) -> str:
    """A counted resource or Luxury: "1 Plank", "2 Planks", "3 Rope". Capitalised wherever it is
    counted, a cost as a gain, as the harbor's tiles and the rulebook write them (a cost read
    "1 rope" beside a gain's "+1 Rope")."""
    word = _SINGULAR.get(thing, thing) if n == 1 else thing
    return f"{n} {word.capitalize()}"


def shortfall(p: PlayerState, cost: Mapping[str, int]) -> str:
    """What ``p`` lacks of ``cost``, in words ("1 Plank (you have 0), 2 Metal (you have 1)"); "" when
    nothing is missing."""
    return ", ".join(f"{amount(n, r)} (you have {p.resources[r]})" for r, n in cost.items() if p.resources[r] < n)


def coins(n: int) -> str:
    return plural(n, "coin")


def cost_words(cost: Mapping[str, int]) -> str:
    parts = [amount(n, r) for r, n in cost.items() if n]
    return ", ".join(parts) if parts else "nothing"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def colonist_words(got: int, wanted: int, why: str = "room", before: bool = False) -> str:
    """Colonists gained, and those lost for want of room (or of colonists in the supply).
    ``before``: as a choice reads before it is made ("1 Colonist — no room, lost"); otherwise as
    the log tells it ("1 Colonist lost (no room)")."""
    if got >= wanted:
        return plural(got, "Colonist")
    reason = "no room" if why == "room" else "none left in the supply"
    if before:
        if got == 0:
            return f"{plural(wanted, 'Colonist')} — {reason}, lost"
        return f"{plural(wanted, 'Colonist')} — room for {got}, {wanted - got} lost"
    if got == 0:
        return f"{plural(wanted, 'Colonist')} lost ({reason})"
    return f"{plural(got, 'Colonist')} ({wanted - got} more lost: {reason})"


def merge_items(items: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Gain items with those of one kind summed ("1 Colonist" and "1 Colonist": "2 Colonists"),
    in the order each kind first appears."""
    out: list[dict[str, Any]] = []
    index: dict[tuple[Any, ...], dict[str, Any]] = {}
    for item in items:
        k = item["k"]
        key: tuple[Any, ...] = (k, item.get("r"), item.get("x"), item.get("deck"))
        if k in ("ship", "display"):  # a card each: never summed
            key = (k, len(out))
        found = index.get(key)
        if found is None:
            index[key] = found = dict(item)
            out.append(found)
            continue
        for name in ("n", "over", "got", "wanted"):
            if name in item:
                found[name] = found.get(name, 0) + item[name]
        if "why" in item:
            found.setdefault("why", item["why"])
    return out


def gain_words(cat: Catalogue, items: Iterable[Mapping[str, Any]], before: bool = False) -> list[str]:
    """What a gain gives, item by item, summed by kind: "2 Planks (+1 over the track → 1 Prestige)",
    "1 Colonist — no room, lost", "the small ship Celox". ``before``: worded for a choice not yet
    made (see :func:`colonist_words`). The items are those the gains return (:mod:`.supply`, the
    tile benefits) or a preview of them (``supply.Ledger``)."""
    merged = merge_items(items)
    over = [i for i in merged if i["k"] == "res" and i.get("over")]
    surplus = sum(i["n"] for i in merged if i["k"] == "surplus")
    joined = len(over) == 1 and surplus > 0  # the Prestige goes with the one resource over its track
    out: list[str] = []
    for item in merged:
        k = item["k"]
        if k == "res":
            out.append(resource_gain_words(item, surplus if joined else 0))
        elif k == "surplus":
            pass  # said last (below), or with the one resource over its track
        elif k == "colonists":
            out.append(colonist_words(item["got"], item["wanted"], item.get("why", "room"), before))
        elif k == "favor":
            out.append(f"{item['n']} Favor")
        elif k == "smuggler":
            out.append(plural(item["n"], "Smuggler token"))
        elif k == "coins":
            out.append(coins(item["n"]))
        elif k == "prestige":
            out.append(f"{item['n']} Prestige")
        elif k == "luxury":
            out.append(amount(item["n"], item["x"]))
        elif k == "ship":
            card = item.get("card")
            out.append(f"the {item['size']} ship {cat.ships[card].name}" if card else f"no {item['size']} ship left")
        elif k == "deck":
            deck = item["deck"].capitalize()
            out.append(f"{plural(item['n'], deck + ' card')} from the deck" if item["n"]
                       else f"no {deck} card left in the deck")
        elif k == "display":
            deck = item["deck"].capitalize()
            out.append(f"1 {deck} card from the display" if item["n"] else f"no {deck} card on display")
        else:
            raise ValueError(f"unknown gain {k!r}")
    if surplus and not joined:
        out.append(f"{surplus} Prestige for the surplus")
    return out


def resource_gain_words(item: Mapping[str, Any], surplus: int = 0) -> str:
    """A resource gained, with what went over its track: "2 Planks (+1 over the track → 1
    Prestige)". None of it on the track reads as what happened, not "0 Sails (+1 over ...)": "1
    Prestige, as the Sails track is full" (``surplus``: the Prestige it paid, 0 when said apart)."""
    text = amount(item["n"], item["r"])
    over = item.get("over", 0)
    if not over:
        return text
    if not item["n"]:
        word = str(item["r"]).capitalize()
        return f"{surplus} Prestige, as the {word} track is full" if surplus else f"no {word} (its track is full)"
    tail = f" → {surplus} Prestige" if surplus else ""
    return f"{text} (+{over} over the track{tail})"


def benefit_words(benefit: Benefit, ships_left: Mapping[str, str] | None = None) -> str:
    """One tier of a Harbor tile: "2 Metal", "1 Colonist, 1 Favor", "the small ship". Given the
    ship display (``ships_left``: size -> card, "" when none is left), a ship that is not there
    reads "no large ship left"."""
    parts = [f"{n} {str(r).capitalize()}" for r, n in benefit.resources.items()]
    if benefit.colonists:
        parts.append(plural(benefit.colonists, "Colonist"))
    if benefit.favor:
        parts.append(f"{benefit.favor} Favor")
    for draw in benefit.draws:
        if draw.deck == "ship" and draw.size is not None:
            gone = ships_left is not None and not ships_left.get(draw.size.value)
            parts.append(f"no {draw.size} ship left" if gone else f"the {draw.size} ship")
        else:
            parts.append(f"1 {draw.deck.capitalize()} from the {draw.source}")
    return ", ".join(parts) if parts else "nothing"


def tier_words(game: Table, tile: str, tier: int) -> str:
    if tier <= 0:
        return "nothing"
    return benefit_words(game.cat.tiles[tile].benefits[tier - 1], game.s.ship_display)


def ship_name(game: Table, p: PlayerState, dock: int | str) -> str:
    sh = p.docks[int(dock) - 1]
    if sh is None:
        return f"dock {dock}"
    return f"{game.cat.ships[sh.card].name} (dock {sh.dock})"


def site_name(game: Table, site_id: str) -> str:
    site = next(s for s in game.cat.colony_board.sites if s.id == site_id)
    return f"{'Dock Hut' if site.kind == 'dock_hut' else 'Insula'} {site.index}"


def units(units: Iterable[str]) -> str:
    """Resource units as counted words: ("planks", "planks", "rope") -> "2 Planks and 1 Rope"."""
    counts: dict[str, int] = {}
    for u in units:
        counts[u] = counts.get(u, 0) + 1
    return listing(amount(n, r) for r, n in counts.items())


def listing(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
