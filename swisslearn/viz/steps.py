"""The stepper's picture of one event: the flowchart on the left, the event's
other views (score groups, bracket, D1, D2, players, boards) stacked on
the right; :func:`views` says which, :func:`render` draws them.
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from swisslearn.words import catalogue
from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, BracketsMerged,
                              ByeAssigned, CandidatesSkipped, CandidateTried, ColourAllocated,
                              Event, ExchangeApplied, PDecreased, PlayerMovedDown, RoundPaired,
                              RoundStarted)
from swisslearn.viz._common import ACCEPTED, HIGHLIGHT, _bracket_of, _draw_table, _new_figure
from swisslearn.viz.brackets import _draw_bracket, bracket_table
from swisslearn.viz.colours import colour_story
from swisslearn.viz.flowchart import _draw_flowchart
from swisslearn.viz.players import boards_table, players_table
from swisslearn.viz.score_groups import _draw_groups, _groups_data
from swisslearn.viz.transpositions import _d1_fills, _draw_exchange_tables, d1_list

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = [
    "render", "step_figure", "views",
]


def views(event: Event) -> tuple[str, ...]:
    """Which pictures show ``event`` best, in order (the flowchart always first):
    ``flowchart``, ``groups``, ``bracket``, ``d1``, ``d2``, ``players``, ``boards``."""
    if isinstance(event, RoundStarted):
        return ("flowchart", "groups")
    if isinstance(event, ExchangeApplied):
        return ("flowchart", "d2", "bracket")
    if isinstance(event, CandidateTried):
        return ("flowchart", "bracket", "d1") if event.transposition else ("flowchart", "bracket")
    if isinstance(event, CandidatesSkipped):
        return ("flowchart", "bracket") if event.rule == "C8" else ("flowchart", "bracket", "d1")
    if isinstance(event, (BracketOpened, BracketPaired, PlayerMovedDown, BracketsMerged)) or (
            isinstance(event, PDecreased) and event.bracket.p == 0):
        return ("flowchart", "groups", "bracket")
    if _bracket_of(event) is not None:
        return ("flowchart", "bracket")
    if isinstance(event, (ByeAssigned, ColourAllocated)):
        return ("flowchart", "players")
    if isinstance(event, (BoardsOrdered, RoundPaired)):
        return ("flowchart", "boards")
    return ("flowchart",)


def _event_players(event: Event, lang: str) -> tuple[pd.DataFrame, dict[int, str]]:
    cat = catalogue(lang)
    if isinstance(event, ColourAllocated):
        views_ = [v for v in (event.white_view, event.black_view) if v is not None]
        title, remarks = colour_story(event, lang)
        frame = players_table(views_, remarks, lang)
        frame.attrs["title"] = title
        return frame, {i: ACCEPTED for i in range(len(frame))}
    if isinstance(event, ByeAssigned):
        frame = players_table([event.view] if event.view else [],
                              {event.player: cat.text("viz.bye.remark")}, lang)
        frame.attrs["title"] = cat.label("A5", cat.text("viz.bye.who", player=event.player))
        return frame, {0: HIGHLIGHT} if len(frame) else {}
    raise TypeError(f"no player table for a {event.kind} event")


def _panel(ax: Axes, name: str, event: Event, lang: str) -> None:
    cat = catalogue(lang)
    if name == "flowchart":
        _draw_flowchart(ax, event.rule, cat)
    elif name == "groups":
        _draw_groups(ax, _groups_data(event, None, cat), cat)
    elif name == "bracket":
        _draw_bracket(ax, bracket_table(event, lang))
    elif name == "d1":
        frame = d1_list(event, lang=lang)
        _draw_table(ax, frame, row_fill=_d1_fills(frame))
    elif name == "d2":
        assert isinstance(event, ExchangeApplied)
        view = event.bracket
        p = len(view.s1)
        order = tuple(view.s1) + tuple(view.s2)
        # The numbers are those of the split before the exchange: A2 order.
        ids = tuple(v.id for v in view.players if v.id in order)
        _draw_exchange_tables(ax, p, len(order) - p, event.cell, cat, ids)
    elif name == "players":
        frame, fills = _event_players(event, lang)
        _draw_table(ax, frame, row_fill=fills)
    elif name == "boards":
        assert isinstance(event, (BoardsOrdered, RoundPaired))
        _draw_table(ax, boards_table(event, lang))
    else:
        raise ValueError(f"unknown view {name!r}")


def _panel_height(name: str, event: Event) -> float:
    """The height (inches) a panel needs; the tables draw from their top."""
    if name == "bracket":
        return 0.3 * (len(bracket_table(event)) + 2) + 0.45
    if name == "d1":
        return 0.3 * (len(d1_list(event)) + 1) + 0.45
    if name == "d2":
        return 3.2
    if name == "groups":
        data = _groups_data(event, None, catalogue("fr"))  # the layout, not the words
        counts = [sum(1 for v in data.views if v.score == s) for s in {v.score for v in data.views}]
        lines = sum(math.ceil(c / 12) + 0.6 for c in counts) + (1.6 if data.outgoing else 0)
        return 0.5 + 0.6 * lines
    if name == "players":
        return 0.3 * 3 + 0.45
    if name == "boards":
        boards = event.boards if isinstance(event, (BoardsOrdered, RoundPaired)) else ()
        byes = event.byes if isinstance(event, RoundPaired) else ()
        return 0.3 * (len(boards) + len(byes) + 1) + 0.45
    return 3.0


def step_figure(event: Event, *, title: str | None = None, caption: str | None = None,
                lang: str = "fr") -> Figure:
    """The flowchart (left) and the event's other :func:`views` (right, stacked),
    with an optional ``title`` on top and ``caption`` (an explanation) below,
    every word in ``lang``."""
    names = views(event)
    others = [n for n in names if n != "flowchart"]
    wrapped = textwrap.fill(caption, 150) if caption else ""
    caption_in = 0.22 * (wrapped.count("\n") + 1) + 0.25 if wrapped else 0.0
    title_in = 0.45 if title else 0.0
    body_in = 7.6
    height = body_in + caption_in + title_in
    width = 16.0 if others else 7.0
    fig = _new_figure(width, height)
    bottom = caption_in / height
    top = 1.0 - title_in / height
    if title:
        fig.text(0.01, 1.0 - title_in / 2 / height, title, ha="left", va="center",
                 fontsize=13, fontweight="bold")
    if wrapped:
        fig.text(0.01, caption_in / 2 / height, wrapped, ha="left", va="center", fontsize=10,
                 linespacing=1.35)
    flow_w = 6.6 / width if others else 0.98
    ax = fig.add_axes((0.005, bottom, flow_w, top - bottom))
    _panel(ax, "flowchart", event, lang)
    if not others:
        return fig
    needed = [_panel_height(n, event) for n in others]
    gap_in = 0.25
    room = body_in - gap_in * (len(others) - 1)
    scale = min(1.0, room / sum(needed))
    left = flow_w + 0.02
    span = 0.99 - left
    y = top
    for name, inches in zip(others, needed):
        h = inches * scale / height
        y -= h
        ax = fig.add_axes((left, y, span, h))
        _panel(ax, name, event, lang)
        y -= gap_in / height
    return fig


def render(event: Event, lang: str = "fr") -> Figure:
    """The best picture for any event: :func:`step_figure` without title or
    caption (the flowchart with the event's rule coloured, and the bracket
    table, D1 list, D2 tables, score groups... that the event calls for), in
    ``lang``."""
    return step_figure(event, lang=lang)
