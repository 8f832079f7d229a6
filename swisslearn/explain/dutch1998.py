"""The 1998 rules (``dutch-1998``, seed 000): every event and rejection in
the words of the arbiters' course, and the reasons of ``why()``.

Rule labels are those of the 1998 text (``A2``, ``C7``, ``D2``, ``E3``...).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import singledispatch

from swisslearn.dutch1998.colours import a8_x
from swisslearn.words import Catalogue
from swisslearn.explain.common import (Answer, Round, WhyRules, boards_sentence, holds, ids,
                                      round_paired_sentence, round_started_sentence, views)
from swisslearn.explain.common import score as bracket_score
from swisslearn.explain.story1998 import failed_below
from swisslearn.model import PlayerId
from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, BracketSplit,
                              BracketsMerged, BracketUndone, BracketView, ByeAssigned,
                              CandidatesSkipped, CandidateTried, ColourAllocated,
                              CriterionDropped, Event, ExchangeApplied, LastResort, PairingsTried,
                              PDecreased, PlayerMovedDown, PlayerStuck, PlayerView, Refusal,
                              Rejection, RemainderUnpaired, RoundPaired, RoundStarted,
                              SoftAvoidChosen, XIncreased)

__all__ = ["WHY", "describe", "describe_rejection", "preference_text", "strength",
           "STRENGTH_KEYS"]


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
    if detail in ("same_pairing", "moved_down_before"):
        # The driver's memory refuses it: under C12 (another downfloater
        # wanted) or C13 (another pairing), said in that rule's words.
        key = f"rejection.{detail}" + (".c12" if criterion == "C12" else "")
        if not players and f"{key}.none" in cat:
            return cat.text(f"{key}.none")
        return cat.text(key, players=cat.players(players))
    return _search_body(rejection, cat, x)


def _search_body(rejection: Rejection, cat: Catalogue, x: int | None) -> str:
    """The reasons the search gives for the candidates it refuses in a block
    (``search.py``): after a pair, the rest cannot be completed, and why."""
    detail, players = rejection.detail, rejection.players
    if detail == "beyond_x":
        x_text = cat.number(x) if x is not None else "x"
        if len(players) >= 2:
            return cat.text("rejection.beyond_x", a=players[0], b=players[1], x=x_text)
        return cat.text("rejection.beyond_x.one", x=x_text)
    if detail in ("no_opponent_left", "no_completion") and players:
        if len(players) >= 3:
            return cat.text(f"rejection.{detail}", a=players[0], b=players[1],
                            player=players[2])
        return cat.text(f"rejection.{detail}.one", player=players[-1])
    if detail == "no_completion" or (rejection.criterion == "D1" and len(players) == 2):
        return cat.text("rejection.no_completion.plain", pair=cat.pair(*players[:2]))
    if detail == "no_p_pairs":
        return cat.text("rejection.no_p_pairs", players=cat.players(players))
    if detail == "failed_below" and rejection.criterion == "C12" and players:
        return cat.text("rejection.failed_below.c12", players=cat.players(players))
    if detail in ("no_split", "even", "others", "failed_below"):
        return cat.text(f"rejection.{detail}")
    if detail == "one_bye":
        return cat.text("rejection.one_bye", players=cat.players(players))
    if detail == "alone" and players:
        return cat.text("rejection.alone", player=players[0])
    return cat.text("rejection.generic", players=cat.players(players))


def _counted(reasons: Sequence[Rejection], counts: Sequence[int], cat: Catalogue,
             x: int | None = None) -> str:
    """Reasons each with its count (« B5 : 4 flotterait … — 23 »)."""
    items = []
    for index, reason in enumerate(reasons):
        text = describe_rejection(reason, cat, x)
        if index < len(counts):
            text = cat.text("fmt.counted", reason=text, count=cat.number(counts[index]))
        items.append(text)
    return cat.text("fmt.reason_sep").join(items)


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
    # F5 tells apart a player absent from a round and one who has withdrawn.
    away = tuple(p for p in event.absent if p not in event.withdrawn)
    sentences = [round_started_sentence(replace(event, absent=away), cat, "round_started",
                                        "round_started.absent")]
    if event.withdrawn:
        sentences.append(cat.text("round_started.withdrawn",
                                  players=cat.players(event.withdrawn)))
    if event.last_round:
        key = "round_started.last_round" + (".one" if len(event.last_round) == 1 else "")
        sentences.append(cat.text(key, players=cat.players(event.last_round)))
    if event.adjourned:
        games = cat.text("fmt.list_sep").join(
            cat.text("fmt.game_round", a=white, b=black, round=round)
            for round, white, black in event.adjourned)
        sentences.append(cat.text("round_started.adjourned", games=games))
    return cat.join(sentences)


@describe.register
def _bracket_opened(event: BracketOpened, cat: Catalogue) -> str:
    view = event.bracket
    if event.reading == 22:
        # A3 judged again on the players C1 left (reading 22).
        kind = "as_homogeneous" if view.homogeneous else "heterogeneous"
        text = cat.text(f"bracket_opened.after_c1.{kind}", score=bracket_score(cat, view),
                        players=cat.players(ids(view.players)),
                        moved=cat.players(view.moved_down))
        return cat.join([text, *_reading(cat, event.reading)])
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
    return cat.join([text, *_reading(cat, event.reading)]) if event.reading else text


def _stuck_reasons(reasons: Sequence[Rejection], cat: Catalogue) -> str:
    """Why a player can meet nobody in his bracket, the opponents grouped by
    criterion (« il a déjà rencontré 6 et 10 (B1a) »)."""
    grouped: dict[str, list[PlayerId]] = {}
    others: list[str] = []
    for reason in reasons:
        detail = reason.detail or _DEFAULT_DETAIL.get(reason.criterion, "")
        if detail in ("met", "forbidden", "colour_difference", "three_in_a_row") \
                and len(reason.players) == 2:
            grouped.setdefault(detail, []).append(reason.players[1])
        elif detail == "alone":
            grouped.setdefault(detail, [])
        else:
            others.append(describe_rejection(reason, cat))
    parts = [cat.text(f"stuck.{detail}", players=_and(cat, opponents))
             for detail, opponents in grouped.items()]
    return cat.text("fmt.reason_sep").join(parts + others)


def _and(cat: Catalogue, players: Sequence[PlayerId]) -> str:
    """« 2, 6 et 9 »."""
    items = [str(p) for p in players]
    if len(items) <= 1:
        return "".join(items) or cat.text("fmt.none")
    return cat.text("fmt.list_sep").join(items[:-1]) + cat.text("fmt.and") + items[-1]


@describe.register
def _player_stuck(event: PlayerStuck, cat: Catalogue) -> str:
    key = {"C12": "stuck.c12", "C13": "stuck.c13"}.get(event.then, "stuck.bye")
    return cat.text(key, player=event.player, score=bracket_score(cat, event.bracket),
                    reasons=_stuck_reasons(event.reasons, cat))


def _reading(cat: Catalogue, reading: int | None, variant: str = "") -> list[str]:
    """« Lecture N : … »: the README reading an event applies, with the
    text's own path it stands for (none when the event follows the text)."""
    if reading is None:
        return []
    key = f"reading.{reading}{variant}"
    return [cat.text(key if key in cat else f"reading.{reading}")]


