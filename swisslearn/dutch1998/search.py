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

Every S2 player passed over for S1[i] is a :class:`Refused` block: the
``size`` transpositions that start with that prefix, all refused, and why
(:meth:`BracketSearch.reason_of`): the pair itself (B1, B2; the float rules
of the pair), the colour conflicts beyond x (B4), or the rest of the bracket
that cannot be completed after it (x, a player who may not stay unpaired,
an S1 player left with no opponent, or only players moved down before).
The blocks between two candidates cover exactly the transpositions between
them, so the trace's skipped ranges can say which reason refuses how many.

The walk is a loop with an explicit stack, not a recursion: an S1 of 5,000
players is as deep as one of 5.  When the untouched order of what is left
is acceptable (the next candidate the literal procedure would try), the
walk takes it at once instead of fixing the players one by one.

``banned`` (C12/C13): sets of players moved down that an earlier pairing of
the bracket already moved down (the driver tried them below, or is trying
them).  A candidate that would move down such a set again is of no use to
the round driver, which would pass over it; the search leaves it out, so the
driver meets the same candidates in the same order without paying for the
ones it passes over.  A prefix is kept only if a completion moving down some
other set exists: when the cheapest completion moves down a banned set, its
solutions are split (the first player of that set paired; or it unpaired and
the second paired; ...) and each part solved again (Murty's partition), so
the test stays exact.
"""

from __future__ import annotations

import itertools
import math
import operator
import sys
from collections import Counter
from dataclasses import dataclass
from typing import AbstractSet, Callable, Collection, Iterable, Iterator, Sequence, cast

import numpy as np

from swisslearn.dutch1998.criteria import TEXT_ORDER, text_order
from swisslearn.dutch1998.rules import RULES
from swisslearn.matching import max_weight_mates
from swisslearn.model import PlayerId, PlayerState
from swisslearn.trace import Rejection

_B1A, _B1B, _B4, _C13, _D1 = (RULES.label(label) for label in ("B1a", "B1b", "B4", "C13", "D1"))

_IMPOSSIBLE = 10 ** 6

#: The text order of B4 (:func:`~swisslearn.dutch1998.criteria.text_order`),
#: and the order given to a pair or a player left over breaking nothing.
_B4_ORDER = TEXT_ORDER[_B4]
CLEAR = 1 << 30

#: Assignment problems up to this size are solved here until scipy is loaded
#: (importing scipy.optimize takes about a quarter of a second of CPU: a
#: club's round, and most 200-player rounds, are paired before that) ...
_SMALL_ASSIGNMENT = 24

#: ... as long as the work done here (the sum of n**3 over the problems
#: solved, about 45 ns each) stays under about half of that import.
_PYTHON_WORK = 3_000_000
_python_work = 0

#: :meth:`BracketSearch._covers` looks for a matching of at most this many
#: S1 players (pure Python; above, the assignment problems decide alone).
_COVER_ROWS = 64

#: Blocks of one range whose "cannot be completed" is analysed (each costs
#: up to three assignment problems); later ones are counted under "no
#: completion" without saying which criterion.
ANALYSED_BLOCKS = 200

#: Blocks of one range kept one by one (with the pair and its prefix); the
#: transpositions of later ones are only counted, by reason.
KEPT_BLOCKS = 1000
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
    needed; small problems are solved by :func:`_hungarian` until then
    (both give a cheapest assignment)."""
    global _python_work
    n = matrix.shape[0]
    if n <= _SMALL_ASSIGNMENT and _python_work < _PYTHON_WORK \
            and "scipy.optimize" not in sys.modules:
        _python_work += n ** 3
        columns = _hungarian(matrix.tolist())
        return np.arange(len(columns)), np.array(columns, dtype=np.int64)
    from scipy.optimize import linear_sum_assignment
    rows, cols = linear_sum_assignment(matrix)
    return np.asarray(rows), np.asarray(cols)


def avoids(best: Callable[[frozenset[int], frozenset[int]], frozenset[int] | None],
           banned: Collection[frozenset[int]]) -> bool:
    """Is there a solution whose players left over are not a banned set?
    ``best(paired, unpaired)`` gives the players left over by a best solution
    that pairs ``paired`` and leaves ``unpaired`` out (None: no solution).
    Murty's partition: when the best leaves a banned set, its solutions are
    split (the first player of that set paired; or it unpaired and the
    second paired; ...) and each part solved again."""
    parts: list[tuple[frozenset[int], frozenset[int]]] = [(frozenset(), frozenset())]
    while parts:
        paired, unpaired = parts.pop()
        left = best(paired, unpaired)
        if left is None:
            continue
        if left not in banned:
            return True
        kept = set(unpaired)
        for j in sorted(left - unpaired):
            parts.append((paired | {j}, frozenset(kept)))
            kept.add(j)
    return False


PairCheck = Callable[[PlayerState, PlayerState], "Rejection | None"]
LeftoverCheck = Callable[[PlayerState], "Rejection | None"]
#: Every criterion a pair (or a player left over) breaks, not only the first.
PairReasons = Callable[[PlayerState, PlayerState], "tuple[Rejection, ...]"]
LeftoverReasons = Callable[[PlayerState], "tuple[Rejection, ...]"]
Banned = Collection[AbstractSet[PlayerId]]
#: Every criterion a pair (or a player left over) breaks, each with its text
#: order, as :meth:`BracketSearch.judge` meets them.
Failures = tuple[tuple[int, Rejection], ...]
#: A pair's failures as :meth:`BracketSearch.judge` reads them: the smallest
#: text order (:data:`CLEAR`: none), the first failure of that order, all of
#: them, and whether the pair misses a colour preference (1) or not (0).
Cell = tuple[int, "Rejection | None", Failures, int]
#: The players left over, as :meth:`BracketSearch.judge` reads them: per S2
#: position the smallest text order, the first failure of that order and all
#: of them; and the positions with at least one failure.
Leftovers = tuple[list[int], "list[Rejection | None]", list[Failures], list[int]]


class SharedCells:
    """What the searches of one bracket level (the same ``pair_reasons``,
    ``conflict`` and ``leftover_reasons``: one ``make_search``) can share:
    each pair's :data:`Cell` by the players' ids (S1's first), each player
    left over's failures by his id."""

    def __init__(self) -> None:
        self.pairs: dict[tuple[PlayerId, PlayerId], Cell] = {}
        self.leftovers: dict[PlayerId, Failures] = {}


class MovedDownSets(set[frozenset[PlayerId]]):
    """The sets of players a bracket's pairings have moved down so far (the
    round driver's ``banned``: it grows as the driver reads the bracket's
    outcomes), and the rule under which the driver is asking the bracket for
    another pairing: ``"C13"`` (one that lets the brackets below be paired)
    or ``"C12"`` (one in which another player moves down)."""

    rule: str = _C13


def again_rule(banned: Banned) -> str:
    """The rule that refuses a pairing moving down a set of ``banned`` again:
    C12 while the driver looks for another downfloater, else C13."""
    return banned.rule if isinstance(banned, MovedDownSets) else _C13


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
    also: tuple[Rejection, ...] = ()   # every other criterion it breaks


@dataclass(frozen=True)
class Refused:
    """The ``size`` transpositions from D1 rank ``start`` that pair S1[level]
    with S2[column] after ``prefix`` (S2 positions of S1[0..level-1]): none
    is acceptable, because of ``rejection``."""

    level: int
    column: int
    prefix: tuple[int, ...]
    start: int
    size: int
    rejection: Rejection


#: The detail of the rejection of a candidate moving down a set of players
#: that an earlier pairing of the bracket already moved down: the round
#: driver has tried (or is trying) that set, it would pass over this one.
MOVED_DOWN_BEFORE = "moved_down_before"


#: A failure's text order (the key of :meth:`BracketSearch.judge`'s stable sort).
_order = operator.itemgetter(0)


def _first_failure(failures: Failures) -> tuple[int, Rejection | None]:
    """The smallest text order among ``failures`` and the first failure of
    that order (:data:`CLEAR` and None: none)."""
    order, first = CLEAR, None
    for rank, rejection in failures:
        if rank < order:
            order, first = rank, rejection
    return order, first


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

    :meth:`candidates` records in :attr:`refused` the blocks it passes over
    (the caller takes them after each candidate, :meth:`take_refused`).
    """

    def __init__(self, s1: Sequence[PlayerState], s2: Sequence[PlayerState], x: int,
                 pair_check: PairCheck, conflict: Callable[[PlayerState, PlayerState], bool],
                 leftover_check: LeftoverCheck, *,
                 allowed: np.ndarray | None = None, cost: np.ndarray | None = None,
                 may_stay: np.ndarray | None = None, banned: Banned = (),
                 fixed_down: AbstractSet[PlayerId] = frozenset(),
                 pair_reasons: PairReasons | None = None,
                 leftover_reasons: LeftoverReasons | None = None,
                 shared: SharedCells | None = None) -> None:
        self.s1 = tuple(s1)
        self.s2 = tuple(s2)
        self.s1_ids = tuple(a.id for a in self.s1)
        self.s2_ids = tuple(b.id for b in self.s2)
        self.x = x
        self.pair_check = pair_check
        self.leftover_check = leftover_check
        self.conflict = conflict
        self._pair_reasons = pair_reasons
        self._leftover_reasons = leftover_reasons
        k, m = len(self.s1), len(self.s2)
        self._reasons: dict[tuple[int, int], Rejection | None] = {}
        self._failures: dict[tuple[int, int], tuple[Rejection, ...]] = {}
        # Set by the walk that tells the search's blocks (candidates.walk):
        # every block is kept, the range's reasons are worked out from them.
        self.telling = False
        if allowed is None or cost is None:
            allowed = np.zeros((k, m), dtype=bool)
            cost = np.zeros((k, m), dtype=bool)
            for i, a in enumerate(self.s1):
                for j, b in enumerate(self.s2):
                    rejection = pair_check(a, b)
                    self._reasons[(i, j)] = rejection
                    if rejection is None:
                        allowed[i, j] = True
                        cost[i, j] = conflict(a, b)
        self.allowed = np.asarray(allowed, dtype=bool).reshape(k, m)
        self.cost = (np.asarray(cost).reshape(k, m) != 0) & self.allowed
        if may_stay is None:
            may_stay = np.array([leftover_check(b) is None for b in self.s2], dtype=bool)
        self.may_stay = np.asarray(may_stay, dtype=bool).reshape(m)
        self._stay: list[bool] = self.may_stay.tolist()
        self._unstay = [j for j, stay in enumerate(self._stay) if not stay]
        self._rows: list[tuple[list[bool], list[int]] | None] = [None] * k
        self._cells: list[list[Cell | None] | None] = [None] * k
        self._leftovers: Leftovers | None = None
        # Shared only where the failures do not depend on this search's tables.
        self._shared_pairs = (shared.pairs if shared is not None and pair_reasons is not None
                              else None)
        self._shared_leftovers = (shared.leftovers
                                  if shared is not None and leftover_reasons is not None
                                  else None)
        self._covered: dict[tuple[int, tuple[int, ...]], bool] = {}
        self._matrix_cache: np.ndarray | None = None
        self._banned = banned
        self._fixed = frozenset(fixed_down)
        self._banned_seen = -1
        self._banned_sets: set[frozenset[int]] = set()
        self._factorials: dict[int, int] = {}
        self.refused: list[Refused] = []
        self.overflow: Counter[Rejection] = Counter()   # blocks beyond KEPT_BLOCKS
        self._analysed = 0

    # -- the pieces -----------------------------------------------------

    def _row(self, i: int) -> tuple[list[bool], list[int]]:
        """Row i of ``allowed`` and ``cost`` as lists (the walk reads them cell by cell)."""
        found = self._rows[i]
        if found is None:
            found = self._rows[i] = (self.allowed[i].tolist(),
                                     self.cost[i].astype(np.int64).tolist())
        return found

    @property
    def _matrix(self) -> np.ndarray:
        """The assignment problems' costs: the conflict, or impossible."""
        if self._matrix_cache is None:
            self._matrix_cache = np.where(self.allowed, self.cost.astype(np.int64),
                                          _IMPOSSIBLE).astype(np.int64)
        return self._matrix_cache

    def factorial(self, n: int) -> int:
        """n!, kept; from a neighbour's if it is kept (the walks ask for
        m - 1, m - 2, ... in turn: one division each, not a factorial)."""
        factorials = self._factorials
        found = factorials.get(n)
        if found is None:
            above = factorials.get(n + 1)
            if above is not None:
                found = above // (n + 1)
            else:
                below = factorials.get(n - 1)
                found = below * n if below is not None else math.factorial(n)
            factorials[n] = found
        return found

    @property
    def reasons(self) -> dict[tuple[int, int], Rejection]:
        """Why each forbidden pair (S1 index, S2 index) is forbidden."""
        found: dict[tuple[int, int], Rejection] = {}
        for i, j in zip(*np.nonzero(~self.allowed)):
            reason = self.pair_reason(int(i), int(j))
            if reason is not None:
                found[(int(i), int(j))] = reason
        return found

    @property
    def leftover_reasons(self) -> dict[int, Rejection]:
        """Why each S2 player who may not stay unpaired may not."""
        return {j: self.leftover_reason(j) for j in range(len(self.s2)) if not self._stay[j]}

    def leftover_reason(self, j: int) -> Rejection:
        b = self.s2[j]
        return self.leftover_check(b) or Rejection(_B1B, (b.id,), "")

    def pair_reason(self, i: int, j: int) -> Rejection | None:
        if self._row(i)[0][j]:
            return None
        try:
            reason = self._reasons[(i, j)]
        except KeyError:
            reason = self._reasons[(i, j)] = self.pair_check(self.s1[i], self.s2[j])
        return reason or Rejection(_B1A, (self.s1[i].id, self.s2[j].id), "")

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

    def _down_ids(self, left: Collection[int]) -> tuple[PlayerId, ...]:
        return tuple(sorted(self._fixed)) + tuple(self.s2[j].id for j in sorted(left))

    def banned_rejection(self, positions: Sequence[int]) -> Rejection | None:
        """Why this candidate, acceptable under the criteria, is of no use:
        the players it moves down are a banned set (C12 or C13), or None."""
        if not self.is_banned(positions):
            return None
        used = set(positions)
        left = [j for j in range(len(self.s2)) if j not in used]
        return Rejection(again_rule(self._banned), self._down_ids(left), MOVED_DOWN_BEFORE)

    def _conflicts_rejection(self, pairs: Sequence[tuple[int, int]]) -> Rejection:
        """B4 beyond x: the pairs (S1 index, S2 index) that miss a preference."""
        involved = tuple(pid for i, j in pairs if self._row(i)[1][j]
                         for pid in (self.s1[i].id, self.s2[j].id))
        return Rejection(_B4, involved, "colour_conflicts")

    def evaluate(self, positions: Sequence[int]) -> tuple[Rejection | None, int]:
        """C6 on one candidate (S1[i] against S2[positions[i]]): the first
        failing criterion, or None, and its number of colour conflicts."""
        conflicts = 0
        row = self._row
        for i, j in enumerate(positions):
            allowed, costs = row(i)
            if not allowed[j]:
                return self.pair_reason(i, int(j)), conflicts
            conflicts += costs[j]
        if self._unstay:
            used = set(positions)
            for j in self._unstay:
                if j not in used:
                    return self.leftover_reason(j), conflicts
        if conflicts > self.x:
            return self._conflicts_rejection(list(enumerate(positions))), conflicts
        return None, conflicts

    def every_pair_reason(self, i: int, j: int) -> tuple[Rejection, ...]:
        """Every criterion the pair S1[i]-S2[j] breaks (B1a, B2, the floats
        it gives), in article B's order."""
        if self._pair_reasons is not None:
            return tuple(sorted(self._pair_reasons(self.s1[i], self.s2[j]), key=text_order))
        reason = self.pair_reason(i, j)
        return () if reason is None else (reason,)

    def pair_failures(self, i: int, j: int) -> tuple[Rejection, ...]:
        """Every criterion the pair S1[i]-S2[j] breaks, as :meth:`judge`
        counts them (unsorted)."""
        key = (i, j)
        found = self._failures.get(key)
        if found is None:
            if self._pair_reasons is not None:
                found = tuple(self._pair_reasons(self.s1[i], self.s2[j]))
            else:
                reason = self.pair_reason(i, j)
                found = () if reason is None else (reason,)
            self._failures[key] = found
        return found

    def leftover_failures(self, j: int) -> tuple[Rejection, ...]:
        """Every criterion S2[j] left over breaks, as :meth:`judge` counts them."""
        key = (-1, j)
        found = self._failures.get(key)
        if found is None:
            if self._leftover_reasons is not None:
                found = tuple(self._leftover_reasons(self.s2[j]))
            else:
                found = () if self._stay[j] else (self.leftover_reason(j),)
            self._failures[key] = found
        return found

    def banned_positions(self) -> set[frozenset[int]]:
        """The banned sets as S2 positions left over (empty: none)."""
        return self._banned_indices() if self._banned else set()

    def judge(self, positions: Sequence[int]) -> tuple[Rejection | None, tuple[Rejection, ...]]:
        """C6 on one candidate as the story tells it: the criterion the text
        checks first that it breaks (article B's order: B1a, B1b, B2a, B2b,
        B4, B5, B6; pair by pair in S1 order, then the players left over),
        and every other criterion it breaks, in that order.  A candidate
        meeting them all may still move down a set of players already tried
        (C12/C13: :meth:`banned_rejection`)."""
        found: list[tuple[int, Rejection]] = []
        missing: list[int] = []   # the S1 indices of the pairs missing a preference
        cells = self._cells
        for i, j in enumerate(positions):
            row = cells[i]
            cell = row[j] if row is not None else None
            if cell is None:
                cell = self.cell(i, j)
            if cell[2]:
                found.extend(cell[2])
            if cell[3]:
                missing.append(i)
        _, _, failures, failing = self.leftover_cells()
        if failing:
            used = set(positions)
            for j in failing:
                if j not in used:
                    found.extend(failures[j])
        if len(missing) > self.x:
            found.append((_B4_ORDER, self._missing_rejection(positions, missing)))
        if not found:
            return self.banned_rejection(positions), ()
        if len(found) == 1:
            return found[0][1], ()
        found.sort(key=_order)   # stable: article B's order, then as met
        return found[0][1], tuple(dict.fromkeys([r for _, r in found[1:]]))

    def _missing_rejection(self, positions: Sequence[int], missing: list[int]) -> Rejection:
        """B4 as :meth:`judge` tells it: every pair missing a preference."""
        s1, s2 = self.s1, self.s2
        return Rejection(_B4, tuple(pid for i in missing
                                    for pid in (s1[i].id, s2[positions[i]].id)),
                         "colour_conflicts")

    def cell(self, i: int, j: int) -> Cell:
        """The pair S1[i]-S2[j] as :meth:`judge` reads it (kept)."""
        row = self._cells[i]
        if row is None:
            row = self._cells[i] = [None] * len(self.s2)
        cell = row[j]
        if cell is None:
            shared = self._shared_pairs
            key = (self.s1[i].id, self.s2[j].id)
            cell = shared.get(key) if shared is not None else None
            if cell is None:
                failures = tuple((text_order(r), r) for r in self.pair_failures(i, j))
                order, first = _first_failure(failures)
                conflict = 1 if self.conflict(self.s1[i], self.s2[j]) else 0
                cell = (order, first, failures, conflict)
                if shared is not None:
                    shared[key] = cell
            row[j] = cell
        return cell

    def leftover_cells(self) -> Leftovers:
        """The players left over as :meth:`judge` reads them (kept)."""
        if self._leftovers is None:
            failures = [self._leftover_entries(j) for j in range(len(self.s2))]
            firsts = [_first_failure(f) for f in failures]
            self._leftovers = ([order for order, _ in firsts], [first for _, first in firsts],
                               failures, [j for j, f in enumerate(failures) if f])
        return self._leftovers

    def _filled(self, i: int, columns: Iterable[int]) -> list[Cell]:
        """Row i of the cells, those of ``columns`` filled (the others may be None)."""
        for j in columns:
            self.cell(i, j)
        return cast("list[Cell]", self._cells[i])

    def _leftover_entries(self, j: int) -> Failures:
        shared = self._shared_leftovers
        key = self.s2[j].id
        found = shared.get(key) if shared is not None else None
        if found is None:
            found = tuple((text_order(r), r) for r in self.leftover_failures(j))
            if shared is not None:
                shared[key] = found
        return found

    def refusal(self, positions: Sequence[int]) -> Rejection | None:
        """``verdict(positions)[0]`` without the other criteria: what the
        literal walk refuses this candidate for (None: acceptable)."""
        return next(self.refusals((), (tuple(positions),)))

    def refusals(self, prefix: tuple[int, ...], rests: Iterable[tuple[int, ...]]
                 ) -> Iterator[Rejection | None]:
        """:meth:`refusal` of ``prefix + rest`` for each of ``rests`` (the S2
        positions of the S1 players after the prefix), the prefix read once."""
        level = len(prefix)
        head = self._scan(prefix, 0, CLEAR, None, 0, True, 0)
        taken = set(prefix)
        orders, firsts, _, failing = self.leftover_cells()
        failing = [j for j in failing if j not in taken]
        unstay = [j for j in self._unstay if j not in taken]
        x = self.x
        # The rows of the S1 players after the prefix, every free cell filled.
        free = [j for j in range(len(self.s2)) if j not in taken]
        lines = [(self._filled(i, free),) + self._row(i) for i in range(level, len(self.s1))]
        for rest in rests:
            # :meth:`evaluate`'s acceptance, :meth:`judge`'s first failure.
            order, first, missing, accepted, spent = head
            for (cells, allowed, costs), j in zip(lines, rest):
                cell = cells[j]
                if cell[0] < order:
                    order, first = cell[0], cell[1]
                missing += cell[3]
                if accepted:
                    if allowed[j]:
                        spent += costs[j]
                    else:
                        accepted = False
            if failing or unstay:
                used = set(rest)
                for j in failing:
                    if orders[j] < order and j not in used:
                        order, first = orders[j], firsts[j]
                if accepted and any(j not in used for j in unstay):
                    accepted = False
            positions = prefix + rest
            if accepted and spent <= x:
                yield self.banned_rejection(positions)
                continue
            if missing > x and _B4_ORDER < order:
                first = self._missing_rejection(
                    positions, [i for i, j in enumerate(positions) if self.cell(i, j)[3]])
            if first is None or first.detail == MOVED_DOWN_BEFORE:
                first = self.evaluate(positions)[0]
            yield first

    def _scan(self, positions: Sequence[int], level: int, order: int, first: Rejection | None,
              missing: int, accepted: bool, spent: int
              ) -> tuple[int, Rejection | None, int, bool, int]:
        """:meth:`refusals` over the pairs of S1[level:] with ``positions``:
        the smallest text order met and its first failure, the pairs missing
        a preference, whether every pair is allowed and their conflicts."""
        cells, row_of = self._cells, self._row
        for i, j in enumerate(positions, level):
            row = cells[i]
            cell = row[j] if row is not None else None
            if cell is None:
                cell = self.cell(i, j)
            if cell[0] < order:
                order, first = cell[0], cell[1]
            missing += cell[3]
            if accepted:
                allowed, costs = row_of(i)
                if allowed[j]:
                    spent += costs[j]
                else:
                    accepted = False
        return order, first, missing, accepted, spent

    def _assign(self, level: int, free: list[int], budget: int, paired: AbstractSet[int],
                unpaired: AbstractSet[int], everyone_may_stay: bool = False
                ) -> frozenset[int] | None:
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
        stay = [0 if (everyone_may_stay or self._stay[j]) and j not in paired else _IMPOSSIBLE
                for j in free]
        matrix[rows:, :] = stay
        row_index, col_index = _linear_sum_assignment(matrix)
        if int(matrix[row_index, col_index].sum()) > budget:
            return None
        return frozenset(free[c] for r, c in zip(row_index, col_index) if r >= rows)

    def _identity(self, level: int, free: list[int], budget: int) -> bool:
        """Is the untouched order of what is left (S1[level:] against the free
        S2 players in order) acceptable: the next candidate the literal
        procedure would try, often acceptable already?"""
        rows = len(self.s1) - level
        if len(free) < rows:
            return False
        if rows:
            columns = np.asarray(free[:rows], dtype=np.int64)
            lines = np.arange(level, len(self.s1))
            if not self.allowed[lines, columns].all():
                return False
            if int(self.cost[lines, columns].sum()) > budget:
                return False
        if not all(self._stay[j] for j in free[rows:]):
            return False
        banned = self._banned_indices() if self._banned else self._banned_sets
        return not banned or frozenset(free[rows:]) not in banned

    def _first_fit(self, level: int, free: list[int], budget: int
                   ) -> list[tuple[int, int, list[int]]] | None:
        """The candidate a level-by-level walk would reach without ever
        coming back: each of S1[level:] in turn takes the first free S2
        player he may meet within the budget.  If that completes (the players
        left over allowed to stay, not a banned set), it is the first
        candidate in D1 order after the prefix: every choice on the way is
        the smallest one that can still be completed (by this completion).
        Returns, per S1 player, (row, S2 position, the free positions passed
        over before it), or None."""
        k = len(self.s1)
        available = list(free)
        plan: list[tuple[int, int, list[int]]] = []
        for row in range(level, k):
            allowed, costs = self._row(row)
            position = 0
            while position < len(available):
                j = available[position]
                if allowed[j] and costs[j] <= budget:
                    break
                position += 1
            else:
                return None
            plan.append((row, available[position], available[:position]))
            budget -= costs[available[position]]
            del available[position]
        if not all(self._stay[j] for j in available):
            return None
        banned = self._banned_indices() if self._banned else self._banned_sets
        if banned and frozenset(available) in banned:
            return None
        return plan

    def _free(self, used: AbstractSet[int] | Sequence[int]) -> list[int]:
        used_set = used if isinstance(used, (set, frozenset)) else set(used)
        return [j for j in range(len(self.s2)) if j not in used_set]

    def completable(self, level: int, used: AbstractSet[int] | Sequence[int],
                    budget: int) -> bool:
        """Can S1[level:] be paired with unused S2 players within ``budget``
        conflicts, every S2 player left over allowed to stay unpaired (and
        the set left over not banned)?"""
        free = self._free(used)
        if self._identity(level, free, budget):
            return True
        if level >= len(self.s1):
            return False
        if self._first_fit(level, free, budget) is not None:
            return True
        return self._covers(level, free) and self._murty(level, free, budget)

    def _covers(self, level: int, free: list[int]) -> bool:
        """Can each of S1[level:] meet a different free S2 player (B1/B2
        only: no budget, anyone may stay)?  Augmenting paths (Kuhn, with a
        stack, not recursion), much cheaper than the assignment problems it
        spares when the answer is no; above ``_COVER_ROWS`` rows it does not
        look and says yes (the assignment problems then decide)."""
        rows = len(self.s1) - level
        if len(free) < rows:
            return False
        if rows > _COVER_ROWS:
            return True
        key = (level, tuple(free))
        known = self._covered.get(key)
        if known is not None:
            return known
        lines, columns = np.nonzero(self.allowed[level:, free])
        bounds = np.searchsorted(lines, np.arange(rows + 1)).tolist()
        found = columns.tolist()
        neighbours = [found[bounds[i]:bounds[i + 1]] for i in range(rows)]
        self._covered[key] = covered = self._augment(rows, neighbours)
        return covered

    @staticmethod
    def _augment(rows: int, neighbours: list[list[int]]) -> bool:
        """Kuhn's augmenting paths: can every row get its own column?"""
        owner: dict[int, int] = {}   # column -> row
        for start in range(rows):
            seen: set[int] = set()
            parent: dict[int, tuple[int, int]] = {}   # column -> (row, previous column)
            stack = [(start, -1)]
            end = -1
            while stack and end < 0:
                row, came = stack.pop()
                for column in neighbours[row]:
                    if column in seen:
                        continue
                    seen.add(column)
                    parent[column] = (row, came)
                    if column not in owner:
                        end = column
                        break
                    stack.append((owner[column], column))
            if end < 0:
                return False
            while end >= 0:   # flip the path
                row, came = parent[end]
                owner[end] = row
                end = came
        return True

    def _murty(self, level: int, free: list[int], budget: int) -> bool:
        """Murty's partition around banned leftover sets (module docstring)."""
        banned = self._banned_indices() if self._banned else self._banned_sets
        return avoids(lambda paired, unpaired: self._assign(level, free, budget, paired,
                                                            unpaired), banned)

    # -- why a prefix cannot be completed --------------------------------

    def why_incomplete(self, level: int, used: AbstractSet[int], budget: int,
                       pair: tuple[int, int] | None) -> Rejection:
        """Why S1[level:] cannot be completed with the S2 players not in
        ``used`` within ``budget`` (after ``pair``, the S1/S2 positions just
        tried, if any): the players moved down would be a banned set (C12/C13);
        more colour conflicts than x allows (B4); a player who may not stay
        unpaired would be left over (his B1b/B5/B6); or an S1 player left
        with no opponent (the criterion of his pairs)."""
        named = () if pair is None else (self.s1[pair[0]].id, self.s2[pair[1]].id)
        free = self._free(used)
        rows = len(self.s1) - level
        if self._analysed >= ANALYSED_BLOCKS or len(free) < rows:
            return Rejection(_D1, named, "no_completion")
        self._analysed += 1
        if rows and not self._covers(level, free):
            # then none of the three assignments below has a solution
            return self._no_opponent(level, free, named)
        within = self._assign(level, free, budget, frozenset(), frozenset()) if rows else (
            frozenset(free) if all(self._stay[j] for j in free) else None)
        if within is not None:
            return Rejection(again_rule(self._banned), self._down_ids(within), MOVED_DOWN_BEFORE)
        if rows and self._assign(level, free, _IMPOSSIBLE // 2, frozenset(),
                                 frozenset()) is not None:
            return Rejection(_B4, named, "beyond_x")
        relaxed = (self._assign(level, free, _IMPOSSIBLE // 2, frozenset(), frozenset(), True)
                   if rows else frozenset(free))
        if relaxed is not None:
            stuck = next(j for j in sorted(relaxed) if not self._stay[j])
            return self.leftover_reason(stuck)
        return self._no_opponent(level, free, named)

    def _no_opponent(self, level: int, free: list[int], named: tuple[PlayerId, ...]
                     ) -> Rejection:
        """S1[level:] cannot all meet the free S2 players (B1/B2): the S1
        player with the fewest possible opponents, and the criterion that
        forbids most of his pairs."""
        counts = self.allowed[level:, free].sum(axis=1)
        i = level + int(np.argmin(counts))
        criteria = Counter(reason.criterion for j in free
                           if (reason := self.pair_reason(i, j)) is not None)
        criterion = criteria.most_common(1)[0][0] if criteria else _B1A
        detail = "no_opponent_left" if counts.min() == 0 else "no_completion"
        return Rejection(criterion, named + (self.s1[i].id,), detail)

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
            rejection, also, conflicts = self.verdict(positions)
            yield Tried(positions, index * span, rejection, conflicts, also)

    def verdict(self, positions: Sequence[int]
                ) -> tuple[Rejection | None, tuple[Rejection, ...], int]:
        """C6 on one candidate as the literal walk tells it: accepted or not
        as :meth:`evaluate` and the banned sets say; refused, with the
        criterion the text checks first and every other it breaks
        (:meth:`judge`); and its colour conflicts."""
        rejection, conflicts = self.evaluate(positions)
        if rejection is None:
            return self.banned_rejection(positions), (), conflicts
        # The same verdict; the story names every criterion broken.
        first, also = self.judge(positions)
        if first is not None and first.detail != MOVED_DOWN_BEFORE:
            return first, also, conflicts
        return rejection, (), conflicts

    def literal_count(self) -> int:
        """How many candidates :meth:`literal` tries: ``m! / (m - k)!``."""
        k, m = len(self.s1), len(self.s2)
        return math.perm(m, k) if k <= m else 0

    # -- the search -----------------------------------------------------

    def take_refused(self) -> tuple[list[Refused], Counter[Rejection]]:
        """The blocks passed over since the last call (in D1 order), and the
        transpositions of those beyond :data:`KEPT_BLOCKS`, by reason."""
        found, self.refused = self.refused, []
        overflow, self.overflow = self.overflow, Counter()
        self._analysed = 0
        return found, overflow

    def _refuse(self, level: int, column: int, prefix: Sequence[int], start: int,
                rejection: Rejection) -> None:
        size = self.factorial(len(self.s2) - 1 - level)
        if self.telling or len(self.refused) < KEPT_BLOCKS:
            self.refused.append(Refused(level, column, tuple(prefix), start, size, rejection))
        else:
            self.overflow[rejection] += size - (start == 0)

    def candidates(self) -> Iterator[Found]:
        """Every acceptable candidate, in D1 order of S2 (lazily); the blocks
        passed over on the way are in :attr:`refused`."""
        k, m = len(self.s1), len(self.s2)
        if k > m:
            return
        if not self.completable(0, (), self.x):
            self._refuse_all()
            return
        yield from _Walk(self).run()

    def _refuse_all(self) -> None:
        """No candidate at all: the blocks of S1[0]'s choices (a small S2),
        or the whole split as one block, with the reason."""
        m = len(self.s2)
        if m > _SMALL_ASSIGNMENT:
            rejection = self.why_incomplete(0, frozenset(), self.x, None)
            self.refused.append(Refused(0, -1, (), 0, self.factorial(m), rejection))
            return
        allowed, costs = self._row(0)
        for j in range(m):
            start = j * self.factorial(m - 1)
            if not allowed[j]:
                reason = self.pair_reason(0, j)
                assert reason is not None
                self._refuse(0, j, (), start, reason)
            elif costs[j] > self.x:
                self._refuse(0, j, (), start, self._conflicts_rejection([(0, j)]))
            else:
                self._refuse(0, j, (), start,
                             self.why_incomplete(1, {j}, self.x - costs[j], (0, j)))

    def first(self) -> Found | None:
        return next(self.candidates(), None)


class _Walk:
    """The D1 walk of :meth:`BracketSearch.candidates`: a loop over an
    explicit stack (one frame per S1 player fixed), no recursion."""

    def __init__(self, search: BracketSearch) -> None:
        self.search = search
        k = len(search.s1)
        self.chosen: list[int] = []
        self.used: set[int] = set()
        self.cursor = [0] * k        # next S2 position to try, per level
        self.smaller = [0] * k       # unused S2 positions passed so far, per level
        self.budget = [0] * k        # x left before the level's choice
        self.rank = [0] * k          # D1 rank of the prefix before the level's choice

    def _take(self, level: int, j: int) -> int:
        """Fix S1[level] against S2[j]; the budget left."""
        self.chosen.append(j)
        self.used.add(j)
        return self.budget[level] - self.search._row(level)[1][j]

    def _drop(self) -> None:
        self.used.discard(self.chosen.pop())

    def _identity_from(self, level: int, budget: int, start: int) -> bool:
        """If the untouched order of the rest (or the first fit of each S1
        player, :meth:`BracketSearch._first_fit`) is acceptable after the
        prefix, fix it at once: the frames, ranks and refused blocks as a
        level-by-level walk leaves them."""
        search = self.search
        m = len(search.s2)
        free = search._free(self.used)
        plan: list[tuple[int, int, list[int]]]
        if search._identity(level, free, budget):
            plan = [(row, j, []) for row, j in zip(range(level, len(search.s1)), free)]
        else:
            found = search._first_fit(level, free, budget) if level < len(search.s1) else None
            if found is None:
                return False
            plan = found
        for row, j, passed in plan:
            block = search.factorial(m - 1 - row)
            self.budget[row], self.rank[row] = budget, start
            allowed, costs = search._row(row)
            for smaller, refused in enumerate(passed):
                if not allowed[refused]:
                    reason = search.pair_reason(row, refused)
                    assert reason is not None
                else:
                    pairs = list(enumerate(self.chosen)) + [(row, refused)]
                    reason = search._conflicts_rejection(pairs)
                search._refuse(row, refused, self.chosen, start + smaller * block, reason)
            start += len(passed) * block
            self.cursor[row], self.smaller[row] = j + 1, len(passed) + 1
            budget = self._take(row, j)
        self.start = start
        return True

    def _found(self) -> Found:
        search = self.search
        spent = sum(search._row(i)[1][j] for i, j in enumerate(self.chosen))
        return Found(tuple(self.chosen), self.start, spent)

    def run(self) -> Iterator[Found]:
        search = self.search
        k = len(search.s1)
        self.budget[0] = search.x
        self.start = 0   # D1 rank of the prefix last fixed
        if self._identity_from(0, search.x, 0):
            yield self._found()
            level = k - 1
            self._drop()
        else:
            level = 0
        while level >= 0:
            if self._step(level):
                if len(self.chosen) == k:
                    yield self._found()
                    level = k - 1
                    self._drop()
                else:
                    level += 1
                    self.cursor[level] = self.smaller[level] = 0
                continue
            level -= 1
            if level >= 0:
                self._drop()

    def _step(self, level: int) -> bool:
        """Try the next S2 players for S1[level]: True when one is fixed (and
        maybe the whole rest, :meth:`_identity_from`), False when the level is
        exhausted.  Each one passed over is a block of :attr:`refused`."""
        search = self.search
        k, m = len(search.s1), len(search.s2)
        allowed, costs = search._row(level)
        block = search.factorial(m - 1 - level)
        j = self.cursor[level]
        while j < m:
            if j in self.used:
                j += 1
                continue
            start = self.rank[level] + self.smaller[level] * block
            self.smaller[level] += 1
            if not allowed[j]:
                reason = search.pair_reason(level, j)
                assert reason is not None
                search._refuse(level, j, self.chosen, start, reason)
            elif costs[j] > self.budget[level]:
                pairs = list(enumerate(self.chosen)) + [(level, j)]
                search._refuse(level, j, self.chosen, start, search._conflicts_rejection(pairs))
            else:
                budget = self._take(level, j)
                self.cursor[level] = j + 1
                self.start = start
                if level + 1 < k:
                    self.budget[level + 1], self.rank[level + 1] = budget, start
                if self._identity_from(level + 1, budget, start):
                    return True
                if level + 1 < k and search._murty(level + 1, search._free(self.used), budget):
                    return True
                self._drop()
                search._refuse(level, j, self.chosen, start,
                               search.why_incomplete(level + 1, self.used | {j}, budget,
                                                     (level, j)))
            j += 1
        self.cursor[level] = m
        return False


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
    """How many ``r``-subsets of {1..m} have each sum (index: the sum).
    Built up element by element (no recursion), every (m', r') on the way kept."""
    key = (m, r)
    found = cache.get(key)
    if found is not None:
        return found
    rows: list[list[int]] = [[1]] + [[] for _ in range(r)]   # subsets of {} by size
    for element in range(1, m + 1):
        for size in range(min(r, element), 0, -1):
            below, shorter = rows[size], rows[size - 1]
            grown = [0] * max(len(below), len(shorter) + element)
            for s, count in enumerate(below):
                grown[s] += count
            for s, count in enumerate(shorter):
                grown[s + element] += count
            rows[size] = grown
        for size in range(r + 1):
            cache.setdefault((element, size), rows[size] if size <= element else [])
    for size in range(r + 1):
        cache.setdefault((0, size), [1] if size == 0 else [])
    return cache[key]


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
        """How many exchanges: the sum over k >= 1 of C(p, k) C(q, k), which
        is C(p + q, p) - 1 (Vandermonde's identity)."""
        if min(self.p, self.q) < 1:
            return 0
        return math.comb(self.p + self.q, self.p) - 1

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
        # Players 0..n-1, then the spare places n..n+spare-1 (a player
        # matched to one is left over, in S2).  ``_base`` exceeds any sum of
        # costs, so the heaviest matching is a largest one, then the
        # lightest labelling; the powers of two in the costs make that
        # labelling unique, so any heaviest matching gives the same one.
        cost = self._cost
        n = self.n
        edges: list[tuple[int, int, int]] = []
        for u, v in self._edges:
            best = None
            for lu, lv in ((True, False), (False, True)):
                if fixed.get(u, lu) is not lu or fixed.get(v, lv) is not lv:
                    continue
                value = cost[u][lu] + cost[v][lv]
                if best is None or value < best:
                    best = value
            if best is not None:
                edges.append((u, v, self._base - best))
        for v in range(n):
            if self._stay[v] and fixed.get(v, False) is False:
                edges.extend((v, n + s, self._base - cost[v][False]) for s in range(self.spare))
        mate = max_weight_mates(n + self.spare, edges)
        if -1 in mate:
            return None
        labels = [False] * n
        for u, v in enumerate(mate[:n]):
            if v < u or v >= n:
                continue  # each pair once, from its lower end; a player left over: in S2
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


