"""The round procedure of C.04.3 as a generator of trace events, for both
editions: 2026 here (:data:`EDITION`), 2017 in :mod:`swisslearn.dutch2017`.

``trace(tournament, round)`` yields every event; ``pair()`` keeps the last
one (``RoundPaired``), so both run the same code.  Round ``k`` is paired
from rounds ``1..k-1`` only (and the byes already announced for ``k``).

An :class:`Edition` is what differs between the two texts: the rule label
of each step (:class:`Labels`, in that edition's numbering), what a round
without a game means (:class:`~swisslearn.dutch2026.scoring.Readings`) and
how the round goes through its brackets (``pair_round``: 2026's [C4] for
every bracket, 2017's PPB and CLB).  :func:`run` turns an edition's
:class:`~swisslearn.dutch2026.brackets.RoundResult` into the events of
:mod:`swisslearn.trace` and :mod:`swisslearn.dutch2026.events`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Callable, Iterator, Mapping

from swisslearn.dutch2026.brackets import BracketResult, RoundResult, Unpairable, pair_brackets
from swisslearn.dutch2026.candidates import (VERDICT_LABELS, exchange_label, first_candidate,
                                             judge, same_pairs, transposition_rank)
from swisslearn.dutch2026.colours import allocate, initial_colour, ranks_higher
from swisslearn.dutch2026.criteria import make_layout
from swisslearn.dutch2026.events import BracketParameters, CompletionChecked
from swisslearn.dutch2026.rules import RULES
from swisslearn.dutch2026.scoring import (READINGS_2026, Competitor, Drift, Readings, Strength,
                                          competitors)
from swisslearn.errors import no_pairing
from swisslearn.model import Colour, PlayerId, PlayerState, RoundNumber, Tournament
from swisslearn.trace import last_round_paired
from swisslearn.trace import (Board, BoardsOrdered, BracketOpened, BracketPaired, BracketSplit,
                              BracketUndone, BracketView, ByeAssigned, CandidateTried,
                              ColourAllocated, Event, ExchangeApplied, PlayerView, Rejection,
                              RoundPaired, RoundStarted)

SYSTEM = "dutch-2026"

__all__ = ["SYSTEM", "EDITION", "Edition", "Labels", "trace", "pair", "run",
           "round_result"]

Pair = tuple[Competitor, Competitor]
Forbidden = frozenset[frozenset[PlayerId]]


@dataclass(frozen=True)
class Labels:
    """The rule label of each step, in one edition's numbering, each taken
    from that edition's rule table (2026's defaults: :data:`RULES`)."""

    order: str = RULES.label("1.2")             # RoundStarted: the players in pairing order
    completion: str = RULES.label("[C4]")       # CompletionChecked: the round can be completed
    bracket: str = RULES.label("1.3.2")         # BracketOpened
    parameters: str = RULES.label("3.1")        # BracketParameters: M0, MaxPairs, M1
    split: str = RULES.label("3.2.2")           # BracketSplit: MDP-Pairing's or homogeneous S1/S2
    remainder: str = RULES.label("3.3.3")       # BracketSplit: S1R/S2R of a remainder
    exchange: str = RULES.label("4.3")          # ExchangeApplied: a resident exchange
    first: str = RULES.label("3.4.1")           # CandidateTried: the first candidate, accepted
    best: str = RULES.label("3.8.1")            # CandidateTried: the best available candidate
    paired: str = RULES.label("3.4")            # BracketPaired
    bye: str = RULES.label("1.5")               # ByeAssigned
    boards: str = RULES.label("C.04.2")         # BoardsOrdered
    result: str = RULES.label("C.04.3")         # RoundPaired
    collapse: str = ""             # BracketUndone (2017, A.9: the PPB paired again)
    boards_event: type[BoardsOrdered] = BoardsOrdered   # its class (2017 has its own)
    colours: Mapping[str, str] = field(default_factory=dict)   # 5.2.x -> this edition
    verdicts: Mapping[str, str] = field(default_factory=lambda: dict(VERDICT_LABELS))

    def colour(self, rule: str) -> str:
        return self.colours.get(rule, rule)


PairRound = Callable[[tuple[Competitor, ...], RoundNumber, Forbidden, Forbidden], RoundResult]
"""``pair_round(players, round, forbidden, avoid)``: the players in pairing
order paired bracket by bracket (raises ``Unpairable``)."""


@dataclass(frozen=True)
class Edition:
    """What one edition of C.04.3 changes in :func:`run`."""

    system: str
    labels: Labels
    readings: Readings
    pair_round: PairRound
    pab_candidates: Callable[[RoundResult], tuple[PlayerId, ...]]


def _pair_round_2026(players: tuple[Competitor, ...], round: RoundNumber, forbidden: Forbidden,
                     avoid: Forbidden) -> RoundResult:
    return pair_brackets(players, make_layout(players, round - 1, forbidden, avoid))


def _pab_candidates_2026(result: RoundResult) -> tuple[PlayerId, ...]:
    """[C5]: the players allowed the PAB ([C2]) with the lowest score it can go to."""
    score = result.bye_score
    if score is None:
        return ()
    return tuple(p.id for p in result.players if p.bye_eligible and p.pairing_score == score)


EDITION = Edition(SYSTEM, Labels(), READINGS_2026, _pair_round_2026, _pab_candidates_2026)
"""C.04.3 as applied from 1 February 2026."""


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
                      preference=(letter + marks) or "-", floats=floats,
                      virtual=player.pairing_score - player.score)


def trace(tournament: Tournament, round: RoundNumber | None = None, *,
          avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> Iterator[Event]:
    """Every event of the pairing of ``round`` (default: the next one).

    ``avoid``: pairs of a soft-avoid protection group (seed 002,
    :mod:`swisslearn.protections`): the lowest criterion, under [C21]."""
    yield from run(EDITION, tournament, round, avoid=avoid)


def _players(edition: Edition, base: Tournament, round: RoundNumber,
             states: Mapping[PlayerId, PlayerState]) -> tuple[Competitor, ...]:
    """The players present, as ``edition`` sees them, in pairing order."""
    present = tuple(pid for pid, s in states.items() if s.available)
    table = competitors(base, round, present, edition.readings)
    return tuple(sorted(table.values(), key=lambda p: (-p.pairing_score, p.tpn)))


def round_result(edition: Edition, tournament: Tournament, round: RoundNumber,
                 avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> RoundResult:
    """``edition``'s brackets for ``round`` (what :func:`run` turns into
    events), for judging another pairing with
    :func:`swisslearn.dutch2026.candidates.judge`.  Raises ``Unpairable``."""
    base = tournament.truncated(round - 1)
    players = _players(edition, base, round, {s.id: s for s in base.states(round)})
    return edition.pair_round(players, round, base.forbidden_pairs(round), avoid)


def run(edition: Edition, tournament: Tournament, round: RoundNumber | None = None, *,
        avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> Iterator[Event]:
    """The events of ``edition``'s pairing of ``round`` (default: the next one)."""
    round = _check_round(tournament, round)
    labels = edition.labels
    base = tournament.truncated(round - 1)
    states = {s.id: s for s in base.states(round)}
    players = _players(edition, base, round, states)
    views = {p.id: _view(p, states[p.id]) for p in players}
    yield RoundStarted(rule=labels.order, round=round, system=edition.system,
                       players=tuple(views[p.id] for p in players),
                       absent=tuple(pid for pid, s in states.items() if not s.available),
                       scores=tuple(sorted({p.pairing_score for p in players}, reverse=True)))
    try:
        result = edition.pair_round(players, round, base.forbidden_pairs(round), avoid)
    except Unpairable as error:
        ids = [p.id for p in sorted(error.players, key=lambda p: p.tpn)]
        # The criteria as the edition labels them ([C1]-[C3] in 2026, C.1-C.3 in 2017).
        reason = "c1_c3" if labels.completion == "[C4]" else "c1_c3_2017"
        raise no_pairing(tournament.source, round, edition.system, ids, reason) from None
    yield CompletionChecked(
        rule=labels.completion, round=round, players=len(players), pab_score=result.bye_score,
        pab_candidates=edition.pab_candidates(result), c9=result.c9_first)
    for bracket in result.brackets:
        yield from _bracket_events(result, bracket, views, labels)
    yield from _finish(round, result, initial_colour(base, round), views, labels,
                       edition.system)