@describe.register
def _player_moved_down(event: PlayerMovedDown, cat: Catalogue) -> str:
    text = _player_moved_down_plain(event, cat)
    return cat.join([text, *_reading(cat, event.reading)]) if event.reading else text


def _player_moved_down_plain(event: PlayerMovedDown, cat: Catalogue) -> str:
    score = bracket_score(cat, event.bracket)
    view = event.bracket
    if event.reasons:
        if any(r.detail == "alone" for r in event.reasons):
            return cat.text("player_moved_down.alone", player=event.player, score=score)
        key = ("player_moved_down.c12" if event.player in view.moved_down
               and not view.homogeneous else "player_moved_down.reasons")
        return cat.text(key, player=event.player, score=score,
                        reasons=_stuck_reasons(event.reasons, cat))
    if event.reason is None:
        return cat.text("player_moved_down", player=event.player, score=score)
    return cat.text("player_moved_down.reason", player=event.player, score=score,
                    reason=describe_rejection(event.reason, cat))


def _bracket_kind(view: BracketView) -> str | None:
    """How the text names the group being paired, where it is not a plain
    homogeneous bracket: a remainder group (A8), or a heterogeneous bracket
    (moved-down players in it, A3)."""
    if view.remainder:
        return "remainder"
    if view.moved_down and not view.homogeneous:
        return "heterogeneous"
    return None


@describe.register
def _bracket_split(event: BracketSplit, cat: Catalogue) -> str:
    view = event.bracket
    words = _split_words(event, cat)
    below = [pid for pid in view.s2 if pid in view.moved_down]
    if below and _bracket_kind(view) == "heterogeneous":
        # C14 took them out of S1: C4 puts « tous les autres joueurs en S2 ».
        words += " " + cat.text("bracket_split.moved_in_s2", players=cat.players(below))
    return cat.join([words, *_reading(cat, event.reading)]) if event.reading else words


def _split_words(event: BracketSplit, cat: Catalogue) -> str:
    view = event.bracket
    if view.p == 0:
        return cat.text("bracket_split.empty", score=bracket_score(cat, view),
                        players=cat.players(ids(view.players)))
    kind = _bracket_kind(view)
    key = f"bracket_split.{kind}" if kind else "bracket_split"
    a8 = a8_x(event.w, event.b, event.q)
    fields = dict(s1=cat.players(view.s1), s2=cat.players(view.s2), p=cat.number(view.p),
                  w=cat.number(event.w), b=cat.number(event.b), q=cat.number(event.q))
    if event.lowered is not None:
        # A C14 level: x as A8 computes it, C11's raise, then C14's step (C14
        # restarts at C4: x is not computed again).
        steps = [cat.text("bracket_split.x.a8", a8=cat.number(a8), **fields)]
        if event.raised:
            steps.append(cat.text("bracket_split.x.c11" + (".remainder" if view.remainder
                                                            else ""),
                                  x=cat.number(view.x + event.lowered)))
        steps.append(cat.text("bracket_split.x.c14_follows" if event.lowered
                              else "bracket_split.x.c14_stays",
                              x=cat.number(view.x), p=cat.number(view.p)))
        return cat.text(key + ".steps", steps=cat.text("bracket_split.x.sep").join(steps),
                        **fields)
    if event.raised:
        # x as A8 computes it, then C11's raise: two steps of the text, told apart.
        return cat.text(key + ".raised", x=cat.number(view.x),
                        a8=cat.number(view.x - event.raised), **fields)
    if a8 > view.x:
        # A8's x above p (fewer moved-down players than x): B4 refuses no pair;
        # the search counts x up to p, the line says A8's value.
        return cat.text(key + ".above_p", x=cat.number(a8), **fields)
    return cat.text(key, x=cat.number(view.x), **fields)


def _dropped(cat: Catalogue, dropped: tuple[str, ...]) -> str:
    """The criteria C9/C10 have dropped so far (``"B6 down"``...), in words."""
    words = []
    for item in dropped:
        criterion, _, floaters = item.partition(" ")
        key = "steps1998.dropped.up" if floaters == "up" else "steps1998.dropped.down"
        words.append(cat.text(key, criterion=criterion))
    return cat.text("steps1998.dropped.sep").join(words)


@describe.register
def _candidate_tried(event: CandidateTried, cat: Catalogue) -> str:
    if not event.pairs and event.rejection is not None:
        reason = describe_rejection(event.rejection, cat, event.bracket.x)
        if event.bracket.dropped:
            # C9/C10 restart at C4 with a criterion dropped; when the group
            # has nobody to pair (a remainder's lone player, the bye) the
            # same refusal comes back: say it is again, and without what.
            return cat.text("candidate_tried.none.still", reason=reason,
                            dropped=_dropped(cat, event.bracket.dropped))
        return cat.text("candidate_tried.none.rejected", reason=reason)
    pairs = cat.pairs(event.pairs)
    order = cat.order([b for _, b in event.pairs] + list(event.leftover))
    number = cat.number(event.transposition)
    first = event.transposition == 0
    if event.accepted:
        key = ("candidate_tried.first.accepted" if first
               else "candidate_tried.transposition.accepted")
        if first and event.waived:
            key += ".in_force"   # the criteria still in force, not all of them
        text = cat.text(key if key in cat else key.removesuffix(".in_force"),
                        pairs=pairs, order=order, number=number)
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
    if event.also:
        # Every other criterion the candidate breaks: all are true answers.
        extra.append(cat.text("candidate_tried.also", reasons=cat.text("fmt.reason_sep").join(
            describe_rejection(r, cat, event.bracket.x) for r in event.also)))
    if event.exchange is not None:
        extra.append(cat.text("candidate_tried.exchange", cell=cat.cell(event.exchange)))
    if event.accepted and event.leftover:
        extra.append(cat.text("candidate_tried.leftover",
                              leftover=cat.players(event.leftover)))
    if event.waived:
        # A breach allowed only because C9 (downfloaters) or C10 (upfloaters)
        # dropped the criterion: « B6 abandonné par C9 ».
        extra.append(cat.text("candidate_tried.waived", reasons=cat.text("fmt.reason_sep").join(
            cat.text("candidate_tried.waived.one", reason=describe_rejection(r, cat),
                     criterion=r.criterion,
                     rule="C9" if r.detail == "float_down" else "C10")
            for r in event.waived)))
    extra.extend(_reading(cat, event.reading))
    return cat.join([text, *extra])


