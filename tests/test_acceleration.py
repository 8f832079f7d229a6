"""The Baku acceleration (C.04.5.1) computed (issue 32): GA, the virtual
points, ``--acceleration`` on the commands, ``192 …_BAKU``, and the records
``pair -o`` writes.  ``../shared/vectors/dutch2026-baku/`` holds 40
tournaments paired by bbpPairings v6.0.0 with the method, the virtual points
written as ``XXA`` lines."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from conftest import vector_files
from helpers import run
from swisslearn.acceleration import (Applied, apply, baku, group_a_size, record_lines,
                                     reference_group_a_size)
from swisslearn.dutch2026.colours import initial_colour
from swisslearn.dutch2026.procedure import pair
from swisslearn.formats.trf import parse_trf, read_trf
from swisslearn.model import Tournament, recorded_round


FILES = vector_files("dutch2026-baku")
missing = pytest.mark.skipif(not FILES, reason="../shared/vectors/dutch2026-baku is absent")


def _without_xxa(path: Path) -> Tournament:
    tournament = read_trf(path).tournament
    tournament = dataclasses.replace(tournament, accelerations=(),
                                     initial_colour=initial_colour(tournament, 2))
    return tournament


def test_group_a_is_the_first_half_rounded_up_to_an_even_number() -> None:
    assert [group_a_size(n) for n in (20, 21, 22, 23, 24, 161)] == [10, 12, 12, 12, 12, 82]
    # The reference engine's own switch: ceil(N/2), other when N mod 4 is 1 or 2.
    assert [reference_group_a_size(n) for n in (20, 21, 22, 23)] == [10, 11, 11, 12]


@missing
def test_the_computed_virtual_points_are_the_files() -> None:
    for path in FILES:
        tournament = read_trf(path).tournament
        written = {(a.player, a.round): a.points for a in tournament.accelerations if a.points}
        method = baku(dataclasses.replace(tournament, accelerations=()))
        computed = {(a.player, a.round): a.points for a in method.accelerations()}
        assert computed == written, path.name


@missing
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_round_is_paired_as_the_reference_once_the_xxa_lines_are_removed(
        path: Path) -> None:
    """Once 8 rounds of 31 in five of these files (nothing computed the
    virtual points); the rounds after the accelerated ones too: their floats
    are decided from the pairing scores with virtual points."""
    tournament = _without_xxa(path)
    accelerated = apply(tournament, "baku", "dutch-2026").tournament
    assert tournament.rounds is not None
    for round in range(1, tournament.rounds + 1):
        paired = pair(accelerated, round)
        assert (frozenset(paired.pairs()), frozenset(paired.byes)) == \
            recorded_round(tournament, round), f"round {round}"


@missing
def test_check_and_trace_say_the_acceleration(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    source = next(p for p in FILES if "baku-002" in p.name)
    copy = tmp_path / source.name
    copy.write_text("".join(line for line in source.read_text().splitlines(keepends=True)
                            if not line.startswith("XXA")))
    code, out, _ = run(capsys, "check", str(copy), "--system", "dutch-2026",
                       "--acceleration", "baku", "--lang", "fr")
    assert code == 0, out
    assert ("Accélération : Baku (C.04.5.1), calculée : GA = 10 joueurs de la liste initiale "
            "(1–10), 3 rondes accélérées sur 5.") in out.splitlines()
    code, out, _ = run(capsys, "check", str(copy), "--system", "dutch-2026")
    assert code == 1  # without the virtual points the accelerated rounds differ
    _, out, _ = run(capsys, "trace", str(copy), "--system", "dutch-2026", "--acceleration",
                    "baku", "--round", "2", "--lang", "fr")
    second = out.splitlines()[1]
    assert second.startswith("C.04.5.1 : accélération de Baku")
    assert "1 : 2 points (1 réel + 1 virtuel)" in second
    assert "5 : 1,5 point (0,5 réel + 1 virtuel)" in second
    _, out, _ = run(capsys, "trace", str(copy), "--system", "dutch-2026", "--acceleration",
                    "baku", "--round", "2", "--lang", "en")
    assert "1: 2 points (1 real + 1 virtual)" in out.splitlines()[1]
    # After the accelerated rounds, no such event.
    _, out, _ = run(capsys, "trace", str(copy), "--system", "dutch-2026", "--acceleration",
                    "baku", "--round", "4", "--jsonl")
    assert "acceleration_applied" not in out
    _, out, _ = run(capsys, "why", str(copy), "1", "2", "--system", "dutch-2026",
                    "--acceleration", "baku", "--round", "2", "--lang", "en")
    assert "Acceleration: Baku (C.04.5.1), computed" in out
    assert "C.04.5.1: pairing score of 1: 2 points (1 real + 1 virtual)." in out.splitlines()
    assert "C.04.5.1: pairing score of 2: 1 point (0 real + 1 virtual)." in out.splitlines()


def _fresh(players: int, rounds: int, extra: str = "") -> str:
    lines = [f"XXR {rounds}", extra] if extra else [f"XXR {rounds}"]
    for n in range(1, players + 1):
        line = f"001 {n:>4}      {'Player ' + str(n):<33} {2500 - 10 * n:>4}"
        lines.append(f"{line:<80}{'0.0':>4} {n:>4}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("version", ["TRF16", "TRF-2026"])
def test_pair_o_writes_the_virtual_points(tmp_path: Path, version: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """So that any program re-pairs the same way: XXA (TRF16) or 250
    (TRF-2026) records, read back as the same virtual points."""
    source = tmp_path / "in.trf"
    # A 299 record of nothing makes the file TRF-2026 (the version is kept).
    source.write_text(_fresh(10, 5) + ("299 W        1.0" if version == "TRF-2026" else ""))
    out = tmp_path / "out.trf"
    code, _, _ = run(capsys, "pair", str(source), "--system", "dutch-2026",
                     "--acceleration", "baku", "-o", str(out))
    assert code == 0
    text = out.read_text()
    assert ("XXA    1  1.0  1.0  0.5" in text) == (version == "TRF16")
    assert ("250      01.0 001 002 0001 0006" in text) == (version == "TRF-2026")
    written = read_trf(out).tournament
    method = baku(read_trf(source).tournament)
    assert sorted((a.player, a.round, a.points) for a in written.accelerations if a.points) == \
        sorted((a.player, a.round, a.points) for a in method.accelerations())


def test_record_lines_of_a_group_with_a_gap() -> None:
    tournament = parse_trf(_fresh(8, 3)).tournament
    method = dataclasses.replace(baku(tournament), group_a=(1, 2, 4))
    assert record_lines(method, tournament, "TRF-2026") == [
        "250      01.0 001 001 0001 0002", "250      01.0 001 001 0004 0004",
        "250      00.5 002 002 0001 0002", "250      00.5 002 002 0004 0004"]


def test_a_baku_code_applies_the_method_and_names_the_reference_engines_quirk(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "baku.trf"
    path.write_text(_fresh(21, 5, "192 FIDE_DUTCH_2026_BAKU"))
    code, out, err = run(capsys, "pair", str(path), "--lang", "en")
    assert code == 0
    assert "GA = 12 players of the initial list (1–12)" in out
    assert "puts ⌈N/2⌉ = 11" in err
    # 1-7 in the GA bracket of 12 (1 virtual point each), not 1-11.
    def board_1(text: str) -> str:
        return next(line for line in text.splitlines() if line.startswith("   1     1 "))
    assert "-     7 Player 7" in board_1(out)
    code, out, err = run(capsys, "pair", str(path), "--lang", "en", "--acceleration", "none")
    assert "Acceleration" not in out and "-    11 Player 11" in board_1(out)


def test_systems_without_virtual_points_refuse_the_option(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.trf"
    path.write_text(_fresh(10, 5))
    code, _, err = run(capsys, "pair", str(path), "--system", "dutch-1998",
                       "--acceleration", "baku", "--lang", "en")
    assert code == 2
    assert "dutch-1998 applies no acceleration" in err


def test_the_method_needs_the_number_of_rounds(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.trf"
    path.write_text(_fresh(10, 5).replace("XXR 5\n", ""))
    code, _, err = run(capsys, "pair", str(path), "--system", "dutch-2026",
                       "--acceleration", "baku", "--lang", "en")
    assert code == 2 and "needs the number of rounds" in err


def test_a_file_with_its_own_virtual_points_keeps_them() -> None:
    tournament = parse_trf(_fresh(8, 3) + "XXA    8  1.0\n").tournament
    applied = apply(tournament, "baku", "dutch-2026")
    assert applied == Applied(tournament, "file")


@missing
def test_check_explains_the_first_board_that_differs(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Without its virtual points an accelerated round differs: check names
    the first board the engine makes and the file does not, the rule that
    decides it in the engine's trace, and what the file has instead."""
    source = next(p for p in FILES if "baku-002" in p.name)
    copy = tmp_path / source.name
    copy.write_text("".join(line for line in source.read_text().splitlines(keepends=True)
                            if not line.startswith("XXA")))
    code, out, _ = run(capsys, "check", str(copy), "--system", "dutch-2026", "--json")
    import json
    rows = json.loads(out)["rounds"]
    first = next(row for row in rows if not row["identical"])
    assert first["explanation"].startswith("first board that differs: the engine pairs ")
    assert "; the file has " in first["explanation"]
    assert "Why the engine does: " in first["explanation"]
    assert all("explanation" not in row for row in rows if row["identical"])
    _, out, _ = run(capsys, "check", str(copy), "--system", "dutch-2026", "--lang", "fr")
    assert "    premier échiquier différent : le moteur apparie " in out


