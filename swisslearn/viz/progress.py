"""Progress by rule (issue 30, item 4): the rules a trainee answered, right
out of asked, as a course trainer wants to see them for a room: one column
a trainee (several records side by side), one row a rule in the text's
order, the cell coloured from red (all missed) to green (all right), grey
where the rule was never asked, and « 2/3 » written in it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from matplotlib.colors import LinearSegmentedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from swisslearn.words import catalogue
from swisslearn.viz._common import _MISSING, ACCEPTED, REJECTED, _new_figure

if TYPE_CHECKING:
    from swisslearn.exam.record import Record

__all__ = ["progress_figure"]

_SHADES = LinearSegmentedColormap.from_list("swisslearn-progress", [REJECTED, ACCEPTED])


def progress_figure(records: Record | Iterable[Record], lang: str = "fr") -> Figure:
    """Rules by trainee, right out of asked (see the module docstring)."""
    # The exam's modules (and through them the 1998 engine and the card)
    # imported with the first figure, not with `swisslearn.viz`: a notebook
    # or a desk page that draws no record does not load them.
    from swisslearn.exam.record import progress_table
    from swisslearn.exam.targets import rule_words
    cat = catalogue(lang)
    table = progress_table(records, lang)
    rows = table.rows()
    names, rules = rows[0][1:], table.rules
    labels = [rule_words(rule, lang) for rule in rules]
    title = cat.text("record.figure.title")
    # Wide enough for the longest rule's words and for the title.
    width = max(0.6 + 0.075 * max((len(label) for label in labels), default=4)
                + 1.1 * max(len(names), 1), 0.5 + 0.085 * len(title))
    height = 1.6 + 0.32 * max(len(rules), 1)
    figure = _new_figure(width, height)
    ax = figure.add_subplot()
    ax.set_xlim(-0.5, max(len(names), 1) - 0.5)
    ax.set_ylim(max(len(rules), 1) - 0.5, -0.5)
    for row, rule in enumerate(rules):
        for column, record in enumerate(table.records):
            said, share = table._cell(record, rule)
            colour = _MISSING if share is None else _SHADES(share)
            ax.add_patch(_cell_patch(column, row, colour))
            ax.text(column, row, said, ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(names)), names)
    ax.xaxis.tick_top()
    ax.set_yticks(range(len(rules)), labels)
    ax.tick_params(length=0, labelsize=8)
    for side in ax.spines.values():
        side.set_visible(False)
    ax.set_title(title, fontsize=10, pad=18)
    if not rules:
        ax.text(0, 0, cat.text("record.figure.empty"), ha="center", va="center", fontsize=9)
    figure.tight_layout()
    return figure


def _cell_patch(column: int, row: int, colour: object) -> Rectangle:
    return Rectangle((column - 0.48, row - 0.46), 0.96, 0.92, facecolor=colour,
                     edgecolor="white")
