"""Any figure of the package: what it highlights, its PNG bytes, and a small
DataFrame drawn as a figure.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from matplotlib.artist import Artist
from matplotlib.axis import Axis
from matplotlib.figure import Figure

from swisslearn.viz._common import _draw_table, _new_figure, _text_width

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = [
    "figure_png", "highlighted", "table_figure",
]


def highlighted(fig: Figure) -> list[str]:
    """The ids of what a figure highlights (``flowchart:C7``, ``d2:c``, ``row:3``), sorted."""
    found = {artist.get_gid() for artist in _artists(fig)
             if artist.get_label() == "current" and artist.get_gid()}
    return sorted(str(g) for g in found)


def _artists(artist: Artist) -> Iterator[Artist]:
    """``artist`` and every artist in it, as :meth:`Artist.findobj` lists
    them, but for an axis's ticks: ``Axis.get_children`` makes them on demand
    (locating them first: 20 ms a picture, for ticks no picture shows, the
    axes being off), and nothing here marks a tick."""
    yield artist
    children = ([artist.label, artist.offsetText] if isinstance(artist, Axis)
                else artist.get_children())
    for child in children:
        yield from _artists(child)


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
