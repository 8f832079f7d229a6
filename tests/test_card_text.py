"""The card checks what seed 000 allows, not only what the trace happens to
say (issue 29, item 5): any criterion a candidate truly breaks, the rule the
text reaches next among C9-C14, the D2 order of the exchanges, x before p
before S1/S2 (C2, C3, C4), set answers counted, answers with or without
commas.  Each case is worked out from seed 000 by hand first.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from conftest import DATA
from swisslearn.card import answers
from swisslearn.card.breaches import breaches
from swisslearn.card.session import (VERDICT_LABELS, CardSession, card_trace, prompt,
                                     step_answer)
from swisslearn.card.steps import (BracketStep, ExchangeStep, PStep, RelaxStep, SplitStep, Step,
                                   VerdictStep, XStep, read_trace, text_next)
from swisslearn.dutch1998.procedure import trace
from swisslearn.formats.trf import read_trf
from swisslearn.trace import BracketView, CandidateTried

HAND = Path(__file__).resolve().parent / "data" / "dutch1998" / "hand"


def session_at(name: str, round: int, found: Callable[[Step | None], bool]) -> CardSession:
    """A session of ``name`` round ``round`` moved (right answers) to the
    first step ``found(step)`` accepts."""
    tournament = read_trf(DATA / f"{name}.trf").tournament
    session = CardSession.for_round(tournament, round)
    while not found(session.step):
        assert session.step is not None
        assert session.check(step_answer(session.step, session.cat)).correct
    return session


def is_verdict_on(pairs: tuple[tuple[int, int], ...]) -> Callable[[Step | None], bool]:
    return lambda step: isinstance(step, VerdictStep) and step.pairs == pairs


def test_any_criterion_the_candidate_breaks_is_right() -> None:
    """cours-c10, round 3, bracket 1 (1, 5, 7; x = 0): the candidate 1-7
    leaves 5 over, who floated down last round (B5), and 1 (−0, B) and 7
    (−1, B!) both want White with x = 0 (B4).  The trace names the first in
    article B's order (B4, reading 1: C6 itself checks only B1-B2) and B5 in
    ``also``; « B5 » is as true.  B6 is not broken."""
    session = session_at("cours-c10", 3, is_verdict_on(((1, 7),)))
    step = session.step
    assert isinstance(step, VerdictStep) and step.criterion == "B4" and step.also == ("B5",)
    wrong = session.check("B6")
    assert not wrong.correct and wrong.message.endswith("B6 n'est pas enfreint par ce candidat.")
    right = session.check("b5")
    assert right.correct
    assert right.message.startswith("Juste. B5 est bien enfreint ; le texte vérifie d'abord B4.")
    # The first criterion itself needs no note.
    again = session_at("cours-c10", 3, is_verdict_on(((1, 7),)))
    assert again.check("B4").message.startswith("Juste. C7 :")


def test_the_breaches_are_worked_out_from_the_criteria() -> None:
    """The card's own reading of B1-B6 on the default trace's candidates:
    the same as the literal trace's first criterion, in the text's order."""
    tournament = read_trf(DATA / "cours-c10.trf").tournament
    events = card_trace(tournament, 3)
    candidate = next(e for e in events if isinstance(e, CandidateTried)
                     and e.pairs == ((1, 7),) and e.exchange is None)
    assert candidate.rejection is not None and candidate.rejection.criterion == "B4"
    assert [r.criterion for r in candidate.also] == ["B5"]
    states = {s.id: s for s in tournament.truncated(2).states(3)}
    assert [r.criterion for r in breaches(candidate, states)] == ["B4", "B5"]
    # Every refused candidate of the literal trace breaks the criterion it names.
    for path in sorted(DATA.glob("cours-*.trf")):
        course = read_trf(path).tournament
        for number in range(2, course.rounds_paired + 1):
            states = {s.id: s for s in course.truncated(number - 1).states(number)}
            for event in card_trace(course, number):
                if isinstance(event, CandidateTried) and event.rejection is not None \
                        and event.rejection.criterion.startswith("B") and event.pairs:
                    named = {r.criterion for r in breaches(event, states)}
                    assert event.rejection.criterion in named, (path.name, number, event)


def test_the_d2_order_is_checked() -> None:
    """D2: « la différence entre les numéros échangés doit être la plus petite
    possible »: in cours-c10 round 3, bracket 1 (S1 = 1, S2 = 5, 7), 1↔5
    (difference 4, case a) comes before 1↔7 (6, case b)."""
    session = session_at("cours-c10", 3, lambda step: isinstance(step, ExchangeStep))
    for skipping in ("1-7", "1<->7", "b"):
        feedback = session.check(skipping)
        assert not feedback.correct
        assert feedback.message.endswith(
            "1 ↔ 7 (case b) vient plus loin dans l'ordre D2 : l'échange suivant est "
            "1 ↔ 5 (case a).")
    assert session.check("1↔5").correct


def test_the_rule_the_text_reaches_is_right() -> None:
    """cours-c10, round 3, the lowest bracket (7 moved down; 4, 6): 7 floated
    down two rounds before and floats down again whoever he meets (B6), and
    7-4 and 7-6 fail on the upfloats too (B5).  C9 first, the trace's and
    the text's (« Abandonner les critères B6 puis B5 pour les flotteurs
    descendants »); then the trace's C10 (reading 1: no remainder group
    yet), where the text, whose C10 is only « dans le cas d'un niveau
    homogène résiduel », goes to C11 (x = 0 < p = 1): both are right; C14 is
    not (C11 comes first)."""
    session = session_at("cours-c10", 3, lambda step: isinstance(step, RelaxStep)
                         and step.place is not None and step.place.lowest)
    step = session.step
    assert isinstance(step, RelaxStep) and step.rule == "C9" and step.text_rules == ()
    session = session_at("cours-c10", 3, lambda step: isinstance(step, RelaxStep)
                         and step.place is not None and step.place.lowest
                         and step.rule == "C10")
    step = session.step
    assert isinstance(step, RelaxStep) and step.text_rules == ("C11",)
    assert not session.check("C14").correct
    right = session.check("C11")
    assert right.correct and right.message.startswith(
        "Juste. C11 est la règle suivante du texte (seed 000) ; la trace, elle, applique ici : "
        "C10 : on abandonne B6 pour les flotteurs montants.")


def test_c12_and_c13_at_a_heterogeneous_lowest_bracket() -> None:
    """cours-c10, round 4: the lowest bracket is heterogeneous; once x = p
    C11 has nothing left to raise and both C12 (« dans le cas d'un niveau
    de points hétérogène ») and C13 (« dans le cas du niveau de point le plus
    bas ») are the text's."""
    tournament = read_trf(DATA / "cours-c10.trf").tournament
    reading = read_trace(card_trace(tournament, 4))
    both = [s for s in reading.steps if isinstance(s, RelaxStep) and "C13" in s.text_rules]
    assert both and all(s.place is not None and s.place.lowest for s in both)
    session = CardSession(reading)
    while session.step is not both[0]:
        assert session.step is not None
        session.check(step_answer(session.step, session.cat))
    assert session.check("C13").correct


