"""The state digest autosave writes after every action (``great_harbor.record.state_digest``): the
value saves have always had (the whole rules state as the engine writes it, the log and the other
words left out), taken without converting the log (which grows all game: the digest then costs
the same at the end of a game as at the start; ``bench/save.py`` prints it for round 1 and round
5), and changed by any change of the rules state."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

import pytest
from gameplay import play

from great_harbor.data import Catalogue
from great_harbor.engine import Game
from great_harbor.engine.events import Event
from great_harbor.record import state_digest


def whole_state_digest(game: Game, catalogue: str | None = None) -> str:
    """The digest as it was taken before: the whole state converted, then the words dropped."""
    data = game.to_dict()
    if catalogue:
        data["catalogue"] = catalogue
    for key in ("log", "reveal_marks", "effects_resolved"):
        data.pop(key, None)
    return "sha256:" + hashlib.sha256(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()


@pytest.mark.parametrize("seats", [2, 4])
def test_the_digest_is_the_one_saves_have_always_had(catalogue: Catalogue, seats: int) -> None:
    checked = 0
    for upto in (0, 40, 150, None):
        game, _ = play(catalogue, 11, upto, seats)
        assert state_digest(game) == whole_state_digest(game)
        assert state_digest(game, "sha256:earlier") == whole_state_digest(game, "sha256:earlier")
        checked += 1
    assert game.is_over and checked == 4


def test_the_digest_never_converts_the_log(catalogue: Catalogue) -> None:
    """Something in the log that has no JSON form at all does not stop the digest: the log is
    never read for it."""
    game, _ = play(catalogue, 5, 60)
    before = state_digest(game)
    game.s.log.append(Event.new("test.unserialisable", 0, False, {"x": object()}, {}, -1))
    assert state_digest(game) == before
    with pytest.raises(TypeError):
        game.to_json()  # the whole state would need it


CHANGES: dict[str, Callable[[Game], None]] = {
    "a player's coins": lambda g: setattr(g.s.players[0], "coins", g.s.players[0].coins + 1),
    "a die's face": lambda g: g.s.faces.__setitem__(0, g.s.faces[0] % 6 + 1),
    "the random generator": lambda g: g.rng.random(),
    "the decision pending": lambda g: g.s.stack.pop(),
    "a card in hand": lambda g: g.s.players[1].hand.append("building-1"),
    "the round": lambda g: setattr(g.s, "round", g.s.round + 1),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_changed_state_changes_the_digest(catalogue: Catalogue, change: str) -> None:
    game, _ = play(catalogue, 3, 90)
    other = game.clone()
    assert state_digest(other) == state_digest(game)
    CHANGES[change](other)
    assert state_digest(other) != state_digest(game)


def test_the_words_do_not_change_the_digest(catalogue: Catalogue) -> None:
    """Rewording or dropping log lines must not break old saves: the log is left out."""
    game, _ = play(catalogue, 3, 90)
    other = game.clone()
    other.s.log.clear()
    other.s.reveal_marks.clear()
    assert state_digest(other) == state_digest(game)
