"""The rules lookup's page on hints says what the hint does (issue 29): it suggests the option
with the best figure it shows, ranks the runners-up by that figure, and on a close call names the
move the hard rival would keep; H works with a filter that matches nothing."""

from __future__ import annotations

from great_harbor.lookup.search import default_index


def test_the_hints_page_says_what_the_hint_does() -> None:
    text = " ".join(default_index().get("computer-rivals/hints").body.split())
    assert "what the hard rival would do" not in text
    assert "best figure" in text and "close call" in text
    assert "matches no action" in text


def test_the_keys_page_names_ctrl_u() -> None:
    text = default_index().get("app/keys").body
    assert "Ctrl+U clears the filter" in text
