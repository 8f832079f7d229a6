"""The committed notebooks open clean (issue 31): no widget's text repr, no
visible ``assert``, nbval's markers as tags; tools/clean_notebooks.py, which
makes them so, changes nothing when run again and keeps what a cell does."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import clean_notebooks  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET_REPR = re.compile(r"\b[A-Z][A-Za-z]*\((?:children|value|description|layout)=")


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_there_are_thirteen_notebooks() -> None:
    assert len(NOTEBOOKS) == 13


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_a_committed_notebook_holds_no_widget_repr(path: Path) -> None:
    found = []
    for number, cell in enumerate(_load(path)["cells"]):
        for output in cell.get("outputs", []):
            text = "".join(output.get("data", {}).get("text/plain", ""))
            if WIDGET_REPR.search(text):
                found.append((number, text[:80]))
    assert not found, f"{path.name}: run tools/clean_notebooks.py: {found[:3]}"
    assert "VBox(children" not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_a_committed_notebook_shows_no_assert_nor_nbval_comment(path: Path) -> None:
    notebook = _load(path)
    assert not clean_notebooks.visible_asserts(notebook), path.name
    markers = [n for n, cell in enumerate(notebook["cells"]) if cell["cell_type"] == "code"
               and "# NBVAL_" in "".join(cell["source"])]
    assert not markers, f"{path.name}: cells {markers} hold nbval comments (tags instead)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_the_cleaner_has_nothing_left_to_do(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert clean_notebooks.dumps(clean_notebooks.clean(json.loads(text))) == text


def _cell(source: str, outputs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": 1, "id": "c1", "metadata": {},
            "outputs": outputs or [], "source": source.splitlines(keepends=True)}


def _notebook(*cells: dict[str, Any]) -> dict[str, Any]:
    return {"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def _run(notebook: dict[str, Any]) -> dict[str, object]:
    """Run the notebook's code cells in order in one namespace (no magics here)."""
    namespace: dict[str, object] = {}
    for cell in notebook["cells"]:
        exec("".join(cell["source"]), namespace)
    return namespace


def test_checks_move_to_a_folded_cell_after_theirs() -> None:
    source = ("# NBVAL_IGNORE_OUTPUT\nx = 2\n# x is even\nassert x % 2 == 0\n"
              "y = x * 3\nassert y == 6\nz = y + 1\nz\n")
    notebook = clean_notebooks.clean(_notebook(_cell(source)))
    course, checks = notebook["cells"]
    assert "".join(course["source"]) == "x = 2\ny = x * 3\nz = y + 1\nz"
    assert course["metadata"]["tags"] == ["nbval-ignore-output"]
    assert checks["metadata"] == {"jupyter": {"source_hidden": True}, "tags": ["verification"]}
    assert "".join(checks["source"]).endswith("# x is even\nassert x % 2 == 0\nassert y == 6")
    assert _run(notebook)["z"] == 7
    again = clean_notebooks.clean(json.loads(json.dumps(notebook)))
    assert again == notebook


def test_a_check_before_its_name_is_rebound_stays_put_and_the_cell_folds() -> None:
    source = "x = 1\nassert x == 1\nx = 2\nprint(x)\n"
    notebook = clean_notebooks.clean(_notebook(_cell(source)))
    (cell,) = notebook["cells"]
    assert cell["metadata"]["jupyter"]["source_hidden"] is True
    assert "".join(cell["source"]).endswith(source.rstrip("\n"))
    assert not clean_notebooks.visible_asserts(notebook)


def test_a_cell_that_showed_nothing_still_shows_nothing() -> None:
    source = "from math import pi\npi * 2\nassert pi > 3\n"
    notebook = clean_notebooks.clean(_notebook(_cell(source, [{"output_type": "stream"}])))
    (cell,) = notebook["cells"]  # nothing moved: the cell folds, as it was
    assert "".join(cell["source"]).endswith(source.rstrip("\n"))
    assert cell["metadata"]["jupyter"]["source_hidden"] is True


def test_a_widget_says_to_run_its_cell_and_keeps_its_view() -> None:
    view = {"model_id": "abc", "version_major": 2, "version_minor": 0}
    output = {"output_type": "execute_result", "metadata": {}, "execution_count": 1,
              "data": {clean_notebooks.WIDGET_VIEW: view,
                       "text/plain": ["VBox(children=(HBox(children=(Play(value=1, …"]}}
    notebook = clean_notebooks.clean(_notebook(_cell("pas_a_pas\n", [output])))
    data = notebook["cells"][0]["outputs"][0]["data"]
    assert data["text/plain"] == [clean_notebooks.RUN_THE_CELL]
    assert data[clean_notebooks.WIDGET_VIEW] == view


def test_a_line_magic_does_not_stop_the_move() -> None:
    source = "%matplotlib inline\nx = 1\nprint(x)\nassert x == 1\n"
    notebook = clean_notebooks.clean(_notebook(_cell(source)))
    assert "".join(notebook["cells"][0]["source"]) == "%matplotlib inline\nx = 1\nprint(x)"
    assert not clean_notebooks.visible_asserts(notebook)
