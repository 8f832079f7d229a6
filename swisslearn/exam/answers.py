"""Reading a typed answer sheet: one line a board, White first, or the bye;
a rule label after a board is its justification (issue 30, item 2).

Accepted (any case, any dash, with or without commas)::

    3 12            3-12           3–12 C7        1. 3, 12 (E2)
    bye 9           exempt 9       9 exempt       bye 9 : B1b
    # a comment, and blank lines, are passed over

A line that is none of these is refused with its line and column (where
the reading stopped), every such line at once, so a trainee fixes the sheet
in one go.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from swisslearn.errors import InputError
from swisslearn.model import PlayerId

__all__ = ["WrittenLine", "read_answers"]


@dataclass(frozen=True)
class WrittenLine:
    """One line of the sheet: a board (``white``, ``black``) or a bye
    (``bye``), the rule written after it (``rule``, e.g. ``"C10"``), the
    line's number in the sheet (1-based) and its text."""

    line: int
    text: str
    white: PlayerId | None = None
    black: PlayerId | None = None
    bye: PlayerId | None = None
    rule: str | None = None

    @property
    def players(self) -> tuple[PlayerId, ...]:
        if self.bye is not None:
            return (self.bye,)
        assert self.white is not None and self.black is not None
        return (self.white, self.black)


_DASHES = re.compile(r"[–—−‐‑]")
_BOARD_NUMBER = re.compile(r"\s*(?:(?:éch\.?|ech\.?|board)\s*)?\d+\s*[.):]\s+", re.IGNORECASE)
_BYE_WORD = r"(?:bye|exempte?|exempté|exemptée|exempt)"
_BYE_FIRST = re.compile(rf"\s*{_BYE_WORD}\s*[:=]?\s*(\d+)", re.IGNORECASE)
_BYE_AFTER = re.compile(rf"\s*(\d+)\s*[:=]?\s*{_BYE_WORD}\b", re.IGNORECASE)
_BOARD = re.compile(r"\s*(\d+)\s*(?:[-,/;]|\s+(?:contre|vs\.?|v)\s+|\s)\s*(\d+)",
                    re.IGNORECASE)
# The justification: a rule label (C10, B1b, E3, A5, F1...), in brackets or
# after a colon or a dash; nothing else may follow but a closing bracket.
_RULE = re.compile(r"\s*[:;,\-(\[]?\s*([a-f])\s*(\d{1,2})\s*([ab])?\s*[)\]]?\s*\.?\s*$",
                   re.IGNORECASE)


def _rule(match: re.Match[str]) -> str:
    return match.group(1).upper() + match.group(2) + (match.group(3) or "").lower()


def read_answers(text: str, source: str = "<copie>") -> tuple[WrittenLine, ...]:
    """The lines of an answer sheet; :class:`InputError` (``problems``:
    every line it cannot read, with its line and column) otherwise."""
    found: list[WrittenLine] = []
    problems: list[InputError] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = _DASHES.sub("-", raw.split("#", 1)[0]).rstrip()
        if not line.strip():
            continue
        start = 0
        prefix = _BOARD_NUMBER.match(line)
        # « 1. 3 12 »: a board number first, when two players follow it.
        if prefix is not None and _BOARD.match(line, prefix.end()) is not None:
            start = prefix.end()
        item: WrittenLine | None = None
        bye = _BYE_FIRST.match(line, start) or _BYE_AFTER.match(line, start)
        board = None if bye is not None else _BOARD.match(line, start)
        if bye is not None:
            end = bye.end()
            item = WrittenLine(number, raw.strip(), bye=int(bye.group(1)))
        elif board is not None:
            end = board.end()
            white, black = int(board.group(1)), int(board.group(2))
            if white == black:
                problems.append(_problem(source, number, board.start(2) + 1,
                                         "exam.answers.same_player", player=white))
                continue
            item = WrittenLine(number, raw.strip(), white=white, black=black)
        else:
            column = len(line) - len(line[start:].lstrip()) + 1
            problems.append(_problem(source, number, column, "exam.answers.unreadable",
                                     text=raw.strip()))
            continue
        rest = line[end:]
        if rest.strip():
            rule = _RULE.fullmatch(rest)
            if rule is None:
                column = end + len(rest) - len(rest.lstrip()) + 1
                problems.append(_problem(source, number, column, "exam.answers.not_a_rule",
                                         text=rest.strip()))
                continue
            item = WrittenLine(item.line, item.text, item.white, item.black, item.bye,
                               _rule(rule))
        found.append(item)
    if problems:
        first = problems[0]
        raise InputError(file=first.file, line=first.line, column=first.column, key=first.key,
                         fields=first.fields, problems=problems)
    return tuple(found)


def _problem(source: str, line: int, column: int, key: str, **fields: object) -> InputError:
    return InputError(file=source, line=line, column=column, key=key, fields=fields)