@describe.register
def _candidates_skipped(event: CandidatesSkipped, cat: Catalogue) -> str:
    if event.rule == "C8" or any(r.detail == "no_exchange" for r in event.reasons):
        return cat.text("candidates_skipped.no_exchange")
    numbers = dict(first=cat.number(event.first), last=cat.number(event.last),
                   count=cat.number(event.count))
    if event.rule == "D2" and event.count > 0:
        # A range of exchange numbers (C8), not of transpositions.
        if all(r.detail == "no_split" for r in event.reasons):
            key = ("candidates_skipped.exchange_one" if event.first == event.last
                   else "candidates_skipped.exchanges")
            return cat.text(key, **numbers)
        if not event.counts:
            # The reasons of every candidate of these exchanges, uncounted
            # (the literal walk's, dutch1998/reasons.py).
            return cat.join([cat.text("candidates_skipped.exchanges.reasons", **numbers),
                             cat.text("candidates_skipped.exchange_criteria",
                                      reasons=_counted(event.reasons, (), cat,
                                                       event.bracket.x))])
        return cat.join([cat.text("candidates_skipped.exchanges.reasons", **numbers),
                         cat.text("candidates_skipped.counted_exchanges",
                                  reasons=_counted(event.reasons, event.counts, cat,
                                                   event.bracket.x))])
    if event.counts:
        return cat.join([_range_said(event, cat, numbers),
                         cat.text("candidates_skipped.counted",
                                  reasons=_counted(event.reasons, event.counts, cat,
                                                   event.bracket.x)),
                         cat.text("candidates_skipped.exchange", cell=cat.cell(event.exchange))
                         if event.exchange is not None else ""])
    if event.count <= 0 or event.last < event.first:
        sentences = [cat.text("candidates_skipped.empty")]
    else:
        sentences = [_range_said(event, cat, numbers)]
    if event.reasons:
        reasons = cat.text("fmt.reason_sep").join(
            describe_rejection(r, cat, event.bracket.x) for r in event.reasons)
        sentences.append(cat.text("candidates_skipped.reasons", reasons=reasons))
    if event.exchange is not None:
        sentences.append(cat.text("candidates_skipped.exchange", cell=cat.cell(event.exchange)))
    return cat.join(sentences)


def _range_said(event: CandidatesSkipped, cat: Catalogue, numbers: dict[str, str]) -> str:
    """A range of orders of S2 (C7) told as a person would: by the
    opponents they give (« tous ceux qui donnent à 3 l'un de 4, 8, 9 ou 11 »),
    the D1 numbers after, in brackets."""
    view = event.bracket
    groups = _order_groups(len(view.s1), len(view.s2), event.first, event.last)
    if not groups or not view.s1 or not view.s2:
        key = "candidates_skipped.one" if event.first == event.last else "candidates_skipped.range"
        return cat.text(key, **numbers)
    said = [_group_said(group, view.s1, view.s2, cat) for group in groups[:_GROUPS_SAID]]
    if len(groups) > _GROUPS_SAID:
        said.append(cat.text("orders.more", count=cat.number(len(groups) - _GROUPS_SAID)))
    key = "orders_skipped.one" if event.first == event.last else "orders_skipped"
    return cat.text(key, orders=cat.text("orders.group_sep").join(said), **numbers)


# How many groups of orders a range names before « and N more ».
_GROUPS_SAID = 4


