"""The course as a trainee first sees it: each committed notebook opened by
``swisslearn cours`` in JupyterLab, in headless Chromium (Debian's, driven by
Playwright as tests/test_desk_browser.py does: :mod:`browsers`), before any cell runs.

A notebook just copied is not trusted by JupyterLab, which then shows a
widget output's text: it must be the sentence saying to run the cell, never
``VBox(…``; the cells that check the course are folded, so no ``assert``
is on screen.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from courselab import TOKEN, Lab, running_course

pytestmark = pytest.mark.browser

# `make test` opens the first notebook (the one `swisslearn cours` opens;
# tests/test_notebook_clean.py reads all 13 as files); `make stress` opens
# all 13 (about 15 s each on the 2-core machine).
ALL_NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
NOTEBOOKS = ALL_NOTEBOOKS if os.environ.get("SWISSLEARN_STRESS") else ALL_NOTEBOOKS[:1]
RUN_THE_CELL = "Exécutez cette cellule"
# Every cell in the page (JupyterLab otherwise draws only those near the screen).
ALL_CELLS: dict[str, dict[str, object]] = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    scratch = tmp_path_factory.mktemp("course-browser")
    command = [str(Path(sys.executable).parent / "swisslearn"), "cours"]
    with running_course(command, scratch / "cours", scratch, ALL_CELLS) as running:
        yield running


@pytest.mark.parametrize("name", NOTEBOOKS, ids=lambda n: n[:2])
def test_a_notebook_opens_clean(lab: Lab, browser: Any, name: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{lab.url}/lab/tree/notebooks/{name}?token={TOKEN}")
        page.wait_for_selector(".jp-Notebook .jp-Cell .jp-OutputArea-output", state="attached",
                               timeout=90_000)
        # Every output in the DOM, hidden or not: no widget's text.
        everything = page.evaluate(
            "() => document.querySelector('.jp-Notebook').textContent")
        assert "VBox(" not in everything and "HBox(" not in everything, name
        # What is on screen (folded inputs are not): no assert, no nbval comment.
        shown = page.evaluate("() => document.querySelector('.jp-Notebook').innerText")
        assert "assert " not in shown, name
        assert "NBVAL" not in shown, name
        if "DrillWidget" in everything or "step_through" in everything:
            assert RUN_THE_CELL in everything, name
    finally:
        context.close()
