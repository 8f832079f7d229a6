"""The FIDE Swiss Team Pairing System, C.04.6 applied from 1 February 2026
(``team-2026``): its events and ``why()`` in the words of the team text.

Every sentence speaks of teams (« équipes », feminine in French) and cites
the article of C.04.6 it applies: the event's own label (``3.3.2``, ``3.4``,
``3.5.2``, ``3.5.5``, ``[C6]``, ``1.3.2``, ``3.6.4``, ``4.3.5``, ``C.04.2``...)
introduces it.  Catalogue keys: ``team.*``.

Which events are a team's: those of :mod:`swisslearn.team2026.events`
(:class:`~swisslearn.team2026.events.TeamEvent`, including the subclasses of
the shared vocabulary the team procedure yields) and ``RoundStarted`` /
``RoundPaired`` whose ``system`` is ``team-2026`` (:func:`is_team_event`,
:func:`is_team_trace`).  Rejection details (:func:`describe_rejection`):
``no_bracket_pairing`` ([C1]), ``completion`` ([C3], or 3.4.1 for the PAB),
``following_scoregroup`` ([C6]), ``floated`` ([C7]), ``quality`` ([C8]-[C10]
or a soft-avoid protection).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import singledispatch

from swisslearn.words import Catalogue
from swisslearn.explain.common import (Answer, Round, WhyRules, boards_sentence, holds, ids, last,
                                      round_paired_sentence, round_started_sentence)
# A bracket's score with its real and virtual parts in an accelerated round
# (C.04.5.1), the bare number otherwise.
from swisslearn.explain.acceleration import bracket_score
from swisslearn.model import PlayerId
from swisslearn.team2026.events import (PabCandidatesRanked, TeamEvent, UpfloatersCounted,
                                        UpfloaterSetTried)
from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, ByeAssigned,
                              CandidateTried, ColourAllocated, Event, Rejection, RoundPaired,
                              RoundStarted)

__all__ = ["SYSTEM", "TEAM_DETAILS", "WHY", "describe", "describe_rejection", "is_team_event",
           "is_team_trace"]

SYSTEM = "team-2026"

TEAM_DETAILS = frozenset({"no_bracket_pairing", "following_scoregroup", "floated"})
"""Rejection details only a team trace gives (the others are shared with C.04.3)."""


SYSTEMS = (SYSTEM, "team-2026-sharly")
"""The team systems: the text's reading and the Sharly Chess engine's
(:mod:`.sharly` words the events that are its own)."""


def is_team_event(event: Event) -> bool:
    """Is ``event`` part of a team trace (``team-2026`` or ``team-2026-sharly``)?"""
    return isinstance(event, TeamEvent) or getattr(event, "system", None) in SYSTEMS


def is_team_trace(events: Iterable[Event]) -> bool:
    """Is this a team trace (a team ``RoundStarted``/``RoundPaired`` or event)?"""
    return any(is_team_event(event) for event in events)


# ---------------------------------------------------------------------------
# Criteria and rejections


def criterion_text(criterion: str, cat: Catalogue) -> str:
    """What a criterion asks, in the words of Article 2 of C.04.6."""
    key = "team.criterion." + criterion.strip("[]")
    return cat.text(key) if key in cat else criterion


def describe_rejection(found: Rejection, cat: Catalogue) -> str:
    """« [C6] : avec l'ensemble 7, 9, le groupe de score suivant ... »."""
    return cat.label(found.criterion, _rejection_body(found, cat))


def _rejection_body(found: Rejection, cat: Catalogue) -> str:
    teams = cat.players(found.players)
    detail = found.detail
    if detail == "completion" and found.criterion == "3.4.1":
        return cat.text("team.rejection.pab_completion", teams=teams)
    if detail == "quality" and found.criterion == "soft-avoid":
        return cat.text("team.rejection.soft_avoid", teams=teams)
    if detail in ("no_bracket_pairing", "completion", "following_scoregroup", "floated",
                  "quality"):
        return cat.text(f"team.rejection.{detail}", teams=teams, criterion=found.criterion,
                        text=criterion_text(found.criterion, cat))
    return cat.text("team.rejection.generic", teams=teams)


# ---------------------------------------------------------------------------
# One event


@singledispatch
def describe(event: Event, cat: Catalogue) -> str:
    return cat.text("team.event.other", kind=event.kind)


@describe.register
def _round_started(event: RoundStarted, cat: Catalogue) -> str:
    key = "sharly.round_started" if event.system == SYSTEMS[1] else "team.round_started"
    return round_started_sentence(event, cat, key, "team.round_started.absent")


@describe.register
def _pab_candidates_ranked(event: PabCandidatesRanked, cat: Catalogue) -> str:
    sentences = [cat.text("team.pab.candidates", candidates=cat.players(event.candidates))]
    if event.excluded:
        sentences.append(cat.text("team.pab.excluded", excluded=cat.players(event.excluded)))
    if event.refused:
        refused = [t for found in event.refused for t in found.players]
        sentences.append(cat.text("team.pab.refused", refused=cat.players(refused)))
    if event.chosen is None:
        sentences.append(cat.text("team.pab.none"))
    else:
        sentences.append(cat.text("team.pab.chosen", chosen=event.chosen))
    return cat.join(sentences)


