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

The search is exact but not literal in its cost; the pairing is the one the
literal procedure gives, the trace just does not repeat the dead ends:

* the driver only ever uses the first outcome of a bracket that moves a
  given set of players down (the set then succeeds below, or fails and is
  passed over), so the bracket's search is given the sets already produced
  (``banned``) and does not produce them again;
* a bracket with a given set of players moved into it that cannot be
  completed is remembered for the rest of the round;
* once a bracket below has failed, before going down from a bracket the
  driver asks whether the players from there down can be paired at all
  (B1/B2, the bye: one maximum matching, :func:`_hopeless`); if not, every
  pairing of the bracket would fail below: it is undone at once (C13);
* C8: after 1,000 exchanges of one step tried one by one, the exchanges
  whose split cannot be paired at all are jumped over in D2 order
  (:class:`~swisslearn.dutch1998.search.SplitFinder`), reported as one
  ``CandidatesSkipped(rule="D2", first, last)`` range of exchange numbers.

Literal mode (``trace(..., literal=True)``, ``pair(..., literal=True)``)
------------------------------------------------------------------------
For the notebooks: C6-C8 read literally.  On every S1/S2 split the candidates
are tried one by one in D1 order, each with a :class:`CandidateTried` that is
accepted or carries its rejection (:meth:`BracketSearch.literal`), and every
exchange is tried in D2 order: no :class:`CandidatesSkipped`, no C8 gate, no
exchange skipped as infeasible (``ExchangeApplied.feasible`` is always
True).  When S2 is longer than S1, the transpositions that differ only after
S1's length pair the same way: they are one candidate, reported at the rank
of the first of them.  A candidate acceptable under the criteria that moves
down the same players as an earlier one of the bracket is rejected with
``Rejection("C13", those players, "moved_down_before")``: the driver has
already tried that set (the pruned search leaves it out).  Everything else is the same code: the bracket streams, the
relaxation ladder, the C12/C13 driver and what it remembers.  So the pairing,
and every :class:`BracketPaired` (pairs, transposition, exchange cell), is
the same in both modes (``tests/test_dutch1998_literal.py``).

A split costs ``len(S2)! / (len(S2) - len(S1))!`` candidates, and a
homogeneous bracket has up to ``C(n, n // 2)`` splits: literal mode raises
:class:`~swisslearn.errors.UsageError`, naming the bracket, when it reaches a
split of more than ``LITERAL_LIMIT`` = 8! = 40,320 candidates (an S2 of more
than 8 players, unless S1 is much shorter).  Pair such rounds with the
default (pruned) mode: same result.

Soft-avoid (protections, seed 002: ``trace(..., avoid=pairs)``)
----------------------------------------------------------------
The lowest-priority criterion, below every rule and above the order in which
the rules try the candidates.  When a bracket's outcome (the pairing the
procedure takes at some level) holds pairs of a soft-avoid group, it is
replaced by the *equivalent* pairing with the fewest such pairs, the earliest
in D1/D2 order among those; the procedure then goes on exactly as it would
have (C12, C13, the brackets below).  Equivalent (README, "How we read the
1998 text", 19):

* acceptable at the level at which the rules accepted theirs: the same p
  and x, the same criteria dropped (C9/C10), the same D1/D2 rules (any
  exchange and transposition of that level); for a heterogeneous bracket the
  moved-down players' pairing at its level (which residents they meet may
  change) and the remainder group at its level, with the x the rules used;
* the same players moved down to the next bracket (or the same bye), so the
  rest of the round is exactly as pairable as with the rules' pairing: the
  round driver's decisions depend on that set only;
* the same number of colour conflicts (B4: as many players without their
  preferred colour), the same score differences (B3) and the same number of
  B5 and B6 breaches by down- and upfloaters, counted whether the level
  still keeps those criteria or not.

No relaxation (C9-C14, C12, C13) and no other floater is ever triggered by
soft-avoid; an outcome without same-group pairs is left alone (no search, no
event).  Its pairs are told by a :class:`SoftAvoidChosen` event (the rules'
pairing and the one kept, their same-group pairs), then the bracket's (and
its remainder group's) :class:`BracketPaired` with the pairs kept.

The search (:func:`_prefer`) walks the candidates of the level in the rules'
order with :func:`~swisslearn.dutch1998.search.fewest_walk`: D1 on each
split, pruned by assignment problems (the fewest conflicts, then the fewest
same-group pairs), looking only for strictly fewer same-group pairs than the
best found so far.  It stops at 0, or at the fewest any pairing of the
bracket's players could have (a maximum matching, worked out when the
search does not end quickly, up to 300 players), or after
``AVOID_LIMIT`` = 10,000 steps (splits, completion tests, complete
pairings): then the best found is kept and the event says ``complete=False``.
The same search runs in literal mode, so both modes agree.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from decimal import Decimal
from typing import AbstractSet, Callable, Generator, Iterator, Sequence, Union

import numpy as np

from swisslearn.dutch1998.colours import allocate, first_round_colours, x_value
from swisslearn.dutch1998.criteria import (STRICT, Relaxation, bye_rejection, colour_conflict,
                                           float_rejection, pair_rejection)
from swisslearn.dutch1998.exchanges import Exchange, iter_exchanges, seed_cell
from swisslearn.dutch1998.search import (AvoidBudget, Banned, BracketSearch, ExchangeRanks,
                                         Found, SplitFinder, fewest_walk)
