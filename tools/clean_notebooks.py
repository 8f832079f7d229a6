"""Make the course notebooks open clean for a trainee (issue 31); idempotent.

    python tools/clean_notebooks.py notebooks/*.ipynb      # rewrite them
    python tools/clean_notebooks.py --check notebooks/*.ipynb  # exit 1 if one would change

What a trainee sees when a notebook opens, before running anything:

* **No widget's text.**  A notebook copied by ``swisslearn cours`` is not
  trusted by JupyterLab, which then shows a widget output's ``text/plain``
  (``VBox(children=(HBox(…``) instead of the widget.  That text becomes one
  French sentence saying to run the cell; the widget's view and saved state
  stay (a trusted viewer draws the widget from them).
* **No test machinery.**  nbval's ``# NBVAL_…`` comment on a cell's first
  line becomes the cell's tag (``nbval-ignore-output``…: nbval reads both).
  The ``assert`` statements that check the course (nbval runs them) move out
  of the cell the trainee reads into a cell just after it, tagged
  ``verification`` and folded (JupyterLab shows a thin bar; a click opens
  it).  The statements run in the same order as before except that a
  cell's checks run at its end: a check moves only when nothing after it in
  the cell rebinds a name it reads or may change its object (a method
  call, an argument), and nothing it may change is read after it.  A cell
  whose checks cannot move (one
  in a loop or a function, one before a name it reads is rebound, one last
  after an expression that would then show) folds whole: its output still
  shows, its code is one click away.

Running it again changes nothing (a ``verification`` cell is left as it is;
new checks written in a course cell are appended to the folded cell that
follows it).  The notebook is written back as Jupyter writes it (sorted
keys, one-space indent), so only what changed shows in a diff.  Outputs
are untouched but the widgets' text: nbval still compares every output.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# What JupyterLab shows for a widget until the cell runs (the course is French).
RUN_THE_CELL = "▶ Exécutez cette cellule (Maj+Entrée) pour afficher l'outil interactif."
VERIFICATION_TAG = "verification"
VERIFICATION_HEADER = ("# Vérifications du cours (nbval les exécute) : elles garantissent que "
                       "le texte ci-dessus dit vrai.")
MIXED_HEADER = ("# Cette cellule vérifie aussi le cours (nbval exécute ses assert) : "
                "son résultat est ci-dessous.")
# nbval's comment markers and the tags that say the same (nbval's plugin.py).
MARKERS = {"NBVAL_IGNORE_OUTPUT": "nbval-ignore-output", "NBVAL_CHECK_OUTPUT": "nbval-check-output",
           "NBVAL_RAISES_EXCEPTION": "nbval-raises-exception", "NBVAL_SKIP": "nbval-skip"}

Cell = dict[str, Any]


def _lines(source: str | list[str]) -> list[str]:
    text = "".join(source) if isinstance(source, list) else source
    return text.split("\n")


def _source(lines: list[str]) -> list[str]:
    """Jupyter's way: one string a line, each but the last ending in a newline."""
    text = "\n".join(lines).strip("\n")
    parts = text.split("\n")
    return [line + "\n" for line in parts[:-1]] + [parts[-1]] if text else []


def _tags(cell: Cell) -> list[str]:
    tags: list[str] = cell.setdefault("metadata", {}).setdefault("tags", [])
    return tags


def _add_tag(cell: Cell, tag: str) -> None:
    tags = _tags(cell)
    if tag not in tags:
        tags.append(tag)


def is_verification(cell: Cell) -> bool:
    return cell.get("cell_type") == "code" and VERIFICATION_TAG in cell.get(
        "metadata", {}).get("tags", [])


def _markers_to_tags(cell: Cell) -> None:
    lines = _lines(cell["source"])
    kept = []
    for line in lines:
        marker = line.strip().lstrip("#").strip()
        if line.strip().startswith("#") and marker in MARKERS:
            _add_tag(cell, MARKERS[marker])
        else:
            kept.append(line)
    if kept != lines:
        cell["source"] = _source(kept)


def _widget_text(cell: Cell) -> None:
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if WIDGET_VIEW in data:
            data["text/plain"] = [RUN_THE_CELL]


def _is_check(statement: ast.stmt) -> bool:
    """An assert, or a loop or ``if`` whose every statement is a check."""
    if isinstance(statement, ast.Assert):
        return True
    if isinstance(statement, (ast.For, ast.If)) and not statement.orelse:
        return all(_is_check(inner) for inner in statement.body)
    return False


