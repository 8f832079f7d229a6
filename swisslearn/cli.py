"""The command line (``../shared/CONTRACT.md``): ``swisslearn COMMAND ...``.

Exit codes (``docs/contract.md``): 0 done; 1 no legal pairing (or
``check`` found differences); 2 bad usage, or the output cannot be written
(a file, or stdout full or closed); 3 invalid input (``file:line:col:
message`` on stderr, one line a problem); 130 interrupted (Ctrl-C).  Every
failure is one line in the language asked, never a traceback.  This module
imports no notebook stack (pandas, matplotlib, ipywidgets).

**Terminal.**  In text mode everything printed goes through
:class:`swisslearn.terminal.SafeStream`: a control character, a C1 code or a
bidirectional override in a name or a path is shown escaped (``\\x1b``),
never obeyed; JSON keeps the exact strings (as ``\\uXXXX``).  What the
terminal's encoding cannot write is replaced (``?``), never a traceback.

**Language.**  Every command takes ``--lang fr|en``, before or after the
command (``swisslearn --lang en pair ...``, the last one given wins): what it prints, its
notes and its error messages (the words are in the catalogue,
``swisslearn/explain/fr.cli.json`` and ``en.cli.json``).  The default is
French, the course's language, for every command alike; the environment
variable ``SWISSLEARN_LANG`` changes it (for scripts; a locale's name such
as ``en_US.UTF-8`` is read for its language).  JSON output is the
same in every language.

**Reading.**  A file is read whole before anything is done: every problem it
has is printed (errors, then warnings; at most
:data:`~swisslearn.errors.MAX_SHOWN` of them, then a count); warnings do not
stop a command unless ``--strict`` is given.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import signal
import sys
from pathlib import Path
from typing import (TYPE_CHECKING, Callable, Iterator, NamedTuple, NoReturn, Sequence, TextIO,
                    TypeVar)

from swisslearn.errors import (MAX_SHOWN, InputError, PairingError, SwisslearnError,
                               SystemReason, usage)
from swisslearn.errors import _text as message_text
from swisslearn.words import catalogue
from swisslearn.terminal import SafeStream, json_text, safe

_T = TypeVar("_T")


def __getattr__(name: str) -> object:
    # recorded_round and colourless_pairs stay names of this module for the
    # notebooks that import them from here; the model they come from is
    # imported on first use (`swisslearn --help` needs none of it).
    if name in ("recorded_round", "colourless_pairs"):
        from swisslearn import model
        return getattr(model, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# What a command needs beyond parsing its line is imported when it runs: the
# readers in read_input, the systems in _choice, the protections in
# _protections, the engine's trace in _round_events, and in each command's
# function the explainers or the writers it uses.  `swisslearn --help` imports none of
# them (tests/test_cli_imports.py pins that): start-up is most of a small
# round's time.
if TYPE_CHECKING:
    from swisslearn import systems
    from swisslearn.acceleration import Applied as Accelerated
    from swisslearn.formats.plainlist import PlainListDocument
    from swisslearn.formats.trf import TrfDocument
    from swisslearn.model import Colour, PlayerState, Tournament
    from swisslearn.protections import Protections
    from swisslearn.systems import System
    from swisslearn.trace import Event, RoundPaired

EXIT_OK, EXIT_NO_PAIRING, EXIT_USAGE, EXIT_INPUT = 0, 1, 2, 3
EXIT_OUTPUT = EXIT_USAGE
"""The output cannot be written (stdout full or closed, ``-o`` refused): the
code of bad usage, as the contract says."""
EXIT_INTERRUPTED = 130
"""Ctrl-C: 128 + SIGINT, as a shell reports a process it interrupted."""

LANGUAGES = ("fr", "en")
LANG_VARIABLE = "SWISSLEARN_LANG"


def default_language() -> str:
    """``$SWISSLEARN_LANG`` if it names a language of the catalogue, else
    French; a locale's name is read for its language (``en_US.UTF-8``,
    ``fr-CH``, ``en@euro``: en, fr, en)."""
    wanted = re.split(r"[_.@-]", os.environ.get(LANG_VARIABLE, "").strip().lower(), 1)[0]
    return wanted if wanted in LANGUAGES else "fr"


def _say(lang: str, key: str, **fields: object) -> str:
    return message_text(lang, key, fields)


class _Parser(argparse.ArgumentParser):
    """argparse with its usage errors and its help said in the language asked
    (usage errors exit 2)."""

    lang = "fr"

    def _get_formatter(self) -> argparse.HelpFormatter:
        # --help and the usage line in the language asked (swisslearn.clihelp).
        from swisslearn.clihelp import HelpFormatter
        return HelpFormatter(prog=self.prog, lang=self.lang)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        text = _argparse_message(message, self.lang)
        self.exit(EXIT_USAGE, _say(self.lang, "cli.usage_error", prog=self.prog, message=text)
                  + "\n")


# argparse's own messages (Python 3.11-3.13), and the catalogue key of each.
_ARGPARSE = (
    (re.compile(r"the following arguments are required: (?P<what>.+)"), "cli.arg.required"),
    (re.compile(r"unrecognized arguments: (?P<what>.+)"), "cli.arg.unrecognized"),
    (re.compile(r"argument (?P<arg>\S+): invalid choice: (?P<value>.+?) \(choose from "
                r"(?P<choices>.+)\)"), "cli.arg.choice"),
    (re.compile(r"argument (?P<arg>\S+): invalid (?P<type>int|float) value: (?P<value>.+)"),
     "cli.arg.number"),
    (re.compile(r"argument (?P<arg>\S+): expected one argument"), "cli.arg.one"),
)


def _argparse_message(message: str, lang: str) -> str:
    for pattern, key in _ARGPARSE:
        found = pattern.fullmatch(message)
        if found:
            return _say(lang, key, **found.groupdict())
    return message


def ascii_number(text: str) -> int:
    """An integer argument written in ASCII digits (``--round 6``, ``tables 43``):
    ``int()`` would also read ``٦`` or ``６``, which no file of ours holds and
    the readers refuse, so the command line refuses them too."""
    digits = text[1:] if text[:1] == "-" else text
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(text)
    return int(text)


ascii_number.__name__ = "int"  # argparse names the type in its message: "invalid int value"


FILE_HELP = "the tournament: a TRF file (.trf, .trfx), or a plain list (.txt)"

# Each command's examples, shown at the end of its --help (the English text is
# the catalogue's message id, as for every help: clihelp).
EXAMPLES = {
    "convert": "examples:\n"
               "  swisslearn convert data/club-12-joueurs.trf -o club.txt\n"
               "  swisslearn convert club.txt -o club.trf --force",
    "show": "examples:\n"
            "  swisslearn show data/club-12-joueurs.trf\n"
            "  swisslearn show data/club-12-joueurs.trf --round 3\n"
            "  swisslearn show data/club-12-joueurs.trf --json",
    "pair": "examples:\n"
            "  swisslearn pair data/club-12-joueurs.trf --round 5\n"
            "  swisslearn pair data/club-12-joueurs.trf --round 5 --explain\n"
            "  swisslearn pair FILE -o FILE-paired.trf   (pair the next round, write it)",
    "trace": "examples:\n"
             "  swisslearn trace data/club-12-joueurs.trf --round 2\n"
             "  swisslearn trace data/club-12-joueurs.trf --round 2 --jsonl",
    "why": "examples:\n"
           "  swisslearn why data/club-12-joueurs.trf 1 7   (players 1 and 7, last round)\n"
           "  swisslearn why data/club-12-joueurs.trf 1 7 --round 3",
    "check": "examples:\n"
             "  swisslearn check data/club-12-joueurs.trf\n"
             "  swisslearn check data/club-12-joueurs.trf --system dutch-2017 --json\n"
             "  swisslearn check saison/ --jobs 2 --csv saison.csv   (every file of a folder)\n"
             "  swisslearn check saison/ --executor dask --scheduler tcp://10.0.0.5:8786",
    "tables": "examples:\n"
              "  swisslearn tables 8\n"
              "  swisslearn tables 6 --all-sizes",
    "generate": "examples:\n"
                "  swisslearn generate --players 20 --rounds 7 --seed 1 -o tournoi.trf\n"
                "  swisslearn generate --players 100 --rounds 9 --seed 2 --system dutch-2017 "
                "-o grand.trf",
    "publish": "examples:\n"
               "  swisslearn publish data/chysteme-36-joueurs.trf --round 1 -o ronde1\n"
               "  swisslearn publish data/chysteme-36-joueurs.trf --round 1 -o ronde1 --force "
               "--sheet --url https://club.example/ronde1/\n"
               "  swisslearn publish data/chysteme-36-joueurs.trf --round 1 -o ronde1 "
               "--system dutch-2026 --acceleration baku",
}

MAIN_EXAMPLES = ("examples:\n"
                 "  swisslearn show data/club-12-joueurs.trf\n"
                 "  swisslearn pair data/club-12-joueurs.trf --round 5 --explain\n"
                 "  swisslearn --lang en pair --help\n"
                 "each command's --help gives its own examples")

# The arguments a command registers without a help of its own (generate's).
ARGUMENT_HELP = {
    "players": "how many players",
    "rounds": "how many rounds",
    "seed": "the random seed: the same seed gives the same tournament",
    "output": "the file to write",
    "rating_min": "the lowest rating drawn",
    "rating_max": "the highest rating drawn",
}


# The commands the command line declares: each name, its one-line help (what
# `swisslearn --help` lists) and the function that adds its arguments.  Only
# the command being run gets its arguments (and the commands of other modules
# their module imported): building every parser, and importing generate,
# publish, cours and exam to build theirs, was a third of `swisslearn --help`
# (issue 36).  tests/test_cli_help.py checks that each help here is the one
# the command's own module gives.
COMMAND_HELP = {
    "convert": "TRF <-> plain list by OUT's extension (.txt: plain list; .trf/.trfx: TRF)",
    "show": "standings and each player's state before a round",
    "pair": "pair a round",
    "trace": "every event of a round's pairing",
    "why": "why two players were paired, or why not",
    "check": "re-pair every round and compare",
    "tables": "D1 and D2 orders for a bracket of N players",
    "generate": "a random, fully played tournament, each round paired by the engine",
    "publish": "write a round's pages for the hall (a static site), and the pairing sheet "
               "with QR codes",
    "cours": "copy the course's notebooks into a folder and open them in JupyterLab",
    "exam": "an exam on paper: the pairing cards of a round to pair, its answer key, and the "
            "marking of a typed answer sheet",
}

ALL_COMMANDS = "*"
"""``build_parser(command=ALL_COMMANDS)``: every command with its arguments."""


def build_parser(lang: str | None = None,
                 command: str | None = ALL_COMMANDS) -> argparse.ArgumentParser:
    """The command line's parser.  ``command``: the one command whose
    arguments are declared (:func:`command_in` reads it from a command line;
    None: none, as for ``swisslearn --help``), the others only named with
    their help; by default every command is complete."""
    # argparse itself exits 2 on bad usage, as the contract wants.
    _Parser.lang = lang or default_language()
    parser = _Parser(prog="swisslearn",
                     description="Teach and explain Swiss-system pairings (FIDE Dutch system).",
                     epilog=MAIN_EXAMPLES)
    parser.add_argument("--version", action="version", version=_version())
    # --lang before the command too (swisslearn --lang en pair ...): main reads it.
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help=f"language of what is printed (default: fr, or ${LANG_VARIABLE})")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, help in COMMAND_HELP.items():
        if command == ALL_COMMANDS or command == name:
            _DECLARE[name](commands)
        else:  # named only: it is never the one that parses (command_in)
            commands.add_parser(name, help=help, add_help=False)
    _describe(commands)
    return parser


# (language, command, the environment's language: the default of the --lang
# some commands declare) -> the parser :func:`main` parses with.
_PARSERS: dict[tuple[str, str | None, str], argparse.ArgumentParser] = {}


def _parser_for(lang: str, command: str | None) -> argparse.ArgumentParser:
    """:func:`build_parser`'s parser, built once a process for each language
    and command: :func:`main` run again in one process (the desk, the tests)
    parses with it again; parsing keeps no state in a parser, and what
    speaks reads the language from its class (set here, as build_parser
    does).  A parser built anew is 1 ms, half of it argparse asking gettext
    for its words, file by file."""
    key = (lang, command, default_language())
    parser = _PARSERS.get(key)
    if parser is None:
        parser = _PARSERS[key] = build_parser(lang, command)
    _Parser.lang = lang
    return parser


def command_in(argv: Sequence[str]) -> str | None:
    """The command a command line runs (its first word that is not an
    option of ``swisslearn`` itself), or None (``swisslearn --help``, a
    mistyped command: argparse says what is wrong)."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word == "--lang":
            skip = True  # its value
        elif not word.startswith("-"):
            return word if word in COMMAND_HELP else None
    return None


