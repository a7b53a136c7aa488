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
    """Whatever the tests start keeps its catalogue cache and its settings (the theme) in folders
    of the run, never the user's."""
    names = ("GREAT_HARBOR_CACHE", "GREAT_HARBOR_CONFIG")
    before = {name: os.environ.get(name) for name in names}
    os.environ["GREAT_HARBOR_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    os.environ["GREAT_HARBOR_CONFIG"] = str(tmp_path_factory.mktemp("config"))
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
