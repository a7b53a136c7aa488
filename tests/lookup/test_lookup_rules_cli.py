"""``great-harbor rules``: best match as text, the section list, and suggestions on a miss."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from great_harbor.cli import main
from great_harbor.data import default_data_dir

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["rules", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_shore_fee_prints_our_explanation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "shore fee")
    assert code == 0 and err == ""
    assert out.lstrip().startswith("Shore Fees")
    assert "The fee equals the highest value among them" in out
    assert "Also matching:" in out
    assert "shore-fees/how-the-fee-is-set" not in out.split("Also matching:")[1]  # shown above already


def test_words_need_no_quotes(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "shore", "fee")[1] == run(capsys, "shore fee")[1]


@pytest.mark.parametrize("query", ["corsair", "person 21", "person-21", "Corsiar"])
def test_the_corsair_card(capsys: pytest.CaptureFixture[str], query: str) -> None:
    code, out, _ = run(capsys, query)
    assert code == 0
    assert out.lstrip().startswith("Corsair (Person 21)")
    assert "Card Glossary > Persons > Corsair (Person 21)" in out
    assert "+2 Strength" in out and "Voyage phase" in out
    assert "Activation timing (appendix-persons/activation-timing)" in out  # links show their id


def test_typo_finds_the_smugglers_district(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "smugler")
    assert code == 0
    assert out.lstrip().startswith("Smuggler's District")


def test_an_entry_id_is_a_query(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "harbor-tiles/forum")
    assert code == 0
    assert out.lstrip().startswith("Forum")
    assert "Harbor Tile Benefits > Forum" in out
    assert "Also matching" not in out


def test_list_prints_the_section_tree(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Components  components"
    assert "  Shore slots  shore-fees/shore-slots" in lines
    assert "Card Glossary  glossary" in lines
    assert "  Persons  glossary/persons" in lines
    assert "    Corsair (Person 21)  person-21" in lines
    assert lines.index("Shore Fees  shore-fees") < lines.index("  Shore slots  shore-fees/shore-slots")


def test_list_with_a_query_lists_its_matches(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--list", "smuggler")
    assert code == 0
    assert out.splitlines()[0] == "Smuggler's District  smugglers-district"
    assert "smugglers-district/smuggler-tokens" in out


def test_a_miss_prints_suggestions_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "qqqzzz")
    assert code == 1 and out == ""
    assert "nothing matches 'qqqzzz'" in err
    assert "--list" in err

    code, out, err = run(capsys, "zzz gvrnor")  # too far off for search; titles still look alike
    assert code == 1 and out == ""
    assert "Did you mean:" in err
    assert "Governors  (glossary/governors)" in err
    assert "Traceback" not in err


def test_a_miss_in_list_mode_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--list", "qqqzzz")
    assert code == 1 and out == "" and "nothing matches" in err


def test_no_query_prints_a_hint_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 2 and out == ""
    assert "--list" in err and len(err.strip().splitlines()) == 1


def test_help_documents_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["rules", "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "--list" in out and "exits 2" in out and "exits 1" in out


def test_data_option_uses_an_edited_catalogue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "data"
    shutil.copytree(default_data_dir(), target)
    path = target / "buildings.yaml"
    path.write_text(path.read_text().replace("name: Port Crane", "name: Harbour Crane"))
    code, out, _ = run(capsys, "--data", str(target), "harbour crane")
    assert code == 0
    assert out.lstrip().startswith("Harbour Crane (Building 7)")


def test_data_option_with_a_broken_catalogue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--data", str(tmp_path / "absent"), "tier")
    assert code == 1 and out == ""
    assert err.startswith("error: ") and "no such directory" in err
    assert len(err.strip().splitlines()) == 1


def test_a_broken_shipped_catalogue_still_leaves_the_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from great_harbor.data import CatalogueError
    from great_harbor.lookup import terminal

    def broken(*_: object, **__: object) -> None:
        raise CatalogueError("persons.yaml", "persons[20] (person-21)", "must be a whole number", "prestige")

    monkeypatch.setattr(terminal, "load_catalogue", broken)
    # Broken files would never match the key of an index kept from good ones; this catalogue is
    # broken without touching its files, so the kept index is left out.
    monkeypatch.setenv("GREAT_HARBOR_CACHE", "")
    code, out, err = run(capsys, "shore fee")
    assert code == 0 and out.lstrip().startswith("Shore Fees")
    assert err.startswith("warning: no card glossary") and "persons.yaml" in err
    code, out, err = run(capsys, "person 21")
    assert "Corsair (Person 21)" not in out


@pytest.mark.parametrize("args", [["shore", "fee"], ["corsair"], ["person", "21"], ["rivals"], ["undo"],
                                  ["--list"], ["--list", "smuggler"]])
def test_printed_to_a_file_no_line_ends_in_spaces(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    """``great-harbor rules shore fee | cat``: rich pads every line to the width, the file gets none."""
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):  # they make rich treat a file as a terminal
        monkeypatch.delenv(name, raising=False)
    code, out, _ = run(capsys, *args)
    assert code == 0 and out.count("\n") > 3
    assert [line for line in out.splitlines() if line != line.rstrip()] == []
    assert "\x1b" not in out


def test_through_a_pipe_no_line_ends_in_spaces() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS")}
    done = subprocess.run([sys.executable, "-m", "great_harbor", "rules", "shore", "fee"], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and "The fee equals the highest value" in done.stdout
    lines = done.stdout.splitlines()
    assert lines[0] == " " * 35 + "Shore Fees"  # centred in 80 columns, as before, but not padded after
    assert [line for line in lines if line != line.rstrip()] == []
