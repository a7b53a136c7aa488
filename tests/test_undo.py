"""Fair undo: back within your own turn, never past a reveal or another seat; redo until a new action."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from gameplay import NAMES, agent_action, hidden, play
from hypothesis import given, settings
from hypothesis import strategies as st

from great_harbor.data import Catalogue
from great_harbor.engine import Action, Game, Seat
from great_harbor.engine.actions import AssignPips, PlaceDie
from great_harbor.engine.harbor import geometry
from great_harbor.record import load
from great_harbor.session import CannotUndo, Session


def session_at(cat: Catalogue, seed: int, actions: int, seats: int = 3, **kw: object) -> Session:
    session = Session.new(cat, NAMES[:seats], seed=seed, autosave=False, **kw)  # type: ignore[arg-type]
    for _ in range(actions):
        if session.game.is_over:
            break
        session.apply(agent_action(session.game, seed, len(session.actions)))
    return session


def exercise(cat: Catalogue, seed: int, seats: int, chooser: random.Random, automa: bool = False,
             shops: bool = False) -> dict[str, int]:
    """Play a seeded game, undoing (and sometimes redoing) whenever allowed; check every undo."""
    names: list[Seat | str] = list(NAMES[:seats])
    if automa:
        names[-1] = Seat("Automa", automa=True)
    session = Session.new(cat, names, seed=seed, shops_variant=shops, autosave=False)
    game = session.game
    states = [game.to_dict()]  # states[i]: the state after the first i actions of the record
    counts = {"undo": 0, "redo": 0, "refused": 0}
    while not game.is_over:
        verdict = session.can_undo()
        if verdict and chooser.random() < 0.35:
            after = states[-1]
            n = len(session.actions)
            undone = session.undo()
            counts["undo"] += 1
            before = states[n - 1]
            assert session.game is game  # the same object, restored in place
            assert game.to_dict() == before
            # The undone action revealed nothing: the RNG and every hidden zone were the same
            # before it as after it, and are the same now.
            now = hidden(game)
            assert {k: after[k] for k in now} == {k: before[k] for k in now} == now
            states.pop()
            if chooser.random() < 0.5:
                assert session.redo() == undone
                counts["redo"] += 1
                assert game.to_dict() == after
                states.append(after)
            continue
        if not verdict:
            counts["refused"] += 1
            assert verdict.reason and "\n" not in verdict.reason
            with pytest.raises(CannotUndo, match=verdict.reason):
                session.undo()
        last = session.steps[-1] if session.steps else None
        if last is not None and last.revealed:
            assert not verdict  # never across a reveal
        session.apply(chooser.choice(game.legal_actions()))
        states.append(game.to_dict())
    # The record of what remains replays to the same game.
    assert session.record.replay(cat).to_dict() == game.to_dict()
    return counts


@pytest.mark.parametrize(
    ("seed", "seats", "automa", "shops"),
    [(1, 2, False, False), (2, 3, False, False), (3, 4, False, True), (4, 2, True, False), (5, 3, True, True)],
)
def test_undo_never_crosses_a_reveal_and_redo_restores(catalogue: Catalogue, seed: int, seats: int,
                                                       automa: bool, shops: bool) -> None:
    counts = exercise(catalogue, seed, seats, random.Random(seed), automa, shops)
    assert counts["undo"] > 5 and counts["redo"] > 2 and counts["refused"] > 20


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 4), choice_seed=st.integers(0, 2**32),
       automa=st.booleans(), shops=st.booleans())
def test_undo_property_over_random_games(catalogue: Catalogue, seed: int, seats: int,
                                         choice_seed: int, automa: bool, shops: bool) -> None:
    exercise(catalogue, seed, seats, random.Random(choice_seed), automa, shops)


def test_undo_never_crosses_the_automa_in_the_voyage(catalogue: Catalogue) -> None:
    # Found by the property test: a "sail on" after which the Automa's ship in the same segment
    # traded (and discarded a Luxury demand) could be undone.
    exercise(catalogue, 153570, 4, random.Random(3737), automa=True, shops=True)


def test_step_marks_every_action_that_changed_the_reveal_count(catalogue: Catalogue) -> None:
    session = Session.new(catalogue, NAMES[:4], seed=3, autosave=False)
    while not session.game.is_over:
        before = session.game.s.reveals
        session.apply(agent_action(session.game, 3, len(session.actions)))
        assert bool(session.steps[-1].revealed) == (session.game.s.reveals != before)


# --- particular refusals --------------------------------------------------------------------------


def test_nothing_to_undo_at_the_start(catalogue: Catalogue) -> None:
    session = session_at(catalogue, 1, 0)
    assert session.can_undo().reason == "nothing to undo: no action has been taken yet"
    assert session.can_redo().reason == "nothing to redo"
    with pytest.raises(CannotUndo, match="nothing to redo"):
        session.redo()


def test_a_draft_pick_cannot_be_undone(catalogue: Catalogue) -> None:
    session = session_at(catalogue, 1, 1)
    assert session.game.pending is not None and session.game.pending.kind == "draft"
    assert session.can_undo().reason == "nothing of yours to undo: the last action was Ana's"


def test_undo_refuses_the_automa_draft(catalogue: Catalogue) -> None:
    session = Session.new(catalogue, ["Ana", Seat("Automa", automa=True)], seed=3, autosave=False)
    game = session.game
    assert game.pending is not None and game.pending.kind == "draft" and game.current_player == 0
    reveals = game.s.reveals
    session.apply(game.legal_actions()[0])
    assert game.current_player == 0 and game.s.reveals > reveals  # the Automa drafted in between
    assert session.can_undo().reason == "cannot undo past the Automa's draft"


def first_turn(session: Session) -> None:
    """Play the draft (seeded) up to the first player's turn."""
    game = session.game
    while game.pending is not None and game.pending.kind == "draft":
        session.apply(agent_action(game, 0, len(session.actions)))


