"""``team-2026-sharly`` in words, and the two readings of C.04.6 side by side.

* The events of a ``team-2026-sharly`` trace that have their own words (the
  whole round as one bracket, :class:`~swisslearn.team2026.events.WholeRoundWeighed`,
  the text's pairing refused on the whole round's weight) and ``why()`` in
  such a trace (:data:`WHY`); the events it shares with ``team-2026`` (PAB,
  colours, boards) keep the team words of :mod:`.team2026`.
* Where the text's reading (``team-2026``) and another pairing of a round
  part (:func:`describe_parting`), and how the reference engine's weight
  measures both (:func:`describe_engine_side`, :func:`describe_fields`).

Catalogue keys ``sharly.*`` (``fr.sharly.json``, ``en.sharly.json``).  The
data come from :mod:`swisslearn.team2026.differences`,
:mod:`swisslearn.team2026.wholeround` and the events; nothing is computed here.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import singledispatch

from swisslearn.explain import team2026
from swisslearn.words import Catalogue
from swisslearn.explain.common import Answer, Round, WhyRules, holds, ids, last
from swisslearn.model import PlayerId
from swisslearn.team2026.differences import EngineSide, Parting
from swisslearn.team2026.events import (SharlyBracketOpened, SharlyBracketPaired,
                                        SharlyCandidateTried, SharlyEvent, WholeRoundWeighed)
from swisslearn.team2026.sharly import SYSTEM
from swisslearn.team2026.wholeround import FIELDS, Field, RoundFields
from swisslearn.trace import ColourAllocated, Event, Rejection

__all__ = ["SYSTEM", "WHY", "describe", "describe_parting", "describe_field", "describe_fields",
           "describe_engine_side", "describe_rejection", "is_sharly_event", "is_sharly_trace",
           "fields_rows"]


def describe_parting(found: Parting, cat: Catalogue, labelled: bool = True) -> str:
    """« [C4] : le groupe de tête (score 3 : ...) ... » for one :class:`Parting`
    (without its label when ``labelled`` is false)."""
    key = f"sharly.parting.{found.step}"
    if f"{key}.{found.article}" in cat:
        key = f"{key}.{found.article}"
    if key not in cat:
        key = "sharly.parting.generic"
    text = cat.text(
        key, article=found.article,
        score=cat.number(found.score) if found.score is not None else "",
        residents=cat.players(found.residents), ours=cat.players(found.ours),
        theirs=cat.players(found.theirs), ours_count=cat.number(len(found.ours)),
        theirs_count=cat.number(len(found.theirs)), ours_scores=cat.numbers(found.ours_scores),
        theirs_scores=cat.numbers(found.theirs_scores),
        ours_number=cat.number(found.ours_number or 0),
        theirs_number=cat.number(found.theirs_number or 0),
        ours_c6=cat.number(found.ours_c6c7[0] or 0), theirs_c6=cat.number(found.theirs_c6c7[0] or 0),
        ours_c7=cat.number(found.ours_c6c7[1] or 0), theirs_c7=cat.number(found.theirs_c6c7[1] or 0),
        ours_pairs=cat.pairs(found.ours_pairs), theirs_pairs=cat.pairs(found.theirs_pairs))
    return cat.label(found.article, text) if labelled else text


def _value(field: Field, fields: RoundFields, cat: Catalogue) -> str:
    if field.key == "levels":
        levels = [cat.text("sharly.level", count=cat.number(count), score=cat.number(score))
                  for score, count in fields.levels if count]
        return cat.text("fmt.list_sep").join(levels) if levels else cat.text("fmt.none")
    if field.key == "top":
        return cat.players(fields.top)
    value = getattr(fields, field.key)
    assert isinstance(value, int)
    return cat.number(value)


def describe_field(field: Field, fields: RoundFields, cat: Catalogue) -> str:
    """One field of the engine's weight for one pairing (« 2 flotteur(s) montant(s) »)."""
    return cat.text(f"sharly.field.{field.key}", value=_value(field, fields, cat))


def describe_fields(fields: RoundFields, cat: Catalogue) -> list[str]:
    """Every field of the engine's weight for one pairing, most significant first."""
    return [describe_field(field, fields, cat) for field in FIELDS]


