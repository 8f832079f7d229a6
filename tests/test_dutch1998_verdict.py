"""The 1998 search's verdict on one candidate, read from its cached cells
(``search.py``: :meth:`BracketSearch.judge`, :meth:`~BracketSearch.evaluate`,
:meth:`~BracketSearch.refusal`, :meth:`~BracketSearch.refusals`), against
the plain reading of the text: every criterion of every pair and every
player left over listed, sorted in article B's order (stable), the first
one the rejection (issue 31 made these paths fast; the words must not move).
"""

from __future__ import annotations

import itertools
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisslearn.dutch1998.criteria import text_order
from swisslearn.dutch1998.search import MOVED_DOWN_BEFORE, BracketSearch, SharedCells
from swisslearn.model import NO_PREFERENCE, PlayerState
from swisslearn.trace import Rejection

_PAIR_CRITERIA = ("B1a", "B2a", "B2b", "B5", "B6", "C9")
_LEFT_CRITERIA = ("B1b", "B5", "B6")


def _state(pid: int) -> PlayerState:
    return PlayerState(id=pid, name=f"P{pid}", rating=2000, title="", round=1,
                       score=Decimal(0), colour_history=(), floats=(), opponents=(),
                       had_bye=False, unplayed_point=False, available=True, withdrawn=False,
                       last_round_exception=False, preference=NO_PREFERENCE)


def _plain(search: BracketSearch, positions: tuple[int, ...],
           conflicts: set[tuple[int, int]]) -> tuple[Rejection | None, tuple[Rejection, ...]]:
    """The literal walk's verdict, written out: the candidate's failures in
    the order met, sorted by the text's order (stable)."""
    s1, s2, k = search.s1, search.s2, len(search.s1)
    allowed = all(search.allowed[i, j] for i, j in enumerate(positions))
    left = [j for j in range(len(s2)) if j not in positions]
    spent = sum(int(search.cost[i, j]) for i, j in enumerate(positions))
    if allowed and all(search.may_stay[j] for j in left) and spent <= search.x:
        return search.banned_rejection(positions), ()
    found: list[Rejection] = []
    for i, j in enumerate(positions):
        found += search.pair_failures(i, j)
    for j in left:
        found += search.leftover_failures(j)
    missing = [i for i in range(k) if (s1[i].id, s2[positions[i]].id) in conflicts]
    if len(missing) > search.x:
        found.append(Rejection("B4", tuple(pid for i in missing
                                           for pid in (s1[i].id, s2[positions[i]].id)),
                               "colour_conflicts"))
    found.sort(key=text_order)
    if found and found[0].detail != MOVED_DOWN_BEFORE:
        return found[0], tuple(dict.fromkeys(found[1:]))
    return search.evaluate(positions)[0], ()


@st.composite
def _splits(draw: st.DrawFn) -> tuple[dict[str, object], set[tuple[int, int]]]:
    k = draw(st.integers(1, 4))
    m = draw(st.integers(k, min(k + 2, 5)))
    players = [_state(i) for i in range(1, k + m + 1)]
    s1, s2 = players[:k], players[k:]
    # A pair may break a criterion twice (B5 for both floats of the pair).
    broken = {(a.id, b.id): tuple(draw(st.lists(st.sampled_from(_PAIR_CRITERIA), max_size=2)))
              for a in s1 for b in s2}
    conflicts = {c for c in broken if draw(st.booleans())}
    left = {b.id: tuple(draw(st.lists(st.sampled_from(_LEFT_CRITERIA), max_size=2)))
            for b in s2}
    lefts = [frozenset(c) for c in itertools.combinations([b.id for b in s2], m - k)]

    def reasons_of(a: PlayerState, b: PlayerState) -> tuple[Rejection, ...]:
        return tuple(Rejection(c, (a.id, b.id), str(n))
                     for n, c in enumerate(broken[(a.id, b.id)]))

    def check(a: PlayerState, b: PlayerState) -> Rejection | None:
        found = reasons_of(a, b)   # the table may forbid less than the story names
        return found[0] if found and found[0].criterion != "C9" else None

    def left_reasons(b: PlayerState) -> tuple[Rejection, ...]:
        return tuple(Rejection(c, (b.id,), str(n)) for n, c in enumerate(left[b.id]))

    def left_check(b: PlayerState) -> Rejection | None:
        found = left_reasons(b)
        return found[0] if found else None

    return dict(s1=s1, s2=s2, x=draw(st.integers(0, k)), pair_check=check,
                conflict=lambda a, b: (a.id, b.id) in conflicts, leftover_check=left_check,
                banned={s for s in lefts if draw(st.integers(0, 3)) == 0},
                pair_reasons=reasons_of, leftover_reasons=left_reasons), conflicts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_splits())
def test_every_candidate_is_judged_as_the_text_reads(split: tuple[dict[str, object],
                                                                  set[tuple[int, int]]]) -> None:
    """verdict, refusal and refusals (whole, and after each prefix) give every
    candidate the plain reading's rejection and other criteria; two searches
    sharing their cells (one bracket level's splits) judge alike."""
    arguments, conflicts = split
    shared = SharedCells()
    searches = [BracketSearch(**arguments, shared=shared) for _ in range(2)]  # type: ignore[arg-type]
    searches.append(BracketSearch(**arguments))  # type: ignore[arg-type]
    for search in searches:
        k, m = len(search.s1), len(search.s2)
        every = list(itertools.permutations(range(m), k))
        for positions in every:
            expected = _plain(search, positions, conflicts)
            assert search.verdict(positions)[:2] == expected
            assert search.refusal(positions) == expected[0]
        for depth in range(k + 1):
            for prefix in itertools.permutations(range(m), depth):
                rests = [p[depth:] for p in every if p[:depth] == prefix]
                assert list(search.refusals(prefix, rests)) == [
                    _plain(search, prefix + rest, conflicts)[0] for rest in rests]
