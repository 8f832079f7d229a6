"""The words of the round start of an accelerated round (C.04.5.1,
:class:`swisslearn.acceleration.AccelerationApplied`): GA, the virtual
points of the round, and each pairing score as real plus virtual points,
« 3 points (2 réels + 1 virtuel) »."""

from __future__ import annotations

from decimal import Decimal

from swisslearn.acceleration import AccelerationApplied
from swisslearn.words import Catalogue
from swisslearn.trace import Event

__all__ = ["describe", "pairing_score"]


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
