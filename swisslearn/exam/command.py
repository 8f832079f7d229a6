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
import datetime
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:       # imported when a command runs, not when swisslearn --help is built
    from swisslearn.exam.marking import Marks
    from swisslearn.exam.record import Record
    from swisslearn.explain.catalogue import Catalogue

__all__ = ["ANSWER_KEY", "PAPER", "PAPER_TRF", "register"]

PAPER, ANSWER_KEY, PAPER_TRF = "sujet.pdf", "corrige.pdf", "sujet.trf"
# ``--record`` without a file: swisslearn.exam.record.default_path(), named
# here only when a command runs (the record's module is not imported for --help).
HOME_RECORD = "~/swisslearn/record.json"

EXAMPLES = ("examples:\n"
            "  swisslearn exam new -o exam1\n"
            "  swisslearn exam new --level 3 --seed 7 -o exam7 --lang en\n"
            "  swisslearn exam new --rule E3 --seed 2 -o e3\n"
            "  swisslearn exam new --record alice.json -o next   (the rule Alice misses most)\n"
            "  swisslearn exam mark exam1 answers.txt\n"
            "  swisslearn exam mark exam1 answers.txt --json --minutes 55\n"
            "  swisslearn exam mark next answers.txt --record alice.json")
NEW_EXAMPLES = ("examples:\n"
                "  swisslearn exam new -o exam1\n"
                "  swisslearn exam new --level 3 --seed 7 -o exam7 --lang en\n"
                "  swisslearn exam new --rule C12 -o c12 --force\n"
                "  swisslearn exam new --record alice.json --seed 3 -o next   "
                "(the rule Alice misses most)")
MARK_EXAMPLES = ("examples:\n"
                 "  swisslearn exam mark exam1 answers.txt\n"
                 "  swisslearn exam mark exam1 answers.txt --json --minutes 55\n"
                 "  swisslearn exam mark next answers.txt --record alice.json   "
                 "(each rule right or wrong, in Alice's record)")

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
    new.add_argument("--record", metavar="FILE", nargs="?", const=HOME_RECORD,
                     help="draw the round for the rule most missed in the trainee's record FILE "
                          "(written by exam mark --record; --record alone: "
                          "~/swisslearn/record.json); --rule wins over it")
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
    marking.add_argument("--record", metavar="FILE", nargs="?", const=HOME_RECORD,
                         help="write each rule the copy was marked on, right or wrong, to the "
                              "trainee's record FILE (made if missing; --record alone: "
                              "~/swisslearn/record.json)")
    marking.add_argument("--lang", choices=languages, default=default_language,
                         help="language of the marks and explanations (default: fr)")
    marking.set_defaults(run=_mark)


