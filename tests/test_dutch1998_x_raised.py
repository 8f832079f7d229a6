"""dutch-1998, issue 29: the C4 line says x as A8 computes it, then C11's
raise, as two steps of the text (it used to print the raised x beside A8's
counts, « x = 1 (A8 : b = 3, n = 2, q = 3) », where A8 gives 0)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swisslearn.cli import main
from swisslearn.dutch1998.colours import a8_x
from swisslearn.dutch1998.procedure import trace
from swisslearn.explain import explain
from swisslearn.formats.trf import read_trf
from swisslearn.trace import (BracketSplit, CandidateTried, CriterionDropped, Event,
                              PDecreased)

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data"


def _splits(name: str, round: int) -> list[BracketSplit]:
    events = trace(read_trf(DATA / f"{name}.trf").tournament, round)
    return [e for e in events if isinstance(e, BracketSplit)]


def test_a_bracket_raised_by_c11_says_a8_then_c11() -> None:
    """cours-c11-residuel, round 4, score 1: 5 and 8 moved down onto 6, 7,
    9; A8: b = 3, n = 2, q = 3, x = 3 - 3 = 0; C11 raises it to 1."""
    raised = next(e for e in _splits("cours-c11-residuel", 4)
                  if e.bracket.score == 1 and e.raised and not e.bracket.remainder)
    assert (raised.bracket.x, raised.raised, a8_x(raised.w, raised.b, raised.q)) == (1, 1, 0)
    assert explain(raised, "fr") == (
        "C4 : S1 = 5, 8 (flotteurs descendants), S2 = 6, 7, 9 ; p = 2, x = 0 par A8 (b = 3, "
        "n = 2, q = 3), porté à x = 1 par C11 (tant que x < p, augmenter x de 1).")
    assert explain(raised, "en") == (
        "C4: S1 = 5, 8 (moved-down players), S2 = 6, 7, 9; p = 2, x = 0 by A8 (w = 3, "
        "b = 2, q = 3), raised to x = 1 by C11 (as long as x < p, increase x by 1).")


def test_a_remainder_raised_with_its_bracket_says_reading_3() -> None:
    """cours-c14, round 7: the remainder group 4, 7 (A8: x = 0) has x = 1,
    raised with its bracket's (reading 3)."""
    raised = next(e for e in _splits("cours-c14", 7) if e.bracket.remainder and e.raised)
    assert explain(raised, "fr") == (
        "C4 : niveau résiduel : S1 = 4, S2 = 7 ; p = 1, x = 0 par A8 (b = 1, n = 1, q = 1), "
        "porté à x = 1 par C11 (tant que x < p, augmenter x de 1 ; lecture 3 : le x du "
        "niveau résiduel monte avec celui du niveau).")


def test_every_c4_line_of_the_course_gives_a8s_x() -> None:
    """On every round of the course files: x minus C11's raise is A8's x
    (or x capped at p), outside C14's levels (C14 tells its own x); a line
    with no raise keeps A8's counts beside x."""
    checked = 0
    for path in sorted(DATA.glob("cours-*.trf")):
        tournament = read_trf(path).tournament
        for round in range(1, tournament.rounds_paired + 1):
            for split in _splits(path.stem, round):
                view = split.bracket
                if view.p == 0 or not split.raised:
                    continue
                if split.lowered is not None:
                    # C14's level: C11's x less C14's step (its own test).
                    assert (view.x + split.lowered - split.raised
                            == a8_x(split.w, split.b, split.q))
                else:
                    assert view.x - split.raised == min(a8_x(split.w, split.b, split.q), view.p)
                assert "par C11" in explain(split, "fr")
                checked += 1
    assert checked > 10
    plain = next(e for e in _splits("cours-c11-residuel", 4) if e.bracket.p)
    assert not plain.raised and "(A8 : b = " in explain(plain, "fr")


def _line(path: Path, round: int, number: int) -> str:
    """The French sentence of the ``number``-th C4 line (0-based) of a round
    whose x is not A8's (p > 0)."""
    events = trace(read_trf(path).tournament, round)
    splits = [e for e in events if isinstance(e, BracketSplit) and e.bracket.p
              and e.bracket.x != a8_x(e.w, e.b, e.q)]
    return explain(splits[number], "fr")


