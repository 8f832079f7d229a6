"""What every bracket of a round shares: the players' states, the criteria on
each pair worked out once, and the tables of a bracket.

:class:`RoundState` holds what the round has already found out (the B1-B6
answers, the tables, the bracket combinations proved impossible), so that
C12/C13's backtracking does not pay twice.  :class:`Table` gives B1/B2
(``allowed``) and B4 (``cost``: the pair misses a colour preference) for
every two players of a bracket, computed at once from each player's own
state (whom he met, which colours B2 still lets him have, his preference):
a 10,000-player first round is one bracket of 50 million pairs, which no
loop over the pairs could build.
"""

from __future__ import annotations

from decimal import Decimal
from typing import AbstractSet, Callable, Sequence

import numpy as np

from swisslearn.dutch1998.criteria import (Relaxation, b2_allows, b2_rejection, bye_rejection,
                                           colour_conflict, float_rejection, float_rejections,
                                           pair_rejection, pair_rejections)
from swisslearn.model import Colour, Float, PlayerId, PlayerState, RoundNumber, Tournament
from swisslearn.trace import Event, PlayerView, Rejection

__all__ = ["REMAINDER_BUDGET", "STORY_BUDGET", "STORY_SIZE", "RoundState", "Table", "pair_float_rejection",
           "pair_float_rejections"]

#: How much of the failed remainder groups' steps a round keeps (RoundState):
#: events times the players they name (each event's views list them), about
#: 10 bytes each (3,563/8 of the stress corpus keeps 67,000: 1,905 groups).
REMAINDER_BUDGET = 2_000_000

#: Brackets (and remainder groups) of up to this many players are paired by
#: the literal procedure in the default mode: the trace *is* the text's walk
#: (C4-C8, every candidate in D1/D2 order).  Measured (docs/story1998.md): the
#: literal walk of such a bracket stays under about a second.
STORY_SIZE = 10

#: At most this many candidates a round are tried one by one in the default
#: mode (about a second); a round needing more is told by the pruned search
#: from there on (C12/C13 re-opening brackets many times).
STORY_BUDGET = 10_000


