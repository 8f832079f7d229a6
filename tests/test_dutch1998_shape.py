"""The 1998 engine keeps the shape issue 17 gave it: a reader of one rule
finds it in one function he can read at once (none over 80 lines), and the
ladder of C9-C11/C14 is written once (``dutch1998/ladder.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

import swisslearn.dutch1998 as dutch1998

LONGEST = 80
ENGINE = Path(dutch1998.__file__).parent


def _functions(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            found.append((f"{path.name}:{node.lineno} {node.name}",
                          (node.end_lineno or node.lineno) - start + 1))
    return found


def test_no_function_of_the_engine_is_over_80_lines() -> None:
    functions = [f for path in sorted(ENGINE.glob("*.py")) for f in _functions(path)]
    assert len(functions) > 100  # the engine's files were read
    assert [f for f in functions if f[1] > LONGEST] == []


def test_the_ladder_is_written_once() -> None:
    """The drops of C9 and C10 and the steps C11/C14 are defined in ladder.py
    and nowhere else in the engine."""
    defining = [path.name for path in sorted(ENGINE.glob("*.py"))
                if any(isinstance(node, (ast.Assign, ast.AnnAssign))
                       and any(isinstance(t, ast.Name) and t.id in ("C9", "C10")
                               for t in (node.targets if isinstance(node, ast.Assign)
                                         else [node.target]))
                       for node in ast.parse(path.read_text(encoding="utf-8")).body)]
    assert defining == ["ladder.py"]
