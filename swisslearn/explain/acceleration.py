"""The words of the round start of an accelerated round (C.04.5.1,
:class:`swisslearn.acceleration.AccelerationApplied`): GA, the virtual
points of the round, and each pairing score as real plus virtual points,
« 3 points (2 réels + 1 virtuel) »."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING

from swisslearn.explain.catalogue import Catalogue
from swisslearn.trace import Event

if TYPE_CHECKING:
    from swisslearn.acceleration import Applied, Note

__all__ = ["describe", "note_text", "pairing_score", "summary", "why_scores"]


def _many(value: Decimal) -> str:
    # French puts the plural from 2 on (« 1,5 point », « 2 points »).
    return "many" if abs(value) >= 2 else "one"


def pairing_score(cat: Catalogue, real: Decimal, virtual: Decimal) -> str:
    """« 3 points (2 réels + 1 virtuel) »."""
    total = real + virtual
    return cat.text("acceleration.score",
                    total=cat.text(f"acceleration.points_{_many(total)}", value=cat.number(total)),
                    real=cat.text(f"acceleration.real_{_many(real)}", value=cat.number(real)),
                    virtual=cat.text(f"acceleration.virtual_{_many(virtual)}",
                                     value=cat.number(virtual)))


def describe(event: Event, cat: Catalogue) -> str:
    from swisslearn.acceleration import AccelerationApplied
    assert isinstance(event, AccelerationApplied)
    rows = event.virtual
    values = sorted({virtual for _, _, virtual in rows}, reverse=True)
    scores = cat.text("acceleration.list_sep").join(
        cat.text("acceleration.player_score", player=pid,
                 score=pairing_score(cat, real, virtual)) for pid, real, virtual in rows)
    if event.method == "baku":
        text = cat.text("acceleration.baku", group=cat.players(event.group_a),
                        size=len(event.group_a), round=event.round,
                        accelerated=event.accelerated, virtual=cat.numbers(values),
                        scores=scores)
    else:
        text = cat.text("acceleration.file", round=event.round, count=len(rows),
                        virtual=cat.numbers(values), scores=scores)
    if event.reference_group_a:
        text += " " + cat.text("acceleration.reference", size=len(event.group_a),
                               reference=event.reference_group_a)
    return text


def summary(applied: Applied | None, cat: Catalogue) -> str | None:
    """The line under the system's, on the command line and at the desk:
    which virtual points the round is paired with, computed (GA, the
    accelerated rounds) or the file's; None when there are none."""
    if applied is None or not applied.source:
        return None
    method = applied.baku
    if method is None:
        return cat.text("real.acceleration.file")
    group = (f"{method.group_a[0]}–{method.group_a[-1]}" if method.group_a else "-")
    return cat.text("real.acceleration.computed", size=len(method.group_a), group=group,
                    accelerated=method.accelerated, rounds=method.rounds)


def note_text(note: Note, cat: Catalogue) -> str:
    """A :class:`~swisslearn.acceleration.Note` in words."""
    return cat.text(note.key, **dict(note.fields))


def why_scores(events: Iterable[object], players: Iterable[int], cat: Catalogue) -> list[str]:
    """``why``'s last lines in an accelerated round: the pairing score of
    each of ``players`` who has virtual points, « C.04.5.1 : score
    d'appariement de 1 : 2 points (1 réel + 1 virtuel). »"""
    from swisslearn.acceleration import AccelerationApplied
    start = next((e for e in events if isinstance(e, AccelerationApplied)), None)
    if start is None:
        return []
    asked = set(players)
    return [cat.text("real.why.virtual", player=pid, score=pairing_score(cat, real, virtual))
            for pid, real, virtual in start.virtual if pid in asked]
