"""The notebook stepper and exercises (ipywidgets).

* :class:`Stepper` walks through the events of a trace: a ``Play`` button
  linked to a slider, « Précédent » / « Suivant » buttons, the step label
  (« étape 12/87 — C7 »), the explanation of the event (:func:`explain`), and
  an output area with :func:`swisslearn.viz.render` of the event (the
  flowchart with the rule's box coloured, beside the bracket table, the D1
  list, the D2 tables... that the event calls for).  The picture is drawn
  before anything changes, then picture, label and explanation are sent
  back to back, so that they always show the same step (during Play too);
  :meth:`Stepper.set_language` changes every word without leaving the step.
* :func:`step_through` builds one for a round of a tournament.
* :class:`Exercise` asks a question: a text field, a « Vérifier » button,
  and « Juste » or the engine's explanation.

What the widgets do is decided by plain functions (:func:`step_label`,
:func:`clamp_step`, :func:`next_step`, :func:`previous_step`,
:func:`slider_bounds`, :func:`view_for`, :func:`check_answer`,
:func:`answer_is`, :func:`pairs_answer`), tested without a browser.

Every word comes from the message catalogue (``explain/fr.viz.json``,
``en.viz.json``: ``stepper.*``, ``exercise.*``).

ipywidgets ships no type information; it is imported through
:func:`importlib.import_module` so that the rest of this module stays
type-checked.
"""

from __future__ import annotations

import html
import importlib
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Union

from swisslearn.explain import explain
from swisslearn.words import Catalogue, catalogue
from swisslearn.model import PlayerId, RoundNumber, Tournament
from swisslearn.trace import BoardsOrdered, BracketPaired, CandidateTried, Event, RoundPaired

__all__ = [
    "Exercise", "Feedback", "Stepper", "answer_is", "check_answer", "clamp_step",
    "next_step", "normalise_answer", "pairs_answer", "parse_pairs", "previous_step",
    "slider_bounds", "step_label", "step_through", "view_for",
]

#: How many pictures a stepper keeps (a round of a thousand players has
#: thousands of steps: drawing them all once would hold hundreds of MB).
PICTURES_KEPT = 32


def _words(lang: str) -> Catalogue:
    """The catalogue of ``lang`` (French if there is none)."""
    try:
        return catalogue(lang)
    except ValueError:
        return catalogue("fr")


def _ipywidgets() -> ModuleType:
    from swisslearn.extras import require
    require("notebooks", "swisslearn.widgets", "ipywidgets")
    return importlib.import_module("ipywidgets")


# ---------------------------------------------------------------------------
# The stepper's logic (no widgets)


def slider_bounds(total: int) -> tuple[int, int]:
    """The slider's (min, max): steps are numbered 1 to ``total``."""
    if total < 1:
        raise ValueError("a stepper needs at least one event")
    return (1, total)


def clamp_step(step: int, total: int) -> int:
    """``step`` brought back into 1..``total``."""
    low, high = slider_bounds(total)
    return max(low, min(high, step))


def next_step(step: int, total: int) -> int:
    """The step after ``step``; the last one stays the last."""
    return clamp_step(step + 1, total)


def previous_step(step: int, total: int) -> int:
    """The step before ``step``; the first one stays the first."""
    return clamp_step(step - 1, total)


def step_label(step: int, total: int, event: Event | str, lang: str = "fr") -> str:
    """« étape 12/87 — C7 » (``event``: the event, or its rule label)."""
    rule = event if isinstance(event, str) else event.rule
    return _words(lang).text("stepper.label", step=step, total=total, rule=rule)


def view_for(event: Event) -> tuple[str, ...]:
    """The pictures the output area shows for ``event`` (:func:`swisslearn.viz.views`)."""
    from swisslearn.viz import views
    return views(event)


# ---------------------------------------------------------------------------
# The stepper


