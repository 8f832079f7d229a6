"""``swisslearn pair FILE -o OUT``: the file with the round paired in it,
the same bytes as the arbiter's desk offers for download."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import DATA
from swisslearn import desk
from swisslearn.cli import EXIT_OK, EXIT_USAGE
from swisslearn.formats.trf import parse_trf, read_trf
from swisslearn.model import Colour
from swisslearn.protections import Protections
from helpers import run

FIRST_ROUND = DATA / "chysteme-36-joueurs.trf"   # 36 players, no round played yet


def test_the_round_is_written_and_nothing_else_changes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r1.trf"
    code, printed, _ = run(capsys, "pair", str(FIRST_ROUND), "--json", "-o", str(out))
    assert code == EXIT_OK
    boards = json.loads(printed)["boards"]
    written = read_trf(out)
    tournament = written.tournament
    assert tournament.rounds_paired == 1
    for board in boards:
        white = {e.round: e for e in tournament.player(board["white"]).entries}[1]
        black = {e.round: e for e in tournament.player(board["black"]).entries}[1]
        assert (white.opponent, black.opponent) == (board["black"], board["white"])
        assert white.colour is Colour.WHITE and black.colour is Colour.BLACK
    # Every line but the players' is the input's, byte for byte.
    before = FIRST_ROUND.read_bytes().splitlines()
    after = out.read_bytes().splitlines()
    assert len(before) == len(after)
    assert [a for a in before if not a.startswith(b"001")] == \
        [b for b in after if not b.startswith(b"001")]


def test_same_bytes_as_the_desk_download(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r1.trf"
    assert run(capsys, "pair", str(FIRST_ROUND), "-o", str(out))[0] == EXIT_OK
    loaded = desk.read_example(FIRST_ROUND)
    assert isinstance(loaded, desk.Loaded)
    paired = desk.pair_round(loaded, 1)
    assert out.read_bytes() == desk.paired_trf(loaded, paired)


def test_protections_are_frozen_with_the_round(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r1.trf"
    code, printed, _ = run(capsys, "pair", str(FIRST_ROUND), "--json", "-o", str(out),
                           "--group", "amis:1,19:strict")
    assert code == EXIT_OK
    pairs = {frozenset((b["white"], b["black"])) for b in json.loads(printed)["boards"]}
    assert frozenset((1, 19)) not in pairs
    document = read_trf(out)
    frozen = Protections.from_document(document).frozen
    assert [f.round for f in frozen] == [1]
    assert any(line.startswith("260") for line in document.lines)
    # Replaying the written round with its frozen groups agrees.
    code, printed, _ = run(capsys, "check", str(out), "--json")
    assert code == EXIT_OK and all(r["identical"] for r in json.loads(printed)["rounds"])


def test_refusals_leave_everything_untouched(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r1.trf"
    out.write_bytes(b"keep me")
    code, _, err = run(capsys, "pair", str(FIRST_ROUND), "-o", str(out))
    assert code == EXIT_USAGE and "--force" in err and out.read_bytes() == b"keep me"
    assert run(capsys, "pair", str(FIRST_ROUND), "-o", str(out), "--force")[0] == EXIT_OK
    assert parse_trf(out.read_bytes()).tournament.rounds_paired == 1
    # Over the input, a round already in the file, a team file: refused.
    club = DATA / "club-12-joueurs.trf"
    code, _, err = run(capsys, "pair", str(FIRST_ROUND), "-o", str(FIRST_ROUND))
    assert code == EXIT_USAGE and "input" in err
    code, _, err = run(capsys, "pair", str(club), "--round", "3", "-o", str(tmp_path / "x.trf"))
    assert code == EXIT_USAGE and "already in the file" in err
    code, _, err = run(capsys, "pair", str(DATA / "equipes-dix.trf"), "--round", "2",
                       "-o", str(tmp_path / "t.trf"))
    assert code == EXIT_USAGE
    assert not (tmp_path / "x.trf").exists() and not (tmp_path / "t.trf").exists()
