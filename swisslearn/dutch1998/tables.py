"""The D1/D2 tables of a homogeneous bracket: ``swisslearn tables N [--json]``.

:func:`tables` builds the CONTRACT's ``tables N --json`` object for a bracket
of players numbered ``1..n`` (S1 = the first ``n // 2``, A.6); :func:`format_tables`
renders the same facts for a terminal, laid out like seed 000's D1 list and
D2 tables, followed by the complete D2 order.

The CONTRACT says ``exchanges`` lists "the one-player exchanges then the
two-player ones", the two sizes the seed prints tables for; that is the
default here (``max_exchange_size=2``). Pass ``None`` for every size up to
``n // 2`` (``C(n, n // 2) - 1`` exchanges in all).
"""

from __future__ import annotations

import itertools
import math
from typing import TypedDict

from swisslearn.dutch1998.exchanges import (
    Exchange,
    english_obsolete,
    iter_exchanges,
)
from swisslearn.dutch1998.transpositions import count_transpositions, transpositions
from swisslearn.words import Catalogue, catalogue

__all__ = [
    "MAX_TRANSPOSITIONS",
    "ExchangeJson",
    "TablesJson",
    "exchange_count",
    "format_tables",
    "split",
    "tables",
]

#: The CONTRACT caps ``transpositions`` at this many orders (6! = an S2 of 6).
MAX_TRANSPOSITIONS = 720

# How many D1 orders format_tables letters, as the seed's D1 list does (a..g, "etc.").
_LETTERED_TRANSPOSITIONS = 7


class ExchangeJson(TypedDict):
    """One entry of ``exchanges`` in ``tables N --json``."""

    cell: str | None
    from_s1: list[int]
    from_s2: list[int]


class TablesJson(TypedDict):
    """The ``tables N --json`` object (CONTRACT.md)."""

    s1: list[int]
    s2: list[int]
    transpositions: list[list[int]]
    exchanges: list[ExchangeJson]


