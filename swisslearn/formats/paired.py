"""A paired round written into its tournament file, as a TRF.

One function for ``swisslearn pair FILE -o OUT`` and the arbiter's desk's
download, so both give the same bytes: each board's two round blocks
(opponent, colour, no result yet), the byes (``U``), every other byte as
read; with protections, their groups frozen with the round (our records) and
the strict ones as ``260`` lines.

A team round is written board by board (:func:`team_round_entries`): team
White–Black puts the *k*-th listed player of each team (``310``/``013``
order) on board *k*, the colours of board *k* following the ``352``
sequence (``WBWB...`` by default) from board 1's team colour; a PAB is
``0000 - U`` on every board of the team, and the round's slot of an existing
``320`` record gets its TPN.  A ``362`` line the reference engine would
misread (its symbols not in columns 5, 14, 23) is written again in that
layout with the same values (:func:`swisslearn.formats.teams.format_362`):
the file is meant to be paired on, by swisslearn or by Sharly Chess.
"""

from __future__ import annotations

import re
from decimal import Decimal

from swisslearn.errors import usage
from swisslearn.formats.plainlist import PlainListDocument, to_trf
from swisslearn.formats.protections import write_records
from swisslearn.formats.teams import format_362, misread_362, read_362, with_teams
from swisslearn.teams import TeamTournament
from swisslearn.formats.trf import TrfDocument, format_round_block, parse_trf, round_block_column
from swisslearn.model import Colour, PlayerId, RoundEntry
from swisslearn.protections import Protections, ProtectionsApplied
from swisslearn.results import Result
from swisslearn.trace import RoundPaired

__all__ = ["round_entries", "team_round_entries", "with_paired_round"]


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

    A plain list becomes its TRF first; a team tournament is written board by
    board (see the module doc).  ``applied`` (the first event of a protected
    trace) freezes the groups used for the round into ``protections``.
    Raises :class:`~swisslearn.errors.UsageError` for a round the file already holds;
    :class:`~swisslearn.errors.InputError` for a plain list that has no TRF."""
    tournament = document.tournament
    if result.round <= tournament.rounds_paired:
        raise usage("paired.round_recorded", source=tournament.source, round=result.round)
    if isinstance(tournament, TeamTournament):
        assert isinstance(document, TrfDocument)
        written = _with_team_round(document, tournament, result)
    else:
        trf = to_trf(document, source=tournament.source) \
            if isinstance(document, PlainListDocument) else document
        written = trf.with_round(result.round, round_entries(result))
    if protections is not None and applied is not None:
        written = write_records(written, protections.freeze(applied))
    return written


def team_round_entries(tournament: TeamTournament,
                       result: RoundPaired) -> dict[PlayerId, RoundEntry]:
    """Each board player's round block for a team round (TPNs in ``result``):
    board *k* of White–Black is the *k*-th listed player of each team, with
    the colours of the ``352`` sequence; a PAB team has ``U`` on every board."""
    boards = tournament.boards
    pattern = tournament.board_colours
    if len(pattern) < boards or set(pattern) - {"W", "B"}:
        pattern = "WB" * boards
    entries: dict[PlayerId, RoundEntry] = {}
    for board in result.boards:
        white, black = tournament.team(board.white), tournament.team(board.black)
        for k, (pw, pb) in enumerate(zip(white.players[:boards], black.players[:boards])):
            colour = Colour.WHITE if pattern[k] == pattern[0] else Colour.BLACK
            entries[pw] = RoundEntry(result.round, pb, colour, Result.PENDING)
            entries[pb] = RoundEntry(result.round, pw, colour.opposite, Result.PENDING)
    for tpn in result.byes:
        for pid in tournament.team(tpn).players[:boards]:
            entries[pid] = RoundEntry(result.round, None, None, Result.PAIRING_ALLOCATED_BYE)
    return entries


def _with_team_round(document: TrfDocument, tournament: TeamTournament,
                     result: RoundPaired) -> TrfDocument:
    players = parse_trf(document.text(), source=document.source).tournament  # board players
    entries = team_round_entries(tournament, result)
    team_of = {pid: team for team in tournament.teams for pid in team.players}
    pab_game_points = _pab_game_points(document.lines)
    start = round_block_column(result.round) - 1
    lines = list(document.lines)
    for number, line in enumerate(lines):
        code = line[:3]
        if code == "001":
            text = line[4:8].strip()
            pid = int(text) if text.isdigit() else None
            if pid is None or pid not in entries:
                continue
            padded = line.ljust(start + 8)
            new = padded[:start] + format_round_block(entries[pid]) + padded[start + 8:]
            new = new.rstrip() if len(line) <= start + 8 else new
            declared = players.player(pid).declared_points
            if declared is not None and entries[pid].result is Result.PAIRING_ALLOCATED_BYE:
                # As the reader counts it: the 320 game points shared by the
                # team's listed players, else the file's value of a PAB.
                share = (pab_game_points / len(team_of[pid].players)
                         if pab_game_points is not None
                         else players.point_system.pairing_allocated_bye)
                new = new[:80] + f"{declared + share:4.1f}"[-4:] + new[84:]
            lines[number] = new
        elif code == "362" and misread_362([line]):
            lines[number] = format_362(read_362(line))
        elif code == "320" and result.byes:
            lines[number] = _with_pab_slot(line, result.round, result.byes[0])
    text = document.newline.join(lines) + (document.newline if document.final_newline else "")
    parsed = parse_trf(("\ufeff" if document.bom else "") + text, source=document.source)
    return with_teams(parsed)


def _pab_game_points(lines: tuple[str, ...]) -> Decimal | None:
    for line in lines:
        if line[:3] == "320":
            text = line[9:13].strip()
            if re.fullmatch(r"-?\d+(\.\d+)?", text):
                return Decimal(text)
    return None


def _with_pab_slot(line: str, round: int, tpn: int) -> str:
    """The ``320`` line with ``tpn`` in ``round``'s slot (columns 15-17, then
    every 4), zero-padded if the line's slots are (``005``), else blank-padded."""
    zeros = bool(re.search(r"(^|\s)0\d\d(\s|$)", line[14:]))
    empty = "000" if zeros else "   "
    column = 14 + 4 * (round - 1)
    padded = line.ljust(column)
    for r in range(1, round):  # slots of earlier rounds that the line leaves out
        slot = 14 + 4 * (r - 1)
        if not padded[slot:slot + 3].strip():
            padded = padded[:slot] + empty + padded[slot + 3:]
    value = f"{tpn:03d}" if zeros else f"{tpn:>3}"
    padded = padded.ljust(column + 3)
    return (padded[:column] + value + padded[column + 3:]).rstrip()