def _order_groups(k: int, m: int, first: int, last: int
                  ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """D1 ranks ``first``..``last`` of the orders of an S2 of ``m`` players
    (« tous les nombres possibles ... dans l'ordre croissant »: ranks in
    lexicographic order, 0 = S2 untouched), against an S1 of ``k``, as
    groups ``(prefix, choices)``: every order that gives S1's first players
    the S2 positions ``prefix`` and the next one any of ``choices``.  A
    group whose prefix covers all of S1 (its choices empty) stands for
    orders that all give the same pairs.  Empty if the range is not one of
    S2's orders."""
    if not 0 <= first <= last < math.factorial(m) or k <= 0:
        return []
    groups: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    rank = first
    while rank <= last:
        # The longest aligned block from ``rank``: all orders sharing a prefix.
        length = next(n for n in range(m + 1)
                      if rank % math.factorial(m - n) == 0
                      and rank + math.factorial(m - n) - 1 <= last)
        order = _unrank(m, rank)
        prefix: tuple[int, ...]
        choice: tuple[int, ...]
        if length > k:
            prefix, choice = tuple(order[:k]), ()
        elif length == 0:
            prefix, choice = (), tuple(range(m))
        else:
            prefix, choice = tuple(order[:length - 1]), (order[length - 1],)
        if groups and groups[-1][0] == prefix and bool(choice) == bool(groups[-1][1]):
            groups[-1] = (prefix, groups[-1][1] + choice)
        else:
            groups.append((prefix, choice))
        rank += math.factorial(m - length)
    return groups


def _unrank(m: int, rank: int) -> list[int]:
    """The order of rank ``rank`` (lexicographic, D1) of positions 0..m-1."""
    left = list(range(m))
    order = []
    for size in range(m - 1, -1, -1):
        index, rank = divmod(rank, math.factorial(size))
        order.append(left.pop(index))
    return order


def _group_said(group: tuple[tuple[int, ...], tuple[int, ...]], s1: Sequence[PlayerId],
                s2: Sequence[PlayerId], cat: Catalogue) -> str:
    prefix, choices = group
    pairs = [(s1[i], s2[j]) for i, j in enumerate(prefix)]
    if not choices:
        return cat.text("orders.same_pairs", pairs=cat.pairs(pairs))
    player = s1[len(prefix)]
    opponents = [s2[j] for j in choices]
    if len(opponents) == 1:
        said = cat.text("orders.one_of.single", player=player, opponent=opponents[0])
    else:
        said = cat.text("orders.one_of", player=player, opponents=_or(cat, opponents))
    return cat.text("orders.after", pairs=cat.pairs(pairs), orders=said) if pairs else said


def _or(cat: Catalogue, players: Sequence[PlayerId]) -> str:
    """« 4, 8, 9 ou 11 »."""
    items = [str(p) for p in players]
    if len(items) <= 1:
        return "".join(items)
    return cat.text("fmt.list_sep").join(items[:-1]) + cat.text("orders.or") + items[-1]


@describe.register
def _exchange_applied(event: ExchangeApplied, cat: Catalogue) -> str:
    key = "exchange_applied" if event.feasible else "exchange_applied.infeasible"
    reason = ""
    if not event.feasible and event.split_reasons:
        # What the literal walk refuses the split's candidates for (issue 29).
        key = "exchange_applied.infeasible.reason"
        reason = _counted(event.split_reasons, event.split_counts, cat, event.bracket.x)
    elif not event.feasible and event.reason is not None:
        key = "exchange_applied.infeasible.reason"
        reason = describe_rejection(event.reason, cat, event.bracket.x)
    return cat.text(key, number=cat.number(event.number), cell=cat.cell(event.cell),
                    from_s1=cat.group(event.from_s1), from_s2=cat.group(event.from_s2),
                    s1=cat.players(event.bracket.s1), s2=cat.players(event.bracket.s2),
                    reason=reason)


@describe.register
def _criterion_dropped(event: CriterionDropped, cat: Catalogue) -> str:
    key = "criterion_dropped.up" if event.floaters == "up" else "criterion_dropped.down"
    view = event.bracket
    if (event.rule == "C10" and event.floaters == "up" and event.reading is None
            and view.moved_down and not view.homogeneous and not view.remainder):
        # The text's own C10, second sentence: a remainder group failed and
        # the lowest downfloater has no other opponent.
        key = "criterion_dropped.up.no_alternative"
    text = cat.text(key, criterion=event.criterion)
    if event.restored is not None:
        # Dropped before in this bracket: the restart that brought it back.
        text = cat.join([text, cat.text(f"criterion_dropped.restored.{event.restored}",
                                         criterion=event.criterion)])
    variant = ".c10" if event.rule == "C10" else ""
    return cat.join([text, *_reading(cat, event.reading, variant)]) if event.reading else text


@describe.register
def _remainder_unpaired(event: RemainderUnpaired, cat: Catalogue) -> str:
    key = "remainder_unpaired" if event.remainder else "remainder_unpaired.empty"
    return cat.text(key, remainder=cat.players(event.remainder), pair=cat.pair(*event.undone),
                    pairs=cat.pairs(event.pairs))


@describe.register
def _x_increased(event: XIncreased, cat: Catalogue) -> str:
    key = "x_increased.remainder" if event.remainder_only else "x_increased"
    text = cat.text(key, x=cat.number(event.bracket.x), p=cat.number(event.bracket.p))
    view = event.bracket
    if view.moved_down and not view.homogeneous and not view.remainder:
        # C11's second sentence: a heterogeneous bracket raises x because its
        # remainder group could not be paired; every pairing is undone.
        text = cat.join([text, cat.text("x_increased.undo_all")])
    return cat.join([text, *_reading(cat, event.reading)]) if event.reading else text


@describe.register
def _p_decreased(event: PDecreased, cat: Catalogue) -> str:
    if event.bracket.p == 0 and event.bracket.remainder:
        # Only the remainder group goes down, not the whole bracket.
        return cat.text("p_decreased.zero.remainder", score=bracket_score(cat, event.bracket),
                        players=_and(cat, ids(event.bracket.players)))
    key = "p_decreased.zero" if event.bracket.p == 0 else "p_decreased"
    if event.bracket.p > 0 and event.x_from is not None and event.x_first is not None:
        # C14 says what happens to x too: it follows p when it was first positive.
        key = "p_decreased.x_follows" if event.x_first > 0 else "p_decreased.x_stays"
    text = cat.text(key, p=cat.number(event.bracket.p), score=bracket_score(cat, event.bracket),
                    x=cat.number(event.bracket.x),
                    x_from=cat.number(event.x_from if event.x_from is not None else 0),
                    first=cat.number(event.x_first if event.x_first is not None else 0))
    return cat.join([text, *_reading(cat, event.reading)]) if event.reading else text


@describe.register
def _bracket_undone(event: BracketUndone, cat: Catalogue) -> str:
    fields = dict(score=bracket_score(cat, event.bracket),
                  failed=bracket_score(cat, event.because_of))
    where = "lowest" if event.because_of.lowest else "above"
    if event.step == "kept" and event.bracket.p == 0 and where == "lowest":
        where = "joined"   # C13's p fell to 0: the bracket joined the lowest one
    key = {("C13", "undone"): f"undone.c13.{where}", ("C13", "kept"): f"undone.c13.kept.{where}",
           ("C13", "exhausted"): "undone.c13.exhausted", ("C13", "proved"): "undone.c13.proved",
           ("C13", "capped"): "undone.c13.capped",
           ("C13", "capped_below"): "undone.c13.capped_below",
           ("C12", "undone"): "undone.c12.undone", ("C12", "kept"): "undone.c12.kept",
           ("C12", "restored"): "undone.c12.restored"}.get((event.rule, event.step))
    if key is not None:
        return cat.text(key, p=cat.number(event.bracket.p), **fields)
    which = "previous" if event.rule == "C12" else "penultimate"
    outcome = "accepted" if event.accepted else "rejected"
    return cat.text(f"bracket_undone.{which}.{outcome}", **fields)


@describe.register
def _pairings_tried(event: PairingsTried, cat: Catalogue) -> str:
    failed = bracket_score(cat, event.because_of)
    if event.rule == "C13":
        where = "lowest" if event.because_of.lowest else "above"
        failed = cat.text(f"pairings_tried.failed.{where}", score=failed)
    separator = "fmt.list_sep" if event.rule == "C10" else "fmt.group_sep"
    groups = [cat.text(separator).join(map(str, players)) if players else cat.text("fmt.nobody")
              for players in event.moved_down]
    moved = cat.text("fmt.group_list_sep").join(groups)
    if event.count > len(event.moved_down):
        moved += cat.text("fmt.group_list_sep") + cat.text("fmt.and_more")
    key = f"pairings_tried.{event.rule.lower()}" + (".one" if event.count == 1 else "")
    if event.beyond:
        # C12's look-ahead: the bracket below could make its p pairings with
        # (some of) them, a bracket further down could not.
        key = "pairings_tried.c12.beyond" + (".one" if event.count == 1 else
                                             ".all" if event.beyond == event.count else "")
    below = (bracket_score(cat, event.beyond_bracket) if event.beyond_bracket is not None
             else cat.text("pairings_tried.beyond.unknown"))
    sentences = [cat.text(key, count=cat.number(event.count),
                          score=bracket_score(cat, event.bracket), failed=failed, moved=moved,
                          beyond=cat.number(event.beyond or 0),
                          other=cat.number(event.count - (event.beyond or 0)), below=below)]
    if event.reasons:
        key = "pairings_tried.reasons" + (".c10" if event.rule == "C10" else "")
        sentences.append(cat.text(key, reasons=_counted(event.reasons, event.counts, cat)))
    if event.refused:
        # The moved-down players' own candidates refused on the way (C6/C7).
        sentences.append(cat.text("pairings_tried.refused.c10",
                                  reasons=_counted(event.refused, (), cat)))
    return cat.join(sentences)


@describe.register
def _brackets_merged(event: BracketsMerged, cat: Catalogue) -> str:
    fields = dict(score=bracket_score(cat, event.bracket),
                  players=cat.players(ids(event.bracket.players)))
    if event.penultimate is not None:
        return cat.text("brackets_merged.penultimate",
                        penultimate=bracket_score(cat, event.penultimate), **fields)
    return cat.text("brackets_merged", **fields)


@describe.register
def _last_resort(event: LastResort, cat: Catalogue) -> str:
    return cat.text("last_resort", score=bracket_score(cat, event.bracket))


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


def _letter(cat: Catalogue, course_letter: str) -> str:
    """The language's letter for a colour written with the course's (B, N)."""
    return cat.text("fmt.letter.white" if course_letter == "B" else "fmt.letter.black")


def preference_text(view: PlayerView, cat: Catalogue) -> str:
    """A7 as the seed writes it: the colour difference, ``+0`` for a mild
    black preference and ``−0`` for a mild white one (« selon la couleur de la
    ronde précédente »), then the preference in the language's letters with
    ``!!`` (absolute) or ``!`` (strong): « +0, N », « −1, W! », « +2, B!! »."""
    if view.preference_colour is None:
        return "-"
    marks = {"absolute": "fmt.mark.absolute", "strong": "fmt.mark.strong",
             "mild": "fmt.mark.mild"}[view.preference_strength]
    letters = _letter(cat, view.preference[0]) + cat.text(marks)
    difference = view.colour_difference
    negative = difference < 0 or (difference == 0 and view.preference_colour == "w")
    sign = cat.text("fmt.minus") if negative else "+"
    return cat.text("fmt.preference", difference=f"{sign}{abs(difference)}", letters=letters)


def _history(view: PlayerView, cat: Catalogue, aligned: bool = False) -> str:
    """A colour history in the language's letters; ``aligned``: F3, the
    rounds without a game moved to the front."""
    colours = view.colours
    if aligned:
        played = colours.replace("-", "")
        colours = "-" * (len(colours) - len(played)) + played
    return "".join(_letter(cat, c) if c in "BN" else "-" for c in colours)


def _colour_word(cat: Catalogue, white: bool) -> str:
    return cat.text("fmt.colour.white" if white else "fmt.colour.black")


def _e3_fields(higher: PlayerView, lower: PlayerView, cat: Catalogue) -> dict[str, str] | None:
    """E3 with F3: the latest round, histories aligned, where the colours differed."""
    def aligned(view: PlayerView) -> str:
        played = view.colours.replace("-", "")
        return "-" * (len(view.colours) - len(played)) + played
    for a, b in zip(reversed(aligned(higher)), reversed(aligned(lower))):
        if a in "BN" and b in "BN" and a != b:
            return {"higher_colour": _colour_word(cat, a == "B"),
                    "lower_colour": _colour_word(cat, b == "B")}
    return None


@describe.register
def _colour_allocated(event: ColourAllocated, cat: Catalogue) -> str:
    fields: dict[str, object] = {"white": event.white, "black": event.black,
                                 "higher": event.higher}
    views = {v.id: v for v in (event.white_view, event.black_view) if v is not None}
    if len(views) == 2:
        text = _colours_said(event, views, cat, fields)
    else:
        text = _colours_plain(event, cat, fields)
    return cat.join([text] + [_last_round_said(views[p], p == event.white, cat)
                              for p in event.last_round if p in views])


def _colours_said(event: ColourAllocated, views: dict[PlayerId, PlayerView], cat: Catalogue,
                  fields: dict[str, object]) -> str:
    """E1-E4 saying who gets his preference (both views known)."""
    rule = event.rule
    other = event.black if event.higher == event.white else event.white
    high, low = views[event.higher], views[other]
    fields.update(white_pref=preference_text(views[event.white], cat),
                  black_pref=preference_text(views[event.black], cat),
                  higher_pref=preference_text(high, cat), lower=other,
                  lower_pref=preference_text(low, cat), other=other,
                  colour=_colour_word(cat, event.higher == event.white),
                  other_colour=_colour_word(cat, event.higher != event.white))
    if rule == "E1":
        unset = [v for v in (high, low) if strength(v.preference) == 0]
        if len(unset) == 1:
            # One has no preference yet: E1 satisfies the other's alone.
            wanting = low if unset[0] is high else high
            fields.update(nopref=unset[0].id, player=wanting.id,
                          preference=preference_text(wanting, cat),
                          colour=_colour_word(cat, wanting.id == event.white))
            return cat.text("colour.E1.one", **fields)
        return cat.text("colour.E1.views", **fields)
    if rule == "E2" and strength(high.preference) != strength(low.preference):
        # Both want the same colour (E1 cannot satisfy both): the stronger wins.
        strong, weak = sorted((high, low), key=lambda v: -strength(v.preference))
        fields.update(strong=strong.id, strong_pref=preference_text(strong, cat),
                      weak=weak.id, weak_pref=preference_text(weak, cat),
                      strength=cat.text(STRENGTH_KEYS[strength(strong.preference)]),
                      weak_strength=cat.text(STRENGTH_KEYS[strength(weak.preference)]),
                      colour=_colour_word(cat, strong.preference[0] == "B"),
                      other_colour=_colour_word(cat, strong.preference[0] != "B"))
        return cat.text("colour.E2.both", **fields)
    if rule == "E3":
        found = _e3_fields(high, low, cat)
        if found is not None:
            fields.update(found)
            text = cat.text("colour.E3.views", **fields)
            if "-" in high.colours or "-" in low.colours:
                text = cat.join([text, cat.text(
                    "colour.E3.aligned", higher_history=_history(high, cat, True),
                    lower_history=_history(low, cat, True), **fields)])
            return text
    if rule == "E4":
        if strength(high.preference) == 0 and strength(low.preference) == 0:
            # E4's last sentence (the first-round rule): neither has played.
            return cat.text("colour.E4.first", **fields)
        if strength(high.preference) == strength(low.preference) \
                and high.preference[:1] == low.preference[:1]:
            # Same colour, same strength (E1, E2), never different colours (E3).
            return cat.text("colour.E4.both", **fields)
        return cat.text("colour.E4.views", **fields)
    return _colours_plain(event, cat, fields)


def _colours_plain(event: ColourAllocated, cat: Catalogue, fields: dict[str, object]) -> str:
    """The colour sentence without the players' states (hand-built events)."""
    rule = event.rule
    key = f"colour.{rule}" if f"colour.{rule}" in cat else "colour.other"
    if rule == "E2":
        key = "colour.E2.plain"
    return cat.text(key, **fields)


def _last_round_said(view: PlayerView, white: bool, cat: Catalogue) -> str:
    """The last-round note, when it decided a player's colour."""
    played = view.colours.replace("-", "")
    letter = "B" if white else "N"
    if played.endswith(letter * 2):
        return cat.text("colour.last_round.third", player=view.id,
                        colour=_colour_word(cat, white))
    difference = view.colour_difference + (1 if white else -1)
    sign = "+" if difference > 0 else cat.text("fmt.minus")
    return cat.text("colour.last_round.difference", player=view.id,
                    difference=f"{sign}{abs(difference)}")


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


#: A refusal ``why`` tells, with the rule of the step that made it (C6, C7;
#: C12/C13 for a candidate accepted, then undone below) and the x of its level.
Told = tuple[Refusal, str, int]


def _refusals_before(state: Round, kept: BracketPaired | CandidateTried) -> tuple[Told, ...]:
    """What the D1 search refused, order by order, for the S1 players of
    the accepted candidate that gave ``kept`` (the kept pairing of a
    bracket): for each candidate of the same split tried before it, the pair
    where it first differs from the kept one, with the criterion the trace
    names for that candidate (its ``rejection``, the one the text checks
    first, wherever in the candidate it is); the refusals of the skipped
    ranges that concern the same earlier S1 players' opponents; and the
    candidates accepted before it whose pairing failed below (C12/C13), in
    D1 order.  One entry for each different criterion the trace names for
    a pair, so that several orders giving the same opponent, refused for
    different criteria, are each told (issue 29, item 4)."""
    view = kept.bracket
    walk = _d1_walk(state.events, kept)
    accepted = next((e for e in reversed(walk) if isinstance(e, CandidateTried) and e.accepted
                     and e.transposition == kept.transposition), None)
    if accepted is None:
        return ()
    target = accepted.pairs
    found: dict[tuple[PlayerId, PlayerId, Rejection, int], Told] = {}
    pending: list[Refusal] = []
    for event in walk[:walk.index(accepted)]:
        if isinstance(event, CandidatesSkipped):
            pending = list(event.refusals)
        elif event.rejection is not None:
            _candidate_refusal(event, target, found)
        elif event.accepted:
            _pending_refusals(view, pending, found, event.pairs, target)
            pending = []
            _undone_below(state.events, event, target, found)
    _pending_refusals(view, pending, found, None, target)
    s2 = list(view.s2)
    return tuple(sorted(found.values(), key=lambda told: s2.index(told[0].opponent)
                        if told[0].opponent in s2 else len(s2)))


def _d1_walk(events: Sequence[Event], kept: BracketPaired | CandidateTried
             ) -> list[CandidatesSkipped | CandidateTried]:
    """The D1 search (C6, C7) of the same split as ``kept``, up to it: the
    candidates tried and the ranges skipped, with the same exchange."""
    view = kept.bracket
    end = next((i for i in range(len(events) - 1, -1, -1) if events[i] is kept), len(events))

    def same(other: BracketView) -> bool:
        return (other.index == view.index and other.remainder == view.remainder
                and other.s1 == view.s1 and other.s2 == view.s2)

    return [e for e in events[:end] if isinstance(e, (CandidatesSkipped, CandidateTried))
            and e.exchange == kept.exchange and e.rule in ("C6", "C7") and same(e.bracket)]


def _first_difference(pairs: Sequence[tuple[PlayerId, PlayerId]],
                      target: Sequence[tuple[PlayerId, PlayerId]]) -> int:
    """The level (S1 place) of the first pair that differs from ``target``'s, or -1."""
    return next((i for i, (x, y) in enumerate(zip(pairs, target)) if x != y), -1)


def _candidate_refusal(event: CandidateTried, target: Sequence[tuple[PlayerId, PlayerId]],
                       found: dict[tuple[PlayerId, PlayerId, Rejection, int], Told]) -> None:
    """A refused candidate (C6, C7): the pair where it first differs from
    the kept one, refused for the criterion the trace names for it."""
    assert event.rejection is not None
    level = _first_difference(event.pairs, target)
    if level >= 0:
        player, opponent = event.pairs[level]
        x = event.bracket.x
        key = (player, opponent, event.rejection, x)
        if key in found:
            refusal, rule, _ = found[key]
            found[key] = (replace(refusal, count=refusal.count + 1), rule, x)
        else:
            found[key] = (Refusal(player, opponent, event.rejection, 1), event.rule, x)


def _pending_refusals(view: BracketView, pending: Sequence[Refusal],
                      found: dict[tuple[PlayerId, PlayerId, Rejection, int], Told],
                      pairs: Sequence[tuple[PlayerId, PlayerId]] | None,
                      target: Sequence[tuple[PlayerId, PlayerId]]) -> None:
    """The refusals of the range skipped last that concern an S1 player
    whose earlier pairs are the kept ones (``pairs`` None: after the last
    candidate, every S1 player's)."""
    for refusal in pending:
        level = view.s1.index(refusal.player) if refusal.player in view.s1 else -1
        if level >= 0 and (pairs is None or pairs[:level] == target[:level]):
            found.setdefault((refusal.player, refusal.opponent, refusal.rejection, view.x),
                             (refusal, "C7", view.x))


def _undone_below(events: Sequence[Event], event: CandidateTried,
                  target: Sequence[tuple[PlayerId, PlayerId]],
                  found: dict[tuple[PlayerId, PlayerId, Rejection, int], Told]) -> None:
    """A candidate accepted before the kept one: its first pair that differs
    was undone by C12 or C13 (the rule the trace's BracketUndone names)."""
    level = _first_difference(event.pairs, target)
    if level >= 0:
        player, opponent = event.pairs[level]
        rejection = failed_below(events, event)
        found.setdefault((player, opponent, rejection, event.bracket.x),
                         (Refusal(player, opponent, rejection, 0), event.rule,
                          event.bracket.x))


def _short(cat: Catalogue, rejection: Rejection) -> str:
    """A refusal in a few words (« flottement, B5 »)."""
    for key in (f"why.short.{rejection.detail}.{rejection.criterion.lower()}",
                f"why.short.{rejection.detail}", f"why.short.{rejection.criterion}"):
        if key in cat:
            return cat.text(key, player=rejection.players[-1] if rejection.players else "",
                            criterion=rejection.criterion)
    return cat.text("why.short.other", criterion=rejection.criterion)


def _refusal_words(cat: Catalogue, refusal: Refusal, x: int) -> str:
    """A refusal in a few words when it names the pair (« flottement, B5 »,
    « couleurs au-delà de x, B4 » for a B4 count that includes it); the
    trace's whole reason when the candidate was refused for another pair or
    player (« B1a : 2 et 5 se sont déjà rencontrés »)."""
    rejection = refusal.rejection
    pair, named = {refusal.player, refusal.opponent}, set(rejection.players)
    if rejection.criterion.startswith("B") and not (named <= pair or pair <= named):
        return describe_rejection(rejection, cat, x)
    return _short(cat, rejection)


def _why_how(cat: Catalogue, kept: BracketPaired | CandidateTried,
             refusals: Sequence[Told], first: PlayerId, second: PlayerId) -> str:
    """How the kept pairing gave first-second, in terms of pairs: what the
    orders of S2 that would have given ``first`` another opponent ran into,
    each with the criterion the trace names for it."""
    if kept.transposition == 0:
        return cat.text("why.how.first")
    mine = [(r, x) for r, _, x in refusals if r.player == first]
    pair = cat.pair(first, second)
    if not mine:
        return cat.text("why.how.after", pair=pair)
    grouped: dict[str, list[PlayerId]] = {}
    for refusal, x in mine:
        words = _refusal_words(cat, refusal, x)
        if refusal.opponent not in grouped.setdefault(words, []):
            grouped[words].append(refusal.opponent)
    details = cat.text("fmt.reason_sep").join(
        cat.text("why.how.detail", opponents=_and(cat, opponents), why=why)
        for why, opponents in grouped.items())
    opponents = list(dict.fromkeys(r.opponent for r, _ in mine))
    key = "why.how.refused" if len(opponents) > 1 else "why.how.refused.one"
    return cat.text(key, player=first, opponents=_and(cat, opponents),
                    details=details, pair=pair)


def _kept_how(cat: Catalogue, kept: BracketPaired | CandidateTried) -> str:
    """The kept pairing of a bracket in words: S2 in order, or the first
    acceptable order of S2 and the pairs it gives (never a D1 rank)."""
    if kept.transposition == 0:
        how = cat.text("why.how.first")
    else:
        how = cat.text("why.how.after", pair=cat.pairs(kept.pairs))
    if kept.exchange is not None:
        how = cat.text("why.how.exchange", cell=cat.cell(kept.exchange), how=how)
    return how


def _paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    """Why a and b play each other: where the procedure paired them (A3,
    C4-C8), the floats that brought them together (A4, C9/C10), a soft
    avoidance the rules alone would not have made, then the colours (E)."""
    source = _source(state, a, b)
    _paired_where(state, answer, source, a, b)
    _paired_floaters(state, answer, source, a, b)
    _paired_soft_avoid(state, answer, frozenset((a, b)))
    _paired_colours(state, answer, a, b)


def _paired_where(state: Round, answer: Answer,
                  source: BracketPaired | CandidateTried | None, a: PlayerId,
                  b: PlayerId) -> None:
    """The bracket and the step (transposition, exchange) that made the pair."""
    cat = answer.cat
    if source is None:
        together = state.last_view(a, b)
        if together is not None:
            answer.add(cat.text("why.paired.bracket_unknown",
                                score=cat.number(together.score)), "A3")
        return
    view = source.bracket
    first, second = next((x, y) for x, y in source.pairs if {x, y} == {a, b})
    key = f"why.paired.{_bracket_kind(view) or 'bracket'}"
    rule = _rule_of(source.transposition)
    how = _why_how(cat, source, _refusals_before(state, source), first, second)
    answer.add(cat.text(key, rule=rule, score=cat.number(view.score), s1=first, s2=second,
                        how=how), rule)
    if source.exchange is not None:
        answer.add(cat.text("why.paired.exchange", cell=cat.cell(source.exchange)),
                   "C8", "D2")


def _paired_floaters(state: Round, answer: Answer,
                     source: BracketPaired | CandidateTried | None, a: PlayerId,
                     b: PlayerId) -> None:
    """Players of different scores: who floats down, who up (A4), and the
    criterion C9 or C10 dropped for that float, if one was."""
    cat = answer.cat
    score_a, score_b = state.scores.get(a), state.scores.get(b)
    if score_a is None or score_b is None or score_a == score_b:
        return
    (down, down_score), (up, up_score) = sorted(((a, score_a), (b, score_b)),
                                                key=lambda item: -item[1])
    answer.add(cat.text("why.paired.floaters", down=down, up=up,
                        down_score=cat.number(down_score), up_score=cat.number(up_score)),
               "A4")
    started = next((e for e in state.events if isinstance(e, RoundStarted)), None)
    exempt = started.last_round if started is not None else ()
    if source is not None:
        _told_relaxed(answer, source.bracket,
                      tuple((p, way) for p, way in ((down, "down"), (up, "up"))
                            if p not in exempt))


def _paired_soft_avoid(state: Round, answer: Answer, pair: frozenset[PlayerId]) -> None:
    """A pair the soft avoidance made where the rules alone would not have."""
    cat = answer.cat
    for chosen in _soft_avoided(state):
        if holds(chosen.pairs, pair) and not holds(chosen.rules_pairs, pair):
            answer.add(cat.text("why.paired.soft_avoid", rules_pairs=cat.pairs(chosen.rules_pairs),
                                rules_count=cat.number(chosen.rules_same_group),
                                count=cat.number(chosen.same_group)), chosen.rule)
            return


def _paired_colours(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    """The colours of the pair (E1-E4), and a player who played last round
    (B2, B5, B6 exempt him there) where the colour step did not say it."""
    cat = answer.cat
    colour = None
    for event in reversed(state.events):
        if isinstance(event, ColourAllocated) and {event.white, event.black} == {a, b}:
            colour = event
            break
    if colour is not None:
        answer.add(cat.label(colour.rule, describe(colour, cat)), colour.rule)
    started = next((e for e in state.events if isinstance(e, RoundStarted)), None)
    for player in (a, b):
        if started is not None and player in started.last_round and (
                colour is None or player not in colour.last_round):
            answer.add(cat.text("why.paired.last_round", player=player), "B2", "B5", "B6")


def _told_relaxed(answer: Answer, view: BracketView,
                  floats: tuple[tuple[PlayerId, str], ...]) -> None:
    """A pair whose float breaks B5 or B6 was made only because C9 (for the
    downfloater) or C10 (for the upfloater) had dropped that criterion in its
    bracket: say so, as the trace did (« C9 : B5 abandonné pour les
    flotteurs descendants : 1 flotte vers le bas deux fois de suite »)."""
    cat = answer.cat
    marks = {p.id: p.floats for p in view.players}
    arrows = {"down": "↓", "up": "↑"}
    for player, direction in floats:
        history = marks.get(player, "")
        broken = (("B5", history[-1:]), ("B6", history[-2:-1]))
        for criterion, mark in broken:
            if mark == arrows[direction] and f"{criterion} {direction}" in view.dropped:
                rule = "C9" if direction == "down" else "C10"
                answer.add(cat.text(f"why.paired.dropped.{criterion.lower()}.{direction}",
                                    rule=rule, player=player), rule, criterion)


def _not_paired(state: Round, answer: Answer, a: PlayerId, b: PlayerId) -> None:
    """The first criterion or step, in the order of the procedure, that kept a-b apart."""
    if _told_absolute(state, answer, frozenset((a, b))):
        return
    # 2. Never in the same bracket: A3 pairs brackets from the top, players
    # only move down, and B3 wants the smallest score difference.
    shared = state.told_apart(answer, a, b, "why.reason.brackets", "A3", "B3")
    if shared is None:
        return
    if not _told_in_bracket(state, answer, a, b, shared):
        _told_by_kept(state, answer, a, b, shared)


def _told_absolute(state: Round, answer: Answer, pair: frozenset[PlayerId]) -> bool:
    """Step 1 of :func:`_not_paired`; True if it answered."""
    cat = answer.cat
    # 1. An absolute criterion (B1, B2) on the pair itself: nothing could pair them.
    for event in state.events:
        rejections: tuple[Rejection, ...] = ()
        if isinstance(event, CandidateTried) and event.rejection is not None:
            rejections = (event.rejection,)
        elif isinstance(event, (CandidatesSkipped, PairingsTried)):
            rejections = event.reasons
        elif isinstance(event, (PlayerMovedDown, PlayerStuck)) and event.reasons:
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
                return True
    return False


def _told_in_bracket(state: Round, answer: Answer, a: PlayerId, b: PlayerId,
                     shared: BracketView) -> bool:
    """Steps 3-4 of :func:`_not_paired` (a-b shared a bracket); True if it answered."""
    cat = answer.cat
    pair = frozenset((a, b))
    # 3. C1: one of them could meet nobody in the shared bracket.
    for event in state.events:
        if (isinstance(event, PlayerMovedDown) and event.player in pair
                and event.bracket.index == shared.index
                and all(p in ids(event.bracket.players) for p in pair)):
            answer.add(cat.text("why.reason.c1", player=event.player,
                                score=cat.number(event.bracket.score)), "C1")
            return True
    # 3b. The rules' first pairing held a-b, soft-avoid (seed 002) kept an
    # equivalent one with fewer same-group pairs.
    for chosen in _soft_avoided(state):
        if holds(chosen.rules_pairs, pair) and not holds(chosen.pairs, pair):
            answer.add(cat.text("why.reason.soft_avoid", score=cat.number(chosen.bracket.score),
                                a=a, b=b, rules_count=cat.number(chosen.rules_same_group),
                                count=cat.number(chosen.same_group)), chosen.rule)
            return True
    # 4. A candidate holding a-b was rejected by a criterion on a or b (a
    # rejection of another pair of that candidate says nothing about a-b).
    for event in state.events:
        if (isinstance(event, CandidateTried) and event.rejection is not None
                and holds(event.pairs, pair)
                and pair & set(event.rejection.players)):
            # A candidate of one pair is the pair itself: « le candidat 3–9 ».
            key = ("why.reason.candidate.one" if len(event.pairs) == 1
                   else "why.reason.candidate")
            answer.add(cat.text(key, rule=event.rule,
                                score=cat.number(event.bracket.score),
                                pairs=cat.pairs(event.pairs), a=a, b=b,
                                rejection=describe_rejection(event.rejection, cat,
                                                             event.bracket.x)),
                       event.rule, event.rejection.criterion)
            return True
    return False


def _told_refused(answer: Answer, refusals: Sequence[Told], pair: frozenset[PlayerId],
                  score: str) -> bool:
    """Step 4b of :func:`_not_paired`: the orders of S2 that pair them were
    refused, each criterion the trace names for them told; True if it answered."""
    cat = answer.cat
    mine = [told for told in refusals if {told[0].player, told[0].opponent} == pair]
    if not mine:
        return False
    rules = list(dict.fromkeys(rule for _, rule, _ in mine))
    reasons = list(dict.fromkeys(describe_rejection(r.rejection, cat, x) for r, _, x in mine))
    named = mine[0][0]
    answer.add(cat.text("why.reason.refused", rule=cat.text("why.rules.sep").join(rules),
                        score=score, a=named.player, b=named.opponent,
                        rejection=cat.text("fmt.reason_sep").join(reasons)),
               *rules, *dict.fromkeys(r.rejection.criterion for r, _, _ in mine))
    return True


def _told_by_kept(state: Round, answer: Answer, a: PlayerId, b: PlayerId,
                  shared: BracketView) -> None:
    """Steps 4b-7 of :func:`_not_paired`: what the kept pairing of the shared bracket says."""
    cat = answer.cat
    pair = frozenset((a, b))
    score = cat.number(shared.score)
    kept = state.kept_in(shared.index, shared.remainder)
    if kept is None:
        answer.add(cat.text("why.reason.unknown", a=a, b=b))
        return
    view = kept.bracket
    rule = _rule_of(kept.transposition)
    how = _kept_how(cat, kept)
    # 4b. The D1 search refused the orders of S2 pairing them (counted in a range).
    refusals = _refusals_before(state, kept)
    if _told_refused(answer, refusals, pair, score):
        return
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
    # D1/D2 order, and it does not hold a-b: say it with the pairs.
    partners = {x: y for x, y in kept.pairs} | {y: x for x, y in kept.pairs}
    for first, other in ((a, b), (b, a)):
        if first in view.s1 and other in view.s2 and first in partners:
            partner = partners[first]
            s2 = list(view.s2)
            if partner in s2 and s2.index(other) > s2.index(partner):
                answer.add(cat.text("why.reason.after", rule=rule, score=score, a=first,
                                    b=other, partner=partner), rule, "D1", "D2")
                return
            taker = partners.get(other)
            s1 = list(view.s1)
            if taker in s1 and s1.index(taker) < s1.index(first):
                answer.add(cat.text("why.reason.taken", rule=rule, score=score, a=first,
                                    b=other, c=taker, how=_why_how(cat, kept, refusals, taker,
                                                                   other)), rule, "D1", "D2")
                return
    answer.add(cat.text("why.reason.earlier", rule=rule, score=score, how=how, a=a, b=b),
               rule, "D1", "D2")


WHY = WhyRules(absent="why.absent", absent_labels=("F5",), bye="why.fate.bye",
               bye_labels=("A5",), paired=_paired, not_paired=_not_paired)
"""The reasons of ``why()`` under the 1998 rules."""
