"""The Baku acceleration in a team Swiss (issue 32; C.04.5.1 with C.04.6):
``192 FIDE_TEAM_…_BAKU`` or ``--acceleration baku`` on ``team-2026`` and
``team-2026-sharly``.  No team vector of ``../shared/vectors/team2026/`` is
accelerated, so the rounds here are worked by hand from the text:

* 8 teams, 5 rounds: GA is 2 x ceil(8/4) = 4 teams (TPN 1-4); the
  accelerated rounds are the first ceil(5/2) = 3, the first ceil(3/2) = 2
  of them with a full virtual point, the third with half of one;
* for a team a virtual point is a won match's match points (2 here), half
  of one a drawn match's (1): the primary score is match points, and the
  method is not used with game points first (C.04.7 1.4.4);
* round 1: GA (2 virtual match points) is a bracket of its own, 1-3 and
  4-2 (C.04.6 pairs S1 = 1, 2 against S2 = 3, 4), then GB 5-7 and 8-6;
  without the method 1-5, 6-2, 3-7, 8-4.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from helpers import run
from swisslearn import systems
from swisslearn.acceleration import apply, baku
from swisslearn.errors import UsageError
from teambuild import load, team_trf


def _pairs(system: str, tournament: object, round: int) -> set[frozenset[int]]:
    result = systems.get(system).pair(tournament, round)  # type: ignore[arg-type]
    return {frozenset(pair) for pair in result.pairs()}


@pytest.mark.parametrize("system", ["team-2026", "team-2026-sharly"])
def test_round_1_of_eight_teams_by_hand(system: str) -> None:
    tournament = load(team_trf(8, [], total=5, code="FIDE_TEAM_TYPEA_MP_GP_BAKU"))
    method = baku(tournament)
    assert method.group_a == (1, 2, 3, 4) and method.accelerated == 3 and method.full == 2
    assert [method.virtual(r) for r in range(1, 6)] == [Decimal(2), Decimal(2), Decimal(1),
                                                        Decimal(0), Decimal(0)]
    accelerated = apply(tournament, None, system)  # the 192 code names the method
    assert accelerated.computed
    assert _pairs(system, accelerated.tournament, 1) == {
        frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}
    plain = apply(tournament, "none", system).tournament
    assert _pairs(system, plain, 1) == {frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}


def test_round_3_half_a_virtual_point_and_the_floats(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Rounds 1 and 2 as the method pairs them, all matches won by the team
    with the lower TPN; round 3: GA's 1 virtual match point (a drawn
    match's) brings 3 and 4 (2 real + 1) level with nobody: 1, 2 have 4 real
    + 1; 5, 6 have 2 real; the trace says each part."""
    rounds = [{(1, 3): "W", (4, 2): "L", (5, 7): "W", (8, 6): "L"},
              {(2, 1): "L", (3, 4): "W", (6, 5): "L", (7, 8): "W"}]
    path = tmp_path / "teams.trf"
    path.write_text(team_trf(8, rounds, total=5, code="FIDE_TEAM_BAKU"))
    code, out, _ = run(capsys, "trace", str(path), "--round", "3", "--lang", "fr")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("C.04.5.1 : accélération de Baku")
    assert "1 : 5 points (4 réels + 1 virtuel)" in lines[1]
    assert "3 : 3 points (2 réels + 1 virtuel)" in lines[1]
    assert any("5 points (4 réels + 1 virtuel)" in line and "1.3" in line[:8] for line in lines)
    # The JSONL: the virtual match points of each team at the round's start.
    _, out, _ = run(capsys, "trace", str(path), "--round", "3", "--jsonl")
    assert '"virtual": 1.0' in out.splitlines()[0]
    # Round 4: no virtual point any more, but floats from the pairing scores.
    _, out, _ = run(capsys, "trace", str(path), "--round", "4", "--jsonl")
    assert "acceleration_applied" not in out and '"virtual"' not in out


def test_check_names_the_method_and_game_points_refuse_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rounds = [{(1, 3): "W", (4, 2): "L", (5, 7): "W", (8, 6): "L"}]
    path = tmp_path / "teams.trf"
    path.write_text(team_trf(8, rounds, total=5, code="FIDE_TEAM_BAKU"))
    code, out, _ = run(capsys, "check", str(path), "--lang", "en")
    assert code == 0, out
    assert "Acceleration: Baku (C.04.5.1), computed: GA = 4 players" in out
    code, _, _ = run(capsys, "check", str(path), "--acceleration", "none")
    assert code == 1  # round 1 was paired with the method
    path.write_text(team_trf(8, rounds, total=5, code="FIDE_TEAM_TYPEA_GP_MP_BAKU"))
    code, _, err = run(capsys, "check", str(path), "--lang", "en")
    assert code == 2 and "used only with match points as the primary score" in err
    with pytest.raises(UsageError):
        apply(load(team_trf(8, [], total=5, code="FIDE_TEAM_GP")), "baku", "team-2026")
