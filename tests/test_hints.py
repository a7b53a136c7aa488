"""Hints you can trust (issue 29, point 2): the suggestion and its runners-up ranked by the figure
they show, "take nothing" valued by what it gives up, the same card in another slot dropped, words
spoken to the person with a real reason, and a look-ahead that stops at its deadline."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from great_harbor.data import Catalogue
from great_harbor.engine import Game, narrate
from great_harbor.engine import actions as act
from great_harbor.rivals import advice, explain, heuristic, search
from great_harbor.rivals.advice import Line, advise
from great_harbor.ui.hints import hint_text

sys.path.insert(0, str(Path(__file__).resolve().parent / "engine"))
from test_view import new_game  # noqa: E402


def _decision_in_round(cat: Catalogue, rnd: int, seed: int = 8, least: int = 3) -> Game:
    game = new_game(cat, 2, False, False, seed)
    while game.s.round < rnd or len(game.legal_actions()) < least or game.pending.kind != "turn":  # type: ignore[union-attr]
        game.apply(heuristic.choose(game))
    return game


def test_the_suggestion_is_the_option_with_the_best_figure_and_the_close_call_is_said_once(
        catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test: "3. Place R6 in the Smuggler's District (+10.4 ± 8.2 Prestige, not a clear gain)"
    under a pick the next H abandoned for that very move."""
    game = _decision_in_round(catalogue, 3)
    view = game.view(game.current_player)
    ranking = heuristic.ranked(view)
    (v0, pick), (v1, second), (v2, third) = ranking[:3]
    margins = [[0.0, 4.0, -2.0, 6.0], [12.0, 2.0, 20.0, 8.0], [-1.0, 3.0, -3.0, 5.0]]  # second: ahead, noisy

    def found(*args: Any, **kwargs: Any) -> search.Outcome:
        weighed = [search.Weighed(pick, v0), search.Weighed(second, v1, 7.5, 4.6), search.Weighed(third, v2, -0.5, 0.3)]
        return search.Outcome(pick, weighed, worlds=4, margins=margins, candidates=[pick, second, third])

    monkeypatch.setattr(search, "search", found)
    hint = advise(view, 1)
    assert hint.action == second and hint.rival_keeps == pick
    assert [line.action for line in hint.runners] == [pick, third]
    assert [line.margin for line in hint.runners] == sorted((line.margin for line in hint.runners), reverse=True)
    assert all(line.margin <= 0 for line in hint.runners)
    text = hint_text(view, hint, private=True).plain
    figures = [float(x) for x in re.findall(r"\(([+-]\d+\.\d) ± ", text)]
    assert figures == sorted(figures, reverse=True) and all(f <= 0 for f in figures)
    assert "not a clear gain" not in text
    assert text.count("a hard rival would keep") == 1 and "Played out over 4 sampled futures" in text


def test_a_placement_that_takes_nothing_is_valued_by_what_it_gives_up(catalogue: Catalogue) -> None:
    """Play-test: "take nothing (not 1 Person card from the deck, 1 Person card from the display)
    (+0.0 Prestige)" beside a pick worth 6.9."""
    for seed in range(10):
        game = new_game(catalogue, 2, False, False, seed)
        while game.s.round == 1 and not game.is_over:
            view = game.view(game.current_player)
            declines = [a for a in game.legal_actions() if isinstance(a, act.PlaceDie) and a.decline]
            ranking = heuristic.ranked(view) if declines else []
            if declines and ranking[0][0] > 1:
                hint = advise(view, 1)
                lines = {line.action: line.margin for line in hint.runners}
                for a in declines:
                    assert lines[a] == pytest.approx(-ranking[0][0])  # nothing gained, all of the pick given up
                    public, _ = explain.reasons(view, a)
                    assert public == [{"r": "declines"}]  # and it draws no card
                return
            game.apply(heuristic.choose(game))
    raise AssertionError("no placement could decline a benefit")


def test_the_same_card_in_another_slot_with_the_same_outcome_is_no_runner_up() -> None:
    play1, play2, other = act.PlayPerson("person-4", 1), act.PlayPerson("person-4", 2), act.PlayPerson("person-5", 1)
    lines = [Line(play2, 0.0, 0.0), Line(other, 0.0, 0.0), Line(play2, -1.0, 0.5)]
    assert advice._kept(play1, lines) == [lines[1], lines[2]]
    assert advice._kept(play1, [Line(play2, 0.0)]) == []  # the estimates: alike too


CIRCULAR = ("worth most to", "the best spot for the die", "worth a marker", "the option worth", "the split worth")


def test_hints_speak_to_the_person_with_a_reason_and_the_log_keeps_its(catalogue: Catalogue) -> None:
    """Play-tests: "because the split worth most to it", "because the best spot for the die",
    "it draws a card" on a placement that draws none, "worth a marker", "its Governor" in a hint."""
    seen = 0
    for seed in range(3):
        game = new_game(catalogue, 2, False, False, seed)
        while game.s.round < 3:
            view = game.view(game.current_player)
            if len(game.legal_actions()) > 1:
                hint = advise(view, 1)
                text = hint_text(view, hint, private=True).plain
                assert not any(c in text for c in CIRCULAR), text
                said = text.split("because", 1)[-1].split("\n")[0]
                assert not re.search(r"\bits\b|\bto it\b|\bit (draws|cashes|retires|does not)\b", said), text
                seen += "because" in text
            game.apply(heuristic.choose(game))
    assert seen > 50
    reasons = [{"r": "governor", "colour": "red"}, {"r": "draws"}, {"r": "for-card", "card": "ship-1"}]
    ship = narrate.card_name(game, "ship-1")
    assert narrate.reason_words(game, reasons) == [
        "red pairs with its Governor", "it draws a card", f"the resources go toward the {ship} in its hand"]
    assert narrate.reason_words(game, reasons, narrate.YOU)[:2] == ["red pairs with your Governor", "you draw a card"]


def test_repair_says_whether_the_ship_could_sail_unrepaired(catalogue: Catalogue) -> None:
    """Play-test: "Repair … because the ship must sail again" beside "Send … unrepaired (+0.0)"."""
    game = new_game(catalogue, 2, False, False, 1)
    words = narrate.reason_words(game, [{"r": "repair", "ship": "ship-1", "stuck": False},
                                        {"r": "repair", "ship": "ship-1", "stuck": True}], narrate.YOU)
    name = narrate.card_name(game, "ship-1")
    assert words == [f"one Damage token fewer: your {name} can lose one more battle before it must stay in port",
                     f"your {name} cannot sail again until it is repaired"]


def test_the_look_ahead_stops_at_its_deadline_within_a_playout(catalogue: Catalogue,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint from round 3 on took 5-9 s: the deadline was read only after every world (three whole
    games played out). It is read after every playout, and the futures played in full are kept."""
    game = _decision_in_round(catalogue, 3)
    view = game.view(game.current_player)
    clock = iter(range(10_000))
    monkeypatch.setattr(search.time, "thread_time", lambda: float(next(clock)))
    import random

    found = search.search(view, heuristic.ranked(view), random.Random(1), deadline=4.5)
    # One reading at the start, one per playout: past 4.5 after the fifth playout, mid-world.
    assert found.timed_out and found.worlds == 1 and all(len(m) == 1 for m in found.margins)
