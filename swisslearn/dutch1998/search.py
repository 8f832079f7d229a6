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

``banned`` (C12/C13): sets of players moved down that an earlier pairing of
the bracket already moved down (the driver tried them below, or is trying
them).  A candidate that would move down such a set again is of no use to
the round driver, which would pass over it; the
search leaves it out, so the driver meets the same candidates in the same
order without paying for the ones it passes over.  A prefix is kept only if
a completion moving down some other set exists: when the cheapest completion
moves down a banned set, its solutions are split (the first player of that
set paired; or it unpaired and the second paired; ...) and each part solved
again (Murty's partition), so the test stays exact.
"""

from __future__ import annotations

import itertools
import math
import sys
from dataclasses import dataclass, field
from typing import AbstractSet, Callable, Collection, Iterator, Sequence

import numpy as np

from swisslearn.model import PlayerId, PlayerState
from swisslearn.trace import Rejection

_IMPOSSIBLE = 10 ** 6

#: Assignment problems up to this size are solved here until scipy is loaded
#: (importing scipy.optimize takes about a third of a second: a club's round
#: is paired before that).
_SMALL_ASSIGNMENT = 12


def _hungarian(cost: list[list[int]]) -> list[int]:
    """A minimum-cost assignment of a square matrix (the Hungarian method
    with potentials, O(n^3)): the column of each row."""
    n = len(cost)
    infinity = sum(max(row) for row in cost) + 1
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    owner = [0] * (n + 1)   # owner[j]: the row (1-based) assigned to column j
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        owner[0] = i
        j0 = 0
        minv = [infinity] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = owner[j0]
            row = cost[i0 - 1]
            delta = infinity
            j1 = 0
            for j in range(1, n + 1):
                if not used[j]:
                    current = row[j - 1] - u[i0] - v[j]
                    if current < minv[j]:
                        minv[j] = current
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
    columns = [0] * n
    for j in range(1, n + 1):
        columns[owner[j] - 1] = j - 1
    return columns


def _linear_sum_assignment(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`scipy.optimize.linear_sum_assignment`, imported when first
    needed; small problems are solved by :func:`_hungarian` until then."""
    if matrix.shape[0] <= _SMALL_ASSIGNMENT and "scipy.optimize" not in sys.modules:
        columns = _hungarian(matrix.tolist())
        return np.arange(len(columns)), np.array(columns, dtype=np.int64)
    from scipy.optimize import linear_sum_assignment
    rows, cols = linear_sum_assignment(matrix)
    return np.asarray(rows), np.asarray(cols)

PairCheck = Callable[[PlayerState, PlayerState], "Rejection | None"]
LeftoverCheck = Callable[[PlayerState], "Rejection | None"]
Banned = Collection[AbstractSet[PlayerId]]


@dataclass(frozen=True)
class Found:
    """An acceptable candidate: S2 positions paired with S1[0], S1[1]..., its D1 rank."""

    positions: tuple[int, ...]
    rank: int
    conflicts: int


@dataclass(frozen=True)
class Tried:
    """One candidate of the literal walk (:meth:`BracketSearch.literal`): S2
    positions paired with S1[0], S1[1]..., its D1 rank, and why it fails
    (None: acceptable)."""

    positions: tuple[int, ...]
    rank: int
    rejection: Rejection | None
    conflicts: int


#: The detail of the rejection of a candidate moving down a set of players
#: that an earlier pairing of the bracket already moved down: the round
#: driver has tried (or is trying) that set, it would pass over this one.
MOVED_DOWN_BEFORE = "moved_down_before"


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

    def banned_rejection(self, positions: Sequence[int]) -> Rejection | None:
        """Why this candidate, acceptable under the criteria, is of no use:
        the players it moves down are a banned set (C13), or None."""
        if not self.is_banned(positions):
            return None
        used = set(positions)
        down = tuple(sorted(self._fixed)) + tuple(
            b.id for j, b in enumerate(self.s2) if j not in used)
        return Rejection("C13", down, MOVED_DOWN_BEFORE)

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
        row_index, col_index = _linear_sum_assignment(matrix)
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

    # -- the literal walk -----------------------------------------------

    def literal(self) -> Iterator[Tried]:
        """Every candidate, one by one in D1 order, each checked in full
        (:meth:`evaluate`, then the banned sets): no pruning.

        When S2 is longer than S1, the transpositions that differ only after
        the first ``len(S1)`` players pair the same way
        (:func:`~swisslearn.dutch1998.transpositions.distinct_prefixes`): they
        are one candidate, at the rank of the first of them."""
        k, m = len(self.s1), len(self.s2)
        if k > m:
            return
        span = math.factorial(m - k)
        for index, positions in enumerate(itertools.permutations(range(m), k)):
            rejection, conflicts = self.evaluate(positions)
            if rejection is None:
                rejection = self.banned_rejection(positions)
            yield Tried(positions, index * span, rejection, conflicts)

    def literal_count(self) -> int:
        """How many candidates :meth:`literal` tries: ``m! / (m - k)!``."""
        k, m = len(self.s1), len(self.s2)
        return math.perm(m, k) if k <= m else 0

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
                    # The pair blocks the transpositions rank + step onwards
                    # (factorials[m - 1 - level] of them): a reason for a
                    # skipped range only if one of them is not the untouched
                    # order (rank 0), which C6 reports by itself.
                    if rank + step + factorials[m - 1 - level] > 1:
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

    def blocking_reasons(self, limit: int = 6) -> tuple[Rejection, ...]:
        """Reasons that block some transposition other than the untouched
        one (rank 0): the forbidden pairs, then the S2 players who may not
        stay unpaired (when S2 is longer than S1).  For a split where no
        candidate is acceptable and the search met no reason on its way."""
        k, m = len(self.s1), len(self.s2)
        found: list[Rejection] = []
        for i in range(k):
            for j in range(m):
                # Some order of S2 other than the untouched one puts S2[j] at i.
                if self._allowed_rows[i][j] or m == 1 or (m == 2 and i == j):
                    continue
                reason = self.pair_reason(i, j)
                if reason is not None and reason not in found:
                    found.append(reason)
                if len(found) >= limit:
                    return tuple(found)
        if m > k:
            for j, reason in self.leftover_reasons.items():
                # Only the untouched order leaves S2[j] out (an S2 of 2, S1 of 1).
                if (m - k) * math.factorial(m - 1) == 1 and j == m - 1:
                    continue
                if reason not in found:
                    found.append(reason)
                if len(found) >= limit:
                    break
        return tuple(found)

    def first(self) -> Found | None:
        return next(self.candidates(), None)


# ---------------------------------------------------------------------------
# C8/D2 without trying every exchange
#
# A homogeneous bracket of n players has C(n, p) - 1 exchanges; when the
# brackets' history forbids most pairs across S1 and S2 (players who have
# all met), the first exchange whose split can be paired at all may come
# after millions of others.  The two classes below find the exchanges whose
# split has a pairing (every pair allowed, the players left over allowed to
# be) in exact D2 order without looking at the others, and count how many
# were passed over (the D2 number of an exchange), so the trace can say
# "exchanges 1,001 to 4,391,220 skipped" and go on with the next one.


def _subset_sums(m: int, r: int, cache: dict[tuple[int, int], list[int]]) -> list[int]:
    """How many ``r``-subsets of {1..m} have each sum (index: the sum)."""
    key = (m, r)
    found = cache.get(key)
    if found is not None:
        return found
    if r == 0:
        found = [1]
    elif r > m:
        found = []
    else:
        without = _subset_sums(m - 1, r, cache)
        with_m = _subset_sums(m - 1, r - 1, cache)
        size = max(len(without), len(with_m) + m)
        found = [0] * size
        for s, count in enumerate(without):
            found[s] += count
        for s, count in enumerate(with_m):
            found[s + m] += count
    cache[key] = found
    return found


class ExchangeRanks:
    """The D2 number of an exchange (1-based, as ``ExchangeApplied.number``)
    in a ``p``/``q`` split, counted rather than enumerated: the exchanges
    before it in :func:`~swisslearn.dutch1998.exchanges.iter_exchanges` are
    those with fewer players, then a smaller difference, then S1 players
    nearer the boundary, then S2 players nearer it (its module docstring)."""

    def __init__(self, p: int, q: int) -> None:
        self.p = p
        self.q = q
        self._cache: dict[tuple[int, int], list[int]] = {}

    def _sums(self, m: int, r: int) -> list[int]:
        for size in range(0, m + 1):  # fill bottom-up: no deep recursion
            _subset_sums(size, min(r, size), self._cache)
        return _subset_sums(m, r, self._cache)

    def total(self) -> int:
        return sum(math.comb(self.p, k) * math.comb(self.q, k)
                   for k in range(1, min(self.p, self.q) + 1))

    def _s2_count(self, k: int, total: int, low: int) -> int:
        """k-subsets of {low+1 .. p+q} with this sum."""
        m = self.p + self.q - low
        sums = self._sums(m, k)
        index = total - k * low
        return sums[index] if 0 <= index < len(sums) else 0

    def rank(self, from_s1: Sequence[int], from_s2: Sequence[int]) -> int:
        p, q, k = self.p, self.q, len(from_s1)
        rank = 1 + sum(math.comb(p, j) * math.comb(q, j) for j in range(1, k))
        d = sum(from_s2) - sum(from_s1)
        s1_sums = self._sums(p, k)
        s2_sums = self._sums(q, k)  # of {1..q}: a sum t of S2 numbers is t - k*p here
        cumulative = list(itertools.accumulate(s2_sums))

        def s2_below(limit: int) -> int:  # k-subsets of S2 with sum <= limit
            index = limit - k * p
            if index < 0:
                return 0
            return cumulative[min(index, len(cumulative) - 1)] if cumulative else 0

        # Same size, smaller difference.
        rank += sum(count * s2_below(s + d - 1) for s, count in enumerate(s1_sums) if count)
        # Same size and difference, S1 players nearer the boundary first
        # (numbers from the highest down, lexicographically larger first).
        xs = sorted(from_s1, reverse=True)
        prefix = 0
        upper = p + 1
        for j, x in enumerate(xs):
            for other in range(x + 1, upper):
                rest = self._sums(other - 1, k - j - 1)
                for s, count in enumerate(rest):
                    if count:
                        rank += count * self._s2_count(k, prefix + other + s + d, p)
            prefix += x
            upper = x
        # Same S1 players: S2 players nearer the boundary first.
        ys = sorted(from_s2)
        target = sum(ys)
        prefix = 0
        lower = p
        for j, y in enumerate(ys):
            for other in range(lower + 1, y):
                rank += self._s2_count(k - j - 1, target - prefix - other, other)
            prefix += y
            lower = y
        return rank


class SplitFinder:
    """The exchanges of a bracket whose split can be paired at all, in D2
    order, without trying the others.

    ``allowed`` (n x n, symmetric, the bracket in A2 order) says which two
    players may meet, ``may_stay`` who may be left unpaired, ``p`` the size
    of S1.  Colour conflicts (x) and banned sets are not looked at: the
    caller checks each exchange found as before (a necessary condition, so
    no exchange that works is passed over).

    An exchange is a labelling of the players (S1 or S2 after it) such that
    some pairing of the bracket pairs every S1 player with an S2 player and
    leaves over only players who may stay unpaired.  Each player's label
    adds to a key that sorts exchanges in D2 order (players moved, the
    difference, then the S1 and S2 players from the boundary, each a power
    of two), so the lightest such pairing (a maximum weight matching) is the
    first exchange in D2 order; the next ones come from Murty's partition of
    the labellings left (labels of the first players kept, the next one
    flipped), solved best first.
    """

    def __init__(self, allowed: np.ndarray, may_stay: np.ndarray, p: int) -> None:
        self.n = n = len(may_stay)
        self.p = p
        self.q = n - p
        self.spare = n - 2 * p
        self.calls = 0  # matchings solved so far
        self._edges = [(i, j) for i in range(n) for j in range(i + 1, n) if allowed[i, j]]
        self._stay: list[bool] = [bool(s) for s in may_stay]
        c = 1 << self.q
        b = 1 << (p + self.q + 1)
        a = b * (4 * n * n + 4)
        self._base = 4 * a * (n + 1)
        # cost[v][label]: label True = in S1 after the exchange.
        self._cost: list[tuple[int, int]] = []
        for v in range(n):
            if v < p:   # leaves S1: one more player exchanged, -number, nearer the boundary first
                self._cost.append((a - (v + 1) * b - (1 << v) * c, 0))
            else:       # joins S1: +number, nearer the boundary first
                self._cost.append((0, (v + 1) * b - (1 << (n - 1 - v))))

    def _solve(self, fixed: dict[int, bool]
               ) -> tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], list[bool]] | None:
        import networkx as nx

        cost = self._cost
        graph = nx.Graph()
        for u, v in self._edges:
            best = None
            for lu, lv in ((True, False), (False, True)):
                if fixed.get(u, lu) is not lu or fixed.get(v, lv) is not lv:
                    continue
                value = cost[u][lu] + cost[v][lv]
                if best is None or value < best:
                    best = value
            if best is not None:
                graph.add_edge(u, v, weight=self._base - best)
        for v in range(self.n):
            if self._stay[v] and fixed.get(v, False) is False:
                for s in range(self.spare):
                    graph.add_edge(v, ("spare", s), weight=self._base - cost[v][False])
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matching) < self.n + self.spare:
            return None
        labels = [False] * self.n
        for u, v in matching:
            if isinstance(u, tuple) or isinstance(v, tuple):
                continue  # left over: in S2
            first = (cost[u][True] + cost[v][False]
                     if fixed.get(u, True) is True and fixed.get(v, False) is False else None)
            second = (cost[u][False] + cost[v][True]
                      if fixed.get(u, False) is False and fixed.get(v, True) is True else None)
            if second is None or (first is not None and first <= second):
                labels[u] = True
            else:
                labels[v] = True
        return self._key(labels), labels

    def _key(self, labels: list[bool]) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
        xs = [v + 1 for v in range(self.p) if not labels[v]]
        ys = [v + 1 for v in range(self.p, self.n) if labels[v]]
        return (len(xs), sum(ys) - sum(xs), tuple(-x for x in sorted(xs, reverse=True)),
                tuple(ys))

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
        """(S1 numbers leaving, S2 numbers joining), 1-based, in D2 order;
        the original split (nobody exchanged) is not one of them."""
        import heapq

        Entry = tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], int, bool,
                      dict[int, bool], list[bool]]
        heap: list[Entry] = []
        counter = itertools.count()
        self.calls = 1
        root = self._solve({})
        if root is None:
            return
        heapq.heappush(heap, (root[0], next(counter), True, {}, root[1]))
        while heap:
            key, _, solved, fixed, labels = heapq.heappop(heap)
            if not solved:
                self.calls += 1
                found = self._solve(fixed)
                if found is not None:
                    heapq.heappush(heap, (found[0], next(counter), True, fixed, found[1]))
                continue
            if key[0] > 0:
                yield (tuple(-x for x in reversed(key[2])), key[3])
            # Murty: the labellings left, each part solved when it comes first.
            kept = dict(fixed)
            for v in range(self.n):
                if v in fixed:
                    continue
                part = dict(kept)
                part[v] = not labels[v]
                heapq.heappush(heap, (key, next(counter), False, part, labels))
                kept[v] = labels[v]


