"""`make test`'s CPU budget (tests/cpuclock.py, docs/tests.md "Budget"): a test
over it fails unless marked ``stress``, each test's CPU is logged on demand, and
every file that samples a sweep is run whole by `make stress`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

BURNER = '''
import time
import pytest

def _burn():
    start = time.process_time()
    while time.process_time() - start < 0.4:
        pass

def test_cheap():
    pass

def test_dear():
    _burn()

@pytest.mark.stress
def test_dear_but_stress():
    _burn()
'''


def test_a_test_over_the_budget_fails_unless_marked_stress(tmp_path: Path) -> None:
    (tmp_path / "test_burner.py").write_text(BURNER, encoding="utf-8")
    (tmp_path / "conftest.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'tests')!r})\nimport cpuclock\n\n"
        "def pytest_configure(config):\n    cpuclock.register(config)\n", encoding="utf-8")
    log = tmp_path / "cpu.jsonl"
    # The environment's other plugins (nbval, hypothesis, xdist...) are not
    # loaded: the clock is what is tested (3.3 s to 1.0 s of CPU).
    env = dict(os.environ, SWISSLEARN_CPU_BUDGET="0.2", SWISSLEARN_CPU_LOG=str(log),
               PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    ran = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-o", "markers=stress: over budget", "-rE",
                          str(tmp_path)],
                         cwd=tmp_path, capture_output=True, text=True, env=env, timeout=300)
    assert "3 passed, 1 error" in ran.stdout, ran.stdout + ran.stderr
    assert "ERROR test_burner.py::test_dear - CPU budget exceeded" in ran.stdout, ran.stdout
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    timed = {line["id"].split("::")[1]: line["self"] for line in lines if "id" in line}
    assert timed["test_dear"] >= 0.4 > timed["test_cheap"]
    assert [line for line in lines if line.get("session")]


def test_every_sampled_file_runs_whole_in_make_stress() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    listed = re.search(r"STRESS_FILES :=(.*?)\nstress:", makefile, re.DOTALL)
    assert listed is not None
    files = set(listed[1].replace("\\", " ").split())
    sampled = {f"tests/{path.name}" for path in (ROOT / "tests").glob("test_*.py")
               if re.search(r"^from conftest import .*\b(STRESS|sample)\b",
                            path.read_text(encoding="utf-8"), re.MULTILINE)}
    assert sampled and sampled <= files, sorted(sampled - files)
