"""Fresh tournaments from the reference engine, re-paired by swisslearn.
(Prints, never fails CI; downloads nothing.)

The reference engine is bbpPairings (v5.0.1: the 2017 rules; v6.0.0: the
2026 rules), built from its public repository with its own Makefile, kept
outside this repository (never commit its code)::

    git clone https://github.com/BieremaBoyzProgramming/bbpPairings /tmp/bbp
    git -C /tmp/bbp checkout v6.0.0 && make -C /tmp/bbp burstein=no
    .venv/bin/python bench/fresh_reference.py /tmp/bbp/bbpPairings.exe dutch-2026 500
    # the 2017 rules: the same with v5.0.1 and dutch-2017

``fresh_reference.py BBP SYSTEM COUNT [SEED] [--keep DIR]`` draws COUNT
random generator settings (5-60 players, 3-11 rounds and never more than
players - 1, draws 0-60 %, forfeits, retirements and half-point byes from
none to frequent, ratings between 1000 and 2800), makes each tournament with
the engine's random tournament generator (``--dutch -g CONFIG -o FILE -s
SEED``: every round paired by the engine), then re-pairs every round with
swisslearn's SYSTEM as ``check`` does (the file has no ``XXR``: its last
round is the last one) and prints one line per tournament that differs, then
the totals: "0 discrepancies on N fresh tournaments" is the line to quote.
``--keep DIR`` keeps the files that differ (and their settings) there.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _settings(rng: random.Random) -> dict[str, int]:
    players = rng.randint(5, 60)
    low = rng.randint(1000, 1800)
    return {"PlayersNumber": players,
            "RoundsNumber": rng.randint(3, min(11, players - 1)),
            "DrawPercentage": rng.randint(0, 60),
            # The generator's rates are "1 in N" games or players.
            "ForfeitRate": rng.choice([100000, 200, 50, 20]),
            "RetiredRate": rng.choice([100000, 100, 30]),
            "HalfPointByeRate": rng.choice([100000, 50, 20]),
            "HighestRating": rng.randint(max(low + 50, 1900), 2800),
            "LowestRating": low}


def _differing_rounds(path: Path, system: str) -> list[int] | str:
    from swisslearn.cli import check_rounds, read_input
    from swisslearn.errors import SwisslearnError
    from swisslearn.lastround import with_last_shown_round
    from swisslearn.systems import get

    try:
        tournament = with_last_shown_round(read_input(str(path)).tournament).tournament
        report = check_rounds(tournament, get(system))
    except SwisslearnError as error:
        return f"refused: {error}"
    except Exception as error:  # a defect of ours is a result to report
        return f"crash: {type(error).__name__}: {error}"
    return [int(str(row["round"])) for row in report if not row["identical"]]


def main(argv: list[str]) -> int:
    keep: Path | None = None
    if "--keep" in argv:
        at = argv.index("--keep")
        keep = Path(argv[at + 1])
        del argv[at:at + 2]
    if len(argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    engine, system, count = Path(argv[0]), argv[1], int(argv[2])
    seed = int(argv[3]) if len(argv) == 4 else 32_2026
    rng = random.Random(seed)
    made = rounds = discrepancies = failed = 0
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        for i in range(count):
            settings = _settings(rng)
            config = Path(folder) / "config.txt"
            config.write_text("".join(f"{key}={value}\n" for key, value in settings.items()))
            out = Path(folder) / f"fresh-{i:05d}.trf"
            run_seed = str(rng.randrange(1, 2 ** 31))
            done = subprocess.run([str(engine), "--dutch", "-g", str(config), "-o", str(out),
                                   "-s", run_seed], capture_output=True, text=True)
            if done.returncode != 0 or not out.exists():
                failed += 1  # the generator could not pair a round (rare, tiny fields)
                continue
            # The engine writes CR line endings; swisslearn reads them as they are.
            made += 1
            rounds += settings["RoundsNumber"]
            differing = _differing_rounds(out, system)
            if differing:
                discrepancies += 1
                print(f"{out.name} seed {run_seed} {settings}: {differing}")
                if keep is not None:
                    keep.mkdir(parents=True, exist_ok=True)
                    (keep / out.name).write_bytes(out.read_bytes())
    print(f"{discrepancies} discrepancies on {made} fresh tournaments ({rounds} rounds, "
          f"{system}, engine {engine.name}, seed {seed}); {failed} not generated; "
          f"{time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