def test_the_remainder_lowered_says_c11s_raise() -> None:
    """cours-c10, round 4, score 1.5 re-opened by C13: 2 moved down onto 4,
    6; A8: b = 2, n = 1, q = 2, x = 2 - 2 = 0.  C11 raised x to p = 1 (« Tant
    que x < p, augmenter x de 1 ») and C10 resumed at C7 (« en reprenant en
    C7 »: x is not computed again), so when the remainder may float players
    the C4 line says A8's 0 and C11's 1, not « x = 1 (A8 : …) »."""
    events = trace(read_trf(DATA / "cours-c10.trf").tournament, 4)
    lines = [explain(e, "fr") for e in events if isinstance(e, BracketSplit)
             and e.bracket.s1 == (2,) and e.bracket.s2 == (4, 6) and e.bracket.x == 1]
    # The remainder lowered from 2's first candidate again: reading 24.
    assert len(lines) == 2 and all(line.partition(" Lecture 24 : ")[0] == (
        "C4 : S1 = 2 (flotteurs descendants), S2 = 4, 6 ; p = 1, x = 0 par A8 (b = 2, n = 1, "
        "q = 2), porté à x = 1 par C11 (tant que x < p, augmenter x de 1).") for line in lines)


def test_c14_brings_x_down_with_p() -> None:
    """cours-c14, round 5, score 2 (1, 2, 3, 4): A8: b = 1, n = 3, q = 2,
    x = 1; C11 raised it to p = 2; C14: « Diminuer p de 1 (si la valeur
    première de x était positive, retirer 1 à x aussi). … recommencer en
    C4 »: p = 1, x = 1, which is not A8's 1 recomputed but C11's 2 less 1."""
    events = list(trace(read_trf(DATA / "cours-c14.trf").tournament, 5))
    def lowered_line(language: str) -> str:
        return next(explain(e, language) for e in events
                    if isinstance(e, BracketSplit) and e.lowered is not None
                    and e.bracket.p == 1)

    assert lowered_line("fr") == (
        "C4 : S1 = 3, S2 = 1, 2, 4 ; p = 1, x = 1 par A8 (b = 1, n = 3, q = 2), porté à x = 2 "
        "par C11 (tant que x < p, augmenter x de 1), ramené à x = 1 par C14 (p passe à 1 ; la "
        "valeur première de x était positive : on retire 1 à x aussi).")
    assert lowered_line("en") == (
        "C4: S1 = 3, S2 = 1, 2, 4; p = 1, x = 1 by A8 (w = 1, b = 3, q = 2), raised to x = 2 "
        "by C11 (as long as x < p, increase x by 1), brought down to x = 1 by C14 (p becomes "
        "1; the original value of x was positive: x is decreased by 1 too).")


def test_c14_leaves_x_when_it_was_first_zero() -> None:
    """A generated round (tests/data/dutch1998/c14-x-stays.trf, round 8,
    score 5: 4, 6, 7, 12): A8: b = 2, n = 2, q = 2, x = 0; C11 raised it to
    p = 2; C14 lowers p to 1 and, x's first value being 0, leaves x at 2:
    the C4 line says so, not « x = 2 (A8 : b = 2, n = 2, q = 2) »."""
    line = _line(HERE / "data" / "dutch1998" / "c14-x-stays.trf", 8, -1)
    assert line == (
        "C4 : S1 = 4, S2 = 6, 7, 12 ; p = 1, x = 0 par A8 (b = 2, n = 2, q = 2), porté à x = 2 "
        "par C11 (tant que x < p, augmenter x de 1), laissé à x = 2 par C14 (p passe à 1 ; la "
        "valeur première de x était 0).")


def test_a8_above_p_is_told_as_a8_gives_it() -> None:
    """A generated round (tests/data/dutch1998/a8-above-p.trf, round 6,
    score 3: 4 moved down onto 2, 6, 9): A8: b = 4, n = 0, q = 2, x = 2, with
    p = 1: every pair may miss a preference.  The line says A8's 2, not the
    p = 1 the search uses."""
    line = _line(HERE / "data" / "dutch1998" / "a8-above-p.trf", 6, 0)
    assert line == (
        "C4 : S1 = 4 (flotteurs descendants), S2 = 2, 6, 9 ; p = 1, x = 2 (A8 : b = 4, n = 0, "
        "q = 2), au moins p : B4 ne refuse aucun de ces appariements.")


@pytest.mark.parametrize("path", sorted(DATA.glob("cours-*.trf"))
                         + [HERE / "data" / "dutch1998" / name for name in
                            ("gen-s1-p7-r5.trf", "c14-x-stays.trf", "a8-above-p.trf")],
                         ids=lambda path: path.stem)
def test_every_c4_line_says_a8s_x_as_a8(path: Path) -> None:
    """Each C4 line gives x as A8 computes it from the counts it shows, and
    names each step that moved it (C11, C14) when the x in force differs."""
    tournament = read_trf(path).tournament
    for round in range(2, tournament.rounds_paired + 1):
        for event in trace(tournament, round):
            if not isinstance(event, BracketSplit) or not event.bracket.p:
                continue
            a8, line = a8_x(event.w, event.b, event.q), explain(event, "fr")
            assert f"x = {a8} par A8 (" in line or f"x = {a8} (A8 : " in line, (round, line)
            if event.bracket.x != a8 and a8 <= event.bracket.p:
                assert "par C11" in line or "par C14" in line, (round, line)


