"""Bytes to text for every format swisslearn reads: UTF-8 only, and a clear
place (line and column) for the first byte that is not."""

from __future__ import annotations

from swisslearn.errors import InputError


def position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte ``offset``, whatever the
    line endings (LF, CRLF, CR) and not counting a byte-order mark."""
    line = data.count(b"\n", 0, offset) + data.count(b"\r", 0, offset) - data.count(
        b"\r\n", 0, offset) + 1
    line_start = max(data.rfind(b"\n", 0, offset), data.rfind(b"\r", 0, offset)) + 1
    if line_start == 0 and data.startswith(b"\xef\xbb\xbf"):
        line_start = 3
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return line, column


def decode_utf8(data: bytes, source: str, error: type[InputError]) -> str:
    """``data`` as text, or ``error`` at the first byte that makes it not a
    UTF-8 text file (a UTF-16 mark, a NUL byte, an invalid sequence)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise error("the file is UTF-16 (it starts with a UTF-16 byte-order mark): expected "
                    "UTF-8 (convert it with `iconv -f utf-16 -t utf-8`)", file=source,
                    line=1, column=1)
    nul = data.find(b"\x00")
    try:
        text = data.decode("utf-8")
        start = -1
    except UnicodeDecodeError as failure:
        start = failure.start
    # Whichever comes first: a binary file is refused at its first bad byte.
    if nul >= 0 and (start < 0 or nul < start):
        line, column = position(data, nul)
        raise error("binary data (a NUL byte): expected a text file", file=source,
                    line=line, column=column)
    if start < 0:
        return text
    line, column = position(data, start)
    raise error(f"byte 0x{data[start]:02x} is not UTF-8: expected a UTF-8 file "
                "(a Latin-1 file can be converted with `iconv -f latin1 -t utf-8`)",
                file=source, line=line, column=column)
