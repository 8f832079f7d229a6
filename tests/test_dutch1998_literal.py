"""dutch-1998: literal mode (every candidate, every exchange, one by one)
gives what the pruned search gives, and the pruned trace's skipped ranges are
what the literal trace shows.

Over random tournaments of 5-10 players and 3-7 rounds (every round), the
same rounds with random forbidden pairs added (``XXP``: C12/C13 backtracking,
rounds that cannot be paired), and random S1/S2 splits given straight to the
search:

* the same pairing (or the same :class:`PairingError`) and the same
  :class:`BracketPaired` events, in the same order (pairs, players moved
  down, D1 rank of the transposition, D2 exchange cell);
* a literal trace has no :class:`CandidatesSkipped` and skips no exchange;
* every C7 :class:`CandidatesSkipped` of the pruned trace counts each
  transposition once (its reasons' counts add up to its size);
* on random splits given straight to the search, the pruned candidates are
  the literal ones, and the blocks the search passes over (the ranges'
  reasons) cover exactly the transpositions between two candidates, every
  literal candidate inside a block refused.

C8 past 1,000 exchanges jumps to the next split that can be paired at all
(:class:`SplitFinder`, exchange numbers counted by :class:`ExchangeRanks`):
both are checked against plain enumeration, and the jump, allowed after one
exchange, against literal mode.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import STRESS

from swisslearn.dutch1998 import candidates, state
from swisslearn.dutch1998.exchanges import iter_exchanges
from swisslearn.dutch1998.procedure import LITERAL_LIMIT, pair, trace
from swisslearn.dutch1998.search import BracketSearch, ExchangeRanks, SplitFinder
from swisslearn.errors import PairingError, UsageError
from swisslearn.generate import generate, generate_traced, random_tournaments
from swisslearn.model import NO_PREFERENCE, ForbiddenPairs, Player, PlayerState, Tournament
from swisslearn.formats.trf import read_trf
from swisslearn.trace import (BracketOpened, BracketPaired, CandidatesSkipped, CandidateTried,
                              Event, ExchangeApplied, Rejection, RoundPaired)

# `make stress` (conftest.STRESS) the full sizes; `make test` about a sixth.
TOURNAMENTS = 700 if STRESS else 120      # about 3,000 rounds (500), each paired both ways
WITH_FORBIDDEN = 250 if STRESS else 45    # tournaments whose last rounds get random XXP pairs
JUMPED = 150 if STRESS else 25            # the same with the jump after 1 exchange



def _events(tournament: Tournament, round: int, literal: bool) -> list[Event] | str:
    """The literal trace, or the pruned search's (the default mode with no
    bracket small enough for the story's literal walk: STORY_SIZE 0)."""
    story = state.STORY_SIZE
    state.STORY_SIZE = 0 if not literal else story
    try:
        return list(trace(tournament, round, literal=literal))
    except PairingError as error:
        return f"PairingError: {error}"
    finally:
        state.STORY_SIZE = story


def _check_skipped(pruned: list[Event], where: str) -> int:
    """Every C7 range of the pruned trace counts each transposition once: the
    counts of its reasons add up to its size; the refusals name S1 and S2
    players of its split.  Returns the ranges checked."""
    checked = 0
    for event in pruned:
        if not (isinstance(event, CandidatesSkipped) and event.rule == "C7" and event.count):
            continue
        checked += 1
        assert len(event.counts) == len(event.reasons), where
        assert sum(event.counts) == event.count == event.last - event.first + 1, (where, event)
        for refusal in event.refusals:
            assert refusal.player in event.bracket.s1 and refusal.opponent in event.bracket.s2
            assert 0 <= refusal.count <= event.count
    return checked


def _compare(tournament: Tournament, round: int, where: str) -> int:
    """Pair both ways and compare; the C7 ranges checked, -1 if no pairing."""
    pruned = _events(tournament, round, False)
    literal = _events(tournament, round, True)
    if isinstance(pruned, str) or isinstance(literal, str):
        assert pruned == literal, where
        return -1
    assert isinstance(pruned[-1], RoundPaired) and pruned[-1] == literal[-1], where
    assert ([e for e in pruned if isinstance(e, BracketPaired)]
            == [e for e in literal if isinstance(e, BracketPaired)]), where
    assert not any(isinstance(e, CandidatesSkipped) and e.rule in ("C7", "C8")
                   for e in literal), where
    assert all(e.feasible for e in literal if isinstance(e, ExchangeApplied)), where
    return _check_skipped(pruned, where)


SETTINGS = list(random_tournaments(TOURNAMENTS, seed=1998, players=(5, 10), rounds=(3, 7)))
_GENERATED: dict[int, Tournament] = {}


