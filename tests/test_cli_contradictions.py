"""Issue 33 item 4: contradictions a file holds are refused (exit 3,
line:column) or warned about (``--strict`` refuses them), with the same
verdict from ``show``, ``pair`` and ``check``.

Before, each of these files was read silently by at least one command: a team
without players was paired; ``XSG``/``XSR``/``XSL`` naming players that do not exist
and ``XSA … shoesize strict`` were ignored by ``pair`` (``show`` exited 0 on
them); ``362 TW 9e99`` read as 9 match points; ``352 ZZZZ`` ignored; two
pairing-allocated byes in one round; two names that only differ by an
invisible character or a decomposed letter.  The files are in
``tests/data/cli/``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import DATA, TEST_DATA
from helpers import in_process
from swisslearn.cli import EXIT_INPUT, EXIT_OK, EXIT_USAGE

CLI = TEST_DATA / "cli"
COMMANDS = ("show", "pair", "check")


def swisslearn(*argv: str | Path) -> subprocess.CompletedProcess[str]:
    """The command in English, in this process (helpers.in_process: the verdicts
    are checked, not the interpreter; 40 new ones took 6 s of CPU)."""
    return in_process(*argv, "--lang", "en")


REFUSED = [
    ("team-without-players.trf", 57, 74, "310 record: a team without players"),
    ("team-362-exponent.trf", 6, 8, "362 record: TW '9e99' is not a number of match points"),
    ("team-352-not-colours.trf", 5, 5, "352 record: 'ZZZZ': expected the colours of the boards"),
    ("xsg-unknown-player.trf", 19, 16, "XSG record: player 99 has no 001 record"),
    ("xsl-unknown-player.trf", 20, 9, "XSL record: player 77 has no 001 record"),
    ("xsr-unknown-player.trf", 20, 23, "XSR record: player 88 has no 001 record"),
    ("xsa-unknown-attribute.trf", 19, 7, "XSA record: no player has an attribute 'shoesize'"),
    ("xsa-bad-constraint.trf", 19, 18, "XSA record: constraint 'sometimes'"),
]


@pytest.mark.parametrize(("name", "line", "column", "message"), REFUSED,
                         ids=[row[0] for row in REFUSED])
def test_a_contradiction_is_refused_by_every_command(name: str, line: int, column: int,
                                                     message: str) -> None:
    path = CLI / name
    for command in COMMANDS:
        ran = swisslearn(command, path)
        assert ran.returncode == EXIT_INPUT, (command, ran.stderr)
        first = ran.stderr.splitlines()[0]
        assert first.startswith(f"{path}:{line}:{column}: {message}"), (command, first)
        assert "Traceback" not in ran.stderr


WARNED = [
    ("two-byes-one-round.trf", 15, 99,
     "player 12 has the pairing-allocated bye (U) in round 1, and so has player 11 (line 14)"),
    ("lookalike-names.trf", 10, 15,
     "player 7's name looks the same as player 3's (line 6) but is written differently"),
]


@pytest.mark.parametrize(("name", "line", "column", "message"), WARNED,
                         ids=[row[0] for row in WARNED])
def test_a_warning_is_the_same_everywhere_and_strict_refuses_it(
        name: str, line: int, column: int, message: str) -> None:
    path = CLI / name
    for command in COMMANDS:
        ran = swisslearn(command, path, "--round", "1") if command == "pair" else \
            swisslearn(command, path)
        assert ran.returncode in (EXIT_OK, 1), (command, ran.stderr)
        assert f"{path}:{line}:{column}: warning: {message}" in ran.stderr, command
        strict = swisslearn(command, path, "--strict")
        assert strict.returncode == EXIT_INPUT, command
        assert f"{path}:{line}:{column}: {message}" in strict.stderr


def test_lookalike_names_name_both_lines() -> None:
    ran = swisslearn("show", CLI / "lookalike-names.trf")
    warnings = [line for line in ran.stderr.splitlines() if "looks the same" in line]
    assert len(warnings) == 2  # the decomposed É, and the zero-width space
    assert ":12:15: warning: player 9's name looks the same as player 5's (line 8)" \
        in warnings[1]


def test_an_avoid_option_on_an_attribute_no_player_has_is_refused() -> None:
    club = DATA / "club-12-joueurs.trf"
    for command in ("pair", "check", "trace", "why"):
        extra = ["1", "2"] if command == "why" else []
        ran = swisslearn(command, club, *extra, "--round", "5", "--avoid", "shoesize:strict")
        if command == "check":
            ran = swisslearn(command, club, "--avoid", "shoesize:strict")
        assert ran.returncode == EXIT_USAGE, (command, ran.stderr)
        assert "--avoid 'shoesize:strict': no player has an attribute 'shoesize'" in ran.stderr
    ran = swisslearn("pair", club, "--round", "5", "--avoid", "federation:strict")
    assert ran.returncode == EXIT_OK