def test_text_next_follows_seed_000() -> None:
    view = BracketView(index=2, score=Decimal("0.5"), players=(), moved_down=(7,),
                       homogeneous=False, lowest=True, x=0, p=1)
    assert text_next(view) == ("C9",)
    dropped = view.with_(dropped=("B6 down", "B5 down"))
    assert text_next(dropped) == ("C11",)                    # x < p
    assert text_next(dropped.with_(x=1)) == ("C12", "C13")   # heterogeneous and lowest
    assert text_next(dropped.with_(x=1, lowest=False)) == ("C12",)
    remainder = dropped.with_(remainder=True, homogeneous=True)
    assert text_next(remainder) == ("C10",)
    assert text_next(remainder.with_(dropped=("B6 down", "B5 down", "B6 up", "B5 up"),
                                     x=1, lowest=False)) == ("C14",)


def test_every_label_the_verdict_expects_is_offered() -> None:
    """The verdict's prompt names every label a candidate of data/ is
    refused by (C12 and C13 among them), and every criterion it also breaks."""
    seen: set[str] = set()
    for path in sorted(DATA.glob("*.trf")):
        if path.name.startswith(("equipes", "protections")):
            continue
        tournament = read_trf(path).tournament
        for number in range(2, tournament.rounds_paired + 1):
            for step in read_trace(card_trace(tournament, number)).steps:
                if isinstance(step, VerdictStep) and not step.accepted:
                    seen.update((step.criterion, *step.also))
    assert {"C12", "C13", "B4", "B5"} <= seen
    assert seen <= set(VERDICT_LABELS)
    session = session_at("cours-c10", 3, is_verdict_on(((1, 7),)))
    assert session.step is not None
    words = prompt(session.step, session.cat)
    assert all(label in words for label in VERDICT_LABELS)


def test_x_then_p_then_s1_s2() -> None:
    """C2 « Calculer x », C3 « Calculer p », C4 « Placer les p joueurs les
    plus forts en S1 »: every bracket's first split comes in that order."""
    tournament = read_trf(DATA / "cours-definitions.trf").tournament
    steps = read_trace(card_trace(tournament, 3)).steps
    for index, step in enumerate(steps):
        if isinstance(step, XStep):
            assert isinstance(steps[index + 1], PStep) and isinstance(steps[index + 2], SplitStep)
            assert (step.rule, steps[index + 1].rule) == ("C2", "C3")
    kinds = [s.kind for s in steps if s.kind in ("x", "p", "split")]
    assert kinds[:3] == ["x", "p", "split"]


