"""The 1998 trace's words checked against seed 000 (issue 29, the last
defects the hand-worked rounds of ``tests/data/dutch1998/hand/`` found).

No pairing is at stake here: each test reads the trace of a round whose
pairing the hand analysis confirmed, and checks that a sentence says what
the procedure did, in the text's words (seed 000, quoted in each test), or
that a reading the engine uses is told (docs/reading-the-1998-text.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, TEST_DATA, VECTORS, need_shared
from swisslearn.cli import read_input
from swisslearn.dutch1998.procedure import trace
from swisslearn.explain import explain
from swisslearn.formats.trf import read_trf
from swisslearn.trace import (BracketOpened, BracketsMerged, BracketUndone, CandidateTried,
                              CriterionDropped, Event, PairingsTried, PDecreased, RoundPaired,
                              event_to_json)

HAND = TEST_DATA / "dutch1998" / "hand" / "files"


def _events(path: Path, round: int) -> list[Event]:
    need_shared(path)
    return list(trace(read_trf(path).tournament, round))


def _said(events: list[Event], lang: str = "fr") -> list[str]:
    return [explain(e, lang) for e in events]


# -- 1. A3 after C1 --------------------------------------------------------


def test_a3_judged_again_after_c1_is_told() -> None:
    """Seed 000, A3: « Un niveau de points hétérogène dans lequel la moitié
    des joueurs au moins provient des niveaux supérieurs, est également
    traité comme un niveau homogène. »  rtg-018 round 7, bracket 4: 8, 9, 10
    from 4.5 with 3 and 11 (3 of 5: homogeneous); C1 sends 8 and 10 on; the
    engine pairs {9, 3, 11} with 9 in S1 as a heterogeneous bracket (1 of
    3).  A second A3 line says so, after the C1 lines, with reading 22."""
    events = _events(VECTORS / "dutch2026" / "rtg-018-p27-r08.trf", 7)
    opened = [e for e in events if isinstance(e, BracketOpened) and e.bracket.score == 4]
    assert [e.bracket.homogeneous for e in opened] == [True, False]
    again = opened[1]
    assert again.reading == 22
    assert [p.id for p in again.bracket.players] == [9, 3, 11]
    assert again.bracket.moved_down == (9,)
    index = events.index(again)
    assert [e.rule for e in events[index - 2:index]] == ["C1", "C1"]
    assert events[index + 1].rule == "C4"
    fr, en = explain(again, "fr"), explain(again, "en")
    assert "après C1, le niveau 4 compte 9, 3, 11" in fr
    assert "moins de la moitié vient des niveaux supérieurs (9)" in fr
    assert "hétérogène" in fr and "Lecture 22" in fr
    assert "after C1" in en and "heterogeneous" in en and "Reading 22" in en
    assert event_to_json(again)["reading"] == 22


def test_a3_after_c1_the_other_way() -> None:
    """rtg-031 round 7, bracket 2.5: 13 from above with 10 and 11
    (heterogeneous); C1 sends 10 on; {13, 11} has half from above: treated
    as homogeneous (A3's last sentence), told again."""
    events = _events(VECTORS / "dutch2017" / "rtg-031-p15-r10.trf", 7)
    again = [e for e in events if isinstance(e, BracketOpened) and e.reading == 22]
    assert len(again) == 1
    assert again[0].bracket.homogeneous and again[0].bracket.moved_down == (13,)
    assert "traité comme homogène" in explain(again[0], "fr")


def test_no_a3_line_when_c1_changes_nothing() -> None:
    """A bracket whose kind C1 does not change (cours-c12-refus round 4:
    the one moved-down player floats on, the rest is plainly homogeneous)
    has one A3 line."""
    events = list(trace(read_trf(Path(__file__).resolve().parent.parent / "data"
                                 / "cours-c12-refus.trf").tournament, 4))
    assert not any(isinstance(e, BracketOpened) and e.reading for e in events)


# -- 2. C14 in a remainder group ---------------------------------------------


def test_c14_in_a_remainder_names_the_remainder() -> None:
    """Seed 000, C14: « Diminuer p de 1 ... »; with p = 0 in a remainder
    group only the remainder's players move down, not « tout le niveau ».
    rtg-031 round 6, bracket 2: 12–14 kept, the remainder (9, 13) floats."""
    events = _events(VECTORS / "dutch2017" / "rtg-031-p15-r10.trf", 6)
    step = [e for e in events if isinstance(e, PDecreased) and e.bracket.p == 0
            and e.bracket.remainder]
    assert step
    fr = explain(step[0], "fr")
    assert "tout le niveau" not in fr
    assert "niveau résiduel du niveau 2 (9 et 13)" in fr
    assert "remainder group of score bracket 2 (9 and 13)" in explain(step[0], "en")


# -- 3. C10's summary ----------------------------------------------------------


def test_c10_summary_lists_the_remainders_own_reasons() -> None:
    """Seed 000, C10: « Dans le cas d'un niveau homogène résiduel, défaire
    l'appariement du plus petit flotteur descendant ... »: the summary of the
    failed remainder groups (rtg-023 round 5, remainder 2, 4, 6, 9) lists
    what stopped those groups; 1–2 (B1a) and 3–4 (B1a) are refusals of the
    moved-down players' candidates, before any remainder existed: said
    apart.  Its steps are C6 to C9 (C11 is the whole bracket's)."""
    events = _events(VECTORS / "dutch2026" / "rtg-023-p15-r05.trf", 5)
    summary = [e for e in events if isinstance(e, PairingsTried) and e.rule == "C10"]
    assert summary
    event = summary[0]
    remainder = set(event.moved_down[0])
    assert remainder == {2, 4, 6, 9}
    for reason in event.reasons:
        assert set(reason.players) <= remainder, reason
    assert {frozenset(r.players) for r in event.refused if r.criterion == "B1a"} >= {
        frozenset({1, 2}), frozenset({3, 4})}
    fr = explain(event, "fr")
    assert "C6 à C11" not in fr and "C6 à C9" in fr
    head, _, tail = fr.partition("En chemin")
    assert "1 et 2" not in head and "1 et 2" in tail
    assert "C6 to C9" in explain(event, "en")


# -- 4. An accepted pair that needs a dropped criterion --------------------------


def test_accepted_candidate_says_the_dropped_criterion_it_needs() -> None:
    """Seed 000, B6: « Aucun joueur ne flottera dans le même sens que deux
    rondes auparavant »; C9: « Abandonner les critères B6 puis B5 pour les
    flotteurs descendants ».  gen-00020 round 4: the remainder's 6–7 leaves
    10 to float down, who floated down two rounds before: allowed only
    because C9 dropped B6.  « les critères sont respectés » is not said."""
    events = _events(HAND / "gen-00020.trf", 4)
    accepted = [e for e in events if isinstance(e, CandidateTried) and e.accepted
                and e.pairs == ((6, 7),)]
    assert accepted
    event = accepted[-1]
    assert [(r.criterion, r.players) for r in event.waived] == [("B6", (10,))]
    fr = explain(event, "fr")
    assert "les critères sont respectés" not in fr
    assert "encore en vigueur" in fr and "B6 abandonné par C9" in fr
    assert "B6 dropped by C9" in explain(event, "en")
    plain = [e for e in events if isinstance(e, CandidateTried) and e.accepted
             and not e.bracket.dropped]
    assert all(not e.waived for e in plain)


# -- 5. Dropped criteria after a restart ------------------------------------------


@pytest.mark.parametrize("restart", ["C2", "C3"])
def test_c9_again_after_a_restart_says_what_restored_it(restart: str) -> None:
    """Seed 000, C10: « abandonner le critère B6 puis B5 pour les flotteurs
    montants et recommencer en C2 »; C11: « Recommencer en C3 ».  The engine
    starts the next remainder group with B6/B5 for downfloaters in force
    again and its C9 drops them again: the line says the restart restored
    them (reading 1 says how long a drop lasts).  rtg-052 round 6, bracket
    2 (47 moved down; remainder 46, 48, 52): both restarts."""
    events = _events(VECTORS / "dutch2026" / "rtg-052-p53-r11.trf", 6)
    drops = [e for e in events if isinstance(e, CriterionDropped) and e.rule == "C9"
             and e.bracket.remainder]
    assert drops and drops[0].restored is None
    again = [e for e in drops if e.restored == restart]
    assert again
    fr = explain(again[0], "fr")
    assert "De nouveau" in fr and f"recommencé en {restart}" in fr
    assert f"restarted at {restart}" in explain(again[0], "en")
    assert event_to_json(again[0])["restored"] == restart


def test_reading_1_says_how_long_a_drop_lasts() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs"
            / "reading-the-1998-text.md").read_text(encoding="utf-8")
    reading_1 = text.split("\n1. ", 1)[1].split("\n2. ", 1)[0]
    assert "A dropped criterion stays dropped for the bracket" not in reading_1
    assert "Recommencer en C3" in reading_1 and "recommencer en C2" in reading_1
    assert "C10 before any remainder group" in reading_1
    assert "\n22. **A3 after C1.**" in text and "\n23. **C10 with several" in text


