"""No import side effect registers anything (issue 34 item 2): each
explainer's dispatch is filled by its own module, and the explainer of an
event is chosen by the event's class, never by which modules were imported
before."""

from __future__ import annotations

import ast
import subprocess
import sys

from conftest import DATA, ROOT


def _registrations_on_other_modules(source: str) -> list[int]:
    """Lines of ``@module.function.register`` (or ``module.function.register(...)``
    at the top of a module): a function of another module filled from here."""
    lines = []
    tree = ast.parse(source)
    decorators = [d for node in ast.walk(tree)
                  if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  for d in node.decorator_list]
    calls = [n.value.func for n in tree.body
             if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)]
    for target in decorators + calls:
        if isinstance(target, ast.Call):
            target = target.func
        if isinstance(target, ast.Attribute) and target.attr == "register" \
                and isinstance(target.value, ast.Attribute):
            lines.append(target.lineno)
    return lines


def test_no_module_registers_on_another_modules_function() -> None:
    found = []
    for path in sorted((ROOT / "swisslearn").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "register" not in text:
            continue  # nothing registered here (parsing every module: 0.4 s of CPU)
        for line in _registrations_on_other_modules(text):
            found.append(f"{path.relative_to(ROOT)}:{line}")
    assert found == []


def test_the_search_sees_a_registration_on_another_module() -> None:
    assert _registrations_on_other_modules(
        "@team2026.describe.register\ndef f(event, cat): ...") == [1]
    assert _registrations_on_other_modules("words.describe.register(int, f)") == [1]
    assert _registrations_on_other_modules(
        "@describe.register\ndef f(event, cat): ...") == []


_PROBE = """\
import sys
from swisslearn.cli import read_input
from swisslearn.explain import explain, sharly, team2026
from swisslearn.systems import get
from swisslearn.team2026.events import SharlyEvent

tournament = read_input(sys.argv[1]).tournament
events = list(get("team-2026-sharly").trace(tournament, 2))
own = [e for e in events if isinstance(e, SharlyEvent)]
assert own, "no event of the whole-round reading"
# team2026's dispatch knows none of sharly's classes, imported or not.
assert not [c for c in team2026.describe.registry if issubclass(c, SharlyEvent)]
print("\\n".join(explain(e, "en") for e in own))
"""


def test_the_whole_round_events_speak_in_their_own_words() -> None:
    out = subprocess.run([sys.executable, "-c", _PROBE, str(DATA / "equipes-dix.trf")],
                         capture_output=True, text=True, check=True).stdout
    # sharly's sentences (the matching of greatest weight), not team2026's
    # sentence for an event it does not know.
    assert "greatest weight" in out
    assert "team pairing event" not in out
