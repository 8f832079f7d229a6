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
from swisslearn.dutch2026.brackets import RoundResult
from swisslearn.dutch2026.procedure import Edition, Labels, run
from swisslearn.dutch2026.scoring import Competitor
from swisslearn.model import PlayerId, RoundNumber, Tournament
from swisslearn.trace import Event, RoundPaired, last_round_paired

SYSTEM = "dutch-2017"

__all__ = ["SYSTEM", "EDITION", "LABELS", "trace", "pair"]

LABELS = Labels(
    order="A.2", completion="A.9", bracket="A.3", parameters="B.1", split="B.2",
    remainder="B.3", exchange="D.2", first="B.4", best="B.8", paired="B.4", bye="A.5",
    boards="C.04.2", result="C.04.3", collapse="A.9", boards_event=BoardsOrdered,
    colours={"5.2.1": "E.1", "5.2.2": "E.2", "5.2.3": "E.3", "5.2.4": "E.4", "5.2.5": "E.5"},
    verdicts={"met": "C.1", "forbidden": "C.1", "colours": "C.3", "completion": "C.4",
              "pab": "C.2", "bye": "C.2", "order": "D.1-D.3"})
"""Each step's article in the 2017 numbering (2026's in
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
