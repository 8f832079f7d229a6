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
Every other import inside a function is on :data:`LATE_IMPORTS` with the
reason it is late (issue 34): a new one is a decision, not a habit.

The words are on the ground floor (issue 34): :mod:`swisslearn.words` loads
the catalogue and imports nothing of swisslearn; nothing in the model, the
readers (``formats/``) or an engine imports :mod:`swisslearn.explain`, at
any level and by no chain of module-level imports.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "swisslearn"

# (importing module, the module named in its import): function-level imports
# known to close a cycle, and why they stay.
HIDDEN_CYCLES: dict[tuple[str, str], str] = {}
# (errors -> explain.catalogue closed a cycle while explain/__init__ imported
# every explainer; it imports them on first use since issue 23, and errors
# takes its words from swisslearn.words since issue 34.)

# Why an import is inside a function, said once for each kind of reason.
_CLI = ("the command line's deliberate lazy loading: a command loads only what it runs "
        "(pinned by tests/test_cli_imports.py)")
_ENGINE = ("an engine is loaded when its system is asked for: a round loads its own engine "
           "only (tests/test_cli_imports.py)")
_HEAVY = ("a heavy library (numeric, drawing, notebook) loaded by the one function that "
          "uses it, not with the module (tests/test_startup.py, tests/test_cli_imports.py)")
_EXPLAINERS = ("a system's explainer is loaded with the first sentence asked of it: "
               "swisslearn.explain (why, tell_player) loads no system's words by itself")
_NOTEBOOK = ("the notebook stack (ipywidgets, matplotlib through swisslearn.viz) loaded only "
             "where a widget or a picture is made")
_STARTUP = ("start-up time: `swisslearn --help` imports this module (the command line declares "
            "every command), so what one command or one use needs loads then "
            "(tests/test_cli_imports.py, tests/test_startup.py)")
_OTHERS_TODAY = ("left as it is: this package is being changed by another issue at the same "
                 "time (dutch1998/, card/, exam/); to move to the top when that has landed")

