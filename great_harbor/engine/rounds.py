"""The round: Turn A and Turn B, each Roll and Draft > Action > Voyage > End of Turn Steps, and
the End of Round Steps after Turn B. Five rounds, then final scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import card_hooks, draft, scoring, seats, supply, voyage
from . import rule_ids as R
from .actions import EndTurn, new_end_turn
from .errors import Refusal
from .rulebook import ActionRule, rule

if TYPE_CHECKING:
    from .state import Pending
    from .table import Table


def start_turn(game: Table) -> None:
    game.s.phase = "draft"
    draft.roll(game)


def step(game: Table) -> None:
    """One automatic step; called while no decision is pending."""
    s = game.s
    if s.phase == "draft":
        if s.draft_order:
            seat = s.draft_order[0]
            seats.controller(s.players[seat]).draft(game, seat)
            return
        draft.finish(game)
        s.phase = "actions"
        return
    if s.phase == "actions":
        s.active += 1
        if s.active < len(s.turn_order):
            seat = s.turn_order[s.active]
            game.log("turn", seat=seat)
            game.push("turn", seat)
            return
        s.phase = "voyage"
        voyage.start(game)
        return
    if s.phase == "voyage":
        if voyage.step(game):
            return
        if s.round == game.cat.supply.rounds and s.turn == "B":
            s.phase = "final_convert"
            s.active = -1
            game.log("final-convert")
        else:
            end_of_turn(game)
        return
    if s.phase == "final_convert":
        s.active += 1
        if s.active < len(s.turn_order):
            game.push("final_convert", s.turn_order[s.active])
            return
        end_of_turn(game)
        return
    raise AssertionError(f"no automatic step in phase {s.phase}")


@rule
class EndTurnRule(ActionRule[EndTurn]):
    """End of the Action phase turn (both dice placed first), or of the last coin conversions."""

    action = EndTurn
    entry = R.PLACING

    def legal(self, game: Table, top: Pending) -> list[EndTurn]:
        if top.kind == "turn" and game.s.players[top.seat].drafted:
            return []
        return [new_end_turn()]

    def candidates(self, game: Table, top: Pending) -> list[EndTurn]:
        return [EndTurn()]

    def check(self, game: Table, top: Pending, action: EndTurn) -> Refusal | None:
        left = game.s.players[top.seat].drafted
        if top.kind == "turn" and left:
            return Refusal(f"both dice must be placed first ({len(left)} still to place)", R.PLACING)
        return None

    def apply(self, game: Table, top: Pending, action: EndTurn) -> None:
        if top.kind == "final_convert":
            finish_final_convert(game, top.seat)
        else:
            end_player_turn(game, top.seat)

    def words(self, game: Table, top: Pending | None, action: EndTurn) -> str:
        if top is not None and top.kind == "final_convert":
            return "Finish: no more conversions"
        return "End your turn"


def end_player_turn(game: Table, seat: int) -> None:
    game.pop()
    p = game.s.players[seat]
    p.placed_this_turn = 0
    game.log("end-turn", seat)


def finish_final_convert(game: Table, seat: int) -> None:
    game.pop()
    game.log("done-converting", seat)


def end_of_turn(game: Table) -> None:
    """End of Turn Steps 1-5."""
    s = game.s
    voyage.sail_back(game)  # 1. ships sail back
    subsided = [card for card in s.pirates if card]
    for i, card in enumerate(s.pirates):  # 2. pirates subside
        if card:
            s.pirate_discard.append(card)
            s.pirates[i] = ""
    if subsided:
        game.log("pirates-subside", pirates=subsided)
    refresh_demands(game)  # 3. refresh luxury demands
    s.anchor = (s.anchor + 1) % s.seats  # 4. pass the Anchor
    for p in s.players:
        p.conversions_used = []
        p.voyage_strength_all = 0
        p.voyage_strength = {}
        p.voyage_cargo = {}
        p.voyage_any_luxury = False
        p.voyage_ignored_pirate = ""
    game.log("anchor", seat=s.anchor)
    # 5. advance the turn marker
    if s.turn == "A":
        s.turn = "B"
        start_turn(game)
        return
    end_of_round(game)
    if s.round == game.cat.supply.rounds:
        scoring.finish_game(game)
        return
    s.round += 1
    s.turn = "A"
    start_turn(game)


def refresh_demands(game: Table) -> None:
    """End of Turn step 3: every empty Luxury demand space gets a random unused demand tile."""
    s = game.s
    filled: list[list[int | str]] = []
    for i, (seg, slots) in enumerate(zip(game.cat.trade_board.segments, s.demands, strict=True)):
        while len(slots) < seg.demand_slots and s.demand_pool:
            game.reveal()
            tile = s.demand_pool.pop(game.rng.randrange(len(s.demand_pool)))
            slots.append(tile)
            filled.append([i, tile])
    if filled:
        game.log("demands-refilled", filled=filled)


def end_of_round(game: Table) -> None:
    """End of Round Steps 1-5 (and Governor's Villa)."""
    s = game.s
    for p in s.players:
        if not seats.controller(p).end_of_round(game, p):
            continue
        coins = p.free_colonists // 2  # 1. domestic growth
        if coins:
            p.coins += coins
            game.log("domestic-growth", seat=p.seat, coins=coins, free=p.free_colonists)
        n, home = supply.return_workers(game, p)  # 2. workers come home
        if n:
            game.log("workers-home", seat=p.seat, n=n, home=home)
        for b in card_hooks.buildings(game, p):  # the Governor's Villa
            b.end_of_round(game, p)
    if s.round < game.cat.supply.rounds:  # after the last round the game ends: nothing to turn up
        turn_up_for_the_next_round(game)
    _dice_back(game)


def turn_up_for_the_next_round(game: Table) -> None:
    """End of Round steps 3 and 4: the displays refreshed and a new Dice Bonus tile. Up to
    great-harbor 0.2.0 they were taken after the last round too (the record loader knows)."""
    s = game.s
    game.reveal()
    for kind, deck, display in (("person", s.person_deck, s.person_display),
                                ("building", s.building_deck, s.building_display)):
        under = ""
        if display:  # 3. refresh the displays
            under = display.pop(0)
            deck.append(under)
        revealed = []
        while len(display) < 3 and deck:
            revealed.append(deck.pop(0))
            display.append(revealed[-1])
        game.log("display-refresh", deck=kind, under=under, revealed=revealed)
    new_tile = len(s.dice_bonus_stack) > 1
    if new_tile:  # 4. a new Dice Bonus tile
        s.dice_bonus_discard.append(s.dice_bonus_stack.pop(0))
    game.log("dice-bonus-tile", tile=s.dice_bonus_stack[0], mapping=supply.current_bonus_mapping(game), new=new_tile)


def _dice_back(game: Table) -> None:
    """End of Round step 5: every die back in the bag."""
    s = game.s
    # Slots in id order: a saved game stores its dicts with sorted keys, and the bag's order
    # decides the next roll, so insertion order must not matter.
    back = [s.slots[sid] for sid in sorted(s.slots)] + s.district + s.smuggler_dice
    s.bag.extend(back)
    s.slots = {}
    s.district = []
    s.smuggler_dice = []
    s.die_bonus = {}
    s.die_wild = []
    s.die_no_fee = []
    game.log("end-of-round", round=s.round, dice=len(back))
