"""Issue 30, item 5: nothing printed above an exercise gives its answer away.

Notebooks 07 and 12 are executed (nbclient, as nbval runs them); a last cell,
added to the copy run here only, lists every exercise the notebook showed
(the objects IPython keeps in ``Out``: a card, a whole round, a mock exam, an
exam sitting or its widget) with its answer: the tournament, the round, its boards White
first.  For each exercise, no output of a cell run before it may show that
round:

* a printed text holding two or more of its boards (``3–12``, any dash),
  and more than half of them;
* a pairing card (:class:`~swisslearn.card.sheet.CardSheet`) of the same
  tournament before a later round: its columns are the round's games.

The drills' one-word answers (a colour, a number) are not looked for: they
occur in any text.

In `make test` (the notebooks under nbval in the same session) the check runs
in nbval's own kernel, after the notebook's last cell, as the item
``notebooks/<notebook>::no answer shown before its exercise``
(``tests/nbanswers.py``), and the test below is deselected for that notebook:
the notebook is not executed twice.  Run alone, the test executes it.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from nbclient import NotebookClient

from conftest import ROOT
from nbanswers import EXERCISES_IN_KERNEL

# nbformat has no type hints: used through Any.
nbformat: Any = importlib.import_module("nbformat")

NOTEBOOKS = ROOT / "notebooks"

# Run in the kernel after the notebook: every exercise and every card shown.
_LIST = EXERCISES_IN_KERNEL + '''
_found = {"exercises": [], "sheets": []}
for _count, _shown in sorted(Out.items()):
    for _exercise in _exercises(_shown):
        _result = _exercise.result
        _found["exercises"].append({
            "count": _count, "title": _exercise.tournament.name, "round": _exercise.round,
            "boards": [[b.white, b.black] for b in _result.boards]})
    if isinstance(_shown, _Sheet):
        _found["sheets"].append({"count": _count, "title": _shown.title, "round": _shown.round})
print("EXERCISES" + _json.dumps(_found))
'''


def _run(path: Path) -> tuple[list[Any], dict[str, Any]]:
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(_LIST))
    NotebookClient(notebook, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    last = "".join(o.get("text", "") for o in notebook.cells[-1].outputs)
    found = json.loads(last.split("EXERCISES", 1)[1])
    return notebook.cells[:-1], found


def _text(cell: Any) -> str:
    parts = []
    for output in cell.get("outputs", []):
        parts.append(output.get("text", ""))
        data = output.get("data", {})
        for kind in ("text/plain", "text/html"):
            parts.append(data.get(kind, ""))
    return "\n".join(parts)


def _shown_boards(text: str, boards: list[list[int]]) -> list[list[int]]:
    return [[white, black] for white, black in boards
            if re.search(rf"(?<!\d){white}\s*[-–—]\s*{black}(?!\d)", text)]


def leaks(cells: list[Any], found: dict[str, Any]) -> list[str]:
    """What an output shows, before an exercise, of that exercise's answer."""
    problems = []
    for exercise in found["exercises"]:
        count, boards = exercise["count"], exercise["boards"]
        for cell in cells:
            if cell["cell_type"] != "code" or (cell.get("execution_count") or 0) >= count:
                continue
            shown = _shown_boards(_text(cell), boards)
            if len(shown) >= 2 and 2 * len(shown) > len(boards):
                problems.append(f"cell [{cell.get('execution_count')}] prints {shown} of the round "
                                f"asked in [{count}] ({exercise['title']}, round "
                                f"{exercise['round']})")
        for sheet in found["sheets"]:
            if sheet["count"] < count and sheet["title"] == exercise["title"] \
                    and sheet["round"] > exercise["round"]:
                problems.append(f"the card shown in [{sheet['count']}] (before round "
                                f"{sheet['round']}) holds round {exercise['round']} asked "
                                f"in [{count}]")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("name", ["07-exercices.ipynb", "12-la-fiche-d-appariement.ipynb"])
def test_no_answer_is_shown_before_its_exercise(name: str) -> None:
    cells, found = _run(NOTEBOOKS / name)
    assert found["exercises"], "no exercise found: the listing no longer sees them"
    assert not leaks(cells, found)


def test_the_check_sees_a_round_printed_before_its_exercise() -> None:
    """The check itself: a round printed, or a later card, before it is asked."""
    exercise = {"count": 5, "title": "T", "round": 3, "boards": [[3, 1], [2, 7], [8, 5]]}
    printed: dict[str, Any] = {"cell_type": "code", "execution_count": 2, "outputs": [
        {"output_type": "stream", "text": "3–1, 2-7 ; exempt 4\n"}]}
    assert leaks([printed], {"exercises": [exercise], "sheets": []})
    printed["outputs"] = [{"output_type": "stream", "text": "3–1, 5-8\n"}]   # one board
    assert not leaks([printed], {"exercises": [exercise], "sheets": []})
    printed["execution_count"] = 6                                             # after it
    printed["outputs"] = [{"output_type": "stream", "text": "3–1, 2-7, 8-5\n"}]
    assert not leaks([printed], {"exercises": [exercise], "sheets": []})
    later = {"count": 1, "title": "T", "round": 4}
    assert leaks([], {"exercises": [exercise], "sheets": [later]})
    assert not leaks([], {"exercises": [exercise], "sheets": [dict(later, round=3)]})
