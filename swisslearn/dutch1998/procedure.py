"""C1-C14: the pairing procedure of seed 000 as a generator of trace events.

``trace(tournament, round)`` yields every event; ``pair()`` keeps the last
one.  The procedure runs bracket by bracket from the top (C, first line).
Each bracket is a *stream*: a generator that yields its events and, in the
order the procedure meets them, every acceptable pairing of the bracket
(:class:`Outcome`).  The round driver takes the first outcome of each
bracket; when a later bracket cannot be paired it resumes the stream of the
bracket above to get "another pairing" (C12, C13).

How we read the text (README, "How we read the 1998 text"):

* C6 checks B1 and B2, and also B4 within x and B5/B6 for the floats the
  candidate creates; C9-C11 then relax them in this order: C9 drops B6 then
  B5 for downfloaters, C10 (after every opponent of the lowest moved-down
  player was tried) B6 then B5 for upfloaters, C11 raises x up to p.  Once
  dropped, a criterion stays dropped for the bracket.
* x of a remainder group is computed from its own players (C6: "start at C2
  with the homogeneous remainder group"); C11 raises both by the same step.
* C12 applies to heterogeneous brackets treated as heterogeneous (fewer than
  half moved down); a bracket treated as homogeneous (A3, last sentence) has
  no "players moved down" to pair first, so a failure there goes to C14.
* C13 is applied to any failure of the lowest bracket; undoing the
  penultimate bracket down to p = 0 is the same as joining the two brackets.
* C14 in a heterogeneous bracket: the lowest moved-down players float on.
* The last bracket's single unpaired player gets the bye: B1b is absolute;
  the bye is a downfloat, so B5/B6 apply to it until C9 drops them.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Generator, Iterator, Sequence, Union

import networkx as nx

from swisslearn.dutch1998.colours import allocate, first_round_colours, x_value
from swisslearn.dutch1998.criteria import (STRICT, Relaxation, bye_rejection, colour_conflict,
                                           float_rejection, pair_rejection)
from swisslearn.dutch1998.exchanges import Exchange, apply_exchange, iter_exchanges
from swisslearn.dutch1998.search import BracketSearch, Found
from swisslearn.errors import PairingError, UsageError
from swisslearn.model import Colour, Float, PlayerId, PlayerState, RoundNumber, Tournament
from swisslearn.trace import (Board, BoardsOrdered, BracketOpened, BracketPaired,
                              BracketSplit, BracketUndone, BracketView, ByeAssigned,
                              CandidatesSkipped, CandidateTried, ColourAllocated,
                              CriterionDropped, Event, ExchangeApplied, PDecreased,
                              PlayerMovedDown, PlayerView, Rejection, RoundPaired, RoundStarted,
                              XIncreased)

SYSTEM = "dutch-1998"

Pair = tuple[PlayerState, PlayerState]


@dataclass(frozen=True)
class Outcome:
    """An acceptable pairing of one bracket: pairs (S1 player first) and the
    players moved down to the next bracket (or, for the lowest, the bye)."""

    pairs: tuple[Pair, ...]
    moved_down: tuple[PlayerState, ...]
    view: BracketView
    transposition: int = 0
    exchange: str | None = None

    def key(self) -> tuple[frozenset[frozenset[PlayerId]], frozenset[PlayerId]]:
        return (frozenset(frozenset((a.id, b.id)) for a, b in self.pairs),
                frozenset(p.id for p in self.moved_down))


@dataclass(frozen=True)
class Need:
    """The bracket asks the driver to undo an earlier bracket (C12 or C13).
    The driver sends back True if it did (the stream is then dropped)."""

    rule: str
    view: BracketView


Item = Union[Event, Outcome, Need]
Stream = Generator[Item, Union[bool, None], None]


class _Round:
    """What every bracket of the round shares."""

    def __init__(self, tournament: Tournament, round: RoundNumber) -> None:
        self.tournament = tournament
        self.round = round
        self.forbidden = tournament.forbidden_pairs(round)
        self.initial = tournament.initial_colour or Colour.WHITE
        self.views: dict[PlayerId, PlayerView] = {}

    def a2_key(self, state: PlayerState) -> tuple[Decimal, int]:
        """A2: score, then the pairing number (which embodies rating, title, name)."""
        return (-state.score, self.tournament.pairing_number(state.id))

    def view(self, state: PlayerState) -> PlayerView:
        found = self.views.get(state.id)
        if found is None:
            found = self.views[state.id] = PlayerView.of(state)
        return found

    def sort(self, players: Sequence[PlayerState]) -> tuple[PlayerState, ...]:
        return tuple(sorted(players, key=self.a2_key))

    def pair_check(self, a: PlayerState, b: PlayerState) -> Rejection | None:
        return pair_rejection(a, b, self.forbidden)


def trace(tournament: Tournament, round: RoundNumber | None = None) -> Iterator[Event]:
    """Every event of the pairing of ``round`` (default: the next one)."""
    if round is None:
        round = tournament.next_round()
    if round < 1:
        raise UsageError(f"{tournament.source}: round {round} does not exist")
    if tournament.rounds is not None and round > tournament.rounds:
        raise UsageError(f"{tournament.source}: round {round} is after the last round "
                         f"({tournament.rounds})")
    base = tournament.truncated(round - 1)
    context = _Round(base, round)
    states = base.states(round)
    present = context.sort([s for s in states if s.available and not s.withdrawn])
    absent = tuple(s.id for s in states if not s.available or s.withdrawn)
    scores = tuple(sorted({s.score for s in present}, reverse=True))
    yield RoundStarted(rule="A2", round=round, system=SYSTEM,
                       players=tuple(context.view(s) for s in present), absent=absent,
                       scores=scores)
    brackets = [tuple(s for s in present if s.score == score) for score in scores]
    outcomes = yield from _drive(context, brackets)
    yield from _finish(context, outcomes)


def pair(tournament: Tournament, round: RoundNumber | None = None) -> RoundPaired:
    """The pairing of ``round``: the last event of :func:`trace`."""
    result: RoundPaired | None = None
    for event in trace(tournament, round):
        if isinstance(event, RoundPaired):
            result = event
    assert result is not None
    return result


# ---------------------------------------------------------------------------
# The round driver: brackets in order, C12/C13 by resuming earlier streams.


def _next_outcome(stream: Stream, forward: bool = True
                  ) -> Generator[Event, None, Outcome | Need | None]:
    """Run ``stream`` to its next outcome (or need), yielding its events."""
    while True:
        try:
            item = next(stream)
        except StopIteration:
            return None
        if isinstance(item, (Outcome, Need)):
            return item
        if forward:
            yield item


class _Buffered:
    """A bracket stream whose outcomes can be read again: C12 looks ahead for
    "another pairing"; the ones it passed over stay available to C13."""

    def __init__(self, stream: Stream) -> None:
        self.stream = stream
        self.outcomes: list[Outcome | Need] = []
        self.done = False

    def get(self, position: int, forward: bool = True
            ) -> Generator[Event, None, Outcome | Need | None]:
        while len(self.outcomes) <= position and not self.done:
            item = yield from _next_outcome(self.stream, forward)
            if item is None:
                self.done = True
            else:
                self.outcomes.append(item)
        return self.outcomes[position] if position < len(self.outcomes) else None

    def refuse(self) -> Generator[Event, None, Outcome | Need | None]:
        """Answer the pending C12 request with "no": the bracket goes on (C14)."""
        self.outcomes.pop()
        try:
            item = self.stream.send(False)
        except StopIteration:
            self.done = True
            return None
        while not isinstance(item, (Outcome, Need)):
            yield item
            try:
                item = next(self.stream)
            except StopIteration:
                self.done = True
                return None
        self.outcomes.append(item)
        return item


_C12 = object()


def _drive(context: _Round, brackets: list[tuple[PlayerState, ...]]
           ) -> Generator[Event, None, list[Outcome]]:
    result = yield from _solve(context, brackets, 0, ())
    if not isinstance(result, list):
        raise PairingError(_no_pairing_message(context, brackets[-1], ()))
    return result


def _solve(context: _Round, brackets: list[tuple[PlayerState, ...]], index: int,
           moved: tuple[PlayerState, ...]) -> Generator[Event, None, object]:
    """Pair bracket ``index`` and every one below it.  Returns the outcomes,
    ``None`` if the brackets below cannot be completed whatever this bracket
    does (C13: the caller tries another pairing), or ``_C12`` if this bracket
    asks for the previous one to be paired again."""
    lowest = index == len(brackets) - 1
    stream = _Buffered(_bracket(context, index, brackets[index], moved, lowest))
    failed: set[frozenset[PlayerId]] = set()
    position = 0
    while True:
        item = yield from stream.get(position)
        if item is None:
            return None
        if isinstance(item, Need):
            if item.rule == "C12":
                return _C12
            return None  # C13: the bracket above must give another pairing
        position += 1
        if lowest:
            return [item]
        down = frozenset(p.id for p in item.moved_down)
        if down in failed:
            continue
        rest = yield from _solve(context, brackets, index + 1, item.moved_down)
        if isinstance(rest, list):
            return [item] + rest
        if rest is _C12:
            rest = yield from _c12(context, brackets, index, stream, position, item)
            if isinstance(rest, list):
                return rest
        failed.add(down)
        view = item.view
        yield BracketUndone(rule="C13", bracket=view, because_of=view, accepted=False)


def _c12(context: _Round, brackets: list[tuple[PlayerState, ...]], index: int,
         stream: _Buffered, position: int, original: Outcome
         ) -> Generator[Event, None, object]:
    """C12: bracket ``index + 1`` cannot pair its moved-down players.  Look for
    another pairing of bracket ``index`` moving other players down that lets
    them all be paired; if there is none, keep this one and let bracket
    ``index + 1`` go on (C14: its lowest moved-down players float on)."""
    below = index + 1
    lowest = below == len(brackets) - 1
    original_down = frozenset(p.id for p in original.moved_down)
    look = position
    while True:
        item = yield from stream.get(look)
        look += 1
        if not isinstance(item, Outcome):
            break
        down = frozenset(p.id for p in item.moved_down)
        if down == original_down:
            continue
        if _probe(context, below, brackets[below], item.moved_down, lowest, True):
            yield BracketUndone(rule="C12", bracket=item.view, because_of=original.view,
                                accepted=True)
            rest = yield from _solve(context, brackets, below, item.moved_down)
            if isinstance(rest, list):
                return [item] + rest
    yield BracketUndone(rule="C12", bracket=original.view, because_of=original.view,
                        accepted=False)
    rest = yield from _solve_refusing(context, brackets, below, original.moved_down)
    if isinstance(rest, list):
        return [original] + rest
    return None


def _solve_refusing(context: _Round, brackets: list[tuple[PlayerState, ...]], index: int,
                    moved: tuple[PlayerState, ...]) -> Generator[Event, None, object]:
    """Like :func:`_solve`, but a C12 request is answered "no" (go on to C14)."""
    lowest = index == len(brackets) - 1
    stream = _Buffered(_bracket(context, index, brackets[index], moved, lowest))
    failed: set[frozenset[PlayerId]] = set()
    position = 0
    while True:
        item = yield from stream.get(position)
        if isinstance(item, Need) and item.rule == "C12":
            item = yield from stream.refuse()
        if item is None or isinstance(item, Need):
            return None
        position += 1
        if lowest:
            return [item]
        down = frozenset(p.id for p in item.moved_down)
        if down in failed:
            continue
        rest = yield from _solve(context, brackets, index + 1, item.moved_down)
        if isinstance(rest, list):
            return [item] + rest
        if rest is _C12:
            rest = yield from _c12(context, brackets, index, stream, position, item)
            if isinstance(rest, list):
                return rest
        failed.add(down)


def _probe(context: _Round, index: int, residents: tuple[PlayerState, ...],
           moved: tuple[PlayerState, ...], lowest: bool, need_all_moved: bool) -> bool:
    """Could the bracket be paired with these players moved down into it, all
    of them paired (C12)?  Events are not kept."""
    stream = _bracket(context, index, residents, moved, lowest)
    for item in stream:
        if isinstance(item, Need):
            stream.close()
            return False
        if isinstance(item, Outcome):
            stream.close()
            if not need_all_moved:
                return True
            paired = {p.id for pair in item.pairs for p in pair}
            return all(m.id in paired for m in moved)
    return False


def _no_pairing_message(context: _Round, residents: Sequence[PlayerState],
                        moved: Sequence[PlayerState]) -> str:
    ids = ", ".join(str(p.id) for p in context.sort(list(residents) + list(moved)))
    return (f"{context.tournament.source}: round {context.round} cannot be paired under "
            f"{SYSTEM}: players {ids} cannot all be paired without breaking B1 or B2")


# ---------------------------------------------------------------------------
# One bracket


def _bracket(context: _Round, index: int, residents: tuple[PlayerState, ...],
             moved: tuple[PlayerState, ...], lowest: bool) -> Stream:
    players = context.sort(list(residents) + list(moved))
    score = residents[0].score if residents else (moved[-1].score if moved else Decimal(0))
    homogeneous = not moved or 2 * len(moved) >= len(players)
    view = BracketView(index=index, score=score, players=tuple(context.view(p) for p in players),
                       moved_down=tuple(p.id for p in moved), homogeneous=homogeneous,
                       lowest=lowest)
    yield BracketOpened(rule="A3", bracket=view)
    # C1: a player who cannot meet anybody in the bracket (B1/B2).
    stuck = [p for p in players
             if all(context.pair_check(p, q) is not None for q in players if q is not p)]
    if stuck and not lowest:
        for player in stuck:
            if player in moved and not homogeneous:
                answer = yield Need("C12", view)
                if answer:
                    return
        floating = tuple(stuck)
        for player in floating:
            yield PlayerMovedDown(rule="C1", bracket=view, player=player.id)
        players = tuple(p for p in players if p not in floating)
        moved = tuple(p for p in moved if p not in floating)
        homogeneous = not moved or 2 * len(moved) >= len(players)
        view = view.with_(players=tuple(context.view(p) for p in players),
                          moved_down=tuple(p.id for p in moved), homogeneous=homogeneous)
        if homogeneous:
            yield from _homogeneous(context, view, players, lowest, floating)
        else:
            yield from _heterogeneous(context, view, players, moved, lowest, floating)
        return
    if homogeneous:
        yield from _homogeneous(context, view, players, lowest, ())
    else:
        yield from _heterogeneous(context, view, players, moved, lowest, ())


def _leftover_check(lowest: bool, relaxation: Relaxation):  # type: ignore[no-untyped-def]
    def check(player: PlayerState) -> Rejection | None:
        if lowest:
            rejection = bye_rejection(player)
            if rejection is not None:
                return rejection
        return float_rejection(player, Float.DOWN, relaxation)
    return check


def _homogeneous(context: _Round, view: BracketView, players: tuple[PlayerState, ...],
                 lowest: bool, floating: tuple[PlayerState, ...], *, remainder: bool = False,
                 x_extra: int = 0, relaxations: Sequence[Relaxation] | None = None,
                 allow_c14: bool = True) -> Stream:
    """C2-C9, C11, C13/C14 for a homogeneous bracket (or a remainder group)."""
    n = len(players)
    x0, w, b, q = x_value(players)
    p0 = n // 2
    seen: set[object] = set()
    levels: list[tuple[Relaxation, int, int, str | None]] = []
    ladder = list(relaxations) if relaxations is not None else [
        STRICT, Relaxation(b6_down=False), Relaxation(b6_down=False, b5_down=False)]
    for step, relaxation in enumerate(ladder):
        levels.append((relaxation, min(x0 + x_extra, p0), p0, None if step == 0 else "C9"))
    relaxed = ladder[-1]
    for x in range(min(x0 + x_extra, p0) + 1, p0 + 1):
        levels.append((relaxed, x, p0, "C11"))
    if not lowest and allow_c14:
        for p in range(p0 - 1, -1, -1):
            levels.append((relaxed, p0, p, "C14"))
    view = view.with_(remainder=remainder)
    for relaxation, x, p, rule in levels:
        current = view.with_(x=x, p=p, dropped=relaxation.dropped,
                             s1=tuple(pl.id for pl in players[:p]),
                             s2=tuple(pl.id for pl in players[p:]))
        if rule == "C9":
            dropped = "B6" if relaxation.b5_down else "B5"
            yield CriterionDropped(rule="C9", bracket=current, criterion=dropped, floaters="down")
        elif rule == "C11":
            yield XIncreased(rule="C11", bracket=current)
        elif rule == "C14":
            yield PDecreased(rule="C14", bracket=current)
        yield BracketSplit(rule="C4", bracket=current, w=w, b=b, q=q)
        if p == 0:
            outcome = Outcome((), tuple(floating) + tuple(players), current)
            if outcome.key() not in seen:
                seen.add(outcome.key())
                yield BracketPaired(rule="C14", bracket=current, pairs=(),
                                    moved_down=tuple(pl.id for pl in outcome.moved_down))
                answer = yield outcome
            continue
        leftover = _leftover_check(lowest, relaxation)
        s1, s2 = players[:p], players[p:]
        exchanges: Iterator[Exchange | None] = _with_none(iter_exchanges(p, n - p))
        gate_checked = False
        for number, exchange in enumerate(exchanges):
            if exchange is None:
                t1, t2 = s1, s2
            else:
                if not gate_checked:
                    gate_checked = True
                    if not _any_pairing(context, players, p, x, leftover):
                        yield CandidatesSkipped(rule="C8", bracket=current, first=0, last=-1,
                                                count=0, reasons=(Rejection(
                                                    "C8", tuple(pl.id for pl in players),
                                                    "no_exchange"),))
                        break
                t1, t2 = apply_exchange(s1, s2, exchange)
            search = BracketSearch(t1, t2, x, context.pair_check, colour_conflict, leftover)
            split = current.with_(s1=tuple(pl.id for pl in t1), s2=tuple(pl.id for pl in t2))
            cell = None if exchange is None else (exchange.cell or exchange.label())
            if exchange is not None:
                feasible = search.completable(0, (), x)
                yield ExchangeApplied(rule="D2", bracket=split, cell=cell,
                                      from_s1=tuple(players[i - 1].id for i in exchange.from_s1),
                                      from_s2=tuple(players[i - 1].id for i in exchange.from_s2),
                                      number=number, feasible=feasible)
                if not feasible:
                    continue
            for found in (yield from _walk(search, split, cell)):
                pairs = tuple((t1[i], t2[j]) for i, j in enumerate(found.positions))
                used = set(found.positions)
                down = tuple(floating) + tuple(t2[j] for j in range(len(t2)) if j not in used)
                outcome = Outcome(pairs, down, split, found.rank, cell)
                if outcome.key() in seen:
                    continue
                seen.add(outcome.key())
                yield BracketPaired(rule="C6", bracket=split,
                                    pairs=tuple((a.id, b_.id) for a, b_ in pairs),
                                    moved_down=tuple(pl.id for pl in down),
                                    transposition=found.rank, exchange=cell)
                yield outcome
    if lowest:
        answer = yield Need("C13", view)
        if answer:
            return


def _with_none(exchanges: Iterator[Exchange]) -> Iterator[Exchange | None]:
    yield None
    yield from exchanges


def _walk(search: BracketSearch, view: BracketView, cell: str | None
          ) -> Generator[Event, None, list[Found]]:
    """Trace C6/C7 on one S1/S2 split; return the acceptable candidates lazily
    gathered (first one traced in detail, the skipped range counted)."""
    k = len(search.s1)
    identity = tuple(range(k))
    rejection, _ = search.evaluate(identity)
    pairs0 = tuple((search.s1[i].id, search.s2[i].id) for i in range(k))
    left0 = tuple(p.id for p in search.s2[k:])
    if rejection is None:
        yield CandidateTried(rule="C6", bracket=view, pairs=pairs0, transposition=0,
                             exchange=cell, accepted=True, leftover=left0)
        return _lazy(search)
    yield CandidateTried(rule="C6", bracket=view, pairs=pairs0, transposition=0, exchange=cell,
                         accepted=False, rejection=rejection, leftover=left0)
    candidates = search.candidates()
    first = next(candidates, None)
    total = _factorial(len(search.s2))
    if first is None:
        yield CandidatesSkipped(rule="C7", bracket=view, first=1, last=total - 1,
                                count=total - 1, reasons=tuple(search.stats.rejections),
                                exchange=cell)
        return []
    if first.rank > 1:
        yield CandidatesSkipped(rule="C7", bracket=view, first=1, last=first.rank - 1,
                                count=first.rank - 1, reasons=tuple(search.stats.rejections),
                                exchange=cell)
    yield CandidateTried(rule="C7", bracket=view,
                         pairs=tuple((search.s1[i].id, search.s2[j].id)
                                     for i, j in enumerate(first.positions)),
                         transposition=first.rank, exchange=cell, accepted=True,
                         leftover=tuple(search.s2[j].id for j in range(len(search.s2))
                                        if j not in first.positions))
    return _chain(first, candidates)


class _lazy(list):  # type: ignore[type-arg]
    """A list-like iterable over a search's candidates, computed on demand."""

    def __init__(self, search: BracketSearch) -> None:
        super().__init__()
        self.search = search

    def __iter__(self) -> Iterator[Found]:  # type: ignore[override]
        return self.search.candidates()


