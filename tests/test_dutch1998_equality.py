"""dutch-1998, issue 29 item 1: wherever the literal procedure and the pruned
search can both pair a round, the pruned search tells the literal story.

Compared by :func:`swisslearn.dutch1998.equality.compare`: the same
skeleton (every run of refused candidates one step), the same events
elsewhere, every candidate the pruned search tells one by one equal to the
literal one (rejection and ``also``), every range naming exactly the
criteria the literal walk refused its candidates with (and as many
transpositions for each, when it counts them), the same pairing.  On every
round of ``data/``, the hand-worked cases of ``tests/`` and a sample of
generated rounds (``tests/stress/test_dutch1998_equality_stress.py`` runs
thousands); and the reasons of a block (``reasons.py``), analysed without
enumerating, against the enumeration on random splits.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisslearn.dutch1998 import candidates, reasons, state
from swisslearn.dutch1998.equality import Figures, compare
from swisslearn.dutch1998.procedure import trace
from swisslearn.dutch1998.reasons import RunReasons
from swisslearn.dutch1998.search import BracketSearch
from swisslearn.errors import PairingError, UsageError
from swisslearn.formats.trf import read_trf
from swisslearn.generate import GeneratorSettings, generate, random_tournaments
from swisslearn.model import NO_PREFERENCE, PlayerState, Tournament
from swisslearn.trace import CandidatesSkipped, Event, Rejection
from test_dutch1998_literal import _story_rounds

TEST_DATA = Path(__file__).resolve().parent / "data" / "dutch1998"

#: Generated tournaments compared here (``make test``: a few seconds of CPU);
#: the stress test compares thousands.
SAMPLE = 25


#: The literal traces already made in this process, by the round's name
#: (``where``): the literal walk reads nothing the tests here change
#: (``reasons.ENUMERATED`` only shapes the pruned search's ranges), so a
#: round compared twice is walked once.  None: the walk could not pair it.
_LITERAL: dict[str, list[Event] | None] = {}


def _literal(tournament: Tournament, round: int, key: str | None) -> list[Event] | None:
    if key is not None and key in _LITERAL:
        return _LITERAL[key]
    try:
        found: list[Event] | None = list(trace(tournament, round, literal=True))
    except (PairingError, UsageError):
        found = None
    if key is not None:
        _LITERAL[key] = found
    return found


def tellings(tournament: Tournament, round: int, key: str | None = None
             ) -> tuple[list[Event], list[Event]] | None:
    """The literal trace and the pruned one (no bracket told by the literal
    walk: STORY_SIZE 0); None when one of them cannot pair the round (the
    literal walk refuses a split too large, or there is no pairing).
    ``key``: the round's name, to walk it once in this process (:data:`_LITERAL`)."""
    literal = _literal(tournament, round, key)
    if literal is None:
        return None
    story = state.STORY_SIZE
    state.STORY_SIZE = 0
    try:
        pruned = list(trace(tournament, round))
    finally:
        state.STORY_SIZE = story
    return literal, pruned


def compared(rounds: list[tuple[str, Tournament, int]]) -> Figures:
    """Every round compared; the figures, differences included."""
    figures = Figures()
    for where, tournament, round in rounds:
        both = tellings(tournament, round, where)
        if both is not None:
            figures.add(compare(*both, where))
    return figures


def course_rounds() -> list[tuple[str, Tournament, int]]:
    """Every round of data/ (1998 files), the hand-worked cases, and the
    generated files of tests/data/dutch1998/."""
    found = _story_rounds()
    for path in sorted(TEST_DATA.glob("*.trf")):
        tournament = read_trf(path).tournament
        found.extend((f"{path.name} round {r}", tournament, r)
                     for r in range(1, tournament.rounds_paired + 1))
    return found


@lru_cache(maxsize=None)
def _generated(settings_: GeneratorSettings) -> Tournament:
    """A generated tournament, once in this process (the tests here share them)."""
    return generate(settings_).tournament


def generated_rounds(count: int, seed: int, players: tuple[int, int] = (4, 12)
                     ) -> list[tuple[str, Tournament, int]]:
    found: list[tuple[str, Tournament, int]] = []
    for settings_ in random_tournaments(count, seed=seed, players=players, rounds=(3, 9)):
        tournament = _generated(settings_)
        found.extend((f"{settings_!r} round {r}", tournament, r)
                     for r in range(1, tournament.rounds_paired + 1))
    return found


def test_every_course_round_and_hand_worked_case_is_told_alike() -> None:
    figures = compared(course_rounds())
    assert not figures.differences, figures.differences[:3]
    assert figures.brackets > 150 and figures.ranges > 50, figures


