"""Where the catalogue shipped with the game lives, found without importing the catalogue's code
(``great-harbor rules`` keys its index cache on the files there before it loads anything)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["default_data_dir"]

_PACKAGE = Path(__file__).resolve().parent


def default_data_dir() -> Path:
    """The catalogue shipped with the game: the repository's ``data/`` in a checkout, otherwise
    the copy packed into the wheel (``great_harbor/_catalogue``)."""
    checkout = _PACKAGE.parent / "data"
    if (checkout / "harbor.yaml").is_file():
        return checkout
    return _PACKAGE / "_catalogue"
