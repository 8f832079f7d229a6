"""The card's faces in a notebook (ipywidgets): thin, everything they decide
is in :mod:`.session`, :mod:`.rounds` and :mod:`swisslearn.exercises`.

* :class:`CardWidget`: the card of a round, the question of the current
  step, a field, « Vérifier », « Indice », « Réponse », the feedback, the
  pairs written so far and the engine's sentences of the steps done; with a
  level and a seed, « Nouvelle ronde » draws another round.
* :class:`RoundWidget`: the card and one field for the whole round, White
  first; the answer checked at once, the first wrong board explained.
* :class:`ExamWidget`: the mock exam, a clock, the score at the end.
* :class:`DrillWidget`: a bank of questions (:class:`swisslearn.exercises.Drill`),
  one at a time, « Autre question » for the next.

Each element has a CSS class (``card-prompt``, ``card-answer``,
``card-check``...) for the browser test.  ipywidgets ships no type
information: it is imported through :func:`importlib.import_module`.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from swisslearn.card.rounds import ExerciseRound, MockExam, check_round, exercise_round
from swisslearn.card.session import CardSession, Feedback
from swisslearn.explain.catalogue import catalogue
from swisslearn.model import RoundNumber, Tournament

__all__ = ["CardWidget", "DrillWidget", "ExamWidget", "RoundWidget", "card", "card_for_round",
           "feedback_html"]


def _w() -> ModuleType:
    return importlib.import_module("ipywidgets")


def _classed(widget: Any, name: str) -> Any:
    widget.add_class(name)
    return widget


def feedback_html(feedback: Feedback, hint_label: str = "") -> str:
    """The feedback as the card shows it: green when right, red with the hint."""
    colour = "#2c7a2c" if feedback.correct else "#b03a2e"
    parts = [f"<p style='color:{colour}'><b>{html.escape(feedback.message)}</b></p>"]
    if feedback.hint and hint_label:
        parts.append(f"<p><i>{html.escape(hint_label)}</i> {html.escape(feedback.hint)}</p>")
    return "".join(parts)


class CardWidget:
    """Pair a round on the card, step by step (:class:`CardSession`)."""

    def __init__(self, exercise: ExerciseRound, lang: str = "fr", *,
                 renew: bool = True) -> None:
        self.lang = lang
        self.cat = catalogue(lang)
        w = _w()
        self.sheet: Any = _classed(w.HTML(), "card-sheet")
        self.progress: Any = _classed(w.HTML(), "card-progress")
        self.prompt: Any = _classed(w.HTML(), "card-prompt")
        self.text: Any = _classed(w.Text(description=self.cat.text("card.face.answer"),
                                         layout=w.Layout(width="60%")), "card-answer")
        self.check_button: Any = _classed(w.Button(description=self.cat.text("card.face.check"),
                                                   button_style="primary"), "card-check")
        self.hint_button: Any = _classed(w.Button(description=self.cat.text("card.face.hint")),
                                         "card-hint")
        self.reveal_button: Any = _classed(
            w.Button(description=self.cat.text("card.face.reveal")), "card-reveal")
        self.new_button: Any = _classed(w.Button(description=self.cat.text("card.face.new")),
                                        "card-new")
        self.feedback: Any = _classed(w.HTML(), "card-feedback")
        self.pairs: Any = _classed(w.HTML(), "card-pairs")
        self.written: Any = _classed(w.HTML(), "card-written")
        self.check_button.on_click(lambda _: self.check())
        self.text.on_submit(lambda _: self.check())
        self.hint_button.on_click(lambda _: self.hint())
        self.reveal_button.on_click(lambda _: self.reveal())
        self.new_button.on_click(lambda _: self.renew())
        buttons = [self.check_button, self.hint_button, self.reveal_button]
        if renew:
            buttons.append(self.new_button)
        self.box: Any = _classed(w.VBox([
            self.sheet, self.progress, self.prompt, w.HBox([self.text, *buttons]),
            self.feedback, self.pairs, self.written]), "card-widget")
        self.load(exercise)

    def load(self, exercise: ExerciseRound) -> None:
        self.exercise = exercise
        self.session: CardSession = exercise.session(self.lang)
        self.sheet.value = exercise.sheet(self.lang)._repr_html_()
        self.feedback.value = ""
        self.written.value = ""
        self._written: list[str] = []
        self.text.value = ""
        self._refresh()

    def renew(self) -> None:
        """Another round of the same level (the next seed)."""
        self.load(exercise_round(self.exercise.level, self.exercise.seed + 1))

    def check(self, answer: str | None = None) -> Feedback:
        if answer is not None:
            self.text.value = answer
        result = self.session.check(str(self.text.value))
        return self._show(result)

    def hint(self) -> str:
        text = self.session.hint()
        self.feedback.value = (f"<p><i>{html.escape(self.cat.text('card.face.hint_label'))}</i> "
                               f"{html.escape(text)}</p>")
        return text

    def reveal(self) -> Feedback:
        return self._show(self.session.reveal())

    def _show(self, result: Feedback) -> Feedback:
        self.feedback.value = feedback_html(result, self.cat.text("card.face.hint_label"))
        if result.correct:
            self.text.value = ""
            self._written.append(result.message)
            items = "".join(f"<li>{html.escape(m)}</li>" for m in self._written)
            self.written.value = (f"<p><b>{html.escape(self.cat.text('card.face.written'))}</b></p>"
                                  f"<ol>{items}</ol>")
        self._refresh()
        return result

    def _refresh(self) -> None:
        done, total = self.session.progress()
        self.progress.value = html.escape(self.cat.text(
            "card.face.progress", done=done, total=total, level=self.exercise.level))
        self.prompt.value = f"<p><b>{html.escape(self.session.prompt())}</b></p>"
        pairs = self.session.pairs_so_far()
        self.pairs.value = html.escape(self.cat.text(
            "card.face.pairs", pairs=self.cat.pairs(pairs)))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def card(level: int = 1, seed: int = 0, lang: str = "fr") -> CardWidget:
    """The card of a fresh round of ``level`` drawn from ``seed``."""
    return CardWidget(exercise_round(level, seed), lang)


def card_for_round(tournament: Tournament, round: RoundNumber, lang: str = "fr") -> CardWidget:
    """The card of a round of a file (no « Nouvelle ronde »)."""
    return CardWidget(ExerciseRound.of(tournament, round), lang, renew=False)


class RoundWidget:
    """The card, and the whole round to write in one field, White first."""

    def __init__(self, exercise: ExerciseRound, lang: str = "fr") -> None:
        self.exercise = exercise
        self.lang = lang
        cat = self.cat = catalogue(lang)
        w = _w()
        self.sheet: Any = _classed(w.HTML(exercise.sheet(lang)._repr_html_()), "card-sheet")
        self.prompt: Any = w.HTML(f"<p><b>{html.escape(cat.text('card.face.round'))}</b></p>")
        self.text: Any = _classed(w.Text(description=cat.text("card.face.answer"),
                                         layout=w.Layout(width="70%")), "card-answer")
        self.button: Any = _classed(w.Button(description=cat.text("card.face.check"),
                                             button_style="primary"), "card-check")
        self.feedback: Any = _classed(w.HTML(), "card-feedback")
        self.button.on_click(lambda _: self.check())
        self.box: Any = w.VBox([self.sheet, self.prompt, w.HBox([self.text, self.button]),
                                self.feedback])

    def check(self, answer: str | None = None) -> str:
        if answer is not None:
            self.text.value = answer
        verdict = check_round(self.exercise.events, str(self.text.value), self.lang)
        colour = "#2c7a2c" if verdict.correct else "#b03a2e"
        self.feedback.value = f"<p style='color:{colour}'>{html.escape(verdict.message)}</p>"
        return verdict.message

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


class ExamWidget:
    """The mock exam: one card and one field per round, a clock, « Rendre la copie »."""

    def __init__(self, exam: MockExam) -> None:
        self.exam = exam
        cat = self.cat = catalogue(exam.lang)
        w = _w()
        self.clock: Any = _classed(w.HTML(), "exam-clock")
        self.fields: list[Any] = []
        parts: list[Any] = [self.clock]
        for number, item in enumerate(exam.rounds, 1):
            parts.append(w.HTML(f"<h4>{html.escape(cat.text('card.face.exam_round', number=number, level=item.exercise.level))}</h4>"))
            parts.append(w.HTML(item.exercise.sheet(exam.lang)._repr_html_()))
            field = _classed(w.Text(description=cat.text("card.face.answer"),
                                    layout=w.Layout(width="70%")), "card-answer")
            field.observe(self._typed(number - 1), names="value")
            self.fields.append(field)
            parts.append(field)
        self.button: Any = _classed(w.Button(description=cat.text("card.face.hand_in"),
                                             button_style="primary"), "exam-finish")
        self.report: Any = _classed(w.HTML(), "exam-report")
        # A ticking Play widget refreshes the clock once a second in a live page.
        self.ticker: Any = w.Play(interval=1000, max=10 ** 6, show_repeat=False,
                                  layout=w.Layout(display="none"))
        self.ticker.observe(lambda _: self._tick(), names="value")
        self.button.on_click(lambda _: self.finish())
        parts += [self.button, self.report, self.ticker]
        self.box: Any = w.VBox(parts)
        self._tick()

    def _typed(self, index: int) -> Any:
        def changed(change: dict[str, Any]) -> None:
            if not self.exam.answer(index, str(change["new"])):
                self.finish()
        return changed

    def _tick(self) -> None:
        left = int(self.exam.remaining())
        self.clock.value = html.escape(self.cat.text(
            "card.face.clock", minutes=left // 60, seconds=f"{left % 60:02d}"))
        if self.exam.finished and not self.report.value:
            self.finish()

    def finish(self) -> str:
        self.exam.finish()
        text = self.exam.report()
        self.report.value = "<pre>" + html.escape(text) + "</pre>"
        for field in self.fields:
            field.disabled = True
        self.button.disabled = True
        return text

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


class DrillWidget:
    """A drill bank: one question at a time, checked by the engine."""

    def __init__(self, questions: Sequence[Any], lang: str = "fr",
                 on_answer: Callable[[Any, bool], None] | None = None) -> None:
        if not questions:
            raise ValueError("a drill needs at least one question")
        self.questions = list(questions)
        self.index = 0
        # Told of each answer checked (the question, right or not): a record
        # of the trainee's progress (swisslearn.exam.record.practice).
        self.on_answer = on_answer
        cat = self.cat = catalogue(lang)
        w = _w()
        self.counter: Any = _classed(w.HTML(), "drill-counter")
        self.sheet: Any = _classed(w.HTML(), "card-sheet")
        self.prompt: Any = _classed(w.HTML(), "card-prompt")
        self.text: Any = _classed(w.Text(description=cat.text("card.face.answer"),
                                         layout=w.Layout(width="50%")), "card-answer")
        self.button: Any = _classed(w.Button(description=cat.text("card.face.check"),
                                             button_style="primary"), "card-check")
        self.reveal_button: Any = _classed(w.Button(description=cat.text("card.face.reveal")),
                                           "card-reveal")
        self.next_button: Any = _classed(w.Button(description=cat.text("card.face.another")),
                                         "drill-next")
        self.feedback: Any = _classed(w.HTML(), "card-feedback")
        self.button.on_click(lambda _: self.check())
        self.text.on_submit(lambda _: self.check())
        self.reveal_button.on_click(lambda _: self.reveal())
        self.next_button.on_click(lambda _: self.next())
        self.box: Any = w.VBox([self.counter, self.sheet, self.prompt,
                                w.HBox([self.text, self.button, self.reveal_button,
                                        self.next_button]), self.feedback])
        self._show()

    @property
    def question(self) -> Any:
        return self.questions[self.index]

    def _show(self) -> None:
        self.counter.value = html.escape(self.cat.text(
            "card.face.drill", number=self.index + 1, total=len(self.questions)))
        sheet = getattr(self.question, "sheet", None)
        self.sheet.value = sheet._repr_html_() if sheet is not None else ""
        self.prompt.value = f"<p>{html.escape(self.question.text)}</p>"
        self.text.value = ""
        self.feedback.value = ""

    def check(self, answer: str | None = None) -> tuple[bool, str]:
        """Right: « Juste » and the working; wrong: the hint (the rule), the
        answer only through « Voir la réponse »."""
        if answer is not None:
            self.text.value = answer
        right, explanation = self.question.check(str(self.text.value))
        if self.on_answer is not None:
            self.on_answer(self.question, right)
        if right:
            words = self.cat.join([self.cat.text("card.right"), explanation])
        else:
            hint = getattr(self.question, "hint", "") or explanation
            words = self.cat.join([self.cat.text("card.face.not_yet"),
                                   self.cat.text("card.face.hint_label"), hint])
        colour = "#2c7a2c" if right else "#b03a2e"
        self.feedback.value = f"<p style='color:{colour}'><b>{html.escape(words)}</b></p>"
        return right, words

    def reveal(self) -> str:
        text = self.cat.join([self.cat.text("card.revealed", answer=self.question.answer),
                              self.question.explanation])
        self.feedback.value = f"<p>{html.escape(text)}</p>"
        return text

    def next(self) -> None:
        self.index = (self.index + 1) % len(self.questions)
        self._show()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)