from swisslearn.errors import PairingError, UsageError, no_pairing
from swisslearn.model import Colour, Float, PlayerId, PlayerState, RoundNumber, Tournament
from swisslearn.trace import last_round_paired
from swisslearn.trace import (Board, BoardsOrdered, BracketOpened, BracketPaired,
                              BracketSplit, BracketsMerged, BracketUndone, BracketView,
                              ByeAssigned,
                              CandidatesSkipped, CandidateTried, ColourAllocated,
                              CriterionDropped, Event, ExchangeApplied, PDecreased,
                              PlayerMovedDown, PlayerView, Rejection, RoundPaired, RoundStarted,
                              SoftAvoidChosen, XIncreased)

SYSTEM = "dutch-1998"

#: Literal mode refuses an S1/S2 split with more candidates than this (8!).
LITERAL_LIMIT = 40_320

Pair = tuple[PlayerState, PlayerState]


@dataclass(frozen=True)
class Outcome:
    """An acceptable pairing of one bracket: pairs (S1 player first) and the
    players moved down to the next bracket (or, for the lowest, the bye).
    ``level``: how the rules accepted it (for soft-avoid), None if it pairs
    nobody."""

    pairs: tuple[Pair, ...]
    moved_down: tuple[PlayerState, ...]
    view: BracketView
    transposition: int = 0
    exchange: str | None = None
    level: _Level | _HetLevel | None = field(default=None, compare=False, repr=False)

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

    def __init__(self, tournament: Tournament, round: RoundNumber,
                 literal: bool = False,
                 avoid: AbstractSet[frozenset[PlayerId]] = frozenset()) -> None:
        self.tournament = tournament
        self.round = round
        self.literal = literal
        self.avoid = frozenset(avoid)   # soft-avoid pairs (protections, seed 002)
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
        # Set after a first search found nothing: p = 0 in the lowest bracket.
        self.last_resort = False
        self.probes: dict[tuple[int, tuple[PlayerId, ...], bool, bool], bool] = {}
        # Set when a bracket could not be completed: from then on the driver
        # asks :func:`_hopeless` before going down (not before: it costs a
        # matching of the players below, and is useless when nothing fails).
        self.backtracking = False
        self.hopeless: dict[tuple[int, frozenset[PlayerId]], bool] = {}

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


def trace(tournament: Tournament, round: RoundNumber | None = None, *,
          literal: bool = False,
          avoid: AbstractSet[frozenset[PlayerId]] = frozenset()) -> Iterator[Event]:
    """Every event of the pairing of ``round`` (default: the next one).

    ``literal``: try every candidate and every exchange one by one (module
    docstring, "Literal mode"); same pairing, longer trace, small brackets
    only (UsageError beyond ``LITERAL_LIMIT`` candidates on a split).
    ``avoid``: the pairs of soft-avoid protection groups (seed 002; module
    docstring, "Soft-avoid"); without it, the rules' pairing unchanged."""
    round = tournament.round_to_pair(round)
    base = tournament.truncated(round - 1)
    context = _Round(base, round, literal, avoid)
    states = base.states(round)
    present = context.sort([s for s in states if s.available and not s.withdrawn])
    absent = tuple(s.id for s in states if not s.available or s.withdrawn)
    scores = tuple(sorted({s.score for s in present}, reverse=True))
    yield RoundStarted(rule="A2", round=round, system=SYSTEM,
                       players=tuple(context.view(s) for s in present), absent=absent,
                       scores=scores)
    brackets = [tuple(s for s in present if s.score == score) for score in scores]
    # Nobody present (all absent): an empty round, not an error.
    outcomes = (yield from _drive(context, brackets)) if brackets else []
    yield from _finish(context, outcomes)


def pair(tournament: Tournament, round: RoundNumber | None = None, *,
         literal: bool = False,
         avoid: AbstractSet[frozenset[PlayerId]] = frozenset()) -> RoundPaired:
    """The pairing of ``round``: the last event of :func:`trace`."""
    return last_round_paired(trace(tournament, round, literal=literal, avoid=avoid))


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

    def __init__(self, stream: Stream, produced: set[frozenset[PlayerId]] | None = None
                 ) -> None:
        self.stream = stream
        self.outcomes: list[Outcome | Need] = []
        self.done = False
        self.produced = produced

    def _keep(self, item: Outcome | Need) -> None:
        self.outcomes.append(item)
        if self.produced is not None and isinstance(item, Outcome):
            self.produced.add(frozenset(p.id for p in item.moved_down))

    def get(self, position: int, forward: bool = True
            ) -> Generator[Event, None, Outcome | Need | None]:
        while len(self.outcomes) <= position and not self.done:
            item = yield from _next_outcome(self.stream, forward)
            if item is None:
                self.done = True
            else:
                self._keep(item)
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
        self._keep(item)
        return item


_C12 = object()


