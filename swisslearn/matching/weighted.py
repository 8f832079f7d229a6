"""Maximum-weight matching on exact integer weights.

The weights are big Python integers (one bit field per criterion, the
lexicographic priority folded into one integer: a few hundred to about
2,000 bits), so the matching must be exact whatever their size.  No library
does that fast: networkx's blossom algorithm is exact on integer weights of
any size (it then computes in integers only) but is pure Python (O(n³) per
call: 4 to 13 s for a bracket of 280 players and 40,000 edges); rustworkx
is compiled but only takes weights that fit in a C long.

Hence a hand-written compiled implementation, :mod:`._blossom` (Cython,
``_blossom.pyx``): the same Edmonds/Galil primal-dual blossom algorithm,
with integer duals on doubled weights and the arithmetic done on
fixed-width multi-limb numbers sized to the largest weight, so it stays
exact and runs about 50 times faster than networkx (0.1 s instead of 5 s
for 280 vertices, 39,000 edges and 1,200-bit weights).  It is built by
``pip install`` (see ``setup.py``) but optional: without it the matching
falls back to networkx.  networkx is also the reference the compiled
version is tested against (``tests/test_blossom.py``: the same total weight
on thousands of random graphs; where several matchings tie, the two may
pick different ones).  :data:`IMPLEMENTATION` tells which one is in use.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Literal, Mapping, Sequence

try:
    from swisslearn.matching import _blossom
except ImportError:  # not built (no compiler or no Cython at install time)
    _blossom = None  # type: ignore[assignment]

__all__ = ["IMPLEMENTATION", "Weights", "max_weight_matching", "max_weight_mates",
           "matching_of_sorted"]

Weights = Mapping[tuple[int, int], int]
"""Edge weights keyed ``(u, v)`` with ``u < v``; a missing or zero weight is no edge."""

IMPLEMENTATION: Literal["compiled", "networkx"] = (
    "compiled" if _blossom is not None else "networkx")
"""``"compiled"`` when :mod:`._blossom` is built and used, else ``"networkx"``."""


def _networkx_pairs(vertices: Iterable[int], edges: Iterable[tuple[int, int, int]]
                    ) -> set[tuple[int, int]]:
    """networkx's maximum-weight matching (imported only here: the
    compiled matching needs none of networkx, and importing it is a large
    part of a small round's start-up)."""
    import networkx as nx
    graph = _plain_graph()()
    graph.add_nodes_from(vertices)
    graph.add_weighted_edges_from(edges)
    pairs: set[tuple[int, int]] = nx.max_weight_matching(graph, maxcardinality=False)
    return pairs


@lru_cache(maxsize=1)
def _plain_graph() -> Any:
    import networkx as nx

    class _PlainGraph(nx.Graph):  # type: ignore[misc]
        """A graph whose ``G[v]`` is its adjacency dict itself, not a read-only
        view: the blossom algorithm reads ``G[v][w]`` for every slack it
        computes, and building a view each time was two thirds of its time."""

        def __getitem__(self, n: int) -> dict[int, dict[str, int]]:
            adjacency: dict[int, dict[str, int]] = self._adj[n]
            return adjacency

    return _PlainGraph


def max_weight_matching(vertices: Iterable[int], weights: Weights) -> dict[int, int]:
    """A matching of maximum total weight (not necessarily of maximum size).

    Returns each matched vertex's mate (both directions); unmatched vertices
    are absent.  The graph is built in sorted order so the answer is the
    same from run to run.
    """
    if _blossom is not None:
        return _compiled_matching(vertices, weights)
    return _networkx_matching(vertices, weights)


def max_weight_mates(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """The same on vertices ``0..n-1`` and an edge list ``(u, v, weight)``
    (``u < v``, positive weights, each pair once): ``mate[v]``, or -1.

    For callers that build their edges in order already: it skips the
    sorting and renumbering :func:`max_weight_matching` does.
    """
    if _blossom is not None:
        return _blossom.max_weight_matching(n, edges)
    mate = [-1] * n
    for u, v in _networkx_pairs(range(n), edges):
        mate[u], mate[v] = v, u
    return mate


def matching_of_sorted(ids: Sequence[int], edges: Sequence[tuple[int, int, int]]
                       ) -> dict[int, int]:
    """:func:`max_weight_matching` for a caller that lists the vertices
    ``ids`` in increasing order and the edges by position in ``ids``
    (``(i, j, weight)``, ``i < j``, positive weights, in increasing
    ``(i, j)`` order): the same graph, so the same matching, without the
    sorting and renumbering."""
    mate = max_weight_mates(len(ids), edges)
    return {ids[i]: ids[j] for i, j in enumerate(mate) if j >= 0}


def _compiled_matching(vertices: Iterable[int], weights: Weights) -> dict[int, int]:
    # Same graph as networkx would build: vertices sorted, edges in sorted
    # key order (a later duplicate of a pair replaces the earlier one), no
    # self-loops, no zero weights; vertex ids renumbered 0..n-1.
    edges: dict[tuple[int, int], int] = {}
    ends: set[int] = set()
    for (u, v), w in sorted(weights.items()):
        if w > 0 and u != v:
            key = (u, v) if u < v else (v, u)
            edges[key] = w
            ends.add(u)
            ends.add(v)
    ids = sorted(ends.union(vertices))
    index = {vertex: i for i, vertex in enumerate(ids)}
    mate = _blossom.max_weight_matching(
        len(ids), [(index[u], index[v], w) for (u, v), w in edges.items()])
    return {ids[i]: ids[j] for i, j in enumerate(mate) if j >= 0}


def _networkx_matching(vertices: Iterable[int], weights: Weights) -> dict[int, int]:
    mates: dict[int, int] = {}
    for u, v in _networkx_pairs(sorted(vertices), ((u, v, w) for (u, v), w
                                                    in sorted(weights.items()) if w > 0)):
        mates[u] = v
        mates[v] = u
    return mates
