"""Every criterion a candidate breaks, not only the one the text checks first.

A trainee who refuses a candidate for a criterion it truly breaks is right,
even when the text would have named another one first (C6 checks B1 and B2
pair by pair, then B4 on the whole candidate, then the floats): for 1-7 in
``data/cours-c10.trf`` round 3 the trace says B5 (5 would float down twice)
and « B4 » is as true (both want White, x = 0).

The engine's :class:`~swisslearn.trace.CandidateTried` carries those other
criteria in ``also``; where a trace leaves ``also`` empty, :func:`with_breaches`
works them out from the criteria of :mod:`swisslearn.dutch1998.criteria`,
on the players' states before the round, as C6 reads them (README, "How we
read the 1998 text", 1 and 16):

* B1a (and the file's forbidden pairs) and B2, pair by pair;
* B4: more pairs missing a colour preference than x;
* B5/B6 as far as the bracket keeps them (its ``dropped`` criteria): the
  upfloat of the lower player of a pair between two scores and the
  downfloat of the higher one (a heterogeneous bracket's moved-down player
  floats down again whoever he meets there: A4, the seed's FD); the
  downfloat of a player left over in a homogeneous bracket or a remainder,
  and in the lowest bracket his bye (B1b).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from swisslearn.dutch1998.criteria import (Relaxation, bye_rejection, colour_conflict,
                                           float_rejection, pair_rejection)
from swisslearn.model import Float, PlayerId, PlayerState, RoundNumber, Tournament
from swisslearn.trace import BracketView, CandidateTried, Event, Rejection

__all__ = ["TEXT_ORDER", "breaches", "with_breaches"]

#: The criteria in the order the text lists them (B1a before B1b...).
TEXT_ORDER = ("B1a", "B1b", "B2a", "B2b", "B4", "B5", "B6")


def _relaxation(view: BracketView) -> Relaxation:
    relaxation = Relaxation()
    for dropped in view.dropped:
        criterion, _, floaters = dropped.partition(" ")
        if criterion in ("B5", "B6") and floaters in ("down", "up"):
            relaxation = relaxation.without(criterion, floaters)
    return relaxation


def breaches(candidate: CandidateTried, states: dict[PlayerId, PlayerState],
             forbidden: frozenset[frozenset[PlayerId]] = frozenset()) -> tuple[Rejection, ...]:
    """Every breach of B1-B6 in ``candidate``, in the text's order (a
    criterion once for each player or pair it concerns)."""
    view = candidate.bracket
    relaxation = _relaxation(view)
    paired_as_homogeneous = view.homogeneous or view.remainder
    found: list[Rejection] = []
    conflicts: list[PlayerId] = []
    for first, second in candidate.pairs:
        a, b = states.get(first), states.get(second)
        if a is None or b is None:
            continue
        rejection = pair_rejection(a, b, forbidden)
        if rejection is not None:
            found.append(rejection)
        if colour_conflict(a, b):
            conflicts.extend((a.id, b.id))
        if a.score != b.score:
            high, low = (a, b) if a.score > b.score else (b, a)
            _add(found, float_rejection(high, Float.DOWN, relaxation))
            _add(found, float_rejection(low, Float.UP, relaxation))
    if len(conflicts) // 2 > view.x:
        found.append(Rejection("B4", tuple(conflicts), "colour_conflicts"))
    if paired_as_homogeneous:
        for player in candidate.leftover:
            state = states.get(player)
            if state is None:
                continue
            if view.lowest:
                _add(found, bye_rejection(state))
            _add(found, float_rejection(state, Float.DOWN, relaxation))
    return tuple(sorted(found, key=lambda r: _rank(r.criterion)))


def _add(found: list[Rejection], rejection: Rejection | None) -> None:
    if rejection is not None and rejection not in found:
        found.append(rejection)


def _rank(criterion: str) -> int:
    return TEXT_ORDER.index(criterion) if criterion in TEXT_ORDER else len(TEXT_ORDER)


def with_breaches(events: Sequence[Event], tournament: Tournament,
                  round: RoundNumber) -> tuple[Event, ...]:
    """``events`` with ``also`` filled on every refused candidate whose
    trace left it empty: each other criterion it breaks, in the text's order.
    ``tournament`` is the tournament paired (its states before ``round``)."""
    if not any(isinstance(e, CandidateTried) and e.rejection is not None and not e.also
               for e in events):
        return tuple(events)
    base = tournament.truncated(round - 1)
    states = {state.id: state for state in base.states(round)}
    forbidden = base.forbidden_pairs(round)
    return tuple(_filled(event, states, forbidden) for event in events)


def _filled(event: Event, states: dict[PlayerId, PlayerState],
            forbidden: frozenset[frozenset[PlayerId]]) -> Event:
    if not isinstance(event, CandidateTried) or event.rejection is None or event.also:
        return event
    others = _others(event.rejection, breaches(event, states, forbidden))
    return dataclasses.replace(event, also=others) if others else event


def _others(rejection: Rejection, found: Iterable[Rejection]) -> tuple[Rejection, ...]:
    """The breaches other than the one the trace names (same criterion and players)."""
    return tuple(r for r in found
                 if not (r.criterion == rejection.criterion
                         and set(r.players) == set(rejection.players)))
