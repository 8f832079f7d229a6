"""Performance figures for the README's "Performance" section (prints, never fails).

    .venv/bin/python bench/run.py            # everything (long: the 5,000 and 10,000 rows)
    .venv/bin/python bench/run.py --quick    # one repeat each, up to 200 players
    .venv/bin/python bench/run.py --systems  # only the table per system (issue 23)

What is measured (medians: the machine may be shared):

* dutch-1998: pairing round 9 of 9 of generated tournaments of 200, 500 and
  1,000 players, the full trace consumed (``trace()`` iterated to the end);
  the files are generated once and kept in ``bench/cache/`` (git ignores it);
* memory: tracemalloc's peak while tracing the 1,000-player round, and the
  peak resident size (ru_maxrss) of ``swisslearn trace FILE --round 9
  --jsonl > /dev/null`` run as a subprocess;
* start-up: ``swisslearn pair data/club-12-joueurs.trf --round 5`` as a
  subprocess (median of 5), and whether ``python -X importtime -c "import
  swisslearn.cli"`` imports pandas, matplotlib or ipywidgets;
* adversarial rounds: score brackets where most pairs are forbidden (``XXP``
  files written here: S1 players have met all S2 players, only a few pairs
  allowed...), long tournaments (40-60 players, 12-15 rounds, every late
  round), odd brackets where few players may get the bye (C12/C13);
  the slowest are listed;
* dutch-2026 and dutch-2017 on the same 200/500/1,000-player files, the
  full trace consumed, each in a subprocess stopped after 300 s ("skipped
  (over 300 s)").

* per system (dutch-1998, dutch-2017, dutch-2026): ``swisslearn trace FILE
  --system S --round R --jsonl > /dev/null`` as a subprocess, round 1 and
  round 9 of 20, 200, 1,000 and 5,000 players, round 1 of 500 and 10,000,
  and the start-up (``swisslearn --help``, a 20-player ``pair`` per system): CPU
  seconds (user + system of the child) and peak resident memory
  (ru_maxrss), each run stopped after a time limit and refused over
  3 GiB of address space (RLIMIT_AS: a bound on what a run may map, so
  that a runaway one ends in a MemoryError instead of exhausting the
  machine; every Dutch round 1 up to 9,999 players now runs under it), with
  the issue's targets beside them.  The commands run as after ``pip
  install``: the package's bytecode cached in ``__pycache__`` (a first run
  writes it; ``PYTHONDONTWRITEBYTECODE``, which a shell may set, is left
  out); the 20-player ``pair`` is also measured compiling the package
  from source (its bytecode neither read nor written; the standard
  library's and the dependencies' read).

It ends with Markdown tables naming the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import signal
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CACHE = ROOT / "bench" / "cache"
SIZES = (200, 500, 1000)
ROUNDS = 9
SEED = 9
TIMEOUT_2026 = 300.0
SYSTEMS = ("dutch-1998", "dutch-2017", "dutch-2026")
SYSTEM_SIZES = (20, 200, 1000, 5000)
ROUND1_SIZES = (500, 9999)  # a TRF numbers at most 9,999 players
MEMORY_LIMIT = 3 * 2 ** 30  # address space of one measured run
STARTUP_FILE = ROOT / "data" / "club-12-joueurs.trf"

from swisslearn.dutch1998.procedure import trace  # noqa: E402
from swisslearn.errors import PairingError  # noqa: E402
from swisslearn.formats.trf import read_trf  # noqa: E402
from swisslearn.generate import GeneratorSettings, generate  # noqa: E402
from swisslearn.model import Tournament  # noqa: E402


def say(text: str = "") -> None:
    print(text, flush=True)


def guarded(title: str) -> Callable[[Callable[..., object]], Callable[..., object]]:
    """Run a section; an error is printed, never raised (the bench never fails)."""
    def wrap(function: Callable[..., object]) -> Callable[..., object]:
        def run(*args: object, **kwargs: object) -> object:
            say(f"\n## {title}")
            try:
                return function(*args, **kwargs)
            except Exception as error:  # noqa: BLE001 - report and go on
                say(f"  error: {type(error).__name__}: {error}")
                return None
        return run
    return wrap


# -- the machine -------------------------------------------------------------------------


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cores = os.cpu_count()
    try:
        cores = int(subprocess.run(["nproc"], capture_output=True, text=True).stdout)
    except (OSError, ValueError):
        pass
    return f"{cores} cores (nproc), {model}, Python {platform.python_version()}"


# -- the files ---------------------------------------------------------------------------


def _cache() -> Path:
    """bench/cache/, with a .gitignore that keeps it out of git."""
    CACHE.mkdir(parents=True, exist_ok=True)
    ignore = CACHE / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# files generated by bench/run.py\n*\n")
    return CACHE


def generated(players: int, rounds: int = ROUNDS, seed: int = SEED, **rates: float) -> Path:
    """A generated tournament (dutch-1998), cached under bench/cache/."""
    _cache()
    tag = "".join(f"-{k[:1]}{v}" for k, v in sorted(rates.items()))
    path = CACHE / f"gen-p{players}-r{rounds}-s{seed}{tag}.trf"
    if not path.exists():
        start = time.perf_counter()
        document = generate(GeneratorSettings(players=players, rounds=rounds, seed=seed,
                                              **rates))  # type: ignore[arg-type]
        document.write(path)
        say(f"  generated {path.relative_to(ROOT)} in {time.perf_counter() - start:.1f} s")
    return path


def _player_line(pid: int, rating: int) -> str:
    return f"001 {pid:4d}      {'Player ' + str(pid):<33} {rating:4d}".rstrip()


def xxp_file(name: str, players: int, allowed: set[frozenset[int]]) -> Path:
    """A fresh tournament (round 1 to pair) where only ``allowed`` pairs may
    meet: every other pair is an ``XXP`` line."""
    path = _cache() / f"{name}.trf"
    lines = [f"012 bench {name}", "XXR 5"]
    lines += [_player_line(pid, 2600 - 5 * pid) for pid in range(1, players + 1)]
    for a in range(1, players + 1):
        for b in range(a + 1, players + 1):
            if frozenset((a, b)) not in allowed:
                lines.append(f"XXP {a} {b}")
    path.write_text("\n".join(lines) + "\n")
    return path


def cross_forbidden(players: int, kept: int, seed: int) -> set[frozenset[int]]:
    """S1 (the top half) has met all of S2 but ``kept`` pairs."""
    rng = random.Random(seed)
    half = players // 2
    cross = [(a, b) for a in range(1, half + 1) for b in range(half + 1, players + 1)]
    keep = set(rng.sample(cross, kept))
    return {frozenset((a, b)) for a in range(1, players + 1) for b in range(a + 1, players + 1)
            if not ((a <= half < b) and (a, b) not in keep)}


def only_pairs(players: int) -> set[frozenset[int]]:
    """1-2, 3-4, ...: one pairing, half of S1 must be exchanged."""
    return {frozenset((a, a + 1)) for a in range(1, players, 2)}


def sparse(players: int, degree: int, seed: int) -> set[frozenset[int]]:
    """A random pairing plus ``degree`` random partners each."""
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    order = ids[:]
    rng.shuffle(order)
    allowed = {frozenset(order[i:i + 2]) for i in range(0, players - 1, 2)}
    for a in ids:
        for b in rng.sample(ids, degree):
            if a != b:
                allowed.add(frozenset((a, b)))
    return allowed


def with_extra_xxp(path: Path, name: str, fraction: float, seed: int, round: int) -> Path:
    """``path`` with ``fraction`` of the pairs still possible among the top
    half of the standings before ``round`` forbidden (``XXP``)."""
    tournament = read_trf(path).tournament
    states = sorted(tournament.truncated(round - 1).states(round),
                    key=lambda s: (-s.score, tournament.pairing_number(s.id)))
    top = [s for s in states if s.available][: len(states) // 2]
    rng = random.Random(seed)
    extra = [f"XXP {a.id} {b.id}" for i, a in enumerate(top) for b in top[i + 1:]
             if not a.has_met(b.id) and rng.random() < fraction]
    out = CACHE / f"{name}.trf"
    out.write_text(path.read_text().rstrip("\n") + "\n" + "\n".join(extra) + "\n")
    return out


# -- timing ------------------------------------------------------------------------------


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Timeout


def consume(tournament: Tournament, round: int, limit: float = 0.0) -> tuple[float, str]:
    """Seconds to run the whole trace, and what it gave."""
    if limit:
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
    start = time.perf_counter()
    try:
        events = sum(1 for _ in trace(tournament, round))
        outcome = f"{events} events"
    except PairingError:
        outcome = "no pairing (PairingError)"
    except _Timeout:
        outcome = f"stopped after {limit:.0f} s"
    finally:
        if limit:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return time.perf_counter() - start, outcome


def median_time(tournament: Tournament, round: int, repeats: int,
                limit: float = 0.0) -> tuple[float, str]:
    runs = [consume(tournament, round, limit) for _ in range(repeats)]
    return statistics.median(t for t, _ in runs), runs[-1][1]


@dataclass
class Results:
    machine: str = ""
    dutch1998: dict[int, float] | None = None
    tracemalloc_mb: float | None = None
    maxrss_mb: float | None = None
    startup: float | None = None
    notebook_stack: str = "not measured"
    adversarial: list[tuple[float, str, str]] | None = None
    dutch2026: dict[int, str] | None = None
    dutch2017: dict[int, str] | None = None


@guarded("dutch-1998: round 9 of 9, full trace consumed")
def bench_1998(results: Results, repeats: int) -> None:
    results.dutch1998 = {}
    for players in SIZES:
        tournament = read_trf(generated(players)).tournament
        seconds, outcome = median_time(tournament, ROUNDS, repeats)
        results.dutch1998[players] = seconds
        say(f"  {players:5d} players: {seconds:7.3f} s (median of {repeats}; {outcome})")


@guarded("memory: tracing 1,000 players")
def bench_memory(results: Results) -> None:
    path = generated(1000)
    tournament = read_trf(path).tournament
    tracemalloc.start()
    for _ in trace(tournament, ROUNDS):
        pass
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    results.tracemalloc_mb = peak / 2 ** 20
    say(f"  tracemalloc peak (trace iterated in-process): {results.tracemalloc_mb:.1f} MB")
    command = [_swisslearn(), "trace", str(path), "--round", str(ROUNDS), "--jsonl"]
    probe = ("import resource, subprocess, sys;"
             "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True);"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True,
                         text=True, check=True)
    results.maxrss_mb = int(out.stdout.strip()) / 1024  # Linux: kilobytes
    say(f"  ru_maxrss of `swisslearn trace FILE --round 9 --jsonl > /dev/null`: "
        f"{results.maxrss_mb:.1f} MB")


def _swisslearn() -> str:
    script = Path(sys.executable).with_name("swisslearn")
    return str(script) if script.exists() else "swisslearn"


@guarded("start-up")
def bench_startup(results: Results) -> None:
    command = [_swisslearn(), "pair", str(STARTUP_FILE), "--round", "5"]
    times = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    results.startup = statistics.median(times)
    say(f"  `swisslearn pair {STARTUP_FILE.relative_to(ROOT)} --round 5`: "
        f"{results.startup:.3f} s (median of 5; min {min(times):.3f}, max {max(times):.3f})")
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import swisslearn.cli"],
                         capture_output=True, text=True, check=True)
    modules = {line.split("|")[-1].strip() for line in out.stderr.splitlines()
               if line.startswith("import time:")}
    heavy = sorted(m for m in ("pandas", "matplotlib", "ipywidgets") if m in modules)
    results.notebook_stack = ", ".join(heavy) if heavy else "none"
    total = next((int(line.split("|")[1]) for line in out.stderr.splitlines()
                  if line.rstrip().endswith("| swisslearn.cli")), 0)
    say(f"  `python -X importtime -c \"import swisslearn.cli\"`: {total / 1e6:.3f} s "
        f"cumulative; notebook stack imported: {results.notebook_stack}")


@guarded("adversarial rounds")
def bench_adversarial(results: Results, repeats: int) -> None:
    cases: list[tuple[str, Path, int]] = []
    for players in (20, 40, 60):
        for kept in (0, players // 4):
            name = f"xxp-cross-p{players}-k{kept}"
            cases.append((f"{name} (S1 has met S2 but {kept} pairs)",
                          xxp_file(name, players, cross_forbidden(players, kept, players)), 1))
    cases.append(("xxp-pairs-p60 (only 1-2, 3-4, ... allowed)",
                  xxp_file("xxp-pairs-p60", 60, only_pairs(60)), 1))
    for degree in (1, 3):
        name = f"xxp-sparse-p60-d{degree}"
        cases.append((f"{name} (a pairing + {degree} partners each)",
                      xxp_file(name, 60, sparse(60, degree, degree)), 1))
    for players, rounds in ((40, 15), (50, 15), (60, 12), (60, 15)):
        for seed in range(3):
            path = generated(players, rounds, seed)
            played = read_trf(path).tournament.rounds_paired
            for round in range(max(1, played - 3), played + 1):
                cases.append((f"long p{players} r{round}/{played} seed {seed}", path, round))
    for players in (41, 51):
        for seed in range(2):
            path = generated(players, 12, seed, forfeit_rate=0.1, half_bye_rate=0.1)
            played = read_trf(path).tournament.rounds_paired
            for round in range(max(1, played - 3), played + 1):
                cases.append((f"odd-bye p{players} r{round}/{played} seed {seed} "
                              f"(forfeits, half-point byes: B1b)", path, round))
    for players, fraction in ((60, 0.5), (60, 0.8)):
        base = generated(players, 12, 0)
        name = f"late-xxp-p{players}-f{int(fraction * 100)}"
        cases.append((f"{name} (round 12, {fraction:.0%} of the top half's pairs left "
                      f"forbidden)", with_extra_xxp(base, name, fraction, 1, 12), 12))
    rows = []
    for label, path, round in cases:
        tournament = read_trf(path).tournament
        seconds, outcome = median_time(tournament, round, repeats, limit=60.0)
        rows.append((seconds, label, outcome))
    rows.sort(reverse=True)
    results.adversarial = rows
    say(f"  {len(rows)} rounds; the slowest 12 (median of {repeats}, 60 s limit):")
    for seconds, label, outcome in rows[:12]:
        say(f"  {seconds:7.3f} s  {label}: {outcome}")


@guarded("dutch-2026 / dutch-2017: round 9 of 9, full trace (subprocess, 300 s limit)")
def bench_2026(results: Results, sizes: tuple[int, ...], edition: str = "2026") -> None:
    """dutch-2026 (or, with ``edition="2017"``, dutch-2017) on the generated files."""
    found: dict[int, str] = {}
    setattr(results, f"dutch{edition}", found)
    code = ("import sys, time\n"
            "from swisslearn.formats.trf import read_trf\n"
            f"from swisslearn.dutch{edition}.procedure import trace\n"
            "t = read_trf(sys.argv[1]).tournament\n"
            "start = time.perf_counter()\n"
            "for event in trace(t, int(sys.argv[2])):\n"
            "    pass\n"
            "print(time.perf_counter() - start)\n")
    for players in sizes:
        path = generated(players)
        try:
            out = subprocess.run([sys.executable, "-c", code, str(path), str(ROUNDS)],
                                 capture_output=True, text=True, timeout=TIMEOUT_2026)
            if out.returncode:
                last = (out.stderr.strip().splitlines() or ["?"])[-1]
                text = f"error: {last}"
            else:
                text = f"{float(out.stdout.strip()):.2f} s"
        except subprocess.TimeoutExpired:
            text = f"skipped (over {TIMEOUT_2026:.0f} s)"
        found[players] = text
        say(f"  dutch-{edition} {players:5d} players: {text}")


# -- per system: CPU and peak memory of one command (issue 23) --------------------------

_PROBE = """\
import resource, subprocess, sys
limit, timeout = int(sys.argv[1]), float(sys.argv[2])
def bounded():
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    done = subprocess.run(sys.argv[3:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          timeout=timeout, preexec_fn=bounded)
    last = (done.stderr.decode(errors="replace").strip().splitlines() or [""])[-1]
    error = last.split(":")[0] if last.split(":")[0].isidentifier() else ""
    status = "ok" if done.returncode == 0 else (
        "memory" if b"MemoryError" in done.stderr else f"exit:{done.returncode}:{error}")
except subprocess.TimeoutExpired:
    status = "timeout"
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(status, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
"""


@dataclass(frozen=True)
class Run:
    """One command measured: CPU seconds, peak RSS in MiB, and how it ended."""

    status: str
    cpu: float
    rss_mib: float

    def text(self, timeout: float) -> str:
        if self.status == "ok":
            return f"{self.cpu:.2f} s, {self.rss_mib:.0f} MiB"
        if self.status == "timeout":
            return f"over {timeout:.0f} s"
        if self.status == "memory":
            return f"over {MEMORY_LIMIT / 2 ** 30:.0f} GiB (MemoryError)"
        _, code, error = self.status.split(":")
        if code == "-9":
            return "killed (SIGKILL)"
        return f"exit {code}" + (f" ({error})" if error else "")


def cached_bytecode() -> dict[str, str]:
    """The environment of a measured run: Python's default, the modules'
    bytecode read from ``__pycache__`` (written there by a first run), as
    after any ``pip install``.  A shell may set ``PYTHONDONTWRITEBYTECODE``
    (this machine's does): then every start-up compiles the whole package
    from source again (:func:`no_bytecode`)."""
    return {k: v for k, v in os.environ.items()
            if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}


def package_compiled(prefix: Path, command: list[str], timeout: float) -> dict[str, str]:
    """The environment of a run that compiles the package from source (the
    standard library and the dependencies read their bytecode): what every
    start-up costs under ``PYTHONDONTWRITEBYTECODE`` without a
    ``__pycache__`` of the package.  ``command`` run once writes the
    bytecode of everything into ``prefix`` (``PYTHONPYCACHEPREFIX``), the
    package's is then removed, and nothing more is written."""
    measure(command, timeout, env=cached_bytecode() | {"PYTHONPYCACHEPREFIX": str(prefix)})
    shutil.rmtree(prefix / ROOT.relative_to(ROOT.anchor) / "swisslearn", ignore_errors=True)
    return cached_bytecode() | {"PYTHONDONTWRITEBYTECODE": "1",
                                "PYTHONPYCACHEPREFIX": str(prefix)}


def measure(command: list[str], timeout: float, repeats: int = 1,
            env: dict[str, str] | None = None) -> Run:
    """The median CPU (and the peak RSS of that run) of ``command`` run
    ``repeats`` times, each in a fresh process (``env``: its environment,
    :func:`cached_bytecode` by default)."""
    runs = []
    for _ in range(repeats):
        out = subprocess.run([sys.executable, "-c", _PROBE, str(MEMORY_LIMIT), str(timeout),
                              *command], capture_output=True, text=True, check=True,
                             env=cached_bytecode() if env is None else env)
        status, cpu, rss = out.stdout.split()[-3:]
        runs.append(Run(status, float(cpu), int(rss) / 1024))  # Linux: ru_maxrss in KiB
        if status != "ok":
            break
    runs.sort(key=lambda run: run.cpu)
    return runs[len(runs) // 2]


def fresh_file(players: int) -> Path:
    """Round 1 to pair: ``players`` rated players, no round played."""
    path = _cache() / f"fresh-p{players}.trf"
    if not path.exists():
        lines = ["012 bench round 1", "XXR 9"]
        lines += [_player_line(pid, 2700 - (pid * 1500) // players)
                  for pid in range(1, players + 1)]
        path.write_text("\n".join(lines) + "\n")
    return path


@dataclass
class SystemTable:
    startup_help: Run | None = None
    startup_pair: dict[str, Run] | None = None
    startup_cold: dict[str, Run] | None = None   # the package compiled from source
    rows: dict[tuple[str, int, int], Run] | None = None
    timeout: float = 0.0


@guarded("per system: CPU and peak memory, `swisslearn trace --jsonl` in a subprocess")
def bench_systems(found: SystemTable, sizes: tuple[int, ...], round1_sizes: tuple[int, ...],
                  timeout: float, repeats: int) -> None:
    found.timeout = timeout
    cli = _swisslearn()
    twenty = generated(20)
    # A first run of each command writes the bytecode the measured ones read.
    for system in SYSTEMS:
        for verb in (["pair"], ["trace", "--jsonl"]):
            measure([cli, verb[0], str(twenty), "--round", "9", "--system", system, *verb[1:]],
                    timeout)
    found.startup_help = measure([cli, "--help"], timeout, max(repeats, 5))
    say(f"  swisslearn --help: {found.startup_help.text(timeout)}")
    found.startup_pair = {}
    found.startup_cold = {}
    for system in SYSTEMS:
        command = [cli, "pair", str(twenty), "--round", "9", "--system", system]
        run = found.startup_pair[system] = measure(command, timeout, max(repeats, 5))
        with tempfile.TemporaryDirectory() as prefix:
            cold = found.startup_cold[system] = measure(
                command, timeout, max(repeats, 5), package_compiled(Path(prefix), command,
                                                                    timeout))
        say(f"  swisslearn pair (20 players, {system}): {run.text(timeout)}; "
            f"the package compiled: {cold.text(timeout)}")
    found.rows = {}
    cases = [(players, round) for players in sizes for round in (1, ROUNDS)]
    cases += [(players, 1) for players in round1_sizes]
    for system in SYSTEMS:
        for players, round in cases:
            path = generated(players) if round > 1 or players in sizes else fresh_file(players)
            run = measure([cli, "trace", str(path), "--system", system, "--round", str(round),
                           "--jsonl"], timeout, repeats if players <= 200 else 1)
            found.rows[(system, players, round)] = run
            say(f"  {system} {players:6d} players round {round}: {run.text(timeout)}")


def _target(found: SystemTable, system: str, players: int, round: int) -> str:
    """The issue's Done-when target for a row, and whether it is met."""
    assert found.rows is not None
    run = found.rows.get((system, players, round))
    goals = {(200, ROUNDS): (0.27, None), (1000, ROUNDS): (4.0, None),
             (5000, ROUNDS): (60.0, None), (500, 1): (4.5, 100.0), (9999, 1): (30.0, 2048.0)}
    goal = goals.get((players, round))
    if goal is None or run is None:
        return ""
    cpu, mib = goal
    wanted = f"≤ {cpu:g} s" + (f", ≤ {mib:g} MiB" if mib else "")
    met = run.status == "ok" and run.cpu <= cpu and (mib is None or run.rss_mib <= mib)
    return f"{wanted}: {'met' if met else 'not met'}"


def system_table(found: SystemTable, machine_text: str) -> str:
    lines = [f"Measured by `bench/run.py --systems` on {machine_text}: CPU seconds "
             f"(user + system) and peak RSS of one `swisslearn trace FILE --round R --jsonl "
             f"> /dev/null`, each stopped after {found.timeout:.0f} s, the package's bytecode "
             f"cached (`__pycache__`, as after `pip install`).", ""]
    starts: list[tuple[str, Run | None, Run | None]] = [
        ("`swisslearn --help`", found.startup_help, None)]
    starts += [(f"`swisslearn pair --system {system}`, 20 players", run,
                (found.startup_cold or {}).get(system))
               for system, run in (found.startup_pair or {}).items()]
    goal = 0.15
    for label, run, cold in starts:
        if run is not None:
            met = run.status == "ok" and run.cpu < goal
            lines.append(f"- {label}: {run.text(found.timeout)} (target < {goal} s CPU: "
                         f"{'met' if met else 'not met'})"
                         + (f"; the package compiled from source (no `__pycache__`): "
                            f"{cold.text(found.timeout)}" if cold is not None else ""))
    lines += ["", "| players | round | " + " | ".join(SYSTEMS) + " | target: met by |",
              "|---|---|" + "---|" * (len(SYSTEMS) + 1)]
    for players, round in sorted({(players, round) for _, players, round in found.rows or {}}):
        cells = [(found.rows or {}).get((system, players, round)) for system in SYSTEMS]
        texts = [cell.text(found.timeout) if cell else "not run" for cell in cells]
        verdicts = [(system[6:], _target(found, system, players, round)) for system in SYSTEMS]
        target = ""
        if any(verdict for _, verdict in verdicts):
            wanted = next(verdict for _, verdict in verdicts if verdict).split(": ")[0]
            target = f"{wanted}: " + "; ".join(f"{edition} {verdict.split(': ')[-1]}"
                                               for edition, verdict in verdicts if verdict)
        lines.append(f"| {players:,} | {round} | " + " | ".join(texts) + f" | {target} |")
    return "\n".join(lines)


def table(results: Results) -> str:
    def seconds(value: float | None) -> str:
        return "n/a" if value is None else (f"{value:.2f} s" if value >= 0.1
                                            else f"{value * 1000:.0f} ms")

    lines = [f"Measured by `bench/run.py` on {results.machine}; medians.", "",
             "| What | Figure | Target |", "|---|---|---|"]
    for players in SIZES:
        value = (results.dutch1998 or {}).get(players)
        target = {200: "< 0.5 s", 1000: "< 5 s"}.get(players, "")
        lines.append(f"| dutch-1998, {players:,} players, round 9 of 9, full trace "
                     f"| {seconds(value)} | {target} |")
    if results.adversarial:
        worst = results.adversarial[0]
        lines.append(f"| dutch-1998, slowest of {len(results.adversarial)} adversarial rounds "
                     f"(up to 60 players; {worst[1]}) | {seconds(worst[0])} | < 1 s |")
    mem = ("n/a" if results.maxrss_mb is None else f"{results.maxrss_mb:.0f} MB")
    lines.append(f"| `swisslearn trace` 1,000 players `--jsonl`, peak RSS | {mem} | < 200 MB |")
    if results.tracemalloc_mb is not None:
        lines.append(f"| tracing 1,000 players in-process, tracemalloc peak "
                     f"| {results.tracemalloc_mb:.0f} MB | |")
    lines.append(f"| `swisslearn pair` start-up (12 players) | {seconds(results.startup)} "
                 f"| < 0.3 s |")
    lines.append(f"| notebook stack imported by `import swisslearn.cli` "
                 f"| {results.notebook_stack} | none |")
    for edition, found in (("2026", results.dutch2026), ("2017", results.dutch2017)):
        for players in SIZES:
            text = (found or {}).get(players, "not run")
            lines.append(f"| dutch-{edition}, {players:,} players, round 9 of 9 | {text} | |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="one repeat each; up to 200 players")
    parser.add_argument("--systems", action="store_true",
                        help="only the table per system (start-up, round 1 and 9, CPU, memory)")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds before a measured run of the table is stopped")
    args = parser.parse_args(argv)
    repeats = 1 if args.quick else 5
    results = Results(machine=machine())
    say(f"# swisslearn benchmarks\n{results.machine}")
    per_system = SystemTable()
    bench_systems(per_system, SYSTEM_SIZES[:2] if args.quick else SYSTEM_SIZES,
                  () if args.quick else ROUND1_SIZES, args.timeout, 1 if args.quick else 3)
    if args.systems:
        say("\n## README table (per system)\n")
        say(system_table(per_system, results.machine))
        return 0
    bench_1998(results, repeats)
    bench_memory(results)
    bench_startup(results)
    bench_adversarial(results, 1 if args.quick else 3)
    bench_2026(results, SIZES[:1] if args.quick else SIZES)
    bench_2026(results, SIZES[:1] if args.quick else SIZES, "2017")
    say("\n## README table\n")
    say(table(results))
    say("\n## README table (per system)\n")
    say(system_table(per_system, results.machine))
    return 0


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # noqa: BLE001 - the bench prints, never fails
        print(f"bench/run.py: {type(error).__name__}: {error}")
    sys.exit(0)
