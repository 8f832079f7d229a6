"""The tournaments of ``../shared/vectors/found-2026-12-01/`` (issue 32):
rounds where swisslearn once disagreed with the reference engine.

Each file is named after its edition (``dutch2017-…``: bbpPairings v5.0.1,
the 2017 rules; ``dutch2026-…``: v6.0.0) and every round must be the
reference pairing, paired from the rounds before it.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
from pathlib import Path

import pytest

from conftest import vector_files
from helpers import run
from test_dutch2026_vectors import differences
from swisslearn import cli
from swisslearn.model import Tournament
from swisslearn.protections import Protections
from swisslearn.systems import System
from swisslearn.dutch2017.procedure import pair as pair_2017
from swisslearn.dutch2026.procedure import pair as pair_2026

FILES = vector_files("found-2026-12-01")
ENGINES = {"dutch2017": pair_2017, "dutch2026": pair_2026}

missing = pytest.mark.skipif(not FILES, reason="reference vectors not found: "
                             "../shared/vectors/found-2026-12-01 is absent")


@functools.cache
def _differences(path: Path) -> tuple[str, ...]:
    """What the file's engine pairs otherwise than the reference, every round
    (once per file in this module: the 395-player file's nine rounds are 1.3 s
    of CPU, and two tests ask)."""
    return tuple(differences(path, ENGINES[path.name.split("-")[0]]))


@missing
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_round_is_the_reference_pairing(path: Path) -> None:
    found = _differences(path)
    assert not found, "\n".join(found)


@missing
def test_a_bracket_of_one_resident_is_weighed_on_the_large_bracket_route() -> None:
    """395 players, round 4: a scoregroup of one player, paired through the
    classes of the large-bracket route, once ended in ``KeyError:
    Decimal('0.0')`` (A.8's table has no SD for a pair of that player with
    itself)."""
    path = next(p for p in FILES if "t9300173" in p.name)
    assert ENGINES[path.name.split("-")[0]] is pair_2017
    assert not _differences(path)


@missing
def test_c7_looks_at_the_bye_of_the_last_bracket() -> None:
    """Round 5 of a 7-player tournament: the bracket above the last one
    chooses its downfloater so that the last bracket's bye goes to a player
    C.2 allows it (4, 2 points), not to the 2½-point MDP (A.9's note: the
    bye is part of the pairing of the last bracket)."""
    path = next(p for p in FILES if "t9300102" in p.name)
    from swisslearn.formats.trf import read_trf
    tournament = read_trf(path).tournament
    paired = pair_2017(tournament, 5)
    assert [str(p) for p in paired.byes] == ["4"]
    assert frozenset({1, 6}) in {frozenset(int(x) for x in pair) for pair in paired.pairs()}


def _without_xxr(path: Path, folder: Path) -> Path:
    copy = folder / path.name
    copy.write_text("".join(line for line in path.read_text().splitlines(keepends=True)
                            if not line.startswith("XXR")))
    return copy


_REPORTS: dict[tuple[Tournament, str, Protections | None, str], list[dict[str, object]]] = {}


@pytest.fixture
def check_reports_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``check``'s re-pairing of a tournament's rounds done once per tournament,
    system and language in this module (the command, its reading, its notes
    and its words still run each time): the test below checks a file three
    times, twice the same copy (its JSON, then its text), then the file
    itself, whose tournament is the copy's once its last round is taken for
    the last but for :attr:`Tournament.source` (the path: the engines only
    name it when they refuse a round, and the copy's report, checked first,
    says every round is paired as recorded), and the 395-player file's nine
    rounds are about 1 s of CPU each time."""
    report = cli._check_report

    def once(tournament: Tournament, system: System, protections: Protections | None,
             lang: str) -> list[dict[str, object]]:
        key = (dataclasses.replace(tournament, source=""), system.name, protections, lang)
        if key not in _REPORTS:
            _REPORTS[key] = report(tournament, system, protections, lang)
        return copy.deepcopy(_REPORTS[key])

    monkeypatch.setattr(cli, "_check_report", once)


@missing
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
@pytest.mark.usefixtures("check_reports_once")
def test_check_takes_the_last_round_shown_as_the_last(path: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """Without ``XXR`` the reference engine takes the file's last round for
    the last one (its topscorers, its colour rules); ``check`` does too, and
    says so in one line: every round is identical, as with the line."""
    copy = _without_xxr(path, tmp_path)
    system = path.name.split("-")[0].replace("dutch", "dutch-")
    code, out, _ = run(capsys, "check", str(copy), "--system", system, "--json")
    report = json.loads(out)
    assert [row["round"] for row in report["rounds"] if not row["identical"]] == []
    assert code == 0
    rounds = int(path.name.rsplit("-r", 1)[1].split(".")[0])
    assert report["rounds_assumed"] == rounds
    code, out, _ = run(capsys, "check", str(copy), "--system", system, "--lang", "en")
    assert out.splitlines()[1] == (f"Number of rounds: the file declares none (no XXR, no 142); "
                                   f"round {rounds}, the last it shows, is taken as the last "
                                   "one (as the reference engine does).")
    code, out, _ = run(capsys, "check", str(path), "--system", system, "--json")
    assert "rounds_assumed" not in json.loads(out)


@missing
def test_pair_says_it_did_not_take_the_round_for_the_last(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    path = next(p for p in FILES if "t9300102" in p.name)
    copy = _without_xxr(path, tmp_path)
    _, _, err = run(capsys, "pair", str(copy), "--system", "dutch-2017", "--round", "6",
                    "--lang", "en")
    assert "round 6 is paired as if it were not the last" in err
    assert 'add "XXR 6"' in err
    _, _, err = run(capsys, "pair", str(path), "--system", "dutch-2017", "--round", "6")
    assert "XXR" not in err
    # Round 1: nobody can be a topscorer yet, nothing to say.
    _, _, err = run(capsys, "pair", str(copy), "--system", "dutch-2017", "--round", "1")
    assert "XXR" not in err
