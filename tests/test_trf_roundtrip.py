"""Reading then writing a TRF gives the same bytes; the hand-made files mean what they say.

The hand-made files in ``tests/data/good`` are the examples of
``../shared/rules/trf.md`` §7 (a 6-player, 3-round Swiss after two rounds),
dressed with every record the reader knows and saved with each line-ending
convention, so that a failure names the feature that broke.
"""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from conftest import ROOT, TEST_DATA, vector_files
from swisslearn.cli import main
from swisslearn.errors import TRFError
from swisslearn.formats.trf import (TrfDocument, format_round_block, parse_trf, read_trf,
                                    round_block_column)
from swisslearn.model import (Acceleration, ByeRequest, Colour, ForbiddenPairs, Result,
                              RoundEntry)
from swisslearn.points import PointSystem

GOOD = TEST_DATA / "good"
GOOD_FILES = sorted(GOOD.glob("*.trf"))
VECTOR_FILES = vector_files("dutch2026") + vector_files("team2026")
ALL_FILES = GOOD_FILES + VECTOR_FILES


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def good(name: str) -> TrfDocument:
    return read_trf(GOOD / name)


# -- byte-identical round trips ----------------------------------------------


def test_the_good_files_are_there() -> None:
    # A renamed folder must not turn the parametrised tests below into nothing.
    assert len(GOOD_FILES) >= 7


def test_both_kinds_of_vectors_are_there(vectors: Path) -> None:
    assert vector_files("dutch2026") and vector_files("team2026")


@pytest.mark.parametrize("path", ALL_FILES, ids=_id)
def test_to_bytes_gives_back_the_file(path: Path) -> None:
    data = path.read_bytes()
    document = read_trf(path)
    assert document.to_bytes() == data
    # Parsing the written bytes again gives the same lines (a fixed point).
    assert parse_trf(document.to_bytes()).lines == document.lines


@pytest.mark.parametrize("path", ALL_FILES, ids=_id)
def test_convert_gives_back_the_file(path: Path, tmp_path: Path) -> None:
    out = tmp_path / path.name
    assert main(["convert", str(path), "-o", str(out)]) == 0
    assert out.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("path", GOOD_FILES[:1], ids=_id)
