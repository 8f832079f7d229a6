"""Helpers the test files share (instead of each keeping its own copy).

* :func:`run`: the command line in-process, its exit code and what it printed;
* :func:`in_process`: the same without pytest's capsys, as ``subprocess.run`` answers;
* :func:`other_hash_seed`: a ``PYTHONHASHSEED`` other than this process's, for
  a test that compares what this process wrote with a new interpreter's;
* :func:`pairs_of`: a round's pairs without colours;
* :class:`Expected` and :func:`expected_rows`: the rows of an ``expected.tsv``
  under ``tests/data/`` (a file and the problem it must produce), with
  :func:`row_name` as their test ids.

The pairing a file records for a round is :func:`swisslearn.model.recorded_round`
(what ``check`` compares with).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import pytest

from swisslearn.cli import main
from swisslearn.model import PlayerId
from swisslearn.trace import RoundPaired

__all__ = ["run", "in_process", "other_hash_seed", "pairs_of", "Expected", "expected_rows",
           "row_name"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``swisslearn ARGV...`` in this process: exit code, stdout, stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def in_process(*argv: str | Path, lang: str | None = None) -> subprocess.CompletedProcess[str]:
    """``swisslearn ARGV...`` in this process, ``SWISSLEARN_LANG`` being
    ``lang`` (unset if None), answered as ``subprocess.run`` would: for a
    test of what the command says, not of how an interpreter starts (each new
    one costs about 0.3 s of CPU).  ``--help`` ends in SystemExit, as in the
    interpreter; the help's width is the one a pipe gets (COLUMNS, else 80)."""
    words = [str(word) for word in argv]
    out, err = io.StringIO(), io.StringIO()
    with mock.patch.dict(os.environ, {"COLUMNS": os.environ.get("COLUMNS", "80")}):
        os.environ.pop("SWISSLEARN_LANG", None)
        if lang is not None:
            os.environ["SWISSLEARN_LANG"] = lang
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(words)
            except SystemExit as exit:
                code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
    return subprocess.CompletedProcess(words, code, out.getvalue(), err.getvalue())


def other_hash_seed() -> str:
    """A ``PYTHONHASHSEED`` for a new interpreter that differs from this
    process's: one run here and one there compare two hash seeds, as two
    subprocesses did for twice the CPU (issue 31).  This process's seed is
    random unless ``PYTHONHASHSEED`` fixes it (then its successor is taken;
    a random one equals 4242 once in 2**32)."""
    told = os.environ.get("PYTHONHASHSEED", "")
    return str((int(told) + 1) % 2**32) if told.isdigit() else "4242"


def pairs_of(result: RoundPaired) -> set[frozenset[PlayerId]]:
    """The pairs of ``result``, each as a set (colours left out)."""
    return {frozenset(pair) for pair in result.pairs()}


@dataclass(frozen=True)
class Expected:
    """A file of ``tests/data/`` and what reading it must say: the line and
    column, a part of the message, and its kind (``error``, ``warning`` or
    ``read``: an ``accepted/`` file read without a problem)."""

    path: Path
    line: int
    column: int
    message: str
    kind: str = "error"


def expected_rows(folder: Path) -> list[Expected]:
    """The rows of ``folder/expected.tsv`` (tab-separated: file name, line,
    column, message, and optionally the kind; blank lines and ``#`` comments
    skipped), in order."""
    rows = []
    for text in (folder / "expected.tsv").read_text(encoding="utf-8").splitlines():
        if not text.strip() or text.startswith("#"):
            continue
        name, line, column, message, *kind = text.split("\t")
        rows.append(Expected(folder / name, int(line), int(column), message, *kind))
    return rows


def row_name(row: Expected) -> str:
    """A row's test id: its file's name."""
    return row.path.name
