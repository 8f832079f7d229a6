"""dutch-2026 against the reference tournaments: every round of every file.

Each file of ``../shared/vectors/dutch2026`` was paired round by round by a
FIDE-endorsed reference engine under C.04.3 (2026).  Round ``k`` is paired
from rounds ``1..k-1`` (``pair`` truncates the tournament itself) and must
give exactly the recorded pairs, colours and pairing-allocated bye.

The colour drawn by lot before round 1 (5.1) is an input of the pairing,
not something rounds ``1..k-1`` can tell when ``k = 1``: the files have no
``XXC``/``152`` record, so the test reads it back from round 1 of the file
and passes it as the tournament's initial colour.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Callable

import pytest

from conftest import vector_files
from swisslearn.dutch2026.colours import initial_colour
from swisslearn.dutch2026.procedure import pair
from swisslearn.formats.trf import read_trf
from swisslearn.model import PlayerId, Tournament, recorded_round
from swisslearn.trace import RoundPaired

FILES = vector_files("dutch2026")

Expected = tuple[frozenset[tuple[PlayerId, PlayerId]], frozenset[PlayerId]]


def differences(path: Path, engine: Callable[[Tournament, int], RoundPaired]) -> list[str]:
    """Every round of the reference file ``path`` paired by ``engine`` from
    the rounds before it, against the file (the initial colour read back
    from round 1): what differs."""
    tournament = read_trf(path).tournament
    tournament = dataclasses.replace(tournament, initial_colour=initial_colour(tournament, 2))
    assert tournament.rounds is not None
    found = []
    for round in range(1, tournament.rounds + 1):
        paired = engine(tournament, round)
        got: Expected = (frozenset(paired.pairs()), frozenset(paired.byes))
        expected = recorded_round(tournament, round)
        if got != expected:
            found.append(
                f"round {round}: reference only {sorted(expected[0] - got[0])}, "
                f"engine only {sorted(got[0] - expected[0])}, "
                f"PAB reference {sorted(expected[1])} engine {sorted(got[1])}")
    return found


@pytest.mark.skipif(not FILES, reason="reference vectors not found: ../shared/vectors/dutch2026 "
                                      "is absent, nothing to compare with")
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_round_is_the_reference_pairing(path: Path) -> None:
    found = differences(path, pair)
    assert not found, "\n".join(found)
