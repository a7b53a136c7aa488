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
    """Whatever the tests start keeps its catalogue cache, its saves and its settings (the theme)
    in folders of the run (of the worker, under pytest-xdist), never the user's, and plays with the
    shipped catalogue whatever ``$GREAT_HARBOR_DATA`` the user set."""
    names = ("GREAT_HARBOR_CACHE", "GREAT_HARBOR_SAVES", "GREAT_HARBOR_CONFIG", "GREAT_HARBOR_DATA")
    before = {name: os.environ.get(name) for name in names}
    os.environ["GREAT_HARBOR_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    os.environ["GREAT_HARBOR_SAVES"] = str(tmp_path_factory.mktemp("saves"))
    os.environ["GREAT_HARBOR_CONFIG"] = str(tmp_path_factory.mktemp("config"))
    os.environ.pop("GREAT_HARBOR_DATA", None)
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` (a whole game through the UI, say) run first: in parallel
    (pytest-xdist), the suite then ends with many short tests shared by the workers, not one
    long test that started last."""
    def order(item: pytest.Item) -> tuple[bool, bool]:
        slow = item.get_closest_marker("slow") is not None
        return not slow, "/ui/" not in item.nodeid  # whole games through the UI are the longest

    items.sort(key=order)  # a stable sort: the collection order otherwise


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (pyproject's addopts) is two workers per core for the suite or a folder of it,
    but no workers at all when only test files or test ids are named: those few tests start at
    once in this process instead of waiting for workers to start. Two per core because a test
    driving the app spends much of its time asleep: Textual's Pilot waits for the app to go idle
    after every key (two 20 ms sleeps at least), so a worker per core leaves the cores half idle
    through the UI tests. ``-n N`` and ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decide, and ``-n 0``
    runs in one process (not ``-p no:xdist``: pytest would then refuse pyproject's ``-n``)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist reads it
    named = [arg for arg in config.args if not arg.startswith("-")]
    if named and all(arg.split("::")[0].endswith(".py") for arg in named):
        return 0
    return 2 * cores()


def cores() -> int:
    """The cores this process may run on (a container's CPU set, not the host's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)
