"""What the literal procedure refuses a run of candidates for, without
trying them one by one (issue 29: the pruned search tells the literal story).

The pruned search (``search.py``) passes over *blocks*: every candidate of
an S1/S2 split whose first S1 players have given S2 positions (a prefix),
i.e. a run of consecutive candidates in D1 order.  The literal walk would
refuse each of them with the criterion the text checks first (article B's
order: B1a, B1b, B2a, B2b, B4, B5, B6; then the players moved down before,
C12/C13) that it breaks.  :class:`RunReasons` gives, for a block, exactly
the set of those first criteria (one candidate's rejection as witness for
each), and how many candidates each refuses when the block is small enough
to be counted.

A candidate's failures are its pairs' (B1a, B2, and the floats of the pair),
its players left over (the bye's B1b, B5/B6 for their float) and B4 (more
colour conflicts than x).  Each pair and each player left over has a
*rank*, the first of its criteria in article B's order; the candidate's
first criterion is the smallest rank among them, or B4 when no smaller one
and its conflicts exceed x.  So criterion ``c`` is some candidate's first
iff a completion of the prefix exists that uses only pairs and leftovers of
rank at least ``c`` (and, past B4, no more conflicts than x) and meets ``c``
somewhere: one assignment problem per pair or leftover of rank ``c``
(forced into the completion), until one succeeds.  B4 is first iff the
completion with the most conflicts among those of rank past B4 exceeds x;
C12/C13 iff a completion breaking nothing moves down a banned set.  Blocks
of at most :data:`ENUMERATED` candidates are simply enumerated (and
counted).  Nothing is approximated: ``tests/test_dutch1998_equality.py``
checks every run against the literal walk.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence

import numpy as np

from swisslearn.dutch1998.criteria import TEXT_ORDER, text_order
from swisslearn.dutch1998.rules import RULES
from swisslearn.dutch1998.search import CLEAR, BracketSearch
from swisslearn.trace import Rejection

__all__ = ["ENUMERATED", "Met", "RunReasons"]

#: Blocks of at most this many candidates are enumerated (each judged as the
#: literal walk judges it) and counted; bigger ones are analysed.
ENUMERATED = 240

_CLEAN = 1000                    # the rank of a pair or leftover breaking nothing
_B4 = TEXT_ORDER[RULES.label("B4")]
_IMPOSSIBLE = 10 ** 6
_HIT = 1000                      # a pair or leftover of the rank looked for, preferred

#: The first rejections of a run's candidates, each with how many candidates
#: it refuses (``counted``), or 1 for a witness when not counted.
Met = tuple[Counter[Rejection], bool]


class RunReasons:
    """The first criteria of the candidates of ``search``'s blocks."""

    def __init__(self, search: BracketSearch) -> None:
        self.search = search
        s1, s2 = search.s1, search.s2
        k, m = len(s1), len(s2)
        self.k, self.m = k, m
        self.rank = [[_CLEAN] * m for _ in range(k)]
        self.conflict = [[0] * m for _ in range(k)]
        for i in range(k):
            rank, conflict = self.rank[i], self.conflict[i]
            for j in range(m):
                order, _, _, conflict[j] = search.cell(i, j)
                if order != CLEAR:
                    rank[j] = order
        self.left = [_CLEAN if order == CLEAR else order
                     for order in search.leftover_cells()[0]]

    # -- one block -------------------------------------------------------

    def block(self, prefix: Sequence[int], skip_first: bool = False) -> Met:
        """The candidates whose first S1 players take the S2 positions
        ``prefix``; ``skip_first``: all but the first of them in D1 order
        (the untouched order, told by C6 itself)."""
        prefix = tuple(prefix)
        free = [j for j in range(self.m) if j not in prefix]
        rows = self.k - len(prefix)
        if rows < 0 or len(free) < rows:
            return Counter(), True
        if math.perm(len(free), rows) <= ENUMERATED:
            return self._enumerated(prefix, free, rows, skip_first)
        if not skip_first:
            return self._analysed(prefix, free)
        # The block less its first candidate: the blocks after each prefix
        # of that candidate (D1 order), deepest last.
        first = list(prefix) + free[:rows]
        met: Counter[Rejection] = Counter()
        counted = True
        for depth in range(len(prefix), self.k):
            taken = first[:depth]
            for j in range(self.m):
                if j in taken or j <= first[depth]:
                    continue
                found, exact = self.block(tuple(taken) + (j,))
                met.update(found)
                counted = counted and exact
        return met, counted

    def _enumerated(self, prefix: tuple[int, ...], free: list[int], rows: int,
                    skip_first: bool) -> Met:
        met: Counter[Rejection] = Counter()
        rests = list(itertools.permutations(free, rows))[1 if skip_first else 0:]
        for rest, rejection in zip(rests, self.search.refusals(prefix, rests)):
            if rejection is None:
                raise AssertionError(f"an acceptable candidate in a refused block: {prefix + rest}")
            met[rejection] += 1
        return met, True

    def _analysed(self, prefix: tuple[int, ...], free: list[int]) -> Met:
        search = self.search
        head = list(enumerate(prefix))
        prefix_rank = min((self.rank[i][j] for i, j in head), default=_CLEAN)
        prefix_conflicts = sum(self.conflict[i][j] for i, j in head)
        level = len(prefix)
        ranks = {self.rank[i][j] for i in range(level, self.k) for j in free}
        ranks.update(self.left[j] for j in free)
        ranks.add(prefix_rank)
        ranks.add(_B4)
        met: Counter[Rejection] = Counter()
        for rank in sorted(r for r in ranks if r <= prefix_rank):
            if rank == _CLEAN:
                witness = self._banned_witness(prefix, free, search.x - prefix_conflicts)
            elif rank == _B4:
                witness = self._solve(prefix, free, _B4 + 1, most=True,
                                      bound=search.x - prefix_conflicts)
            else:
                bound = search.x - prefix_conflicts if rank > _B4 else None
                witness = self._met_at(prefix, free, rank, prefix_rank, bound)
            if witness is None:
                continue
            rejection, _, _ = search.verdict(witness)
            if rejection is None or (rank != _CLEAN and text_order(rejection) != rank):
                raise AssertionError(f"witness {witness} of rank {rank}: {rejection}")
            met[rejection] += 1
        return met, False

    def _met_at(self, prefix: tuple[int, ...], free: list[int], rank: int, prefix_rank: int,
                bound: int | None) -> tuple[int, ...] | None:
        """A completion of ``prefix`` whose pairs and leftovers all rank at
        least ``rank``, one of them (or of the prefix's pairs) exactly."""
        if prefix_rank == rank:
            return self._solve(prefix, free, rank, bound=bound)
        level = len(prefix)
        # One problem first: the completion meeting ``rank`` most often
        # (fewest conflicts first, past B4).  None meets it: no witness; it
        # meets it within the bound: the witness.  Else one pair at a time.
        hits = self._solve(prefix, free, rank, hits=rank, bound=None)
        if hits is None or not self._meets(hits, free, rank):
            return None
        if bound is None or self._conflicts(hits) <= bound:
            return hits
        fewest = self._solve(prefix, free, rank, hits=rank, bound=None, fewest=True)
        if fewest is not None and self._meets(fewest, free, rank) \
                and self._conflicts(fewest) <= bound:
            return fewest
        for i in range(level, self.k):
            for j in free:
                if self.rank[i][j] == rank:
                    found = self._solve(prefix, free, rank, bound=bound, pair=(i, j))
                    if found is not None:
                        return found
        for j in free:
            if self.left[j] == rank:
                found = self._solve(prefix, free, rank, bound=bound, left={j})
                if found is not None:
                    return found
        return None

    def _banned_witness(self, prefix: tuple[int, ...], free: list[int],
                        bound: int) -> tuple[int, ...] | None:
        """A completion breaking nothing: the block has no acceptable
        candidate (the search passed over it), so it moves down a banned set."""
        return self._solve(prefix, free, _CLEAN, bound=bound)

    def _meets(self, positions: tuple[int, ...], free: list[int], rank: int) -> bool:
        """Does this completion have a pair or a leftover of ``rank``?"""
        used = set(positions)
        return (any(self.rank[i][j] == rank for i, j in enumerate(positions))
                or any(self.left[j] == rank for j in free if j not in used))

    def _conflicts(self, positions: tuple[int, ...]) -> int:
        return sum(self.conflict[i][j] for i, j in enumerate(positions))

    def _solve(self, prefix: tuple[int, ...], free: list[int], rank: int, *,
               bound: int | None = None, most: bool = False,
               pair: tuple[int, int] | None = None,
               left: set[int] | None = None, hits: int | None = None,
               fewest: bool = False) -> tuple[int, ...] | None:
        """A completion of ``prefix`` with the ``free`` S2 positions using
        only pairs and leftovers of rank at least ``rank``, with ``pair``
        in it and ``left`` left over; its conflicts at most ``bound`` (or,
        ``most``, more than ``bound``).  None if there is none."""
        level = len(prefix)
        rows = self.k - level
        size = len(free)
        sign = -1 if most else 1
        grid = [[_IMPOSSIBLE] * size for _ in range(rows)]
        usual = [c for c, j in enumerate(free)
                 if (pair is None or j != pair[1]) and (left is None or j not in left)]
        for r in range(rows):
            i = level + r
            if pair is not None and i == pair[0]:
                columns = [c for c, j in enumerate(free) if j == pair[1]]
            else:
                columns = usual
            ranks, conflicts, line = self.rank[i], self.conflict[i], grid[r]
            for c in columns:
                j = free[c]
                if ranks[j] >= rank:
                    line[c] = self._cost(sign * conflicts[j], ranks[j] == hits, fewest)
        stay = [_IMPOSSIBLE] * size
        for c, j in enumerate(free):
            if self.left[j] >= rank and (pair is None or j != pair[1]):
                stay[c] = self._cost(0, self.left[j] == hits, fewest)
        grid.extend(stay for _ in range(size - rows))
        matrix = np.array(grid, dtype=np.int64).reshape(size, size)
        # scipy's solver: costs of both signs and whole rows impossible
        # (a forced pair) are its ordinary inputs.
        from scipy.optimize import linear_sum_assignment
        row_index, col_index = linear_sum_assignment(matrix)
        total = int(matrix[row_index, col_index].sum())
        if total >= _IMPOSSIBLE // 2:
            return None
        if bound is not None and hits is None:
            if most and -total <= bound:
                return None
            if not most and total > bound:
                return None
        chosen = [0] * rows
        for r, c in zip(row_index.tolist(), col_index.tolist()):
            if r < rows:
                chosen[r] = free[c]
        return prefix + tuple(chosen)

    def _cost(self, conflicts: int, hit: bool, fewest: bool) -> int:
        """A cell's cost when looking for ``hits``: most hits (``fewest``:
        fewest conflicts first, then most hits); else the conflicts."""
        if fewest:
            return conflicts * (self.k + self.m + 1) - hit
        return conflicts - _HIT if hit else conflicts