def _declare_convert(commands: argparse._SubParsersAction[_Parser]) -> None:
    convert = commands.add_parser("convert", help=COMMAND_HELP["convert"])
    convert.add_argument("file", metavar="FILE", help=FILE_HELP)
    convert.add_argument("-o", "--output", required=True, metavar="OUT",
                         help="the file to write (.txt: plain list; .trf/.trfx: TRF)")
    convert.add_argument("--force", action="store_true",
                         help="replace OUT if it exists (a regular file only)")
    _reading_options(convert)
    convert.set_defaults(run=_convert)


def _declare_show(commands: argparse._SubParsersAction[_Parser]) -> None:
    show = commands.add_parser("show", help=COMMAND_HELP["show"])
    show.add_argument("file", metavar="FILE", help=FILE_HELP)
    show.add_argument("--round", type=ascii_number, metavar="N",
                      help="the round about to be paired (default: the next one)")
    show.add_argument("--json", action="store_true", help="print JSON")
    show.add_argument("--system", metavar="S", help="the system whose choice to show "
                      "(default: the file's)")
    _reading_options(show)
    show.set_defaults(run=_show)


def _declare_pair(commands: argparse._SubParsersAction[_Parser]) -> None:
    pair = commands.add_parser("pair", help=COMMAND_HELP["pair"])
    _common(pair)
    pair.add_argument("--json", action="store_true",
                      help="print the pairing as JSON (boards, byes, the system chosen)")
    pair.add_argument("--explain", action="store_true",
                      help="print each step of the procedure, explained")
    pair.add_argument("-o", "--output", metavar="OUT",
                      help="also write FILE with the round paired in it (TRF: each board's "
                           "round blocks with no result yet, the byes, the protections "
                           "frozen with the round), never over FILE")
    pair.add_argument("--force", action="store_true",
                      help="replace OUT if it exists (a regular file only)")
    pair.set_defaults(run=_pair)


def _declare_trace(commands: argparse._SubParsersAction[_Parser]) -> None:
    trace = commands.add_parser("trace", help=COMMAND_HELP["trace"])
    _common(trace)
    trace.add_argument("--jsonl", action="store_true", help="one JSON object per line")
    trace.set_defaults(run=_trace)


def _declare_why(commands: argparse._SubParsersAction[_Parser]) -> None:
    why = commands.add_parser("why", help=COMMAND_HELP["why"])
    _common(why, round_help="the round (default: the last one paired)")
    why.add_argument("a", type=ascii_number, metavar="A",
                     help="a player's pairing number (the file's 001 number)")
    why.add_argument("b", type=ascii_number, metavar="B", help="the other player's")
    why.set_defaults(run=_why)


