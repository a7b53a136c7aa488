"""CHANGELOG.md keeps the rule at its top: the version is raised whenever the record format or the
component catalogue changes. Its newest release is the program's version and names the record
format and the catalogue that version writes; a change of the catalogue's values (its fingerprint
no longer the one named, nor listed as playing the same) fails here until a new release is named."""

from __future__ import annotations

import json
import re
from pathlib import Path

from great_harbor import __version__
from great_harbor.data.catalogue import (
    EARLIER_FINGERPRINTS,
    default_data_dir,
    earlier_fingerprints,
    shipped_fingerprint,
)
from great_harbor.record import RECORD_VERSION

ROOT = Path(__file__).resolve().parents[1]
RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.M)
NAMES = re.compile(r"^Record format (\d+), catalogue ([0-9a-f]{16})\.$", re.M)


def releases() -> list[tuple[str, str]]:
    """(version, its text) for every release, newest first."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heads = list(RELEASE.finditer(text))
    return [(h.group(1), text[h.end():nxt.start() if nxt else len(text)])
            for h, nxt in zip(heads, [*heads[1:], None], strict=True)]


def test_the_newest_release_is_the_programs_version() -> None:
    versions = [version for version, _ in releases()]
    assert versions and versions[0] == __version__, (
        f"great_harbor/__init__.py says {__version__}: CHANGELOG.md's newest release must be it")
    as_numbers = [tuple(int(n) for n in v.split(".")) for v in versions]
    assert as_numbers == sorted(as_numbers, reverse=True) and len(set(versions)) == len(versions)


def test_the_newest_release_names_the_record_format_and_the_catalogue() -> None:
    version, text = releases()[0]
    named = NAMES.search(text)
    assert named, f"CHANGELOG.md's {version} must say 'Record format N, catalogue FINGERPRINT.'"
    record_format, catalogue = int(named.group(1)), named.group(2)
    assert record_format == RECORD_VERSION, (
        f"records are now in format {RECORD_VERSION}, {version} names {record_format}: raise the version "
        "in great_harbor/__init__.py and say so in a new release of CHANGELOG.md")
    shipped = shipped_fingerprint()
    assert catalogue == shipped or catalogue in earlier_fingerprints(default_data_dir()), (
        f"the catalogue shipped is now {shipped}, {version} of CHANGELOG.md names {catalogue}: if a value of "
        "the game changed, raise the version in great_harbor/__init__.py and name the new catalogue in a new "
        f"release; if none did (a comment, the form of a file), list {catalogue} in data/{EARLIER_FINGERPRINTS}")


def test_every_kept_record_was_written_by_a_release() -> None:
    versions = {version for version, _ in releases()}
    for path in sorted((ROOT / "tests" / "records").rglob("*.json")):
        program = json.loads(path.read_text(encoding="utf-8"))["program"]
        assert program in versions, f"{path.name} was written by {program}, which CHANGELOG.md does not list"
