"""``swisslearn cours``: the course copied into a folder of the trainee's,
never over a notebook the trainee changed, then served by JupyterLab in
French on notebook 00 (swisslearn/course.py)."""

from __future__ import annotations

import io
import json
import runpy
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest

from conftest import ROOT
from courselab import running_course
from swisslearn import course
from swisslearn.cli import main

NOTEBOOKS = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))


def test_the_course_is_the_thirteen_notebooks_their_pages_and_data() -> None:
    files = course.course_files(course.course_source())
    notebooks = [f.name for f in files if f.suffix == ".ipynb"]
    assert notebooks == NOTEBOOKS and len(notebooks) == 13
    assert PurePosixPath("data/club-12-joueurs.trf") in files
    assert PurePosixPath("notebooks/glossaire.md") in files


def test_copy_lays_the_course_as_the_repository_does(tmp_path: Path) -> None:
    report = course.copy_course(tmp_path / "cours")
    assert len(report.copied) == len(course.course_files(ROOT)) and not report.kept
    assert sorted(p.name for p in (tmp_path / "cours" / "notebooks").glob("*.ipynb")) == NOTEBOOKS
    # The notebooks read ../data/ from notebooks/: the same in the copy.
    assert (tmp_path / "cours" / "notebooks" / ".." / "data" / "club-12-joueurs.trf").is_file()
    again = course.copy_course(tmp_path / "cours")
    assert not again.copied and not again.updated and not again.kept
    assert len(again.unchanged) == len(report.copied)


def test_a_notebook_the_trainee_changed_is_kept_and_named(tmp_path: Path) -> None:
    folder = tmp_path / "cours"
    course.copy_course(folder)
    mine = folder / "notebooks" / "00-bienvenue.ipynb"
    mine.write_text(mine.read_text("utf-8").replace("Bienvenue", "Mon carnet"), "utf-8")
    edited = mine.read_bytes()
    report = course.copy_course(folder)
    assert report.kept == (PurePosixPath("notebooks/00-bienvenue.ipynb"),)
    assert mine.read_bytes() == edited
    said = io.StringIO()
    course.report(report, folder, "fr", said)
    assert "1 fichier(s) modifié(s) de votre main, gardé(s) tel(s) quel(s)" in said.getvalue()
    assert "notebooks/00-bienvenue.ipynb" in said.getvalue()


def test_a_file_left_as_copied_follows_a_newer_course(tmp_path: Path) -> None:
    source = tmp_path / "source"
    for relative in course.course_files(ROOT):
        (source / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / relative, source / relative)
    folder = tmp_path / "cours"
    course.copy_course(folder, source)
    newer = source / "notebooks" / "01-le-chysteme-chuisse.ipynb"
    newer.write_bytes(newer.read_bytes() + b"\n")  # a newer course: another notebook
    deleted = folder / "data" / "club-12-joueurs.trf"
    deleted.unlink()
    report = course.copy_course(folder, source)
    assert report.updated == (PurePosixPath("notebooks/01-le-chysteme-chuisse.ipynb"),)
    assert report.copied == (PurePosixPath("data/club-12-joueurs.trf"),)
    assert (folder / "notebooks" / "01-le-chysteme-chuisse.ipynb").read_bytes() \
        == newer.read_bytes()


def test_without_jupyterlab_the_command_says_which_extra(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "jupyterlab.labapp", None)  # import fails
    assert main(["cours", "--no-browser", str(tmp_path / "cours")]) == 2
    error = capsys.readouterr().err
    assert 'pip install "swisslearn[notebooks]"' in error and "Traceback" not in error
    assert not (tmp_path / "cours").exists()


def test_the_lab_is_told_its_folder_and_first_notebook(tmp_path: Path) -> None:
    arguments = course.lab_arguments(tmp_path, port=8123, browser=False,
                                     settings=tmp_path / "s")
    assert f"--ServerApp.root_dir={tmp_path}" in arguments
    assert "--LabApp.default_url=/lab/tree/notebooks/00-bienvenue.ipynb" in arguments
    assert "--ServerApp.port=8123" in arguments and "--no-browser" in arguments
    settings = json.loads((course.write_lab_settings(tmp_path) / "overrides.json").read_text())
    assert settings["@jupyterlab/translation-extension:plugin"] == {"locale": "fr_FR"}


def test_a_built_package_carries_the_course(tmp_path: Path) -> None:
    """setup.py's build step copies notebooks/ and data/ into swisslearn/_cours/."""
    build = runpy.run_path(str(ROOT / "setup.py"), run_name="setup_under_test")
    build["copy_course_into"](str(tmp_path))
    shipped = tmp_path / "swisslearn" / course.SHIPPED
    assert course.course_files(shipped) == course.course_files(ROOT)


def test_cours_serves_jupyterlab_in_french_on_notebook_00(tmp_path: Path) -> None:
    """As a trainee starts it, with no make on the PATH: HTTP 200 on /lab,
    the 13 notebooks in the folder, French chosen, no news question."""
    command = [str(Path(sys.executable).parent / "swisslearn"), "cours"]
    folder = tmp_path / "mon cours"
    with running_course(command, folder, tmp_path) as lab:
        assert sorted(p.name for p in (folder / "notebooks").glob("*.ipynb")) == NOTEBOOKS
        status, _, headers = lab.get("/")
        assert status == 302 and headers["Location"].rstrip("?").endswith(
            "/lab/tree/notebooks/00-bienvenue.ipynb"), (status, headers)
        assert lab.setting("@jupyterlab/translation-extension:plugin")["locale"] == "fr_FR"
        status, body, _ = lab.get("/lab/api/translations/fr_FR")
        assert status == 200 and json.loads(body)["data"], body[:200]
        assert lab.setting("@jupyterlab/apputils-extension:notification")["fetchNews"] == "false"
        printed = lab.log.read_text("utf-8")
    copied = len(course.course_files(ROOT))
    assert f"Le cours est dans {folder} : {copied} fichier(s) copié(s)" in printed
    assert "JupyterLab s'ouvre sur notebooks/00-bienvenue.ipynb" in printed


def test_python_m_swisslearn_cours_is_the_same_command() -> None:
    answer = subprocess.run([sys.executable, "-m", "swisslearn", "cours", "--help",
                             "--lang", "fr"], capture_output=True, text=True, check=True)
    assert "--no-browser" in answer.stdout and "DIR" in answer.stdout
    assert "ne pas ouvrir de navigateur" in answer.stdout

