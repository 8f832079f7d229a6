"""The 1998 Dutch system of seed 000, told step by step: the round.

``trace(tournament, round)`` yields every event of the pairing of a round;
``pair()`` keeps the last one (:class:`~swisslearn.trace.RoundPaired`).  The
text's parts are files of this package, so a reader holding the seed finds
each rule in one place:

=====================  ===================================================
``procedure.py``       the round: A2 (the players in order), A5 (the bye),
                       E1-E4 (colours), F1 (board order); the notes said
                       out loud (last round, F9's adjourned games)
``state.py``           what the brackets share: the players' states, the
                       criteria on each pair, a bracket's tables
``criteria.py``        B1-B6, each saying *why* a pair (or a float) fails
``bracket.py``         A3, C1-C11, C14: one bracket, one loop over its levels
``ladder.py``          C6 as read, C9, C10, C11, C14: the levels, as data
``candidates.py``      C6, C7, C8 at one level: the candidates in order
``search.py``          D1 without enumerating: the acceptable S2 orders
``transpositions.py``  D1: the order of S2's transpositions, their ranks
``exchanges.py``       D2: the order of the exchanges, the seed's cells
``driver.py``          C12, C13: undoing a bracket above
``feasibility.py``     the proofs that a family of candidates cannot work
``softavoid.py``       protections (seed 002), soft-avoid
``colours.py``         A7/A8 (x), E1-E4 and the first-round rule
=====================  ===================================================

How we read the text is in the README ("How we read the 1998 text"), each
reading at the place that applies it.

Literal mode (``trace(..., literal=True)``, ``pair(..., literal=True)``)
------------------------------------------------------------------------
For the notebooks: C6-C8 read literally.  On every S1/S2 split the candidates
are tried one by one in D1 order, each with a :class:`CandidateTried` that is
accepted or carries its rejection, and every exchange is tried in D2 order:
no skipped range of transpositions, no C8 gate, no exchange skipped as
infeasible (``ExchangeApplied.feasible`` is always True).  When S2 is longer
than S1, the transpositions that differ only after S1's length pair the same
way: they are one candidate, reported at the rank of the first of them.  A
candidate acceptable under the criteria that moves down the same players as
an earlier one of the bracket is rejected with ``Rejection("C13", those
players, "moved_down_before")``: the driver has already tried that set (the
pruned search leaves it out).  Everything else is the same code: the
bracket streams, the ladder, the C12/C13 driver and what it remembers.  So
the pairing, and every :class:`BracketPaired` (pairs, transposition,
exchange cell), is the same in both modes (``tests/test_dutch1998_literal.py``).

A split costs ``len(S2)! / (len(S2) - len(S1))!`` candidates, and a
homogeneous bracket has up to ``C(n, n // 2)`` splits: literal mode raises
:class:`~swisslearn.errors.UsageError`, naming the bracket, when it reaches a
split of more than ``LITERAL_LIMIT`` = 8! = 40,320 candidates (an S2 of more
than 8 players, unless S1 is much shorter).  Pair such rounds with the
default (pruned) mode: same result.  ``swisslearn pair|trace|why --literal``
asks for it from the command line.

Soft-avoid (``trace(..., avoid=pairs)``): ``softavoid.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal
from typing import AbstractSet

from swisslearn.dutch1998.candidates import LITERAL_LIMIT
from swisslearn.dutch1998.colours import allocate, first_round_colours
from swisslearn.dutch1998.criteria import b2_rejection
from swisslearn.dutch1998.driver import drive
from swisslearn.dutch1998.outcome import Outcome
from swisslearn.dutch1998.rules import RULES
from swisslearn.dutch1998.state import RoundState
from swisslearn.model import Colour, PlayerId, PlayerState, Result, RoundNumber, Tournament
from swisslearn.trace import (Board, BoardsOrdered, ByeAssigned, ColourAllocated, Event,
                              RoundPaired, RoundStarted, last_round_paired)

__all__ = ["LITERAL_LIMIT", "SYSTEM", "pair", "trace"]

SYSTEM = RULES.system

_A2, _A5, _F1 = (RULES.label(label) for label in ("A2", "A5", "F1"))


def trace(tournament: Tournament, round: RoundNumber | None = None, *,
          literal: bool = False,
          avoid: AbstractSet[frozenset[PlayerId]] = frozenset()) -> Iterator[Event]:
    """Every event of the pairing of ``round`` (default: the next one).

    ``literal``: try every candidate and every exchange one by one (module
    docstring, "Literal mode"); same pairing, longer trace, small brackets
    only (UsageError beyond ``LITERAL_LIMIT`` candidates on a split).
    ``avoid``: the pairs of soft-avoid protection groups (seed 002,
    ``softavoid.py``); without it, the rules' pairing unchanged."""
    round = tournament.round_to_pair(round)
    base = tournament.truncated(round - 1)
    context = RoundState(base, round, literal, avoid)
    states = base.states(round)
    present = context.sort([s for s in states if s.available and not s.withdrawn])
    absent = tuple(s.id for s in states if not s.available or s.withdrawn)
    scores = tuple(sorted({s.score for s in present}, reverse=True))
    yield RoundStarted(rule=_A2, round=round, system=SYSTEM,
                       players=tuple(context.view(s) for s in present), absent=absent,
                       scores=scores,
                       last_round=tuple(s.id for s in present if s.last_round_exception),
                       adjourned=_adjourned(base, round),
                       withdrawn=tuple(s.id for s in states if s.withdrawn))
    brackets = [tuple(s for s in present if s.score == score) for score in scores]
    # Nobody present (all absent): an empty round, not an error.
    outcomes = (yield from drive(context, brackets)) if brackets else []
    yield from _finish(context, outcomes)