def _drive(context: _Round, brackets: list[tuple[PlayerState, ...]]
           ) -> Generator[Event, None, list[Outcome]]:
    result = yield from _solve(context, brackets, 0, ())
    if not isinstance(result, list) and len(brackets) > 1:
        # Last resort (README reading 20): C12-C14 and C13's joins found
        # nothing; let a single moved-down player of the lowest bracket take
        # the bye (p = 0 there) and search again from the top.
        context.dead.clear()
        context.last_resort = True
        result = yield from _solve(context, brackets, 0, ())
    if not isinstance(result, list):
        raise _no_pairing_message(context, brackets[-1], ())
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
    produced: set[frozenset[PlayerId]] = set()
    stream = _Buffered(_bracket(context, index, brackets[index], moved, lowest, produced),
                       produced)
    position = 0
    checked = False
    while True:
        item = yield from stream.get(position)
        if item is None:
            context.dead.add(memo)
            context.backtracking = True
            return None
        if isinstance(item, Need):
            context.backtracking = True
            if item.rule == "C12":
                return _C12
            context.dead.add(memo)
            return None  # C13: the bracket above must give another pairing
        position += 1
        if lowest:
            return [item]
        if not checked and context.backtracking:
            # A C12 request only ever comes first; past it, if the players
            # from here down cannot be paired at all, every outcome fails.
            checked = True
            if _hopeless(context, brackets, index, moved):
                yield BracketUndone(rule="C13", bracket=item.view, because_of=item.view,
                                    accepted=False)
                context.dead.add(memo)
                return None
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
    produced: set[frozenset[PlayerId]] = set()
    stream = _Buffered(_bracket(context, index, brackets[index], moved, lowest, produced),
                       produced)
    position = 0
    checked = False
    while True:
        item = yield from stream.get(position)
        while isinstance(item, Need) and item.rule == "C12":
            item = yield from stream.refuse()
        if item is None or isinstance(item, Need):
            context.dead.add(memo)
            context.backtracking = True
            return None
        position += 1
        if lowest:
            return [item]
        if not checked and context.backtracking:
            checked = True
            if _hopeless(context, brackets, index, moved):
                yield BracketUndone(rule="C13", bracket=item.view, because_of=item.view,
                                    accepted=False)
                context.dead.add(memo)
                return None
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


def _hopeless(context: _Round, brackets: list[tuple[PlayerState, ...]], index: int,
              moved: tuple[PlayerState, ...]) -> bool:
    """Can the players of bracket ``index`` and below, with ``moved`` moved
    into it, not be paired at all, in any order: no rematch or forbidden
    pair, no B2 breach, and (odd) the one left over allowed the bye (B1b)?

    Every pairing the driver can return from here is such a pairing, so if
    there is none the driver's answer is None (C13 upwards), whatever it
    tries; this answers it with one maximum matching instead of trying the
    brackets' pairings one by one.  (The converse does not hold: the
    procedure may fail where some pairing exists, so only "hopeless" prunes.)
    """
    key = (index, frozenset(p.id for p in moved))
    known = context.hopeless.get(key)
    if known is not None:
        return known
    n = len(moved) + sum(len(bracket) for bracket in brackets[index:])
    if n > _LARGE_HOPELESS:
        return False  # not worth a matching of that size: the driver goes down as before
    players = context.sort(list(moved) + [p for bracket in brackets[index:] for p in bracket])
    if n <= _SMALL_HOPELESS:
        allowed = np.array([[i != j and context.pair_check(a, b) is None
                             for j, b in enumerate(players)] for i, a in enumerate(players)],
                           dtype=bool).reshape(n, n)
        table = _Table(players, allowed, np.zeros((n, n), dtype=np.int64))
        stay = [n % 2 == 1 and context.bye_check(a) is None for a in players]
        answer = not _small_pairing(table, stay, n % 2, 0, set())
        context.hopeless[key] = answer
        return answer
    import networkx as nx  # only for many players (start-up time)

    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for i, a in enumerate(players):
        for j in range(i + 1, n):
            if context.pair_check(a, players[j]) is None:
                graph.add_edge(i, j)
    if n % 2:
        for i, a in enumerate(players):
            if context.bye_check(a) is None:
                graph.add_edge(i, "bye")
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    answer = 2 * len(matching) < n + n % 2
    context.hopeless[key] = answer
    return answer


#: Up to this many players, :func:`_hopeless` searches by hand (no networkx);
#: beyond the second number it does not look (it says "maybe").
_SMALL_HOPELESS = 12
_LARGE_HOPELESS = 120


def _probe(context: _Round, index: int, residents: tuple[PlayerState, ...],
           moved: tuple[PlayerState, ...], lowest: bool, need_all_moved: bool) -> bool:
    """Could the bracket be paired with these players moved down into it, all
    of them paired (C12)?  Events are not kept."""
    key = (index, _ids(moved), lowest, need_all_moved)
    known = context.probes.get(key)
    if known is not None:
        return known
    answer = False
    stream = _bracket(context, index, residents, moved, lowest, (), avoid=False)
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
                        moved: Sequence[PlayerState]) -> PairingError:
    ids = [p.id for p in context.sort(list(residents) + list(moved))]
    return no_pairing(context.tournament.source, context.round, SYSTEM, ids, "b1_b2")


# ---------------------------------------------------------------------------
# One bracket


def _bracket(context: _Round, index: int, residents: tuple[PlayerState, ...],
             moved: tuple[PlayerState, ...], lowest: bool, banned: Banned = (), *,
             avoid: bool = True) -> Stream:
    """The stream of one bracket; with soft-avoid pairs (and ``avoid``: a
    C12 probe only asks whether an outcome exists), each outcome is replaced
    by the equivalent one with the fewest same-group pairs (:func:`_avoiding`)."""
    stream = _bracket_rules(context, index, residents, moved, lowest, banned)
    if avoid and context.avoid:
        return _avoiding(context, stream)
    return stream


