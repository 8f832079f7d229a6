"""``swisslearn generate``: random tournaments, each round paired by the engine.

The generated files must be valid TRF that read back and write back byte for
byte, be the same bytes for the same seed (whatever PYTHONHASHSEED), and be
*engine-consistent*: re-pairing round k from the rounds before it gives the
recorded pairing and colours.  Files on which the engine once paired
illegally are kept in ``tests/data/engine-bugs`` (see the README there).
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from conftest import ROOT, TEST_DATA, sample
from helpers import other_hash_seed
from swisslearn import cli
from swisslearn.dutch1998.procedure import pair
from swisslearn.errors import PairingError, UsageError
from swisslearn.formats.trf import TrfDocument, parse_trf, read_trf
from swisslearn.generate import GeneratorSettings, generate, random_tournaments, register
from swisslearn.model import Colour, PlayerId, Result, RoundNumber, Tournament, recorded_round
from swisslearn.trace import RoundPaired

BUSY = GeneratorSettings(players=24, rounds=7, seed=7, draw_rate=0.5, forfeit_rate=0.15,
                         half_bye_rate=0.08, absence_rate=0.08, withdrawal_rate=0.03,
                         late_entry_rate=0.15)
"""High rates: every kind of result, bye and absence shows up."""

DRAWN = list(random_tournaments(50, seed=2024, players=(5, 14), rounds=(3, 11)))
# Played: `make test` one in two (conftest.sample: 9 s of CPU for all 50), `make stress` all.
SMALL = sample(DRAWN, 2)


def _assert_engine_consistent(tournament: Tournament) -> None:
    for round in range(1, tournament.total_rounds + 1):
        assert all(p.entry(round) is not None for p in tournament), (
            f"a player has no block for round {round}")
        paired = pair(tournament, round)
        assert (frozenset(paired.pairs()), frozenset(paired.byes)) == recorded_round(
            tournament, round), (
            f"round {round} of {tournament.name!r} is not what the engine pairs")


# -- determinism ------------------------------------------------------------------


def test_same_seed_same_bytes() -> None:
    first = generate(BUSY).to_bytes()
    assert generate(BUSY).to_bytes() == first
    other = GeneratorSettings(players=BUSY.players, rounds=BUSY.rounds, seed=8)
    assert generate(other).to_bytes() != first


def test_same_bytes_whatever_the_hash_seed() -> None:
    script = ("import sys; from swisslearn.generate import GeneratorSettings, generate; "
              f"sys.stdout.buffer.write(generate({BUSY!r}).to_bytes())")
    expected = generate(BUSY).to_bytes()
    # This process's hash seed and another one (one interpreter, not two: issue 31).
    hash_seed = other_hash_seed()
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                         capture_output=True, timeout=60)
    assert run.returncode == 0, run.stderr.decode()
    assert run.stdout == expected, f"PYTHONHASHSEED={hash_seed} gives other bytes"


def test_random_tournaments_are_reproducible_and_in_range() -> None:
    again = list(random_tournaments(50, seed=2024, players=(5, 14), rounds=(3, 11)))
    assert again == DRAWN
    for settings in DRAWN:
        assert 5 <= settings.players <= 14
        assert 3 <= settings.rounds <= max(3, min(11, settings.players - 1))
    assert len({s.seed for s in DRAWN}) == len(DRAWN)


# -- the file -----------------------------------------------------------------------


def test_file_reads_back_and_round_trips() -> None:
    document = generate(BUSY)
    data = document.to_bytes()
    again = parse_trf(data)
    assert again.to_bytes() == data
    assert again.lines == document.lines
    tournament = again.tournament
    assert len(tournament) == BUSY.players
    assert tournament.rounds == BUSY.rounds == tournament.rounds_paired
    assert tournament.initial_colour is Colour.WHITE
    assert document.lines[0] == f"012 Tournoi aléatoire {BUSY.seed}"
    assert f"XXR {BUSY.rounds}" in document.lines and "XXC white1" in document.lines
    for player in tournament:
        assert player.name == f"Joueur {player.id:03d}"
        assert [e.round for e in player.entries] == list(range(1, BUSY.rounds + 1))


def test_ratings_give_the_starting_ranks() -> None:
    tournament = generate(BUSY).tournament
    ratings = [p.rating for p in tournament]
    assert ratings == sorted(ratings, reverse=True)
    assert all(BUSY.rating_min <= r <= BUSY.rating_max for r in ratings)
    assert len({p.fide_id for p in tournament}) == len(tournament)


def test_points_and_rank_columns() -> None:
    tournament = generate(BUSY).tournament
    worth = {Result.WIN: Decimal(1), Result.DRAW: Decimal("0.5"), Result.LOSS: Decimal(0),
             Result.FORFEIT_WIN: Decimal(1), Result.FORFEIT_LOSS: Decimal(0),
             Result.PAIRING_ALLOCATED_BYE: Decimal(1), Result.HALF_POINT_BYE: Decimal("0.5"),
             Result.ZERO_POINT_BYE: Decimal(0)}
    for player in tournament:
        assert player.declared_points == sum((worth[e.result] for e in player.entries),
                                             Decimal(0))
    standings = sorted(tournament, key=lambda p: (-(p.declared_points or 0), p.id))
    assert [p.declared_rank for p in standings] == list(range(1, len(tournament) + 1))


def test_high_rates_give_every_kind_of_result() -> None:
    tournament = generate(BUSY).tournament
    results = {e.result for p in tournament for e in p.entries}
    assert {Result.WIN, Result.LOSS, Result.DRAW, Result.FORFEIT_WIN, Result.FORFEIT_LOSS,
            Result.PAIRING_ALLOCATED_BYE, Result.HALF_POINT_BYE,
            Result.ZERO_POINT_BYE} <= results
    # Forfeits keep the scheduled colours.
    assert all(e.colour is not None for p in tournament for e in p.entries
               if e.result.is_forfeit)
    blocks = [[e.result for e in p.entries] for p in tournament]
    late = [b for b in blocks if b[0] is Result.ZERO_POINT_BYE
            and any(r is not Result.ZERO_POINT_BYE for r in b)]
    withdrawn = [b for b in blocks if b[-1] is Result.ZERO_POINT_BYE
                 and b[-2] is Result.ZERO_POINT_BYE and b[0] is not Result.ZERO_POINT_BYE]
    assert late and withdrawn


def test_no_rates_give_only_games_and_byes() -> None:
    quiet = GeneratorSettings(players=9, rounds=5, seed=3, draw_rate=0, forfeit_rate=0,
                              half_bye_rate=0, absence_rate=0, withdrawal_rate=0,
                              late_entry_rate=0)
    tournament = generate(quiet).tournament
    results = {e.result for p in tournament for e in p.entries}
    assert results == {Result.WIN, Result.LOSS, Result.PAIRING_ALLOCATED_BYE}


# -- the engine -----------------------------------------------------------------------


def test_every_round_is_the_engine_pairing() -> None:
    _assert_engine_consistent(generate(BUSY).tournament)
    _assert_engine_consistent(generate(GeneratorSettings(players=41, rounds=9, seed=11))
                              .tournament)


@pytest.mark.parametrize("settings", SMALL, ids=lambda s: f"{s.players}p{s.rounds}r{s.seed}")
def test_small_random_tournaments(settings: GeneratorSettings) -> None:
    tournament = generate(settings).tournament
    assert len(tournament) == settings.players
    assert 1 <= tournament.total_rounds <= settings.rounds
    # B1a: no pair plays twice (forfeited games do not count: F2).
    met: dict[frozenset[PlayerId], RoundNumber] = {}
    for player in tournament:
        for entry in player.entries:
            if entry.game_played and entry.opponent is not None and entry.colour is Colour.WHITE:
                pair_ = frozenset((player.id, entry.opponent))
                assert pair_ not in met, (f"{sorted(pair_)} met in rounds {met[pair_]} and "
                                          f"{entry.round}")
                met[pair_] = entry.round
    _assert_engine_consistent(tournament)


def _b1b_violations(tournament: Tournament, paired: RoundPaired) -> list[PlayerId]:
    states = {s.id: s for s in tournament.truncated(paired.round - 1).states(paired.round)}
    return [pid for pid in paired.byes if states[pid].unplayed_point]


@pytest.mark.parametrize("path", sorted((TEST_DATA / "engine-bugs").glob("*.trf")),
                         ids=lambda p: p.name)
def test_engine_bug_files(path: Path) -> None:
    """Each file once made the engine break B1b although a legal pairing exists."""
    tournament = read_trf(path).tournament
    paired = pair(tournament)
    assert _b1b_violations(tournament, paired) == []


# -- a round the engine cannot pair ---------------------------------------------------


def test_too_many_rounds_end_the_tournament_early() -> None:
    settings = GeneratorSettings(players=4, rounds=6, seed=1)
    document = generate(settings)
    tournament = document.tournament
    assert tournament.rounds is not None and tournament.rounds < 6
    assert tournament.rounds == tournament.rounds_paired
    assert f"XXR {tournament.rounds}" in document.lines
    _assert_engine_consistent(tournament)


def test_a_failing_round_is_dropped_and_the_file_declares_fewer_rounds() -> None:
    def engine(tournament: Tournament, round: int) -> RoundPaired:
        if round == 4:
            raise PairingError("no pairing for round 4")
        return pair(tournament, round)

    document = generate(GeneratorSettings(players=10, rounds=6, seed=5), engine)
    tournament = document.tournament
    assert tournament.rounds == 3 == tournament.rounds_paired
    _assert_engine_consistent(tournament)


def test_absences_that_make_a_round_impossible_are_cancelled() -> None:
    calls: list[tuple[int, int]] = []

    def engine(tournament: Tournament, round: int) -> RoundPaired:
        absent = sum(1 for s in tournament.states(round) if not s.available)
        calls.append((round, absent))
        if round >= 2 and absent:
            raise PairingError("nobody may be absent")
        return pair(tournament, round)

    settings = GeneratorSettings(players=12, rounds=4, seed=2, half_bye_rate=0.2,
                                 absence_rate=0.2, withdrawal_rate=0, late_entry_rate=0)
    tournament = generate(settings, engine).tournament
    assert tournament.rounds == 4
    assert any(absent for round, absent in calls if round >= 2)  # some were drawn...
    for player in tournament:  # ...and cancelled
        assert all(e.paired for e in player.entries if e.round >= 2)


def test_round_one_that_cannot_be_paired_raises() -> None:
    def engine(tournament: Tournament, round: int) -> RoundPaired:
        raise PairingError("never")

    with pytest.raises(PairingError):
        generate(GeneratorSettings(players=4, rounds=2, seed=1), engine)


# -- settings -------------------------------------------------------------------------


@pytest.mark.parametrize("changes", [
    {"players": 1}, {"rounds": 0}, {"rounds": 100}, {"draw_rate": 0.7},
    {"forfeit_rate": -0.1}, {"late_entry_rate": 1.5},
    {"half_bye_rate": 0.6, "absence_rate": 0.6}, {"rating_min": 2000, "rating_max": 1000},
])
def test_bad_settings(changes: dict[str, float]) -> None:
    with pytest.raises(UsageError):
        GeneratorSettings(**changes)  # type: ignore[arg-type]


# -- the command line -----------------------------------------------------------------


def _run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="swisslearn")
    register(parser.add_subparsers(dest="command", required=True), ("fr", "en"), "fr")
    args = parser.parse_args(list(argv))
    return int(args.run(args, io.StringIO()))


def test_command_writes_the_generated_file(tmp_path: Path) -> None:
    out = tmp_path / "t.trf"
    assert _run("generate", "--players", "24", "--rounds", "7", "--seed", "7", "-o", str(out),
                "--draw-rate", "0.5", "--forfeit-rate", "0.15", "--half-bye-rate", "0.08",
                "--absence-rate", "0.08", "--withdrawal-rate", "0.03",
                "--late-entry-rate", "0.15") == 0
    assert out.read_bytes() == generate(BUSY).to_bytes()
    assert isinstance(read_trf(out), TrfDocument)


def test_command_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    out = tmp_path / "t.trf"
    out.write_text("keep me")
    with pytest.raises(UsageError, match="--force"):
        _run("generate", "--players", "6", "--rounds", "3", "--seed", "1", "-o", str(out))
    assert out.read_text() == "keep me"
    assert _run("generate", "--players", "6", "--rounds", "3", "--seed", "1", "-o", str(out),
                "--force") == 0
    assert read_trf(out).tournament.rounds == 3


def test_command_exit_codes_through_main(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.trf"
    base = ["generate", "--players", "6", "--rounds", "3", "--seed", "1", "-o", str(out)]
    assert cli.main(base) == cli.EXIT_OK
    assert cli.main(base) == cli.EXIT_USAGE  # exists, no --force
    assert cli.main(base + ["--force", "--system", "dutch-1998"]) == cli.EXIT_OK
    assert cli.main(base + ["--force", "--system", "team-2026"]) == cli.EXIT_USAGE
    assert "dutch-1998" in capsys.readouterr().err
    assert cli.main(base + ["--force", "--system", "nonsense"]) == cli.EXIT_USAGE
    assert cli.main(base + ["--force", "--draw-rate", "0.9"]) == cli.EXIT_USAGE
