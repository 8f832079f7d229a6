"""The round procedure of C.04.3 (2026) as a generator of trace events.

``trace(tournament, round)`` yields every event; ``pair()`` keeps the last
one (``RoundPaired``), so both run the same code.  Round ``k`` is paired
from rounds ``1..k-1`` only (and the byes already announced for ``k``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Iterator, Mapping

from swisslearn.dutch2026.brackets import BracketResult, RoundResult, Unpairable, pair_brackets
from swisslearn.dutch2026.candidates import (exchange_label, first_candidate, judge, same_pairs,
                                             transposition_rank)
from swisslearn.dutch2026.colours import allocate, initial_colour, ranks_higher
from swisslearn.dutch2026.criteria import make_layout
from swisslearn.dutch2026.events import BracketParameters, CompletionChecked
from swisslearn.dutch2026.scoring import Competitor, Drift, Strength, competitors
from swisslearn.errors import no_pairing
from swisslearn.model import Colour, PlayerId, PlayerState, RoundNumber, Tournament
from swisslearn.trace import last_round_paired
from swisslearn.trace import (Board, BoardsOrdered, BracketOpened, BracketPaired, BracketSplit,
                              BracketView, ByeAssigned, CandidateTried, ColourAllocated, Event,
                              ExchangeApplied, PlayerView, Rejection, RoundPaired, RoundStarted)

SYSTEM = "dutch-2026"

__all__ = ["SYSTEM", "trace", "pair"]

Pair = tuple[Competitor, Competitor]


def _check_round(tournament: Tournament, round: RoundNumber | None) -> RoundNumber:
    return tournament.round_to_pair(round)


def _view(player: Competitor, state: PlayerState) -> PlayerView:
    """What a picture shows of a player (French colour letters, as the course)."""
    colour = player.preference
    letter = "" if colour is None else ("B" if colour is Colour.WHITE else "N")
    marks = {Strength.ABSOLUTE: "!!", Strength.STRONG: "!"}.get(player.strength, "")
    floats = "".join("↓" if f is Drift.DOWN else "↑" if f is Drift.UP else "·"
                     for f in player.floats)
    return PlayerView(id=player.id, name=state.name, rating=state.rating,
                      score=player.pairing_score, colours=state.history_string,
                      preference=(letter + marks) or "-", floats=floats)


def trace(tournament: Tournament, round: RoundNumber | None = None, *,
          avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> Iterator[Event]:
    """Every event of the pairing of ``round`` (default: the next one).

    ``avoid``: pairs of a soft-avoid protection group (seed 002,
    :mod:`swisslearn.protections`): the lowest criterion, under [C21]."""
    round = _check_round(tournament, round)
    base = tournament.truncated(round - 1)
    states = {s.id: s for s in base.states(round)}
    present = tuple(pid for pid, s in states.items() if s.available)
    table = competitors(base, round, present)
    players = tuple(sorted(table.values(), key=lambda p: (-p.pairing_score, p.tpn)))
    views = {p.id: _view(p, states[p.id]) for p in players}
    layout = make_layout(players, round - 1, base.forbidden_pairs(round), avoid)
    yield RoundStarted(rule="1.2", round=round, system=SYSTEM,
                       players=tuple(views[p.id] for p in players),
                       absent=tuple(pid for pid, s in states.items() if not s.available),
                       scores=tuple(sorted({p.pairing_score for p in players}, reverse=True)))
    try:
        result = pair_brackets(players, layout)
    except Unpairable as error:
        ids = [p.id for p in sorted(error.players, key=lambda p: p.tpn)]
        raise no_pairing(tournament.source, round, SYSTEM, ids, "c1_c3") from None
    score = result.bye_score
    yield CompletionChecked(
        rule="[C4]", round=round, players=len(players), pab_score=score,
        pab_candidates=() if score is None else tuple(
            p.id for p in players if p.bye_eligible and p.pairing_score == score),
        c9=result.c9_first)
    for bracket in result.brackets:
        yield from _bracket_events(result, bracket, views)
    yield from _finish(round, result, initial_colour(base, round), views)


def _ids(players: tuple[Competitor, ...]) -> tuple[PlayerId, ...]:
    return tuple(p.id for p in players)


def _pair_ids(pairs: tuple[Pair, ...]) -> tuple[tuple[PlayerId, PlayerId], ...]:
    return tuple((a.id, b.id) for a, b in pairs)


def _bracket_events(result: RoundResult, bracket: BracketResult,
                    views: Mapping[PlayerId, PlayerView]) -> Iterator[Event]:
    members = bracket.mdps + bracket.residents
    max_pairs = len(bracket.pairs)
    view = BracketView(index=bracket.index, score=bracket.score,
                       players=tuple(views[p.id] for p in members),
                       moved_down=_ids(bracket.mdps), homogeneous=not bracket.mdps,
                       lowest=bracket.last, p=max_pairs)
    yield BracketOpened(rule="1.3.2", bracket=view)
    yield BracketParameters(rule="3.1", bracket=view, m0=len(bracket.mdps), max_pairs=max_pairs,
                            m1=len(bracket.s1), limbo=_ids(bracket.limbo), c9=bracket.c9)
    if bracket.mdps:
        yield BracketSplit(rule="3.2.2", bracket=view.with_(s1=_ids(bracket.s1),
                                                              s2=_ids(bracket.residents)))
    remainder_view = view
    transposition = 0
    exchange: str | None = None
    if bracket.s1r:
        remainder_view = view.with_(players=tuple(views[p.id] for p in bracket.remainder),
                                    moved_down=(), homogeneous=True,
                                    remainder=bool(bracket.mdps), s1=_ids(bracket.s1r),
                                    s2=_ids(bracket.s2r), p=len(bracket.s1r))
        yield BracketSplit(rule="3.3.3" if bracket.mdps else "3.2.2", bracket=remainder_view)
        s1 = bracket.s1r
        if bracket.moved_out:
            bsn = {p.id: i for i, p in enumerate(bracket.remainder, 1)}
            exchange = exchange_label(tuple(bsn[p.id] for p in bracket.moved_out),
                                      tuple(bsn[p.id] for p in bracket.moved_in))
            s1 = tuple(p for p in bracket.remainder
                       if (p in bracket.s1r and p not in bracket.moved_out)
                       or p in bracket.moved_in)
            s2 = tuple(p for p in bracket.remainder if p not in s1)
            remainder_view = remainder_view.with_(s1=_ids(s1), s2=_ids(s2))
            yield ExchangeApplied(rule="4.3", bracket=remainder_view, cell=exchange,
                                  from_s1=_ids(bracket.moved_out), from_s2=_ids(bracket.moved_in))
        s2 = tuple(p for p in bracket.remainder if p not in s1)
        partner = {a.id: b for a, b in bracket.remainder_pairs}
        transposition = transposition_rank(s1, s2, tuple(partner[p.id] for p in s1))
    chosen = bracket.pairs
    leftover = _ids(bracket.downfloaters)
    if chosen:
        first = first_candidate(bracket)
        if same_pairs(first, chosen):
            yield CandidateTried(rule="3.4.1", bracket=remainder_view, pairs=_pair_ids(chosen),
                                 transposition=transposition, exchange=exchange, accepted=True,
                                 leftover=leftover)
        else:
            verdict = judge(result, bracket, first)
            yield CandidateTried(rule=verdict.criterion, bracket=view, pairs=_pair_ids(first),
                                 transposition=0, accepted=False,
                                 rejection=Rejection(verdict.criterion, verdict.players,
                                                     verdict.detail))
            yield CandidateTried(rule="3.8.1", bracket=remainder_view, pairs=_pair_ids(chosen),
                                 transposition=transposition, exchange=exchange, accepted=True,
                                 leftover=leftover)
    yield BracketPaired(rule="3.4", bracket=view, pairs=_pair_ids(chosen), moved_down=leftover,
                        transposition=transposition, exchange=exchange)


def _finish(round: RoundNumber, result: RoundResult, initial: Colour,
            views: Mapping[PlayerId, PlayerView]) -> Iterator[Event]:
    byes: tuple[PlayerId, ...] = ()
    if result.bye is not None:
        byes = (result.bye.id,)
        yield ByeAssigned(rule="1.5", player=result.bye.id, view=views[result.bye.id])
    boards: list[Pair] = []
    for a, b in result.pairs:
        decision = allocate(a, b, initial)
        higher = a if ranks_higher(a, b) else b
        yield ColourAllocated(rule=decision.rule, white=decision.white.id,
                              black=decision.black.id, higher=higher.id,
                              white_view=views[decision.white.id],
                              black_view=views[decision.black.id])
        boards.append((decision.white, decision.black))

    def board_key(board: Pair) -> tuple[Decimal, Decimal, int]:
        # C.04.2: the higher score of the pair first, then the lower one, then
        # the higher player's rank.
        w, b = board
        higher, lower = (w, b) if (-w.score, w.tpn) < (-b.score, b.tpn) else (b, w)
        return (-higher.score, -lower.score, higher.tpn)

    boards.sort(key=board_key)
    ordered = tuple(Board(i, w.id, b.id) for i, (w, b) in enumerate(boards, 1))
    yield BoardsOrdered(rule="C.04.2", boards=ordered)
    yield RoundPaired(rule="C.04.3", round=round, system=SYSTEM, boards=ordered, byes=byes)


def pair(tournament: Tournament, round: RoundNumber | None = None, *,
         avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> RoundPaired:
    """The pairing of ``round``: the last event of :func:`trace`."""
    return last_round_paired(trace(tournament, round, avoid=avoid))
