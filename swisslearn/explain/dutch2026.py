"""C.04.3 as applied from 1 February 2026 (``dutch-2026``): its events and
``why()`` in the vocabulary of the 2026 text.

Every message cites the article or criterion it applies: the event's own
label (``1.2``, ``[C4]``, ``3.1``, ``3.4.1``, ``5.2.3``, ``C.04.2``...)
introduces it, and the sentence names the articles it leans on (MDPs 1.4.1,
the Limbo 3.2.4, [C5] for the PAB...).  The French words are those of the
2026 text: MDP (joueurs descendus), Limbo, MaxPairs, M0, M1, PAB (exempt
attribué par l'appariement), meilleurs scoreurs (topscorers), reste
(remainder), S1R/S2R, BSN, TPN.  Catalogue keys: ``c2026.*``.

The events are those of :mod:`swisslearn.dutch2026.procedure`: in a
``BracketView`` ``p`` is MaxPairs (of the bracket, or of its remainder) and
``x`` is 0; a first candidate that lost carries the deciding criterion as
its rule and a rejection whose detail is ``met``, ``forbidden``,
``colours``, ``completion``, ``pab``, ``quality`` or ``order``.
"""

from __future__ import annotations

from functools import singledispatch

from swisslearn.dutch2026.events import BracketParameters, CompletionChecked
from swisslearn.explain.catalogue import Catalogue
from swisslearn.explain.common import (Answer, Round, WhyRules, boards_sentence, holds, ids, last,
                                      round_paired_sentence, round_started_sentence)
from swisslearn.explain.common import score as bracket_score
from swisslearn.explain.dutch1998 import STRENGTH_KEYS, strength
from swisslearn.model import PlayerId
from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, BracketSplit,
                              BracketView, ByeAssigned, CandidateTried, ColourAllocated, Event,
                              ExchangeApplied, Rejection, RoundPaired, RoundStarted)

__all__ = ["WHY", "describe", "describe_rejection"]

ACCEPTED = ("3.4.1", "3.8.1")
"""The labels of the candidate kept: the first one (3.4.1), the best available (3.8.1)."""


# ---------------------------------------------------------------------------
# Criteria and rejections


def criterion_text(criterion: str, cat: Catalogue) -> str:
    """What a criterion asks, in the words of Article 2 (« [C5] » -> « minimiser... »)."""
    key = "c2026.criterion." + criterion.strip("[]")
    return cat.text(key) if key in cat else criterion


def describe_rejection(found: Rejection, cat: Catalogue) -> str:
    """« [C1] : 2 et 1 se sont déjà rencontrés »."""
    return cat.label(found.criterion, _rejection_body(found, cat))


def _pairs_of(players: tuple[PlayerId, ...]) -> list[tuple[PlayerId, PlayerId]]:
    """The players of a verdict come two by two: the pairs of the first
    candidate that the candidate kept does not have."""
    return list(zip(players[0::2], players[1::2]))


def _rejection_body(found: Rejection, cat: Catalogue) -> str:
    players, detail = found.players, found.detail
    if detail in ("met", "forbidden", "colours") and len(players) >= 2:
        return cat.text(f"c2026.rejection.{detail}", a=players[0], b=players[1])
    if detail in ("completion", "pab", "quality", "order"):
        return cat.text(f"c2026.rejection.{detail}", pairs=cat.pairs(_pairs_of(players)),
                        criterion=found.criterion, text=criterion_text(found.criterion, cat))
    return cat.text("c2026.rejection.generic", players=cat.players(players))


_ABSOLUTE = ("met", "forbidden", "colours")


def _absolute_pair(found: Rejection | None) -> frozenset[PlayerId] | None:
    """The pair an absolute criterion ([C1], [C3], a forbidden pair) keeps apart."""
    if found is not None and found.detail in _ABSOLUTE and len(found.players) == 2:
        return frozenset(found.players)
    return None


