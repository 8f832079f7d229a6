"""Seed 003's simplified tool (``simple``): its events and ``why()`` in the
seed's own words.

The rule labels (``S-groups``, ``S-halves``, ``S-rematch``, ``S-down``,
``S-bye``, ``S-colours``, ``S-colours-strong``, ``S-colours-rank``,
``S-boards``) are those of :mod:`swisslearn.simple`; each message says the
rule the way the seed's help page does (« groupes de points », « moitié
haute contre moitié basse », « jamais de revanche »...).  The tool changes
no points for the bye and knows no A2 order, no S1/S2 transpositions and no
floater rules: its messages say none of those.  Catalogue keys: ``simple.*``.
"""

from __future__ import annotations

from functools import singledispatch

from swisslearn.words import Catalogue
from swisslearn.explain.common import (Answer, Round, WhyRules, boards_sentence, holds, ids,
                                      round_paired_sentence, round_started_sentence)
from swisslearn.explain.common import score as group_score
from swisslearn.model import PlayerId
from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, BracketSplit,
                              BracketView, ByeAssigned, CandidatesSkipped, CandidateTried,
                              ColourAllocated, Event, PlayerMovedDown, PlayerView, Rejection,
                              RoundPaired, RoundStarted)

__all__ = ["WHY", "describe", "describe_rejection"]


# ---------------------------------------------------------------------------
# Rejections


def describe_rejection(found: Rejection, cat: Catalogue) -> str:
    """« S-rematch : 3 et 5 se sont déjà rencontrés ; jamais de revanche »."""
    return cat.label(found.criterion, _rejection_body(found, cat))


def _rejection_body(found: Rejection, cat: Catalogue) -> str:
    players = found.players
    if found.detail == "met" and len(players) >= 2:
        return cat.text("simple.rejection.met", a=players[0], b=players[1])
    if not found.detail and players:
        # The pairing of a group is refused when the players moving down
        # and those below could no longer all be paired without a rematch.
        return cat.text("simple.rejection.lookahead", players=cat.players(players))
    return cat.text("rejection.generic", players=cat.players(players))


def _met(found: Rejection | None) -> frozenset[PlayerId] | None:
    if found is not None and found.detail == "met" and len(found.players) == 2:
        return frozenset(found.players)
    return None


# ---------------------------------------------------------------------------
# One event


@singledispatch
def describe(event: Event, cat: Catalogue) -> str:
    return cat.text("event.generic", kind=event.kind)


@describe.register
def _round_started(event: RoundStarted, cat: Catalogue) -> str:
    return round_started_sentence(event, cat, "simple.round_started", "round_started.absent")


@describe.register
def _bye_assigned(event: ByeAssigned, cat: Catalogue) -> str:
    return cat.text("simple.bye", player=event.player)


@describe.register
def _bracket_opened(event: BracketOpened, cat: Catalogue) -> str:
    view = event.bracket
    key = "simple.bracket_opened.moved" if view.moved_down else "simple.bracket_opened"
    text = cat.text(key, score=group_score(cat, view), players=cat.players(ids(view.players)),
                    moved=cat.players(view.moved_down))
    if view.lowest:
        text = cat.join([text, cat.text("simple.bracket_opened.lowest")])
    return text


@describe.register
def _bracket_split(event: BracketSplit, cat: Catalogue) -> str:
    view = event.bracket
    if not view.s1:
        return cat.text("simple.bracket_split.alone", score=group_score(cat, view),
                        players=cat.players(ids(view.players)))
    text = cat.text("simple.bracket_split", s1=cat.players(view.s1), s2=cat.players(view.s2))
    if len(view.s2) > len(view.s1):
        text = cat.join([text, cat.text("simple.bracket_split.odd", player=view.s2[-1])])
    return text


@describe.register
def _candidate_tried(event: CandidateTried, cat: Catalogue) -> str:
    pairs = cat.pairs(event.pairs)
    halves = event.rule == "S-halves" or event.transposition == 0
    if event.accepted:
        if not event.pairs:
            key = ("simple.candidate_tried.none" if len(event.leftover) <= 1
                   else "simple.candidate_tried.other.none")
        elif halves:
            key = "simple.candidate_tried.halves.accepted"
        else:
            key = "simple.candidate_tried.other.accepted"
        text = cat.text(key, pairs=pairs, leftover=cat.players(event.leftover))
        if event.leftover and event.pairs:
            text = cat.join([text, cat.text("simple.candidate_tried.leftover",
                                            leftover=cat.players(event.leftover))])
        return text
    reason = (cat.text("rejection.unspecified") if event.rejection is None
              else describe_rejection(event.rejection, cat))
    key = ("simple.candidate_tried.halves.rejected" if halves
           else "simple.candidate_tried.other.rejected")
    return cat.text(key, pairs=pairs, reason=reason)


