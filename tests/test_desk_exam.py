"""Issue 30, item 1 on the arbiter's desk: the « Examen » part draws the
paper ``swisslearn exam new`` draws, sits it with the notebook's
``SittingWidget`` and offers the same ``sujet.pdf`` / ``corrige.pdf``
(``swisslearn/desk.py``, ``docs/arbiter-desk.md``).  In-process, no
browser and no server, as the page's tests of ``tests/test_desk.py``."""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import DATA
from swisslearn import desk
from swisslearn.cli import EXIT_OK, main
from swisslearn.exam.marking import OUT_OF, ExpectedLine, readings
from swisslearn.exam.paper import ExamPaper, exam_paper
from test_desk import _page_text

# Seed 1: level 1's paper at the first draw (seed 3 took 33 draws, 6 s of CPU,
# and each test draws it again).
LEVEL, SEED = 1, 1


def copy_of(lines: tuple[ExpectedLine, ...]) -> str:
    """The whole round written as a trainee writes it, each board justified by its first rule."""
    out = []
    for line in lines:
        rule = f" {line.rules[0]}" if line.rules else ""
        out.append(f"bye {line.bye}{rule}" if line.bye is not None
                   else f"{line.white} {line.black}{rule}")
    return "\n".join(out) + "\n"


def links(value: str) -> dict[str, bytes]:
    """The files the page's download links hold, by the name they save as."""
    return {name: base64.b64decode(data) for name, data in
            re.findall(r"download='([^']+)' href='data:[^;]+(?:;charset=[^;]+)?;base64,([^']+)'",
                       value)}


@pytest.fixture(scope="module", autouse=True)
def files_written_once() -> Iterator[None]:
    """The page's ``sujet.pdf`` and ``corrige.pdf`` written once per paper and
    language in this file (:func:`swisslearn.desk.exam_files`, 2.7 s of CPU
    each time: matplotlib's drawing and its fonts' subsetting).  Six tests
    draw the same paper to sit it; two compare the files with those of
    ``exam new`` (written by the command itself, not through this), the
    others never look at them.  ``test_exam.py`` checks that the same paper
    gives the same bytes."""
    written: dict[tuple[str, str], dict[str, bytes]] = {}
    real = desk.exam_files

    def once(paper: ExamPaper, lang: str = "fr") -> dict[str, bytes]:
        key = (paper.trf(), lang)
        if key not in written:
            written[key] = real(paper, lang)
        return dict(written[key])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(desk, "exam_files", once)
        yield


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("deskexam") / "exam"
    assert main(["exam", "new", "--level", str(LEVEL), "--seed", str(SEED), "-o", str(where),
                 "--lang", "fr"]) == EXIT_OK
    return where


def _drawn() -> desk.Desk:
    """A new desk (no tournament loaded: the exam needs none) with the paper
    of LEVEL and SEED drawn: each test that sits it has its own page."""
    page = desk.app(data=DATA, example=None)
    page.exam_level.value, page.exam_seed.value = LEVEL, SEED
    page.exam_button.click()
    return page


@pytest.fixture(scope="module")
def page() -> desk.Desk:
    """The desk with the paper drawn, shared by the tests that only read it."""
    return _drawn()


def test_the_desk_draws_the_paper_of_exam_new(page: desk.Desk, folder: Path) -> None:
    assert page.exam is not None and page.exam_error.value == ""
    paper = page.exam.sitting.paper
    assert paper.trf().encode("utf-8") == (folder / "sujet.trf").read_bytes()
    # The paper shown is the SittingWidget's: the standings and every card.
    shown = html.unescape(page.exam.paper.value)
    assert page.exam.paper.value == page.exam.sitting._repr_html_()
    assert all(p.name in shown for p in paper.tournament.players)
    assert "Temps restant" in page.exam.clock.value
    assert page.exam_sitting.children == (page.exam.box,)
    # A rule instead of a level: the paper of exam new --rule.
    other = desk.draw_exam(LEVEL, 2, "E3")
    assert other.rule == "E3" and other.trf() == desk.draw_exam(3, 2, "E3").trf()
    assert desk.exam_command(LEVEL, 2, "E3") == "swisslearn exam new --rule E3 --seed 2 -o examen-2"


def test_the_downloads_are_exam_news_files(page: desk.Desk, folder: Path) -> None:
    files = links(page.exam_downloads.value)
    assert set(files) == {"sujet.pdf", "corrige.pdf", "sujet.trf"}
    for name, data in files.items():
        assert data == (folder / name).read_bytes(), name
    assert "Corrigé" in page.exam_downloads.value


