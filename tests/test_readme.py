"""The README a trainer reads (issue 31): short, French first, and its
commands do what it says when tried."""

from __future__ import annotations

import re
import shlex

import pytest

from conftest import ROOT
from helpers import in_process

README = (ROOT / "README.md").read_text(encoding="utf-8")
FRENCH, ENGLISH = README.split("\n# swisslearn (English)\n")


def _commands(text: str) -> list[str]:
    """The ``swisslearn …`` lines of the text's shell blocks (comments cut)."""
    blocks = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
    return [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()
            if line.startswith("swisslearn ")]


def test_short_and_french_first() -> None:
    assert len(README.splitlines()) < 250
    first_screen = "\n".join(FRENCH.splitlines()[:40])
    for said in ("Python 3.11", 'pip install ".[notebooks]"', "swisslearn cours",
                 "La première installation prend"):
        assert said in first_screen, said
    assert "Windows et macOS : pas testés" in FRENCH
    assert "Windows and macOS: not tested" in ENGLISH


def test_both_languages_give_the_same_commands() -> None:
    assert _commands(FRENCH) == _commands(ENGLISH)


@pytest.mark.parametrize("line", sorted(set(_commands(README)) - {"swisslearn cours"}))
def test_each_command_of_the_readme_works(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # In this process, from the repository's folder as the README's paths
    # are (a new interpreter each was 0.1-0.3 s of CPU; what an interpreter
    # loads when it starts is tests/test_cli_imports.py's; issue 31).
    monkeypatch.chdir(ROOT)
    ran = in_process(*shlex.split(line)[1:])
    assert ran.returncode == 0, (line, ran.stderr[-500:])
    assert ran.stdout.strip(), line
