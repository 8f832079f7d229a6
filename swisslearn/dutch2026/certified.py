"""A maximum-weight matching of a dense graph, found on a few of its edges
and proven optimal on all of them.

The weight graphs of a bracket are dense (every pair the absolute criteria
allow is an edge) but have few kinds of edges: outside a few listed pairs,
the weight of a pair depends only on the *groups* of its two vertices
(:mod:`swisslearn.dutch2026.classes`: players the criteria cannot tell
apart, and their place in the bracket).  Solving the blossom algorithm on
every edge costs O(n³); here it runs on a sparse subgraph and LP duality
says whether its answer is optimal for the whole graph:

* The blossom algorithm (:func:`swisslearn.matching._blossom.max_weight_matching_duals`) returns,
  with its matching, an optimal dual solution of the subgraph: doubled
  vertex duals ``y`` and blossom duals ``z`` such that ``y[u] + y[v] +
  2·z(u, v) >= 2·w(u, v)`` on every edge of the subgraph (``z(u, v)``: the
  duals of the blossoms holding both), with equality on the matched ones.
* If that inequality also holds for every pair of the whole graph, the duals
  are feasible for the whole graph's matching LP (Edmonds' polytope), whose
  value bounds every matching's weight; the matching found reaches it, so it
  is a maximum-weight matching of the whole graph.  Exact, whatever the
  subgraph.
* The check needs no list of pairs: vertices of one group and one set of
  blossoms get the same weight against any other such set, so one
  comparison of the two smallest duals clears a whole block of pairs, and
  only pairs that really break the inequality are enumerated (sorted
  duals).  Those pairs join the subgraph and it is solved again.

:func:`solve` returns the matching with its duals (:class:`Solution`), so
that a caller can ask which edges are *tight* (``y[u] + y[v] + 2·z = 2·w``):
only tight edges can belong to a maximum-weight matching (complementary
slackness holds for every optimal primal and dual pair).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Callable, Iterable, Mapping, Sequence

try:
    from swisslearn.matching import _blossom
except ImportError:  # pragma: no cover - not built: matching/weighted.py falls back to networkx
    _blossom = None  # type: ignore[assignment]

__all__ = ["Problem", "Solution", "solve", "AVAILABLE"]

AVAILABLE = _blossom is not None
"""The certified matching needs the compiled blossom's duals."""

Rule = Callable[[int, int], int]
"""``rule(g, h)``: the weight of a pair not listed in ``special`` whose
first vertex (the smaller position) is in group ``g``, the other in ``h``."""


class Problem:
    """The weights of a matching problem on positions ``0..n-1``.

    ``group[i]`` is the group of position ``i``; a pair ``i < j`` weighs
    ``rule(group[i], group[j])`` unless ``special[i]`` lists ``j`` (with its
    weight; 0 is no edge).  ``near`` says how many members of a group to
    try first against each vertex.
    """

    def __init__(self, group: Sequence[int], rule: Rule,
                 special: Mapping[int, Mapping[int, int]] | None = None,
                 near: int = 3, groups_tried: int = 8) -> None:
        self.group = list(group)
        self.n = len(self.group)
        self._rule = rule
        self._cache: dict[tuple[int, int], int] = {}
        self.special: Mapping[int, Mapping[int, int]] = special or {}
        self.near = near
        self.groups_tried = groups_tried

    def rule(self, g: int, h: int) -> int:
        key = (g, h)
        value = self._cache.get(key)
        if value is None:
            value = self._cache[key] = self._rule(g, h)
        return value

    def retagged(self, tags: Sequence[int], combine: Callable[[int, int, int], int],
                 kinds: int) -> Problem:
        """The same problem with each weight ``w`` of a pair ``i < j``
        replaced by ``combine(tags[i], tags[j], w)`` (tags in
        ``range(kinds)``): a problem whose groups split by tag."""
        group = [g * kinds + t for g, t in zip(self.group, tags)]

        def rule(g: int, h: int) -> int:
            (bg, tg), (bh, th) = divmod(g, kinds), divmod(h, kinds)
            return combine(tg, th, self.rule(bg, bh))

        special = {i: {j: combine(tags[i], tags[j], w) for j, w in row.items()}
                   for i, row in self.special.items()}
        return Problem(group, rule, special, self.near, self.groups_tried)

    def restricted(self, positions: Sequence[int]) -> Problem:
        """The same problem on ``positions`` only (ascending), renumbered
        ``0..len(positions)-1``."""
        new = {p: k for k, p in enumerate(positions)}
        special: dict[int, dict[int, int]] = {}
        for i, row in self.special.items():
            a = new.get(i)
            if a is None:
                continue
            for j, w in row.items():
                b = new.get(j)
                if b is not None:
                    special.setdefault(a, {})[b] = w
        problem = Problem([self.group[p] for p in positions], self._rule, special, self.near,
                          self.groups_tried)
        problem._cache = self._cache
        return problem

    def weight(self, i: int, j: int) -> int:
        """The weight of the pair of positions ``i`` and ``j``."""
        if i > j:
            i, j = j, i
        listed = self.special.get(i)
        if listed is not None and j in listed:
            return listed[j]
        return self.rule(self.group[i], self.group[j])


