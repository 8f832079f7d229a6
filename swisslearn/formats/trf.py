"""FIDE Tournament Report Files (TRF16 and TRF-2026), read and written losslessly.

A :class:`TrfDocument` keeps every line of the file as it was read; the
:class:`~swisslearn.model.Tournament` is derived from it.  Writing a document
back gives the same bytes (encoding, line endings, final newline and
byte-order mark as read); writing a paired round rewrites only the round
blocks it changes.

Layouts: ``../shared/rules/trf.md`` (FIDE TRF16, TRF-2026, JaVaFo ``XX?``
and bbpPairings ``BB?`` extensions).  Column numbers below are 1-based and
inclusive, as in the FIDE documents.

**No line is lost.**  Every line is a record this module reads (one parser
method per record, :data:`_HANDLERS`), a record it keeps verbatim and says so
(informative ones, team records read by :mod:`swisslearn.formats.teams`,
national rating records, swisslearn's protection records read by
:mod:`swisslearn.protections`), a comment (``###``, a column ruler, the FIDE
layout legend ``DDD SSSS sTTT ...``), a blank line, or a problem naming its
line.  A line that looks like a ``001`` record but is shifted (a tab, a space,
a no-break space or a byte-order mark before it) or misspelt (``00l``) is an
error: a player is never dropped.

**Errors and warnings.**  Every problem of a file is reported at once
(:class:`~swisslearn.errors.Report`).  An *error* makes the file ambiguous
for pairing (a malformed field, asymmetric results, both players White, a
rematch, an unknown player, two numbers of rounds...): the file is refused.
A *warning* is an inconsistency the reader resolves, the results winning
(points or rank columns that disagree with the results, ``062``/``072``
counts, a ``240`` bye for a round the player played, an unknown record...);
``strict=True`` refuses those too.

Readings this module makes where the format is loose (see the README):

* a round block naming an opponent and a colour but no result is a paired
  game whose result is not known yet (``Result.PENDING``; F9 counts it as a
  draw for pairing);
* ``W``/``D``/``L`` (a game that lasted less than one move) count as games
  played, with their colours; ``+``/``-`` do not (F2);
* a forfeit may carry the colour ``-`` (no colour was ever used);
* bye codes without an opponent, as bbpPairings reads them: ``0000 - +`` a
  point without playing (a forfeit win whose opponent is not recorded; it
  counts like a forfeit win: B1b, [C2]), ``0000 - -`` an absence scored as a
  forfeit loss, ``0000 - =`` a draw's worth without a game (like ``H``); the
  player is not paired that round;
* ``XXZ`` lists players absent from the first round not yet paired;
* the first colour: ``XXC white1|black1`` or ``152``, else the colour the
  highest-ranked player had in the first round with colours (TRF-2026,
  ``152``; bbpPairings reads it so), else White;
* ``162`` values not given follow the given ones: the pairing-allocated
  bye is worth a win (``P`` = ``W``), an unknown result a draw (``X`` = ``D``);
  ``BBU`` follows ``BBW`` likewise;
* ``299`` (abnormal points) for individuals: a blank type is a bonus or a
  penalty added to the player's score from that round on; a type (``W`` ``D``
  ``L`` ``F`` ``H`` ``Z`` ``+`` ``-``) sets what that result is worth.  No
  player listed: every player; round ``000`` or blank: every round.  In a
  team file ``299`` concerns teams (:mod:`swisslearn.formats.teams`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from swisslearn.errors import Count, InputError, Reason, Report, TRFError
from swisslearn.fileio import read_input_bytes, write_bytes_atomically
from swisslearn.formats.lines import NEWLINE, split_lines
from swisslearn.formats.text import UTF8, decode_text, encode
from swisslearn.model import (Acceleration, ByeRequest, Colour, ForbiddenPairs, Player,
                              PlayerId, PointAdjustment, Result, RoundEntry, RoundNumber,
                              Tournament)
from swisslearn.points import BB_FIELDS, TRF162_FIELDS, XXS_FIELDS, Points, PointSystem

__all__ = ["TrfDocument", "TeamReference", "read_trf", "parse_trf", "load_trf", "looks_like_trf",
           "ROUND_BLOCK_START", "round_block_column", "format_round_block",
           "INFORMATIVE_CODES", "TEAM_CODES", "PROTECTION_CODES", "has_team_records"]

ROUND_BLOCK_START = 92
"""Column where round 1's block starts; round r starts at 92 + 10(r-1)."""

_TRF2026_CODES = frozenset({
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250",
    "260", "299", "300", "310", "320", "330", "352", "362", "801", "802", "###"})
_HEADER_CODES = frozenset({"012", "022", "032", "042", "052", "062", "072", "082",
                           "092", "102", "112", "122", "132"})

INFORMATIVE_CODES = _HEADER_CODES | {"172", "182", "202", "212", "222", "801", "802"}
"""Records kept verbatim (062/072/082 are checked against what was read)."""

# What show lists as kept and not used (the 0?2 header records are plain
# information everybody expects to be kept).
_KEPT_CODES = INFORMATIVE_CODES - _HEADER_CODES

TEAM_CODES = frozenset({"013", "310", "320", "330", "300", "352", "362"})
"""Team records: read by :mod:`swisslearn.formats.teams` (a file with ``310``
or ``013`` is a team file)."""

PROTECTION_CODES = frozenset({"XSV", "XSA", "XSG", "XSR", "XSL"})
"""swisslearn's protection records: read by :mod:`swisslearn.formats.protections`."""

# Records that hold one value or words (no columns): a missing space after
# the code is harmless there ("012Open" is read as "012 Open").
_VALUE_CODES = (_HEADER_CODES - {"132"}) | {"142", "152", "172", "182", "192", "202", "212",
                                            "222", "240", "260", "XXR", "XXC", "XXS", "XXP",
                                            "XXZ"} | set(BB_FIELDS)
# ASCII only: str.isdigit() and \d also accept "²" or "١", which int() and the
# TRF readers of other programs refuse.
_NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]+)?$|^-?\.[0-9]+$")
_LEGEND = "DDD SSSS sTTT N"  # the start of the column legend some programs write
# What a shifted or misspelt 001 looks like once its first characters are
# fixed (l, I, i, | for 1; O, o for 0): every such code, "001" itself included
# (45 codes; a set to look a line's code up in, not a translation per line).
_PLAYER_LIKE = frozenset(a + b + c for a in "0Oo" for b in "0Oo" for c in "1lIi|")
_LEADING = " \t\u00a0\ufeff\u200b"
_TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", "WH", "DM",
                     # the older one- and two-letter codes (ICU files: g = GM, m = IM...)
                     "g", "m", "f", "c", "wg", "wm", "wf", "wc", "h", "d"})
# A 299 type: the results it sets the value of.
_299_TYPES: dict[str, tuple[Result, ...]] = {
    "W": (Result.WIN, Result.WIN_UNPLAYED_MOVE), "D": (Result.DRAW, Result.DRAW_UNPLAYED_MOVE),
    "L": (Result.LOSS, Result.LOSS_UNPLAYED_MOVE), "F": (Result.FULL_POINT_BYE,),
    "H": (Result.HALF_POINT_BYE,), "Z": (Result.ZERO_POINT_BYE,),
    "+": (Result.FORFEIT_WIN,), "-": (Result.FORFEIT_LOSS,)}
# Results a round block may give without an opponent (0000): the byes, and
# the three codes bbpPairings reads there (see the module docstring).
_WITHOUT_OPPONENT = frozenset({Result.HALF_POINT_BYE, Result.FULL_POINT_BYE,
                               Result.PAIRING_ALLOCATED_BYE, Result.ZERO_POINT_BYE,
                               Result.FORFEIT_WIN, Result.FORFEIT_LOSS, Result.DRAW})