# (importing module, the module its import names; "*" for every import of
# the module): the imports inside functions there are, and why each is late.
LATE_IMPORTS: dict[tuple[str, str], str] = {
    ("swisslearn.cli", "*"): _CLI,
    ("swisslearn.batch", "*"): "check over many files (issue 36), declared when the command line "
                               "starts: " + _CLI,
    ("swisslearn", "importlib"): "the package's names are loaded on first use: " + _STARTUP,
    ("swisslearn.course", "hashlib"): _STARTUP,
    ("swisslearn.fileio", "secrets"): _STARTUP + " (only a write needs it)",
    ("swisslearn.generate", "swisslearn.model"): _STARTUP,
    ("swisslearn.generate", "swisslearn.points"): _STARTUP,
    ("swisslearn.generate", "swisslearn.formats.trf"): _STARTUP,
    ("swisslearn.generate", "swisslearn.acceleration"): _STARTUP,
    ("swisslearn.generate", "swisslearn.fileio"): _STARTUP,
    ("swisslearn.systems", "swisslearn.dutch1998.procedure"): _ENGINE,
    ("swisslearn.systems", "swisslearn.dutch2017.procedure"): _ENGINE,
    ("swisslearn.systems", "swisslearn.dutch2026.procedure"): _ENGINE,
    ("swisslearn.systems", "swisslearn.team2026.procedure"): _ENGINE,
    ("swisslearn.systems", "swisslearn.team2026.sharly"): _ENGINE,
    ("swisslearn.systems", "swisslearn.simple"): _ENGINE,
    ("swisslearn.generate", "swisslearn"): _ENGINE + " (generate --system NAME)",
    ("swisslearn.generate", "swisslearn.dutch1998.procedure"): _ENGINE + " (the default one)",
    ("swisslearn.generate", "swisslearn.trace"): _STARTUP,
    ("swisslearn.widgets", "swisslearn.dutch1998.procedure"): _ENGINE + " (the course's stepper)",
    ("swisslearn.card.session", "swisslearn.dutch1998.procedure"): _ENGINE,
    ("swisslearn.acceleration", "swisslearn.formats.teams"):
        "the team reader is loaded only when virtual points are written into a file: a round "
        "without team records never loads it (tests/test_cli_imports.py)",
    ("swisslearn.acceleration", "swisslearn.formats.trf"):
        "read with the team reader above, by the one function that writes records",
    ("swisslearn.formats.reading", "swisslearn.formats.plainlist"):
        "a reader is loaded for a file of its kind only: a TRF never loads the plain-list reader",
    ("swisslearn.formats.reading", "swisslearn.formats.teams"):
        "the team reader, a tenth of a small round's imports, only for a file with team records "
        "(tests/test_cli_imports.py)",
    ("swisslearn.course", "jupyterlab.labapp"):
        "JupyterLab is optional: its absence is said in words when `swisslearn cours` runs",
    ("swisslearn.desk", "swisslearn.publish.command"):
        "the hall's pages are written only when the desk publishes a round",
    ("swisslearn.desk", "swisslearn.extras"): _NOTEBOOK,
    ("swisslearn.desk", "swisslearn.widgets"): _NOTEBOOK,
    ("swisslearn.desk", "swisslearn.exam.pdf"):
        "matplotlib's PDF writer is loaded only when the desk writes an exam's papers "
        "(issue 30)",
    ("swisslearn.widgets", "swisslearn.extras"): _NOTEBOOK,
    ("swisslearn.widgets", "swisslearn.viz"): _NOTEBOOK,
    ("swisslearn.dutch1998.search", "scipy.optimize"): _HEAVY,
    ("swisslearn.dutch1998.reasons", "scipy.optimize"): _HEAVY,
    ("swisslearn.dutch1998.search", "heapq"): _OTHERS_TODAY,
    ("swisslearn.card.sheet", "dataclasses"): _OTHERS_TODAY,
    ("swisslearn.matching.weighted", "networkx"): _HEAVY + " (the compiled matching needs none)",
    ("swisslearn.viz._common", "pandas"): _HEAVY + " (the pictures without a table)",
    ("swisslearn.viz.progress", "swisslearn.exam.record"):
        "a trainee's record (and through the exam the 1998 engine and the card) loaded with "
        "the first progress figure, not with swisslearn.viz: a notebook or a desk page that "
        "draws no record does not load it",
    ("swisslearn.viz.progress", "swisslearn.exam.targets"):
        "the rules' words loaded with the first progress figure (as swisslearn.exam.record)",
    ("swisslearn.publish.pictures", "matplotlib"): _HEAVY,
    ("swisslearn.publish.pictures", "swisslearn.viz"): _HEAVY,
    ("swisslearn.publish.sheet", "numpy"): _HEAVY,
    ("swisslearn.publish.sheet", "segno"): _HEAVY,
    ("swisslearn.publish.sheet", "matplotlib.backends.backend_pdf"): _HEAVY,
    ("swisslearn.publish.sheet", "matplotlib.figure"): _HEAVY,
    ("swisslearn.publish.command", "swisslearn.publish.sheet"):
        "the PDF sheet (matplotlib, segno) only when --sheet is asked for",
    ("swisslearn.publish.command", "swisslearn.cli"):
        "publish reads its file as the command line does (cli._read), when it runs; the "
        "command line declares the publish command, so this import points up",
    ("swisslearn.publish", "swisslearn.errors"):
        "swisslearn.publish is imported by the command line to declare its subcommand: "
        "what the command needs loads when it runs (tests/test_cli_imports.py)",
    ("swisslearn.publish", "swisslearn.publish.command"):
        "loaded when `swisslearn publish` runs, once its optional libraries are checked",
    ("swisslearn.screenshots", "swisslearn.dutch1998.procedure"): _NOTEBOOK,
    ("swisslearn.screenshots", "swisslearn.explain"): _NOTEBOOK,
    ("swisslearn.screenshots", "swisslearn.formats.trf"): _NOTEBOOK,
    ("swisslearn.screenshots", "swisslearn.viz"): _NOTEBOOK,
    ("swisslearn.screenshots", "swisslearn.widgets"): _NOTEBOOK,
    ("swisslearn.exam.command", "*"): ("the exam's subcommands, declared when the command line "
                                       "starts: " + _CLI),
    ("swisslearn.exam.pdf", "matplotlib"): _HEAVY,
    ("swisslearn.exam.pdf", "matplotlib.backends.backend_pdf"): _HEAVY,
    ("swisslearn.exam.pdf", "matplotlib.figure"): _HEAVY,
    ("swisslearn.exam.pdf", "matplotlib.patches"): _HEAVY,
    ("swisslearn.exam.pdf", "swisslearn.explain"):
        "the answer key's sentences, when one is written; " + _OTHERS_TODAY,
    ("swisslearn.exam.pdf", "swisslearn.trace"): _OTHERS_TODAY,
    ("swisslearn.exam.record", "swisslearn.card.widget"): _NOTEBOOK + " (the practice drill)",
    ("swisslearn.exam.record", "swisslearn.drills"): _NOTEBOOK + " (the practice drill)",
    ("swisslearn.drills", "swisslearn.exam.targets"):
        "the exam's rounds for a rule, for the one drill that uses them; " + _OTHERS_TODAY,
    ("swisslearn.drills", "swisslearn.explain"):
        "the sentences of that drill's working; " + _OTHERS_TODAY,
    ("swisslearn.publish", "swisslearn.cli"):
        "publish declares pair's --acceleration option with the command line's own function; "
        "the command line imports publish to declare it, so this import points up",
    ("swisslearn.explain", "swisslearn.explain"): _EXPLAINERS,
    ("swisslearn.explain", "swisslearn.explain.common"): _EXPLAINERS,
    ("swisslearn.explain", "swisslearn.explain.player"): _EXPLAINERS,
    ("swisslearn.explain.why", "swisslearn.explain"): _EXPLAINERS,
    ("swisslearn.explain.why", "swisslearn.explain.common"): _EXPLAINERS,
    ("swisslearn.explain.why", "swisslearn.explain.story1998"): _EXPLAINERS,
}

