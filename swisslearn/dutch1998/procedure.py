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
  the bye is a downfloat, so B5/B6 apply to it until C9 drops them.  This
  holds for every way the lowest bracket can end: a remainder of one
  player, a moved-down player left over by C14; never two players unpaired.
* C1 with several moved-down players who cannot be paired: one C12 request
  for the bracket (the answer does not depend on which of them asks); if
  the bracket above keeps its pairing, they all float on.
* Players moved down form S1 in A2 order (A6), whatever bracket or rule
  (C1, C14, leftovers) sent them down.

The search is exact but not literal in its cost: an outcome whose set of
moved-down players already failed below is never produced again (the
bracket's search is given those sets, ``banned``), and a bracket with a
given set of players moved into it that cannot be completed is remembered
for the rest of the round.  The driver meets the same outcomes in the same
order as if it enumerated and passed over them, so the pairing is the same;
the trace just does not repeat the dead ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import AbstractSet, Callable, Generator, Iterable, Iterator, Sequence, Union

import networkx as nx
import numpy as np

from swisslearn.dutch1998.colours import allocate, first_round_colours, x_value
from swisslearn.dutch1998.criteria import (STRICT, Relaxation, bye_rejection, colour_conflict,
                                           float_rejection, pair_rejection)
from swisslearn.dutch1998.exchanges import Exchange, iter_exchanges
from swisslearn.dutch1998.search import Banned, BracketSearch, Found
from swisslearn.errors import PairingError, UsageError
from swisslearn.model import Colour, Float, PlayerId, PlayerState, RoundNumber, Tournament
from swisslearn.trace import (Board, BoardsOrdered, BracketOpened, BracketPaired,
                              BracketSplit, BracketsMerged, BracketUndone, BracketView,
                              ByeAssigned,
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
    """What every bracket of the round shares, and what the round has already
    worked out (the criteria on each pair, the bracket combinations found
    impossible) so that the backtracking of C12/C13 does not pay twice."""

    def __init__(self, tournament: Tournament, round: RoundNumber) -> None:
        self.tournament = tournament
        self.round = round
        self.forbidden = tournament.forbidden_pairs(round)
        self.initial = tournament.initial_colour or Colour.WHITE
        self.views: dict[PlayerId, PlayerView] = {}
        self._pairs: dict[tuple[PlayerId, PlayerId], Rejection | None] = {}
        self._conflicts: dict[tuple[PlayerId, PlayerId], bool] = {}
        self._floats: dict[tuple[PlayerId, Float, Relaxation], Rejection | None] = {}
        self._byes: dict[PlayerId, Rejection | None] = {}
        self._tables: dict[tuple[PlayerId, ...], _Table] = {}
        # (driver, bracket index, players moved into it): no pairing of it and
        # of the brackets below exists (the driver's answer is always the same).
        self.dead: set[tuple[str, int, tuple[PlayerId, ...]]] = set()
        self.probes: dict[tuple[int, tuple[PlayerId, ...], bool, bool], bool] = {}

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
        key = (a.id, b.id)
        try:
            return self._pairs[key]
        except KeyError:
            found = self._pairs[key] = pair_rejection(a, b, self.forbidden)
            return found

    def conflict(self, a: PlayerState, b: PlayerState) -> bool:
        key = (a.id, b.id)
        try:
            return self._conflicts[key]
        except KeyError:
            found = self._conflicts[key] = colour_conflict(a, b)
            return found

    def float_check(self, player: PlayerState, direction: Float,
                    relaxation: Relaxation) -> Rejection | None:
        key = (player.id, direction, relaxation)
        try:
            return self._floats[key]
        except KeyError:
            found = self._floats[key] = float_rejection(player, direction, relaxation)
            return found

    def bye_check(self, player: PlayerState) -> Rejection | None:
        try:
            return self._byes[player.id]
        except KeyError:
            found = self._byes[player.id] = bye_rejection(player)
            return found

    def leftover_check(self, lowest: bool, relaxation: Relaxation
                       ) -> Callable[[PlayerState], Rejection | None]:
        """Why a player may not stay unpaired: in the lowest bracket he gets the
        bye (B1b), and the bye is a downfloat (A5: B5/B6 in force)."""
        def check(player: PlayerState) -> Rejection | None:
            if lowest:
                rejection = self.bye_check(player)
                if rejection is not None:
                    return rejection
            return self.float_check(player, Float.DOWN, relaxation)
        return check

    def table(self, players: tuple[PlayerState, ...], within: _Table | None = None) -> _Table:
        """The table of ``players`` (cut out of ``within``, if given)."""
        key = tuple(p.id for p in players)
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = (_Table.build(self, players) if within is None
                                         else within.sub(players))
        return found


class _Table:
    """B1/B2 (``allowed``) and B4 (``cost``: 1 if the pair misses a colour
    preference) for every two players of a bracket, by their A2 position."""

    def __init__(self, players: tuple[PlayerState, ...], allowed: np.ndarray,
                 cost: np.ndarray) -> None:
        self.players = players
        self.index = {p.id: i for i, p in enumerate(players)}
        self.allowed = allowed
        self.cost = cost
        # _any_pairing's answers: (may stay unpaired, p, x, banned leftovers)
        self.gates: dict[tuple[tuple[bool, ...], int, int, frozenset[frozenset[int]]], bool] = {}

    @classmethod
    def build(cls, context: _Round, players: tuple[PlayerState, ...]) -> _Table:
        n = len(players)
        allowed = np.zeros((n, n), dtype=bool)
        cost = np.zeros((n, n), dtype=np.int64)
        for i, a in enumerate(players):
            for j in range(i + 1, n):
                b = players[j]
                if context.pair_check(a, b) is None:
                    allowed[i, j] = allowed[j, i] = True
                    if context.conflict(a, b):
                        cost[i, j] = cost[j, i] = 1
        return cls(players, allowed, cost)

    def sub(self, players: Sequence[PlayerState]) -> _Table:
        positions = [self.index[p.id] for p in players]
        grid = np.ix_(positions, positions)
        return _Table(tuple(players), self.allowed[grid], self.cost[grid])

    def block(self, rows: Sequence[PlayerState], columns: Sequence[PlayerState]
              ) -> tuple[np.ndarray, np.ndarray]:
        grid = np.ix_([self.index[p.id] for p in rows], [self.index[p.id] for p in columns])
        return self.allowed[grid], self.cost[grid]


def _float_rejection_of_pair(a: PlayerState, b: PlayerState,
                             relaxation: Relaxation) -> Rejection | None:
    """B5/B6 for the floats a pair between different scores gives (A4): the
    higher score floats down, the lower up."""
    if a.score == b.score:
        return None
    high, low = (a, b) if a.score > b.score else (b, a)
    return (float_rejection(high, Float.DOWN, relaxation)
            or float_rejection(low, Float.UP, relaxation))


def _with_floats(table: _Table, relaxation: Relaxation) -> _Table:
    """``table`` less the pairs whose floats break B5/B6 as far as
    ``relaxation`` keeps them."""
    players = table.players
    allowed = table.allowed.copy()
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            if allowed[i, j] and _float_rejection_of_pair(a, players[j], relaxation):
                allowed[i, j] = allowed[j, i] = False
    return _Table(players, allowed, table.cost)


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


def _ids(players: Sequence[PlayerState]) -> tuple[PlayerId, ...]:
    return tuple(p.id for p in players)


def _solve(context: _Round, brackets: list[tuple[PlayerState, ...]], index: int,
           moved: tuple[PlayerState, ...]) -> Generator[Event, None, object]:
    """Pair bracket ``index`` and every one below it.  Returns the outcomes,
    ``None`` if the brackets below cannot be completed whatever this bracket
    does (C13: the caller tries another pairing), or ``_C12`` if this bracket
    asks for the previous one to be paired again.

    An outcome moving down a set of players that already failed below is
    passed over; the bracket's search is told (``failed`` is its banned
    list), so it does not even produce them."""
    memo = ("solve", index, _ids(moved))
    if memo in context.dead:
        return None
    lowest = index == len(brackets) - 1
    failed: set[frozenset[PlayerId]] = set()
    stream = _Buffered(_bracket(context, index, brackets[index], moved, lowest, failed))
    position = 0
    while True:
        item = yield from stream.get(position)
        if item is None:
            context.dead.add(memo)
            return None
        if isinstance(item, Need):
            if item.rule == "C12":
                return _C12
            context.dead.add(memo)
            return None  # C13: the bracket above must give another pairing
        position += 1
        if lowest:
            return [item]
        down = frozenset(p.id for p in item.moved_down)
        if down in failed:
            continue
        if failed and not item.pairs:
            # C13: undone down to p = 0, this bracket has joined the one below.
            yield BracketsMerged(rule="C13", bracket=item.view)
        rest = yield from _solve(context, brackets, index + 1, item.moved_down)
        if isinstance(rest, list):
            if failed:
                yield BracketUndone(rule="C13", bracket=item.view, because_of=item.view,
                                    accepted=True)
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
    probed: set[frozenset[PlayerId]] = {original_down}
    look = position
    while True:
        item = yield from stream.get(look)
        look += 1
        if not isinstance(item, Outcome):
            break
        down = frozenset(p.id for p in item.moved_down)
        if down in probed:
            continue
        probed.add(down)
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
    memo = ("refusing", index, _ids(moved))
    if memo in context.dead:
        return None
    lowest = index == len(brackets) - 1
    failed: set[frozenset[PlayerId]] = set()
    stream = _Buffered(_bracket(context, index, brackets[index], moved, lowest, failed))
    position = 0
    while True:
        item = yield from stream.get(position)
        while isinstance(item, Need) and item.rule == "C12":
            item = yield from stream.refuse()
        if item is None or isinstance(item, Need):
            context.dead.add(memo)
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
    key = (index, _ids(moved), lowest, need_all_moved)
    known = context.probes.get(key)
    if known is not None:
        return known
    answer = False
    stream = _bracket(context, index, residents, moved, lowest, ())
    for item in stream:
        if isinstance(item, Need):
            break
        if isinstance(item, Outcome):
            if not need_all_moved:
                answer = True
            else:
                paired = {p.id for pair in item.pairs for p in pair}
                answer = all(m.id in paired for m in moved)
            break
    stream.close()
    context.probes[key] = answer
    return answer


def _no_pairing_message(context: _Round, residents: Sequence[PlayerState],
                        moved: Sequence[PlayerState]) -> str:
    ids = ", ".join(str(p.id) for p in context.sort(list(residents) + list(moved)))
    return (f"{context.tournament.source}: round {context.round} cannot be paired under "
            f"{SYSTEM}: players {ids} cannot all be paired without breaking B1 or B2")


# ---------------------------------------------------------------------------
# One bracket


def _bracket(context: _Round, index: int, residents: tuple[PlayerState, ...],
             moved: tuple[PlayerState, ...], lowest: bool, banned: Banned = ()) -> Stream:
    moved = context.sort(moved)  # A6: S1 in A2 order, whatever order they came down in
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
        # One C12 request for all of them: the bracket above either moves
        # other players down or keeps its pairing (then C14: they float on).
        if not homogeneous and any(player in moved for player in stuck):
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
            yield from _homogeneous(context, view, players, lowest, floating, banned=banned)
        else:
            yield from _heterogeneous(context, view, players, moved, lowest, floating, banned)
        return
    if homogeneous:
        yield from _homogeneous(context, view, players, lowest, (), banned=banned)
    else:
        yield from _heterogeneous(context, view, players, moved, lowest, (), banned)


def _split(p: int, n: int, exchange: Exchange | None) -> tuple[list[int], list[int]]:
    """S1 and S2 (0-based bracket positions, A2 order) after ``exchange``
    (:func:`swisslearn.dutch1998.exchanges.apply_exchange` on positions)."""
    if exchange is None:
        return list(range(p)), list(range(p, n))
    leaving = set(exchange.from_s1) | set(exchange.from_s2)
    s1 = sorted([i for i in range(1, p + 1) if i not in leaving] + list(exchange.from_s2))
    s2 = sorted([j for j in range(p + 1, n + 1) if j not in leaving] + list(exchange.from_s1))
    return [i - 1 for i in s1], [j - 1 for j in s2]


def _homogeneous(context: _Round, view: BracketView, players: tuple[PlayerState, ...],
                 lowest: bool, floating: tuple[PlayerState, ...], *, remainder: bool = False,
                 x_extra: int = 0, relaxations: Sequence[Relaxation] | None = None,
                 allow_c14: bool = True, banned: Banned = (),
                 table: _Table | None = None) -> Stream:
    """C2-C9, C11, C13/C14 for a homogeneous bracket (or a remainder group).

    ``floating`` players are moved down whatever the bracket does (C1, or
    the moved-down players a heterogeneous bracket could not pair, C14); in
    the lowest bracket they are the bye.  ``banned``: the sets of players
    moved down that already failed below (C13, see :mod:`search`)."""
    n = len(players)
    x0, w, b, q = x_value(players)
    p0 = n // 2
    seen: set[object] = set()
    levels: list[tuple[Relaxation, int, int, str | None]] = []
    # Players of different scores (a bracket treated as homogeneous although
    # players were moved into it, A3) pair with floats: C6 checks B5/B6 for
    # them too, and after C9 (downfloaters) C10 drops B6 then B5 for the
    # upfloaters, as in a heterogeneous bracket.
    mixed = len({pl.score for pl in players}) > 1
    if relaxations is not None:
        ladder = list(relaxations)
        steps = [None] + ["C9"] * (len(ladder) - 1)
    else:
        ladder = [STRICT, Relaxation(b6_down=False), Relaxation(b6_down=False, b5_down=False)]
        steps = [None, "C9", "C9"]
        if mixed:
            ladder += [Relaxation(False, False, b6_up=False),
                       Relaxation(False, False, b6_up=False, b5_up=False)]
            steps += ["C10", "C10"]
    for relaxation, step in zip(ladder, steps):
        levels.append((relaxation, min(x0 + x_extra, p0), p0, step))
    relaxed = ladder[-1]
    for x in range(min(x0 + x_extra, p0) + 1, p0 + 1):
        levels.append((relaxed, x, p0, "C11"))
    if not lowest and allow_c14:
        for p in range(p0 - 1, -1, -1):
            levels.append((relaxed, p0, p, "C14"))
    view = view.with_(remainder=remainder)
    if table is None:
        table = context.table(players)
    fixed = frozenset(pl.id for pl in floating)
    for relaxation, x, p, rule in levels:
        current = view.with_(x=x, p=p, dropped=relaxation.dropped,
                             s1=tuple(pl.id for pl in players[:p]),
                             s2=tuple(pl.id for pl in players[p:]))
        if rule == "C9":
            dropped = "B6" if relaxation.b5_down else "B5"
            yield CriterionDropped(rule="C9", bracket=current, criterion=dropped, floaters="down")
        elif rule == "C10":
            dropped = "B6" if relaxation.b5_up else "B5"
            yield CriterionDropped(rule="C10", bracket=current, criterion=dropped, floaters="up")
        elif rule == "C11":
            yield XIncreased(rule="C11", bracket=current)
        elif rule == "C14":
            yield PDecreased(rule="C14", bracket=current)
        yield BracketSplit(rule="C4", bracket=current, w=w, b=b, q=q)
        leftover = context.leftover_check(lowest, relaxation)
        level_table = _with_floats(table, relaxation) if mixed else table

        def level_check(a: PlayerState, b: PlayerState,
                        relaxation: Relaxation = relaxation) -> Rejection | None:
            return (context.pair_check(a, b)
                    or (_float_rejection_of_pair(a, b, relaxation) if mixed else None))
        if lowest:
            # The lowest bracket ends the round: at most one player is left
            # unpaired, the bye (A5), and he must be allowed it (B1b, and
            # B5/B6 as long as they are in force: a bye is a downfloat).
            if len(floating) + n - 2 * p > 1:
                continue
            refused = [r for r in map(leftover, floating) if r is not None]
            if p == 0:
                refused += [r for r in map(leftover, players) if r is not None]
            if refused:
                if p == 0:
                    yield CandidateTried(rule="C6", bracket=current, pairs=(), transposition=0,
                                         accepted=False, rejection=refused[0],
                                         leftover=tuple(pl.id for pl in players))
                continue
        if p == 0:
            outcome = Outcome((), tuple(floating) + tuple(players), current)
            if outcome.key() not in seen:
                seen.add(outcome.key())
                yield BracketPaired(rule="C14", bracket=current, pairs=(),
                                    moved_down=tuple(pl.id for pl in outcome.moved_down))
                answer = yield outcome
            continue
        may_stay = np.array([leftover(pl) is None for pl in players], dtype=bool)
        exchanges: Iterator[Exchange | None] = _with_none(iter_exchanges(p, n - p))
        gate_at = -1  # size of the banned list when the C8 gate last said yes
        for number, exchange in enumerate(exchanges):
            if exchange is not None and gate_at != len(banned):
                gate_at = len(banned)
                if not _any_pairing(level_table, may_stay, p, x, banned, fixed):
                    yield CandidatesSkipped(rule="C8", bracket=current, first=0, last=-1,
                                            count=0, reasons=(Rejection(
                                                "C8", tuple(pl.id for pl in players),
                                                "no_exchange"),))
                    break
            rows, columns = _split(p, n, exchange)
            t1 = tuple(players[i] for i in rows)
            t2 = tuple(players[j] for j in columns)
            grid = np.ix_(rows, columns)
            search = BracketSearch(t1, t2, x, level_check, context.conflict, leftover,
                                   allowed=level_table.allowed[grid], cost=level_table.cost[grid],
                                   may_stay=may_stay[columns], banned=banned, fixed_down=fixed)
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
          ) -> Generator[Event, None, Iterable[Found]]:
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


class _lazy:
    """An iterable over a search's candidates, computed on demand."""

    def __init__(self, search: BracketSearch) -> None:
        self.search = search

    def __iter__(self) -> Iterator[Found]:
        return self.search.candidates()


class _chain:
    """The first candidate found, then the rest of the search."""

    def __init__(self, first: Found, rest: Iterator[Found]) -> None:
        self.first_found = first
        self.rest = rest

    def __iter__(self) -> Iterator[Found]:
        yield self.first_found
        yield from self.rest


def _factorial(n: int) -> int:
    import math
    return math.factorial(n)


def _any_pairing(table: _Table, may_stay: np.ndarray, p: int, x: int, banned: Banned,
                 fixed: frozenset[PlayerId]) -> bool:
    """Is there any set of p pairs in the bracket, whatever S1 and S2, with at
    most x colour conflicts, every unpaired player allowed to float and the
    players moved down not a banned set?  (If not, no exchange can help: C8
    is skipped as a whole.)"""
    n = len(table.players)
    spare = n - 2 * p
    targets: set[frozenset[int]] = set()
    for down in banned:
        if len(down) == len(fixed) + spare and fixed <= down:
            rest = [table.index.get(pid) for pid in down if pid not in fixed]
            if all(i is not None for i in rest):
                targets.add(frozenset(i for i in rest if i is not None))
    if spare < 0:
        return False
    stay: list[bool] = may_stay.tolist()
    key = (tuple(stay), p, x, frozenset(targets))
    known = table.gates.get(key)
    if known is not None:
        return known
    if n <= _SMALL_BRACKET:
        answer = _small_pairing(table, stay, spare, x, targets)
    else:
        answer = _large_pairing(table, may_stay, spare, x, targets)
    table.gates[key] = answer
    return answer


_SMALL_BRACKET = 18


def _small_pairing(table: _Table, stay: list[bool], spare: int, x: int,
                   targets: set[frozenset[int]]) -> bool:
    """:func:`_any_pairing` for a small bracket: depth-first over the
    highest player left (paired with someone, or unpaired), remembering the
    states that failed."""
    n = len(table.players)
    allowed: list[list[bool]] = table.allowed.tolist()
    cost: list[list[int]] = table.cost.tolist()
    partners = [[j for j in range(n) if allowed[i][j]] for i in range(n)]
    failed: set[tuple[int, int, int, int]] = set()

    def search(remaining: int, spare: int, budget: int, left: int) -> bool:
        if not remaining:
            return not spare and (not targets or frozenset(
                i for i in range(n) if left >> i & 1) not in targets)
        state = (remaining, spare, budget, left if targets else 0)
        if state in failed:
            return False
        i = (remaining & -remaining).bit_length() - 1
        rest = remaining & ~(1 << i)
        if spare and stay[i] and search(rest, spare - 1, budget, left | 1 << i):
            return True
        for j in partners[i]:
            if rest >> j & 1:
                c = cost[i][j]
                if c <= budget and search(rest & ~(1 << j), spare, budget - c, left):
                    return True
        failed.add(state)
        return False

    return search((1 << n) - 1, spare, x, 0)


def _large_pairing(table: _Table, may_stay: np.ndarray, spare: int, x: int,
                   targets: set[frozenset[int]]) -> bool:
    """:func:`_any_pairing` for a large bracket: a maximum weight matching,
    banned sets avoided by Murty's partition (the first player of a banned
    set found paired, or unpaired and the second paired, ...)."""
    parts: list[tuple[frozenset[int], frozenset[int]]] = [(frozenset(), frozenset())]
    while parts:
        paired, unpaired = parts.pop()
        left = _best_pairing(table, may_stay, spare, x, paired, unpaired)
        if left is None:
            continue
        if left not in targets:
            return True
        kept = set(unpaired)
        for i in sorted(left - unpaired):
            parts.append((paired | {i}, frozenset(kept)))
            kept.add(i)
    return False


def _best_pairing(table: _Table, may_stay: np.ndarray, spare: int, x: int,
                  paired: AbstractSet[int], unpaired: AbstractSet[int]
                  ) -> frozenset[int] | None:
    """The players left unpaired by a pairing of the bracket with the fewest
    colour conflicts (``spare`` players unpaired, ``paired`` ones paired,
    ``unpaired`` ones not), or None if every such pairing has more than x."""
    n = len(table.players)
    graph = nx.Graph()
    big = 4 * n + 4
    allowed, cost = table.allowed, table.cost
    for i in range(n):
        if i in unpaired:
            continue
        for j in range(i + 1, n):
            if allowed[i, j] and j not in unpaired:
                graph.add_edge(i, j, weight=big - int(cost[i, j]))
    if spare:
        for i in range(n):
            if may_stay[i] and i not in paired:
                for s in range(spare):
                    graph.add_edge(i, ("spare", s), weight=big)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) * 2 < n + spare:
        return None
    conflicts = sum(big - graph[u][v]["weight"] for u, v in matching)
    if conflicts > x:
        return None
    left: set[int] = set()
    for u, v in matching:
        if isinstance(u, tuple):
            left.add(v)
        elif isinstance(v, tuple):
            left.add(u)
    return frozenset(left)