def _generated(index: int) -> Tournament:
    """SETTINGS[index]'s tournament, generated once for the module's three
    sweeps (each reads it as it is, changes go to a copy)."""
    found = _GENERATED.get(index)
    if found is None:
        found = _GENERATED[index] = generate(SETTINGS[index]).tournament
    return found


def test_literal_and_pruned_agree_on_random_tournaments() -> None:
    rounds = ranges = 0
    for index, settings_ in enumerate(SETTINGS):
        tournament = _generated(index)
        for round in range(1, tournament.rounds_paired + 1):
            ranges += max(0, _compare(tournament, round, f"{settings_!r} round {round}"))
            rounds += 1
    least_rounds, least_ranges = (2500, 100) if STRESS else (400, 30)
    assert rounds > least_rounds and ranges > least_ranges, (rounds, ranges)


def test_literal_and_pruned_agree_with_forbidden_pairs() -> None:
    """Forbidden pairs make brackets fail: C12/C13 undo earlier ones, some
    rounds cannot be paired at all (both modes must say so)."""
    rng = random.Random(2026)
    rounds = failures = 0
    for index, settings_ in enumerate(SETTINGS[:WITH_FORBIDDEN]):
        tournament = _generated(index)
        last = tournament.rounds_paired
        ids = [p.id for p in tournament]
        for round in range(max(2, last - 2), last + 1):
            for _ in range(2):
                pairs = tuple(ForbiddenPairs(tuple(rng.sample(ids, 2)))
                              for _ in range(rng.randint(1, len(ids))))
                changed = replace(tournament, forbidden=tournament.forbidden + pairs)
                where = f"{settings_!r} round {round} forbidden {pairs}"
                failures += _compare(changed, round, where) < 0
                rounds += 1
    assert rounds > (1000 if STRESS else 180) and failures > 0, (rounds, failures)


# -- the search alone --------------------------------------------------------------------


def _state(pid: int) -> PlayerState:
    return PlayerState(id=pid, name=f"P{pid}", rating=2000, title="", round=1,
                       score=Decimal(0), colour_history=(), floats=(), opponents=(),
                       had_bye=False, unplayed_point=False, available=True, withdrawn=False,
                       last_round_exception=False, preference=NO_PREFERENCE)


@st.composite
def _splits(draw: st.DrawFn) -> tuple[BracketSearch, BracketSearch, list[PlayerState]]:
    k = draw(st.integers(1, 5))
    m = draw(st.integers(k, min(k + 3, 6)))
    players = [_state(i) for i in range(1, k + m + 1)]
    s1, s2 = players[:k], players[k:]
    cells = [(a.id, b.id) for a in s1 for b in s2]
    forbidden = {c for c in cells if draw(st.booleans())}
    conflicts = {c for c in cells if draw(st.booleans())}
    stuck = {b.id for b in s2 if draw(st.integers(0, 3)) == 0}
    x = draw(st.integers(0, k))
    lefts = [frozenset(c) for c in itertools.combinations([b.id for b in s2], m - k)]
    banned = {s for s in lefts if draw(st.integers(0, 3)) == 0}

    def pair_check(a: PlayerState, b: PlayerState) -> Rejection | None:
        return Rejection("B1a", (a.id, b.id), "met") if (a.id, b.id) in forbidden else None

    def conflict(a: PlayerState, b: PlayerState) -> bool:
        return (a.id, b.id) in conflicts

    def leftover(b: PlayerState) -> Rejection | None:
        return Rejection("B1b", (b.id,), "unplayed_point") if b.id in stuck else None

    def make() -> BracketSearch:
        return BracketSearch(s1, s2, x, pair_check, conflict, leftover, banned=banned)

    return make(), make(), s2


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_splits())
def test_search_literal_walk_matches_the_pruned_candidates(
        split: tuple[BracketSearch, BracketSearch, list[PlayerState]]) -> None:
    """On one split: the literal walk tries m!/(m-k)! candidates at the D1
    ranks of their first transposition; those it accepts are exactly the
    pruned search's candidates, in order.  Between two candidates the pruned
    search's blocks cover exactly the transpositions between them, each
    once, and every literal candidate inside a block is refused; a block
    refused for a pair's own criterion names that pair's rejection."""
    literal, pruned, s2 = split
    tried = list(literal.literal())
    k, m = len(literal.s1), len(s2)
    assert len(tried) == literal.literal_count() == math.perm(m, k)
    span = math.factorial(m - k)
    assert [t.rank for t in tried] == [i * span for i in range(len(tried))]
    accepted = [(t.positions, t.rank) for t in tried if t.rejection is None]
    found = []
    low = 0
    candidates = pruned.candidates()
    while True:
        following = next(candidates, None)
        blocks, overflow = pruned.take_refused()
        assert not overflow
        high = math.factorial(m) if following is None else following.rank
        assert sum(b.size for b in blocks) == high - low, (low, high, blocks)
        for block in blocks:
            assert low <= block.start and block.start + block.size <= high
            head = block.prefix + (block.column,)
            inside = [t for t in tried if t.positions[:len(head)] == head]
            assert inside and all(t.rejection is not None for t in inside), block
            assert all(block.start <= t.rank < block.start + block.size for t in inside)
            reason = pruned.pair_reason(block.level, block.column)
            if reason is not None:
                assert block.rejection == reason
        if following is None:
            break
        found.append((following.positions, following.rank))
        low = following.rank + span
    assert found == accepted


