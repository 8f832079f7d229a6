"""Large rounds without the dense graph of every pair (issue 23), in both
editions that share the machinery (dutch-2026, dutch-2017).

Matchings of more than :data:`~swisslearn.dutch2026.brackets.DENSE_LIMIT`
players are solved on a few edges and proven optimal on all of them
(:mod:`swisslearn.dutch2026.certified`, players grouped by
:mod:`swisslearn.dutch2026.classes`).  The pairing and the whole trace must
be the very ones the blossom algorithm gives on every edge: checked here
by raising the limit so that every matching is dense, and comparing.
"""

from __future__ import annotations

import json
import random
import tracemalloc
from typing import Any

import pytest

from swisslearn import systems
from swisslearn.dutch2026 import brackets, certified
from swisslearn.matching import max_weight_matching
from swisslearn.formats.trf import parse_trf
from swisslearn.generate import GeneratorSettings, generate
from swisslearn.model import Tournament
from swisslearn.trace import event_to_json

pytestmark = pytest.mark.skipif(not certified.AVAILABLE,
                                reason="the compiled matching is not built")


def _trace_json(system: str, tournament: Tournament, round: int) -> list[str]:
    return [json.dumps(event_to_json(e), sort_keys=True)
            for e in systems.get(system).trace(tournament, round)]


@pytest.fixture(scope="module")
def hundred_and_thirty() -> Tournament:
    settings = GeneratorSettings(players=130, rounds=3, seed=23, draw_rate=0.3,
                                 half_bye_rate=0.03, absence_rate=0.03)
    return generate(settings, systems.get("dutch-2026").pair).tournament


EDITIONS = ("dutch-2026", "dutch-2017")


@pytest.mark.parametrize("system", EDITIONS)
def test_certified_matchings_give_the_dense_pairing(
        hundred_and_thirty: Tournament, monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    rounds = range(1, hundred_and_thirty.rounds_paired + 1)
    calls: list[int] = []
    solve = certified.solve

    def counted(*args: Any, **kwargs: Any) -> certified.Solution:
        calls.append(1)
        return solve(*args, **kwargs)

    monkeypatch.setattr(certified, "solve", counted)
    proven = {r: _trace_json(system, hundred_and_thirty, r) for r in rounds}
    assert calls  # the proven route was taken
    monkeypatch.setattr(brackets, "DENSE_LIMIT", 10 ** 9)
    for r in rounds:
        assert _trace_json(system, hundred_and_thirty, r) == proven[r], r


def test_a_certified_solution_weighs_what_the_dense_one_does() -> None:
    # Random groups and a random rule between groups, a few pairs barred:
    # the proven matching reaches the dense optimum.
    rng = random.Random(5)
    for _ in range(20):
        n = rng.randrange(2, 60)
        kinds = rng.randrange(1, 5)
        group = [rng.randrange(kinds) for _ in range(n)]
        table = {(g, h): rng.choice((0, 1, 5, 9, 40))
                 for g in range(kinds) for h in range(g, kinds)}

        def rule(g: int, h: int) -> int:
            return table[(g, h) if g <= h else (h, g)]

        problem = certified.Problem(group, rule)
        solution = certified.solve(problem)
        dense = {(i, j): problem.weight(i, j) for j in range(n) for i in range(j)
                 if problem.weight(i, j) > 0}
        mates = max_weight_matching(range(n), dense)
        best = sum(dense[(u, v)] for u, v in mates.items() if u < v)
        assert sum(problem.weight(i, j) for i, j in solution.pairs()) == best


@pytest.mark.parametrize("system", EDITIONS)
def test_round_one_of_three_thousand_builds_no_dense_graph(system: str) -> None:
    # 4.5 million pairs: as a dict of weights, over a gigabyte; paired by
    # classes, a few tens of megabytes.
    lines = ["012 giant round 1", "XXR 9"]
    lines += [f"001 {pid:4d}      {'Player ' + str(pid):<33} {2700 - pid // 3:4d}".rstrip()
              for pid in range(1, 3001)]
    tournament = parse_trf("\n".join(lines) + "\n", source="<giant>").tournament
    tracemalloc.start()
    paired = systems.get(system).pair(tournament, 1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(paired.boards) == 1500
    pairs = {frozenset((b.white, b.black)) for b in paired.boards}
    assert all(frozenset((k, k + 1500)) in pairs for k in range(1, 1501))  # S1[i] - S2[i]
    assert peak < 200 * 2 ** 20


def test_2017_weights_by_class_are_every_pairs_weight(monkeypatch: pytest.MonkeyPatch) -> None:
    # The weight of each pair of a 2017 bracket, as A.9 asks for it: a
    # resident below it "in the bracket", one of the next scoregroup "in
    # the next" (below the PPB, the CLB and the last bracket: neither, C.4
    # only), two MDPs never.  The weights by class must be those, pair by
    # pair, on the reference rounds (the PPB route among them).
    from conftest import vector_files
    from swisslearn.dutch2017 import brackets as brackets2017
    from swisslearn.dutch2017.criteria import make_layout
    from swisslearn.dutch2017.procedure import pair
    from swisslearn.formats.trf import read_trf

    files = vector_files("dutch2017")[:12]
    if not files:
        pytest.skip("../shared/vectors/dutch2017 is absent")
    original = brackets2017._pair
    checked = {"pairs": 0, "special": 0}

    def watched(roster: Any, members: list[int], mdp_count: int, size: int, special: bool,
                played: int, forbidden: Any, avoid: Any, final: bool) -> Any:
        graph, layout, snapshot = original(roster, members, mdp_count, size, special, played,
                                           forbidden, avoid, final)
        players = roster.players
        weigh = make_layout([players[v] for v in members[:mdp_count]],
                            [players[v] for v in members[mdp_count:size]], len(members),
                            special=special, played=played, forbidden=forbidden,
                            avoid=avoid, final=final).weigher()
        for j in range(len(members)):
            for i in range(j):
                u, v = members[i], members[j]
                if j < mdp_count:
                    expected = 0
                elif j < size:
                    expected = weigh(players[u], players[v], True, False)
                else:
                    expected = weigh(players[u], players[v], False, not special)
                assert graph.get(u, v) == expected == snapshot.weight(u, v), (u, v)
                checked["pairs"] += 1
        checked["special"] += special
        return graph, layout, snapshot

    monkeypatch.setattr(brackets2017, "_pair", watched)
    for path in files:
        tournament = read_trf(path).tournament
        assert tournament.rounds is not None
        for round in range(1, tournament.rounds + 1):
            pair(tournament, round)
    assert checked["pairs"] > 10_000 and checked["special"] > 0
