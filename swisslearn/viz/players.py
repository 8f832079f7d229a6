"""Players' tables: the players of a step (score, colours, preference,
floats) and the boards of F1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from swisslearn.words import catalogue
from swisslearn.model import PlayerId
from swisslearn.trace import BoardsOrdered, RoundPaired
from swisslearn.viz._common import Players, _column, _data_frame, _player_cells, _player_fields, _view

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = [
    "BOARD_COLUMNS", "PLAYER_COLUMNS", "board_columns", "boards_table", "player_columns",
    "players_table",
]


def player_columns(lang: str = "fr") -> tuple[str, ...]:
    """The columns of :func:`players_table`."""
    cat = catalogue(lang)
    return _player_fields(cat) + (_column(cat, "remark"),)


def board_columns(lang: str = "fr") -> tuple[str, ...]:
    """The columns of :func:`boards_table`."""
    cat = catalogue(lang)
    return tuple(_column(cat, k) for k in ("board", "white", "black"))


#: The French columns (the course's language) of :func:`players_table` and
#: :func:`boards_table`.
PLAYER_COLUMNS: tuple[str, ...] = player_columns()
BOARD_COLUMNS: tuple[str, ...] = board_columns()


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
