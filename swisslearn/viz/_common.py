"""The pieces every family of pictures shares: the palette, a player's cells,
the bracket an event is about, and the table drawn as text cells.

One place for each, so that the families (:mod:`swisslearn.viz` lists them)
draw the same player the same way; nothing here is public but the three
colours, re-exported by the package.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Union

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from swisslearn.words import Catalogue
from swisslearn.model import PlayerId, PlayerState
from swisslearn.trace import (BracketPaired, BracketSplit, BracketView, Event, PDecreased,
                              PlayerView)

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]


#: The colour of "where we are": the flowchart box, the D2 cell, the D1 row.
HIGHLIGHT = "#ffc44d"

#: A rejected pair or candidate.
REJECTED = "#f4a3a3"

#: An accepted pair or candidate.
ACCEPTED = "#b5e0ad"

_BOX = "#e8eef8"
_EDGE = "#51627a"
_HEADER = "#d5dff0"
_GRID = "#b8c2d0"
_MISSING = "#eeeeee"
_DOWN = "#c0392b"
_UP = "#1f5fa8"

#: The catalogue keys of a player's cells: number, name, score, colours, preference, floats.
_PLAYER_KEYS = ("number", "name", "points", "colours", "preference", "floats")


def _column(cat: Catalogue, key: str) -> str:
    return cat.text(f"viz.col.{key}")


def _player_fields(cat: Catalogue) -> tuple[str, ...]:
    return tuple(_column(cat, k) for k in _PLAYER_KEYS)


Players = Iterable[Union[PlayerView, PlayerState]]


def _data_frame(rows: list[list[str]], columns: Sequence[str],
                index: Sequence[int] | None = None) -> pd.DataFrame:
    """A table.  pandas is imported with the first one, not with this module:
    the pictures without a table (the flowchart and the score groups of a
    round's first step) do not need it, and the desk's page shows sooner."""
    import pandas
    frame: Any = pandas.DataFrame(rows, columns=list(columns), index=index)
    return frame


# ---------------------------------------------------------------------------
# Small helpers


#: The letters of a :class:`~swisslearn.trace.PlayerView` (French, its encoding).
_VIEW_LETTERS = {"B": "white", "N": "black"}


def _letters(text: str, cat: Catalogue) -> str:
    """A view's colours or preference (``"BN-B"``, ``"N!"``) in the catalogue's
    letters (English ``"WB-W"``, ``"B!"``); other marks are kept."""
    return "".join(cat.text(f"fmt.letter.{_VIEW_LETTERS[c]}") if c in _VIEW_LETTERS else c
                   for c in text)


def _colour_of(letter: str) -> str | None:
    """``"white"``/``"black"`` for a view's letter (its first character), else ``None``."""
    return _VIEW_LETTERS.get(letter[:1])


def _view(player: PlayerView | PlayerState) -> PlayerView:
    return player if isinstance(player, PlayerView) else PlayerView.of(player)


def _player_cells(player: PlayerView | None, cat: Catalogue,
                  moved_down: bool = False) -> list[str]:
    """Number (``7 (FD)`` for a player moved down into the bracket), name, score,
    colours, preference, floats."""
    if player is None:
        return [""] * len(_PLAYER_KEYS)
    number = cat.text("viz.moved_down", player=player.id) if moved_down else str(player.id)
    return [number, player.name, cat.number(player.score), _letters(player.colours or "", cat),
            _letters(player.preference, cat), player.floats]


def _bracket_of(event: Event) -> BracketView | None:
    bracket = getattr(event, "bracket", None)
    return bracket if isinstance(bracket, BracketView) else None


def _split(event: Event, view: BracketView) -> tuple[tuple[PlayerId, ...], tuple[PlayerId, ...]]:
    """S1 and S2 as the event shows them.  Before C4 (a bracket just opened)
    the split A6 will make: the moved-down players in S1 for a heterogeneous
    bracket, the stronger half otherwise."""
    if view.s1 or view.s2:
        return view.s1, view.s2
    ids = tuple(p.id for p in view.players)
    if isinstance(event, (BracketSplit, PDecreased, BracketPaired)) or view.p:
        return ids[:view.p], ids[view.p:]
    if view.moved_down and not view.homogeneous:
        moved = set(view.moved_down)
        return (tuple(i for i in ids if i in moved), tuple(i for i in ids if i not in moved))
    half = len(ids) // 2
    return ids[:half], ids[half:]


# ---------------------------------------------------------------------------
# Drawing primitives


def _new_figure(width: float, height: float) -> Figure:
    return Figure(figsize=(width, height), dpi=100, facecolor="white")


def _blank(ax: Axes) -> None:
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_axis_off()


def _axes_inches(ax: Axes) -> tuple[float, float]:
    box = ax.get_position()
    fig = ax.get_figure(root=True)
    assert isinstance(fig, Figure)
    width, height = fig.get_size_inches()
    return float(box.width * width), float(box.height * height)


def _text_width(text: str) -> float:
    """A string's width in ems, roughly (wide symbols count more)."""
    return sum(0.62 if not c.isupper() else 0.72 for c in text)


def _draw_table(ax: Axes, frame: pd.DataFrame, *, title: str | None = None,
                row_fill: Mapping[int, str] | None = None,
                cell_fill: Mapping[tuple[int, str], str] | None = None,
                header_fill: Mapping[str, str] | None = None,
                groups: Sequence[tuple[str, int, int]] = (),
                names: Mapping[str, str] | None = None,
                max_font: float = 10.0, max_row: float = 0.3) -> None:
    """A DataFrame as a grid of text cells, drawn on ``ax`` from the top.

    ``groups``: an upper header row, ``(label, first column, end column)``;
    ``names``: the header text of a column, if not its name; ``max_row``:
    the tallest a row may be, in inches (a short table stays at the top).
    """
    _blank(ax)
    row_fill = row_fill or {}
    cell_fill = cell_fill or {}
    header_fill = header_fill or {}
    names = names or {}
    columns = [str(c) for c in frame.columns]
    shown = [names.get(c, c) for c in columns]
    values = [[str(v) for v in row] for row in frame.itertuples(index=False, name=None)]
    title = title if title is not None else frame.attrs.get("title")
    width_in, height_in = _axes_inches(ax)
    title_in = 0.32 if title else 0.0
    n_rows = len(values) + 1 + (1 if groups else 0)
    row_in = max(0.05, min(max_row, (height_in - title_in) / max(n_rows, 1)))
    row_h = row_in / height_in
    title_h = title_in / height_in
    ems = [max([_text_width(c)] + [_text_width(r[j]) for r in values]) + 1.2
           for j, c in enumerate(shown)]
    total_ems = sum(ems) or 1.0
    font = max(4.0, min(max_font, width_in * 72 / total_ems, row_in * 72 / 1.55))
    if title:
        ax.text(0.0, 1.0 - title_h / 2, title, ha="left", va="center",
                fontsize=min(max_font + 1, max(font + 1, 8.0)), fontweight="bold")
    xs = [0.0]
    for em in ems:
        xs.append(xs[-1] + em / total_ems)
    top = 1.0 - title_h
    if groups:
        for label, first, end in groups:
            if label:
                ax.add_artist(Rectangle((xs[first], top - row_h), xs[end] - xs[first], row_h,
                                       facecolor=_HEADER, edgecolor=_GRID, linewidth=0.6))
                ax.text((xs[first] + xs[end]) / 2, top - row_h / 2, label, ha="center",
                        va="center", fontsize=font + 1, fontweight="bold")
        top -= row_h
    for j, name in enumerate(shown):
        ax.add_artist(Rectangle((xs[j], top - row_h), xs[j + 1] - xs[j], row_h,
                               facecolor=header_fill.get(columns[j], _HEADER),
                               edgecolor=_GRID, linewidth=0.6))
        ax.text((xs[j] + xs[j + 1]) / 2, top - row_h / 2, name, ha="center", va="center",
                fontsize=font, fontweight="bold")
    for i, row in enumerate(values):
        y = top - (i + 2) * row_h
        fill_row = row_fill.get(i, "white")
        for j, value in enumerate(row):
            fill = cell_fill.get((i, columns[j]), fill_row)
            ax.add_artist(Rectangle((xs[j], y), xs[j + 1] - xs[j], row_h, facecolor=fill,
                                   edgecolor=_GRID, linewidth=0.6))
            ax.text((xs[j] + xs[j + 1]) / 2, y + row_h / 2, value, ha="center", va="center",
                    fontsize=font)
        if fill_row == HIGHLIGHT:
            # One invisible marker per highlighted row, for highlighted().
            ax.add_artist(Rectangle((0, y), 1, row_h, fill=False, linewidth=0,
                                   gid=f"row:{frame.index[i]}", label="current"))
