"""``swisslearn --help`` in the language asked (issue 18 item 2): argparse's
own words and every command's and option's help, through the catalogue."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from swisslearn.cli import build_parser
from swisslearn.clihelp import HelpFormatter, translations


def _helps(parser: argparse.ArgumentParser) -> Iterator[str]:
    """Every text the parser's help prints: descriptions, helps, sub-commands'."""
    if parser.description:
        yield parser.description
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            yield action.help
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                assert choice.help
                yield choice.help
            for sub in action.choices.values():
                yield from _helps(sub)


def test_every_help_text_has_its_french() -> None:
    formatter = HelpFormatter("swisslearn", "fr")
    texts = set(_helps(build_parser("fr")))
    assert len(texts) > 30
    untranslated = sorted(t for t in texts if formatter.translate(t) == t)
    assert untranslated == []
    for own in ("usage: ", "positional arguments", "options", "show this help message and exit"):
        assert own in translations("fr")


def _help(*argv: str, lang: str | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "SWISSLEARN_LANG"}
    if lang:
        env["SWISSLEARN_LANG"] = lang
    ran = subprocess.run([sys.executable, "-m", "swisslearn", *argv], capture_output=True,
                         text=True, env=env, check=False)
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def test_the_help_is_french_by_default_and_english_when_asked() -> None:
    french = _help("--help")
    assert french.startswith("utilisation : swisslearn")
    assert "arguments positionnels :" in french and "options :" in french
    assert "afficher cette aide et quitter" in french and "apparier une ronde" in french
    assert "show this help" not in french and "pair a round" not in french
    english = _help("--help", lang="en")
    assert english.startswith("usage: swisslearn") and "pair a round" in english
    assert _help("--help", "--lang", "en") == english


@pytest.mark.parametrize("command", ["pair", "check", "generate", "tables", "convert"])
def test_each_command_s_help_in_french(command: str) -> None:
    french = _help(command, "--help", "--lang", "fr")
    assert french.startswith(f"utilisation : swisslearn {command}")
    english = {t for t in _helps(build_parser("en")) if len(t) > 12}
    assert not [t for t in english if t in french]
    if command == "generate":
        assert "parties perdues par forfait (par défaut : 0,02)" in french


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_help_of_the_commands_named_only_is_the_help_of_the_complete_parser(
        lang: str) -> None:
    # Issue 36: `swisslearn --help` declares no command's arguments (each is
    # only named, with COMMAND_HELP); what it prints is what the complete
    # parser prints, so each help there is the one the command gives itself.
    from swisslearn.cli import COMMAND_HELP, command_in
    complete = build_parser(lang)
    assert build_parser(lang, None).format_help() == complete.format_help()
    for name in COMMAND_HELP:
        assert build_parser(lang, name).format_help() == complete.format_help()
    helps = {a.dest: a.help for action in complete._actions
             if isinstance(action, argparse._SubParsersAction) for a in action._choices_actions}
    assert helps == COMMAND_HELP
    assert command_in(["--lang", "en", "pair", "x.trf", "--lang", "fr"]) == "pair"
    assert command_in(["--lang=en", "check", "a", "b"]) == "check"
    assert command_in(["--help"]) is None and command_in(["paire", "x"]) is None
    assert command_in(["--lang", "pair"]) is None  # "pair" is --lang's (wrong) value


def test_the_help_texts_read_alone_are_the_catalogue_s() -> None:
    from swisslearn.words import catalogue, texts_under
    for lang in ("fr", "en"):
        assert texts_under(lang, "help.") == {
            key: text for key, text in catalogue(lang).messages.items()
            if key.startswith("help.")}


def test_the_help_is_as_wide_as_argparse_makes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # The width is read once (not for every add_argument), as shutil reads it.
    import shutil

    from swisslearn import clihelp
    for columns in ("50", "132", "", "nonsense", "-3"):
        monkeypatch.setenv("COLUMNS", columns)
        clihelp._width.cache_clear()
        assert clihelp._width() == shutil.get_terminal_size().columns - 2
    clihelp._width.cache_clear()
    monkeypatch.delenv("COLUMNS")  # the help's width when stdout is no terminal: 80
    env = {**{k: v for k, v in os.environ.items() if k != "SWISSLEARN_LANG"}, "COLUMNS": "50"}
    narrow = subprocess.run([sys.executable, "-m", "swisslearn", "--help"], capture_output=True,
                            text=True, env=env, check=True).stdout
    wide = _help("--help")
    assert narrow != wide
    assert narrow.splitlines()[0] == "utilisation : swisslearn [-h] [--version]"
    assert wide.splitlines()[0].startswith("utilisation : swisslearn [-h] [--version] [--lang")


def test_one_process_answers_each_command_line_in_its_own_language() -> None:
    """main keeps the parser it built for a language and a command (issue 31):
    the help, a usage error and an option's default, asked in turn in French
    and in English in one process, are each in the language asked, and a
    parser used once gives the same answer again."""
    from helpers import in_process
    asked = [("pair", "--help"), ("--lang", "en", "pair", "--help"), ("pair", "--rond", "2"),
             ("--lang", "en", "pair", "--rond", "2"), ("tables", "3", "--json")]
    first = [in_process(*argv) for argv in asked]
    again = [in_process(*argv) for argv in reversed(asked)][::-1]
    assert [(r.returncode, r.stdout, r.stderr) for r in first] == \
        [(r.returncode, r.stdout, r.stderr) for r in again]
    french_help, english_help, french_error, english_error, _ = first
    assert "arguments positionnels" in french_help.stdout
    assert "positional arguments" in english_help.stdout
    assert french_error.returncode == english_error.returncode == 2
    assert french_error.stderr != english_error.stderr and "--rond" in english_error.stderr