def test_literal_mode_refuses_a_large_bracket() -> None:
    """Round 1 of 20 players: one bracket, S2 of 10 (3,628,800 candidates);
    18 players (S2 of 9) are refused too, 16 (S2 of 8, 8! candidates) are not."""
    def fresh(players: int) -> Tournament:
        return Tournament(name="t", rounds=5, players=tuple(
            Player(id=i, name=f"P{i}", rating=2600 - 10 * i) for i in range(1, players + 1)))

    with pytest.raises(UsageError, match=r"literal mode would try 3,628,800 candidates .*"
                                         r"score bracket 0 .*S1 of 10, S2 of 10"):
        pair(fresh(20), 1, literal=True)
    with pytest.raises(UsageError, match="362,880 candidates"):
        pair(fresh(18), 1, literal=True)
    assert pair(fresh(16), 1, literal=True) == pair(fresh(16), 1)
    assert math.factorial(8) == LITERAL_LIMIT


# -- C8 past the first exchanges: jumping to the next split that can be paired ----------


def test_jumping_over_exchanges_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the jump allowed after 1 exchange instead of 1,000, the pruned
    mode still gives the literal mode's BracketPaired events (and pairing)."""
    monkeypatch.setattr(candidates, "SEQUENTIAL", 1)
    rng = random.Random(8)
    rounds = 0
    for index, settings_ in enumerate(SETTINGS[:JUMPED]):
        tournament = _generated(index)
        last = tournament.rounds_paired
        ids = [p.id for p in tournament]
        for round in range(max(1, last - 2), last + 1):
            pairs = tuple(ForbiddenPairs(tuple(rng.sample(ids, 2)))
                          for _ in range(rng.randint(0, len(ids))))
            changed = replace(tournament, forbidden=tournament.forbidden + pairs)
            _compare(changed, round, f"{settings_!r} round {round} forbidden {pairs}")
            rounds += 1
    assert rounds > (400 if STRESS else 60)


def test_exchange_numbers_are_counted_exactly() -> None:
    for p in range(1, 7):
        for q in range(p, p + 3):
            ranks = ExchangeRanks(p, q)
            number = 0
            for number, exchange in enumerate(iter_exchanges(p, q), 1):
                assert ranks.rank(exchange.from_s1, exchange.from_s2) == number
            assert ranks.total() == number


@settings(max_examples=250, deadline=None)
@given(st.integers(2, 9), st.data())
def test_split_finder_gives_the_splits_that_can_be_paired_in_d2_order(
        n: int, data: st.DataObject) -> None:
    p = n // 2
    cells = [(i, j) for i in range(n) for j in range(i + 1, n)]
    allowed = np.zeros((n, n), dtype=bool)
    for i, j in cells:
        allowed[i, j] = allowed[j, i] = data.draw(st.booleans())
    stay = np.array([data.draw(st.booleans()) for _ in range(n)], dtype=bool)
    expected = []
    for exchange in iter_exchanges(p, n - p):
        leaving = set(exchange.from_s1) | set(exchange.from_s2)
        s1 = sorted([i for i in range(1, p + 1) if i not in leaving] + list(exchange.from_s2))
        s2 = sorted([j for j in range(p + 1, n + 1) if j not in leaving]
                    + list(exchange.from_s1))
        if any(all(allowed[a - 1, b - 1] for a, b in zip(s1, order))
               and all(stay[j - 1] for j in s2 if j not in order)
               for order in itertools.permutations(s2, p)):
            expected.append((exchange.from_s1, exchange.from_s2))
    assert list(SplitFinder(allowed, stay, p)) == expected


# -- the story (issue 29): the default mode tells the literal procedure ----------------