class Solution:
    """A maximum-weight matching (``mate[i]``, -1 if unmatched) of a
    :class:`Problem`, its weight and an optimal dual solution."""

    def __init__(self, problem: Problem, mate: list[int], y: list[int],
                 chains: list[tuple[int, ...]], blossom_duals: list[int], rounds: int,
                 edges: set[tuple[int, int]]) -> None:
        self.problem = problem
        self.edges = edges
        self.mate = mate
        self.y = y
        self.chains = chains
        self.blossom_duals = blossom_duals
        self.rounds = rounds
        self.total = sum(problem.weight(i, j) for i, j in enumerate(mate) if j > i)

    def pairs(self) -> list[tuple[int, int]]:
        return [(i, j) for i, j in enumerate(self.mate) if j > i]

    def vertex_duals(self) -> list[int]:
        """The duals with each blossom's dual moved into its vertices (see
        :func:`moved_duals`)."""
        y = list(self.y)
        for v, chain in enumerate(self.chains):
            for k in chain:
                y[v] += self.blossom_duals[k]
        return y

    def blossom_sum(self, i: int, j: int) -> int:
        a, b = self.chains[i], self.chains[j]
        if not a or not b:
            return 0
        common = set(a).intersection(b)
        return sum(self.blossom_duals[k] for k in common)

    def slack(self, i: int, j: int, weight: int | None = None) -> int:
        """``y[i] + y[j] + 2·z - 2·w`` (never negative: the duals are feasible)."""
        if weight is None:
            weight = self.problem.weight(i, j)
        return self.y[i] + self.y[j] + 2 * self.blossom_sum(i, j) - 2 * weight

    def tight(self, i: int, j: int, weight: int | None = None) -> bool:
        """Can the pair belong to a maximum-weight matching (it is an edge
        with zero slack)?"""
        if weight is None:
            weight = self.problem.weight(i, j)
        return weight > 0 and self.slack(i, j, weight) == 0


def _members(problem: Problem) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for i, g in enumerate(problem.group):
        found.setdefault(g, []).append(i)
    return found


