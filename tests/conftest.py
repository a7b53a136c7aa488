from __future__ import annotations

import pytest

from great_harbor.data import Catalogue, load_catalogue


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()
