"""The 1998 rules (``dutch-1998``, seed 000): every event and rejection in
the words of the arbiters' course, and the reasons of ``why()``.

Rule labels are those of the 1998 text (``A2``, ``C7``, ``D2``, ``E3``...).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import singledispatch

from swisslearn.explain.catalogue import Catalogue
from swisslearn.explain.common import (Answer, Round, WhyRules, boards_sentence, holds, ids,
                                      round_paired_sentence, round_started_sentence, views)
from swisslearn.explain.common import score as bracket_score
from swisslearn.model import PlayerId
from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, BracketSplit,
                              BracketsMerged, BracketUndone, BracketView, ByeAssigned,
                              CandidatesSkipped, CandidateTried, ColourAllocated,
                              CriterionDropped, Event, ExchangeApplied, PDecreased,
                              PlayerMovedDown, PlayerView, Rejection, RoundPaired, RoundStarted,
                              SoftAvoidChosen, XIncreased)

__all__ = ["WHY", "describe", "describe_rejection", "strength", "STRENGTH_KEYS"]


# ---------------------------------------------------------------------------
# Rejections


# A Rejection built by hand may leave ``detail`` empty: the criterion alone
# then says which explanation applies.
_DEFAULT_DETAIL = {"B1a": "met", "B1b": "unplayed_point", "B2a": "colour_difference",
                   "B2b": "three_in_a_row", "B4": "colour_conflicts", "C8": "no_exchange",
                   "forbidden": "forbidden"}


def describe_rejection(found: Rejection, cat: Catalogue, x: int | None = None) -> str:
    """A rejection introduced by its criterion (« B1a : 1 et 5 se sont déjà rencontrés »)."""
    return cat.label(found.criterion, _rejection_body(found, cat, x))


def _rejection_body(rejection: Rejection, cat: Catalogue, x: int | None = None) -> str:
    criterion, players = rejection.criterion, rejection.players
    detail = rejection.detail or _DEFAULT_DETAIL.get(criterion, "")
    if criterion == "forbidden":
        detail = "forbidden"
    if detail in ("met", "forbidden") and len(players) >= 2:
        return cat.text(f"rejection.{detail}", a=players[0], b=players[1])
    if detail == "unplayed_point" and players:
        return cat.text("rejection.unplayed_point", player=players[0])
    if detail in ("colour_difference", "three_in_a_row") and players:
        if len(players) >= 2:
            return cat.text(f"rejection.{detail}.pair", a=players[0], b=players[1])
        return cat.text(f"rejection.{detail}.one", player=players[0])
    if detail == "colour_conflicts" and len(players) >= 2:
        # The players come two by two: the pairs that miss a preference.
        pairs = list(zip(players[0::2], players[1::2]))
        if x is None:
            return cat.text("rejection.colour_conflicts", pairs=cat.pairs(pairs))
        return cat.text("rejection.colour_conflicts.x", pairs=cat.pairs(pairs),
                        count=cat.number(len(pairs)), x=cat.number(x))
    if criterion in ("B5", "B6") and players:
        key = f"rejection.{criterion}.{detail}"
        if key not in cat:
            key = f"rejection.{criterion}"
        return cat.text(key, player=players[0])
    if detail == "no_exchange":
        return cat.text("rejection.no_exchange")
    if detail == "moved_down_before" and players:
        return cat.text("rejection.moved_down_before", players=cat.players(players))
    return cat.text("rejection.generic", players=cat.players(players))


def _pair_of(rejection: Rejection) -> frozenset[PlayerId] | None:
    """The two players a pair-level rejection (B1a, B2) is about, if it is one."""
    if len(rejection.players) == 2 and rejection.criterion in _ABSOLUTE:
        return frozenset(rejection.players)
    return None


_ABSOLUTE = ("B1a", "B2a", "B2b", "forbidden")


# ---------------------------------------------------------------------------
# One event


def _how(cat: Catalogue, transposition: int, exchange: str | None) -> str:
    """How a bracket's kept pairing was reached: the D1 rank, the D2 cell."""
    number = cat.number(transposition)
    if exchange is None:
        key = "how.first" if transposition == 0 else "how.transposition"
    else:
        key = "how.exchange_first" if transposition == 0 else "how.exchange"
    return cat.text(key, number=number, cell=cat.cell(exchange))


@singledispatch
def describe(event: Event, cat: Catalogue) -> str:
    return cat.text("event.generic", kind=event.kind)


@describe.register
def _round_started(event: RoundStarted, cat: Catalogue) -> str:
    return round_started_sentence(event, cat, "round_started", "round_started.absent")


