"""The package's imports, walked from the source: no import cycle between its
modules, and no import inside a function that only hides one.

The graph is built from the module-level imports of every module under
``swisslearn/`` (not those under ``if TYPE_CHECKING:``).  A module imports
its package first, so ``from swisslearn.explain import why`` depends on
``swisslearn.explain``; a package's own submodules are not counted as
depending on it (Python imports a package before its submodules, and an
``__init__`` that imports its submodules is the usual layout).

An import inside a function is there to load something only when it is
used (a heavy library, an engine, the notebook stack): allowed.  One that
would close a cycle if written at the top only hides the cycle: it fails,
unless it is in :data:`HIDDEN_CYCLES` with the reason it is still there.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "swisslearn"

# (importing module, the module named in its import): function-level imports
# known to close a cycle, and why they stay.
HIDDEN_CYCLES: dict[tuple[str, str], str] = {}
# (errors -> explain.catalogue closed a cycle while explain/__init__ imported
# every explainer; it imports them on first use since issue 23.)


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The package modules ``node`` imports (each with its packages)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module.split(".")
            if MODULES[module].name != "__init__.py":
                package.pop()
            package = package[:len(package) - node.level + 1]
            base = ".".join(package + ([base] if base else []))
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                 for alias in node.names]
    targets = []
    for name in names:
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            # A module's own packages are already being imported: not an edge.
            if prefix in MODULES and prefix != module and not module.startswith(prefix + "."):
                targets.append(prefix)
    return targets


def _imports(module: str) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Each import of ``module`` and whether it is inside a function (imports
    under ``if TYPE_CHECKING:`` are left out)."""
    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom,
                                                                 bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, in_function
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            else:
                yield from walk(child, in_function or isinstance(
                    child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))
    yield from walk(ast.parse(MODULES[module].read_text(encoding="utf-8")), False)


Late = tuple[str, str, int, list[str]]
"""A function-level import: the module, the name it imports from (as
written), its line, the package modules it loads."""


def _graph() -> tuple[dict[str, set[str]], list[Late]]:
    edges: dict[str, set[str]] = {m: set() for m in MODULES}
    late: list[Late] = []
    for module in MODULES:
        for node, in_function in _imports(module):
            targets = _targets(module, node)
            if in_function:
                named = node.module if isinstance(node, ast.ImportFrom) and node.module \
                    else ast.unparse(node)
                late.append((module, named, node.lineno, targets))
            else:
                edges[module].update(targets)
    return edges, late


def _closing(edges: dict[str, set[str]], module: str, targets: list[str]) -> list[str] | None:
    """The cycle an import of ``targets`` by ``module`` would close, if any."""
    for target in targets:
        back = _path(edges, target, module)
        if back is not None:
            return [module] + back
    return None


def _path(edges: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
    """A chain of imports from ``start`` to ``goal``, if there is one."""
    seen = {start}
    stack = [[start]]
    while stack:
        chain = stack.pop()
        if chain[-1] == goal:
            return chain
        for nxt in sorted(edges[chain[-1]]):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(chain + [nxt])
    return None


def test_the_module_level_imports_have_no_cycle() -> None:
    edges, _ = _graph()
    cycles = []
    for module in MODULES:
        for target in edges[module]:
            back = _path(edges, target, module)
            if back is not None:
                cycles.append(" -> ".join([module] + back))
    assert not cycles, "\n".join(sorted(cycles))


def test_no_function_level_import_hides_a_cycle() -> None:
    edges, late = _graph()
    hidden = []
    for module, named, line, targets in late:
        cycle = _closing(edges, module, targets)
        if cycle is not None and (module, named) not in HIDDEN_CYCLES:
            hidden.append(f"{MODULES[module].relative_to(ROOT)}:{line}: " + " -> ".join(cycle))
    assert not hidden, "imports inside functions that hide a cycle:\n" + "\n".join(hidden)


def test_the_known_hidden_cycles_are_still_there() -> None:
    # An entry of HIDDEN_CYCLES whose cycle is gone must be removed.
    edges, late = _graph()
    still = {(m, named) for m, named, _, targets in late
             if _closing(edges, m, targets) is not None}
    assert set(HIDDEN_CYCLES) <= still


def test_the_walk_sees_a_cycle() -> None:
    # The walk itself, on a made-up graph: a -> b -> c -> a is found.
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _path(edges, "b", "a") == ["b", "c", "a"]
    assert _path(edges, "a", "d") is None