def _declare_check(commands: argparse._SubParsersAction[_Parser]) -> None:
    check = commands.add_parser("check", help=COMMAND_HELP["check"])
    check.add_argument("files", metavar="FILE", nargs="+",
                       help="one tournament (a TRF file or a plain list), or several, or "
                            "folders: their .trf and .txt files, sub-folders included")
    check.add_argument("--system", metavar="S", help="the system to re-pair with "
                       "(default: the file's)")
    check.add_argument("--json", action="store_true", help="print JSON")
    _batch_options(check)
    _reading_options(check)
    _acceleration_option(check)
    _protection_options(check)
    check.set_defaults(run=_check)


def _declare_tables(commands: argparse._SubParsersAction[_Parser]) -> None:
    tables = commands.add_parser("tables", help=COMMAND_HELP["tables"])
    tables.add_argument("n", type=ascii_number, metavar="N",
                        help="the number of players in the bracket")
    tables.add_argument("--json", action="store_true", help="print JSON")
    tables.add_argument("--all-sizes", action="store_true",
                        help="list exchanges of every size, not only one and two players")
    _lang_option(tables)
    tables.set_defaults(run=_tables)


def _declare_generate(commands: argparse._SubParsersAction[_Parser]) -> None:
    from swisslearn.generate import register
    register(commands, LANGUAGES, default_language())


def _declare_publish(commands: argparse._SubParsersAction[_Parser]) -> None:
    from swisslearn.publish import register  # the hall's pages (argparse only)
    register(commands, LANGUAGES, default_language())


def _declare_course(commands: argparse._SubParsersAction[_Parser]) -> None:
    from swisslearn.course import register
    register(commands, LANGUAGES, default_language())


def _declare_exam(commands: argparse._SubParsersAction[_Parser]) -> None:
    from swisslearn.exam.command import register  # issue 30: the exam on paper
    register(commands, LANGUAGES, default_language())


_DECLARE: dict[str, Callable[[argparse._SubParsersAction[_Parser]], None]] = {
    "convert": _declare_convert, "show": _declare_show, "pair": _declare_pair,
    "trace": _declare_trace, "why": _declare_why, "check": _declare_check,
    "tables": _declare_tables, "generate": _declare_generate, "publish": _declare_publish,
    "cours": _declare_course, "exam": _declare_exam,
}


def _describe(commands: argparse._SubParsersAction[_Parser]) -> None:
    """Every command's examples and every argument's help, also for the
    commands registered by other modules (generate)."""
    for name, command in commands.choices.items():
        if command.epilog is None and name in EXAMPLES:
            command.epilog = EXAMPLES[name]
        for action in command._actions:
            if action.help is None and action.dest in ARGUMENT_HELP:
                action.help = ARGUMENT_HELP[action.dest]
            if action.type is int:  # generate --players ٣ is refused like --round ٦
                action.type = ascii_number


def _batch_options(command: argparse.ArgumentParser) -> None:
    """``check``'s options for many files at once (issue 36, swisslearn.batch)."""
    command.add_argument("--jobs", type=ascii_number, metavar="N",
                         help="check N files at once, one worker process each "
                              "(default: the machine's cores)")
    command.add_argument("--csv", metavar="OUT",
                         help="also write one line per file to OUT (CSV): status, rounds, "
                              "first round that differs, reason of a refusal")
    command.add_argument("--executor", choices=["local", "dask"], default="local",
                         help="local: worker processes on this machine; dask: the workers of "
                              "an existing Dask cluster (--scheduler; pip install "
                              "'swisslearn[cluster]')")
    command.add_argument("--scheduler", metavar="ADDRESS",
                         help="the Dask scheduler's address, e.g. tcp://10.0.0.5:8786 "
                              "(with --executor dask)")


def _lang_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--lang", choices=LANGUAGES, default=default_language(),
                         help=f"language of what is printed (default: fr, or ${LANG_VARIABLE})")


def _reading_options(command: argparse.ArgumentParser) -> None:
    """``--lang`` and ``--strict``: every command that reads a file has them."""
    _lang_option(command)
    command.add_argument("--strict", action="store_true",
                         help="refuse a file with warnings too (points or ranks that disagree "
                              "with the results, unknown records...)")


def _common(command: argparse.ArgumentParser,
            round_help: str = "the round to pair (default: the first with no pairing)") -> None:
    command.add_argument("file", metavar="FILE", help=FILE_HELP)
    command.add_argument("--system", metavar="S",
                         help="dutch-1998, dutch-2017, dutch-2026, team-2026, "
                              "team-2026-sharly, simple (default: the file's, "
                              "which show tells)")
    command.add_argument("--round", type=ascii_number, metavar="N", help=round_help)
    _reading_options(command)
    _acceleration_option(command)
    command.add_argument("--literal", action="store_true",
                         help="dutch-1998: try every transposition and exchange one by one "
                              "(the course's literal reading; small brackets only, same pairing)")
    _protection_options(command)


def _acceleration_option(command: argparse.ArgumentParser) -> None:
    """``--acceleration baku`` (CONTRACT; issue 32)."""
    command.add_argument("--acceleration", metavar="METHOD", choices=["baku", "none"],
                         help="baku: the Baku acceleration (C.04.5.1) computed, for dutch-2017 "
                              "and dutch-2026; none: no virtual points (default: the file's "
                              "XXA/250 records, or its 192 …_BAKU code)")


def _accelerated(args: argparse.Namespace, tournament: Tournament,
                 system: System) -> Accelerated | None:
    """The virtual points the round is paired with (None: none at all),
    with the notes on stderr: the reference engine's own GA size where a
    ``_BAKU`` code meets it, an acceleration a team system does not apply."""
    from swisslearn.acceleration import prepare
    applied, notes = prepare(tournament, getattr(args, "acceleration", None), system.name)
    for note in notes:
        _note(args, note.key, **dict(note.fields))
    return applied


def _acceleration_line(applied: Accelerated | None, lang: str) -> str | None:
    """The line under the system's: which virtual points, computed or read."""
    if applied is None:
        return None
    from swisslearn.explain.acceleration import summary
    return summary(applied, catalogue(lang))


def _protection_options(command: argparse.ArgumentParser) -> None:
    """Seed 002's protections (CONTRACT): ``--avoid`` and ``--group``, repeatable."""
    command.add_argument("--avoid", action="append", default=[], metavar="ATTRIBUTE:CONSTRAINT",
                         help="one group per value of a player attribute (federation, club...); "
                              "CONSTRAINT: strict, soft-bottom, soft-avoid (or none)")
    command.add_argument("--group", action="append", default=[],
                         metavar="NAME:ID,ID,...:CONSTRAINT", help="a manual protection group")


def _unprotected(args: argparse.Namespace, document: object) -> bool:
    """Nothing to protect: no ``--avoid``/``--group``, no ``XS?`` record, not
    a team file.  The protections' trace is then the engine's own, and
    their modules (readers, groups, standings) need not be imported: a
    small round's start-up is mostly imports."""
    from swisslearn.model import Tournament
    lines = getattr(document, "lines", ())
    return (not args.avoid and not args.group
            and type(getattr(document, "tournament", None)) is Tournament
            and not any(line[:2] == "XS" for line in lines))


def _protections(args: argparse.Namespace, document: object,
                 round: int | None = None, *, lazy: bool = False) -> Protections | None:
    """The file's protections (its XS? records) with the command line's; a
    note on stderr when ``round`` was paired with groups the file froze.
    ``lazy``: None when there is nothing to protect (:func:`_unprotected`)."""
    if lazy and _unprotected(args, document):
        return None
    from swisslearn.protections import Protections, parse_avoid
    protections = Protections.from_document(document).with_options(args.avoid, args.group)
    if args.avoid:  # an attribute no player has would protect nobody, silently
        from swisslearn.formats.protections import known_attributes
        known = known_attributes(document.tournament)  # type: ignore[attr-defined]
        for text in args.avoid:
            attribute = parse_avoid(text).attribute
            if attribute not in known:
                raise usage("protect.avoid_unknown", text=text, attribute=attribute,
                            known=", ".join(known))
    if round is not None and (args.avoid or args.group) and protections.frozen_round(round):
        _note(args, "cli.note.frozen", round=round)
    return protections


