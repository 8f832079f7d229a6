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

``banned`` (C12/C13): sets of players moved down with which the brackets
below were already found impossible.  A candidate that would move down such
a set again is of no use to the round driver, which would pass over it; the
search leaves it out, so the driver meets the same candidates in the same
order without paying for the ones it passes over.  A prefix is kept only if
a completion moving down some other set exists: when the cheapest completion
moves down a banned set, its solutions are split (the first player of that
set paired; or it unpaired and the second paired; ...) and each part solved
again (Murty's partition), so the test stays exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import AbstractSet, Callable, Collection, Iterator, Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

from swisslearn.model import PlayerId, PlayerState
from swisslearn.trace import Rejection

_IMPOSSIBLE = 10 ** 6

PairCheck = Callable[[PlayerState, PlayerState], "Rejection | None"]
LeftoverCheck = Callable[[PlayerState], "Rejection | None"]
Banned = Collection[AbstractSet[PlayerId]]


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

    ``allowed``, ``cost`` (S1 x S2) and ``may_stay`` (S2) may be given
    already computed (they must agree with the three checks, which are then
    only asked for the reasons of a rejection).  ``banned`` (a live
    collection, it may grow while the search runs) and ``fixed_down``: a
    candidate whose unpaired S2 players plus ``fixed_down`` make a banned set
    is not acceptable (see the module docstring).
    """

    def __init__(self, s1: Sequence[PlayerState], s2: Sequence[PlayerState], x: int,
                 pair_check: PairCheck, conflict: Callable[[PlayerState, PlayerState], bool],
                 leftover_check: LeftoverCheck, *,
                 allowed: np.ndarray | None = None, cost: np.ndarray | None = None,
                 may_stay: np.ndarray | None = None, banned: Banned = (),
                 fixed_down: AbstractSet[PlayerId] = frozenset()) -> None:
        self.s1 = tuple(s1)
        self.s2 = tuple(s2)
        self.x = x
        self.stats = SearchStats()
        self.pair_check = pair_check
        self.leftover_check = leftover_check
        k, m = len(self.s1), len(self.s2)
        self._reasons: dict[tuple[int, int], Rejection | None] = {}
        if allowed is None or cost is None:
            allowed = np.zeros((k, m), dtype=bool)
            cost = np.zeros((k, m), dtype=np.int64)
            for i, a in enumerate(self.s1):
                for j, b in enumerate(self.s2):
                    rejection = pair_check(a, b)
                    self._reasons[(i, j)] = rejection
                    if rejection is None:
                        allowed[i, j] = True
                        cost[i, j] = 1 if conflict(a, b) else 0
        self.allowed = np.asarray(allowed, dtype=bool).reshape(k, m)
        self.cost = np.where(self.allowed, np.asarray(cost, dtype=np.int64).reshape(k, m), 0)
        if may_stay is None:
            may_stay = np.array([leftover_check(b) is None for b in self.s2], dtype=bool)
        self.may_stay = np.asarray(may_stay, dtype=bool).reshape(m)
        # Plain lists for the Python loops; one matrix for the assignment problems.
        self._allowed_rows: list[list[bool]] = self.allowed.tolist()
        self._cost_rows: list[list[int]] = self.cost.tolist()
        self._stay: list[bool] = self.may_stay.tolist()
        self._matrix = np.where(self.allowed, self.cost, _IMPOSSIBLE).astype(np.int64)
        self._banned = banned
        self._fixed = frozenset(fixed_down)
        self._banned_seen = -1
        self._banned_sets: set[frozenset[int]] = set()

    # -- the pieces -----------------------------------------------------

    @property
    def reasons(self) -> dict[tuple[int, int], Rejection]:
        """Why each forbidden pair (S1 index, S2 index) is forbidden."""
        found: dict[tuple[int, int], Rejection] = {}
        for i in range(len(self.s1)):
            for j in range(len(self.s2)):
                reason = self.pair_reason(i, j)
                if reason is not None:
                    found[(i, j)] = reason
        return found

    @property
    def leftover_reasons(self) -> dict[int, Rejection]:
        """Why each S2 player who may not stay unpaired may not."""
        found: dict[int, Rejection] = {}
        for j, b in enumerate(self.s2):
            if not self._stay[j]:
                found[j] = self.leftover_check(b) or Rejection("B1b", (b.id,), "")
        return found

    def pair_reason(self, i: int, j: int) -> Rejection | None:
        if self._allowed_rows[i][j]:
            return None
        try:
            reason = self._reasons[(i, j)]
        except KeyError:
            reason = self._reasons[(i, j)] = self.pair_check(self.s1[i], self.s2[j])
        return reason or Rejection("B1a", (self.s1[i].id, self.s2[j].id), "")

    def _banned_indices(self) -> set[frozenset[int]]:
        """The banned sets, as sets of S2 positions left unpaired (refreshed
        when ``banned`` has grown)."""
        size = len(self._banned)
        if size != self._banned_seen:
            self._banned_seen = size
            spare = len(self.s2) - len(self.s1)
            position = {b.id: j for j, b in enumerate(self.s2)}
            sets: set[frozenset[int]] = set()
            for down in self._banned:
                if len(down) != len(self._fixed) + spare or not self._fixed <= down:
                    continue
                rest = [position.get(pid) for pid in down if pid not in self._fixed]
                if all(j is not None for j in rest):
                    sets.add(frozenset(j for j in rest if j is not None))
            self._banned_sets = sets
        return self._banned_sets

    def is_banned(self, positions: Sequence[int]) -> bool:
        """Would this candidate (S2 positions paired) move down a banned set?"""
        if not self._banned:
            return False
        banned = self._banned_indices()
        if not banned:
            return False
        used = set(positions)
        return frozenset(j for j in range(len(self.s2)) if j not in used) in banned

    def evaluate(self, positions: Sequence[int]) -> tuple[Rejection | None, int]:
        """C6 on one candidate (S1[i] against S2[positions[i]]): the first
        failing criterion, or None, and its number of colour conflicts."""
        conflicts = 0
        for i, j in enumerate(positions):
            reason = self.pair_reason(i, j)
            if reason is not None:
                return reason, conflicts
            conflicts += self._cost_rows[i][j]
        used = set(positions)
        for j in range(len(self.s2)):
            if j not in used and not self._stay[j]:
                return self.leftover_reasons[j], conflicts
        if conflicts > self.x:
            involved = tuple(pid for i, j in enumerate(positions) if self._cost_rows[i][j]
                             for pid in (self.s1[i].id, self.s2[j].id))
            return Rejection("B4", involved, "colour_conflicts"), conflicts
        return None, conflicts

    def _assign(self, level: int, free: list[int], budget: int, paired: AbstractSet[int],
                unpaired: AbstractSet[int]) -> frozenset[int] | None:
        """The S2 positions left unpaired by a cheapest completion of S1[level:]
        with the ``free`` S2 players, ``paired`` ones paired and ``unpaired``
        ones not; None if no completion is within ``budget``."""
        rows = len(self.s1) - level
        size = len(free)
        if size < rows:
            return None
        matrix = np.empty((size, size), dtype=np.int64)
        block = self._matrix[level:, free]
        if unpaired:
            block = block.copy()
            block[:, [c for c, j in enumerate(free) if j in unpaired]] = _IMPOSSIBLE
        matrix[:rows, :] = block
        stay = [0 if self._stay[j] and j not in paired else _IMPOSSIBLE for j in free]
        matrix[rows:, :] = stay
        row_index, col_index = linear_sum_assignment(matrix)
        if int(matrix[row_index, col_index].sum()) > budget:
            return None
        return frozenset(free[c] for r, c in zip(row_index, col_index) if r >= rows)

    def completable(self, level: int, used: AbstractSet[int] | Sequence[int],
                    budget: int) -> bool:
        """Can S1[level:] be paired with unused S2 players within ``budget``
        conflicts, every S2 player left over allowed to stay unpaired (and
        the set left over not banned)?"""
        k = len(self.s1)
        used_set = used if isinstance(used, (set, frozenset)) else set(used)
        free = [j for j in range(len(self.s2)) if j not in used_set]
        banned = self._banned_indices() if self._banned else self._banned_sets
        if level >= k:
            return (all(self._stay[j] for j in free)
                    and (not banned or frozenset(free) not in banned))
        # Quick path: the untouched order of what is left (the next candidate
        # the literal procedure would try) is often acceptable already.
        rows = k - level
        if len(free) < rows:
            return False
        greedy_cost = 0
        ok = True
        for i, j in zip(range(level, k), free):
            if not self._allowed_rows[i][j]:
                ok = False
                break
            greedy_cost += self._cost_rows[i][j]
        if ok and greedy_cost <= budget and all(self._stay[j] for j in free[rows:]):
            if not banned or frozenset(free[rows:]) not in banned:
                return True
        # Murty's partition around banned leftover sets (module docstring).
        parts: list[tuple[frozenset[int], frozenset[int]]] = [(frozenset(), frozenset())]
        while parts:
            paired, unpaired = parts.pop()
            left = self._assign(level, free, budget, paired, unpaired)
            if left is None:
                continue
            if left not in banned:
                return True
            kept = set(unpaired)
            for j in sorted(left - unpaired):
                parts.append((paired | {j}, frozenset(kept)))
                kept.add(j)
        return False

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
        allowed, costs = self._allowed_rows, self._cost_rows

        def walk(level: int, budget: int, rank: int) -> Iterator[Found]:
            if level == k:
                yield Found(tuple(chosen), rank, self.x - budget)
                return
            smaller_unused = 0
            row, row_cost = allowed[level], costs[level]
            for j in range(m):
                if j in used:
                    continue
                step = smaller_unused * factorials[m - 1 - level]
                smaller_unused += 1
                if not row[j]:
                    reason = self.pair_reason(level, j)
                    if reason is not None:
                        self.stats.note(reason)
                    continue
                cost = row_cost[j]
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