def _new(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.errors import UsageError, usage
    from swisslearn.exam.folder import EXAM_FILE, exam_file_text
    from swisslearn.exam.paper import exam_paper, paper_for_rule
    from swisslearn.exam.pdf import write_answer_key, write_paper
    from swisslearn.explain.catalogue import catalogue
    from swisslearn.fileio import write_bytes_atomically
    folder = Path(args.output)
    if folder.exists() and not folder.is_dir():
        raise usage("exam.cli.not_folder", path=args.output)
    names = (PAPER, ANSWER_KEY, PAPER_TRF)
    there = [name for name in (*names, EXAM_FILE) if (folder / name).exists()]
    if there and not args.force:
        raise usage("exam.cli.exists", path=str(folder / there[0]))
    cat = catalogue(args.lang)
    rule, chosen = args.rule, ""
    if args.record is not None:
        args.record = _record_path(args.record)
        rule, chosen = _rule_from_record(args, cat)
    try:
        paper = paper_for_rule(rule, args.seed) if rule else exam_paper(args.level, args.seed)
    except UsageError:
        raise       # round_for_rule's own words: a rule unknown, or none in its tries
    except ValueError as error:
        if rule:
            raise usage("exam.cli.no_rule_round", rule=rule, seed=args.seed) from error
        raise usage("exam.cli.no_round", level=args.level, seed=args.seed) from error
    folder.mkdir(parents=True, exist_ok=True)
    write_bytes_atomically(folder / PAPER_TRF, paper.trf().encode("utf-8"), replace=True)
    write_paper(paper, folder / PAPER, args.lang)
    write_answer_key(paper, folder / ANSWER_KEY, args.lang)
    # The rule the round was drawn for, for exam mark --record; an exam of a
    # level replacing one of a rule (--force) must not keep the old rule.
    if paper.rule:
        write_bytes_atomically(folder / EXAM_FILE, exam_file_text(paper.rule).encode("utf-8"),
                               replace=True)
    else:
        (folder / EXAM_FILE).unlink(missing_ok=True)
    if chosen:
        stdout.write(chosen + "\n")
    stdout.write(cat.text("exam.cli.written", folder=str(folder),
                          files=cat.text("fmt.list_sep").join(names),
                          players=len(paper.tournament.players), round=paper.round,
                          tries=paper.tries) + "\n")
    return 0


def _rule_from_record(args: argparse.Namespace, cat: Catalogue) -> tuple[str, str]:
    """``exam new --record FILE``: the rule to draw the round for and the
    sentence that says why.  The record is read even when ``--rule`` is given
    (a file that is not a record is told now, not at ``exam mark``), but an
    explicit ``--rule`` wins: the trainer asked for that rule."""
    from swisslearn.exam.record import RECENT, next_rule, read_record
    from swisslearn.exam.targets import rule_name, rule_words
    record = read_record(args.record)
    if args.rule:
        rule = rule_name(args.rule)
        return rule, cat.text("exam.record.rule_wins", rule=rule, file=args.record)
    rule = next_rule(record, args.seed)
    recent = record.recent(rule)
    words = rule_words(rule, cat.lang)
    if not recent:
        return rule, cat.text("exam.record.chosen_new", rule=words, file=args.record)
    key = "exam.record.chosen" if record.asked(rule) <= RECENT else "exam.record.chosen_recent"
    return rule, cat.text(key, rule=words, file=args.record, asked=len(recent),
                          wrong=_count(cat, "exam.record.faults", recent.count(False)))


def _record_path(given: str) -> str:
    """The record ``--record`` names: ``--record`` alone, the trainee's
    default one (``~/swisslearn/record.json``, :func:`default_path`)."""
    from swisslearn.exam.record import default_path
    return str(default_path()) if given == HOME_RECORD else given


def _count(cat: Catalogue, key: str, n: int) -> str:
    """``n`` and its noun, one or many as the language counts (French: 0 and 1 are one)."""
    plural = n > 1 if cat.lang == "fr" else n != 1
    return cat.text(f"{key}.{'many' if plural else 'one'}", n=n)


def _mark(args: argparse.Namespace, stdout: TextIO) -> int:
    from swisslearn.card.rounds import ExerciseRound
    from swisslearn.errors import InputError, usage
    from swisslearn.exam.answers import read_answers
    from swisslearn.exam.marking import mark
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
    # The record and the exam's rule are read before marking: a file that is
    # not a record stops the command before anything is printed or written.
    recording = (_Recording.of(_record_path(args.record), folder) if args.record is not None
                 else None)
    seconds = None if args.minutes is None else args.minutes * 60
    marks = mark(exercise.events, written, args.lang, seconds=seconds)
    answered = recording.write(marks) if recording is not None else None
    if args.json:
        data = marks.to_json()
        data["recorded"] = (None if answered is None else
                            [{"rule": rule, "right": right} for rule, right in answered])
        stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    else:
        stdout.write(marks.text())
        if recording is not None and answered is not None:
            stdout.write(recording.said(answered, args.lang) + "\n")
    return 0


@dataclass(frozen=True)
class _Recording:
    """``exam mark --record FILE``: the record as it was read, where it goes,
    the rule the exam was drawn for (``examen.json``; None for a level)."""

    path: Path
    record: Record
    drawn_for: str | None

    @classmethod
    def of(cls, path: str, folder: Path) -> _Recording:
        from swisslearn.exam.folder import drawn_rule
        from swisslearn.exam.record import read_record
        return cls(Path(path), read_record(path), drawn_rule(folder))

    def write(self, marks: Marks) -> tuple[tuple[str, bool], ...]:
        """Add one answer a rule the copy was marked on (all dated today),
        write the record whole; the answers added."""
        from swisslearn.errors import SystemReason, usage
        from swisslearn.exam.record import rules_answered, write_record
        answered = rules_answered(marks, self.drawn_for)
        if not answered:
            return answered
        today = datetime.date.today()
        record = self.record
        for rule, right in answered:
            record = record.answered(rule, right, today)
        try:
            write_record(record, self.path)
        except OSError as failure:
            raise usage("exam.record.unwritable", file=str(self.path),
                        reason=SystemReason.of(failure)) from None
        return answered

    def said(self, answered: tuple[tuple[str, bool], ...], lang: str) -> str:
        """« 3 réponses inscrites dans la fiche alice.json : E1 juste, E3 manquée, C12 juste. »"""
        from swisslearn.explain.catalogue import catalogue
        cat = catalogue(lang)
        if not answered:
            return cat.text("exam.record.nothing", file=str(self.path))
        each = cat.text("fmt.list_sep").join(
            cat.text("exam.record.right" if right else "exam.record.wrong", rule=rule)
            for rule, right in answered)
        return cat.text("exam.record.recorded", file=str(self.path), answers=each,
                        count=_count(cat, "exam.record.answers", len(answered)))
