"""dutch-1998, issue 29: the C4 line says x as A8 computes it, then C11's
raise, as two steps of the text (it used to print the raised x beside A8's
counts, « x = 1 (A8 : b = 3, n = 2, q = 3) », where A8 gives 0)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swisslearn.cli import main
from swisslearn.dutch1998.colours import a8_x
from swisslearn.dutch1998.procedure import trace
from swisslearn.explain import explain
from swisslearn.formats.trf import read_trf
from swisslearn.trace import BracketSplit

DATA = Path(__file__).resolve().parent.parent / "data"


def _splits(name: str, round: int) -> list[BracketSplit]:
    events = trace(read_trf(DATA / f"{name}.trf").tournament, round)
    return [e for e in events if isinstance(e, BracketSplit)]


def test_a_bracket_raised_by_c11_says_a8_then_c11() -> None:
    """cours-c11-residuel, round 4, score 1: 5 and 8 moved down onto 6, 7,
    9; A8: b = 3, n = 2, q = 3, x = 3 - 3 = 0; C11 raises it to 1."""
    raised = next(e for e in _splits("cours-c11-residuel", 4)
                  if e.bracket.score == 1 and e.raised and not e.bracket.remainder)
    assert (raised.bracket.x, raised.raised, a8_x(raised.w, raised.b, raised.q)) == (1, 1, 0)
    assert explain(raised, "fr") == (
        "C4 : S1 = 5, 8 (flotteurs descendants), S2 = 6, 7, 9 ; p = 2, x = 0 par A8 (b = 3, "
        "n = 2, q = 3), porté à x = 1 par C11 (tant que x < p, augmenter x de 1).")
    assert explain(raised, "en") == (
        "C4: S1 = 5, 8 (moved-down players), S2 = 6, 7, 9; p = 2, x = 0 by A8 (w = 3, "
        "b = 2, q = 3), raised to x = 1 by C11 (as long as x < p, increase x by 1).")


def test_a_remainder_raised_with_its_bracket_says_reading_3() -> None:
    """cours-c14, round 7: the remainder group 4, 7 (A8: x = 0) has x = 1,
    raised with its bracket's (reading 3)."""
    raised = next(e for e in _splits("cours-c14", 7) if e.bracket.remainder and e.raised)
    assert explain(raised, "fr") == (
        "C4 : niveau résiduel : S1 = 4, S2 = 7 ; p = 1, x = 0 par A8 (b = 1, n = 1, q = 1), "
        "porté à x = 1 par C11 (tant que x < p, augmenter x de 1 ; lecture 3 : le x du "
        "niveau résiduel monte avec celui du niveau).")


def test_every_c4_line_of_the_course_gives_a8s_x() -> None:
    """On every round of the course files: x minus C11's raise is A8's x
    (or x capped at p), outside C14's levels (C14 tells its own x); a line
    with no raise keeps A8's counts beside x."""
    checked = 0
    for path in sorted(DATA.glob("cours-*.trf")):
        tournament = read_trf(path).tournament
        for round in range(1, tournament.rounds_paired + 1):
            for split in _splits(path.stem, round):
                view = split.bracket
                if view.p == 0 or not split.raised:
                    continue
                assert view.x - split.raised == min(a8_x(split.w, split.b, split.q), view.p)
                assert "par C11" in explain(split, "fr")
                checked += 1
    assert checked > 10
    plain = next(e for e in _splits("cours-c11-residuel", 4) if e.bracket.p)
    assert not plain.raised and "(A8 : b = " in explain(plain, "fr")


def test_the_raise_is_in_the_jsonl(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", str(DATA / "cours-c11-residuel.trf"), "--round", "4",
                 "--jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    splits = [o for o in lines if o["kind"] == "bracket_split"]
    assert any(o["raised"] == 1 for o in splits) and all("raised" in o for o in splits)
