"""Who sits in a seat: a person, who decides, or the Automa, which follows its cards.

The phases never ask what kind of seat they deal with; they call the seat's controller at the
moments where the two differ (drafting, the Action phase, the Voyage phase's fights, the end of
a round, final scoring). A person's controller leaves every decision to the person; the Automa's
(:mod:`great_harbor.engine.automa`) registers itself here and plays those moments by the
rulebook's Automa rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import PlayerState, ShipState
    from .table import Table


class SeatController:
    """A person's seat: every decision is theirs (pushed as a pending decision)."""

    kind = "person"
    decides = True  # asked for its decisions (a person); False: it plays by rules alone
    drafts_first = False  # picks before everyone else in each lap of the draft
    takes_action_turn = True  # has a turn in the Action phase
    orders_own_ships = True  # chooses which of its ships sharing a position resolves first

    def draft(self, game: Table, seat: int) -> None:
        """Its turn to draft a die."""
        game.push("draft", seat)

    def before_voyage(self, game: Table, p: PlayerState) -> None:
        """Just before the Voyage phase."""

    def fights_alone(self, game: Table, p: PlayerState, ship: ShipState, pirates: int) -> bool:
        """Resolve the fight of ``ship`` against ``pirates`` by its own rules (True), or leave it to
        the rules of the Voyage phase (False: the person then trades or sails on)."""
        return False

    def end_of_round(self, game: Table, p: PlayerState) -> bool:
        """Whether the End of Round steps for players (growth, workers, Buildings) apply to it."""
        return True

    def final_score(self, game: Table, p: PlayerState, mark: bool) -> dict[str, int] | None:
        """Its own final scoring, or None for the players' scoring."""
        return None


PERSON = SeatController()
_CONTROLLERS: dict[str, SeatController] = {"person": PERSON}


def register(controller: SeatController) -> SeatController:
    _CONTROLLERS[controller.kind] = controller
    return controller


def controller(p: PlayerState) -> SeatController:
    """The controller of ``p``'s seat."""
    return _CONTROLLERS["automa" if p.automa else "person"]
