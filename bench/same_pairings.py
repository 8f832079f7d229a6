"""Does a change to ``dutch-1998`` keep every pairing?  (Prints, never fails CI.)

A refactor of the 1998 engine must give the same pairs, colours and byes on
every round it can pair.  This script pairs rounds with the code found on
``sys.path`` and writes one line per round; run it with the old tree first
on the path, then with the new one, and compare::

    # the old code, from a worktree of the commit before the change
    git worktree add /tmp/base <commit>
    bench/same_pairings.py generate /tmp/pairings-files          # with the old engine
    PYTHONPATH=/tmp/base .venv/bin/python bench/same_pairings.py dump /tmp/pairings-files old.jsonl
    .venv/bin/python bench/same_pairings.py dump /tmp/pairings-files new.jsonl
    .venv/bin/python bench/same_pairings.py compare old.jsonl new.jsonl
    # the command line's output, byte for byte, the same way
    PYTHONPATH=/tmp/base .venv/bin/python bench/same_pairings.py cli /tmp/pairings-files old-cli.jsonl
    .venv/bin/python bench/same_pairings.py cli /tmp/pairings-files new-cli.jsonl
    .venv/bin/python bench/same_pairings.py compare old-cli.jsonl new-cli.jsonl
    # the whole trace of every round (events and sentences), the same way
    PYTHONPATH=/tmp/base .venv/bin/python bench/same_pairings.py traces /tmp/pairings-files old-tr.txt
    .venv/bin/python bench/same_pairings.py traces /tmp/pairings-files new-tr.txt
    .venv/bin/python bench/same_pairings.py compare old-tr.txt new-tr.txt

``generate DIR [COUNT]`` writes COUNT generated tournaments (default 1,000;
5-60 players, 3-11 rounds, draws, forfeits, byes, absences, late entries),
COUNT small ones (5-14 players, for the literal mode) and a sample of the stress corpus (``tests/stress``: 5-120 players, 3-13
rounds, its slowest tournament 3,563 included) to DIR, each paired by the
engine found on the path; the files are then the input of both dumps, so a
changed pairing in one round cannot hide the others.  ``dump DIR OUT``
pairs every round of every file of ``data/``, of ``../shared/vectors/``
(every system's files dutch-1998 can read) and of DIR, in the default
(pruned) mode, and in literal mode every round of the files with at most
``LITERAL_PLAYERS`` players (a literal split too large is refused: the
refusal is the result); the last rounds of DIR's files again with random
forbidden pairs added, and with random soft-avoid pairs.  ``cli DIR OUT``
runs ``swisslearn pair FILE --round N --system dutch-1998 --json`` (in this
process) on every round of the same files and keeps its exit code, its
output and its error text whole; ``cli DIR OUT --trace`` also runs
``swisslearn trace FILE --round N --system dutch-1998 --jsonl``.  ``traces
DIR OUT`` traces every round ``dump`` pairs (the same modes and variants):
a SHA-256 a round of its events as ``trace --jsonl`` writes them and of
their French and English sentences.  ``systems-generate DIR [COUNT]`` and
``systems DIR OUT`` run every system's commands (see their comment).
``checks DIR OUT [S1,S2]`` re-pairs every round of the same files with each
system (``check --json``'s report), one line a file and system.
``stress OUT [COUNT]`` generates the first COUNT tournaments of each
individual system's stress corpus with the engines on the path and keeps a
SHA-256 of each file (``stress OUT COUNT S1,S2``: those systems, the team
ones too).  ``compare A B`` counts the rounds and lists those
whose lines differ.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from swisslearn.model import Tournament

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT.parent / "shared" / "vectors"
LITERAL_PLAYERS = 14
STRESS_SAMPLE = (0, 1, 2, 3, 10, 100, 1000, 2000, 3563, 5000, 7500, 9999)


def _sources(folder: Path) -> list[Path]:
    files = sorted((ROOT / "data").glob("*.trf")) + sorted((ROOT / "data").glob("*.txt"))
    files += sorted(VECTORS.glob("*/*.trf"))
    files += sorted(folder.glob("*.trf"))
    return files


def name_and_last_round(path: Path) -> tuple[str, Tournament | None, int]:
    """A source's name as the comparison prints it, its tournament (None if
    the reader refuses it: its refusal is compared too) and the last round
    to run on it: the next round where the file announces more, else the
    last paired. Shared with ``bench/same_words.py``."""
    from swisslearn.cli import read_input
    from swisslearn.errors import SwisslearnError

    name = str(path.relative_to(ROOT.parent) if ROOT.parent in path.parents else path)
    try:
        tournament = read_input(str(path)).tournament
    except SwisslearnError:
        return name, None, 1
    return name, tournament, max(1, last_round(tournament))


def write_team_tournaments(folder: Path, count: int, *, seed: int, teams: tuple[int, int],
                           rounds: tuple[int, int], digits: int) -> int:
    """COUNT random team tournaments paired by ``team-2026``
    (``tests/stress/teamgen.py``) written as ``team-NNNN.trf`` (``digits``
    wide); how many were written (a draw no round can pair is skipped).
    Shared with ``bench/same_words.py``; ``tests/stress`` on ``sys.path``."""
    from teamgen import generate_teams, random_team_settings  # type: ignore[import-not-found]

    from swisslearn.errors import PairingError
    from swisslearn.systems import get

    team = get("team-2026")
    written = 0
    for i, setting in enumerate(random_team_settings(count, seed=seed, teams=teams,
                                                     rounds=rounds)):
        try:
            text = generate_teams(setting, team.pair)
        except PairingError:
            continue
        (folder / f"team-{i:0{digits}d}.trf").write_text(text)
        written += 1
    return written


def last_round(tournament: Tournament) -> int:
    """The last round a comparison pairs: the next one where the file
    announces more rounds than it has paired, else the last paired.  Shared
    with ``bench/same_words.py`` and ``bench/same_traces_editions.py``."""
    if tournament.rounds_paired < tournament.total_rounds:
        return tournament.rounds_paired + 1
    return tournament.rounds_paired


def generate(folder: Path, count: int) -> None:
    from swisslearn.generate import GeneratorSettings, generate as make, random_tournaments

    folder.mkdir(parents=True, exist_ok=True)
    settings = list(random_tournaments(count, seed=17_1998, players=(5, 60), rounds=(3, 11)))
    stress = list(random_tournaments(10_000, seed=1998_10, players=(5, 120), rounds=(3, 13)))
    first = stress[0]
    stress[0] = GeneratorSettings(players=120, rounds=13, seed=first.seed,
                                  draw_rate=first.draw_rate, forfeit_rate=first.forfeit_rate,
                                  half_bye_rate=first.half_bye_rate,
                                  absence_rate=first.absence_rate,
                                  withdrawal_rate=first.withdrawal_rate,
                                  late_entry_rate=first.late_entry_rate)
    small = list(random_tournaments(count, seed=17_1999, players=(5, LITERAL_PLAYERS),
                                    rounds=(3, 9)))
    named = [(f"gen-{i:05d}", s) for i, s in enumerate(settings)]
    named += [(f"small-{i:05d}", s) for i, s in enumerate(small)]
    named += [(f"stress-{i:05d}", stress[i]) for i in STRESS_SAMPLE]
    for name, setting in named:
        path = folder / f"{name}.trf"
        if not path.exists():
            make(setting).write(path)
    print(f"{len(named)} files in {folder}")


def _result(pair: object, tournament: object, round: int, literal: bool,
            avoid: frozenset[frozenset[int]] = frozenset()) -> str:
    from swisslearn.errors import PairingError, UsageError

    try:
        paired = pair(tournament, round, literal=literal, avoid=avoid)  # type: ignore[operator]
    except (PairingError, UsageError) as error:
        return f"{type(error).__name__}"
    boards = [[b.white, b.black] for b in paired.boards]
    return json.dumps({"boards": boards, "byes": list(paired.byes)})


def _variants(name: str, tournament: object) -> list[tuple[str, object, frozenset[frozenset[int]]]]:
    """The file as it is, then (generated files) with forbidden pairs added
    to its last rounds (C12/C13 backtracking, rounds that cannot be paired)
    and with soft-avoid pairs (seed 002), both drawn from the file's name."""
    import dataclasses
    import random

    from swisslearn.model import ForbiddenPairs

    found: list[tuple[str, object, frozenset[frozenset[int]]]] = [("", tournament, frozenset())]
    if "files/" not in name:
        return found
    rng = random.Random(name)
    ids = [p.id for p in tournament]  # type: ignore[attr-defined]
    last = tournament.rounds_paired  # type: ignore[attr-defined]
    pairs = tuple(ForbiddenPairs(tuple(rng.sample(ids, 2)), max(1, last - 2), last + 1)
                  for _ in range(rng.randint(1, len(ids))))
    found.append(("+xxp", dataclasses.replace(tournament, forbidden=tournament.forbidden + pairs),
                  frozenset()))
    if len(ids) <= 40:
        avoid = frozenset(frozenset(rng.sample(ids, 2)) for _ in range(len(ids)))
        found.append(("+avoid", tournament, avoid))
    return found


