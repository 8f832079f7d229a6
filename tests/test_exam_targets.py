"""Rounds chosen for the rule (issue 30, item 3): every rule of the table is
drawn (a 2-seed sample here; the 20-seed sweep is
``tests/stress/test_exam_targets_stress.py``), each round is proved by its
own trace, the proofs refuse rounds without the rule, the same seed gives
the same round, and a rule not found is a clear error."""

from __future__ import annotations

import dataclasses
import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import other_hash_seed
from swisslearn import drills
from swisslearn.card.rounds import check_round, exercise_round
from swisslearn.errors import UsageError
from swisslearn.exam import targets
from swisslearn.exam.targets import (MAX_TRIES, RULES, TARGETS, RuleRound, Target, proof_of,
                                     round_for_rule, rule_name)
from swisslearn.model import Tournament
from swisslearn.results import Result
from swisslearn.trace import RoundPaired, RoundStarted

SAMPLE_SEEDS = (0, 1)
"""The seeds each rule is drawn from in ``make test`` (``make stress``: 0-19)."""


def test_the_table_holds_every_rule_the_issue_lists() -> None:
    wanted = {"E1", "E2", "E3", "E4", "B1b", "B2a", "B2b", "B4", "B5", "B6", "C9", "C10",
              "C11", "C12", "C13", "C14", "last-round", "A5"}
    assert wanted <= set(RULES)
    assert {rule for rule in RULES if rule.startswith("F")} == {"F1", "F2", "F3", "F4", "F5",
                                                                "F9"}
    assert all(TARGETS[rule].rule == rule and TARGETS[rule].event for rule in RULES)


@functools.cache
def drawn_once(rule: str, seed: int) -> RuleRound:
    """``round_for_rule(rule, seed)`` drawn once for this file: the shapes'
    and the drill's tests read rounds of the two-seed sample (the same
    seed drawing the same round is tested apart, two real draws)."""
    return round_for_rule(rule, seed)


def assert_drawn(rule: str, seed: int) -> int:
    """``rule`` from ``seed``: a round of 12-30 players that its own trace proves."""
    drawn = drawn_once(rule, seed)
    exercise = drawn.exercise
    assert drawn.rule == rule and 1 <= drawn.tries <= MAX_TRIES
    assert 12 <= len(exercise.tournament.players) <= 30
    assert isinstance(exercise.events[-1], RoundPaired)
    assert proof_of(rule, exercise.tournament, exercise.round, exercise.events) is not None
    # The round is the engine's: its answer is right on the card's check.
    assert check_round(exercise.events, exercise.answer()).correct
    return drawn.tries


@pytest.mark.parametrize("rule", RULES)
def test_each_rule_is_drawn_from_the_sample_seeds(rule: str) -> None:
    for seed in SAMPLE_SEEDS:
        assert_drawn(rule, seed)


def test_the_shapes_are_applied() -> None:
    """The last-round note's round is the tournament's last; F9's has a game
    of the round before left unfinished; F4's is round 1; the bye's field is odd."""
    last = drawn_once("last-round", 0).exercise
    assert last.tournament.is_last_round(last.round)
    started = last.events[0]
    assert isinstance(started, RoundStarted) and started.last_round
    adjourned = drawn_once("F9", 0).exercise
    assert any(e.round == adjourned.round - 1 and e.result is Result.PENDING
               for p in adjourned.tournament.players for e in p.entries)
    assert drawn_once("F4", 0).exercise.round == 1
    assert len(drawn_once("A5", 0).exercise.tournament.players) % 2 == 1