_OWN_SCOPE = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Lambda,
              ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _cell_level(statement: ast.AST) -> list[ast.AST]:
    """The nodes of ``statement`` in the cell's scope (not inside a
    comprehension, lambda, function or class body: their names are theirs)."""
    found, todo = [], [statement]
    while todo:
        node = todo.pop()
        found.append(node)
        if node is not statement and isinstance(node, _OWN_SCOPE):
            continue
        todo.extend(ast.iter_child_nodes(node))
    return found


def _bound(statement: ast.stmt) -> set[str]:
    """The names ``statement`` binds in the cell (assigned, deleted, imported, defined)."""
    names = set()
    for node in _cell_level(statement):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.NamedExpr):
            names.add(node.target.id)
    return names


def _read(statement: ast.stmt) -> set[str]:
    """The cell's names ``statement`` reads (a comprehension's own variables aside)."""
    own = {node.id for generator in ast.walk(statement) if isinstance(generator, ast.comprehension)
           for node in ast.walk(generator.target) if isinstance(node, ast.Name)}
    return {node.id for node in ast.walk(statement)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)} - own


# Builtins that change nothing they are given (a call to another function may).
_PURE = frozenset("print len str repr sorted list tuple set frozenset dict sum min max any all "
                  "abs round int float bool enumerate zip range map filter isinstance next "
                  "iter reversed format type id hash".split())


def _base(node: ast.expr) -> str | None:
    """The name an attribute or subscript chain starts from (``a`` of ``a.b[1].c``)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _touched(statement: ast.stmt) -> set[str]:
    """The names whose objects ``statement`` may change: a method's receiver,
    a call's arguments (but for :data:`_PURE` builtins), an attribute or item
    assigned or deleted."""
    names = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id in _PURE:
                continue
            if isinstance(node.func, ast.Attribute):
                names.add(_base(node.func.value))
            for argument in [*node.args, *(k.value for k in node.keywords)]:
                names.update(n.id for n in ast.walk(argument) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Attribute, ast.Subscript)) and not isinstance(
                node.ctx, ast.Load):
            names.add(_base(node))
    names.discard(None)
    return names  # type: ignore[return-value]


def _span(lines: list[str], statements: list[ast.stmt], index: int) -> tuple[int, int]:
    """0-based [start, end) of statement ``index`` with the comment lines just above it."""
    statement = statements[index]
    start = statement.lineno - 1
    floor = statements[index - 1].end_lineno if index else 0
    assert floor is not None
    while start > floor and lines[start - 1].strip().startswith("#"):
        start -= 1
    end = statement.end_lineno
    assert end is not None
    return start, end


def _parse(lines: list[str]) -> ast.Module | None:
    """The cell as Python, a line magic (``%matplotlib inline``) read as ``pass``."""
    try:
        return ast.parse("\n".join("pass" if line.startswith(("%", "!")) else line
                                   for line in lines))
    except SyntaxError:
        return None


def split_checks(source: str | list[str]) -> tuple[list[str], list[str]] | None:
    """``(course lines, check lines)`` of a cell, or None when nothing moves."""
    lines = _lines(source)
    tree = _parse(lines)
    if tree is None:
        return None  # IPython syntax beyond line magics: left to the author
    body = tree.body
    if any(a.end_lineno == b.lineno for a, b in zip(body, body[1:])):
        return None  # two statements on a line (`a; assert b`)
    movable = []
    for index, statement in enumerate(body):
        if _is_check(statement):
            after = [s for s in body[index + 1:] if not _is_check(s)]
            reads, touches = _read(statement), _touched(statement)
            if not any(reads & (_bound(s) | _touched(s)) or touches & _read(s) for s in after):
                movable.append(index)
    if not movable:
        return None
    spans = [_span(lines, body, index) for index in movable]
    moved = {line for start, end in spans for line in range(start, end)}
    checks = [lines[line] for start, end in spans for line in range(start, end)]
    course = [line for number, line in enumerate(lines) if number not in moved]
    staying = [s for i, s in enumerate(body) if i not in movable]
    if staying and movable[-1] == len(body) - 1 and _shows(staying[-1]):
        # The cell showed nothing (its last statement was a check); without
        # it, its last expression would show (the course writes no trailing
        # `;`, tests/test_notebook_labels.py): nothing moves, the cell folds.
        return None
    return course, checks


def _only_computes(course: list[str], cell: Cell) -> bool:
    """The cell's course part only binds names (no output, nothing shown):
    the values its checks test, machinery too."""
    if cell.get("outputs"):
        return False
    tree = _parse(course)
    return tree is not None and all(isinstance(s, (ast.Assign, ast.AnnAssign)) for s in tree.body)


def _shows(statement: ast.stmt) -> bool:
    """Whether ``statement``, last in a cell, may show a value (not ``print(…)``)."""
    if not isinstance(statement, ast.Expr):
        return False
    call = statement.value
    return not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                and call.func.id in ("print", "display"))


def _verification_cell(after: Cell, checks: list[str]) -> Cell:
    identifier = str(after.get("id", "cell"))[:50] + "-verif"
    return {"cell_type": "code", "execution_count": None, "id": identifier,
            "metadata": {"jupyter": {"source_hidden": True}, "tags": [VERIFICATION_TAG]},
            "outputs": [], "source": _source([VERIFICATION_HEADER, *checks])}


def _hide(cell: Cell) -> None:
    _add_tag(cell, VERIFICATION_TAG)
    cell["metadata"].setdefault("jupyter", {})["source_hidden"] = True


def clean(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook cleaned (the same object, changed in place)."""
    cells: list[Cell] = notebook["cells"]
    result: list[Cell] = []
    index = 0
    while index < len(cells):
        cell = cells[index]
        index += 1
        result.append(cell)
        if cell.get("cell_type") != "code":
            continue
        _widget_text(cell)
        if is_verification(cell):
            _hide(cell)
            continue
        _markers_to_tags(cell)
        split = split_checks(cell["source"])
        if split is None:
            if _asserts(_lines(cell["source"])):
                cell["source"] = _source([MIXED_HEADER, *_lines(cell["source"])])
                _hide(cell)
            continue
        course, checks = split
        if not "".join(course).strip() or _only_computes(course, cell):
            # Nothing but checks, or only the values they test: the cell folds whole.
            cell["source"] = _source([VERIFICATION_HEADER, *_lines(cell["source"])])
            _hide(cell)
            continue
        cell["source"] = _source(course)
        if _asserts(course):
            # A check the cell needs in its middle (in a loop, a function, or
            # before a name it reads is rebound): the cell folds whole, its
            # output still shown, the checks already moved after it.
            cell["source"] = _source([MIXED_HEADER, *course])
            _hide(cell)
        following = cells[index] if index < len(cells) else None
        if following is not None and is_verification(following):
            following["source"] = _source([*_lines(following["source"]), *checks])
        else:
            result.append(_verification_cell(cell, checks))
    notebook["cells"] = result
    return notebook


