"""Issue 30, item 4 on the command line: ``swisslearn exam new --record``
draws the round for the rule the trainee misses most, ``exam mark --record``
writes each rule the copy answered to the record (``docs/exam.md``)."""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from helpers import in_process, other_hash_seed
from swisslearn.card.rounds import ExerciseRound
from swisslearn.cli import EXIT_INPUT, EXIT_OK, EXIT_USAGE, main
from swisslearn.exam.answers import WrittenLine
from swisslearn.exam.command import _rule_from_record
from swisslearn.exam.folder import EXAM_FILE, drawn_rule
from swisslearn.exam.marking import ExpectedLine, LineMark, Marks, readings
from swisslearn.exam.paper import ExamPaper, paper_for_rule
from swisslearn.exam.record import (Answer, Record, next_rule, read_record, record_text,
                                    rules_answered)
from swisslearn.exam.targets import RULES, rule_words
from swisslearn.explain.catalogue import catalogue
from swisslearn.formats.trf import read_trf

DAY = datetime.date(2026, 12, 1)


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def record_of(*answers: tuple[str, bool], trainee: str = "Alice") -> Record:
    record = Record(trainee)
    for rule, right in answers:
        record = record.answered(rule, right, DAY)
    return record


def write(path: Path, record: Record) -> Path:
    path.write_text(record_text(record), encoding="utf-8")
    return path


# Alice missed E3 twice out of three: 3/5 missed, more than a rule never asked (1/2).
ALICE = record_of(("E3", False), ("E1", True), ("E3", False), ("E3", True))


@pytest.fixture(scope="module", autouse=True)
def pdfs_not_drawn() -> Iterator[None]:
    """``exam new``'s ``sujet.pdf`` and ``corrige.pdf`` in this process: one
    line naming the writer, the paper's title and the language, instead of
    matplotlib's drawing and its fonts' subsetting (about 1 s of CPU a paper
    and language): the tests here are about the record, the rule it chooses
    and what the command says; none reads a PDF.  The PDFs are drawn and
    read in ``test_exam.py`` (a paper of a level, and ``--rule E3 --seed 1``,
    this file's paper) and ``test_desk_exam.py``; nor in the new interpreter
    of the hash-seed test, which compares no PDF either."""
    from swisslearn.exam import pdf

    def stand_in(name: str) -> Callable[[ExamPaper, Path, str], None]:
        def write(paper: ExamPaper, path: Path, lang: str = "fr") -> None:
            path.write_text(f"{name} {paper.title(lang)} {lang}\n", encoding="utf-8")
        return write
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pdf, "write_paper", stand_in("write_paper"))
        patch.setattr(pdf, "write_answer_key", stand_in("write_answer_key"))
        yield


