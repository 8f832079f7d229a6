"""Malformed TRF files: each one is refused with every problem it has, or
read with a warning (issue 18: an inconsistency the reader resolves, the
results winning), or read as it is (what older versions refused and real
programs write: Latin-1, bye codes without an opponent, a missing space).

``tests/data/bad/expected.tsv`` lists, for every refused file, the line and
column of its first problem and a piece of its message (what was expected);
``tests/data/accepted/expected.tsv`` the same for the files now read, with
their kind: ``warning`` (read, this warning on stderr; refused with
``--strict``) or ``read`` (no problem).  The command line prints
``FILE:LINE:COL: message`` on stderr, one line a problem, never a traceback.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, TEST_DATA
from helpers import Expected, expected_rows, row_name
from swisslearn.cli import EXIT_INPUT, EXIT_OK, main
from swisslearn.errors import TRFError
from swisslearn.formats.trf import read_trf

BAD = TEST_DATA / "bad"
ACCEPTED_FOLDER = TEST_DATA / "accepted"
KINDS = ("error", "warning", "read")


def _expected() -> list[Expected]:
    rows = expected_rows(BAD) + expected_rows(ACCEPTED_FOLDER)
    for row in rows:
        # A refused file has no kind column; an accepted one says which.
        assert (row.path.parent == BAD) == (row.kind == "error"), row
        assert row.kind in KINDS, row
    return rows


EXPECTED = _expected()
REFUSED = [row for row in EXPECTED if row.kind == "error"]
WARNED = [row for row in EXPECTED if row.kind == "warning"]
ACCEPTED = [row for row in EXPECTED if row.kind != "error"]
# Run through a real subprocess: one of each kind of defect (bytes, fixed
# columns, round blocks, cross-checks, records); the rest run in-process.
SUBPROCESS_SAMPLE = {
    "empty.trf", "nul-byte.trf", "letters-in-rating.trf",
    "colour-for-bye.trf", "asymmetric-opponents.trf", "pair-played-twice.trf",
    "bad-260-reversed.trf", "crlf-bad-rating.trf",
}


def test_every_bad_file_is_listed_once() -> None:
    listed = [row.path for row in EXPECTED]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted([*BAD.glob("*.trf"), *ACCEPTED_FOLDER.glob("*.trf")])
    assert len(REFUSED) >= 40 and len(WARNED) >= 5
    assert SUBPROCESS_SAMPLE <= {row.path.name for row in REFUSED}


@pytest.mark.parametrize("row", REFUSED, ids=row_name)
def test_bad_file_raises_trf_error(row: Expected) -> None:
    with pytest.raises(TRFError) as caught:
        read_trf(row.path)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.file == str(row.path)
    assert (error.line, error.column) == (row.line, row.column), error.message
    assert row.message in error.message
    assert "expected" in error.message  # the contract: say what was expected
    assert str(error) == f"{row.path}:{row.line}:{row.column}: {error.message}"
    assert error.problems[0].message == error.message  # every problem, the first one first
    assert all(not p.warning for p in error.problems[:1])


@pytest.mark.parametrize("row", WARNED, ids=row_name)
def test_an_inconsistent_file_is_read_with_a_warning(row: Expected) -> None:
    document = read_trf(row.path)
    first = document.warnings[0]
    assert first.warning and (first.line, first.column) == (row.line, row.column)
    assert row.message in first.message
    with pytest.raises(TRFError) as caught:  # --strict: warnings are errors
        read_trf(row.path, strict=True)
    assert (caught.value.line, caught.value.column) == (row.line, row.column)


@pytest.mark.parametrize("row", ACCEPTED, ids=row_name)
def test_what_is_read_is_written_back_byte_for_byte(row: Expected) -> None:
    document = read_trf(row.path)
    assert document.to_bytes() == row.path.read_bytes()
    if row.kind == "read":
        assert document.warnings == ()


def _check_stderr(stderr: str, row: Expected) -> None:
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert lines[0].startswith(f"{row.path}:{row.line}:{row.column}: "), stderr
    assert row.message in lines[0]
    # One line a problem, as compilers print them, then a count if more than one.
    assert all(line.startswith(f"{row.path}:") for line in lines), stderr
    if len(lines) > 1:
        assert "error(s)" in lines[-1]


@pytest.mark.parametrize("row", [r for r in REFUSED if r.path.name in SUBPROCESS_SAMPLE],
                         ids=row_name)
def test_command_line_reports_the_place(row: Expected) -> None:
    run = subprocess.run([sys.executable, "-m", "swisslearn", "show", str(row.path),
                          "--lang", "en"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == EXIT_INPUT
    assert run.stdout == ""
    _check_stderr(run.stderr, row)


@pytest.mark.parametrize("row", [r for r in REFUSED if r.path.name not in SUBPROCESS_SAMPLE],
                         ids=row_name)
def test_main_reports_the_place(row: Expected, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(row.path), "--lang", "en"]) == EXIT_INPUT
    captured = capsys.readouterr()
    assert captured.out == ""
    _check_stderr(captured.err, row)


@pytest.mark.parametrize("row", WARNED, ids=row_name)
def test_the_command_line_warns_and_goes_on_unless_strict(
        row: Expected, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(row.path), "--lang", "en"]) == EXIT_OK
    captured = capsys.readouterr()
    assert captured.out
    first = captured.err.splitlines()[0]
    assert first.startswith(f"{row.path}:{row.line}:{row.column}: warning: ") and \
        row.message in first
    assert main(["show", str(row.path), "--lang", "en", "--strict"]) == EXIT_INPUT
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"{row.path}:{row.line}:{row.column}: {row.message}")


@pytest.mark.parametrize("row", REFUSED[::7], ids=row_name)
def test_convert_reports_the_place_and_writes_nothing(
        row: Expected, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.trf"
    assert main(["convert", str(row.path), "-o", str(out), "--lang", "en"]) == EXIT_INPUT
    _check_stderr(capsys.readouterr().err, row)
    assert not out.exists()


@pytest.mark.parametrize("row", REFUSED[::11], ids=row_name)
def test_the_messages_are_french_by_default(row: Expected,
                                            capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The course's language: the same place, the words of fr.cli.json."""
    monkeypatch.delenv("SWISSLEARN_LANG", raising=False)
    assert main(["show", str(row.path)]) == EXIT_INPUT
    first = capsys.readouterr().err.splitlines()[0]
    assert first.startswith(f"{row.path}:{row.line}:{row.column}: ")
    error = read_trf_error(row)
    assert first == f"{row.path}:{row.line}:{row.column}: {error.render('fr')}"
    assert error.render("fr") != error.render("en") and " : " in first


def read_trf_error(row: Expected) -> TRFError:
    with pytest.raises(TRFError) as caught:
        read_trf(row.path)
    return caught.value


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.trf"
    assert main(["show", str(missing), "--lang", "en"]) == EXIT_INPUT
    err = capsys.readouterr().err
    assert err.startswith(f"{missing}:0:0: cannot read the file")
    assert "Traceback" not in err