def test_the_engines_round_handed_in_marks_20(folder: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    page = _drawn()
    assert page.exam is not None
    paper = page.exam.sitting.paper
    page.exam.copy.value = copy_of(readings(paper.events)[0].lines)
    page.exam.button.click()
    marks = page.exam.sitting.marks
    assert marks is not None and marks.total == OUT_OF
    assert page.exam.copy.disabled and page.exam.button.disabled
    report = html.unescape(page.exam.report.value)
    assert marks.text().strip() in report and "20" in report
    # The same marks as exam mark, line by line.
    answers = tmp_path / "copie.txt"
    answers.write_text(str(page.exam.copy.value), "utf-8")
    capsys.readouterr()
    assert main(["exam", "mark", str(folder), str(answers), "--lang", "fr"]) == EXIT_OK
    # (but the time taken, which the command line is not told)
    assert capsys.readouterr().out.splitlines() == [
        line for line in marks.text().splitlines() if not line.startswith("Temps")]


def test_a_wrong_board_loses_its_line(folder: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    page = _drawn()
    assert page.exam is not None
    lines = readings(page.exam.sitting.paper.events)[0].lines
    written = copy_of(lines).splitlines()
    white, black, *rule = written[0].split()
    written[0] = " ".join([black, white, *rule])         # the colours of board 1 reversed
    page.exam.hand_in("\n".join(written))
    marks = page.exam.sitting.marks
    assert marks is not None and marks.total < OUT_OF
    [lost] = [line for line in marks.lines if line.marks < line.out_of]
    assert lost.expected == lines[0] and lost.colours == 0
    assert lost.explanation in html.unescape(page.exam.report.value)
    answers = tmp_path / "copie.txt"
    answers.write_text("\n".join(written), "utf-8")
    capsys.readouterr()
    assert main(["exam", "mark", str(folder), str(answers), "--json"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["total"] == marks.to_json()["total"]


def test_an_unreadable_copy_is_said_and_can_be_corrected() -> None:
    page = _drawn()
    assert page.exam is not None
    page.exam.hand_in("3 douze")
    said = html.unescape(page.exam.report.value)
    assert "copie:1:1: ligne illisible « 3 douze »" in said
    assert page.exam.sitting.marks is None and not page.exam.button.disabled
    page.set_language("en")
    assert 'answers:1:1: unreadable line "3 douze"' in html.unescape(page.exam.report.value)
    page.exam.hand_in(copy_of(readings(page.exam.sitting.paper.events)[0].lines))
    assert page.exam.sitting.marks is not None and page.exam.sitting.marks.total == OUT_OF


def test_the_exam_in_english(folder: Path, tmp_path: Path) -> None:
    from test_viz import french_only_words
    page = desk.app("en", data=DATA, example=None)
    page.exam_level.value, page.exam_seed.value = LEVEL, SEED
    page.exam_button.click()
    assert page.exam is not None
    paper: ExamPaper = page.exam.sitting.paper
    page.exam.hand_in(copy_of(readings(paper.events)[0].lines))
    assert page.exam.sitting.marks is not None and page.exam.sitting.marks.lang == "en"
    # Data is not words of the page: the example files, the generated
    # tournament's and players' names, the files' names (exam new's), their bytes.
    shown = re.sub(r"href='data:[^']*'", " ", _page_text(page))
    data = [p.name for p in desk.examples(DATA)] + [paper.tournament.name or ""]
    data += [p.name for p in paper.tournament.players] + ["sujet.pdf", "corrige.pdf", "sujet.trf"]
    for name in sorted(data, key=len, reverse=True):
        shown = shown.replace(name, " ")
    words = set(re.findall(r"[^\W\d_]+", shown.lower()))
    # (« points » is English too: the standings' column)
    french = (french_only_words("deskexam") | french_only_words("exam")) - {"points"}
    assert {"examen", "graine", "corrigé"} <= french
    assert not words & french, words & french
    assert "Time left" in page.exam.clock.value and "Answer key" in page.exam_downloads.value
    # The PDFs in English are those of exam new --lang en.
    english = tmp_path / "en"
    assert main(["exam", "new", "--level", str(LEVEL), "--seed", str(SEED), "-o", str(english),
                 "--lang", "en"]) == EXIT_OK
    files = links(page.exam_downloads.value)
    assert files["sujet.pdf"] == (english / "sujet.pdf").read_bytes()
    assert files["corrige.pdf"] == (english / "corrige.pdf").read_bytes()


def test_switching_language_keeps_the_copy_and_says_the_marks_again() -> None:
    page = _drawn()
    assert page.exam is not None
    sitting = page.exam.sitting
    copy = copy_of(readings(sitting.paper.events)[0].lines)
    french = page.exam.hand_in(copy)
    page.set_language("en")
    assert page.exam.sitting is sitting and page.exam.copy.value == copy
    assert sitting.marks is not None and sitting.marks.lang == "en"
    assert sitting.marks.total == OUT_OF and html.unescape(page.exam.report.value) != french
    assert "Time left" in page.exam.clock.value and "Seed" == page.exam_seed.description
    assert page.exam.paper.value == sitting._repr_html_() and "Exam" in page.headings["s_exam"].value
    assert exam_paper(LEVEL, SEED).trf() == sitting.paper.trf()


def test_a_paper_too_long_to_draw_is_said_with_its_command(
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = desk.app(data=DATA, example=None)

    def stopped(level: int, seed: int, rule: str = "") -> ExamPaper:
        raise desk.TooLong(5)
    monkeypatch.setattr(desk, "draw_exam", stopped)
    page.exam_rule.value, page.exam_seed.value = "C12", 4
    page.exam_button.click()
    said = html.unescape(page.exam_error.value)
    assert page.exam is None and page.exam_sitting.children == ()
    assert "dépasse 5 s" in said and "swisslearn exam new --rule C12 --seed 4 -o examen-4" in said
    page.set_language("en")
    said = html.unescape(page.exam_error.value)
    assert "more than 5 s" in said and "--seed 4 -o exam-4 --lang en" in said
