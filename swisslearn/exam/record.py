"""Practice that remembers (issue 30, item 4): a trainee's record of each
rule answered right or wrong, in a local JSON file, and what to practise next.

The file is the trainee's own: it is read and written where the user says
(:func:`default_path`, ``~/swisslearn/record.json``, when nothing is said),
and nothing in swisslearn sends it anywhere.  It holds one answer a line, so
a problem in it is told at its line and column::

    {
     "format": "swisslearn-record",
     "version": 1,
     "trainee": "Alice",
     "answers": [
      {"rule": "E3", "right": false, "date": "2026-12-02"},
      {"rule": "E3", "right": true, "date": "2026-12-03"}
     ]
    }

* :func:`read_record`, :func:`write_record`, :func:`record_answer` (read,
  add one answer, write);
* :func:`next_rule` / :func:`next_rules`: the rules most missed lately come
  first, deterministic for a record and a seed;
* :func:`practice`: a drill of the rule most missed that writes each first
  answer to the record (a notebook's widget);
* :func:`progress_table`: a table of the rules by trainee (several records
  side by side: a trainer's room), as HTML in a notebook or as plain text;
  the picture is :func:`swisslearn.viz.progress.progress_figure`.
"""

from __future__ import annotations

import datetime
import html
import json
import os
import random
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swisslearn.errors import InputError
from swisslearn.exam.targets import RULES, rule_words
from swisslearn.explain.catalogue import catalogue

__all__ = ["FORMAT", "RECENT", "VERSION", "Answer", "ProgressTable", "Record", "default_path",
           "next_rule", "next_rules", "practice", "progress_table", "read_record",
           "record_answer", "record_text", "write_record"]

FORMAT = "swisslearn-record"
VERSION = 1
RECENT = 5
"""The answers of a rule that count for :func:`next_rules`: the latest five
(a rule missed long ago and right five times since is mastered)."""


def default_path() -> Path:
    """``~/swisslearn/record.json``: the record when no file is named."""
    return Path.home() / "swisslearn" / "record.json"


@dataclass(frozen=True)
class Answer:
    """One answer: the rule it drilled, right or wrong, the day."""

    rule: str
    right: bool
    date: datetime.date


@dataclass(frozen=True)
class Record:
    """A trainee's answers, oldest first."""

    trainee: str = ""
    answers: tuple[Answer, ...] = field(default=())

    def answered(self, rule: str, right: bool, date: datetime.date | None = None) -> Record:
        """This record with one more answer (dated today unless ``date``)."""
        day = date if date is not None else datetime.date.today()
        return Record(self.trainee, self.answers + (Answer(rule, right, day),))

    def tally(self) -> dict[str, tuple[int, int]]:
        """For each rule answered: (right, asked)."""
        counts: dict[str, tuple[int, int]] = {}
        for answer in self.answers:
            right, asked = counts.get(answer.rule, (0, 0))
            counts[answer.rule] = (right + answer.right, asked + 1)
        return counts

    def missed(self, rule: str) -> float:
        """How often ``rule`` was missed lately: the wrong answers among its
        latest :data:`RECENT`, one right and one wrong counted besides
        (never answered: ½; missed once: ⅔; right once: ⅓)."""
        recent = [a.right for a in self.answers if a.rule == rule][-RECENT:]
        return (recent.count(False) + 1) / (len(recent) + 2)


# ---------------------------------------------------------------------------
# The file


def _problem(path: Path, text: str, position: int, key: str, **fields: object) -> InputError:
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return InputError(file=str(path), line=line, column=column, key=key,
                      fields={"file": str(path), **fields})


def _answer_positions(text: str) -> list[int]:
    """Where each item of ``"answers"`` starts in ``text`` (for the messages)."""
    found = re.search(r'"answers"\s*:\s*\[', text)
    if found is None:
        return []
    decoder = json.JSONDecoder()
    positions: list[int] = []
    index = found.end()
    while True:
        while index < len(text) and text[index] in " \t\r\n,":
            index += 1
        if index >= len(text) or text[index] == "]":
            return positions
        positions.append(index)
        try:
            _, index = decoder.raw_decode(text, index)
        except ValueError:
            return positions