# The layers below the words of swisslearn.explain: the model, the readers
# and the engines with their rule tables and the registry that loads them
# (each name with everything under it).
BELOW_EXPLAIN = ("swisslearn.words", "swisslearn.errors", "swisslearn.model", "swisslearn.points",
                 "swisslearn.teams", "swisslearn.trace", "swisslearn.matching",
                 "swisslearn.formats", "swisslearn.ruletable", "swisslearn.systems",
                 "swisslearn.dutch1998", "swisslearn.dutch2017", "swisslearn.dutch2026",
                 "swisslearn.team2026", "swisslearn.simple", "swisslearn.simplerules")
# Those that still import it, and why (none since dutch1998.tables takes its
# words from swisslearn.words, issue 34).
STILL_ABOVE: dict[str, str] = {}


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


@cache
def _imports(module: str) -> tuple[tuple[ast.Import | ast.ImportFrom, bool], ...]:
    """Each import of ``module`` and whether it is inside a function (imports
    under ``if TYPE_CHECKING:`` are left out); found once for the whole file
    (each test walked every module's tree again: 0.2 s of CPU per test)."""
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
    return tuple(walk(_tree(module), False))


@cache
def _tree(module: str) -> ast.Module:
    """``module`` parsed once for the whole file (each test walks every
    module: parsing them all again took 1.5 s of CPU per test)."""
    return ast.parse(MODULES[module].read_text(encoding="utf-8"))


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


def _named(node: ast.Import | ast.ImportFrom) -> str:
    """The module an import names, as written (``"." * level`` before it)."""
    if isinstance(node, ast.ImportFrom):
        return "." * node.level + (node.module or "")
    return ", ".join(alias.name for alias in node.names)


def _late_imports() -> list[tuple[str, str, int]]:
    """(module, the module named, line) of every import inside a function."""
    return [(module, _named(node), node.lineno) for module in MODULES
            for node, in_function in _imports(module) if in_function]


def _allowed_late(module: str, named: str) -> bool:
    return (module, named) in LATE_IMPORTS or (module, "*") in LATE_IMPORTS


