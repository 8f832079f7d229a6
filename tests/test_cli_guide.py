"""Issue 31 item 4: a command line that guides a newcomer.

``--lang`` before the command too, ``SWISSLEARN_LANG`` as a locale's name,
examples and a description for every argument in each ``--help``, a
helpful ``pair`` on a finished tournament, headers on ``pair``'s table, a
file that is not TRF refused in one line, French numbers with a comma, and
no reference to a document the package does not ship.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA, ROOT, TEST_DATA
from helpers import in_process
from swisslearn.cli import EXIT_INPUT, EXIT_OK, EXIT_USAGE, build_parser
from swisslearn.clihelp import HelpFormatter

CLUB = DATA / "club-12-joueurs.trf"
CLI = TEST_DATA / "cli"


def interpreter(*argv: str | Path, lang: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m swisslearn ARGV`` in a new interpreter, ``SWISSLEARN_LANG``
    being ``lang`` (unset if None)."""
    env = {k: v for k, v in os.environ.items() if k != "SWISSLEARN_LANG"}
    if lang is not None:
        env["SWISSLEARN_LANG"] = lang
    return subprocess.run([sys.executable, "-m", "swisslearn", *map(str, argv)],
                          capture_output=True, text=True, env=env, check=False, timeout=120)


def swisslearn(*argv: str | Path, lang: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command in this process (helpers.in_process): what is checked here is
    what it says (37 new interpreters took 10 s of CPU)."""
    return in_process(*argv, lang=lang)


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no commands")


COMMANDS = sorted(_commands(build_parser("en")))


def test_lang_before_the_command() -> None:
    ran = interpreter("--lang", "en", "--help")     # as typed, in a new interpreter
    assert ran.returncode == EXIT_OK, ran.stderr
    assert ran.stdout.startswith("usage: swisslearn") and "pair a round" in ran.stdout
    ran = swisslearn("--lang", "en", "pair", "--help")
    assert ran.returncode == EXIT_OK and ran.stdout.startswith("usage: swisslearn pair")
    ran = swisslearn("--lang", "en", "show", CLUB)
    assert ran.returncode == EXIT_OK
    assert "standings after the last round (5)" in ran.stdout.splitlines()[0]
    ran = swisslearn("--lang", "en", "show", CLUB, "--lang", "fr")  # the last one wins
    assert "classement après la dernière ronde" in ran.stdout


@pytest.mark.parametrize(("value", "english"), [("en_US.UTF-8", True), ("en", True),
                                                ("EN_gb", True), ("en@euro", True),
                                                ("fr_CH.UTF-8", False), ("C", False),
                                                ("de_DE.UTF-8", False)])
def test_swisslearn_lang_as_a_locale(value: str, english: bool) -> None:
    ran = swisslearn("pair", CLUB, lang=value)
    assert ran.returncode == EXIT_USAGE
    assert ("every round of the tournament" in ran.stderr) is english


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_has_examples_in_each_language(command: str) -> None:
    english = swisslearn(command, "--help", "--lang", "en").stdout
    french = swisslearn(command, "--help", "--lang", "fr").stdout
    assert "\nexamples:\n  swisslearn " + command in english
    assert "\nexemples :\n  swisslearn " + command in french
    assert english.count("\n  swisslearn ") >= 2


def test_the_main_help_has_examples() -> None:
    assert "\nexemples :\n  swisslearn show" in swisslearn("--help").stdout
    assert "\nexamples:\n  swisslearn show" in swisslearn("--help", lang="en").stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_every_argument_is_described_in_each_language(command: str) -> None:
    parser = _commands(build_parser("fr"))[command]
    formatter = HelpFormatter("swisslearn", "fr")
    for action in parser._actions:
        assert action.help, f"{command} {action.metavar or action.dest} has no help"
        assert formatter.translate(action.help) != action.help or action.help.startswith(
            "dutch-1998"), action.help  # the list of systems reads the same
    assert parser.epilog and formatter.translate(parser.epilog) != parser.epilog


def test_positional_arguments_are_explained() -> None:
    english = swisslearn("why", "--help", "--lang", "en").stdout
    assert re.search(r"\n  FILE +the tournament: a TRF file", english)
    assert re.search(r"\n  A +a player's pairing number", english)
    assert re.search(r"\n  B +the other player's", english)
    assert re.search(r"\n  N +le nombre de joueurs du niveau",
                     swisslearn("tables", "--help").stdout)


def test_pair_on_a_finished_tournament_says_how_to_ask() -> None:
    ran = swisslearn("pair", CLUB)
    assert ran.returncode == EXIT_USAGE
    [line] = ran.stderr.splitlines()
    assert "toutes les rondes du tournoi (5) sont déjà appariées" in line
    assert "--round 1 à 5" in line
    ran = swisslearn("pair", CLUB, "--lang", "en")
    assert "--round 1 to 5" in ran.stderr
    ran = swisslearn("pair", CLUB, "--round", "5")
    assert ran.returncode == EXIT_OK


def test_pair_s_table_has_headers() -> None:
    french = swisslearn("pair", CLUB, "--round", "5").stdout.splitlines()
    assert french[2].split() == ["Éch.", "Blancs", "Noirs"]
    english = swisslearn("pair", CLUB, "--round", "5", "--lang", "en").stdout.splitlines()
    assert english[2].split() == ["Board", "White", "Black"]
    # The headers stand above their columns.
    assert english[2].index("White") <= english[3].index("Joueur") < english[2].index("Black")
    assert english[3].rindex("Joueur") > english[2].index("Black")


@pytest.mark.parametrize("path", [ROOT / "README.md", ROOT / "pyproject.toml",
                                  ROOT / "environment.yml"])
def test_a_file_that_is_not_trf_is_refused_in_one_line(path: Path) -> None:
    for command in ("show", "pair", "check"):
        ran = swisslearn(command, path)
        assert ran.returncode == EXIT_INPUT
        [line] = ran.stderr.splitlines()
        assert line.startswith(f"{path}:1:0: ce fichier n'est pas un fichier TRF : ")
        assert ran.stdout == ""


def test_french_numbers_have_a_comma() -> None:
    source = CLI / "points-disagree.trf"
    ran = swisslearn("show", source)
    assert "joueur 1 : 4,5 points en colonnes 81-84, mais les résultats font 5,0 " \
           "(gain 1,0, nulle 0,5" in ran.stderr
    assert re.search(r"Joueur 001 +2533 +5,0 ", ran.stdout)
    english = swisslearn("show", source, "--lang", "en")
    assert "points 4.5 in columns 81-84, but the results add up to 5.0" in english.stderr
    assert re.search(r"Joueur 001 +2533 +5.0 ", english.stdout)
    assert "(par défaut : 0,02)" in swisslearn("generate", "--help").stdout
    assert "(default 0.02)" in swisslearn("generate", "--help", "--lang", "en").stdout


NOT_SHIPPED = re.compile(r"README|CONTRACT|DESIGN\.md|seeds?/")


def test_no_help_or_message_of_the_command_line_names_a_document_not_shipped() -> None:
    for lang in ("fr", "en"):
        helps = [swisslearn(*argv, "--help", "--lang", lang).stdout
                 for argv in ([], *([c] for c in COMMANDS))]
        assert not [h for h in helps if NOT_SHIPPED.search(h)]
        for area in ("cli", "help", "guide"):
            words = json.loads((ROOT / "swisslearn" / "explain" / f"{lang}.{area}.json")
                               .read_text(encoding="utf-8"))
            assert not {k: v for k, v in words.items() if NOT_SHIPPED.search(v)}