def _files(folder: Path) -> Iterator[tuple[str, object, int]]:
    """Each file dutch-1998 can read: its name, the tournament, and the last
    round to pair (the next one too when the file has one to come)."""
    from swisslearn.cli import read_input
    from swisslearn.errors import SwisslearnError

    for path in _sources(folder):
        try:
            tournament = read_input(str(path)).tournament
        except SwisslearnError:
            continue
        name = str(path.relative_to(ROOT.parent) if ROOT.parent in path.parents else path)
        yield name, tournament, last_round(tournament)


def _engine() -> None:
    import swisslearn
    print(f"engine: {Path(swisslearn.__file__).parent}", file=sys.stderr)


def _rounds(folder: Path) -> Iterator[tuple[str, object, int, bool, frozenset[frozenset[int]]]]:
    """Every round ``dump`` and ``traces`` pair: (label, tournament, round,
    literal, soft-avoid pairs)."""
    for name, tournament, last in _files(folder):
        modes = [False, True] if len(tournament) <= LITERAL_PLAYERS else [False]  # type: ignore[arg-type]
        for variant, changed, avoid in _variants(name, tournament):
            first = 1 if not variant else max(1, last - 2)
            for round in range(first, last + 1):
                for literal in modes:
                    yield f"{name}{variant}", changed, round, literal, avoid


