"""Trace events the C.04.6 procedure adds to :mod:`swisslearn.trace`.

=====================  ==========  =========================================
event                  rule        what happened
=====================  ==========  =========================================
PabCandidatesRanked    3.4         the teams allowed the PAB ([C2]) in the
                                   order of 3.4.2-3.4.4; those refused by
                                   3.4.1 (no legal pairing left)
UpfloatersCounted      3.5.2       the top-scoregroup needs ``count``
                                   upfloaters ([C4]) with these ``scores``
                                   ([C5]); ``sets`` sets qualify
UpfloaterSetTried      3.5.5 /     one set of upfloaters, in 3.5.4 order:
                       [C1] [C3]   chosen (3.5.5), or refused: no legal
                       [C6] [C7]   bracket pairing ([C1]), no pairing of the
                                   other teams ([C3]), more upfloaters for
                                   the following scoregroup ([C6]), more
                                   upfloaters that floated last round ([C7])
=====================  ==========  =========================================

All three are frozen dataclasses subclassing :class:`swisslearn.trace.Event`
(``kind`` is the snake_case name), so :func:`swisslearn.trace.event_to_json`
writes them like the others.

The events of the shared vocabulary that a team trace yields are subclasses
of those of :mod:`swisslearn.trace` (``TeamByeAssigned`` is a
``ByeAssigned``...) with the same ``kind`` and fields, so every consumer reads
them as before; the :class:`TeamEvent` marker only tells
:mod:`swisslearn.explain` to speak of teams and of the articles of C.04.6.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, BracketView,
                              ByeAssigned, CandidateTried, ColourAllocated, Event, Rejection)

__all__ = ["TeamEvent", "PabCandidatesRanked", "UpfloatersCounted", "UpfloaterSetTried",
           "TeamByeAssigned", "TeamBracketOpened", "TeamCandidateTried", "TeamBracketPaired",
           "TeamColourAllocated", "TeamBoardsOrdered", "NEW_EVENT_KINDS"]


class TeamEvent:
    """Marker of the events of a ``team-2026`` trace (no field of its own)."""

    system_name: ClassVar[str] = "team-2026"


@dataclass(frozen=True)
class PabCandidatesRanked(Event, TeamEvent):
    """3.4: ``candidates`` are the teams allowed the PAB ([C2]), lowest score
    first (3.4.2), then most matches played (3.4.3), then largest TPN
    (3.4.4); ``excluded`` those [C2] bars; ``refused`` the candidates before
    the chosen one, each with why 3.4.1 refuses it (no legal pairing of the
    other teams: criterion ``3.4.1``, detail ``completion``)."""

    kind: ClassVar[str] = "pab_candidates_ranked"
    round: int
    candidates: tuple[int, ...]
    excluded: tuple[int, ...] = ()
    refused: tuple[Rejection, ...] = ()
    chosen: int | None = None


@dataclass(frozen=True)
class UpfloatersCounted(Event, TeamEvent):
    """3.5.1-3.5.2: the top-scoregroup (``bracket``, residents only) needs
    ``count`` upfloaters ([C4]) whose scores, lowest first, are ``scores``
    ([C5]); ``potential`` lists the potential upfloaters (3.5.1) and
    ``sets`` how many sets have that count and those scores."""

    kind: ClassVar[str] = "upfloaters_counted"
    bracket: BracketView
    count: int
    scores: tuple[Decimal, ...] = ()
    potential: tuple[int, ...] = ()
    sets: int = 0


@dataclass(frozen=True)
class UpfloaterSetTried(Event, TeamEvent):
    """3.5.5 on one set (TPNs in 3.5.3 order), ``number`` its 1-based place in
    the 3.5.4 order.  ``c6``: the upfloaters the following scoregroup would
    then need (``None``: it is empty, or [C6] does not apply); ``c7``: the
    set's upfloaters that floated in the previous round (``None``: the last
    two rounds).  ``remaining``: for the chosen set, the sets after it that
    were not needed."""

    kind: ClassVar[str] = "upfloater_set_tried"
    bracket: BracketView
    upfloaters: tuple[int, ...]
    number: int
    accepted: bool = False
    c6: int | None = None
    c7: int | None = None
    rejection: Rejection | None = None
    remaining: int = 0


@dataclass(frozen=True)
class TeamByeAssigned(ByeAssigned, TeamEvent):
    """3.4: the PAB (a :class:`~swisslearn.trace.ByeAssigned`)."""


@dataclass(frozen=True)
class TeamBracketOpened(BracketOpened, TeamEvent):
    """1.3.2: the top-scoregroup and its upfloaters (``moved_down``)."""


@dataclass(frozen=True)
class TeamCandidateTried(CandidateTried, TeamEvent):
    """3.6.4: the first pairing of 3.6.3 refused by [C8]-[C10], or the one chosen."""


@dataclass(frozen=True)
class TeamBracketPaired(BracketPaired, TeamEvent):
    """3.6: the pairs of a bracket."""


@dataclass(frozen=True)
class TeamColourAllocated(ColourAllocated, TeamEvent):
    """4.3.1-4.3.9; ``higher`` is the first-team (4.2)."""


@dataclass(frozen=True)
class TeamBoardsOrdered(BoardsOrdered, TeamEvent):
    """C.04.2: the order of the matches."""


NEW_EVENT_KINDS: dict[str, type[Event]] = {
    PabCandidatesRanked.kind: PabCandidatesRanked,
    UpfloatersCounted.kind: UpfloatersCounted,
    UpfloaterSetTried.kind: UpfloaterSetTried,
}
