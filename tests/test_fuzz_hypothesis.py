"""Hypothesis over the readers and the engines: mutated TRF files (from the good
files and from generated tournaments) and mutated plain lists go through
:func:`test_fuzz_coverage.check_input` (read as the command line reads, then
the next round paired with every system that applies).  Hypothesis shrinks
what it finds to a small input.

``make test``: :data:`EXAMPLES` examples per test; ``SWISSLEARN_FUZZ_EXAMPLES``
sets another number (``tests/stress/test_fuzz_stress.py`` runs these tests
with more under ``make stress``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import TEST_DATA
from swisslearn.generate import GeneratorSettings, generate
from test_fuzz_coverage import _CONSISTENT_LIST, check_input, mutate

EXAMPLES = int(os.environ.get("SWISSLEARN_FUZZ_EXAMPLES") or 60)
GOOD = [p.read_bytes() for p in sorted((TEST_DATA / "good").glob("*.trf"))]
GOOD += [p.read_bytes() for p in sorted((TEST_DATA / "dutch1998").glob("*.trf"))]
LISTS = [_CONSISTENT_LIST] + [p.read_bytes() for p in sorted((TEST_DATA / "bad-plain").glob("*.txt"))]
_SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def generated_files(draw: st.DrawFn) -> bytes:
    """A small generated tournament (any individual system's shape), cut after a round."""
    players = draw(st.integers(3, 14))
    rounds = draw(st.integers(1, min(6, players - 1)))
    document = generate(GeneratorSettings(
        players=players, rounds=rounds, seed=draw(st.integers(0, 10_000)),
        forfeit_rate=draw(st.sampled_from((0.0, 0.1, 0.3))),
        half_bye_rate=draw(st.sampled_from((0.0, 0.1))),
        absence_rate=draw(st.sampled_from((0.0, 0.1))),
        withdrawal_rate=draw(st.sampled_from((0.0, 0.05)))))
    return document.to_bytes()


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[bytes]) -> bytes:
    import random
    data = draw(base)
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    corpus = [(data, "trf")]
    for _ in range(draw(st.integers(1, 4))):
        data = mutate(data, rng, corpus)
    return data


@_SETTINGS
@given(mutated(st.sampled_from(GOOD)))
def test_mutated_good_files(data: bytes) -> None:
    check_input(data, "trf")


@_SETTINGS
@given(mutated(generated_files()))
def test_mutated_generated_files(data: bytes) -> None:
    check_input(data, "trf")


@_SETTINGS
@given(generated_files())
def test_generated_files_read_and_pair(data: bytes) -> None:
    assert check_input(data, "trf") is not None


@_SETTINGS
@given(mutated(st.sampled_from(LISTS)))
def test_mutated_plain_lists(data: bytes) -> None:
    check_input(data, "txt")