def _bracket_rules(context: _Round, index: int, residents: tuple[PlayerState, ...],
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


def _remainder_ladder(relaxation: Relaxation) -> list[Relaxation]:
    """The levels a remainder is tried at: the heterogeneous bracket's own
    (``relaxation``), then without B6, then without B5 too, for its
    downfloaters (C9); its upfloaters keep what ``relaxation`` says."""
    return [relaxation, Relaxation(False, True, relaxation.b6_up, relaxation.b5_up),
            Relaxation(False, False, relaxation.b6_up, relaxation.b5_up)]


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
        gate_at = -1  # size of the banned list when the C8 gate last said yes
        for entry in _exchange_order(level_table, may_stay, p, n, context.literal):
            number, exchange = (0, None) if isinstance(entry, _Skipped) else entry
            if (exchange is not None or isinstance(entry, _Skipped)) and not context.literal \
                    and gate_at != len(banned):
                gate_at = len(banned)
                if not _any_pairing(level_table, may_stay, p, x, banned, fixed):
                    yield CandidatesSkipped(rule="C8", bracket=current, first=0, last=-1,
                                            count=0, reasons=(Rejection(
                                                "C8", tuple(pl.id for pl in players),
                                                "no_exchange"),))
                    break
            if isinstance(entry, _Skipped):
                # Exchange numbers, not transpositions: none of these splits
                # has any pairing of the bracket (B1/B2, players left over).
                yield CandidatesSkipped(rule="D2", bracket=current, first=entry.first,
                                        last=entry.last, count=entry.last - entry.first + 1)
                continue
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
                feasible = context.literal or search.completable(0, (), x)
                yield ExchangeApplied(rule="D2", bracket=split, cell=cell,
                                      from_s1=tuple(players[i - 1].id for i in exchange.from_s1),
                                      from_s2=tuple(players[i - 1].id for i in exchange.from_s2),
                                      number=number, feasible=feasible)
                if not feasible:
                    continue
            for found in _walk(context, search, split, cell):
                if not isinstance(found, Found):
                    yield found
                    continue
                pairs = tuple((t1[i], t2[j]) for i, j in enumerate(found.positions))
                used = set(found.positions)
                down = tuple(floating) + tuple(t2[j] for j in range(len(t2)) if j not in used)
                outcome = Outcome(pairs, down, split, found.rank, cell,
                                  _Level(current, players, level_table, x, p, pairs))
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


@dataclass(frozen=True)
class _Skipped:
    """Exchanges ``first`` to ``last`` (D2 numbers): no split among them has
    any pairing of the bracket (B1/B2, the players left over)."""

    first: int
    last: int


#: Exchanges of one level tried one by one before :class:`SplitFinder` may
#: jump to the next split that can be paired at all (never in literal mode).
_SEQUENTIAL = 1000


def _exchange_order(table: _Table, may_stay: np.ndarray, p: int, n: int, literal: bool
                    ) -> Iterator[tuple[int, Exchange | None] | _Skipped]:
    """The original split (number 0), then the exchanges in D2 order with
    their numbers.  After ``_SEQUENTIAL`` of them, if the next exchange
    whose split can be paired at all comes later, the ones before it are
    one :class:`_Skipped` and the search goes on from split to split
    (:class:`SplitFinder`); the exchanges it yields are then checked like
    the others (x, banned sets), so none that works is passed over.  If
    splits that can be paired were among those already tried (they failed
    on x or the banned sets), it keeps trying exchanges one by one."""
    yield 0, None
    q = n - p
    last = 0
    ordered = iter_exchanges(p, q)
    for number, exchange in enumerate(ordered, 1):
        yield number, exchange
        last = number
        if number == _SEQUENTIAL and not literal:
            break
    else:
        return
    ranks = ExchangeRanks(p, q)
    finder = iter(SplitFinder(table.allowed, may_stay, p))
    first = next(finder, None)
    if first is not None and ranks.rank(*first) <= last:
        for number, exchange in enumerate(ordered, last + 1):
            yield number, exchange
        return
    pending = [] if first is None else [first]
    for from_s1, from_s2 in itertools.chain(pending, finder):
        number = ranks.rank(from_s1, from_s2)
        if number > last + 1:
            yield _Skipped(last + 1, number - 1)
        yield number, Exchange(from_s1, from_s2, seed_cell(from_s1, from_s2, p, q))
        last = number
    total = ranks.total()
    if last < total:
        yield _Skipped(last + 1, total)


def _walk(context: _Round, search: BracketSearch, view: BracketView, cell: str | None,
          *, quiet: bool = False) -> Iterator[Event | Found]:
    """C6/C7 on one S1/S2 split: the trace's events and, lazily and in D1
    order, the acceptable candidates (:class:`Found`).

    Pruned (default): the untouched order is tried (C6); if it fails, the
    transpositions passed over before the first acceptable one are one
    :class:`CandidatesSkipped` (exact D1 ranks, and pairs met on the way that
    block some of them), then that one is tried; the later candidates, asked
    for by C12/C13, come without events.  Literal: every candidate has its
    :class:`CandidateTried`.  ``quiet``: no events (pruned mode only)."""
    if context.literal:
        yield from _walk_literal(context, search, view, cell)
        return
    if quiet:
        yield from search.candidates()
        return
    k = len(search.s1)
    identity = tuple(range(k))
    rejection, _ = search.evaluate(identity)
    if rejection is None:
        # Acceptable, but its players moved down already failed below: the
        # search leaves it out, so must the trace.
        rejection = search.banned_rejection(identity)
    pairs0 = tuple((search.s1[i].id, search.s2[i].id) for i in range(k))
    left0 = tuple(p.id for p in search.s2[k:])
    candidates = search.candidates()
    if rejection is None:
        yield CandidateTried(rule="C6", bracket=view, pairs=pairs0, transposition=0,
                             exchange=cell, accepted=True, leftover=left0)
        yield from candidates
        return
    yield CandidateTried(rule="C6", bracket=view, pairs=pairs0, transposition=0, exchange=cell,
                         accepted=False, rejection=rejection, leftover=left0)
    first = next(candidates, None)
    total = math.factorial(len(search.s2))
    if first is None:
        reasons = tuple(search.stats.rejections) or search.blocking_reasons()
        yield CandidatesSkipped(rule="C7", bracket=view, first=1, last=total - 1,
                                count=total - 1, reasons=reasons, exchange=cell)
        return
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
    yield first
    yield from candidates


def _walk_literal(context: _Round, search: BracketSearch, view: BracketView,
                  cell: str | None) -> Iterator[Event | Found]:
    """Literal C6/C7: every candidate tried, in D1 order, with its event."""
    count = search.literal_count()
    if count > LITERAL_LIMIT:
        players = ", ".join(str(p.id) for p in view.players)
        raise UsageError(
            f"{context.tournament.source}: round {context.round}: literal mode would try "
            f"{count:,} candidates one by one on an S1/S2 split of the score bracket "
            f"{view.score} (players {players}; S1 of {len(search.s1)}, S2 of "
            f"{len(search.s2)}), more than {LITERAL_LIMIT:,} (8!): pair this round "
            f"without literal mode (same pairing)")
    s1, s2 = search.s1, search.s2
    for tried in search.literal():
        used = set(tried.positions)
        accepted = tried.rejection is None
        yield CandidateTried(rule="C6" if tried.rank == 0 else "C7", bracket=view,
                             pairs=tuple((s1[i].id, s2[j].id)
                                         for i, j in enumerate(tried.positions)),
                             transposition=tried.rank, exchange=cell, accepted=accepted,
                             rejection=tried.rejection,
                             leftover=tuple(b.id for j, b in enumerate(s2) if j not in used))
        if accepted:
            yield Found(tried.positions, tried.rank, tried.conflicts)


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
    import networkx as nx  # brackets of more than _SMALL_BRACKET players only

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
            for found in _walk(context, search, current, None):
                if not isinstance(found, Found):
                    yield found
                    continue
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
                    relaxations=_remainder_ladder(relaxation),
                    allow_c14=False, banned=banned, table=context.table(rest, table))
                for item in stream:
                    if isinstance(item, Need):
                        break
                    if isinstance(item, Outcome):
                        down = item.moved_down
                        if lowest and len(down) > 1:
                            continue
                        outcome = Outcome(pairs + item.pairs, down, current, found.rank, None,
                                          _het_level(context, item, s1, residents,
                                                     allowed_block & up_ok[None, :],
                                                     cost_block, x, pairs, table))
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
            last_view = view.with_(x=x, p=p, dropped=relaxed.dropped,
                                   s1=tuple(pl.id for pl in s1),
                                   s2=tuple(pl.id for pl in residents))
            for found in _walk(context, search, last_view, None, quiet=not context.literal):
                if not isinstance(found, Found):
                    yield found
                    continue
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
                                          found.rank, None,
                                          _het_level(context, item, s1, residents,
                                                     allowed_block & up_ok[None, :],
                                                     cost_block, x, pairs, table))
                        if outcome.key() in seen:
                            continue
                        seen.add(outcome.key())
                        yield outcome
                    elif not isinstance(item, Need):
                        yield item
    if lowest and context.last_resort and m == 1:
        # p = 0 in the lowest bracket, only when nothing else pairs the round
        # (README reading 20): the moved-down player takes the bye, the
        # residents pair among themselves.
        current = view.with_(p=0, s1=(), s2=tuple(pl.id for pl in residents))
        yield PDecreased(rule="C14", bracket=current)
        remainder_view = current.with_(players=tuple(context.view(pl) for pl in residents),
                                       moved_down=(), homogeneous=True, remainder=True)
        relaxed = levels[-1][0]
        stream = _homogeneous(
            context, remainder_view, residents, True, tuple(floating) + moved,
            remainder=True, x_extra=len(residents),
            relaxations=_remainder_ladder(relaxed),
            allow_c14=False, banned=banned, table=context.table(residents, table))
        for item in stream:
            if isinstance(item, Need):
                break
            if isinstance(item, Outcome):
                if len(item.moved_down) > 1:
                    continue
                outcome = Outcome(item.pairs, item.moved_down, current)
                if outcome.key() in seen:
                    continue
                seen.add(outcome.key())
                yield outcome
            else:
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


