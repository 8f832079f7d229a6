"""Issue 29, item 4: ``why`` and ``tell_player`` read the same events as the
trace.  The rule they name for a pair is the one the trace names (C12 where
a ``BracketUndone`` of rule C12 undid the pairing), and they say who moved
down and why.

``data/cours-c12.trf``, round 3 (seed 000, C12): 1 comes down alone from
bracket 2 into bracket 1.5 (3, 5).  C6 pairs 1-3 first; 5 then moves down
to bracket 0.5, where he has met 2 and 6: C1 sends the procedure to C12,
which pairs bracket 1.5 again with 1-5, so that 3 moves down instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisslearn.dutch1998.procedure import trace
from swisslearn.explain.player import tell_player
from swisslearn.explain.story1998 import Story
from swisslearn.explain.why import why, why_labels
from swisslearn.formats.trf import read_trf
from swisslearn.trace import BracketUndone, Event

DATA = Path(__file__).resolve().parents[1] / "data"
HOSTILE = Path(__file__).resolve().parents[2] / "shared" / "hostile"


@pytest.fixture(scope="module")
def c12() -> list[Event]:
    return list(trace(read_trf(DATA / "cours-c12.trf").tournament, 3))


def test_the_trace_says_c12_undid_1_3(c12: list[Event]) -> None:
    undone = [e for e in c12 if isinstance(e, BracketUndone) and e.step == "undone"]
    assert [e.rule for e in undone] == ["C12"]
    assert undone[0].because_of.moved_down == (5,)


def test_why_1_3_names_c12_as_the_trace_does(c12: list[Event]) -> None:
    labels = why_labels(c12, 1, 3)
    assert "C12" in labels and "C13" not in labels
    text = why(c12, 1, 3)
    assert "C13" not in text
    assert "C12" in text and "1–3" in text and "5" in text and "0,5" in text


def test_why_1_5_says_the_order_giving_3_was_refused_by_c12(c12: list[Event]) -> None:
    text = why(c12, 5, 1)
    assert "C13" not in text
    assert "C12" in text


def test_why_5_3_says_3_moved_down_by_c12(c12: list[Event]) -> None:
    assert why_labels(c12, 5, 3) == ("C12",)
    text = why(c12, 5, 3)
    assert "3 descend du niveau 1,5" in text
    assert "faisait descendre 5" in text


def test_tell_player_5_3_says_3_moved_down_not_5(c12: list[Event]) -> None:
    text = tell_player(c12, 5, 3)
    assert "5 est resté non apparié" not in text
    assert text.startswith("3 a été transféré dans le niveau inférieur par l'article C12")
    assert "5 joue contre 1 ; 3 joue contre 2" in text


def test_tell_player_1_3_says_their_pairing_was_undone_by_c12(c12: list[Event]) -> None:
    text = tell_player(c12, 1, 3)
    assert "1 est resté non apparié" not in text
    assert text.startswith("1 et 3 ont d'abord été appariés dans le niveau 1,5")
    assert "C12" in text and "c'est 3 qui descend" in text


def test_tell_player_in_english(c12: list[Event]) -> None:
    text = tell_player(c12, 5, 3, "en")
    assert text.startswith("3 was moved down to the next bracket by article C12")
    assert "C13" not in why(c12, 1, 3, "en")


def test_the_story_keeps_the_c12_pairing(c12: list[Event]) -> None:
    story = Story(c12)
    kept = story.kept(1)
    assert kept is not None and kept.pairs == ((1, 5),) and kept.moved_down == (3,)
    moved = story.moved(3)
    assert moved is not None and moved.rule == "C12" and moved.undone is not None
    assert moved.undone.paired.pairs == ((1, 3),)
    assert story.moved(5) is None


def test_a_pairing_undone_by_c13_is_told_as_c13() -> None:
    """20 players where every white player won twice: bracket 1 first pairs
    3-1, 5-20 (7 players who need Black go down to 9 who need White: the
    lowest bracket cannot be paired), C13 pairs it again with 3-1 alone."""
    path = HOSTILE / "1998-hang-20p-2r.trf"
    if not path.exists():
        pytest.skip("no hostile file")
    events = list(trace(read_trf(path).tournament, 3))
    assert why_labels(events, 5, 20) == ("C13",)
    assert "3–1, 5–20 a d'abord été retenu" in why(events, 5, 20)
    assert tell_player(events, 5, 20).startswith(
        "5 et 20 ont d'abord été appariés dans le niveau 1")


def test_why_names_the_relaxation_a_pair_needed(c12: list[Event]) -> None:
    """1-5 is made after C9 dropped B5 for downfloaters in 1.5 (1 floated
    down in round 2 and floats down again); 3-2 after C9 (3 down twice) and
    C10 (2 up twice) in 0.5: why says which step allowed each float, as the
    trace did (tests/data/dutch1998/hand/analysis-cours-c12-r3.md)."""
    assert "C9" in why_labels(c12, 1, 5)
    text = why(c12, 1, 5)
    assert "C9 : B5 avait été abandonné pour les flotteurs descendants ; 1 flotte" in text
    assert "C10" not in text
    labels = why_labels(c12, 3, 2)
    assert "C9" in labels and "C10" in labels
    english = why(c12, 3, 2, "en")
    assert "C9: B5 had been dropped for downfloaters; 3 floats down twice" in english
    assert "C10: B5 had been dropped for upfloaters; 2 floats up twice" in english


def test_why_names_each_orders_criterion_as_the_trace_does() -> None:
    """cours-c11, round 3, bracket 1 (S1 = 1, 2 moved down; S2 = 3, 4, 5):
    two orders of S2 give 3 to 1 before the kept 1–5: C6's (1–3, 2–4),
    refused for B4 (1 and 3 both want White, x = 0), and C7's (1–3, 2–5),
    refused for B1a (2 and 5 have met).  ``why 1 5`` names each as the
    trace does, not B4 for both."""
    events = list(trace(read_trf(DATA / "cours-c11.trf").tournament, 3))
    text = why(events, 1, 5)
    assert "3 : couleurs au-delà de x, B4" in text
    assert "3 : B1a : 2 et 5 se sont déjà rencontrés" in text
    english = why(events, 1, 5, "en")
    assert "3: B1a: 2 and 5 have already met" in english, english


def test_why_names_the_float_then_c12(c12: list[Event]) -> None:
    """cours-c12, round 3: 1–3 is refused for B5 at first (1 floated down in
    round 2), then, B5 dropped by C9, accepted and undone by C12: ``why 5 1``
    names both, as the trace does."""
    text = why(c12, 5, 1)
    assert "flottement, B5" in text and "C12" in text


def _first_difference(pairs: tuple[tuple[int, int], ...],
                      target: tuple[tuple[int, int], ...]) -> tuple[int, int] | None:
    return next((p for p, t in zip(pairs, target) if p != t), None)


def test_why_and_the_trace_name_the_same_criteria_on_every_course_pair(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every pair of every course round: for each order of S2 ``why``
    mentions as refused (an S1 player and the opponent it would give him),
    the criteria it names are those the trace names for the candidates that
    give him that opponent (the earlier S1 players paired as kept): each
    refused candidate's first criterion, and C12 or C13 for one accepted
    and then undone below."""
    from swisslearn.dutch1998.procedure import trace as traced
    from swisslearn.explain import dutch1998 as explainer
    from swisslearn.explain.story1998 import failed_below
    from swisslearn.trace import CandidateTried, RoundStarted
    from itertools import combinations

    seen: list[tuple[object, object, tuple[tuple[object, str, int], ...]]] = []
    before = explainer._refusals_before

    def spy(state, kept):  # type: ignore[no-untyped-def]
        found = before(state, kept)
        seen.append((state, kept, found))
        return found

    monkeypatch.setattr(explainer, "_refusals_before", spy)
    compared = 0
    for path in sorted(DATA.glob("cours-*.trf")):
        tournament = read_trf(path).tournament
        for round in range(2, tournament.rounds_paired + 1):
            events = tuple(traced(tournament, round))
            started = next(e for e in events if isinstance(e, RoundStarted))
            players = sorted(p.id for p in started.players)
            for a, b in combinations(players, 2):
                seen.clear()
                why(events, a, b)
                for state, kept, found in seen:
                    walk = explainer._d1_walk(state.events, kept)  # type: ignore[attr-defined, arg-type]
                    accepted = next((e for e in reversed(walk) if isinstance(e, CandidateTried)
                                     and e.accepted
                                     and e.transposition == kept.transposition),  # type: ignore[attr-defined]
                                    None)
                    if accepted is None:
                        assert not found
                        continue
                    expected: dict[tuple[int, int], set[str]] = {}
                    for event in walk[:walk.index(accepted)]:
                        if not isinstance(event, CandidateTried):
                            continue
                        pair = _first_difference(event.pairs, accepted.pairs)
                        if pair is None:
                            continue
                        if event.rejection is not None:
                            expected.setdefault(pair, set()).add(event.rejection.criterion)
                        elif event.accepted:
                            criterion = failed_below(state.events, event).criterion  # type: ignore[attr-defined]
                            expected.setdefault(pair, set()).add(criterion)
                    named: dict[tuple[int, int], set[str]] = {}
                    for refusal, _rule, _x in found:
                        named.setdefault((refusal.player, refusal.opponent),  # type: ignore[attr-defined]
                                         set()).add(refusal.rejection.criterion)  # type: ignore[attr-defined]
                    assert named == expected, (path.stem, round, a, b)
                    compared += 1
    assert compared > 100
