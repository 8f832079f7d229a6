"""The check of ``tests/test_notebook_answers.py`` run in nbval's own kernel.

`make test` runs every notebook under nbval (``--nbval``); notebooks 07 and 12
were then executed a second time, by ``test_notebook_answers.py``, to list the
exercises they show (16 s of CPU).  When nbval collects one of them, this
plugin (registered by ``tests/conftest.py``) instead:

* before its first cell, registers an IPython ``post_run_cell`` callback in
  nbval's kernel that keeps what each cell showed (its last expression's
  value, as ``Out`` would: nbval runs cells with ``store_history=False``, so
  ``Out`` stays empty);
* adds one item after its last cell, ``…ipynb::no answer shown before its
  exercise``, that lists the exercises shown (the same listing as
  ``test_notebook_answers._LIST``) and checks the outputs nbval received for
  each cell (``test_outputs``) with ``test_notebook_answers.leaks``;
* deselects ``test_no_answer_is_shown_before_its_exercise[<notebook>]``,
  which would run the notebook again.

Run alone (``pytest tests/test_notebook_answers.py``), the test runs the
notebook itself, as before.
"""

from __future__ import annotations

import json
from queue import Empty
from typing import Any

import pytest

#: The notebooks whose exercises are checked (test_notebook_answers.py's parameters).
NOTEBOOKS = ("07-exercices.ipynb", "12-la-fiche-d-appariement.ipynb")
ITEM_NAME = "no answer shown before its exercise"

# Run in nbval's kernel before the first cell: what each cell shows, in order.
_RECORD = '''
def _swisslearn_record_shown():
    shown = []
    def record(result):
        shown.append((result.info.raw_cell if result.info is not None else "", result.result))
    get_ipython().events.register("post_run_cell", record)
    return shown
_swisslearn_shown = _swisslearn_record_shown()
del _swisslearn_record_shown
'''

# Run after the last cell: the recorded cells' sources, and the exercises and
# cards each showed (``position``: the recorded cell's index).
# The exercises a shown object holds, in the kernel (also used by
# tests/test_notebook_answers.py when it runs a notebook itself).
EXERCISES_IN_KERNEL = '''
import json as _json
from swisslearn.card.sheet import CardSheet as _Sheet
from swisslearn.card.widget import (CardWidget as _Card, ExamWidget as _Exam,
                                    RoundWidget as _Round)
from swisslearn.exam.sitting import ExamSitting as _Sitting
from swisslearn.exam.widget import SittingWidget as _SittingWidget

def _exercises(shown):
    if isinstance(shown, (_Card, _Round)):
        return [shown.exercise]
    if isinstance(shown, _Exam):
        return [item.exercise for item in shown.exam.rounds]
    if isinstance(shown, _Sitting):
        return [shown.paper.exercise]
    if isinstance(shown, _SittingWidget):
        return [shown.sitting.paper.exercise]
    return []
'''

_LIST = EXERCISES_IN_KERNEL + '''
_found = {"sources": [], "exercises": [], "sheets": []}
for _position, (_source, _shown) in enumerate(_swisslearn_shown):
    _found["sources"].append(_source)
    for _exercise in _exercises(_shown):
        _result = _exercise.result
        _found["exercises"].append({
            "position": _position, "title": _exercise.tournament.name,
            "round": _exercise.round, "boards": [[b.white, b.black] for b in _result.boards]})
    if isinstance(_shown, _Sheet):
        _found["sheets"].append({"position": _position, "title": _shown.title,
                                 "round": _shown.round})
print("EXERCISES" + _json.dumps(_found))
'''


def _execute(notebook: Any, code: str, timeout: float = 300) -> str:
    """Run ``code`` in the nbval kernel of ``notebook`` (an nbval IPyNbFile);
    what it printed.  Raises if it failed."""
    msg_id = notebook.kernel.execute_cell_input(code, allow_stdin=False)
    printed, error = [], None
    while True:
        try:
            msg = notebook.get_kernel_message(timeout=timeout)
        except Empty:
            raise RuntimeError("the notebook's kernel did not answer") from None
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if kind == "stream":
            printed.append(content["text"])
        elif kind == "error":
            error = "\n".join(content["traceback"])
        elif kind == "status" and content["execution_state"] == "idle":
            break
    if error is not None:
        raise RuntimeError(error)
    return "".join(printed)


class NotebookAnswers(pytest.Item):
    """After the notebook's last cell: no exercise's answer shown before it."""

    cells: list[pytest.Item]

    def runtest(self) -> None:
        from test_notebook_answers import leaks
        printed = _execute(self.parent, _LIST)
        found = json.loads(printed.split("EXERCISES", 1)[1])
        assert found["exercises"], "no exercise found: the listing no longer sees them"
        # Each cell nbval ran, numbered by its place among the recorded cells
        # (the recording cell itself is one of them), with its outputs.
        sources: list[str] = found["sources"]
        cells: list[dict[str, Any]] = []
        position = 0
        for cell in self.cells:
            outputs = getattr(cell, "test_outputs", None)
            if outputs is None:                      # skipped
                continue
            source = cell.cell.source                # type: ignore[attr-defined]
            while position < len(sources) and sources[position] != source:
                position += 1
            assert position < len(sources), f"{cell.name} was not recorded"
            cells.append({"cell_type": "code", "execution_count": position + 1,
                          "outputs": outputs})
            position += 1
        for kind in ("exercises", "sheets"):
            for entry in found[kind]:
                entry["count"] = entry.pop("position") + 1
        problems = leaks(cells, found)
        assert not problems, problems

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, f"{self.path.name}::{ITEM_NAME}"


class AnswersPlugin:
    """Registered by tests/conftest.py (see the module docstring)."""

    def __init__(self) -> None:
        self._first: set[str] = set()

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config,
                                      items: list[pytest.Item]) -> None:
        deselected: list[pytest.Item] = []
        for name in NOTEBOOKS:
            cells = [item for item in items
                     if item.path.name == name and item.path.parent.name == "notebooks"]
            if not cells:
                continue
            notebook = cells[0].parent
            assert notebook is not None
            answers = NotebookAnswers.from_parent(notebook, name=ITEM_NAME)
            answers.cells = cells
            items.insert(items.index(cells[-1]) + 1, answers)
            self._first.add(cells[0].nodeid)
            deselected += [item for item in items if item.nodeid.endswith(
                f"test_notebook_answers.py::test_no_answer_is_shown_before_its_exercise[{name}]")]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
            for item in deselected:
                items.remove(item)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Any:
        if item.nodeid in self._first:
            _execute(item.parent, _RECORD)
        yield
