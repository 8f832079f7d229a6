"""Can these players all be paired (one of them left for the PAB)?  The
matching that answers it, kept from question to question.

dutch-2026 and dutch-2017 ask it as [C4] before each bracket, answered in a
few milliseconds, so that their weighted matchings
(:mod:`swisslearn.dutch2026.brackets`) need only look at the bracket being
paired and the next one; :func:`swisslearn.matching.max_pairs` asks it once
from scratch.

The answer is a perfect matching of the players not yet paired plus, in an
odd round, a "PAB" vertex joined to the players who may receive it.  It is
kept from bracket to bracket and repaired by augmenting paths (Edmonds'
blossom search, unweighted): only the few players whose partner was taken
need a new one, so a repair costs about one scan of their neighbours.

Why not a library: networkx and rustworkx solve matchings from scratch
(cubic in the players), and no library repairs a given matching; this
search is the textbook one, a few dozen lines.

The adjacency may be lists or an :class:`OnDemand` relation (computed when
asked for, for rounds too large to list every pair: dutch-2026's
:class:`~swisslearn.dutch2026.classes.Neighbours`): the greedy first pass
then walks the free vertices instead of each vertex's neighbours, and finds
the same partner (the first free neighbour in ascending order).
"""

from __future__ import annotations

from collections import deque
from typing import AbstractSet, Iterable, Protocol, Sequence, cast, runtime_checkable

__all__ = ["Completion", "OnDemand"]


class _Relation(Protocol):
    def __len__(self) -> int: ...
    def compatible(self, u: int, v: int) -> bool: ...


@runtime_checkable
class OnDemand(Protocol):
    """Adjacency computed when asked for: ``neighbours[v]`` iterates, in
    ascending order, the vertices ``v`` may meet among ``0..len(roster)-1``
    (``roster.compatible``), then the PAB vertex ``len(roster)`` if ``v`` is
    in ``pab_set``; ``neighbours[len(roster)]`` lists ``pab_set``."""

    @property
    def roster(self) -> _Relation: ...
    @property
    def pab_set(self) -> AbstractSet[int]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, v: int) -> Iterable[int]: ...