def dump(folder: Path, out: Path) -> None:
    from swisslearn.dutch1998.procedure import pair

    _engine()
    start = time.process_time()
    rounds = 0
    with out.open("w") as sink:
        for label, tournament, round, literal, avoid in _rounds(folder):
            result = _result(pair, tournament, round, literal, avoid)
            sink.write(f"{label}\t{round}\t{'literal' if literal else 'pruned'}\t{result}\n")
            rounds += 1
    print(f"{rounds} rounds paired in {time.process_time() - start:.0f} s CPU",
          file=sys.stderr)


def traces(folder: Path, out: Path) -> None:
    """The whole trace of every round ``dump`` pairs: each event as
    ``trace --jsonl`` writes it and as the French and English sentences
    tell it, one SHA-256 a round (and the number of events), or the
    refusal's class."""
    import hashlib

    from swisslearn.dutch1998.procedure import trace
    from swisslearn.errors import PairingError, UsageError
    from swisslearn.explain import explain
    from swisslearn.trace import event_to_json

    _engine()
    start = time.process_time()
    rounds = events = 0
    with out.open("w") as sink:
        for label, tournament, round, literal, avoid in _rounds(folder):
            sha = hashlib.sha256()
            count = 0
            try:
                for event in trace(tournament, round, literal=literal,  # type: ignore[arg-type]
                                   avoid=avoid):
                    count += 1
                    sha.update(json.dumps(event_to_json(event), ensure_ascii=False).encode())
                    sha.update(explain(event, "fr").encode())
                    sha.update(explain(event, "en").encode())
                result = f"{count} {sha.hexdigest()}"
            except (PairingError, UsageError) as error:
                result = f"{type(error).__name__} after {count} {sha.hexdigest()}"
            sink.write(f"{label}\t{round}\t{'literal' if literal else 'pruned'}\t{result}\n")
            rounds += 1
            events += count
    print(f"{rounds} rounds traced ({events:,} events) in {time.process_time() - start:.0f} s CPU",
          file=sys.stderr)