@describe.register
def _candidates_skipped(event: CandidatesSkipped, cat: Catalogue) -> str:
    sentences = []
    if event.count > 0:
        key = ("simple.candidates_skipped.one" if event.count == 1
               else "simple.candidates_skipped.many")
        sentences.append(cat.text(key, count=cat.number(event.count)))
    met = [pair for pair in (_met(r) for r in event.reasons) if pair is not None]
    if met:
        pairs = [(min(pair), max(pair)) for pair in met]
        sentences.append(cat.text("simple.candidates_skipped.rematches",
                                  pairs=cat.pairs(pairs)))
    if not sentences:
        sentences.append(cat.text("simple.candidates_skipped.none"))
    return cat.join(sentences)


@describe.register
def _player_moved_down(event: PlayerMovedDown, cat: Catalogue) -> str:
    score = group_score(cat, event.bracket)
    if event.reason is None:
        return cat.text("simple.player_moved_down", player=event.player, score=score)
    if event.reason.detail == "met":
        return cat.text("simple.player_moved_down.met_all", player=event.player, score=score)
    return cat.text("simple.player_moved_down.reason", player=event.player, score=score,
                    reason=describe_rejection(event.reason, cat))


@describe.register
def _bracket_paired(event: BracketPaired, cat: Catalogue) -> str:
    view = event.bracket
    score = group_score(cat, view)
    if not event.pairs:
        text = cat.text("simple.bracket_paired.none", score=score)
    else:
        key = ("simple.bracket_paired.other" if event.rule == "S-rematch"
               else "simple.bracket_paired.halves")
        text = cat.text(key, score=score, pairs=cat.pairs(event.pairs))
    if event.moved_down:
        text = cat.join([text, cat.text("simple.bracket_paired.moved_down",
                                        moved=cat.players(event.moved_down))])
    return text


def _played(view: PlayerView) -> tuple[int, int]:
    """(whites, blacks) played, from the colour history (B blancs, N noirs)."""
    return view.colours.count("B"), view.colours.count("N")


def _strength(view: PlayerView) -> int:
    """The seed's preference strength: 0 no game, 1 alternation, 1 + |difference|."""
    whites, blacks = _played(view)
    if whites + blacks == 0:
        return 0
    return 1 + abs(whites - blacks)


@describe.register
def _colour_allocated(event: ColourAllocated, cat: Catalogue) -> str:
    fields: dict[str, object] = {"white": event.white, "black": event.black,
                                 "higher": event.higher}
    both = ([event.white_view, event.black_view]
            if event.white_view is not None and event.black_view is not None else [])
    played = [v for v in both if sum(_played(v)) > 0]
    if event.rule == "S-colours":
        key = "simple.colour.both"
        if len(both) == 2 and len(played) == 1:
            key = "simple.colour.one"
            fields["player"] = played[0].id
    elif event.rule == "S-colours-strong":
        key = "simple.colour.strong.plain"
        if len(both) == 2 and _strength(both[0]) != _strength(both[1]):
            key = "simple.colour.strong"
            stronger = max(both, key=_strength)
            colour = "white" if stronger.id == event.white else "black"
            fields.update(player=stronger.id, colour=cat.text(f"fmt.colour.{colour}"))
    elif event.rule == "S-colours-rank":
        key = "simple.colour.rank.first" if len(both) == 2 and not played else "simple.colour.rank"
    else:
        key = "simple.colour.other"
    return cat.text(key, **fields)


@describe.register
def _boards_ordered(event: BoardsOrdered, cat: Catalogue) -> str:
    return boards_sentence(event, cat, "simple.boards_ordered")


@describe.register
def _round_paired(event: RoundPaired, cat: Catalogue) -> str:
    return round_paired_sentence(event, cat, "simple.", "round_paired.released")


# ---------------------------------------------------------------------------
# Why were a and b paired (or not)?


def _halves_refused(state: Round, index: int) -> Rejection | None:
    """Why the top half against the bottom half was refused in group ``index``."""
    for event in state.events:
        if (isinstance(event, CandidateTried) and not event.accepted
                and event.bracket.index == index and event.rejection is not None):
            return event.rejection
    return None


def _kept(state: Round, index: int) -> BracketPaired | None:
    for event in reversed(state.kept):
        if event.bracket.index == index:
            return event
    return None