def _note(args: argparse.Namespace, key: str, **fields: object) -> None:
    print(_say(args.lang, "cli.note", text=_say(args.lang, key, **fields)), file=sys.stderr)


def _round_events(args: argparse.Namespace, tournament: Tournament, round: int,
                  system: System, protections: Protections | None) -> Iterator[Event]:
    """The events of the round's pairing (``protections`` None: nothing to
    protect, the engine's trace); with ``--literal``, dutch-1998's literal
    mode (every candidate one by one)."""
    if not getattr(args, "literal", False):
        if protections is None:
            return system.trace(tournament, round)
        from swisslearn.protections import trace as protected_trace
        return protected_trace(tournament, round, system=system, protections=protections)
    if system.name != "dutch-1998":
        raise usage("dutch1998.literal.system", system=system.name)
    if protections is not None and protections.active:
        raise usage("dutch1998.literal.protections")
    from swisslearn.dutch1998.procedure import trace as trace_1998
    return trace_1998(tournament, round, literal=True)


def _with_acceleration(events: Iterator[Event], accelerated: Accelerated | None,
                       round: int) -> Iterator[Event]:
    """The events, with the accelerated round's start (C.04.5.1) after the
    round's own."""
    if accelerated is None:
        return events
    from swisslearn.acceleration import with_round_start
    return with_round_start(events, accelerated, round)


def _version() -> str:
    from swisslearn import __version__
    return f"swisslearn {__version__}"


def _language_in(argv: Sequence[str]) -> str | None:
    """The ``--lang`` of a command line, before or after the command (the
    last one given wins), read before argparse so that its own errors are
    said in that language."""
    found = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGUAGES:
            found = argv[i + 1]
        elif word.startswith("--lang=") and word[7:] in LANGUAGES:
            found = word[7:]
    return found


class OutputError(SwisslearnError):
    """Standard output cannot be written (full, closed, an I/O error)."""

    def __init__(self, reason: SystemReason) -> None:
        super().__init__(str(reason))
        self.key = "cli.output.stdout"
        self.fields = {"reason": reason}


class _Closed:
    """Standard output when the command was started with it closed (``>&-``):
    Python then has no ``sys.stdout``; a command that prints fails as on a
    closed file, one that only writes ``-o`` works."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    def flush(self) -> None:
        pass


class _Output(SafeStream):
    """What a command prints: escaped for a terminal (:func:`terminal.safe`),
    and a failure to write said as an :class:`OutputError` (exit 2).  A pipe
    closed by its reader (``| head``) is not a failure: BrokenPipeError
    goes through (exit 0)."""

    def write(self, text: str) -> int:
        return self._guarded(lambda: super(_Output, self).write(text))

    def write_exact(self, text: str) -> int:
        """Write ``text`` as it is (JSON, already safe: :func:`terminal.json_text`)."""
        return self._guarded(lambda: self.raw.write(text))

    def flush(self) -> None:
        self._guarded(self.raw.flush)

    @staticmethod
    def _guarded(action: Callable[[], _T]) -> _T:
        try:
            return action()
        except BrokenPipeError:
            raise
        except OSError as failure:
            raise OutputError(SystemReason.of(failure)) from None


def _write_json(stdout: TextIO, data: object, *, ensure_ascii: bool = True) -> None:
    """``data`` as one line of JSON, its strings exact (escaped as JSON, not
    for the terminal)."""
    text = json_text(data, ensure_ascii=ensure_ascii) + "\n"
    write = getattr(stdout, "write_exact", stdout.write)
    write(text)


def _replacing(stream: TextIO | None) -> None:
    """What the stream's encoding cannot write (a Windows code page,
    ``PYTHONIOENCODING=ascii``) is written ``?``, never a traceback."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and getattr(stream, "errors", "") == "strict":
        try:
            reconfigure(errors="replace")
        except (ValueError, OSError):  # a stream already in use: keep it
            pass


def _silence_stdout() -> None:
    """After stdout failed: point it at the null device, so that the
    interpreter's last flush at exit cannot fail again (and print a
    traceback-like "Exception ignored" with exit 120)."""
    stream = sys.stdout
    try:
        if stream is None or sys.__stdout__ is None or stream is not sys.__stdout__:
            return  # a test's capture, or closed from the start: nothing pending
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.__stdout__.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass


def _error_line(lang: str, key: str, **fields: object) -> None:
    """One line on stderr, if stderr can still be written at all."""
    try:
        print(safe(_say(lang, "cli.prefix", text=_say(lang, key, **fields))), file=sys.stderr)
    except (OSError, ValueError, AttributeError):
        pass