def split(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """S1 and S2 of a homogeneous bracket of players ``1..n`` (A.6: S1 is the higher half, rounded down)."""
    if n < 0:
        raise ValueError(f"a score bracket cannot have {n} players")
    p = n // 2
    return tuple(range(1, p + 1)), tuple(range(p + 1, n + 1))


def exchange_count(n: int, *, max_exchange_size: int | None = 2) -> int:
    """How many exchanges :func:`tables` lists for ``n`` players, computed
    without listing them (``swisslearn tables`` refuses sizes it cannot list
    in seconds): ``C(p, k) * C(q, k)`` of each size ``k``."""
    p = n // 2
    q = n - p
    if max_exchange_size is None or max_exchange_size >= p:
        return math.comb(n, p) - 1  # every new S1 but the first (Vandermonde)
    return sum(math.comb(p, k) * math.comb(q, k) for k in range(1, max_exchange_size + 1))


def _exchange_json(exchange: Exchange) -> ExchangeJson:
    return {"cell": exchange.cell, "from_s1": list(exchange.from_s1),
            "from_s2": list(exchange.from_s2)}


def tables(n: int, *, max_exchange_size: int | None = 2) -> TablesJson:
    """The CONTRACT ``tables N --json`` object for a homogeneous bracket of ``n`` players.

    ``transpositions``: the first :data:`MAX_TRANSPOSITIONS` orders of S2 in
    D1 priority (the first is S2 untouched). ``exchanges``: D2 priority,
    one-player exchanges first, ``cell`` the seed's letter or ``None``.
    """
    s1, s2 = split(n)
    orders = itertools.islice(transpositions(s2), MAX_TRANSPOSITIONS)
    return {
        "s1": list(s1),
        "s2": list(s2),
        "transpositions": [list(order) for order in orders],
        "exchanges": [_exchange_json(e) for e in
                      iter_exchanges(len(s1), len(s2), max_size=max_exchange_size)],
    }


def _letter(index: int) -> str:
    """``a``, ``b``, ... ``z``, ``aa``, ``ab``, ... for the D1 list."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def _grid(title: str, columns: list[str], rows: list[str],
          cells: dict[tuple[int, int], str]) -> list[str]:
    """A seed-style table: S1 across, S2 down, ``cells[(row, column)]`` inside."""
    width = max([len(c) for c in columns] + [1]) + 2
    head = max([len(r) for r in rows] + [2])
    lines = [title, " " * (head + 4) + "S1".center(width * len(columns)),
             " " * (head + 4) + "".join(c.center(width) for c in columns)]
    for r, row in enumerate(rows):
        label = "S2  " if r == 0 else "    "
        lines.append(label + row.rjust(head)
                     + "".join(cells.get((r, c), ".").center(width) for c in range(len(columns))))
    return [line.rstrip() for line in lines]


def _seed_window(n: int, size: int, all_exchanges: list[Exchange],
                 cat: Catalogue) -> list[str]:
    """The seed's 3x3 table for one size, at this bracket's S1/S2 boundary."""
    p, q = n // 2, n - n // 2
    column_sets: list[tuple[int, ...]]
    row_sets: list[tuple[int, ...]]
    if size == 1:
        column_sets = [(x,) for x in (p, p - 1, p - 2)]
        row_sets = [(y,) for y in (p + 1, p + 2, p + 3)]
        title = cat.text("tables.d2.one")
    else:
        column_sets = [(p - 1, p), (p - 2, p), (p - 2, p - 1)]
        row_sets = [(p + 1, p + 2), (p + 1, p + 3), (p + 2, p + 3)]
        title = cat.text("tables.d2.two")
    if n == 8:
        title += cat.text("tables.d2.seed")
    elif n == 7:
        title += cat.text("tables.d2.seed7")
    else:
        title += cat.text("tables.d2.window")
    columns = [c for c in column_sets if min(c) >= 1]
    rows = [r for r in row_sets if max(r) <= p + q]
    if not columns or not rows:
        return []
    by_players = {(e.from_s1, e.from_s2): e for e in all_exchanges if e.size == size}
    cells: dict[tuple[int, int], str] = {}
    obsolete = False
    for r, ys in enumerate(rows):
        for c, xs in enumerate(columns):
            found = by_players.get((xs, ys))
            if found is not None and found.cell is not None:
                mark = "*" if english_obsolete(found, p, q) else ""
                obsolete = obsolete or bool(mark)
                cells[(r, c)] = found.cell + mark
    lines = _grid(title, ["+".join(map(str, c)) for c in columns],
                  ["+".join(map(str, r)) for r in rows], cells)
    if obsolete:
        lines.append(cat.text("tables.d2.obsolete"))
    return lines


def format_tables(n: int, *, max_exchange_size: int | None = 2, lang: str = "en") -> str:
    """Plain-text D1/D2 tables for a homogeneous bracket of ``n`` players
    (``swisslearn tables N``), in ``lang`` (the catalogue's ``tables.*``
    words; English by default, as the command line prints them)."""
    cat = catalogue(lang)
    s1, s2 = split(n)
    total = count_transpositions(len(s2))
    empty = cat.text("tables.empty")
    lines = [cat.text("tables.title", n=n),
             cat.text("tables.s1", s1=' '.join(map(str, s1)) or empty, p=len(s1)),
             cat.text("tables.s2", s2=' '.join(map(str, s2)) or empty),
             "",
             cat.text("tables.d1", total=cat.number(total)),
             cat.text("tables.d1.untouched", order='-'.join(map(str, s2)))]
    shown = itertools.islice(transpositions(s2), 1, 1 + _LETTERED_TRANSPOSITIONS)
    for i, order in enumerate(shown):
        lines.append(f"  {_letter(i)}) {'-'.join(map(str, order))}")
    if total > 1 + _LETTERED_TRANSPOSITIONS:
        lines.append(cat.text("tables.d1.etc"))

    all_exchanges = list(iter_exchanges(len(s1), len(s2), max_size=max_exchange_size))
    lines += ["", cat.text("tables.d2")]
    if not all_exchanges:
        lines.append(cat.text("tables.d2.none"))
        return "\n".join(lines) + "\n"
    for size in (1, 2):
        window = _seed_window(n, size, all_exchanges, cat)
        if window:
            lines += [""] + ["  " + line for line in window]
    lines += ["", cat.text("tables.full.1"), cat.text("tables.full.2")]
    size = 0
    rank = 0
    for exchange in all_exchanges:
        if exchange.size != size:
            size, rank = exchange.size, 0
            lines.append(cat.text("tables.full.size.1") if size == 1
                         else cat.text("tables.full.size", size=size))
        rank += 1
        lines.append(cat.text("tables.full.line", rank=rank, letter=exchange.cell or "-",
                              label=exchange.label(), difference=exchange.difference))
    return "\n".join(lines) + "\n"
