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