@describe.register
def _bracket_opened(event: BracketOpened, cat: Catalogue) -> str:
    view = event.bracket
    if not view.moved_down:
        key = "bracket_opened.homogeneous"
    elif view.homogeneous:
        key = "bracket_opened.as_homogeneous"  # A3, last sentence
    else:
        key = "bracket_opened.heterogeneous"
    text = cat.text(key, score=bracket_score(cat, view), players=cat.players(ids(view.players)),
                    moved=cat.players(view.moved_down))
    if view.lowest:
        text = cat.join([text, cat.text("bracket_opened.lowest")])
    return text


@describe.register
def _player_moved_down(event: PlayerMovedDown, cat: Catalogue) -> str:
    score = bracket_score(cat, event.bracket)
    if event.reason is None:
        return cat.text("player_moved_down", player=event.player, score=score)
    return cat.text("player_moved_down.reason", player=event.player, score=score,
                    reason=describe_rejection(event.reason, cat))


@describe.register
def _bracket_split(event: BracketSplit, cat: Catalogue) -> str:
    view = event.bracket
    if view.p == 0:
        return cat.text("bracket_split.empty", score=bracket_score(cat, view),
                        players=cat.players(ids(view.players)))
    if view.remainder:
        key = "bracket_split.remainder"
    elif view.moved_down and not view.homogeneous:
        key = "bracket_split.heterogeneous"
    else:
        key = "bracket_split"
    return cat.text(key, s1=cat.players(view.s1), s2=cat.players(view.s2),
                    p=cat.number(view.p), x=cat.number(view.x), w=cat.number(event.w),
                    b=cat.number(event.b), q=cat.number(event.q))


@describe.register
def _candidate_tried(event: CandidateTried, cat: Catalogue) -> str:
    pairs = cat.pairs(event.pairs)
    order = cat.order([b for _, b in event.pairs] + list(event.leftover))
    number = cat.number(event.transposition)
    first = event.transposition == 0
    if event.accepted:
        key = ("candidate_tried.first.accepted" if first
               else "candidate_tried.transposition.accepted")
        text = cat.text(key, pairs=pairs, order=order, number=number)
    else:
        rejection = event.rejection
        reason = (cat.text("rejection.unspecified") if rejection is None
                  else describe_rejection(rejection, cat, event.bracket.x))
        blocked = None if rejection is None else _pair_of(rejection)
        pair_in_candidate = blocked is not None and any(
            frozenset(pair) == blocked for pair in event.pairs)
        if first and pair_in_candidate and rejection is not None:
            key = "candidate_tried.first.rejected_pair"
            text = cat.text(key, pair=cat.pair(*rejection.players[:2]), reason=reason)
        else:
            key = ("candidate_tried.first.rejected" if first
                   else "candidate_tried.transposition.rejected")
            text = cat.text(key, pairs=pairs, order=order, number=number, reason=reason)
    extra = []
    if event.exchange is not None:
        extra.append(cat.text("candidate_tried.exchange", cell=cat.cell(event.exchange)))
    if event.accepted and event.leftover:
        extra.append(cat.text("candidate_tried.leftover",
                              leftover=cat.players(event.leftover)))
    return cat.join([text, *extra])


@describe.register
def _candidates_skipped(event: CandidatesSkipped, cat: Catalogue) -> str:
    if event.rule == "C8" or any(r.detail == "no_exchange" for r in event.reasons):
        return cat.text("candidates_skipped.no_exchange")
    if event.rule == "D2" and event.count > 0:
        # A range of exchange numbers (C8's jump), not of transpositions.
        key = ("candidates_skipped.exchange_one" if event.first == event.last
               else "candidates_skipped.exchanges")
        return cat.text(key, first=cat.number(event.first), last=cat.number(event.last),
                        count=cat.number(event.count))
    if event.count <= 0 or event.last < event.first:
        key = "candidates_skipped.empty"
    elif event.first == event.last:
        key = "candidates_skipped.one"
    else:
        key = "candidates_skipped.range"
    sentences = [cat.text(key, first=cat.number(event.first), last=cat.number(event.last),
                          count=cat.number(event.count))]
    if event.reasons:
        reasons = cat.text("fmt.reason_sep").join(
            describe_rejection(r, cat, event.bracket.x) for r in event.reasons)
        sentences.append(cat.text("candidates_skipped.reasons", reasons=reasons))
    if event.exchange is not None:
        sentences.append(cat.text("candidates_skipped.exchange", cell=cat.cell(event.exchange)))
    return cat.join(sentences)