def test_a_proof_refuses_a_round_without_its_rule() -> None:
    """Level 1 rounds relax nothing: no C9-C14 proof holds there; a round
    that is not the last has no last-round note, and one without an absent
    player no F5."""
    plain = exercise_round(1, 0)
    events, tournament, round = plain.events, plain.tournament, plain.round
    for rule in ("C9", "C10", "C11", "C12", "C13", "C14", "F9", "F4"):
        assert proof_of(rule, tournament, round, events) is None, rule
    not_last = dataclasses.replace(tournament, rounds=round + 3)
    assert proof_of("last-round", not_last, round, events) is None
    started = events[0]
    assert isinstance(started, RoundStarted) and not started.absent
    assert proof_of("F5", tournament, round, events) is None
    colours = {getattr(e, "rule") for e in events if e.kind == "colour_allocated"}
    for rule in {"E1", "E2", "E3", "E4"} - colours:
        assert proof_of(rule, tournament, round, events) is None


def _same(a: Tournament, b: Tournament) -> bool:
    return a.players == b.players and a.rounds == b.rounds


def test_the_same_seed_gives_the_same_round_another_seed_another() -> None:
    first, again = round_for_rule("E3", 4), round_for_rule("E3", 4)
    assert first == again and _same(first.exercise.tournament, again.exercise.tournament)
    others = [round_for_rule("E3", seed).exercise for seed in (5, 6)]
    assert all(not _same(o.tournament, first.exercise.tournament) for o in others)


def test_the_round_does_not_depend_on_the_hash_seed() -> None:
    code = ("from swisslearn.exam.targets import round_for_rule\n"
            "r = round_for_rule('C12', 3)\n"
            "print(r.tries, r.exercise.round, r.exercise.answer())\n")
    here = round_for_rule("C12", 3)
    expected = f"{here.tries} {here.exercise.round} {here.exercise.answer()}\n"
    # This process's hash seed and another one (one interpreter, not two: issue 31).
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONHASHSEED=other_hash_seed()), check=True)
    assert out.stdout == expected


def test_rule_names_and_aliases() -> None:
    assert rule_name("e3") == "E3" and rule_name(" b1B ") == "B1b"
    assert rule_name("bye") == rule_name("exempt") == "A5"
    assert rule_name("note") == "last-round"
    with pytest.raises(UsageError) as raised:
        rule_name("Z9")
    assert raised.value.render("fr").startswith("règle inconnue : Z9 (règles possibles : E1, E2")


def test_a_rule_never_found_is_a_clear_error_after_the_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def never(drawn: targets.Drawn) -> None:
        seen.append(drawn.round)
        return None
    monkeypatch.setattr(targets, "MAX_TRIES", 2)
    monkeypatch.setitem(targets.TARGETS, "E3",
                        Target("E3", "nothing", never, targets.TARGETS["E3"].shape))
    with pytest.raises(UsageError) as raised:
        round_for_rule("E3", 0)
    assert seen   # rounds were looked at, in two tournaments
    assert raised.value.render("fr") == (
        "aucune ronde où la règle E3 décide trouvée avec la graine 0 en 2 tournois tirés ; "
        "essayez une autre graine")


def test_the_drill_by_rule_is_checked_and_its_hint_names_the_rule_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The drill's rounds (seeds 0 and 1) are the sample's, drawn once.
    monkeypatch.setattr(targets, "round_for_rule", drawn_once)
    questions = drills.rule_drill("last-round", seed=0, count=2)
    assert len(questions) == 2
    for question in questions:
        assert question.sheet is not None
        assert question.check(question.answer)[0]
        assert not question.check("1-2")[0]
        assert "note sous B6" in question.hint and question.answer not in question.hint
        assert question.explanation.startswith(question.answer)
        assert "Dernière ronde" in question.explanation
    english = drills.rule_drill("A5", seed=0, count=1, lang="en")[0]
    assert "A5 (the bye)" in english.hint and "26 gets the bye" in english.explanation


def test_exam_new_says_the_rule_generator_s_own_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``swisslearn exam new --rule``: an unknown rule is told as such, with
    the rules there are (exit 2), not as a round not found."""
    from swisslearn.cli import main
    assert main(["exam", "new", "--rule", "Z9", "-o", str(tmp_path / "z9"), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "règle inconnue : Z9 (règles possibles : E1, E2" in err and "Traceback" not in err
    assert not (tmp_path / "z9").exists()
