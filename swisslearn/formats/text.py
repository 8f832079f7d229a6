"""Bytes to text for every format swisslearn reads, and back.

UTF-8 first.  A TRF that is not valid UTF-8 is read as Windows-1252 (the
superset of Latin-1 that federations' older programs on Windows write), or
as Latin-1 (ISO-8859-1) where a byte has no Windows-1252 meaning: both map
each byte to one character, so the text encodes back to the same bytes
(:func:`encode`).  What is never text is refused at its first bad byte: a
UTF-16 mark, a NUL byte, a control character no text file holds.
"""

from __future__ import annotations

import re

from swisslearn.errors import InputError

__all__ = ["UTF8", "WINDOWS_1252", "LATIN_1", "position", "decode_utf8", "decode_text",
           "encode"]

UTF8 = "utf-8"
WINDOWS_1252 = "windows-1252"
LATIN_1 = "latin-1"

# Control characters no text file holds (tab, LF, VT, FF, CR and Ctrl-Z,
# the end-of-file mark of old DOS programs, are allowed).
_CONTROL = re.compile(rb"[\x01-\x08\x0e-\x19\x1b-\x1f\x7f]")


# A multi-byte UTF-8 character: a file that has some is UTF-8 (and broken
# where it is not), not Windows-1252, where these pairs (Ã©, Ã¼...) are
# not what names hold.
_UTF8_SEQUENCE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}"
    rb"|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}"
    rb"|\xf4[\x80-\x8f][\x80-\xbf]{2}")


def position(data: bytes, offset: int, encoding: str = UTF8) -> tuple[int, int]:
    """1-based line and column (in characters) of byte ``offset``, whatever the
    line endings (LF, CRLF, CR) and not counting a byte-order mark."""
    line = data.count(b"\n", 0, offset) + data.count(b"\r", 0, offset) - data.count(
        b"\r\n", 0, offset) + 1
    line_start = max(data.rfind(b"\n", 0, offset), data.rfind(b"\r", 0, offset)) + 1
    if line_start == 0 and data.startswith(b"\xef\xbb\xbf"):
        line_start = 3
    column = len(data[line_start:offset].decode(encoding, errors="replace")) + 1
    return line, column


def _refuse_binary(data: bytes, source: str, error: type[InputError], before: int) -> None:
    """Refuse a UTF-16 file, a NUL byte or a stray control character found
    before byte ``before`` (-1: anywhere)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise error(file=source, line=1, column=1, key="input.utf16")
    limit = len(data) if before < 0 else before
    nul = data.find(b"\x00", 0, limit)
    if nul >= 0:
        line, column = position(data, nul)
        raise error(file=source, line=line, column=column, key="input.nul")


def decode_utf8(data: bytes, source: str, error: type[InputError]) -> str:
    """``data`` as UTF-8 text, or ``error`` at the first byte that makes it
    not a UTF-8 text file (a UTF-16 mark, a NUL byte, an invalid sequence)."""
    try:
        text = data.decode(UTF8)
        start = -1
    except UnicodeDecodeError as failure:
        start = failure.start
    # Whichever comes first: a binary file is refused at its first bad byte.
    _refuse_binary(data, source, error, start)
    if start < 0:
        return text
    line, column = position(data, start)
    raise error(file=source, line=line, column=column, key="input.not_utf8",
                fields={"byte": f"0x{data[start]:02x}"})


def decode_text(data: bytes, source: str, error: type[InputError]) -> tuple[str, str]:
    """``data`` as text and the encoding it was read in: UTF-8, else
    Windows-1252, else Latin-1 (see the module docstring)."""
    try:
        text = data.decode(UTF8)
    except UnicodeDecodeError as failure:
        start = failure.start
    else:
        _refuse_binary(data, source, error, -1)
        return text, UTF8
    _refuse_binary(data, source, error, -1)
    line, column = position(data, start)
    if data.startswith(b"\xef\xbb\xbf"):  # a UTF-8 mark, then bytes that are not UTF-8
        raise error(file=source, line=line, column=column, key="input.bom_not_utf8",
                    fields={"byte": f"0x{data[start]:02x}"})
    valid = _UTF8_SEQUENCE.search(data)
    if valid is not None:  # part UTF-8, part not: which is the file?
        other_line, _ = position(data, valid.start())
        raise error(file=source, line=line, column=column, key="input.mixed",
                    fields={"byte": f"0x{data[start]:02x}", "other_line": other_line})
    control = _CONTROL.search(data)
    if control is not None:
        line, column = position(data, control.start(), LATIN_1)
        raise error(file=source, line=line, column=column, key="input.control",
                    fields={"byte": f"0x{data[control.start()]:02x}",
                            "utf8_byte": f"0x{data[start]:02x}"})
    try:
        return data.decode("cp1252"), WINDOWS_1252
    except UnicodeDecodeError:
        return data.decode("latin-1"), LATIN_1


def encode(text: str, encoding: str) -> bytes:
    """``text`` in ``encoding`` (one of :data:`UTF8`, :data:`WINDOWS_1252`,
    :data:`LATIN_1`), as it was read."""
    return text.encode("cp1252" if encoding == WINDOWS_1252 else encoding)
