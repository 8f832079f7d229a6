"""Pictures of a pairing trace for the course notebooks (matplotlib and pandas).

Every function here draws from ONE event of :mod:`swisslearn.trace` (never
its neighbours: each event carries the whole state) or from plain data, and
returns a :class:`matplotlib.figure.Figure` or a :class:`pandas.DataFrame`:

=============================  =================================================
:func:`bracket_table`          S1 and S2 side by side, the current pairs, the
                               rejected pair marked (DataFrame)
:func:`d1_list`                the D1 orders of S2 around the current one
:func:`transpositions_figure`  the same list as a picture, current row coloured
:func:`exchange_tables_figure` the seed's two D2 tables, current cell coloured
:func:`flowchart_figure`       C1-C14, then E and F1, the rule's box coloured
:func:`colour_grid`            players x rounds, the colours played, the preference
:func:`score_groups_figure`    score brackets as rows, float arrows
:func:`render`                 the best picture for any event
=============================  =================================================

Figures are built with the object API (``Figure()``, never ``pyplot``): no
window, no backend to choose, nothing kept in pyplot's registry, so there is
nothing to close and it works headless.  The output is deterministic (no
dates; :func:`figure_png` writes no ``Software`` metadata either).

Every word drawn comes from the message catalogue (``explain/fr.viz.json``,
``en.viz.json``), in the language each function is given (``lang``, French
by default: the course's language); the colour letters too
(``fmt.letter.white``/``black``: French B/N, English W/B), numbers as the
language writes them (``1,5`` / ``1.5``).  A :class:`~swisslearn.trace.PlayerView`
carries French letters (its documented encoding); :func:`_letters` turns them
into the language's.  Column names are the language's too:
:func:`bracket_columns` and the others (the ``*_COLUMNS`` constants are the
French ones).

This module is never imported on the pairing path (the command line does not
import it, the tests check it).
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Union

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Rectangle
from matplotlib.path import Path as MplPath

from swisslearn.dutch1998.exchanges import seed_cell
from swisslearn.dutch1998.transpositions import count_transpositions, transposition_at
from swisslearn.explain.catalogue import Catalogue, catalogue
from swisslearn.model import PlayerId, PlayerState
if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from swisslearn.trace import (BoardsOrdered, BracketOpened, BracketPaired, BracketsMerged,
                              BracketSplit, BracketView, ByeAssigned, CandidatesSkipped,
                              CandidateTried, ColourAllocated, Event, ExchangeApplied,
                              PDecreased, PlayerMovedDown, PlayerView, Rejection, RoundPaired,
                              RoundStarted)

__all__ = [
    "ACCEPTED", "BOARD_COLUMNS", "BRACKET_COLUMNS", "D1_COLUMNS", "FLOWCHART_BOXES",
    "HIGHLIGHT", "PLAYER_COLUMNS", "REJECTED", "board_columns", "boards_table",
    "bracket_columns", "bracket_table", "colour_grid", "colour_story", "colour_table",
    "d1_columns", "d1_list", "exchange_tables_figure", "figure_png", "flowchart_box",
    "flowchart_figure",
    "highlighted", "player_columns", "players_table", "render", "score_groups_figure",
    "step_figure", "table_figure", "transpositions_figure", "views",
]

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


def bracket_columns(lang: str = "fr") -> tuple[str, ...]:
    """The columns of :func:`bracket_table`: S1's player, the pair, S2's player, a remark."""
    cat = catalogue(lang)
    fields = _player_fields(cat)
    return (tuple(f"{f} S1" for f in fields) + (_column(cat, "pair"),)
            + tuple(f"{f} S2" for f in fields) + (_column(cat, "remark"),))


def d1_columns(lang: str = "fr") -> tuple[str, ...]:
    """The columns of :func:`d1_list`."""
    cat = catalogue(lang)
    return tuple(_column(cat, k) for k in ("d1_rank", "d1", "s2_order", "pairs", "state"))


def player_columns(lang: str = "fr") -> tuple[str, ...]:
    """The columns of :func:`players_table`."""
    cat = catalogue(lang)
    return _player_fields(cat) + (_column(cat, "remark"),)


def board_columns(lang: str = "fr") -> tuple[str, ...]:
    """The columns of :func:`boards_table`."""
    cat = catalogue(lang)
    return tuple(_column(cat, k) for k in ("board", "white", "black"))


#: The French columns (the course's language) of :func:`bracket_table`,
#: :func:`d1_list`, :func:`players_table` and :func:`boards_table`.
BRACKET_COLUMNS: tuple[str, ...] = bracket_columns()
D1_COLUMNS: tuple[str, ...] = d1_columns()
PLAYER_COLUMNS: tuple[str, ...] = player_columns()
BOARD_COLUMNS: tuple[str, ...] = board_columns()

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


def _d1_letter(index: int) -> str:
    """The seed's D1 letter of transposition ``index`` (1 -> a, 2 -> b, ... 27 -> aa)."""
    if index <= 0:
        return ""
    letters = ""
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


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


