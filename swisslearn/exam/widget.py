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
            text = "\n".join(problem.line_text(self.sitting.lang) for problem in error.problems)
            self.report.value = f"<pre style='color:#b03a2e'>{html.escape(text)}</pre>"
            return text
        text = marks.text()
        self.report.value = "<pre>" + html.escape(text) + "</pre>"
        self.copy.disabled = True
        self.button.disabled = True
        self.ticker.playing = False
        return text

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)
