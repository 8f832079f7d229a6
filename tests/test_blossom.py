"""The compiled blossom matching (swisslearn/matching/_blossom.pyx).

networkx's ``max_weight_matching(maxcardinality=False)`` is the reference:
on random graphs the two must reach the same total weight (where several
matchings tie they may pick different ones), and every answer must be a
valid matching.  Small hand-made graphs check the classic blossom cases
one by one (the extension counts the rare branches it runs, so each graph
is checked to really exercise the case it is named after) against a
brute-force optimum.
"""

from __future__ import annotations

import random
from functools import lru_cache

import networkx as nx
import pytest

from conftest import missing, sample
from swisslearn.matching import weighted as matching

try:
    from swisslearn.matching import _blossom
except ImportError:  # the implementation test below fails with a clear message
    _blossom = None  # type: ignore[assignment]

needs_blossom = pytest.mark.skipif(_blossom is None, reason="extension not built")

Edge = tuple[int, int, int]


def test_compiled_implementation_is_in_use() -> None:
    # A skip only on a machine without a C compiler (conftest.missing); CI
    # installs the package, which must build the extension.
    if _blossom is None:
        missing("swisslearn.matching._blossom (built by `pip install` with a C compiler)",
                "sudo apt-get install gcc python3-dev && make clean test")
    assert matching.IMPLEMENTATION == "compiled"


# -- references -------------------------------------------------------------

def networkx_weight(n: int, edges: list[Edge]) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(edges)
    pairs = nx.max_weight_matching(graph, maxcardinality=False)
    return sum(graph[u][v]["weight"] for u, v in pairs)


def brute_force_weight(n: int, edges: list[Edge]) -> int:
    """The optimum by dynamic programming over vertex subsets (n <= 14)."""
    adjacent: dict[int, list[tuple[int, int]]] = {v: [] for v in range(n)}
    for u, v, w in edges:
        adjacent[u].append((v, w))
        adjacent[v].append((u, w))

    @lru_cache(maxsize=None)
    def best(mask: int) -> int:
        if mask == 0:
            return 0
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        value = best(rest)  # v stays unmatched
        for u, w in adjacent[v]:
            if rest >> u & 1:
                value = max(value, w + best(rest & ~(1 << u)))
        return value

    return best((1 << n) - 1)


def checked_weight(n: int, edges: list[Edge], mate: list[int]) -> int:
    """The weight of ``mate``, after checking it is a matching of the graph."""
    weights = {(min(u, v), max(u, v)): w for u, v, w in edges}
    assert len(mate) == n
    total = 0
    for v, u in enumerate(mate):
        if u == -1:
            continue
        assert 0 <= u < n and u != v
        assert mate[u] == v, f"mates not symmetric at {v}-{u}"
        assert (min(u, v), max(u, v)) in weights, f"{v}-{u} is not an edge"
        if v < u:
            total += weights[(v, u)]
    return total


def random_graph(rng: random.Random, n: int, density: float, kind: str) -> list[Edge]:
    edges = []
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < density:
                if kind == "small":
                    w = rng.randint(1, 30)
                elif kind == "tiny":
                    w = rng.randint(1, 3)
                elif kind == "equal":
                    w = 7
                elif kind == "huge":
                    w = rng.getrandbits(rng.randint(1, 2000)) + 1
                else:  # "fields": a few lexicographic fields, like the engine's
                    w = 0
                    for width in (1, 3, 10, 300, 900):
                        w = (w << width) | rng.getrandbits(width)
                    w += 1
                edges.append((u, v, w))
    rng.shuffle(edges)
    return edges


# -- random graphs against networkx -----------------------------------------

@needs_blossom
@pytest.mark.parametrize("kind", ["small", "tiny", "equal", "huge", "fields"])
def test_same_weight_as_networkx(kind: str) -> None:
    """400 random graphs of each kind under `make stress`; `make test` checks
    one in four (100, the first and the last included: networkx's matching,
    the reference, is 2.3 s of the 2.5 s of CPU the 2,000 took)."""
    rng = random.Random(f"blossom-{kind}")
    graphs = []
    for _ in range(400):
        n = rng.choice([rng.randint(0, 12), rng.randint(0, 40)])
        graphs.append((n, random_graph(rng, n, rng.uniform(0.1, 1.0), kind)))
    for n, edges in sample(graphs, 4):
        mate = _blossom.max_weight_matching(n, edges)
        assert checked_weight(n, edges, mate) == networkx_weight(n, edges), (n, edges)


@needs_blossom
def test_same_weight_as_brute_force() -> None:
    rng = random.Random("blossom-brute")
    for _ in range(300):
        n = rng.randint(0, 10)
        edges = random_graph(rng, n, rng.uniform(0.2, 1.0), rng.choice(["small", "tiny"]))
        mate = _blossom.max_weight_matching(n, edges)
        assert checked_weight(n, edges, mate) == brute_force_weight(n, edges), (n, edges)


