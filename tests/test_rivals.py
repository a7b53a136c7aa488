"""Computer rivals (great_harbor/rivals): legal moves only, honest by construction (a decision
never changes when what the seat cannot know is dealt again), worlds consistent with the view,
normal is the heuristic, explanations that give nothing away, deterministic for a seed, and a
game with rivals that replays identically from its record."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game, Seat, narrate
from great_harbor.engine.actions import Draft
from great_harbor.engine.invariants import check
from great_harbor.engine.state import to_plain
from great_harbor.rivals import (
    LEVELS,
    Alternative,
    Decision,
    Rival,
    distinct_alternatives,
    heuristic,
    rival_seed,
    search_from,
)
from great_harbor.rivals.worlds import sample_world
from great_harbor.session import Session, seating_problem

sys.path.insert(0, str(Path(__file__).resolve().parent / "engine"))
from test_view import new_game, rerandomised  # noqa: E402

# A hard rival that searches in every round on the smallest budget (one world): the search's
# code path, cheaply.
QUICK_HARD = {"search_from": 1, "max_worlds": 1, "deadline": None}


def rival(level: str, seed: int = 7) -> Rival:
    return Rival(level, seed, **(QUICK_HARD if level == "hard" else {}))


def states(cat: Catalogue, games: int, every: int) -> Iterator[tuple[str, Game, random.Random]]:
    """Decisions of people (not the Automa) every few steps of random games, all configurations."""
    for players, automa, shops in ((2, False, False), (3, True, True), (4, False, True), (2, True, False)):
        for seed in range(games):
            game = new_game(cat, players, automa, shops, seed)
            rng = random.Random(seed)
            step = 0
            while not game.is_over:
                top = game.pending
                assert top is not None
                if step % every == 0 and not game.s.players[top.seat].automa:
                    yield f"{players}p automa={automa} shops={shops} seed={seed} step={step}", game, rng
                game.apply(rng.choice(game.legal_actions()))
                step += 1


def test_worlds_agree_with_the_view_and_keep_every_invariant(catalogue: Catalogue) -> None:
    checked = 0
    for where, game, rng in states(catalogue, 2, 5):
        seat = game.current_player
        view = game.view(seat)
        world = sample_world(view, rng)
        check(world)
        mine, theirs = to_plain(world.view(seat).s), to_plain(view.s)
        for key in ("log", "reveal_marks", "rng"):
            mine.pop(key)
            theirs.pop(key)
        assert mine == theirs, f"{where}: the world is not one the seat could be in"
        assert world.legal_actions() == game.legal_actions()
        checked += 1
    assert checked > 200


def test_worlds_deal_what_is_hidden_differently(catalogue: Catalogue) -> None:
    game = new_game(catalogue, 3, False, False, 4)
    rng = random.Random(4)
    while not game.s.players[1].hand or game.current_player != 0:
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(0)
    worlds = [sample_world(view, random.Random(i)) for i in range(12)]
    assert len({tuple(w.s.person_deck) for w in worlds}) > 1
    assert len({tuple(w.s.players[1].hand) for w in worlds}) > 1
    assert all(w.s.players[0].hand == game.s.players[0].hand for w in worlds)


@pytest.mark.parametrize("level", LEVELS)
def test_a_decision_never_changes_when_the_unknown_is_dealt_again(catalogue: Catalogue, level: str) -> None:
    """Honest by construction: everything the seat cannot know (other hands, deck orders, the
    bag, unrevealed pirates, the RNG, others' secrets) is dealt again; the rival decides the
    same, for the same reasons."""
    checked = 0
    every = 31 if level == "hard" else 7
    for where, game, rng in states(catalogue, 1 if level == "hard" else 2, every):
        seat = game.current_player
        assert seat is not None
        if len(game.legal_actions()) < 2:
            continue
        r = rival(level)
        first = r.decide(game.view(seat))
        other = rerandomised(game, seat, random.Random(rng.random()))
        assert other.s.person_deck != game.s.person_deck or not game.s.person_deck or len(set(game.s.person_deck)) < 2
        second = r.decide(other.view(seat))
        assert second.action == first.action, f"{where}: {level} rival decided differently"
        assert (second.why, second.why_private, second.alternatives) == (first.why, first.why_private,
                                                                         first.alternatives), where
        checked += 1
    assert checked > (12 if level == "hard" else 60)


def test_rivals_only_ever_play_legal_actions(catalogue: Catalogue) -> None:
    """Whole games of rivals at every level (the hard one searching from round 1), every action
    through the checking ``apply``, the invariants after each."""
    for players, automa, shops, levels in ((2, False, False, ("hard", "easy")), (3, True, True, ("normal", "easy")),
                                           (4, False, True, ("easy", "normal", "hard", "normal"))):
        seats = [Seat(n, rival=lv) for n, lv in zip(("Ana", "Ben", "Cleo", "Dido"), levels, strict=False)]
        seats = seats[:players] if not automa else [*seats[:players - 1], Seat("Automa", automa=True)]
        game = Game.new(catalogue, seats, seed=players, shops_variant=shops)
        rivals = {i: Rival(s.rival, rival_seed(players, i), search_from=5, max_worlds=1, deadline=None)
                  for i, s in enumerate(seats) if s.rival}
        steps = 0
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            game.apply(rivals[seat].decide(game.view(seat)).action)  # IllegalAction fails the test
            check(game)
            steps += 1
            assert steps < 3000
        assert game.s.winners


def test_normal_is_the_heuristic_player(catalogue: Catalogue) -> None:
    normal = Rival("normal", 3)
    checked = 0
    for _, game, _ in states(catalogue, 1, 3):
        seat = game.current_player
        assert seat is not None
        assert normal.decide(game.view(seat)).action == heuristic.choose(game)
        checked += 1
    assert checked > 100


def test_the_ranking_puts_the_heuristics_pick_first_and_lists_every_action(catalogue: Catalogue) -> None:
    for _, game, _ in states(catalogue, 1, 4):
        ranking = heuristic.ranked(game.view(game.current_player))
        assert ranking[0][1] == heuristic.choose(game)
        assert sorted(map(str, (a for _, a in ranking))) == sorted(map(str, game.legal_actions()))


def test_the_playout_choice_is_the_heuristics_choice(catalogue: Catalogue) -> None:
    for _, game, _ in states(catalogue, 1, 3):
        assert heuristic.playout_choice(game) == heuristic.choose(game)


def test_easy_slips_but_never_far(catalogue: Catalogue) -> None:
    """The easy rival sometimes leaves the heuristic's pick, never for an option the heuristic
    values far lower or would never take."""
    from great_harbor.rivals import EASY_SLACK

    easy = Rival("easy", 11)
    slips = 0
    decisions = 0
    for _, game, _ in states(catalogue, 2, 2):
        view = game.view(game.current_player)
        ranking = heuristic.ranked(view)
        decision = easy.decide(view)
        value = dict((a, v) for v, a in ranking)[decision.action]
        best = max(v for v, _ in ranking)
        decisions += 1
        if decision.action != ranking[0][1]:
            slips += 1
            assert value >= best - EASY_SLACK - 1e-9
            assert {"r": "slip"} in decision.why
    assert 0.03 * decisions < slips < 0.5 * decisions


def test_the_hard_rival_falls_back_to_the_heuristic_when_out_of_time(catalogue: Catalogue) -> None:
    game = new_game(catalogue, 2, False, False, 5)
    rng = random.Random(5)
    while len(game.legal_actions()) < 3:
        game.apply(rng.choice(game.legal_actions()))
    hard = Rival("hard", 1, search_from=1, budget=10_000, deadline=0.0)
    decision = hard.decide(game.view(game.current_player))
    assert decision.timed_out and decision.action == heuristic.choose(game)


@pytest.mark.parametrize(("players", "automa", "searches"),
                         [(2, False, True), (2, True, True), (3, False, False), (4, True, False)])
def test_the_hard_rival_looks_ahead_from_round_3_at_two_seats_and_round_4_at_more(
        catalogue: Catalogue, players: int, automa: bool, searches: bool) -> None:
    """A two-seat playout from round 3 is as short as a three-seat one from round 4 (the Automa is
    a seat); with more seats round 3 stays on the plain estimates."""
    assert search_from(players) == (3 if players == 2 else 4)
    game = new_game(catalogue, players, automa, False, 4)
    while not (game.s.round == 3 and not game.s.players[game.current_player].automa
               and len(game.legal_actions()) >= 2):
        game.apply(heuristic.choose(game))
    decision = Rival("hard", 1, max_worlds=1, deadline=None).decide(game.view(game.current_player))
    assert (decision.worlds > 0) == searches


def test_a_rival_whose_thinking_fails_still_makes_a_legal_move_and_names_the_fault(
        catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault in a rival's own code never stops a game: the search failing leaves the heuristic's
    choice; the heuristic failing too leaves the first legal action. The fault is named."""
    from great_harbor.rivals import search

    game = new_game(catalogue, 2, False, False, 8)
    while game.s.round < 3 or len(game.legal_actions()) < 3:
        game.apply(heuristic.choose(game))
    view = game.view(game.current_player)
    assert Rival("hard", 1, max_worlds=1, deadline=None).decide(view).fault is None

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(search, "search", broken)
    decision = Rival("hard", 1, max_worlds=1, deadline=None).decide(view)
    assert (decision.action, decision.fault) == (heuristic.choose(game), "RuntimeError: a bug")
    monkeypatch.setattr(heuristic, "ranked", broken)
    for level in LEVELS:
        decision = Rival(level, 1).decide(view)
        assert (decision.action, decision.fault) == (game.legal_actions()[0], "RuntimeError: a bug")
        decision.note(view, game.view(None))  # its log line can still be written


def test_the_hard_rival_weighs_alternatives_and_is_deterministic(catalogue: Catalogue) -> None:
    game = new_game(catalogue, 2, False, False, 8)
    rng = random.Random(8)
    while game.s.round < 4 or len(game.legal_actions()) < 3:
        game.apply(heuristic.choose(game) if rng.random() < 0.9 else rng.choice(game.legal_actions()))
    view = game.view(game.current_player)
    hard = Rival("hard", 5, budget=300, deadline=None)
    first, again = hard.decide(view), hard.decide(game.view(game.current_player))
    assert first.worlds >= 1 and len(first.alternatives) == 2
    assert all(a.se is not None for a in first.alternatives)
    assert (first.action, first.alternatives) == (again.action, again.alternatives)
    assert any(r["r"] in ("searched", "confirmed", "kept") for r in first.why)  # any outcome of a search


def _hand_ids(game: Game, seat: int) -> set[str]:
    return set(game.s.players[seat].hand)


@pytest.mark.parametrize("level", LEVELS)
def test_explanations_name_no_card_hidden_in_the_rivals_hand(catalogue: Catalogue, level: str) -> None:
    """What everyone reads of a rival's reasons names no card it holds (but for the card its
    move puts on the table); what only it reads may. Every note renders for every viewer."""
    seats = [Seat("Ana", rival=level), Seat("Ben", rival="normal"), Seat("Automa", automa=True)]
    game = Game.new(catalogue, seats, seed=12)
    rivals = {0: Rival(level, 1, search_from=5, max_worlds=1, deadline=None), 1: Rival("normal", 2)}
    named_private = 0
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        own, public = game.view(seat), game.view(None)
        decision: Decision = rivals[seat].decide(own)
        note = decision.note(own, public)
        played = getattr(decision.action, "card", None)
        hidden = _hand_ids(game, seat) - {played}
        text = json.dumps(note["data"])
        assert not any(f'"{card}"' in text or f":{card}" in text for card in hidden), note["data"]
        names = {narrate.card_name(game, c) for c in hidden} - {narrate.card_name(game, c) for c in _public_cards(game)}
        line = narrate.line(game, _event(note), None)
        assert not any(f"the {n} in its hand" in line for n in names)
        if note["secret"]:
            assert note["reader"] == seat
            named_private += "in its hand" in narrate.line(game, _event(note), seat)
        game.apply(decision.action)
    assert named_private > 0 or level == "easy"


def _public_cards(game: Game) -> set[str]:
    s = game.s
    out = set(s.person_display) | set(s.building_display) | set(s.ship_display.values())
    for p in s.players:
        out |= {c for slot in p.person_slots for c in slot} | set(p.buildings)
    return out


def _event(note: dict[str, object]) -> narrate.Event:  # type: ignore[name-defined]
    from great_harbor.engine.events import Event

    return Event(str(note["kind"]), int(note["actor"]), False, dict(note["data"]),  # type: ignore[call-overload]
                 dict(note["secret"]), int(note["reader"]))  # type: ignore[call-overload]


def test_a_game_with_rivals_replays_identically_from_its_record(catalogue: Catalogue, tmp_path: Path) -> None:
    seats = [Seat("Ana"), Seat("Livia", rival="hard"), Seat("Marcus", rival="easy"), Seat("Automa", automa=True)]
    session = Session.new(catalogue, seats, seed=21, path=tmp_path / "game.json")
    session.rival_settings.update(search_from=5, max_worlds=1, deadline=None)
    moves = 0
    while not session.game.is_over:
        if session.rival_to_move() is not None:
            session.play_rival()
        else:
            session.apply(heuristic.choose(session.game))
        moves += 1
    assert len(session.record.notes) > 100
    session.close()
    loaded = Session.load(catalogue, tmp_path / "game.json")
    assert loaded.game.log_lines(None) == session.game.log_lines(None)
    assert [loaded.game.log_lines(s) for s in range(4)] == [session.game.log_lines(s) for s in range(4)]
    assert loaded.game.s.final_scores == session.game.s.final_scores
    assert [loaded.seat_kind(s) for s in range(4)] == ["person", "hard", "easy", "automa"]
    assert loaded.record.notes == session.record.notes
    # The same rival, from the same record, decides the same again (loaded before a rival move).
    cut = next(i for i in sorted(session.record.notes) if session.record.seats[
        session.record.notes[i]["actor"]].rival == "hard" and i > 200)
    replayed = session.record.replay(catalogue, upto=cut)
    seat = replayed.current_player
    assert seat is not None
    again = Rival("hard", rival_seed(21, seat), search_from=5, max_worlds=1, deadline=None).decide(replayed.view(seat))
    assert again.action == session.record.actions[cut]


def test_old_records_load_with_people_and_bad_rival_levels_are_refused(catalogue: Catalogue, tmp_path: Path) -> None:
    from great_harbor.record import GameRecord, RecordError, load, seal

    session = Session.new(catalogue, [Seat("Ana"), Seat("Ben", rival="normal")], seed=3, path=tmp_path / "g.json")
    session.play_rival() if session.rival_to_move() else session.apply(heuristic.choose(session.game))
    session.close()
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["setup"]["seats"] == [{"name": "Ana", "automa": False}, {"name": "Ben", "automa": False,
                                                                          "rival": "normal"}]
    old = json.loads(json.dumps(data))
    del old["setup"]["seats"][1]["rival"]
    old.pop("notes", None)
    (tmp_path / "old.json").write_text(json.dumps(seal(old)))
    assert [s.rival for s in load(tmp_path / "old.json", catalogue).record.seats] == ["", ""]
    data["setup"]["seats"][1]["rival"] = "genius"
    with pytest.raises(RecordError, match=r"setup.seats\[1\].rival must be '', 'easy', 'normal' or 'hard'"):
        GameRecord.from_dict(seal(data), catalogue)
    data["setup"]["seats"][1].update(rival="hard", automa=True)
    with pytest.raises(RecordError, match="the Automa or a computer rival, not both"):
        GameRecord.from_dict(seal(data), catalogue)
    data["setup"]["seats"][1].update(rival="hard", automa=False)
    data["notes"] = {"0": {"kind": "draft", "actor": 1, "data": {}}}
    with pytest.raises(RecordError, match="notes"):
        GameRecord.from_dict(seal(data), catalogue)


def test_hints_are_kept_in_the_record(catalogue: Catalogue, tmp_path: Path) -> None:
    session = Session.new(catalogue, ["Ana", "Ben"], seed=3, path=tmp_path / "g.json")
    assert "hints" not in json.loads((tmp_path / "g.json").read_text())
    session.hint_used()
    session.hint_used()
    session.close()
    assert json.loads((tmp_path / "g.json").read_text())["hints"] == 2
    assert Session.load(catalogue, tmp_path / "g.json").record.hints == 2


def test_a_table_needs_a_person() -> None:
    computers = [Seat("A", rival="hard"), Seat("Automa", automa=True)]
    assert seating_problem(computers) == "at least one seat must be a person"
    assert seating_problem([Seat("A"), Seat("B", rival="hard")]) is None
    assert seating_problem([Seat("A"), Seat("B", rival="genius")]) is not None


def test_a_person_cannot_undo_a_rivals_move(catalogue: Catalogue, tmp_path: Path) -> None:
    session = Session.new(catalogue, [Seat("Ana"), Seat("Livia", rival="easy")], seed=5, path=tmp_path / "g.json")
    while session.game.current_player != 0:
        session.play_rival()
    session.apply(heuristic.choose(session.game))  # Ana acts, then it is Livia's draft or turn
    while session.rival_to_move() is not None:
        session.play_rival()
        verdict = session.can_undo()
        assert not verdict and "Livia's" in verdict.reason
    assert session.game.current_player == 0
    assert not session.can_undo()


def test_a_damaged_note_opened_anyway_never_breaks_the_log(catalogue: Catalogue, tmp_path: Path) -> None:
    from great_harbor.record import load

    session = Session.new(catalogue, [Seat("Ana"), Seat("Ben", rival="normal")], seed=6, path=tmp_path / "g.json")
    while not session.record.notes:
        session.play_rival() if session.rival_to_move() else session.apply(heuristic.choose(session.game))
    session.close()
    data = json.loads((tmp_path / "g.json").read_text())
    key = next(iter(data["notes"]))
    data["notes"][key]["data"] = {"why": [{"r": "prestige"}, {"r": "senate"}, "junk"], "weighed": [{"does": 3}]}
    (tmp_path / "g.json").write_text(json.dumps(data))
    loaded = load(tmp_path / "g.json", catalogue, force=True)
    line = loaded.game.log_lines(None)[next(i for i, e in enumerate(loaded.game.s.log) if e.kind == "rival.move")]
    assert line.startswith("Ben (? rival): a choice only it can see")


def test_the_alternatives_named_read_differently_from_the_choice_and_each_other() -> None:
    """Two dice of one colour and face are two actions that read the same: the log and the hint
    name the next alternatives that read differently, never "draft P2" against "draft P2"."""
    words = {0: "draft P2", 1: "draft P2", 2: "draft B2", 3: "draft B2", 4: "draft Y4"}
    alternatives = [Alternative(Draft(i), -0.1 * i) for i in (1, 2, 3, 4)]
    named = distinct_alternatives(Draft(0), alternatives, lambda a: words[a.die] if isinstance(a, Draft) else "", 2)
    assert [a.action for a in named] == [Draft(2), Draft(4)]
    assert distinct_alternatives(Draft(0), alternatives, lambda a: "same", 2) == []


def test_a_margin_that_rounds_to_nothing_reads_plus_zero() -> None:
    assert [narrate.signed(v) for v in (-0.0, -0.04, 0.04, 1.25, -2.0)] == ["+0.0", "+0.0", "+0.0", "+1.2", "-2.0"]


def test_a_plain_decision_names_no_option_valued_above_its_own_pick_as_weighed(catalogue: Catalogue) -> None:
    """The heuristic governs before it places its dice, whatever they are worth: a placement valued
    above the govern action it takes is not an alternative it passed over, and a hard rival's
    "weighed against" or a hint never shows it with a plus."""
    above = 0
    for seed in range(3):
        game = new_game(catalogue, 2, False, False, seed)
        while not game.is_over:
            view = game.view(game.current_player)
            ranking = heuristic.ranked(view)
            above += any(v > ranking[0][0] for v, _ in ranking[1:])
            decision = Rival("normal", 1).decide(view)
            assert all(a.margin <= 0 for a in decision.alternatives)
            game.apply(decision.action)
    assert above  # the case arose


def test_an_option_ahead_by_less_than_chance_reads_as_no_clear_gain() -> None:
    """Play-test: a hint's runners-up read "+9.0 ± 8.7 Prestige" under its pick, as if it passed a
    better move over. Played out, an option ahead by too little to overrule the pick says so."""
    assert narrate.margin_words(9.0, 8.7) == "+9.0 ± 8.7 Prestige, not a clear gain"
    assert narrate.margin_words(-1.2, 0.4) == "-1.2 ± 0.4 Prestige"
    assert narrate.margin_words(0.04, 0.5) == "+0.0 ± 0.5 Prestige"  # rounds to nothing: not ahead
    assert narrate.margin_words(0.9, None) == "+0.9 Prestige"  # the heuristic's own values
    assert narrate.margin_words(2.0, float("inf")) == "+2.0 Prestige, not a clear gain"  # one future: no spread
    entries = [{"does": "draft B2", "margin": 3.1, "se": 4.0}, {"does": "", "margin": -2.0, "se": 1.0}]
    assert narrate.weighed_words(entries) == ("draft B2 (+3.1 ± 4.0 Prestige, not a clear gain); "
                                              "a card from its hand (-2.0 ± 1.0 Prestige)")


@pytest.mark.parametrize(("gain", "reason"), [(3.0, "kept"), (-1.0, "confirmed")])
def test_the_hard_rival_keeps_rather_than_confirms_its_pick_when_an_option_came_out_ahead(
        catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch, gain: float, reason: str) -> None:
    from great_harbor.rivals import search

    game = new_game(catalogue, 2, False, False, 8)
    while game.s.round < 2 or len(game.legal_actions()) < 3:
        game.apply(heuristic.choose(game))
    view = game.view(game.current_player)
    ranking = heuristic.ranked(view)

    def found(*args: object, **kwargs: object) -> search.Outcome:
        (first, pick), (second, other) = ranking[:2]
        weighed = [search.Weighed(pick, first), search.Weighed(other, second, gain, 4.0)]
        return search.Outcome(pick, weighed, worlds=6)

    monkeypatch.setattr(search, "search", found)
    decision = Rival("hard", 1, search_from=1).decide(view)
    assert decision.action == ranking[0][1] and decision.alternatives[0].margin == gain
    assert [r["r"] for r in decision.why if r["r"] in ("kept", "confirmed")] == [reason]
    words = narrate.reason_words(game, decision.why)
    assert any("nothing it weighed came out clearly ahead" in w for w in words) == (reason == "kept")


def test_a_forced_step_is_explained_as_the_only_choice(catalogue: Catalogue) -> None:
    """Play-test: a forced step ("+2 Strength for Grain Carrier") read "the option worth most to
    it", and its hint "it looks ahead only from round 4" in round 4."""
    from great_harbor.rivals import explain
    from great_harbor.rivals.advice import advise
    from great_harbor.ui.hints import hint_text

    seen = 0
    for seed in range(6):
        game = new_game(catalogue, 2, False, False, seed)
        while not game.is_over and seen < 3:
            if len(game.legal_actions()) == 1:
                view = game.view(game.current_player)
                assert explain.reasons(view, game.legal_actions()[0]) == ([{"r": "only-option"}], [])
                text = hint_text(view, advise(view, 1), private=True).plain
                assert "because the only choice there is." in text
                assert "Runners-up" not in text and "looks ahead" not in text
                seen += 1
            game.apply(heuristic.choose(game))
    assert seen == 3


def test_a_gain_wholly_over_its_track_is_explained_by_the_surplus_prestige(catalogue: Catalogue) -> None:
    """Play-test: "Convert 2 coins into 0 Sails (+1 over the track → 1 Prestige) because resources
    for later". A gain that lands nowhere is worth its Surplus Prestige, and says so."""
    from great_harbor.engine.actions import ConvertCoins
    from great_harbor.rivals import explain

    game = new_game(catalogue, 2, False, False, 3)
    while len(game.legal_actions()) < 2:
        game.apply(heuristic.choose(game))
    p = game.s.players[game.current_player]
    p.resources["sails"] = catalogue.colony_board.resource_max
    p.resources["rope"] = 0
    view = game.view(game.current_player)
    public, _ = explain.reasons(view, ConvertCoins("sails"))
    assert public == [{"r": "surplus", "n": 1}]
    assert narrate.reason_words(game, public) == ["a track already full pays 1 Prestige (Surplus)"]
    public, _ = explain.reasons(view, ConvertCoins("rope"))
    assert {"r": "surplus", "n": 1} not in public


def test_the_card_a_rival_plays_is_named_in_the_other_ways_it_weighed_to_play_it(catalogue: Catalogue) -> None:
    """Play-test: "play Person Legate (#4) into slot 1. Weighed against: a card from its hand (+0.0
    Prestige); a card from its hand (+0.0 Prestige)": the same Legate into slots 2 and 3."""
    from great_harbor.engine.actions import PlayPerson
    from great_harbor.rivals import explain

    for seed in range(20):
        game = new_game(catalogue, 2, False, False, seed)
        while not game.is_over:
            plays = [a for a in game.legal_actions() if isinstance(a, PlayPerson)]
            twice = [(a, b) for a in plays for b in plays if a.card == b.card and a != b]
            if twice:
                chosen, other = twice[0]
                own, public = game.view(game.current_player), game.view(None)
                everyone, mine = explain.weighed_entries(own, public, [(other, -1.0)], chosen)
                assert everyone == mine and narrate.card_name(game, chosen.card) in everyone[0]["does"]
                everyone, _ = explain.weighed_entries(own, public, [(other, -1.0)])
                assert everyone[0]["does"] == ""  # no choice to reveal it: "a card from its hand"
                return
            game.apply(heuristic.choose(game))
    raise AssertionError("no Person could be played two ways")


def test_reasons_say_why_rather_than_name_the_move_again(catalogue: Catalogue) -> None:
    """Play-test: hints read "because Dock Hut 1." and "because amphorae the Trade board asks for."."""
    game = new_game(catalogue, 2, False, False, 1)
    site = catalogue.colony_board.sites[0]
    words = narrate.reason_words(game, [{"r": "luxury", "luxury": "amphorae", "wanted": True},
                                        {"r": "luxury", "luxury": "wine", "wanted": False},
                                        {"r": "structure", "site": site.id, "adjacent": 0},
                                        {"r": "structure", "site": site.id, "adjacent": 2}])
    name = f"{'Dock Hut' if site.kind == 'dock_hut' else 'Insula'} {site.index}"
    assert words == ["the Trade board asks for amphorae", "wine can be traded later",
                     f"{name} scores Prestige at the end",
                     f"{name} scores Prestige at the end, more for being next to 2 structures of its own"]