# ---------------------------------------------------------------------------
# One event


def _subgroups(cat: Catalogue, view: BracketView) -> tuple[str, str]:
    """S1/S2, or S1R/S2R in the remainder of a heterogeneous bracket."""
    suffix = "remainder" if view.remainder else "bracket"
    return (cat.text(f"c2026.fmt.s1.{suffix}"), cat.text(f"c2026.fmt.s2.{suffix}"))


def _how(cat: Catalogue, view: BracketView, transposition: int,
         exchange: str | None) -> list[str]:
    """4.3 and 4.2.2: where the kept candidate sits in the generation order."""
    s1_name, s2_name = _subgroups(cat, view)
    sentences = []
    if exchange is not None:
        sentences.append(cat.text("c2026.how.exchange", cell=exchange, s1_name=s1_name,
                                  s2_name=s2_name))
    if transposition > 0:
        sentences.append(cat.text("c2026.how.transposition", number=cat.number(transposition),
                                  s2_name=s2_name))
    return sentences


@singledispatch
def describe(event: Event, cat: Catalogue) -> str:
    return cat.text("event.generic", kind=event.kind)


@describe.register
def _round_started(event: RoundStarted, cat: Catalogue) -> str:
    return round_started_sentence(event, cat, "c2026.round_started", "round_started.absent")


@describe.register
def _completion_checked(event: CompletionChecked, cat: Catalogue) -> str:
    count = cat.number(event.players)
    if event.pab_score is None:
        text = cat.text("c2026.completion_checked.even", count=count)
    else:
        text = cat.text("c2026.completion_checked.odd", count=count,
                        score=cat.number(event.pab_score),
                        candidates=cat.players(event.pab_candidates))
    if event.c9:
        text = cat.join([text, cat.text("c2026.completion_checked.c9")])
    return text


@describe.register
def _bracket_opened(event: BracketOpened, cat: Catalogue) -> str:
    view = event.bracket
    key = ("c2026.bracket_opened.heterogeneous" if view.moved_down
           else "c2026.bracket_opened.homogeneous")
    text = cat.text(key, score=bracket_score(cat, view),
                    players=cat.players(ids(view.players)), moved=cat.players(view.moved_down))
    if view.lowest:
        text = cat.join([text, cat.text("c2026.bracket_opened.lowest")])
    return text


@describe.register
def _bracket_parameters(event: BracketParameters, cat: Catalogue) -> str:
    key = "c2026.bracket_parameters.none" if event.max_pairs == 0 else "c2026.bracket_parameters"
    sentences = [cat.text(key, m0=cat.number(event.m0), max_pairs=cat.number(event.max_pairs),
                          m1=cat.number(event.m1), score=bracket_score(cat, event.bracket))]
    if event.limbo:
        sentences.append(cat.text("c2026.bracket_parameters.limbo",
                                  limbo=cat.players(event.limbo)))
    if event.c9:
        sentences.append(cat.text("c2026.bracket_parameters.c9"))
    return cat.join(sentences)


@describe.register
def _bracket_split(event: BracketSplit, cat: Catalogue) -> str:
    view = event.bracket
    if view.remainder:
        key = "c2026.bracket_split.remainder"
    elif view.moved_down:
        key = "c2026.bracket_split.heterogeneous"
    else:
        key = "c2026.bracket_split.homogeneous"
    return cat.text(key, s1=cat.players(view.s1), s2=cat.players(view.s2),
                    p=cat.number(view.p), score=bracket_score(cat, view))


@describe.register
def _exchange_applied(event: ExchangeApplied, cat: Catalogue) -> str:
    view = event.bracket
    s1_name, s2_name = _subgroups(cat, view)
    return cat.text("c2026.exchange_applied", cell=event.cell or cat.text("fmt.none"),
                    from_s1=cat.group(event.from_s1), from_s2=cat.group(event.from_s2),
                    s1=cat.players(view.s1), s2=cat.players(view.s2), s1_name=s1_name,
                    s2_name=s2_name)