class RoundState:
    """The round being paired: its players, options, and what is known so far."""

    def __init__(self, tournament: Tournament, round: RoundNumber, literal: bool = False,
                 avoid: AbstractSet[frozenset[PlayerId]] = frozenset()) -> None:
        self.tournament = tournament
        self.round = round
        self.literal = literal
        # The story (issue 29): a bracket of up to STORY_SIZE players is told by
        # the literal procedure (every candidate, every exchange, one by one)
        # in the default mode too; the pruned search only speeds up bigger ones.
        self.story_size = STORY_SIZE
        self.story_spent = 0   # candidates the literal walk has tried (the default mode)
        self.avoid = frozenset(avoid)   # soft-avoid pairs (protections, seed 002)
        self.forbidden = tournament.forbidden_pairs(round)
        self.initial = tournament.initial_colour or Colour.WHITE
        self.views: dict[PlayerId, PlayerView] = {}
        self._pairs: dict[tuple[PlayerId, PlayerId], Rejection | None] = {}
        self._pair_reasons: dict[tuple[PlayerId, PlayerId], tuple[Rejection, ...]] = {}
        self._floats: dict[tuple[PlayerId, bool, int], Rejection | None] = {}
        self._byes: dict[PlayerId, Rejection | None] = {}
        self._tables: dict[tuple[PlayerId, ...], Table] = {}
        # The driver's memory (driver.py): (driver, bracket index, players moved
        # into it) with no pairing of it and of the brackets below; probes
        # (C12: can that bracket pair all its moved-down players?); the proofs
        # that the players from a bracket down cannot be paired at all.
        # The key ends with ``joined`` (below): what lies below a bracket
        # depends on the brackets C13 has joined with the lowest one.
        self.dead: set[tuple[str, int, tuple[PlayerId, ...], int]] = set()
        # C13's joins (seed 000: « les deux niveaux les plus bas seront
        # regroupés en un seul »): the brackets from this index down form the
        # lowest one, for the rest of the search (driver.py sets it).
        self.joined = 0
        self.probes: dict[tuple[int, tuple[PlayerId, ...], bool, bool], bool] = {}
        self.hopeless: dict[tuple[int, frozenset[PlayerId]], bool] = {}
        # C13 re-pairing the penultimate bracket (with these players moved into
        # it): the most pairs it can make and still let the lowest be paired
        # (feasibility.most_pairs; its stream skips levels with more).
        self.pair_caps: dict[tuple[int, frozenset[PlayerId]], int] = {}
        # Those of pair_caps reckoned with several brackets below (C13 having
        # climbed past the penultimate bracket): told as such.
        self.caps_below: set[tuple[int, frozenset[PlayerId]]] = set()
        # Candidates and exchanges looked at so far (feasibility.spend: the
        # round stops with a message past WORK_LIMIT, never runs on and on).
        self.work = 0
        # Work spent on the exact reasons of ranges and exchanges
        # (candidates.REASONS_BUDGET: past it, told as before issue 29's
        # equality, so that C12/C13 re-opening brackets stays fast).
        self.reasons_spent = 0
        # The remainder groups (bracket.py) that gave no pairing, with the
        # events they told: C12/C13 re-open a heterogeneous bracket with other
        # players moved into it, and its candidates leave the same remainder
        # groups again and again (3,563/8 of the stress corpus: 180,000
        # remainder groups, 2,000 different); at most REMAINDER_BUDGET.
        self.failed_remainders: dict[object, tuple[Event, ...]] = {}
        self.remainder_size = 0
        # Set when a bracket could not be completed: from then on the driver
        # asks for a proof before going down (not before: it costs a matching).
        self.backtracking = False
        # Set after a first search found nothing: p = 0 in the lowest bracket
        # (README, reading 20).
        self.last_resort = False

    def literal_for(self, players: int) -> bool:
        """Is a group of ``players`` paired by the literal procedure?  Always
        in literal mode; in the default mode while the group is small and the
        round has not spent :data:`STORY_BUDGET` candidates on it (C12/C13
        may open small brackets thousands of times: then the pruned search
        tells the rest, the same pairing)."""
        return self.literal or (players <= self.story_size
                                and self.story_spent < STORY_BUDGET)

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
        """B1a (and the file's forbidden pairs) and B2 for ``a``-``b``."""
        key = (a.id, b.id)
        try:
            return self._pairs[key]
        except KeyError:
            found = self._pairs[key] = pair_rejection(a, b, self.forbidden)
            return found

    def conflict(self, a: PlayerState, b: PlayerState) -> bool:
        return colour_conflict(a, b)

    def float_check(self, player: PlayerState, direction: Float,
                    relaxation: Relaxation) -> Rejection | None:
        key = (player.id, direction is Float.DOWN, relaxation.mask)
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

    def pair_reasons(self, a: PlayerState, b: PlayerState) -> tuple[Rejection, ...]:
        """Every absolute criterion (B1a, the file's forbidden pairs, B2) the
        pair ``a``-``b`` breaks (the story names them all)."""
        key = (a.id, b.id)
        try:
            return self._pair_reasons[key]
        except KeyError:
            found = self._pair_reasons[key] = pair_rejections(a, b, self.forbidden)
            return found

    def leftover_reasons(self, lowest: bool, relaxation: Relaxation
                         ) -> Callable[[PlayerState], tuple[Rejection, ...]]:
        """Every criterion a player left over breaks: the bye's B1b in the
        lowest bracket, and B5/B6 for his downfloat while in force."""
        def reasons(player: PlayerState) -> tuple[Rejection, ...]:
            found = () if not lowest or (r := self.bye_check(player)) is None else (r,)
            return found + float_rejections(player, Float.DOWN, relaxation)
        return reasons

    def remember_remainder(self, key: object, events: list[Event], players: int) -> None:
        """A remainder group of ``players`` gave no pairing after ``events``
        (bracket.py)."""
        size = len(events) * (players + 1)
        if self.remainder_size + size <= REMAINDER_BUDGET:
            self.remainder_size += size
            self.failed_remainders[key] = tuple(events)

    def table(self, players: tuple[PlayerState, ...], within: Table | None = None) -> Table:
        """The table of ``players`` (cut out of ``within``, if given)."""
        key = tuple(p.id for p in players)
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = (Table.build(self, players) if within is None
                                         else within.sub(players))
        return found


