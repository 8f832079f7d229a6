"""D1: the order in which the orders ("transpositions") of S2 are tried.

The 1998 text (D.1, seed 000 D1) lists, for S2 = 5, 6, 7, 8::

    5-6-8-7; 5-7-6-8; 5-7-8-6; 5-8-6-7; 5-8-7-6; 6-5-7-8; 6-5-8-7; etc.

"put all numbers constructable with the digits 5, 6, 7 and 8 in ascending
order". Read on *positions* in the original S2 (not on pairing numbers, which
after a D2 exchange are no longer sorted inside S2), that is the lexicographic
order of the permutations of ``range(len(S2))``; the first one is S2
untouched (the C6 pairing), the seed's "a)" is the second.

Each order has a 0-based *rank* in that sequence (its Lehmer code read in the
factorial number system): :func:`transposition_rank` and
:func:`transposition_at` convert both ways, so a search that prunes can still
say exactly which transpositions it skipped ("transpositions 2 to 5,039
skipped") without listing them.

Prefixes (odd and heterogeneous brackets)
-----------------------------------------
When S2 is longer than S1 (an odd homogeneous bracket, or a heterogeneous one
where S1 holds only the players moved down), C6 pairs S1[i] with S2[i] for the
first ``k = len(S1)`` positions only; the players after position ``k`` are
left unpaired, and which of them comes first does not change anything (they
all go on together, to the remainder group or to the next bracket). So a
pairing depends only on the first ``k`` players of the S2 order, and the
``len(S2)!`` transpositions collapse into ``len(S2)! / (len(S2) - k)!``
distinct prefixes. :func:`distinct_prefixes` yields each prefix once, in D1
order, with the rank of the first transposition that starts with it and the
number of consecutive transpositions that share it, so an engine tries each
prefix once and still reports D1 ranks.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

__all__ = [
    "Prefix",
    "count_transpositions",
    "distinct_prefixes",
    "transposition_at",
    "transposition_rank",
    "transpositions",
]


def transpositions(s2: Sequence[T]) -> Iterator[tuple[T, ...]]:
    """Yield every order of ``s2`` in D1 priority, lazily; the first is ``s2`` untouched.

    The order is lexicographic on positions in ``s2`` (what
    :func:`itertools.permutations` produces), so equal or unsorted players do
    not disturb it.
    """
    players = tuple(s2)
    # permutations() is lexicographic in input *positions*, which is exactly D1.
    return itertools.permutations(players)


def count_transpositions(n: int) -> int:
    """How many orders an S2 of ``n`` players has (``n!``), the untouched one included."""
    if n < 0:
        raise ValueError(f"an S2 cannot have {n} players")
    return math.factorial(n)


def _positions_of(original: Sequence[T], order: Sequence[T]) -> list[int]:
    """The position in ``original`` of each player of ``order`` (players must be distinct).

    Uses equality only, so players need not be hashable; S2 is small.
    """
    if len(order) != len(original):
        raise ValueError(
            f"an order of S2 must have {len(original)} players, not {len(order)}")
    pool = list(original)
    for i, player in enumerate(pool):
        if player in pool[i + 1:]:
            raise ValueError(f"player {player!r} appears twice in S2")
    positions: list[int] = []
    taken = [False] * len(pool)
    for player in order:
        try:
            index = pool.index(player)
        except ValueError:
            raise ValueError(f"player {player!r} is not in S2") from None
        if taken[index]:
            raise ValueError(f"player {player!r} appears twice in the order")
        taken[index] = True
        positions.append(index)
    return positions


def transposition_rank(original: Sequence[T], order: Sequence[T]) -> int:
    """0-based index of ``order`` among the D1 orders of ``original`` (its Lehmer code).

    ``transposition_rank(s2, s2) == 0``; the seed's D1 "a)" has rank 1.
    """
    positions = _positions_of(original, order)
    n = len(positions)
    rank = 0
    for i, position in enumerate(positions):
        # Digit i of the Lehmer code: how many still-unused positions are smaller.
        smaller_unused = sum(1 for later in positions[i + 1:] if later < position)
        rank += smaller_unused * math.factorial(n - 1 - i)
    return rank


def transposition_at(original: Sequence[T], index: int) -> tuple[T, ...]:
    """The D1 order of ``original`` with 0-based rank ``index`` (inverse of :func:`transposition_rank`)."""
    n = len(original)
    total = math.factorial(n)
    if not 0 <= index < total:
        raise ValueError(f"an S2 of {n} players has transpositions 0 to {total - 1}, not {index}")
    remaining = list(original)
    order: list[T] = []
    for i in range(n):
        digit, index = divmod(index, math.factorial(n - 1 - i))
        order.append(remaining.pop(digit))
    return tuple(order)


@dataclass(frozen=True)
class Prefix(Generic[T]):
    """The first ``k`` players of a run of D1 orders that all pair S1 the same way.

    ``rank`` is the D1 rank of the first transposition starting with
    ``players`` (the rest of S2 in its original order); ``span`` is how many
    consecutive transpositions share the prefix, i.e. ranks ``rank`` to
    ``rank + span - 1``.
    """

    rank: int
    players: tuple[T, ...]
    span: int

    @property
    def last_rank(self) -> int:
        """D1 rank of the last transposition starting with this prefix."""
        return self.rank + self.span - 1


def distinct_prefixes(s2: Sequence[T], k: int) -> Iterator[Prefix[T]]:
    """Yield the distinct first-``k`` prefixes of the D1 orders of ``s2``, in D1 order.

    Because D1 is lexicographic, the orders starting with one prefix are
    consecutive: the i-th prefix (0-based) covers ranks ``i * (n-k)!`` to
    ``(i+1) * (n-k)! - 1`` where ``n = len(s2)``. With ``k = len(S1)`` a C6
    pairing depends only on the prefix (see the module docstring), so an
    engine needs to try each prefix once.
    """
    players = tuple(s2)
    n = len(players)
    if not 0 <= k <= n:
        raise ValueError(f"a prefix of an S2 of {n} players has 0 to {n} players, not {k}")
    span = math.factorial(n - k)
    # permutations(players, k) yields the k-prefixes in the same lexicographic order.
    for i, prefix in enumerate(itertools.permutations(players, k)):
        yield Prefix(rank=i * span, players=prefix, span=span)
