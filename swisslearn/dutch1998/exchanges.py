"""D2: the order in which players are exchanged between S1 and S2 (homogeneous brackets).

Players are named by their 1-based number in the bracket (A2 order): S1 is
``1..p`` and S2 is ``p+1..p+q``, as in the seed's example (S1 = 1, 2, 3, 4;
S2 = 5, 6, 7, 8).

The text (D.2, seed 000 D2)
---------------------------
"the difference between the numbers exchanged should be as small as
possible. When differences of various options are equal take the one
concerning the lowest player of S1." Two 3x3 tables follow (columns: S1,
rows: S2, letters in cells)::

    one player      4  3  2          two players   3+4 2+4 2+3
              5     a  c  f                  5+6    j   l   o
              6     b  e  h                  5+7    k   n   q
              7     d  g  i                  6+7    m   p   r

so a) 4<->5, b) 4<->6, c) 3<->5, d) 4<->7, e) 3<->6, f) 2<->5, g) 3<->7,
h) 2<->6, i) 2<->7 and j) 3+4<->5+6, k) 3+4<->5+7, l) 2+4<->5+6,
m) 3+4<->6+7, n) 2+4<->5+7, o) 2+3<->5+6, p) 2+4<->6+7, q) 2+3<->5+7,
r) 2+3<->6+7 (the English text spells out a), b), c), i), j), k), l) the same
way).

How we read it (readings point 4) -- the rule this module implements
--------------------------------------------------------------------
Every exchange of ``k`` S1 players ``X`` against ``k`` S2 players ``Y``
(``1 <= k <= min(p, q)``, *all* players allowed, the top S1 player and the
bottom S2 player included) is ordered by, in turn:

1. ``k``: all one-player exchanges, then all two-player ones, etc.;
2. the difference ``sum(Y) - sum(X)``, smallest first (for one player it is
   the text's "difference between the numbers exchanged");
3. "the lowest player of S1": compare the S1 players from the lowest
   (largest number) up, the exchange whose S1 players are lower first
   (i.e. ``sorted(X, reverse=True)`` compared lexicographically, larger
   first);
4. only needed once ``k >= 2`` and the bottom S2 player is in play (5+8 vs
   6+7): the mirror image of 3. for S2, the exchange whose S2 players are
   higher first, compared from the highest (smallest number) down
   (``sorted(Y)`` compared lexicographically, smaller first). The text is
   silent here; we take the S2 players nearest the S1/S2 boundary, as 3. does
   for S1.

This key reproduces both printed tables exactly (the tests check it), and as
it is a total order on all exchanges, the printed cells keep their relative
order a..i and j..r when the other exchanges are mixed in.

Where the players the tables leave out fall (8 players, S1 = 1..4)
------------------------------------------------------------------
Exchanges with player 1 or player 8 are *not* pushed to the end: they go
where the stated rule puts them. One player::

    a 4-5, b 4-6, c 3-5, d 4-7, e 3-6, f 2-5, 4-8, g 3-7, h 2-6, 1-5,
    3-8, i 2-7, 1-6, 2-8, 1-7, 1-8

Two players (the first 18 of 36)::

    j 34-56, k 34-57, l 24-56, 34-58, m 34-67, n 24-57, 14-56, o 23-56,
    34-68, 24-58, p 24-67, 14-57, q 23-57, 13-56, 34-78, 24-68, 14-58,
    14-67, ...

Larger brackets
---------------
The same key orders exchanges in brackets of any size. The seed's letters
are read relative to the S1/S2 boundary: the one-player table's columns are
the three lowest S1 players ``p, p-1, p-2`` and its rows the three highest
S2 players ``p+1, p+2, p+3``; the two-player table's columns are
``(p-1)+p, (p-2)+p, (p-2)+(p-1)`` and its rows ``(p+1)+(p+2), (p+1)+(p+3),
(p+2)+(p+3)``. For 8 players that is exactly the printed table, and it is
what the seed prescribes for 7 players ("réduisant de 1 tous les nombres"):
S1 = 1, 2, 3 and S2 = 4, 5, 6, 7 give a) 3-4, b) 3-5, c) 2-4, d) 3-6, e) 2-5,
f) 1-4, g) 2-6, h) 1-5, i) 1-6, j) 23-45, k) 23-46, l) 13-45, m) 23-56,
n) 13-46, o) 12-45, p) 13-56, q) 12-46, r) 12-56. Because the key depends
only on distances from the boundary, the letters come out in order for every
bracket size. Cells that do not exist (S1 or S2 too short) get no letter, and
every exchange outside the seed's window has ``cell=None``.

The 7-player column 1+2
-----------------------
The English text says that with 7 players "the last column of the second
matrix has then become obsolete" (o, q, r = 1+2 against 4+5, 4+6, 5+6); the
French seed prints that column as 1+2 without comment. We follow the seed
(the spec): these exchanges stay in the order and keep the letters o, q, r.
Nothing in the stated rule removes them, and each gives a split of the
bracket no other exchange gives, so dropping them could lose a legal pairing.
:func:`english_obsolete` tells a display which cells the English text strikes.

After an exchange both S1 and S2 are re-sorted in A2 order (A.9):
:func:`apply_exchange`. Every exchange is taken from the *original* split
(C8 restarts at C5 with "a new exchange", the next one in this order).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

__all__ = [
    "ENGLISH_OBSOLETE_CELLS",
    "Exchange",
    "apply_exchange",
    "english_obsolete",
    "exchanges",
    "iter_exchanges",
    "priority_key",
    "seed_cell",
]

# The printed tables, [row][column]: rows are S2 players nearest the boundary
# first, columns are S1 players nearest the boundary first.
_ONE_PLAYER_LETTERS: tuple[tuple[str, ...], ...] = (
    ("a", "c", "f"),
    ("b", "e", "h"),
    ("d", "g", "i"),
)
_TWO_PLAYER_LETTERS: tuple[tuple[str, ...], ...] = (
    ("j", "l", "o"),
    ("k", "n", "q"),
    ("m", "p", "r"),
)

#: Cells the English text calls "obsolete" in the 7-player case (column 1+2).
ENGLISH_OBSOLETE_CELLS: tuple[str, ...] = ("o", "q", "r")


@dataclass(frozen=True)
class Exchange:
    """``from_s1`` (S1 players) change places with ``from_s2`` (S2 players).

    Players are 1-based bracket numbers, each tuple in increasing order;
    ``cell`` is the seed's letter for this exchange, or ``None`` where the
    seed's tables have no cell for it. The repr pastes back as code.
    """

    from_s1: tuple[int, ...]
    from_s2: tuple[int, ...]
    cell: str | None = None

    def __post_init__(self) -> None:
        if not self.from_s1 or len(self.from_s1) != len(self.from_s2):
            raise ValueError(
                f"an exchange moves as many S1 players as S2 players, at least one: "
                f"{self.from_s1!r} / {self.from_s2!r}")
        for side in (self.from_s1, self.from_s2):
            if any(not isinstance(x, int) or x < 1 for x in side):
                raise ValueError(f"bracket numbers start at 1: {side!r}")
            if any(a >= b for a, b in zip(side, side[1:])):
                raise ValueError(f"players of an exchange are listed in increasing order: {side!r}")
        if self.from_s1[-1] >= self.from_s2[0]:
            raise ValueError(
                f"every S1 player comes before every S2 player: {self.from_s1!r} / {self.from_s2!r}")

    def __repr__(self) -> str:
        return f"Exchange(from_s1={self.from_s1!r}, from_s2={self.from_s2!r}, cell={self.cell!r})"

    @property
    def size(self) -> int:
        """How many players go each way."""
        return len(self.from_s1)

    @property
    def difference(self) -> int:
        """``sum(from_s2) - sum(from_s1)``: D2's "difference between the numbers exchanged"."""
        return sum(self.from_s2) - sum(self.from_s1)

    def label(self) -> str:
        """``"3+4<->5+6"``, the way the seed writes an exchange."""
        return "+".join(map(str, self.from_s1)) + "<->" + "+".join(map(str, self.from_s2))