def read_record(path: str | Path) -> Record:
    """The record in ``path``; an empty one (named after the file) if the file
    does not exist yet.  A file that is not a record is an
    :class:`~swisslearn.errors.InputError` at its line and column."""
    path = Path(path)
    if not path.exists():
        return Record(trainee=path.stem)
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _problem(path, text, error.pos, "record.bad_json") from None
    if (not isinstance(data, dict) or data.get("format") != FORMAT
            or data.get("version") != VERSION or not isinstance(data.get("answers"), list)
            or not isinstance(data.get("trainee", ""), str)):
        raise _problem(path, text, 0, "record.not_record", version=VERSION)
    positions = _answer_positions(text)
    answers = []
    for number, item in enumerate(data["answers"]):
        try:
            answers.append(_answer(item))
        except (KeyError, TypeError, ValueError):
            where = positions[number] if number < len(positions) else 0
            raise _problem(path, text, where, "record.bad_answer", number=number + 1) from None
    return Record(trainee=data.get("trainee", "") or path.stem, answers=tuple(answers))


def _answer(item: object) -> Answer:
    if not isinstance(item, dict) or set(item) != {"rule", "right", "date"}:
        raise ValueError(item)
    rule, right, date = item["rule"], item["right"], item["date"]
    if not isinstance(rule, str) or not rule or not isinstance(right, bool) \
            or not isinstance(date, str):
        raise ValueError(item)
    return Answer(rule, right, datetime.date.fromisoformat(date))


def record_text(record: Record) -> str:
    """The file's text: one answer a line, the same record the same bytes."""
    head = json.dumps({"format": FORMAT, "version": VERSION, "trainee": record.trainee},
                      ensure_ascii=False, indent=1)[:-2]
    lines = [json.dumps({"rule": a.rule, "right": a.right, "date": a.date.isoformat()},
                        ensure_ascii=False) for a in record.answers]
    body = ",\n".join("  " + line for line in lines)
    return head + ',\n "answers": [\n' + body + ("\n" if lines else "") + " ]\n}\n"