@describe.register
def _bye_assigned(event: ByeAssigned, cat: Catalogue) -> str:
    return cat.text("team.bye", player=event.player)


@describe.register
def _upfloaters_counted(event: UpfloatersCounted, cat: Catalogue) -> str:
    view = event.bracket
    return cat.text("team.upfloaters_counted", score=bracket_score(cat, view),
                    players=cat.players(ids(view.players)), count=cat.number(event.count),
                    scores=cat.numbers(event.scores), potential=cat.players(event.potential),
                    sets=cat.number(event.sets))


@describe.register
def _upfloater_set_tried(event: UpfloaterSetTried, cat: Catalogue) -> str:
    fields: dict[str, object] = {
        "number": cat.number(event.number), "upfloaters": cat.players(event.upfloaters),
        "score": bracket_score(cat, event.bracket),
        "c6": cat.number(event.c6 or 0), "c7": cat.number(event.c7 or 0)}
    if not event.accepted:
        detail = event.rejection.detail if event.rejection is not None else ""
        key = f"team.set.{detail}"
        return cat.text(key if key in cat else "team.set.refused", **fields)
    sentences = [cat.text("team.set.accepted", **fields)]
    if event.c6 is not None:
        sentences.append(cat.text("team.set.c6", **fields))
    sentences.append(cat.text("team.set.c7_off" if event.c7 is None else "team.set.c7",
                              **fields))
    if event.remaining:
        sentences.append(cat.text("team.set.remaining", remaining=cat.number(event.remaining)))
    return cat.join(sentences)


@describe.register
def _bracket_opened(event: BracketOpened, cat: Catalogue) -> str:
    view = event.bracket
    residents = [p.id for p in view.players if p.id not in view.moved_down]
    key = ("team.bracket_opened.heterogeneous" if view.moved_down
           else "team.bracket_opened.homogeneous")
    text = cat.text(key, score=bracket_score(cat, view), players=cat.players(ids(view.players)),
                    residents=cat.players(residents), moved=cat.players(view.moved_down))
    if view.lowest:
        text = cat.join([text, cat.text("team.bracket_opened.lowest")])
    return text


@describe.register
def _candidate_tried(event: CandidateTried, cat: Catalogue) -> str:
    pairs = cat.pairs(event.pairs)
    if event.accepted:
        return cat.text("team.candidate.accepted", pairs=pairs,
                        score=bracket_score(cat, event.bracket))
    found = event.rejection
    reason = (cat.text("rejection.unspecified") if found is None
              else _rejection_body(found, cat))
    return cat.text("team.candidate.rejected", pairs=pairs, reason=reason,
                    score=bracket_score(cat, event.bracket))


@describe.register
def _bracket_paired(event: BracketPaired, cat: Catalogue) -> str:
    return cat.text("team.bracket_paired", score=bracket_score(cat, event.bracket),
                    pairs=cat.pairs(event.pairs))


def _colour_fields(event: ColourAllocated) -> dict[str, object]:
    fields: dict[str, object] = {"white": event.white, "black": event.black,
                                 "first": event.higher}
    views = [v for v in (event.white_view, event.black_view) if v is not None]
    if event.rule == "4.3.2":
        having = [v.id for v in views if v.preference != "-"]
        if len(having) == 1:
            fields["who"] = having[0]
    elif event.rule == "4.3.4":
        strong = [v.id for v in views if v.preference.endswith("!")]
        if len(strong) == 1:
            fields["who"] = strong[0]
    return fields


@describe.register
def _colour_allocated(event: ColourAllocated, cat: Catalogue) -> str:
    fields = _colour_fields(event)
    key = f"team.colour.{event.rule}"
    if key not in cat or (event.rule in ("4.3.2", "4.3.4") and "who" not in fields):
        key = "team.colour.other"
    return cat.text(key, **fields)


@describe.register
def _boards_ordered(event: BoardsOrdered, cat: Catalogue) -> str:
    return boards_sentence(event, cat, "team.boards_ordered")


@describe.register
def _round_paired(event: RoundPaired, cat: Catalogue) -> str:
    return round_paired_sentence(event, cat, "team.", "team.round_paired.released")


# ---------------------------------------------------------------------------
# Why were a and b paired (or not)?


def _chosen_set(state: Round, index: int) -> UpfloaterSetTried | None:
    for event in state.events:
        if (isinstance(event, UpfloaterSetTried) and event.accepted
                and event.bracket.index == index):
            return event
    return None


def _counted(state: Round, index: int) -> UpfloatersCounted | None:
    for event in state.events:
        if isinstance(event, UpfloatersCounted) and event.bracket.index == index:
            return event
    return None


def _candidates(state: Round, index: int) -> tuple[CandidateTried | None,
                                                   CandidateTried | None]:
    """The first pairing of 3.6.3 if [C8]-[C10] refused it, and the one chosen."""
    refused = chosen = None
    for event in state.events:
        if isinstance(event, CandidateTried) and event.bracket.index == index:
            if event.accepted:
                chosen = event
            else:
                refused = event
    return refused, chosen


