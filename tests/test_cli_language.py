"""``--lang fr|en`` on every command, errors included (issue 17, 3; issue 18, 2).

The default is French, the course's language, for every command alike
(``SWISSLEARN_LANG`` changes it; the suite pins English in conftest, so the
tests of the default remove the variable).  French output had English
headings (« ..., round 4 (dutch-1998) ») and show, check, tables and every
error message were English only; show wrote W/B where the catalogue's
French letters are B/N.
"""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

import pytest

from conftest import DATA, TEST_DATA
from helpers import in_process
from swisslearn.cli import EXIT_INPUT, EXIT_OK, EXIT_USAGE, build_parser, main

CLUB = DATA / "club-12-joueurs.trf"
BAD = TEST_DATA / "bad" / "letters-in-rating.trf"


def run(*args: str, lang: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command line, with ``SWISSLEARN_LANG`` unset or set to ``lang``, in
    this process (helpers.in_process): what it says is tested here, not how
    an interpreter starts (nine new interpreters: the file 1.9 s to 0.4 s of
    CPU; issue 31)."""
    return in_process(*args, lang=lang)


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(actions[0].choices)


def test_every_command_takes_lang_and_every_reading_command_strict() -> None:
    commands = _commands()
    assert set(commands) == {"convert", "show", "pair", "trace", "why", "check", "tables",
                             "generate", "publish", "cours", "exam"}
    # exam's own commands (new, mark) each take --lang; they read no TRF file
    # of the user's (mark re-reads the sujet.trf that new wrote).
    exam = commands.pop("exam")
    subcommands = [a for a in exam._actions if isinstance(a, argparse._SubParsersAction)]
    assert set(subcommands[0].choices) == {"new", "mark"}
    for name, command in subcommands[0].choices.items():
        assert "--lang" in {o for a in command._actions for o in a.option_strings}, name
    for name, command in commands.items():
        options = {o for a in command._actions for o in a.option_strings}
        assert "--lang" in options, name
        if name not in ("tables", "generate", "cours"):  # they read no file
            assert "--strict" in options, name


def test_the_default_is_french_and_the_variable_changes_it() -> None:
    french = run("pair", str(CLUB), "--round", "4")
    assert french.returncode == EXIT_OK
    heading = french.stdout.splitlines()[0]
    assert heading.endswith(", ronde 4 (dutch-1998)"), heading
    english = run("pair", str(CLUB), "--round", "4", lang="en")
    assert english.stdout.splitlines()[0].endswith(", round 4 (dutch-1998)")
    assert run("pair", str(CLUB), "--round", "4", "--lang", "fr", lang="en").stdout == \
        french.stdout


@pytest.mark.parametrize("lang, title, letters, check, tables", [
    ("fr", "état de chaque joueur avant la ronde 4", ("B", "N"), "ronde 1 : identique",
     "Niveau homogène de 8 joueurs"),
    ("en", "state of each player before round 4", ("W", "B"), "round 1: identical",
     "Homogeneous score bracket of 8 players"),
])
def test_show_check_and_tables_in_each_language(lang: str, title: str,
                                                letters: tuple[str, str], check: str,
                                                tables: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(CLUB), "--round", "4", "--lang", lang]) == EXIT_OK
    out = capsys.readouterr().out
    assert title in out.splitlines()[0]
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("  #"))
    rows = [line.split() for line in lines[header + 1:-1]]  # the last: which system, why
    histories = {row[1]: row[6] for row in rows}  # "#  id  Joueur 001  rating  pts  colours"
    white, black = letters
    # The catalogue's colour letters: player 1 had White, Black, White.
    assert histories["1"] == white + black + white, histories
    assert main(["check", str(CLUB), "--lang", lang]) in (EXIT_OK, 1)
    assert capsys.readouterr().out.splitlines()[1] == check  # after the system line
    assert main(["tables", "8", "--lang", lang]) == EXIT_OK
    assert capsys.readouterr().out.startswith(tables)


def test_input_errors_usage_errors_and_argparse_speak_french_by_default() -> None:
    bad = run("show", str(BAD))
    assert bad.returncode == EXIT_INPUT
    assert bad.stderr.startswith(f"{BAD}:18:49: classement Elo '24O0' : un nombre est attendu")
    round = run("show", str(CLUB), "--round", "99")
    assert round.returncode == EXIT_USAGE and "ronde 99" in round.stderr
    usage = run("pair")
    assert usage.returncode == EXIT_USAGE
    assert "swisslearn pair : erreur : arguments obligatoires manquants : FILE" in usage.stderr
    english = run("pair", "--lang", "en")
    assert "the following arguments are required: FILE" in english.stderr
    system = run("pair", str(CLUB), "--round", "4", "--system", "nonsense")
    assert system.returncode == EXIT_USAGE and "système inconnu 'nonsense'" in system.stderr


def test_a_warning_is_said_in_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    path = TEST_DATA / "accepted" / "points-column-wrong.trf"
    assert main(["show", str(path), "--lang", "fr"]) == EXIT_OK
    assert f"{path}:17:81: avertissement : joueur 1 : 2,5 points en colonnes 81-84, mais " \
           "les résultats font 1,5" in capsys.readouterr().err  # French numbers: a comma


def test_no_legal_pairing_is_said_in_french(tmp_path: Path) -> None:
    path = tmp_path / "one.trf"
    path.write_text(ONE_LEFT, encoding="utf-8")
    result = run("pair", str(path))
    assert result.returncode == 1
    assert result.stderr == (f"swisslearn : {path} : la ronde 2 ne peut pas être appariée "
                             "selon dutch-1998 : le joueur 3 ne peut pas être apparié sans "
                             "enfreindre B1 ou B2\n")


# Round 2: 1 and 2 are absent, 3 (who had the bye) is alone.
ONE_LEFT = """012 One left
XXR 3
XXC white1
001    1      A                                 2000                             1.0          2 w 1  0000 - Z
001    2      B                                 1900                             0.0          1 b 0  0000 - Z
001    3      C                                 1800                             1.0       0000 - U
"""
