"""Does a change keep every output of every system, words included?  (Prints, never fails CI.)

For a change that moves rule labels into tables or chooses the explainer by
the events' system (issue 34): the same bytes out of ``pair --json``,
``trace --jsonl``, ``trace`` (French and English), ``why`` (French and
English) and ``check --json``, for every system, on every round of every file
of ``data/``, ``../shared/vectors/`` and of a folder of generated
tournaments.  Run it with the old tree's code, then the new one's, on the
same folder, and compare::

    git worktree add /work/wt-old <commit>        # its own venv: make .venv/.installed
    .venv/bin/python bench/same_words.py generate /tmp/words-files 100
    /work/wt-old/.venv/bin/python bench/same_words.py run /tmp/words-files old.tsv
    .venv/bin/python bench/same_words.py run /tmp/words-files new.tsv
    .venv/bin/python bench/same_words.py compare old.tsv new.tsv

(the script imports ``swisslearn`` from the interpreter's own install, so the
old tree's interpreter runs the old code on the same inputs.)

``generate DIR COUNT`` writes, for each individual system (``dutch-2026``,
``dutch-2017``, ``dutch-1998``, ``simple``), COUNT tournaments of 4-14
players and 3-7 rounds paired by that system, and COUNT team tournaments of
3-12 teams paired by ``team-2026`` (``tests/stress/teamgen.py``).  ``run DIR
OUT [S1,S2]`` runs the commands in this process, on the individual files
with the individual systems and on the team files with the team systems,
and writes one line a command: file, system, round, command, exit code and
the SHA-256 of its standard output and error together.  ``compare A B``
counts the lines and lists those that differ.

``run DIR OUT [S1,S2] --last`` runs the same commands on DIR's files only
(not ``data/`` nor ``../shared/vectors/``, which the run without it covers
whole) and on their last round only (``check`` still re-pairs every round):
the words of 1,000 generated tournaments a system in an hour where every
round would take several (issue 34's closing proof).  ``--slice A:B`` runs
only the sources ``A`` to ``B - 1`` of the list the run would take (to
share a long run among several processes; the lines are the same).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT.parent / "shared" / "vectors"
INDIVIDUAL = ("dutch-1998", "dutch-2017", "dutch-2026", "simple")
TEAM = ("team-2026", "team-2026-sharly")


def _sources(folder: Path) -> list[Path]:
    files = sorted((ROOT / "data").glob("*.trf")) + sorted((ROOT / "data").glob("*.txt"))
    files += sorted(VECTORS.glob("*/*.trf"))
    files += sorted(folder.glob("*.trf")) + sorted(folder.glob("*.txt"))
    return files


def generate(folder: Path, count: int) -> None:
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "stress")]
    from same_pairings import write_team_tournaments

    from swisslearn.errors import PairingError
    from swisslearn.generate import generate as make, random_tournaments
    from swisslearn.systems import get

    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    for number, system in enumerate(INDIVIDUAL):
        engine = get(system)
        for i, setting in enumerate(random_tournaments(count, seed=34_000 + number,
                                                       players=(4, 14), rounds=(3, 7))):
            try:
                document = make(setting, engine.pair)
            except PairingError:
                continue
            document.write(folder / f"{system}-{i:04d}.trf")
            written += 1
    written += write_team_tournaments(folder, count, seed=34_100, teams=(3, 12),
                                      rounds=(3, 7), digits=4)
    print(f"{written} files in {folder}")


def _is_team(path: Path) -> bool:
    name = path.name
    return (path.parent.name == "team2026" or name.startswith(("team-", "equipes-"))
            or name == "protections-six-equipes.trf")


def run(folder: Path, out: Path, only: tuple[str, ...], last_only: bool = False,
        part: slice = slice(None)) -> None:
    from same_pairings import name_and_last_round
    import swisslearn
    from swisslearn.cli import main as command

    print(f"engine: {Path(swisslearn.__file__).parent}", file=sys.stderr)
    start = time.process_time()
    runs = 0
    with out.open("w") as sink:
        def one(name: str, system: str, round: int, argv: list[str]) -> None:
            nonlocal runs
            stdout, stderr = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                try:
                    code: object = command(argv)
                except SystemExit as exit:  # argparse
                    code = exit.code
                except Exception as error:  # a defect is a result too
                    code = f"crash {type(error).__name__}"
            digest = hashlib.sha256((stdout.getvalue() + "\0" + stderr.getvalue())
                                    .encode()).hexdigest()[:20]
            sink.write(f"{name}\t{system}\t{round}\t{argv[0]} {' '.join(argv[4:])}\t"
                       f"{code}\t{digest}\n")
            runs += 1

        paths = (sorted(folder.glob("*.trf")) + sorted(folder.glob("*.txt")) if last_only
                 else _sources(folder))[part]
        for path in paths:
            name, _, last = name_and_last_round(path)
            systems = [s for s in (TEAM if _is_team(path) else INDIVIDUAL) if s in only]
            for system in systems:
                common = [str(path), "--system", system]
                for round in range(last if last_only else 1, last + 1):
                    at = ["--round", str(round)]
                    one(name, system, round, ["pair", *common, *at, "--json"])
                    for lang in ("fr", "en"):
                        one(name, system, round, ["trace", *common, *at, "--jsonl", "--lang",
                                                  lang])
                        one(name, system, round, ["trace", *common, *at, "--lang", lang])
                        one(name, system, round, ["why", *common, *at, "--lang", lang,
                                                  "1", "2"])
                one(name, system, 0, ["check", *common, "--json"])
    print(f"{runs} commands run in {time.process_time() - start:.0f} s CPU", file=sys.stderr)


def compare(first: Path, second: Path) -> None:
    a = first.read_text().splitlines()
    b = second.read_text().splitlines()
    print(f"{len(a)} lines in {first.name}, {len(b)} in {second.name}")
    differ = [(x, y) for x, y in zip(a, b) if x != y]
    for x, y in differ[:40]:
        print(f"- {x}\n+ {y}")
    print(f"{len(differ)} lines differ" + ("" if len(a) == len(b) else "; line counts differ"))


def main(argv: list[str]) -> None:
    if argv[:1] == ["generate"]:
        generate(Path(argv[1]), int(argv[2]) if len(argv) > 2 else 100)
    elif argv[:1] == ["run"]:
        last_only = "--last" in argv
        cut = argv[argv.index("--slice") + 1].split(":") if "--slice" in argv else ["", ""]
        argv = [a for i, a in enumerate(argv) if a != "--last" and "--slice" not in argv[i - 1:i + 1]]
        only = tuple(argv[3].split(",")) if len(argv) > 3 else INDIVIDUAL + TEAM
        run(Path(argv[1]), Path(argv[2]), only, last_only,
            slice(*(int(c) if c else None for c in cut)))
    elif argv[:1] == ["compare"]:
        compare(Path(argv[1]), Path(argv[2]))
    else:
        print(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