def _paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    cat = answer.cat
    source = state.paired_in(a, b)
    if source is not None:
        view = source.bracket
        score = bracket_score(cat, view)
        ups = [p for p in (a, b) if p in view.moved_down]
        chosen_set = _chosen_set(state, view.index)
        up_set = cat.players(chosen_set.upfloaters if chosen_set is not None
                             else view.moved_down)
        number = cat.number(chosen_set.number if chosen_set is not None else 1)
        if len(ups) == 2:
            answer.add(cat.text("team.why.paired.upfloaters", score=score, set=up_set,
                                number=number), "3.5.5")
        elif ups:
            up = ups[0]
            resident = b if up == a else a
            answer.add(cat.text("team.why.paired.upfloater", score=score, up=up,
                                up_score=cat.number(state.scores.get(up, view.score)),
                                resident=resident, set=up_set, number=number), "3.5.5")
        else:
            answer.add(cat.text("team.why.paired.residents", score=score), "1.3.2")
        refused, chosen = _candidates(state, view.index)
        pairs = chosen.pairs if chosen is not None else source.pairs
        answer.add(cat.text("team.why.paired.choice", pairs=cat.pairs(pairs), score=score),
                   "3.6.4")
        if refused is not None and refused.rejection is not None:
            answer.add(cat.text("team.why.paired.refused", first=cat.pairs(refused.pairs),
                                reason=_rejection_body(refused.rejection, cat)),
                       refused.rejection.criterion)
    for event in reversed(state.events):
        if isinstance(event, ColourAllocated) and {event.white, event.black} == {a, b}:
            answer.add(cat.label(event.rule, describe(event, cat)), event.rule)
            break


def _not_upfloated(state: Round, answer: Answer, higher: PlayerId, lower: PlayerId,
                   index: int) -> bool:
    """``lower`` could have been an upfloater of ``higher``'s scoregroup: why not (3.5)."""
    cat = answer.cat
    counted = _counted(state, index)
    view = state.last_view(higher)
    if view is None:
        return False
    score = bracket_score(cat, view)
    lower_score = state.scores.get(lower)
    fields: dict[str, object] = {"higher": higher, "lower": lower, "score": score,
                                 "lower_score": cat.number(lower_score or 0)}
    if counted is None:
        if lower_score is None or lower_score >= view.score:
            return False
        answer.add(cat.text("team.why.upfloat.none", **fields), "[C4]")
        return True
    if lower not in counted.potential:
        return False
    if lower_score not in counted.scores:
        answer.add(cat.text("team.why.upfloat.score", count=cat.number(counted.count),
                            scores=cat.numbers(counted.scores), **fields), "[C4]", "[C5]")
        return True
    chosen = _chosen_set(state, index)
    if chosen is None:
        return False
    answer.add(cat.text("team.why.upfloat.set", set=cat.players(chosen.upfloaters),
                        number=cat.number(chosen.number), **fields), "3.5.4", "3.5.5")
    return True


def _not_paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    """The step of C.04.6 that kept a-b apart."""
    cat = answer.cat
    pair = frozenset((a, b))
    shared = None
    for event in reversed(state.events):
        if isinstance(event, (BracketOpened, BracketPaired, CandidateTried)):
            members = ids(event.bracket.players)
            if a in members and b in members:
                shared = event.bracket
                break
    if shared is None:
        view_a, view_b = state.last_view(a), state.last_view(b)
        if view_a is None or view_b is None:
            answer.add(cat.text("team.why.reason.unknown", a=a, b=b))
            return
        (first, first_view), (second, second_view) = sorted(
            ((a, view_a), (b, view_b)), key=lambda item: item[1].index)
        answer.add(cat.text("team.why.reason.brackets", first=first, second=second,
                            first_score=cat.number(first_view.score),
                            second_score=cat.number(second_view.score)), "3.3.2")
        _not_upfloated(state, answer, first, second, first_view.index)
        return
    score = bracket_score(cat, shared)
    refused, chosen = _candidates(state, shared.index)
    found = None if refused is None else refused.rejection
    if refused is not None and found is not None and holds(refused.pairs, pair):
        answer.add(cat.text("team.why.reason.candidate", rule=refused.rule, score=score,
                            pairs=cat.pairs(refused.pairs), a=a, b=b,
                            reason=_rejection_body(found, cat)), found.criterion, "3.6.4")
        return
    kept = chosen.pairs if chosen is not None else ()
    if not kept:
        paired = last([e for e in state.kept if e.bracket.index == shared.index],
                      BracketPaired)
        kept = paired.pairs if paired is not None else ()
    answer.add(cat.text("team.why.reason.other", score=score, pairs=cat.pairs(kept), a=a, b=b),
               "3.6.4")


WHY = WhyRules(absent="team.why.absent", absent_labels=(), bye="team.why.fate.bye",
               bye_labels=("3.4",), paired=_paired, not_paired=_not_paired, bye_decides=True,
               prefix="team.")
"""The reasons of ``why()`` under C.04.6 (2026)."""