def quiet_placement(game: Game) -> tuple[Action, Action] | None:
    """A placement plus assignment that reveals nothing, if there is one."""
    for place in game.legal_actions():
        if isinstance(place, PlaceDie):
            trial = game.clone()
            trial.apply(place)
            for assign in trial.legal_actions():
                probe = trial.clone()
                probe.apply(assign)
                if probe.s.reveals == game.s.reveals and probe.current_player == game.current_player:
                    return place, assign
    return None


def test_undo_inside_a_turn_then_not_past_its_start(catalogue: Catalogue) -> None:
    session = session_at(catalogue, 21, 0)
    first_turn(session)
    game = session.game
    start = game.to_dict()
    seat = game.current_player
    moves = quiet_placement(game)
    assert moves is not None
    for action in moves:
        session.apply(action)
    assert session.can_undo()
    assert session.undo() == moves[1]
    assert game.pending is not None and game.pending.kind == "assign"
    assert session.undo() == moves[0]
    assert game.to_dict() == start and game.current_player == seat
    drafter = session.steps[-1].seat  # the last draft pick came before this turn
    assert session.can_undo().reason == (
        "cannot undo past the start of this turn" if drafter == seat
        else f"nothing of yours to undo: the last action was {game.name(drafter)}'s"
    )
    assert session.redo() == moves[0] and session.redo() == moves[1]
    assert session.can_redo().reason == "nothing to redo"


def shipyard_moves(game: Game) -> tuple[Action, Action] | None:
    """A placement next to the Shipyard and an assignment that gives it pips (so it draws)."""
    cell = next(c for c, t in game.s.layout.items() if t == "shipyard")
    slots = {sid for sid, cells in geometry(game).slot_cells.items() if cell in cells}
    for place in game.legal_actions():
        if isinstance(place, PlaceDie) and place.slot in slots:
            trial = game.clone()
            trial.apply(place)
            top = trial.pending
            assert top is not None
            index = top.data.tiles.index("shipyard")
            for assign in trial.legal_actions():
                assert isinstance(assign, AssignPips)
                if assign.pips[index] > 0:
                    probe = trial.clone()
                    probe.apply(assign)
                    if probe.s.reveals > trial.s.reveals:
                        return place, assign
    return None


def test_undo_refuses_the_shipyard_draw(catalogue: Catalogue) -> None:
    for seed in range(40):
        session = session_at(catalogue, seed, 0)
        first_turn(session)
        moves = shipyard_moves(session.game)
        if moves is not None:
            break
    else:
        pytest.fail("no seed gives a Shipyard draw in the first turn")
    game = session.game
    deck_before = hidden(game)
    session.apply(moves[0])
    assert session.can_undo()  # the placement alone revealed nothing
    session.apply(moves[1])
    assert hidden(game) != deck_before
    assert session.can_undo().reason == "cannot undo past the Shipyard draw"
    with pytest.raises(CannotUndo, match="^cannot undo past the Shipyard draw$"):
        session.undo()
    assert game.log_lines()[game.s.reveal_marks[-1]].endswith(".")  # the log marks the draw's line
    assert "ship" in game.log_lines()[game.s.reveal_marks[-1]]


