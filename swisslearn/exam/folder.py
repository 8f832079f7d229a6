"""What an exam's folder holds beside its papers: the rule its round was
drawn for (issue 30, item 4).

``swisslearn exam new --rule R`` (or ``--record FILE``, which picks R)
writes ``DIR/examen.json``::

    {"format": "swisslearn-exam", "version": 1, "rule": "E3"}

so that ``swisslearn exam mark DIR ANSWERS --record FILE`` knows which rule
the copy answers even where no line of the round names it (a refusal on
B2a, the last-round note: :func:`swisslearn.exam.record.rules_answered`).
An exam of a level has no rule and no such file; a folder made before the
file existed is marked as an exam of a level.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from swisslearn.errors import InputError
from swisslearn.exam.targets import RULES
from swisslearn.fileio import read_input_bytes

__all__ = ["EXAM_FILE", "FORMAT", "VERSION", "drawn_rule", "exam_file_text"]

EXAM_FILE = "examen.json"
FORMAT, VERSION = "swisslearn-exam", 1


def exam_file_text(rule: str) -> str:
    """The text of :data:`EXAM_FILE` for a round drawn for ``rule``."""
    return json.dumps({"format": FORMAT, "version": VERSION, "rule": rule},
                      ensure_ascii=False) + "\n"


def drawn_rule(folder: str | Path) -> str | None:
    """The rule the exam in ``folder`` was drawn for; None for an exam of a
    level (no :data:`EXAM_FILE`).  A file that does not say a rule of
    :data:`~swisslearn.exam.targets.RULES` is an
    :class:`~swisslearn.errors.InputError` at its line and column."""
    path = Path(folder) / EXAM_FILE
    if not path.is_file():
        return None
    text = read_input_bytes(path, InputError).decode("utf-8", errors="replace")

    def problem(position: int) -> InputError:
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        return InputError(file=str(path), line=line, column=column, key="exam.folder.bad_file",
                          fields={"file": str(path), "rules": ", ".join(RULES)})
    try:
        content = json.loads(text)
    except json.JSONDecodeError as error:
        raise problem(error.pos) from None
    except RecursionError:
        raise problem(0) from None
    rule = content.get("rule") if isinstance(content, dict) else None
    if (not isinstance(content, dict) or content.get("format") != FORMAT
            or content.get("version") != VERSION or not isinstance(rule, str)
            or rule not in RULES):
        found = re.search(r'"rule"\s*:\s*', text)
        raise problem(found.end() if found else 0)
    return rule
