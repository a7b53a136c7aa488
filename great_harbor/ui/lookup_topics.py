"""What the rules lookup should open: the entry for the thing a player points at, the rule behind
a refusal, and the things on the table the lookup lists under "On the table".

Pure functions of the game (and of what the screen shows): no widget is touched here. The index
of the lookup is built once per catalogue, in a thread soon after start-up (:func:`warm_index`),
and :func:`index_for` hands it out.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from great_harbor.engine import Game, decisions, names, rule_ids, rulebook, scoring
from great_harbor.engine.actions import (
    Action,
    ActivatePerson,
    AssignPips,
    Choose,
    Draft,
    EmployBuilding,
    EmployCrew,
    FavorSenate,
    PlaceDie,
    PlayBuilding,
    PlayPerson,
    PlayShip,
    Repair,
    RetrieveMarker,
    SailOn,
    SendShip,
    Trade,
    UseConversion,
)
from great_harbor.engine.describe import card_name, describe, prompt, slot_tiles
from great_harbor.engine.errors import Refusal
from great_harbor.engine.game import SeatView
from great_harbor.engine.harbor import DISTRICT
from great_harbor.engine.rulebook import candidates
from great_harbor.engine.state import Pending

from .widgets.picker import WORD, kind_words, matches

if TYPE_CHECKING:
    from great_harbor.data import Catalogue
    from great_harbor.lookup import SearchIndex

# The key that opens the entry for what is highlighted (context help), as shown to players.
CONTEXT_KEY = "F5"
# How long after a refusal the context key opens the refusal's rule: as long as the table's
# notification of it stays up (GameScreen.show_refusal).
REFUSAL_SECONDS = 6.0
DICE_BONUS_RULE = "dice-color-bonus"
UNDO_RULE = "app/undo"  # how far undo reaches (the app's page: undo is the table's, not a rule of the game)

__all__ = [
    "CONTEXT_KEY",
    "REFUSAL_SECONDS",
    "HasContextHelp",
    "UNDO_RULE",
    "TableThing",
    "Topic",
    "WhyNot",
    "index_for",
    "pending_topic",
    "refusal_topic",
    "slot_topic",
    "score_things",
    "table_things",
    "topic_for_action",
    "warm_index",
    "why_not",
]


@dataclass(frozen=True)
class Topic:
    """An entry to open, what it is about in words (shown above the entry), and more entries about
    the same thing (listed with the entry's links)."""

    entry: str
    about: str
    related: tuple[str, ...] = ()


@runtime_checkable
class HasContextHelp(Protocol):
    """A screen that says what the context key opens on it (the app asks the screen in front)."""

    def context_topic(self) -> Topic | None:
        """The entry for what is highlighted or pointed at, else what the screen is about."""


@dataclass(frozen=True)
class TableThing:
    """One thing on the table the lookup lists: its group (``"Displays"``), its label, its entry."""

    group: str
    label: str
    entry: str


@dataclass(frozen=True)
class WhyNot:
    """An action the player asked for that the engine refuses: the text the picker shows and the
    rule behind the refusal (``None`` when no rule is known). ``action`` is None when the filter
    names only a kind of action that does not answer the decision pending ("trade" in a turn)."""

    action: Action | None
    text: str
    rule: str | None


# --- the index ------------------------------------------------------------------------------------

_lock = threading.Lock()


def index_for(catalogue: Catalogue | None) -> SearchIndex:
    """The lookup's index for ``catalogue`` (the rules reference alone when there is none: the
    shipped catalogue may be broken). Built once; a call while :func:`warm_index` builds it waits."""
    # Here, not at the top (start-up; as every import of great_harbor.lookup in this module): the index,
    # its reference text and the links load after the first frame, in a thread.
    from great_harbor.lookup import lookup_index

    with _lock:
        if catalogue is None:
            return _reference_only()
        return lookup_index(catalogue)


_reference: list[SearchIndex] = []


def _reference_only() -> SearchIndex:
    from great_harbor.lookup import SearchIndex, load_reference  # start-up: after the first frame (see index_for)

    if not _reference:
        _reference.append(SearchIndex(load_reference()))
    return _reference[0]


def warm_index(catalogue: Catalogue | None) -> None:
    """Build the index now (for a worker thread), so the first ``?`` opens at once."""
    index_for(catalogue)


def title_of(index: SearchIndex, entry: str | None) -> str | None:
    return index.get(entry).title if entry is not None and entry in index else None


# --- context help ---------------------------------------------------------------------------------


def _tiles(game: Game, slot: str) -> list[str]:
    return [] if slot == DISTRICT else slot_tiles(game, slot)


def slot_topic(game: Game, slot: str, about: str) -> Topic:
    """A Harbor slot: the tile it touches (the first of two on a shared slot), then the other tile
    and the rule of the slot itself."""
    # Start-up: after the first frame (see index_for).
    from great_harbor.lookup.links import entry_for_slot, entry_for_tile

    rule = entry_for_slot(slot, game.cat)
    tiles = [entry_for_tile(t) for t in _tiles(game, slot)]
    entries = [*tiles, *([rule] if rule else []), "dice-workers/where-a-die-may-go"]
    return Topic(entries[0], about, tuple(dict.fromkeys(entries[1:])))


def _ship_card(game: Game, seat: int | None, dock: int) -> str | None:
    if seat is None:
        return None
    docks = game.s.players[seat].docks
    ship = docks[dock - 1] if 0 < dock <= len(docks) else None
    return ship.card if ship is not None else None


def _card(card: str) -> str:
    from great_harbor.lookup.links import entry_for_card  # start-up: after the first frame (see index_for)

    return entry_for_card(card) or card


def topic_for_action(game: Game, action: Action, about: str | None = None) -> Topic:
    """The entry for an action: the thing it is about (a card, a ship, a tile, a Senate track),
    with the rule of the action itself related; the rule alone when it is about nothing else."""
    # Start-up: after the first frame (see index_for).
    from great_harbor.lookup.links import entry_for_action, entry_for_senate_track, entry_for_tile

    top = game.pending
    seat = top.seat if top is not None else None
    about = about or f"the highlighted action: {describe(game, action)}"
    rule = entry_for_action(action, top) or "govern-actions/the-twelve-actions"
    subject: str | None = None
    if isinstance(action, PlaceDie):
        placed = slot_topic(game, action.slot, about)
        return Topic(placed.entry, about, (*placed.related, DICE_BONUS_RULE))
    if isinstance(action, AssignPips) and top is not None:
        entries = [entry_for_tile(str(t)) for t in getattr(top.data, "tiles", ())] + [rule]
        return Topic(entries[0], about, tuple(dict.fromkeys(entries[1:])))
    if isinstance(action, Draft):
        return Topic(rule, about, (DICE_BONUS_RULE,))
    if isinstance(action, PlayPerson | PlayBuilding | ActivatePerson | EmployBuilding | PlayShip | UseConversion
                  | RetrieveMarker):
        subject = _card(action.card)
    elif isinstance(action, Repair | SendShip | EmployCrew | Trade | SailOn):
        card = _ship_card(game, seat, action.dock)
        subject = _card(card) if card else None
    elif isinstance(action, FavorSenate):
        subject = entry_for_senate_track(action.colour)
    elif isinstance(action, Choose) and _is_card(game, action.option):
        subject = _card(action.option)
    if subject is None or subject == rule:
        return Topic(rule, about)
    return Topic(subject, about, (rule,))


def _is_card(game: Game, card: str) -> bool:
    cat = game.cat
    return any(card in cards for cards in (cat.persons, cat.buildings, cat.ships, cat.pirates, cat.governors,
                                            cat.conversion_cards))


def pending_topic(view: SeatView) -> Topic:
    """What the game waits for, as ``view``'s seat may know it: another seat's private decision
    does not name the card that asks it."""
    from great_harbor.lookup.links import entry_for_pending  # start-up: after the first frame (see index_for)

    top = view.pending
    if top is None:
        return Topic("end-of-game", "the end of the game")
    game = view
    if top.seat != view.seat and top.data.private:
        return Topic("turn-structure", "the decision the game waits for")
    entry = entry_for_pending(top) or "turn-structure"
    return Topic(entry, f"what the game waits for: {prompt(game)}")


def refusal_topic(refusal: Refusal) -> Topic:
    """The rule behind an engine refusal (``IllegalAction.refusal`` or ``Game.why_illegal``)."""
    return Topic(refusal.rule, f"why not: {refusal.reason.strip().rstrip('.')}")


def why_not(game: Game, query: str) -> WhyNot | None:
    """When the picker's filter matches no legal action: why the actions the player might mean
    are refused. First every candidate of the pending decision whose words match; when several
    are, the reason most of them share is the one that matters (typing "launch": not the one dock
    whose ship is at sea, but the planks every dock would need). Then the seat's actions at another
    decision ("send bireme" while drafting), then any kind of action the filter names ("trade")."""
    top = game.pending
    if top is None or not game.legal_actions():  # not this seat's decision: nothing to explain
        return None
    if not query.strip():
        return None
    refused = [(a, game.why_illegal(a)) for a in candidates(game, top) if not game.is_legal(a)]
    found = _most_common(game, query, refused)
    if found is None:
        found = _most_common(game, query, decisions.elsewhere(game, top))
    if found is None:
        found = _named_kind(game, top, query)
    return found


def _most_common(game: Game, query: str, refused: list[tuple[Action, Refusal]]) -> WhyNot | None:
    """Of the refused actions the filter finds (as the action list finds them), the first of those
    whose reason is the most common."""
    named = [(a, words, r) for a, r in refused
             if matches(f"{describe(game, a)} {(words := refused_words(game, a))} {kind_words(a.kind)}", query)]
    if not named:
        return None
    counts = Counter(r.reason for _, _, r in named)
    action, words, refusal = max(named, key=lambda x: counts[x[2].reason])
    return WhyNot(action, f"Not possible: {words} — {refusal.reason}.", refusal.rule)


def refused_words(game: Game, action: Action) -> str:
    """A refused action in words: what it would do, but for a die placement only where the die
    would go (what the slot would give says nothing when the slot is taken)."""
    if isinstance(action, PlaceDie):
        return f"Place {names.die(game, action.die)} on {names.slot_name(game, action.slot)}"
    return describe(game, action)


# A word of the filter names a kind of action when it starts one of the kind's words with at
# least this many letters ("se" would name both sending and the Senate).
_KIND_PREFIX = 3


def _named_kind(game: Game, top: Pending, query: str) -> WhyNot | None:
    """The kind of action, of those that do not answer the decision pending, that the filter's
    words name most ("play ship": launching a ship), with when it is taken instead."""
    typed = [w for w in WORD.findall(query.lower()) if len(w) >= _KIND_PREFIX]
    here = rulebook.answers(top.kind)
    best: tuple[int, type[Action]] | None = None
    for cls in decisions.WHEN:
        if cls in here:
            continue
        words = WORD.findall(kind_words(cls.kind).lower())
        score = sum(any(w.startswith(t) for w in words) for t in typed)
        if score and (best is None or score > best[0]):
            best = (score, cls)
    if best is None:
        return None
    refusal = decisions.not_now(game, top, best[1])
    return WhyNot(None, f"Not possible: {refusal.reason}.", refusal.rule)


# --- the things on the table ----------------------------------------------------------------------


def table_things(view: SeatView, seat: int | None) -> list[TableThing]:
    """Everything the table shows that has an entry: the Harbor tiles, the displays, the Conversion
    cards and the Dice Bonus tile, the Senate tracks, the revealed Pirates, the Automa's board, every
    seat's score if the game ended now (item by item), and the colony of ``seat`` (the one on
    screen); its hand when it is the view's own."""
    # Start-up: after the first frame (see index_for).
    from great_harbor.lookup.links import entry_for_senate_track, entry_for_tile

    game = view
    s = game.s
    cat = game.cat
    show_hand = seat is not None and seat == view.seat
    out: list[TableThing] = []
    top = game.pending
    if top is not None:
        topic = pending_topic(view)
        out.append(TableThing("Now", prompt(game) if not top.data.private or top.seat == view.seat
                              else "A decision", topic.entry))
    for cell in sorted(s.layout):
        tile = s.layout[cell]
        out.append(TableThing("Harbor tiles", cat.tiles[tile].name, entry_for_tile(tile)))
    for label, cards in (("Persons display", s.person_display), ("Buildings display", s.building_display),
                         ("Ships display", [c for c in s.ship_display.values() if c])):
        out += [TableThing(label, card_name(game, c), _card(c)) for c in cards]
    out += [TableThing("Conversion cards", cat.conversion_cards[c].name, _card(c)) for c in s.conversions]
    if s.dice_bonus_stack:
        out.append(TableThing("Dice Bonus tile", "The Dice Bonus tile in play", _card(s.dice_bonus_stack[0])))
    for colour in cat.senate.tracks:
        track = entry_for_senate_track(str(colour.colour))
        if track:
            out.append(TableThing("Senate tracks", f"{str(colour.colour).capitalize()} track", track))
    out += [TableThing("Pirates", card_name(game, c), _card(c)) for c in s.pirates if c]
    for p in s.players:
        if p.automa:  # its board and markers (F2 at the table draws them)
            out.append(TableThing("The Automa", "The Automa board", "automa-board"))
    out += score_things(view)
    if seat is not None:
        p = s.players[seat]
        colony = f"Colony of {p.name}"
        out.append(TableThing(colony, f"Governor {cat.governors[p.governor].name}", _card(p.governor)))
        for slot in p.person_slots:
            out += [TableThing(colony, card_name(game, c), _card(c)) for c in slot]
        out += [TableThing(colony, card_name(game, c), _card(c)) for c in p.buildings]
        out += [TableThing(colony, card_name(game, ship.card), _card(ship.card)) for ship in p.docks if ship]
        if show_hand:
            out += [TableThing(f"Hand of {p.name}", card_name(game, c), _card(c)) for c in dict.fromkeys(p.hand)]
    return out


def score_things(view: SeatView) -> list[TableThing]:
    """Every seat's final score if the game ended now, a group per seat, an item per line, each
    opening the rule it scores by (the Automa's own list for the Automa)."""
    out: list[TableThing] = []
    for p, sc in zip(view.s.players, view.projected_scores(), strict=True):
        group = f"{p.name}: {sc['total']} if it ended now"  # short: the contents are 37 wide at 120x36
        for key in scoring.items_of(p):
            entry = rule_ids.AUTOMA_SCORING if p.automa else rule_ids.SCORING_RULES[key]
            out.append(TableThing(group, f"{sc[key]} {scoring.ITEM_WORDS[key]}", entry))
    return out
