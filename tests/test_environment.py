"""environment.yml (course rooms) lists the same packages as pyproject.toml,
with the same version bounds."""

from __future__ import annotations

import re
import tomllib

from conftest import ROOT

_REQUIREMENT = re.compile(r"^(?P<name>[A-Za-z0-9_.-]+)\s*(?P<bounds>[^;\[#]*)")


def _requirement(text: str) -> tuple[str, str]:
    """``("voila", ">=0.5,<0.6")``: the name, lower case, and the bounds without spaces."""
    found = _REQUIREMENT.match(text.strip())
    assert found, text
    return found["name"].lower(), found["bounds"].replace(" ", "")


def pyproject_requirements() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    wanted = dict(_requirement(r) for r in project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted.update(_requirement(r) for r in extra)
    return wanted


def environment_requirements(text: str) -> dict[str, str]:
    """The conda and pip packages of environment.yml (not python, pip, ``-e .``)."""
    listed = {}
    in_dependencies = False
    for line in text.splitlines():
        if not line.startswith(" "):
            in_dependencies = line.startswith("dependencies:")
            continue
        match = re.match(r"^\s+- (?!-e )([A-Za-z0-9_.-]+[^:#]*)$", line.rstrip())
        if in_dependencies and match:
            name, bounds = _requirement(match.group(1))
            if name not in ("python", "pip"):
                listed[name] = bounds
    return listed


def test_environment_lists_the_same_packages_as_pyproject() -> None:
    listed = environment_requirements((ROOT / "environment.yml").read_text("utf-8"))
    assert listed == pyproject_requirements()


def test_a_different_bound_is_caught() -> None:
    text = (ROOT / "environment.yml").read_text("utf-8").replace("voila>=0.5,<0.6", "voila>=0.5")
    assert environment_requirements(text)["voila"] != pyproject_requirements()["voila"]


def test_the_pairing_path_imports_no_notebook_stack() -> None:
    import subprocess
    import sys
    code = ("import sys, swisslearn.cli, swisslearn.dutch1998.procedure;"
            "bad=[m for m in ('pandas','matplotlib','ipywidgets') if m in sys.modules];"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