def test_generated_rounds_are_told_alike() -> None:
    figures = compared(generated_rounds(SAMPLE, seed=1998_291))
    assert not figures.differences, figures.differences[:3]
    assert figures.ranges > 100 and figures.candidates > 1000, figures


def test_ranges_are_exact_when_every_block_is_analysed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same comparison with no block enumerated: every range's reasons
    come from the assignment problems (reasons.py), uncounted."""
    monkeypatch.setattr(reasons, "ENUMERATED", 0)
    # The first 8 of test_generated_rounds_are_told_alike's tournaments: their
    # literal walks are made once (_LITERAL), the pruned search's ranges again.
    rounds = course_rounds()[::3] + generated_rounds(8, seed=1998_291)
    figures = compared(rounds)
    assert not figures.differences, figures.differences[:3]
    assert figures.ranges > 100, figures


def test_a_range_with_other_reasons_is_a_difference() -> None:
    """The comparison can fail: a range naming one criterion more, or
    counting otherwise, or a candidate with another rejection."""
    path = Path(__file__).resolve().parent.parent / "data" / "cours-c14.trf"
    both = tellings(read_trf(path).tournament, 5)
    assert both is not None
    literal, pruned = both
    assert not compare(literal, pruned, "c14").differences
    at = next(i for i, e in enumerate(pruned) if isinstance(e, CandidatesSkipped)
              and e.rule == "C7" and e.count)
    event = pruned[at]
    assert isinstance(event, CandidatesSkipped)
    extra = Rejection("B2b", (99,), "three_in_a_row")
    wrong = [replace(event, reasons=event.reasons + (extra,), counts=())]
    assert compare(literal, pruned[:at] + wrong + pruned[at + 1:], "c14").differences
    if event.counts:
        recount = [replace(event, counts=(event.counts[0] + 1,) + event.counts[1:])]
        assert compare(literal, pruned[:at] + recount + pruned[at + 1:], "c14").differences


def test_the_untouched_order_and_ranges_say_what_the_literal_walk_says() -> None:
    """cours-c10, round 3, told by the pruned search: C6's 1-5 is refused for
    B4 (1 and 5 want White, x = 0) and B5 beside it, as the literal walk says;
    no range names a reason the literal walk does not meet."""
    path = Path(__file__).resolve().parent.parent / "data" / "cours-c10.trf"
    both = tellings(read_trf(path).tournament, 3)
    assert both is not None
    literal, pruned = both
    assert not compare(literal, pruned, "c10").differences
    ranges = [e for e in pruned if isinstance(e, CandidatesSkipped)]
    assert ranges and all(e.rule != "C8" for e in ranges)


# -- the reasons of one block, analysed, against the enumeration -------------------------


def _state(pid: int) -> PlayerState:
    return PlayerState(id=pid, name=f"P{pid}", rating=2000, title="", round=1,
                       score=Decimal(0), colour_history=(), floats=(), opponents=(),
                       had_bye=False, unplayed_point=False, available=True, withdrawn=False,
                       last_round_exception=False, preference=NO_PREFERENCE)


_PAIR_CRITERIA = ("B1a", "B2a", "B2b", "B5", "B6")
_LEFT_CRITERIA = ("B1b", "B5", "B6")


@st.composite
def _blocks(draw: st.DrawFn) -> tuple[BracketSearch, tuple[int, ...]]:
    """A random split (every pair breaking any of B1a, B2, B5, B6; players
    who may not stay unpaired; colour conflicts; x; banned sets) and a
    prefix of S2 positions for its first S1 players."""
    k = draw(st.integers(1, 4))
    m = draw(st.integers(k, min(k + 3, 6)))
    players = [_state(i) for i in range(1, k + m + 1)]
    s1, s2 = players[:k], players[k:]
    broken = {(a.id, b.id): tuple(c for c in _PAIR_CRITERIA if draw(st.integers(0, 4)) == 0)
              for a in s1 for b in s2}
    conflicts = {c for c in broken if draw(st.booleans())}
    left = {b.id: tuple(c for c in _LEFT_CRITERIA if draw(st.integers(0, 3)) == 0) for b in s2}
    x = draw(st.integers(0, k))
    lefts = [frozenset(c) for c in itertools.combinations([b.id for b in s2], m - k)]
    banned = {s for s in lefts if draw(st.integers(0, 3)) == 0}

    def reasons_of(a: PlayerState, b: PlayerState) -> tuple[Rejection, ...]:
        return tuple(Rejection(c, (a.id, b.id), "") for c in broken[(a.id, b.id)])

    def check(a: PlayerState, b: PlayerState) -> Rejection | None:
        found = reasons_of(a, b)
        return found[0] if found else None

    def left_reasons(b: PlayerState) -> tuple[Rejection, ...]:
        return tuple(Rejection(c, (b.id,), "") for c in left[b.id])

    def left_check(b: PlayerState) -> Rejection | None:
        found = left_reasons(b)
        return found[0] if found else None

    search = BracketSearch(s1, s2, x, check, lambda a, b: (a.id, b.id) in conflicts,
                           left_check, banned=banned, pair_reasons=reasons_of,
                           leftover_reasons=left_reasons)
    depth = draw(st.integers(0, k - 1))
    prefix = tuple(draw(st.permutations(range(m)))[:depth])
    return search, prefix


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_blocks(), st.booleans())
def test_a_block_analysed_names_the_first_criteria_of_its_candidates(
        block: tuple[BracketSearch, tuple[int, ...]], skip_first: bool) -> None:
    """The criteria reasons.py finds for a block are exactly the first
    criteria the literal walk gives its refused candidates; enumerated, the
    counts too."""
    search, prefix = block
    k, m = len(search.s1), len(search.s2)
    free = [j for j in range(m) if j not in prefix]
    literal: Counter[Rejection] = Counter()
    accepted = False
    for index, rest in enumerate(itertools.permutations(free, k - len(prefix))):
        if skip_first and index == 0:
            continue
        rejection, _, _ = search.verdict(prefix + rest)
        accepted = accepted or rejection is None
        if rejection is not None:
            literal[rejection] += 1
    if accepted:
        return   # the search never passes over a block holding an acceptable candidate
    saved = reasons.ENUMERATED
    try:
        reasons.ENUMERATED = 10 ** 6
        enumerated, counted = RunReasons(search).block(prefix, skip_first)
        assert counted and enumerated == literal
        reasons.ENUMERATED = 0
        analysed, counted = RunReasons(search).block(prefix, skip_first)
    finally:
        reasons.ENUMERATED = saved
    assert {r.criterion for r in analysed} == {r.criterion for r in literal}
    assert all(r in literal for r in analysed)   # each witness is a literal rejection
    assert not counted or not literal   # analysed: uncounted, unless there is nothing


def test_an_exchange_told_without_its_candidates_names_their_reasons() -> None:
    """cours-c10, round 3, told by the pruned search: exchange a (1 <-> 5)
    has no acceptable candidate; the literal walk refuses its candidates for
    B6 (7 floated down two rounds before) and B5 (1 would float down twice):
    the exchange names both, counted, and its sentence says them."""
    from swisslearn.explain.catalogue import catalogue
    from swisslearn.explain.dutch1998 import describe
    from swisslearn.trace import ExchangeApplied

    path = Path(__file__).resolve().parent.parent / "data" / "cours-c10.trf"
    both = tellings(read_trf(path).tournament, 3)
    assert both is not None
    exchange = next(e for e in both[1] if isinstance(e, ExchangeApplied) and e.cell == "a")
    assert not exchange.feasible
    assert {r.criterion for r in exchange.split_reasons} == {"B5", "B6"}
    assert len(exchange.split_counts) == len(exchange.split_reasons)
    said = describe(exchange, catalogue("fr"))
    assert "B6 : 7 a déjà flotté vers le bas" in said and "B5 : 1 flotterait" in said


def test_a_range_of_exchanges_names_the_criteria_of_their_candidates() -> None:
    """cours-c10-adversaire, round 5, told by the pruned search: exchanges 1
    to 5 are one D2 range naming the criteria the literal walk refuses their
    candidates for (uncounted: the sentence does not count exchanges)."""
    from swisslearn.explain.catalogue import catalogue
    from swisslearn.explain.dutch1998 import describe

    path = Path(__file__).resolve().parent.parent / "data" / "cours-c10-adversaire.trf"
    both = tellings(read_trf(path).tournament, 5)
    assert both is not None
    literal, pruned = both
    assert not compare(literal, pruned, "c10-adversaire").differences
    ranges = [e for e in pruned if isinstance(e, CandidatesSkipped) and e.rule == "D2"]
    assert ranges and not ranges[0].counts
    assert "B1a" in {r.criterion for r in ranges[0].reasons}
    assert "Critères pour lesquels leurs candidats sont refusés" in describe(ranges[0],
                                                                          catalogue("fr"))


# -- the size bound: exact reasons for the brackets the course can show -------------------


def _definitions_exchange() -> tuple[list[Event], list[Event]]:
    """cours-definitions, round 3, told literally and by the pruned search."""
    path = Path(__file__).resolve().parent.parent / "data" / "cours-definitions.trf"
    both = tellings(read_trf(path).tournament, 3)
    assert both is not None
    return both


def test_past_reasons_size_an_exchange_says_the_searchs_reason(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """cours-definitions, round 3: exchange a (6 <-> 9) of the remainder (5,
    6, 9, 10, 11) has no acceptable candidate.  Within REASONS_SIZE it names
    what the literal walk refuses its six candidates for (B4 four times,
    B1a: 5 and 10 have met, twice); for a bigger bracket (REASONS_SIZE 4
    here) the search's own reason, one for the split, as before issue 29,
    and the story is no longer the literal one."""
    from swisslearn.explain import explain
    from swisslearn.trace import ExchangeApplied

    def exchange(events: list[Event]) -> ExchangeApplied:
        return next(e for e in events if isinstance(e, ExchangeApplied) and e.cell == "a")

    literal, pruned = _definitions_exchange()
    exact = exchange(pruned)
    assert not exact.feasible
    assert Counter(r.criterion for r in exact.split_reasons) == {"B4": 4, "B1a": 1}
    assert exact.split_counts == (1, 1, 2, 1, 1)
    assert not compare(literal, pruned, "definitions").differences

    monkeypatch.setattr(candidates, "REASONS_SIZE", 4)
    literal, pruned = _definitions_exchange()
    bounded = exchange(pruned)
    assert not bounded.feasible and bounded.split_reasons == ()
    assert explain(bounded, "fr") == (
        "D2 : échange n° 1 (case a) : 6 ↔ 9 ; aucune permutation ne peut aboutir (B4 : le "
        "niveau ne peut être apparié avec au plus x = 0 paires aux couleurs non "
        "satisfaites) : on passe à l'échange suivant.")
    assert compare(literal, pruned, "definitions").differences
    assert literal[-1] == pruned[-1]   # the same pairing all the same


def _long_bracket(tmp_path: Path, players: int) -> Tournament:
    """One bracket of ``players`` in round 2, each has met his untouched-order
    opponent (i and i + players/2): every range of the walk is refused."""
    half = players // 2
    lines = [f"Player {i:04d} | 0.5 | Player {(i + half - 1) % players + 1:04d} | "
             f"{'W' if i <= half else 'B'}" for i in range(1, players + 1)]
    path = tmp_path / f"long{players}.txt"
    path.write_text("\n".join(lines) + "\n")
    from swisslearn.cli import read_input
    return read_input(str(path)).tournament


def test_no_exact_reasons_past_reasons_size(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A bracket of more than REASONS_SIZE players builds no exact reasons
    (their tables grow as |S1| x |S2| and their problems as |S2|^3: hours
    for 4,000 players); one within it does."""
    built: list[int] = []

    class Counted(RunReasons):
        def __init__(self, search: BracketSearch) -> None:
            built.append(len(search.s1) + len(search.s2))
            super().__init__(search)

    monkeypatch.setattr(candidates, "RunReasons", Counted)
    monkeypatch.setattr(state, "STORY_SIZE", 0)
    size = candidates.REASONS_SIZE
    list(trace(_long_bracket(tmp_path, size), 2))
    assert built and max(built) <= size
    built.clear()
    list(trace(_long_bracket(tmp_path, size + 2), 2))
    assert not built


