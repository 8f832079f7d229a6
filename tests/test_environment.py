"""environment.yml (course rooms) lists the same packages as pyproject.toml."""

from __future__ import annotations

import re
import tomllib

from conftest import ROOT


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;]", requirement.strip(), maxsplit=1)[0].lower()


def test_environment_lists_the_same_packages_as_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    for extra in project["optional-dependencies"].values():
        wanted |= {_name(r) for r in extra}
    listed = set()
    in_dependencies = False
    for line in (ROOT / "environment.yml").read_text("utf-8").splitlines():
        if not line.startswith(" "):
            in_dependencies = line.startswith("dependencies:")
            continue
        match = re.match(r"^  - ([A-Za-z0-9_.-]+)", line)
        if in_dependencies and match and match.group(1) not in ("python", "pip"):
            listed.add(match.group(1).lower())
    assert listed == wanted


def test_the_pairing_path_imports_no_notebook_stack() -> None:
    import subprocess
    import sys
    code = ("import sys, swisslearn.cli, swisslearn.dutch1998.procedure;"
            "bad=[m for m in ('pandas','matplotlib','ipywidgets') if m in sys.modules];"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
