"""Each Set up Shop action says which slots the Shop would touch (issue 29, point 8): 44
positions read alike by their corner, and the slots are what a Shop is for."""

from __future__ import annotations

from great_harbor.engine.actions import SetUpShop
from great_harbor.engine.describe import describe
from great_harbor.engine.names import slot_name
from great_harbor.engine.scenario import Scenario
from great_harbor.engine.shops import positions


def test_every_shop_action_names_the_slots_it_touches() -> None:
    sc = Scenario(["Ana", "Ben"], shops_variant=True)
    sc.layout({"0,0": "sailmaker", "0,1": "forum"})
    sc.give(0, planks=2)
    game = sc.turn(0)
    offered = [a for a in game.legal_actions() if isinstance(a, SetUpShop)]
    assert offered
    for action in offered:
        words = describe(game, action)
        slots = [slot_name(game, sid) for sid in positions(game)[action.position].slots]
        assert words.split(": touches ", 1)[1] in (slots[0], f"{', '.join(slots[:-1])} and {slots[-1]}"), words
    corner = describe(game, SetUpShop("h00+v00", "planks"))
    assert corner == ("Set up a Shop at the top-left corner of the Sailmaker for 2 Planks: "
                      "touches Sailmaker's top shore and Sailmaker's left shore")
    assert len({describe(game, a) for a in offered}) == len(offered)