def _heterogeneous(context: _Round, view: BracketView, players: tuple[PlayerState, ...],
                   moved: tuple[PlayerState, ...], lowest: bool,
                   floating: tuple[PlayerState, ...], banned: Banned = ()) -> Stream:
    """C2-C14 for a heterogeneous bracket: moved-down players (S1) first,
    then the remainder as a homogeneous group (C6, C10)."""
    residents = tuple(p for p in players if p not in moved)
    x0, w, b, q = x_value(players)
    m = len(moved)
    seen: set[object] = set()
    table = context.table(players)
    up_ladder = [STRICT, Relaxation(b6_up=False), Relaxation(b6_up=False, b5_up=False)]
    levels: list[tuple[Relaxation, int, str | None]] = []
    for step, relaxation in enumerate(up_ladder):
        levels.append((relaxation, 0, None if step == 0 else "C10"))
    for extra in range(1, max(m - x0, 0) + max(len(residents) // 2, 0) + 1):
        levels.append((up_ladder[-1], extra, "C11"))
    everyone = np.ones(len(residents), dtype=bool)
    for p in range(m, 0, -1):
        s1 = moved[:p]
        carried = tuple(moved[p:])  # C14: the lowest moved-down players float on
        if p < m:
            yield PDecreased(rule="C14", bracket=view.with_(p=p, s1=tuple(pl.id for pl in s1)))
        any_mdp_pairing = False
        allowed_block, cost_block = table.block(s1, residents)
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
                        or context.float_check(r, Float.UP, relaxation))

            up_ok = np.array([context.float_check(r, Float.UP, relaxation) is None
                              for r in residents], dtype=bool)
            search = BracketSearch(s1, residents, x, pair_check, context.conflict,
                                   lambda r: None, allowed=allowed_block & up_ok[None, :],
                                   cost=cost_block, may_stay=everyone)
            for found in (yield from _walk(search, current, None)):
                any_mdp_pairing = True
                pairs = tuple((s1[i], residents[j]) for i, j in enumerate(found.positions))
                used = set(found.positions)
                rest = tuple(residents[j] for j in range(len(residents)) if j not in used)
                remainder_view = current.with_(
                    players=tuple(context.view(pl) for pl in rest), moved_down=(),
                    homogeneous=True, remainder=True)
                # In the lowest bracket the carried players get the bye: the
                # remainder checks them with its own leftovers (at most one).
                stream = _homogeneous(
                    context, remainder_view, rest, lowest, tuple(floating) + carried,
                    remainder=True, x_extra=extra,
                    relaxations=[relaxation, Relaxation(False, True, relaxation.b6_up,
                                                        relaxation.b5_up),
                                 Relaxation(False, False, relaxation.b6_up, relaxation.b5_up)],
                    allow_c14=False, banned=banned, table=context.table(rest, table))
                for item in stream:
                    if isinstance(item, Need):
                        break
                    if isinstance(item, Outcome):
                        down = item.moved_down
                        if lowest and len(down) > 1:
                            continue
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
                return context.pair_check(a, r) or context.float_check(r, Float.UP, relaxed)

            up_ok = np.array([context.float_check(r, Float.UP, relaxed) is None
                              for r in residents], dtype=bool)
            search = BracketSearch(s1, residents, x, pair_check_last, context.conflict,
                                   lambda r: None, allowed=allowed_block & up_ok[None, :],
                                   cost=cost_block, may_stay=everyone)
            for found in search.candidates():
                pairs = tuple((s1[i], residents[j]) for i, j in enumerate(found.positions))
                used = set(found.positions)
                rest = tuple(residents[j] for j in range(len(residents)) if j not in used)
                remainder_view = view.with_(players=tuple(context.view(pl) for pl in rest),
                                            moved_down=(), homogeneous=True, remainder=True)
                for item in _homogeneous(context, remainder_view, rest, False,
                                         tuple(floating) + carried,
                                         remainder=True, x_extra=len(rest),
                                         relaxations=[Relaxation(False, False, False, False)],
                                         banned=banned, table=context.table(rest, table)):
                    if isinstance(item, Outcome):
                        down = item.moved_down
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
