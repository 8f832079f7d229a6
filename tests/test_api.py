"""The stated public API (issue 34 item 5): every name ``docs/api.md`` lists
exists, has a docstring of its own and an example, and the examples run."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import os
import re
from pathlib import Path

import pytest

from conftest import ROOT

PAGE = ROOT / "docs" / "api.md"
_HEADING = re.compile(r"^#### `(?P<name>[\w.]+)`$", re.MULTILINE)
_BLOCK = re.compile(r"^```python\n(?P<code>.*?)^```$", re.MULTILINE | re.DOTALL)


def _sections() -> dict[str, str]:
    """Each listed name and the text under its heading (to the next heading)."""
    text = PAGE.read_text(encoding="utf-8")
    found = list(_HEADING.finditer(text))
    return {m["name"]: text[m.end():(found[i + 1].start() if i + 1 < len(found)
                                      else len(text))].split("\n### ")[0]
            for i, m in enumerate(found)}


SECTIONS = _sections()


def _resolve(name: str) -> object:
    """The object of a dotted name: an attribute of the longest module that
    has it (``swisslearn.explain.why`` is the function, not the module)."""
    parts = name.split(".")
    for end in range(len(parts) - 1, 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:end]))
            for attribute in parts[end:]:
                found = getattr(found, attribute)
        except (ModuleNotFoundError, AttributeError):
            continue
        return found
    raise LookupError(name)


def own_docstring(found: object) -> str:
    """The docstring written for ``found`` (not one it inherits, nor the
    signature a dataclass writes when it has none)."""
    if inspect.isclass(found):
        text = found.__dict__.get("__doc__") or ""
        if dataclasses.is_dataclass(found) and text.startswith(f"{found.__name__}("):
            return ""
        return text.strip()
    return (getattr(found, "__doc__", None) or "").strip()


def test_the_page_lists_names() -> None:
    assert len(SECTIONS) >= 30
    assert "swisslearn.read_trf" in SECTIONS and "swisslearn.explain.why" in SECTIONS


@pytest.mark.parametrize("name", sorted(SECTIONS))
def test_a_listed_name_exists_with_its_docstring_and_an_example(name: str) -> None:
    found = _resolve(name)
    assert callable(found), f"{name}: a function or a class"
    assert own_docstring(found), f"{name} has no docstring of its own"
    assert _BLOCK.search(SECTIONS[name]), f"{name} has no example in docs/api.md"


def test_the_check_of_a_docstring_can_fail() -> None:
    @dataclasses.dataclass
    class Bare:
        x: int

    class Child(ValueError):
        pass

    assert own_docstring(Bare) == "" and own_docstring(Child) == ""
    assert own_docstring(_resolve) != ""


def test_the_examples_run_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setitem(os.environ, "MPLBACKEND", "Agg")
    namespace: dict[str, object] = {"__name__": "api_examples"}
    text = PAGE.read_text(encoding="utf-8")
    for match in _BLOCK.finditer(text):
        # Padded so that a failure names the example's line in the page.
        code = "\n" * text.count("\n", 0, match.start("code")) + match["code"]
        exec(compile(code, str(PAGE), "exec"), namespace)  # noqa: S102


def test_the_page_names_nothing_twice() -> None:
    names = _HEADING.findall(PAGE.read_text(encoding="utf-8"))
    assert len(names) == len(set(names))


def test_the_page_is_in_the_repository() -> None:
    assert isinstance(PAGE, Path) and PAGE.is_file()