# -- 6. C12's look-ahead ------------------------------------------------------------


def test_c12_names_the_bracket_that_failed() -> None:
    """Seed 000, C12: the other pairing is kept if it « permet p appariements
    dans le niveau en cours ».  baku-031 round 9: with 14 down, bracket 3
    could make its p pairs; the lowest bracket (2.5) could not be paired
    after it, which the engine's C12 checks before keeping a pairing."""
    events = _events(VECTORS / "dutch2026-baku" / "baku-031-p23-r11.trf", 9)
    tried = [e for e in events if isinstance(e, PairingsTried) and e.rule == "C12"]
    assert tried
    event = tried[0]
    assert event.beyond == 1 and event.beyond_bracket is not None
    assert event.beyond_bracket.score == 2.5
    fr = explain(event, "fr")
    assert "ne permettent pas au niveau 3" not in fr
    assert "le niveau 3 pourrait faire ses p appariements" in fr
    assert "le niveau 2,5 ne pourrait alors l'être" in fr
    assert "score bracket 2.5 then could not" in explain(event, "en")


# -- C13's join kept: the joined bracket stays the lowest one ---------------


def test_c13_join_kept_as_one_lowest_bracket() -> None:
    """Seed 000, C13: « Si, dans l'avant dernier niveau de points, p devient
    égal à zéro (…), alors les deux niveaux les plus bas seront regroupés en
    un seul.  Etant donné que c'est maintenant un autre niveau qui devient
    l'avant-dernier, C13 peut être répété ».  rtg-026 round 5
    (analysis-rtg-026-p12-r07-r5.md): the lowest {11, 10} fails, bracket 1
    {2, 9, 11} cannot help (10 has met all three): it is joined with the
    lowest; C13 re-pairs bracket 2 (1–8, 7 and 12 down), and 7 and 12 go
    into the joined bracket {7, 12, 2, 9, 11, 10}, paired as ONE bracket
    (5 of 6 from above: homogeneous): 7–9, 12–10, 2–11.  Bracket 1 is not
    formed again on its own score (the engine did so before: 2–7, 9–11)."""
    events = _events(VECTORS / "dutch2026" / "rtg-026-p12-r07.trf", 5)
    paired = events[-1]
    assert isinstance(paired, RoundPaired)
    assert [(b.white, b.black) for b in paired.boards] == [
        (3, 5), (4, 6), (8, 1), (9, 7), (12, 10), (2, 11)]
    climbed = next(i for i, e in enumerate(events)
                   if isinstance(e, BracketUndone) and e.rule == "C13" and e.step == "undone"
                   and e.bracket.score == 2)
    opened = [e for e in events[climbed:] if isinstance(e, BracketOpened)]
    assert opened and all(e.bracket.score != 1 for e in opened)
    joined = [e for e in opened if e.bracket.lowest]
    assert joined, "the joined lowest bracket opens after C13 climbs"
    view = joined[-1].bracket
    assert view.score == 0 and view.homogeneous and joined[-1].reading is None
    assert [p.id for p in view.players] == [7, 12, 2, 9, 11, 10]
    assert view.moved_down == (7, 12, 2, 9, 11)
    fr, en = explain(joined[-1], "fr"), explain(joined[-1], "en")
    assert "niveau de points 0 : 7, 12, 2, 9, 11, 10" in fr and "dernier niveau" in fr
    assert "7, 12, 2, 9, 11, 10" in en
    # C13 says bracket 2 is now the penultimate one (bracket 1 joined).
    said = explain(events[climbed], "fr")
    assert "niveau 2, devenu l'avant-dernier" in said