@describe.register
def _exchange_applied(event: ExchangeApplied, cat: Catalogue) -> str:
    key = "exchange_applied" if event.feasible else "exchange_applied.infeasible"
    return cat.text(key, number=cat.number(event.number), cell=cat.cell(event.cell),
                    from_s1=cat.group(event.from_s1), from_s2=cat.group(event.from_s2),
                    s1=cat.players(event.bracket.s1), s2=cat.players(event.bracket.s2))


@describe.register
def _criterion_dropped(event: CriterionDropped, cat: Catalogue) -> str:
    key = "criterion_dropped.up" if event.floaters == "up" else "criterion_dropped.down"
    return cat.text(key, criterion=event.criterion)


@describe.register
def _x_increased(event: XIncreased, cat: Catalogue) -> str:
    return cat.text("x_increased", x=cat.number(event.bracket.x), p=cat.number(event.bracket.p))


@describe.register
def _p_decreased(event: PDecreased, cat: Catalogue) -> str:
    key = "p_decreased.zero" if event.bracket.p == 0 else "p_decreased"
    return cat.text(key, p=cat.number(event.bracket.p), score=bracket_score(cat, event.bracket))


@describe.register
def _bracket_undone(event: BracketUndone, cat: Catalogue) -> str:
    which = "previous" if event.rule == "C12" else "penultimate"
    outcome = "accepted" if event.accepted else "rejected"
    return cat.text(f"bracket_undone.{which}.{outcome}", score=bracket_score(cat, event.bracket),
                    failed=bracket_score(cat, event.because_of))


@describe.register
def _brackets_merged(event: BracketsMerged, cat: Catalogue) -> str:
    return cat.text("brackets_merged", score=bracket_score(cat, event.bracket),
                    players=cat.players(ids(event.bracket.players)))


@describe.register
def _bracket_paired(event: BracketPaired, cat: Catalogue) -> str:
    view = event.bracket
    score = bracket_score(cat, view)
    if event.pairs:
        key = "bracket_paired.remainder" if view.remainder else "bracket_paired"
        text = cat.text(key, score=score, pairs=cat.pairs(event.pairs),
                        how=_how(cat, event.transposition, event.exchange))
    else:
        key = "bracket_paired.remainder_none" if view.remainder else "bracket_paired.none"
        text = cat.text(key, score=score)
    if not event.moved_down:
        return text
    # In the lowest bracket nobody moves down: the one left over gets the bye.
    key = "bracket_paired.unpaired" if view.lowest else "bracket_paired.moved_down"
    return cat.join([text, cat.text(key, moved=cat.players(event.moved_down))])


@describe.register
def _soft_avoid_chosen(event: SoftAvoidChosen, cat: Catalogue) -> str:
    fields = dict(score=bracket_score(cat, event.bracket),
                  rules_how=_how(cat, event.rules_transposition, event.rules_exchange),
                  rules_count=cat.number(event.rules_same_group),
                  rules_group=cat.pairs(event.rules_group_pairs),
                  pairs=cat.pairs(event.pairs), how=_how(cat, event.transposition, event.exchange),
                  count=cat.number(event.same_group), group=cat.pairs(event.group_pairs))
    key = "soft_avoid_chosen.changed" if event.changed else "soft_avoid_chosen.kept"
    sentences = [cat.text(key, **fields)]
    if not event.complete:
        sentences.append(cat.text("soft_avoid_chosen.bound",
                                  examined=cat.number(event.examined)))
    return cat.join(sentences)


def _soft_avoided(state: Round) -> list[SoftAvoidChosen]:
    """The soft-avoid choices that changed a pairing kept in the round."""
    return [e for e in state.events if isinstance(e, SoftAvoidChosen) and e.changed
            and all(frozenset(pair) in state.final for pair in e.pairs)]


@describe.register
def _bye_assigned(event: ByeAssigned, cat: Catalogue) -> str:
    return cat.text("bye_assigned", player=event.player)


def strength(preference: str) -> int:
    """3 absolute ("B!!"), 2 strong ("N!"), 1 mild ("B"), 0 none ("-")."""
    if not preference or preference[0] not in "BN":
        return 0
    return 1 + preference.count("!")


STRENGTH_KEYS = {3: "fmt.strength.absolute", 2: "fmt.strength.strong", 1: "fmt.strength.mild"}