def write_record(record: Record, path: str | Path) -> None:
    """Write ``record`` to ``path`` (its folder made if needed), whole or not
    at all: a new file replaces the old one only once written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(record_text(record))
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def record_answer(path: str | Path, rule: str, right: bool,
                  date: datetime.date | None = None) -> Record:
    """Read the record in ``path``, add one answer, write it back; the new record."""
    record = read_record(path).answered(rule, right, date)
    write_record(record, path)
    return record


# ---------------------------------------------------------------------------
# What next


def next_rules(record: Record, count: int = 1, seed: int = 0) -> tuple[str, ...]:
    """``count`` rules of :data:`~swisslearn.exam.targets.RULES` to practise
    next, the most missed lately first (:meth:`Record.missed`); rules missed
    alike are ordered by ``seed`` (the same record and seed, the same rules)."""
    order = list(RULES)
    random.Random(f"swisslearn-next:{seed}").shuffle(order)
    tie = {rule: index for index, rule in enumerate(order)}
    ranked = sorted(RULES, key=lambda rule: (-record.missed(rule), tie[rule]))
    return tuple(ranked[:count])


def next_rule(record: Record, seed: int = 0) -> str:
    """The rule to practise next (:func:`next_rules`)."""
    return next_rules(record, 1, seed)[0]


# ---------------------------------------------------------------------------
# The table of a room


@dataclass(frozen=True, repr=False)
class ProgressTable:
    """Rules (rows, in the text's order) by trainee (columns): right out of
    asked.  ``text()`` is the plain form; a notebook shows the HTML one."""

    records: tuple[Record, ...]
    lang: str = "fr"

    @property
    def rules(self) -> tuple[str, ...]:
        asked = {a.rule for r in self.records for a in r.answers}
        known = [rule for rule in RULES if rule in asked]
        return tuple(known + sorted(asked - set(RULES)))

    def _names(self) -> list[str]:
        cat = catalogue(self.lang)
        return [r.trainee or cat.text("record.table.trainee", number=i)
                for i, r in enumerate(self.records, 1)]

    def _cell(self, record: Record, rule: str | None) -> tuple[str, float | None]:
        """« 2/3 » and the share right (None: never asked)."""
        if rule is None:
            right, asked = sum(a.right for a in record.answers), len(record.answers)
        else:
            right, asked = record.tally().get(rule, (0, 0))
        if not asked:
            return catalogue(self.lang).text("record.table.none"), None
        return f"{right}/{asked}", right / asked

    def rows(self) -> list[list[str]]:
        """The header, a row a rule, then the totals."""
        cat = catalogue(self.lang)
        rows = [[cat.text("record.table.rule")] + self._names()]
        for rule in self.rules:
            rows.append([rule_words(rule, self.lang)]
                        + [self._cell(r, rule)[0] for r in self.records])
        rows.append([cat.text("record.table.total")]
                    + [self._cell(r, None)[0] for r in self.records])
        return rows

    def text(self) -> str:
        rows = self.rows()
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                           for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
                 for row in rows]
        return "\n".join([catalogue(self.lang).text("record.table.caption")] + lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:      # a notebook's plain view: the table, not the records
        return self.text()

    def _repr_html_(self) -> str:
        cat = catalogue(self.lang)
        rows = self.rows()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
        body = []
        for rule in [*self.rules, None]:
            label = (rule_words(rule, self.lang) if rule is not None
                     else cat.text("record.table.total"))
            cells = [f"<th style='text-align:left'>{html.escape(label)}</th>"]
            for record in self.records:
                said, share = self._cell(record, rule)
                cells.append(f"<td style='text-align:center;background:{_shade(share)}'>"
                             f"{html.escape(said)}</td>")
            body.append("<tr>" + "".join(cells) + "</tr>")
        caption = html.escape(cat.text("record.table.caption"))
        return (f"<table class='swisslearn-progress'><caption>{caption}</caption>"
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")


def _shade(share: float | None) -> str:
    """Red (all missed) to green (all right); grey: never asked."""
    if share is None:
        return "#eeeeee"
    red, green = (0xf4, 0xa3, 0xa3), (0xb5, 0xe0, 0xad)
    mixed = (round(r + (g - r) * share) for r, g in zip(red, green))
    return "#" + "".join(f"{c:02x}" for c in mixed)


def progress_table(records: Record | Iterable[Record], lang: str = "fr") -> ProgressTable:
    """The table of one record, or of several side by side (a room)."""
    chosen: Sequence[Record] = [records] if isinstance(records, Record) else list(records)
    return ProgressTable(tuple(chosen), lang)


# ---------------------------------------------------------------------------
# A drill that remembers (notebooks)


def practice(path: str | Path | None = None, seed: int = 0, count: int = 3,
             lang: str = "fr", today: datetime.date | None = None) -> Any:
    """A drill (:class:`swisslearn.card.widget.DrillWidget`) of ``count``
    whole rounds for the rule most missed in the record at ``path``
    (:func:`default_path` if None; :func:`next_rule`), each question's first
    answer written to the record as soon as it is checked."""
    from swisslearn.card.widget import DrillWidget
    from swisslearn.drills import rule_drill
    where = Path(path) if path is not None else default_path()
    rule = next_rule(read_record(where), seed)
    questions = rule_drill(rule, seed, count, lang)
    answered: set[int] = set()

    def remember(question: object, right: bool) -> None:
        number = next(i for i, q in enumerate(questions) if q is question)
        if number not in answered:           # the first try counts, not the retries
            answered.add(number)
            record_answer(where, rule, right, today)
    return DrillWidget(questions, lang, on_answer=remember)
