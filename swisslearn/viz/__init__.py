"""Pictures of a pairing trace for the course notebooks (matplotlib and pandas).

Every function here draws from ONE event of :mod:`swisslearn.trace` (never
its neighbours: each event carries the whole state) or from plain data, and
returns a :class:`matplotlib.figure.Figure` or a :class:`pandas.DataFrame`.
One module per family of pictures; this package re-exports every public
name, so ``from swisslearn import viz`` and ``viz.render(event)`` are the
way to use them:

==============================  ===============================================
:mod:`~swisslearn.viz.players`  the players of a step (:func:`players_table`),
                                the boards of F1 (:func:`boards_table`)
:mod:`~.brackets`               S1 and S2 side by side, the current pairs, the
                                rejected pair marked (:func:`bracket_table`)
:mod:`~.transpositions`         D1: the orders of S2 around the current one
                                (:func:`d1_list`, :func:`transpositions_figure`);
                                D2: the seed's two exchange tables, current cell
                                coloured (:func:`exchange_tables_figure`)
:mod:`~.colours`                players x rounds, the colours played, the
                                preference (:func:`colour_table`,
                                :func:`colour_grid`); who gets his preference
                                and why (:func:`colour_story`)
:mod:`~.flowchart`              C1-C14, then E and F1, the rule's box coloured
                                (:func:`flowchart_figure`, :func:`flowchart_box`)
:mod:`~.score_groups`           score brackets as rows, float arrows
                                (:func:`score_groups_figure`)
:mod:`~.steps`                  the stepper's picture: the flowchart and the
                                event's other views (:func:`views`,
                                :func:`step_figure`, :func:`render`: the best
                                picture for any event)
:mod:`~.progress`               a trainee's record, or a room's: rules by
                                trainee, right out of asked
                                (:func:`progress_figure`)
:mod:`~.figures`                any figure: :func:`highlighted`,
                                :func:`figure_png`, :func:`table_figure`
:mod:`~._common`                what the families share (not public but the
                                colours :data:`HIGHLIGHT`, :data:`REJECTED`,
                                :data:`ACCEPTED`): a player's cells, the
                                bracket of an event, the table drawn as cells
==============================  ===============================================

Figures are built with the object API (``Figure()``, never ``pyplot``): no
window, no backend to choose, nothing kept in pyplot's registry, so there is
nothing to close and it works headless.  The output is deterministic (no
dates; :func:`figure_png` writes no ``Software`` metadata either).

Every word drawn comes from the message catalogue (``explain/fr.viz.json``,
``en.viz.json``), in the language each function is given (``lang``, French
by default: the course's language); the colour letters too
(``fmt.letter.white``/``black``: French B/N, English W/B), numbers as the
language writes them (``1,5`` / ``1.5``).  A :class:`~swisslearn.trace.PlayerView`
carries French letters (its documented encoding); ``_common._letters`` turns
them into the language's.  Column names are the language's too:
:func:`bracket_columns` and the others (the ``*_COLUMNS`` constants are the
French ones).

This package is never imported on the pairing path (the command line does not
import it, the tests check it).
"""

from __future__ import annotations

# First: a plain `pip install swisslearn` has neither matplotlib nor pandas,
# and this says which extra brings them (before a bare ModuleNotFoundError).
import swisslearn.viz._requires  # noqa: F401
from swisslearn.viz._common import ACCEPTED, HIGHLIGHT, REJECTED
from swisslearn.viz.brackets import BRACKET_COLUMNS, bracket_columns, bracket_table
from swisslearn.viz.colours import colour_grid, colour_story, colour_table
from swisslearn.viz.figures import figure_png, highlighted, table_figure
from swisslearn.viz.flowchart import FLOWCHART_BOXES, flowchart_box, flowchart_figure
from swisslearn.viz.progress import progress_figure
from swisslearn.viz.players import (BOARD_COLUMNS, PLAYER_COLUMNS, board_columns, boards_table,
                                    player_columns, players_table)
from swisslearn.viz.score_groups import score_groups_figure
from swisslearn.viz.steps import render, step_figure, views
from swisslearn.viz.transpositions import (D1_COLUMNS, d1_columns, d1_list,
                                           exchange_tables_figure, transpositions_figure)

__all__ = [
    "ACCEPTED", "BOARD_COLUMNS", "BRACKET_COLUMNS", "D1_COLUMNS", "FLOWCHART_BOXES",
    "HIGHLIGHT", "PLAYER_COLUMNS", "REJECTED", "board_columns", "boards_table",
    "bracket_columns", "bracket_table", "colour_grid", "colour_story", "colour_table",
    "d1_columns", "d1_list", "exchange_tables_figure", "figure_png", "flowchart_box",
    "flowchart_figure",
    "highlighted", "player_columns", "players_table", "progress_figure", "render",
    "score_groups_figure",
    "step_figure", "table_figure", "transpositions_figure", "views",
]
