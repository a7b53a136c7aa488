"""screens.md is generated from the running app: it must match what the capture script makes now."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
async def test_screens_md_is_up_to_date() -> None:
    spec = importlib.util.spec_from_file_location("capture_screens", ROOT / "scripts" / "capture_screens.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    expected = module.document(await module.capture_all())
    current = (ROOT / "screens.md").read_text(encoding="utf-8")
    assert current == expected, "screens.md is out of date: run python3 scripts/capture_screens.py"
    for title in ("New game", "Hand-off", "Game over", "Terminal too small", "The Automa's moves"):
        assert f"## {title}" in current
