"""A golden game: two seats, seed 63, every decision taken by the fixed rule in :func:`pick`,
from setup to the final breakdown. The expected figures were computed once, checked by hand
against the game log (summarised below) and frozen; a change in any rule shows up here.

What the log shows, and so the breakdown:

- Ana plays Schemer (22), Captain (13), Engineer (17) and Diplomat (19): Prestige 1 + 1 + 0 + 1;
  builds the Odeon (1) and launches the Gaulus (2): cards 6. She builds Insula 1 and 2 and all
  three Dock Huts: 5, plus the neighbouring pairs Dock Huts 1-2, 2-3 and Insulae 1-2: 8. The
  Odeon counts 5 structures: 2. The Schemer's two Smuggler tokens are never spent: 2. Her
  tokens: the Gaulus trades three times in the middle segment (3 Prestige and cargo 2 x 1 coin
  each); with two Senate coins that is 8 coins, spent on the Laurel Exchange twice (1 Prestige
  each) and on one last exchange of 2 coins for a resource: 9 + 2 = 11. Total 30.
- Ben plays Investor (11, 0), Trader (10, 1) and Admiral (5, 1): cards 2; builds all six
  structures: 6 + 4 neighbouring pairs; two surplus Prestige tokens. Total 15.
"""

from __future__ import annotations

from collections import Counter

from great_harbor.engine import Game
from great_harbor.engine.actions import Action, EndTurn, PlaceDie, SailOn, Trade
from great_harbor.engine.harbor import DISTRICT, geometry
from great_harbor.engine.invariants import check
from great_harbor.engine.scenario import default_catalogue

SEED = 63
# Govern actions first, in this order; then dice; the turn ends when nothing else is left.
PRIORITY = ("play-ship", "play-building", "play-person", "build", "activate", "employ-building", "employ-crew",
            "employ-luxury", "repair", "send", "favor-senate", "conversion")
# Dice go to the first tile of this list that a slot touches (the Smuggler's District last).
TILES = ("shipyard", "carpentry", "architects_office", "administration_office", "colonists_office", "sailmaker",
         "ropeyard", "blacksmith_avenue", "forum")


def pick(game: Game) -> Action:
    """The fixed rule: highest die in the draft; govern actions by PRIORITY, then dice by TILES,
    then end the turn (Favor pips, Smuggler tokens and coin exchanges are never used); every pip
    on the first tile that can use it; sail on from the first segment, trade further out;
    otherwise the first legal action (first option of a choice, the Corsair used, ...)."""
    top = game.pending
    assert top is not None
    acts = game.legal_actions()
    if top.kind == "draft":
        return max(acts, key=lambda a: (game.s.faces[a.die], -a.die))  # type: ignore[attr-defined]
    if top.kind == "assign":
        return max(acts, key=lambda a: (sum(a.pips) > 0, a.pips))  # type: ignore[attr-defined]
    if top.kind == "voyage_choice":
        want = Trade if top.data.segment >= 1 else SailOn
        return next((a for a in acts if isinstance(a, want)), next(a for a in acts if isinstance(a, Trade)))
    if top.kind == "turn":
        for kind in PRIORITY:
            for a in acts:
                if a.kind == kind:
                    return a
        places = [a for a in acts if isinstance(a, PlaceDie)]
        if places:
            cells = geometry(game).slot_cells

            def rank(a: PlaceDie) -> tuple[int, str]:
                if a.slot == DISTRICT:
                    return len(TILES), a.slot
                return min(TILES.index(game.s.layout[c]) for c in cells[a.slot]), a.slot

            return min(places, key=rank)
        return EndTurn()
    return acts[0]


def play(game: Game, check_every: bool = False) -> list[Action]:
    played: list[Action] = []
    while not game.is_over:
        action = pick(game)
        game.apply(action)
        played.append(action)
        if check_every:
            check(game)
        assert len(played) < 2000
    return played


def test_golden_two_seat_game() -> None:
    game = Game.new(default_catalogue(), ["Ana", "Ben"], seed=SEED)
    played = play(game, check_every=True)
    assert game.s.final_scores == [
        {"cards": 6, "governor": 1, "structures": 8, "buildings": 2, "smuggler": 2, "tokens": 11, "total": 30},
        {"cards": 2, "governor": 1, "structures": 10, "buildings": 0, "smuggler": 0, "tokens": 2, "total": 15},
    ]
    assert game.s.winners == [0]
    assert len(played) == 191
    assert Counter(a.kind for a in played) == {
        "draft": 40, "place": 40, "assign": 40, "end-turn": 22, "build": 11, "choose": 9, "play-person": 7,
        "activate": 4, "conversion": 2, "send": 5, "sail-on": 3, "trade": 3, "play-ship": 1,
        "play-building": 1, "employ-crew": 1, "favor-senate": 1, "convert": 1,
    }
    ana, ben = game.s.players
    assert (ana.coins, ben.coins) == (0, 0)
    assert ana.structures == ["insula-1", "dock-hut-1", "dock-hut-2", "insula-2", "dock-hut-3"]
    log = game.log_lines()
    assert log[-3:] == ["Ana: 30 Prestige.", "Ben: 15 Prestige.", "Ana wins the game!"]
    assert sum("trades in segment 2" in line for line in log) == 3
    assert sum("loses to the pirates" in line for line in log) == 2


def test_golden_game_survives_a_save_midway() -> None:
    game = Game.new(default_catalogue(), ["Ana", "Ben"], seed=SEED)
    for _ in range(97):
        game.apply(pick(game))
    copy = Game.from_dict(game.cat, game.to_dict())
    assert copy == game
    play(game)
    play(copy)
    assert copy.s.final_scores == game.s.final_scores and copy.s.log == game.s.log
