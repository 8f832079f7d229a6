"""Malformed TRF files: each one raises TRFError pointing at its one defect.

``tests/data/bad/expected.tsv`` lists, for every file, the line and column
the error must name and a piece of its message (what was expected).  The
command line must print ``FILE:LINE:COL: message`` on stderr and exit 3,
never a traceback.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT, TEST_DATA
from swisslearn.cli import EXIT_INPUT, main
from swisslearn.errors import TRFError
from swisslearn.formats.trf import read_trf

BAD = TEST_DATA / "bad"


@dataclass(frozen=True)
class Expected:
    path: Path
    line: int
    column: int
    message: str


def _expected() -> list[Expected]:
    rows = []
    for text in (BAD / "expected.tsv").read_text(encoding="utf-8").splitlines():
        if not text.strip() or text.startswith("#"):
            continue
        name, line, column, message = text.split("\t")
        rows.append(Expected(BAD / name, int(line), int(column), message))
    return rows


EXPECTED = _expected()
# Run through a real subprocess: one of each kind of defect (bytes, fixed
# columns, round blocks, cross-checks, records); the rest run in-process.
SUBPROCESS_SAMPLE = {
    "empty.trf", "nul-byte.trf", "latin1-name-cr.trf", "letters-in-rating.trf",
    "colour-for-bye.trf", "asymmetric-opponents.trf", "pair-played-twice.trf",
    "points-column-wrong.trf", "bad-260-reversed.trf", "crlf-bad-rating.trf",
}


def _name(row: Expected) -> str:
    return row.path.name


def test_every_bad_file_is_listed_once() -> None:
    listed = [row.path.name for row in EXPECTED]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted(p.name for p in BAD.glob("*.trf"))
    assert len(listed) >= 40
    assert SUBPROCESS_SAMPLE <= set(listed)


@pytest.mark.parametrize("row", EXPECTED, ids=_name)
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


def _check_stderr(stderr: str, row: Expected) -> None:
    assert "Traceback" not in stderr
    assert stderr.startswith(f"{row.path}:{row.line}:{row.column}: "), stderr
    assert row.message in stderr
    assert stderr.count("\n") == 1  # one line, as compilers print it


@pytest.mark.parametrize("row", [r for r in EXPECTED if r.path.name in SUBPROCESS_SAMPLE],
                         ids=_name)
def test_command_line_reports_the_place(row: Expected) -> None:
    run = subprocess.run([sys.executable, "-m", "swisslearn", "show", str(row.path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == EXIT_INPUT
    assert run.stdout == ""
    _check_stderr(run.stderr, row)


@pytest.mark.parametrize("row", [r for r in EXPECTED if r.path.name not in SUBPROCESS_SAMPLE],
                         ids=_name)
def test_main_reports_the_place(row: Expected, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(row.path)]) == EXIT_INPUT
    captured = capsys.readouterr()
    assert captured.out == ""
    _check_stderr(captured.err, row)


@pytest.mark.parametrize("row", EXPECTED[::7], ids=_name)
def test_convert_reports_the_place_and_writes_nothing(
        row: Expected, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.trf"
    assert main(["convert", str(row.path), "-o", str(out)]) == EXIT_INPUT
    _check_stderr(capsys.readouterr().err, row)
    assert not out.exists()


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.trf"
    assert main(["show", str(missing)]) == EXIT_INPUT
    err = capsys.readouterr().err
    assert err.startswith(f"{missing}:0:0: cannot read the file")
    assert "Traceback" not in err
