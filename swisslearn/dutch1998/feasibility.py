"""Proofs that something cannot be paired, so the procedure need not try it.

The procedure of seed 000 tries candidates one after another; where a whole
family of them is bound to fail, these functions prove it at once and the
trace reports the family as one step:

* :func:`any_pairing` (C8): is there any set of p pairs in the bracket,
  whatever S1 and S2, within x and with the players left over allowed to
  float?  If not, no exchange can help: C8 is passed over as a whole.  A
  depth-first search for small brackets (:func:`small_pairing`), a maximum
  weight matching for larger ones (:func:`large_pairing`).
* :func:`hopeless` (C13): can the players of a bracket and of every bracket
  below it not be paired at all, in any order (B1/B2, and the bye)?  Then
  every pairing of the bracket would fail below, and C13 goes up at once.
* :func:`lowest_hopeless` (C13 from the lowest bracket): can the lowest
  bracket, with these players moved into it, give no pairing at all, in any
  order the procedure could reach?  Then C6-C11 and C14 there would only
  fail, one candidate after another (every white player of a 20-player
  round winning twice: 7 moved-down players against 9 residents leave
  37,451 remainder groups of two players who may not meet, at each of 22
  levels): C13 comes at once.
* :func:`most_pairs` and :class:`PairCap` (C13 re-pairing the penultimate
  bracket, or any bracket it climbs to): at most how many pairs can that
  bracket make in any pairing of its players and those of the brackets
  below?  Its pairings with more pairs would
  each fail below; its stream skips them (C14's levels of a larger p) and
  says so once (``BracketUndone``, step ``capped``).

Each says "no" only when no pairing exists (the converse does not hold: the
procedure may fail where some pairing exists), so they prune without ever
changing what the procedure finds.  The matchings are the package's
(:mod:`swisslearn.matching`): the weighted one for C8's colour conflicts,
:func:`~swisslearn.matching.all_paired` for C13.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import AbstractSet, Collection

import numpy as np

from swisslearn.dutch1998.rules import RULES
from swisslearn.dutch1998.search import avoids
from swisslearn.dutch1998.state import RoundState, Table
from swisslearn.errors import usage
from swisslearn.matching import all_paired, max_weight_mates
from swisslearn.model import PlayerId, PlayerState
from swisslearn.trace import BracketUndone, BracketView, Event

__all__ = ["LITERAL_LOWEST", "WORK_LIMIT", "PairCap", "any_pairing", "hopeless", "large_pairing",
           "lowest_hopeless", "most_pairs", "small_pairing", "spend"]

Banned = Collection[AbstractSet[PlayerId]]

#: Up to this many players, :func:`any_pairing` searches by hand.
_C13 = RULES.label("C13")

SMALL_BRACKET = 18

#: Beyond this many players :func:`hopeless` does not look (it says "maybe").
LARGE_HOPELESS = 120

#: The candidates (C6/C7) and exchanges (C8) one round may look at, all its
#: brackets and C12/C13's re-pairings together, before it stops with a
#: message (:func:`spend`) instead of running on: about a minute of work.
#: The largest round of the course, the vectors, the stress corpus and the
#: generated rounds of ``bench/same_pairings.py`` looks at far fewer.
WORK_LIMIT = 1_000_000

#: A lowest bracket of at most this many players is tried step by step even
#: when :func:`lowest_hopeless` could prove at once that it fails: the
#: course's brackets (issue 29: "a bracket of up to 12 players"), whose
#: trace tells C6 to C14 before C13; a literal try of that size costs
#: milliseconds.  A larger one is proved, not tried (its C6-C14 would tell
#: the same "no" after up to factorially many candidates).
LITERAL_LOWEST = 12


def any_pairing(table: Table, may_stay: np.ndarray, p: int, x: int, banned: Banned,
                fixed: frozenset[PlayerId]) -> bool:
    """Is there any set of p pairs in the bracket, whatever S1 and S2, with at
    most x colour conflicts, every unpaired player allowed to float and the
    players moved down (with ``fixed``, who float anyway) not a banned set?"""
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
    if n <= SMALL_BRACKET:
        answer = small_pairing(table, stay, spare, x, targets)
    else:
        answer = large_pairing(table, may_stay, spare, x, targets)
    table.gates[key] = answer
    return answer


def small_pairing(table: Table, stay: list[bool], spare: int, x: int,
                  targets: set[frozenset[int]]) -> bool:
    """:func:`any_pairing` for a small bracket: depth-first over the highest
    player left (paired with someone, or unpaired), remembering the states
    that failed.  An explicit stack: no recursion, whatever the size."""
    n = len(table.players)
    allowed: list[list[bool]] = table.allowed.tolist()
    cost: list[list[int]] = table.cost.astype(np.int64).tolist()
    partners = [[j for j in range(n) if allowed[i][j]] for i in range(n)]
    failed: set[tuple[int, int, int, int]] = set()

    def moves(remaining: int, spare: int, budget: int, left: int
              ) -> list[tuple[int, int, int, int]]:
        i = (remaining & -remaining).bit_length() - 1
        rest = remaining & ~(1 << i)
        found = []
        if spare and stay[i]:
            found.append((rest, spare - 1, budget, left | 1 << i))
        for j in partners[i]:
            if rest >> j & 1 and cost[i][j] <= budget:
                found.append((rest & ~(1 << j), spare, budget - cost[i][j], left))
        return found

    start = ((1 << n) - 1, spare, x, 0)
    stack: list[tuple[tuple[int, int, int, int], list[tuple[int, int, int, int]]]] = []
    state = start
    while True:
        remaining, left_spare, budget, left = state
        if not remaining:
            if not left_spare and (not targets or frozenset(
                    i for i in range(n) if left >> i & 1) not in targets):
                return True
            nexts: list[tuple[int, int, int, int]] = []
        elif (remaining, left_spare, budget, left if targets else 0) in failed:
            nexts = []
        else:
            nexts = moves(remaining, left_spare, budget, left)
            nexts.reverse()
        stack.append((state, nexts))
        while stack and not stack[-1][1]:
            done, _ = stack.pop()
            if done[0]:
                failed.add((done[0], done[1], done[2], done[3] if targets else 0))
        if not stack:
            return False
        state = stack[-1][1].pop()


def large_pairing(table: Table, may_stay: np.ndarray, spare: int, x: int,
                  targets: set[frozenset[int]]) -> bool:
    """:func:`any_pairing` for a large bracket: a maximum weight matching,
    banned sets avoided by Murty's partition (the first player of a banned
    set found paired, or unpaired and the second paired, ...)."""
    return avoids(lambda paired, unpaired: _best_pairing(table, may_stay, spare, x, paired,
                                                         unpaired), targets)


def _best_pairing(table: Table, may_stay: np.ndarray, spare: int, x: int,
                  paired: AbstractSet[int], unpaired: AbstractSet[int]
                  ) -> frozenset[int] | None:
    """The players left unpaired by a pairing of the bracket with the fewest
    colour conflicts (``spare`` players unpaired, ``paired`` ones paired,
    ``unpaired`` ones not), or None if every such pairing has more than x."""
    # Players 0..n-1, then the spare places n..n+spare-1 (a player matched
    # to one is left unpaired).  Each pair weighs ``big`` less its colour
    # conflict (0 or 1): ``big`` exceeds any number of pairs, so the
    # heaviest matching is a largest one, then has the fewest conflicts.
    # Which heaviest matching is found does not matter: the answer of
    # :func:`any_pairing` is whether one exists (see :func:`avoids`).
    n = len(table.players)
    big = 4 * n + 4
    allowed, cost = table.allowed, table.cost
    edges: list[tuple[int, int, int]] = []
    for i in range(n):
        if i in unpaired:
            continue
        for j in range(i + 1, n):
            if allowed[i, j] and j not in unpaired:
                edges.append((i, j, big - int(cost[i, j])))
    if spare:
        for i in range(n):
            if may_stay[i] and i not in paired:
                edges.extend((i, n + s, big) for s in range(spare))
    mate = max_weight_mates(n + spare, edges)
    if -1 in mate:
        return None
    conflicts = sum(int(cost[i, j]) for i, j in enumerate(mate) if i < j < n)
    if conflicts > x:
        return None
    return frozenset(i for i in range(n) if mate[i] >= n)


def hopeless(context: RoundState, brackets: list[tuple[PlayerState, ...]], index: int,
             moved: tuple[PlayerState, ...]) -> bool:
    """Can the players of bracket ``index`` and below, with ``moved`` moved
    into it, not be paired at all, in any order: no rematch or forbidden
    pair, no B2 breach, and (odd) the one left over allowed the bye (B1b)?

    Every pairing the driver can return from there is such a pairing, so if
    there is none the driver's answer is "none" (C13 upwards), whatever it
    tries; one maximum matching answers it instead of trying the brackets'
    pairings one by one."""
    key = (index, frozenset(p.id for p in moved))
    known = context.hopeless.get(key)
    if known is not None:
        return known
    n = len(moved) + sum(len(bracket) for bracket in brackets[index:])
    if n > LARGE_HOPELESS:
        return False  # not worth a matching of that size: the driver goes down as before
    players = context.sort(list(moved) + [p for bracket in brackets[index:] for p in bracket])
    places = range(n)
    answer = not all_paired(places, lambda i, j: context.pair_check(players[i], players[j]) is None,
                            sit_out=lambda i: context.bye_check(players[i]) is None)
    context.hopeless[key] = answer
    return answer


def lowest_hopeless(context: RoundState, index: int, residents: tuple[PlayerState, ...],
                    moved: tuple[PlayerState, ...]) -> bool:
    """Can the lowest bracket (``index``), its ``residents`` with ``moved``
    moved into it, give no pairing at all, however the procedure goes?

    What any outcome of the lowest bracket is (``bracket.py``): every player
    paired but at most one, who takes the bye (B1b), no pair breaking B1 or
    B2; C1's player who can meet nobody is that one, or there is no outcome.
    Two moved-down players may meet: once C14 has lowered p in a
    heterogeneous bracket, the moved-down players it takes out of S1 are in
    S2 (C4: « tous les autres joueurs en S2 ») and in the remainder group.
    x, B4, B5 and B6 are not looked at: the ladder can drop them, so a
    proof without them holds at every level.  One maximum matching answers;
    "no" only when no such pairing exists, so the answer never changes what
    the procedure finds.  A lowest bracket whose C1 sends it to C13 at once
    is not proved here: its own steps are already short."""
    key = (index, frozenset(p.id for p in moved))
    known = context.hopeless.get(key)
    if known is not None:
        return known
    players = context.sort(list(residents) + list(moved))
    n = len(players)
    if n > LARGE_HOPELESS:
        return False
    stuck = [p for p in players
             if all(context.pair_check(p, q) is not None for q in players if q is not p)]
    if stuck and not (len(stuck) == 1 and n % 2 == 1 and context.bye_check(stuck[0]) is None):
        return False   # C1 sends the bracket to C13 at once: nothing to spare
    rest = [p for p in players if p not in stuck]

    def can_meet(i: int, j: int) -> bool:
        return context.pair_check(rest[i], rest[j]) is None

    answer = not all_paired(range(len(rest)), can_meet,
                            sit_out=lambda i: context.bye_check(rest[i]) is None)
    # The bracket from here down is the lowest bracket alone: the key is
    # :func:`hopeless`'s, whose question this answers more sharply.
    context.hopeless[key] = answer
    return answer


def most_pairs(context: RoundState, brackets: list[tuple[PlayerState, ...]], index: int,
               moved: tuple[PlayerState, ...]) -> int | None:
    """The most pairs bracket ``index`` (with ``moved`` moved into it) can
    make in a pairing of its players and of every bracket below it that
    pairs everyone but one (who may have the bye, B1b), no pair breaking B1
    or B2; -1 if there is no such pairing; None if not looked at (too many
    players, or no bracket below).

    Whatever C13 keeps from bracket ``index`` down pairs all those players
    but the bye: any pairing of the bracket that lets the brackets below be
    paired is part of such a pairing, with its own pairs and possibly more
    among its players (two of its moved-down players may meet lower down):
    so a pairing of the bracket with more pairs fails below, whatever the
    brackets below try.  This holds for the penultimate bracket (the lowest
    below it) and for any bracket C13 climbs to (issue 29: past the
    penultimate one, a 30-player round re-paired its 16-player bracket 461
    times, each bound to fail).  One maximum weight matching: each pair
    weighs ``big`` (so the matching is a largest one), one more when both
    players are of the bracket."""
    if index + 1 >= len(brackets):
        return None
    upper = context.sort(list(moved) + list(brackets[index]))
    players = list(upper) + [p for below in brackets[index + 1:] for p in below]
    n = len(players)
    if n > LARGE_HOPELESS:
        return None
    inside = len(upper)
    big = 2 * n + 2
    edges: list[tuple[int, int, int]] = []
    for i in range(n):
        for j in range(i + 1, n):
            if context.pair_check(players[i], players[j]) is None:
                edges.append((i, j, big + (1 if j < inside else 0)))
    if n % 2:
        edges.extend((i, n, big) for i in range(n) if context.bye_check(players[i]) is None)
    mate = max_weight_mates(n + n % 2, edges)
    if -1 in mate:
        return -1
    return sum(1 for i in range(inside) if i < mate[i] < inside)


class PairCap:
    """The stream of bracket ``index`` with ``moved`` moved into it asks,
    before each level and each candidate, whether the round driver has
    capped its number of pairs (:func:`most_pairs`, kept in the round's
    ``pair_caps``); the first time it skips something it says so."""

    def __init__(self, context: RoundState, index: int, moved: tuple[PlayerState, ...]) -> None:
        self.context = context
        self.key = (index, frozenset(p.id for p in moved))
        self.said = False

    def over(self, p: int) -> bool:
        """Would ``p`` pairs be too many?"""
        limit = self.context.pair_caps.get(self.key)
        return limit is not None and p > limit

    def told(self, view: BracketView) -> Iterator[Event]:
        """The step, once: pairings of more than the cap are not tried (C13)."""
        if not self.said:
            self.said = True
            limit = self.context.pair_caps.get(self.key, 0)
            # The cap reckons with the lowest bracket alone ("capped"), or
            # with several brackets below (C13 climbing past the penultimate).
            step = "capped_below" if self.key in self.context.caps_below else "capped"
            yield BracketUndone(rule=_C13, bracket=view.with_(p=limit), because_of=view,
                                step=step)


def spend(context: RoundState, steps: int = 1) -> None:
    """Count ``steps`` candidates or exchanges looked at in the round; past
    :data:`WORK_LIMIT`, stop with the catalogue's message (the command line
    exits 2, as for the literal mode's limit): a bound on the work of a
    round, so that no input runs on and on."""
    context.work += steps
    if context.work > WORK_LIMIT:
        raise usage("dutch1998.work.limit", source=context.tournament.source,
                    round=context.round, limit=f"{WORK_LIMIT:,}")