def pair(tournament: Tournament, round: RoundNumber | None = None, *,
         literal: bool = False,
         avoid: AbstractSet[frozenset[PlayerId]] = frozenset()) -> RoundPaired:
    """The pairing of ``round``: the last event of :func:`trace`."""
    return last_round_paired(trace(tournament, round, literal=literal, avoid=avoid))


def _adjourned(tournament: Tournament, round: RoundNumber
               ) -> tuple[tuple[RoundNumber, PlayerId, PlayerId], ...]:
    """F9: the games before ``round`` not finished (round, white, black),
    counted as draws for the pairing."""
    found = []
    for player in tournament.players:
        for entry in player.entries:
            if (entry.round < round and entry.result is Result.PENDING
                    and entry.opponent is not None and entry.colour is Colour.WHITE):
                found.append((entry.round, player.id, entry.opponent))
    return tuple(sorted(found))


# ---------------------------------------------------------------------------
# After the brackets: bye (A5), colours (E), board order (F1).


def _last_round_note(player: PlayerState, colour: Colour) -> bool:
    """Does ``player`` get ``colour`` only thanks to the last-round note
    (B2 would forbid it but for his score of over 50 %)?"""
    if not player.last_round_exception:
        return False
    return b2_rejection(replace(player, last_round_exception=False), colour) is not None


def _finish(context: RoundState, outcomes: list[Outcome]) -> Iterator[Event]:
    pairs = [pair for outcome in outcomes for pair in outcome.pairs]
    byes = outcomes[-1].moved_down if outcomes else ()
    for player in byes:
        yield ByeAssigned(rule=_A5, player=player.id, view=context.view(player))
    boards: list[tuple[PlayerState, PlayerState]] = []
    for a, b in pairs:
        higher, lower = sorted((a, b), key=context.a2_key)
        if not higher.played_colours and not lower.played_colours:
            decision = first_round_colours(higher, lower,
                                           context.tournament.pairing_number(higher.id),
                                           context.initial)
        else:
            decision = allocate(higher, lower, context.initial)
        noted = tuple(p.id for p, colour in ((decision.white, Colour.WHITE),
                                             (decision.black, Colour.BLACK))
                      if _last_round_note(p, colour))
        yield ColourAllocated(rule=decision.rule, white=decision.white.id,
                              black=decision.black.id, higher=higher.id,
                              white_view=context.view(decision.white),
                              black_view=context.view(decision.black), last_round=noted)
        boards.append((decision.white, decision.black))

    def f1_key(board: tuple[PlayerState, PlayerState]) -> tuple[Decimal, Decimal, int]:
        higher = min(board, key=context.a2_key)
        return (-max(board[0].score, board[1].score), -(board[0].score + board[1].score),
                context.tournament.pairing_number(higher.id))

    boards.sort(key=f1_key)
    ordered = tuple(Board(i, w.id, b.id) for i, (w, b) in enumerate(boards, 1))
    yield BoardsOrdered(rule=_F1, boards=ordered)
    yield RoundPaired(rule=_F1, round=context.round, system=SYSTEM, boards=ordered,
                      byes=tuple(p.id for p in byes))
