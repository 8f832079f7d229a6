"""The exam sat in a notebook (ipywidgets): the paper, a clock, one field
for the whole copy, « Rendre la copie », the marks line by line.

Thin: what it decides is :class:`swisslearn.exam.sitting.ExamSitting`'s.
Its elements carry CSS classes (``exam-clock``, ``exam-copy``,
``exam-finish``, ``exam-report``) as the card's widgets do; ipywidgets ships
no type information and is imported through :func:`importlib.import_module`.
"""

from __future__ import annotations

import html
import importlib
from typing import Any

from swisslearn.errors import InputError
from swisslearn.exam.answers import read_answers
from swisslearn.exam.marking import mark
from swisslearn.exam.sitting import ExamSitting
from swisslearn.explain.catalogue import catalogue

__all__ = ["SittingWidget"]


class SittingWidget:
    """The paper of ``sitting`` and its copy, handed in once."""

    def __init__(self, sitting: ExamSitting) -> None:
        self.sitting = sitting
        cat = self.cat = catalogue(sitting.lang)
        w = importlib.import_module("ipywidgets")
        self.clock: Any = w.HTML()
        self.clock.add_class("exam-clock")
        self.paper: Any = w.HTML(sitting._repr_html_())
        self.copy: Any = w.Textarea(placeholder=cat.text("exam.widget.placeholder"),
                                    layout=w.Layout(width="60%", height="16em"))
        self.copy.add_class("exam-copy")
        self.button: Any = w.Button(description=cat.text("card.face.hand_in"),
                                    button_style="primary")
        self.button.add_class("exam-finish")
        self.report: Any = w.HTML()
        self.report.add_class("exam-report")
        # A hidden Play widget ticks once a second and refreshes the clock in a live page.
        self.ticker: Any = w.Play(interval=1000, max=10 ** 6, show_repeat=False,
                                  layout=w.Layout(display="none"))
        self.ticker.observe(lambda _: self._tick(), names="value")
        self.button.on_click(lambda _: self.hand_in())
        # The copy last refused (its lines unreadable), said again in another language.
        self._unread: InputError | None = None
        self.box: Any = w.VBox([self.clock, self.paper, self.copy, self.button, self.report,
                                self.ticker])
        self._tick()

    def _tick(self) -> None:
        left = int(self.sitting.remaining())
        self.clock.value = html.escape(self.cat.text(
            "card.face.clock", minutes=left // 60, seconds=f"{left % 60:02d}"))

    def hand_in(self, copy: str | None = None) -> str:
        """Mark the copy (``copy``, or the field's): the marks as shown, or
        the lines it cannot read (the copy can then be corrected)."""
        if copy is not None:
            self.copy.value = copy
        try:
            marks = self.sitting.hand_in(str(self.copy.value))
        except InputError as error:
            self._unread = error
            return self._show_unread(error)
        self._unread = None
        text = marks.text()
        self.report.value = "<pre>" + html.escape(text) + "</pre>"
        self.copy.disabled = True
        self.button.disabled = True
        self.ticker.playing = False
        return text

    def _show_unread(self, error: InputError) -> str:
        text = "\n".join(problem.line_text(self.sitting.lang) for problem in error.problems)
        self.report.value = f"<pre style='color:#b03a2e'>{html.escape(text)}</pre>"
        return text

    def set_language(self, lang: str) -> None:
        """Every word in ``lang`` (the arbiter's desk switches language): the
        paper, the clock, the button; a copy handed in is marked again in
        ``lang`` (the same copy, the same time taken: the same marks), a copy
        that could not be read is said again.  The clock keeps running."""
        self.sitting.lang = lang
        cat = self.cat = catalogue(lang)
        self.paper.value = self.sitting._repr_html_()
        self.copy.placeholder = cat.text("exam.widget.placeholder")
        self.button.description = cat.text("card.face.hand_in")
        self._tick()
        if self._unread is not None:
            try:        # read again: the copy's name in its messages is in the language too
                read_answers(str(self.copy.value), source=cat.text("exam.copy"))
            except InputError as error:
                self._unread = error
            self._show_unread(self._unread)
        elif self.sitting.marks is not None:
            written = read_answers(str(self.copy.value), source=cat.text("exam.copy"))
            self.sitting.marks = mark(self.sitting.paper.events, written, lang,
                                      seconds=self.sitting.marks.seconds)
            self.report.value = "<pre>" + html.escape(self.sitting.marks.text()) + "</pre>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)