def _candidates(problem: Problem, members: dict[int, list[int]]) -> set[tuple[int, int]]:
    """A first subgraph: every listed pair that is an edge, and for each
    vertex a few vertices of each of its best groups, nearest in position."""
    edges: set[tuple[int, int]] = set()
    for i, listed in problem.special.items():
        for j, w in listed.items():
            if w > 0:
                edges.add((i, j) if i < j else (j, i))
    groups = sorted(members)
    ranked: dict[int, list[int]] = {}
    for g in groups:
        scored = []
        for h in groups:
            best = max(problem.rule(g, h), problem.rule(h, g))
            if best > 0:
                scored.append((-best, h))
        scored.sort()
        ranked[g] = [h for _, h in scored[:problem.groups_tried]]
    near = problem.near
    special = problem.special
    rank = {}
    for h, row in members.items():
        for r, i in enumerate(row):
            rank[i] = r
    for i, g in enumerate(problem.group):
        listed = special.get(i, {})
        mine = len(members[g])
        for h in ranked[g]:
            row = members[h]
            # The members of h at the same relative rank as i in g (and
            # around it): a first pairing of two groups along their order.
            at = rank[i] * len(row) // mine
            taken = 0
            left, right = at - 1, at
            while taken < near and (left >= 0 or right < len(row)):
                for j in ((row[right],) if right < len(row) else ()) + \
                         ((row[left],) if left >= 0 else ()):
                    if j == i:
                        continue
                    a, b = (i, j) if i < j else (j, i)
                    if a == i and j in listed:
                        continue
                    if a != i and i in special.get(a, {}):
                        continue
                    if problem.rule(problem.group[a], problem.group[b]) <= 0:
                        continue
                    edges.add((a, b))
                    taken += 1
                left -= 1
                right += 1
    return edges


def moved_duals(n: int, y: Sequence[int], blossoms: Sequence[tuple[int, tuple[int, ...]]]
                ) -> list[int]:
    """Vertex duals with each blossom's dual moved into its vertices:
    still feasible (an edge inside keeps its slack, an edge leaving gains),
    a start for :class:`swisslearn.matching._blossom.WarmMatcher`."""
    moved = list(y)
    for dual, leaves in blossoms:
        for v in leaves:
            moved[v] += dual
    return moved


def _chains(n: int, blossoms: list[tuple[int, tuple[int, ...]]]
            ) -> tuple[list[tuple[int, ...]], list[int]]:
    """For each vertex, the blossoms of positive dual holding it (indices
    into the returned duals)."""
    duals: list[int] = []
    holding: list[list[int]] = [[] for _ in range(n)]
    for dual, leaves in blossoms:
        if dual <= 0:
            continue
        k = len(duals)
        duals.append(dual)
        for v in leaves:
            holding[v].append(k)
    return [tuple(h) for h in holding], duals


class Unproven(ArithmeticError):
    """The matching found does not reach its dual bound (never seen: it
    would be a defect of the blossom implementation)."""