def describe_engine_side(side: EngineSide | None, cat: Catalogue,
                         ours: str = "sharly.side.text",
                         theirs: str = "sharly.side.reference") -> str:
    """The first field of the engine's weight that separates the two pairings;
    ``ours``/``theirs`` the catalogue keys naming each side."""
    if side is None:
        return cat.text("sharly.engine.none")
    if side.field is None:
        return cat.text("sharly.engine.tie")
    return cat.text("sharly.engine.differs", label=side.field.label,
                    theirs_name=cat.text(theirs), ours_name=cat.text(ours),
                    theirs=describe_field(side.field, side.theirs, cat),
                    ours=describe_field(side.field, side.ours, cat))


# ---------------------------------------------------------------------------
# The events of a team-2026-sharly trace


def is_sharly_trace(events: Iterable[Event]) -> bool:
    """Is this a ``team-2026-sharly`` trace?"""
    return any(isinstance(e, SharlyEvent) or getattr(e, "system", None) == SYSTEM
               for e in events)


def _fields_summary(fields: RoundFields, cat: Catalogue) -> str:
    """The fields that say something (no zero count of a criterion that
    found nothing to count), most significant first."""
    parts = []
    for field in FIELDS:
        if field.key == "avoided" and not fields.avoided:
            continue
        text = describe_field(field, fields, cat)
        parts.append(text if field.key == "pairs" else cat.label(field.label, text))
    return cat.text("fmt.reason_sep").join(parts)


@singledispatch
def describe(event: Event, cat: Catalogue) -> str:
    """One event of a ``team-2026-sharly`` trace: its own events
    (:class:`~swisslearn.team2026.events.SharlyEvent`) in its words, those it
    shares with ``team-2026`` (PAB, colours, boards) in the team words of
    :func:`.team2026.describe`.  The explainer is chosen by the event's class
    (:func:`is_sharly_event`); nothing is registered on another module."""
    return team2026.describe(event, cat)


def is_sharly_event(event: Event) -> bool:
    """Is ``event`` one of the whole-round reading's own (its class says so)?"""
    return isinstance(event, SharlyEvent)


@describe.register
def _bracket_opened(event: SharlyBracketOpened, cat: Catalogue) -> str:
    return cat.text("sharly.bracket_opened", players=cat.players(ids(event.bracket.players)))


def _deciding_values(event: WholeRoundWeighed, cat: Catalogue) -> tuple[str, str]:
    field = next(f for f in FIELDS if f.label == event.deciding)
    assert event.text_fields is not None
    return (describe_field(field, event.fields, cat),
            describe_field(field, event.text_fields, cat))


@describe.register
def _whole_round_weighed(event: WholeRoundWeighed, cat: Catalogue) -> str:
    sentences = [cat.text("sharly.weighed", pairs=cat.pairs(event.pairs),
                          fields=_fields_summary(event.fields, cat))]
    if event.text_fields is None:
        sentences.append(cat.text("sharly.weighed.text_pab"))
    elif event.text_pairs == event.pairs:
        sentences.append(cat.text("sharly.weighed.same"))
    elif event.deciding is None:
        sentences.append(cat.text("sharly.weighed.text_tie", text_pairs=cat.pairs(event.text_pairs)))
    else:
        chosen, text = _deciding_values(event, cat)
        sentences.append(cat.text("sharly.weighed.differs", text_pairs=cat.pairs(event.text_pairs),
                                  label=event.deciding, value=chosen, text_value=text))
    if event.tied:
        sentences.append(cat.text("sharly.weighed.tied", tied=cat.pairs(event.tied)))
    return cat.join(sentences)


@describe.register
def _candidate_tried(event: SharlyCandidateTried, cat: Catalogue) -> str:
    if event.accepted:
        return cat.text("sharly.candidate.accepted", pairs=cat.pairs(event.pairs))
    return cat.text("sharly.candidate.rejected", pairs=cat.pairs(event.pairs), label=event.rule)


