"""The message catalogue: every word swisslearn prints, on the ground floor.

This module sits below :mod:`swisslearn.errors` and the model in the import
order and imports nothing of swisslearn: an error, a reader or an engine that
needs a sentence takes it from here, never from :mod:`swisslearn.explain`
(which sits above the engines and the events).  The catalogue files stay in
``swisslearn/explain/`` beside the explainers that use most of them; they are
found as data files of the ``swisslearn`` package, so reading them does not
import :mod:`swisslearn.explain`.

Each language has a core file (``fr.json``, ``en.json``) and may have area
files beside it (``fr.desk.json``: the words of one face or engine, kept
apart so that each area's sentences are read and reviewed together).  All of
a language's files are merged into one map from a key to a ``str.format``
template with named fields; a key defined in two files is an error.  The code only chooses a key and
fills the fields; the sentences, and the way numbers, lists and pairs are
written (``fmt.*`` keys), live in the catalogue, so a new language is a new
file and nothing else.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from decimal import Decimal

__all__ = ["Catalogue", "available_languages", "catalogue", "placeholders", "texts_under"]

@lru_cache(maxsize=None)
def _folder() -> Path:
    """Where the catalogue's files are: ``swisslearn/explain/``, installed
    as package data (the package is never imported from a zip, its matching
    is a compiled extension).  Read as files, not through importlib.resources,
    whose import and first ``files()`` cost about 14 ms of every start-up
    (``swisslearn --help`` reads the catalogue); and not as the data of
    ``swisslearn.explain``, which would import the explainers."""
    return Path(__file__).resolve().parent / "explain"


def _files(lang: str | None = None) -> list[tuple[str, str]]:
    """``(language, file name)`` of every catalogue file, sorted by name:
    ``fr.json`` (the core) and ``fr.AREA.json`` (an area's words)."""
    found = []
    for entry in _folder().iterdir():
        parts = entry.name.split(".")
        if parts[-1] == "json" and len(parts) in (2, 3) and (lang is None or parts[0] == lang):
            found.append((parts[0], entry.name))
    return sorted(found)


def available_languages() -> tuple[str, ...]:
    """The languages with a core catalogue file, sorted (``("en", "fr")``)."""
    return tuple(sorted(language for language, name in _files() if name == f"{language}.json"))


def placeholders(template: str) -> frozenset[str]:
    """The named fields of a template (``"{a} et {b}"`` -> ``{"a", "b"}``)."""
    return frozenset(field for _, field, _, _ in string.Formatter().parse(template)
                     if field is not None and field != "")


class Catalogue:
    """The messages of one language, with the formatting helpers they need."""

    def __init__(self, lang: str, messages: Mapping[str, str]) -> None:
        self.lang = lang
        self.messages = dict(messages)

    def __contains__(self, key: object) -> bool:
        return key in self.messages

    def text(self, key: str, **fields: object) -> str:
        """The message ``key`` with its fields filled in (extra fields are ignored)."""
        return self.messages[key].format_map(fields)

    def label(self, rule: str, text: str) -> str:
        """A message introduced by the label of the rule it applies (``"C7 : ..."``)."""
        return self.text("fmt.label", rule=rule, text=text)

    # -- numbers and lists --------------------------------------------------

    def number(self, value: int | Decimal) -> str:
        """A score or a count in the language's way: ``1,5`` and ``5 039`` in French.

        Exact at any size: a count is written from the integer itself (a D1
        rank of a large S2 has hundreds of digits, beyond any decimal
        context's precision), a score from its own digits."""
        if isinstance(value, int):
            whole, fraction, negative = str(abs(value)), "", value < 0
        else:
            # Scores are stored as 2.0 or 1.50: an arbiter writes 2 and 1,5.
            # (Read from the digits: normalize() and quantize() round to the
            # context's 28 digits.)
            sign, digits, exponent = value.as_tuple()
            if not isinstance(exponent, int):
                raise ValueError(f"not a finite number: {value!r}")
            text = "".join(map(str, digits))
            if exponent >= 0:
                text += "0" * exponent
                exponent = 0
            text = text.rjust(1 - exponent, "0")
            whole = text[:len(text) + exponent] if exponent else text
            fraction = text[len(text) + exponent:].rstrip("0") if exponent else ""
            whole = whole.lstrip("0") or "0"
            negative = bool(sign) and (whole != "0" or bool(fraction))
        head = len(whole) % 3 or 3
        groups = [whole[:head]] + [whole[i:i + 3] for i in range(head, len(whole), 3)]
        text = self.text("fmt.thousands_sep").join(groups)
        if fraction:
            text += self.text("fmt.decimal_sep") + fraction
        return ("-" if negative else "") + text

    def players(self, ids: Iterable[int]) -> str:
        """Pairing numbers as a list (``"1, 2, 3"``), or the word for none."""
        items = [str(pid) for pid in ids]
        return self.text("fmt.list_sep").join(items) if items else self.text("fmt.none")

    def numbers(self, values: Iterable[int | Decimal]) -> str:
        items = [self.number(v) for v in values]
        return self.text("fmt.list_sep").join(items) if items else self.text("fmt.none")

    def pair(self, a: int, b: int) -> str:
        return self.text("fmt.pair", a=a, b=b)

    def pairs(self, pairs: Iterable[tuple[int, int]]) -> str:
        items = [self.pair(a, b) for a, b in pairs]
        return self.text("fmt.list_sep").join(items) if items else self.text("fmt.none")

    def order(self, ids: Iterable[int]) -> str:
        """An order of S2 the way D1 writes it: ``5-7-6-8``."""
        return self.text("fmt.order_sep").join(str(pid) for pid in ids)

    def group(self, ids: Iterable[int]) -> str:
        """Players exchanged together, the way D2 writes them: ``3+4``."""
        items = [str(pid) for pid in ids]
        return self.text("fmt.group_sep").join(items) if items else self.text("fmt.none")

    def cell(self, cell: str | None) -> str:
        """A D2 exchange: the letter of the seed's tables, or bracket positions."""
        if cell is None:
            return self.text("fmt.cell_none")
        if len(cell) == 1 and cell.isalpha():
            return self.text("fmt.cell_letter", letter=cell)
        return self.text("fmt.cell_positions", label=cell)

    def join(self, sentences: Iterable[str]) -> str:
        return self.text("fmt.sentence_sep").join(s for s in sentences if s)


def _load(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    where: dict[str, str] = {}
    for _, name in _files(lang):
        raw = (_folder() / name).read_text(encoding="utf-8")
        data = json.loads(raw)
        if not isinstance(data, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
            raise ValueError(f"{name}: the catalogue must map keys to strings")
        for key, template in data.items():
            if key in merged:
                raise ValueError(f"{name}: key {key!r} is already defined in {where[key]}")
            merged[key] = template
            where[key] = name
    return merged


@lru_cache(maxsize=None)
def catalogue(lang: str = "fr") -> Catalogue:
    """The catalogue of ``lang``; ValueError naming the languages there are."""
    languages = available_languages()
    if lang not in languages:
        raise ValueError(f"no explanations in language {lang!r}; available languages: "
                         f"{', '.join(languages)}")
    return Catalogue(lang, _load(lang))


def texts_under(lang: str, prefix: str) -> dict[str, str]:
    """The messages of ``lang`` whose key starts with ``prefix`` (``"help."``),
    read from the files that hold such a key only (a file whose text has no
    ``"PREFIX`` has none).  ``swisslearn --help`` translates with these:
    parsing every file of both languages for them was a sixth of its CPU
    (issue 36).  The whole catalogue (:func:`catalogue`) is the one that
    refuses a key defined twice or a value that is not a string."""
    found: dict[str, str] = {}
    folder = str(_folder())
    for _, name in _files(lang):
        with open(f"{folder}/{name}", encoding="utf-8") as file:  # (pathlib: 1 ms more)
            raw = file.read()
        if f'"{prefix}' in raw:
            found.update((key, text) for key, text in json.loads(raw).items()
                         if key.startswith(prefix))
    return found