class _chain(list):  # type: ignore[type-arg]
    def __init__(self, first: Found, rest: Iterator[Found]) -> None:
        super().__init__()
        self.first_found = first
        self.rest = rest

    def __iter__(self) -> Iterator[Found]:  # type: ignore[override]
        yield self.first_found
        yield from self.rest


def _factorial(n: int) -> int:
    import math
    return math.factorial(n)


def _any_pairing(context: _Round, players: Sequence[PlayerState], p: int, x: int,
                 leftover: object) -> bool:
    """Is there any set of p pairs in the bracket, whatever S1 and S2, with at
    most x colour conflicts and every unpaired player allowed to float?
    (If not, no exchange can help: C8 is skipped as a whole.)"""
    check = leftover  # a callable PlayerState -> Rejection | None
    n = len(players)
    spare = n - 2 * p
    graph = nx.Graph()
    big = 4 * n + 4
    for i, a in enumerate(players):
        for j in range(i + 1, n):
            b = players[j]
            if context.pair_check(a, b) is None:
                graph.add_edge(i, j, weight=big - (1 if colour_conflict(a, b) else 0))
        if spare and check(a) is None:  # type: ignore[operator]
            for s in range(spare):
                graph.add_edge(i, ("spare", s), weight=big)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) * 2 < n + spare:
        return False
    conflicts = sum(big - graph[u][v]["weight"] for u, v in matching)
    return conflicts <= x


