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

Each says "no" only when no pairing exists (the converse does not hold: the
procedure may fail where some pairing exists), so they prune without ever
changing what the procedure finds.  The matchings are the package's
(:mod:`swisslearn.matching`): the weighted one for C8's colour conflicts,
:func:`~swisslearn.matching.all_paired` for C13.
"""

from __future__ import annotations

from typing import AbstractSet, Collection

import numpy as np

from swisslearn.dutch1998.search import avoids
from swisslearn.dutch1998.state import RoundState, Table
from swisslearn.matching import all_paired, max_weight_mates
from swisslearn.model import PlayerId, PlayerState

__all__ = ["any_pairing", "hopeless", "large_pairing", "small_pairing"]

Banned = Collection[AbstractSet[PlayerId]]

#: Up to this many players, :func:`any_pairing` searches by hand.
SMALL_BRACKET = 18

#: Beyond this many players :func:`hopeless` does not look (it says "maybe").
LARGE_HOPELESS = 120


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
