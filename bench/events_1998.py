"""How many events the 1998 trace tells per round, over the stress corpus (prints only).

    .venv/bin/python bench/events_1998.py [COUNT] [FIRST]

Generates the first COUNT tournaments (default 10,000) of the dutch-1998
corpus of ``tests/stress/test_systems_stress.py`` (5-120 players, 3-13
rounds) from FIRST on, traces every round and prints the largest number of
events of a round, the rounds over 10,000 and the slowest rounds (the
issue's size: every step shown at a size a person can follow).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "stress"), str(ROOT / "tests")]

from swisslearn.dutch1998.procedure import trace  # noqa: E402
from swisslearn.errors import PairingError  # noqa: E402
from swisslearn.generate import generate  # noqa: E402
from test_systems_stress import settings_for  # noqa: E402


def main(count: int, first: int) -> None:
    settings = settings_for("dutch-1998", 10_000)[first:first + count]
    largest: list[tuple[int, int, int]] = []
    over = rounds = 0
    start = time.process_time()
    for number, setting in enumerate(settings, first):
        try:
            tournament = generate(setting).tournament
        except PairingError:
            continue
        for round in range(1, tournament.rounds_paired + 1):
            events = sum(1 for _ in trace(tournament, round))
            rounds += 1
            over += events > 10_000
            largest.append((events, number, round))
        largest = sorted(largest, reverse=True)[:10]
        if number % 500 == 0:
            print(f"  ... tournament {number}, {rounds} rounds, largest {largest[0]}", flush=True)
    print(f"{len(settings)} tournaments, {rounds} rounds, {over} over 10,000 events, "
          f"{time.process_time() - start:.0f} s CPU")
    for events, number, round in largest:
        print(f"  {events:>7,} events: tournament {number}, round {round}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000,
         int(sys.argv[2]) if len(sys.argv) > 2 else 0)