@pytest.fixture(scope="module")
def exam(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An exam drawn from Alice's record (the rule she misses most: E3)."""
    where = tmp_path_factory.mktemp("record")
    alice = write(where / "alice.json", ALICE)
    assert main(["exam", "new", "--record", str(alice), "--seed", "1", "-o",
                 str(where / "e3"), "--lang", "fr"]) == EXIT_OK
    return where / "e3"


def expected_lines(folder: Path) -> tuple[ExpectedLine, ...]:
    tournament = read_trf(folder / "sujet.trf").tournament
    return readings(ExerciseRound.of(tournament, tournament.next_round()).events)[0].lines


def copy_with_colours_reversed(lines: tuple[ExpectedLine, ...], rule: str) -> tuple[str, int]:
    """The engine's round, the colours of the first board ``rule`` decided
    reversed; that board's index."""
    wrong = next(i for i, line in enumerate(lines) if rule in line.rules and line.bye is None)
    out = []
    for i, line in enumerate(lines):
        if line.bye is not None:
            out.append(f"bye {line.bye}")
        elif i == wrong:
            out.append(f"{line.black} {line.white}")
        else:
            out.append(f"{line.white} {line.black}")
    return "\n".join(out) + "\n", wrong


# -- exam new --record -------------------------------------------------------------


def test_new_with_a_record_draws_the_round_for_the_rule_most_missed(
        exam: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert next_rule(ALICE, 1) == "E3"
    assert drawn_rule(exam) == "E3"
    assert json.loads((exam / EXAM_FILE).read_text(encoding="utf-8"))["rule"] == "E3"
    # The round is the one --rule E3 draws from the same seed.
    assert (exam / "sujet.trf").read_text(encoding="utf-8") == paper_for_rule("E3", 1).trf()
    alice = exam.parent / "alice.json"
    again = exam.parent / "again"
    code, out, _ = run(capsys, "exam", "new", "--record", alice, "--seed", "1", "-o", again,
                       "--lang", "fr")
    assert code == EXIT_OK
    assert out.splitlines()[0] == \
        f"Règle la plus manquée dans la fiche {alice} : E3 (2 fautes sur 3)."
    assert (again / "sujet.trf").read_bytes() == (exam / "sujet.trf").read_bytes()
    assert read_record(alice) == ALICE                     # new only reads the record


def test_the_choice_is_said_in_english_and_counts_the_latest_answers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # E1 missed in each of its latest five answers, right long before.
    record = write(tmp_path / "bob.json",
                   record_of(("E1", True), *[("E1", False)] * 5, trainee="Bob"))
    code, out, _ = run(capsys, "exam", "new", "--record", record, "-o", tmp_path / "e1",
                       "--lang", "en")
    assert code == EXIT_OK and drawn_rule(tmp_path / "e1") == "E1"
    assert out.splitlines()[0] == \
        f"Rule most missed in the record {record}: E1 (5 misses in its last 5 answers)."
    # The papers handed to the PDF writers: the rule's round, in the language asked.
    title = paper_for_rule("E1", 0).title("en")
    for name, writer in (("sujet.pdf", "write_paper"), ("corrige.pdf", "write_answer_key")):
        assert (tmp_path / "e1" / name).read_text(encoding="utf-8") == f"{writer} {title} en\n"
    # A record not written yet: a rule never asked, chosen by the seed.
    fresh = tmp_path / "nouveau.json"
    rule = next_rule(Record("nouveau"), 4)
    assert rule in RULES
    args = argparse.Namespace(record=str(fresh), rule=None, seed=4)
    assert _rule_from_record(args, catalogue("fr")) == (
        rule, f"Règle choisie d'après la fiche {fresh} : "
              f"{_words(rule)}, encore jamais posée (aucune règle n'y est plus manquée).")
    assert not fresh.exists()


def _words(rule: str) -> str:
    return rule_words(rule, "fr")


def test_rule_wins_over_the_record_and_says_so(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    alice = write(tmp_path / "alice.json", ALICE)
    code, out, _ = run(capsys, "exam", "new", "--rule", "e1", "--record", alice, "-o",
                       tmp_path / "e1", "--lang", "fr")
    assert code == EXIT_OK and drawn_rule(tmp_path / "e1") == "E1"
    assert out.splitlines()[0] == (f"--rule E1 demandé : la ronde est tirée pour elle, "
                                   f"la fiche {alice} ne choisit pas la règle.")
    # An exam of a level replacing it (--force) keeps no rule of the old one.
    # (Level 2 from seed 0: found at the first draw; level 1 from seed 5 took 8.)
    code, _, _ = run(capsys, "exam", "new", "--level", "2", "--seed", "0", "-o", tmp_path / "e1",
                     "--force")
    assert code == EXIT_OK and not (tmp_path / "e1" / EXAM_FILE).exists()
    assert drawn_rule(tmp_path / "e1") is None


# -- exam mark --record --------------------------------------------------------------


def test_mark_writes_one_answer_a_rule_the_copy_was_marked_on(
        exam: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = expected_lines(exam)
    copy, wrong = copy_with_colours_reversed(lines, "E3")
    answers = tmp_path / "copie.txt"
    answers.write_text(copy, encoding="utf-8")
    alice = write(tmp_path / "alice.json", ALICE)
    # What the copy answered: each rule of RULES a line names, wrong where the reversed board is.
    named = [rule for rule in RULES if any(rule in line.rules for line in lines)]
    expected = [(rule, rule not in lines[wrong].rules) for rule in named]
    assert ("E3", False) in expected and len(expected) >= 2
    code, out, _ = run(capsys, "exam", "mark", exam, answers, "--record", alice, "--lang", "fr")
    assert code == EXIT_OK
    today = datetime.date.today()
    assert read_record(alice).answers == ALICE.answers + _answers(expected, today)
    said = ", ".join(f"{rule} {'juste' if right else 'manquée'}" for rule, right in expected)
    assert out.endswith(f"{len(expected)} réponses inscrites dans la fiche {alice} : {said}.\n")
    # --json: the same marks, and what was recorded.
    code, out, _ = run(capsys, "exam", "mark", exam, answers, "--record", alice, "--json")
    data = json.loads(out)
    assert code == EXIT_OK and data["out_of"] == 20 and data["total"] < 20
    assert data["recorded"] == [{"rule": rule, "right": right} for rule, right in expected]
    assert len(read_record(alice).answers) == len(ALICE.answers) + 2 * len(expected)
    code, out, _ = run(capsys, "exam", "mark", exam, answers, "--json")
    assert code == EXIT_OK and json.loads(out)["recorded"] is None


def _answers(expected: list[tuple[str, bool]], day: datetime.date) -> tuple[Answer, ...]:
    return tuple(Answer(rule, right, day) for rule, right in expected)


def test_the_rules_a_copy_answered() -> None:
    """One answer a rule: right when each line it decided has its pair and
    colours; the rule the round was drawn for and no line names, by the
    whole round; the justification and rules that cannot be drawn do not count."""
    one = ExpectedLine(white=1, black=2, rules=("C6", "C10", "E1"))
    two = ExpectedLine(white=3, black=4, rules=("C7", "E1"))
    three = ExpectedLine(white=5, black=6, rules=("C6", "E2"))
    bye = ExpectedLine(bye=7, rules=("A5",))
    share = Fraction(1)

    def marked(line: ExpectedLine, pair: bool = True, colours: bool = True) -> LineMark:
        written = WrittenLine(line=1, text="", white=line.white, black=line.black, bye=line.bye)
        return LineMark(line, written if pair else None, share * 2 if pair else Fraction(0),
                        share if pair and colours and line.bye is None else Fraction(0),
                        Fraction(0), share * 4)

    right = Marks((marked(one), marked(two), marked(three), marked(bye)), "engine", 1)
    assert rules_answered(right) == (("E1", True), ("E2", True), ("C10", True), ("A5", True))
    assert rules_answered(right, "B2a") == (("E1", True), ("E2", True), ("B2a", True),
                                            ("C10", True), ("A5", True))
    colours = Marks((marked(one), marked(two, colours=False), marked(three), marked(bye)),
                    "engine", 1)
    assert rules_answered(colours, "B2a") == (("E1", False), ("E2", True), ("B2a", False),
                                              ("C10", True), ("A5", True))
    assert rules_answered(colours, "E2") == (("E1", False), ("E2", True), ("C10", True),
                                             ("A5", True))
    missing = Marks((marked(one), marked(two), marked(three), marked(bye, pair=False)),
                    "engine", 1)
    assert rules_answered(missing) == (("E1", True), ("E2", True), ("C10", True),
                                       ("A5", False))
    # A line written that is in no line of the round: the whole round is not right.
    extra = LineMark(None, WrittenLine(line=5, text="8 9", white=8, black=9), Fraction(0),
                     Fraction(0), Fraction(0), Fraction(0))
    assert ("B2a", False) in rules_answered(Marks(right.lines + (extra,), "engine", 1), "B2a")


# -- files that are not what they should be --------------------------------------------


@pytest.mark.parametrize(("text", "where"), [
    (b'{\n "format": "swisslearn-record",\n "version": 1,\n "answers": [\n'
     b'  {"rule": "E3", "right": "oui", "date": "2026-12-01"}\n ]\n}\n', ":5:3: "),
    (b'{\n "format": "swisslearn-record",\n "version": 1,\n "answers": [\n'
     b'  {"rule": "E3" "right": true}\n ]\n}\n', ":5:17: "),
    (b'{\n "format": "swisslearn-record",\n "trainee": "Ren\xe9e",\n', ":3:17: "),
])
def test_a_record_that_is_not_one_exits_3_at_its_line_and_column(
        exam: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: bytes,
        where: str) -> None:
    bad = tmp_path / "fiche.json"
    bad.write_bytes(text)
    answers = tmp_path / "copie.txt"
    answers.write_text("1 2\n", encoding="utf-8")
    for argv in (("exam", "mark", exam, answers, "--record", bad),
                 ("exam", "new", "--record", bad, "-o", tmp_path / "rien")):
        code, out, err = run(capsys, *argv)
        assert code == EXIT_INPUT and out == "" and "Traceback" not in err, err
        [line] = err.splitlines()
        assert line.startswith(f"{bad}{where}"), line
        assert bad.read_bytes() == text                    # nothing written over it
    assert not (tmp_path / "rien").exists()


def test_an_exam_file_that_is_not_one_exits_3(exam: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "copie-d-examen"
    shutil.copytree(exam, folder)
    (folder / EXAM_FILE).write_text('{"format": "swisslearn-exam", "version": 1,\n'
                                    ' "rule": "Z9"}\n', encoding="utf-8")
    answers = tmp_path / "copie.txt"
    answers.write_text("1 2\n", encoding="utf-8")
    alice = write(tmp_path / "alice.json", ALICE)
    code, out, err = run(capsys, "exam", "mark", folder, answers, "--record", alice,
                         "--lang", "en")
    assert code == EXIT_INPUT and out == ""
    [line] = err.splitlines()
    assert line.startswith(f"{folder / EXAM_FILE}:2:10: this is not an exam's rule file")
    assert read_record(alice) == ALICE


def test_a_record_that_cannot_be_written_is_one_line_exit_2(
        exam: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answers = tmp_path / "copie.txt"
    answers.write_text(copy_with_colours_reversed(expected_lines(exam), "E3")[0],
                       encoding="utf-8")
    (tmp_path / "pas-un-dossier").write_text("", encoding="utf-8")
    places = [tmp_path / "pas-un-dossier" / "alice.json"]
    if os.geteuid() != 0:      # root writes in a read-only folder
        locked = tmp_path / "verrouillé"
        locked.mkdir()
        locked.chmod(0o500)
        places.append(locked / "alice.json")
    for place in places:
        code, out, err = run(capsys, "exam", "mark", exam, answers, "--record", place,
                             "--lang", "fr")
        assert code == EXIT_USAGE and out == "" and "Traceback" not in err
        [line] = err.splitlines()
        assert f"impossible d'écrire la fiche {place} : " in line, line


# -- the same bytes whatever PYTHONHASHSEED ----------------------------------------------


def test_the_same_bytes_whatever_pythonhashseed(exam: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``exam new`` and ``exam mark`` with a record say and write the same
    bytes in this process and in a new interpreter under another
    PYTHONHASHSEED (one interpreter runs both commands, the PDFs not drawn
    there either: none is compared, and drawing them was 1 s of its 1.8 s)."""
    answers = tmp_path / "copie.txt"
    answers.write_text(copy_with_colours_reversed(expected_lines(exam), "E3")[0],
                       encoding="utf-8")
    new_args = ["exam", "new", "--record", "alice.json", "--seed", "1", "-o", "e3"]
    mark_args = ["exam", "mark", "e3", str(answers), "--record", "alice.json", "--json"]
    said = []
    for where in ("here", "there"):
        place = tmp_path / where
        place.mkdir()
        write(place / "alice.json", ALICE)
        if where == "here":
            monkeypatch.chdir(place)
            runs = [in_process(*new_args), in_process(*mark_args)]
            monkeypatch.undo()
            said_there = [(run.returncode, run.stdout, run.stderr) for run in runs]
        else:
            env = {**os.environ, "PYTHONHASHSEED": other_hash_seed()}
            env.pop("SWISSLEARN_LANG", None)
            done = subprocess.run([sys.executable, "-c", _BOTH_COMMANDS,
                                   json.dumps([new_args, mark_args])], cwd=place, env=env,
                                  capture_output=True, text=True, check=False, timeout=300)
            assert done.returncode == 0, done.stderr
            said_there = [tuple(run) for run in json.loads(done.stdout)]
        for code, _, err in said_there:
            assert code == EXIT_OK, err
        said.append((said_there[0][1], said_there[1][1], (place / "alice.json").read_bytes(),
                     (place / "e3" / "sujet.trf").read_bytes(),
                     (place / "e3" / EXAM_FILE).read_bytes()))
    assert said[0] == said[1]
    assert '"recorded": [' in said[0][1]


_BOTH_COMMANDS = """
import contextlib, io, json, sys
from swisslearn.cli import main
from swisslearn.exam import pdf

def stand_in(paper, path, lang="fr"):
    path.write_text("", encoding="utf-8")

pdf.write_paper = pdf.write_answer_key = stand_in
said = []
for argv in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    said.append((code, out.getvalue(), err.getvalue()))
print(json.dumps(said))
"""
"""``exam new`` then ``exam mark`` in one interpreter, the PDFs not drawn;
prints each command's exit code, stdout and stderr (JSON)."""


def test_record_alone_is_the_trainee_s_record_under_the_home(
        exam: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    answers = tmp_path / "copie.txt"
    answers.write_text(copy_with_colours_reversed(expected_lines(exam), "E3")[0],
                       encoding="utf-8")
    code, out, _ = run(capsys, "exam", "mark", exam, answers, "--lang", "en", "--record")
    home = tmp_path / "swisslearn" / "record.json"
    assert code == EXIT_OK and f"in the record {home}: " in out
    assert ("E3", False) in [(a.rule, a.right) for a in read_record(home).answers]
