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

``team-2026-sharly`` (:mod:`swisslearn.team2026.sharly`) adds one more:

=====================  ==========  =========================================
WholeRoundWeighed      C.04.6      the round paired as one maximum-weight
                                   matching: the chosen pairing's fields
                                   (:mod:`.wholeround`), the text's
                                   pairing (``team-2026``) measured the same
                                   way, the first field that separates them,
                                   and a pairing of exactly the same weight
                                   if there is one
=====================  ==========  =========================================

All four are frozen dataclasses subclassing :class:`swisslearn.trace.Event`
(``kind`` is the snake_case name), so :func:`swisslearn.trace.event_to_json`
writes them like the others.

The events of the shared vocabulary that a team trace yields are subclasses
of those of :mod:`swisslearn.trace` (``TeamByeAssigned`` is a
``ByeAssigned``...) with the same ``kind`` and fields, so every consumer reads
them as before; the :class:`TeamEvent` marker only tells
:mod:`swisslearn.explain` to speak of teams and of the articles of C.04.6;
:class:`SharlyEvent` (a :class:`TeamEvent`) marks the events whose words
differ in ``team-2026-sharly`` (its one bracket is the whole round).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from swisslearn.team2026.wholeround import RoundFields
from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, BracketView,
                              ByeAssigned, CandidateTried, ColourAllocated, Event, Rejection)

__all__ = ["TeamEvent", "PabCandidatesRanked", "UpfloatersCounted", "UpfloaterSetTried",
           "TeamByeAssigned", "TeamBracketOpened", "TeamCandidateTried", "TeamBracketPaired",
           "TeamColourAllocated", "TeamBoardsOrdered", "SharlyEvent", "WholeRoundWeighed",
           "SharlyBracketOpened", "SharlyCandidateTried", "SharlyBracketPaired",
           "NEW_EVENT_KINDS"]


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


class SharlyEvent(TeamEvent):
    """Marker of the events whose words are ``team-2026-sharly``'s own."""

    system_name: ClassVar[str] = "team-2026-sharly"


Pair = tuple[int, int]


@dataclass(frozen=True)
class WholeRoundWeighed(Event, SharlyEvent):
    """``team-2026-sharly``: the teams of ``bracket`` (all those to pair)
    paired at once by the matching of greatest weight.  ``pairs`` (top,
    bottom) and ``fields`` the chosen pairing; ``text_pairs`` and
    ``text_fields`` the pairing the text's reading gives (``team-2026``),
    measured with the same fields (``None``: not comparable, another PAB);
    ``deciding`` the label of the most significant field that separates them
    (``None``: the same pairing, or an exact tie); ``tied`` another pairing
    of exactly the same weight, the first in 3.6.3 order, when the matching
    chose another one (``()``: none); ``forbidden`` the pairs of these teams
    that may not meet ([C1] or ``260``)."""

    kind: ClassVar[str] = "whole_round_weighed"
    bracket: BracketView
    pairs: tuple[Pair, ...]
    fields: RoundFields
    text_pairs: tuple[Pair, ...] = ()
    text_fields: RoundFields | None = None
    deciding: str | None = None
    tied: tuple[Pair, ...] = ()
    forbidden: tuple[Pair, ...] = ()


@dataclass(frozen=True)
class SharlyBracketOpened(BracketOpened, SharlyEvent):
    """The whole round as one bracket (``moved_down``: the upfloaters of the
    chosen pairing, the lower-scored team of each pair across scoregroups)."""


@dataclass(frozen=True)
class SharlyCandidateTried(CandidateTried, SharlyEvent):
    """The text's pairing, refused because the whole round's weight prefers
    another (``rule`` and the rejection's criterion: the deciding field), or
    the chosen pairing (accepted)."""


@dataclass(frozen=True)
class SharlyBracketPaired(BracketPaired, SharlyEvent):
    """The pairs of the whole round."""


NEW_EVENT_KINDS: dict[str, type[Event]] = {
    PabCandidatesRanked.kind: PabCandidatesRanked,
    UpfloatersCounted.kind: UpfloatersCounted,
    UpfloaterSetTried.kind: UpfloaterSetTried,
    WholeRoundWeighed.kind: WholeRoundWeighed,
}