def test_c13_join_told_when_the_bracket_below_is_the_joined_lowest() -> None:
    """Seed 000, C13 repeated (analysis-rtg-003-t19-r07-r7.md): 10.0 is
    joined with 9.0; C13 re-pairs 11.0, down to p = 0: its players 8 and
    13 join the joined lowest bracket, told once as the join of the two
    lowest brackets, a bracket of nine that opens as one (A3); pairing as
    the hand analysis gives it."""
    path = VECTORS / "team2026" / "rtg-003-t19-r07.trf"
    need_shared(path)
    events = list(trace(read_input(str(path)).tournament, 7))   # a team file (cli reads it)
    merged = [e for e in events if isinstance(e, BracketsMerged)]
    assert len(merged) == 1
    view = merged[0].bracket
    assert [p.id for p in view.players] == [8, 13, 12, 16, 17, 14, 15, 18, 19]
    assert merged[0].penultimate is not None and merged[0].penultimate.score == 11
    after = events[events.index(merged[0]) + 1]
    assert isinstance(after, BracketOpened) and after.bracket.players == view.players
    assert "les deux niveaux les plus bas sont regroupés en un seul, le niveau 9 : " \
        "8, 13, 12, 16, 17, 14, 15, 18, 19" in explain(merged[0], "fr")
    paired = events[-1]
    assert isinstance(paired, RoundPaired)
    assert [(b.white, b.black) for b in paired.boards][4:] == [
        (10, 11), (14, 8), (18, 13), (15, 16), (17, 19)]
    assert paired.byes == (12,)


