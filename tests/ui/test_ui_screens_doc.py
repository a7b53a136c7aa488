"""screens.md is generated from the running app: every screen's part must match what the capture
script makes now. One test per screen, so that the captures (a second or so each) share the
workers instead of holding one for the whole document."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
STALE = "screens.md is out of date: run python3 scripts/capture_screens.py"


def capture_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("capture_screens", ROOT / "scripts" / "capture_screens.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


SCRIPT = capture_script()
CURRENT = (ROOT / "screens.md").read_text(encoding="utf-8")


def test_screens_md_has_the_head_and_one_part_per_screen_in_order() -> None:
    head, parts = SCRIPT.sections(CURRENT)
    assert head == "\n".join(SCRIPT.HEADER), STALE
    assert [part.split("\n", 1)[0] for part in parts] == [f"## {c.title}" for c in SCRIPT.CAPTURES], STALE
    for title in ("New game", "Hand-off", "Game over", "Terminal too small", "The Automa's moves"):
        assert f"## {title}" in CURRENT


def test_the_parts_join_into_the_document() -> None:
    """What the per-screen tests compare is the whole of screens.md: the parts put back together
    are the file, byte for byte."""
    head, parts = SCRIPT.sections(CURRENT)
    assert "\n".join([head, *parts]) == CURRENT
    texts = [part.split("```text\n", 1)[1].rsplit("\n```", 1)[0] for part in parts]
    assert SCRIPT.document(texts) == CURRENT, STALE


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(SCRIPT.CAPTURES)), ids=[c.title for c in SCRIPT.CAPTURES])
async def test_each_screen_is_as_the_app_draws_it_now(index: int) -> None:
    spec = SCRIPT.CAPTURES[index]
    expected = "\n".join(SCRIPT.section(spec, await SCRIPT.capture(spec)))
    _, parts = SCRIPT.sections(CURRENT)
    assert index < len(parts), STALE
    assert parts[index].rstrip("\n") == expected.rstrip("\n"), f"{spec.title}: {STALE}"
