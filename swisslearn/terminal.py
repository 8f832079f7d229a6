"""Text made safe for a terminal, and JSON that stays exact.

A name in a file (a player's, the tournament's, a team's) or a path is
printed by the command line; written raw, an ESC sequence in it can clear
the screen or set the window title, a backspace or U+202E can make a line
say something else than it holds, a U+2028 can break it.  :func:`safe`
shows every such character escaped, as Python writes it (``\\x1b``,
``\\x9b``, ``\\u202e``), the way the readers' error messages already do;
:class:`SafeStream` applies it to everything written through it (the
command line's stdout and stderr in text mode).

JSON keeps the exact strings: :func:`json_text` writes the same unsafe
characters as JSON escapes (``\\u001b``, ``\\u202e``), which any JSON reader
turns back into the very characters the file held.
"""

from __future__ import annotations

import json
import re
from typing import IO, Any

__all__ = ["safe", "SafeStream", "json_text", "UNSAFE"]

UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f"   # C0 but tab and newline, DEL, C1 (U+009B is a CSI)
    "\u061c\u200e\u200f"              # the bidirectional marks
    "\u202a-\u202e\u2066-\u2069"      # bidirectional embeddings, overrides, isolates
    "\u2028\u2029"                    # line and paragraph separators
    "\ufeff\ufff9-\ufffb]")           # a byte-order mark inside a text, interlinear annotations
"""The characters :func:`safe` escapes: those a terminal obeys or that change
how a line reads, but tab and newline (the command line's own layout)."""


def _escaped(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(text: str) -> str:
    """``text`` with every character of :data:`UNSAFE` shown escaped."""
    return UNSAFE.sub(_escaped, text)


def _json_escaped(found: re.Match[str]) -> str:
    return f"\\u{ord(found.group()):04x}"


def json_text(data: object, *, ensure_ascii: bool = True) -> str:
    """``data`` as JSON: :func:`json.dumps` (same arguments), with the
    characters of :data:`UNSAFE` that it leaves raw written as ``\\uXXXX``
    (they can only stand inside strings, so the JSON reads back the same)."""
    return UNSAFE.sub(_json_escaped, json.dumps(data, ensure_ascii=ensure_ascii))


class SafeStream:
    """A text stream that writes through :func:`safe` (``raw``: the stream itself)."""

    def __init__(self, raw: IO[str]) -> None:
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(safe(text))
        return len(text)

    def flush(self) -> None:
        self.raw.flush()

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno...
        return getattr(self.raw, name)