def test_every_import_inside_a_function_has_its_reason() -> None:
    unexplained = [f"{MODULES[module].relative_to(ROOT)}:{line}: {named}"
                   for module, named, line in _late_imports()
                   if not _allowed_late(module, named)]
    assert not unexplained, ("imports inside functions without a reason in LATE_IMPORTS (move "
                             "them to the top, or say why):\n" + "\n".join(unexplained))


def test_every_reason_for_a_late_import_is_still_used() -> None:
    used = {(module, named) for module, named, _ in _late_imports()}
    used |= {(module, "*") for module, _ in used}
    assert set(LATE_IMPORTS) <= used, sorted(set(LATE_IMPORTS) - used)


def _below(module: str) -> bool:
    return any(module == layer or module.startswith(layer + ".") for layer in BELOW_EXPLAIN)


def _explain_imports(source: str | ast.Module, module: str) -> list[int]:
    """The lines where ``source`` (the text of ``module``, or its tree) imports
    swisslearn.explain or a module under it: at any level, type-only too."""
    lines = []
    for node in ast.walk(ast.parse(source) if isinstance(source, str) else source):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            named = [alias.name for alias in node.names] if isinstance(node, ast.Import) \
                else [node.module or ""]
            if isinstance(node, ast.ImportFrom) and node.level:
                parts = module.split(".")
                if module in MODULES and MODULES[module].name == "__init__.py":
                    parts.append("__init__")  # a package's "." is the package itself
                named = [".".join(parts[:-node.level] + named)]
            if any(n == "swisslearn.explain" or n.startswith("swisslearn.explain.")
                   for n in named):
                lines.append(node.lineno)
    return lines


def test_the_model_the_readers_and_the_engines_import_no_explainer() -> None:
    edges, _ = _graph()
    found = []
    for module in MODULES:
        if not _below(module) or module in STILL_ABOVE:
            continue
        path = MODULES[module]
        found += [f"{path.relative_to(ROOT)}:{line}: imports swisslearn.explain"
                  for line in _explain_imports(_tree(module), module)]
        chain = _path(edges, module, "swisslearn.explain")
        if chain is not None:
            found.append(f"{path.relative_to(ROOT)}: " + " -> ".join(chain))
    assert not found, "\n".join(found)


def _engines() -> list[str]:
    """The engine packages: the packages of the modules swisslearn.systems
    loads an engine from (its function-level imports)."""
    return sorted({".".join(named.split(".")[:2]) for module, named, _ in _late_imports()
                   if module == "swisslearn.systems" and named.startswith("swisslearn.")})


def test_every_engine_is_below_the_words() -> None:
    # A new system's package must be added to BELOW_EXPLAIN, not forgotten.
    engines = _engines()
    assert "swisslearn.dutch1998" in engines and len(engines) >= 5, engines
    assert [e for e in engines if not _below(e)] == []


def test_the_exceptions_below_the_words_are_still_needed() -> None:
    for module in STILL_ABOVE:
        assert _explain_imports(_tree(module), module), module


def test_the_search_for_explain_imports_sees_each_form() -> None:
    # The check itself, on made-up sources: each way of naming the package.
    module = "swisslearn.formats.made_up"
    assert _explain_imports("from swisslearn.explain.catalogue import catalogue", module) == [1]
    assert _explain_imports("def f():\n    import swisslearn.explain", module) == [2]
    assert _explain_imports("if TYPE_CHECKING:\n    from swisslearn.explain import why",
                            module) == [2]
    assert _explain_imports("from ..explain import why", module) == [1]
    assert _explain_imports("from swisslearn.words import catalogue\n"
                            "from swisslearn.explainer import x", module) == []


def test_the_words_import_nothing_of_swisslearn() -> None:
    # The catalogue loader is the ground floor: errors and the model use it.
    names = [_named(node) for node in ast.walk(ast.parse(
        MODULES["swisslearn.words"].read_text(encoding="utf-8")))
        if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert [n for n in names if n.startswith(".") or n.split(".")[0] == "swisslearn"] == []


def test_the_walk_sees_a_cycle() -> None:
    # The walk itself, on a made-up graph: a -> b -> c -> a is found.
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _path(edges, "b", "a") == ["b", "c", "a"]
    assert _path(edges, "a", "d") is None
