"""The engine commands of the contract: pair, trace, why, check, tables."""

from __future__ import annotations

import json

import pytest

from conftest import DATA
from swisslearn.cli import EXIT_OK, EXIT_USAGE
from helpers import run

CLUB = DATA / "club-12-joueurs.trf"
SEED001 = DATA / "chysteme-36-joueurs.trf"


def test_seed_001_first_round(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 001: 36 players, round 1 is 1-19, 20-2, 3-21 ... 18-36 (top player white)."""
    code, out, _ = run(capsys, "pair", str(SEED001), "--json")
    assert code == EXIT_OK
    data = json.loads(out)
    expected = [(i, i + 18) if i % 2 else (i + 18, i) for i in range(1, 19)]
    assert [(b["white"], b["black"]) for b in data["boards"]] == expected
    assert data["byes"] == [] and data["released"] == [] and data["system"] == "dutch-1998"


def test_pair_json_agrees_with_the_last_trace_line(capsys: pytest.CaptureFixture[str]) -> None:
    for round in range(1, 6):
        _, out, _ = run(capsys, "pair", str(CLUB), "--round", str(round), "--json")
        paired = json.loads(out)
        _, out, _ = run(capsys, "trace", str(CLUB), "--round", str(round), "--jsonl")
        lines = [json.loads(line) for line in out.splitlines()]
        assert all("kind" in line and "rule" in line for line in lines)
        last = lines[-1]
        assert last["kind"] == "round_paired"
        assert (last["boards"], last["byes"]) == (paired["boards"], paired["byes"])


def test_check_finds_the_generated_rounds_identical(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(CLUB), "--json")
    assert code == EXIT_OK
    rounds = json.loads(out)["rounds"]
    assert len(rounds) == 5 and all(r["identical"] and r["differences"] == [] for r in rounds)


def test_why_cites_rules(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "pair", str(CLUB), "--round", "4", "--json")
    board = json.loads(out)["boards"][0]
    code, out, _ = run(capsys, "why", str(CLUB), str(board["white"]), str(board["black"]),
                       "--round", "4", "--lang", "en")
    assert code == EXIT_OK and ("C6" in out or "C7" in out)


def test_tables_json_matches_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tables", "8", "--json")
    data = json.loads(out)
    assert data["s1"] == [1, 2, 3, 4] and data["s2"] == [5, 6, 7, 8]
    assert data["transpositions"][:7] == [[5, 6, 7, 8], [5, 6, 8, 7], [5, 7, 6, 8], [5, 7, 8, 6],
                                          [5, 8, 6, 7], [5, 8, 7, 6], [6, 5, 7, 8]]
    lettered = [(e["cell"], e["from_s1"], e["from_s2"]) for e in data["exchanges"] if e["cell"]]
    assert lettered[:3] == [("a", [4], [5]), ("b", [4], [6]), ("c", [3], [5])]


def test_unknown_or_unfit_system_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "pair", str(CLUB), "--round", "3", "--system", "nonsense")
    assert code == EXIT_USAGE and "unknown system" in err
    code, _, err = run(capsys, "pair", str(CLUB), "--round", "3", "--system", "team-2026")
    assert code == EXIT_USAGE and "team" in err


def test_a_team_file_names_its_system(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pair", str(DATA / "equipes-dix.trf"), "--json")
    assert code == EXIT_OK and json.loads(out)["system"] == "team-2026"
