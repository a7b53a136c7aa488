"""The rules reference: coverage of the rulebook, structure of the entries, and no copied text."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from great_harbor.lookup.reference import (
    Entry,
    ReferenceFormatError,
    children,
    get_entry,
    load_reference,
    parse_markdown,
)
from great_harbor.lookup.search import search

RULES_DIR = Path(__file__).resolve().parents[2].parent / "shared/rules"
RULEBOOK = RULES_DIR / "great-harbor-rulebook.txt"
RULINGS = RULES_DIR / "RULINGS.md"

# Every heading of the rulebook's table of contents, with the parent heading for nested ones, the
# reference entry that covers it, and a query a player would type to reach it.
TABLE_OF_CONTENTS: list[tuple[str | None, str, str, str]] = [
    (None, "Components", "components", "components"),
    (None, "Objective", "objective", "objective"),
    (None, "Setup", "setup", "setup"),
    (None, "Gameplay", "gameplay", "gameplay"),
    ("Gameplay", "Round Structure", "gameplay/round-structure", "round structure"),
    (None, "Turn Structure", "turn-structure", "turn structure"),
    ("Turn Structure", "Roll and Draft Phase", "roll-and-draft", "roll and draft phase"),
    ("Turn Structure", "Action Phase", "action-phase", "action phase"),
    ("Turn Structure", "Playing Dice Workers", "dice-workers", "playing dice workers"),
    ("Turn Structure", "Shore Fees", "shore-fees", "shore fees"),
    ("Turn Structure", "Harbor Tile Benefits", "harbor-tiles", "harbor tile benefits"),
    (None, "Govern Actions", "govern-actions", "govern actions"),
    ("Govern Actions", "Play a Person Card", "govern-actions/play-a-person-card", "play a person card"),
    ("Govern Actions", "Play a Building Card", "govern-actions/play-a-building-card", "play a building card"),
    (
        "Govern Actions",
        "Activate a Person Card",
        "govern-actions/activate-a-person-card",
        "activate a person card",
    ),
    (
        "Govern Actions",
        "Construct a Colony Structure",
        "govern-actions/construct-a-colony-structure",
        "construct a colony structure",
    ),
    ("Govern Actions", "Spend Favor Tokens", "govern-actions/spend-favor-tokens", "spend favor tokens"),
    ("Govern Actions", "Free Colonists", "govern-actions/free-colonists", "free colonists"),
    (
        "Govern Actions",
        "Employ Colonists for Luxury Production",
        "govern-actions/employ-colonists-for-luxury-production",
        "employ colonists for luxury production",
    ),
    (
        "Govern Actions",
        "Employ a Colonist in a Building",
        "govern-actions/employ-a-colonist-in-a-building",
        "employ a colonist in a building",
    ),
    (
        "Govern Actions",
        "Employ a Colonist as Crew on a Ship",
        "govern-actions/employ-colonists-as-ship-crew",
        "employ a colonist as crew on a ship",
    ),
    (None, "Ships and Ship Cards", "ships", "ships and ship cards"),
    ("Ships and Ship Cards", "Play a Ship Card", "govern-actions/play-a-ship-card", "play a ship card"),
    ("Ships and Ship Cards", "Repair a Ship", "govern-actions/repair-a-ship", "repair a ship"),
    (
        "Ships and Ship Cards",
        "Send Ships to Trade",
        "govern-actions/send-ships-to-trade",
        "send ships to trade",
    ),
    ("Ships and Ship Cards", "Convert Coins", "govern-actions/convert-coins", "convert coins"),
    (None, "Voyage Phase", "voyage-phase", "voyage phase"),
    ("Voyage Phase", "Pirate Cards", "voyage-phase/pirate-cards", "pirate cards"),
    ("Voyage Phase", "Trade", "voyage-phase/trade", "trade"),
    (None, "Additional Rules", "additional-rules", "additional rules"),
    ("Additional Rules", "Senate Board", "senate-board", "senate board"),
    ("Additional Rules", "Dice Color Bonus", "dice-color-bonus", "dice color bonus"),
    ("Additional Rules", "Governor Traits", "governor-traits", "governor traits"),
    (None, "End of Turn Steps", "end-of-turn", "end of turn steps"),
    (None, "End of Round Steps", "end-of-round", "end of round steps"),
    (None, "End of Game", "end-of-game", "end of game"),
    (None, "Harbor Shops Variant", "harbor-shops", "harbor shops variant"),
    ("Harbor Shops Variant", "Set Up", "harbor-shops/set-up", "harbor shops set up"),
    ("Harbor Shops Variant", "Gameplay", "harbor-shops/set-up-shop-action", "set up shop action"),
    ("Harbor Shops Variant", "End of Game", "harbor-shops/end-of-game", "harbor shops end of game"),
    (None, "Automa Rules", "automa", "automa rules"),
    ("Automa Rules", "Components", "automa/components", "automa components"),
    ("Automa Rules", "Setup", "automa/setup", "automa setup"),
    ("Automa Rules", "Gameplay", "automa/cards", "automa cards"),
    ("Automa Rules", "Action Phase", "automa/action-phase", "automa action phase"),
    ("Automa Rules", "Voyage Phase", "automa/voyage", "automa voyage"),
    ("Automa Rules", "End of Game", "automa/end-of-game", "automa end of game"),
    (None, "Appendix A - Person Card Clarification", "appendix-persons", "appendix a person cards"),
    (None, "Appendix B - Building Cards", "appendix-buildings", "appendix b building cards"),
    (None, "Appendix C - Iconography", "appendix-icons", "iconography"),
]

# Topics the brief names beyond the table of contents: rulebook body headings, each Harbor tile,
# the Automa steps, the variant's parts, and the appendix explanations.
OTHER_TOPICS = [
    "smugglers-district",
    "action-phase/turn-order",
    "dice-workers/benefit-tiers",
    "dice-workers/splitting-pips-on-a-shared-slot",
    "harbor-tiles/sailmaker",
    "harbor-tiles/ropeyard",
    "harbor-tiles/carpentry",
    "harbor-tiles/blacksmith-avenue",
    "harbor-tiles/colonists-office",
    "harbor-tiles/forum",
    "harbor-tiles/architects-office",
    "harbor-tiles/administration-office",
    "harbor-tiles/shipyard",
    "harbor-tiles/surplus-rule",
    "govern-actions/retire-a-ship",
    "ships/ship-stats",
    "harbor-shops/shop-ability",
    "automa/draft",
    "automa/placement",
    "automa/board-actions",
    "appendix-persons/activation-timing",
    "appendix-buildings/building-kinds",
    "rulings",
]

WORKED_EXAMPLES = [
    "action-phase/example-turn-order",
    "shore-fees/example-shore-fee-on-a-single-tile",
    "shore-fees/example-shore-fee-on-a-shared-slot",
    "dice-workers/example-splitting-pips",
    "smugglers-district/example-the-district-with-the-dice-bonus-tile",
    "harbor-tiles/example-surplus",
    "voyage-phase/example-battle-with-cumulative-pirate-strength",
    "voyage-phase/example-trade-with-a-luxury-demand",
    "senate-board/example-senate-bridged-bonus",
    "governor-traits/example-governor-pair-scoring",
]


def _words(text: str, *, split_on_punctuation: bool) -> list[str]:
    """Lower-case words with punctuation removed ("smuggler's" -> smugglers) or split on."""
    text = text.lower()
    if not split_on_punctuation:
        text = re.sub(r"[^\w\s]", "", text)
    return re.findall(r"[a-z0-9]+", text)


def _reference_files() -> dict[str, str]:
    folder = resources.files("great_harbor.lookup").joinpath("reference")
    return {
        item.name: item.read_text(encoding="utf-8") for item in folder.iterdir() if item.name.endswith(".md")
    }


def _rulebook_toc() -> list[tuple[str | None, str]]:
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    start = max(i for i, line in enumerate(lines) if line.strip() == "Table of Contents")
    headings: list[tuple[str | None, str]] = []
    parent: str | None = None
    for line in lines[start + 1 :]:
        if not line.strip():
            continue
        match = re.match(r"^(\s*)\u2022\s+(.*)$", line)
        if match is None:
            if headings:
                break
            continue
        if match.group(1):
            headings.append((parent, match.group(2).strip()))
        else:
            parent = match.group(2).strip()
            headings.append((None, parent))
    return headings


@pytest.mark.parametrize(
    ("parent", "heading", "entry_id", "query"),
    TABLE_OF_CONTENTS,
    ids=[f"{parent} > {heading}" if parent else heading for parent, heading, _, _ in TABLE_OF_CONTENTS],
)
def test_every_table_of_contents_heading_has_an_entry(
    parent: str | None, heading: str, entry_id: str, query: str
) -> None:
    entry = get_entry(entry_id)
    assert entry.body.strip(), f"{entry_id} has no text"
    found = [result.entry.id for result in search(query, limit=3)]
    assert entry_id in found, f"searching {query!r} for {heading!r} gave {found}"


def test_table_of_contents_list_matches_the_rulebook() -> None:
    if not RULEBOOK.exists():
        pytest.skip(f"rulebook not found at {RULEBOOK}; cannot compare its table of contents")
    listed = [(parent, heading) for parent, heading, _, _ in TABLE_OF_CONTENTS]
    assert listed == _rulebook_toc()


@pytest.mark.parametrize("entry_id", OTHER_TOPICS + WORKED_EXAMPLES)
def test_required_topics_and_examples_exist(entry_id: str) -> None:
    assert get_entry(entry_id).body.strip()


def test_entries_are_well_formed() -> None:
    entries = load_reference()
    ids = [entry.id for entry in entries]
    assert len(ids) == len(set(ids))
    for entry in entries:
        assert re.fullmatch(r"[a-z0-9-]+(/[a-z0-9-]+)?", entry.id), entry.id
        assert entry.title and entry.body.strip(), entry.id
        assert entry.breadcrumb[-1] == entry.title
        assert "<!--" not in entry.body, f"keyword comment left in the body of {entry.id}"
        if entry.parent is not None:
            chapter = get_entry(entry.parent)
            assert entry.breadcrumb == (chapter.title, entry.title)
            assert f"## {entry.title}" in chapter.body


def test_every_file_starts_with_a_title() -> None:
    for name, text in _reference_files().items():
        assert text.startswith("# "), name
        assert "\n## " in text, f"{name} has no sections"


def test_chapter_body_holds_its_sections_and_keywords() -> None:
    chapter = get_entry("shore-fees")
    sections = children("shore-fees")
    assert [s.id for s in sections][:2] == ["shore-fees/shore-slots", "shore-fees/how-the-fee-is-set"]
    for section in sections:
        assert section.body in chapter.body
    assert "shore fee" in chapter.keywords
    assert "How the fee is set" in chapter.keywords
    assert "highest die" in get_entry("shore-fees/how-the-fee-is-set").keywords


def test_kinds_mark_examples_and_rulings() -> None:
    assert get_entry("shore-fees/example-shore-fee-on-a-single-tile").kind == "example"
    assert get_entry("shore-fees/how-the-fee-is-set").kind == "rules"
    assert get_entry("rulings/resource-cap").kind == "ruling"
    assert get_entry("engine-rulings/favor-pips").kind == "ruling"  # the edition's own rulings too


def test_parse_markdown_rejects_bad_files() -> None:
    with pytest.raises(ReferenceFormatError):
        parse_markdown("no title here\n## Section\ntext", "bad")
    with pytest.raises(ReferenceFormatError):
        parse_markdown("# T\n## Same\na\n## Same\nb", "bad")
    with pytest.raises(ReferenceFormatError):
        parse_markdown("# T\n## A\na\n# Another title\n", "bad")


def test_parse_markdown_ignores_headings_in_code_fences() -> None:
    entries = parse_markdown("# Title\nlead\n## One\n```\n## not a section\n```\n", "t")
    assert [entry.id for entry in entries] == ["t", "t/one"]
    assert "## not a section" in entries[1].body


def test_section_ids_drop_a_repeated_chapter_name() -> None:
    entries = parse_markdown("# Automa Rules\n## Automa draft\ntext\n", "automa")
    assert entries[1].id == "automa/draft"


def test_glossary_style_entry_defaults() -> None:
    entry = Entry(id="person-21", title="Corsair", body="text")
    assert entry.breadcrumb == ("Corsair",)
    assert entry.indexed_text == "text"


def test_rulings_restate_every_ruling() -> None:
    if not RULINGS.exists():
        pytest.skip(f"RULINGS.md not found at {RULINGS}")
    rulings = [line for line in RULINGS.read_text(encoding="utf-8").splitlines() if line.startswith("- ")]
    assert len(children("rulings")) == len(rulings)


def test_reference_copies_no_run_of_twelve_words_from_the_rulebook() -> None:
    if not RULEBOOK.exists():
        pytest.skip(f"rulebook not found at {RULEBOOK}; the no-copy check needs it")
    book = RULEBOOK.read_text(encoding="utf-8")
    copied: list[str] = []
    for split in (False, True):
        book_words = _words(book, split_on_punctuation=split)
        windows = {tuple(book_words[i : i + 12]) for i in range(len(book_words) - 11)}
        for name, text in sorted(_reference_files().items()):
            words = _words(text, split_on_punctuation=split)
            for i in range(len(words) - 11):
                if tuple(words[i : i + 12]) in windows:
                    copied.append(f"{name}: {' '.join(words[i : i + 12])}")
    assert not copied, "text copied from the rulebook:\n" + "\n".join(sorted(set(copied)))