# ---------------------------------------------------------------------------
# Protections (seed 002), soft-avoid: the lowest-priority criterion.

#: A soft-avoid search stops after this many steps (assignment problems,
#: splits and complete pairings looked at) and keeps the best pairing found
#: by then (``SoftAvoidChosen.complete`` is then False).
AVOID_LIMIT = 10_000

#: Up to this many players, a search that does not end quickly works out the
#: fewest same-group pairs any pairing of the bracket could have (a maximum
#: matching), and stops as soon as it reaches that number.
_AVOID_FLOOR_PLAYERS = 300


@dataclass(frozen=True)
class _Level:
    """How the rules accepted an outcome of a homogeneous bracket (or of a
    remainder group): at ``view``'s level (x, p, dropped criteria), over
    ``players`` (those floating anyway left out), with ``table`` (B1/B2, and
    B5/B6 for a group of several scores, as far as the level keeps them)."""

    view: BracketView
    players: tuple[PlayerState, ...]
    table: _Table
    x: int
    p: int
    pairs: tuple[Pair, ...]


@dataclass(frozen=True)
class _HetLevel:
    """How the rules accepted an outcome of a heterogeneous bracket: its
    moved-down players ``s1`` paired with ``residents`` (``allowed``/``cost``
    at the level, at most ``x`` conflicts: ``mdp_pairs``), then the
    remainder group (``remainder``; None if it pairs nobody)."""

    s1: tuple[PlayerState, ...]
    residents: tuple[PlayerState, ...]
    allowed: np.ndarray
    cost: np.ndarray
    x: int
    mdp_pairs: tuple[Pair, ...]
    remainder: _Level | None
    table: _Table


