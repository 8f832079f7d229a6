"""The TRF files of ``../shared/realworld/`` (issue 18): written by real
programs and people, read as their programs mean them, written back byte for
byte (Latin-1 included), with a warning where a file disagrees with itself,
and re-paired by ``check``.  The README's table ("Reading TRF files") says
the same of each file: this test holds it to what the reader does.

Before issue 18, 9 of these 20 files were refused.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from conftest import ROOT, SHARED
from swisslearn import systems
from swisslearn.cli import check_rounds, read_input
from swisslearn.formats.trf import TrfDocument
from swisslearn.acceleration import apply
from swisslearn.lastround import with_last_shown_round

REALWORLD = SHARED / "realworld"
FILES = sorted(REALWORLD.glob("*.trf")) if REALWORLD.is_dir() else []

# file: (encoding, warnings by kind, system for check, rounds identical, rounds).
EXPECTED: dict[str, tuple[str, dict[str, int], str, int, int]] = {
    "bbp-dutch_2025_C5.trf": ("utf-8", {}, "dutch-2026", 2, 2),
    "bbp-dutch_2025_C9.trf": ("utf-8", {}, "dutch-2026", 1, 1),
    "bbp-issue_15.trf": ("utf-8", {}, "dutch-2026", 0, 11),
    "bbp-issue_7.trf": ("utf-8", {}, "dutch-2026", 14, 14),
    "clojure-autotest.trf": ("utf-8", {"points_mismatch": 32},
                             "dutch-2026", 8, 8),
    "clojure-test1.trf": ("utf-8", {}, "dutch-2026", 0, 0),
    "competichess-open-gros-2010.trf": ("utf-8", {}, "dutch-2026", 0, 4),
    "heltour-friendship-cup-2024-team.trf": ("utf-8", {"count_not_number": 1,
                                                       "points_mismatch": 1},
                                             "team-2026", 1, 7),
    "icu-krause-armstrong_2011.trf": ("utf-8", {}, "team-2026", 0, 11),
    "icu-krause-bunratty_challengers_2011.trf": ("utf-8", {"points_mismatch": 8,
                                                           "federation": 5},
                                                 "dutch-2026", 0, 6),
    "icu-krause-bunratty_major_2011.trf": ("utf-8", {"points_mismatch": 11, "federation": 5},
                                           "dutch-2026", 0, 6),
    "icu-krause-latin-1.trf": ("windows-1252", {}, "dutch-2026", 2, 3),
    "icu-krause-utf-8.trf": ("utf-8", {}, "dutch-2026", 2, 3),
    "icu-krause-valid.trf": ("utf-8", {}, "dutch-2026", 0, 5),
    "sharly-indiv_299_bonus.trf": ("utf-8", {"rank_mismatch": 1}, "dutch-2026", 0, 1),
    "sharly-team_330_forfeit.trf": ("utf-8", {}, "team-2026", 0, 1),
    "sharly-team_bye.trf": ("utf-8", {}, "team-2026", 0, 0),
    "sharly-team_c4_global.trf": ("utf-8", {}, "team-2026", 0, 1),
    "sharly-team_round2.trf": ("utf-8", {}, "team-2026", 0, 1),
    "sharly-team_split6.trf": ("utf-8", {}, "team-2026", 0, 0),
    # The second batch (issue 32): their rows are in docs/real-tournaments.md.
    "chessament-tournament_1.trf": ("utf-8", {"count_not_number": 1, "072": 1},
                                    "dutch-1998", 4, 9),
    "echecs-fide-grandmommyscup-trf25.trf": ("utf-8", {}, "team-2026", 2, 14),
    "echecs-javafo_sample2.trf": ("utf-8", {}, "dutch-2017", 2, 4),
    "py4swiss-javafo_example.trf": ("utf-8", {}, "dutch-2017", 2, 4),
    "sharly-team_250_accel.trf": ("utf-8", {}, "team-2026", 0, 0),
    "sharlyapp-trf-import-test.trf": ("utf-8", {}, "dutch-2026", 2, 5),
    "sharlyapp-trf-team-import-test.trf": ("utf-8", {"points_mismatch": 10}, "team-2026", 1, 2),
    "sklangen-lichess-2020_06.trf": ("utf-8", {}, "dutch-2017", 5, 10),
}

needs_files = pytest.mark.skipif(not FILES, reason=f"{REALWORLD} is absent (../shared/)")


@needs_files
def test_every_file_is_listed() -> None:
    assert sorted(f.name for f in FILES) == sorted(EXPECTED)


def _document(path: Path) -> TrfDocument:
    document = read_input(str(path))
    assert isinstance(document, TrfDocument)
    return document


@needs_files
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_read_and_written_back_byte_for_byte(path: Path) -> None:
    document = _document(path)
    encoding, warnings, *_ = EXPECTED[path.name]
    assert document.to_bytes() == path.read_bytes()
    assert document.encoding == encoding
    assert dict(Counter(w.key.removeprefix("trf.") for w in document.warnings)) == warnings


@needs_files
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_check_re_pairs_every_round(path: Path) -> None:
    _, _, system, identical, rounds = EXPECTED[path.name]
    # As check does: without XXR/142 the last round shown is the last one.
    tournament = with_last_shown_round(_document(path).tournament).tournament
    # And the acceleration its 192 code names (…_BAKU), as check applies it.
    tournament = apply(tournament, None, system).tournament
    report = check_rounds(tournament, systems.get(system))
    assert (sum(bool(row["identical"]) for row in report), len(report)) == (identical, rounds)


@needs_files
def test_the_reference_engines_own_files_agree_with_it() -> None:
    """bbpPairings' Dutch test inputs, re-paired round by round: the first
    colour read from round 1 (no XXC) gave 13 of 14 for issue_7 before."""
    for name in ("bbp-dutch_2025_C5.trf", "bbp-dutch_2025_C9.trf", "bbp-issue_7.trf"):
        report = check_rounds(_document(REALWORLD / name).tournament, systems.get("dutch-2026"))
        assert all(row["identical"] for row in report), name


@needs_files
def test_the_readme_table_says_what_the_reader_does() -> None:
    # The first twenty rows are the old README's "Real files" table, now in
    # the documentation site; the files added since are in the page of real
    # tournaments (issue 32).
    readme = ((ROOT / "docs" / "trf-files.md").read_text("utf-8")
              + (ROOT / "docs" / "real-tournaments.md").read_text("utf-8"))
    rows = {m.group(1): [c.strip() for c in m.group(2).split("|")]
            for m in re.finditer(r"^\| `([^`]+\.trf)` \|(.*)\|$", readme, re.MULTILINE)
            if m.group(1) in EXPECTED}
    assert sorted(rows) == sorted(EXPECTED)
    for name, (encoding, warnings, system, identical, rounds) in EXPECTED.items():
        read, warned, checked = rows[name][:3]
        assert read.startswith("read"), name
        assert (encoding != "utf-8") == ("Windows-1252" in read), name
        count = sum(warnings.values())
        assert warned.startswith(str(count) if count else "none"), (name, warned)
        assert checked.startswith(f"{identical}/{rounds} ({system})"), (name, checked)
