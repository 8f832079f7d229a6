"""Which reader a tournament file needs: the one place that decides a file's kind.

A file whose name ends in ``.txt`` and whose text has no TRF header is the
plain list of the simplified tool (seed 003, CONTRACT.md); every other file
is a TRF, read with its teams when it has team records (``310``/``013``,
C.04.6).  The command line (:func:`swisslearn.cli.read_input`) and the desk
(:func:`swisslearn.desk.load_bytes`) both read through here, so that a file
reads the same in both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swisslearn.errors import PlainListError, TRFError
from swisslearn.fileio import read_input_bytes
from swisslearn.formats.trf import TrfDocument, has_team_records, parse_trf

if TYPE_CHECKING:
    from swisslearn.formats.plainlist import PlainListDocument

__all__ = ["may_be_plain_list", "read_document", "read_file"]


def may_be_plain_list(name: str) -> bool:
    """Is a file of this name read as a plain list when its text has no TRF
    header?  (Its name ends in ``.txt``, in any case.)"""
    return name.lower().endswith(".txt")


def read_document(name: str, data: bytes, *,
                  strict: bool = False) -> TrfDocument | PlainListDocument:
    """The document in ``data``, a file called ``name``: a plain list for a
    ``.txt`` without a TRF header, else a TRF with its teams (``strict``: a
    TRF is refused if its reader has any warning).
    :class:`~swisslearn.errors.InputError` for a bad file."""
    if may_be_plain_list(name):
        from swisslearn.formats.plainlist import is_plain_list_text, parse_plain_list
        if is_plain_list_text(data.decode("utf-8", errors="replace")):
            return parse_plain_list(data, source=name)
    return _with_teams(parse_trf(data, source=name, strict=strict), strict)


def read_file(path: str, *, strict: bool = False) -> TrfDocument | PlainListDocument:
    """:func:`read_document` of the file at ``path`` (at most
    :data:`~swisslearn.fileio.MAX_INPUT_BYTES`, a regular file); a file that
    cannot be read is a plain-list or a TRF error, as its name says."""
    data = read_input_bytes(path, PlainListError if may_be_plain_list(path) else TRFError)
    return read_document(path, data, strict=strict)


def _with_teams(document: TrfDocument, strict: bool) -> TrfDocument:
    if not has_team_records(document):
        return document
    from swisslearn.formats.teams import with_teams
    return with_teams(document, strict=strict)
