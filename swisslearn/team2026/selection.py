"""Articles 3.4-3.6 as computations (no trace): the PAB, the upfloaters of a
top-scoregroup, and the pairing of a bracket.

* Legal pairs ([C1] and ``260``) are bit masks over the teams to pair; "a
  legal pairing exists for these teams" ([C1] + [C3]) is a perfect-matching
  test (:func:`swisslearn.matching.all_paired`), remembered for the whole
  round.
* [C4] and [C5] for a top-scoregroup come from one maximum-weight matching of
  every team still to pair (:func:`upfloater_needs`): most pairs inside the
  top-scoregroup first ([C4]), then the fewest upfloaters of the lowest
  score, then of the next one up ([C5]: "maximise the scores, taken in
  ascending order").  That fixes the number of upfloaters and their scores
  (3.5.2's note); the sets with that count and those scores are then listed
  in 3.5.3/3.5.4 order and judged one by one (3.5.5, :func:`judge_sets`).
* 3.6: one maximum-weight matching of the bracket (:func:`pair_bracket`):
  the fields [C8], [C9], [C10], then the 3.6.2 identifier: a bonus
  ``2**(m-1-rank)`` for each top member (the sum is largest for the
  lexicographically smallest set of top members), then, for each top member
  in ascending order, the smallest bottom member possible.  Weights are
  exact Python integers (:mod:`swisslearn.matching`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from swisslearn.matching import all_paired, max_weight_matching
from swisslearn.teams import PreferenceType
from swisslearn.team2026.rules import RULES
from swisslearn.team2026.state import TeamState

__all__ = ["Graph", "Needs", "SetVerdict", "BracketPairing", "upfloater_needs",
           "upfloaters_needed", "candidate_sets", "judge_sets", "misses", "pair_bracket",
           "pairing_identifier"]


def _bits(n: int) -> int:
    return max(n.bit_length(), 1)


class Graph:
    """The teams to pair this round (TPN order) and who may meet whom."""

    def __init__(self, teams: Sequence[TeamState],
                 forbidden: frozenset[frozenset[int]] = frozenset()) -> None:
        self.teams = tuple(sorted(teams, key=lambda t: t.tpn))
        self.index = {t.tpn: i for i, t in enumerate(self.teams)}
        self.forbidden = forbidden
        self.adjacent = [0] * len(self.teams)
        for i, a in enumerate(self.teams):
            for j, b in enumerate(self.teams):
                if i != j and self.legal(a, b):
                    self.adjacent[i] |= 1 << j
        self._memo: dict[int, bool] = {0: True}

    def legal(self, a: TeamState, b: TeamState) -> bool:
        """[C1] (they have not met) and no ``260`` forbidding the pair."""
        return b.tpn not in a.opponents and frozenset((a.tpn, b.tpn)) not in self.forbidden

    def mask(self, teams: Iterable[TeamState]) -> int:
        value = 0
        for t in teams:
            value |= 1 << self.index[t.tpn]
        return value

    def pairable(self, teams: Iterable[TeamState]) -> bool:
        """Can these teams all be paired among themselves legally?"""
        return self._perfect(self.mask(teams))

    def _perfect(self, mask: int) -> bool:
        """Can the teams of ``mask`` all be paired legally?  (Edmonds' search,
        :func:`swisslearn.matching.all_paired`; remembered per set: the PAB
        and upfloater choices ask about the same sets again.)"""
        known = self._memo.get(mask)
        if known is None:
            adjacent = self.adjacent
            members = [i for i in range(mask.bit_length()) if mask >> i & 1]
            known = len(members) % 2 == 0 and all_paired(
                members, lambda i, j: bool(adjacent[i] >> j & 1))
            self._memo[mask] = known
        return known


@dataclass(frozen=True)
class Needs:
    """[C4]/[C5] for a top-scoregroup: ``count`` upfloaters, ``per_score`` of
    them from each lower score."""

    count: int
    per_score: Mapping[Decimal, int]

    @property
    def scores(self) -> tuple[Decimal, ...]:
        """The upfloaters' scores, lowest first."""
        return tuple(s for s in sorted(self.per_score) for _ in range(self.per_score[s]))


EdgeWeight = Callable[[TeamState, TeamState], int]
"""The weight of a legal pair (0: no edge)."""


def _matching(graph: Graph, teams: Sequence[TeamState],
              weight: EdgeWeight) -> dict[int, int] | None:
    """A maximum-weight perfect matching of ``teams`` (TPN -> TPN), or None."""
    weights: dict[tuple[int, int], int] = {}
    ordered = sorted(teams, key=lambda t: t.tpn)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if graph.legal(a, b):
                w = weight(a, b)
                if w > 0:
                    weights[(a.tpn, b.tpn)] = w
    mates = max_weight_matching((t.tpn for t in ordered), weights)
    if len(mates) != len(ordered):
        return None
    return mates


