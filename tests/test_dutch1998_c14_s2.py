"""dutch-1998, issue 29: after C14 in a heterogeneous bracket, the
moved-down players left out of S1 are in S2 (seed 000, C4: « Placer les p
joueurs les plus forts en S1, et tous les autres joueurs en S2 »; A6: « Dans
les deux cas, S2 contiendra tous les autres joueurs du niveau de points »).
The engine used to leave them out of both and send them on to the next
bracket.  And reading 24: which remainder group C14 lowers once C10 and
C11 ran out is told."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swisslearn.cli import main
from swisslearn.dutch1998.procedure import trace
from swisslearn.explain import explain
from swisslearn.explain.common import ids
from swisslearn.formats.trf import read_trf
from swisslearn.trace import BracketSplit, CandidateTried, Event, PDecreased, RoundPaired

HERE = Path(__file__).resolve().parent
FILES = HERE / "data" / "dutch1998"


def _events(name: str, round: int) -> list[Event]:
    return list(trace(read_trf(FILES / name).tournament, round))


def _after_heterogeneous_c14(events: list[Event]) -> list[BracketSplit]:
    """The C4 lines that follow a heterogeneous bracket's C14 (p > 0)."""
    found: list[BracketSplit] = []
    after = False
    for event in events:
        if isinstance(event, PDecreased):
            view = event.bracket
            after = bool(view.p and view.moved_down and not view.homogeneous
                         and not view.remainder)
        elif isinstance(event, BracketSplit) and after and not event.bracket.remainder:
            found.append(event)
            after = False
    return found


def _pairing(events: list[Event]) -> tuple[set[frozenset[int]], tuple[int, ...]]:
    paired = events[-1]
    assert isinstance(paired, RoundPaired)
    return {frozenset(pair) for pair in paired.pairs()}, paired.byes


# het-c14-s2-bye.trf round 5 (small-00068) left this list with issue-29-jointext:
# C13's join kept, its lowest bracket is joined and treated as homogeneous,
# with no heterogeneous C14 left in the round.
@pytest.mark.parametrize(("name", "round"), [("het-c14.trf", 5), ("het-c14-s2.trf", 7)])
def test_after_c14_every_player_of_the_bracket_is_in_s1_or_s2(name: str, round: int) -> None:
    """C4 after C14: S1 the p strongest, S2 every other player of the
    bracket, the moved-down players C14 took out of S1 included."""
    splits = _after_heterogeneous_c14(_events(name, round))
    assert splits
    for split in splits:
        view = split.bracket
        assert set(view.s1) | set(view.s2) == set(ids(view.players)), (view.s1, view.s2)
        assert view.s1 == view.moved_down[:view.p]
        assert view.s2[:len(view.moved_down) - view.p] == view.moved_down[view.p:]


def test_small_00197_round_7_keeps_4_in_s2() -> None:
    """Generated round small-00197 r7 (tests/data/dutch1998/het-c14-s2.trf):
    bracket 3 = 1, 2, 4 moved down onto 5, 6, 7, 8; no pairing with p = 3,
    C14: p = 2.  S1 = 1, 2 and S2 = 4, 5, 6, 7, 8 (4 first: A2, his score is
    higher); the engine used to say « S2 = 5, 6, 7, 8 », 4 in neither."""
    split = _after_heterogeneous_c14(_events("het-c14-s2.trf", 7))[0]
    assert (split.bracket.s1, split.bracket.s2) == ((1, 2), (4, 5, 6, 7, 8))
    assert explain(split, "fr").endswith(
        "S2 = 4, 5, 6, 7, 8 ; p = 2, x = 0 par A8 (b = 3, n = 4, q = 4), porté à x = 3 par "
        "C11 (tant que x < p, augmenter x de 1), laissé à x = 3 par C14 (p passe à 2 ; la "
        "valeur première de x était 0). Les autres joueurs descendus (4) sont en S2 (C4 : "
        "« tous les autres joueurs en S2 »).")
    assert explain(split, "en").endswith(
        "The other moved-down players (4) are in S2 (C4: “all the other players in S2”).")


def test_het_c14_gives_the_hand_pairing() -> None:
    """small-00027 r5 (het-c14.trf), worked by hand from seed 000 with the
    moved-down players left out of S1 in S2: 2–1, 3–5, 6–9, 7–10, bye 4
    (bracket 1: 3, 4, 5 moved down; C14 down to p = 1, S2 = 4, 5, 6, 7, 9,
    10; 3–5, and the remainder 4, 6, 7, 9, 10 gives 6–9, 7–10, 4 the bye).
    The engine used to give 7–1, 2–6, 3–5, 9–10, bye 4."""
    pairs, byes = _pairing(_events("het-c14.trf", 5))
    assert pairs == {frozenset(p) for p in ((2, 1), (3, 5), (6, 9), (7, 10))}
    assert byes == (4,)


def test_het_c14_s2_bye_gives_the_hand_pairing() -> None:
    """small-00068 r5 (het-c14-s2-bye.trf), worked by hand from seed 000
    with C13's join kept (hand/analysis-c14-small-00068-r5-join.md): the
    joined {6, 9, 8, 10, 11} cannot give 6 the bye (he stays in S1), 2.0
    joins in turn and the seven-player bracket gives 8–4, 6–10, 9–11, bye 7.
    (Worked first under the old reading 7, brackets formed again after the
    join: 10–4, 8–11, bye 6.)"""
    pairs, byes = _pairing(_events("het-c14-s2-bye.trf", 5))
    assert {frozenset((8, 4)), frozenset((6, 10)), frozenset((9, 11))} <= pairs
    assert byes == (7,)


def test_the_remainder_c14_lowers_is_told_as_reading_24(
        capsys: pytest.CaptureFixture[str]) -> None:
    """small-00105 r5 (c14-which-remainder.trf), bracket 2: 1 moved down onto
    6, 7, 8.  C10 moved 1 on to 8 (remainder 6, 7), C11 added nothing (x =
    p); no remainder group could be paired.  C14 lowers a remainder group's
    p, and the text does not say which: the engine goes back to 1's first
    candidate, 1–6 (7, 8 go down), where a reader could stay with 1–8 (6, 7
    would go down).  The C4 line says it is reading 24."""
    events = _events("c14-which-remainder.trf", 5)
    at, split = next((i, e) for i, e in enumerate(events)
                     if isinstance(e, BracketSplit) and e.reading == 24)
    assert (split.bracket.s1, split.bracket.s2) == ((1,), (6, 7, 8))
    accepted = next(e for e in events[at:] if isinstance(e, CandidateTried) and e.accepted)
    assert accepted.pairs == ((1, 6),)
    assert "Lecture 24 : C10 et C11 n'ont plus rien donné" in explain(split, "fr")
    assert "le niveau résiduel de l'appariement essayé en dernier par C10" in explain(split, "fr")
    assert "Reading 24: C10 and C11 gave nothing more" in explain(split, "en")
    assert main(["trace", str(FILES / "c14-which-remainder.trf"), "--round", "5",
                 "--system", "dutch-1998", "--jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    told = [o for o in lines if o["kind"] == "bracket_split" and o.get("reading") == 24]
    assert told and told[0]["bracket"]["s1"] == [1]
    assert all("reading" not in o for o in lines
               if o["kind"] == "bracket_split" and o.get("reading") != 24)