def _check_bound(total2: int, y: list[int], blossoms: list[tuple[int, tuple[int, ...]]]
                 ) -> None:
    """Weak duality, the proof of optimality once the duals are feasible:
    twice the matching's weight must equal the dual objective, ``sum(y) +
    2 * sum(dual * (|B| // 2))`` in the doubled units of the duals."""
    bound = sum(y) + 2 * sum(dual * (len(leaves) // 2) for dual, leaves in blossoms)
    if total2 != bound:
        raise Unproven(f"matching weight {total2} != dual bound {bound}")


PER_VERTEX = 2
"""Violated pairs added per vertex and block of pairs in one round of
:func:`solve`."""


def _violations(problem: Problem, y: list[int], chains: list[tuple[int, ...]],
                duals: list[int], limit: int) -> list[tuple[int, int]]:
    """Pairs (not listed in ``special``) whose dual constraint fails: for
    each vertex at most :data:`PER_VERTEX` per block of pairs, and at most
    ``limit`` per block.

    Few per vertex, spread over the block: the duals of one block are
    nearly all equal, so when a block of pairs is violated nearly all of its
    pairs are, and a sparse subgraph between the two blocks (each vertex
    against a few of the other block, along their order, as
    :func:`_candidates` starts) lets the blossom algorithm move the whole
    blocks' duals as well as every pair would; a 1,400-player bracket took
    eleven rounds and 320,000 edges with every violated pair (up to
    ``limit``) added, two rounds and 90,000 edges so."""
    blocks: dict[tuple[int, tuple[int, ...]], list[tuple[int, int]]] = {}
    for i in range(problem.n):
        blocks.setdefault((problem.group[i], chains[i]), []).append((y[i], i))
    keys = sorted(blocks)
    for key in keys:
        blocks[key].sort()
    duals_of = {key: [value for value, _ in blocks[key]] for key in keys}
    zsum: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    found: list[tuple[int, int]] = []
    special = problem.special
    group = problem.group
    for a_index, ka in enumerate(keys):
        rows_a = blocks[ka]
        for kb in keys[a_index:]:
            rows_b = blocks[kb]
            g, h = ka[0], kb[0]
            bound = max(problem.rule(g, h), problem.rule(h, g))
            if bound <= 0:
                continue
            chain_key = (ka[1], kb[1])
            z = zsum.get(chain_key)
            if z is None:
                z = zsum[chain_key] = 2 * sum(duals[k] for k in set(ka[1]).intersection(kb[1]))
            need = 2 * bound - z
            if ka == kb:
                if len(rows_a) < 2 or rows_a[0][0] + rows_a[1][0] >= need:
                    continue
            elif rows_a[0][0] + rows_b[0][0] >= need:
                continue
            duals_b = duals_of[kb]
            size_a, size_b = len(rows_a), len(rows_b)
            added: set[tuple[int, int]] = set()
            for r, (ya, i) in enumerate(rows_a):
                # rows_b[:k] are the partners that may break the constraint.
                k = bisect_left(duals_b, need - ya)
                if k == 0:
                    break
                start = (r * size_b // size_a) % k
                taken = 0
                for t in range(k):
                    yb, j = rows_b[(start + t) % k]
                    if j == i:
                        continue
                    lo, hi = (i, j) if i < j else (j, i)
                    if (lo, hi) in added:
                        continue
                    listed = special.get(lo)
                    if listed is not None and hi in listed:
                        continue
                    weight = problem.rule(group[lo], group[hi])
                    if weight > 0 and ya + yb + z < 2 * weight:
                        found.append((lo, hi))
                        added.add((lo, hi))
                        taken += 1
                        if taken >= PER_VERTEX:
                            break
                if len(added) >= limit:
                    break
    return found


def solve(problem: Problem, hint: Iterable[tuple[int, int]] = (), limit: int = 0,
          rounds: int = 40) -> Solution:
    """A maximum-weight matching of the whole graph of ``problem``, proven
    (see the module doc).  ``hint``: pairs (positions, ``i < j``) to try
    first, besides a few per vertex and group; ``limit``: violated pairs
    added per block and round (default: the number of vertices).  After
    ``rounds`` rounds of adding violated pairs (never seen: each adds pairs
    the previous subgraph lacked) the whole graph is solved."""
    assert _blossom is not None
    n = problem.n
    members = _members(problem)
    edges = _candidates(problem, members)
    weight = problem.weight
    edges.update(pair for pair in hint if weight(*pair) > 0)
    limit = limit or max(n, 16)
    mate: list[int] = []
    y: list[int] = []
    blossoms: list[tuple[int, tuple[int, ...]]] = []
    for attempt in range(1, rounds + 1):
        ordered = sorted(edges)
        triples = [(i, j, weight(i, j)) for i, j in ordered]
        if attempt == 1:
            mate, y, blossoms = _blossom.max_weight_matching_duals(n, triples)
        else:
            # Again from the last matching and duals: only the pairs just
            # added can be infeasible, a few stages repair them.
            matcher = _blossom.WarmMatcher(n, triples, mate, moved_duals(n, y, blossoms))
            mate = matcher.mate()
            y, blossoms = matcher.duals()
        chains, duals = _chains(n, blossoms)
        missing = _violations(problem, y, chains, duals, limit)
        if not missing:
            solution = Solution(problem, mate, y, chains, duals, attempt, edges)
            _check_bound(2 * solution.total, y, blossoms)
            return solution
        edges.update(missing)
    # Every pair: the subgraph is the whole graph, the answer is exact.
    everything = [(i, j, w) for i in range(n) for j in range(i + 1, n)
                  if (w := problem.weight(i, j)) > 0]
    mate, y, blossoms = _blossom.max_weight_matching_duals(n, everything)
    chains, duals = _chains(n, blossoms)
    return Solution(problem, mate, y, chains, duals, rounds + 1,
                    {(i, j) for i, j, _ in everything})


def tight_pairs(solution: Solution, limit: int | None = None) -> list[tuple[int, int]] | None:
    """Every pair ``i < j`` with a positive weight and zero slack under the
    solution's duals: the only pairs a maximum-weight matching can hold
    (complementary slackness), found block by block (vertices of one group
    and one set of blossoms have the same weight against another block, so
    a pair is tight when the other's dual is the one value that makes it
    so).  None if there are more than ``limit``."""
    problem = solution.problem
    y = solution.y
    blocks: dict[tuple[int, tuple[int, ...]], dict[int, list[int]]] = {}
    for i in range(problem.n):
        by_dual = blocks.setdefault((problem.group[i], solution.chains[i]), {})
        by_dual.setdefault(y[i], []).append(i)
    keys = sorted(blocks)
    special = problem.special
    found: set[tuple[int, int]] = set()
    duals = solution.blossom_duals
    for a_index, ka in enumerate(keys):
        for kb in keys[a_index:]:
            g, h = ka[0], kb[0]
            weights = {w for w in (problem.rule(g, h), problem.rule(h, g)) if w > 0}
            if not weights:
                continue
            z = 2 * sum(duals[k] for k in set(ka[1]).intersection(kb[1]))
            other = blocks[kb]
            for w in weights:
                for ya, rows in blocks[ka].items():
                    partners = other.get(2 * w - z - ya)
                    if not partners:
                        continue
                    if limit is not None and len(found) + len(rows) * len(partners) > 2 * limit:
                        return None
                    for i in rows:
                        for j in partners:
                            if i == j:
                                continue
                            lo, hi = (i, j) if i < j else (j, i)
                            listed = special.get(lo)
                            if listed is not None and hi in listed:
                                continue
                            if problem.rule(problem.group[lo], problem.group[hi]) == w:
                                found.add((lo, hi))
    for i, listed in special.items():
        for j, w in listed.items():
            if w > 0 and solution.slack(i, j, w) == 0:
                found.add((i, j))
    if limit is not None and len(found) > limit:
        return None
    return sorted(found)


def solve_on(n: int, edges: Sequence[tuple[int, int]], weight: Callable[[int, int], int],
             first: Iterable[tuple[int, int]], rounds: int = 40) -> list[int]:
    """A maximum-weight matching of the graph whose edges are ``edges``
    (positions ``i < j``; ``weight(i, j)`` each, positive), found on the
    pairs ``first`` and the violated ones added round by round, each round
    proven against every edge by the same duality (``mate[i]``, -1 if
    unmatched)."""
    assert _blossom is not None
    chosen = set(first)
    for _ in range(rounds):
        ordered = sorted(chosen)
        mate, y, blossoms = _blossom.max_weight_matching_duals(
            n, [(i, j, weight(i, j)) for i, j in ordered])
        chains, duals = _chains(n, blossoms)
        missing = []
        for i, j in edges:
            if (i, j) in chosen:
                continue
            total = y[i] + y[j]
            if chains[i] and chains[j]:
                total += 2 * sum(duals[k] for k in set(chains[i]).intersection(chains[j]))
            if total < 2 * weight(i, j):
                missing.append((i, j))
        if not missing:
            _check_bound(2 * sum(weight(i, j) for i, j in enumerate(mate) if j > i), y,
                         blossoms)
            return mate
        chosen.update(missing)
    return _blossom.max_weight_matching(n, [(i, j, weight(i, j)) for i, j in edges])