def test_dutch_2017_takes_the_virtual_points_too(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.trf"
    path.write_text(_fresh(20, 9))
    _, out, _ = run(capsys, "pair", str(path), "--system", "dutch-2017", "--acceleration",
                    "baku", "--json")
    import json
    boards = {(b["white"], b["black"]) for b in json.loads(out)["boards"]}
    # GA (1-10, 1 virtual point) is a bracket of its own: 1-6, not 1-11.
    assert (1, 6) in boards and ((11, 16) in boards or (16, 11) in boards)


def test_generate_pairs_with_the_acceleration_and_writes_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g.trf"
    code, _, _ = run(capsys, "generate", "--players", "30", "--rounds", "9", "--seed", "11",
                     "--system", "dutch-2026", "--acceleration", "baku",
                     "--late-entry-rate", "0.2", "-o", str(out))
    assert code == 0
    text = out.read_text()
    assert text.count("\nXXA ") >= 16
    # Re-paired from its XXA lines, and without them by the method computed.
    code, _, _ = run(capsys, "check", str(out), "--system", "dutch-2026")
    assert code == 0
    bare = tmp_path / "bare.trf"
    bare.write_text("".join(line for line in text.splitlines(keepends=True)
                            if not line.startswith("XXA")))
    code, _, _ = run(capsys, "check", str(bare), "--system", "dutch-2026", "--acceleration",
                     "baku")
    assert code == 0
    code, _, _ = run(capsys, "check", str(bare), "--system", "dutch-2026")
    assert code == 1


def test_a_system_without_virtual_points_says_it_pairs_on_the_real_points(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """dutch-1998 pairs on real points: a file's XXA records are not announced
    as used (they were, while its brackets were the real scores')."""
    with_records = tmp_path / "xxa.trf"
    with_records.write_text(_fresh(8, 3) + "XXA    1  1.0\nXXA    2  1.0\n")
    without = tmp_path / "plain.trf"
    without.write_text(_fresh(8, 3))
    outputs = []
    for path in (with_records, without):
        code, out, err = run(capsys, "pair", str(path), "--system", "dutch-1998", "--lang", "en")
        assert code == 0 and "Acceleration" not in out
        outputs.append(out.replace(path.name, "FILE"))
        if path is with_records:
            assert "virtual points (XXA) that dutch-1998 does not apply" in err
        code, out, _ = run(capsys, "trace", str(path), "--system", "dutch-1998", "--lang", "en")
        assert "C.04.5.1" not in out
    assert outputs[0] == outputs[1]