@describe.register
def _colour_allocated(event: ColourAllocated, cat: Catalogue) -> str:
    fields: dict[str, object] = {"white": event.white, "black": event.black,
                                 "higher": event.higher}
    rule = event.rule
    key = f"colour.{rule}" if f"colour.{rule}" in cat else "colour.other"
    views = [v for v in (event.white_view, event.black_view) if v is not None]
    if rule == "E2":
        if len(views) == 2 and strength(views[0].preference) != strength(views[1].preference):
            strong = max(views, key=lambda v: strength(v.preference))
            colour = "white" if strong.preference[0] == "B" else "black"
            fields.update(player=strong.id,
                          strength=cat.text(STRENGTH_KEYS[strength(strong.preference)]),
                          colour=cat.text(f"fmt.colour.{colour}"))
        else:
            key = "colour.E2.plain"
    elif rule == "E4":
        higher = next((v for v in views if v.id == event.higher), None)
        if higher is not None and strength(higher.preference) == 0:
            key = "colour.E4.initial"
    return cat.text(key, **fields)


@describe.register
def _boards_ordered(event: BoardsOrdered, cat: Catalogue) -> str:
    return boards_sentence(event, cat, "boards_ordered")


@describe.register
def _round_paired(event: RoundPaired, cat: Catalogue) -> str:
    return round_paired_sentence(event, cat, "", "round_paired.released")


# ---------------------------------------------------------------------------
# Why were a and b paired (or not)?


def _rule_of(transposition: int) -> str:
    # C6 pairs S2 as it stands; any other order of S2 comes from C7.
    return "C6" if transposition == 0 else "C7"

def _source(state: Round, a: PlayerId, b: PlayerId) -> BracketPaired | CandidateTried | None:
    """The kept bracket pairing in which a-b is an S1-S2 pair; failing
    that (a pairing kept without its own announcement, after C12), the
    last accepted candidate that made the pair and only kept pairs."""
    pair = frozenset((a, b))
    for event in reversed(state.kept):
        # A heterogeneous bracket's pairs include its remainder group's:
        # those are credited to the remainder's own pairing.
        if holds(event.pairs, pair) and (a in event.bracket.s1 or b in event.bracket.s1):
            return event
    for candidate in reversed(state.events):
        if (isinstance(candidate, CandidateTried) and candidate.accepted
                and holds(candidate.pairs, pair)
                and all(frozenset(p) in state.final for p in candidate.pairs)):
            return candidate
    return None


def _paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    cat = answer.cat
    source = _source(state, a, b)
    if source is not None:
        view = source.bracket
        first, second = next((x, y) for x, y in source.pairs if {x, y} == {a, b})
        if view.remainder:
            key = "why.paired.remainder"
        elif view.moved_down and not view.homogeneous:
            key = "why.paired.heterogeneous"
        else:
            key = "why.paired.bracket"
        rule = _rule_of(source.transposition)
        answer.add(cat.text(key, rule=rule, score=cat.number(view.score), s1=first, s2=second,
                            how=_how(cat, source.transposition, None)), rule)
        if source.exchange is not None:
            answer.add(cat.text("why.paired.exchange", cell=cat.cell(source.exchange)),
                       "C8", "D2")
    else:
        together = state.last_view(a, b)
        if together is not None:
            answer.add(cat.text("why.paired.bracket_unknown",
                                score=cat.number(together.score)), "A3")
    score_a, score_b = state.scores.get(a), state.scores.get(b)
    if score_a is not None and score_b is not None and score_a != score_b:
        (down, down_score), (up, up_score) = sorted(((a, score_a), (b, score_b)),
                                                    key=lambda item: -item[1])
        answer.add(cat.text("why.paired.floaters", down=down, up=up,
                            down_score=cat.number(down_score), up_score=cat.number(up_score)),
                   "A4")
    pair = frozenset((a, b))
    for chosen in _soft_avoided(state):
        if holds(chosen.pairs, pair) and not holds(chosen.rules_pairs, pair):
            answer.add(cat.text("why.paired.soft_avoid", rules_pairs=cat.pairs(chosen.rules_pairs),
                                rules_count=cat.number(chosen.rules_same_group),
                                count=cat.number(chosen.same_group)), chosen.rule)
            break
    colour = None
    for event in reversed(state.events):
        if isinstance(event, ColourAllocated) and {event.white, event.black} == {a, b}:
            colour = event
            break
    if colour is not None:
        answer.add(cat.label(colour.rule, describe(colour, cat)), colour.rule)