def cli(folder: Path, out: Path, commands: tuple[str, ...] = ("pair",)) -> None:
    """``swisslearn pair FILE --round N --system dutch-1998 --json`` (and,
    with ``trace`` among ``commands``, ``swisslearn trace ... --jsonl``) on
    every round of every file, run in this process (the engine on the path):
    the command's whole output, its exit code and its error text, byte for
    byte (one JSON string each, so that ``compare`` sees every byte)."""
    import contextlib
    import io

    from swisslearn.cli import main as command

    _engine()
    start = time.process_time()
    rounds = 0
    root = ROOT.parent
    options = {"pair": ("--json", "cli"), "trace": ("--jsonl", "cli-trace")}
    with out.open("w") as sink:
        for name, _, last in _files(folder):
            path = str(root / name) if not Path(name).is_absolute() else name
            for round in range(1, last + 1):
                for verb in commands:
                    flag, mode = options[verb]
                    stdout, stderr = io.StringIO(), io.StringIO()
                    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                        code = command([verb, path, "--round", str(round),
                                        "--system", "dutch-1998", flag])
                    sink.write(f"{name}\t{round}\t{mode}\t{code} "
                               f"{json.dumps(stdout.getvalue())} "
                               f"{json.dumps(stderr.getvalue())}\n")
                    rounds += 1
    print(f"{rounds} commands run ({', '.join(commands)}) in "
          f"{time.process_time() - start:.0f} s CPU", file=sys.stderr)


def compare(a: Path, b: Path) -> int:
    old = a.read_text().splitlines()
    new = b.read_text().splitlines()
    key = lambda line: tuple(line.split("\t")[:3])  # noqa: E731
    before = {key(line): line for line in old}
    after = {key(line): line for line in new}
    differ = [k for k in before if after.get(k) != before[k]]
    missing = [k for k in after if k not in before]
    from collections import Counter

    modes: Counter[str] = Counter()   # pruned, literal, cli, cli-trace, or another mode's
    refused = 0
    for line in old:
        mode, result = line.split("\t")[2:4]
        modes[mode] += 1
        if mode == "stress":
            refused += result.startswith("refused ")
            continue
        refused += not (result.startswith("{") or result.startswith("0 ")
                        or result.split(" ")[0].isdigit() and len(result.split(" ")) == 2)
    print(f"{len(before)} rounds compared ({modes['pruned']} pruned, {modes['literal']} "
          f"literal, {modes['cli']} pair and {modes['cli-trace']} trace by the command line; "
          f"{refused} refused in both{_others(modes)}), "
          f"{len(differ)} different, "
          f"{len(missing)} only in {b}")
    for k in differ[:20]:
        print("  differ:", *k, "\n    old:", before[k].split("\t")[3],
              "\n    new:", after.get(k, "(missing)").split("\t")[-1])
    return 1 if differ or missing else 0


# -- every system, every command (issue 24 item 1: the shared matching) ------
#
# ``systems-generate DIR [COUNT]`` writes COUNT individual tournaments (4-40
# players, paired by dutch-2026, the engine on the path), COUNT team
# tournaments (3-20 teams, paired by team-2026) and, for each individual
# one, a copy with random ``XXP`` forbidden pairs in its last rounds.
# ``systems DIR OUT`` runs, in this process, for each system of
# :data:`SYSTEMS` (or those of ``systems DIR OUT S1,S2``): ``pair --json``
# and ``trace --jsonl`` on every round of
# every file of ``data/``, ``../shared/vectors/`` and DIR, ``check`` on each
# file, and ``pair --json`` of the last round with a random strict group, a
# soft-bottom group and a soft-avoid group (seed 002); each line keeps the
# exit code, the output and the error text whole.  Compare with ``compare``.

SYSTEMS = ("dutch-1998", "dutch-2017", "dutch-2026", "simple", "team-2026",
           "team-2026-sharly")