def _ids(players: tuple[Competitor, ...]) -> tuple[PlayerId, ...]:
    return tuple(p.id for p in players)


def _pair_ids(pairs: tuple[Pair, ...]) -> tuple[tuple[PlayerId, PlayerId], ...]:
    return tuple((a.id, b.id) for a, b in pairs)


def _bracket_events(result: RoundResult, bracket: BracketResult,
                    views: Mapping[PlayerId, PlayerView], labels: Labels) -> Iterator[Event]:
    members = bracket.mdps + bracket.residents
    max_pairs = len(bracket.pairs)
    view = BracketView(index=bracket.index, score=bracket.score,
                       players=tuple(views[p.id] for p in members),
                       moved_down=_ids(bracket.mdps), homogeneous=not bracket.mdps,
                       lowest=bracket.last, p=max_pairs)
    yield BracketOpened(rule=labels.collapse if bracket.route == "clb" else labels.bracket,
                        bracket=view)
    yield BracketParameters(rule=labels.parameters, bracket=view, m0=len(bracket.mdps), max_pairs=max_pairs,
                            m1=len(bracket.s1), limbo=_ids(bracket.limbo), c9=bracket.c9)
    if bracket.mdps:
        yield BracketSplit(rule=labels.split, bracket=view.with_(s1=_ids(bracket.s1),
                                                              s2=_ids(bracket.residents)))
    remainder_view = view
    transposition = 0
    exchange: str | None = None
    if bracket.s1r:
        remainder_view = view.with_(players=tuple(views[p.id] for p in bracket.remainder),
                                    moved_down=(), homogeneous=True,
                                    remainder=bool(bracket.mdps), s1=_ids(bracket.s1r),
                                    s2=_ids(bracket.s2r), p=len(bracket.s1r))
        yield BracketSplit(rule=labels.remainder if bracket.mdps else labels.split,
                           bracket=remainder_view)
        s1 = bracket.s1r
        if bracket.moved_out:
            bsn = {p.id: i for i, p in enumerate(bracket.remainder, 1)}
            exchange = exchange_label(tuple(bsn[p.id] for p in bracket.moved_out),
                                      tuple(bsn[p.id] for p in bracket.moved_in))
            kept = set(_ids(bracket.s1r)) - set(_ids(bracket.moved_out))
            entering = set(_ids(bracket.moved_in))
            s1 = tuple(p for p in bracket.remainder if p.id in kept or p.id in entering)
            in_s1 = set(_ids(s1))
            s2 = tuple(p for p in bracket.remainder if p.id not in in_s1)
            remainder_view = remainder_view.with_(s1=_ids(s1), s2=_ids(s2))
            yield ExchangeApplied(rule=labels.exchange, bracket=remainder_view, cell=exchange,
                                  from_s1=_ids(bracket.moved_out), from_s2=_ids(bracket.moved_in))
        in_s1 = set(_ids(s1))
        s2 = tuple(p for p in bracket.remainder if p.id not in in_s1)
        partner = {a.id: b for a, b in bracket.remainder_pairs}
        transposition = transposition_rank(s1, s2, tuple(partner[p.id] for p in s1))
    chosen = bracket.pairs
    leftover = _ids(bracket.downfloaters)
    if chosen:
        first = first_candidate(bracket)
        if same_pairs(first, chosen):
            yield CandidateTried(rule=labels.first, bracket=remainder_view, pairs=_pair_ids(chosen),
                                 transposition=transposition, exchange=exchange, accepted=True,
                                 leftover=leftover)
        else:
            verdict = judge(result, bracket, first, labels.verdicts)
            yield CandidateTried(rule=verdict.criterion, bracket=view, pairs=_pair_ids(first),
                                 transposition=0, accepted=False,
                                 rejection=Rejection(verdict.criterion, verdict.players,
                                                     verdict.detail))
            yield CandidateTried(rule=labels.best, bracket=remainder_view, pairs=_pair_ids(chosen),
                                 transposition=transposition, exchange=exchange, accepted=True,
                                 leftover=leftover)
    yield BracketPaired(rule=labels.paired, bracket=view, pairs=_pair_ids(chosen),
                        moved_down=leftover, transposition=transposition, exchange=exchange)
    if bracket.route == "dropped":
        yield _collapse(result, bracket, view, views, labels)