# ---------------------------------------------------------------------------
# Protections (seed 002), soft-avoid: the fewest same-group pairs among the
# candidates of one split that the rules judge equivalent.


@dataclass
class AvoidBudget:
    """The shared state of one soft-avoid search (:func:`fewest_walk`):
    ``best`` the same-group pairs of the best pairing found so far (only a
    strictly smaller count is looked for), ``floor`` a count no pairing can
    go below (the search stops when ``best`` reaches it), ``steps`` the
    splits, completion tests (assignment problems, quick checks) and
    complete candidates looked at, at most
    ``limit`` (past it the search stops and keeps the best found).
    ``refine``: a better ``floor``, worked out (once) only when the search
    has taken ``patience`` steps without reaching the floor it has."""

    best: int
    floor: int = 0
    steps: int = 0
    limit: int = 10_000
    examined: int = 0
    refine: Callable[[], int] | None = None
    patience: int = 50

    @property
    def exhausted(self) -> bool:
        return self.steps >= self.limit

    @property
    def done(self) -> bool:
        if self.best > self.floor and self.refine is not None and self.steps >= self.patience:
            refine, self.refine = self.refine, None
            self.floor = max(self.floor, refine())
        return self.best <= self.floor or self.steps >= self.limit


def fewest_walk(allowed: np.ndarray, cost: np.ndarray, avoid: np.ndarray,
                may_stay: np.ndarray, conflicts: tuple[int, int], budget: AvoidBudget,
                offset: int = 0) -> Iterator[tuple[tuple[int, ...], int, int, int]]:
    """The candidates of one S1/S2 split (S1 x S2 matrices ``allowed``,
    ``cost`` = colour conflict (B4), ``avoid`` = same-group pair; ``may_stay``
    for S2) in D1 order, each with its number of colour conflicts within
    ``conflicts`` (min, max) and fewer same-group pairs than
    ``budget.best - offset`` (read afresh at every step: the caller lowers
    it as it keeps better pairings).  Yields (S2 positions, D1 rank,
    same-group pairs, conflicts).

    Pruned as :meth:`BracketSearch.candidates` is, with assignment problems:
    a prefix is kept only if some completion may still fit both counts (the
    fewest conflicts first, then the fewest same-group pairs among those; when
    the conflicts may go above that minimum, the fewest same-group pairs
    alone, a lower bound).  Exact: every candidate that fits is yielded, in
    order, unless ``budget`` runs out (``budget.exhausted``)."""
    k, m = allowed.shape
    if k > m:
        return
    low, high = conflicts
    allowed_rows: list[list[bool]] = allowed.tolist()
    cost_rows: list[list[int]] = cost.tolist()
    avoid_rows: list[list[int]] = avoid.tolist()
    stay: list[bool] = [bool(s) for s in may_stay]
    weight = m + 1
    conflict_first = np.where(allowed, cost * weight + avoid, _IMPOSSIBLE).astype(np.int64)
    avoid_first = np.where(allowed, avoid * weight + cost, _IMPOSSIBLE).astype(np.int64)
    most_conflicts = np.where(allowed, 1 - cost, _IMPOSSIBLE).astype(np.int64)
    factorials = [math.factorial(n) for n in range(m + 1)]

    def solve(matrix: np.ndarray, level: int, free: list[int]) -> int | None:
        rows = k - level
        size = len(free)
        square = np.empty((size, size), dtype=np.int64)
        square[:rows, :] = matrix[level:, free]
        square[rows:, :] = [0 if stay[j] else _IMPOSSIBLE for j in free]
        budget.steps += 1
        row_index, col_index = _linear_sum_assignment(square)
        chosen = square[row_index, col_index]
        if int(chosen.max(initial=0)) >= _IMPOSSIBLE // 2:
            return None
        return int(chosen.sum())

    def completable(level: int, used: set[int], spent: int, against: int) -> bool:
        free = [j for j in range(m) if j not in used]
        if level == k:
            return low <= spent <= high and all(stay[j] for j in free)
        left_low, left_high = low - spent, high - spent
        room = budget.best - offset - 1 - against
        # Quick path: the untouched order of what is left often fits.
        rows = k - level
        if len(free) >= rows and all(stay[j] for j in free[rows:]):
            budget.steps += 1
            greedy_cost = greedy_avoid = 0
            for i, j in zip(range(level, k), free):
                if not allowed_rows[i][j]:
                    break
                greedy_cost += cost_rows[i][j]
                greedy_avoid += avoid_rows[i][j]
            else:
                if left_low <= greedy_cost <= left_high and greedy_avoid <= room:
                    return True
        found = solve(conflict_first, level, free)
        if found is None:
            return False
        fewest, avoid_then = divmod(found, weight)
        if fewest > left_high:
            return False
        if fewest < left_high:
            found = solve(avoid_first, level, free)
            assert found is not None
            avoid_then = found // weight
        if avoid_then > room:
            return False
        if fewest < left_low:
            most = solve(most_conflicts, level, free)
            if most is None or (k - level) - most < left_low:
                return False
        return True

    chosen: list[int] = []
    used: set[int] = set()

    def walk(level: int, spent: int, against: int, rank: int
             ) -> Iterator[tuple[tuple[int, ...], int, int, int]]:
        if level == k:
            budget.examined += 1
            budget.steps += 1
            yield tuple(chosen), rank, against, spent
            return
        smaller_unused = 0
        for j in range(m):
            if budget.done:
                return
            if j in used:
                continue
            step = smaller_unused * factorials[m - 1 - level]
            smaller_unused += 1
            if not allowed_rows[level][j]:
                continue
            c, a = cost_rows[level][j], avoid_rows[level][j]
            if spent + c > high or against + a > budget.best - offset - 1:
                continue
            chosen.append(j)
            used.add(j)
            if completable(level + 1, used, spent + c, against + a):
                yield from walk(level + 1, spent + c, against + a, rank + step)
            chosen.pop()
            used.discard(j)

    if budget.done or not completable(0, used, 0, 0):
        return
    yield from walk(0, 0, 0, 0)
