"""A paired round written into its tournament file, as a TRF.

One function for ``swisslearn pair FILE -o OUT`` and the arbiter's desk's
download, so both give the same bytes: each board's two round blocks
(opponent, colour, no result yet), the byes (``U``), every other byte as
read; with protections, their groups frozen with the round (our records) and
the strict ones as ``260`` lines.
"""

from __future__ import annotations

from swisslearn.errors import UsageError
from swisslearn.formats.plainlist import PlainListDocument, to_trf
from swisslearn.formats.trf import TrfDocument
from swisslearn.model import Colour, PlayerId, RoundEntry
from swisslearn.protections import Protections, ProtectionsApplied, write_records
from swisslearn.results import Result
from swisslearn.trace import RoundPaired

__all__ = ["round_entries", "with_paired_round"]


def round_entries(result: RoundPaired) -> dict[PlayerId, RoundEntry]:
    """Each paired player's round block: the game (no result yet) or the PAB."""
    entries: dict[PlayerId, RoundEntry] = {}
    for board in result.boards:
        entries[board.white] = RoundEntry(result.round, board.black, Colour.WHITE, Result.PENDING)
        entries[board.black] = RoundEntry(result.round, board.white, Colour.BLACK, Result.PENDING)
    for pid in result.byes:
        entries[pid] = RoundEntry(result.round, None, None, Result.PAIRING_ALLOCATED_BYE)
    return entries


def with_paired_round(document: TrfDocument | PlainListDocument, result: RoundPaired, *,
                      protections: Protections | None = None,
                      applied: ProtectionsApplied | None = None) -> TrfDocument:
    """``document`` with ``result``'s round written in (see the module doc).

    A plain list becomes its TRF first.  ``applied`` (the first event of a
    protected trace) freezes the groups used for the round into
    ``protections``.  Raises :class:`UsageError` for a round the file already
    holds or a team tournament (team rounds are written by board, not yet
    supported); :class:`~swisslearn.errors.InputError` for a plain list that
    has no TRF."""
    from swisslearn.formats.teams import TeamTournament
    tournament = document.tournament
    if isinstance(tournament, TeamTournament):
        raise UsageError(f"{tournament.source}: writing a paired team round is not supported "
                         f"(a team round is written board by board)")
    if result.round <= tournament.rounds_paired:
        raise UsageError(f"{tournament.source}: round {result.round} is already in the file")
    trf = to_trf(tournament, source=tournament.source) \
        if isinstance(document, PlainListDocument) else document
    written = trf.with_round(result.round, round_entries(result))
    if protections is not None and applied is not None:
        written = write_records(written, protections.freeze(applied))
        assert isinstance(written, TrfDocument)
    return written
