"""dutch-2017 against the reference tournaments: every round of every file.

Each file of ``../shared/vectors/dutch2017`` was paired round by round by an
engine implementing C.04.3 as in force 2017 - January 2026 (bbpPairings
v5.0.1, the vectors' README says).  Round ``k`` is paired from rounds
``1..k-1`` (``pair`` truncates the tournament itself) and must give exactly
the recorded pairs, colours and pairing-allocated bye.

As for dutch-2026 (``test_dutch2026_vectors.py``), the colour drawn by lot
before round 1 (E.5's initial colour) is read back from round 1 of the file:
the files have no ``XXC``/``152`` record.  Some rounds go through A.9's
Penultimate Pairing Bracket: the last test checks that the set exercises
that route, so that a match is not a match of the easy route only.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from conftest import vector_files
from test_dutch2026_vectors import differences
from swisslearn.dutch2017.procedure import pair, trace
from swisslearn.dutch2026.colours import initial_colour
from swisslearn.formats.trf import read_trf
from swisslearn.model import Tournament
from swisslearn.trace import BracketUndone

FILES = vector_files("dutch2017")

missing = pytest.mark.skipif(not FILES, reason="reference vectors not found: "
                             "../shared/vectors/dutch2017 is absent, nothing to compare with")


def _tournament(path: Path) -> Tournament:
    tournament = read_trf(path).tournament
    return dataclasses.replace(tournament, initial_colour=initial_colour(tournament, 2))


@missing
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_round_is_the_reference_pairing(path: Path) -> None:
    found = differences(path, pair)
    assert not found, "\n".join(found)


@missing
def test_the_reference_rounds_take_the_ppb_route() -> None:
    """A.9's other route (a bracket paired again as the PPB, then the CLB)
    is in the reference set, and traced as such."""
    collapsed = 0
    for path in FILES[:20]:
        tournament = _tournament(path)
        assert tournament.rounds is not None
        for round in range(2, tournament.rounds + 1):
            if any(isinstance(e, BracketUndone) for e in trace(tournament, round)):
                collapsed += 1
    assert collapsed >= 5