@describe.register
def _candidate_tried(event: CandidateTried, cat: Catalogue) -> str:
    pairs = cat.pairs(event.pairs)
    view = event.bracket
    if event.accepted:
        if event.rule == "3.4.1":
            key = "c2026.candidate_tried.first"
        elif event.rule == "3.8.1":
            key = "c2026.candidate_tried.best"
        else:
            key = "c2026.candidate_tried.accepted"
        sentences = [cat.text(key, pairs=pairs)]
        sentences += _how(cat, view, event.transposition, event.exchange)
        if event.leftover:
            key = ("c2026.candidate_tried.pab" if view.lowest
                   else "c2026.candidate_tried.leftover")
            sentences.append(cat.text(key, leftover=cat.players(event.leftover)))
        return cat.join(sentences)
    found = event.rejection
    if found is None:
        reason = cat.text("rejection.unspecified")
    elif found.criterion == event.rule:
        reason = _rejection_body(found, cat)   # the label already names the criterion
    else:
        reason = describe_rejection(found, cat)
    key = ("c2026.candidate_tried.rejected" if event.transposition == 0
           else "c2026.candidate_tried.other_rejected")
    return cat.text(key, pairs=pairs, reason=reason)


@describe.register
def _bracket_paired(event: BracketPaired, cat: Catalogue) -> str:
    view = event.bracket
    score = bracket_score(cat, view)
    if event.pairs:
        text = cat.text("c2026.bracket_paired", score=score, pairs=cat.pairs(event.pairs))
    else:
        text = cat.text("c2026.bracket_paired.none", score=score)
    if not event.moved_down:
        return text
    key = "c2026.bracket_paired.unpaired" if view.lowest else "c2026.bracket_paired.moved_down"
    return cat.join([text, cat.text(key, moved=cat.players(event.moved_down))])


@describe.register
def _bye_assigned(event: ByeAssigned, cat: Catalogue) -> str:
    return cat.text("c2026.bye", player=event.player)


@describe.register
def _colour_allocated(event: ColourAllocated, cat: Catalogue) -> str:
    fields: dict[str, object] = {"white": event.white, "black": event.black,
                                 "higher": event.higher}
    key = f"c2026.colour.{event.rule}"
    if key not in cat:
        key = "c2026.colour.other"
    if event.rule == "5.2.2":
        both = [v for v in (event.white_view, event.black_view) if v is not None]
        if len(both) == 2 and strength(both[0].preference) != strength(both[1].preference):
            stronger = max(both, key=lambda v: strength(v.preference))
            colour = "white" if stronger.preference[0] == "B" else "black"
            fields.update(player=stronger.id,
                          strength=cat.text(STRENGTH_KEYS[strength(stronger.preference)]),
                          colour=cat.text(f"fmt.colour.{colour}"))
        else:
            key = "c2026.colour.5.2.2.plain"
    return cat.text(key, **fields)


@describe.register
def _boards_ordered(event: BoardsOrdered, cat: Catalogue) -> str:
    return boards_sentence(event, cat, "c2026.boards_ordered")


@describe.register
def _round_paired(event: RoundPaired, cat: Catalogue) -> str:
    return round_paired_sentence(event, cat, "c2026.", "round_paired.released")


# ---------------------------------------------------------------------------
# Why were a and b paired (or not)?


class _Bracket:
    """What the events say about one bracket: its parameters, the first
    candidate that lost (if it did) and the candidate kept."""

    def __init__(self, state: Round, index: int) -> None:
        self.parameters: BracketParameters | None = None
        self.refused: CandidateTried | None = None
        self.chosen: CandidateTried | None = None
        for event in state.events:
            if isinstance(event, BracketParameters) and event.bracket.index == index:
                self.parameters = event
            elif isinstance(event, CandidateTried) and event.bracket.index == index:
                if event.accepted:
                    self.chosen = event
                elif event.rejection is not None:
                    self.refused = event