@needs_blossom
def test_weights_wider_than_the_first_guess() -> None:
    """Forcing one 64-bit limb on 1,000-bit weights: the call widens itself."""
    rng = random.Random("blossom-widen")
    edges = random_graph(rng, 16, 0.7, "huge")
    _blossom._reset_events()
    narrow = _blossom.max_weight_matching(16, edges, _limbs=1)
    assert _blossom._events_seen()["widen"] > 0
    assert narrow == _blossom.max_weight_matching(16, edges)
    assert checked_weight(16, edges, narrow) == networkx_weight(16, edges)


@needs_blossom
def test_input_checks() -> None:
    assert _blossom.max_weight_matching(0, []) == []
    assert _blossom.max_weight_matching(3, []) == [-1, -1, -1]
    assert _blossom.max_weight_matching(2, [(0, 1, 1)]) == [1, 0]
    for bad in ([(0, 0, 1)], [(0, 2, 1)], [(0, 1, 0)], [(0, 1, -5)]):
        with pytest.raises(ValueError):
            _blossom.max_weight_matching(2, bad)
    with pytest.raises(TypeError):
        _blossom.max_weight_matching(2, [(0, 1, 1.5)])  # type: ignore[list-item]


# -- classic cases ------------------------------------------------------------
# Each graph was made (small, by hand or by a search over tiny random graphs)
# to run one rare branch of the algorithm; ``events`` are the counters that
# must be non-zero.  ``mate`` is the optimum when it is unique.

CLASSIC: dict[str, tuple[int, list[Edge], tuple[str, ...], list[int] | None]] = {
    "single edge": (2, [(0, 1, 1)], ("delta1",), [1, 0]),
    "path of three, heavier end": (3, [(0, 1, 5), (1, 2, 11)], (), [-1, 2, 1]),
    "path of four, outer pair wins": (
        4, [(0, 1, 5), (1, 2, 6), (2, 3, 5)], ("delta2",), [1, 0, 3, 2]),
    "free edge never worth taking": (
        4, [(0, 1, 2), (1, 2, 10), (2, 3, 2)], (), [-1, 2, 1, -1]),
    # A triangle 0-1-2 becomes an S-blossom; its base is re-chosen when the
    # augmenting path through the pendant edge 0-3 enters it.
    "S-blossom used for augmentation": (
        4, [(0, 3, 7), (0, 1, 10), (0, 2, 10), (1, 2, 5)],
        ("blossom", "delta3", "augment_in_blossom"), [3, 2, 1, 0]),
    # Triangle 0-3-4 with two pendants at 3: the blossom is formed, then in
    # a later stage reached through its base's matched edge and labelled T.
    "S-blossom relabelled as T": (
        5, [(0, 4, 6), (1, 3, 7), (0, 3, 8), (2, 3, 7), (3, 4, 12)],
        ("blossom", "t_blossom"), None),
    # A blossom inside a blossom.
    "nested S-blossom": (
        5, [(1, 3, 10), (2, 4, 6), (0, 1, 8), (1, 2, 7), (3, 4, 8), (0, 3, 6)],
        ("nested_blossom",), None),
    # Augmenting through a nested blossom flips paths inside the inner one.
    "augment through a nested blossom": (
        6, [(1, 2, 5), (1, 4, 4), (0, 3, 11), (0, 2, 5), (2, 3, 12), (0, 4, 2), (2, 5, 2)],
        ("nested_blossom", "augment_nested"), None),
    # A nested S-blossom whose dual reaches zero dissolves at the end of the
    # stage, and so does the zero-dual blossom inside it.
    "nested S-blossom expanded recursively": (
        6, [(0, 3, 5), (3, 5, 3), (0, 2, 7), (4, 5, 6), (2, 4, 10), (1, 4, 6), (2, 3, 7)],
        ("nested_blossom", "expand_end", "expand_end_nested"), None),
    # A T-blossom's dual reaches zero during a stage (delta type 4): it is
    # expanded and the tree goes on through part of its cycle.
    "T-blossom expanded": (
        5, [(3, 4, 12), (0, 1, 6), (1, 4, 11), (1, 3, 8), (2, 4, 10)],
        ("t_blossom", "delta4", "expand_t", "reach_inside_t"), None),
    # ... and a child off the tree's path through it, reached from outside
    # while it was inside the T-blossom, is labelled T again.
    "T-blossom expanded, side child relabelled": (
        5, [(1, 3, 4), (0, 3, 8), (3, 4, 6), (2, 3, 4), (1, 4, 5), (0, 4, 9)],
        ("expand_t", "expand_t_relabel"), None),
    # ... and a child of the expanded T-blossom that is already an S-blossom.
    "T-blossom expanded next to an S child": (
        5, [(0, 3, 6), (1, 2, 10), (2, 3, 7), (1, 4, 3), (0, 2, 5), (1, 3, 11),
            (0, 1, 4), (3, 4, 6)],
        ("expand_t", "expand_t_s_child"), None),
    # Expanding a T-blossom that holds a blossom: the inner one survives as
    # a T-blossom of its own.
    "nested T-blossom expanded": (
        7, [(2, 3, 11), (0, 6, 11), (2, 6, 14), (2, 5, 15), (0, 3, 12), (0, 1, 2),
            (4, 6, 7), (5, 6, 15), (1, 3, 10)],
        ("nested_blossom", "expand_t", "expand_t_nested"), None),
    # A seven-cycle of equal weights: ties everywhere, and the last free
    # vertex closes the rest of the cycle into a blossom.
    "odd cycle of equal weights": (
        7, [(i, (i + 1) % 7, 4) for i in range(7)], ("blossom",), None),
}