def priority_key(exchange: Exchange) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """Sort key of D2 priority (smaller first); see the module docstring, rules 1-4."""
    lowest_first = tuple(-x for x in sorted(exchange.from_s1, reverse=True))
    return (exchange.size, exchange.difference, lowest_first, exchange.from_s2)


def seed_cell(from_s1: Sequence[int], from_s2: Sequence[int], n_s1: int, n_s2: int) -> str | None:
    """The seed's letter for this exchange in a bracket ``n_s1 + n_s2``, or ``None``.

    Letters are read relative to the S1/S2 boundary (module docstring), which
    gives the printed tables for 8 players and the seed's "minus 1" tables
    for 7.
    """
    p = n_s1
    s1 = sorted(from_s1)
    s2 = sorted(from_s2)
    if len(s1) != len(s2) or not s1:
        return None
    if any(not 1 <= x <= p for x in s1) or any(not p < y <= p + n_s2 for y in s2):
        return None
    if len(s1) == 1:
        col, row = p - s1[0], s2[0] - p - 1
        table = _ONE_PLAYER_LETTERS
    elif len(s1) == 2:
        columns = ((p - 1, p), (p - 2, p), (p - 2, p - 1))
        rows = ((p + 1, p + 2), (p + 1, p + 3), (p + 2, p + 3))
        pair1, pair2 = (s1[0], s1[1]), (s2[0], s2[1])
        if pair1 not in columns or pair2 not in rows:
            return None
        col, row = columns.index(pair1), rows.index(pair2)
        table = _TWO_PLAYER_LETTERS
    else:
        return None
    if 0 <= col < 3 and 0 <= row < 3:
        return table[row][col]
    return None