def _het_level(context: _Round, item: Outcome, s1: tuple[PlayerState, ...],
               residents: tuple[PlayerState, ...], allowed: np.ndarray, cost: np.ndarray,
               x: int, pairs: tuple[Pair, ...], table: _Table) -> _HetLevel | None:
    if not context.avoid:
        return None  # only soft-avoid looks at it
    remainder = item.level
    if remainder is not None and not isinstance(remainder, _Level):
        return None  # pragma: no cover - a remainder group is homogeneous
    return _HetLevel(s1, residents, allowed, cost, x, pairs, remainder, table)


@dataclass(frozen=True)
class _Choice:
    """A pairing found by the soft-avoid search: its pairs, D1 rank and D2
    exchange (number, cell), the S1/S2 split, its same-group pairs; for a
    heterogeneous bracket the rank is the moved-down players' and
    ``remainder`` the remainder group's own choice (over ``rest``)."""

    pairs: tuple[Pair, ...]
    rank: int
    number: int
    cell: str | None
    s1: tuple[PlayerId, ...]
    s2: tuple[PlayerId, ...]
    count: int
    rest: tuple[PlayerState, ...] = ()
    remainder: _Choice | None = None


def _same_group(context: _Round, pairs: Sequence[Pair]) -> tuple[tuple[PlayerId, PlayerId], ...]:
    return tuple((a.id, b.id) for a, b in pairs if frozenset((a.id, b.id)) in context.avoid)


_B6_ONLY_DOWN = Relaxation(b5_down=False)
_B5_ONLY_DOWN = Relaxation(b6_down=False)
_B6_ONLY_UP = Relaxation(b5_up=False)
_B5_ONLY_UP = Relaxation(b6_up=False)


def _profile(pairs: Sequence[Pair]) -> tuple[tuple[Decimal, ...], tuple[int, int, int, int]]:
    """What the criteria see of the floats inside the pairs: the score
    differences (B3) and the breaches of B6 and B5 by the downfloaters and
    by the upfloaters (whether the level still keeps them or not)."""
    differences: list[Decimal] = []
    b6d = b5d = b6u = b5u = 0
    for a, b in pairs:
        if a.score == b.score:
            continue
        high, low = (a, b) if a.score > b.score else (b, a)
        differences.append(high.score - low.score)
        b6d += float_rejection(high, Float.DOWN, _B6_ONLY_DOWN) is not None
        b5d += float_rejection(high, Float.DOWN, _B5_ONLY_DOWN) is not None
        b6u += float_rejection(low, Float.UP, _B6_ONLY_UP) is not None
        b5u += float_rejection(low, Float.UP, _B5_ONLY_UP) is not None
    return tuple(sorted(differences)), (b6d, b5d, b6u, b5u)


def _conflicts(context: _Round, pairs: Sequence[Pair]) -> int:
    return sum(1 for a, b in pairs if context.conflict(a, b))


def _avoid_grid(context: _Round, rows: Sequence[PlayerState],
                columns: Sequence[PlayerState]) -> np.ndarray:
    return np.array([[frozenset((a.id, b.id)) in context.avoid for b in columns]
                     for a in rows], dtype=np.int64).reshape(len(rows), len(columns))


def _fewest_group(context: _Round, players: tuple[PlayerState, ...], table: _Table, p: int,
                  required: frozenset[PlayerId], conflicts: int, budget: AvoidBudget,
                  offset: int, profile: object) -> Iterator[_Choice]:
    """The pairings of a homogeneous group at one level, split by split in
    D2 order and in D1 order on each, that leave exactly ``required``
    unpaired, have exactly ``conflicts`` colour conflicts, the same
    ``profile`` (:func:`_profile`, None: not looked at) and fewer
    same-group pairs than ``budget.best - offset``."""
    n = len(players)
    avoid = _avoid_grid(context, players, players)
    stay = np.array([pl.id in required for pl in players], dtype=bool)
    splits: Iterator[tuple[int, Exchange | None]] = itertools.chain(
        [(0, None)], enumerate(iter_exchanges(p, n - p), 1))
    for number, exchange in splits:
        if budget.done:
            return
        budget.steps += 1
        rows, columns = _split(p, n, exchange)
        if stay[rows].any():
            continue  # the players left over are always in S2
        grid = np.ix_(rows, columns)
        allowed = table.allowed[grid] & ~stay[columns][None, :]
        cell = None if exchange is None else (exchange.cell or exchange.label())
        for positions, rank, count, _ in fewest_walk(allowed, table.cost[grid], avoid[grid],
                                                     stay[columns], (conflicts, conflicts),
                                                     budget, offset):
            pairs = tuple((players[rows[i]], players[columns[j]])
                          for i, j in enumerate(positions))
            if profile is not None and _profile(pairs) != profile:
                continue
            yield _Choice(pairs, rank, number, cell, tuple(players[i].id for i in rows),
                          tuple(players[j].id for j in columns), count)


