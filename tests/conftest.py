from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from great_harbor.data import Catalogue, load_catalogue


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()


@pytest.fixture(scope="session", autouse=True)
def catalogue_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Whatever the tests start keeps its catalogue cache in a folder of the run, never the user's."""
    before = os.environ.get("GREAT_HARBOR_CACHE")
    os.environ["GREAT_HARBOR_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if before is None:
        os.environ.pop("GREAT_HARBOR_CACHE", None)
    else:
        os.environ["GREAT_HARBOR_CACHE"] = before
