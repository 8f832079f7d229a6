"""The course in a folder of the trainee's: ``swisslearn cours [DIR]``.

The thirteen notebooks, their two Markdown pages and the tournaments they
read ship inside the package (``swisslearn/_cours/``, copied there from the
repository's ``notebooks/`` and ``data/`` when a wheel is built: see
``setup.py``).  From a clone or an editable install, the repository's own
folders are read instead, so there is one copy of the course to edit.

:func:`copy_course` lays the course in a folder as the repository lays it
(``DIR/notebooks/`` beside ``DIR/data/``: the notebooks read their tournaments
as ``../data/…``, the same path in both places).  A file the trainee has
changed is never replaced: the folder keeps a record
(``.swisslearn-cours.json``) of what was copied, so a file still as copied is
brought up to date by a newer course, and a file that differs from the record
is the trainee's and stays.

:func:`run` then starts JupyterLab in that folder, in French (the French
language pack is in the ``notebooks`` extra), without the news pop-up, on
the first notebook.  Those two choices are JupyterLab settings given as
defaults (``overrides.json`` in a settings folder of ours): a trainee who
switches JupyterLab to English keeps that choice.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, TextIO

from swisslearn.errors import usage
from swisslearn.words import catalogue

__all__ = ["COURSE_FOLDER", "CopyReport", "copy_course", "course_files", "course_source",
           "lab_arguments", "register", "run"]

# The folder `swisslearn cours` fills when none is given (in the current one).
COURSE_FOLDER = "cours-swisslearn"
# What JupyterLab opens first, relative to the course folder.
FIRST_NOTEBOOK = "notebooks/00-bienvenue.ipynb"
# The record of what was copied: relative path -> SHA-256 of the copy.
RECORD = ".swisslearn-cours.json"
# Where the course lives inside an installed wheel (setup.py writes it).
SHIPPED = "_cours"
# The files of the course, as globs relative to the repository (or _cours).
PATTERNS = ("notebooks/*.ipynb", "notebooks/*.md", "data/*")

# JupyterLab's settings that make it the course's room: French, and no
# "get notified about Jupyter news?" question (nor an update check).
LAB_SETTINGS: dict[str, dict[str, object]] = {
    "@jupyterlab/translation-extension:plugin": {"locale": "fr_FR"},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                      "checkForUpdates": False},
}


def course_source() -> Path:
    """The folder holding ``notebooks/`` and ``data/``: the package's copy in
    an installed wheel, else the repository the package sits in."""
    package = Path(__file__).resolve().parent
    shipped = package / SHIPPED
    if (shipped / FIRST_NOTEBOOK).is_file():
        return shipped
    repository = package.parent
    if (repository / FIRST_NOTEBOOK).is_file():
        return repository
    raise usage("course.missing", folder=str(package))


def course_files(source: Path) -> list[PurePosixPath]:
    """The course's files under ``source``, relative, sorted."""
    found = {PurePosixPath(path.relative_to(source).as_posix())
             for pattern in PATTERNS for path in source.glob(pattern) if path.is_file()}
    return sorted(found)


@dataclass(frozen=True)
class CopyReport:
    """What :func:`copy_course` did with each file (relative paths)."""

    copied: tuple[PurePosixPath, ...]     # new in the folder
    updated: tuple[PurePosixPath, ...]    # still as copied before, replaced by the newer course
    kept: tuple[PurePosixPath, ...]       # changed by the trainee: left as it is
    unchanged: tuple[PurePosixPath, ...]  # already the course's


def _digest(data: bytes) -> str:
    # hashlib (OpenSSL) is imported here: the command line registers `cours`
    # for every command, and 3 ms of each start-up is too much for one use.
    import hashlib
    return hashlib.sha256(data).hexdigest()