class Completion:
    """A perfect matching of the *active* vertices, repaired on demand.

    ``neighbours[v]`` lists the vertices ``v`` may meet (symmetric).  Vertex
    ``len(neighbours) - 1`` may be the PAB vertex; its neighbours are the
    PAB candidates.  ``mate[v]`` is ``-1`` for a free vertex.
    """

    def __init__(self, neighbours: Sequence[Sequence[int]] | OnDemand) -> None:
        self.neighbours = neighbours
        # A protocol check costs microseconds (lists skip it): asked once, not
        # at every complete(); a completion is built per candidate checked.
        self._on_demand = (not isinstance(neighbours, (list, tuple))
                           and isinstance(neighbours, OnDemand))
        self.size = len(neighbours)
        self.active = [True] * self.size
        self.mate = [-1] * self.size

    # -- queries -------------------------------------------------------------

    def free(self) -> list[int]:
        return [v for v in range(self.size) if self.active[v] and self.mate[v] < 0]

    # -- building and repairing ------------------------------------------------

    def complete(self) -> list[int]:
        """Augment until no free vertex can be matched; return those left free
        (empty: the active vertices are perfectly matched)."""
        mate, active, neighbours = self.mate, self.active, self.neighbours
        # Greedy first: in a late round most free players can meet another.
        if self._on_demand:
            self._greedy_implicit(cast(OnDemand, neighbours))
        else:
            lists = cast(Sequence[Sequence[int]], neighbours)
            for v in range(self.size):
                if active[v] and mate[v] < 0:
                    for w in lists[v]:
                        if active[w] and mate[w] < 0 and w != v:
                            mate[v], mate[w] = w, v
                            break
        stuck: list[int] = []
        for root in range(self.size):
            if active[root] and mate[root] < 0 and not self._augment(root):
                stuck.append(root)
        return stuck

    def _greedy_implicit(self, neighbours: OnDemand) -> None:
        """The greedy pass on an implicit adjacency: each free vertex, in
        order, takes the first free vertex it may meet (ascending, the PAB
        vertex last), as the list version does, walking a linked list of
        the free vertices."""
        mate, active = self.mate, self.active
        roster = neighbours.roster
        n = len(roster)
        pab_set = neighbours.pab_set
        free = [v for v in range(self.size) if active[v] and mate[v] < 0]
        if len(free) < 2:
            return
        following = {free[k]: free[k + 1] for k in range(len(free) - 1)}
        following[free[-1]] = -1
        head = free[0]
        compatible = roster.compatible
        for v in free:
            if mate[v] >= 0:
                continue
            before = -1
            w = head
            while w >= 0:
                if mate[w] >= 0:  # matched since: unlink it
                    after = following[w]
                    if before < 0:
                        head = after
                    else:
                        following[before] = after
                    w = after
                    continue
                if w != v and (v in pab_set if w == n else
                               w in pab_set if v == n else compatible(v, w)):
                    mate[v], mate[w] = w, v
                    break
                before = w
                w = following[w]

    def try_without(self, taken: Iterable[tuple[int, int]]) -> list[int] | None:
        """Would the active vertices still be perfectly matchable once the
        pairs ``taken`` are made?  If so, return the new mates of every
        vertex (the pairs ``taken`` included) without changing ``self``;
        otherwise ``None``."""
        saved_mate = list(self.mate)
        saved_active = list(self.active)
        pairs = list(taken)
        for a, b in pairs:
            for v in (a, b):
                partner = self.mate[v]
                if partner >= 0:
                    self.mate[partner] = -1
                self.mate[v] = -1
                self.active[v] = False
        ok = not self.complete()
        result: list[int] | None = None
        if ok:
            result = list(self.mate)
            for a, b in pairs:
                result[a], result[b] = b, a
        self.mate, self.active = saved_mate, saved_active
        return result

    def adopt(self, mates: list[int]) -> None:
        """Take ``mates`` (from :meth:`try_without`) as the matching."""
        self.mate = mates

    def remove(self, vertices: Iterable[int]) -> None:
        """The vertices are paired for good: they leave the graph (their
        mates must be among them)."""
        for v in vertices:
            self.active[v] = False
            self.mate[v] = -1

    # -- Edmonds' search -------------------------------------------------------

    def _augment(self, root: int) -> bool:
        """Find an augmenting path from the free ``root`` and flip it."""
        mate, active, neighbours = self.mate, self.active, self.neighbours
        size = self.size
        parent = [-1] * size
        base = list(range(size))
        outer = [False] * size
        outer[root] = True
        queue: deque[int] = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * size
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] < 0:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, stem: int, child: int, blossom: list[bool]) -> None:
            while base[v] != stem:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[child]

        while queue:
            v = queue.popleft()
            for w in neighbours[v]:
                if not active[w] or base[v] == base[w] or mate[v] == w:
                    continue
                if w == root or (mate[w] >= 0 and parent[mate[w]] >= 0):
                    stem = lca(v, w)
                    blossom = [False] * size
                    mark(v, stem, w, blossom)
                    mark(w, stem, v, blossom)
                    for u in range(size):
                        if active[u] and blossom[base[u]]:
                            base[u] = stem
                            if not outer[u]:
                                outer[u] = True
                                queue.append(u)
                elif parent[w] < 0:
                    parent[w] = v
                    if mate[w] < 0:
                        # Flip the path root ... v - w.
                        while w >= 0:
                            previous = parent[w]
                            following = mate[previous]
                            mate[w], mate[previous] = previous, w
                            w = following
                        return True
                    outer[mate[w]] = True
                    queue.append(mate[w])
        return False
