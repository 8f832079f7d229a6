"""One decision of a file's kind (issue 34 item 4): the command line and the
desk read a file through :mod:`swisslearn.formats.reading`, so a file reads
the same in both, and no other module decides what a ``.txt`` is."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import DATA, ROOT
from swisslearn.cli import read_input
from swisslearn.desk import load_bytes
from swisslearn.errors import PlainListError, TRFError
from swisslearn.formats.plainlist import PlainListDocument
from swisslearn.formats.reading import may_be_plain_list, read_document, read_file
from swisslearn.formats.trf import TrfDocument
from swisslearn.teams import TeamTournament

FILES = sorted(DATA.glob("*.trf")) + sorted(DATA.glob("*.txt"))


def test_a_txt_without_a_trf_header_is_a_plain_list() -> None:
    data = (DATA / "six-joueurs.txt").read_bytes()
    assert isinstance(read_document("six-joueurs.txt", data), PlainListDocument)
    assert isinstance(read_document("SIX.TXT", data), PlainListDocument)
    # The same text under another name is a TRF, and refused as one.
    with pytest.raises(TRFError):
        read_document("six-joueurs.trf", data)


def test_a_txt_with_a_trf_header_is_a_trf_with_its_teams() -> None:
    data = (DATA / "equipes-dix.trf").read_bytes()
    document = read_document("equipes-dix.txt", data)
    assert isinstance(document, TrfDocument)
    assert isinstance(document.tournament, TeamTournament)


def test_an_unreadable_file_is_refused_in_the_kind_its_name_says(tmp_path: Path) -> None:
    assert may_be_plain_list("a.Txt") and not may_be_plain_list("a.trf")
    with pytest.raises(PlainListError):
        read_file(str(tmp_path / "missing.txt"))
    with pytest.raises(TRFError):
        read_file(str(tmp_path / "missing.trf"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_command_line_and_the_desk_read_a_file_alike(path: Path) -> None:
    from_line = read_input(str(path))
    from_desk = load_bytes(str(path), path.read_bytes()).document
    assert type(from_desk) is type(from_line)
    assert from_desk.tournament == from_line.tournament


def test_no_other_module_decides_what_a_txt_file_is() -> None:
    # The plain-list test of a text is called from the reading module only
    # (the command line and the desk each had their own copy of the rule).
    callers = []
    for path in sorted((ROOT / "swisslearn").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("swisslearn/formats/plainlist/") \
                or relative == "swisslearn/formats/reading.py":
            continue
        text = path.read_text(encoding="utf-8")
        if "is_plain_list_text" not in text:
            continue  # no call can name it (parsing every module: 0.8 s of CPU)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and "is_plain_list_text" in ast.unparse(node.func):
                callers.append(f"{relative}:{node.lineno}")
    assert callers == []
