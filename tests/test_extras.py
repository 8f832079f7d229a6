"""A part of the package whose extra is missing says which extra to install
(swisslearn/extras.py), instead of Python's bare ModuleNotFoundError."""

from __future__ import annotations

import subprocess
import sys

import pytest

HIDE = "import sys; sys.modules[{module!r}] = None; "  # as if not installed


@pytest.mark.parametrize(("statement", "module"), [
    ("from swisslearn import viz", "matplotlib"),
    ("import swisslearn.viz.players", "pandas"),
    ("import swisslearn.deskserver", "voila"),
    ("from swisslearn import widgets; widgets._ipywidgets()", "ipywidgets"),
])
def test_a_missing_extra_is_named(statement: str, module: str) -> None:
    code = HIDE.format(module=module) + (
        "\ntry:\n    " + statement + "\nexcept ModuleNotFoundError as error:\n"
        "    print(type(error).__name__, error.name, error, sep='|')\n")
    answer = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, env={"SWISSLEARN_LANG": "fr", "PATH": ""})
    kind, name, message = answer.stdout.strip().split("|")
    assert kind == "MissingExtra" and name == module
    assert module in message and 'pip install "swisslearn[notebooks]"' in message


def test_the_message_follows_swisslearn_lang() -> None:
    code = HIDE.format(module="matplotlib") + "from swisslearn import viz"
    answer = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={"SWISSLEARN_LANG": "en_US.UTF-8", "PATH": ""})
    assert "which is not installed: install swisslearn's \"notebooks\" extra" in answer.stderr