class _NeedsWeight:
    """Pairs first, then pairs inside ``group`` ([C4]), then (``profile``)
    penalties for upfloaters, lowest scores heaviest ([C5])."""

    def __init__(self, group: Sequence[TeamState], others: Sequence[TeamState],
                 profile: bool) -> None:
        n = len(group) + len(others)
        self.group = {t.tpn for t in group}
        self.count_bits = _bits(n) + 1
        levels = sorted({t.score for t in others}, reverse=True)  # highest score: lowest bits
        self.level_bits = _bits(n) + 1
        self.shift = {s: i * self.level_bits for i, s in enumerate(levels)}
        self.top = len(levels) * self.level_bits
        self.profile_bits = (self.top + self.count_bits) if profile else 0

    def __call__(self, a: TeamState, b: TeamState) -> int:
        inside_a, inside_b = a.tpn in self.group, b.tpn in self.group
        c4 = int(inside_a and inside_b)
        c5 = 0
        if self.profile_bits and inside_a != inside_b:
            upfloater = b if inside_a else a
            c5 = (1 << self.top) - (1 << self.shift[upfloater.score])
        weight = (1 << self.count_bits) + c4
        return (weight << self.profile_bits) + c5


def upfloater_needs(graph: Graph, top: Sequence[TeamState],
                    lower: Sequence[TeamState]) -> Needs | None:
    """[C4] and [C5] for the top-scoregroup ``top`` with the teams ``lower``
    still to pair: how many upfloaters, and from which scores.  ``None`` if
    the teams cannot all be paired ([C3] fails)."""
    mates = _matching(graph, list(top) + list(lower), _NeedsWeight(top, lower, True))
    if mates is None:
        return None
    inside = {t.tpn for t in top}
    per_score: dict[Decimal, int] = {}
    for t in lower:
        if mates[t.tpn] in inside:
            per_score[t.score] = per_score.get(t.score, 0) + 1
    return Needs(sum(per_score.values()), per_score)


def upfloaters_needed(graph: Graph, group: Sequence[TeamState],
                      others: Sequence[TeamState]) -> int | None:
    """[C4] for ``group`` (the next scoregroup, for [C6]): the fewest teams of
    ``others`` it must take; ``None`` if the teams cannot all be paired."""
    mates = _matching(graph, list(group) + list(others), _NeedsWeight(group, others, False))
    if mates is None:
        return None
    inside = {t.tpn for t in group}
    return sum(1 for t in others if mates[t.tpn] in inside)


def candidate_sets(lower: Sequence[TeamState], needs: Needs) -> Iterator[tuple[TeamState, ...]]:
    """3.5.2-3.5.4: every set with the count and scores of ``needs``, each
    sorted by descending score then ascending TPN, the sets in lexicographic
    order of their TPNs."""
    levels = sorted(needs.per_score, reverse=True)
    choices = []
    for score in levels:
        teams = sorted((t for t in lower if t.score == score), key=lambda t: t.tpn)
        choices.append(list(itertools.combinations(teams, needs.per_score[score])))
    for parts in itertools.product(*choices):
        yield tuple(t for part in parts for t in part)


@dataclass(frozen=True)
class SetVerdict:
    """3.5.5 on one set: ``failed`` the absolute criterion it breaks
    (``"[C1]"``: no legal bracket pairing; ``"[C3]"``: the other teams cannot
    be paired) or ``""``; ``c6``/``c7`` its values (``None``: not
    applicable)."""

    upfloaters: tuple[TeamState, ...]
    number: int
    failed: str = ""
    c6: int | None = None
    c7: int | None = None

    @property
    def key(self) -> tuple[int, int]:
        return (self.c6 or 0, self.c7 or 0)


def judge_sets(graph: Graph, top: Sequence[TeamState], lower: Sequence[TeamState],
               needs: Needs, c7_applies: bool) -> tuple[list[SetVerdict], int]:
    """Every candidate set judged (3.5.5), in 3.5.4 order, and the index of the
    chosen one: the first legal set with the fewest upfloaters needed by the
    following scoregroup ([C6]), then the fewest upfloaters that floated in
    the previous round ([C7]).  Index -1: no set is legal."""
    verdicts: list[SetVerdict] = []
    following_score = max((t.score for t in lower), default=None)
    for number, upfloaters in enumerate(candidate_sets(lower, needs), 1):
        chosen = {t.tpn for t in upfloaters}
        rest = [t for t in lower if t.tpn not in chosen]
        if not graph.pairable(list(top) + list(upfloaters)):
            verdicts.append(SetVerdict(upfloaters, number, failed=RULES.label("[C1]")))
            continue
        if not graph.pairable(rest):
            verdicts.append(SetVerdict(upfloaters, number, failed=RULES.label("[C3]")))
            continue
        following = [t for t in rest if t.score == following_score]
        c6: int | None = None
        if following:
            others = [t for t in rest if t.score != following_score]
            c6 = upfloaters_needed(graph, following, others)
        c7 = sum(1 for t in upfloaters if t.floated_last_round) if c7_applies else None
        verdicts.append(SetVerdict(upfloaters, number, c6=c6, c7=c7))
    legal = [v for v in verdicts if not v.failed]
    if not legal:
        return verdicts, -1
    best = min(v.key for v in legal)
    chosen_index = next(i for i, v in enumerate(verdicts) if not v.failed and v.key == best)
    return verdicts, chosen_index


