"""``swisslearn exam new`` and ``swisslearn exam mark``: the exam on paper
(issue 30, item 2; ``docs/exam.md``).

``new`` writes ``DIR/sujet.pdf`` (the standings and the pairing cards),
``DIR/corrige.pdf`` (the expected round, the rules and the trace's reasons)
and ``DIR/sujet.trf`` (the tournament before the round, which ``mark``
pairs again: the folder is all it needs).  ``mark`` reads a typed answer
sheet and prints the marks, or their JSON (``--json``).

This module only registers the commands and imports the exam's modules
when one runs (``swisslearn --help`` stays quick).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

__all__ = ["ANSWER_KEY", "PAPER", "PAPER_TRF", "register"]

PAPER, ANSWER_KEY, PAPER_TRF = "sujet.pdf", "corrige.pdf", "sujet.trf"

EXAMPLES = ("examples:\n"
            "  swisslearn exam new -o exam1\n"
            "  swisslearn exam new --level 3 --seed 7 -o exam7 --lang en\n"
            "  swisslearn exam new --rule E3 --seed 2 -o e3\n"
            "  swisslearn exam mark exam1 answers.txt\n"
            "  swisslearn exam mark exam1 answers.txt --json --minutes 55")
NEW_EXAMPLES = ("examples:\n"
                "  swisslearn exam new -o exam1\n"
                "  swisslearn exam new --level 3 --seed 7 -o exam7 --lang en\n"
                "  swisslearn exam new --rule C12 -o c12 --force")
MARK_EXAMPLES = ("examples:\n"
                 "  swisslearn exam mark exam1 answers.txt\n"
                 "  swisslearn exam mark exam1 answers.txt --json --minutes 55")


def register(commands: argparse._SubParsersAction[Any], languages: Sequence[str],
             default_language: str) -> None:
    """Add ``exam`` (``new``, ``mark``) to the sub-commands of ``swisslearn``."""
    parser = commands.add_parser(
        "exam", help="an exam on paper: the pairing cards of a round to pair, its answer key, "
                     "and the marking of a typed answer sheet", epilog=EXAMPLES)
    actions = parser.add_subparsers(dest="exam_action", metavar="ACTION", required=True,
                                    help="new: write an exam; mark: mark an answer sheet")
    new = actions.add_parser("new", help="write sujet.pdf, corrige.pdf and sujet.trf",
                             epilog=NEW_EXAMPLES)
    new.add_argument("--level", type=int, choices=(1, 2, 3), default=2,
                     help="1 homogeneous brackets only, 2 floaters, 3 the relaxations C9-C14 "
                          "(default 2)")
    new.add_argument("--seed", type=int, default=0, metavar="N",
                     help="another seed gives another exam, the same seed the same one "
                          "(default 0)")
    new.add_argument("--rule", metavar="R",
                     help="draw a round that rule R decides (E3, C12, B2a...) instead of a level")
    new.add_argument("-o", "--output", required=True, metavar="DIR",
                     help="the folder to write the exam in (made if missing)")
    new.add_argument("--force", action="store_true",
                     help="replace an exam already in DIR")
    new.add_argument("--lang", choices=languages, default=default_language,
                     help="language of the exam's papers and of what is printed (default: fr)")
    new.set_defaults(run=_new)
    marking = actions.add_parser("mark", help="mark a typed answer sheet, line by line, "
                                              "out of 20", epilog=MARK_EXAMPLES)
    marking.add_argument("folder", metavar="DIR", help="the exam's folder (made by exam new)")
    marking.add_argument("answers", metavar="ANSWERS",
                         help="the answer sheet: a text file, one board a line, White first "
                              "(3 12), the bye (bye 9), a rule after a board as its "
                              "justification (3 12 C7)")
    marking.add_argument("--json", action="store_true",
                         help="print the marks as JSON (total, out_of, one entry a line)")
    marking.add_argument("--minutes", type=float, metavar="M",
                         help="the time the trainee took, printed with the marks")
    marking.add_argument("--lang", choices=languages, default=default_language,
                         help="language of the marks and explanations (default: fr)")
    marking.set_defaults(run=_mark)


def _new(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.errors import UsageError, usage
    from swisslearn.exam.paper import exam_paper, paper_for_rule
    from swisslearn.exam.pdf import write_answer_key, write_paper
    from swisslearn.explain.catalogue import catalogue
    from swisslearn.fileio import write_bytes_atomically
    folder = Path(args.output)
    if folder.exists() and not folder.is_dir():
        raise usage("exam.cli.not_folder", path=args.output)
    names = (PAPER, ANSWER_KEY, PAPER_TRF)
    there = [name for name in names if (folder / name).exists()]
    if there and not args.force:
        raise usage("exam.cli.exists", path=str(folder / there[0]))
    try:
        paper = (paper_for_rule(args.rule, args.seed) if args.rule
                 else exam_paper(args.level, args.seed))
    except UsageError:
        raise       # round_for_rule's own words: a rule unknown, or none in its tries
    except ValueError as error:
        if args.rule:
            raise usage("exam.cli.no_rule_round", rule=args.rule, seed=args.seed) from error
        raise usage("exam.cli.no_round", level=args.level, seed=args.seed) from error
    folder.mkdir(parents=True, exist_ok=True)
    write_bytes_atomically(folder / PAPER_TRF, paper.trf().encode("utf-8"), replace=True)
    write_paper(paper, folder / PAPER, args.lang)
    write_answer_key(paper, folder / ANSWER_KEY, args.lang)
    cat = catalogue(args.lang)
    stdout.write(cat.text("exam.cli.written", folder=str(folder),
                          files=cat.text("fmt.list_sep").join(names),
                          players=len(paper.tournament.players), round=paper.round,
                          tries=paper.tries) + "\n")
    return 0


def _mark(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.card.rounds import ExerciseRound
    from swisslearn.errors import usage
    from swisslearn.exam.answers import read_answers
    from swisslearn.exam.marking import mark
    from swisslearn.errors import InputError
    from swisslearn.fileio import read_input_bytes
    from swisslearn.formats.text import decode_text
    from swisslearn.formats.trf import read_trf
    folder = Path(args.folder)
    if not (folder / PAPER_TRF).is_file():
        raise usage("exam.cli.no_exam", path=str(folder), file=PAPER_TRF)
    tournament = read_trf(folder / PAPER_TRF).tournament
    exercise = ExerciseRound.of(tournament, tournament.next_round())
    text, _ = decode_text(read_input_bytes(args.answers, InputError), str(args.answers),
                          InputError)
    written = read_answers(text, source=str(args.answers))
    seconds = None if args.minutes is None else args.minutes * 60
    marks = mark(exercise.events, written, args.lang, seconds=seconds)
    if args.json:
        stdout.write(json.dumps(marks.to_json(), ensure_ascii=False, indent=1) + "\n")
    else:
        stdout.write(marks.text())
    return 0
