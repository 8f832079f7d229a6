"""The malformed-input corpus through every command (issue 10).

``tests/data/bad/*.trf`` and ``tests/data/bad-plain/*.txt`` (each listed with
its line, column and message in ``expected.tsv``; ``test_trf_errors.py`` and
``test_plainlist.py`` check the reader and ``show``/``pair``) go here through
``check``, ``trace``, ``why`` and ``convert`` in both directions: exit 3,
``FILE:LINE:COL: message`` on stderr (the first problem first, one line a
problem), nothing on stdout, nothing written, never a traceback.  The files
the reader accepts with a warning (issue 18) are refused so by ``--strict``
on every command.  A sample runs through the real command line: one file
in 64 of the corpus (the first and the last included) in `make test`, one
in 16 under `make stress` (each a new interpreter; every file of the corpus
goes through ``check`` in this process above, and ``test_trf_errors.py`` and
``test_plainlist.py`` run their own samples through the real ``show``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, TEST_DATA, sample
from helpers import Expected, expected_rows
from swisslearn.cli import EXIT_INPUT, main


EVERY_FILE = [row for folder in ("bad", "bad-plain", "accepted")
              for row in expected_rows(TEST_DATA / folder)]
CORPUS = [bad for bad in EVERY_FILE if bad.kind == "error"]
WARNED = [bad for bad in EVERY_FILE if bad.kind == "warning"]


def _id(bad: Expected) -> str:
    return f"{bad.path.parent.name}/{bad.path.name}"


def test_the_corpus_is_large_and_complete() -> None:
    assert len(CORPUS) >= 200
    listed = {bad.path for bad in EVERY_FILE}
    on_disk = (set((TEST_DATA / "bad").glob("*.trf")) | set((TEST_DATA / "bad-plain").glob("*.txt"))
               | set((TEST_DATA / "accepted").glob("*.trf")))
    assert listed == on_disk


def _check(err: str, bad: Expected) -> None:
    assert "Traceback" not in err
    assert err.startswith(f"{bad.path}:{bad.line}:{bad.column}: "), err
    lines = err.splitlines()
    assert bad.message in lines[0]
    assert all(line.startswith(f"{bad.path}:") for line in lines), err


def _other_suffix(bad: Expected) -> str:
    return ".txt" if bad.path.suffix == ".trf" else ".trf"


@pytest.mark.parametrize("bad", CORPUS, ids=_id)
def test_every_command_reports_the_place(bad: Expected, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"out{_other_suffix(bad)}"
    same = tmp_path / f"same{bad.path.suffix}"
    for args in _commands(bad, out, same):
        assert main(args) == EXIT_INPUT, args
        captured = capsys.readouterr()
        assert captured.out == "", args
        _check(captured.err, bad)
    assert list(tmp_path.iterdir()) == []  # nothing written, no temporary left


def _commands(bad: Expected, out: Path, same: Path, *extra: str) -> list[list[str]]:
    return [[*args, "--lang", "en", *extra] for args in (
        ["check", str(bad.path)],
        ["trace", str(bad.path), "--jsonl"],
        ["why", str(bad.path), "1", "2"],
        ["pair", str(bad.path), "--system", "dutch-2026", "--json"],
        ["convert", str(bad.path), "-o", str(out)],
        ["convert", str(bad.path), "-o", str(same)])]


@pytest.mark.parametrize("bad", WARNED, ids=_id)
def test_strict_refuses_a_warning_on_every_command(bad: Expected, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"out{_other_suffix(bad)}"
    same = tmp_path / f"same{bad.path.suffix}"
    for args in _commands(bad, out, same, "--strict"):
        assert main(args) == EXIT_INPUT, args
        captured = capsys.readouterr()
        assert captured.out == "", args
        _check(captured.err, bad)
    assert list(tmp_path.iterdir()) == []


SAMPLE = sample(CORPUS[::16], 4)


@pytest.mark.parametrize("bad", SAMPLE, ids=_id)
def test_the_real_command_line(bad: Expected) -> None:
    run = subprocess.run([sys.executable, "-m", "swisslearn", "check", str(bad.path),
                          "--lang", "en"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == EXIT_INPUT
    assert run.stdout == ""
    _check(run.stderr, bad)


# Plain lists that read (points are taken as given) but cannot become a TRF:
# no results of 1, ½ or 0 add up to the points.  convert exits 3 and names the
# line of the player (column 0: the whole line), or the file (0:0).
IMPOSSIBLE = {
    "quarter-points.txt": ("A | 0.25 | B | W\nB | 0.75 | A | B\n", 1, "multiple of ½"),
    "more-than-the-games.txt": ("A | 2 | B | W\nB | 0 | A | B\n", 1, "cannot come from"),
    "total-too-high.txt": ("A | 1 | B | W\nB | 1 | A | B\n", 0, "the points add up to 2"),
    "bye-and-nothing.txt": ("A | 0 | bye\nB | 0 | -\n", 1, "cannot come from"),
}


@pytest.mark.parametrize("name", sorted(IMPOSSIBLE))
def test_impossible_scores_stop_the_conversion(name: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    text, line, message = IMPOSSIBLE[name]
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["convert", str(source), "-o", str(out), "--lang", "en"]) == EXIT_INPUT
    err = capsys.readouterr().err
    assert err.startswith(f"{source}:{line}:0: ") and message in err, err
    assert "Traceback" not in err and not out.exists()