def test_convert_command_line_gives_back_the_file(path: Path, tmp_path: Path) -> None:
    # The real entry point, on one hand-made file: every file is converted in
    # this process above (a new interpreter each was 0.4 s of CPU; issue 31).
    out = tmp_path / "out.trf"
    run = subprocess.run([sys.executable, "-m", "swisslearn", "convert", str(path), "-o",
                          str(out)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("name, newline, final_newline, bom", [
    ("trf16-full.trf", "\n", True, False),
    ("trf26-full.trf", "\n", True, False),
    ("trf26-crlf.trf", "\r\n", True, False),
    ("trf16-cr.trf", "\r", True, False),
    ("trf26-bom.trf", "\n", True, True),
    ("trf16-no-final-newline.trf", "\n", False, False),
])
def test_the_file_layout_is_remembered(name: str, newline: str, final_newline: bool,
                                       bom: bool) -> None:
    document = good(name)
    assert (document.newline, document.final_newline, document.bom) == (
        newline, final_newline, bom)
    assert not any("\r" in line or "\n" in line or "\ufeff" in line for line in document.lines)


@pytest.mark.parametrize("text", [
    "012 Mixed\r\n001    1      A                                 1000\n",
    "012 Mixed\r001    1      A                                 1000\r\n\n",
    "012 Mixed\n001    1      A                                 1000\r",
    "012 Mixed\r\n\r001    1      A                                 1000",
    "\ufeff012 Mixed\n\n\n001    1      A                                 1000\n\n",
])
def test_mixed_and_repeated_line_endings_are_kept(text: str) -> None:
    assert parse_trf(text.encode()).to_bytes() == text.encode()


def test_the_same_tournament_whatever_the_layout() -> None:
    reference = good("trf26-full.trf").tournament
    for name in ("trf26-crlf.trf", "trf26-bom.trf"):
        assert good(name).tournament.players == reference.players
    trf16 = good("trf16-cr.trf").tournament
    assert good("trf16-no-final-newline.trf").tournament.players == trf16.players


# -- what the hand-made files say ----------------------------------------------


def test_trf16_full() -> None:
    document = good("trf16-full.trf")
    t = document.tournament
    assert document.version == "TRF16"
    assert t.name == "Tiny Example Open"
    assert t.rounds == 3  # XXR 3
    assert t.initial_colour is Colour.WHITE  # XXC white1
    # XXS W=3 D=1 / XXS PAB=3 (BBW/BBD/BBU say the same): 3/1/0.
    assert t.point_system == PointSystem(
        win=Decimal(3), draw=Decimal(1), loss=Decimal(0), forfeit_win=Decimal(3),
        full_point_bye=Decimal(3), half_point_bye=Decimal(1),
        pairing_allocated_bye=Decimal(3))
    assert t.bye_requests == (ByeRequest(3, 4, Result.ZERO_POINT_BYE),)  # XXZ 4
    assert t.forbidden == (ForbiddenPairs((1, 2)),)  # XXP 1 2: every round
    assert t.forbidden_pairs(1) == t.forbidden_pairs(3) == frozenset({frozenset({1, 2})})
    assert t.accelerations == tuple(
        Acceleration(pid, r, Decimal(points)) for pid in (1, 2)
        for r, points in ((1, "1.0"), (2, "1.0"), (3, "0.0")))
    assert [p.declared_points for p in t] == [Decimal(v) for v in
                                              ("4.0", "4.0", "0.0", "0.0", "2.0", "4.0")]
    assert t.next_round() == 3


def test_trf16_players_and_round_blocks() -> None:
    t = good("trf16-full.trf").tournament
    assert [p.id for p in t] == [1, 2, 3, 4, 5, 6]
    alpha = t.player(1)
    assert (alpha.name, alpha.rating, alpha.title, alpha.sex, alpha.federation,
            alpha.fide_id, alpha.birth_date, alpha.declared_rank) == (
        "Alpha, Anna", 2500, "GM", "m", "ITA", "1000001", "1990/01/01", 1)
    assert alpha.entries == (RoundEntry(1, 4, Colour.WHITE, Result.WIN),
                             RoundEntry(2, 6, Colour.BLACK, Result.DRAW))
    assert t.player(4).entries == (RoundEntry(1, 1, Colour.BLACK, Result.LOSS),
                                   RoundEntry(2, None, None, Result.ZERO_POINT_BYE),
                                   RoundEntry(3, None, None, Result.ZERO_POINT_BYE))
    assert t.player(5).entries[1] == RoundEntry(2, None, None, Result.HALF_POINT_BYE)


def test_trf26_full() -> None:
    document = good("trf26-full.trf")
    t = document.tournament
    assert document.version == "TRF-2026"
    assert t.rounds == 3  # 142
    assert t.initial_colour is Colour.WHITE  # 152 W
    assert t.point_system.is_default  # 162 with the default values
    assert t.system == "FIDE_DUTCH_2025"  # 192
    assert t.bye_requests == (ByeRequest(3, 4, Result.ZERO_POINT_BYE),)  # 240 Z 003 4
    assert t.forbidden == (ForbiddenPairs((1, 2), 3, 3),)  # 260 003 003 1 2
    assert t.forbidden_pairs(3) == frozenset({frozenset({1, 2})})
    assert t.forbidden_pairs(2) == frozenset()
    # 250: 1.0 fictitious point to players 1-3 in rounds 1-2.
    assert sorted((a.player, a.round, a.points) for a in t.accelerations) == [
        (pid, r, Decimal("1.0")) for pid in (1, 2, 3) for r in (1, 2)]
    assert [p.id for p in t] == [1, 2, 3, 4, 5, 6]  # the NRS record is no player
    assert t.player(5).rating == 2100


def test_trf26_unknown_and_informative_records_are_kept_verbatim() -> None:
    lines = good("trf26-full.trf").lines
    for kept in ("777 vendor private data 1 2 3",
                 "SUI    5 m    Echo, Emil                        1950 SUI       12345 1994/05/05",
                 "202 BH:CUT1,BH,SB", "222 5400+30", "172 SUI NRO",
                 "### the next record is not in any specification: kept as it is"):
        assert kept in lines


def test_pending_game() -> None:
    t = good("trf26-pending.trf").tournament
    assert t.player(1).entry(3) == RoundEntry(3, 5, Colour.WHITE, Result.PENDING)
    assert t.player(6).entry(3) == RoundEntry(3, 2, Colour.WHITE, Result.PENDING)
    assert t.player(3).entry(3) == RoundEntry(3, None, None, Result.PAIRING_ALLOCATED_BYE)
    assert t.rounds_paired == 3
    # The points column holds results only: a pending game adds nothing yet.
    assert t.player(1).declared_points == Decimal("1.5")


@pytest.mark.parametrize("records, expected", [
    (["162  W 3.0    D 1.0    L 0.0    P 3.0"],   # X (unknown) follows D: F9's draw
     dict(win=3, draw=1, forfeit_win=3, full_point_bye=3, half_point_bye=1,
          pairing_allocated_bye=3, unknown=1)),
    (["162  W 3.0    D 1.0"],   # issue 18: P follows W, X follows D, as the engine reads it
     dict(win=3, draw=1, forfeit_win=3, full_point_bye=3, half_point_bye=1,
          pairing_allocated_bye=3, unknown=1)),
    (["BBW  3.0", "BBD  1.0"],   # BBU defaults to the win value (bbpPairings)
     dict(win=3, forfeit_win=3, full_point_bye=3, draw=1, half_point_bye=1,
          pairing_allocated_bye=3)),
    (["162  W 1.0    D 0.5    L 0.0    Z 0.0    X 0.5"], {}),
    (["XXS PAB=.5"], dict(pairing_allocated_bye="0.5")),
    (["XXS WW=3 BW=3 WD=1 BD=1 FW=3 FPB=3 HPB=1 PAB=1"],
     dict(win=3, draw=1, forfeit_win=3, full_point_bye=3, half_point_bye=1,
          pairing_allocated_bye=1)),
    (["XXS W=2", "XXS W=3"], dict(win=3, forfeit_win=3, full_point_bye=3)),  # the last one wins
    (["BBW  3.0", "BBD  1.0", "BBU  0.0"],
     dict(win=3, forfeit_win=3, full_point_bye=3, draw=1, half_point_bye=1,
          pairing_allocated_bye=0)),
])
def test_point_systems(records: list[str], expected: dict[str, object]) -> None:
    text = "\n".join(["012 Points", "001    1      A                                 1000"]
                     + records) + "\n"
    values = {name: Decimal(str(value)) for name, value in expected.items()}
    assert parse_trf(text).tournament.point_system == PointSystem().with_values(**values)


@pytest.mark.parametrize("record, colour", [
    ("152 W", Colour.WHITE), ("152 b", Colour.BLACK), ("XXC white1", Colour.WHITE),
    ("XXC rank black1", Colour.BLACK), ("XXC", None)])
def test_initial_colour(record: str, colour: Colour | None) -> None:
    text = f"012 Colours\n{record}\n001    1      A                                 1000\n"
    assert parse_trf(text).tournament.initial_colour is colour


@pytest.mark.parametrize("record, version", [
    ("", "TRF16"), ("XXR 3", "TRF16"), ("BBW  1.0", "TRF16"), ("142 3", "TRF-2026"),
    ("### a comment", "TRF-2026"), ("ITA    1      A", "TRF-2026"),
    ("260 001 001 1 2", "TRF-2026")])
def test_version(record: str, version: str) -> None:
    lines = ["012 Version", "001    1      A", "001    2      B", record]
    assert parse_trf("\n".join(lines) + "\n").version == version


def test_trailing_blanks_are_no_round_block() -> None:
    # Blank columns after the last block must not read as "0000 - Z": that
    # would mark the player absent from the round to pair.
    lines = list(good("trf16-full.trf").lines)
    lines[15] = lines[15] + " " * 40  # player 6
    t = parse_trf("\n".join(lines)).tournament
    assert [e.round for e in t.player(6).entries] == [1, 2]
    assert t.states(3)[5].available


# -- with_round ------------------------------------------------------------------

ROUND3 = {
    6: RoundEntry(3, 2, Colour.WHITE, Result.PENDING),
    2: RoundEntry(3, 6, Colour.BLACK, Result.PENDING),
    1: RoundEntry(3, 5, Colour.WHITE, Result.PENDING),
    5: RoundEntry(3, 1, Colour.BLACK, Result.PENDING),
}


@pytest.mark.parametrize("name", ["trf26-full.trf", "trf16-full.trf", "trf26-crlf.trf",
                                  "trf16-cr.trf", "trf26-bom.trf",
                                  "trf16-no-final-newline.trf"])
def test_with_round_changes_only_that_rounds_columns(name: str) -> None:
    document = good(name)
    changed = document.with_round(3, ROUND3)
    start = round_block_column(3) - 1
    assert len(changed.lines) == len(document.lines)
    for old, new in zip(document.lines, changed.lines):
        pid = int(old[4:8]) if old.startswith("001") else None
        if pid not in ROUND3:
            assert new == old
            continue
        assert new[:start] == old.ljust(start)[:start]
        assert new[start:start + 8].rstrip() == format_round_block(ROUND3[pid]).rstrip()
        assert new[start + 8:] == old[start + 8:]
    # Everything else about the file is kept, and it reads back as written.
    assert (changed.newline, changed.final_newline, changed.bom) == (
        document.newline, document.final_newline, document.bom)
    again = parse_trf(changed.to_bytes())
    assert again.tournament.players == changed.tournament.players
    assert again.to_bytes() == changed.to_bytes()
    for pid, entry in ROUND3.items():
        assert again.tournament.player(pid).entry(3) == entry


def test_with_round_replaces_a_block_inside_the_line() -> None:
    document = good("trf26-full.trf")
    entries = {1: RoundEntry(1, 4, Colour.WHITE, Result.DRAW),
               4: RoundEntry(1, 1, Colour.BLACK, Result.DRAW)}
    changed = document.with_round(1, entries)
    for old, new in zip(document.lines, changed.lines):
        if old.startswith(("001    1", "001    4")):
            # only the result and the points (81-84) that follow from it change
            assert new[:80] + new[84:98] + new[99:] == old[:80] + old[84:98] + old[99:]
            assert new[98] == "="
        else:
            assert new == old
    assert changed.tournament.player(1).declared_points is not None
    line1 = next(line for line in changed.lines if line.startswith("001    1"))
    assert line1[80:84] == " 1.0"  # was 1.5: the win became a draw
    assert changed.tournament.player(1).entry(1) == entries[1]
    assert changed.tournament.player(1).entry(2) == document.tournament.player(1).entry(2)


def test_with_round_keeps_trailing_columns() -> None:
    lines = list(good("trf26-full.trf").lines)
    number = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    lines[number] += "   "
    document = parse_trf("\n".join(lines))
    changed = document.with_round(1, {1: RoundEntry(1, 4, Colour.WHITE, Result.DRAW),
                                      4: RoundEntry(1, 1, Colour.BLACK, Result.DRAW)})
    assert changed.lines[number].endswith("6 b =   ")


def test_with_round_with_a_bye_reads_back() -> None:
    document = good("trf26-full.trf")
    entries = dict(ROUND3)
    entries[3] = RoundEntry(3, None, None, Result.PAIRING_ALLOCATED_BYE)
    changed = document.with_round(3, entries)
    try:
        parse_trf(changed.to_bytes())
    except TRFError as error:
        pytest.fail(str(error))
