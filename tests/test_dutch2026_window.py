"""The two-scoregroup shortcut of dutch-2026 (brackets.py, "Speed") changes
nothing: on random tournaments every round is paired identically, bracket by
bracket, with the whole graph solved each time, and a losing candidate is
judged by the same criterion."""

from __future__ import annotations

import pytest

from conftest import sample
from swisslearn.dutch2026.brackets import RoundResult, Unpairable, pair_brackets
from swisslearn.dutch2026.candidates import first_candidate, judge, same_pairs
from swisslearn.dutch2026.criteria import make_layout
from swisslearn.dutch2026.procedure import pair
from swisslearn.dutch2026.scoring import competitors
from swisslearn.generate import generate, random_tournaments
from swisslearn.model import Tournament

COUNT = 12  # tournaments of 30-70 players; the whole graph is the slow side
# `make test` one in two (7 of the 12, the first and last included: 1.2 s of
# CPU for the 12, about 0.6 s), `make stress` all (conftest.sample).
DRAWN = sample(list(random_tournaments(COUNT, seed=2026, players=(30, 70), rounds=(4, 9))), 2)


def _engine(t: Tournament, r: int):  # type: ignore[no-untyped-def]
    return pair(t, r)


def _rounds(t: Tournament, round: int, windows: bool) -> RoundResult:
    base = t.truncated(round - 1)
    present = tuple(s.id for s in base.states(round) if s.available)
    table = competitors(base, round, present)
    players = tuple(sorted(table.values(), key=lambda p: (-p.pairing_score, p.tpn)))
    layout = make_layout(players, round - 1, base.forbidden_pairs(round))
    return pair_brackets(players, layout, windows=windows)


def _ids(result: RoundResult) -> list[tuple[tuple[int, int], ...]]:
    return [tuple((a.id, b.id) for a, b in b.pairs) for b in result.brackets]


@pytest.mark.parametrize("settings", DRAWN, ids=lambda s: f"p{s.players}-s{s.seed}")
def test_two_scoregroups_give_the_whole_graph_pairing(settings) -> None:  # type: ignore[no-untyped-def]
    t = generate(settings, _engine).tournament
    windowed = 0
    for round in range(2, t.rounds_paired + 1):
        try:
            fast = _rounds(t, round, windows=True)
        except Unpairable:
            with pytest.raises(Unpairable):
                _rounds(t, round, windows=False)
            continue
        slow = _rounds(t, round, windows=False)
        assert _ids(fast) == _ids(slow), round
        assert fast.bye == slow.bye and fast.bye_score == slow.bye_score
        assert [b.best_total for b in fast.brackets] == [b.best_total for b in slow.brackets]
        for a, b in zip(fast.brackets, slow.brackets):
            first = first_candidate(a)
            if a.pairs and not same_pairs(first, a.pairs):
                assert judge(fast, a, first) == judge(slow, b, first)
        windowed += fast.windowed
        assert slow.windowed == 0
    # The shortcut was really taken (30+ players, several scoregroups).
    assert windowed > 0
