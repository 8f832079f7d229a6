"""swisslearn.widgets: the stepper's logic and widgets, without a browser."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("matplotlib")

from swisslearn.dutch1998.procedure import trace  # noqa: E402
from swisslearn.explain import explain  # noqa: E402
from swisslearn.formats.trf import read_trf  # noqa: E402
from swisslearn.model import Tournament  # noqa: E402
from swisslearn.trace import BracketPaired, CandidateTried, Event, RoundPaired  # noqa: E402
from swisslearn.widgets import (Exercise, Feedback, Stepper, answer_is, check_answer,  # noqa: E402
                                clamp_step, next_step, normalise_answer, pairs_answer,
                                parse_pairs, previous_step, slider_bounds, step_label,
                                step_through, view_for)

CLUB = Path(__file__).resolve().parent.parent / "data" / "club-12-joueurs.trf"


@pytest.fixture(scope="module")
def tournament() -> Tournament:
    return read_trf(CLUB).tournament


@pytest.fixture(scope="module")
def events(tournament: Tournament) -> list[Event]:
    return list(trace(tournament, 4))


def test_bounds_and_clamping() -> None:
    assert slider_bounds(87) == (1, 87)
    assert slider_bounds(1) == (1, 1)
    with pytest.raises(ValueError):
        slider_bounds(0)
    assert [clamp_step(s, 5) for s in (-3, 0, 1, 3, 5, 6, 99)] == [1, 1, 1, 3, 5, 5, 5]
    assert next_step(4, 5) == 5 and next_step(5, 5) == 5
    assert previous_step(2, 5) == 1 and previous_step(1, 5) == 1


def test_step_label(events: list[Event]) -> None:
    c7 = next(e for e in events if e.rule == "C7")
    assert step_label(12, 87, c7) == "étape 12/87 — C7"
    assert step_label(12, 87, "C7", lang="en") == "step 12/87 — C7"
    assert step_label(1, 1, events[0]) == "étape 1/1 — A2"


def test_view_for(events: list[Event]) -> None:
    assert all(view_for(e)[0] == "flowchart" for e in events)


def test_stepper_moves_and_shows(events: list[Event]) -> None:
    stepper = Stepper(events)
    total = len(events)
    assert (stepper.slider.min, stepper.slider.max) == (1, total)
    assert (stepper.play.min, stepper.play.max) == (1, total)
    assert stepper.step == 1 and stepper.event is events[0]
    assert stepper.label.value == f"<b>étape 1/{total} — A2</b>"
    assert bytes(stepper.output.value).startswith(b"\x89PNG")
    stepper.previous_button.click()
    assert stepper.step == 1
    stepper.next_button.click()
    assert stepper.step == 2
    stepper.play.value = 5               # Play drives the slider
    assert stepper.slider.value == 5 and stepper.step == 5
    assert f"étape 5/{total} — {events[4].rule}" in stepper.label.value
    assert stepper.explanation_text() == explain(events[4])
    stepper.go(total + 10)
    assert stepper.step == total
    stepper.next()
    assert stepper.step == total and stepper.play.value == total
    assert "application/vnd.jupyter.widget-view+json" in stepper._repr_mimebundle_()


def test_step_through(tournament: Tournament, events: list[Event]) -> None:
    stepper = step_through(tournament, 4, lang="en", start=3)
    assert stepper.total == len(events) and stepper.step == 3
    assert stepper.label_text() == f"step 3/{len(events)} — {events[2].rule}"
    assert stepper.explanation_text() == explain(events[2], "en")


def test_check_answer_verdicts() -> None:
    assert check_answer(lambda a: True, "x") == Feedback(True, "Juste")
    assert check_answer(lambda a: False, "x") == Feedback(False, "Faux")
    assert check_answer(lambda a: "C7 : parce que", "x") == Feedback(False, "C7 : parce que")
    assert check_answer(lambda a: (False, "non"), "x") == Feedback(False, "non")
    assert check_answer(lambda a: (True, "oui"), "x", lang="en") == Feedback(True, "Right")


def test_answers_are_normalised() -> None:
    assert normalise_answer("  4 – 10 ,  6-9 ") == "4-10,6-9"
    checker = answer_is(["x = 1", "1"], "A8 : x = 1")
    assert checker("X=1") == (True, "A8 : x = 1")
    assert checker("2") == (False, "A8 : x = 1")
    assert parse_pairs("4-10, 6–9") == frozenset({frozenset({4, 10}), frozenset({6, 9})})
    assert parse_pairs("n'importe quoi") is None


def test_pairs_answer_gives_the_engines_explanation(events: list[Event]) -> None:
    paired = next(e for e in events if isinstance(e, BracketPaired) and len(e.pairs) >= 2)
    checker = pairs_answer(paired)
    right = ", ".join(f"{b}-{a}" for a, b in reversed(paired.pairs))
    assert checker(right)[0]
    assert checker("1-2") == (False, explain(paired))
    final = next(e for e in events if isinstance(e, RoundPaired))
    assert pairs_answer(final)(", ".join(f"{b.white}–{b.black}" for b in final.boards))[0]
    tried = next(e for e in events if isinstance(e, CandidateTried))
    assert pairs_answer(tried)(", ".join(f"{a}-{b}" for a, b in tried.pairs))[0]


def test_exercise_widget(events: list[Event]) -> None:
    paired = next(e for e in events if isinstance(e, BracketPaired) and len(e.pairs) >= 2)
    exercise = Exercise("Quels appariements dans ce niveau ?", pairs_answer(paired))
    exercise.text.value = ", ".join(f"{a}-{b}" for a, b in paired.pairs)
    exercise.button.click()
    assert "Juste" in exercise.feedback.value
    result = exercise.check("1-2")
    assert result == Feedback(False, explain(paired))
    assert "Juste" not in exercise.feedback.value
    assert exercise.button.description == "Vérifier"


# -- one language, one step (issue 22) -------------------------------------------


def test_the_picture_and_the_label_change_together(events: list[Event]) -> None:
    """When the label says step k, the picture is already step k's (today's
    Play showed the label first and the picture a drawing later)."""
    stepper = Stepper(events)
    seen: list[tuple[int, bool]] = []

    def label_changed(change: dict[str, object]) -> None:
        step = int(str(change["new"]).split()[1].split("/")[0])
        seen.append((step, bytes(stepper.output.value) == stepper.png(step)))
    stepper.label.observe(label_changed, names="value")
    for step in (2, 3, 4, 9, 5):
        stepper.play.value = step
    stepper.next_button.click()
    assert [s for s, _ in seen] == [2, 3, 4, 9, 5, 6]
    assert all(same for _, same in seen)
    assert stepper.shown == stepper.step == 6


def test_the_stepper_in_english_draws_english_pictures(events: list[Event]) -> None:
    from swisslearn.viz import figure_png, render
    stepper = Stepper(events, "en", start=4)
    assert bytes(stepper.output.value) == figure_png(render(events[3], "en"))
    assert stepper.play.description == "Play" and stepper.next_button.description == "Next ▶"
    french = Stepper(events, start=4)
    assert bytes(french.output.value) == figure_png(render(events[3], "fr"))
    assert bytes(french.output.value) != bytes(stepper.output.value)


def test_set_language_keeps_the_step(events: list[Event]) -> None:
    from swisslearn.viz import figure_png, render
    stepper = Stepper(events)
    stepper.go(7)
    stepper.set_language("en")
    assert stepper.step == 7 and stepper.shown == 7
    assert stepper.label.value == f"<b>step 7/{len(events)} — {events[6].rule}</b>"
    assert stepper.explanation_text() == explain(events[6], "en")
    assert bytes(stepper.output.value) == figure_png(render(events[6], "en"))
    assert stepper.previous_button.description == "◀ Previous"
    stepper.set_language("fr")
    assert stepper.label.value.startswith("<b>étape 7/")


def test_the_stepper_keeps_a_bounded_number_of_pictures(events: list[Event],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from swisslearn import widgets
    # A bound of 2 shows the same as the real 32 for a few of the pictures
    # drawn (38 of them took 9 s of CPU in `make test`; 10 with a bound of 4):
    # three steps past the bound, so the oldest pictures are dropped in turn.
    monkeypatch.setattr(widgets, "PICTURES_KEPT", 2)
    stepper = Stepper(events)
    assert len(events) > widgets.PICTURES_KEPT + 3
    for step in range(1, widgets.PICTURES_KEPT + 3 + 1):
        stepper.go(step)
        assert len(stepper._pictures) == min(step, widgets.PICTURES_KEPT)
    assert len(stepper._pictures) <= widgets.PICTURES_KEPT
    assert stepper.png(stepper.step) == bytes(stepper.output.value)


def test_exercise_words_in_english() -> None:
    exercise = Exercise("Which pairs?", answer_is("1-2", "no"), lang="en")
    assert exercise.button.description == "Check" and exercise.text.description == "Answer"
    assert exercise.check("1-2") == Feedback(True, "Right")
