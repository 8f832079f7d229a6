"""Trace events the 2026 procedure adds to :mod:`swisslearn.trace`.

=====================  =======  ============================================
event                  rule     what happened
=====================  =======  ============================================
CompletionChecked      [C4]     a complete round-pairing exists; the lowest
                                score the PAB can go to ([C5]) and whether
                                [C9] applies to the first bracket
BracketParameters      3.1      M0, MaxPairs, M1 and the Limbo of a bracket
=====================  =======  ============================================

Both are frozen dataclasses subclassing :class:`swisslearn.trace.Event`,
so :func:`swisslearn.trace.event_to_json` writes them like the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from swisslearn.model import PlayerId, RoundNumber
from swisslearn.trace import BracketView, Event

__all__ = ["CompletionChecked", "BracketParameters", "NEW_EVENT_KINDS"]


@dataclass(frozen=True)
class CompletionChecked(Event):
    """[C4]: the round can be completed.  With an odd number of players,
    ``pab_score`` is the lowest score the PAB can go to ([C5]) and
    ``pab_candidates`` the players allowed it ([C2]) with that score;
    ``c9`` tells whether the first bracket already downfloats exactly the
    PAB assignee ([C9] applies to it)."""

    kind: ClassVar[str] = "completion_checked"
    round: RoundNumber
    players: int
    pab_score: Decimal | None = None
    pab_candidates: tuple[PlayerId, ...] = ()
    c9: bool = False


@dataclass(frozen=True)
class BracketParameters(Event):
    """3.1 and 3.2.4: ``m0`` MDPs came down, ``m1`` of them are paired here
    (S1 of the MDP-Pairing), the others wait in the ``limbo`` and float on;
    ``max_pairs`` pairs are made in the bracket.  ``c9``: the bracket
    downfloats exactly the PAB assignee, so [C9] applies."""

    kind: ClassVar[str] = "bracket_parameters"
    bracket: BracketView
    m0: int
    max_pairs: int
    m1: int
    limbo: tuple[PlayerId, ...] = ()
    c9: bool = False


NEW_EVENT_KINDS: dict[str, type[Event]] = {
    CompletionChecked.kind: CompletionChecked,
    BracketParameters.kind: BracketParameters,
}
