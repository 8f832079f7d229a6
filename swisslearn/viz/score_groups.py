"""Score groups: the brackets as rows, each player a chip, the floats of a
step as arrows (↓ the downfloater, ↑ the upfloater) drawn around the chips
in between.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Rectangle
from matplotlib.path import Path as MplPath

from swisslearn.words import Catalogue, catalogue
from swisslearn.model import PlayerId
from swisslearn.trace import (BoardsOrdered, BracketPaired, ByeAssigned, CandidateTried,
                              ColourAllocated, Event, PDecreased, PlayerMovedDown, PlayerView,
                              RoundPaired, RoundStarted)
from swisslearn.viz._common import (_DOWN, _EDGE, _UP, Players, _axes_inches, _blank, _bracket_of,
                                   _letters, _new_figure, _view)

__all__ = [
    "score_groups_figure",
]


Point = tuple[float, float]
"""A point of the axes, in axes fractions."""


@dataclass(frozen=True)
class _Groups:
    views: tuple[PlayerView, ...]
    pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()
    incoming: tuple[PlayerId, ...] = ()
    outgoing: tuple[PlayerId, ...] = ()
    bracket: Decimal | None = None
    tentative: bool = False
    bye: bool = False
    title: str = ""


def _groups_data(event: Event, players: Players | None, cat: Catalogue) -> _Groups:
    given = tuple(_view(p) for p in players) if players is not None else ()
    if isinstance(event, RoundStarted):
        return _Groups(given or event.players,
                       title=cat.text("viz.groups.round", round=event.round))
    view = _bracket_of(event)
    if view is not None:
        pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()
        outgoing: tuple[PlayerId, ...] = ()
        tentative = False
        if isinstance(event, BracketPaired):
            pairs, outgoing = event.pairs, event.moved_down
        elif isinstance(event, CandidateTried):
            pairs, tentative = event.pairs, True
        elif isinstance(event, PlayerMovedDown):
            outgoing = (event.player,)
        elif isinstance(event, PDecreased) and view.p == 0:
            outgoing = tuple(p.id for p in view.players)
        return _Groups(given or view.players, pairs, view.moved_down, outgoing, view.score,
                       tentative, bye=view.lowest and bool(outgoing),
                       title=cat.text("viz.groups.floaters", score=cat.number(view.score)))
    if isinstance(event, (RoundPaired, BoardsOrdered)):
        if not given:
            raise ValueError(f"a {event.kind} event has no scores: pass players= "
                             "(the RoundStarted players or the states before the round)")
        byes = event.byes if isinstance(event, RoundPaired) else ()
        return _Groups(given, tuple((b.white, b.black) for b in event.boards), (), byes,
                       bye=bool(byes), title=cat.text("viz.groups.boards"))
    if isinstance(event, ColourAllocated):
        views = given or tuple(v for v in (event.white_view, event.black_view) if v)
        return _Groups(views, ((event.white, event.black),), title=cat.text("viz.groups.pair"))
    if isinstance(event, ByeAssigned):
        views = given or ((event.view,) if event.view else ())
        return _Groups(views, (), (), (event.player,), bye=True,
                       title=cat.text("viz.groups.bye"))
    if given:
        return _Groups(given, title=cat.text("viz.groups.brackets"))
    raise TypeError(f"a {event.kind} event has no players to draw: pass players=")


def _crosses(start: Point, end: Point, box: tuple[float, float, float, float]) -> bool:
    """Whether the segment start-end passes through the rectangle ``box``
    (x0, y0, x1, y1) (Liang-Barsky clipping)."""
    (x, y), (x2, y2) = start, end
    dx, dy = x2 - x, y2 - y
    low, high = 0.0, 1.0
    for p, q in ((-dx, x - box[0]), (dx, box[2] - x), (-dy, y - box[1]), (dy, box[3] - y)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return high - low > 1e-9


def _around_chips(start: Point, end: Point, chips: Mapping[PlayerId, tuple[float, float, float, float]],
                  ends: set[PlayerId], column: float, gap: float, lane: int = 0) -> list[Point]:
    """The way of a float arrow from ``start`` (under a chip) to ``end``: the
    straight line, unless it runs across the chip of a player of a bracket in
    between (1-7 drawn through 2's chip); then down the gap left of the
    columns (the ``lane``-th such way a little further left, so that two never
    merge), between the rows, and in from above."""
    others = [box for pid, box in chips.items() if pid not in ends]
    if not any(_crosses(start, end, box) for box in others):
        return [start, end]
    side = min(start[0], end[0]) - column / 2 - lane * column / 6
    below, above = start[1] - gap / 2, end[1] + gap / 2
    return [start, (start[0], below), (side, below), (side, above), (end[0], above), end]


def _float_arrow(points: Sequence[Point], linestyle: str = "-") -> FancyArrowPatch:
    if len(points) == 2:
        return FancyArrowPatch(points[0], points[1], arrowstyle="-|>", mutation_scale=10,
                               linewidth=1.3, linestyle=linestyle, color=_DOWN, zorder=2)
    return FancyArrowPatch(path=MplPath(list(points)), arrowstyle="-|>", mutation_scale=10,
                           linewidth=1.3, linestyle=linestyle, color=_DOWN, zorder=2)


def _draw_groups(ax: Axes, data: _Groups, cat: Catalogue) -> None:
    _blank(ax)
    layout = _layout(ax, data)
    if data.title:
        ax.text(0.0, 1.0 - layout.title_h / 2, data.title, ha="left", va="center",
                fontsize=layout.font + 1.5, fontweight="bold")
    positions, bands, bottom_y = _place(data, layout, cat)
    _draw_bands(ax, bands, layout.font)
    _draw_chips(ax, data, positions, layout, cat)
    chips = {pid: (cx - layout.chip_w / 2, cy - layout.chip_h / 2,
                   cx + layout.chip_w / 2, cy + layout.chip_h / 2)
             for pid, (cx, cy) in positions.items()}
    lanes = _draw_pairs(ax, data, positions, chips, layout)
    _draw_moved_down(ax, data, positions, bands, layout)
    _draw_floating_on(ax, data, positions, chips, layout, bottom_y, lanes)


@dataclass(frozen=True)
class _Layout:
    """The sizes of a score-groups picture, in axes fractions (font in points)."""

    per_line: int       # chips on one line of a band
    lines_of: Mapping[Decimal, int]  # lines of chips of each score's band
    title_h: float
    line_h: float
    font: float
    chip_w: float
    chip_h: float

    @property
    def column(self) -> float:
        return 0.82 / self.per_line


def _layout(ax: Axes, data: _Groups) -> _Layout:
    width_in, height_in = _axes_inches(ax)
    scores = sorted({v.score for v in data.views}, reverse=True)
    per_line = max(6, min(14, int(width_in / 0.75)))
    lines_of = {s: max(1, math.ceil(sum(1 for v in data.views if v.score == s) / per_line))
                for s in scores}
    extra = 1 if data.outgoing else 0
    total_lines = sum(lines_of.values()) + extra
    title_h = 0.1 if data.title else 0.02
    line_h = min((1.0 - title_h) / max(total_lines + 0.6 * (len(scores) + extra), 2),
                 0.62 / height_in)
    font = max(4.5, min(9.0, line_h * height_in * 72 / 2.8, width_in * 72 / (per_line * 5.5)))
    return _Layout(per_line=per_line, lines_of=lines_of, title_h=title_h, line_h=line_h,
                   font=font, chip_w=min(0.075, 0.8 / per_line * 0.8), chip_h=line_h * 0.72)


_Band = tuple[str, float, float, bool]
"""A band of the picture: its label, bottom, height, and whether it is the
bracket the event is about."""


def _place(data: _Groups, layout: _Layout, cat: Catalogue
           ) -> tuple[dict[PlayerId, tuple[float, float]], list[_Band], float]:
    """Each player's chip centre, the bands (one per score, highest on top, then
    the players floating on), and the height of the floating players' chips."""
    line_h, per_line = layout.line_h, layout.per_line
    positions: dict[PlayerId, tuple[float, float]] = {}
    y = 1.0 - layout.title_h
    bands: list[_Band] = []
    for score in sorted(layout.lines_of, reverse=True):
        rows = layout.lines_of[score]
        band_h = rows * line_h + 0.6 * line_h
        points = cat.text("viz.groups.points" if score > 1 else "viz.groups.point",
                          score=cat.number(score))
        bands.append((points, y - band_h, band_h, score == data.bracket))
        members = [v for v in data.views if v.score == score]
        for k, view in enumerate(members):
            line, col = divmod(k, per_line)
            cx = 0.16 + (col + 0.5) * (0.82 / per_line)
            cy = y - 0.3 * line_h - (line + 0.5) * line_h
            positions[view.id] = (cx, cy)
        y -= band_h
    bottom_y = y
    if data.outgoing:
        band_h = line_h * 1.6
        bands.append((cat.text("viz.bye" if data.bye else "viz.groups.next"), y - band_h,
                      band_h, False))
        bottom_y = y - band_h / 2
    return positions, bands, bottom_y