def _choice(cat: Catalogue, answer: Answer, bracket: _Bracket) -> None:
    """3.4.1 (the first candidate is accepted) or 3.8.1 (the best available)."""
    chosen = bracket.chosen
    if chosen is None:
        return
    if chosen.rule == "3.8.1" and bracket.refused is not None:
        found = bracket.refused.rejection
        assert found is not None
        answer.add(cat.text("c2026.why.choice.best", reason=describe_rejection(found, cat)),
                   "3.8.1", found.criterion)
    elif chosen.rule == "3.8.1":
        answer.add(cat.text("c2026.why.choice.best_plain"), "3.8.1")
    elif chosen.rule == "3.4.1":
        answer.add(cat.text("c2026.why.choice.first"), "3.4.1")


def _paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    cat = answer.cat
    source = state.paired_in(a, b)
    if source is not None:
        view = source.bracket
        score = bracket_score(cat, view)
        bracket = _Bracket(state, view.index)
        mdp = next((p for p in (a, b) if p in view.moved_down), None)
        chosen = bracket.chosen
        if mdp is not None:
            resident = b if mdp == a else a
            answer.add(cat.text("c2026.why.paired.mdp", score=score, mdp=mdp,
                                resident=resident), "3.3.3")
            _choice(cat, answer, bracket)
        elif chosen is not None and (a in chosen.bracket.s1 or b in chosen.bracket.s1):
            top, bottom = (a, b) if a in chosen.bracket.s1 else (b, a)
            s1_name, s2_name = _subgroups(cat, chosen.bracket)
            rule = "3.3.3" if chosen.bracket.remainder else "3.3.1"
            key = ("c2026.why.paired.remainder" if chosen.bracket.remainder
                   else "c2026.why.paired.bracket")
            answer.add(cat.text(key, score=score, s1=top, s2=bottom, s1_name=s1_name,
                                s2_name=s2_name), rule)
            _choice(cat, answer, bracket)
            for sentence in _how(cat, chosen.bracket, chosen.transposition, chosen.exchange):
                labels = ("4.3",) if chosen.exchange is not None else ()
                answer.add(sentence, *labels, *(("4.2.2",) if chosen.transposition else ()))
        else:
            answer.add(cat.text("c2026.why.paired.plain", score=score), source.rule)
            _choice(cat, answer, bracket)
    score_a, score_b = state.scores.get(a), state.scores.get(b)
    if score_a is not None and score_b is not None and score_a != score_b:
        (down, down_score), (up, up_score) = sorted(((a, score_a), (b, score_b)),
                                                    key=lambda item: -item[1])
        answer.add(cat.text("c2026.why.paired.floaters", down=down, up=up,
                            down_score=cat.number(down_score), up_score=cat.number(up_score)),
                   "1.4.2")
    for event in reversed(state.events):
        if isinstance(event, ColourAllocated) and {event.white, event.black} == {a, b}:
            answer.add(cat.label(event.rule, describe(event, cat)), event.rule)
            break


