"""Article 4.2.2 (2017: D.1) among the best matchings of a large remainder,
without a bit per transposition.

The small brackets' weights (:func:`swisslearn.dutch2026.brackets.remainder_weights`)
write the transposition order as a digit per S1R player, ``size × log(size)``
low bits: 7,800 bits for a remainder of 776 players, too wide for a
matching of every pair.  When no exchange is needed, the order is easier to
state: S1R's players in order, each against the first S2R player it can
meet in a best matching (one that keeps the best total and lets every later
S1R player meet an S2R player).  That is how the reference engines proceed,
one decision at a time ("try this pair; keep it if the total stays the
best"), and :func:`first_in_order` does exactly that, on the matching where
S1R players may only meet S2R players (the caller's ``problem``):

* a proven optimal dual solution is known (the caller derives it from the
  criteria's, :mod:`.certified`), with its value ``target``; only pairs
  *tight* under it can belong to a best matching, and whatever pairs are
  fixed along the way belong to one, so a best matching of what remains,
  added to them, is a best matching of the whole: every question is
  answered exactly on the tight pairs alone;
* first the greedy answer (each S1R player against the first S2R player
  not taken with a tight pair): if the rest then reaches the target, every
  earlier S2R player was taken or in no best matching, and that is the
  answer;
* else the decisions one by one: each S1R player keeps its current partner
  when no earlier S2R player is possible; an earlier one is tried by
  leaving both out and solving again from the current matching
  (:class:`swisslearn.matching._blossom.WarmMatcher`, a few stages of the blossom algorithm),
  kept if the total is still the target, else rolled back.
"""

from __future__ import annotations

from typing import Callable, Sequence

from swisslearn.dutch2026.certified import Problem, solve

try:
    from swisslearn.matching import _blossom
except ImportError:  # pragma: no cover - callers check certified.AVAILABLE
    _blossom = None  # type: ignore[assignment]

__all__ = ["first_in_order"]


def _greedy(problem: Problem, first: Sequence[int], second: Sequence[int],
            tight: Callable[[int, int, int], bool]) -> tuple[list[tuple[int, int]], int] | None:
    """Each player of ``first`` against the earliest player of ``second``
    not taken with a tight pair: the pairs and their weight."""
    taken: set[int] = set()
    pairs: list[tuple[int, int]] = []
    made = 0
    start = 0
    for a in first:
        while start < len(second) and second[start] in taken:
            start += 1
        for c in second[start:]:
            if c in taken:
                continue
            weight = problem.weight(a, c)
            if weight > 0 and tight(a, c, weight):
                taken.add(c)
                pairs.append((a, c))
                made += weight
                break
        else:
            return None
    return pairs, made


def _mate(n: int, pairs: Sequence[tuple[int, int]], rest: Sequence[int],
          rest_mate: Sequence[int], gone: set[int]) -> list[int]:
    mate = [-1] * n
    for k, j in enumerate(rest_mate):
        if j >= 0 and rest[k] not in gone:
            mate[rest[k]] = rest[j]
    for a, c in pairs:
        mate[a], mate[c] = c, a
    return mate


