"""The sdist runs its own tests (issue 28): built by hatchling, the build backend, and unpacked, it
holds everything its tests read (scripts/, bench/questions/, screens.md, data/), so they all
collect there; the README test passes, its checks of the repository (.ci/run, .gitignore) skip.

The unpacked tests run as a packager runs them, ``python -m pytest`` in the unpacked folder: the
game's code is the sdist's own, the libraries are this environment's."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

pytest.importorskip("hatchling", reason="hatchling (the build backend) comes with the test extra: "
                    "pip install '.[test]'")

ROOT = Path(__file__).resolve().parents[1]


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_XDIST_AUTO_NUM_WORKERS")}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    built = run(["-m", "hatchling", "build", "-t", "sdist", "-d", str(dist)], ROOT)
    assert built.returncode == 0, built.stderr
    (archive,) = dist.glob("great_harbor-*.tar.gz")
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extractall(dist, filter="data")
        else:
            tar.extractall(dist)  # our own archive, just built
    (top,) = (p for p in dist.iterdir() if p.is_dir())
    return top


def pytest_ran(proc: subprocess.CompletedProcess[str]) -> str:
    return f"exit {proc.returncode}\n{proc.stdout[-4000:]}\n{proc.stderr[-2000:]}"


def test_the_sdist_ships_what_its_tests_read(unpacked: Path) -> None:
    for name in ("PKG-INFO", "pyproject.toml", "LICENSE", "CHANGELOG.md", "README.md", "screens.md",
                 "scripts/capture_screens.py", "scripts/golden_trace.py", "data/harbor.yaml",
                 "data/earlier-fingerprints.txt", "tests/conftest.py", "great_harbor/py.typed"):
        assert (unpacked / name).is_file(), f"the sdist lacks {name}"
    assert list((unpacked / "bench" / "questions").glob("*.yaml"))
    assert not (unpacked / ".ci").exists() and not (unpacked / ".venv").exists()
    assert not list(unpacked.rglob("__pycache__"))


def test_the_sdist_collects_its_tests(unpacked: Path) -> None:
    # One process (no workers), no cache written into the unpacked folder.
    proc = run(["-m", "pytest", "--collect-only", "-q", "-o", "addopts=", "-p", "no:cacheprovider"], unpacked)
    assert proc.returncode == 0, pytest_ran(proc)
    summary = proc.stdout.strip().splitlines()[-1]
    assert "error" not in summary and " collected" in summary, pytest_ran(proc)


def test_the_readme_test_passes_in_the_sdist(unpacked: Path) -> None:
    proc = run(["-m", "pytest", "-q", "-rs", "-o", "addopts=", "-p", "no:cacheprovider", "tests/test_readme.py"],
               unpacked)
    assert proc.returncode == 0, pytest_ran(proc)  # nothing failed
    assert " passed" in proc.stdout, pytest_ran(proc)  # the Quick start checks ran
    assert "which the sdist does not ship" in proc.stdout, pytest_ran(proc)  # the repository's skipped, saying why
