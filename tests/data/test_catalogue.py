"""The shipped catalogue loads, has the rulebook's counts and a proper harbor layout."""

from __future__ import annotations

from collections import Counter

from great_harbor.coach.lessons import FILE as LESSONS_FILE
from great_harbor.data import Catalogue
from great_harbor.data.catalogue import EXPECTED_COUNTS, FILE_NAMES
from great_harbor.data.files import FILES
from great_harbor.data.models import Colour


def test_every_shipped_file_is_read(catalogue: Catalogue) -> None:
    """Each YAML file in data/ is the catalogue's, or the coach's lessons (read only when learning)."""
    shipped = {p.name for p in catalogue.directory.glob("*.yaml")}
    assert shipped == set(FILES) | {LESSONS_FILE}


def test_the_loader_reads_the_files_the_file_models_name_in_their_order() -> None:
    assert FILE_NAMES == tuple(FILES)


def test_counts_match_the_rulebook(catalogue: Catalogue) -> None:
    counts = catalogue.counts()
    for key, want in EXPECTED_COUNTS.items():
        assert counts[key] == want, key


def test_harbor_grid_has_12_shore_and_12_shared_slots(catalogue: Catalogue) -> None:
    sizes = Counter(len(cells) for cells in catalogue.slot_cells.values())
    assert sizes == {1: 12, 2: 12}


def test_shipyard_in_centre_has_four_shared_slots(catalogue: Catalogue) -> None:
    slots = catalogue.cell_slots[(1, 1)]
    assert len(slots) == 4
    assert all(len(catalogue.slot_cells[s]) == 2 for s in slots)


def test_corner_cells_have_two_shore_slots(catalogue: Catalogue) -> None:
    for cell in [(0, 0), (0, 2), (2, 0), (2, 2)]:
        shore = [s for s in catalogue.cell_slots[cell] if len(catalogue.slot_cells[s]) == 1]
        assert len(shore) == 2


def test_cell_slots_run_clockwise_from_top(catalogue: Catalogue) -> None:
    # Centre cell: top edge is h11, right v12, bottom h21, left v11.
    assert catalogue.cell_slots[(1, 1)] == ("h11", "v12", "h21", "v11")


def test_every_colour_has_twelve_slot_halves(catalogue: Catalogue) -> None:
    halves = Counter(c for s in catalogue.harbor.slots for c in s.colours)
    assert halves == {c: 12 for c in Colour}


def test_pirate_strengths(catalogue: Catalogue) -> None:
    assert sorted(p.strength for p in catalogue.pirates.values()) == [0, 0, 1, 1, 1, 2, 2, 2, 3, 3]


def test_copies_of_patrician_investor_engineer_differ_in_colour(catalogue: Catalogue) -> None:
    for name in ("Patrician", "Investor", "Engineer"):
        colours = {p.colour for p in catalogue.persons.values() if p.name == name}
        assert len(colours) == 3, name


def test_six_persons_and_five_buildings_per_colour(catalogue: Catalogue) -> None:
    assert Counter(p.colour for p in catalogue.persons.values()) == {c: 6 for c in Colour}
    assert Counter(b.colour for b in catalogue.buildings.values()) == {c: 5 for c in Colour}


def test_larger_ships_cost_more_and_are_stronger(catalogue: Catalogue) -> None:
    def stats(size: str) -> tuple[int, int]:
        ships = [s for s in catalogue.ships.values() if s.size == size]
        return min(sum(s.cost.values()) for s in ships), min(s.strength for s in ships)

    small, medium, large = stats("small"), stats("medium"), stats("large")
    assert small[0] < medium[0] < large[0]
    assert small[1] < medium[1] < large[1]


def test_appendix_numbers_and_names(catalogue: Catalogue) -> None:
    persons = {p.number: p.name for p in catalogue.persons.values()}
    assert persons[21] == "Corsair" and persons[24] == "Praetor" and persons[15] == "Architect"
    buildings = {b.number: b.name for b in catalogue.buildings.values()}
    assert buildings[12] == "Engineer's Hut" and buildings[20] == "Curia"
    assert catalogue.buildings["building-12"].colonists == 2


def test_models_are_frozen(catalogue: Catalogue) -> None:
    ship = catalogue.ships["ship-1"]
    try:
        ship.speed = 9  # type: ignore[misc]
    except Exception:
        pass
    assert ship.speed != 9


def test_dice_table(catalogue: Catalogue) -> None:
    table = {n: (row.per_colour * 4, row.drawn) for n, row in catalogue.supply.dice_by_seats.items()}
    assert table == {2: (12, 5), 3: (16, 7), 4: (20, 9)}


def test_one_laurel_conversion_card(catalogue: Catalogue) -> None:
    assert sum(c.laurel for c in catalogue.conversion_cards.values()) == 1