class Stepper:
    """Step through ``events`` (a trace): see the module docstring.

    ``stepper.step`` is the current step (1-based); :meth:`go`, :meth:`next`
    and :meth:`previous` move it (the widgets follow).  ``stepper.shown`` is
    the step the label, explanation and picture show.  Display the stepper itself in a notebook (or
    ``stepper.box``).  The last :data:`PICTURES_KEPT` pictures are kept.
    """

    def __init__(self, events: Iterable[Event], lang: str = "fr", *, start: int = 1,
                 interval: int = 1200) -> None:
        self.events: tuple[Event, ...] = tuple(events)
        self.lang = lang
        self._pictures: OrderedDict[tuple[str, int], bytes] = OrderedDict()
        self.shown = 0
        total = len(self.events)
        low, high = slider_bounds(total)
        w = _ipywidgets()
        start = clamp_step(start, total)
        self.play: Any = w.Play(value=start, min=low, max=high, step=1, interval=interval)
        self.slider: Any = w.IntSlider(value=start, min=low, max=high, step=1,
                                       continuous_update=False, layout=w.Layout(width="45%"))
        self.link: Any = w.link((self.play, "value"), (self.slider, "value"))
        self.previous_button: Any = w.Button(layout=w.Layout(width="auto"))
        self.next_button: Any = w.Button(layout=w.Layout(width="auto"))
        self.label: Any = w.HTML()
        self.explanation: Any = w.HTML()
        self.output: Any = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.previous_button.on_click(lambda _: self.previous())
        self.next_button.on_click(lambda _: self.next())
        self.slider.observe(self._changed, names="value")
        self.box: Any = w.VBox([
            w.HBox([self.play, self.previous_button, self.slider, self.next_button]),
            self.label, self.explanation, self.output])
        self._set_words()
        self._show(start)

    # -- moving -------------------------------------------------------------

    @property
    def total(self) -> int:
        return len(self.events)

    @property
    def step(self) -> int:
        return int(self.slider.value)

    @property
    def event(self) -> Event:
        return self.events[self.step - 1]

    def go(self, step: int) -> None:
        self.slider.value = clamp_step(step, self.total)

    def next(self) -> None:
        self.go(next_step(self.step, self.total))

    def previous(self) -> None:
        self.go(previous_step(self.step, self.total))

    # -- showing ------------------------------------------------------------

    def label_text(self, step: int | None = None) -> str:
        step = self.step if step is None else step
        return step_label(step, self.total, self.events[step - 1], self.lang)

    def explanation_text(self, step: int | None = None) -> str:
        step = self.step if step is None else step
        return explain(self.events[step - 1], self.lang)

    def png(self, step: int | None = None) -> bytes:
        """The picture of a step in the stepper's language (drawn once, then
        kept while among the last :data:`PICTURES_KEPT` drawn)."""
        from swisslearn.viz import figure_png, render
        step = self.step if step is None else step
        key = (self.lang, step)
        if key in self._pictures:
            self._pictures.move_to_end(key)
        else:
            self._pictures[key] = figure_png(render(self.events[step - 1], self.lang))
            while len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)
        return self._pictures[key]

    def set_language(self, lang: str) -> None:
        """Every word (buttons, label, explanation, picture) in ``lang``, on
        the same step."""
        self.lang = lang
        self._set_words()
        self._show(self.step)

    def _set_words(self) -> None:
        words = _words(self.lang)
        self.play.description = words.text("stepper.play")
        self.slider.description = words.text("stepper.slider")
        self.previous_button.description = words.text("stepper.previous")
        self.next_button.description = words.text("stepper.next")

    def _changed(self, change: dict[str, Any]) -> None:
        self._show(int(change["new"]))

    def _show(self, step: int) -> None:
        # Everything is computed first (the picture takes the time), then
        # sent at once: the picture never lags the label (or leads it).
        picture = self.png(step)
        label = f"<b>{html.escape(self.label_text(step))}</b>"
        explanation = f"<p>{html.escape(self.explanation_text(step))}</p>"
        self.output.value = picture
        self.label.value = label
        self.explanation.value = explanation
        self.shown = step

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def step_through(tournament: Tournament, round: RoundNumber | None = None, lang: str = "fr",
                 *, start: int = 1) -> Stepper:
    """A :class:`Stepper` over the trace of ``round`` (default: the next one),
    paired by the course's Dutch system (1998 wording, seed 000)."""
    from swisslearn.dutch1998.procedure import trace
    return Stepper(trace(tournament, round), lang, start=start)


# ---------------------------------------------------------------------------
# Exercises


#: What an answer checker may return: ``True`` (right), ``False`` (wrong), the
#: explanation (wrong), or ``(right, explanation)``.
Verdict = Union[bool, str, tuple[bool, str]]