class Table:
    """B1/B2 (``allowed``) and B4 (``cost``: 1 if the pair misses a colour
    preference) for every two players of a bracket, by their A2 position."""

    def __init__(self, players: tuple[PlayerState, ...], allowed: np.ndarray,
                 cost: np.ndarray) -> None:
        self.players = players
        self.index = {p.id: i for i, p in enumerate(players)}
        self.allowed = allowed
        self.cost = cost
        # feasibility.any_pairing's answers: (may stay unpaired, p, x, banned leftovers)
        self.gates: dict[tuple[tuple[bool, ...], int, int, frozenset[frozenset[int]]], bool] = {}

    @classmethod
    def build(cls, context: RoundState, players: tuple[PlayerState, ...]) -> Table:
        """The table from each player's own state (see the module docstring):
        the same answers as :func:`~swisslearn.dutch1998.criteria.pair_rejection`
        and :func:`~swisslearn.dutch1998.criteria.colour_conflict` on every pair
        (``tests/test_dutch1998_b2.py`` checks it on random histories)."""
        n = len(players)
        white = np.array([b2_rejection(p, Colour.WHITE) is None for p in players], dtype=bool)
        black = np.array([b2_rejection(p, Colour.BLACK) is None for p in players], dtype=bool)
        # B2 (criteria.b2_allows, the pair's rule): some colour for a and the
        # other for b keeps both within it; a down the rows, b across.
        allowed = b2_allows(white[:, None], black[:, None], white[None, :], black[None, :])
        np.fill_diagonal(allowed, False)
        index = {p.id: i for i, p in enumerate(players)}
        for i, player in enumerate(players):   # B1a, as pair_rejection reads it (a's list)
            for opponent in player.opponents:
                j = index.get(opponent)
                if j is not None and j > i:
                    allowed[i, j] = allowed[j, i] = False
        for pair in context.forbidden:
            ends = [index.get(pid) for pid in pair]
            if len(ends) == 2 and ends[0] is not None and ends[1] is not None:
                allowed[ends[0], ends[1]] = allowed[ends[1], ends[0]] = False
        wanted = np.array([0 if p.preference.colour is None
                           else 1 if p.preference.colour is Colour.WHITE else 2
                           for p in players], dtype=np.int8)
        cost = (wanted[:, None] == wanted[None, :]) & (wanted[:, None] != 0) & allowed
        return cls(players, allowed, cost.reshape(n, n))

    def sub(self, players: Sequence[PlayerState]) -> Table:
        positions = [self.index[p.id] for p in players]
        grid = np.ix_(positions, positions)
        return Table(tuple(players), self.allowed[grid], self.cost[grid])

    def block(self, rows: Sequence[PlayerState], columns: Sequence[PlayerState]
              ) -> tuple[np.ndarray, np.ndarray]:
        grid = np.ix_([self.index[p.id] for p in rows], [self.index[p.id] for p in columns])
        return self.allowed[grid], self.cost[grid]

    def with_floats(self, context: RoundState, relaxation: Relaxation) -> Table:
        """This table less the pairs whose floats break B5/B6 as far as
        ``relaxation`` keeps them (a group of several scores, A4: the higher
        score floats down, the lower up)."""
        players = self.players
        levels = {score: rank for rank, score in enumerate(sorted({p.score for p in players}))}
        scores = np.array([levels[p.score] for p in players], dtype=np.int64)
        down = np.array([context.float_check(p, Float.DOWN, relaxation) is None
                         for p in players], dtype=bool)
        up = np.array([context.float_check(p, Float.UP, relaxation) is None
                       for p in players], dtype=bool)
        higher = scores[:, None] > scores[None, :]
        lower = scores[:, None] < scores[None, :]
        ok = ~(higher & ~(down[:, None] & up[None, :])) & ~(lower & ~(up[:, None] & down[None, :]))
        return Table(players, self.allowed & ok, self.cost)


def pair_float_rejections(a: PlayerState, b: PlayerState,
                          relaxation: Relaxation) -> tuple[Rejection, ...]:
    """Every B5/B6 breach of the floats a pair between different scores gives
    (A4: the higher score floats down, the lower up)."""
    if a.score == b.score:
        return ()
    high, low = (a, b) if a.score > b.score else (b, a)
    return (float_rejections(high, Float.DOWN, relaxation)
            + float_rejections(low, Float.UP, relaxation))


def pair_float_rejection(context: RoundState, a: PlayerState, b: PlayerState,
                         relaxation: Relaxation) -> Rejection | None:
    """B5/B6 for the floats a pair between different scores gives (A4): the
    higher score floats down, the lower up."""
    if a.score == b.score:
        return None
    high, low = (a, b) if a.score > b.score else (b, a)
    return (context.float_check(high, Float.DOWN, relaxation)
            or context.float_check(low, Float.UP, relaxation))