def _draw_bands(ax: Axes, bands: Sequence[_Band], font: float) -> None:
    for label, y0, h, current in bands:
        ax.add_artist(Rectangle((0.0, y0), 1.0, h, facecolor="#fff3d6" if current else "#f6f7f9",
                               edgecolor="white", linewidth=2.0, zorder=0))
        ax.text(0.07, y0 + h / 2, label, ha="center", va="center", fontsize=font,
                fontweight="bold" if current else "normal", zorder=1)


def _draw_chips(ax: Axes, data: _Groups, positions: Mapping[PlayerId, tuple[float, float]],
                layout: _Layout, cat: Catalogue) -> None:
    """A chip per player (number and preference), dashed for one moved down."""
    chip_w, chip_h = layout.chip_w, layout.chip_h
    views = {v.id: v for v in data.views}
    incoming = set(data.incoming)
    for pid, (cx, cy) in positions.items():
        view = views[pid]
        moved = pid in incoming
        ax.add_artist(FancyBboxPatch((cx - chip_w / 2, cy - chip_h / 2), chip_w, chip_h,
                                    boxstyle="round,pad=0.002,rounding_size=0.01",
                                    facecolor="white", zorder=3,
                                    edgecolor=_DOWN if moved else _EDGE,
                                    linewidth=1.6 if moved else 0.8,
                                    linestyle="--" if moved else "-"))
        ax.text(cx, cy, f"{pid}\n{_letters(view.preference, cat)}", ha="center", va="center",
                fontsize=layout.font * 0.9, zorder=4, linespacing=1.1)


