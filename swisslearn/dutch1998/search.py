"""C6-C7 without enumerating factorials: the acceptable S2 orders, in D1 order.

The literal procedure pairs S1[i] with S2[i], checks the criteria, and on
failure moves to the next transposition of S2 (D1: lexicographic order of
S2's positions).  The first acceptable transposition is well defined; this
module finds it (and the next ones, lazily) by fixing S1's players one at a
time: for S1[i] it tries the S2 players in D1 order and keeps one only if the
rest of the bracket can still be completed.  "Can still be completed" is one
assignment problem (:func:`scipy.optimize.linear_sum_assignment`): remaining
S1 players and "stays unpaired" slots against remaining S2 players, cost 1
for a pair that does not fulfil both colour preferences (B4), impossible for
a pair or a floater the criteria forbid; completable iff the minimum cost is
within what is left of x.  So every prefix kept leads to an acceptable
candidate, and the candidates come out in exactly the literal order; the
transpositions jumped over are counted exactly (D1 ranks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

from swisslearn.model import PlayerState
from swisslearn.trace import Rejection

_IMPOSSIBLE = 10 ** 6

PairCheck = Callable[[PlayerState, PlayerState], "Rejection | None"]
LeftoverCheck = Callable[[PlayerState], "Rejection | None"]


@dataclass(frozen=True)
class Found:
    """An acceptable candidate: S2 positions paired with S1[0], S1[1]..., its D1 rank."""

    positions: tuple[int, ...]
    rank: int
    conflicts: int


@dataclass
class SearchStats:
    """What the search met on its way (for the trace's "skipped" reasons)."""

    rejections: list[Rejection] = field(default_factory=list)
    incomplete: int = 0

    def note(self, rejection: Rejection) -> None:
        if len(self.rejections) < 6 and rejection not in self.rejections:
            self.rejections.append(rejection)


class BracketSearch:
    """All acceptable pairings of S1 against S2 (C6), in D1 order of S2.

    ``pair_check(a, b)`` says why S1 player ``a`` may not meet S2 player
    ``b`` (B1, B2, and the float rules that apply to the pair);
    ``conflict(a, b)`` whether the pair misses a colour preference (B4);
    ``leftover_check(b)`` why S2 player ``b`` may not stay unpaired (float
    down or bye).  At most ``x`` conflicts are allowed.
    """

    def __init__(self, s1: Sequence[PlayerState], s2: Sequence[PlayerState], x: int,
                 pair_check: PairCheck, conflict: Callable[[PlayerState, PlayerState], bool],
                 leftover_check: LeftoverCheck) -> None:
        self.s1 = tuple(s1)
        self.s2 = tuple(s2)
        self.x = x
        self.stats = SearchStats()
        k, m = len(self.s1), len(self.s2)
        self.allowed = np.zeros((k, m), dtype=bool)
        self.cost = np.zeros((k, m), dtype=np.int64)
        self.reasons: dict[tuple[int, int], Rejection] = {}
        for i, a in enumerate(self.s1):
            for j, b in enumerate(self.s2):
                rejection = pair_check(a, b)
                if rejection is None:
                    self.allowed[i, j] = True
                    self.cost[i, j] = 1 if conflict(a, b) else 0
                else:
                    self.reasons[(i, j)] = rejection
        self.leftover_reasons: dict[int, Rejection] = {}
        self.may_stay = np.ones(m, dtype=bool)
        for j, b in enumerate(self.s2):
            rejection = leftover_check(b)
            if rejection is not None:
                self.may_stay[j] = False
                self.leftover_reasons[j] = rejection

    # -- the pieces -----------------------------------------------------

    def pair_reason(self, i: int, j: int) -> Rejection | None:
        return self.reasons.get((i, j))

    def evaluate(self, positions: Sequence[int]) -> tuple[Rejection | None, int]:
        """C6 on one candidate (S1[i] against S2[positions[i]]): the first
        failing criterion, or None, and its number of colour conflicts."""
        conflicts = 0
        for i, j in enumerate(positions):
            reason = self.reasons.get((i, j))
            if reason is not None:
                return reason, conflicts
            conflicts += int(self.cost[i, j])
        used = set(positions)
        for j in range(len(self.s2)):
            if j not in used and not self.may_stay[j]:
                return self.leftover_reasons[j], conflicts
        if conflicts > self.x:
            involved = tuple(pid for i, j in enumerate(positions) if self.cost[i, j]
                             for pid in (self.s1[i].id, self.s2[j].id))
            return Rejection("B4", involved, "colour_conflicts"), conflicts
        return None, conflicts

    def completable(self, level: int, used: Sequence[int], budget: int) -> bool:
        """Can S1[level:] be paired with unused S2 players within ``budget``
        conflicts, every S2 player left over allowed to stay unpaired?"""
        rows = list(range(level, len(self.s1)))
        free = [j for j in range(len(self.s2)) if j not in used]
        if not rows:
            return all(self.may_stay[j] for j in free)
        # Quick path: the untouched order of what is left (the next candidate
        # the literal procedure would try) is often acceptable already.
        greedy_cost = 0
        ok = True
        for i, j in zip(rows, free):
            if not self.allowed[i, j]:
                ok = False
                break
            greedy_cost += int(self.cost[i, j])
        if ok and greedy_cost <= budget and all(self.may_stay[j] for j in free[len(rows):]):
            return True
        size = len(free)
        if size < len(rows):
            return False
        matrix = np.full((size, size), _IMPOSSIBLE, dtype=np.int64)
        sub_allowed = self.allowed[np.ix_(rows, free)]
        sub_cost = self.cost[np.ix_(rows, free)]
        matrix[:len(rows), :] = np.where(sub_allowed, sub_cost, _IMPOSSIBLE)
        stay = np.where(self.may_stay[free], 0, _IMPOSSIBLE)
        matrix[len(rows):, :] = stay
        row_index, col_index = linear_sum_assignment(matrix)
        total = int(matrix[row_index, col_index].sum())
        return total <= budget

    # -- the search -----------------------------------------------------

    def candidates(self) -> Iterator[Found]:
        """Every acceptable candidate, in D1 order of S2 (lazily)."""
        k, m = len(self.s1), len(self.s2)
        if k > m:
            return
        if not self.completable(0, (), self.x):
            return
        factorials = [math.factorial(n) for n in range(m + 1)]
        chosen: list[int] = []
        used: set[int] = set()

        def walk(level: int, budget: int, rank: int) -> Iterator[Found]:
            if level == k:
                yield Found(tuple(chosen), rank, self.x - budget)
                return
            smaller_unused = 0
            for j in range(m):
                if j in used:
                    continue
                step = smaller_unused * factorials[m - 1 - level]
                smaller_unused += 1
                if not self.allowed[level, j]:
                    self.stats.note(self.reasons[(level, j)])
                    continue
                cost = int(self.cost[level, j])
                if cost > budget:
                    continue
                chosen.append(j)
                used.add(j)
                if self.completable(level + 1, used, budget - cost):
                    yield from walk(level + 1, budget - cost, rank + step)
                else:
                    self.stats.incomplete += 1
                chosen.pop()
                used.discard(j)

        yield from walk(0, self.x, 0)

    def first(self) -> Found | None:
        return next(self.candidates(), None)
