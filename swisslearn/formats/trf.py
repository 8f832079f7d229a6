"""FIDE Tournament Report Files (TRF16 and TRF-2026), read and written losslessly.

A :class:`TrfDocument` keeps every line of the file as it was read; the
:class:`~swisslearn.model.Tournament` is derived from it.  Writing a document
back gives the same bytes (line endings, final newline and byte-order mark as
read); writing a paired round rewrites only the round blocks it changes.

Layouts: ``../shared/rules/trf.md`` (FIDE TRF16, TRF-2026, JaVaFo ``XX?``
and bbpPairings ``BB?`` extensions).  Column numbers below are 1-based and
inclusive, as in the FIDE documents.

Readings this module makes where the format is loose (see the README):

* a round block naming an opponent and a colour but no result is a paired
  game whose result is not known yet (``Result.PENDING``; F9 counts it as a
  draw for pairing);
* ``W``/``D``/``L`` (a game that lasted less than one move) count as games
  played, with their colours; ``+``/``-`` do not (F2);
* a forfeit may carry the colour ``-`` (no colour was ever used);
* ``XXZ`` lists players absent from the first round not yet paired.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Callable, Iterable, Mapping

from swisslearn.formats.text import decode_utf8
from swisslearn.errors import TRFError
from swisslearn.model import (Acceleration, ByeRequest, Colour, ForbiddenPairs, Player,
                              PlayerId, Result, RoundEntry, RoundNumber, Tournament)
from swisslearn.points import BB_FIELDS, TRF162_FIELDS, XXS_FIELDS, Points, PointSystem

__all__ = ["TrfDocument", "read_trf", "parse_trf", "load_trf", "looks_like_trf",
           "ROUND_BLOCK_START", "round_block_column", "format_round_block"]

ROUND_BLOCK_START = 92
"""Column where round 1's block starts; round r starts at 92 + 10(r-1)."""

_TRF2026_CODES = frozenset({
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250",
    "260", "299", "300", "310", "320", "330", "352", "362", "801", "802", "###"})
_HEADER_CODES = frozenset({"012", "022", "032", "042", "052", "062", "072", "082",
                           "092", "102", "112", "122", "132"})
_NEWLINE = re.compile(r"\r\n|\r|\n")
# ASCII only: str.isdigit() and \d also accept "²" or "١", which int() and the
# TRF readers of other programs refuse.
_NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]+)?$|^-?\.[0-9]+$")


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
class TrfDocument:
    """The lines of a TRF file, exactly as read, and what they mean.

    ``newline`` is the terminator the file uses (``"\\n"``, ``"\\r\\n"`` or
    ``"\\r"``); ``final_newline`` whether the last line has one; ``bom``
    whether the file starts with a UTF-8 byte-order mark.  ``line_endings``
    is empty unless the file mixes terminators: then it holds the one read
    after each line, so that the file is still written back as it was.
    """

    lines: tuple[str, ...]
    source: str = "<trf>"
    newline: str = "\n"
    final_newline: bool = True
    bom: bool = False
    tournament: Tournament = field(default_factory=Tournament, compare=False)
    line_endings: tuple[str, ...] = ()

    @property
    def version(self) -> str:
        """``"TRF-2026"`` if the file uses any record TRF16 does not have, else ``"TRF16"``."""
        for line in self.lines:
            code = line[:3]
            if code in _TRF2026_CODES or _is_nrs_code(code):
                return "TRF-2026"
        return "TRF16"

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
        return self.text().encode("utf-8")

    def write(self, path: str | Path) -> None:
        """Write the document to ``path`` atomically (temporary file, then rename)."""
        from swisslearn.fileio import write_bytes_atomically
        write_bytes_atomically(Path(path), self.to_bytes())

    def with_round(self, round: RoundNumber, entries: Mapping[PlayerId, RoundEntry]) -> TrfDocument:
        """A copy with ``round``'s block of each listed player set to its entry.

        Only the columns of that block change, and the points (81-84) of a
        player whose total changes with it (a bye scores at once; a pending
        game scores nothing yet); the rest of every line is kept.
        """
        start = round_block_column(round) - 1  # 0-based
        tournament = self.tournament.with_round(round, entries)
        points = tournament.point_system
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
                total = sum((points.points(e.result) for e in tournament.player(pid).entries
                             if e.result is not Result.PENDING), Decimal(0))
                if total != declared:
                    new = new[:80] + f"{total:4.1f}"[-4:] + new[84:]
            new_lines[number] = new
        lines = tuple(new_lines)
        return replace(self, lines=lines, tournament=tournament)


