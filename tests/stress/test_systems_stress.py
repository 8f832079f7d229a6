"""Every individual engine on many generated tournaments (issue 10).

For each of ``dutch-1998``, ``dutch-2017``, ``dutch-2026`` and ``simple``: tournaments of 5 to
120 players and 3 to 13 rounds, with draws, forfeits, half-point byes,
absences, withdrawals and late entries (:func:`swisslearn.generate.random_tournaments`
draws the rates), each round paired by the engine under test.  Then:

* no exception but :class:`~swisslearn.errors.PairingError` escapes;
* every ``PairingError`` the engine raised on a round the generator built
  (the generator hides them: it retries without the new absences, then with
  fewer rounds) is checked: a legal pairing must not exist
  (:func:`legality.legal_pairing_exists`, an exact matching test);
* every recorded round keeps the system's absolute criteria, checked from
  the round blocks alone (:func:`legality.violations`);
* the same settings give the same bytes whatever ``PYTHONHASHSEED``.

Size.  Without ``SWISSLEARN_STRESS`` (``make test``): :data:`SAMPLE` tournaments
per system, a few seconds each system.  With it (``make stress``: 10,000):
that many tournaments per system, each system in :data:`PARTS` tests that
``pytest -n 2`` spreads over both cores; ``SWISSLEARN_STRESS_DUTCH_1998``,
``_DUTCH_2017``, ``_DUTCH_2026`` and ``_SIMPLE`` set one system's count exactly.  Each part
prints its counts, its time and its slowest tournament.  The README's
"Reliability" section gives the figures of a full run.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from legality import (SYSTEMS, Recorder, legal_pairing_exists, recorded, run_part,
                      violations)
from swisslearn import systems
from swisslearn.errors import PairingError
from swisslearn.generate import GeneratorSettings, generate, random_tournaments

HERE = Path(__file__).resolve().parent
SAMPLE = {"dutch-1998": 10, "dutch-2017": 10, "dutch-2026": 10, "simple": 10}
# Each system's tournaments in PARTS interleaved tests, so that `make stress`
# (pytest -n 2) keeps both cores busy to the end.
PARTS = 6 if os.environ.get("SWISSLEARN_STRESS") else 1
PLAYERS = (5, 120)
ROUNDS = (3, 13)
SEEDS = {"dutch-1998": 1998_10, "dutch-2017": 2017_10, "dutch-2026": 2026_10, "simple": 3_10}


def count(system: str) -> int:
    own = os.environ.get("SWISSLEARN_STRESS_" + system.upper().replace("-", "_"))
    if own:
        return int(own)
    stress = os.environ.get("SWISSLEARN_STRESS")
    if not stress:
        return SAMPLE[system]
    return max(SAMPLE[system], int(stress))


def settings_for(system: str, how_many: int | None = None) -> list[GeneratorSettings]:
    """The generated tournaments of ``system``: the first one has the most
    players and rounds the ranges allow (the sample must reach them), except
    in a small ``dutch-2026`` or ``dutch-2017`` sample (120 players, 13 rounds:
    15 s alone)."""
    n = count(system) if how_many is None else how_many
    drawn = list(random_tournaments(n, seed=SEEDS[system], players=PLAYERS, rounds=ROUNDS))
    if drawn and (system not in ("dutch-2017", "dutch-2026") or n >= 50):
        first = drawn[0]
        drawn[0] = GeneratorSettings(
            players=PLAYERS[1], rounds=ROUNDS[1], seed=first.seed, draw_rate=first.draw_rate,
            forfeit_rate=first.forfeit_rate, half_bye_rate=first.half_bye_rate,
            absence_rate=first.absence_rate, withdrawal_rate=first.withdrawal_rate,
            late_entry_rate=first.late_entry_rate)
    return drawn


# The bytes of the tournaments of at most 40 players run_one generated in this
# process (the first 100: `make stress` generates thousands), which the
# hash-seed test digests instead of generating them again (issue 31).
GENERATED: dict[tuple[str, GeneratorSettings], bytes] = {}


def run_one(system: str, settings: GeneratorSettings) -> tuple[list[str], int, bytes]:
    """Generate one tournament with ``system``: (problems, rounds paired, bytes)."""
    engine = Recorder(systems.get(system).pair)
    problems: list[str] = []
    try:
        document = generate(settings, engine)
    except PairingError:
        document = None  # round 1 impossible: judged below with the refusals
    for refusal in engine.refusals:
        if legal_pairing_exists(system, refusal.tournament, refusal.round):
            problems.append(f"round {refusal.round}: PairingError ({refusal.message}) but a "
                            "legal pairing exists")
    if document is None:
        return problems, 0, b""
    tournament = document.tournament
    for round in range(1, tournament.rounds_paired + 1):
        boards, byes = recorded(tournament, round)
        problems += violations(system, tournament, round, boards, byes)
    data = document.to_bytes()
    if settings.players <= 40 and len(GENERATED) < 100:
        GENERATED[system, settings] = data
    return problems, tournament.rounds_paired, data


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("system", SYSTEMS)
def test_generated_tournaments_keep_the_absolute_criteria(system: str, part: int) -> None:
    failures, summary = run_part(system, settings_for(system), part, PARTS,
                                 lambda settings: run_one(system, settings)[:2])
    print(summary)
    assert not failures, "\n".join(failures[:20])


def digest(system: str, how_many: int) -> str:
    """SHA-256 of the first ``how_many`` files of ``system`` (at most 40 players
    each, so that the subprocesses stay quick); those this process generated
    already (the sweep above, :data:`GENERATED`) are not generated again."""
    sha = hashlib.sha256()
    picked = [s for s in settings_for(system, 4 * how_many) if s.players <= 40][:how_many]
    for settings in picked:
        known = GENERATED.get((system, settings))
        sha.update(known if known is not None else
                   generate(settings, systems.get(system).pair).to_bytes())
    return sha.hexdigest()


# The hash seeds the subprocesses run under (this process has a random one):
# `make test` one, `make stress` two. One seed other than this process's
# already shows an output that depends on hashing; a second costs a third of
# the test's time.
HASH_SEEDS = ("0", "4242") if os.environ.get("SWISSLEARN_STRESS") else ("4242",)


def test_same_bytes_whatever_the_hash_seed() -> None:
    """One subprocess per PYTHONHASHSEED computes the digests of every system."""
    sample = 3
    here = [digest(system, sample) for system in SYSTEMS]
    tests = HERE.parent
    code = ("import sys; sys.path[:0] = sys.argv[1:]; import test_systems_stress as t; "
            f"print(' '.join(t.digest(s, {sample}) for s in t.SYSTEMS))")
    for seed in HASH_SEEDS:
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", code, str(HERE), str(tests)],
                             capture_output=True, text=True, env=env, check=True, timeout=300)
        assert out.stdout.split() == here, f"PYTHONHASHSEED={seed}"


# -- the checker itself ----------------------------------------------------------------


def test_the_checker_sees_a_rematch_and_a_second_bye() -> None:
    """legality.violations is not blind: a rematch, a second bye, a third colour."""
    document = generate(GeneratorSettings(players=5, rounds=3, seed=11, draw_rate=0,
                                          forfeit_rate=0, half_bye_rate=0, absence_rate=0,
                                          withdrawal_rate=0, late_entry_rate=0))
    tournament = document.tournament
    boards1, byes1 = recorded(tournament, 1)
    boards3, byes3 = recorded(tournament, 3)
    assert violations("simple", tournament, 3, boards3, byes3) == []
    # Replay round 1's boards in round 3: rematches (and maybe a second bye).
    again = violations("simple", tournament, 3, boards1, byes1)
    assert any("rematch" in p for p in again), again
    bye = byes1[0]
    others = [p for b in boards3 for p in b if p != bye] + [p for p in byes3 if p != bye]
    moved = [(a, b) for a, b in zip(others[::2], others[1::2])]
    assert any("may not have it" in p
               for p in violations("simple", tournament, 3, moved, [bye]))


def test_a_tournament_that_hangs_is_a_failure_not_an_endless_run() -> None:
    """run_part stops a tournament at its time limit, reports it and goes on."""
    def run(seconds: float) -> tuple[list[str], int]:
        time.sleep(seconds)
        return [], 1

    failures, summary = run_part("sleep", [0.0, 30.0, 0.0], 0, 1, run, limit=0.3)
    assert failures == ["tournament 1, 30.0: still running after 0.3 s"]
    assert summary.startswith("sleep (part 1/1): 3 tournaments, 2 rounds, 1 violations")
    assert "slowest: tournament 1" in summary
