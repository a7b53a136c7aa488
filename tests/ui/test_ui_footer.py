"""The table's footer (widgets/footer.py): built once at the start, each key styled once."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from great_harbor.ui.app import make_app
from great_harbor.ui.widgets.footer import SteadyFooter, shown_keys


def footer_keys(footer: SteadyFooter) -> list[tuple[str, str, str, bool]]:
    return [(k.key_display, k.description, k.action, not k.has_class("-disabled"))
            for k in footer.query(FooterKey) if not k.has_class("-command-palette")]


async def test_the_tables_footer_is_built_once_and_each_key_styled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's footer was built three times before the table's first keys were drawn, and each
    key styled three times (it starts compact and is told it is not once mounted)."""
    made: list[FooterKey] = []
    styled: list[str] = []
    init, update = FooterKey.__init__, FooterKey.update_node_styles

    def counted_init(self: FooterKey, *args: object, **kwargs: object) -> None:
        made.append(self)
        init(self, *args, **kwargs)  # type: ignore[arg-type]

    def counted_update(self: FooterKey, *args: object, **kwargs: object) -> None:
        if not self.has_class("-command-palette"):  # Textual's own, not bound to the footer: compact
            styled.append(self.key)
        update(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(FooterKey, "__init__", counted_init)
    monkeypatch.setattr(FooterKey, "update_node_styles", counted_update)
    app = make_app(seed=7, players=["Ana", "Ben"], blink=False, automa_delay=0, autosave=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(SteadyFooter)
        shown = list(footer.query(FooterKey))
        assert len(shown) > 5
        assert made == shown  # built once
        assert styled == []  # no class added and taken away again
        assert footer_keys(footer) == list(shown_keys(app.screen))