_Chips = Mapping[PlayerId, tuple[float, float, float, float]]
"""Each chip's box: left, bottom, right, top."""


def _draw_pairs(ax: Axes, data: _Groups, positions: Mapping[PlayerId, tuple[float, float]],
                chips: _Chips, layout: _Layout) -> int:
    """The pairs: an arc inside a bracket, an arrow across brackets (↓ for the
    downfloater, ↑ for the upfloater).  Returns the lanes taken around chips."""
    chip_w, chip_h, font = layout.chip_w, layout.chip_h, layout.font
    score_of = {v.id: v.score for v in data.views}
    lanes = 0
    # Many pairs inside one bracket make a tangle: the tables show them.
    same = sum(1 for a, b in data.pairs if score_of.get(a, -1) == score_of.get(b, -2))
    for a, b in data.pairs:
        if a not in positions or b not in positions:
            continue
        (xa, ya), (xb, yb) = positions[a], positions[b]
        style = "--" if data.tentative else "-"
        if score_of[a] == score_of[b]:
            if same > 8:
                continue
            ax.add_artist(FancyArrowPatch((xa, ya - chip_h / 2), (xb, yb - chip_h / 2),
                                         arrowstyle="-", connectionstyle="arc3,rad=0.35",
                                         linewidth=1.0, linestyle=style, color=_EDGE, zorder=2))
            continue
        high, low = (a, b) if score_of[a] > score_of[b] else (b, a)
        (xh, yh), (xl, yl) = positions[high], positions[low]
        way = _around_chips((xh, yh - chip_h / 2), (xl, yl + chip_h / 2), chips, {high, low},
                            layout.column, layout.line_h - chip_h, lanes)
        lanes += len(way) > 2
        ax.add_artist(_float_arrow(way, linestyle=style))
        ax.text(xh + chip_w / 2 + 0.005, yh, "↓", color=_DOWN, fontsize=font + 1,
                ha="left", va="center", fontweight="bold", zorder=4)
        ax.text(xl + chip_w / 2 + 0.005, yl, "↑", color=_UP, fontsize=font + 1,
                ha="left", va="center", fontweight="bold", zorder=4)
    return lanes


