"""Actions a player may look for that are not legal now, so the picker can say why not.

When the filter matches no legal action, the picker looks among these for one it matches and
shows the engine's reason (``game.why_illegal``). This knows only the shape of actions (what a
player could ask for with the cards and ships they have), never whether they are allowed."""

from __future__ import annotations

from great_harbor.engine import Game
from great_harbor.engine.actions import (
    Action,
    BuildStructure,
    ConvertCoins,
    EndTurn,
    FavorSenate,
    PlayBuilding,
    PlayPerson,
    PlayShip,
    Repair,
    SendShip,
    UseConversion,
)
from great_harbor.engine.state import COLOURS, RESOURCES


def candidates(game: Game) -> list[Action]:
    top = game.pending
    if top is None or top.kind not in ("turn", "final_convert"):
        return []
    p = game.s.players[top.seat]
    out: list[Action] = [EndTurn()]
    out += [ConvertCoins(r) for r in RESOURCES]
    out += [UseConversion(c) for c in game.s.conversions]
    if top.kind == "final_convert":
        return out
    for card in dict.fromkeys(p.hand):
        if card.startswith("building-"):
            out.append(PlayBuilding(card))
        elif card.startswith("person-"):
            out += [PlayPerson(card, i) for i in range(1, len(p.person_slots) + 1)]
        elif card.startswith("ship-"):
            out += [PlayShip(card, d) for d in range(1, len(p.docks) + 1)]
    for site in game.cat.colony_board.sites:
        if site.id not in p.structures:
            out.append(BuildStructure(site.id, False, ()))
    for dock, sh in enumerate(p.docks, start=1):
        if sh is not None:
            out.append(SendShip(dock))
            if sh.damage:
                out += [Repair(dock, r) for r in RESOURCES]
    out += [FavorSenate(c) for c in COLOURS]
    return [a for a in out if not game.is_legal(a)]
