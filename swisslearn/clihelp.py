"""The command line's ``--help`` in the language asked: a gettext-style hook
on argparse.

argparse writes its own words (``usage:``, ``positional arguments``,
``options``, ``show this help message and exit``) and ours (each command's
and option's ``help=``) into the help it formats.  :class:`HelpFormatter`
translates both when it formats them, the English text being the message id
as with gettext: the catalogue's ``help.*`` keys hold each text in English
(``explain/en.help.json``) and in French (``fr.help.json``).  A help ending
in ``(default X)`` is translated without it, then the default is added in
the language's words.  A text the catalogue does not know is printed as it
is (``tests/test_cli_help.py`` checks that none is left).  argparse puts
a colon after a section's heading: the French headings end with a space, so
that it reads « options : ».

The catalogue is read only when a help or a usage line is printed: argparse
makes a formatter for every ``add_argument`` (to check its metavar), so a
formatter costs nothing until it translates.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping
from functools import lru_cache

from swisslearn.words import catalogue, texts_under

__all__ = ["HelpFormatter", "translations"]

_DEFAULT = re.compile(r"^(?P<text>.*) \(default (?P<value>[^()]*)\)$", re.DOTALL)


@lru_cache(maxsize=None)
def translations(lang: str) -> Mapping[str, str]:
    """English help text -> its text in ``lang`` (the catalogue's ``help.*``)."""
    english, words = texts_under("en", "help."), texts_under(lang, "help.")
    return {text: words[key] for key, text in english.items()}


_NUMBER = re.compile(r"-?[0-9]+\.[0-9]+")


def _default(lang: str, value: str) -> str:
    """`` (default: VALUE)`` in ``lang``, a decimal number written as the
    language writes it (0,02 in French)."""
    words = catalogue(lang)
    if _NUMBER.fullmatch(value):
        value = value.replace(".", words.text("fmt.decimal_sep"))
    return words.text("help.default", value=value)


@lru_cache(maxsize=None)
def _width() -> int:
    """The width argparse formats in: the terminal's columns less 2, as
    ``shutil.get_terminal_size()`` gives them ($COLUMNS, else the terminal
    of stdout, else 80).  Read once: argparse makes a formatter for every
    ``add_argument`` and each asked the terminal again (and importing shutil
    for it costs 2 ms of every start-up, issue 36)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter, every text it writes translated into ``lang``;
    a command's description and examples (its epilog) keep their lines."""

    def __init__(self, prog: str, lang: str = "en") -> None:
        super().__init__(prog, width=_width())
        self.lang = lang

    def translate(self, text: str) -> str:
        if self.lang == "en" or not text or text == argparse.SUPPRESS:
            return text
        words = translations(self.lang)
        if text in words:
            return words[text]
        found = _DEFAULT.match(text)
        if found and found["text"] in words:
            return words[found["text"]] + _default(self.lang, found["value"])
        return text

    def add_usage(self, usage: str | None, actions: object, groups: object,
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups,  # type: ignore[arg-type]
                          self.translate("usage: ") if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(self.translate(heading) if heading else heading)

    def add_text(self, text: str | None) -> None:
        super().add_text(self.translate(text) if text else text)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return self.translate(action.help) if action.help else action.help