def entry() -> NoReturn:
    """The ``swisslearn`` command (and ``python -m swisslearn``): :func:`main`,
    then the process ends with its code.  After Ctrl-C it ends by
    ``os._exit(130)``: CPython remembers a KeyboardInterrupt raised inside
    code run by ``exec``/``eval`` (dataclasses and namedtuples make their
    methods so) even when :func:`main` has caught it, and would then end the
    process by SIGINT itself (a parent saw -2 about one run in two) instead of
    the contract's 130."""
    signal.signal(signal.SIGINT, _remember_interrupt)
    code = main()
    if code == EXIT_INTERRUPTED:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
        os._exit(code)
    sys.exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _language_in(argv) or default_language()
    _replacing(sys.stdout)
    _replacing(sys.stderr)
    stdout = _Output(sys.stdout if sys.stdout is not None else _Closed())  # type: ignore[arg-type]
    try:
        return _run(argv, lang, stdout)
    except KeyboardInterrupt:
        _error_line(lang, "cli.interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader of a pipe is gone (| head): not a failure
        _silence_stdout()
        return EXIT_OK
    except OutputError as error:
        _silence_stdout()
        _error_line(lang, "cli.output.stdout", reason=error.fields["reason"])
        return EXIT_OUTPUT
    except OSError as error:  # an output file the writers could not name the problem of
        if error.filename is not None:  # which one: exam new -o, publish -o write several
            _error_line(lang, "cli.output.other_path", path=os.fsdecode(error.filename),
                        reason=SystemReason.of(error))
        else:
            _error_line(lang, "cli.output.other", reason=SystemReason.of(error))
        return EXIT_OUTPUT
    except MemoryError:
        _error_line(lang, "cli.memory")
        return EXIT_INPUT
    except Exception as error:
        # Ctrl-C that reached a C extension's import (scipy's HiGHS ends its
        # module initialisation with "ImportError: initialization failed")
        # arrives as another exception: still the user's Ctrl-C, still 130.
        if not (_INTERRUPTED or _interrupted_by(error)):
            raise
        _error_line(lang, "cli.interrupted")
        return EXIT_INTERRUPTED


# Set by :func:`_remember_interrupt` when the running command got SIGINT,
# whatever exception then unwinds it.
_INTERRUPTED: list[bool] = []


def _remember_interrupt(signum: int, frame: object) -> None:
    _INTERRUPTED.append(True)
    raise KeyboardInterrupt


def _interrupted_by(error: BaseException) -> bool:
    """Whether a KeyboardInterrupt is anywhere in the chain of ``error``."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _run(argv: list[str], lang: str, stdout: _Output) -> int:
    # Whatever is printed while the command runs (argparse's --help, a note
    # of another module) goes through the safe streams too.
    real_stdout, real_stderr = sys.stdout, sys.stderr
    sys.stdout = stdout
    # stderr closed from the start (2>&-): messages have nowhere to go, the
    # exit code still says what happened.
    sys.stderr = errors = SafeStream(real_stderr if real_stderr is not None
                                     else open(os.devnull, "w", encoding="utf-8"))
    try:
        return _command(argv, lang, stdout, errors)  # type: ignore[arg-type]
    finally:
        sys.stdout, sys.stderr = real_stdout, real_stderr


def _command(argv: list[str], lang: str, stdout: _Output, errors: TextIO) -> int:
    parser = _parser_for(lang, command_in(argv))
    args = parser.parse_args(argv)
    args.lang = lang
    try:
        code = int(args.run(args, stdout))
        stdout.flush()  # a full disk (/dev/full) is told here, not at exit
        return code
    except InputError as error:
        report_problems(error, lang, errors)
        return EXIT_INPUT
    except PairingError as error:
        print(_say(lang, "cli.prefix", text=error.render(lang)), file=errors)
        return EXIT_NO_PAIRING
    except OutputError:
        raise
    except SwisslearnError as error:  # UsageError, and any other on purpose
        print(_say(lang, "cli.prefix", text=error.render(lang)), file=errors)
        return EXIT_USAGE


def report_problems(error: InputError, lang: str, stream: TextIO) -> None:
    """Every problem of a refused file, one ``file:line:col: message`` line
    each (errors first, then warnings), at most ``MAX_SHOWN``, then a count."""
    problems = sorted(error.problems, key=lambda p: (p.warning, p.line, p.column))
    for problem in problems[:MAX_SHOWN]:
        stream.write(problem.line_text(lang) + "\n")
    errors = sum(1 for p in problems if not p.warning)
    warnings = len(problems) - errors
    hidden = len(problems) - min(len(problems), MAX_SHOWN) + error.omitted
    if len(problems) + error.omitted > 1:
        stream.write(_say(lang, "cli.problems", file=error.file, errors=errors,
                          warnings=warnings, omitted=error.omitted)
                     + (_say(lang, "cli.problems_hidden", hidden=hidden) if hidden else "")
                     + "\n")


def _print_warnings(document: TrfDocument | PlainListDocument, lang: str) -> None:
    warnings: tuple[InputError, ...] = getattr(document, "warnings", ())
    for warning in warnings[:MAX_SHOWN]:
        print(warning.line_text(lang), file=sys.stderr)
    if len(warnings) > MAX_SHOWN:
        print(_say(lang, "cli.warnings_hidden", hidden=len(warnings) - MAX_SHOWN,
                   file=warnings[0].file), file=sys.stderr)


def read_input(path: str, *, strict: bool = False) -> TrfDocument | PlainListDocument:
    """Read FILE as the contract says: a plain list (seed 003) if it ends in
    ``.txt`` without a TRF header, else a TRF (``strict``: refused if the
    reader has any warning)."""
    from swisslearn.formats.reading import read_file  # the desk reads through it too
    return read_file(path, strict=strict)


def _read(args: argparse.Namespace) -> TrfDocument | PlainListDocument:
    """FILE read, its warnings printed on stderr.  Its protection records
    (``XS?``) are read too, whatever the command: the same file gets the same
    verdict from ``show``, ``pair`` and ``check`` (a malformed record, a
    player or an attribute the tournament does not have: exit 3)."""
    document = read_input(args.file, strict=getattr(args, "strict", False))
    _print_warnings(document, args.lang)
    if any(line[:2] == "XS" for line in getattr(document, "lines", ())):
        from swisslearn.protections import Protections
        Protections.from_document(document)
    return document


def _output_path(path: str, source: str, force: bool) -> Path:
    """``-o OUT`` checked before any work: not FILE itself, not a folder (nor
    a name ending in ``/``), not an existing file without ``--force``, a name
    the system can resolve (no symbolic-link loop, no name too long)."""
    from swisslearn.fileio import check_output_name, exists_error
    check_output_name(path)
    out = Path(path)
    try:
        if out.resolve() == Path(source).resolve() or _same_file(out, Path(source)):
            raise usage("write.over_input", path=path)
        if out.is_dir():
            raise usage("write.is_folder_out", path=path)
        exists = out.exists()
    except (OSError, RuntimeError) as failure:  # RuntimeError: a link loop (Python < 3.13)
        raise usage("write.cannot", path=path, reason=SystemReason.of(failure)) from None
    if exists and not force:
        raise exists_error(path)
    return out


def _same_file(a: Path, b: Path) -> bool:
    """Two names of one file (a hard link, another path to it)?"""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _convert(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.formats.plainlist import converted
    document = _read(args)
    out = _output_path(args.output, args.file, args.force)
    converted(document, out).write(out, replace=args.force)  # .txt: plain list; .trf: TRF
    return EXIT_OK


def _round_for(tournament: Tournament, requested: int | None) -> int:
    return tournament.round_to_pair(requested)


def _state_json(state: PlayerState) -> dict[str, object]:
    return {
        "id": state.id, "name": state.name, "rating": state.rating,
        "score": float(state.score),
        "colours": "".join("-" if c is None else c.letter for c in state.colour_history),
        "colour_difference": state.colour_difference,
        "preference": {"strength": state.preference.strength.name.lower(),
                       "colour": state.preference.colour.value if state.preference.colour else None},
        "floats": [f.value if f else None for f in state.floats],
        "opponents": list(state.opponents), "had_bye": state.had_bye,
        "unplayed_point": state.unplayed_point, "available": state.available,
        "withdrawn": state.withdrawn,
    }


def _letter(lang: str, colour: Colour | None) -> str:
    """A colour's letter in ``lang`` (fr B/N, en W/B), ``-`` for none."""
    from swisslearn.model import Colour
    if colour is None:
        return "-"
    return _say(lang, "fmt.letter.white" if colour is Colour.WHITE else "fmt.letter.black")


def _preference(lang: str, state: PlayerState) -> str:
    preference = state.preference
    if preference.colour is None:
        return "-"
    from swisslearn.model import PreferenceStrength
    marks = {PreferenceStrength.ABSOLUTE: "!!", PreferenceStrength.STRONG: "!"}
    return _letter(lang, preference.colour) + marks.get(preference.strength, "")


def _file_facts(document: TrfDocument | PlainListDocument, lang: str) -> list[str]:
    """What ``show`` says about the file itself: format and encoding, where
    the first colour comes from, the records kept without being used."""
    from swisslearn.formats.trf import TrfDocument
    from swisslearn.model import Colour
    if not isinstance(document, TrfDocument):
        return [_say(lang, "cli.show.plain_list")]
    encoding = _say(lang, f"cli.encoding.{document.encoding}")
    facts = [_say(lang, "cli.show.file", version=document.version, encoding=encoding)]
    tournament = document.tournament
    colour = tournament.initial_colour or Colour.WHITE
    origin = document.first_colour
    where = (_say(lang, "cli.show.colour_round", round=origin.split()[-1])
             if origin.startswith("round") else origin or _say(lang, "cli.show.colour_default"))
    facts.append(_say(lang, "cli.show.first_colour",
                      colour=_say(lang, f"fmt.colour.{'white' if colour is Colour.WHITE else 'black'}"),
                      origin=where))
    if document.kept_verbatim:
        facts.append(_say(lang, "cli.show.kept", codes=", ".join(document.kept_verbatim)))
    return facts


def _show(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.explain.editions import choice_line
    from swisslearn.formats.trf import TrfDocument
    from swisslearn.model import Colour
    document = _read(args)
    tournament = document.tournament
    lang = args.lang
    finished = (args.round is None and tournament.rounds is not None
                and tournament.next_round() > tournament.rounds)
    # A finished tournament: the state after its last round (the standings).
    round = tournament.rounds + 1 if finished and tournament.rounds else _round_for(
        tournament, args.round)
    states = sorted(tournament.states(round), key=lambda s: (-s.score, tournament.pairing_number(s.id)))
    choice = _choice(args, tournament)
    if args.json:
        data: dict[str, object] = {"round": round, "players": [_state_json(s) for s in states],
                                   "system_choice": choice_json(choice, args.lang)}
        if isinstance(document, TrfDocument):
            data["encoding"] = document.encoding
            data["first_colour"] = {
                "colour": (tournament.initial_colour or Colour.WHITE).value,
                "from": document.first_colour or "default"}
            data["warnings"] = len(document.warnings)
        _write_json(stdout, data, ensure_ascii=False)
        return EXIT_OK
    title = tournament.name or tournament.source
    stdout.write(_say(lang, "cli.show.after_last" if finished else "cli.show.title",
                      title=title, round=round - 1 if finished else round) + "\n")
    for fact in _file_facts(document, lang):
        stdout.write(f"  {fact}\n")
    head = {name: _say(lang, f"cli.show.col.{name}") for name in
            ("rank", "id", "name", "rating", "points", "colours", "diff", "pref", "floats")}
    stdout.write(f"{head['rank']:>3} {head['id']:>4}  {head['name']:<28} {head['rating']:>6} "
                 f"{head['points']:>5}  {head['colours']:<14} {head['diff']:>4} "
                 f"{head['pref']:<5} {head['floats']}\n")
    decimal = _say(lang, "fmt.decimal_sep")
    for rank, s in enumerate(states, 1):
        floats = "".join(f.arrow if f else "." for f in s.floats)
        notes = []
        if s.had_bye:
            notes.append("had_bye")
        if s.unplayed_point and not s.had_bye:
            notes.append("unplayed_point")
        if s.withdrawn:
            notes.append("withdrawn")
        elif not s.available:
            notes.append("absent")
        if s.last_round_exception:
            notes.append("last_round")
        said = ", ".join(_say(lang, f"cli.show.note.{note}") for note in notes)
        colours = "".join(_letter(lang, c) for c in s.colour_history)
        score = str(s.score).replace(".", decimal)  # 2.5 as the language writes it (2,5)
        stdout.write(f"{rank:>3} {s.id:>4}  {s.name[:28]:<28} {s.rating:>6} {score:>5}  "
                     f"{colours:<14} {s.colour_difference:>+4d} {_preference(lang, s):<5} "
                     f"{floats:<8} {said}".rstrip() + "\n")
    stdout.write(choice_line(choice, lang) + "\n")
    return EXIT_OK


def _choice(args: argparse.Namespace, tournament: Tournament) -> systems.Choice:
    """The system (``--system``, else the file's: systems.choose), with the
    notes on stderr: a 192 code not used, a tournament older than 2017, a
    system that ignores the file's forbidden pairs."""
    from swisslearn import systems
    from swisslearn.explain.editions import older_warning
    name = args.system
    choice = systems.choose_available(name, tournament)
    if name is None and tournament.system and choice.source != "code":
        _note(args, "cli.note.system", source=tournament.source, code=tournament.system,
              system=choice.name)
    warning = older_warning(choice, args.lang)
    if warning:
        print(_say(args.lang, "cli.prefix", text=f"{tournament.source}: {warning}"),
              file=sys.stderr)
    if not choice.system.file_interdictions and tournament.forbidden:
        _note(args, "cli.note.simple_forbidden")
    return choice


def _system(args: argparse.Namespace, tournament: Tournament) -> System:
    return _choice(args, tournament).system


def choice_json(choice: systems.Choice, lang: str) -> dict[str, object]:
    """The ``system_choice`` object of ``pair``, ``check`` and ``show --json``."""
    from swisslearn.explain.editions import choice_reason
    return {"system": choice.name, "source": choice.source, "detail": choice.detail,
            "older": choice.older, "reason": choice_reason(choice, lang)}


def _names(tournament: Tournament) -> dict[int, str]:
    return {p.id: p.name for p in tournament.players}


def pair_json(result: RoundPaired) -> dict[str, object]:
    """The CONTRACT's ``pair --json`` object."""
    return {"system": result.system, "round": result.round,
            "boards": [{"board": b.board, "white": b.white, "black": b.black}
                       for b in result.boards],
            "byes": list(result.byes), "released": list(result.released)}


def _pair(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.explain.editions import choice_line
    from swisslearn.trace import RoundPaired
    if TYPE_CHECKING:
        from swisslearn.protections import ProtectionsApplied
    document = _read(args)
    tournament = document.tournament
    lang = args.lang
    round = _round_for(tournament, args.round)
    choice = _choice(args, tournament)
    system = choice.system
    accelerated = _accelerated(args, tournament, system)
    tournament = accelerated.tournament if accelerated is not None else tournament
    protections = _protections(args, document, round, lazy=args.output is None)
    out = None if args.output is None else _output_path(args.output, args.file, args.force)
    result: RoundPaired | None = None
    applied: ProtectionsApplied | None = None
    for event in _with_acceleration(_round_events(args, tournament, round, system, protections),
                                    accelerated, round):
        if args.explain and not args.json:
            from swisslearn.explain import explain
            stdout.write(explain(event, lang) + "\n")
        if event.kind == "protections_applied":  # ProtectionsApplied (only with protections)
            applied = event  # type: ignore[assignment]
        if isinstance(event, RoundPaired):
            result = event
    assert result is not None
    from swisslearn.lastround import last_round_rules_may_matter
    if last_round_rules_may_matter(tournament, round, system.name):
        _note(args, "real.pair_not_last", round=round)
    if out is not None:
        from swisslearn.formats.paired import with_paired_round
        assert protections is not None  # not lazy with --output
        written = with_paired_round(document, result, protections=protections,
                                    applied=applied)
        if accelerated is not None and accelerated.baku is not None:
            # The virtual points used, so that any program re-pairs the same way.
            from swisslearn.acceleration import with_records
            written = with_records(written, accelerated.baku)
        written.write(out, replace=args.force)
    if args.json:
        _write_json(stdout, pair_json(result) | {"system_choice": choice_json(choice, lang)})
        return EXIT_OK
    names = _names(tournament)
    stdout.write(_say(lang, "cli.pair.heading", title=tournament.name or tournament.source,
                      round=round, system=system.name) + "\n")
    stdout.write(choice_line(choice, lang) + "\n")
    said = _acceleration_line(accelerated, lang)
    if said:
        stdout.write(said + "\n")
    head = {name: _say(lang, f"cli.pair.col.{name}") for name in ("board", "white", "black")}
    stdout.write(f"{head['board']:>4}  {head['white']:<35}     {head['black']}\n")
    for board in result.boards:
        stdout.write(f"{board.board:>4}  {board.white:>4} {names[board.white][:30]:<30}  -  "
                     f"{board.black:>4} {names[board.black][:30]}\n")
    bye = _say(lang, "cli.pair.bye")
    for pid in result.byes:
        stdout.write(f"{bye:>5}  {pid:>4} {names[pid]}\n")
    if result.released:
        stdout.write(_say(lang, "cli.pair.released",
                          players=", ".join(str(p) for p in result.released)) + "\n")
    return EXIT_OK


def _trace(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.explain import explain
    from swisslearn.trace import event_to_json
    document = _read(args)
    tournament = document.tournament
    round = _round_for(tournament, args.round)
    system = _system(args, tournament)
    accelerated = _accelerated(args, tournament, system)
    tournament = accelerated.tournament if accelerated is not None else tournament
    for event in _with_acceleration(_round_events(args, tournament, round, system,
                                                  _protections(args, document, round,
                                                               lazy=True)),
                                    accelerated, round):
        if args.jsonl:
            _write_json(stdout, event_to_json(event), ensure_ascii=False)
        else:
            stdout.write(explain(event, args.lang) + "\n")
    return EXIT_OK


def _why_round(tournament: Tournament, requested: int | None) -> int:
    """``why``'s round: the one asked, else the last round paired in the file
    (the question is about a pairing made), else the first."""
    if requested is None:
        return max(tournament.rounds_paired, 1)
    return tournament.round_to_pair(requested)


def _why(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.explain import why
    from swisslearn.explain.editions import choice_line
    document = _read(args)
    tournament = document.tournament
    round = _why_round(tournament, args.round)
    for pid in (args.a, args.b):
        if pid not in tournament:
            raise usage("cli.no_player", source=tournament.source, player=pid)
    choice = _choice(args, tournament)
    accelerated = _accelerated(args, tournament, choice.system)
    tournament = accelerated.tournament if accelerated is not None else tournament
    events = list(_with_acceleration(_round_events(args, tournament, round, choice.system,
                                                   _protections(args, document, round)),
                                     accelerated, round))
    stdout.write(choice_line(choice, args.lang) + "\n")
    said = _acceleration_line(accelerated, args.lang)
    if said:
        stdout.write(said + "\n")
    stdout.write(why(events, args.a, args.b, args.lang) + "\n")
    if accelerated is not None:
        _why_virtual(args, events, stdout)
    if round <= tournament.rounds_paired:
        _why_note(args, tournament, round, events)
    return EXIT_OK


def _why_virtual(args: argparse.Namespace, events: Sequence[object], stdout: TextIO) -> None:
    """The pairing scores of A and B with their virtual points (C.04.5.1):
    « 1 : 2 points (1 réel + 1 virtuel) »."""
    from swisslearn.explain.acceleration import why_scores
    for line in why_scores(events, (args.a, args.b), catalogue(args.lang)):
        stdout.write(line + "\n")


def _why_note(args: argparse.Namespace, tournament: Tournament, round: int,
              events: Sequence[object]) -> None:
    """If the file records another pairing for A or B than the engine makes, say so."""
    from swisslearn.model import recorded_round
    from swisslearn.trace import RoundPaired
    paired = events[-1]
    if not isinstance(paired, RoundPaired):
        return
    recorded_pairs, recorded_byes = recorded_round(tournament, round)
    engine_pairs = set(paired.pairs())
    for pid in (args.a, args.b):
        mine = {pair for pair in recorded_pairs if pid in pair}
        theirs = {pair for pair in engine_pairs if pid in pair}
        if mine != theirs or ((pid in recorded_byes) != (pid in paired.byes)):
            said = ", ".join(f"{w}-{b}" for w, b in sorted(mine)) or (
                _say(args.lang, "cli.pair.bye") if pid in recorded_byes else "-")
            _note(args, "cli.note.why_differs", round=round, player=pid, recorded=said)


Difference = tuple[str, dict[str, object]]
"""A difference ``check`` found: a catalogue key and its fields."""


def _round_differences(tournament: Tournament, system: System, round: int,
                       protections: Protections | None) -> list[Difference]:
    from swisslearn.model import colourless_pairs, recorded_round
    from swisslearn.protections import pair as protected_pair
    expected_pairs, expected_byes = recorded_round(tournament, round)
    try:
        if protections is not None and protections.active:
            result = protected_pair(tournament, round, system=system, protections=protections)
        else:
            result = system.pair(tournament, round)
    except PairingError as error:
        return [("cli.check.no_pairing", {"error": error})]
    differences: list[Difference] = []
    got_pairs = frozenset(result.pairs())
    got_byes = frozenset(result.byes)
    # A forfeit written without colours (w/b) has no White: it matches either way round.
    colourless = colourless_pairs(tournament, round)
    got_unordered = {frozenset(pair) for pair in got_pairs}
    for white, black in sorted(expected_pairs - got_pairs):
        differences.append(("cli.check.recorded", {"white": white, "black": black}))
    for a, b in sorted(colourless):
        if frozenset((a, b)) not in got_unordered:
            differences.append(("cli.check.recorded", {"white": a, "black": b}))
    for white, black in sorted(got_pairs - expected_pairs):
        if frozenset((white, black)) not in {frozenset(pair) for pair in colourless}:
            differences.append(("cli.check.engine", {"white": white, "black": black}))
    if got_byes != expected_byes:
        differences.append(("cli.check.bye", {"recorded": sorted(expected_byes),
                                              "engine": sorted(got_byes)}))
    frozen = protections.frozen_round(round) if protections is not None else None
    if (frozen is not None and frozen.threshold is not None
            and set(frozen.released) != set(result.released)):
        differences.append(("cli.check.released", {"recorded": sorted(frozen.released),
                                                   "engine": sorted(result.released)}))
    return differences


def _difference_text(difference: Difference, lang: str) -> str:
    key, fields = difference
    error = fields.get("error")
    if isinstance(error, SwisslearnError):
        fields = {**fields, "error": error.render(lang)}
    return _say(lang, key, **fields)


def _check_report(tournament: Tournament, system: System, protections: Protections | None,
                  lang: str) -> list[dict[str, object]]:
    report = []
    for round in range(1, tournament.rounds_paired + 1):
        differences = [_difference_text(d, lang)
                       for d in _round_differences(tournament, system, round, protections)]
        report.append({"round": round, "identical": not differences,
                       "differences": differences})
    return report


def check_rounds(tournament: Tournament, system: System,
                 protections: Protections | None = None) -> list[dict[str, object]]:
    """Re-pair each recorded round from the rounds before it and compare
    (with ``protections``: each round with its frozen groups, if any); the
    differences in English, as ``check --json`` gives them."""
    return _check_report(tournament, system, protections, "en")


class CheckOutcome(NamedTuple):
    """What ``check`` found on one file, its words in one language: printed
    by :func:`_check`, gathered file by file by ``swisslearn.batch``."""

    choice: systems.Choice
    assumed_rounds: int | None
    accelerated: Accelerated | None
    report: list[dict[str, object]]
    warnings: list[str]
    hints: list[str]
    followed: dict[str, int]
    #: Each hint with the round it is said under (:func:`_check_hints`).
    placed: tuple[tuple[int, str], ...] = ()

    @property
    def code(self) -> int:
        """0 every round identical, 1 some differ (the contract's exit)."""
        return EXIT_OK if all(row["identical"] for row in self.report) else EXIT_NO_PAIRING


def check_outcome(args: argparse.Namespace, lang: str) -> CheckOutcome:
    """Re-pair every round of ``args.file`` and compare; the differences,
    warnings and hints said in ``lang`` (English for JSON); notes on stderr."""
    from swisslearn.lastround import with_last_shown_round
    document = _read(args)
    # No XXR/142: the last round shown is the last one, as the reference engine reads it.
    assumed = with_last_shown_round(document.tournament)
    tournament = assumed.tournament
    choice = _choice(args, tournament)
    system = choice.system
    accelerated = _accelerated(args, tournament, system)
    tournament = accelerated.tournament if accelerated is not None else tournament
    protections = _protections(args, document)
    report = _check_report(tournament, system, protections, lang)
    from swisslearn.teamcheck import check_file  # team files: both readings of C.04.6
    warnings = check_file(document, system.name, report, protections, lang=lang)
    for warning in warnings:
        print(_say(args.lang, "cli.prefix", text=_say(args.lang, "cli.warning_prefix")
                   + warning), file=sys.stderr)
    placed = _check_hints(tournament, report, lang, getattr(document, "warnings", ()))
    hints = [text for _, text in placed]
    if protections is None or not protections.active:
        _explain_differences(tournament, system, report, lang)
    followed = _systems_followed(args, choice, tournament, report, protections)
    return CheckOutcome(choice, assumed.rounds, accelerated, report, warnings, hints, followed,
                        tuple(placed))


def check_json(outcome: CheckOutcome, lang: str) -> dict[str, object]:
    """The contract's ``check --json`` object."""
    return {"rounds": outcome.report,
            **({"warnings": outcome.warnings} if outcome.warnings else {}),
            **({"hints": outcome.hints} if outcome.hints else {}),
            **({"systems_followed": outcome.followed} if outcome.followed else {}),
            **({"rounds_assumed": outcome.assumed_rounds} if outcome.assumed_rounds else {}),
            "system_choice": choice_json(outcome.choice, lang)}


def write_check_text(stdout: TextIO, outcome: CheckOutcome, lang: str) -> None:
    """``check``'s text: the system, then each round and its differences."""
    from swisslearn.explain.editions import choice_line
    stdout.write(choice_line(outcome.choice, lang) + "\n")
    if outcome.assumed_rounds:
        stdout.write(_say(lang, "real.rounds_assumed", rounds=outcome.assumed_rounds) + "\n")
    said = _acceleration_line(outcome.accelerated, lang)
    if said:
        stdout.write(said + "\n")
    if outcome.followed:
        stdout.write(_followed_line(outcome.followed, outcome.choice.name, len(outcome.report),
                                    lang) + "\n")
    for row in outcome.report:
        status = "identical" if row["identical"] else "different"
        stdout.write(_say(lang, f"cli.check.{status}", round=row["round"]) + "\n")
        for difference in row["differences"]:  # type: ignore[attr-defined]
            stdout.write(f"    {difference}\n")
        if row.get("explanation"):
            stdout.write(f"    {row['explanation']}\n")
        stdout.write("".join(f"    {text}\n" for at, text in outcome.placed
                             if at == row["round"]))


def _check(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.batch import is_batch, run_batch
    if is_batch(args):  # several files, a folder, --jobs, --csv or --executor (issue 36)
        return run_batch(args, stdout)
    args.file = args.files[0]
    # JSON is the same in every language (scripts read it); the text is said in --lang.
    outcome = check_outcome(args, "en" if args.json else args.lang)
    if args.json:
        _write_json(stdout, check_json(outcome, args.lang))
    else:
        write_check_text(stdout, outcome, args.lang)
    return outcome.code


INDIVIDUAL_EDITIONS = ("dutch-2017", "dutch-2026", "dutch-1998")
"""The individual systems ``check`` tries on a file that names none."""


def _systems_followed(args: argparse.Namespace, choice: systems.Choice, tournament: Tournament,
                      report: list[dict[str, object]], protections: Protections | None
                      ) -> dict[str, int]:
    """When nothing in an individual file names its rules (``--system`` not
    given, no 192, 092 or date that decides), the rounds each individual
    system re-pairs as the file has them (issue 32): which rules it follows."""
    teams: tuple[object, ...] = getattr(tournament, "teams", ())
    if args.system is not None or choice.source != "default" or not report or teams:
        return {}
    from swisslearn import systems as registry
    followed = {choice.name: sum(1 for row in report if row["identical"])}
    for name in INDIVIDUAL_EDITIONS:
        if name not in followed and registry.SYSTEMS[name].available:
            rows = _check_report(tournament, registry.SYSTEMS[name], protections, "en")
            followed[name] = sum(1 for row in rows if row["identical"])
    return dict(sorted(followed.items(), key=lambda item: (-item[1], item[0])))


def _followed_line(followed: dict[str, int], used: str, rounds: int, lang: str) -> str:
    """« Le fichier ne nomme pas ses règles : il suit dutch-2017 sur 9 rondes sur 9… »."""
    best, most = next(iter(followed.items()))
    parts = _say(lang, "real.followed.sep").join(
        _say(lang, "real.followed.one", system=name, count=count, rounds=rounds)
        for name, count in followed.items())
    key = "real.followed.other" if most > followed[used] else "real.followed.same"
    return _say(lang, key, parts=parts, best=best, used=used)


def _explain_differences(tournament: Tournament, system: System,
                         report: list[dict[str, object]], lang: str) -> None:
    """For each round that differs, the first board the engine makes and the
    file does not, with the rule that decides it in the engine's trace
    (``why``) and what the file has instead (issue 32): ``explanation``."""
    from swisslearn.model import colourless_pairs, recorded_round
    from swisslearn.explain import why
    from swisslearn.trace import RoundPaired
    for row in report:
        if row["identical"]:
            continue
        round = int(row["round"])  # type: ignore[call-overload]
        try:
            events = list(system.trace(tournament, round))
        except SwisslearnError:
            continue  # the difference already says the round cannot be paired
        paired = events[-1]
        if not isinstance(paired, RoundPaired):
            continue
        recorded_pairs, recorded_byes = recorded_round(tournament, round)
        recorded = {frozenset(pair): pair for pair in recorded_pairs}
        recorded.update({frozenset(pair): pair for pair in colourless_pairs(tournament, round)})
        for board in paired.boards:
            if frozenset((board.white, board.black)) in recorded:
                continue
            mine = [pair for key, pair in recorded.items() if board.white in key]
            has = (f"{mine[0][0]}–{mine[0][1]}" if mine else
                   _say(lang, "cli.pair.bye") if board.white in recorded_byes else "-")
            row["explanation"] = _say(lang, "real.check.first_board", white=board.white,
                                      black=board.black, player=board.white, file=has,
                                      why=why(events, board.white, board.black, lang))
            break


def _check_hints(tournament: Tournament, report: list[dict[str, object]], lang: str,
                 warnings: Sequence[object] = ()) -> list[tuple[int, str]]:
    """What in the file may explain why a round differs (issue 32), each
    with the round it is said under: numbers that are not pairing numbers
    (round 1), a player absent but paired or paired but said absent."""
    from swisslearn.checkhints import absence_hints, numbering_hint
    found = []
    for row in report:
        if row["identical"]:
            continue
        round = int(row["round"])  # type: ignore[call-overload]
        hint = numbering_hint(tournament) if round == 1 else None
        found += [(round, h) for h in ([hint] if hint else [])
                  + absence_hints(tournament, round, warnings)]
    return [(round, _say(lang, h.key, **dict(h.fields))) for round, h in found]


def _tables(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.dutch1998.tables import exchange_count, format_tables, tables
    if not 0 <= args.n <= MAX_BRACKET:
        raise usage("cli.tables.negative" if args.n < 0 else "cli.tables.too_large", n=args.n,
                    most=MAX_BRACKET)
    size = None if args.all_sizes else 2
    count = exchange_count(args.n, max_exchange_size=size)
    if count > MAX_LISTED_EXCHANGES:
        low, high = 0, args.n  # the largest bracket within the limit (the count grows with n)
        while low < high:
            middle = (low + high + 1) // 2
            if exchange_count(middle, max_exchange_size=size) <= MAX_LISTED_EXCHANGES:
                low = middle
            else:
                high = middle - 1
        largest = low
        words = catalogue(args.lang)  # the count as the language writes numbers
        raise usage("cli.tables.too_many" if size else "cli.tables.too_many_all", n=args.n,
                    count=words.number(count) if count < 10 ** 15 else
                    f"~10^{len(str(count)) - 1}", limit=words.number(MAX_LISTED_EXCHANGES),
                    largest=largest)
    if args.json:
        _write_json(stdout, tables(args.n, max_exchange_size=size))
    else:
        text = format_tables(args.n, max_exchange_size=size, lang=args.lang)
        stdout.write(text if text.endswith("\n") else text + "\n")
    return EXIT_OK


MAX_BRACKET = 9999
"""No bracket has more players than a TRF can number."""

MAX_LISTED_EXCHANGES = 50_000
"""``tables N`` lists at most this many exchanges (about 2 s here): a bracket
of 43 players (48,972 one- and two-player exchanges); above, it refuses."""


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