def _heterogeneous(context: _Round, view: BracketView, players: tuple[PlayerState, ...],
                   moved: tuple[PlayerState, ...], lowest: bool,
                   floating: tuple[PlayerState, ...]) -> Stream:
    """C2-C14 for a heterogeneous bracket: moved-down players (S1) first,
    then the remainder as a homogeneous group (C6, C10)."""
    residents = tuple(p for p in players if p not in moved)
    x0, w, b, q = x_value(players)
    m = len(moved)
    seen: set[object] = set()
    up_ladder = [STRICT, Relaxation(b6_up=False), Relaxation(b6_up=False, b5_up=False)]
    levels: list[tuple[Relaxation, int, str | None]] = []
    for step, relaxation in enumerate(up_ladder):
        levels.append((relaxation, 0, None if step == 0 else "C10"))
    for extra in range(1, max(m - x0, 0) + max(len(residents) // 2, 0) + 1):
        levels.append((up_ladder[-1], extra, "C11"))
    for p in range(m, 0, -1):
        s1 = moved[:p]
        carried = tuple(moved[p:])  # C14: the lowest moved-down players float on
        if p < m:
            yield PDecreased(rule="C14", bracket=view.with_(p=p, s1=tuple(pl.id for pl in s1)))
        any_mdp_pairing = False
        for relaxation, extra, rule in levels:
            x = min(x0 + extra, p)
            current = view.with_(x=x, p=p, dropped=relaxation.dropped,
                                 s1=tuple(pl.id for pl in s1),
                                 s2=tuple(pl.id for pl in residents))
            if rule == "C10":
                yield CriterionDropped(rule="C10", bracket=current,
                                       criterion="B6" if relaxation.b5_up else "B5",
                                       floaters="up")
            elif rule == "C11":
                yield XIncreased(rule="C11", bracket=current)
            yield BracketSplit(rule="C4", bracket=current, w=w, b=b, q=q)

            def pair_check(a: PlayerState, r: PlayerState,
                           relaxation: Relaxation = relaxation) -> Rejection | None:
                return (context.pair_check(a, r)
                        or float_rejection(r, Float.UP, relaxation))

            search = BracketSearch(s1, residents, x, pair_check, colour_conflict,
                                   lambda r: None)
            for found in (yield from _walk(search, current, None)):
                any_mdp_pairing = True
                pairs = tuple((s1[i], residents[j]) for i, j in enumerate(found.positions))
                used = set(found.positions)
                rest = tuple(residents[j] for j in range(len(residents)) if j not in used)
                remainder_view = current.with_(
                    players=tuple(context.view(pl) for pl in rest), moved_down=(),
                    homogeneous=True, remainder=True)
                stream = _homogeneous(
                    context, remainder_view, rest, lowest and not carried, (),
                    remainder=True, x_extra=extra,
                    relaxations=[relaxation, Relaxation(False, True, relaxation.b6_up,
                                                        relaxation.b5_up),
                                 Relaxation(False, False, relaxation.b6_up, relaxation.b5_up)],
                    allow_c14=False)
                for item in stream:
                    if isinstance(item, Need):
                        break
                    if isinstance(item, Outcome):
                        down = tuple(floating) + carried + item.moved_down
                        if lowest and len(down) > 1:
                            continue
                        if lowest and down and not carried and not floating:
                            pass
                        outcome = Outcome(pairs + item.pairs, down, current, found.rank, None)
                        if outcome.key() in seen:
                            continue
                        seen.add(outcome.key())
                        yield BracketPaired(rule="C6", bracket=current,
                                            pairs=tuple((a.id, r.id) for a, r in outcome.pairs),
                                            moved_down=tuple(pl.id for pl in down),
                                            transposition=found.rank)
                        yield outcome
                    else:
                        yield item
        if not any_mdp_pairing and p == m and not lowest:
            answer = yield Need("C12", view)
            if answer:
                return
        # The remainder could not be paired whole: let it float players (C14
        # for the remainder group), with every relaxation already in force.
        if not lowest:
            relaxed = levels[-1][0]
            x = p
            def pair_check_last(a: PlayerState, r: PlayerState) -> Rejection | None:
                return context.pair_check(a, r) or float_rejection(r, Float.UP, relaxed)
            search = BracketSearch(s1, residents, x, pair_check_last, colour_conflict,
                                   lambda r: None)
            for found in search.candidates():
                pairs = tuple((s1[i], residents[j]) for i, j in enumerate(found.positions))
                used = set(found.positions)
                rest = tuple(residents[j] for j in range(len(residents)) if j not in used)
                remainder_view = view.with_(players=tuple(context.view(pl) for pl in rest),
                                            moved_down=(), homogeneous=True, remainder=True)
                for item in _homogeneous(context, remainder_view, rest, False, (),
                                         remainder=True, x_extra=len(rest),
                                         relaxations=[Relaxation(False, False, False, False)]):
                    if isinstance(item, Outcome):
                        down = tuple(floating) + carried + item.moved_down
                        outcome = Outcome(pairs + item.pairs, down, view.with_(p=p),
                                          found.rank, None)
                        if outcome.key() in seen:
                            continue
                        seen.add(outcome.key())
                        yield outcome
                    elif not isinstance(item, Need):
                        yield item
    if lowest:
        answer = yield Need("C13", view)
        if answer:
            return
    else:
        # p = 0: every moved-down player and the whole bracket float on.
        outcome = Outcome((), tuple(floating) + tuple(players), view.with_(p=0))
        if outcome.key() not in seen:
            yield PDecreased(rule="C14", bracket=view.with_(p=0))
            yield outcome


# ---------------------------------------------------------------------------
# After the brackets: bye (A5), colours (E), board order (F1).


def _finish(context: _Round, outcomes: list[Outcome]) -> Iterator[Event]:
    pairs = [pair for outcome in outcomes for pair in outcome.pairs]
    byes = outcomes[-1].moved_down if outcomes else ()
    for player in byes:
        yield ByeAssigned(rule="A5", player=player.id, view=context.view(player))
    boards: list[tuple[PlayerState, PlayerState]] = []
    for a, b in pairs:
        higher, lower = sorted((a, b), key=context.a2_key)
        if not higher.played_colours and not lower.played_colours:
            decision = first_round_colours(higher, lower,
                                           context.tournament.pairing_number(higher.id),
                                           context.initial)
        else:
            decision = allocate(higher, lower, context.initial)
        yield ColourAllocated(rule=decision.rule, white=decision.white.id,
                              black=decision.black.id, higher=higher.id,
                              white_view=context.view(decision.white),
                              black_view=context.view(decision.black))
        boards.append((decision.white, decision.black))

    def f1_key(board: tuple[PlayerState, PlayerState]) -> tuple[Decimal, Decimal, int]:
        higher = min(board, key=context.a2_key)
        return (-max(board[0].score, board[1].score), -(board[0].score + board[1].score),
                context.tournament.pairing_number(higher.id))

    boards.sort(key=f1_key)
    ordered = tuple(Board(i, w.id, b.id) for i, (w, b) in enumerate(boards, 1))
    yield BoardsOrdered(rule="F1", boards=ordered)
    yield RoundPaired(rule="F1", round=context.round, system=SYSTEM, boards=ordered,
                      byes=tuple(p.id for p in byes))
