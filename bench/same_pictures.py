"""Does a change keep the pictures' bytes?  (Prints, never fails CI.)

Issue 34's closing proof asks for the same pictures as before.  The
pictures are the course's step pictures (:func:`swisslearn.viz.render`, one
per trace event), which the trace page of ``swisslearn publish`` writes as
SVG (:func:`swisslearn.publish.pictures._svg`: no date, no metadata, fixed
ids, so the same event gives the same bytes).  ``run OUT [S1,S2]
[--vectors] [--last] [--slice A:B]`` traces every round (only the last with
``--last``; only the files ``A`` to ``B - 1`` with ``--slice``) of every file of ``data/`` (and of
``../shared/vectors/`` with ``--vectors``) with each system that reads it
(the individual systems on the individual files, the team systems on the
team files, as ``bench/same_words.py`` chooses), draws EVERY event in French
and in English, and writes one line a round: file, system, round, the number
of events, and a SHA-256 of all the SVGs in order (or the class of what was
raised).  Run it with the old tree on ``PYTHONPATH``, then the new one, from
outside both trees, and compare with ``bench/same_words.py compare``::

    cd /tmp && PYTHONPATH=/work/wt-old python /work/wt-new/bench/same_pictures.py run old.tsv
    cd /tmp && PYTHONPATH=/work/wt-new python /work/wt-new/bench/same_pictures.py run new.tsv
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

from same_pairings import name_and_last_round
from same_words import INDIVIDUAL, ROOT, TEAM, VECTORS, _is_team


def run(out: Path, only: tuple[str, ...], vectors: bool, last_only: bool,
        part: slice = slice(None)) -> None:
    import swisslearn
    from swisslearn.publish.pictures import _svg
    from swisslearn.systems import get

    print(f"engine: {Path(swisslearn.__file__).parent}", file=sys.stderr)
    files = sorted((ROOT / "data").glob("*.trf")) + sorted((ROOT / "data").glob("*.txt"))
    files += sorted(VECTORS.glob("*/*.trf")) if vectors else []
    start = time.process_time()
    pictures = 0
    with out.open("w") as sink:
        for path in files[part]:
            name, tournament, last = name_and_last_round(path)
            if tournament is None:
                continue
            for system in [s for s in (TEAM if _is_team(path) else INDIVIDUAL) if s in only]:
                for round in range(last if last_only else 1, last + 1):
                    sha = hashlib.sha256()
                    count = 0
                    try:
                        for event in get(system).trace(tournament, round):
                            count += 1
                            for lang in ("fr", "en"):
                                sha.update(_svg(event, lang))
                                pictures += 1
                        result = f"{count} {sha.hexdigest()[:20]}"
                    except Exception as error:  # a refusal or a defect is a result too
                        result = f"{type(error).__name__} after {count} {sha.hexdigest()[:20]}"
                    sink.write(f"{name}\t{system}\t{round}\tpictures\t{result}\n")
                    sink.flush()
    print(f"{pictures} pictures drawn in {time.process_time() - start:.0f} s CPU",
          file=sys.stderr)


def main(argv: list[str]) -> None:
    if argv[:1] == ["run"] and len(argv) >= 2:
        vectors, last_only = "--vectors" in argv, "--last" in argv
        cut = argv[argv.index("--slice") + 1].split(":") if "--slice" in argv else ["", ""]
        argv = [a for i, a in enumerate(argv)
                if a not in ("--vectors", "--last") and "--slice" not in argv[i - 1:i + 1]]
        only = tuple(argv[2].split(",")) if len(argv) > 2 else INDIVIDUAL + TEAM
        run(Path(argv[1]), only, vectors, last_only, slice(*(int(c) if c else None for c in cut)))
    else:
        print(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
