"""The course as a trainee gets it (issue 31): a fresh virtual environment,
``pip install ".[notebooks]"`` (the wheel built from a copy of the
repository, nothing editable), then ``swisslearn cours --no-browser --port P
DIR`` with no ``make`` on the PATH: JupyterLab answers HTTP 200 on ``/lab``,
the 13 notebooks and their data are in DIR, copied from the package (not
from a repository).

``make stress`` only: the install takes minutes (jupyterlab, pandas,
matplotlib... and the compiled matching).  ``make test`` runs the same
command from the development environment (tests/test_course.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from courselab import running_course

pytestmark = pytest.mark.skipif(
    not os.environ.get("SWISSLEARN_STRESS"),
    reason="make stress only (minutes of pip install); make test runs tests/test_course.py")

# What a clone holds that a build must not see (a developer's environment, caches).
NOT_COPIED = shutil.ignore_patterns(".venv", ".git", "build", "*.egg-info", "__pycache__",
                                    "artifacts", "cache", "*.so", ".mypy_cache",
                                    "cours-swisslearn", ".jupyter")


def test_a_fresh_install_serves_the_course_without_make(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    shutil.copytree(ROOT, clone, ignore=NOT_COPIED)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", ".[notebooks]"],
                   cwd=clone, check=True)
    shutil.rmtree(clone)  # the course must come from the installed package
    where = subprocess.run([str(python), "-c", "from swisslearn import course;"
                            "print(course.course_source())"],
                           capture_output=True, text=True, check=True,
                           cwd=tmp_path).stdout.strip()  # not the clone's folder: the package's
    assert where.endswith(os.path.join("site-packages", "swisslearn", "_cours")), where
    folder = tmp_path / "cours-swisslearn"
    with running_course([str(venv / "bin" / "swisslearn"), "cours"], folder, tmp_path) as lab:
        assert lab.get("/lab")[0] == 200
        assert len(list((folder / "notebooks").glob("*.ipynb"))) == 13
        assert (folder / "data" / "club-12-joueurs.trf").is_file()
        assert lab.setting("@jupyterlab/translation-extension:plugin")["locale"] == "fr_FR"
        status, _, _ = lab.get("/lab/api/translations/fr_FR")
        assert status == 200