# ---------------------------------------------------------------------------
# 3.6: the pairing of a bracket


@dataclass(frozen=True)
class BracketPairing:
    """Pairs ``(top, bottom)`` (smaller TPN first) in identifier order, with
    the values of [C8], [C9] and [C10] (teams or pairs that miss them)."""

    pairs: tuple[tuple[int, int], ...]
    c8: int
    c9: int
    c10: int

    @property
    def quality(self) -> tuple[int, int, int]:
        return (self.c8, self.c9, self.c10)


def pairing_identifier(pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """3.6.2: the top members ascending, then their bottom members."""
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return tuple(a for a, _ in ordered) + tuple(b for _, b in ordered)


def misses(a: TeamState, b: TeamState, kind: PreferenceType, upfloaters: frozenset[int],
           c10_applies: bool) -> tuple[int, int, int]:
    """What the pair ``a``-``b`` breaks: ([C8] a preference not granted, [C9] a
    strong one (Type B), [C10] an upfloater's opponent that floated last round)."""
    c8 = int(a.preference is not None and a.preference is b.preference)
    c9 = int(kind is PreferenceType.B and c8 == 1 and a.strong and b.strong)
    c10 = 0
    if c10_applies and (a.tpn in upfloaters) != (b.tpn in upfloaters):
        resident = b if a.tpn in upfloaters else a
        c10 = int(resident.floated_last_round)
    return c8, c9, c10


class _BracketWeight:
    def __init__(self, teams: Sequence[TeamState], kind: PreferenceType,
                 upfloaters: frozenset[int], c10_applies: bool, quality: bool,
                 avoid: frozenset[frozenset[int]] = frozenset()) -> None:
        ordered = sorted(teams, key=lambda t: t.tpn)
        self.rank = {t.tpn: i for i, t in enumerate(ordered)}
        self.m = len(ordered)
        self.kind = kind
        self.upfloaters = upfloaters
        self.c10_applies = c10_applies
        self.quality = quality
        self.avoid = avoid
        self.count_bits = _bits(self.m) + 1
        self.partner_bits = _bits(self.m)

    def __call__(self, a: TeamState, b: TeamState) -> int:
        if a.tpn > b.tpn:
            a, b = b, a
        m = self.m
        weight = 1
        broken = misses(a, b, self.kind, self.upfloaters, self.c10_applies)
        for miss in broken:
            weight = (weight << self.count_bits) + (int(not miss) if self.quality else 0)
        if self.avoid:
            # Seed 002's soft-avoid: under [C10], above the 3.6.2 identifier.
            same = frozenset((a.tpn, b.tpn)) in self.avoid
            weight = (weight << self.count_bits) + (int(not same) if self.quality else 0)
        ra, rb = self.rank[a.tpn], self.rank[b.tpn]
        weight = (weight << m) + (1 << (m - 1 - ra))
        partner = (m - rb) << (self.partner_bits * (m - 1 - ra))
        return (weight << (self.partner_bits * m)) + partner


def pair_bracket(graph: Graph, teams: Sequence[TeamState], upfloaters: Iterable[int],
                 kind: PreferenceType, c10_applies: bool,
                 quality: bool = True,
                 avoid: frozenset[frozenset[int]] = frozenset()) -> BracketPairing | None:
    """3.6.4: the first pairing (3.6.3 order) among those that best keep [C8],
    [C9] and [C10] (``quality=False``: the first legal pairing, criteria
    ignored).  ``None`` if the bracket cannot be paired legally.  ``avoid``:
    pairs of a soft-avoid protection group (seed 002), fewest first, after
    [C10] and before the 3.6.3 order."""
    ups = frozenset(upfloaters)
    mates = _matching(graph, teams, _BracketWeight(teams, kind, ups, c10_applies, quality,
                                                   avoid))
    if mates is None:
        return None
    by_tpn = {t.tpn: t for t in teams}
    pairs = sorted({(min(a, b), max(a, b)) for a, b in mates.items()})
    totals = [0, 0, 0]
    for a, b in pairs:
        for i, miss in enumerate(misses(by_tpn[a], by_tpn[b], kind, ups, c10_applies)):
            totals[i] += miss
    return BracketPairing(tuple(pairs), totals[0], totals[1], totals[2])