def _bracket_kind(view: BracketView) -> str:
    if view.remainder:
        return "remainder"
    if view.moved_down and not view.homogeneous:
        return "heterogeneous"
    if view.moved_down:
        return "as_homogeneous"
    return "homogeneous"


def _bracket_title(view: BracketView, cat: Catalogue) -> str:
    title = cat.text("viz.bracket.title", score=cat.number(view.score),
                     kind=cat.text(f"viz.bracket.{_bracket_kind(view)}"))
    if view.lowest:
        title += cat.text("viz.bracket.lowest")
    title += f" · p = {view.p}, x = {view.x}"
    if view.dropped:
        # "B6 down": the criterion, then which floaters it no longer binds.
        criteria = [" ".join(cat.text(f"viz.dropped.{w}") if w in ("down", "up") else w
                             for w in d.split()) for d in view.dropped]
        title += cat.text("viz.bracket.dropped", criteria=cat.text("fmt.list_sep").join(criteria))
    return title


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


def _rejected_pairs(rejection: Rejection | None,
                    pairs: Sequence[tuple[PlayerId, PlayerId]]) -> set[frozenset[PlayerId]]:
    """The pairs of a candidate a rejection is about (B1/B2: one pair; B4: two by two)."""
    if rejection is None:
        return set()
    current = {frozenset(p) for p in pairs}
    players = rejection.players
    found = {frozenset(players[i:i + 2]) for i in range(0, len(players) - 1, 2)}
    if len(players) == 2:
        found.add(frozenset(players))
    return {p for p in found if p in current}


# ---------------------------------------------------------------------------
# DataFrames