def _collapse(result: RoundResult, bracket: BracketResult, view: BracketView,
              views: Mapping[PlayerId, PlayerView], labels: Labels) -> BracketUndone:
    """2017's A.9: the downfloaters of the bracket just paired and all the
    players below cannot complete the round; the bracket is the PPB and is
    paired again.  ``because_of`` shows those players (the PPB's
    downfloaters, as MDPs, and the collapsed scoregroup)."""
    place = {p.id: v for v, p in enumerate(result.players)}
    last = max(place[p.id] for p in bracket.mdps + bracket.residents)
    below = result.players[last + 1:]
    rest = bracket.downfloaters + below
    score = below[0].pairing_score if below else bracket.score
    return BracketUndone(
        rule=labels.collapse, bracket=view,
        because_of=BracketView(index=bracket.index, score=score,
                               players=tuple(views[p.id] for p in rest),
                               moved_down=_ids(bracket.downfloaters),
                               homogeneous=not bracket.downfloaters, lowest=True),
        accepted=True)


def _finish(round: RoundNumber, result: RoundResult, initial: Colour,
            views: Mapping[PlayerId, PlayerView], labels: Labels,
            system: str) -> Iterator[Event]:
    byes: tuple[PlayerId, ...] = ()
    if result.bye is not None:
        byes = (result.bye.id,)
        yield ByeAssigned(rule=labels.bye, player=result.bye.id, view=views[result.bye.id])
    boards: list[Pair] = []
    for a, b in result.pairs:
        decision = allocate(a, b, initial)
        higher = a if ranks_higher(a, b) else b
        yield ColourAllocated(rule=labels.colour(decision.rule), white=decision.white.id,
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
    yield labels.boards_event(rule=labels.boards, boards=ordered)
    yield RoundPaired(rule=labels.result, round=round, system=system, boards=ordered,
                      byes=byes)


def pair(tournament: Tournament, round: RoundNumber | None = None, *,
         avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> RoundPaired:
    """The pairing of ``round``: the last event of :func:`trace`."""
    return last_round_paired(trace(tournament, round, avoid=avoid))