def _remainder_table(context: _Round, level: _Level, rest: tuple[PlayerState, ...],
                     table: _Table) -> _Table:
    """The table of another remainder group at the rules' remainder level."""
    sub = table.sub(rest)
    if len({pl.score for pl in rest}) > 1:
        relaxation = _relaxation_of(level.view.dropped)
        return _with_floats(sub, relaxation)
    return sub


def _relaxation_of(dropped: Sequence[str]) -> Relaxation:
    return Relaxation(b6_down="B6 down" not in dropped, b5_down="B5 down" not in dropped,
                      b6_up="B6 up" not in dropped, b5_up="B5 up" not in dropped)


def _fewest_heterogeneous(context: _Round, level: _HetLevel, required: frozenset[PlayerId],
                          conflicts: int, budget: AvoidBudget) -> Iterator[_Choice]:
    """The pairings of a heterogeneous bracket equivalent to the rules' one:
    the moved-down players' pairing in D1 order at the rules' level, then
    for each its remainder group at the rules' remainder level
    (:func:`_fewest_group`), the conflicts adding up to ``conflicts``."""
    s1, residents, remainder = level.s1, level.residents, level.remainder
    stay = np.array([r.id in required for r in residents], dtype=bool)
    allowed = level.allowed & ~stay[None, :]
    avoid = _avoid_grid(context, s1, residents)
    mdp_profile = _profile(level.mdp_pairs)
    if remainder is None:
        # Nobody is paired in the remainder: all of it moves down.
        may_stay, bounds = stay, (conflicts, conflicts)
    else:
        may_stay = np.ones(len(residents), dtype=bool)
        bounds = (max(0, conflicts - remainder.x), min(level.x, conflicts))
        rest_profile = (_profile(remainder.pairs)
                        if len({pl.score for pl in remainder.players}) > 1 else None)
    for positions, rank, count, spent in fewest_walk(allowed, level.cost, avoid, may_stay,
                                                     bounds, budget):
        pairs = tuple((s1[i], residents[j]) for i, j in enumerate(positions))
        if _profile(pairs) != mdp_profile:
            continue
        ids1, ids2 = tuple(pl.id for pl in s1), tuple(pl.id for pl in residents)
        if remainder is None:
            yield _Choice(pairs, rank, 0, None, ids1, ids2, count)
            continue
        used = set(positions)
        rest = tuple(residents[j] for j in range(len(residents)) if j not in used)
        table = _remainder_table(context, remainder, rest, level.table)
        for inner in _fewest_group(context, rest, table, remainder.p, required,
                                   conflicts - spent, budget, count, rest_profile):
            yield _Choice(pairs + inner.pairs, rank, 0, None, ids1, ids2, count + inner.count,
                          rest, inner)


def _floor(context: _Round, outcome: Outcome, required: frozenset[PlayerId],
           conflicts: int) -> int:
    """The fewest same-group pairs any pairing equivalent to ``outcome``
    could have, or fewer: a maximum matching of the players paired, over
    the pairs the level allows (the fewest conflicts first when the rules'
    pairing has no more than that, else the conflicts left aside)."""
    level = outcome.level
    edges: list[tuple[PlayerState, PlayerState, int]] = []
    if isinstance(level, _Level):
        group = [pl for pl in level.players if pl.id not in required]
        index = {pl.id: i for i, pl in enumerate(level.players)}
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if level.table.allowed[index[a.id], index[b.id]]:
                    edges.append((a, b, int(level.table.cost[index[a.id], index[b.id]])))
    elif isinstance(level, _HetLevel):
        residents = [r for r in level.residents if r.id not in required]
        spot = {r.id: j for j, r in enumerate(level.residents)}
        group = list(level.s1) + residents
        for i, a in enumerate(level.s1):
            for r in residents:
                if level.allowed[i, spot[r.id]]:
                    edges.append((a, r, int(level.cost[i, spot[r.id]])))
        if level.remainder is not None:
            sub = level.table.sub(level.residents)
            for i, a in enumerate(residents):
                for b in residents[i + 1:]:
                    if sub.allowed[spot[a.id], spot[b.id]]:
                        edges.append((a, b, int(sub.cost[spot[a.id], spot[b.id]])))
    else:
        return 0
    if len(group) > _AVOID_FLOOR_PLAYERS or len(group) % 2:
        return 0
    import networkx as nx  # protections already use it

    def fewest(weigh: Callable[[int, int], int]) -> tuple[int, int] | None:
        graph = nx.Graph()
        graph.add_nodes_from(pl.id for pl in group)
        big = 4 * len(group) * len(group) + 4
        for a, b, cost in edges:
            same = int(frozenset((a.id, b.id)) in context.avoid)
            graph.add_edge(a.id, b.id, weight=big - weigh(cost, same), cost=cost, same=same)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matching) < len(group):
            return None
        return (sum(graph[u][v]["cost"] for u, v in matching),
                sum(graph[u][v]["same"] for u, v in matching))

    width = len(group) + 1
    first = fewest(lambda cost, same: cost * width + same)
    if first is None:
        return 0  # pragma: no cover - the rules' own pairing is one
    if first[0] == conflicts:
        return first[1]
    alone = fewest(lambda cost, same: same * width + cost)
    return 0 if alone is None else alone[1]