DATA = Path(__file__).resolve().parent.parent / "data"
STORY_SAMPLE = 40      # generated tournaments in `make test`; tests/stress runs thousands


def _story_rounds() -> list[tuple[str, Tournament, int]]:
    """Every round of data/'s 1998 files and the hand-worked cases."""
    from test_dutch1998_narrative import CASES
    found: list[tuple[str, Tournament, int]] = []
    for path in sorted(DATA.glob("*.trf")):
        if "Dutch 1998" not in path.read_text(encoding="utf-8"):
            continue
        tournament = read_trf(path).tournament
        # every round played, and the next one when the file declares it
        declared = tournament.rounds or tournament.rounds_paired
        last = min(tournament.rounds_paired + 1, max(declared, 1))
        for round in range(1, last + 1):
            found.append((f"{path.name} round {round}", tournament, round))
    found.extend((name, case, round) for name, case, round, _ in CASES)
    return found


def assert_story_is_literal(tournament: Tournament, round: int, where: str,
                            told: Sequence[Event] | None = None) -> str:
    """The default trace of a round whose brackets are all of at most
    STORY_SIZE players (within the round's budget) is, event for event, the
    literal procedure's; a bigger round has the same pairing.  Returns
    "same", "pairing" (a bigger bracket: compared on the pairing only) or
    "error" (no pairing in either mode, the same error).  ``told``: the
    default trace if it is already made (``generate_traced``'s, the same
    events as tracing the round again), else it is traced here."""
    if told is None:
        try:
            told = list(trace(tournament, round))
        except PairingError as error:
            with pytest.raises(PairingError) as literal_error:
                list(trace(tournament, round, literal=True))
            assert str(literal_error.value) == str(error), where
            return "error"
    told = list(told)
    try:
        literal = list(trace(tournament, round, literal=True))
    except UsageError:
        return "pairing"   # a split beyond LITERAL_LIMIT: the pruned search tells it
    context_sizes = [len(e.bracket.players) for e in told if isinstance(e, BracketOpened)]
    if max(context_sizes, default=0) <= state.STORY_SIZE and len(literal) < state.STORY_BUDGET:
        assert told == literal, where
        return "same"
    assert told[-1] == literal[-1], where
    return "pairing"


def test_the_story_of_every_course_round_is_the_literal_procedure() -> None:
    outcomes = Counter(assert_story_is_literal(t, r, where) for where, t, r in _story_rounds())
    assert outcomes["same"] >= 60, outcomes


def test_the_story_of_generated_rounds_is_the_literal_procedure() -> None:
    outcomes: Counter[str] = Counter()
    for settings_ in random_tournaments(STORY_SAMPLE, seed=29, players=(4, 12), rounds=(3, 9)):
        document, traces = generate_traced(settings_, trace)
        tournament = document.tournament
        for round in range(1, tournament.rounds_paired + 1):
            outcomes[assert_story_is_literal(tournament, round, f"{settings_!r} round {round}",
                                             traces.get(round))] += 1
    assert outcomes["same"] > 150, outcomes


def test_every_refused_candidate_names_each_criterion_it_breaks() -> None:
    """cours-c10, round 3, bracket 1 (1 5 7, x = 0): C7's 1-7 leaves 5, who
    floated down last round: B4 (1 and 7 both want White, x = 0) is the
    criterion the text checks first (article B: B4 before B5), B5 is named
    beside it; the card accepts either."""
    events = list(trace(read_trf(DATA / "cours-c10.trf").tournament, 3))
    tried = next(e for e in events if isinstance(e, CandidateTried) and e.pairs == ((1, 7),)
                 and e.exchange is None)
    assert tried.rejection is not None and tried.rejection.criterion == "B4"
    assert [r.criterion for r in tried.also] == ["B5"] and tried.also[0].players == (5,)
    assert tried.reading == 1


def test_a_refusal_of_the_pruned_search_names_every_criterion_of_the_pair(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """cours-c14, round 5, bracket 2 told by the pruned search: the orders
    giving 2 the opponent 6 are refused for B1a (they have met); 6 floated up
    last round, so the pair also breaks B5 (for upfloaters)."""
    monkeypatch.setattr(state, "STORY_SIZE", 0)
    events = list(trace(read_trf(DATA / "cours-c14.trf").tournament, 5))
    refusals = [f for e in events if isinstance(e, CandidatesSkipped) for f in e.refusals
                if (f.player, f.opponent) == (2, 6)]
    assert refusals and refusals[0].rejection.criterion == "B1a"
    assert refusals[0].also == (Rejection("B5", (6,), "float_up"),)