def looks_like_trf(text: str) -> bool:
    """Does ``text`` start like a TRF (a record code in columns 1-3, then a space)?"""
    for line in _NEWLINE.split(text.lstrip("\ufeff")):
        if not line.strip():
            continue
        return bool(re.match(r"^(\d{3}|XX[A-Z]|BB[A-Z]|###|[A-Z]{3})( |$)", line))
    return False


def read_trf(path: str | Path) -> TrfDocument:
    """Read and check the TRF file at ``path``."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise TRFError(f"cannot read the file: {error.strerror or error}", file=str(path)) from None
    return parse_trf(data, source=str(path))


def load_trf(path: str | Path) -> Tournament:
    """The tournament in the TRF file at ``path``."""
    return read_trf(path).tournament


def parse_trf(data: bytes | str, source: str = "<trf>") -> TrfDocument:
    """Parse TRF text (or UTF-8 bytes) into a checked :class:`TrfDocument`."""
    text = decode_utf8(data, source, TRFError) if isinstance(data, bytes) else data
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    endings = _NEWLINE.findall(text)
    newline = endings[0] if endings else "\n"
    lines = _NEWLINE.split(text)
    final_newline = len(lines) > 1 and lines[-1] == ""
    if final_newline:
        lines.pop()
    line_endings = tuple(endings) if len(set(endings)) > 1 else ()
    if not any(line.strip() for line in lines):
        raise TRFError("the file is empty: expected TRF records such as 012 and 001",
                       file=source, line=1, column=1)
    tournament = _Parser(source, lines).parse()
    return TrfDocument(lines=tuple(lines), source=source, newline=newline,
                       final_newline=final_newline, bom=bom, tournament=tournament,
                       line_endings=line_endings)


def _is_nrs_code(code: str) -> bool:
    """A National Rating Support record: a 3-letter federation code (TRF-2026)."""
    return (len(code) == 3 and code.isalpha() and code.isupper()
            and not code.startswith(("XX", "BB")))


def _digits(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` accepts "²", which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def _int_or_none(text: str) -> int | None:
    text = text.strip()
    return int(text) if _digits(text) else None


class _Parser:
    """Reads the records that mean something for pairing; keeps the rest."""

    def __init__(self, source: str, lines: list[str]) -> None:
        self.source = source
        self.lines = lines
        self.name = ""
        self.players: list[Player] = []
        self.player_lines: dict[PlayerId, int] = {}
        self.declared_rounds: tuple[int, int] | None = None  # (rounds, line)
        self.initial_colour: Colour | None = None
        self.points = PointSystem()
        self.points_set: dict[str, int] = {}
        self.byes: list[ByeRequest] = []
        self.bye_places: list[tuple[int, int]] = []  # (line, column) of each bye's player
        self.absent_next: list[tuple[PlayerId, int]] = []
        self.forbidden: list[tuple[ForbiddenPairs, int]] = []
        self.accelerations: list[Acceleration] = []
        self.acceleration_ranges: list[tuple[Decimal, int, int, int, int]] = []  # 250
        self.system = ""
        self.header: dict[str, str] = {}
        self.positional = False
        self.team_sizes: dict[PlayerId, int] = {}
        self.team_pab_game_points: Points | None = None
        self.is_team_file = False

    def error(self, message: str, line: int, column: int = 0, field: str = "") -> TRFError:
        return TRFError(message, file=self.source, line=line, column=column, field=field)

    # -- records ----------------------------------------------------------

    def parse(self) -> Tournament:
        handlers: dict[str, Callable[[str, int], None]] = {
            "001": self.player, "012": self.tournament_name, "142": self.rounds,
            "XXR": self.rounds, "152": self.colour152, "XXC": self.configuration,
            "162": self.point_system162, "XXS": self.point_system_xxs, "192": self.type_code,
            "240": self.bye240, "250": self.acceleration250, "260": self.forbidden260,
            "XXP": self.forbidden_xxp, "XXZ": self.absent_xxz, "XXA": self.acceleration_xxa,
            "310": self.team310, "013": self.team013, "320": self.team320,
            "042": self.header_text, "052": self.header_text, "092": self.header_text,
        }
        for code in BB_FIELDS:
            handlers[code] = self.point_system_bb
        for number, line in enumerate(self.lines, 1):
            code = line[:3]
            handler = handlers.get(code)
            if handler is None:
                continue  # unknown or informative record: kept verbatim
            if len(line) > 3 and line[3] != " ":
                raise self.error(f"expected a space after the record code {code!r}",
                                 number, 4)
            handler(line, number)
        if not self.players:
            raise self.error("no player (001) record: expected at least one", len(self.lines), 0)
        return self.build()

    def tournament_name(self, line: str, number: int) -> None:
        self.name = line[4:].strip()

    def rounds(self, line: str, number: int) -> None:
        value = line[4:].strip()
        if not _digits(value) or int(value) < 1:
            raise self.error(f"number of rounds {value!r}: expected a whole number >= 1",
                             number, 5, "rounds")
        self.declared_rounds = (int(value), number)

    def colour152(self, line: str, number: int) -> None:
        value = line[4:].strip().upper()
        if value not in ("W", "B"):
            raise self.error(f"initial colour {value!r}: expected W or B", number, 5, "colour")
        self.initial_colour = Colour.WHITE if value == "W" else Colour.BLACK

    def configuration(self, line: str, number: int) -> None:
        for word, column in _tokens(line, 4):
            lowered = word.lower()
            if lowered == "white1":
                self.initial_colour = Colour.WHITE
            elif lowered == "black1":
                self.initial_colour = Colour.BLACK
            elif lowered == "rank":
                self.positional = True
            # other XXC words are other engines' settings: kept, not used

    def type_code(self, line: str, number: int) -> None:
        self.system = line[4:].strip()

    def header_text(self, line: str, number: int) -> None:
        """042, 052, 092: kept as written (dates and type of tournament, which
        tell the edition of the rules; never refused)."""
        self.header[line[:3]] = line[4:].strip()

    def _set_points(self, fields: Iterable[str], value: str, number: int, column: int) -> None:
        if not _NUMBER.match(value):
            raise self.error(f"points {value!r}: expected a number such as 1.0", number, column,
                             "points")
        for name in fields:
            self.points = self.points.with_values(**{name: Decimal(value)})
            self.points_set[name] = number

    def point_system162(self, line: str, number: int) -> None:
        column = 6
        while column <= len(line) + 4:
            # Columns 5, 11-14, 20-23...: blank (a shifted 162 must not be ignored).
            gap = column - 1 if column == 6 else column - 4
            for blank in range(gap, column):
                if line[blank - 1:blank].strip():
                    raise self.error(f"unexpected {line[blank - 1]!r} in column {blank}: "
                                     "expected a result code in column 6, 15, 24... and its "
                                     "points in the 4 columns after it", number, blank, "symbol")
            symbol = line[column - 1:column].strip()
            if symbol:
                fields = TRF162_FIELDS.get(symbol.upper())
                if fields is None:
                    raise self.error(f"point-system symbol {symbol!r}: expected one of "
                                     "W D L A Z P X", number, column, "symbol")
                self._set_points(fields, line[column:column + 4].strip(), number, column + 1)
            column += 9

    def point_system_xxs(self, line: str, number: int) -> None:
        for word, column in _tokens(line, 4):
            code, _, value = word.partition("=")
            fields = XXS_FIELDS.get(code.upper())
            if fields is None or not value:
                raise self.error(f"XXS item {word!r}: expected CODE=VALUE with CODE one of "
                                 + " ".join(XXS_FIELDS), number, column, "XXS")
            self._set_points(fields, value, number, column + len(code) + 1)

    def point_system_bb(self, line: str, number: int) -> None:
        self._set_points(BB_FIELDS[line[:3]], line[4:].strip(), number, 5)

    def bye240(self, line: str, number: int) -> None:
        tokens = _tokens(line, 4)
        if len(tokens) < 3:
            raise self.error("240 record: expected a bye type, a round and at least one player",
                             number, len(line) + 1)
        (kind, kind_col), (round_text, round_col) = tokens[0], tokens[1]
        result = {"F": Result.FULL_POINT_BYE, "H": Result.HALF_POINT_BYE,
                  "Z": Result.ZERO_POINT_BYE}.get(kind.upper())
        if result is None:
            raise self.error(f"bye type {kind!r}: expected F, H or Z", number, kind_col, "type")
        if not _digits(round_text) or int(round_text) < 1:
            raise self.error(f"round {round_text!r}: expected a round number", number, round_col,
                             "round")
        for text, column in tokens[2:]:
            self.byes.append(ByeRequest(int(round_text), self._id(text, number, column), result))
            self.bye_places.append((number, column))

    def acceleration250(self, line: str, number: int) -> None:
        game = line[9:13].strip()
        first, last = line[14:17].strip(), line[18:21].strip()
        first_id, last_id = line[22:26].strip(), line[27:31].strip()
        for value, column, what in ((first, 15, "first round"), (last, 19, "last round"),
                                    (first_id, 23, "first player"), (last_id, 28, "last player")):
            if not _digits(value):
                raise self.error(f"250 record, {what} {value!r}: expected a number", number,
                                 column, what)
        if not _NUMBER.match(game):
            raise self.error(f"250 record, fictitious points {game!r}: expected a number such "
                             "as 1.0", number, 10, "points")
        # A reversed range would silently give nobody the fictitious points.
        if int(first) < 1 or int(last) < int(first):
            raise self.error(f"250 record, rounds {first}-{last}: expected a range of rounds "
                             "from 1, first <= last", number, 15, "round")
        if int(first_id) < 1 or int(last_id) < int(first_id):
            raise self.error(f"250 record, players {first_id}-{last_id}: expected a range of "
                             "pairing numbers from 1, first <= last", number, 23, "player")
        # Expanded in build(), over the players and rounds the file has: a
        # range such as 001-999 x 0001-9999 must not make 10 million objects.
        self.acceleration_ranges.append(
            (Decimal(game), int(first), int(last), int(first_id), int(last_id)))

    def forbidden260(self, line: str, number: int) -> None:
        tokens = _tokens(line, 4)
        if len(tokens) < 4:
            raise self.error("260 record: expected a first round, a last round and at least "
                             "two players", number, len(line) + 1)
        rounds = []
        for text, column in tokens[:2]:
            if not _digits(text):
                raise self.error(f"round {text!r}: expected a round number", number, column,
                                 "round")
            rounds.append(int(text))
        # An empty or reversed range would silently forbid nothing.
        if rounds[0] < 1:
            raise self.error(f"first round {rounds[0]}: expected a round number >= 1", number,
                             tokens[0][1], "round")
        if rounds[1] < rounds[0]:
            raise self.error(f"last round {rounds[1]} is before the first round {rounds[0]}: "
                             "expected a range such as 001 003", number, tokens[1][1], "round")
        players = tuple(self._id(text, number, column) for text, column in tokens[2:])
        self.forbidden.append((ForbiddenPairs(players, rounds[0], rounds[1]), number))

    def forbidden_xxp(self, line: str, number: int) -> None:
        tokens = _tokens(line, 4)
        if len(tokens) < 2:
            raise self.error("XXP record: expected at least two pairing numbers", number,
                             len(line) + 1)
        players = tuple(self._id(text, number, column) for text, column in tokens)
        self.forbidden.append((ForbiddenPairs(players), number))

    def absent_xxz(self, line: str, number: int) -> None:
        for text, column in _tokens(line, 4):
            self.absent_next.append((self._id(text, number, column), number))

    def acceleration_xxa(self, line: str, number: int) -> None:
        pid = self._id(line[4:8], number, 5)
        column = 10
        r = 1
        while column <= len(line):
            cell = line[column - 1:column + 3].strip()
            if cell:
                if not _NUMBER.match(cell):
                    raise self.error(f"XXA points {cell!r}: expected a number", number, column)
                self.accelerations.append(Acceleration(pid, r, Decimal(cell)))
            column += 5
            r += 1

    def team310(self, line: str, number: int) -> None:
        self.is_team_file = True
        ids = [int(t) for t, _ in _tokens(line[73:], 0) if _digits(t)]
        for pid in ids:
            self.team_sizes[pid] = len(ids)

    def team013(self, line: str, number: int) -> None:
        self.is_team_file = True
        ids = [int(t) for t, _ in _tokens(line[36:], 0) if _digits(t)]
        for pid in ids:
            self.team_sizes.setdefault(pid, len(ids))

    def team320(self, line: str, number: int) -> None:
        value = line[9:13].strip()
        if _NUMBER.match(value):
            self.team_pab_game_points = Decimal(value)

    def _id(self, text: str, number: int, column: int) -> PlayerId:
        text = text.strip()
        if not _digits(text) or int(text) < 1:
            raise self.error(f"pairing number {text!r}: expected a number from 1 to 9999",
                             number, column, "player")
        return int(text)

    # -- the player record ------------------------------------------------

    def player(self, line: str, number: int) -> None:
        def col(a: int, b: int) -> str:
            return line[a - 1:b]

        rank_text = col(5, 8)
        if not _digits(rank_text.strip()) or int(rank_text) < 1:
            raise self.error(f"starting rank {rank_text.strip()!r}: expected a number from 1 to "
                             "9999 in columns 5-8", number, 5, "starting rank")
        pid = int(rank_text)
        if pid in self.player_lines:
            raise self.error(f"starting rank {pid} already used on line "
                             f"{self.player_lines[pid]}: expected each player once", number, 5,
                             "starting rank")
        rating_text = col(49, 52).strip()
        if rating_text and not _digits(rating_text):
            raise self.error(f"rating {rating_text!r}: expected a number in columns 49-52",
                             number, 49, "rating")
        points_text = col(81, 84).strip()
        declared: Points | None = None
        if points_text:
            try:
                declared = Decimal(points_text)
            except InvalidOperation:
                declared = None
            if declared is None or not _NUMBER.match(points_text):
                raise self.error(f"points {points_text!r}: expected a number such as 11.5 in "
                                 "columns 81-84", number, 81, "points")
        rank = col(86, 89).strip()
        if rank and not _digits(rank):
            raise self.error(f"rank {rank!r}: expected a number in columns 86-89", number, 86,
                             "rank")
        if col(90, 91).strip():
            raise self.error(f"unexpected {col(90, 91).strip()!r} in columns 90-91: expected "
                             "blanks before the first round block at column 92", number,
                             90 if col(90, 90).strip() else 91)
        entries = []
        start = ROUND_BLOCK_START
        r = 1
        while start <= len(line):
            block = line[start - 1:start + 9]
            # Blanks with nothing after them are no block (trailing spaces must
            # not read as a "0000 - Z" absence from the next round).
            entry = self.round_block(block, r, number, start, last=not line[start - 1:].strip())
            if entry is not None:
                entries.append(entry)
            start += 10
            r += 1
        self.player_lines[pid] = number
        self.players.append(Player(
            id=pid, name=col(15, 47).strip(), rating=int(rating_text) if rating_text else 0,
            title=col(11, 13).strip(), sex=col(10, 10).strip(), federation=col(54, 56).strip(),
            fide_id=col(58, 68).strip(), birth_date=col(70, 79).strip(),
            declared_points=declared, declared_rank=int(rank) if rank else None,
            entries=tuple(entries)))

    def round_block(self, block: str, r: int, number: int, start: int,
                    last: bool) -> RoundEntry | None:
        if not block.strip():
            # Blank columns after the last block are no block; a blank block
            # between others is "0000 - Z" (TRF: blanks read as 0000, -, Z).
            return None if last else RoundEntry(r, None, None, Result.ZERO_POINT_BYE)
        known = _PARSED_BLOCKS.get(block)
        if known is not None:
            return RoundEntry(r, *known)
        entry = self._new_round_block(block, r, number, start)
        if len(_PARSED_BLOCKS) >= _PARSED_BLOCKS_MAX:
            _PARSED_BLOCKS.clear()
        _PARSED_BLOCKS[block] = (entry.opponent, entry.colour, entry.result)
        return entry

    def _new_round_block(self, block: str, r: int, number: int, start: int) -> RoundEntry:
        """Read and check a block not seen before (it raises on a bad one)."""
        block = block.ljust(10)
        opponent_text, colour_text, result_text = block[0:4], block[5], block[7]
        for offset in (4, 6, 8, 9):
            if block[offset] != " ":
                raise self.error(
                    f"round {r}: unexpected {block[offset]!r} in column {start + offset}: "
                    f"expected a block 'oooo c r' in columns {start}-{start + 7}",
                    number, start + offset, f"round {r}")
        opponent_text = opponent_text.strip()
        if opponent_text and not _digits(opponent_text):
            raise self.error(f"round {r}: opponent {opponent_text!r}: expected a starting rank "
                             "or 0000", number, start, f"round {r} opponent")
        opponent = int(opponent_text) if opponent_text and int(opponent_text) > 0 else None
        if colour_text.lower() not in ("w", "b", "-", " "):
            raise self.error(f"round {r}: colour {colour_text!r}: expected w, b or -", number,
                             start + 5, f"round {r} colour")
        colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(colour_text.lower())
        if result_text != " " and result_text.upper() not in "+-WDL1=0HFUZ":
            raise self.error(f"round {r}: result {result_text!r}: expected one of "
                             "+ - W D L 1 = 0 H F U Z", number, start + 7, f"round {r} result")
        if opponent is None:
            result = Result.from_code(result_text)
            if not result.is_bye:
                raise self.error(f"round {r}: result {result_text!r} needs an opponent: expected "
                                 "a bye (H, F, U, Z) with 0000", number, start + 7,
                                 f"round {r} result")
            if colour is not None:
                raise self.error(f"round {r}: colour {colour_text!r} given for a bye: expected -",
                                 number, start + 5, f"round {r} colour")
            return RoundEntry(r, None, None, result)
        result = Result.PENDING if result_text == " " else Result.from_code(result_text)
        if result.is_bye:
            raise self.error(f"round {r}: bye result {result_text!r} with opponent {opponent}: "
                             "expected 0000 for a bye", number, start + 7, f"round {r} result")
        if colour is None and not result.is_forfeit:
            raise self.error(f"round {r}: no colour against opponent {opponent}: expected w or b",
                             number, start + 5, f"round {r} colour")
        return RoundEntry(r, opponent, colour, result)

    # -- cross-checks -------------------------------------------------------

    def build(self) -> Tournament:
        self.players.sort(key=lambda p: p.id)
        by_id = {p.id: p for p in self.players}
        rounds = self.declared_rounds[0] if self.declared_rounds else None
        for player in self.players:
            line = self.player_lines[player.id]
            for entry in player.entries:
                column = round_block_column(entry.round)
                if rounds is not None and entry.round > rounds:
                    raise self.error(f"player {player.id}: a block for round {entry.round}, but "
                                     f"the file declares {rounds} rounds (line "
                                     f"{self.declared_rounds[1] if self.declared_rounds else 0}): "
                                     f"expected at most {rounds} round blocks",
                                     line, column, f"round {entry.round}")
                if entry.opponent is None:
                    continue
                if entry.opponent == player.id:
                    raise self.error(f"round {entry.round}: player {player.id} is paired against "
                                     "themselves: expected another player's starting rank", line,
                                     column, f"round {entry.round} opponent")
                other = by_id.get(entry.opponent)
                if other is None:
                    raise self.error(f"round {entry.round}: opponent {entry.opponent} has no 001 "
                                     "record: expected the starting rank of a listed player",
                                     line, column, f"round {entry.round} opponent")
                back = other.entry(entry.round)
                if back is None or back.opponent != player.id:
                    where = self.player_lines[other.id]
                    said = "nothing" if back is None else (
                        f"opponent {back.opponent}" if back.opponent else "no opponent")
                    raise self.error(f"round {entry.round}: player {player.id} meets "
                                     f"{other.id}, but line {where} (player {other.id}) says "
                                     f"{said} for that round: expected opponent {player.id} "
                                     "there", line, column,
                                     f"round {entry.round} opponent")
                if entry.colour is not None and back.colour is entry.colour:
                    raise self.error(f"round {entry.round}: players {player.id} and {other.id} "
                                     f"both have {entry.colour.value}: expected opposite "
                                     "colours", line, column + 5,
                                     f"round {entry.round} colour")
                if not _results_agree(entry.result, back.result):
                    raise self.error(f"round {entry.round}: result {entry.result.code!r} of "
                                     f"player {player.id} does not match {back.result.code!r} "
                                     f"of player {other.id}: expected "
                                     f"{_agreeing_codes(entry.result)} for player {other.id}",
                                     line, column + 7,
                                     f"round {entry.round} result")
            self._check_repeats(player, line)
        self._check_points()
        for group, line in self.forbidden:
            for pid in group.players:
                if pid not in by_id:
                    raise self.error(f"forbidden pair names player {pid}, who has no 001 record: "
                                     "expected the starting rank of a listed player",
                                     line, 0, "player")
        next_round = 1 + max((e.round for p in self.players for e in p.entries if e.paired),
                             default=0)
        byes = list(self.byes)
        for pid, line in self.absent_next:
            if pid not in by_id:
                raise self.error(f"XXZ names player {pid}, who has no 001 record: expected the "
                                 "starting rank of a listed player", line, 0)
            byes.append(ByeRequest(next_round, pid, Result.ZERO_POINT_BYE))
        # Point at the 240 line and column that names the player (there may be several 240s).
        for bye, (line, column) in zip(self.byes, self.bye_places):
            if bye.player not in by_id:
                raise self.error(f"240 record names player {bye.player}, who has no 001 record: "
                                 "expected the starting rank of a listed player",
                                 line, column, "player")
        last_round = rounds if rounds is not None else max(
            (e.round for p in self.players for e in p.entries), default=0) + 1
        for game, first, last, first_id, last_id in self.acceleration_ranges:
            for pid in sorted(pid for pid in by_id if first_id <= pid <= last_id):
                for r in range(first, min(last, last_round) + 1):
                    self.accelerations.append(Acceleration(pid, r, game))
        order = tuple(p.id for p in self.players)
        if self.positional:
            order = tuple(sorted(by_id, key=lambda pid: self.player_lines[pid]))
        return Tournament(
            name=self.name, players=tuple(self.players), rounds=rounds,
            point_system=self.points, initial_colour=self.initial_colour,
            bye_requests=tuple(byes), forbidden=tuple(g for g, _ in self.forbidden),
            accelerations=tuple(self.accelerations), system=self.system, source=self.source,
            initial_order=order, start_date=self.header.get("042", ""),
            end_date=self.header.get("052", ""), type_text=self.header.get("092", ""))

    def _check_repeats(self, player: Player, line: int) -> None:
        met: dict[PlayerId, RoundNumber] = {}
        for entry in player.entries:
            if entry.opponent is None or not entry.game_played:
                continue
            if entry.opponent in met:
                raise self.error(f"players {player.id} and {entry.opponent} played each other "
                                 f"twice (rounds {met[entry.opponent]} and {entry.round}): B1 "
                                 "forbids it: expected each pair to play at most once", line,
                                 round_block_column(entry.round),
                                 f"round {entry.round} opponent")
            met[entry.opponent] = entry.round

    def _check_points(self) -> None:
        for player in self.players:
            if player.declared_points is None:
                continue
            points = self.points
            if self.is_team_file and self.team_pab_game_points is not None:
                size = self.team_sizes.get(player.id)
                if size:
                    points = points.with_values(
                        pairing_allocated_bye=self.team_pab_game_points / size)
            # A pending game has no result yet: the standings points (81-84)
            # cannot include it (F9's draw is for pairing only).
            total = sum((points.points(e.result) for e in player.entries
                         if e.result is not Result.PENDING), Decimal(0))
            if total != player.declared_points:
                raise self.error(
                    f"player {player.id}: points {player.declared_points} in columns 81-84, but "
                    f"the results add up to {total} ({_points_description(points)}): "
                    f"expected {total}",
                    self.player_lines[player.id], 81, "points")


def _points_description(points: PointSystem) -> str:
    return (f"win {points.win}, draw {points.draw}, loss {points.loss}, "
            f"bye {points.pairing_allocated_bye}")


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
    return " or ".join("a blank" if c == " " else repr(c) for c in codes) or "no result"


def _results_agree(mine: Result, theirs: Result) -> bool:
    return theirs in _AGREEING.get(mine, set())


def _tokens(line: str, start: int) -> list[tuple[str, int]]:
    """Whitespace-separated words of ``line[start:]`` with their 1-based columns."""
    return [(m.group(0), start + m.start() + 1) for m in re.finditer(r"\S+", line[start:])]