def _draw_moved_down(ax: Axes, data: _Groups, positions: Mapping[PlayerId, tuple[float, float]],
                     bands: Sequence[_Band], layout: _Layout) -> None:
    """An arrow from each player moved down into the bracket to its band."""
    if data.bracket is None:
        return
    score_of = {v.id: v.score for v in data.views}
    band = next((b for b in bands if b[3]), None)
    for pid in data.incoming:
        if pid in positions and band is not None and score_of[pid] != data.bracket:
            cx, cy = positions[pid]
            ax.add_artist(FancyArrowPatch((cx, cy - layout.chip_h / 2), (cx, band[1] + band[2]),
                                         arrowstyle="-|>", mutation_scale=10,
                                         linewidth=1.3, color=_DOWN, zorder=2))


def _draw_floating_on(ax: Axes, data: _Groups, positions: Mapping[PlayerId, tuple[float, float]],
                      chips: _Chips, layout: _Layout, bottom_y: float, lanes: int) -> None:
    """The players floating on to the next bracket (or the bye), in the last band."""
    chip_w, chip_h = layout.chip_w, layout.chip_h
    for k, pid in enumerate(data.outgoing):
        if pid not in positions:
            continue
        cx, cy = positions[pid]
        tx = cx + 0.012 * (k % 3)
        way = _around_chips((cx, cy - chip_h / 2), (tx, bottom_y + chip_h / 2), chips, {pid},
                            layout.column, layout.line_h - chip_h, lanes)
        lanes += len(way) > 2
        ax.add_artist(_float_arrow(way))
        ax.add_artist(FancyBboxPatch((tx - chip_w / 2, bottom_y - chip_h / 2), chip_w, chip_h,
                                    boxstyle="round,pad=0.002,rounding_size=0.01",
                                    facecolor="white", edgecolor=_DOWN, linestyle="--",
                                    linewidth=1.0, zorder=3))
        ax.text(tx, bottom_y, f"{pid} ↓", ha="center", va="center", fontsize=layout.font * 0.9,
                color=_DOWN, zorder=4)


def score_groups_figure(event: Event, players: Players | None = None,
                        lang: str = "fr") -> Figure:
    """Score brackets as rows (highest on top), each player a chip (number and
    preference), with the floats of the event.

    * ``RoundStarted``: every bracket of the round;
    * an event with a bracket: the bracket (its band coloured), the players
      moved down into it (dashed, ↓ arrows), a candidate's or the kept pairs
      (a pair across brackets: ↓ for the downfloater, ↑ for the upfloater),
      the players who float on to the next bracket (or get the bye);
    * ``RoundPaired``/``BoardsOrdered``: pass ``players`` (the ``RoundStarted``
      players, or the states before the round): every board, floats marked.
    """
    cat = catalogue(lang)
    data = _groups_data(event, players, cat)
    scores = {v.score for v in data.views}
    fig = _new_figure(9.0, min(9.0, 1.2 + 0.75 * (len(scores) + (1 if data.outgoing else 0))))
    ax = fig.add_axes((0.01, 0.01, 0.98, 0.98))
    _draw_groups(ax, data, cat)
    return fig
