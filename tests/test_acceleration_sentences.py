"""Every score the Dutch editions' sentences name in an accelerated round
says its real and virtual parts (issue 32, C.04.5.1): « groupe
d'appariement 2 points (1 réel + 1 virtuel) », a bracket that mixes GA and
GB players part by part, the levels of the round's start, the floaters of
``why``.  A round without virtual points reads as before
(``bench/same_traces_editions.py`` compares every round of ``data/`` and of
the 2026 vectors, old code against new)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import vector_files
from helpers import run

FILES = vector_files("dutch2026-baku")
missing = pytest.mark.skipif(not FILES, reason="../shared/vectors/dutch2026-baku is absent")


def _baku_002() -> Path:
    return next(p for p in FILES if "baku-002" in p.name)


@missing
@pytest.mark.parametrize("system", ["dutch-2026", "dutch-2017"])
def test_the_brackets_of_an_accelerated_round_say_their_virtual_points(
        system: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "trace", str(_baku_002()), "--system", system, "--round", "2",
                    "--lang", "fr")
    lines = out.splitlines()
    assert ("2 points (1 réel + 1 virtuel), 1,5 point (0,5 réel + 1 virtuel), 1 point "
            "(0 réel + 1 virtuel pour 2, 3, 4, 6 ; 1 réel sans point virtuel pour 11, 13, "
            "14, 19), 0,5, 0.") in lines[0]
    opened = [line for line in lines if " 2 points (1 réel + 1 virtuel), homogène" in line]
    assert len(opened) == 1 and opened[0].endswith(": 1, 7, 8, 9.")
    assert any("1 point (0 réel + 1 virtuel pour 2, 3, 4, 6 ; 1 réel sans point virtuel "
               "pour 11, 13, 14, 19), hétérogène" in line for line in lines)
    # A bracket of real points only (GB) is said as before: the bare number.
    assert any("0,5, homogène" in line for line in lines)
    _, out, _ = run(capsys, "trace", str(_baku_002()), "--system", system, "--round", "2",
                    "--lang", "en")
    assert any("1 point (0 real + 1 virtual for 2, 3, 4, 6; 1 real and no virtual point for "
               "11, 13, 14, 19)" in line for line in out.splitlines())


@missing
def test_why_says_the_floaters_pairing_scores(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "why", str(_baku_002()), "5", "2", "--system", "dutch-2026",
                    "--round", "2", "--lang", "fr")
    assert ("1.4.2 : 5 (score 1,5 point (0,5 réel + 1 virtuel)) flotte vers le bas, 2 (score "
            "1 point (0 réel + 1 virtuel)) vers le haut.") in out
    _, out, _ = run(capsys, "why", str(_baku_002()), "1", "5", "--system", "dutch-2026",
                    "--round", "2", "--lang", "en")
    assert "1 was paired in bracket 2 points (1 real + 1 virtual), before bracket 1 point" in out


@missing
def test_the_jsonl_gives_the_virtual_points_only_when_there_are(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "trace", str(_baku_002()), "--system", "dutch-2026", "--round", "2",
                    "--jsonl")
    started = json.loads(out.splitlines()[0])
    players = {p["id"]: p for p in started["players"]}
    assert players[1]["score"] == 2.0 and players[1]["virtual"] == 1.0
    assert "virtual" not in players[11]
    _, out, _ = run(capsys, "trace", str(_baku_002()), "--system", "dutch-2026", "--round", "2",
                    "--jsonl", "--acceleration", "none")
    assert '"virtual"' not in out
    _, out, _ = run(capsys, "trace", str(_baku_002()), "--system", "dutch-2026", "--round", "2",
                    "--lang", "fr", "--acceleration", "none")
    assert "réel" not in out and "virtuel" not in out