def _prefer(context: _Round, outcome: Outcome
            ) -> tuple[Outcome, SoftAvoidChosen | None, _Choice | None]:
    """Soft-avoid (seed 002) on one outcome: if its pairs hold pairs of a
    soft-avoid group, the equivalent outcome with the fewest, the earliest
    in D1/D2 order among those (the rules' own if none has fewer).

    Equivalent (module docstring, "Soft-avoid"): acceptable at the level at
    which the rules accepted ``outcome`` (x, p, dropped criteria; for a
    heterogeneous bracket the moved-down players' level and the remainder
    group's), the same players moved down (so the brackets below are paired
    exactly as without protections), the same number of colour conflicts
    (B4), the same score differences (B3) and B5/B6 breaches."""
    level = outcome.level
    if level is None:
        return outcome, None, None
    rules_group = _same_group(context, outcome.pairs)
    if not rules_group:
        return outcome, None, None
    down = frozenset(pl.id for pl in outcome.moved_down)
    conflicts = _conflicts(context, outcome.pairs)
    budget = AvoidBudget(best=len(rules_group), limit=AVOID_LIMIT,
                         refine=lambda: _floor(context, outcome, down, conflicts))
    best: _Choice | None = None
    if isinstance(level, _Level):
        mixed = len({pl.score for pl in level.players}) > 1
        found = _fewest_group(context, level.players, level.table, level.p, down, conflicts,
                              budget, 0, _profile(outcome.pairs) if mixed else None)
    else:
        found = _fewest_heterogeneous(context, level, down, conflicts, budget)
    for choice in found:
        if choice.count < budget.best:
            best = choice
            budget.best = choice.count
        if budget.done:
            break
    complete = not budget.exhausted or budget.best <= budget.floor
    chosen = outcome
    if best is not None:
        if isinstance(level, _Level):
            view = level.view.with_(s1=best.s1, s2=best.s2)
            chosen = Outcome(best.pairs, outcome.moved_down, view, best.rank, best.cell, level)
        else:
            chosen = Outcome(best.pairs, outcome.moved_down, outcome.view, best.rank, None,
                             level)
    event = SoftAvoidChosen(
        rule="protection:soft-avoid", bracket=outcome.view,
        rules_pairs=tuple((a.id, b.id) for a, b in outcome.pairs),
        rules_same_group=len(rules_group),
        pairs=tuple((a.id, b.id) for a, b in chosen.pairs),
        same_group=len(_same_group(context, chosen.pairs)),
        moved_down=tuple(pl.id for pl in outcome.moved_down),
        rules_group_pairs=rules_group, group_pairs=_same_group(context, chosen.pairs),
        rules_transposition=outcome.transposition, rules_exchange=outcome.exchange,
        transposition=chosen.transposition, exchange=chosen.exchange,
        examined=budget.examined, complete=complete)
    return chosen, event, best


def _replaced(context: _Round, paired: BracketPaired, outcome: Outcome, chosen: Outcome,
              choice: _Choice) -> BracketPaired:
    """A BracketPaired of the rules' ``outcome`` (the bracket's, or its
    remainder group's) told with the pairing kept instead."""
    ids = tuple((a.id, b.id) for a, b in outcome.pairs)
    if paired.pairs == ids:
        return BracketPaired(rule=paired.rule, bracket=chosen.view,
                             pairs=tuple((a.id, b.id) for a, b in chosen.pairs),
                             moved_down=paired.moved_down, transposition=chosen.transposition,
                             exchange=chosen.exchange)
    level, inner = outcome.level, choice.remainder
    if (isinstance(level, _HetLevel) and level.remainder is not None and inner is not None
            and paired.bracket.remainder
            and paired.pairs == tuple((a.id, b.id) for a, b in level.remainder.pairs)):
        view = paired.bracket.with_(players=tuple(context.view(pl) for pl in choice.rest),
                                    s1=inner.s1, s2=inner.s2)
        return BracketPaired(rule=paired.rule, bracket=view,
                             pairs=tuple((a.id, b.id) for a, b in inner.pairs),
                             moved_down=paired.moved_down, transposition=inner.rank,
                             exchange=inner.cell)
    return paired


def _avoiding(context: _Round, stream: Stream) -> Stream:
    """``stream`` with each outcome passed through :func:`_prefer`: the
    :class:`SoftAvoidChosen` event first, then the bracket's (and its
    remainder group's) :class:`BracketPaired` told with the pairing kept."""
    held: list[Event] = []
    answer: bool | None = None
    while True:
        try:
            item = stream.send(answer)
        except StopIteration:
            break
        answer = None
        if isinstance(item, BracketPaired):
            held.append(item)
            continue
        if isinstance(item, Outcome):
            chosen, event, choice = _prefer(context, item)
            if event is not None:
                yield event
            for kept in held:
                if choice is not None and isinstance(kept, BracketPaired):
                    kept = _replaced(context, kept, item, chosen, choice)
                yield kept
            held = []
            answer = yield chosen
            continue
        for kept in held:
            yield kept
        held = []
        answer = yield item
    for kept in held:
        yield kept