def _not_paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    """The first criterion or step, in the order of the procedure, that kept a-b apart."""
    cat = answer.cat
    pair = frozenset((a, b))
    # 1. An absolute criterion (B1, B2) on the pair itself: nothing could pair them.
    for event in state.events:
        rejections: tuple[Rejection, ...] = ()
        if isinstance(event, CandidateTried) and event.rejection is not None:
            rejections = (event.rejection,)
        elif isinstance(event, CandidatesSkipped):
            rejections = event.reasons
        elif isinstance(event, PlayerMovedDown) and event.reason is not None:
            rejections = (event.reason,)
        for rejection in rejections:
            if _pair_of(rejection) == pair:
                score = cat.number(views(event)[0].score) if views(event) else "?"
                answer.add(cat.text("why.reason.absolute",
                                    rejection=describe_rejection(rejection, cat),
                                    step=event.rule, score=score),
                           rejection.criterion, event.rule)
                return
    # 2. Never in the same bracket: A3 pairs brackets from the top, players
    # only move down, and B3 wants the smallest score difference.
    shared = state.last_view(a, b)
    if shared is None:
        view_a, view_b = state.last_view(a), state.last_view(b)
        if view_a is not None and view_b is not None:
            (first, first_view), (second, second_view) = sorted(
                ((a, view_a), (b, view_b)), key=lambda item: item[1].index)
            answer.add(cat.text("why.reason.brackets", first=first, second=second,
                                first_score=cat.number(first_view.score),
                                second_score=cat.number(second_view.score)), "A3", "B3")
        else:
            answer.add(cat.text("why.reason.unknown", a=a, b=b))
        return
    score = cat.number(shared.score)
    # 3. C1: one of them could meet nobody in the shared bracket.
    for event in state.events:
        if (isinstance(event, PlayerMovedDown) and event.player in pair
                and event.bracket.index == shared.index
                and all(p in ids(event.bracket.players) for p in pair)):
            answer.add(cat.text("why.reason.c1", player=event.player,
                                score=cat.number(event.bracket.score)), "C1")
            return
    # 3b. The rules' first pairing held a-b, soft-avoid (seed 002) kept an
    # equivalent one with fewer same-group pairs.
    for chosen in _soft_avoided(state):
        if holds(chosen.rules_pairs, pair) and not holds(chosen.pairs, pair):
            answer.add(cat.text("why.reason.soft_avoid", score=cat.number(chosen.bracket.score),
                                a=a, b=b, rules_count=cat.number(chosen.rules_same_group),
                                count=cat.number(chosen.same_group)), chosen.rule)
            return
    # 4. A candidate holding a-b was rejected by a criterion on a or b (a
    # rejection of another pair of that candidate says nothing about a-b).
    for event in state.events:
        if (isinstance(event, CandidateTried) and event.rejection is not None
                and holds(event.pairs, pair)
                and pair & set(event.rejection.players)):
            answer.add(cat.text("why.reason.candidate", rule=event.rule,
                                score=cat.number(event.bracket.score),
                                pairs=cat.pairs(event.pairs), a=a, b=b,
                                rejection=describe_rejection(event.rejection, cat,
                                                             event.bracket.x)),
                       event.rule, event.rejection.criterion)
            return
    kept = state.kept_in(shared.index, shared.remainder)
    if kept is None:
        answer.add(cat.text("why.reason.unknown", a=a, b=b))
        return
    view = kept.bracket
    rule = _rule_of(kept.transposition)
    how = _how(cat, kept.transposition, kept.exchange)
    # 5. Both on the same side: C6 pairs S1 against S2 (in a heterogeneous
    # bracket, S2 players left over meet again in the remainder group).
    for group, members in (("s1", view.s1), ("s2", view.s2)):
        same_side = a in members and b in members
        if same_side and (group == "s1" or view.homogeneous or view.remainder):
            answer.add(cat.text("why.reason.same_subgroup", a=a, b=b, score=score,
                                group=cat.text(f"fmt.subgroup.{group}")), "A6", "C6")
            return
    # 6. The kept pairing of the shared bracket left one of them over.
    if isinstance(kept, BracketPaired):
        left_over = kept.moved_down
    elif view.homogeneous or view.remainder:
        left_over = kept.leftover
    else:
        left_over = ()  # a heterogeneous bracket's leftover goes on to its remainder group
    for player in (a, b):
        if player in left_over:
            # In the lowest bracket the player left over is the one with the bye.
            key = "why.reason.left_over" if view.lowest else "why.reason.floated"
            answer.add(cat.text(key, rule=rule, score=score, how=how, player=player),
                       *((rule, "A5") if view.lowest else (rule,)))
            return
    # 7. Otherwise the kept pairing is the first acceptable candidate in
    # D1/D2 order, and it does not hold a-b.
    answer.add(cat.text("why.reason.earlier", rule=rule, score=score, how=how, a=a, b=b),
               rule, "D1", "D2")


WHY = WhyRules(absent="why.absent", absent_labels=("F5",), bye="why.fate.bye",
               bye_labels=("A5",), paired=_paired, not_paired=_not_paired)
"""The reasons of ``why()`` under the 1998 rules."""
