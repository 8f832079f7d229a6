"""Section A of C.04.3 (2017) where it differs from 2026, and C.2.

* A.4.b: "A player who, for whatever reason, does not play in a round, also
  receives a downfloat." -- every round without a game floats down (a PAB,
  any bye, a forfeit won or lost, an absence), where 2026's 1.4.3 keeps only
  the rounds that scored more than a loss.
* C.2 (C.04.1.d of that period): "A player who has already received a
  pairing-allocated bye, or has already scored a (forfeit) win due to an
  opponent not appearing in time, shall not receive the pairing-allocated
  bye." -- a PAB (``U``) or a forfeit win (``+``); a full-point bye asked for
  (``F``) is neither, where 2026's [C2] bars any win's worth scored without
  playing.
* A.8: the Pairing Score Difference of a bracket's pairing, a list of score
  differences (:func:`score_differences` gives each its bit range).

The rest of Section A is 2026's Article 1 renumbered (A.2 = 1.2, A.6 =
1.6/1.7, A.7 = 1.8), and :mod:`swisslearn.dutch2026.scoring` reads it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Mapping, Sequence

from swisslearn.dutch2026.scoring import Competitor, Readings
from swisslearn.model import Result, RoundEntry
from swisslearn.points import Points, PointSystem

__all__ = ["READINGS", "ONE_POINT", "score_differences"]


def _always(entry: RoundEntry | None, scored: Points, points: PointSystem) -> bool:
    """A.4.b: whatever the reason, a round without a game is a downfloat."""
    return True


def _pab_or_forfeit_win(entry: RoundEntry | None, scored: Points, points: PointSystem) -> bool:
    """C.2: a PAB already received, or a forfeit win already scored."""
    return entry is not None and entry.result in (Result.PAIRING_ALLOCATED_BYE,
                                                  Result.FORFEIT_WIN)


READINGS = Readings(downfloat=_always, bars_pab=_pab_or_forfeit_win)
"""A.4.b and C.2 of 2017, for :func:`swisslearn.dutch2026.scoring.competitors`."""

ONE_POINT = Decimal(1)
"""A.8: "an artificial value that is one point less than the score of the
lowest ranked player of the current bracket"."""


def _bits(n: int) -> int:
    return max(n.bit_length(), 1)


def score_differences(mdps: Sequence[Competitor], residents: Sequence[Competitor]
                      ) -> tuple[Decimal, Mapping[Decimal, int], int]:
    """A.8 for one bracket: the artificial value, the bit offset of every
    score difference (SD) a pairing of the bracket can hold, and their total
    width.

    The SDs are those of the downfloaters (score minus the artificial value,
    one point under the lowest resident) and of the pairs (MDP against
    resident; resident against resident, which differ only in the collapsed
    last bracket).  Each SD value gets enough bits to count every time it
    can occur, higher SDs in higher bits: a sum of ``2**offset(SD)`` terms
    then compares lexicographically, largest SD first, as A.8 compares two
    PSDs.
    """
    floor = min(p.pairing_score for p in residents) - ONE_POINT
    counts: dict[Decimal, int] = {}

    def count(value: Decimal) -> None:
        counts[value] = counts.get(value, 0) + 1

    for player in (*mdps, *residents):
        count(player.pairing_score - floor)
    # Each player counts every difference it can make once: against the
    # distinct scores of the residents (after it, for a resident), not
    # against each of them (a 10,000-player bracket has one score).
    scores = {r.pairing_score for r in residents}
    for mdp in mdps:
        for value in {mdp.pairing_score - score for score in scores}:
            count(value)
    later: set[Decimal] = set()
    differences: list[set[Decimal]] = []
    for resident in reversed(residents):
        differences.append({resident.pairing_score - score for score in later})
        later.add(resident.pairing_score)
    for values in reversed(differences):
        for value in values:
            count(value)
    offsets: dict[Decimal, int] = {}
    total = 0
    for value in sorted(counts):
        offsets[value] = total
        total += _bits(counts[value])
    return floor, offsets, max(total, 1)
