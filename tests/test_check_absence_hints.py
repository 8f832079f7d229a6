"""``check``'s hints when a round differs because of what the file says of
who was paired (issue 32, item 5): a player the file announces absent (a
``240`` record) whom the round pairs all the same, and the reverse, a player
the round does not pair whose block gives him a game's result (a forfeit
win « 0000 - + », with or without the forfeit loss of his opponent).  Each
hint is said under its round, in both languages, and in ``--json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import DATA
from helpers import run
from swisslearn.checkhints import absence_hints
from swisslearn.formats.trf import read_trf

CLUB = DATA / "club-12-joueurs.trf"


def _with_blocks(path: Path, blocks: dict[tuple[int, int], str], extra: str = "") -> Path:
    """The club's file with the round blocks ``blocks`` ((player, round) ->
    the 8 characters of the block) and ``extra`` lines at the end."""
    lines = CLUB.read_text().splitlines()
    for n, line in enumerate(lines):
        if not line.startswith("001 "):
            continue
        player = int(line[4:8])
        for (who, round), block in blocks.items():
            if who == player:
                start = 91 + 10 * (round - 1)
                line = line[:start] + block + line[start + 8:]
        lines[n] = line
    path.write_text("\n".join(lines + ([extra] if extra else [])) + "\n")
    return path


def _rounds(out: str) -> dict[int, list[str]]:
    """check's text: each round's lines."""
    found: dict[int, list[str]] = {}
    current = 0
    for line in out.splitlines():
        if line.startswith(("ronde ", "round ")) and ":" in line:
            current = int(line.split()[1].rstrip(":"))
            found[current] = []
        elif current:
            found[current].append(line.strip())
    return found


def test_a_player_announced_absent_whom_the_round_pairs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Round 1 recorded as 1-9 and 3-7 (the engine pairs 1-7, 3-9), and a 240
    # announcing player 1 absent from round 1.
    path = _with_blocks(tmp_path / "absent.trf", {(1, 1): "   9 w 1", (9, 1): "   1 b 0",
                                                  (3, 1): "   7 w 1", (7, 1): "   3 b 0"},
                        "240 Z 001 0001")
    code, out, err = run(capsys, "check", str(path), "--lang", "fr")
    assert code == 1 and "240 Z pour le joueur 1 à la ronde 1" in err
    [hint] = [line for line in _rounds(out)[1] if line.startswith("indice")]
    assert hint.startswith("indice : ronde 1 : le fichier annonce 1 absent ou exempt (240 Z, "
                           "ligne 18), mais la ronde l'apparie contre 9")
    assert not any(line.startswith("indice") for r, lines in _rounds(out).items() if r != 1
                   for line in lines)
    code, out, _ = run(capsys, "check", str(path), "--json")
    assert json.loads(out)["hints"][0].startswith(
        "hint: round 1: the file announces 1 absent or on a bye (240 Z, line 18), but the "
        "round pairs them against 9")


def test_a_forfeit_written_without_its_opponent(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    # Round 1: 1 and 9 given blocks without opponent, + and -, 3-7 played
    # (the engine, without 1 and 9, pairs 2-7 and 3-8).
    path = _with_blocks(tmp_path / "forfeit.trf", {(1, 1): "0000 - +", (9, 1): "0000 - -",
                                                   (3, 1): "   7 w 1", (7, 1): "   3 b 0"})
    code, out, _ = run(capsys, "check", str(path), "--lang", "en")
    assert code == 1
    assert ("hint: round 1: a win without an opponent (“0000 - +”) for 1, a loss without one "
            "(“0000 - -”) for 9: a forfeit written without its opponent?") in out
    assert "hint:" in "\n".join(_rounds(out)[1])


def test_a_pairing_allocated_bye_written_as_a_forfeit_win(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Round 1: 9 absent (Z), 1 given a point without opponent: the PAB written « + »?
    path = _with_blocks(tmp_path / "pab.trf", {(1, 1): "0000 - +", (9, 1): "0000 - Z",
                                               (3, 1): "   7 w 1", (7, 1): "   3 b 0"})
    code, out, _ = run(capsys, "check", str(path), "--lang", "fr")
    assert code == 1
    [hint] = [line for line in _rounds(out)[1] if line.startswith("indice")]
    assert hint.startswith("indice : ronde 1 : gain sans adversaire (« 0000 - + ») pour 1 : "
                           "l'exempt attribué par l'appariement (PAB, « U ») écrit comme un "
                           "gain par forfait")


def test_no_hint_for_a_file_that_pairs_as_it_says() -> None:
    tournament = read_trf(CLUB).tournament
    assert all(absence_hints(tournament, r) == [] for r in range(1, 6))
    # An absence without opponent alone (« 0000 - - ») is an absence: no hint.
    document = read_trf(DATA / "club-12-joueurs.trf")
    assert absence_hints(document.tournament, 1, document.warnings) == []