@describe.register
def _bracket_paired(event: SharlyBracketPaired, cat: Catalogue) -> str:
    return cat.text("sharly.bracket_paired", pairs=cat.pairs(event.pairs))


def describe_rejection(found: Rejection, cat: Catalogue) -> str:
    """« [C4] : sur toute la ronde, ... » (detail ``whole_round``)."""
    return cat.label(found.criterion, cat.text("sharly.rejection.whole_round",
                                               criterion=found.criterion,
                                               teams=cat.players(found.players)))


# ---------------------------------------------------------------------------
# why() in a team-2026-sharly trace


def _weighed(state: Round) -> WholeRoundWeighed | None:
    return last(state.events, WholeRoundWeighed)


def _text_opponents(event: WholeRoundWeighed, team: PlayerId) -> PlayerId | None:
    for a, b in event.text_pairs:
        if team in (a, b):
            return b if team == a else a
    return None


def _paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    cat = answer.cat
    weighed = _weighed(state)
    if weighed is not None:
        answer.add(cat.text("sharly.why.paired", a=a, b=b,
                            fields=_fields_summary(weighed.fields, cat)), "C.04.6")
        if weighed.text_fields is not None and not holds(weighed.text_pairs, frozenset((a, b))):
            key = ("sharly.why.paired.text" if weighed.deciding is not None
                   else "sharly.why.paired.text_tie")
            chosen, text = (_deciding_values(weighed, cat) if weighed.deciding is not None
                            else ("", ""))
            answer.add(cat.text(key, a=a, b=b, a_text=_text_opponents(weighed, a),
                                b_text=_text_opponents(weighed, b), label=weighed.deciding,
                                value=chosen, text_value=text),
                       *((weighed.deciding,) if weighed.deciding else ()))
    for event in reversed(state.events):
        if isinstance(event, ColourAllocated) and {event.white, event.black} == {a, b}:
            answer.add(cat.label(event.rule, team2026.describe(event, cat)), event.rule)
            break


def _not_paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    cat = answer.cat
    weighed = _weighed(state)
    if weighed is None:
        answer.add(cat.text("team.why.reason.unknown", a=a, b=b))
        return
    pair = frozenset((a, b))
    if holds(weighed.forbidden, pair):
        answer.add(cat.text("sharly.why.forbidden", a=a, b=b), "[C1]")
        return
    if weighed.text_fields is not None and holds(weighed.text_pairs, pair):
        if weighed.deciding is None:
            answer.add(cat.text("sharly.why.text_tie", a=a, b=b), "C.04.6")
            return
        chosen, text = _deciding_values(weighed, cat)
        answer.add(cat.text("sharly.why.text", a=a, b=b, label=weighed.deciding, value=chosen,
                            text_value=text), weighed.deciding, "C.04.6")
        return
    answer.add(cat.text("sharly.why.other", a=a, b=b, fields=_fields_summary(weighed.fields, cat)),
               "C.04.6")


WHY = WhyRules(absent="team.why.absent", absent_labels=(), bye="team.why.fate.bye",
               bye_labels=("3.4",), paired=_paired, not_paired=_not_paired, bye_decides=True,
               prefix="team.")
"""The reasons of ``why()`` in a ``team-2026-sharly`` trace."""


def fields_rows(event: WholeRoundWeighed, cat: Catalogue) -> list[dict[str, str]]:
    """The chosen pairing and the text's, field by field (a table for a
    notebook): the field's label, both values, and which one the weight
    prefers at the deciding field."""
    rows = []
    for field in FIELDS:
        if field.key == "avoided" and not event.fields.avoided and not (
                event.text_fields is not None and event.text_fields.avoided):
            continue
        text = ("" if event.text_fields is None
                else describe_field(field, event.text_fields, cat))
        label = cat.text("sharly.table.pairs") if field.key == "pairs" else field.label
        rows.append({cat.text("sharly.table.field"): label,
                     cat.text("sharly.table.text"): text,
                     cat.text("sharly.table.engine"): describe_field(field, event.fields, cat),
                     cat.text("sharly.table.decides"): (cat.text("sharly.table.here")
                                                        if field.label == event.deciding
                                                        else "")})
    return rows
