"""The words of the round start of an accelerated round (C.04.5.1,
:class:`swisslearn.acceleration.AccelerationApplied`): GA, the virtual
points of the round, and each pairing score as real plus virtual points,
« 3 points (2 réels + 1 virtuel) »."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from swisslearn.acceleration import AccelerationApplied
from swisslearn.trace import BracketView, Event, PlayerView
from swisslearn.words import Catalogue

if TYPE_CHECKING:
    from swisslearn.acceleration import Applied, Note

__all__ = ["bracket_score", "describe", "level_score", "levels", "note_text", "pairing_score",
           "player_score", "summary", "why_scores"]


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


def level_score(cat: Catalogue, score: Decimal, players: Sequence[PlayerView]) -> str:
    """A score bracket's (or a level's) pairing score as the sentences say
    it: the bare number when none of its players (those of ``players`` at
    that score: a bracket's moved-down players stand higher) has virtual
    points, so that an unaccelerated round reads exactly as before; else
    « 2 points (1 réel + 1 virtuel) », and when the level mixes GA and GB
    players, each part with its players: « 1 point (0 réel + 1 virtuel
    pour 2, 3 ; 1 réel sans point virtuel pour 11, 13) »."""
    parts: dict[Decimal, list[int]] = {}
    for view in players:
        if view.score == score:
            parts.setdefault(view.virtual, []).append(view.id)
    if not any(parts):
        return cat.number(score)
    if len(parts) == 1:
        [virtual] = parts
        return pairing_score(cat, score - virtual, virtual)
    said = []
    for virtual, ids in sorted(parts.items(), reverse=True):
        real = score - virtual
        real_text = cat.text(f"acceleration.real_{_many(real)}", value=cat.number(real))
        if virtual:
            said.append(cat.text("accel.level.part", real=real_text, players=cat.players(ids),
                                 virtual=cat.text(f"acceleration.virtual_{_many(virtual)}",
                                                  value=cat.number(virtual))))
        else:
            said.append(cat.text("accel.level.part_real", real=real_text,
                                 players=cat.players(ids)))
    return cat.text("accel.level.mixed",
                    total=cat.text(f"acceleration.points_{_many(score)}",
                                   value=cat.number(score)),
                    parts=cat.text("accel.level.sep").join(said))


def bracket_score(cat: Catalogue, view: BracketView) -> str:
    """:func:`level_score` of a bracket (its players at its score)."""
    return level_score(cat, view.score, view.players)


def levels(cat: Catalogue, scores: Iterable[Decimal], players: Sequence[PlayerView]) -> str:
    """The round's score levels, each as :func:`level_score` says it (the
    plain list when nobody has virtual points)."""
    if not any(view.virtual for view in players):
        return cat.numbers(scores)
    return cat.text("fmt.list_sep").join(level_score(cat, score, players) for score in scores)


def player_score(cat: Catalogue, score: Decimal, view: PlayerView | None) -> str:
    """A player's pairing score: « 2 points (1 réel + 1 virtuel) » when
    ``view`` (the player at the round's start) has virtual points, else
    the bare number."""
    if view is None or not view.virtual or view.score != score:
        return cat.number(score)
    return pairing_score(cat, score - view.virtual, view.virtual)


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
    start = next((e for e in events if isinstance(e, AccelerationApplied)), None)
    if start is None:
        return []
    asked = set(players)
    return [cat.text("real.why.virtual", player=pid, score=pairing_score(cat, real, virtual))
            for pid, real, virtual in start.virtual if pid in asked]