def _asserts(lines: list[str]) -> bool:
    return any(line.lstrip().startswith("assert ") for line in lines)


def visible_asserts(notebook: dict[str, Any]) -> list[tuple[int, str]]:
    """``(cell index, line)`` of every assert a trainee would read (not in a
    folded cell)."""
    found = []
    for number, cell in enumerate(notebook["cells"]):
        if cell.get("cell_type") != "code":
            continue
        if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
            continue
        found += [(number, line) for line in _lines(cell["source"])
                  if _asserts([line])]
    return found


def dumps(notebook: dict[str, Any]) -> str:
    """As Jupyter writes a notebook."""
    return json.dumps(notebook, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def clean_file(path: Path) -> bool:
    """Clean ``path`` in place; True if it changed."""
    before = path.read_text(encoding="utf-8")
    after = dumps(clean(json.loads(before)))
    if after != before:
        path.write_text(after, encoding="utf-8")
    return after != before


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a notebook is not clean")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    unclean = 0
    for path in args.notebooks:
        text = path.read_text(encoding="utf-8")
        cleaned = clean(json.loads(text))
        left = visible_asserts(cleaned)
        for number, line in left:
            print(f"{path}: cell {number}: an assert stays visible: {line.strip()}",
                  file=sys.stderr)
        if args.check:
            if dumps(cleaned) != text or left:
                print(f"{path}: not clean (run tools/clean_notebooks.py)", file=sys.stderr)
                unclean += 1
        elif dumps(cleaned) != text:
            path.write_text(dumps(cleaned), encoding="utf-8")
            print(f"{path}: cleaned")
        unclean += bool(left) and not args.check
    return 1 if unclean else 0


if __name__ == "__main__":
    sys.exit(main())