def _not_paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    """The first article or criterion, in the order of the procedure, that kept a-b apart."""
    cat = answer.cat
    pair = frozenset((a, b))
    # 1. An absolute criterion ([C1], [C3]) on the pair itself.
    for event in state.events:
        if isinstance(event, CandidateTried) and _absolute_pair(event.rejection) == pair:
            assert event.rejection is not None
            answer.add(cat.text("c2026.why.reason.absolute",
                                rejection=describe_rejection(event.rejection, cat),
                                score=bracket_score(cat, event.bracket)),
                       event.rejection.criterion)
            return
    # 2. Never in the same bracket: 1.9.2 pairs the brackets from the top;
    # the PAB assignee may be in none ([C5] chose them first).
    shared = state.last_view(a, b)
    bye = next((p for p in (a, b) if p in state.result.byes), None)
    if shared is None and bye is not None and state.last_view(bye) is None:
        checked = last(state.events, CompletionChecked)
        pab_score = (cat.number(checked.pab_score)
                     if checked is not None and checked.pab_score is not None
                     else cat.number(state.scores.get(bye, 0)))
        answer.add(cat.text("c2026.why.reason.bye", player=bye, score=pab_score), "[C5]")
        return
    if shared is None:
        view_a, view_b = state.last_view(a), state.last_view(b)
        if view_a is not None and view_b is not None:
            (first, first_view), (second, second_view) = sorted(
                ((a, view_a), (b, view_b)), key=lambda item: item[1].index)
            answer.add(cat.text("c2026.why.reason.brackets", first=first, second=second,
                                first_score=cat.number(first_view.score),
                                second_score=cat.number(second_view.score)), "1.9.2")
        else:
            answer.add(cat.text("why.reason.unknown", a=a, b=b))
        return
    score = bracket_score(cat, shared)
    bracket = _Bracket(state, shared.index)
    # 3. One of them is in the Limbo: not paired in this bracket (3.2.4).
    if bracket.parameters is not None:
        for player in (a, b):
            if player in bracket.parameters.limbo:
                answer.add(cat.text("c2026.why.reason.limbo", player=player, score=score),
                           "3.2.4")
                return
    # 4. The first candidate held a-b and lost on a criterion about them.
    # (A rejection of another pair of that candidate says nothing about a-b.)
    refused = bracket.refused
    found = None if refused is None else refused.rejection
    if (refused is not None and found is not None and holds(refused.pairs, pair)
            and pair & set(found.players)):
        reason = (_rejection_body(found, cat) if found.criterion == refused.rule
                  else describe_rejection(found, cat))
        answer.add(cat.text("c2026.why.reason.candidate", rule=refused.rule, score=score,
                            pairs=cat.pairs(refused.pairs), a=a, b=b, reason=reason),
                   found.criterion, "3.8.1")
        return
    kept = state.kept_in(shared.index, False)
    chosen = bracket.chosen
    rule = chosen.rule if chosen is not None else (kept.rule if kept is not None else "3.4")
    # 5. The candidate kept leaves one of them unpaired: a downfloater, or
    # the PAB in the last bracket.
    if isinstance(kept, BracketPaired):
        for player in (a, b):
            if player in kept.moved_down:
                key = ("c2026.why.reason.pab" if shared.lowest
                       else "c2026.why.reason.downfloater")
                answer.add(cat.text(key, rule=rule, score=score, player=player),
                           rule, "1.5" if shared.lowest else "1.4.1")
                return
    # 6. Both MDPs (S1 of the MDP-Pairing), or both in S1 (or S2) of the
    # bracket or remainder: S1 is paired against S2.
    if a in shared.moved_down and b in shared.moved_down:
        answer.add(cat.text("c2026.why.reason.mdps", a=a, b=b, score=score), "3.3.3")
        return
    if chosen is not None and chosen.bracket.s1:
        names = _subgroups(cat, chosen.bracket)
        for name, members in zip(names, (chosen.bracket.s1, chosen.bracket.s2)):
            if a in members and b in members:
                answer.add(cat.text("c2026.why.reason.same_subgroup", a=a, b=b, score=score,
                                    group=name), "3.3.1")
                return
    # 7. Otherwise the candidate kept simply does not hold a-b.
    if kept is not None:
        answer.add(cat.text("c2026.why.reason.other", rule=rule, score=score,
                            pairs=cat.pairs(kept.pairs), a=a, b=b), rule)
        return
    answer.add(cat.text("why.reason.unknown", a=a, b=b))


WHY = WhyRules(absent="c2026.why.absent", absent_labels=(), bye="c2026.why.fate.bye",
               bye_labels=("1.5",), paired=_paired, not_paired=_not_paired)
"""The reasons of ``why()`` under C.04.3 (2026)."""