def test_the_raise_is_in_the_jsonl(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", str(DATA / "cours-c11-residuel.trf"), "--round", "4",
                 "--jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    splits = [o for o in lines if o["kind"] == "bracket_split"]
    assert any(o["raised"] == 1 for o in splits) and all("raised" in o for o in splits)


def _after_c14(path: Path, round: int) -> tuple[list[Event], int]:
    """The events of ``round`` and the index of its heterogeneous C14 that
    leaves moved-down players in S1 (p > 0)."""
    events = list(trace(read_trf(path).tournament, round))
    return events, next(i for i, e in enumerate(events) if isinstance(e, PDecreased)
                        and e.bracket.p > 0 and e.bracket.moved_down
                        and not e.bracket.homogeneous and not e.bracket.remainder)


def _kept(events: list[Event], at: int,
          dropped: tuple[str, ...] = ("B6 down", "B5 down", "B6 up", "B5 up")) -> None:
    """C14 keeps what C9/C10 dropped: the same criteria as the last C4 of
    the bracket before it, and none dropped again for the moved-down players
    (reading 1: along one ladder a dropped criterion stays dropped)."""
    step = events[at]
    assert isinstance(step, PDecreased)
    before = [e for e in events[:at] if isinstance(e, BracketSplit)
              and e.bracket.index == step.bracket.index and not e.bracket.remainder][-1]
    assert before.bracket.dropped == step.bracket.dropped == dropped
    assert not [e for e in events[at:] if isinstance(e, CriterionDropped)
                and e.bracket.index == step.bracket.index and not e.bracket.remainder]


def test_c14_in_a_heterogeneous_bracket_keeps_x_and_the_drops() -> None:
    """A generated round (tests/data/dutch1998/het-c14.trf, round 5, bracket
    1, the lowest: 3, 4, 5 moved down onto 6, 7, 9, 10; A8: b = 3, n = 4,
    q = 4, x = 0).  None of 3, 4, 5 breaks B5/B6 by floating down (no C9);
    C10 dropped B6, B5 for upfloaters, C11 raised x to p = 3; no remainder
    group could be paired, and C14 puts two of them in S1, 5 in S2 (C4:
    « tous les autres joueurs en S2 »).  Seed 000: « Diminuer p de 1 (si la
    valeur première de x était positive, retirer 1 à x aussi). …
    recommencer en C4 »: C4, not C2, so x is not computed again (A8 would
    give 0): it stays 3, and the drops stay."""
    events, at = _after_c14(HERE / "data" / "dutch1998" / "het-c14.trf", 5)
    step, split = events[at], events[at + 1]
    assert isinstance(step, PDecreased) and isinstance(split, BracketSplit)
    assert (step.x_from, step.x_first, step.bracket.x) == (3, 0, 3)
    _kept(events, at, ("B6 up", "B5 up"))
    # The lowest bracket: lowering p before C12/C13 is reading 25, told after the step.
    assert explain(step, "fr").startswith(
        "C14 : p passe à 2 ; la valeur première de x était 0 : x reste à 3. Lecture 25 : ")
    assert explain(step, "en").startswith(
        "C14: p is lowered to 2; the original value of x was 0: x stays at 3. Reading 25: ")
    assert explain(split, "fr") == (
        "C4 : S1 = 3, 4 (flotteurs descendants), S2 = 5, 6, 7, 9, 10 ; p = 2, x = 0 par A8 (b = "
        "3, n = 4, q = 4), porté à x = 3 par C11 (tant que x < p, augmenter x de 1), laissé à "
        "x = 3 par C14 (p passe à 2 ; la valeur première de x était 0). Les autres joueurs "
        "descendus (5) sont en S2 (C4 : « tous les autres joueurs en S2 »).")


def test_c14_to_one_moved_down_player_keeps_x_and_the_drops() -> None:
    """A generated round (tests/data/dutch1998/het-c14-p1.trf, round 5, the
    lowest bracket: 1, 5 moved down onto 6, 7, 8; A8: b = 3, n = 2, q = 3,
    x = 0).  C11 raised x to p = 2; C14 leaves 1 alone in S1 with x = 2 and
    B5, B6 dropped: 1–7 (7 floated up two rounds ago, B6 for upfloaters,
    dropped by C10) is accepted, not refused again as when the engine
    started the ladder afresh."""
    events, at = _after_c14(HERE / "data" / "dutch1998" / "het-c14-p1.trf", 5)
    step = events[at]
    assert isinstance(step, PDecreased)
    assert (step.x_from, step.x_first, step.bracket.x, step.bracket.p) == (2, 0, 2, 1)
    _kept(events, at)
    accepted = next(e for e in events[at:] if isinstance(e, CandidateTried) and e.accepted)
    assert accepted.pairs == ((1, 7),)
