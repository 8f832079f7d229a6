"""D1 and D2: the transpositions of S2 around the current one (list and
picture), and the seed's two exchange tables with the current cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from swisslearn.dutch1998.exchanges import seed_cell
from swisslearn.dutch1998.transpositions import count_transpositions, transposition_at
from swisslearn.words import Catalogue, catalogue
from swisslearn.model import PlayerId
from swisslearn.trace import BracketPaired, CandidatesSkipped, CandidateTried, Event
from swisslearn.viz._common import (HIGHLIGHT, _EDGE, _MISSING, _axes_inches, _blank, _bracket_of,
                                   _column, _data_frame, _new_figure, _split)
from swisslearn.viz.figures import table_figure

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = [
    "D1_COLUMNS", "d1_columns", "d1_list", "exchange_tables_figure", "transpositions_figure",
]


def d1_columns(lang: str = "fr") -> tuple[str, ...]:
    """The columns of :func:`d1_list`."""
    cat = catalogue(lang)
    return tuple(_column(cat, k) for k in ("d1_rank", "d1", "s2_order", "pairs", "state"))


#: The French columns (the course's language) of :func:`d1_list`.
D1_COLUMNS: tuple[str, ...] = d1_columns()


def _d1_letter(index: int) -> str:
    """The seed's D1 letter of transposition ``index`` (1 -> a, 2 -> b, ... 27 -> aa)."""
    if index <= 0:
        return ""
    letters = ""
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def d1_list(source: int | Event, *, around: int | None = None, window: int = 3,
            limit: int = 8, lang: str = "fr") -> pd.DataFrame:
    """The D1 orders of S2 (columns :func:`d1_columns`), the index is the D1 rank.

    ``source`` is a bracket size (S1 = 1..n//2, S2 = the rest, as in the
    seed's example: ``d1_list(8)`` is the seed's list, the untouched order
    then a) to g)) or an event with a bracket: its S2, and, for
    ``CandidateTried``/``BracketPaired``, its transposition marked
    ``actuelle``; for ``CandidatesSkipped`` the skipped range ``écartée``.
    Only the rows near the current one are listed (``window`` either side;
    the first ``limit`` when nothing is current).  ``df.attrs["states"]``:
    each row's state, language-neutral (``"current"``, ``"skipped"`` or ``""``).
    """
    cat = catalogue(lang)
    current: int | None = around
    skipped: tuple[int, int] | None = None
    status = cat.text("viz.d1.current")
    if isinstance(source, int):
        if source < 0:
            raise ValueError(f"a score bracket cannot have {source} players")
        s1 = tuple(range(1, source // 2 + 1))
        s2 = tuple(range(source // 2 + 1, source + 1))
    else:
        view = _bracket_of(source)
        if view is None:
            raise TypeError(f"a {source.kind} event has no S2 to permute")
        s1, s2 = _split(source, view)
        if isinstance(source, CandidateTried):
            current = source.transposition
            if source.accepted:
                status = cat.text("viz.d1.accepted")
            else:
                crit = source.rejection.criterion if source.rejection else ""
                status = (cat.text("viz.d1.refused_for", criterion=crit) if crit
                          else cat.text("viz.d1.refused"))
        elif isinstance(source, BracketPaired):
            current, status = source.transposition, cat.text("viz.d1.kept")
        elif isinstance(source, CandidatesSkipped) and source.count > 0 \
                and source.last >= source.first:
            skipped = (source.first, source.last)
    total = count_transpositions(len(s2))
    ranks: set[int] = set()
    if current is not None:
        ranks.update(range(current - window, current + window + 1))
    if skipped is not None:
        first, last = skipped
        ranks.update(range(first - 1, min(first + window, last) + 1))
        ranks.update(range(max(last - 1, first), last + 2))
    if not ranks:
        ranks.update(range(limit))
    rows: list[list[str]] = []
    index: list[int] = []
    states: list[str] = []
    for rank in sorted(r for r in ranks if 0 <= r < total):
        order = transposition_at(s2, rank)
        state = ""
        if rank == current:
            state = "current"
        elif skipped is not None and skipped[0] <= rank <= skipped[1]:
            state = "skipped"
        letter = _d1_letter(rank) or cat.text("viz.d1.untouched")
        shown = {"current": status, "skipped": cat.text("viz.d1.skipped"), "": ""}[state]
        pairs = cat.text("fmt.list_sep").join(cat.pair(a, b) for a, b in zip(s1, order))
        rows.append([str(rank), letter, cat.order(order), pairs, shown])
        index.append(rank)
        states.append(state)
    frame = _data_frame(rows, d1_columns(lang), index)
    frame.attrs["title"] = cat.label("D1", cat.text(
        "viz.d1.what", total=cat.number(total), s1=cat.players(s1) if s1 else "—"))
    frame.attrs["current"] = current
    frame.attrs["states"] = states
    return frame


def _d1_fills(frame: pd.DataFrame) -> dict[int, str]:
    fills: dict[int, str] = {}
    for i, state in enumerate(frame.attrs.get("states", [])):
        if state == "skipped":
            fills[i] = _MISSING
        elif state:
            fills[i] = HIGHLIGHT
    return fills


def transpositions_figure(event: Event | int, lang: str = "fr") -> Figure:
    """:func:`d1_list` as a picture, the current row coloured."""
    frame = d1_list(event, lang=lang)
    return table_figure(frame, row_fill=_d1_fills(frame), width=7.5)


def _exchange_layout(n_s1: int, size: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    p = n_s1
    if size == 1:
        return [(p,), (p - 1,), (p - 2,)], [(p + 1,), (p + 2,), (p + 3,)]
    return ([(p - 1, p), (p - 2, p), (p - 2, p - 1)],
            [(p + 1, p + 2), (p + 1, p + 3), (p + 2, p + 3)])


def _draw_exchange_tables(ax: Axes, n_s1: int, n_s2: int, current_cell: str | None,
                          cat: Catalogue, players: Sequence[PlayerId] | None = None) -> None:
    _blank(ax)
    width_in, height_in = _axes_inches(ax)
    font = max(5.0, min(10.0, height_in * 72 * 0.07 / 1.5, width_in * 72 * 0.06 / 3.5))
    n = n_s1 + n_s2

    def label(numbers: tuple[int, ...]) -> str:
        text = "+".join(map(str, numbers))
        if players is not None and all(1 <= k <= len(players) for k in numbers):
            text += "\n(" + "+".join(str(players[k - 1]) for k in numbers) + ")"
        return text

    cell_w, cell_h, y_top = 0.095, 0.17, 0.7
    for t, (size, title) in enumerate(((1, cat.text("viz.d2.one")),
                                       (2, cat.text("viz.d2.two")))):
        columns, rows = _exchange_layout(n_s1, size)
        left = t * 0.5
        x0 = left + 0.16   # the first cell's left edge
        centre = x0 + 1.5 * cell_w
        ax.text(centre, 0.96, title, ha="center", va="center", fontsize=font + 1,
                fontweight="bold")
        ax.text(centre, 0.87, "S1", ha="center", va="center", fontsize=font,
                fontweight="bold")
        ax.text(left + 0.025, y_top - 1.5 * cell_h, "S2", ha="center", va="center",
                fontsize=font, fontweight="bold")
        valid_columns = [all(1 <= k <= n_s1 for k in numbers) for numbers in columns]
        for c, numbers in enumerate(columns):
            ax.text(x0 + (c + 0.5) * cell_w, y_top + cell_h * 0.45,
                    label(numbers) if valid_columns[c] else "—", ha="center", va="center",
                    fontsize=font * 0.9)
        for r, numbers_r in enumerate(rows):
            valid_r = all(n_s1 < k <= n for k in numbers_r)
            y = y_top - (r + 1) * cell_h
            ax.text(x0 - 0.05, y + cell_h / 2, label(numbers_r) if valid_r else "—",
                    ha="center", va="center", fontsize=font * 0.9)
            for c, numbers_c in enumerate(columns):
                letter = (seed_cell(numbers_c, numbers_r, n_s1, n_s2)
                          if valid_columns[c] and valid_r else None)
                on = letter is not None and letter == current_cell
                fill = HIGHLIGHT if on else ("white" if letter else _MISSING)
                ax.add_artist(Rectangle((x0 + c * cell_w, y), cell_w, cell_h,
                                       facecolor=fill, edgecolor=_EDGE,
                                       linewidth=2.0 if on else 0.8,
                                       gid=f"d2:{letter}" if letter else None,
                                       label="current" if on else "_cell",
                                       zorder=2 if on else 1))
                ax.text(x0 + (c + 0.5) * cell_w, y + cell_h / 2, letter or "",
                        ha="center", va="center", fontsize=font + 1,
                        fontweight="bold" if on else "normal", zorder=3)
    note = (cat.text("viz.d2.numbers", last_s1=n_s1, first_s2=n_s1 + 1, last=n)
            if n_s1 and n_s2 else cat.text("viz.d2.empty"))
    if current_cell and not (len(current_cell) == 1 and current_cell.isalpha()):
        note += "  " + cat.text("viz.d2.outside", cell=current_cell.replace("<->", " ↔ "))
    ax.text(0.5, 0.04, note, ha="center", va="center", fontsize=font * 0.9)


def exchange_tables_figure(n_s1: int, n_s2: int, current_cell: str | None = None, *,
                           players: Sequence[PlayerId] | None = None,
                           lang: str = "fr") -> Figure:
    """The seed's two D2 tables (one player: cells a-i, two players: j-r) for a
    bracket split ``n_s1``/``n_s2``, read at its S1/S2 boundary, the cell
    ``current_cell`` coloured.  ``players``: the bracket's pairing numbers in
    A2 order, shown under the bracket numbers."""
    fig = _new_figure(9.0, 3.6)
    ax = fig.add_axes((0.01, 0.01, 0.98, 0.98))
    _draw_exchange_tables(ax, n_s1, n_s2, current_cell, catalogue(lang), players)
    return fig
