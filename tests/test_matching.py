"""swisslearn.matching's unweighted side: max_pairs, maximum_matching and
all_paired, against a brute force on thousands of small random graphs.

The brute force tries every way to pair the lowest player left (or leave
it out): exponential, exact, and short enough to read.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import lru_cache
from typing import Callable

import pytest

from conftest import VECTORS
from swisslearn.matching import IMPLEMENTATION, all_paired, max_pairs, maximum_matching

Meets = Callable[[int, int], bool]


def brute_max_pairs(n: int, edges: frozenset[tuple[int, int]]) -> int:
    """The largest matching of vertices 0..n-1, by exhaustive search."""

    @lru_cache(maxsize=None)
    def best(left: frozenset[int]) -> int:
        if len(left) < 2:
            return 0
        v = min(left)
        rest = left - {v}
        found = best(rest)  # v left out
        for w in rest:
            if (v, w) in edges:
                found = max(found, 1 + best(rest - {w}))
        return found

    return best(frozenset(range(n)))


def brute_all_paired(n: int, edges: frozenset[tuple[int, int]], sit_out: set[int] | None) -> bool:
    if n % 2 == 0:
        return 2 * brute_max_pairs(n, edges) == n
    stays = range(n) if sit_out is None else sorted(sit_out)
    for s in stays:
        others = [v for v in range(n) if v != s]
        index = {v: i for i, v in enumerate(others)}
        sub = frozenset((index[a], index[b]) for a, b in edges if s not in (a, b))
        if 2 * brute_max_pairs(n - 1, sub) == n - 1:
            return True
    return False


def random_graph(rng: random.Random, n: int, density: float) -> frozenset[tuple[int, int]]:
    return frozenset((i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < density)


def meets(edges: frozenset[tuple[int, int]]) -> Meets:
    def can_meet(a: int, b: int) -> bool:
        assert a != b
        return (min(a, b), max(a, b)) in edges
    return can_meet


def check_matching(players: list[int], can_meet: Meets, mates: dict[int, int]) -> None:
    """``mates`` is a matching of ``players`` over allowed pairs, both ways."""
    for a, b in mates.items():
        assert a in players and b in players and a != b
        assert mates[b] == a
        assert can_meet(a, b)


def test_against_brute_force_on_random_graphs() -> None:
    rng = random.Random(24_1)
    checked = {"odd": 0, "even": 0}
    for _ in range(3000):
        n = rng.randint(0, 11)
        edges = random_graph(rng, n, rng.choice((0.1, 0.25, 0.4, 0.6, 0.9)))
        players = list(range(n))
        # Any order of the players: the count does not depend on it.
        order = players[:]
        rng.shuffle(order)
        expected = brute_max_pairs(n, edges)
        assert max_pairs(order, meets(edges)) == expected, (n, sorted(edges), order)
        mates = maximum_matching(order, meets(edges))
        check_matching(players, meets(edges), mates)
        assert len(mates) == 2 * expected
        sit_out = {v for v in players if rng.random() < 0.5}
        assert all_paired(order, meets(edges), sit_out=sit_out.__contains__) == \
            brute_all_paired(n, edges, sit_out), (n, sorted(edges), sit_out)
        assert all_paired(order, meets(edges)) == brute_all_paired(n, edges, None)
        checked["odd" if n % 2 else "even"] += 1
    assert min(checked.values()) > 1000


def test_graphs_that_need_blossoms() -> None:
    # An odd cycle with a tail: a greedy start pairs the cycle's first two
    # and must be repaired through the blossom.
    edges = frozenset({(0, 1), (1, 2), (2, 3), (3, 4), (0, 4), (4, 5), (2, 6), (6, 7)})
    assert max_pairs(list(range(8)), meets(edges)) == 4 == brute_max_pairs(8, edges)
    # Two triangles joined by one edge: 3 pairs; a triangle alone: 1.
    edges = frozenset({(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (4, 5), (3, 5)})
    assert max_pairs(list(range(6)), meets(edges)) == 3
    assert max_pairs([0, 1, 2], meets(edges)) == 1


@pytest.mark.parametrize("n", [0, 1, 2, 7, 8, 40, 41])
def test_empty_and_complete(n: int) -> None:
    players = list(range(n))
    assert max_pairs(players, lambda a, b: False) == 0
    assert maximum_matching(players, lambda a, b: False) == {}
    assert all_paired(players, lambda a, b: False) == (n <= 1)
    assert max_pairs(players, lambda a, b: True) == n // 2
    assert all_paired(players, lambda a, b: True)
    # An odd number with nobody allowed to sit out cannot be paired.
    assert all_paired(players, lambda a, b: True, sit_out=lambda p: False) == (n % 2 == 0)
    # The one allowed to sit out is the one left over.
    if n % 2:
        assert all_paired(players, lambda a, b: True, sit_out=lambda p: p == n // 2)


def test_ids_are_any_hashable_and_asked_once_per_pair() -> None:
    players = ["Ana", "Ben", "Cléo", "Dan"]
    asked: list[tuple[str, str]] = []

    def can_meet(a: str, b: str) -> bool:
        asked.append((a, b))
        return {a, b} != {"Ana", "Ben"} and {a, b} != {"Cléo", "Dan"}

    mates = maximum_matching(players, can_meet)
    assert len(mates) == 4 and mates["Ana"] in ("Cléo", "Dan")
    # Each pair once, the earlier player first.
    assert asked == [("Ana", "Ben"), ("Ana", "Cléo"), ("Ana", "Dan"), ("Ben", "Cléo"),
                     ("Ben", "Dan"), ("Cléo", "Dan")]


def test_same_answer_whatever_the_run() -> None:
    rng = random.Random(24_2)
    edges = random_graph(rng, 30, 0.2)
    first = maximum_matching(list(range(30)), meets(edges))
    assert all(maximum_matching(list(range(30)), meets(edges)) == first for _ in range(3))


def test_a_player_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        max_pairs([1, 2, 1], lambda a, b: True)


def test_large_sparse_round_is_fast_enough() -> None:
    # 1,000 players, each barred from a few: far from the exponential cost
    # of a search (a few hundred milliseconds at most, not minutes).
    rng = random.Random(24_3)
    barred = {frozenset(rng.sample(range(1000), 2)) for _ in range(3000)}
    count = max_pairs(list(range(1000)), lambda a, b: frozenset((a, b)) not in barred)
    assert count == 500


# -- no engine needs networkx -------------------------------------------------

_PROBE = """\
import contextlib, io, json, sys
from swisslearn.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "networkx": "networkx" in sys.modules}))
"""


@pytest.mark.parametrize("argv", [
    # dutch-1998's C13 look-ahead and C8 proof on a 21-player round (both
    # loaded networkx before swisslearn.matching).
    ["dutch2026/rtg-043-p21-r10.trf", "--round", "10", "--system", "dutch-1998"],
    ["dutch2026/rtg-043-p21-r10.trf", "--round", "10", "--system", "dutch-1998",
     "--group", "G:1,2,3,4,5,6:soft-avoid", "--group", "H:7,8,9,10:soft-bottom"],
    ["dutch2026/rtg-043-p21-r10.trf", "--round", "10", "--system", "simple"],
    ["team2026/rtg-014-t10-r06.trf", "--round", "3", "--system", "team-2026"],
])
def test_no_engine_imports_networkx(argv: list[str]) -> None:
    path = VECTORS / argv[0]
    if not path.exists():
        pytest.skip("reference vectors not found")
    if IMPLEMENTATION != "compiled":
        pytest.skip("without the compiled matching, networkx is the fallback")
    out = subprocess.run([sys.executable, "-c", _PROBE, "pair", str(path), *argv[1:]],
                         capture_output=True, text=True, check=True)
    result = json.loads(out.stdout.splitlines()[-1])
    assert result == {"code": 0, "networkx": False}