def _paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    cat = answer.cat
    source = state.paired_in(a, b)
    if source is not None:
        view = source.bracket
        score = group_score(cat, view)
        first, second = next((x, y) for x, y in source.pairs if {x, y} == {a, b})
        if source.rule == "S-rematch":
            refused = _halves_refused(state, view.index)
            if refused is None:
                answer.add(cat.text("simple.why.paired.other.plain", score=score, a=first,
                                    b=second), "S-rematch")
            else:
                answer.add(cat.text("simple.why.paired.other", score=score, a=first, b=second,
                                    reason=describe_rejection(refused, cat)),
                           "S-halves", "S-rematch")
        elif first in view.s1 and second in view.s2:
            answer.add(cat.text("simple.why.paired.halves", score=score, top=first,
                                bottom=second), "S-halves")
        else:
            answer.add(cat.text("simple.why.paired.group", score=score), "S-groups")
    score_a, score_b = state.scores.get(a), state.scores.get(b)
    if score_a is not None and score_b is not None and score_a != score_b:
        (down, down_score), (up, up_score) = sorted(((a, score_a), (b, score_b)),
                                                    key=lambda item: -item[1])
        answer.add(cat.text("simple.why.paired.down", down=down, up=up,
                            down_score=cat.number(down_score), up_score=cat.number(up_score)),
                   "S-down")
    for event in reversed(state.events):
        if isinstance(event, ColourAllocated) and {event.white, event.black} == {a, b}:
            answer.add(cat.label(event.rule, describe(event, cat)), event.rule)
            break


def _not_paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    """The first rule, in the order the tool applies them, that kept a-b apart."""
    cat = answer.cat
    pair = frozenset((a, b))
    # 1. Never a rematch: they have met (a rejection on the pair itself).
    for event in state.events:
        rejections: tuple[Rejection, ...] = ()
        if isinstance(event, CandidateTried) and event.rejection is not None:
            rejections = (event.rejection,)
        elif isinstance(event, CandidatesSkipped):
            rejections = event.reasons
        elif isinstance(event, PlayerMovedDown) and event.reason is not None:
            rejections = (event.reason,)
        if any(_met(r) == pair for r in rejections):
            answer.add(cat.text("simple.why.reason.met", a=a, b=b), "S-rematch")
            return
    # 2. Never in the same group: groups are paired from the top.
    shared = state.told_apart(answer, a, b, "simple.why.reason.groups", "S-groups")
    if shared is None:
        return
    score = group_score(cat, shared)
    # 3. One of them found no opponent in the shared group and moved down.
    for event in state.events:
        if (isinstance(event, PlayerMovedDown) and event.player in pair
                and event.bracket.index == shared.index):
            key = ("simple.why.reason.down.met_all" if event.reason is not None
                   else "simple.why.reason.down")
            answer.add(cat.text(key, player=event.player, score=score), "S-down")
            return
    kept = _kept(state, shared.index)
    if kept is None:
        answer.add(cat.text("why.reason.unknown", a=a, b=b))
        return
    view: BracketView = kept.bracket
    pairs = cat.pairs(kept.pairs)
    # 4. Other opponents were tried: the top half against the bottom half
    # gave a rematch, and the pairing kept does not hold a-b.
    if kept.rule == "S-rematch":
        refused = _halves_refused(state, view.index)
        reason = (cat.text("rejection.unspecified") if refused is None
                  else describe_rejection(refused, cat))
        answer.add(cat.text("simple.why.reason.other", score=score, pairs=pairs, a=a, b=b,
                            reason=reason), "S-halves", "S-rematch")
        return
    # 5. Top half against bottom half: both in the same half, or not facing.
    for half, members in (("top", view.s1), ("bottom", view.s2)):
        if a in members and b in members:
            answer.add(cat.text("simple.why.reason.same_half", a=a, b=b, score=score,
                                half=cat.text(f"simple.fmt.half.{half}")), "S-halves")
            return
    if not holds(kept.pairs, pair):
        answer.add(cat.text("simple.why.reason.halves", a=a, b=b, score=score, pairs=pairs),
                   "S-halves")
        return
    answer.add(cat.text("why.reason.unknown", a=a, b=b))


WHY = WhyRules(absent="simple.why.absent", absent_labels=(), bye="simple.why.fate.bye",
               bye_labels=("S-bye",), paired=_paired, not_paired=_not_paired, bye_decides=True)
"""The reasons of ``why()`` under the simplified tool: the bye is decided
before any group is paired, so it alone keeps its player apart."""
