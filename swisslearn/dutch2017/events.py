"""The one event class the 2017 procedure has of its own.

Every other event of a dutch-2017 trace is an event of
:mod:`swisslearn.trace` or :mod:`swisslearn.dutch2026.events`, labelled with
the 2017 article numbers (``A.2``, ``B.4``, ``C.10``, ``E.3``...), whose
shape tells the explanations which edition speaks.  The board order is the
exception: both editions label it ``C.04.2`` (the General Handling Rules,
not C.04.3), so its class says it:

=====================  =======  ============================================
event                  rule     what happened
=====================  =======  ============================================
BoardsOrdered          C.04.2   the board order of a 2017 round (the same
                                kind and fields as 2026's; the sentence
                                cites A.2 for the ranking, not 1.2)
=====================  =======  ============================================
"""

from __future__ import annotations

from dataclasses import dataclass

from swisslearn import trace

__all__ = ["BoardsOrdered"]


@dataclass(frozen=True)
class BoardsOrdered(trace.BoardsOrdered):
    """:class:`swisslearn.trace.BoardsOrdered`, from a 2017 trace."""
