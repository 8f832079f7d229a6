"""The fuzzers at full size (``make stress`` only: ``make test`` runs the samples
in ``tests/test_fuzz_coverage.py`` and ``tests/test_fuzz_hypothesis.py``).

* the coverage-guided fuzzer for ``SWISSLEARN_FUZZ_SECONDS`` (default 300),
  from ``SWISSLEARN_FUZZ_SEED`` (default 1);
* the hypothesis tests with ``SWISSLEARN_FUZZ_EXAMPLES`` examples each
  (default 2,000).

Findings are written to ``SWISSLEARN_FUZZ_CRASHES`` (default: the pytest
temporary folder) and listed in the failure.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_fuzz_coverage import Fuzzer, check_input, iter_report, mutate
from test_fuzz_hypothesis import GOOD, LISTS, generated_files

pytestmark = pytest.mark.skipif(
    not os.environ.get("SWISSLEARN_STRESS"),
    reason="make stress only (make test runs tests/test_fuzz_*.py with small budgets)")

SECONDS = float(os.environ.get("SWISSLEARN_FUZZ_SECONDS") or 300)
SEED = int(os.environ.get("SWISSLEARN_FUZZ_SEED") or 1)
EXAMPLES = int(os.environ.get("SWISSLEARN_FUZZ_EXAMPLES") or 2000)
_SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_coverage_guided_fuzzing(tmp_path: Path) -> None:
    crashes = Path(os.environ.get("SWISSLEARN_FUZZ_CRASHES") or tmp_path / "findings")
    report = Fuzzer(seed=SEED, crashes=crashes).run(10 ** 12, seconds=SECONDS)
    print("\n".join(iter_report(report)))
    assert not report.findings, "\n".join(iter_report(report))


@st.composite
def _mutated(draw: st.DrawFn, base: st.SearchStrategy[bytes]) -> bytes:
    data = draw(base)
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    for _ in range(draw(st.integers(1, 6))):
        data = mutate(data, rng, [(data, "trf")])
    return data


@_SETTINGS
@given(_mutated(st.sampled_from(GOOD) | generated_files()))
def test_mutated_files_many(data: bytes) -> None:
    check_input(data, "trf")


@_SETTINGS
@given(_mutated(st.sampled_from(LISTS)))
def test_mutated_plain_lists_many(data: bytes) -> None:
    check_input(data, "txt")
