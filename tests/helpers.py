"""Helpers the test files share (instead of each keeping its own copy).

* :func:`run`: the command line in-process, its exit code and what it printed;
* :func:`pairs_of`: a round's pairs without colours.

The pairing a file records for a round is :func:`swisslearn.model.recorded_round`
(what ``check`` compares with).
"""

from __future__ import annotations

import pytest

from swisslearn.cli import main
from swisslearn.model import PlayerId
from swisslearn.trace import RoundPaired

__all__ = ["run", "pairs_of"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``swisslearn ARGV...`` in this process: exit code, stdout, stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def pairs_of(result: RoundPaired) -> set[frozenset[PlayerId]]:
    """The pairs of ``result``, each as a set (colours left out)."""
    return {frozenset(pair) for pair in result.pairs()}
