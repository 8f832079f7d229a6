"""The trace page's pictures: the course's step pictures (:func:`swisslearn.viz.render`)
as SVG files, one per language.

A picture of a 500-player bracket is a table of 500 rows nobody reads on a
phone and weighs half a megabyte: the page shows the score groups at entry
(:data:`MAX_GROUPS_PICTURED` players at most) and the first brackets small
enough to read (:data:`MAX_BRACKET_PICTURED` players), at most
:data:`MAX_PICTURES` pictures; every step is still
explained in words.
"""

from __future__ import annotations

import io
import re
import unicodedata
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path

from swisslearn.trace import BracketPaired, Event, RoundStarted

__all__ = ["MAX_BRACKET_PICTURED", "MAX_GROUPS_PICTURED", "MAX_PICTURES", "picture_name", "pictured", "write_pictures"]

MAX_PICTURES = 4
MAX_BRACKET_PICTURED = 40
MAX_GROUPS_PICTURED = 120
"""The score groups at entry are drawn for a round of at most this many
players (500 names in boxes: half a megabyte a language, unreadable)."""



def pictured(events: Sequence[Event]) -> tuple[int, ...]:
    """The numbers (1-based) of the steps that get a picture."""
    chosen: list[int] = []
    for number, event in enumerate(events, 1):
        if isinstance(event, RoundStarted):
            if len(event.players) <= MAX_GROUPS_PICTURED:
                chosen.append(number)
        elif (isinstance(event, BracketPaired)
              and len(event.bracket.players) <= MAX_BRACKET_PICTURED):
            chosen.append(number)
        if len(chosen) == MAX_PICTURES:
            break
    return tuple(chosen)


def picture_name(step: int, lang: str) -> str:
    """The picture of step ``step`` inside the site: ``deroulement/007-fr.svg``."""
    return f"deroulement/{step:03d}-{lang}.svg"


_NOT_PRINTABLE_ASCII = re.compile(r"[^\t\n\r\x20-\x7e]")
"""A character that may be a control or formatting one (printable ASCII,
tab and line ends never are)."""


def _shown(found: re.Match[str]) -> str:
    c = found.group()
    return c if unicodedata.category(c) not in ("Cc", "Cf", "Zl", "Zp") else f"U+{ord(c):04X}"


def _visible(svg: str) -> str:
    """The SVG with every control or formatting character of a name (which
    the pictures draw as they are) written ``U+XXXX``: XML forbids most of
    them, and a browser refuses the whole picture for one.  Only the
    characters outside printable ASCII are looked up (a picture is
    100,000 characters, nearly all ASCII)."""
    return _NOT_PRINTABLE_ASCII.sub(_shown, svg)


def _svg(event: Event, lang: str) -> bytes:
    import matplotlib
    from swisslearn.viz import render
    # Deterministic SVG (same round, same bytes): fixed ids, no date; text
    # kept as text (the browser draws it: a third of the size of outlines).
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "swisslearn-publish"}), \
            warnings.catch_warnings():
        # A name's control character has no glyph: it is shown U+XXXX below.
        warnings.filterwarnings("ignore", message="Glyph .* missing from font", category=UserWarning)
        figure = render(event, lang)
        out = io.StringIO()
        # No metadata block (its creator's web address, Dublin Core and
        # Creative Commons URIs): the site names no address but its own.
        figure.savefig(out, format="svg", metadata={
            "Date": None, "Creator": None, "Format": None, "Type": None})
    # Nor the SVG 1.1 DOCTYPE's DTD address (SVG 2 has none; browsers ignore it).
    svg = re.sub(r"<!DOCTYPE svg [^>]*>\n", "", out.getvalue(), count=1)
    return _visible(svg).encode("utf-8")


def write_pictures(events: Sequence[Event], steps: Sequence[int], languages: Sequence[str],
                   folder: Path) -> Iterator[Path]:
    """Write the pictures of ``steps`` in every language under ``folder``; yield each path."""
    for step in steps:
        for lang in languages:
            path = folder / picture_name(step, lang)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(_svg(events[step - 1], lang))
            yield path