def _read_record(folder: Path) -> dict[str, str]:
    try:
        record = json.loads((folder / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(record, dict):
        return {}
    return {str(key): str(value) for key, value in record.items()}


def _write(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(data)
    os.replace(partial, path)


def copy_course(folder: Path, source: Path | None = None) -> CopyReport:
    """Lay the course in ``folder`` (created if needed), never replacing a
    file the trainee changed."""
    source = course_source() if source is None else source
    record = _read_record(folder)
    copied, updated, kept, unchanged = [], [], [], []
    for relative in course_files(source):
        data = (source / relative).read_bytes()
        target = folder / relative
        if not target.exists():
            _write(target, data)
            copied.append(relative)
        else:
            present = _digest(target.read_bytes())
            if present == _digest(data):
                unchanged.append(relative)
            elif record.get(str(relative)) == present:
                _write(target, data)
                updated.append(relative)
            else:
                kept.append(relative)
                continue
        record[str(relative)] = _digest(data)
    _write(folder / RECORD, (json.dumps(record, indent=1, sort_keys=True) + "\n").encode())
    return CopyReport(tuple(copied), tuple(updated), tuple(kept), tuple(unchanged))


def write_lab_settings(folder: Path) -> Path:
    """The settings folder JupyterLab is given (``overrides.json``: the
    course's defaults), inside the course folder; returned."""
    settings = folder / ".jupyter" / "lab-settings"
    _write(settings / "overrides.json",
           (json.dumps(LAB_SETTINGS, indent=1, sort_keys=True) + "\n").encode())
    return settings


def lab_arguments(folder: Path, *, port: int | None, browser: bool,
                  settings: Path) -> list[str]:
    """JupyterLab's command line for the course in ``folder``."""
    arguments = [f"--ServerApp.root_dir={folder}",
                 f"--LabApp.default_url=/lab/tree/{FIRST_NOTEBOOK}",
                 f"--LabApp.app_settings_dir={settings}"]
    if port is not None:
        arguments += [f"--ServerApp.port={port}", "--ServerApp.port_retries=0"]
    if not browser:
        arguments.append("--no-browser")
    # Jupyter refuses to run as root unless told (course-room containers often are).
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        arguments.append("--allow-root")
    return arguments


def _say(lang: str, key: str, **fields: object) -> str:
    return catalogue(lang).text(key, **fields)


def _listed(paths: Sequence[PurePosixPath]) -> Iterator[str]:
    for path in paths:
        yield f"  {path}"


def report(copy: CopyReport, folder: Path, lang: str, out: TextIO) -> None:
    """Say what was copied, updated and kept (every kept file named)."""
    print(_say(lang, "course.copied", folder=str(folder), copied=len(copy.copied),
               updated=len(copy.updated), unchanged=len(copy.unchanged)), file=out)
    if copy.kept:
        print(_say(lang, "course.kept", count=len(copy.kept)), file=out)
        for line in _listed(copy.kept):
            print(line, file=out)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``swisslearn cours``: copy the course, then serve it until Ctrl+C."""
    try:
        from jupyterlab.labapp import LabApp
    except ImportError:
        raise usage("course.no_jupyterlab") from None
    folder = Path(args.folder).expanduser().resolve()
    copy = copy_course(folder)
    report(copy, folder, args.lang, out)
    print(_say(args.lang, "course.starting", notebook=FIRST_NOTEBOOK), file=out, flush=True)
    settings = write_lab_settings(folder)
    LabApp.launch_instance(argv=lab_arguments(folder, port=args.port, browser=args.browser,
                                              settings=settings))
    return 0


# The command's examples (its --help; translated as every help text is).
EXAMPLES = ("examples:\n"
            "  swisslearn cours\n"
            "  swisslearn cours my-course --no-browser --port 8890\n"
            "  python -m swisslearn cours   (when the swisslearn command is not found)")


def register(commands: argparse._SubParsersAction[Any], languages: Sequence[str],
             default_language: str) -> None:
    """Add ``cours`` to the sub-commands of the ``swisslearn`` parser."""
    parser = commands.add_parser(
        "cours", help="copy the course's notebooks into a folder and open them in JupyterLab",
        epilog=EXAMPLES)
    parser.add_argument("folder", metavar="DIR", nargs="?", default=COURSE_FOLDER,
                        help="the course's folder, created if needed; a notebook you changed "
                             "there is kept (default ./cours-swisslearn)")
    parser.add_argument("--port", type=int, metavar="P",
                        help="JupyterLab's port (default: the first free one from 8888)")
    parser.add_argument("--no-browser", dest="browser", action="store_false",
                        help="do not open a browser (print the address to open)")
    parser.add_argument("--lang", choices=languages, default=default_language,
                        help="language of what is printed (default: fr, or $SWISSLEARN_LANG)")
    parser.set_defaults(run=run)

