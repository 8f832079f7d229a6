"""An exam sat on screen: the paper, a clock, the copy handed in, the marks
(issue 30, item 1; notebook 12).

:class:`ExamSitting` shows the paper (the standings and the pairing cards,
``_repr_html_``), starts the clock, and marks the copy handed in
(:meth:`hand_in`: the same text as ``swisslearn exam mark`` reads, one board
a line) line by line with the time taken.  Nothing is told before the copy is
handed in: an exam.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable

from swisslearn.exam.answers import read_answers
from swisslearn.exam.marking import Marks, mark
from swisslearn.exam.paper import ExamPaper, exam_paper
from swisslearn.explain.catalogue import catalogue

__all__ = ["ExamSitting"]


class ExamSitting:
    """``paper`` to be paired in ``minutes``; :meth:`hand_in` marks the copy
    (a copy handed in after the time is still marked, and says it is late)."""

    def __init__(self, paper: ExamPaper, minutes: float = 60, lang: str = "fr",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.paper = paper
        self.minutes = minutes
        self.lang = lang
        self.clock = clock
        self.started = clock()
        self.marks: Marks | None = None

    @classmethod
    def new(cls, level: int = 2, seed: int = 0, minutes: float = 60, lang: str = "fr",
            clock: Callable[[], float] = time.monotonic) -> ExamSitting:
        """A sitting of :func:`swisslearn.exam.paper.exam_paper` (level, seed)."""
        return cls(exam_paper(level, seed), minutes, lang, clock)

    def elapsed(self) -> float:
        return self.clock() - self.started

    def remaining(self) -> float:
        """Seconds left (0 once the time is over)."""
        return max(0.0, self.minutes * 60 - self.elapsed())

    def hand_in(self, copy: str) -> Marks:
        """Mark ``copy`` (one board a line, White first, the bye, a rule
        after a board as its justification) with the time taken; an
        unreadable line raises :class:`~swisslearn.errors.InputError`."""
        written = read_answers(copy, source=catalogue(self.lang).text("exam.copy"))
        self.marks = mark(self.paper.events, written, self.lang, seconds=self.elapsed())
        return self.marks

    def __repr__(self) -> str:
        return self.paper.title(self.lang)

    def _repr_html_(self) -> str:
        cat = catalogue(self.lang)
        sheet = self.paper.sheet(self.lang)
        return (f"<h4>{html.escape(self.paper.title(self.lang))}</h4>"
                f"<p>{html.escape(cat.text('exam.sitting.time', minutes=cat.number(int(self.minutes))))}</p>"
                + self.paper.standings().html(self.lang) + sheet._repr_html_())