def systems_generate(folder: Path, count: int) -> None:
    import random

    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "stress")]
    from swisslearn.errors import PairingError
    from swisslearn.formats.trf import parse_trf
    from swisslearn.generate import generate as make, random_tournaments
    from swisslearn.systems import get

    folder.mkdir(parents=True, exist_ok=True)
    dutch = get("dutch-2026")
    written = 0
    for i, setting in enumerate(random_tournaments(count, seed=24_2026, players=(4, 40),
                                                   rounds=(3, 9))):
        path = folder / f"ind-{i:05d}.trf"
        try:
            document = make(setting, dutch.pair)
        except PairingError:
            continue
        document.write(path)
        tournament = parse_trf(path.read_text(), str(path)).tournament
        rng = random.Random(path.name)
        ids = [p.id for p in tournament]
        last = tournament.rounds_paired
        lines = [f"260 {max(1, last - 2)} {last + 1} " + " ".join(map(str, rng.sample(ids, 2)))
                 for _ in range(rng.randint(1, len(ids)))]
        text = path.read_text()
        (folder / f"ind-{i:05d}-xxp.trf").write_text(
            text + ("" if text.endswith("\n") else "\n") + "\n".join(lines) + "\n")
        written += 2
    written += write_team_tournaments(folder, count, seed=24_2027, teams=(3, 20),
                                      rounds=(3, 9), digits=5)
    print(f"{written} files in {folder}")


