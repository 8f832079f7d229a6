"""The drill banks: each is full, each answer is the engine's and is
accepted, a wrong one is refused with a hint that does not give it away."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import pytest

from swisslearn import drills, drills_editions, drills_protections
from swisslearn.exercises import Question

BANKS = [getattr(module, name) for module in (drills, drills_protections, drills_editions)
         for name in module.__all__]
# A hint names the rule it reminds of: a label of seed 000, seed 002's page, or
# an article of the 2017 or 2026 text (A.4.b, 1.4.3, [C5]).
RULE = re.compile(r"\b[A-F]\d|seed 002|\b[A-E]\.\d|\b\d\.\d|\[C\d+\]", re.IGNORECASE)


@cache
def built(bank: Callable[..., list[Question]], *args: object) -> list[Question]:
    """``bank(*args)`` built once for this file's tests (each bank pairs
    rounds with the engine: a second build is only for the test that checks
    the same seed gives the same bank)."""
    return bank(*args)


@pytest.mark.parametrize("bank", BANKS, ids=lambda b: b.__name__)
def test_every_bank_is_full_and_checked_by_the_engine(bank: object) -> None:
    questions = built(bank)
    assert len(questions) >= 2
    assert len({q.text + q.answer for q in questions}) == len(questions) or \
        bank is drills.absence_drill
    for question in questions:
        assert isinstance(question, Question)
        assert question.check(question.answer)[0], (question.text, question.answer)
        assert question.hint and RULE.search(question.hint)
        assert question.explanation
    # The same seed gives the same bank; another seed, another one (mostly).
    assert [q.text for q in bank()] == [q.text for q in questions]   # type: ignore[operator]


@pytest.mark.parametrize("bank", BANKS, ids=lambda b: b.__name__)
def test_a_wrong_answer_is_refused(bank: object) -> None:
    question = built(bank)[0]
    for wrong in ("9999", "n'importe quoi", "1-2, 3-4", "non" if question.answer == "oui" else "oui"):
        if wrong != question.answer:
            assert not question.check(wrong)[0], (question.text, wrong)


def test_the_colour_bank_has_twenty_cases_with_byes_and_forfeits_and_every_rule() -> None:
    questions = built(drills.colour_drill)
    assert len(questions) >= 20
    assert all("-" in q.text for q in questions)              # a round without a game
    assert {q.explanation[:2] for q in questions} >= {"E1", "E2", "E3", "E4"}


def test_drills_that_need_the_card_carry_it() -> None:
    for bank in (drills.c1_drill, drills.absence_drill, drills.last_round_drill):
        for question in built(bank):
            assert question.sheet is not None and question.sheet.rows


def test_the_first_round_bank_has_the_36_18_case() -> None:
    first = built(drills.first_round_drill)[0]
    assert "36 joueurs" in first.text and "n° 18" in first.text
    assert first.answer == "36–18" and first.check("36-18")[0] and not first.check("18-36")[0]


def test_the_x_bank_reads_a_negative_x_as_zero() -> None:
    assert any("négatif" in q.explanation for q in built(drills.x_drill))


def test_the_notation_bank_writes_plus_and_minus_zero() -> None:
    answers = {q.answer for q in built(drills.notation_drill)}
    assert answers & {"+0", "-0"} and answers - {"+0", "-0"}


def test_english_banks() -> None:
    question = drills.forfeit_drill(lang="en")[0]
    assert question.text.startswith("Round 1, 1 (White) against 2")
    assert drills.notation_drill(lang="en")[0].text.startswith("History")


def test_the_absence_bank_mixes_withdrawals_half_point_byes_and_absences() -> None:
    remarks = " ".join(q.sheet.remark(q.sheet.row(int(p)))        # type: ignore[union-attr]
                       for q in built(drills.absence_drill) for p in q.answer.split(", "))
    assert "retiré" in remarks and "demi-point" in remarks and "absent" in remarks


def test_a_whole_round_question_wants_the_colours() -> None:
    from conftest import DATA
    from swisslearn.dutch1998.procedure import trace
    from swisslearn.exercises import round_question
    from swisslearn.formats.trf import read_trf
    events = list(trace(read_trf(DATA / "club-12-joueurs.trf").tournament, 4))
    question = round_question(events, "Ronde 4 ?")
    assert question.check(question.answer)[0]
    right, message = question.check(question.answer.replace("3–1", "1–3"))
    assert not right and message.startswith("Premier échiquier faux : 1–3, la paire est juste")
    assert "ronde 4 appariée" not in message


# ---------------------------------------------------------------------------
# Seed 002: the protections (notebook 09)


def test_the_threshold_bank_has_thresholds_refused_and_everybody_kept() -> None:
    questions = built(drills_protections.threshold_drill)
    numbers = [int(q.answer) for q in questions]
    assert len(questions) == 6 and any("De N =" in q.explanation for q in questions)
    assert any("Tout le monde peut rester protégé" in q.explanation for q in questions)
    assert any("Classement à l'entrée de la ronde 2" in q.text for q in questions)
    assert all(n >= 1 for n in numbers)


def test_a_threshold_is_the_engines_and_says_why() -> None:
    """1 (A), 2 (B), 3-7 (A), 8 (C): the protected A players need a player
    of another club each; only 2 and 8 are: N = 3 (A: 1 and 3)."""
    question = built(drills_protections.threshold_drill)[0]
    assert question.text.startswith("Ronde 1 ; l'ordre initial (qui est le classement de la "
                                    "ronde 1), chaque joueur avec son club : 1 (A), 2 (B), "
                                    "3 (A), 4 (A), 5 (A), 6 (A), 7 (A), 8 (C).")
    assert question.answer == "3" and question.check("N = 3")[0] and not question.check("4")[0]
    assert question.explanation.startswith(
        "De N = 8 à N = 4, la ronde ne peut pas être appariée (à N = 4 encore, 3 membres "
        "protégés du club A pour 2 joueur(s) d'autres clubs)")


def test_released_players_are_those_below_the_threshold_with_a_member_below_it() -> None:
    for question in built(drills_protections.released_drill):
        assert question.check(question.answer)[0]
        n = int(question.explanation.split("N = ")[1].split(" ")[0])
        if question.answer != "aucun":
            assert not question.check("aucun")[0]
        assert f"N = {n}" in question.explanation


def test_the_strict_bank_has_rounds_refused_and_rounds_paired() -> None:
    answers = [q.answer for q in built(drills_protections.strict_drill)]
    assert answers.count("oui") == answers.count("non") == 3


def test_the_soft_avoid_bank_wants_the_whole_round_white_first() -> None:
    for question in built(drills_protections.soft_avoid_drill):
        assert question.check(question.answer)[0]
        first = question.answer.split(",")[0]
        white, black = first.split("–")
        right, message = question.check(question.answer.replace(first, f"{black}–{white}", 1))
        assert not right and message.startswith("Premier échiquier faux")
        assert "Sans protection, les règles apparient" in question.explanation


# ---------------------------------------------------------------------------
# Notebook 10: the 2026 rules beside the 1998 and 2017 ones


def test_a_round_without_a_game_floats_down_as_each_edition_says() -> None:
    """2017 A.4.b: any round without a game; 2026 1.4.3: the PAB or more
    points than a loss without playing; 1998 (the course's reading): the bye."""
    from swisslearn.explain.catalogue import catalogue
    words = {catalogue("fr").text(f"drill.unplayed.{code}"): code for code in "+-HFZU"}
    down: dict[str, set[str]] = {"1998": set(), "2017": set(), "2026": set()}
    questions = drills_editions.downfloat_drill(count=18)
    for question in questions:
        code = next(c for w, c in words.items() if w in question.text)
        if question.answer == "oui":
            down[question.text.split("règles de ")[1][:4]].add(code)
    assert len({q.text for q in questions}) == 18
    assert down == {"1998": {"U"}, "2017": set("+-HFZU"), "2026": set("+HFU")}


def test_the_parameters_are_the_2026_trace_and_can_be_counted_from_the_card() -> None:
    questions = built(drills_editions.parameters_drill)
    assert any(not q.answer.startswith("0,") for q in questions)
    for question in questions:
        m0, max_pairs, m1 = map(int, question.answer.split(","))
        assert m1 <= min(m0, max_pairs) and question.sheet is not None
        assert question.check(f"{m0},{max_pairs},{m1}")[0]
        assert not question.check(f"{m0}, {max_pairs + 1}, {m1}")[0]
        assert f"MaxPairs = {max_pairs}" in question.explanation


def test_the_pab_is_the_2026_engines_and_the_2017_bye_is_said_beside_it() -> None:
    for question in built(drills_editions.pab_drill):
        assert question.check(question.answer)[0] and "[C5]" in question.explanation
        assert "En 2017, l'exempt est celui qui reste" in question.explanation


def test_a_2026_round_wants_white_first_and_says_why_a_board_is_wrong() -> None:
    for question in built(drills_editions.round_2026_drill):
        first = question.answer.split(" ; ")[0].split(", ")[0]
        white, black = first.split("–")
        right, message = question.check(question.answer.replace(first, f"{black}–{white}", 1))
        assert not right and message.startswith("Premier échiquier faux")
        assert "sont appariés à la ronde" in message          # why() of the 2026 trace


def test_the_notebook_10_banks_speak_english_too() -> None:
    for bank in (drills_editions.parameters_drill, drills_editions.downfloat_drill,
                 drills_editions.pab_drill, drills_editions.round_2026_drill):
        question = bank(lang="en")[0]
        assert question.check(question.answer)[0]
        assert not re.search(r"\b(?:le|les|des|du|avec)\b", question.text + question.explanation)


def test_c10_gives_the_lowest_downfloater_another_opponent() -> None:
    """C10's first sentence: the remainder fails, the lowest downfloater's
    pairing is undone and he gets another opponent (back to C7)."""
    questions = built(drills.c10_drill)
    assert len(questions) >= 3
    for question in questions:
        before = question.explanation.split("(contre ")[1].split(")")[0]
        assert question.answer != before and not question.check(before)[0]
        assert question.sheet is not None and "C7" in question.explanation


def test_c11_undoes_the_downfloaters_pairing_too() -> None:
    """C11's second sentence: x raised for a remainder undoes every pairing,
    the downfloaters' included; the first candidate is S1 against S2 in order."""
    questions = built(drills.c11_drill)
    assert len(questions) >= 2
    for question in questions:
        kept = question.text.split("étaient appariés (")[1].split(")")[0]
        assert question.check(question.answer)[0] and not question.check(kept)[0]
        s1 = question.text.split("S1 = ")[1].split(" et S2")[0].split(", ")
        s2 = question.text.split("S2 = ")[1].split(".")[0].split(", ")
        assert question.answer == ", ".join(f"{a}–{b}" for a, b in zip(s1, s2))


def test_c14_takes_x_down_only_when_its_first_value_was_positive() -> None:
    """C14: « Diminuer p de 1 (si la valeur première de x était positive,
    retirer 1 à x aussi) » (README, reading 21): p = 1, x = 1 with a first x
    of 0 gives p = 0, x = 1 (notebooks 07 and 12 expected x = 0)."""
    found = re.compile(r"avec p = (\d+) et x = (\d+) \(la valeur première de x était (\d+)\)")
    cases = set()
    for seed in (0, 1):          # 4 seeds took 6 s of CPU; seed 0 has the (1, 1, 0) case
        for question in built(drills.c14_drill, seed, 8):
            match = found.search(question.text)
            assert match is not None, question.text
            p, x, first = map(int, match.groups())
            expected = (p - 1, x - 1 if first > 0 else x)
            assert question.answer == f"p = {expected[0]}, x = {expected[1]}", question.text
            assert question.check(f"p = {expected[0]}, x = {expected[1]}")[0]
            cases.add((p, x, first))
    assert (1, 1, 0) in cases
    zero_first = next(q for q in built(drills.c14_drill, 0, 8) if "x = 1 (la valeur première de x était 0)"
                      in q.text and "p = 1 " in q.text)
    assert zero_first.answer == "p = 0, x = 1"
    assert not zero_first.check("p = 0, x = 0")[0]
