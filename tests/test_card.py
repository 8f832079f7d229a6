"""The pairing card: a trainee pairs whole rounds through the card's plain
functions, with right and wrong answers, and the feedback is asserted.

The rounds come from the course's files and from the card's own generator;
the answers are typed as a trainee types them (``"1 3 / 5 6"``, ``"b4"``,
``"4-5"``), not as the card prints them.  The tests go by the kind of each
step, not by its number, so that they hold when the trace tells a step in
another place (the 1998 narrative issue reorders C12/C13 and adds ranges).
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from conftest import DATA
from swisslearn.card import answers
from swisslearn.card.rounds import MockExam, check_round, exercise_round, round_text
from swisslearn.card.session import CardSession, card_trace, step_answer
from swisslearn.card.sheet import card_sheet, colour_difference_notation
from swisslearn.card.steps import (BoardsStep, BracketStep, ByeStep, CandidateStep, ColourStep,
                                   ExchangeStep, FloatersStep, MovedDownStep, PairsStep,
                                   PStep, RelaxStep, SplitStep, UndoStep, VerdictStep, XStep, level_of,
                                   read_trace)
from swisslearn.dutch1998.procedure import trace
from swisslearn.formats.trf import parse_trf, read_trf
from swisslearn.trace import Event, RoundPaired, RoundStarted


def typed(step: object) -> str:
    """The right answer of a step, typed as a trainee would."""
    if isinstance(step, BracketStep):
        return " ".join(map(str, reversed(step.players)))
    if isinstance(step, MovedDownStep):
        return ",".join(map(str, step.players))
    if isinstance(step, SplitStep):
        return f"{' '.join(map(str, step.s1))} / {' '.join(map(str, step.s2))}"
    if isinstance(step, XStep):
        return f"x={step.x}"
    if isinstance(step, PStep):
        return f"p = {step.p}"
    if isinstance(step, (CandidateStep, PairsStep)):
        return ", ".join(f"{b} - {a}" for a, b in step.pairs)     # either way round
    if isinstance(step, VerdictStep):
        return "oui" if step.accepted else step.criterion.lower()
    if isinstance(step, ExchangeStep):
        return "+".join(map(str, step.from_s1)) + "<->" + "+".join(map(str, step.from_s2))
    if isinstance(step, (RelaxStep, UndoStep)):
        return step.rule.lower()
    if isinstance(step, FloatersStep):
        return " ".join(map(str, step.moved_down)) or "personne"
    if isinstance(step, ByeStep):
        return f"n° {step.player}"
    if isinstance(step, ColourStep):
        return str(step.white)
    if isinstance(step, BoardsStep):
        return ", ".join(f"{w}-{b}" for w, b in step.boards)
    raise AssertionError(step)


def wrong(step: object) -> str | None:
    """A plausible wrong answer for the step, or None."""
    if isinstance(step, BracketStep):
        return " ".join(map(str, step.players[:-1])) or None
    if isinstance(step, SplitStep):
        return f"{' '.join(map(str, step.s2))} / {' '.join(map(str, step.s1))}"
    if isinstance(step, XStep):
        return str(step.x + 1)
    if isinstance(step, PStep):
        return str(step.p + 1)
    if isinstance(step, CandidateStep) and len(step.pairs) >= 2:
        (a, b), (c, d) = step.pairs[:2]
        return f"{a}-{d}, {c}-{b}"
    if isinstance(step, VerdictStep):
        return "B6" if step.accepted else ("oui" if step.criterion != "" else None)
    if isinstance(step, ColourStep):
        return str(step.black)
    if isinstance(step, BoardsStep) and len(step.boards) >= 2:
        return ", ".join(f"{w}-{b}" for w, b in reversed(step.boards))
    return None


def play(session: CardSession, *, mistakes: bool = True) -> dict[str, list[str]]:
    """Play the round to the end; one mistake at the first step of each kind.
    Returns the wrong-answer messages by kind."""
    seen: dict[str, list[str]] = {}
    while not session.done:
        step = session.step
        assert step is not None
        mistake = wrong(step) if mistakes and step.kind not in seen else None
        if mistake is not None:
            before = session.position
            feedback = session.check(mistake)
            assert not feedback.correct, (step, mistake)
            assert session.position == before                      # it does not move on
            assert feedback.step == before and feedback.rule == step.rule
            assert f"{before + 1}" in feedback.message and step.rule in feedback.message
            assert feedback.hint and feedback.hint != feedback.message
            assert step_answer(step, session.cat) not in feedback.message or \
                isinstance(step, (XStep, VerdictStep))               # no answer before asked
            seen.setdefault(step.kind, []).append(feedback.message)
        feedback = session.check(typed(step))
        assert feedback.correct, (step, typed(step), feedback.message)
        assert feedback.message.startswith("Juste")
    return seen


def test_a_full_round_with_right_and_wrong_answers() -> None:
    """cours-definitions, round 3: every kind of step but C9-C14, an exchange."""
    tournament = read_trf(DATA / "cours-definitions.trf").tournament
    session = CardSession.for_round(tournament, 3)
    kinds = {step.kind for step in session.steps}
    assert {"bracket", "x", "p", "split", "candidate", "verdict", "exchange", "floaters", "bye",
            "colour", "boards"} <= kinds
    messages = play(session)
    assert session.done and session.prompt().startswith("La ronde est appariée.")
    assert "en trop" not in messages["bracket"][0] and "1 manquant" in messages["bracket"][0]
    assert "dans S1, 1 manquant, 1 en trop" in messages["split"][0]
    assert "p ne vaut pas" in messages["p"][0]
    assert "x ne vaut pas" in messages["x"][0]
    assert "la paire" in messages["candidate"][0] and "n'en fait pas partie" in messages["candidate"][0]
    assert "a les noirs" in messages["colour"][0]
    assert "F1 place" in messages["boards"][0]
    verdicts = " ".join(messages["verdict"])
    assert "acceptable" in verdicts or "refusé" in verdicts
    first, done = session.score()
    assert done == len(session.steps) and first == done - len(messages)
    # What the card has written is the engine's round.
    result = session.reading.result
    assert result is not None
    assert {frozenset(p) for p in session.pairs_so_far()} == {
        frozenset((b.white, b.black)) for b in result.boards}


def test_the_exact_feedback_of_each_wrong_step() -> None:
    """The words of the first wrong answers of cours-definitions, round 3:
    x (C2), then p (C3), then S1/S2 (C4), the text's order; a set answer is
    told how many are missing or extra, never whom."""
    tournament = read_trf(DATA / "cours-definitions.trf").tournament
    session = CardSession.for_round(tournament, 3)
    feedback = session.check("1, 3, 4")
    assert feedback.message == ("Pas encore : étape 1, les joueurs du niveau 2 (A3) — "
                                "1 en trop.")
    assert session.check("1").message.endswith("— 1 manquant.")
    assert feedback.hint.startswith("A3 : le niveau 2 réunit les joueurs qui ont ce nombre de points")
    assert session.check("bonjour").message.endswith(
        "réponse illisible ; écrivez-la ainsi : 1, 3, 5.")
    assert session.check("3 1").correct
    assert session.prompt() == "Au niveau 2, C2 : combien vaut x (A8) ?"
    assert session.check("-1").message == ("Pas encore : étape 2, x du niveau 2 (C2) — "
                                           "x n'est jamais négatif : un x négatif se lit 0.")
    revealed = session.reveal()
    assert revealed.correct and revealed.revealed
    assert revealed.message == "Réponse : x = 1 (b = 2, n = 0, q = 1)."   # S1/S2 not given away
    assert session.prompt() == "Au niveau 2, C3 : combien vaut p (A6) ?"
    assert session.check("2").message == "Pas encore : étape 3, p du niveau 2 (C3) — p ne vaut pas 2."
    assert session.check("p = 1").correct
    feedback = session.check("3 / 1")
    assert feedback.message == ("Pas encore : étape 4, S1 et S2 du niveau 2 (C4) — "
                                "dans S1, 1 manquant, 1 en trop.")
    assert feedback.hint.startswith("A6 : dans un niveau homogène")
    right = session.check("S1 = 1 ; S2 = 3")
    assert right.correct and "C4 : S1 = 1, S2 = 3" in right.message     # the engine's sentence
    assert session.outcomes[1].revealed and session.score() == (0, 4)
    assert session.check(typed(session.step)).correct and session.score() == (1, 5)


def test_a_later_candidate_of_the_same_run_is_a_jump() -> None:
    """In the remainder group the trainee writes a later order of S2 at
    once: the card moves to it and says how many were passed over.  Not
    over an exchange: D2 is an order, the pairs of a later split are refused."""
    tournament = read_trf(DATA / "cours-definitions.trf").tournament
    session = CardSession.for_round(tournament, 3)
    while True:
        step = session.step
        assert step is not None
        if isinstance(step, CandidateStep) and not step.first and step.place is not None \
                and step.place.remainder:
            break
        session.check(typed(step))
    run = session.steps[session.position:]
    exchange = next(i for i, s in enumerate(run) if isinstance(s, ExchangeStep))
    last = [s for s in run[:exchange] if isinstance(s, CandidateStep)][-1]
    after = next(s for s in run if isinstance(s, VerdictStep) and s.accepted)
    assert run.index(after) > exchange
    refused = session.check(", ".join(f"{a}-{b}" for a, b in after.pairs))
    assert not refused.correct and "n'en fait pas partie" in refused.message
    feedback = session.check(", ".join(f"{a}-{b}" for a, b in last.pairs))
    assert feedback.correct and feedback.passed == 4
    assert f"passés d'un coup : {feedback.passed}" in feedback.message
    assert session.step is not None and session.step.kind == "verdict"


def test_every_step_of_every_course_round_accepts_its_answers() -> None:
    """The card's own answer and a trainee's typing are accepted at every
    step of every round of data/ (C9-C14, C12, C13 included)."""
    count = 0
    for path in sorted(DATA.glob("*.trf")):
        if path.name.startswith("equipes") or path.name.startswith("protections"):
            continue
        tournament = read_trf(path).tournament
        for round_number in range(2, tournament.rounds_paired + 1):
            # One trace per round for both sessions (`for_round` is this, and
            # is used by the tests above).
            reading = read_trace(card_trace(tournament, round_number))
            for answer in (typed, None):
                session = CardSession(reading)
                while not session.done:
                    step = session.step
                    assert step is not None
                    text = typed(step) if answer else step_answer(step, session.cat)
                    feedback = session.check(text)
                    assert feedback.correct, (path.name, round_number, step, text,
                                              feedback.message)
                    count += 1
    assert count > 2000


@pytest.mark.parametrize("level", [1, 2, 3])
def test_generated_rounds_are_of_their_level_and_playable(level: int) -> None:
    rounds = [exercise_round(level, seed) for seed in range(6)]
    assert len({r.answer() for r in rounds}) >= 4        # another seed, another round
    for exercise in rounds:
        assert level_of(exercise.events) == level
        assert exercise_round(level, exercise.seed).answer() == exercise.answer()
        # The card shows the tournament before the round; the engine pairs it
        # from that alone (the trace is the one of that tournament).
        assert card_trace(exercise.tournament, exercise.round)[-1] == exercise.result
        assert len(exercise.sheet().rows) == len(exercise.tournament)
        messages = play(exercise.session())
        assert messages
    kinds = {step.kind for r in rounds for step in r.reading.steps}
    if level == 3:
        assert "relax" in kinds or "undo" in kinds
    if level == 1:
        assert "moved_down" not in kinds


def test_english_card() -> None:
    tournament = read_trf(DATA / "cours-definitions.trf").tournament
    session = CardSession.for_round(tournament, 3, lang="en")
    assert session.prompt() == "Open bracket 2: which players are in it? (their numbers)"
    feedback = session.check("1, 3, 4")
    assert feedback.message == "Not yet: step 1, the players of bracket 2 (A3) — 1 extra."
    assert session.check("1 3").message.startswith("Right.")


# ---------------------------------------------------------------------------
# The steps read from the trace


def test_steps_pass_over_events_they_do_not_know() -> None:
    """An event kind the card does not know (a future range event) is
    passed over and shown with the next step; the steps stay the same."""

    @dataclasses.dataclass(frozen=True)
    class RangeSummary(Event):
        kind = "range_summary"
        count: int = 0

    tournament = read_trf(DATA / "cours-definitions.trf").tournament
    events = list(trace(tournament, 3, literal=True))
    reading = read_trace(events)
    extra = events[:3] + [RangeSummary(rule="C7", count=5)] + events[3:]
    with_extra = read_trace(extra)
    assert [type(s) for s in with_extra.steps] == [type(s) for s in reading.steps]
    index = next(i for i, s in enumerate(with_extra.steps) if 3 in with_extra.spans[i])
    assert any(isinstance(e, RangeSummary) for e in with_extra.passed_over(index))


def test_the_default_trace_is_read_too() -> None:
    """Without literal mode, ranges of candidates set aside are passed over:
    a trainee who writes the accepted candidate is right."""
    tournament = read_trf(DATA / "cours-procedure.trf").tournament
    session = CardSession(trace(tournament, 4))
    while not session.done:
        assert session.check(typed(session.step)).correct
    assert isinstance(session.reading.started, RoundStarted)


def test_levels_of_the_course_files() -> None:
    def level(name: str, round_number: int) -> int:
        return level_of(trace(read_trf(DATA / name).tournament, round_number))
    assert level("club-12-joueurs.trf", 2) == 1
    assert level("cours-definitions.trf", 3) == 2
    assert level("cours-c12.trf", 3) == 3


# ---------------------------------------------------------------------------
# What the trainee types


def test_answer_parsers() -> None:
    assert answers.players(" 4, 2 5 ") == (4, 2, 5) and answers.players("personne") == ()
    assert answers.players("4 et 5") is None
    assert answers.player("n° 12") == 12 and answers.player("12 a les blancs") == 12
    assert answers.player("3-1") is None
    assert answers.ordered_pairs("3–1, 2 - 7; 8 contre 5") == ((3, 1), (2, 7), (8, 5))
    assert answers.ordered_pairs("1. 3-1, 2. 2-7") == ((3, 1), (2, 7))
    assert answers.pairs("1-5, 6-2") == frozenset({frozenset((1, 5)), frozenset((2, 6))})
    assert answers.split("S1 = 1, 3 ; S2 = 5, 6") == ((1, 3), (5, 6))
    assert answers.split("1 3 / 5 6") == ((1, 3), (5, 6)) == answers.split("1,3 | 5,6")
    assert answers.split("1 3 5 6") is None
    assert answers.exchange("3+4<->5+7") == (frozenset({3, 4}), frozenset({5, 7}))
    assert answers.exchange("4↔5") == (frozenset({4}), frozenset({5}))
    assert answers.exchange("case b") == "b"
    assert answers.criterion("b1a") == "B1a" and answers.criterion("Oui !") == ""
    assert answers.criterion("refusé par B4") == "B4" and answers.criterion("C13") == "C13"
    assert answers.criterion("peut-être") is None
    assert answers.rule("c 11") == "C11" and answers.number("x = 2") == 2
    assert answers.whole_round("3-1, 2-7 ; exempt 12") == (((3, 1), (2, 7)), (12,))
    assert answers.whole_round("3-1, 2-7, 12 exempt") == (((3, 1), (2, 7)), (12,))
    assert answers.whole_round("3-1, 2-7") == (((3, 1), (2, 7)), ())


# ---------------------------------------------------------------------------
# The whole round, White first; the mock exam


def test_whole_round_answers_are_checked_with_colours() -> None:
    tournament = read_trf(DATA / "club-12-joueurs.trf").tournament
    events = tuple(trace(tournament, 4))
    result = events[-1]
    assert isinstance(result, RoundPaired)
    right = ", ".join(f"{b.white}-{b.black}" for b in reversed(result.boards))
    assert check_round(events, right).correct                  # any board order
    # 1-3 is the pair of board 1, but 3 has White: wrong, and why() says so.
    swapped = right.replace("3-1", "1-3")
    verdict = check_round(events, swapped)
    assert not verdict.correct and verdict.first_wrong == (1, 3)
    assert verdict.message.startswith("Premier échiquier faux : 1–3, la paire est juste mais "
                                      "les couleurs sont inversées")
    assert "E4" in verdict.message and verdict.right == verdict.total - 1
    verdict = check_round(events, "1-2, " + right)
    assert verdict.first_wrong == (1, 2) and "A3" in verdict.message and "B3" in verdict.message
    assert "ronde 4 appariée" not in verdict.message      # never the round's summary as feedback
    assert check_round(events, "n'importe quoi").message.startswith("Réponse illisible")
    assert check_round(events, right.rsplit(",", 1)[0]).message.startswith("Il manque")
    assert round_text(result) == "3–1, 2–7, 8–5, 4–11, 6–9, 10–12"


def test_the_bye_in_a_whole_round() -> None:
    exercise = next(e for e in (exercise_round(2, s) for s in range(20)) if e.result.byes)
    answer = exercise.answer()
    assert "exempt" in answer and check_round(exercise.events, answer).correct
    boards = answer.split(" ; ")[0]
    verdict = check_round(exercise.events, boards)
    assert not verdict.correct and verdict.message == "Il manque l'exempt."


def test_the_mock_exam() -> None:
    now = [0.0]
    exam = MockExam(seed=3, minutes=20, clock=lambda: now[0])
    assert [r.exercise.level for r in exam.rounds] == [1, 2, 3]
    assert exam.remaining() == 20 * 60
    assert exam.answer(0, exam.rounds[0].exercise.answer())
    # A wrong first board (the level-2 round drawn depends on what the
    # engine tells: its first two boards crossed).
    boards = exam.rounds[1].exercise.result.boards
    assert exam.answer(1, f"{boards[0].white}-{boards[1].black}")
    now[0] = 21 * 60                                  # time is up: the last answer is not taken
    assert not exam.answer(2, exam.rounds[2].exercise.answer())
    assert exam.finished and exam.rounds[2].answer == ""
    assert exam.score() == pytest.approx(20 / 3, abs=0.05)
    report = exam.report()
    assert report.startswith("Examen blanc : 6,7 sur 20, en 20 min 00 s.")
    assert "Ronde 2 (niveau 2) : 0 sur" in report and "Premier échiquier faux" in report


# ---------------------------------------------------------------------------
# The card itself


def test_the_card_sheet() -> None:
    tournament = read_trf(DATA / "club-12-joueurs.trf").tournament
    sheet = card_sheet(tournament, 4)
    assert [row.id for row in sheet.rows] == [1, 3, 2, 5, 7, 8, 4, 6, 9, 10, 11, 12]
    table = sheet.table()
    assert table[0] == ["N°", "Nom", "Elo", "R1", "R2", "R3", "Pts", "Diff.", "Préf.",
                        "Ronde à apparier"]
    three = table[2]
    assert three[:6] == ["3", "Joueur 003", "2297", "9B 1", "10N 1", "6B 1 ↓"]
    assert three[6:9] == ["3", "+1", "N!"]
    four = next(line for line in table if line[0] == "4")
    assert four[3:6] == ["10N −", "9N −", "9N 1 ↑"]      # forfeits: no game (F2)
    ten = next(line for line in table if line[0] == "10")
    assert ten[7:9] == ["-0", "B"]                     # A7: -0, preference white
    english = sheet.in_language("en").table()
    assert english[2][3:6] == ["9W 1", "10B 1", "6W 1 ↓"]
    assert "<table class='swisslearn-card'" in sheet._repr_html_()
    assert "fiche d'appariement avant la ronde 4" in sheet.text()
    last = card_sheet(tournament, 5)
    assert last.last_round and "plus de 50 %" in last.text()


def test_colour_difference_notation() -> None:
    text = ("012 T\nXXR 3\n"
            "001    1      A                                 2000                             1.0    1     2 w 1\n"
            "001    2      B                                 1900                             0.0    2     1 b 0\n")
    states = {s.id: s for s in parse_trf(text).tournament.states(2)}
    assert colour_difference_notation(states[1]) == "+1"
    assert colour_difference_notation(states[2]) == "-1"
    assert Decimal(1) == states[1].score


def test_the_card_follows_c1_straight_to_c12() -> None:
    """cours-c12, round 3: 5, moved down to 0,5, can meet nobody there; C1
    sends the procedure to C12 at once (issue 17's order): the card asks for
    C12 next, with no C9-C11 step of that bracket before it, and shows C1's
    sentence with it."""
    tournament = read_trf(DATA / "cours-c12.trf").tournament
    reading = read_trace(trace(tournament, 3))
    stuck = next(i for i, e in enumerate(reading.events) if e.kind == "player_stuck")
    index = next(i for i, s in enumerate(reading.steps) if s.event > stuck)
    step = reading.steps[index]
    assert isinstance(step, UndoStep) and step.rule == "C12"
    assert (step.failed, step.redone) == (Decimal("0.5"), Decimal("1.5"))
    assert any(e.kind == "player_stuck" for e in reading.passed_over(index))
    session = CardSession(reading)
    while session.step is not step:
        assert session.step is not None
        assert session.check(step_answer(session.step, session.cat)).correct
    assert not session.check("C9").correct and session.check("C12").correct


def test_the_card_plays_c10s_other_opponent() -> None:
    """cours-c10-adversaire, round 3: 3–1 is accepted, the remainder 2, 6
    fails, and the card then wants 3–2 (C10: another opponent, back to C7)."""
    tournament = read_trf(DATA / "cours-c10-adversaire.trf").tournament
    session = CardSession(read_trace(trace(tournament, 3)))
    seen = []
    while not session.done:
        step = session.step
        assert step is not None
        if (isinstance(step, VerdictStep) and step.accepted and step.place is not None
                and step.place.score == 1 and not step.place.remainder):
            seen.append(step.pairs)
        assert session.check(step_answer(step, session.cat)).correct
    assert seen[0] == ((3, 1),) and seen[-1] == ((3, 2),)
