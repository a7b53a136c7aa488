"""Resources and cards as the heuristic player values them: resources are worth what they bring
toward the projects in reach (cards in hand and colony structures, best value per resource
first); a card is worth its Prestige, what playing its colour adds and its use; cards drawn
blind are worth the average of the cards not yet seen."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence

from great_harbor.engine import Game, colony, senate, supply
from great_harbor.engine.state import ShipState

from .voyages import Boat, Memos, Voyages
from .worth import BUILDING_USE, COIN, DONE, PERSON_USE, SPARE

_Entry = tuple[float, tuple[tuple[str, int], ...], int, float]  # value, cost, its size, rank


def _order(projects: list[tuple[str, dict[str, int], float]]) -> list[_Entry]:
    """Projects best value per resource first (a stable sort), those worth nothing left out."""
    ranked = sorted(projects, key=lambda x: -x[2] / max(1, sum(x[1].values())))
    return [(value, tuple(cost.items()), sum(cost.values()), -value / max(1, sum(cost.values())))
            for _, cost, value in ranked if value > 0]


class Values(Voyages):
    """What a seat's resources, Senate steps, colonists and cards are worth at one decision."""

    def __init__(self, game: Game, seat: int, memos: Memos | None = None) -> None:
        super().__init__(game, seat, memos)
        projects = self._cards_memo.get("projects")
        if projects is None:
            projects = self._cards_memo["projects"] = self._projects()
        self.projects: list[tuple[str, dict[str, int], float]] = projects
        self.base = self.resource_worth(self.p.resources, self.projects)

    # --- resources and projects -----------------------------------------------------------------

    def _projects(self) -> list[tuple[str, dict[str, int], float]]:
        """What resources are for: Buildings and Ships in hand, unbuilt Dock Huts and Insulae."""
        out = []
        for card in dict.fromkeys(self.p.hand):
            if card.startswith("building-"):
                out.append((card, supply.cost_of(self.cat.buildings[card].cost), self.building_worth(card)))
            elif card.startswith("ship-"):
                out.append((card, supply.cost_of(self.cat.ships[card].cost), self.ship_card_worth(card)))
        for site in self.cat.colony_board.sites:
            if site.id not in self.p.structures:
                out.append((site.id, supply.cost_of(site.cost), self.structure_worth(site.id)))
        return out

    def resource_worth(self, res: Mapping[str, int], projects: list[tuple[str, dict[str, int], float]]) -> float:
        """Best value per resource first: projects paid in full count almost whole, the next three
        by the share already gathered (only while turns remain); spare resources count a little."""
        names = tuple(x[0] for x in projects)  # a project's cost and value are fixed within a decision
        key = ("resources", tuple(res.items()), names)
        memo = self._cards_memo  # projects are fixed while the cards are
        worth: float | None = memo.get(key)
        if worth is not None:
            return worth
        order = memo.get(("order", names))
        if order is None:
            order = memo[("order", names)] = _order(projects)
        left = dict(res)
        total, _ = self._count(order, left, 0.0, 0)
        memo[key] = worth = total + SPARE * self.tf * sum(left.values())
        return worth

    def _count(self, order: Sequence[_Entry], left: dict[str, int], total: float, partial: int) -> tuple[float, int]:
        """:meth:`resource_worth`'s count over ``order`` from where it stands (``left`` is spent
        as it goes): the total and how many projects were counted by their share."""
        tf = self.tf
        for value, items, size, _ in order:
            for r, n in items:
                if left[r] < n:
                    break
            else:  # paid in full
                total += DONE * value
                for r, n in items:
                    left[r] -= n
                continue
            if partial < 3 and tf > 0:
                partial += 1
                covered = 0
                for r, n in items:
                    c = min(left[r], n)
                    covered += c
                    left[r] -= c
                total += value * tf * (0.15 + 0.5 * covered / size)
        return total, partial

    def _with_project(self, card: str) -> float:
        """:meth:`resource_worth` of the seat's resources for its projects and the Building or
        Ship ``card`` too, worked out from where the count of its projects alone stood at the new
        one's place (the same sums in the same order: the same figure, for a fraction of the
        work). Every card that could be drawn asks it."""
        entry = self._cards_memo.get(("entry", card))
        if entry is None:  # what the card is as a project, while the cards stand
            building = card.startswith("building-")
            cost = supply.cost_of(self.cat.buildings[card].cost if building else self.cat.ships[card].cost)
            value = self.building_worth(card) if building else self.ship_card_worth(card)
            size = sum(cost.values())
            entry = self._cards_memo[("entry", card)] = (value, tuple(cost.items()), size, -value / max(1, size))
        if entry[0] <= 0:  # left out of the count: the projects' own figure
            return self.base
        memo = self._res_memo
        start = memo.get("counted")
        if start is None:
            order = self._cards_memo.get(("order", tuple(x[0] for x in self.projects))) or _order(self.projects)
            marks = []
            left = dict(self.p.resources)
            total, partial = 0.0, 0
            for i in range(len(order)):
                marks.append((dict(left), total, partial))
                total, partial = self._count(order[i:i + 1], left, total, partial)
            marks.append((left, total, partial))
            start = memo["counted"] = (order, [e[3] for e in order], marks)
        order, keys, marks = start
        # Where a stable sort puts it, last of the input: after every project ranked as high.
        at = bisect_right(keys, entry[3])
        left, total, partial = marks[at]
        left = dict(left)
        total, _ = self._count([entry, *order[at:]], left, total, partial)
        return total + SPARE * self.tf * sum(left.values())

    def gain_worth(self, gains: Mapping[str, int]) -> float:
        top = self.cat.colony_board.resource_max
        res = dict(self.p.resources)
        surplus = 0.0
        for r, n in gains.items():
            if res[r] + n > top:
                surplus = 1.0
            res[r] = min(top, res[r] + n)
        return self.resource_worth(res, self.projects) - self.base + surplus

    def spend_worth(self, cost: Mapping[str, int], done: str = "") -> float:
        """What paying ``cost`` loses, the project ``done`` (now built) no longer counted."""
        res = dict(self.p.resources)
        for r, n in cost.items():
            res[r] -= n
        rest = [x for x in self.projects if x[0] != done]
        return self.base - self.resource_worth(res, rest)

    def colonists_worth(self, n: int) -> float:
        found = self._cards_memo.get("colonists")
        if found is None:
            room = supply.housing_capacity(self.g, self.p) - self.p.free_colonists
            each = 0.25 + 0.45 * self.tf + (0.5 if "building-20" in self.p.buildings else 0)
            found = self._cards_memo["colonists"] = (each, room, self.s.colonist_supply)
        each, room, left = found
        return each * max(0, min(n, room, left))

    # --- cards ------------------------------------------------------------------------------------

    def play_bonus(self, colour: str) -> float:
        """What playing any card of ``colour`` adds: a Senate step, the Dice Color Bonus at the
        second card, a Governor pair."""
        key = ("play_bonus", colour)
        if key in self._cards_memo:
            return self._cards_memo[key]  # type: ignore[no-any-return]
        v = self.senate_step_worth(colour)
        if self.p.played_colours[colour] == 1:
            v += 0.2 * (self.turns_left - 1)
        a, b = (str(c) for c in self.cat.governors[self.p.governor].colours)
        if colour in (a, b):
            counts = self.p.played_colours
            other = b if colour == a else a
            v += 1.0 if counts[colour] < counts[other] else 0.3
        self._cards_memo[key] = v
        return v

    def senate_step_worth(self, colour: str, steps: int = 1) -> float:
        key = ("senate", colour, steps)
        if key in self._cards_memo:
            return self._cards_memo[key]  # type: ignore[no-any-return]
        pos = self.p.senate[colour]
        top = senate.top_space(self.g)
        v = 0.0
        for step in range(1, steps + 1):
            if pos + step > top:
                break
            v += 0.1
            track = next(t for t in self.cat.senate.tracks if t.colour == colour)
            bonuses = [sp.bonus for sp in track.spaces if sp.space == pos + step]
            for i, br in enumerate(self.cat.senate.bridges):
                other = br.tracks[1] if br.tracks[0] == colour else br.tracks[0]
                if (colour in br.tracks and i not in self.p.senate_bridges and br.space == pos + step
                        and self.p.senate[other] >= br.space):
                    bonuses.append(br.bonus)
            for bo in bonuses:
                v += bo.prestige + COIN * bo.coins + 0.5 * bo.resource + self.colonists_worth(bo.colonists)
        self._cards_memo[key] = v
        return v

    def person_worth(self, card: str) -> float:
        if not colony.person_slot_options(self.g, self.p, card):
            return 0.0
        c = self.cat.persons[card]
        use = PERSON_USE.get(card, 0.5) * (1 if self.turns_left > 1 else 0.3)
        return c.prestige + self.play_bonus(str(c.colour)) + use

    def building_worth(self, card: str) -> float:
        key = ("building", card)
        if key not in self._cards_memo:
            self._cards_memo[key] = self._building_worth(card)
        return self._cards_memo[key]  # type: ignore[no-any-return]

    def _building_worth(self, card: str) -> float:
        b = self.cat.buildings[card]
        rounds = (self.turns_left + 1) // 2
        p = self.p
        v = b.prestige + self.play_bonus(str(b.colour))
        if card == "building-5":
            v += p.medium_ships_built + 0.1 * self.turns_left
        elif card == "building-10":
            v += (len(p.buildings) + 1 + 0.2 * self.turns_left) / 2
        elif card == "building-15":
            v += (len(p.structures) + 0.3 * self.turns_left) / 2
        elif card == "building-20":
            v += (supply.colonists_in_colony(p) + 0.3 * self.turns_left) / 2
        else:
            v += BUILDING_USE.get(card, 0.0) * rounds
        return v

    def ship_card_worth(self, card: str, replaced: ShipState | None = None) -> float:
        """A Ship: its Prestige, the play bonus, and its voyages (less those of a ship it retires)."""
        sh = self.cat.ships[card]
        boat = Boat(sh.strength + self.strength_bonus(sh.size, crewed=False), sh.cargo, sh.speed, False)
        v = sh.prestige + self.play_bonus(str(sh.colour)) + self.voyages * max(0.0, self.send_worth(boat))
        if replaced is not None:
            v -= self.voyages * max(0.0, self.send_worth(self.boat(replaced)))
        elif not any(d is None for d in self.p.docks):
            v -= 1.0  # it will have to retire one
        return v

    def structure_worth(self, site_id: str) -> float:
        p = self.p
        v = 1.0 + sum(1 for x, y in self.cat.colony_board.adjacency
                      if site_id in (x, y) and (y if x == site_id else x) in p.structures)
        if "building-15" in p.buildings:
            v += 0.5
        if site_id.startswith("insula"):
            v += 0.6 * self.tf
        else:
            sh = p.docks[int(site_id[-1]) - 1]
            v += (0.4 + (0.6 if sh is not None and sh.damage else 0)) * self.tf
        return v

    def hand_card_worth(self, card: str) -> float:
        """What one more card in hand adds (a Person is played at once)."""
        person = card.startswith("person-")
        memo = self._cards_memo if person else self._res_memo  # a Person's worth is not in resources
        key = ("hand", card)
        if key not in memo:
            if person:
                w = self.person_worth(card)
            else:
                w = self._with_project(card) - self.base
            memo[key] = w
        return memo[key]  # type: ignore[no-any-return]

    def unseen(self, deck: str) -> list[str]:
        """Cards of a deck this seat has not seen: not on display, in its hand or in play."""
        s = self.s
        known = set(self.p.hand)
        for q in s.players:
            known.update(q.buildings if deck == "building" else (c for slot in q.person_slots for c in slot))
        known.update(s.building_display if deck == "building" else s.person_display)
        every = self.cat.buildings if deck == "building" else self.cat.persons
        return [c for c in every if c not in known]

    def draw_worth(self, deck: str, source: str, size: str | None) -> float:
        key = ("draw", deck, source, size)
        # A Person's worth does not depend on resources (see hand_card_worth): kept with the cards.
        memo = self._cards_memo if deck == "person" else self._res_memo
        if key not in memo:
            memo[key] = self._draw_worth(deck, source, size)
        return memo[key]  # type: ignore[no-any-return]

    def _draw_worth(self, deck: str, source: str, size: str | None) -> float:
        s = self.s
        if deck == "ship":
            card = s.ship_display.get(size or "", "")
            return max(0.0, self.hand_card_worth(card)) if card else 0.0
        if source == "display":
            shown = s.building_display if deck == "building" else s.person_display
            return max((self.hand_card_worth(c) for c in shown), default=0.0)
        pile = s.building_deck if deck == "building" else s.person_deck
        pool = self._cards_memo.get(("unseen", deck))
        if pool is None:
            pool = self._cards_memo[("unseen", deck)] = self.unseen(deck)
        if not pile or not pool:
            return 0.0
        return sum(max(0.0, self.hand_card_worth(c)) for c in pool) / len(pool)

