"""Shared fixtures: where the reference files are."""

from __future__ import annotations

import gc
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import pytest

import browsers
import cpuclock
import nbanswers
import rewritecache

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
TEST_DATA = Path(__file__).resolve().parent / "data"
# The reference tournaments live beside the repository, never inside it.
SHARED = ROOT.parent / "shared"
VECTORS = SHARED / "vectors"

# The command line speaks French unless told (README, "Command line"); the
# suite compares its English messages, so it pins the language as test
# suites pin LC_ALL (subprocesses inherit it).  tests/test_cli_language.py
# removes the variable to test the default itself.
os.environ["SWISSLEARN_LANG"] = "en"


# What `make test` needs beyond Python, pip, venv and make: on a machine
# without it, the tests that need it are skipped with the exact command that
# installs it (README, "Quick start"); CI (.ci/run, SWISSLEARN_CI=1) runs
# every test, so there a missing piece fails.
CI = os.environ.get("SWISSLEARN_CI") == "1"
# The desk's browser tests drive Debian's Chromium; SWISSLEARN_CHROMIUM names
# another path (a fresh-machine rehearsal hides it so).
CHROMIUM = Path(os.environ.get("SWISSLEARN_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_INSTALL = "sudo apt-get install chromium"


def missing(what: str, install: str) -> None:
    """Skip the test that needs ``what`` (fail it in CI), saying how to install it."""
    message = (f"{what} is missing: install it with `{install}`, then run `make test` "
               "again")
    if CI:
        pytest.fail(message + " (SWISSLEARN_CI=1: CI runs every test)")
    pytest.skip(message)


def pytest_configure(config: pytest.Config) -> None:
    # Each test's CPU (SWISSLEARN_CPU_LOG) and the per-test budget (CI):
    # tests/cpuclock.py, docs/tests.md "Budget".
    cpuclock.register(config)
    # Notebooks 07 and 12's answers checked in nbval's kernel instead of a
    # second run of each (tests/nbanswers.py).
    config.pluginmanager.register(nbanswers.AnswersPlugin(), "swisslearn-nbanswers")
    # The test modules' rewritten asserts written once, before the workers
    # start, instead of by each worker (tests/rewritecache.py).
    rewritecache.write_once(config)
    # One Chromium per process for the browser tests, the fixture `browser`
    # (tests/browsers.py).
    config.pluginmanager.register(browsers, "swisslearn-browsers")
    # The cyclic garbage collector less often (every 10,000 allocations, not
    # 700): a test process keeps large structures for the whole session (the
    # collected items, the sweeps' generated tournaments and traces), which
    # every full collection walks again; about 8 % of the tests' CPU.  The
    # package, its command line and the kernels keep Python's defaults.
    gc.set_threshold(10_000, 10, 10)


def pytest_collection_finish(session: pytest.Session) -> None:
    # What collection built lives until the session ends: out of the
    # collector's walks (gc.freeze), about 15 % of the tests' CPU.
    gc.freeze()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if CHROMIUM.is_file() or CI:
        return  # in CI a missing Chromium fails the browser tests themselves
    skip = pytest.mark.skip(reason=f"Chromium ({CHROMIUM}) is missing: the browser tests "
                                   f"(the desk, the pairing card) need it; install it with `{CHROMIUM_INSTALL}`, "
                                   "then run `make test` again")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


# `make stress` (SWISSLEARN_STRESS set) runs every sweep whole; `make test` a
# sample of it (docs/tests.md, "What make stress adds"): a sampled test file is
# listed in the Makefile's STRESS_FILES so that `make stress` runs it whole.
STRESS = bool(os.environ.get("SWISSLEARN_STRESS"))
T = TypeVar("T")


def sample(items: Sequence[T], every: int) -> list[T]:
    """All of ``items`` under `make stress`; in `make test`, one in ``every``
    (the first, every ``every``-th after it, and the last), spread over the
    sweep so that its extremes stay in."""
    if STRESS or len(items) <= 2:
        return list(items)
    picked = list(items[::every])
    if picked[-1] is not items[-1]:
        picked.append(items[-1])
    return picked


@pytest.fixture
def vectors() -> Path:
    if not VECTORS.is_dir():
        pytest.skip(f"reference vectors not found at {VECTORS} (../shared/ is absent)")
    return VECTORS


def need_shared(path: Path) -> Path:
    """``path`` under ``../shared/``, or the test skipped as the ``vectors``
    fixture skips it when ``../shared/`` is absent (docs/tests.md)."""
    if not path.exists():
        pytest.skip(f"{path} not found (../shared/ is absent)")
    return path


def vector_files(kind: str) -> list[Path]:
    """The reference files of one kind (``dutch2026``, ``team2026``), or [] if absent."""
    folder = VECTORS / kind
    return sorted(folder.glob("*.trf")) if folder.is_dir() else []
