"""Time the dutch-1998 engine on every round of the reference tournaments.

    python bench/profile_1998.py                       # all files, slowest 10
    python bench/profile_1998.py --top 20 'path/*.trf'
    python bench/profile_1998.py --profile rtg-037-p49-r07.trf:7   # cProfile one round
    python bench/profile_1998.py --save results.json   # pairings, to compare two versions
    python bench/profile_1998.py --compare results.json
    python bench/profile_1998.py --stress 3563:8        # cProfile a round of the stress corpus

Each (file, round) is paired from the rounds before it, as
``pair(read_trf(path).tournament, round)`` does; a round the engine cannot
pair counts with its time and shows as ``error``.  ``--stress N:R`` profiles
round R (default: the last) of tournament N of the dutch-1998 stress corpus
(``tests/stress/test_systems_stress.py``; 3,563's round 8 is its slowest,
where C12/C13 re-pair the brackets above many times).
"""

from __future__ import annotations

import argparse
import cProfile
import glob
import json
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from swisslearn.dutch1998.procedure import pair  # noqa: E402
from swisslearn.errors import PairingError  # noqa: E402
from swisslearn.formats.trf import read_trf  # noqa: E402
from swisslearn.model import Tournament  # noqa: E402

DEFAULT = "/work/shared/vectors/dutch2026/*.trf"

Result = object  # [pairs, byes] or "error: ..."


def _pair(tournament: Tournament, round: int) -> Result:
    try:
        paired = pair(tournament, round)
    except PairingError:
        return "error"
    return [sorted(list(p) for p in paired.pairs()), sorted(paired.byes)]


def _find(pattern: str, name: str) -> Path:
    for path in glob.glob(pattern):
        if Path(path).name == name or path == name:
            return Path(path)
    if Path(name).exists():
        return Path(name)
    raise SystemExit(f"no file {name!r} among {pattern}")


def _profile(label: str, tournament: Tournament, round: int) -> None:
    profiler = cProfile.Profile()
    start = time.process_time()
    profiler.enable()
    result = _pair(tournament, round)
    profiler.disable()
    print(f"{label}: {time.process_time() - start:.2f} s CPU (profiled), {result}")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def _profile_stress(which: str) -> int:
    sys.path[:0] = [str(ROOT / "tests" / "stress"), str(ROOT / "tests")]
    from test_systems_stress import settings_for

    from swisslearn.generate import generate

    number, _, round_text = which.partition(":")
    tournament = generate(settings_for("dutch-1998", 10_000)[int(number)]).tournament
    round = int(round_text) if round_text else tournament.rounds_paired
    start = time.process_time()
    _pair(tournament, round)
    print(f"stress {number}, round {round}: {time.process_time() - start:.2f} s CPU")
    _profile(f"stress {number}:{round}", tournament, round)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pattern", nargs="?", default=DEFAULT, help="TRF files (glob)")
    parser.add_argument("--top", type=int, default=10, help="how many slowest rounds to print")
    parser.add_argument("--profile", metavar="FILE:ROUND",
                        help="cProfile one round (FILE is a name within the pattern)")
    parser.add_argument("--save", metavar="JSON", help="write every round's pairing")
    parser.add_argument("--compare", metavar="JSON", help="compare with a saved run")
    parser.add_argument("--stress", metavar="N[:ROUND]",
                        help="cProfile a round of tournament N of the stress corpus")
    args = parser.parse_args(argv)

    if args.stress:
        return _profile_stress(args.stress)

    if args.profile:
        name, _, round_text = args.profile.rpartition(":")
        tournament = read_trf(_find(args.pattern, name)).tournament
        _profile(args.profile, tournament, int(round_text))
        return 0

    timings: list[tuple[float, str, int]] = []
    results: dict[str, Result] = {}
    total_start = time.perf_counter()
    for path in sorted(glob.glob(args.pattern)):
        tournament = read_trf(path).tournament
        for round in range(1, tournament.rounds_paired + 1):
            start = time.perf_counter()
            results[f"{Path(path).name}:{round}"] = _pair(tournament, round)
            timings.append((time.perf_counter() - start, Path(path).name, round))
    total = time.perf_counter() - total_start
    timings.sort(reverse=True)
    print(f"{len(timings)} rounds in {total:.1f} s "
          f"(errors: {sum(1 for r in results.values() if r == 'error')})")
    print(f"slowest {args.top}:")
    for seconds, name, round in timings[:args.top]:
        print(f"  {seconds:8.3f} s  {name} round {round}")
    if args.save:
        Path(args.save).write_text(json.dumps(results, indent=0, sort_keys=True))
    if args.compare:
        before = json.loads(Path(args.compare).read_text())
        changed = sorted(k for k in results if k in before and before[k] != results[k])
        print(f"{len(changed)} rounds differ from {args.compare}")
        for key in changed:
            print(f"  {key}: {before[key]} -> {results[key]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
