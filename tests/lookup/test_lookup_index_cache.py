"""``great-harbor rules`` answers from the index kept in the user's cache: the same answers as
the index built anew, without loading the catalogue, the glossary's code or rich; a damaged or
stale file is built again, never a traceback. And the entry printed as plain text."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from great_harbor.catalogue_folder import default_data_dir
from great_harbor.lookup import index_cache
from great_harbor.lookup.plain_text import render_markdown
from great_harbor.lookup.search import SearchIndex, lookup_index

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = ROOT / "bench" / "questions" / "tuning.yaml"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GREAT_HARBOR_CACHE", str(folder))
    return folder


def _kept(cache: Path) -> list[Path]:
    return sorted(cache.glob("lookup-index-*.json"))


def test_the_kept_index_ranks_as_the_index_built_anew(cache: Path) -> None:
    built = lookup_index()
    key = index_cache.index_key(default_data_dir())
    assert key is not None
    index_cache.write_index(key, built)
    kept = index_cache.read_index(key)
    assert kept is not None and kept is not built
    queries = [str(item["q"]) for item in yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))]
    queries += ["smugler", "govenor trates", "zzz gvrnor", "person 21", '"shore fee"', "s", "xyzzy"]
    for query in queries:
        assert [(r.entry, r.score, r.matched) for r in kept.search(query)] == [
            (r.entry, r.score, r.matched) for r in built.search(query)], query
        assert kept.suggest(query) == built.suggest(query), query
    assert kept.entries == built.entries
    assert [entry.id for entry in kept.children("glossary")] == [entry.id for entry in built.children("glossary")]
    assert kept.to_state() == built.to_state()  # and it can be kept again as it was


def _rules(cache: Path, *words: str) -> subprocess.CompletedProcess[str]:
    code = ("import sys\nfrom great_harbor.cli import main\ncode = main(['rules', *sys.argv[1:]])\n"
            "loaded = [m for m in ('great_harbor.lookup.glossary', 'great_harbor.data', 'rich') if m in sys.modules]\n"
            "print('LOADED', *loaded)\nraise SystemExit(code)")
    return subprocess.run([sys.executable, "-c", code, *words], capture_output=True, text=True, cwd=ROOT,
                          env={"GREAT_HARBOR_CACHE": str(cache), "PATH": "/usr/bin:/bin"}, timeout=120)


def test_a_second_question_loads_neither_catalogue_nor_glossary(cache: Path) -> None:
    first = _rules(cache, "shore", "fee")
    assert first.returncode == 0 and first.stderr == ""
    assert "great_harbor.lookup.glossary" in first.stdout  # built: nothing kept yet
    assert len(_kept(cache)) == 1
    second = _rules(cache, "shore", "fee")
    assert second.returncode == 0
    assert second.stdout.splitlines()[-1] == "LOADED"  # nothing of them
    assert second.stdout == first.stdout.replace(first.stdout.splitlines()[-1], "LOADED")


@pytest.mark.parametrize("damage", ["truncated", "garbage", "edited", "empty", "lines"])
def test_a_damaged_file_is_built_again_without_a_traceback(cache: Path, damage: str) -> None:
    good = _rules(cache, "corsair")
    [path] = _kept(cache)
    data = path.read_bytes()
    broken = {
        "truncated": data[: len(data) // 2],
        "garbage": b"\x00\xff not json at all",
        "edited": data.replace(b"Corsair", b"Corsaire"),  # the digest no longer holds
        "empty": b"",
        "lines": data.rsplit(b"\n", 1)[0],  # a line short, digest aside
    }[damage]
    path.write_bytes(broken)
    again = _rules(cache, "corsair")
    assert again.returncode == 0 and "Traceback" not in again.stderr and again.stderr == ""
    assert again.stdout.split("LOADED")[0] == good.stdout.split("LOADED")[0]
    assert "great_harbor.lookup.glossary" in again.stdout  # built again...
    assert index_cache.read_index(path.stem.removeprefix("lookup-index-")) is not None  # ...and kept again


def test_an_edited_catalogue_has_a_key_of_its_own(tmp_path: Path) -> None:
    import shutil

    target = tmp_path / "data"
    shutil.copytree(default_data_dir(), target)
    same = index_cache.index_key(target)
    assert same is not None and same != index_cache.index_key(default_data_dir())  # another folder
    path = target / "buildings.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Port Crane", "Harbour Crane"), encoding="utf-8")
    assert index_cache.index_key(target) not in (same, None)


def test_a_state_that_does_not_hold_together_is_refused() -> None:
    state = lookup_index().to_state()
    state["ids"] = state["ids"][:-1]
    with pytest.raises(ValueError):
        SearchIndex.from_state(state)


MARKDOWN = """# A Title

*Chapter > A Title*

A paragraph with **strong**, *emphasis*, `code *not emphasis*` and a [link](shore-fees/how-the-fee-is-set),
then <http://127.0.0.1:8000/> and Ctrl+\\\\ to quit.

## A section

- first item that is long enough to wrap onto the next line at this narrow width of forty
- second item
  - nested item
1. numbered

| Name | Value |
|---|---|
| Ropeyard | 4 |
| Carpentry | 10 |
"""


def test_plain_text_has_the_words_without_the_marks() -> None:
    lines = render_markdown(MARKDOWN, 40)
    assert lines[0] == " " * 16 + "A Title"  # centred in 40 columns
    text = "\n".join(lines)
    assert "*" not in text.replace("*not emphasis*", "") and "`" not in text and "](" not in text
    assert "code *not emphasis*" in " ".join(text.split())  # code is taken as it is
    assert "link (shore-fees/how-the-fee-is-set)" in " ".join(text.split())
    assert "http://127.0.0.1:8000/" in text and "Ctrl+\\ to quit" in " ".join(text.split())
    assert " • first item that is long enough to" in lines
    assert "   wrap onto the next line at this" in lines  # a hanging indent under its bullet
    assert "    • nested item" in lines and " 1. numbered" in lines
    table = lines[lines.index(" Name       Value"):]
    assert table[1] == " " + "─" * 16 and table[2:] == [" Ropeyard   4", " Carpentry  10"]
    assert all(len(line) <= 40 and line == line.rstrip() for line in lines)