def round_block_column(round: RoundNumber) -> int:
    """First column (1-based) of ``round``'s block in a ``001`` line."""
    return ROUND_BLOCK_START + 10 * (round - 1)


def format_round_block(entry: RoundEntry) -> str:
    """The 8 characters of a round block: ``oooo c r`` (opponent, colour, result)."""
    opponent = f"{entry.opponent:4d}" if entry.opponent is not None else "0000"
    colour = entry.colour.value if entry.colour is not None else "-"
    return f"{opponent} {colour} {entry.result.code}"


# Well-formed round blocks already read, by their text: a file repeats the
# same few hundred blocks, and a generator re-reads its file every round.
# What a block means does not depend on where it stands (the round comes
# from the column), so a block seen once is not checked again.
_PARSED_BLOCKS: dict[str, tuple[PlayerId | None, Colour | None, Result]] = {}
_PARSED_BLOCKS_MAX = 100_000


@dataclass(frozen=True)
class TeamReference:
    """In a team file, a ``240``, ``260``/``XXP`` or ``299`` record names
    teams (TPNs), which this module cannot check: the record as read and
    where it stands (``column`` that of the number for ``240``, the first
    pairing number's for ``299``, 0 for the whole line of ``260``), for
    :mod:`swisslearn.formats.teams` to check and apply."""

    code: str
    line: int
    column: int
    record: ByeRequest | ForbiddenPairs | PointAdjustment


@dataclass(frozen=True)
class TrfDocument:
    """The lines of a TRF file, exactly as read, and what they mean.

    ``newline`` is the terminator the file uses (``"\\n"``, ``"\\r\\n"`` or
    ``"\\r"``); ``final_newline`` whether the last line has one; ``bom``
    whether the file starts with a UTF-8 byte-order mark.  ``line_endings``
    is empty unless the file mixes terminators: then it holds the one read
    after each line, so that the file is still written back as it was.
    ``encoding`` is ``"utf-8"``, ``"windows-1252"`` or ``"latin-1"`` (see
    :mod:`swisslearn.formats.text`); ``warnings`` the inconsistencies the
    reader resolved; ``first_colour`` where the initial colour came from
    (``"152"``, ``"XXC"``, ``"round N"`` or ``""``: White by default);
    ``team_references`` (a team file only) the records that name teams;
    ``team_prizes``: its ``013`` lines are the team prizes of an individual
    tournament (kept as they are), not its teams.
    """

    lines: tuple[str, ...]
    source: str = "<trf>"
    newline: str = "\n"
    final_newline: bool = True
    bom: bool = False
    tournament: Tournament = field(default_factory=Tournament, compare=False)
    line_endings: tuple[str, ...] = ()
    encoding: str = UTF8
    warnings: tuple[InputError, ...] = field(default=(), compare=False)
    first_colour: str = field(default="", compare=False)
    team_references: tuple[TeamReference, ...] = field(default=(), compare=False)
    team_prizes: bool = field(default=False, compare=False)

    @property
    def version(self) -> str:
        """``"TRF-2026"`` if the file uses any record TRF16 does not have, else ``"TRF16"``."""
        for line in self.lines:
            code = line[:3]
            if code in _TRF2026_CODES or (_is_nrs_code(code) and _nrs_shape(line)):
                return "TRF-2026"
        return "TRF16"

    @property
    def kept_verbatim(self) -> tuple[str, ...]:
        """The codes of the records kept as read and not used (sorted)."""
        codes = {line[:3] for line in self.lines if line[:3] in _KEPT_CODES}
        has_310 = any(line[:3] == "310" for line in self.lines)
        if self.team_prizes or (has_310 and any(line[:3] == "013" for line in self.lines)):
            codes.add("013")  # team prizes, or the 310 teams again in the old form
        codes |= {line[:3] for line in self.lines if _is_nrs_code(line[:3]) and _nrs_shape(line)}
        return tuple(sorted(codes))

    def text(self) -> str:
        if self.line_endings:
            body = "".join(line + end for line, end in zip(self.lines, self.line_endings))
            if len(self.line_endings) < len(self.lines):
                body += self.lines[-1]  # no final newline
            return ("\ufeff" if self.bom else "") + body
        body = self.newline.join(self.lines)
        if self.final_newline and self.lines:
            body += self.newline
        return ("\ufeff" if self.bom else "") + body

    def to_bytes(self) -> bytes:
        return encode(self.text(), self.encoding)

    def write(self, path: str | Path, *, replace: bool = True) -> None:
        """Write the document to ``path`` atomically (temporary file, then
        rename); without ``replace``, never over an existing file."""
        write_bytes_atomically(Path(path), self.to_bytes(), replace=replace)

    def with_round(self, round: RoundNumber, entries: Mapping[PlayerId, RoundEntry]) -> TrfDocument:
        """A copy with ``round``'s block of each listed player set to its entry.

        Only the columns of that block change, and the points (81-84) of a
        player whose total changes with it (a bye scores at once; a pending
        game scores nothing yet); the rest of every line is kept.
        """
        start = round_block_column(round) - 1  # 0-based
        tournament = self.tournament.with_round(round, entries)
        new_lines = list(self.lines)
        for number, line in enumerate(self.lines):
            if line[:3] != "001":
                continue
            pid = _int_or_none(line[4:8])
            if pid is None or pid not in entries:
                continue
            padded = line.ljust(start + 8)
            block = format_round_block(entries[pid])
            new = padded[:start] + block + padded[start + 8:]
            # Strip only when the block ends the line (a pending result is
            # blank): trailing columns after it belong to the line, not to us.
            new = new.rstrip() if len(line) <= start + 8 else new
            declared = self.tournament.player(pid).declared_points
            if declared is not None:
                total = tournament.standing_points(pid)
                if total != declared:
                    new = new[:80] + f"{total:4.1f}"[-4:] + new[84:]
            new_lines[number] = new
        lines = tuple(new_lines)
        return replace(self, lines=lines, tournament=tournament)


def looks_like_trf(text: str) -> bool:
    """Does ``text`` start like a TRF (a record code in columns 1-3, then a space)?"""
    for line in NEWLINE.split(text.lstrip("\ufeff")):
        if not line.strip():
            continue
        return bool(re.match(r"^(\d{3}|XX[A-Z]|BB[A-Z]|###|[A-Z]{3})( |$)", line))
    return False


def read_trf(path: str | Path, *, strict: bool = False) -> TrfDocument:
    """Read and check the TRF file at ``path`` (at most
    :data:`~swisslearn.fileio.MAX_INPUT_BYTES`, a regular file)."""
    data = read_input_bytes(path, TRFError)
    return parse_trf(data, source=str(path), strict=strict)


def has_team_records(document: TrfDocument) -> bool:
    """Does the file describe teams (``310`` or ``013`` records, not the
    ``013`` team prizes of an individual tournament)?  Asked before the team
    reader (:mod:`swisslearn.formats.teams`) is loaded, and by it."""
    return not document.team_prizes and any(line[:3] in ("310", "013")
                                            for line in document.lines)


def load_trf(path: str | Path) -> Tournament:
    """The tournament in the TRF file at ``path``."""
    return read_trf(path).tournament


def parse_trf(data: bytes | str, source: str = "<trf>", *, strict: bool = False) -> TrfDocument:
    """Parse TRF text (or bytes: UTF-8, else Windows-1252/Latin-1) into a
    checked :class:`TrfDocument`; :class:`TRFError` listing every problem
    if the file is refused (with ``strict``: if it has any problem)."""
    if isinstance(data, bytes):
        text, encoding = decode_text(data, source, TRFError)
    else:
        text, encoding = data, UTF8
    split = split_lines(text)
    lines = split.lines
    line_endings = split.endings if len(set(split.endings)) > 1 else ()
    if not any(line.strip() for line in lines):
        raise TRFError(file=source, line=1, column=1, key="trf.empty")
    _refuse_if_not_trf(lines, source)
    report = Report(source, TRFError)
    parser = _Parser(source, lines, report)
    tournament = parser.parse()
    warnings = report.finish(strict)
    return TrfDocument(lines=tuple(lines), source=source, newline=split.newline,
                       final_newline=split.final_newline, bom=split.bom, tournament=tournament,
                       line_endings=line_endings, encoding=encoding, warnings=warnings,
                       first_colour=parser.first_colour,
                       team_references=tuple(parser.team_references),
                       team_prizes=parser.team_prizes)