@dataclass(frozen=True)
class Feedback:
    correct: bool
    message: str


def check_answer(checker: Callable[[str], Verdict], answer: str, lang: str = "fr") -> Feedback:
    """Run ``checker`` on ``answer``: « Juste », or the explanation it gives."""
    words = _words(lang)
    verdict = checker(answer)
    if isinstance(verdict, tuple):
        correct, explanation = verdict
    elif isinstance(verdict, bool):
        correct, explanation = verdict, ""
    else:
        correct, explanation = False, verdict
    if correct:
        return Feedback(True, words.text("exercise.right"))
    return Feedback(False, explanation or words.text("exercise.wrong"))


def normalise_answer(text: str) -> str:
    """Lower case, one dash for every dash, no spaces around ``- + , ; / = :``."""
    text = text.strip().lower()
    text = re.sub(r"[–—−‐]", "-", text)
    text = re.sub(r"\s*([-+,;/=:])\s*", r"\1", text)
    return re.sub(r"\s+", " ", text)


def answer_is(expected: str | Sequence[str], explanation: str
              ) -> Callable[[str], tuple[bool, str]]:
    """A checker accepting ``expected`` (or any of several), compared after
    :func:`normalise_answer`; a wrong answer gets ``explanation``."""
    accepted = {normalise_answer(e) for e in ([expected] if isinstance(expected, str)
                                              else expected)}

    def checker(answer: str) -> tuple[bool, str]:
        return (normalise_answer(answer) in accepted, explanation)
    return checker


def parse_pairs(text: str) -> frozenset[frozenset[PlayerId]] | None:
    """``"4-10, 6–9"`` -> {{4, 10}, {6, 9}}; ``None`` if it is not a list of pairs."""
    pairs = set()
    for item in re.split(r"[,;]", normalise_answer(text)):
        if not item:
            continue
        match = re.fullmatch(r"(\d+)(?:-| contre | vs )(\d+)", item.strip())
        if match is None:
            return None
        pairs.add(frozenset((int(match.group(1)), int(match.group(2)))))
    return frozenset(pairs)


def pairs_answer(event: BracketPaired | CandidateTried | RoundPaired | BoardsOrdered,
                 lang: str = "fr") -> Callable[[str], tuple[bool, str]]:
    """A checker for « which pairs? »: the event's pairs in any order, either
    way round (``4-10, 6-9``); a wrong answer gets the engine's explanation."""
    if isinstance(event, (RoundPaired, BoardsOrdered)):
        pairs = [(b.white, b.black) for b in event.boards]
    else:
        pairs = list(event.pairs)
    expected = frozenset(frozenset(p) for p in pairs)
    explanation = explain(event, lang)

    def checker(answer: str) -> tuple[bool, str]:
        return (parse_pairs(answer) == expected, explanation)
    return checker


class Exercise:
    """A question, a text field and a « Vérifier » button.

    ``answer_checker`` receives the text typed and returns a :data:`Verdict`;
    the widget shows « Juste », or the explanation (:func:`check_answer`).
    """

    def __init__(self, question: str, answer_checker: Callable[[str], Verdict],
                 lang: str = "fr", *, placeholder: str = "") -> None:
        self.question = question
        self.answer_checker = answer_checker
        self.lang = lang
        words = _words(lang)
        w = _ipywidgets()
        self.prompt: Any = w.HTML(f"<p>{html.escape(question)}</p>")
        self.text: Any = w.Text(placeholder=placeholder,
                                description=words.text("exercise.answer"))
        self.button: Any = w.Button(description=words.text("exercise.check"),
                                    button_style="primary")
        self.feedback: Any = w.HTML()
        self.button.on_click(lambda _: self.check())
        self.box: Any = w.VBox([self.prompt, w.HBox([self.text, self.button]), self.feedback])

    def check(self, answer: str | None = None) -> Feedback:
        """Check ``answer`` (default: what is typed) and show the verdict."""
        if answer is not None:
            self.text.value = answer
        result = check_answer(self.answer_checker, str(self.text.value), self.lang)
        colour = "#2c7a2c" if result.correct else "#b03a2e"
        self.feedback.value = (f"<p style='color:{colour}'><b>"
                               f"{html.escape(result.message)}</b></p>")
        return result

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)
