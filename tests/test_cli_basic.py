"""``swisslearn show`` and ``swisslearn convert`` on a small file (trf.md §7.1).

State before round 3, computed by hand from the file:

====  =====  =======  ==========  ======  =================
id    score  colours  preference  floats  notes
====  =====  =======  ==========  ======  =================
1     1.5    BN       mild w      . .     met 4, 6
2     1.5    NB       mild b      . ↓     0.5 v 0 in round 2
6     1.5    NB       mild b      . .
5     1.0    B-       strong b    . .     half-point bye
3     0.0    BN       mild w      . ↑
4     0.0    N-       strong w    . .     absent (240 Z)
====  =====  =======  ==========  ======  =================
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, TEST_DATA
from helpers import run
from swisslearn.cli import EXIT_OK, EXIT_USAGE, main

SMALL = TEST_DATA / "good" / "trf26-full.trf"


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """A copy of the small file, so that convert tests never touch tests/data."""
    copy = tmp_path / "small.trf"
    shutil.copyfile(SMALL, copy)
    return copy


# -- show -------------------------------------------------------------------------


# The small file keeps an unknown record on purpose (line 30): the one warning.
UNKNOWN_777 = f"{SMALL}:30:1: warning: unknown record '777': kept as it is, not read\n"


def test_show_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", str(SMALL))
    assert code == EXIT_OK and err == UNKNOWN_777
    lines = out.splitlines()
    assert lines[0] == "Tiny Example Open: state of each player before round 3"
    assert lines[1:4] == [
        "  file: TRF-2026, encoding UTF-8",
        "  first colour: white (152)",
        "  records kept as read, not used for pairing: 172, 182, 202, 212, 222, SUI"]
    lines = lines[4:]
    # The last line says which rules pair the file (its 192 record), and why.
    assert lines[-1] == "System: dutch-2026 — the file names it (192 FIDE_DUTCH_2025)."
    lines = lines[:-1]
    rows = [line.split() for line in lines[1:]]
    assert [row[1] for row in rows] == ["1", "2", "6", "5", "3", "4"]  # score, then number
    assert [row[0] for row in rows] == ["1", "2", "3", "4", "5", "6"]
    assert "Alpha, Anna" in lines[1] and "1.5" in lines[1]
    assert "absent" in lines[6] or "withdrawn" in lines[6]  # player 4: 240 Z 003 4
    assert len(lines) == 7


def test_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", str(SMALL), "--json")
    assert code == EXIT_OK and err == UNKNOWN_777
    data = json.loads(out)
    assert data["round"] == 3
    assert (data["encoding"], data["first_colour"], data["warnings"]) == (
        "utf-8", {"colour": "w", "from": "152"}, 1)
    assert data["system_choice"] == {"system": "dutch-2026", "source": "code",
                                     "detail": "FIDE_DUTCH_2025", "older": False,
                                     "reason": "the file names it (192 FIDE_DUTCH_2025)"}
    players = {p["id"]: p for p in data["players"]}
    assert [p["id"] for p in data["players"]] == [1, 2, 6, 5, 3, 4]
    # JSON colours use the English letters W/B, like the text output.
    expected = {
        1: (1.5, "WB", 0, "mild", "w", [None, None], [4, 6]),
        2: (1.5, "BW", 0, "mild", "b", [None, "down"], [3, 5]),
        6: (1.5, "BW", 0, "mild", "b", [None, None], [1, 3]),
        5: (1.0, "W-", 1, "strong", "b", [None, None], [2]),
        3: (0.0, "WB", 0, "mild", "w", [None, "up"], [2, 6]),
        4: (0.0, "B-", -1, "strong", "w", [None, None], [1]),
    }
    for pid, (score, colours, diff, strength, colour, floats, opponents) in expected.items():
        p = players[pid]
        assert (p["score"], p["colours"], p["colour_difference"]) == (score, colours, diff)
        assert p["preference"] == {"strength": strength, "colour": colour}
        assert (p["floats"], p["opponents"]) == (floats, opponents)
        assert p["had_bye"] is False and p["unplayed_point"] is False
        assert p["available"] is (pid != 4)
    assert players[1]["name"] == "Alpha, Anna" and players[1]["rating"] == 2500


def test_show_json_earlier_round(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", str(SMALL), "--json", "--round", "1")
    assert code == EXIT_OK
    data = json.loads(out)
    assert data["round"] == 1
    assert all(p["score"] == 0 and p["colours"] == "" and p["floats"] == []
               and p["preference"] == {"strength": "none", "colour": None}
               for p in data["players"])


def test_show_json_through_the_command_line() -> None:
    run = subprocess.run([sys.executable, "-m", "swisslearn", "show", str(SMALL), "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == EXIT_OK, run.stderr
    assert json.loads(run.stdout)["players"][0]["id"] == 1


@pytest.mark.parametrize("round", ["4", "0", "-1"])
def test_show_round_out_of_range(round: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", str(SMALL), "--round", round)
    assert code == EXIT_USAGE
    assert out == "" and "Traceback" not in err and err.strip()


def test_show_round_not_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:  # argparse's own exit for bad usage
        main(["show", str(SMALL), "--round", "three"])
    assert stopped.value.code == EXIT_USAGE


# -- convert -----------------------------------------------------------------------


def test_convert_writes_a_copy(small: Path, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.trf"
    code, stdout, err = run(capsys, "convert", str(small), "-o", str(out))
    assert code == EXIT_OK and err == UNKNOWN_777.replace(str(SMALL), str(small))
    assert out.read_bytes() == SMALL.read_bytes()
    # No temporary file left behind.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.trf", "small.trf"]


def test_convert_refuses_to_overwrite(small: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.trf"
    out.write_bytes(b"precious\n")
    code, _, err = run(capsys, "convert", str(small), "-o", str(out))
    assert code == EXIT_USAGE
    assert "--force" in err and "Traceback" not in err
    assert out.read_bytes() == b"precious\n"
    code, _, _ = run(capsys, "convert", str(small), "-o", str(out), "--force")
    assert code == EXIT_OK
    assert out.read_bytes() == SMALL.read_bytes()


@pytest.mark.parametrize("force", [False, True])
def test_convert_never_writes_over_its_input(small: Path, force: bool,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    before = small.read_bytes()
    same = small.parent / ".." / small.parent.name / small.name  # another spelling
    for target in (small, same):
        argv = ["convert", str(small), "-o", str(target)] + (["--force"] if force else [])
        code, _, err = run(capsys, *argv)
        assert code == EXIT_USAGE
        assert "input" in err
    assert small.read_bytes() == before


def test_convert_never_writes_over_its_input_through_a_link(
        small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link = tmp_path / "link.trf"
    link.symlink_to(small)
    before = small.read_bytes()
    code, _, _ = run(capsys, "convert", str(small), "-o", str(link), "--force")
    assert code == EXIT_USAGE
    assert small.read_bytes() == before and link.is_symlink()


def test_convert_without_output_is_bad_usage(small: Path) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["convert", str(small)])
    assert stopped.value.code == EXIT_USAGE
