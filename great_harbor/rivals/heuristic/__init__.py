"""A heuristic player for headless games: :func:`choose` picks an action for the pending seat.

It plays like a careful human: it scores every legal option in Prestige equivalents (PE) with
small hand-written estimates and takes the best. It reads only what that seat may know (the
public board, its own hand, how many of each Pirate card are still unseen); it never clones the
game or looks at the order of a deck, so it cannot cheat.

The estimates, in short: resources are worth what they bring toward the projects in reach (cards
in hand and colony structures, best value per resource first); a Ship is worth its Prestige plus
the voyages it can still make, a voyage is worth the odds of beating the Pirates still in the
deck; cards drawn blind are worth the average of the cards not yet seen. Ships sail once every
die is placed and every useful govern action is done; the turn ends when nothing is worth doing.

Its parts, bottom up: :mod:`.worth` (the estimates), :mod:`.voyages` (ships and voyages, and
the seat one decision reads), :mod:`.values` (resources, projects, cards), :mod:`.placing`
(the harbor; :class:`Mind` is the whole), :mod:`.govern` (the Action phase's govern actions),
:mod:`.decide` (:func:`choose`), :mod:`.ranking` (:func:`ranked`), :mod:`.reuse` (the player in a
playout, its work kept from step to step).
"""

from .decide import choose, playout_choice
from .placing import Mind
from .ranking import ranked
from .reuse import Playout
from .worth import BUILDING_USE, PERSON_USE

__all__ = ["BUILDING_USE", "PERSON_USE", "Mind", "Playout", "choose", "playout_choice", "ranked"]
