"""Rounds worked by hand from seed 000, each before the engine ran on it.

Every round whose 1998 pairing changed when the engine was brought to the
text (C11's undo-and-restart, B5/B6 for the moved-down player; the lists are
in docs/story1998.md) has its hand analysis in
``tests/data/dutch1998/hand/analysis-<case>.md``, written from seed 000 and
committed before any engine paired that round, and its comparison with the
old and new engines in ``compare-<case>.md``.  The hand pairing itself is in
``<case>.pairing``, read here::

    # one comment line or more
    file: ../shared/vectors/dutch2017/rtg-031-p15-r10.trf
    round: 7
    boards: 2-4 7-3 5-9
    byes: 14

``file`` is relative to the repository (``../shared/`` for the reference
vectors, ``tests/data/dutch1998/hand/files/`` for generated tournaments);
``boards`` are White-Black pairs, every board of the round, in any order;
``byes`` may be empty.  The engine must give exactly those boards, colours
included, and those byes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, need_shared
from swisslearn.cli import read_input
from swisslearn.dutch1998.procedure import pair

HAND = ROOT / "tests" / "data" / "dutch1998" / "hand"
CASES = sorted(HAND.glob("*.pairing"))


def read_case(path: Path) -> tuple[Path, int, set[tuple[int, int]], set[int]]:
    """The file, round, boards and byes of a ``.pairing`` file."""
    fields: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep or key.strip() not in ("file", "round", "boards", "byes"):
            raise ValueError(f"{path.name}:{number}: expected 'file|round|boards|byes: …'")
        fields[key.strip()] = value.strip()
    boards = {(int(w), int(b)) for w, b in
              (board.split("-") for board in fields["boards"].split())}
    byes = {int(p) for p in fields.get("byes", "").split()}
    return ROOT / fields["file"], int(fields["round"]), boards, byes


def test_every_hand_case_has_its_analysis_and_comparison() -> None:
    assert CASES, "no hand-worked case found"
    for case in CASES:
        name = case.stem
        assert (HAND / f"analysis-{name}.md").is_file(), name
        assert (HAND / f"compare-{name}.md").is_file(), name
        read_case(case)


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_the_engine_pairs_as_the_hand_did(case: Path) -> None:
    file, round, boards, byes = read_case(case)
    if "shared" in file.parts:
        need_shared(file)
    tournament = read_input(str(file)).tournament.truncated(round - 1)
    for literal in ((False, True) if len(tournament) <= 14 else (False,)):
        paired = pair(tournament, round, literal=literal)
        assert {(b.white, b.black) for b in paired.boards} == boards, literal
        assert set(paired.byes) == byes, literal