def bracket_table(event: Event | BracketView, lang: str = "fr") -> pd.DataFrame:
    """S1 and S2 side by side, one row per S1 player, with the current pairs.

    Columns: :func:`bracket_columns` (:data:`BRACKET_COLUMNS` in French; every
    cell a string).  For a candidate
    (``CandidateTried``) S2 is shown in the candidate's order, so each row is
    one pair; the rejected pair is marked ``✗ 4–9 (B1a)``, an accepted
    candidate's pairs ``✓``.  A player moved down into the bracket has
    ``(FD)`` after his number; ``remarque`` says who floats on (↓), who is
    left unpaired, who is paired in the remainder group.

    ``df.attrs``: ``title`` (the bracket, p, x, criteria dropped) and
    ``marks`` (one of ``"accepted"``, ``"rejected"`` or ``""`` per row).
    """
    cat = catalogue(lang)
    if isinstance(event, BracketView):
        view: BracketView = event
        event = BracketOpened(rule="A3", bracket=view)
    else:
        found = _bracket_of(event)
        if found is None:
            raise TypeError(f"a {event.kind} event has no bracket: use render() or "
                            "players_table()/boards_table()")
        view = found
    by_id = {p.id: p for p in view.players}
    s1, s2 = _split(event, view)
    pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()
    rejected: set[frozenset[PlayerId]] = set()
    accepted = False
    floaters: tuple[PlayerId, ...] = ()
    if isinstance(event, CandidateTried):
        pairs, accepted = event.pairs, event.accepted
        rejected = set() if accepted else _rejected_pairs(event.rejection, event.pairs)
    elif isinstance(event, BracketPaired):
        pairs, accepted, floaters = event.pairs, True, event.moved_down
    elif isinstance(event, PDecreased) and view.p == 0:
        floaters = tuple(p.id for p in view.players)
    elif isinstance(event, PlayerMovedDown):
        floaters = (event.player,)
    partner: dict[PlayerId, PlayerId] = {}
    pair_of: dict[PlayerId, tuple[PlayerId, PlayerId]] = {}
    for first, second in pairs:
        partner[first], partner[second] = second, first
        pair_of[first] = pair_of[second] = (first, second)
    # S2 in the order that puts each S1 player's opponent on its row.
    order = [partner[a] for a in s1 if a in partner and partner[a] in s2]
    order += [b for b in s2 if b not in order]
    order += [i for i in by_id if i not in s1 and i not in order]
    outside = set(by_id) - set(s1) - set(s2)
    moved = set(view.moved_down)
    lone_rejection = set()
    if isinstance(event, CandidateTried) and event.rejection is not None and not rejected:
        lone_rejection = set(event.rejection.players)

    rows: list[list[str]] = []
    marks: list[str] = []
    for i in range(max(len(s1), len(order))):
        a = s1[i] if i < len(s1) else None
        b = order[i] if i < len(order) else None
        pair_text, mark = "", ""
        if a is not None and b is not None and partner.get(a) == b:
            key = frozenset((a, b))
            if key in rejected:
                crit = event.rejection.criterion if isinstance(event, CandidateTried) \
                    and event.rejection is not None else ""
                pair_text, mark = f"✗ {cat.pair(a, b)} ({crit})", "rejected"
            elif accepted:
                pair_text, mark = f"✓ {cat.pair(a, b)}", "accepted"
            else:
                pair_text = cat.pair(a, b)
        remarks: list[str] = []
        if a is not None and a not in partner and a in floaters:
            remarks.append(cat.text("viz.remark.floats", player=a))
        if b is not None:
            if b in outside:
                remarks.append(cat.text("viz.remark.outside", player=b))
            if b in partner and partner[b] != a:
                remarks.append(cat.text("viz.remark.remainder", pair=cat.pair(*pair_of[b])))
            elif b not in partner and b in floaters:
                remarks.append(cat.text("viz.remark.floats", player=b))
            elif b not in partner and isinstance(event, CandidateTried) and pairs:
                remarks.append(cat.text("viz.remark.unpaired", player=b))
        if lone_rejection & {x for x in (a, b) if x is not None}:
            crit = event.rejection.criterion if isinstance(event, CandidateTried) \
                and event.rejection is not None else ""
            remarks.append(f"✗ {crit}")
            mark = "rejected"
        rows.append(_player_cells(by_id.get(a) if a is not None else None, cat, a in moved)
                    + [pair_text]
                    + _player_cells(by_id.get(b) if b is not None else None, cat, b in moved)
                    + ["; ".join(remarks)])
        marks.append(mark)
    frame = _data_frame(rows, bracket_columns(lang))
    frame.attrs["title"] = _bracket_title(view, cat)
    frame.attrs["marks"] = marks
    return frame


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


def players_table(players: Players, remarks: Mapping[PlayerId, str] | None = None,
                  lang: str = "fr") -> pd.DataFrame:
    """Players (views or states) with score, colours, preference, floats
    (:func:`player_columns`)."""
    cat = catalogue(lang)
    remarks = remarks or {}
    rows = []
    for player in players:
        view = _view(player)
        rows.append(_player_cells(view, cat) + [remarks.get(view.id, "")])
    return _data_frame(rows, player_columns(lang))


def boards_table(event: BoardsOrdered | RoundPaired, lang: str = "fr") -> pd.DataFrame:
    """The boards of F1 (:func:`board_columns`); byes of a ``RoundPaired`` as
    ``exempt`` (``bye``)."""
    cat = catalogue(lang)
    rows = [[str(b.board), str(b.white), str(b.black)] for b in event.boards]
    if isinstance(event, RoundPaired):
        rows += [[cat.text("viz.bye"), str(pid), ""] for pid in event.byes]
    frame = _data_frame(rows, board_columns(lang))
    frame.attrs["title"] = cat.label("F1", cat.text("viz.boards.what"))
    return frame


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