def _group_options(tournament: object, rng: object) -> list[list[str]]:
    ids = sorted(p.id for p in tournament)  # type: ignore[attr-defined]
    options = []
    for constraint in ("strict", "soft-bottom", "soft-avoid"):
        size = min(len(ids), rng.randint(2, max(2, len(ids) // 3)))  # type: ignore[attr-defined]
        members = ",".join(str(i) for i in sorted(rng.sample(ids, size)))  # type: ignore[attr-defined]
        options.append(["--group", f"G:{members}:{constraint}"])
    return options


def systems_outputs(folder: Path, out: Path, only: tuple[str, ...] = SYSTEMS) -> None:
    import contextlib
    import io
    import random

    from swisslearn.cli import main as command

    _engine()
    start = time.process_time()
    runs = 0
    with out.open("w") as sink:
        def run(name: str, round: int, argv: list[str]) -> None:
            nonlocal runs
            stdout, stderr = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                code = command(argv)
            sink.write(f"{name}\t{round}\tcli\t{code} {json.dumps(stdout.getvalue())} "
                       f"{json.dumps(stderr.getvalue())}\n")
            runs += 1

        for path in _sources(folder):
            name, tournament, last = name_and_last_round(path)
            for system in only:
                for round in range(1, last + 1):
                    run(f"{name} {system} pair", round,
                        ["pair", str(path), "--round", str(round), "--system", system, "--json"])
                    run(f"{name} {system} trace", round,
                        ["trace", str(path), "--round", str(round), "--system", system,
                         "--jsonl"])
                run(f"{name} {system} check", 0, ["check", str(path), "--system", system])
                if tournament is not None and len(tournament) >= 4:  # type: ignore[arg-type]
                    rng = random.Random(f"{name} {system}")
                    for option in _group_options(tournament, rng):
                        run(f"{name} {system} pair {option[1].rsplit(':', 1)[1]}", last,
                            ["pair", str(path), "--round", str(last), "--system", system,
                             "--json", *option])
    print(f"{runs} commands run in {time.process_time() - start:.0f} s CPU", file=sys.stderr)


# -- check, every file, the systems asked (issue 32) ------------------------
#
# ``checks DIR OUT [S1,S2]`` re-pairs every round of every file of ``data/``,
# ``../shared/vectors/`` and DIR with each system (as ``check --json`` does,
# in this process: its rounds and their differences), one line per file and
# system: the pairings of every round, without the traces, in minutes where
# ``systems`` takes an hour on two busy cores.


def checks(folder: Path, out: Path, only: tuple[str, ...] = SYSTEMS) -> None:
    from swisslearn.cli import check_rounds, read_input
    from swisslearn.errors import SwisslearnError
    from swisslearn.systems import SYSTEMS as REGISTRY

    _engine()
    start = time.process_time()
    with out.open("w") as sink:
        for path in _sources(folder):
            name = str(path.relative_to(ROOT.parent) if ROOT.parent in path.parents else path)
            try:
                tournament = read_input(str(path)).tournament
            except SwisslearnError as error:
                sink.write(f"{name}\t-\tread\t{json.dumps(str(error))}\n")
                continue
            for system in only:
                try:
                    report: object = check_rounds(tournament, REGISTRY[system])
                except SwisslearnError as error:
                    report = str(error)
                except Exception as error:  # an engine's defect is a result too
                    report = f"crash: {type(error).__name__}: {error}"
                sink.write(f"{name}\t{system}\tcheck\t{json.dumps(report)}\n")
    print(f"checked in {time.process_time() - start:.0f} s CPU", file=sys.stderr)


# -- the stress corpus ----------------------------------------------------
#
# ``stress OUT [COUNT]`` generates, with the engines on the path, the first
# COUNT tournaments (default 1,000) of each individual system's stress corpus
# (``tests/stress/test_systems_stress.py``'s own settings, as ``make stress``
# draws them), every round paired by that system, and keeps one SHA-256 of
# each file's bytes: a changed pairing in any round changes its line.

#
# ``stress OUT COUNT S1,S2`` runs only the systems named, among them
# ``team-2026`` and ``team-2026-sharly``: the first COUNT team tournaments of
# their stress corpus (``tests/stress/test_team2026_stress.py``), each paired
# by that system (issue 34's closing proof).

STRESS_SYSTEMS = ("dutch-2026", "dutch-2017", "dutch-1998", "simple")
TEAM_STRESS_SYSTEMS = ("team-2026", "team-2026-sharly")


def _stress_file(system: str, count: int) -> Iterator[bytes | str]:
    """Each of the first COUNT tournaments of ``system``'s stress corpus, as
    the bytes its engine writes, or the refusal's message."""
    from swisslearn import systems
    from swisslearn.errors import PairingError

    pair = systems.get(system).pair
    if system in TEAM_STRESS_SYSTEMS:
        from teamgen import generate_teams
        from test_team2026_stress import team_settings  # type: ignore[import-not-found]

        for team in team_settings(count):
            try:
                yield generate_teams(team, pair).encode()
            except PairingError as error:
                yield str(error)
        return
    from test_systems_stress import settings_for  # type: ignore[import-not-found]

    from swisslearn.generate import generate as make

    for setting in settings_for(system, count):
        try:
            yield make(setting, pair).to_bytes()
        except PairingError as error:
            yield str(error)


def stress(out: Path, count: int, only: tuple[str, ...] = STRESS_SYSTEMS) -> None:
    import hashlib

    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "stress")]
    _engine()
    start = time.process_time()
    with out.open("w") as sink:
        for system in only:
            for i, made in enumerate(_stress_file(system, count)):
                result = (hashlib.sha256(made).hexdigest() if isinstance(made, bytes)
                          else f"refused {json.dumps(made)}")
                sink.write(f"{system} stress {i:05d}\t0\tstress\t{result}\n")
    print(f"{len(only) * count} stress tournaments in "
          f"{time.process_time() - start:.0f} s CPU", file=sys.stderr)


def _others(modes: dict[str, int]) -> str:
    """The lines of modes ``compare`` does not name (another script's)."""
    others = {m: n for m, n in modes.items() if m not in ("pruned", "literal", "cli", "cli-trace")}
    return "".join(f"; {n} {m}" for m, n in sorted(others.items()))


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "generate":
        generate(Path(argv[1]), int(argv[2]) if len(argv) > 2 else 1000)
        return 0
    if len(argv) == 3 and argv[0] == "dump":
        dump(Path(argv[1]), Path(argv[2]))
        return 0
    if len(argv) == 3 and argv[0] == "traces":
        traces(Path(argv[1]), Path(argv[2]))
        return 0
    if len(argv) in (3, 4) and argv[0] == "cli":
        cli(Path(argv[1]), Path(argv[2]),
            ("pair", "trace") if argv[3:] == ["--trace"] else ("pair",))
        return 0
    if len(argv) >= 2 and argv[0] == "systems-generate":
        systems_generate(Path(argv[1]), int(argv[2]) if len(argv) > 2 else 300)
        return 0
    if len(argv) in (3, 4) and argv[0] == "systems":
        # An optional comma-separated list of systems runs only those.
        systems_outputs(Path(argv[1]), Path(argv[2]),
                        tuple(argv[3].split(",")) if len(argv) == 4 else SYSTEMS)
        return 0
    if len(argv) in (3, 4) and argv[0] == "checks":
        checks(Path(argv[1]), Path(argv[2]),
               tuple(argv[3].split(",")) if len(argv) == 4 else SYSTEMS)
        return 0
    if len(argv) in (2, 3, 4) and argv[0] == "stress":
        stress(Path(argv[1]), int(argv[2]) if len(argv) > 2 else 1000,
               tuple(argv[3].split(",")) if len(argv) == 4 else STRESS_SYSTEMS)
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
