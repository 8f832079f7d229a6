"""Explaining a bracket's choice: the first candidate of the generation order
(3.2, 3.3), why it lost if it did, and where the chosen one sits in 4.2/4.3.

The first candidate keeps the bracket's parameters (M1 and MaxPairs as
chosen): S1 = the first M1 MDPs against the first residents, then the
remainder's first half against its second half, in order.  If it differs
from the chosen candidate, the deciding criterion is:

* the absolute criterion ([C1], [C3] or a forbidden pair) of its first
  illegal pair; or else
* the most significant criterion field in which the best round-pairing
  that contains it weighs less than the one chosen (the comparison the
  matching itself makes): [C4] if the round can then not be completed,
  [C5] if the PAB would go to a higher score, [C6]-[C21] otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import perm
from typing import Mapping, Sequence

from swisslearn.dutch2026.brackets import BracketResult, RoundResult
from swisslearn.dutch2026.criteria import absolute_violation
from swisslearn.dutch2026.rules import RULES
from swisslearn.dutch2026.scoring import Competitor
from swisslearn.dutch2026.weights import deciding_field
from swisslearn.model import PlayerId

__all__ = ["VERDICT_LABELS", "Verdict", "first_candidate", "judge", "transposition_rank",
           "exchange_label"]

Pair = tuple[Competitor, Competitor]


@dataclass(frozen=True)
class Verdict:
    """Why the first candidate was not kept: the criterion, the players it
    concerns and a catalogue key (``met``, ``forbidden``, ``colours``,
    ``completion``, ``pab``, ``quality``, ``order``)."""

    criterion: str
    players: tuple[PlayerId, ...]
    detail: str


def first_candidate(bracket: BracketResult) -> tuple[Pair, ...]:
    """3.3: S1[i] against S2[i], then S1R[i] against S2R[i], before any alteration."""
    m1 = len(bracket.s1)
    mdp_pairs = tuple(zip(bracket.mdps[:m1], bracket.residents[:m1]))
    remainder = bracket.residents[m1:]
    half = len(bracket.s1r)
    rest = tuple(zip(remainder[:half], remainder[half:2 * half]))
    return mdp_pairs + rest


def _key(pairs: tuple[Pair, ...]) -> frozenset[frozenset[PlayerId]]:
    return frozenset(frozenset((a.id, b.id)) for a, b in pairs)


def same_pairs(a: tuple[Pair, ...], b: tuple[Pair, ...]) -> bool:
    return _key(a) == _key(b)


VERDICT_LABELS: Mapping[str, str] = {
    detail: RULES.label(label) for detail, label in (
        ("met", "[C1]"), ("forbidden", "[C1]"), ("colours", "[C3]"), ("completion", "[C4]"),
        ("pab", "[C5]"), ("order", "4.2-4.3"))}
"""The criterion a verdict cites, by its detail (2026 numbering); an edition
passes its own (2017: ``C.1``, ``C.3``, ``C.4``...; with ``"bye"``: the
criterion that keeps the PAB from a player, C.2)."""


def judge(result: RoundResult, bracket: BracketResult, candidate: tuple[Pair, ...],
          labels: Mapping[str, str] = VERDICT_LABELS) -> Verdict:
    """Why ``candidate`` (not the one chosen) lost; see the module doc."""
    layout = bracket.layout if bracket.layout is not None else result.layout
    for a, b in candidate:
        violation = absolute_violation(a, b, layout.forbidden)
        if violation is not None:
            detail = {"[C1]": "met", "forbidden": "forbidden", "[C3]": "colours"}[violation]
            return Verdict(labels[detail], (a.id, b.id), detail)
    vertex = {p.id: i for i, p in enumerate(result.players)}
    fixed = [(vertex[a.id], vertex[b.id]) for a, b in candidate]
    total, unmatched = bracket.solver.best_total_with(fixed)
    chosen = {frozenset((a.id, b.id)) for a, b in bracket.pairs}
    players = tuple(p.id for pair in candidate if frozenset((pair[0].id, pair[1].id))
                    not in chosen for p in pair)
    field = deciding_field(layout.fields, total, bracket.best_total)
    if field is None:
        return Verdict(labels["order"], players, "order")
    if field == labels["completion"]:
        eligible = [result.players[v].bye_eligible for v in unmatched]
        if len(unmatched) <= 1 and all(eligible):
            return Verdict(labels["pab"], players, "pab")
        if "bye" in labels and len(unmatched) == 1:
            return Verdict(labels["bye"], players, "bye")
        if _completable(result, bracket, fixed):
            # The field counts a player left out who may not have the PAB
            # and one who may, at a higher score, alike: the best pairing
            # with the candidate may show the first, but a complete one
            # exists, so what the candidate costs is the PAB's score.
            return Verdict(labels["pab"], players, "pab")
        return Verdict(labels["completion"], players, "completion")
    return Verdict(field, players, "quality")


def _completable(result: RoundResult, bracket: BracketResult,
                 fixed: Sequence[tuple[int, int]]) -> bool:
    """[C4] alone: can the round be completed with the pairs ``fixed``, the
    PAB (in an odd round) to any player allowed it ([C2]), whatever the score?
    False where the bracket keeps no completion (2017's brackets)."""
    solver = bracket.solver
    n = len(result.players)
    if len(solver.mate) < n:
        return False
    pab = None
    if len(solver.mate) > n:
        pab = [v for v, p in enumerate(result.players) if p.bye_eligible]
    return solver.completion(pab).try_without(fixed) is not None


def transposition_rank(s1: tuple[Competitor, ...], s2: tuple[Competitor, ...],
                       opponents: tuple[Competitor, ...]) -> int:
    """4.2.2: the 0-based place of S2's order among the transpositions,
    sorted by the BSNs of their first ``len(s1)`` players (``opponents``,
    in S1 order)."""
    order = [p.id for p in s2]
    left = list(order)
    rank = 0
    n1 = len(opponents)
    for i, opponent in enumerate(opponents):
        place = left.index(opponent.id)
        if place:
            rank += place * perm(len(left) - 1, n1 - i - 1)
        left.pop(place)
    return rank


def exchange_label(moved_out: tuple[int, ...], moved_in: tuple[int, ...]) -> str:
    """4.3: ``"4↔6"``, ``"4+3↔6+8"`` (BSNs leaving S1, BSNs entering it)."""
    return "+".join(str(b) for b in moved_out) + "↔" + "+".join(str(b) for b in moved_in)