def english_obsolete(exchange: Exchange, n_s1: int, n_s2: int) -> bool:
    """Whether the English D.2 calls this cell obsolete (7 players, column 1+2).

    Only the 7-player case is named by the text, so only it is flagged.
    """
    return (n_s1, n_s2) == (3, 4) and exchange.cell in ENGLISH_OBSOLETE_CELLS


def _subsets_in_range(candidates: tuple[int, ...], r: int, lo: int, hi: int,
                      start: int = 0) -> Iterator[tuple[int, ...]]:
    """``r``-subsets of ``candidates[start:]`` with ``lo <= sum <= hi``, lexicographic on positions.

    ``candidates`` are consecutive integers (increasing or decreasing), so the
    sums of the r-subsets of any tail form a whole interval: the bound test
    below is exact and no branch is a dead end, which keeps the generator
    output-sensitive even for large brackets.
    """
    if r == 0:
        if lo <= 0 <= hi:
            yield ()
        return
    for i in range(start, len(candidates) - r + 1):
        first = candidates[i]
        rest = candidates[i + 1:]
        smallest, largest = min(rest, default=0), max(rest, default=0)
        m = r - 1
        # Sum range of m players out of the consecutive run smallest..largest.
        rest_min = m * smallest + m * (m - 1) // 2
        rest_max = m * largest - m * (m - 1) // 2
        if first + rest_max < lo or first + rest_min > hi:
            continue
        for tail in _subsets_in_range(candidates, m, lo - first, hi - first, i + 1):
            yield (first, *tail)


def iter_exchanges(n_s1: int, n_s2: int, *, max_size: int | None = None) -> Iterator[Exchange]:
    """Every exchange of an ``n_s1``/``n_s2`` split, lazily, in D2 priority.

    Produced directly in order (no sort), so the first exchanges of a large
    bracket come at once. ``max_size`` stops after exchanges of that many
    players.
    """
    if n_s1 < 0 or n_s2 < 0:
        raise ValueError(f"S1 and S2 cannot have {n_s1} and {n_s2} players")
    top = min(n_s1, n_s2) if max_size is None else min(n_s1, n_s2, max_size)
    # Lowest S1 player first (rule 3), highest S2 player first (rule 4).
    s1_from_boundary = tuple(range(n_s1, 0, -1))
    s2_from_boundary = tuple(range(n_s1 + 1, n_s1 + n_s2 + 1))
    for k in range(1, top + 1):
        x_min, x_max = sum(s1_from_boundary[-k:]), sum(s1_from_boundary[:k])
        y_min, y_max = sum(s2_from_boundary[:k]), sum(s2_from_boundary[-k:])
        for difference in range(y_min - x_max, y_max - x_min + 1):
            # X must leave room for some Y with sum(Y) = sum(X) + difference.
            for xs in _subsets_in_range(s1_from_boundary, k, y_min - difference,
                                        y_max - difference):
                target = sum(xs) + difference
                for ys in _subsets_in_range(s2_from_boundary, k, target, target):
                    from_s1 = tuple(sorted(xs))
                    yield Exchange(from_s1, ys, seed_cell(from_s1, ys, n_s1, n_s2))


def exchanges(n_s1: int, n_s2: int, *, max_size: int | None = None) -> tuple[Exchange, ...]:
    """All exchanges of an ``n_s1``/``n_s2`` split in D2 priority (see :func:`iter_exchanges`).

    With ``p = min(n_s1, n_s2)`` there are ``C(n_s1 + n_s2, p) - 1`` of them
    (every choice of a new S1 except the original one): 923 for 12 players,
    so call :func:`iter_exchanges` for big brackets.
    """
    return tuple(iter_exchanges(n_s1, n_s2, max_size=max_size))


def apply_exchange(s1: Sequence[T], s2: Sequence[T],
                   exchange: Exchange) -> tuple[tuple[T, ...], tuple[T, ...]]:
    """New (S1, S2) after ``exchange``, each re-sorted in A2 order (A.9.b).

    ``s1`` and ``s2`` are the bracket's original halves, each in A2 order, so
    ``s1 + s2`` is the bracket in A2 order and the exchange's numbers index
    into it (1-based). Re-sorting by bracket number is therefore re-sorting by
    A2, which is why no key is needed.
    """
    bracket = (*s1, *s2)
    p = len(s1)
    if any(not 1 <= x <= p for x in exchange.from_s1):
        raise ValueError(f"{exchange!r}: S1 holds players 1 to {p}")
    if any(not p < y <= len(bracket) for y in exchange.from_s2):
        raise ValueError(f"{exchange!r}: S2 holds players {p + 1} to {len(bracket)}")
    leaving = exchange.from_s1 + exchange.from_s2
    new_s1 = sorted([x for x in range(1, p + 1) if x not in leaving] + list(exchange.from_s2))
    new_s2 = sorted([y for y in range(p + 1, len(bracket) + 1) if y not in leaving]
                    + list(exchange.from_s1))
    return (tuple(bracket[i - 1] for i in new_s1), tuple(bracket[i - 1] for i in new_s2))
