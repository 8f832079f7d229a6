"""The round procedure of C.04.3 (2017) as a generator of trace events.

The events and their order are those of dutch-2026
(:func:`swisslearn.dutch2026.procedure.run`), with the 2017 article
numbers as rule labels (:data:`LABELS`) and the 2017 route through the
brackets (:func:`swisslearn.dutch2017.brackets.pair_round`: the PPB and the
CLB of A.9).  ``pair()`` keeps the last event of ``trace()``.
"""

from __future__ import annotations

from typing import Iterator

from swisslearn.dutch2017.brackets import pair_round
from swisslearn.dutch2017.definitions import READINGS
from swisslearn.dutch2017.events import BoardsOrdered
from swisslearn.dutch2017.rules import RULES
from swisslearn.dutch2026.brackets import RoundResult
from swisslearn.dutch2026.procedure import Edition, Labels, run
from swisslearn.dutch2026.scoring import Competitor
from swisslearn.model import PlayerId, RoundNumber, Tournament
from swisslearn.trace import Event, RoundPaired, last_round_paired

SYSTEM = "dutch-2017"

__all__ = ["SYSTEM", "EDITION", "LABELS", "trace", "pair"]

_R = RULES.label
LABELS = Labels(
    order=_R("A.2"), completion=_R("A.9"), bracket=_R("A.3"), parameters=_R("B.1"),
    split=_R("B.2"), remainder=_R("B.3"), exchange=_R("D.2"), first=_R("B.4"), best=_R("B.8"),
    paired=_R("B.4"), bye=_R("A.5"), boards=_R("C.04.2"), result=_R("C.04.3"),
    collapse=_R("A.9"), boards_event=BoardsOrdered,
    colours={"5.2.1": _R("E.1"), "5.2.2": _R("E.2"), "5.2.3": _R("E.3"), "5.2.4": _R("E.4"),
             "5.2.5": _R("E.5")},
    verdicts={"met": _R("C.1"), "forbidden": _R("C.1"), "colours": _R("C.3"),
              "completion": _R("C.4"), "pab": _R("C.2"), "bye": _R("C.2"),
              "order": _R("D.1-D.3")})
"""Each step's article in the 2017 numbering, from :data:`RULES` (2026's in
:class:`~swisslearn.dutch2026.procedure.Labels`)."""


def _pair_round(players: tuple[Competitor, ...], round: RoundNumber,
                forbidden: frozenset[frozenset[PlayerId]],
                avoid: frozenset[frozenset[PlayerId]]) -> RoundResult:
    return pair_round(players, round - 1, forbidden, avoid)


def _bye_candidates(result: RoundResult) -> tuple[PlayerId, ...]:
    """C.2: with an odd number of players, those allowed the bye."""
    if len(result.players) % 2 == 0:
        return ()
    return tuple(p.id for p in result.players if p.bye_eligible)


EDITION = Edition(SYSTEM, LABELS, READINGS, _pair_round, _bye_candidates)
"""C.04.3 as in force from 1 July 2017 to 31 January 2026."""


def trace(tournament: Tournament, round: RoundNumber | None = None, *,
          avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> Iterator[Event]:
    """Every event of the pairing of ``round`` (default: the next one).

    ``avoid``: pairs of a soft-avoid protection group (seed 002,
    :mod:`swisslearn.protections`): the lowest criterion, under C.19."""
    yield from run(EDITION, tournament, round, avoid=avoid)


def pair(tournament: Tournament, round: RoundNumber | None = None, *,
         avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> RoundPaired:
    """The pairing of ``round``: the last event of :func:`trace`."""
    return last_round_paired(trace(tournament, round, avoid=avoid))
