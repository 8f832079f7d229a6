"""The course notebooks cover every rule of seed 000, and keep the course's shape.

Each cell that demonstrates a rule carries the tag ``rule:<label>`` in its
metadata (one tag per label).  Together the notebooks must show every label
of the seed: A1-A9, B1-B6, C1-C14, D1-D2, E1-E4, F1-F10, and every rule of
seed 003's simplified tool (S-groups, S-halves, S-rematch, S-down, S-bye,
S-colours).  A tag may also name another label of the simplified tool
(``swisslearn.simple.RULES``) or of C.04.3 (2026): a criterion ``[C1]``-``[C21]``
or an article number (``3.1``, ``5.2.4``), or of C.04.3 (2017): ``A.9``, ``C.6``...  Each notebook opens
with « Ce que ce carnet enseigne » and ends with a section « Exercices »;
widget cells (whose output changes from run to run) are marked for nbval.

The notebooks are read as JSON, not run: nbval runs them (``make test``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

SEED_LABELS = frozenset(
    [f"A{i}" for i in range(1, 10)] + [f"B{i}" for i in range(1, 7)]
    + [f"C{i}" for i in range(1, 15)] + ["D1", "D2"] + [f"E{i}" for i in range(1, 5)]
    + [f"F{i}" for i in range(1, 11)])

# Seed 003 ("Comment les appariements sont faits"): each must be demonstrated.
SEED_003_LABELS = frozenset(["S-groups", "S-halves", "S-rematch", "S-down", "S-bye", "S-colours"])

# Every label the simplified tool's events carry (swisslearn.simple.RULES).
SIMPLE_LABELS = SEED_003_LABELS | {"S-colours-strong", "S-colours-rank", "S-boards"}

# C.04.3 (2026): the criteria [C1]-[C21], and article numbers 1.1 to 5.2.5.
C2026_CRITERIA = frozenset(f"[C{i}]" for i in range(1, 22))
_C2026_ARTICLE = re.compile(r"[1-5](\.[1-9][0-9]?){1,2}")
# C.04.3 (2017): lettered articles A.1-E.5 (A.4.b, D.1-D.3) and criteria C.1-C.19.
_C2017_ARTICLE = re.compile(r"[A-E]\.[1-9][0-9]?(\.[a-d])?|D\.1-D\.3")


def _known_label(label: str) -> bool:
    return (label in SEED_LABELS or label in SIMPLE_LABELS or label in C2026_CRITERIA
            or bool(_C2026_ARTICLE.fullmatch(label)) or bool(_C2017_ARTICLE.fullmatch(label)))

# What the last line of a cell shows when the cell displays a widget (its output
# holds model ids, so nbval must skip it), or the decorator of an interactive one.
_WIDGET_CALL = re.compile(r"(Exercise|exercice|Stepper|step_through|interact|DrillWidget|"
                          r"CardWidget|RoundWidget|ExamWidget|card_for_round|card)\(")


def _notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _shows_widget(source: str) -> bool:
    """Does this code cell display a widget?"""
    lines = [line.strip() for line in source.splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        return False
    if any(line.startswith("@interact") or line.startswith("interact(") for line in lines):
        return True
    last = lines[-1]
    if _WIDGET_CALL.match(last):
        return True
    # « pas_a_pas = step_through(...) » then « pas_a_pas » on the last line.
    return bool(re.fullmatch(r"\w+", last)) and any(
        re.match(rf"{last}\s*=\s*(\w+\.)?{_WIDGET_CALL.pattern}", line) for line in lines)


def test_there_are_course_notebooks() -> None:
    names = [p.stem for p in _notebooks()]
    assert "00-bienvenue" in names and len(names) >= 8, names


SEED_002_CONSTRAINTS = frozenset(["strict", "soft-bottom", "soft-avoid"])


def test_every_seed_002_constraint_is_demonstrated() -> None:
    """Seed 002's three constraints are each shown by a cell tagged
    ``protection:<constraint>`` that runs the engine."""
    found = {tag[len("protection:"):] for path in _notebooks() for cell in _cells(path)
             for tag in _tags(cell) if tag.startswith("protection:")}
    missing = sorted(SEED_002_CONSTRAINTS - found)
    assert not missing, f"no notebook cell is tagged protection:<constraint> for {missing}"


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.stem)
def test_notebook_name(path: Path) -> None:
    assert re.fullmatch(r"\d\d-[a-z0-9]+(-[a-z0-9]+)*", path.stem), path.name


def test_every_seed_label_is_demonstrated() -> None:
    found: dict[str, list[str]] = {}
    for path in _notebooks():
        for cell in _cells(path):
            for tag in _tags(cell):
                if tag.startswith("rule:"):
                    found.setdefault(tag[len("rule:"):], []).append(path.stem)
    missing = sorted(SEED_LABELS - set(found), key=lambda s: (s[0], int(s[1:])))
    assert not missing, f"no notebook cell is tagged rule:<label> for {missing}"


def test_every_seed_003_rule_is_demonstrated() -> None:
    """Seed 003's simplified tool: groups, halves, no rematch, moving down, the
    bye and the colours are each shown by at least one notebook cell."""
    found = {tag[len("rule:"):] for path in _notebooks() for cell in _cells(path)
             for tag in _tags(cell) if tag.startswith("rule:")}
    missing = sorted(SEED_003_LABELS - found)
    assert not missing, f"no notebook cell is tagged rule:<label> for {missing}"


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.stem)
def test_rule_tags_name_seed_labels(path: Path) -> None:
    for number, cell in enumerate(_cells(path)):
        for tag in _tags(cell):
            if tag.startswith("rule:"):
                assert _known_label(tag[len("rule:"):]), (path.name, number, tag)
        rules = [t for t in _tags(cell) if t.startswith("rule:")]
        assert len(rules) == len(set(rules)), (path.name, number, "a label tagged twice")


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.stem)
def test_first_cell_says_what_it_teaches(path: Path) -> None:
    first = _cells(path)[0]
    assert first["cell_type"] == "markdown"
    assert "Ce que ce carnet enseigne" in _source(first), path.name


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.stem)
def test_last_section_is_exercices(path: Path) -> None:
    headings = [line.lstrip("#").strip()
                for cell in _cells(path) if cell["cell_type"] == "markdown"
                for line in _source(cell).splitlines()
                if re.match(r"#{1,2} ", line)]
    assert headings and headings[-1] == "Exercices", (path.name, headings[-3:])


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.stem)
def test_exercises_are_checked_by_the_engine(path: Path) -> None:
    """After the « Exercices » heading: at least one widget cell, each followed by
    an ordinary cell that asserts the expected answer (or by an ordinary cell
    and the folded cell of its asserts)."""
    cells = _cells(path)
    start = max(i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
                and re.search(r"^#{1,2} Exercices\s*$", _source(c), re.M))
    widgets = [i for i in range(start, len(cells)) if cells[i]["cell_type"] == "code"
               and _shows_widget(_source(cells[i]))]
    assert widgets, f"{path.name}: no Exercise widget after « Exercices »"
    for i in widgets:
        # The next code cell, or the folded check cell just after it
        # (tools/clean_notebooks.py moves a cell's asserts there).
        code = [j for j in range(i + 1, len(cells)) if cells[j]["cell_type"] == "code"][:2]
        checking = [j for n, j in enumerate(code)
                    if n == 0 or "verification" in cells[j]["metadata"].get("tags", [])]
        assert any("assert" in _source(cells[j]) for j in checking), (path.name, i)


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.stem)
def test_widget_cells_are_ignored_by_nbval(path: Path) -> None:
    for number, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "code":
            continue
        source = _source(cell)
        if _shows_widget(source):  # nbval's tag (tools/clean_notebooks.py turns the comment into it)
            assert "nbval-ignore-output" in cell["metadata"].get("tags", []), (path.name, number)


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.stem)
def test_plot_cells_end_with_show_or_display(path: Path) -> None:
    for number, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "code":
            continue
        lines = [line for line in _source(cell).splitlines() if line.strip()]
        if not lines:
            continue
        assert not lines[-1].rstrip().endswith(";"), (path.name, number, "trailing ;")
        draws = re.search(r"\bviz\.(\w+_figure|colour_grid|render|step_figure)\(",
                          _source(cell))
        if draws:
            assert re.match(r"\s*(display\(|plt\.show\(\))", lines[-1]), (path.name, number)