def _seen_as(name: str) -> str:
    """A name as a reader sees it: compatibility-normalized (NFKC: composed
    letters, non-breaking spaces), invisible format characters (zero-width
    space, joiners, bidirectional marks) dropped, blanks collapsed."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(c for c in text if unicodedata.category(c) not in ("Cf", "Cc"))
    return " ".join(text.split())


_RECORD_START = re.compile(r"(\d{3}|XX[A-Z]|BB[A-Z]|XS[A-Z]|###|[A-Z]{3})( |$)")


def _refuse_if_not_trf(lines: Sequence[str], source: str) -> None:
    """A file that is no TRF at all (a README, a CSV...) is refused in one
    line, not with a warning for each of its lines: it has no player line
    (``001``, even shifted or misspelt) and most of its lines start with no
    record code."""
    written = [line for line in lines if line.strip()]
    if any(line.lstrip(_LEADING)[:3] in _PLAYER_LIKE for line in written):
        return
    records = sum(1 for line in written if _RECORD_START.match(line))
    if records * 2 >= len(written):
        return  # a TRF without players: its own errors say what is missing
    why: dict[str, object] = (
        {"key": "trf.not_trf.no_record", "lines": len(written)} if records == 0 else
        {"key": "trf.not_trf.no_player", "lines": len(written),
         "unknown": len(written) - records})
    raise TRFError(file=source, line=1, column=0, key="trf.not_trf", fields={
        "why": Reason(str(why.pop("key")), why)})


def _is_nrs_code(code: str) -> bool:
    """A National Rating Support record: a 3-letter federation code (TRF-2026)."""
    return (len(code) == 3 and code.isascii() and code.isalpha() and code.isupper()
            and not code.startswith(("XX", "BB", "XS")))


def _nrs_shape(line: str) -> bool:
    """Columns 5-8 of an NRS record hold a starting rank (the legend line does not)."""
    return len(line) >= 8 and line[3] == " " and _digits(line[4:8].strip())


def _digits(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` accepts "²", which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def _int_or_none(text: str) -> int | None:
    text = text.strip()
    return int(text) if _digits(text) else None


def _is_ruler(line: str) -> bool:
    """A column ruler such as ``0123456789012...`` or ``         1         2``."""
    text = line.rstrip()
    if len(text) < 10 or not all(c.isascii() and (c.isdigit() or c == " ") for c in text):
        return False
    if "1234567890" in text or "0123456789" in text:
        return True
    numbers = [int(word) for word in text.split()]
    return len(numbers) >= 2 and all(b == a + 1 for a, b in zip(numbers, numbers[1:]))


def _looks_like_player(line: str) -> str | None:
    """If ``line`` is a ``001`` record shifted or misspelt, what is wrong
    with it (``"shifted"`` or ``"misspelt"``); else ``None``."""
    if line[:1] in _LEADING and line.lstrip(_LEADING)[:3] in _PLAYER_LIKE:
        return "shifted"
    code = line[:3]
    if code != "001" and code in _PLAYER_LIKE:
        return "misspelt"
    return None


@dataclass
class _Declared:
    """A value some record declares: the value, its line, column and record code."""

    value: object
    line: int
    column: int
    code: str


def _col(line: str, first: int, last: int) -> str:
    """Columns ``first`` to ``last`` of a TRF line (1-based, inclusive)."""
    return line[first - 1:last]


class _Parser:
    """Reads the records that mean something for pairing; keeps the rest."""

    def __init__(self, source: str, lines: list[str], report: Report) -> None:
        self.source = source
        self.lines = lines
        self.report = report
        self.name = ""
        self.players: list[Player] = []
        self.player_lines: dict[PlayerId, int] = {}
        self.broken: set[PlayerId] = set()        # players whose line has an error
        self.broken_blocks: set[tuple[PlayerId, RoundNumber]] = set()
        self.rounds_declared: list[_Declared] = []
        self.colours_declared: list[_Declared] = []
        self.first_colour = ""
        self.points_set: dict[str, _Declared] = {}
        self.byes: list[tuple[ByeRequest, int, int]] = []  # (bye, line, column of the player)
        self.absent_next: list[tuple[PlayerId, int, int]] = []
        self.forbidden: list[tuple[ForbiddenPairs, int]] = []
        self.accelerations: list[Acceleration] = []
        self.acceleration_ranges: list[tuple[Decimal, int, int, int, int]] = []  # 250
        self.match_accelerations: list[tuple[int, str]] = []  # 250 lines with match points
        self.adjustments: list[tuple[PointAdjustment, int]] = []  # 299
        self.system = ""
        self.header: dict[str, str] = {}
        self.positional = False
        self.counts: dict[str, tuple[int, int]] = {}  # 062/072/082: (value, line)
        self.nrs: list[tuple[PlayerId, int]] = []
        self.team_lines: dict[str, int] = {}        # team record code -> first line
        self.team_prizes = False                    # 013 lines of an individual Swiss
        self.player_count = 0                       # 001 lines, broken ones included
        self.unnamed = 0                            # 001 lines whose starting rank is unreadable
        self.team_references: list[TeamReference] = []  # a team file's 240/260/299

    def error(self, key: str, line: int, column: int = 0, field: str = "",
              **fields: object) -> None:
        self.report.error(key, line, column, field, **fields)

    def warning(self, key: str, line: int, column: int = 0, field: str = "",
                **fields: object) -> None:
        self.report.warning(key, line, column, field, **fields)

    # -- the lines ----------------------------------------------------------

    def parse(self) -> Tournament:
        handlers = _HANDLERS
        for number, line in enumerate(self.lines, 1):
            code = line[:3]
            handler = handlers.get(code)
            if handler is not None and code != "001" and code.isdigit() and _is_ruler(line):
                continue  # "0123456789...": a column ruler, not a 012 record
            if handler is None:
                self.other_line(line, number)
                continue
            if len(line) > 3 and line[3] != " ":
                if code not in _VALUE_CODES:
                    self.error("trf.no_space", number, 4, code=code)
                    if code == "001":
                        self.count_player(line[:3] + " " + line[3:], number)
                    continue
                line = code + " " + line[3:]  # "012Open": harmless, read as "012 Open"
            handler(self, line, number)
        if not self.players and not self.player_count:
            self.error("trf.no_player", len(self.lines), 0)
        return self.build()

    def other_line(self, line: str, number: int) -> None:
        """A line no handler reads: blank, comment, ruler, kept record, or a problem."""
        if not line.strip() or line.startswith(("###", _LEGEND)) or _is_ruler(line):
            return
        code = line[:3]
        if code in INFORMATIVE_CODES:
            if code in ("062", "072", "082"):
                value = line[3:].strip()
                if _digits(value):
                    self.counts.setdefault(code, (int(value), number))
                elif value:
                    self.warning("trf.count_not_number", number, 5, code=code, value=value)
            return
        if code in PROTECTION_CODES:
            return
        if code in TEAM_CODES:
            self.team_lines.setdefault(code, number)
            return
        lookalike = _looks_like_player(line)
        if lookalike is not None:
            self.error(f"trf.player_{lookalike}", number, 1, "record", code=code,
                       start=repr(line[:len(line) - len(line.lstrip(_LEADING))] or code))
            self.count_player("001" + line.lstrip(_LEADING)[3:], number)
            return
        if line[:1] in _LEADING:
            self.warning("trf.leading_blank", number, 1)
            return
        if _is_nrs_code(code) and _nrs_shape(line):
            self.nrs.append((int(line[4:8]), number))
            return
        self.warning("trf.unknown_record", number, 1, "record", code=code)

    def count_player(self, line: str, number: int) -> None:
        """A broken player line: count it, and keep its starting rank known
        (so that others' references to it are no new errors), nothing more."""
        self.player_count += 1
        pid = _int_or_none(line[4:8])
        if pid is None or pid < 1:
            self.unnamed += 1
        elif pid not in self.player_lines:
            self.player_lines[pid] = number
            self.broken.add(pid)
            self.players.append(Player(id=pid, name=line[14:47].strip()))

    # -- records ----------------------------------------------------------

    def tournament_name(self, line: str, number: int) -> None:
        self.name = line[4:].strip()

    def rounds(self, line: str, number: int) -> None:
        value = line[4:].strip()
        if not _digits(value) or int(value) < 1:
            self.error("trf.rounds_bad", number, 5, "rounds", value=value)
            return
        self.rounds_declared.append(_Declared(int(value), number, 5, line[:3]))

    def colour152(self, line: str, number: int) -> None:
        value = line[4:].strip().upper()
        if value not in ("W", "B"):
            self.error("trf.colour_bad", number, 5, "colour", value=value)
            return
        self.colours_declared.append(
            _Declared(Colour.WHITE if value == "W" else Colour.BLACK, number, 5, "152"))

    def configuration(self, line: str, number: int) -> None:
        for word, column in _tokens(line, 4):
            lowered = word.lower()
            if lowered in ("white1", "black1"):
                colour = Colour.WHITE if lowered == "white1" else Colour.BLACK
                self.colours_declared.append(_Declared(colour, number, column, "XXC"))
            elif lowered == "rank":
                self.positional = True
            else:
                self.warning("trf.xxc_unknown", number, column, "XXC", word=word)

    def type_code(self, line: str, number: int) -> None:
        self.system = line[4:].strip()

    def header_text(self, line: str, number: int) -> None:
        """042, 052, 092: kept as written (dates and type of tournament, which
        tell the edition of the rules; never refused)."""
        self.header[line[:3]] = line[4:].strip()

    def _set_points(self, fields: Iterable[str], value: str, number: int, column: int,
                    code: str) -> None:
        if not _NUMBER.match(value):
            self.error("trf.points_value_bad", number, column, "points", value=value)
            return
        amount = Decimal(value)
        for name in fields:
            earlier = self.points_set.get(name)
            # JaVaFo: the last XXS value wins; any other disagreement is ambiguous.
            if (earlier is not None and earlier.value != amount and earlier.line != number
                    and not (earlier.code == code == "XXS")):
                self.error("trf.points_conflict", number, column, "points", value=value,
                           code=code, other=earlier.value, other_code=earlier.code,
                           other_line=earlier.line)
                return
            self.points_set[name] = _Declared(amount, number, column, code)

    def point_system162(self, line: str, number: int) -> None:
        column = 6
        while column <= len(line) + 4:
            # Columns 5, 11-14, 20-23...: blank (a shifted 162 must not be ignored).
            gap = column - 1 if column == 6 else column - 4
            for blank in range(gap, column):
                if line[blank - 1:blank].strip():
                    self.error("trf.162_misplaced", number, blank, "symbol",
                               char=line[blank - 1], col=blank)
                    return
            symbol = line[column - 1:column].strip()
            if symbol:
                fields = TRF162_FIELDS.get(symbol.upper())
                if fields is None:
                    self.error("trf.162_symbol", number, column, "symbol", symbol=symbol)
                    return
                self._set_points(fields, line[column:column + 4].strip(), number, column + 1,
                                 "162")
            column += 9

    def point_system_xxs(self, line: str, number: int) -> None:
        for word, column in _tokens(line, 4):
            code, _, value = word.partition("=")
            fields = XXS_FIELDS.get(code.upper())
            if fields is None or not value:
                self.error("trf.xxs_item", number, column, "XXS", item=word,
                           codes=" ".join(XXS_FIELDS))
                continue
            self._set_points(fields, value, number, column + len(code) + 1, "XXS")

    def point_system_bb(self, line: str, number: int) -> None:
        self._set_points(BB_FIELDS[line[:3]], line[4:].strip(), number, 5, line[:3])

    def bye240(self, line: str, number: int) -> None:
        tokens = _tokens(line, 4)
        if len(tokens) < 3:
            self.error("trf.240_short", number, len(line) + 1)
            return
        (kind, kind_col), (round_text, round_col) = tokens[0], tokens[1]
        result = {"F": Result.FULL_POINT_BYE, "H": Result.HALF_POINT_BYE,
                  "Z": Result.ZERO_POINT_BYE}.get(kind.upper())
        if result is None:
            self.error("trf.240_type", number, kind_col, "type", kind=kind)
            return
        if not _digits(round_text) or int(round_text) < 1:
            self.error("trf.round_number_bad", number, round_col, "round", value=round_text)
            return
        for text, column in tokens[2:]:
            pid = self._id(text, number, column)
            if pid is not None:
                self.byes.append((ByeRequest(int(round_text), pid, result), number, column))

    def acceleration250(self, line: str, number: int) -> None:
        for blank in (9, 14, 18, 22, 27):
            if line[blank - 1:blank].strip():
                self.error("trf.separator", number, blank, code="250", char=line[blank - 1],
                           col=blank)
                return
        if line[31:].strip():
            self.error("trf.trailing", number, 32, code="250", text=line[31:].strip())
            return
        game = line[9:13].strip()
        first, last = line[14:17].strip(), line[18:21].strip()
        first_id, last_id = line[22:26].strip(), line[27:31].strip()
        for value, column, what in ((first, 15, "first round"), (last, 19, "last round"),
                                    (first_id, 23, "first player"), (last_id, 28, "last player")):
            if not _digits(value):
                self.error(f"trf.250_{what.replace(' ', '_')}", number, column, what,
                           value=value)
                return
        match = line[4:8].strip()
        # TRF-2026 gives match points (5-8, teams) and game points (10-13);
        # either may be blank (FIDE's own sample leaves the game points blank
        # in a team file): a blank field gives no points of that kind.
        if not (game == "" and match) and not _NUMBER.match(game):
            self.error("trf.250_points", number, 10, "points", value=game)
            return
        if match and not _NUMBER.match(match):
            self.error("trf.250_points", number, 5, "points", value=match)
            return
        # A reversed range would silently give nobody the fictitious points.
        if int(first) < 1 or int(last) < int(first):
            self.error("trf.250_rounds", number, 15, "round", first=first, last=last)
            return
        if int(first_id) < 1 or int(last_id) < int(first_id):
            self.error("trf.250_players", number, 23, "player", first=first_id, last=last_id)
            return
        if match:
            self.match_accelerations.append((number, match))
        # Expanded in build(), over the players and rounds the file has: a
        # range such as 001-999 x 0001-9999 must not make 10 million objects.
        self.acceleration_ranges.append(
            (Decimal(game or 0), int(first), int(last), int(first_id), int(last_id)))

    def forbidden260(self, line: str, number: int) -> None:
        tokens = _tokens(line, 4)
        if len(tokens) < 4:
            self.error("trf.260_short", number, len(line) + 1)
            return
        rounds = []
        for text, column in tokens[:2]:
            if not _digits(text):
                self.error("trf.round_number_bad", number, column, "round", value=text)
                return
            rounds.append(int(text))
        # An empty or reversed range would silently forbid nothing.
        if rounds[0] < 1:
            self.error("trf.260_first_round", number, tokens[0][1], "round", round=rounds[0])
            return
        if rounds[1] < rounds[0]:
            self.error("trf.260_reversed", number, tokens[1][1], "round", first=rounds[0],
                       last=rounds[1])
            return
        players = self._ids(tokens[2:], number, "260")
        if players is not None:
            self.forbidden.append((ForbiddenPairs(players, rounds[0], rounds[1]), number))

    def forbidden_xxp(self, line: str, number: int) -> None:
        tokens = _tokens(line, 4)
        if len(tokens) < 2:
            self.error("trf.xxp_short", number, len(line) + 1)
            return
        players = self._ids(tokens, number, "XXP")
        if players is not None:
            self.forbidden.append((ForbiddenPairs(players), number))

    def _ids(self, tokens: list[tuple[str, int]], number: int,
             code: str) -> tuple[PlayerId, ...] | None:
        """The pairing numbers of a forbidden group (a repeated one is a warning)."""
        players: list[PlayerId] = []
        for text, column in tokens:
            pid = self._id(text, number, column)
            if pid is None:
                return None
            if pid in players:
                self.warning("trf.repeated_player", number, column, "player", code=code,
                             player=pid)
                continue
            players.append(pid)
        return tuple(players)

    def absent_xxz(self, line: str, number: int) -> None:
        for text, column in _tokens(line, 4):
            pid = self._id(text, number, column)
            if pid is not None:
                self.absent_next.append((pid, number, column))

    def acceleration_xxa(self, line: str, number: int) -> None:
        pid = self._id(line[4:8], number, 5)
        if pid is None:
            return
        column = 10
        r = 1
        while column <= len(line):
            if line[column - 2:column - 1].strip():
                self.error("trf.separator", number, column - 1, code="XXA",
                           char=line[column - 2], col=column - 1)
                return
            cell = line[column - 1:column + 3].strip()
            if cell:
                if not _NUMBER.match(cell):
                    self.error("trf.xxa_points", number, column, value=cell)
                    return
                self.accelerations.append(Acceleration(pid, r, Decimal(cell)))
            column += 5
            r += 1

    def abnormal299(self, line: str, number: int) -> None:
        """TRF-2026 ``299``: 5 type, 8-11 match points (teams), 14-17 points,
        20-22 round, then pairing numbers from column 24, every 5 columns."""
        for blank in (4, 6, 7, 12, 13, 18, 19, 23):
            if line[blank - 1:blank].strip():
                self.error("trf.separator", number, blank, code="299", char=line[blank - 1],
                           col=blank)
                return
        kind = line[4:5].strip().upper()
        if kind and kind not in _299_TYPES:
            self.error("trf.299_type", number, 5, "type", kind=line[4])
            return
        match_points, points = line[7:11].strip(), line[13:17].strip()
        for value, column in ((match_points, 8), (points, 14)):
            if value and not _NUMBER.match(value):
                self.error("trf.points_value_bad", number, column, "points", value=value)
                return
        round_text = line[19:22].strip()
        if round_text and not _digits(round_text):
            self.error("trf.round_number_bad", number, 20, "round", value=round_text)
            return
        players: list[PlayerId] = []
        column = 24
        while column <= len(line):
            if column > 24 and line[column - 2:column - 1].strip():
                self.error("trf.separator", number, column - 1, code="299",
                           char=line[column - 2], col=column - 1)
                return
            text = line[column - 1:column + 3]
            if text.strip():
                pid = self._id(text, number, column)
                if pid is None:
                    return
                players.append(pid)
            column += 5
        if not points and not match_points:
            self.error("trf.299_no_points", number, 14, "points")
            return
        round = int(round_text) if round_text and int(round_text) > 0 else None
        self.adjustments.append((PointAdjustment(
            points=Decimal(points) if points else Decimal(0), round=round,
            players=tuple(players), results=_299_TYPES.get(kind, ()),
            match_points=Decimal(match_points) if match_points else None,
            has_points=bool(points)), number))

    def _id(self, text: str, number: int, column: int) -> PlayerId | None:
        text = text.strip()
        if not _digits(text) or int(text) < 1:
            self.error("trf.pairing_number_bad", number, column, "player", value=text)
            return None
        return int(text)

    # -- the player record ------------------------------------------------

    def player(self, line: str, number: int) -> None:
        """A 001 record, read field by field in the order of its columns
        (TRF16: rank 5-8, sex 10, title 11-13, name 15-47, rating 49-52,
        federation 54-56, FIDE number 58-68, birth 70-79, points 81-84, rank
        86-89, then the round blocks from column 92)."""
        self.player_count += 1
        errors_before = len(self.report.errors)
        pid = self._player_number(line, number)
        if pid is None:
            return
        name = _col(line, 15, 47).strip()
        if self._player_separators(line, number, pid):
            self.players.append(Player(id=pid, name=name))
            return
        if _col(line, 90, 91).strip():
            self.error("trf.player_before_rounds", number,
                       90 if _col(line, 90, 90).strip() else 91, text=_col(line, 90, 91).strip())
        sex, title, rating_text, federation, fide_id, birth = self._player_identity(line, number)
        declared, rank = self._player_declared(line, number)
        entries = self._player_rounds(line, number, pid)
        self.player_lines[pid] = number
        if len(self.report.errors) > errors_before:
            self.broken.add(pid)
        self.players.append(Player(
            id=pid, name=name, rating=int(rating_text) if rating_text else 0,
            title=title, sex=sex, federation=federation, fide_id=fide_id, birth_date=birth,
            declared_points=declared, declared_rank=int(rank) if rank else None,
            entries=tuple(entries)))

    def _player_number(self, line: str, number: int) -> PlayerId | None:
        """The starting rank (5-8), or None (an error said why) when it is
        not a number, or another 001 line has it already."""
        rank_text = _col(line, 5, 8)
        if not _digits(rank_text.strip()) or int(rank_text) < 1:
            self.error("trf.rank_number_bad", number, 5, "starting rank",
                       value=rank_text.strip())
            self.unnamed += 1
            return None
        pid = int(rank_text)
        if pid in self.player_lines:
            self.error("trf.rank_number_twice", number, 5, "starting rank", player=pid,
                       other_line=self.player_lines[pid])
            return None
        return pid

    def _player_separators(self, line: str, number: int, pid: PlayerId) -> bool:
        """Separators between the fixed fields: anything there shifts a field,
        and the rest of the line cannot be trusted (one error for it all;
        True: the player is kept by name only, as broken)."""
        broken = [blank for blank in (9, 14, 48, 53, 57, 69, 80, 85)
                  if _col(line, blank, blank).strip()]
        if not broken:
            return False
        self.error("trf.player_separator", number, broken[0],
                   char=_col(line, broken[0], broken[0]), col=broken[0],
                   others=len(broken) - 1)
        self.player_lines[pid] = number
        self.broken.add(pid)
        return True

    def _player_identity(self, line: str, number: int
                         ) -> tuple[str, str, str, str, str, str]:
        """Sex, title, rating (digits, else "" and an error), federation,
        FIDE number and birth date, each warned about when it looks wrong."""
        sex = _col(line, 10, 10).strip()
        if sex and sex.lower() not in ("m", "w", "f"):
            self.warning("trf.sex", number, 10, "sex", value=sex)
        title = _col(line, 11, 13).strip()
        if title and title not in _TITLES and title.upper() not in _TITLES:
            self.warning("trf.title", number, 11, "title", value=title)
        rating_text = _col(line, 49, 52).strip()
        if rating_text and not _digits(rating_text):
            self.error("trf.rating_bad", number, 49, "rating", value=rating_text)
            rating_text = ""
        federation = _col(line, 54, 56).strip()
        if federation and not (federation.isascii() and federation.isalpha()):
            self.warning("trf.federation", number, 54, "federation", value=federation)
        fide_id = _col(line, 58, 68).strip()
        if fide_id and not _digits(fide_id):
            self.warning("trf.fide_id", number, 58, "FIDE number", value=fide_id)
        birth = _col(line, 70, 79).strip()
        if birth and not re.fullmatch(r"[0-9./ -]+", birth):
            self.warning("trf.birth_date", number, 70, "birth date", value=birth)
        return sex, title, rating_text, federation, fide_id, birth

    def _player_declared(self, line: str, number: int) -> tuple[Points | None, str]:
        """The points (81-84) and rank (86-89) the file declares, checked
        against the results later (:meth:`_check_points`)."""
        points_text = _col(line, 81, 84).strip()
        declared: Points | None = None
        if points_text:
            try:
                declared = Decimal(points_text)
            except InvalidOperation:
                declared = None
            if declared is None or not _NUMBER.match(points_text):
                self.error("trf.player_points_bad", number, 81, "points", value=points_text)
                declared = None
        rank = _col(line, 86, 89).strip()
        if rank and not _digits(rank):
            self.error("trf.player_rank_bad", number, 86, "rank", value=rank)
            rank = ""
        return declared, rank

    def _player_rounds(self, line: str, number: int, pid: PlayerId) -> list[RoundEntry]:
        """The round blocks, ten columns each from column 92."""
        entries = []
        start = ROUND_BLOCK_START
        r = 1
        # Where the line's last non-blank character ends: the rest of the line
        # is blank from there (found once: slicing and stripping the rest at
        # each block made a line of 100,000 blocks take seconds).
        written = len(line.rstrip())
        while start <= len(line):
            block = line[start - 1:start + 9]
            # Blanks with nothing after them are no block (trailing spaces must
            # not read as a "0000 - Z" absence from the next round).
            entry = self.round_block(block, r, number, start, pid, last=start > written)
            if entry is not None:
                entries.append(entry)
            start += 10
            r += 1
        return entries

    def round_block(self, block: str, r: int, number: int, start: int, pid: PlayerId,
                    last: bool) -> RoundEntry | None:
        if not block.strip():
            # Blank columns after the last block are no block; a blank block
            # between others is "0000 - Z" (TRF: blanks read as 0000, -, Z).
            return None if last else RoundEntry(r, None, None, Result.ZERO_POINT_BYE)
        known = _PARSED_BLOCKS.get(block)
        if known is not None:
            return RoundEntry(r, *known)
        entry = self._new_round_block(block, r, number, start)
        if entry is None:
            self.broken_blocks.add((pid, r))
            return None
        if len(_PARSED_BLOCKS) >= _PARSED_BLOCKS_MAX:
            _PARSED_BLOCKS.clear()
        _PARSED_BLOCKS[block] = (entry.opponent, entry.colour, entry.result)
        return entry

    def _new_round_block(self, block: str, r: int, number: int,
                         start: int) -> RoundEntry | None:
        """Read and check a block not seen before (``None``: it is wrong, and reported)."""
        block = block.ljust(10)
        opponent_text, colour_text, result_text = block[0:4], block[5], block[7]
        for offset in (4, 6, 8, 9):
            if block[offset] != " ":
                self.error("trf.block_separator", number, start + offset, f"round {r}", round=r,
                           char=block[offset], col=start + offset, first=start,
                           last=start + 7)
                return None
        opponent_text = opponent_text.strip()
        if opponent_text and not _digits(opponent_text):
            self.error("trf.block_opponent", number, start, f"round {r} opponent", round=r,
                       value=opponent_text)
            return None
        opponent = int(opponent_text) if opponent_text and int(opponent_text) > 0 else None
        if colour_text.lower() not in ("w", "b", "-", " "):
            self.error("trf.block_colour", number, start + 5, f"round {r} colour", round=r,
                       value=colour_text)
            return None
        colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(colour_text.lower())
        if result_text != " " and result_text.upper() not in "+-WDL1=0HFUZ":
            self.error("trf.block_result", number, start + 7, f"round {r} result", round=r,
                       value=result_text)
            return None
        if opponent is None:
            result = Result.from_code(result_text)
            if result not in _WITHOUT_OPPONENT:
                self.error("trf.block_needs_opponent", number, start + 7, f"round {r} result",
                           round=r, value=result_text)
                return None
            if colour is not None:
                self.error("trf.block_bye_colour", number, start + 5, f"round {r} colour",
                           round=r, value=colour_text)
                return None
            return RoundEntry(r, None, None, result)
        result = Result.PENDING if result_text == " " else Result.from_code(result_text)
        if result.is_bye:
            self.error("trf.block_bye_opponent", number, start + 7, f"round {r} result",
                       round=r, value=result_text, opponent=opponent)
            return None
        if colour is None and not result.is_forfeit:
            self.error("trf.block_no_colour", number, start + 5, f"round {r} colour", round=r,
                       opponent=opponent)
            return None
        return RoundEntry(r, opponent, colour, result)

    # -- cross-checks -------------------------------------------------------

    def build(self) -> Tournament:
        if not self.players:  # nothing to check the other records against
            return Tournament(name=self.name, source=self.source)
        self.players.sort(key=lambda p: p.id)
        by_id = {p.id: p for p in self.players}
        rounds = self._rounds()
        initial = self._initial_colour(by_id)
        self._check_rounds(by_id, rounds)
        points = self._point_system()
        self.team_prizes = self._team_prizes()
        is_team_file = "310" in self.team_lines or (
            "013" in self.team_lines and not self.team_prizes)
        self._check_names()
        if not is_team_file:  # a team's PAB is a bye for each of its board players
            self._check_byes()
        adjustments = () if is_team_file else tuple(a for a, _ in self.adjustments)
        self._check_records(by_id, rounds, is_team_file)
        # In a team file 240 names teams (TPNs), read by the team reader as they are.
        byes = [bye for bye, _, _ in self.byes] if is_team_file else self._byes(by_id, rounds)
        if is_team_file:
            self.team_references = self._team_references()
        else:  # in a team file 250 names teams (TPNs): no player's acceleration
            self._add_accelerations(by_id, rounds)
        order = tuple(p.id for p in self.players)
        if self.positional:
            order = tuple(sorted(by_id, key=lambda pid: self.player_lines[pid]))
        if initial is None and not is_team_file:
            initial = self._first_round_colour(by_id, order)
        tournament = Tournament(
            name=self.name, players=tuple(self.players), rounds=rounds,
            point_system=points, initial_colour=initial,
            bye_requests=tuple(byes), forbidden=tuple(g for g, _ in self.forbidden),
            accelerations=tuple(self.accelerations), system=self.system, source=self.source,
            initial_order=order, adjustments=adjustments, start_date=self.header.get("042", ""),
            end_date=self.header.get("052", ""), type_text=self.header.get("092", ""))
        self._check_points(tournament, is_team_file)
        return tournament

    def _team_references(self) -> list[TeamReference]:
        """A team file's 240, 260/XXP and 299 records: they name teams
        (TPNs), checked by the team reader."""
        return ([TeamReference("240", line, column, bye) for bye, line, column in self.byes]
                + [TeamReference(self.lines[line - 1][:3], line, 0, group)
                   for group, line in self.forbidden]
                + [TeamReference("299", line, 24, adjustment)
                   for adjustment, line in self.adjustments])

    def _add_accelerations(self, by_id: Mapping[PlayerId, Player], rounds: int | None) -> None:
        """The 250 records' game points, one :class:`Acceleration` a player
        and round of each range (up to the last round, or the one after the
        last played); match points are warned about and not used."""
        last_round = rounds if rounds is not None else max(
            (e.round for p in self.players for e in p.entries), default=0) + 1
        for line, match in self.match_accelerations:
            self.warning("trf.250_match_points", line, 5, "points", value=match)
        for game, first, last, first_id, last_id in self.acceleration_ranges:
            if not game:
                continue
            for pid in sorted(pid for pid in by_id if first_id <= pid <= last_id):
                for r in range(first, min(last, last_round) + 1):
                    self.accelerations.append(Acceleration(pid, r, game))

    def _check_names(self) -> None:
        """Two names that differ but look the same on a screen (a zero-width
        space, a letter composed or decomposed, a non-breaking space): an
        arbiter could not tell the players apart; a warning names both lines."""
        seen: dict[str, Player] = {}
        for player in sorted(self.players, key=lambda p: self.player_lines.get(p.id, 0)):
            key = _seen_as(player.name)
            if not key:
                continue
            other = seen.setdefault(key, player)
            if other is not player and other.name != player.name:
                self.warning("trf.name_lookalike", self.player_lines[player.id], 15, "name",
                             player=player.id, other=other.id,
                             other_line=self.player_lines[other.id])

    def _check_byes(self) -> None:
        """One pairing-allocated bye a round: a second one contradicts the
        pairing (an odd player out is one player)."""
        first: dict[RoundNumber, PlayerId] = {}
        for player in sorted(self.players, key=lambda p: self.player_lines.get(p.id, 0)):
            for entry in player.entries:
                if entry.result is not Result.PAIRING_ALLOCATED_BYE:
                    continue
                other = first.setdefault(entry.round, player.id)
                if other != player.id:
                    self.warning("trf.two_byes", self.player_lines[player.id],
                                 round_block_column(entry.round) + 7, f"round {entry.round}",
                                 round=entry.round, player=player.id, other=other,
                                 other_line=self.player_lines[other])

    def _rounds(self) -> RoundNumber | None:
        """The number of rounds (142/XXR); two that differ are ambiguous."""
        if not self.rounds_declared:
            return None
        first = self.rounds_declared[0]
        for other in self.rounds_declared[1:]:
            if other.value != first.value:
                self.error("trf.rounds_conflict", other.line, other.column, "rounds",
                           code=other.code, value=other.value, other_code=first.code,
                           other_value=first.value, other_line=first.line)
            else:
                self.warning("trf.rounds_twice", other.line, other.column, "rounds",
                             code=other.code, value=other.value, other_code=first.code,
                             other_line=first.line)
        value = first.value
        assert isinstance(value, int)
        return value

    def _initial_colour(self, by_id: Mapping[PlayerId, Player]) -> Colour | None:
        """The declared first colour (152, XXC white1/black1); two that differ are ambiguous."""
        if not self.colours_declared:
            return None
        first = self.colours_declared[0]
        for other in self.colours_declared[1:]:
            if other.value is not first.value:
                self.error("trf.colour_conflict", other.line, other.column, "colour",
                           code=other.code, other_code=first.code, other_line=first.line)
        self.first_colour = first.code
        assert isinstance(first.value, Colour)
        return first.value

    def _first_round_colour(self, by_id: Mapping[PlayerId, Player],
                            order: tuple[PlayerId, ...]) -> Colour | None:
        """TRF-2026 (152): the colour of the highest-ranked player paired in the
        first round where colours were given; ``None`` if none was."""
        rounds = [e.round for p in self.players for e in p.entries
                  if e.opponent is not None and e.colour is not None]
        if not rounds:
            return None
        first = min(rounds)
        for pid in order:
            entry = by_id[pid].entry(first)
            if entry is not None and entry.opponent is not None and entry.colour is not None:
                self.first_colour = f"round {first}"
                return entry.colour
        return None  # pragma: no cover - the round has a colour

    def _check_rounds(self, by_id: Mapping[PlayerId, Player], rounds: int | None) -> None:
        """Each round block against the declared rounds and the opponent's block."""
        for player in self.players:
            line = self.player_lines[player.id]
            met: dict[PlayerId, RoundNumber] = {}
            for entry in player.entries:
                column = round_block_column(entry.round)
                if rounds is not None and entry.round > rounds:
                    self.error("trf.block_beyond_rounds", line, column, f"round {entry.round}",
                               player=player.id, round=entry.round, rounds=rounds,
                               declared=Count(rounds, "round"),
                               rounds_line=self.rounds_declared[0].line)
                if entry.opponent is None:
                    continue
                self._check_opponent(player, entry, by_id, line, column)
                if entry.game_played and entry.opponent in by_id:
                    if entry.opponent in met and player.id < entry.opponent:
                        self.error("trf.rematch", line, column, f"round {entry.round} opponent",
                                   player=player.id, other=entry.opponent,
                                   first=met[entry.opponent], second=entry.round)
                    met.setdefault(entry.opponent, entry.round)

    def _check_opponent(self, player: Player, entry: RoundEntry,
                        by_id: Mapping[PlayerId, Player], line: int, column: int) -> None:
        assert entry.opponent is not None
        r = entry.round
        if entry.opponent == player.id:
            self.error("trf.self_opponent", line, column, f"round {r} opponent", round=r,
                       player=player.id)
            return
        other = by_id.get(entry.opponent)
        if other is None:
            # A 001 line whose starting rank cannot be read is most likely that
            # player: its own error says what is wrong, here is no second one.
            if not self.unnamed:
                self.error("trf.unknown_opponent", line, column, f"round {r} opponent",
                           round=r, opponent=entry.opponent)
            return
        if other.id in self.broken or (other.id, r) in self.broken_blocks:
            return  # its own error is reported on its line
        back = other.entry(r)
        where = self.player_lines[other.id]
        if back is None or back.opponent != player.id:
            said = "nothing" if back is None else "opponent" if back.opponent else "none"
            self.error(f"trf.asymmetric.{said}", line, column, f"round {r} opponent", round=r,
                       player=player.id, other=other.id, other_line=where,
                       said=back.opponent if back is not None else None)
            return
        if player.id > other.id:
            return  # the pair is checked once, from its lower line's side
        if entry.colour is not None and back.colour is entry.colour:
            self.error("trf.same_colour", line, column + 5, f"round {r} colour", round=r,
                       player=player.id, other=other.id, colour=entry.colour.value,
                       other_line=where)
        if not _results_agree(entry.result, back.result):
            self.error("trf.results_disagree", line, column + 7, f"round {r} result",
                       round=r, player=player.id, other=other.id, mine=entry.result.code,
                       theirs=back.result.code, expected=_agreeing_codes(entry.result),
                       other_line=where)

    def _point_system(self) -> PointSystem:
        """The values set by 162/XXS/BB?, and the unset ones following them."""
        values = {name: declared.value for name, declared in self.points_set.items()}
        codes = {declared.code for declared in self.points_set.values()}
        if "pairing_allocated_bye" not in values and "win" in values and (
                "162" in codes or "BBW" in codes):
            values["pairing_allocated_bye"] = values["win"]  # 162: P "same as W"; BBU: BBW
        if "unknown" not in values and "draw" in values and "162" in codes:
            values["unknown"] = values["draw"]  # 162: X "same as D"
        return PointSystem().with_values(**values)  # type: ignore[arg-type]

    def _check_records(self, by_id: Mapping[PlayerId, Player], rounds: int | None,
                       is_team_file: bool) -> None:
        """Records that name players, and the counts 062/072/082."""
        self._check_forbidden(by_id, rounds, is_team_file)
        for pid, line, column in self.absent_next:
            if pid not in by_id:
                self.error("trf.xxz_unknown", line, column, player=pid)
        for pid, line in self.nrs:
            if pid not in by_id:
                self.warning("trf.nrs_unknown", line, 5, player=pid, code=self.lines[line - 1][:3])
        self._check_adjustments(by_id, rounds, is_team_file)
        if not is_team_file:
            for code, line in sorted(self.team_lines.items()):
                if code != "299" and not (code == "013" and self.team_prizes):
                    self.warning("trf.team_record_alone", line, 1, "record", code=code)
        self._check_counts()

    def _check_forbidden(self, by_id: Mapping[PlayerId, Player], rounds: int | None,
                         is_team_file: bool) -> None:
        """260/XXP: players that exist, rounds that will be played."""
        for group, line in self.forbidden:
            for pid in group.players:
                # In a team file 260 names teams (TPNs): the team reader checks them.
                if pid not in by_id and not is_team_file:
                    self.error("trf.forbidden_unknown", line, 0, "player", player=pid)
            if rounds is not None and group.first_round > rounds:
                self.warning("trf.forbidden_after_last", line, 5, "round",
                             round=group.first_round, rounds=rounds)

    def _check_adjustments(self, by_id: Mapping[PlayerId, Player], rounds: int | None,
                           is_team_file: bool) -> None:
        """299: players that exist, game points only, rounds that will be played."""
        for adjustment, line in self.adjustments:
            for pid in adjustment.players:
                if pid not in by_id and not is_team_file:
                    self.error("trf.299_unknown", line, 24, "player", player=pid)
            # In a team file 299 gives team points: the team reader applies it
            # (formats/teams.py), never to a board player's own points.
            if adjustment.match_points is not None and not is_team_file:
                self.warning("trf.299_match_points", line, 8, "points")
            if rounds is not None and adjustment.round is not None and adjustment.round > rounds:
                self.warning("trf.299_after_last", line, 20, "round", round=adjustment.round,
                             rounds=rounds)

    def _check_counts(self) -> None:
        """062 (players), 072 (rated players) and 082 (teams) against the file."""
        count = self.counts.get("062")
        if count is not None and count[0] != self.player_count:
            self.warning("trf.062", count[1], 5, value=count[0], found=self.player_count)
        count = self.counts.get("072")
        rated = sum(1 for p in self.players if p.rating > 0)
        if count is not None and count[0] != rated and not self.broken:
            self.warning("trf.072", count[1], 5, value=count[0], found=rated)
        count = self.counts.get("082")
        teams = sum(1 for line in self.lines if line[:3] == "310") or sum(
            1 for line in self.lines if line[:3] == "013")
        if count is not None and (teams or count[0]) and count[0] != teams \
                and not self.team_prizes:
            self.warning("trf.082", count[1], 5, value=count[0], found=teams)

    def _team_prizes(self) -> bool:
        """``013`` lines in an individual tournament: teams for a team prize
        (the JaVaFo manual's sample has one).  Without ``310``, the ``013``
        teams are the tournament's own teams only if their players meet
        teams: a game between a team's player and a player of no team says
        they are not (read as an individual Swiss, the 013 lines kept)."""
        if "310" in self.team_lines or "013" not in self.team_lines:
            return False
        members: set[int] = set()
        for line in self.lines:
            if line[:3] == "013":
                members.update(int(token) for token in line[36:].split() if token.isdigit())
        return any(entry.opponent is not None and entry.opponent not in members
                   for player in self.players if player.id in members
                   for entry in player.entries)

    def _byes(self, by_id: Mapping[PlayerId, Player], rounds: int | None) -> list[ByeRequest]:
        """240 and XXZ requests, checked against the players and what they played."""
        next_round = 1 + max((e.round for p in self.players for e in p.entries if e.paired),
                             default=0)
        byes: list[ByeRequest] = []
        for bye, line, column in self.byes:
            if bye.player not in by_id:
                self.error("trf.240_unknown", line, column, "player", player=bye.player)
                continue
            if rounds is not None and bye.round > rounds:
                self.warning("trf.240_after_last", line, column, "round", round=bye.round,
                             rounds=rounds, player=bye.player)
                continue
            entry = by_id[bye.player].entry(bye.round)
            if entry is not None and (entry.paired or entry.result is not bye.result):
                # The round block is the record of what happened: it wins.
                self.warning("trf.240_contradicts", line, column, "player", player=bye.player,
                             round=bye.round, kind=bye.result.code,
                             block=format_round_block(entry).strip(),
                             player_line=self.player_lines[bye.player])
                continue
            byes.append(bye)
        for pid, line, column in self.absent_next:
            if pid in by_id:
                byes.append(ByeRequest(next_round, pid, Result.ZERO_POINT_BYE))
        return byes

    def _check_points(self, tournament: Tournament, is_team_file: bool) -> None:
        """Points (81-84) and rank (86-89) columns against the results: warnings,
        the results win.  In a team file, a board player's points use 162
        only (320 and 299 concern teams)."""
        totals: dict[PlayerId, Points] = {}
        for player in self.players:
            if player.id in self.broken:
                continue
            total = tournament.standing_points(player.id)
            totals[player.id] = total
            if player.declared_points is not None and total != player.declared_points:
                values = tournament.point_system
                self.warning("trf.points_mismatch" + ("_299" if tournament.adjustments else ""),
                             self.player_lines[player.id], 81, "points",
                             player=player.id, declared=player.declared_points,
                             total=total, win=values.win, draw=values.draw,
                             loss=values.loss, bye=values.pairing_allocated_bye)
        if is_team_file:
            return  # a board player's rank is the team's business (TRF16: "especially for Team")
        # Against the points column where there is one (a wrong points column is
        # its own warning, and the ranks usually follow it), else the results.
        ranked = sorted((p.declared_rank, p.declared_points if p.declared_points is not None
                         else totals[p.id], p.id) for p in self.players
                        if p.declared_rank is not None and p.id in totals)
        # A player ranked above another must not have fewer points: one
        # warning for the file (a rank column left at the starting order
        # would otherwise give one a player), at the first such player.
        wrong: list[tuple[int, PlayerId, Points, Points]] = []
        best_below: Points | None = None
        for rank, total, pid in reversed(ranked):
            if best_below is not None and total < best_below:
                wrong.append((rank, pid, total, best_below))
            best_below = total if best_below is None else max(best_below, total)
        if wrong:
            rank, pid, total, more = min(wrong)
            self.warning("trf.rank_mismatch", self.player_lines[pid], 86, "rank", player=pid,
                         rank=rank, total=total, more=more, count=len(wrong))


_HANDLERS: dict[str, Callable[[_Parser, str, int], None]] = {
    "001": _Parser.player, "012": _Parser.tournament_name, "142": _Parser.rounds,
    "XXR": _Parser.rounds, "152": _Parser.colour152, "XXC": _Parser.configuration,
    "162": _Parser.point_system162, "XXS": _Parser.point_system_xxs,
    "192": _Parser.type_code, "240": _Parser.bye240, "250": _Parser.acceleration250,
    "260": _Parser.forbidden260, "XXP": _Parser.forbidden_xxp, "XXZ": _Parser.absent_xxz,
    "XXA": _Parser.acceleration_xxa, "299": _Parser.abnormal299,
    "042": _Parser.header_text, "052": _Parser.header_text, "092": _Parser.header_text,
    **{code: _Parser.point_system_bb for code in BB_FIELDS},
}
"""One parser method per record that means something for pairing."""


_AGREEING = {
    Result.WIN: {Result.LOSS}, Result.LOSS: {Result.WIN}, Result.DRAW: {Result.DRAW},
    Result.WIN_UNPLAYED_MOVE: {Result.LOSS_UNPLAYED_MOVE},
    Result.LOSS_UNPLAYED_MOVE: {Result.WIN_UNPLAYED_MOVE},
    Result.DRAW_UNPLAYED_MOVE: {Result.DRAW_UNPLAYED_MOVE},
    Result.FORFEIT_WIN: {Result.FORFEIT_LOSS},
    Result.FORFEIT_LOSS: {Result.FORFEIT_WIN, Result.FORFEIT_LOSS},
    Result.PENDING: {Result.PENDING},
}


def _agreeing_codes(mine: Result) -> str:
    """The opponent's result codes that agree with ``mine``, for messages."""
    codes = sorted(r.code for r in _AGREEING.get(mine, set()))
    return "/".join(repr(c) for c in codes)


def _results_agree(mine: Result, theirs: Result) -> bool:
    return theirs in _AGREEING.get(mine, set())


def _tokens(line: str, start: int) -> list[tuple[str, int]]:
    """Whitespace-separated words of ``line[start:]`` with their 1-based columns."""
    return [(m.group(0), start + m.start() + 1) for m in re.finditer(r"\S+", line[start:])]
