"""A corpus checked at once: files per second with 1 and N worker processes,
and against the reference engine's own check where it is built (issue 36).
(Prints, never fails CI; downloads nothing.)

    .venv/bin/python bench/corpus.py                      # ../shared/vectors, --jobs 1 and 2
    .venv/bin/python bench/corpus.py DIR ... --jobs 4 --limit 50 --repeat 3
    .venv/bin/python bench/corpus.py --reference /tmp/bbp6/bbpPairings.exe

Each figure is one run of ``swisslearn check DIR … --jobs J --json`` in a
fresh process (so start-up and the pool's start are counted, as a user sees
them): its wall time, its CPU time (the process and its workers: user +
system), files per second of wall time.  ``--reference BBP`` also runs
``BBP --dutch FILE -c`` (the reference engine's check of a whole file; built
as ``bench/fresh_reference.py`` says) on each file, one at a time.  The
engines do not check the same thing (swisslearn also explains each round
that differs and, for a file that names no system, tries every edition):
the figures say what a user waits, not which code is faster.

The load average is printed before and after: on a shared machine the wall
times (and, less, the CPU times) vary from run to run; compare figures of
one run only.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VECTORS = ROOT.parent / "shared" / "vectors"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (the command and its children), exit code."""
    cpu, wall = _children_cpu(), time.monotonic()
    code = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          check=False).returncode
    return time.monotonic() - wall, _children_cpu() - cpu, code


def _load() -> str:
    return ", ".join(f"{value:.1f}" for value in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", default=[str(VECTORS)],
                        help="files and folders (default: ../shared/vectors)")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)),
                        help="the N of the second run (default: the cores)")
    parser.add_argument("--limit", type=int, help="only the first K files")
    parser.add_argument("--repeat", type=int, default=1, metavar="K",
                        help="run --jobs 1 and --jobs N K times each, alternately, and "
                             "compare their medians (the load changes from run to run)")
    parser.add_argument("--reference", metavar="BBP", help="bbpPairings.exe, built")
    parser.add_argument("--system", metavar="S",
                        help="check --system S (one edition, as the reference checks one)")
    args = parser.parse_args(argv)

    from swisslearn.batch import find_files
    files = find_files(args.paths)[:args.limit]
    command = [sys.executable, "-m", "swisslearn", "check", *files, "--json",
               *(["--system", args.system] if args.system else [])]
    print(f"{len(files)} files; {os.cpu_count()} cores; load average {_load()}")
    figures: dict[int, list[float]] = {}
    for _ in range(args.repeat):  # alternately: the load drifts the same for both
        for jobs in sorted({1, args.jobs}):
            wall, cpu, code = _timed([*command, "--jobs", str(jobs)])
            figures.setdefault(jobs, []).append(wall)
            print(f"swisslearn check --jobs {jobs}: {wall:.1f} s wall, {cpu:.1f} s CPU, "
                  f"{len(files) / wall:.2f} files/s (exit {code}; load {_load()})")
    if len(figures) == 2:
        one, many = statistics.median(figures[1]), statistics.median(figures[args.jobs])
        print(f"--jobs {args.jobs} against --jobs 1: {one / many:.2f}x faster (median wall of "
              f"{args.repeat} run{'s' if args.repeat > 1 else ''} each)")
    if args.reference:
        wall = cpu = 0.0
        codes: dict[int, int] = {}
        for file in files:
            one_wall, one_cpu, code = _timed([args.reference, "--dutch", file, "-c"])
            wall, cpu = wall + one_wall, cpu + one_cpu
            codes[code] = codes.get(code, 0) + 1
        said = ", ".join(f"exit {code}: {count}" for code, count in sorted(codes.items()))
        print(f"reference -c, one file at a time: {wall:.1f} s wall, {cpu:.1f} s CPU, "
              f"{len(files) / wall:.2f} files/s ({said})")
    print(f"load average after: {_load()} (a shared machine: figures vary run to run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