@needs_blossom
@pytest.mark.parametrize("name", sorted(CLASSIC))
def test_classic_case(name: str) -> None:
    n, edges, events, expected = CLASSIC[name]
    _blossom._reset_events()
    mate = _blossom.max_weight_matching(n, edges)
    seen = _blossom._events_seen()
    for event in events:
        assert seen[event] > 0, f"{name}: no {event} ({seen})"
    optimum = brute_force_weight(n, edges)
    assert checked_weight(n, edges, mate) == optimum == networkx_weight(n, edges)
    if expected is not None:
        assert mate == expected
    # The same graph with its edges in any order, vertices renumbered,
    # weights scaled to ~1,500 bits: the same optimum.
    rng = random.Random(name)
    order = list(range(n))
    rng.shuffle(order)
    scale = (1 << 1500) + 12345
    moved = [(order[u], order[v], w * scale) for u, v, w in edges]
    rng.shuffle(moved)
    mate2 = _blossom.max_weight_matching(n, moved)
    assert checked_weight(n, moved, mate2) == optimum * scale


# -- the public function --------------------------------------------------------

def test_public_function_matches_networkx_path() -> None:
    rng = random.Random("blossom-public")
    for _ in range(60):
        ids = rng.sample(range(-50, 1000), rng.randint(0, 30))
        weights: dict[tuple[int, int], int] = {}
        for i, u in enumerate(ids):
            for v in ids[i + 1:]:
                if rng.random() < 0.5:
                    weights[(min(u, v), max(u, v))] = rng.choice(
                        [0, rng.randint(1, 9), rng.getrandbits(1200)])
        got = matching.max_weight_matching(ids, weights)
        ref = matching._networkx_matching(ids, weights)
        for u, v in got.items():
            assert got[v] == u and u != v
            assert weights[(min(u, v), max(u, v))] > 0
        total = sum(weights[(u, v)] for u, v in got.items() if u < v)
        assert total == sum(weights[(u, v)] for u, v in ref.items() if u < v)


def test_public_function_is_deterministic() -> None:
    rng = random.Random("blossom-order")
    ids = list(range(0, 60, 2))
    weights = {(u, v): rng.randint(1, 3)
               for i, u in enumerate(ids) for v in ids[i + 1:] if rng.random() < 0.6}
    first = matching.max_weight_matching(ids, weights)
    for _ in range(5):
        items = list(weights.items())
        rng.shuffle(items)
        shuffled_ids = ids[:]
        rng.shuffle(shuffled_ids)
        again = matching.max_weight_matching(set(shuffled_ids), dict(items))
        assert again == first


def test_vertices_only_in_the_weights_are_kept() -> None:
    assert matching.max_weight_matching([1], {(1, 2): 3}) == {1: 2, 2: 1}
    assert matching.max_weight_matching([4, 5], {}) == {}
    assert matching.max_weight_matching([1, 2], {(1, 2): 0}) == {}


def test_edge_list_function_same_weight_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """max_weight_mates (vertices 0..n-1, an edge list) reaches the optimum
    with the compiled matching and with the networkx fallback."""
    rng = random.Random("blossom-mates")
    for _ in range(60):
        n = rng.randint(0, 25)
        edges = [(u, v, rng.choice([rng.randint(1, 9), rng.getrandbits(300) + 1]))
                 for u in range(n) for v in range(u + 1, n) if rng.random() < 0.4]
        weights = {(u, v): w for u, v, w in edges}
        optimum = sum(weights[(u, v)] for u, v in
                      matching._networkx_matching(range(n), weights).items() if u < v)
        compiled = matching.max_weight_mates(n, edges)
        with monkeypatch.context() as patch:
            patch.setattr(matching, "_blossom", None)
            fallback = matching.max_weight_mates(n, edges)
        for mate in (compiled, fallback):
            assert len(mate) == n
            assert all(mate[v] == -1 or mate[mate[v]] == v for v in range(n))
            assert sum(weights[(u, v)] for u, v in enumerate(mate) if u < v) == optimum