# -- Reading 25: C14 before C12 and C13 in the lowest bracket ---------------


def test_c14_in_the_lowest_bracket_says_the_text_puts_c13_first() -> None:
    # Seed 000 lists « C 12 : Dans le cas d'un niveau de points hétérogène,
    # défaire l'appariement du précédent niveau », « C 13 : Dans le cas du
    # niveau de point le plus bas, l'appariement de l'avant dernier niveau
    # est annulé » and only then « C 14 : Diminuer p de 1 »: in the lowest
    # bracket, lowering p first is a reading (25), and its line says so.
    events = _events(TEST_DATA / "dutch1998" / "het-c14-p1.trf", 5)
    lowered = [e for e in events if isinstance(e, PDecreased)]
    assert lowered and all(e.bracket.lowest for e in lowered)
    assert [e.reading for e in lowered] == [25] * len(lowered)
    assert event_to_json(lowered[0])["reading"] == 25
    fr, en = explain(lowered[0], "fr"), explain(lowered[0], "en")
    assert fr.startswith("C14 : p passe à 1") and "Lecture 25 : " in fr
    assert "C12 (niveau hétérogène) et C13 avant C14" in fr
    assert "Reading 25: " in en and "C12 (heterogeneous bracket) and C13 before C14" in en


def test_c14_above_the_lowest_bracket_is_the_text() -> None:
    # Above the lowest bracket C14 comes where the text puts it: no reading.
    found = []
    for path in sorted((ROOT / "data").glob("cours-*.trf")):
        tournament = read_trf(path).tournament
        for round in range(2, tournament.rounds_paired + 1):
            found += [e for e in trace(tournament, round)
                      if isinstance(e, PDecreased) and not e.bracket.lowest]
    assert found and all(e.reading is None for e in found)
    assert all("Lecture" not in explain(e, "fr") for e in found)
    assert all("reading" not in event_to_json(e) for e in found)