# -- C10's summary decides alike in both tellings ------------------------------------------


def test_c10_summarises_the_same_failed_remainders_in_both_tellings() -> None:
    """A 7-player round: 2, moved down, has five opponents; with 2-6 the
    remainder (1, 3, 4, 7) cannot be paired.  The literal walk tells that
    remainder in more than 40 events (every candidate of every exchange),
    so C10 sums it up in one PairingsTried; the pruned search tells it in
    17 (ranges) and used to tell it step by step: its steps are now counted
    as the literal walk's (candidates.literal_events), and it sums up too."""
    from swisslearn.generate import GeneratorSettings
    from swisslearn.trace import PairingsTried

    settings_ = GeneratorSettings(
        players=7, rounds=3, seed=522049212, draw_rate=0.155, forfeit_rate=0.031,
        half_bye_rate=0.002, absence_rate=0.009, withdrawal_rate=0.018, late_entry_rate=0.1,
        rating_min=1200, rating_max=2600)
    both = tellings(generate(settings_).tournament, 3)
    assert both is not None
    literal, pruned = both
    assert not compare(literal, pruned, "7 players").differences
    summaries = [[e for e in told if isinstance(e, PairingsTried) and e.rule == "C10"]
                 for told in both]
    assert summaries[0] and summaries[0] == summaries[1]
    assert summaries[0][0].steps > 40

