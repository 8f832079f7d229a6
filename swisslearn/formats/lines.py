"""A text file cut into lines, with what writing it back byte for byte needs
(the TRF reader and the plain-list reader both read files this way)."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["NEWLINE", "Lines", "split_lines"]

NEWLINE = re.compile(r"\r\n|\r|\n")
"""A line ending: CRLF, CR or LF."""


@dataclass(frozen=True)
class Lines:
    """``lines`` without their endings; ``newline`` the first ending (LF if
    none), ``endings`` every one in order, ``final_newline`` whether the last
    line ends with one, ``bom`` whether the text began with a byte-order mark
    (not in ``lines``)."""

    lines: list[str]
    newline: str
    endings: tuple[str, ...]
    final_newline: bool
    bom: bool


def split_lines(text: str) -> Lines:
    """``text`` as :class:`Lines`."""
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    if "\r" in text:
        endings: tuple[str, ...] = tuple(NEWLINE.findall(text))
        lines = NEWLINE.split(text)
    else:  # LF only, the usual case: the same lines, without the expression
        lines = text.split("\n")
        endings = ("\n",) * (len(lines) - 1)
    final_newline = len(lines) > 1 and lines[-1] == ""
    if final_newline:
        lines.pop()
    return Lines(lines, endings[0] if endings else "\n", endings, final_newline, bom)