def test_another_seats_action_is_never_undone(catalogue: Catalogue) -> None:
    session = session_at(catalogue, 21, 0)
    first_turn(session)
    game = session.game
    first = game.current_player
    moves = quiet_placement(game)
    assert moves is not None
    for action in moves:
        session.apply(action)
    while not any(a.kind == "end-turn" for a in game.legal_actions()):
        session.apply(agent_action(game, 21, len(session.actions)))  # place the other die
    session.apply(next(a for a in game.legal_actions() if a.kind == "end-turn"))
    assert game.current_player != first
    assert session.can_undo().reason == f"nothing of yours to undo: the last action was {game.name(first)}'s"  # type: ignore[arg-type]


def test_no_undo_once_the_game_is_over(catalogue: Catalogue) -> None:
    session = session_at(catalogue, 2, 10_000, seats=2)
    assert session.game.is_over
    assert session.can_undo().reason == "the game is over: nothing can be undone"


def test_a_new_action_clears_redo_but_the_same_one_keeps_it(catalogue: Catalogue) -> None:
    session = session_at(catalogue, 21, 0)
    first_turn(session)
    game = session.game
    moves = quiet_placement(game)
    assert moves is not None
    for action in moves:
        session.apply(action)
    session.undo()
    session.undo()
    session.apply(moves[0])  # the same as redo
    assert session.can_redo() and session.redo() == moves[1]
    session.undo()
    other = next(a for a in game.legal_actions() if a != moves[1])
    session.apply(other)
    assert not session.can_redo()


# --- undo and the save ----------------------------------------------------------------------------


def test_undo_and_redo_are_saved(tmp_path: Path, catalogue: Catalogue) -> None:
    session = Session.new(catalogue, NAMES[:3], seed=21, folder=tmp_path)
    first_turn(session)
    moves = quiet_placement(session.game)
    assert moves is not None and session.path is not None
    for action in moves:
        session.apply(action)
    count = len(session.actions)
    session.undo()
    saved = json.loads(session.path.read_text())
    assert len(saved["actions"]) == count - 1
    assert load(session.path, catalogue).game.to_dict() == session.game.to_dict()
    session.redo()
    assert load(session.path, catalogue).game.to_dict() == session.game.to_dict()


def test_undo_works_after_loading(tmp_path: Path, catalogue: Catalogue) -> None:
    session = Session.new(catalogue, NAMES[:3], seed=21, folder=tmp_path)
    first_turn(session)
    moves = quiet_placement(session.game)
    assert moves is not None and session.path is not None
    before = session.game.to_dict()
    for action in moves:
        session.apply(action)
    session.close()  # the game is left here, to go on in another session
    resumed = Session.load(catalogue, session.path)
    resumed.undo()
    resumed.undo()
    assert resumed.game.to_dict() == before
    assert not resumed.can_undo()


def test_undo_state_matches_a_fresh_replay(catalogue: Catalogue) -> None:
    session = session_at(catalogue, 21, 0)
    first_turn(session)
    moves = quiet_placement(session.game)
    assert moves is not None
    for action in moves:
        session.apply(action)
    session.undo()
    expected, _ = play(catalogue, 21, 0)
    for action in session.actions:
        expected.apply(action)
    assert session.game.to_dict() == expected.to_dict()


# --- names are never read -------------------------------------------------------------------------


def undo_verdicts(cat: Catalogue, name: str, seed: int = 3) -> list[str]:
    """A person called ``name`` against the Automa, taking the first legal action every time: the
    undo verdict before each of their actions."""
    session = Session.new(cat, [name, Seat("Automa", automa=True)], seed=seed, autosave=False)
    verdicts = []
    while not session.game.is_over:
        verdict = session.can_undo()
        verdicts.append("ok" if verdict else verdict.reason.replace(name, "<person>"))
        session.apply(session.game.legal_actions()[0])
    return verdicts


@pytest.mark.parametrize("name", ["Automa Jones", "Automaton", "automa"])
def test_a_person_named_like_the_automa_undoes_like_anyone(catalogue: Catalogue, name: str) -> None:
    ana = undo_verdicts(catalogue, "Ana")
    assert ana.count("ok") > 20  # the game has undo to offer
    assert undo_verdicts(catalogue, name) == ana


def test_only_the_automa_is_called_automa(catalogue: Catalogue) -> None:
    from great_harbor.engine import IllegalAction

    with pytest.raises(IllegalAction, match="only the Automa is called Automa"):
        Session.new(catalogue, ["Ana", "Automa"], seed=1, autosave=False)