def first_in_order(problem: Problem, first: Sequence[int], second: Sequence[int], *,
                   tight: Callable[[int, int, int], bool],
                   tight_pairs: Sequence[tuple[int, int]] | None,
                   start_mate: Sequence[int], start_duals: Sequence[int],
                   target: int) -> list[int] | None:
    """The best matching of ``problem`` (positions) whose players of ``first``,
    in order, each meet the earliest player of ``second`` they can (see the
    module doc), as ``mate`` (-1: unmatched); None if no best matching has
    every player of ``first`` against one of ``second`` (or, with
    ``tight_pairs`` None, if the greedy answer is not it).

    ``tight(i, j, w)`` tells whether a pair is tight under the proven dual
    solution whose value is ``target``; ``tight_pairs`` lists them all
    (None: too many to list); ``start_mate`` and ``start_duals`` (vertex
    duals, blossoms moved in) are where the blossom algorithm starts."""
    n = problem.n
    greedy = _greedy(problem, first, second, tight)
    if tight_pairs is None:
        # Too many tight pairs to solve on them: the greedy answer, proven by
        # the rest solved alone (round 1 of a large field).
        return None if greedy is None else _greedy_proven(problem, greedy, start_mate, target)
    assert _blossom is not None
    weights = [problem.weight(i, j) for i, j in tight_pairs]
    edges = [(i, j, w) for (i, j), w in zip(tight_pairs, weights) if w > 0]
    matcher = _blossom.WarmMatcher(n, edges, list(start_mate), list(start_duals))
    if matcher.total() != target:
        return None
    if greedy is not None:
        pairs, made = greedy
        matcher.trial([v for pair in pairs for v in pair])
        if matcher.total() + made == target:
            return _mate(n, pairs, list(range(n)), matcher.mate(),
                         {v for pair in pairs for v in pair})
        matcher.rollback()
    return _each_in_order(matcher, n, edges, first, second, target)


def _greedy_proven(problem: Problem, greedy: tuple[list[tuple[int, int]], int],
                   start_mate: Sequence[int], target: int) -> list[int] | None:
    """The greedy pairs, with the players they leave solved alone: the
    matching if its weight is the best (``target``), else None."""
    n = problem.n
    pairs, made = greedy
    used = {v for pair in pairs for v in pair}
    rest = [v for v in range(n) if v not in used]
    if not rest:
        return _mate(n, pairs, [], [], set()) if made == target else None
    position = {v: k for k, v in enumerate(rest)}
    hint = [(position[i], position[j]) for i, j in enumerate(start_mate)
            if j > i and i in position and j in position]
    answer = solve(problem.restricted(rest), hint)
    if made + answer.total != target:
        return None
    return _mate(n, pairs, rest, answer.mate, set())


def _each_in_order(matcher: _blossom.WarmMatcher, n: int, edges: Sequence[tuple[int, int, int]],
                   first: Sequence[int], second: Sequence[int], target: int
                   ) -> list[int] | None:
    """Each player of ``first`` in turn meets the earliest player of
    ``second`` that keeps the matching best (a tight pair tried on the warm
    matcher); None if one of them is not against ``second`` at all."""
    in_second = {c: rank for rank, c in enumerate(second)}
    options: dict[int, list[tuple[int, int, int]]] = {a: [] for a in first}
    for k, (i, j, w) in enumerate(edges):
        for a, c in ((i, j), (j, i)):
            if a in options and c in in_second:
                options[a].append((in_second[c], c, k))
    total = target
    gone: set[int] = set()
    chosen: list[tuple[int, int]] = []
    for a in first:
        if matcher.mate_of(a) not in in_second:
            return None
        found = _earliest(matcher, edges, a, options[a], gone, total)
        if found is None:  # pragma: no cover - the partner is always an option
            return None
        c, total = found
        gone.update((a, c))
        chosen.append((a, c))
    return _mate(n, chosen, list(range(n)), matcher.mate(), gone)


def _earliest(matcher: _blossom.WarmMatcher, edges: Sequence[tuple[int, int, int]], a: int,
              options: list[tuple[int, int, int]], gone: set[int], total: int
              ) -> tuple[int, int] | None:
    """The earliest option of ``a`` (rank in second, player, edge) that keeps
    the best weight, fixed in the matcher, and the weight left to match."""
    partner = matcher.mate_of(a)
    for _, c, k in sorted(options):
        if c in gone:
            continue
        if c == partner:
            matcher.leave_out((a, c))
            return c, total - edges[k][2]
        if not matcher.tight(k):
            continue
        matcher.trial((a, c))
        if matcher.total() + edges[k][2] == total:
            return c, total - edges[k][2]
        matcher.rollback()
    return None