def highlighted(fig: Figure) -> list[str]:
    """The ids of what a figure highlights (``flowchart:C7``, ``d2:c``, ``row:3``), sorted."""
    found = {artist.get_gid() for artist in fig.findobj()
             if artist.get_label() == "current" and artist.get_gid()}
    return sorted(str(g) for g in found)


def figure_png(fig: Figure, dpi: int = 100) -> bytes:
    """The figure as PNG bytes (no metadata that changes from run to run)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None},
                facecolor=fig.get_facecolor())
    return buffer.getvalue()


def table_figure(frame: pd.DataFrame, *, title: str | None = None,
                 row_fill: Mapping[int, str] | None = None,
                 width: float | None = None) -> Figure:
    """Any small DataFrame drawn as a figure (title from ``frame.attrs`` by default)."""
    columns_em = sum(max([_text_width(str(c))] + [_text_width(str(v)) for v in frame[c]]) + 1.2
                     for c in frame.columns)
    fig_w = width if width is not None else min(16.0, max(4.0, columns_em * 0.09))
    fig = _new_figure(fig_w, 0.3 * (len(frame) + 2) + 0.3)
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.96))
    _draw_table(ax, frame, title=title, row_fill=row_fill)
    return fig


def _draw_bracket(ax: Axes, frame: pd.DataFrame) -> None:
    size = len(_PLAYER_KEYS)
    names = {c: c[:-3] for c in frame.columns if c.endswith((" S1", " S2"))}
    _draw_table(ax, frame, row_fill=_bracket_fills(frame), names=names,
                groups=(("S1", 0, size), ("S2", size + 1, 2 * size + 1)))


def _bracket_fills(frame: pd.DataFrame) -> dict[int, str]:
    fills: dict[int, str] = {}
    for i, mark in enumerate(frame.attrs.get("marks", [])):
        if mark == "rejected":
            fills[i] = REJECTED
        elif mark == "accepted":
            fills[i] = ACCEPTED
    return fills


def _d1_fills(frame: pd.DataFrame) -> dict[int, str]:
    fills: dict[int, str] = {}
    for i, state in enumerate(frame.attrs.get("states", [])):
        if state == "skipped":
            fills[i] = _MISSING
        elif state:
            fills[i] = HIGHLIGHT
    return fills


# ---------------------------------------------------------------------------
# The flowchart


#: The flowchart's boxes: key -> (column, row); each box's words are the
#: catalogue's ``viz.flow.<key>``.  Column 0 is the main line (a bracket from
#: A3 to C6, then the end of the round), column 1 the rules applied in turn
#: when C6 fails.
FLOWCHART_BOXES: dict[str, tuple[int, int]] = {
    "A3": (0, 0), "C1": (0, 1), "C2-C5": (0, 2), "C6": (0, 3), "A5": (0, 5), "E": (0, 6),
    "F1": (0, 7), "C7": (1, 0), "C8": (1, 1), "C9": (1, 2), "C10": (1, 3), "C11": (1, 4),
    "C12": (1, 5), "C13": (1, 6), "C14": (1, 7),
}

_RULE_BOXES = {"A2": "A3", "A3": "A3", "A6": "C2-C5", "A8": "C2-C5", "A9": "C2-C5",
               "C2": "C2-C5", "C3": "C2-C5", "C4": "C2-C5", "C5": "C2-C5",
               "D1": "C7", "D2": "C8", "A5": "A5", "F1": "F1"}


def flowchart_box(rule: str | None) -> str | None:
    """The flowchart box of a rule label: ``"C7"`` -> ``"C7"``, ``"C4"`` ->
    ``"C2-C5"``, ``"D2"`` -> ``"C8"``, ``"E3"`` -> ``"E"``; ``None`` if none.
    A compound label (``"C4/A6"``) uses its first rule."""
    if not rule:
        return None
    rule = rule.split("/")[0].strip().upper()
    if rule in FLOWCHART_BOXES:
        return rule
    if rule in _RULE_BOXES:
        return _RULE_BOXES[rule]
    if len(rule) == 2 and rule[0] == "E" and rule[1].isdigit():
        return "E"
    return None


def _draw_flowchart(ax: Axes, rule: str | None, cat: Catalogue, *, title: bool = True) -> None:
    _blank(ax)
    current = flowchart_box(rule)
    width_in, height_in = _axes_inches(ax)
    font = max(4.5, min(9.5, width_in * 72 * 0.43 / (0.55 * 36),
                        height_in * 72 * 0.085 / 2.9))
    top, step, box_h, box_w = 0.9, 0.118, 0.085, 0.42
    centres: dict[str, tuple[float, float]] = {}
    if title:
        ax.text(0.5, 0.985, cat.text("viz.flow.title"), ha="center",
                va="top", fontsize=font + 1.5, fontweight="bold")
    for key, (column, row) in FLOWCHART_BOXES.items():
        x = 0.265 if column == 0 else 0.745
        y = top - row * step
        centres[key] = (x, y)
        on = key == current
        patch = FancyBboxPatch((x - box_w / 2, y - box_h / 2), box_w, box_h,
                               boxstyle="round,pad=0.004,rounding_size=0.015",
                               facecolor=HIGHLIGHT if on else _BOX,
                               edgecolor="#b36b00" if on else _EDGE,
                               linewidth=2.2 if on else 0.9, gid=f"flowchart:{key}",
                               label="current" if on else "_box", zorder=2)
        ax.add_artist(patch)
        ax.text(x, y, cat.text(f"viz.flow.{key}"), ha="center", va="center", fontsize=font,
                zorder=3,
                fontweight="bold" if on else "normal", linespacing=1.25)

    def arrow(a: tuple[float, float], b: tuple[float, float], text: str = "",
              rad: float = 0.0, where: float = 0.5, colour: str = _EDGE) -> None:
        ax.add_artist(FancyArrowPatch(a, b, arrowstyle="-|>", mutation_scale=9,
                                     linewidth=0.9, color=colour, zorder=1,
                                     connectionstyle=f"arc3,rad={rad}"))
        if text:
            tx = a[0] + (b[0] - a[0]) * where
            ty = a[1] + (b[1] - a[1]) * where
            ax.text(tx, ty, text, fontsize=font * 0.85, ha="center", va="center",
                    color=colour, zorder=4, bbox={"boxstyle": "round,pad=0.15",
                                                  "facecolor": "white", "edgecolor": "none"})

    half = box_h / 2
    chain = ["A3", "C1", "C2-C5", "C6"]
    for a, b in zip(chain, chain[1:]):
        arrow((centres[a][0], centres[a][1] - half), (centres[b][0], centres[b][1] + half))
    for a, b in (("A5", "E"), ("E", "F1")):
        arrow((centres[a][0], centres[a][1] - half), (centres[b][0], centres[b][1] + half))
    c6, c7 = centres["C6"], centres["C7"]
    arrow((c6[0] + box_w / 2, c6[1] + 0.01), (c7[0] - box_w / 2, c7[1] - 0.01),
          cat.text("viz.flow.no"), where=0.5, colour=_DOWN)
    arrow((c6[0], c6[1] - half), (centres["A5"][0], centres["A5"][1] + half),
          cat.text("viz.flow.yes_lowest"), colour="#2c7a2c")
    arrow((c6[0] - box_w / 2, c6[1]), (centres["A3"][0] - box_w / 2, centres["A3"][1]),
          rad=-0.15, colour="#2c7a2c")
    ax.text(centres["A3"][0] - box_w / 2 - 0.042, (c6[1] + centres["A3"][1]) / 2,
            cat.text("viz.flow.yes_next"), rotation=90, ha="center", va="center",
            fontsize=font * 0.85, color="#2c7a2c")
    right = [k for k, (column, _) in sorted(FLOWCHART_BOXES.items(),
                                            key=lambda kv: kv[1][1]) if column == 1]
    for a, b in zip(right, right[1:]):
        arrow((centres[a][0], centres[a][1] - half), (centres[b][0], centres[b][1] + half),
              cat.text("viz.flow.exhausted") if a in ("C7", "C8") else "")


def flowchart_figure(rule: str | None = None, lang: str = "fr") -> Figure:
    """The C1-C14 procedure (then A5, E and F1) as boxes and arrows, the box of
    ``rule`` coloured (:func:`flowchart_box` says which; no box for ``None``)."""
    fig = _new_figure(7.0, 7.5)
    ax = fig.add_axes((0.01, 0.01, 0.98, 0.98))
    _draw_flowchart(ax, rule, catalogue(lang))
    return fig


# ---------------------------------------------------------------------------
# D1 and D2


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


# ---------------------------------------------------------------------------
# Colour grid


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


# ---------------------------------------------------------------------------
# Score groups


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
    if data.title:
        ax.text(0.0, 1.0 - title_h / 2, data.title, ha="left", va="center",
                fontsize=font + 1.5, fontweight="bold")
    chip_w = min(0.075, 0.8 / per_line * 0.8)
    chip_h = line_h * 0.72
    positions: dict[PlayerId, tuple[float, float]] = {}
    y = 1.0 - title_h
    bands: list[tuple[str, float, float, bool]] = []
    for score in scores:
        rows = lines_of[score]
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
    for label, y0, h, current in bands:
        ax.add_artist(Rectangle((0.0, y0), 1.0, h, facecolor="#fff3d6" if current else "#f6f7f9",
                               edgecolor="white", linewidth=2.0, zorder=0))
        ax.text(0.07, y0 + h / 2, label, ha="center", va="center", fontsize=font,
                fontweight="bold" if current else "normal", zorder=1)
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
                fontsize=font * 0.9, zorder=4, linespacing=1.1)
    score_of = {v.id: v.score for v in data.views}
    chips = {pid: (cx - chip_w / 2, cy - chip_h / 2, cx + chip_w / 2, cy + chip_h / 2)
             for pid, (cx, cy) in positions.items()}
    column = 0.82 / per_line
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
                            column, line_h - chip_h, lanes)
        lanes += len(way) > 2
        ax.add_artist(_float_arrow(way, linestyle=style))
        ax.text(xh + chip_w / 2 + 0.005, yh, "↓", color=_DOWN, fontsize=font + 1,
                ha="left", va="center", fontweight="bold", zorder=4)
        ax.text(xl + chip_w / 2 + 0.005, yl, "↑", color=_UP, fontsize=font + 1,
                ha="left", va="center", fontweight="bold", zorder=4)
    if data.bracket is not None:
        band = next((b for b in bands if b[3]), None)
        for pid in data.incoming:
            if pid in positions and band is not None and score_of[pid] != data.bracket:
                cx, cy = positions[pid]
                ax.add_artist(FancyArrowPatch((cx, cy - chip_h / 2), (cx, band[1] + band[2]),
                                             arrowstyle="-|>", mutation_scale=10,
                                             linewidth=1.3, color=_DOWN, zorder=2))
    for k, pid in enumerate(data.outgoing):
        if pid not in positions:
            continue
        cx, cy = positions[pid]
        tx = cx + 0.012 * (k % 3)
        way = _around_chips((cx, cy - chip_h / 2), (tx, bottom_y + chip_h / 2), chips, {pid},
                            column, line_h - chip_h, lanes)
        lanes += len(way) > 2
        ax.add_artist(_float_arrow(way))
        ax.add_artist(FancyBboxPatch((tx - chip_w / 2, bottom_y - chip_h / 2), chip_w, chip_h,
                                    boxstyle="round,pad=0.002,rounding_size=0.01",
                                    facecolor="white", edgecolor=_DOWN, linestyle="--",
                                    linewidth=1.0, zorder=3))
        ax.text(tx, bottom_y, f"{pid} ↓", ha="center", va="center", fontsize=font * 0.9,
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


# ---------------------------------------------------------------------------
# Dispatch


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
