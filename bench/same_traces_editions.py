"""Do the Dutch editions' traces stay byte for byte?  (Prints, never fails CI.)

Issue 32 names the real and virtual parts of every pairing score in an
accelerated round (« groupe 2 points (1 réel + 1 virtuel) »); a round with
no virtual point must read exactly as before.  This script traces every
round of every file of ``data/`` and ``../shared/vectors/dutch2026/`` (the
rounds in the file, and the next one when there is one to come) with
``dutch-2026`` and ``dutch-2017``, with the code found on ``sys.path``, and
writes one line a round: a SHA-256 of its events as ``trace --jsonl``
writes them, of their French and English sentences and of ``why``'s answer
for the first board, in both languages (or the refusal's class).  Run it
with the old tree first on the path, then with the new one, and compare::

    git worktree add --detach /tmp/base <commit>   # (and its compiled matching/_blossom*.so)
    PYTHONPATH=/tmp/base .venv/bin/python bench/same_traces_editions.py dump old.txt
    .venv/bin/python bench/same_traces_editions.py dump new.txt
    .venv/bin/python bench/same_traces_editions.py compare old.txt new.txt

``dump OUT [FOLDER...]``: other folders of ``.trf`` files instead;
``teams OUT``: the same with ``team-2026`` and ``team-2026-sharly`` on the
team files of ``data/`` and ``../shared/vectors/team2026/`` (the virtual
match points of a team Swiss, C.04.5.1 with C.04.6).
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = (ROOT / "data", ROOT.parent / "shared" / "vectors" / "dutch2026")
SYSTEMS = ("dutch-2026", "dutch-2017")
TEAM_FOLDERS = (ROOT / "data", ROOT.parent / "shared" / "vectors" / "team2026")
TEAM_SYSTEMS = ("team-2026", "team-2026-sharly")


def dump(out: Path, folders: list[Path], names: tuple[str, ...] = SYSTEMS) -> None:
    import swisslearn
    from same_pairings import last_round
    from swisslearn import systems
    from swisslearn.cli import read_input
    from swisslearn.errors import SwisslearnError
    from swisslearn.explain import explain, why
    from swisslearn.trace import RoundPaired, event_to_json

    print(f"engine: {Path(swisslearn.__file__).parent}", file=sys.stderr)
    start = time.process_time()
    rounds = 0
    with out.open("w") as sink:
        for folder in folders:
            for path in sorted(folder.glob("*.trf")):
                try:
                    tournament = read_input(str(path)).tournament
                except SwisslearnError:
                    continue
                last = last_round(tournament)
                for name in names:
                    system = systems.SYSTEMS[name]
                    for round in range(1, last + 1):
                        digest = hashlib.sha256()
                        try:
                            events = list(system.trace(tournament, round))
                        except SwisslearnError as error:
                            line = type(error).__name__
                        else:
                            for event in events:
                                digest.update(json.dumps(event_to_json(event),
                                                         ensure_ascii=False).encode())
                                for lang in ("fr", "en"):
                                    digest.update(explain(event, lang).encode())
                            paired = events[-1]
                            if isinstance(paired, RoundPaired) and paired.boards:
                                board = paired.boards[0]
                                for lang in ("fr", "en"):
                                    digest.update(why(events, board.white, board.black,
                                                      lang).encode())
                            line = f"{len(events)} {digest.hexdigest()}"
                        sink.write(f"{path.name}\t{name}\t{round}\t{line}\n")
                        rounds += 1
    print(f"{rounds} rounds traced in {time.process_time() - start:.0f} s CPU",
          file=sys.stderr)


def compare(old: Path, new: Path) -> None:
    before = dict(line.rsplit("\t", 1) for line in old.read_text().splitlines())
    after = dict(line.rsplit("\t", 1) for line in new.read_text().splitlines())
    differ = sorted(key for key in before.keys() & after.keys() if before[key] != after[key])
    print(f"{len(before)} rounds before, {len(after)} after, "
          f"{len(before.keys() & after.keys()) - len(differ)} identical, {len(differ)} differ")
    for key in differ:
        print(f"  {key}")


if __name__ == "__main__":
    command, *rest = sys.argv[1:]
    if command == "dump":
        dump(Path(rest[0]), [Path(p) for p in rest[1:]] or list(FOLDERS))
    elif command == "teams":
        dump(Path(rest[0]), list(TEAM_FOLDERS), TEAM_SYSTEMS)
    elif command == "compare":
        compare(Path(rest[0]), Path(rest[1]))
    else:
        sys.exit(__doc__)
