"""Colours: the grid of the colours played, round by round, with the
preference; and the E-rule story of one allocation (who gets his preference, why).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from swisslearn.words import catalogue
from swisslearn.model import PlayerId, PlayerState
from swisslearn.trace import ByeAssigned, ColourAllocated, Event, PlayerView, RoundStarted
from swisslearn.viz._common import (HIGHLIGHT, _MISSING, _bracket_of, _colour_of, _column,
                                   _data_frame, _draw_table, _letters, _new_figure, _view)

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = [
    "colour_grid", "colour_story", "colour_table",
]


@dataclass(frozen=True)
class _Grid:
    views: tuple[PlayerView, ...]
    round: int | None
    new: Mapping[PlayerId, str]


def _grid_data(source: Event | Iterable[Event | PlayerView | PlayerState]) -> _Grid:
    items: list[Event | PlayerView | PlayerState] = (
        [source] if isinstance(source, Event) else list(source))
    views: dict[PlayerId, PlayerView] = {}
    new: dict[PlayerId, str] = {}
    round_: int | None = None

    def add(view: PlayerView | None) -> None:
        if view is not None and view.id not in views:
            views[view.id] = view

    for item in items:
        if isinstance(item, (PlayerView, PlayerState)):
            add(_view(item))
        elif isinstance(item, RoundStarted):
            round_ = item.round
            for view in item.players:
                add(view)
        elif isinstance(item, ColourAllocated):
            add(item.white_view)
            add(item.black_view)
            new[item.white], new[item.black] = "white", "black"
        elif isinstance(item, ByeAssigned):
            add(item.view)
            new[item.player] = "bye"
        else:
            bracket = _bracket_of(item)
            if bracket is not None:
                for view in bracket.players:
                    add(view)
    ordered = tuple(sorted(views.values(), key=lambda v: v.id))
    return _Grid(ordered, round_, new)


def colour_table(events_or_states: Event | Iterable[Event | PlayerView | PlayerState],
                 lang: str = "fr") -> pd.DataFrame:
    """Players x rounds: the colour letter (French ``B``/``N``, English
    ``W``/``B``) or ``-`` (no game), then the preference.

    Accepts player states or views, one event, or a whole trace: the
    ``RoundStarted`` gives the players, and each ``ColourAllocated`` (or
    ``ByeAssigned``) adds the colour of the round being paired, in a last
    column ``R5 (nouvelle)``.  ``df.attrs["kinds"]``: ``(row, column)`` ->
    the language-neutral colour of a round or preference cell (``"white"``,
    ``"black"``, ``"none"`` for no game, ``"bye"``); ``df.attrs["new"]``: the
    new round's column (or ``None``).
    """
    cat = catalogue(lang)
    grid = _grid_data(events_or_states)
    rounds = max((len(v.colours) for v in grid.views), default=0)
    round_names = [cat.text("viz.col.round", round=r) for r in range(1, rounds + 1)]
    columns = [_column(cat, "number"), _column(cat, "name")] + round_names
    new_column = None
    if grid.new:
        new_column = cat.text("viz.col.new_round",
                              round=grid.round if grid.round is not None else rounds + 1)
        columns.append(new_column)
    columns.append(_column(cat, "preference"))
    words = {"white": cat.text("fmt.letter.white"), "black": cat.text("fmt.letter.black"),
             "bye": cat.text("viz.bye"), "": ""}
    rows = []
    kinds: dict[tuple[int, str], str] = {}

    def kind(text: str) -> str:
        return _colour_of(text) or ("none" if text == "-" else "")
    for i, view in enumerate(grid.views):
        history = list(view.colours.ljust(rounds, " ").replace(" ", ""))
        history += [""] * (rounds - len(history))
        row = [str(view.id), view.name] + [_letters(c, cat) for c in history]
        cells = list(zip(round_names, map(kind, history)))
        if new_column is not None:
            new = grid.new.get(view.id, "")
            row.append(words[new])
            cells.append((new_column, new))
        row.append(_letters(view.preference, cat))
        cells.append((columns[-1], kind(view.preference)))
        rows.append(row)
        kinds.update(((i, column), k) for column, k in cells if k)
    frame = _data_frame(rows, columns)
    frame.attrs["title"] = cat.text("viz.colours.title", white=cat.text("fmt.letter.white"),
                                    black=cat.text("fmt.letter.black"))
    frame.attrs["kinds"] = kinds
    frame.attrs["new"] = new_column
    return frame


#: A colour grid's cell fills: white, black, no game; the new round's white, and other.
_GRID_FILLS = {"white": "#ffffff", "black": "#8a8f99", "none": _MISSING}
_NEW_WHITE, _NEW_OTHER = HIGHLIGHT, "#c98f1a"


def _draw_colour_grid(ax: Axes, frame: pd.DataFrame) -> None:
    fills: dict[tuple[int, str], str] = {}
    new = frame.attrs.get("new")
    for (i, column), kind in frame.attrs.get("kinds", {}).items():
        if column == new:
            fills[(i, column)] = _NEW_WHITE if kind == "white" else _NEW_OTHER
        elif kind in _GRID_FILLS:
            fills[(i, column)] = _GRID_FILLS[kind]
    _draw_table(ax, frame, cell_fill=fills,
                header_fill={new: HIGHLIGHT} if new is not None else None)


def colour_grid(events_or_states: Event | Iterable[Event | PlayerView | PlayerState],
                lang: str = "fr") -> Figure:
    """Players x rounds grid of the colours played, with the preference (see
    :func:`colour_table`)."""
    frame = colour_table(events_or_states, lang)
    width = min(14.0, 3.0 + 0.45 * len(frame.columns))
    fig = _new_figure(width, 0.28 * (len(frame) + 2) + 0.4)
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.96))
    _draw_colour_grid(ax, frame)
    return fig


#: Colour rules where the stronger preference decides, and where the higher
#: ranked player's does (dutch-1998, dutch-2026, simple).
_STRONGER_RULES = frozenset({"E2", "5.2.2", "S-colours-strong"})
_HIGHER_RULES = frozenset({"E4", "5.2.4", "S-colours-rank"})


def colour_story(event: ColourAllocated, lang: str = "fr") -> tuple[str, dict[PlayerId, str]]:
    """What the colour picture says: who gets his colour preference and why
    (« E4 : 1, le mieux classé, reçoit sa couleur : les noirs ; 3 a les
    blancs »), and each player's remark (the colour he gets, whether it is
    his preference)."""
    cat = catalogue(lang)
    views_ = {v.id: v for v in (event.white_view, event.black_view) if v is not None}
    received = {event.white: "white", event.black: "black"}

    def wanted(pid: PlayerId) -> str | None:
        view = views_.get(pid)
        return _colour_of(view.preference) if view is not None else None

    def colour(pid: PlayerId) -> str:
        return cat.text(f"fmt.colour.{received[pid]}")

    remarks: dict[PlayerId, str] = {}
    for pid in received:
        remark = cat.text("viz.colour.gets", colour=colour(pid),
                          letter=cat.text(f"fmt.letter.{received[pid]}"))
        if wanted(pid) == received[pid]:
            remark += cat.text("viz.colour.preferred")
        elif wanted(pid) is not None:
            remark += cat.text("viz.colour.not_preferred",
                               preference=_letters(views_[pid].preference, cat))
        if pid == event.higher and event.rule in _HIGHER_RULES:
            remark += cat.text("viz.colour.higher_mark")
        remarks[pid] = remark
    met = [pid for pid in received if wanted(pid) == received[pid]]
    if len(met) == 2:
        text = cat.text("viz.colour.both", white=event.white, black=event.black)
    elif met or (event.rule in _HIGHER_RULES and event.higher in received):
        player = met[0] if met else event.higher
        other = event.black if player == event.white else event.white
        fields = {"player": player, "colour": colour(player), "other": other,
                  "other_colour": colour(other)}
        if not met:
            key = "viz.colour.initial"
        elif event.rule in _STRONGER_RULES:
            key = "viz.colour.stronger"
            fields["preference"] = _letters(views_[player].preference, cat)
        elif event.rule in _HIGHER_RULES and player == event.higher:
            key = "viz.colour.higher"
        else:
            key = "viz.colour.one"
        text = cat.text(key, **fields)
    else:
        text = cat.text("viz.colour.neither", white=event.white, black=event.black)
    return cat.label(event.rule, text), remarks