def test_set_answers_are_counted_not_named() -> None:
    """A set answer is told how many are missing and how many are extra."""
    session = session_at("cours-definitions", 3, lambda step: isinstance(step, BracketStep)
                         and len(step.players) >= 4)
    step = session.step
    assert isinstance(step, BracketStep)
    written = " ".join(str(p) for p in (*step.players[2:], 99))
    feedback = session.check(written)
    assert feedback.message.endswith("— 2 manquants, 1 en trop.")     # no names
    english = CardSession(session.reading, "en")
    english.position = session.position
    assert english.check(written).message.endswith("— 2 missing, 1 extra.")


def test_answers_with_or_without_commas() -> None:
    assert answers.players("1 3 5") == answers.players("1, 3, 5") == (1, 3, 5)
    assert answers.ordered_pairs("1-3 5-7") == answers.ordered_pairs("1-3, 5-7") \
        == ((1, 3), (5, 7))
    assert answers.ordered_pairs("3 - 1 2 - 7 8-5") == ((3, 1), (2, 7), (8, 5))
    assert answers.ordered_pairs("1-3 5") is None
    assert answers.whole_round("3-1 2-7 ; exempt 12") == (((3, 1), (2, 7)), (12,))
    session = session_at("cours-definitions", 3, lambda step: step is not None
                         and step.kind == "candidate" and len(getattr(step, "pairs", ())) >= 2)
    step: Step | None = session.step
    assert step is not None
    pairs = getattr(step, "pairs")
    assert session.check(" ".join(f"{a}-{b}" for a, b in pairs)).correct


def test_the_default_trace_still_reads() -> None:
    """A trace without ``also`` (the default mode) is read as before."""
    tournament = read_trf(DATA / "cours-c10.trf").tournament
    reading = read_trace(trace(tournament, 3))
    assert any(isinstance(s, VerdictStep) for s in reading.steps)


def _x_session(path: Path, round: int, found: Callable[[XStep], bool]) -> CardSession:
    """A session moved (right answers) to the first x step ``found`` accepts."""
    session = CardSession.for_round(read_trf(path).tournament, round)
    while not (isinstance(session.step, XStep) and found(session.step)):
        assert session.step is not None
        assert session.check(step_answer(session.step, session.cat)).correct
    return session


def test_the_card_asks_a8s_x_and_shows_c11s_raise() -> None:
    """A generated round (tests/data/dutch1998/card-x-raised.trf, round 5,
    bracket 2.5): after 2–4, the remainder group 3, 6, 8 has b = 2, n = 1,
    q = 2: A8 gives x = 0 (C6: « Recommencer en C2 avec les joueurs
    restants »).  C11 had raised the bracket's x to p = 1 and the remainder's
    rises with it (reading 3).  The card asks C2's x: 0 is right, and the
    raise is shown beside it; 1, the x in force, is C11's, not C2's."""
    path = HAND.parent / "card-x-raised.trf"

    def remainder(step: XStep) -> bool:
        return step.place is not None and step.place.remainder and step.in_force != step.x

    session = _x_session(path, 5, remainder)
    step = session.step
    assert isinstance(step, XStep)
    assert (step.x, step.in_force, step.raised_by) == (0, 1, "C11")
    right = session.check("0")
    assert right.correct and "C11 l'a ensuite porté à x = 1" in right.message
    again = _x_session(path, 5, remainder)
    wrong = again.check("1")
    assert not wrong.correct and "x = 1 est le x de ce niveau après C11" in wrong.message
    assert step_answer(step, session.cat) == "x = 0 (b = 2, n = 1, q = 2)"


def test_the_card_asks_a8s_x_above_p() -> None:
    """tests/data/dutch1998/a8-above-p.trf, round 6, bracket 2.5: 4 moved
    down onto 2, 6, 9; b = 4, n = 0, q = 2: A8 gives x = 2, more than p = 1
    (B4 then refuses no pair).  C2's answer is 2, not p."""
    session = _x_session(HAND.parent / "a8-above-p.trf", 6, lambda step: step.x != step.in_force)
    step = session.step
    assert isinstance(step, XStep) and (step.x, step.in_force, step.raised_by) == (2, 1, "p")
    wrong = session.check("1")
    assert not wrong.correct
    right = session.check("2")
    assert right.correct and "B4 ne refuse aucun appariement" in right.message
