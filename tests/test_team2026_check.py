"""``swisslearn check`` on team files under both readings, the ``362`` layout
(read, warned about, written) and team rounds written back (``pair -o``)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from conftest import vector_files
from swisslearn.cli import read_input
from swisslearn.formats.teams import engine_362_reading, format_362, misread_362, read_362
from swisslearn.teams import MatchPoints, TeamTournament
from swisslearn.formats.trf import read_trf
from swisslearn.team2026 import procedure, sharly
from swisslearn.team2026.differences import RecordedRound, recorded
from teambuild import team_trf
from helpers import run

FILES = vector_files("team2026")
W, D, L = "W", "D", "L"
# rtg-014's round 1 (1-4 won, 5-10 drawn): in round 2 the text pairs the
# top-scoregroup {1, 2, 3, 4} among itself, the engine pulls 5 and 10 up.
ROUND_1 = {(1, 6): W, (7, 2): L, (3, 8): W, (9, 4): L, (5, 10): D}


def paired_by(system: str, source: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """``source`` with its next round paired by ``system`` (``pair -o``)."""
    assert run(capsys, "pair", str(source), "--system", system, "-o", str(out))[0] == 0
    return out


@pytest.fixture
def after_round_1(tmp_path: Path) -> Path:
    path = tmp_path / "dix.trf"
    path.write_text(team_trf(10, [ROUND_1], total=6), encoding="utf-8")
    return path


def test_the_362_layouts() -> None:
    ten = "362 TW  3.0   TD  2.0   TL  1.0"
    nine = "362 TW 3.0   TD 2.0   TL 1.0"
    assert read_362(ten) == read_362(nine) == MatchPoints(3, 2, 1)  # type: ignore[arg-type]
    # The engine finds TW in columns 5-6 only on the first; TD, TL: its defaults.
    assert engine_362_reading(ten) == MatchPoints(3, 1, 0)  # type: ignore[arg-type]
    assert engine_362_reading(nine) == read_362(nine)
    assert format_362(read_362(ten)) == nine
    assert format_362(MatchPoints()) == "362 TW 2.0   TD 1.0   TL 0.0"
    [found] = misread_362(["012 x", ten])
    assert (found.line, found.column) == (2, 14)
    assert "TD 1.0, TL 0.0 instead of TW 3.0, TD 2.0, TL 1.0" in found.message()
    # 2/1/0 in the wide layout: the engine keeps its defaults, which are the values.
    assert misread_362(["362 TW  2.0   TD  1.0   TL  0.0"]) == []


def test_check_warns_about_a_362_line_the_engine_would_misread(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = team_trf(10, [ROUND_1], total=6)
    narrow = tmp_path / "narrow.trf"
    narrow.write_text(text.replace("362 TW 2.0   TD 1.0   TL 0.0", "362 TW 3.0   TD 2.0   TL 1.0"),
                      encoding="utf-8")
    wide = tmp_path / "wide.trf"
    wide.write_text(text.replace("362 TW 2.0   TD 1.0   TL 0.0",
                                 "362 TW  3.0   TD  2.0   TL  1.0"), encoding="utf-8")
    line = text.splitlines().index("362 TW 2.0   TD 1.0   TL 0.0") + 1
    code, out, err = run(capsys, "check", str(wide))
    assert code == 0 and f"swisslearn: warning: {wide}:{line}:14: 362 record" in err
    code, out, err = run(capsys, "check", str(wide), "--json")
    assert json.loads(out)["warnings"][0].startswith(f"{wide}:{line}:14: 362 record")
    code, out, err = run(capsys, "check", str(narrow), "--json")
    assert code == 0 and "warning" not in err and "warnings" not in json.loads(out)
    assert read_input(str(wide)).tournament.match_points == read_input(  # type: ignore[attr-defined]
        str(narrow)).tournament.match_points == MatchPoints(3, 2, 1)  # type: ignore[arg-type]


def test_pair_o_writes_a_team_round_that_reads_back(
        after_round_1: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = paired_by("team-2026-sharly", after_round_1, tmp_path / "round-2.trf", capsys)
    written = read_input(str(out)).tournament
    engine = sharly.pair(read_input(str(after_round_1)).tournament, 2)
    assert recorded(written, 2) == RecordedRound.of(engine)  # type: ignore[arg-type]
    # Board by board: board k of each team meets board k of the other, W B W B.
    lines = {int(line[4:8]): line for line in out.read_text(encoding="utf-8").splitlines()
             if line.startswith("001")}
    white, black = engine.boards[0].white, engine.boards[0].black
    for board in range(4):
        # Round 2's block (columns 102-109): opponent and colour, no result yet.
        assert lines[4 * white - 3 + board][101:] == f"{4 * black - 3 + board:4d} {'wb'[board % 2]}"
        assert lines[4 * black - 3 + board][101:] == f"{4 * white - 3 + board:4d} {'bw'[board % 2]}"
    # The 362 line in the engine's layout (it was already, 2/1/0).
    assert "362 TW 2.0   TD 1.0   TL 0.0" in out.read_text(encoding="utf-8")
    # Every other line as read.
    before = after_round_1.read_text(encoding="utf-8").splitlines()
    after = out.read_text(encoding="utf-8").splitlines()
    assert len(before) == len(after)
    assert [a for a, b in zip(before, after) if a != b and not a.startswith("001")] == []


def test_a_written_pab_and_a_wide_362_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Seven teams: a PAB on every board and in 320; the wide 362 line is
    written again in the engine's layout with the same values."""
    text = team_trf(7, [{(1, 4): W, (5, 2): L, (3, 6): D}], total=5, byes={1: 7})
    text = text.replace("362 TW 2.0   TD 1.0   TL 0.0", "362 TW  3.0   TD  2.0   TL  1.0")
    source = tmp_path / "sept.trf"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "sept-2.trf"
    assert run(capsys, "pair", str(source), "-o", str(out))[0] == 0
    written = out.read_text(encoding="utf-8")
    assert "362 TW 3.0   TD 2.0   TL 1.0" in written.splitlines()
    tournament = read_input(str(out)).tournament
    assert isinstance(tournament, TeamTournament)
    paired = procedure.pair(read_input(str(source)).tournament, 2)
    assert recorded(tournament, 2) == RecordedRound.of(paired)
    assert paired.byes
    pab = paired.byes[0]
    assert all(line[101:109] == "0000 - U" for line in written.splitlines()
               if line.startswith("001") and (int(line[4:8]) - 1) // 4 + 1 == pab)
    slots = next(line for line in written.splitlines() if line.startswith("320"))
    assert slots.split()[3:] == ["007", f"{pab:03d}"]
    assert tournament.match_points == MatchPoints(Decimal(3), Decimal(2), Decimal(1))


def test_check_team_2026_names_the_first_bracket_and_the_article(
        after_round_1: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine_file = paired_by("team-2026-sharly", after_round_1, tmp_path / "engine.trf", capsys)
    code, out, _ = run(capsys, "check", str(engine_file), "--system", "team-2026")
    assert code == 1
    assert ("the readings part at bracket 1: [C4]: the top-scoregroup (score 2: 1, 2, 3, 4) "
            "can be paired with 0 upfloater(s)") in out
    code, out, _ = run(capsys, "check", str(engine_file), "--system", "team-2026", "--json")
    row = json.loads(out)["rounds"][1]
    assert row["parting"]["article"] == "[C4]" and row["parting"]["bracket"] == 1
    assert row["parting"]["file"] == [5, 10] and row["parting"]["text"] == []
    # The same file is that engine's.
    assert run(capsys, "check", str(engine_file), "--system", "team-2026-sharly")[0] == 0


def test_check_team_2026_sharly_says_whose_round_it_is(
        after_round_1: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text_file = paired_by("team-2026", after_round_1, tmp_path / "text.trf", capsys)
    code, out, _ = run(capsys, "check", str(text_file), "--system", "team-2026-sharly")
    assert code == 1
    assert "not team-2026-sharly's pairing: [C5] over the whole round" in out
    assert "the file's round is the text's reading (team-2026)" in out
    code, out, _ = run(capsys, "check", str(text_file), "--system", "team-2026-sharly",
                       "--json")
    engine = json.loads(out)["rounds"][1]["engine"]
    assert engine == {"field": "[C5]", "tie": False, "text_reading": True}


@pytest.mark.skipif(not FILES, reason="reference vectors not found")
def test_check_on_the_vectors(capsys: pytest.CaptureFixture[str]) -> None:
    """A reference file is that engine's; the text's reading parts from it."""
    path = next(p for p in FILES if p.name == "rtg-014-t10-r06.trf")
    assert run(capsys, "check", str(path), "--system", "team-2026-sharly")[0] == 0
    code, out, _ = run(capsys, "check", str(path), "--system", "team-2026", "--json")
    rows = json.loads(out)["rounds"]
    assert code == 1
    assert [r["parting"]["article"] for r in rows if not r["identical"]] == [
        "[C4]", "[C5]", "[C5]", "[C5]"]
    tournament = read_trf(path)
    assert not misread_362(tournament.lines)


def test_a_tied_round_is_reported_as_a_tie(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """rtg-019 round 2 ties on the engine's weight: a file holding the other
    pairing of the same weight (the first in 3.6.3 order) is reported as a
    tie, a round that engine may have paired."""
    if not FILES:
        pytest.skip("reference vectors not found")
    from swisslearn.formats.paired import with_paired_round
    from swisslearn.team2026.events import WholeRoundWeighed
    from swisslearn.trace import Board
    path = next(p for p in FILES if p.name == "rtg-019-t06-r05.trf")
    full = read_input(str(path)).tournament
    assert isinstance(full, TeamTournament)
    weighed = next(e for e in sharly.trace(full, 2) if isinstance(e, WholeRoundWeighed))
    assert weighed.tied == ((1, 3), (2, 6), (4, 5))
    # Round 1 of rtg-019 again (1, 2, 3 won), then the tied pairing as round 2.
    first = {(w, b): W if w < b else L for w, b in recorded(full, 1).pairs}
    source = tmp_path / "six.trf"
    source.write_text(team_trf(6, [first], total=5), encoding="utf-8")
    document = read_input(str(source))
    engine = sharly.pair(document.tournament, 2)
    assert RecordedRound.of(engine).unordered == frozenset(weighed.pairs)
    other = engine.__class__(rule=engine.rule, round=2, system=engine.system,
                             boards=tuple(Board(i, a, b) for i, (a, b)
                                          in enumerate(weighed.tied, 1)))
    tied = tmp_path / "tied.trf"
    with_paired_round(document, other).write(tied)
    code, out, _ = run(capsys, "check", str(tied), "--system", "team-2026-sharly", "--json")
    assert code == 1
    row = json.loads(out)["rounds"][1]
    assert row["engine"] == {"field": None, "tie": True, "text_reading": False}
    assert any("an exact tie of the engine's weight" in line for line in row["differences"])
