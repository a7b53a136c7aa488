from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from great_harbor.data import Catalogue, load_catalogue


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()


@pytest.fixture(scope="session", autouse=True)
def private_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Whatever the tests start keeps its catalogue cache and its saves in folders of the run (of
    the worker, under pytest-xdist), never the user's, and plays with the shipped catalogue
    whatever ``$GREAT_HARBOR_DATA`` the user set."""
    before = {name: os.environ.get(name) for name in ("GREAT_HARBOR_CACHE", "GREAT_HARBOR_SAVES", "GREAT_HARBOR_DATA")}
    os.environ["GREAT_HARBOR_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    os.environ["GREAT_HARBOR_SAVES"] = str(tmp_path_factory.mktemp("saves"))
    os.environ.pop("GREAT_HARBOR_DATA", None)
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
