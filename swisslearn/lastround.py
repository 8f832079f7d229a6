"""When a file does not say how many rounds the tournament has (issue 32).

The last round has rules of its own: the topscorers of C.04.3 (2017 A.7,
2026 1.8) are only topscorers "when pairing the final round", and their
colour criteria apply then only.  A TRF declares the number of rounds with
``XXR`` or ``142``; most files written by pairing programs have neither.

* ``check`` re-pairs rounds already played: the reference engine
  (bbpPairings' checker) takes the last round the file shows as the last
  one, and so does :func:`with_last_shown_round`, which ``check`` says in
  one line.
* ``pair`` pairs a round not yet played: it keeps the documented reading
  (a round is the last only when the file says so) and
  :func:`last_round_rules_may_matter` says when that assumption can change
  the pairing: a Dutch system, a round after the first, a player above half
  the maximum score (a topscorer, were it the last round).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal

from swisslearn.model import RoundNumber, Tournament

__all__ = ["Assumed", "with_last_shown_round", "last_round_rules_may_matter"]


@dataclass(frozen=True)
class Assumed:
    """The tournament ``check`` re-pairs, and the number of rounds it took
    for the file's (None: the file declares it, or shows no round)."""

    tournament: Tournament
    rounds: RoundNumber | None


def with_last_shown_round(tournament: Tournament) -> Assumed:
    """``tournament`` with its number of rounds set to the last round it
    shows (a paired round, or a round block of byes and absences), when it
    declares none."""
    if tournament.rounds is not None or tournament.rounds_paired == 0:
        return Assumed(tournament, None)
    last = tournament.total_rounds
    return Assumed(dataclasses.replace(tournament, rounds=last), last)


def last_round_rules_may_matter(tournament: Tournament, round: RoundNumber,
                                system: str) -> bool:
    """Whether pairing ``round`` as the last one could give another pairing:
    the file declares no number of rounds, the system is a Dutch one (its
    topscorers exist in the final round only) and some player is above half
    the maximum score before ``round`` (C.04.3 2017 A.7, 2026 1.8)."""
    if tournament.rounds is not None or round < 2 or not system.startswith("dutch-"):
        return False
    points = tournament.point_system
    threshold = Decimal(round - 1) * max(points.win, points.draw) / 2
    return any(tournament.score_before(p.id, round) > threshold for p in tournament.players)
