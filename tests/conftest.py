"""Shared fixtures: where the reference files are."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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


@pytest.fixture
def vectors() -> Path:
    if not VECTORS.is_dir():
        pytest.skip(f"reference vectors not found at {VECTORS} (../shared/ is absent)")
    return VECTORS


def vector_files(kind: str) -> list[Path]:
    """The reference files of one kind (``dutch2026``, ``team2026``), or [] if absent."""
    folder = VECTORS / kind
    return sorted(folder.glob("*.trf")) if folder.is_dir() else []
