"""Seed 003's plain list read and written: :class:`PlainListDocument`, its
lines exactly as read and the tournament they describe (the format, and
what it cannot say, in :mod:`swisslearn.formats.plainlist`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from swisslearn.errors import Count, PlainListError
from swisslearn.fileio import read_input_bytes, write_bytes_atomically
from swisslearn.formats.lines import NEWLINE, split_lines
from swisslearn.formats.text import decode_utf8
from swisslearn.formats.trf import looks_like_trf
from swisslearn.model import (Colour, Player, PlayerId, Result, RoundEntry, Tournament)
from swisslearn.points import Points

__all__ = ["PlainListDocument", "parse_plain_list", "read_plain_list", "load_plain_list",
           "looks_like_plain_list", "is_plain_list_text", "format_plain_list", "format_points",
           "quote_name", "name_key", "BYE", "NO_GAME"]

BYE = "bye"
"""The word for the pairing-allocated bye among a player's opponents."""

NO_GAME = "-"
"""swisslearn's word for a round without a game among a player's opponents."""

_POINTS = re.compile(r"^([0-9]+)(?:[.,]([0-9]+))?$")
_HALF = re.compile(r"^([0-9]*)½$")


@dataclass(frozen=True)
class PlainListDocument:
    """The lines of a plain list exactly as read, and the tournament they describe.

    The tournament's players are the list's lines in order (ids from 1), its
    scores the listed points from the round after the last game on
    (:attr:`~swisslearn.model.Tournament.declared_scores_from`), its floats
    unknown but the bye's; ``player_lines`` the line of each player.
    """

    lines: tuple[str, ...]
    tournament: Tournament
    source: str = "<plain list>"
    newline: str = "\n"
    final_newline: bool = True
    bom: bool = False
    player_lines: tuple[int, ...] = ()

    def line_of(self, id: PlayerId) -> int:
        """The line (1-based) of the list that holds player ``id``; 0 if unknown."""
        return self.player_lines[id - 1] if 0 < id <= len(self.player_lines) else 0

    def text(self) -> str:
        body = self.newline.join(self.lines)
        if self.final_newline and self.lines:
            body += self.newline
        return ("\ufeff" if self.bom else "") + body

    def to_bytes(self) -> bytes:
        return self.text().encode("utf-8")

    def write(self, path: str | Path, *, replace: bool = True) -> None:
        """Write the list to ``path`` atomically (temporary file, then rename);
        without ``replace``, never over an existing file."""
        write_bytes_atomically(Path(path), self.to_bytes(), replace=replace)


# ---------------------------------------------------------------------------
# Recognising a list


def _significant_lines(text: str) -> list[str]:
    return [line for line in NEWLINE.split(text.lstrip("\ufeff"))
            if line.strip() and not line.lstrip().startswith("#")]


def looks_like_plain_list(text: str) -> bool:
    """Does ``text`` start like a plain list (its first line that is not blank
    or a ``#`` comment holds a ``|`` and does not start with a TRF code such
    as ``001``)?  ``USA Team | 3`` looks like a TRF record to
    :func:`~swisslearn.formats.trf.looks_like_trf` (three capitals), not to this."""
    lines = _significant_lines(text)
    return bool(lines) and "|" in lines[0] and not re.match(r"^[0-9]{3}( |$)", lines[0])


def is_plain_list_text(text: str) -> bool:
    """Read a ``.txt`` file as a plain list?  Yes unless it has a TRF header
    (and does not look like a plain list: see :func:`looks_like_plain_list`)."""
    return looks_like_plain_list(text) or not looks_like_trf(text)


# ---------------------------------------------------------------------------
# Reading


def read_plain_list(path: str | Path) -> PlainListDocument:
    """Read and check the plain list at ``path``."""
    return parse_plain_list(read_input_bytes(path, PlainListError), source=str(path))


def load_plain_list(path: str | Path) -> Tournament:
    """The tournament in the plain list at ``path``."""
    return read_plain_list(path).tournament


def parse_plain_list(data: bytes | str, source: str = "<plain list>") -> PlainListDocument:
    """Parse a plain list (text or UTF-8 bytes) into a checked :class:`PlainListDocument`."""
    text = decode_utf8(data, source, PlainListError) if isinstance(data, bytes) else data
    split = split_lines(text)
    tournament, player_lines = _Reader(source, split.lines).read()
    return PlainListDocument(lines=tuple(split.lines), tournament=tournament, source=source,
                             newline=split.newline, final_newline=split.final_newline,
                             bom=split.bom, player_lines=player_lines)


@dataclass(frozen=True)
class _Token:
    text: str
    column: int      # 1-based column of its first character (the quote, if quoted)
    quoted: bool = False


@dataclass
class _Opponent:
    token: _Token
    kind: str        # "game", "bye", "none"
    key: str = ""    # the opponent's name key, for a game


@dataclass
class _Line:
    number: int
    name: _Token
    points: Points
    opponents: list[_Opponent]
    colours: list[tuple[Colour, int]]   # colour and its column, one per game
    key: str = ""
    end_column: int = 0                 # column after the last character of the line
    id: PlayerId = 0
    game_colour: dict[int, tuple[Colour, int]] = field(default_factory=dict)


def name_key(name: str) -> str:
    """How names are compared: case-insensitively, runs of spaces as one."""
    return " ".join(name.split()).casefold()


def _spans(line: str, start: int, end: int, separator: str, number: int,
           source: str) -> list[tuple[int, int]]:
    """Split ``line[start:end]`` at ``separator`` outside double quotes (0-based spans)."""
    spans = []
    quote_at = -1
    piece = start
    i = start
    while i < end:
        char = line[i]
        if quote_at >= 0:
            if char == '"':
                if i + 1 < end and line[i + 1] == '"':
                    i += 2
                    continue
                quote_at = -1
        elif char == '"' and not line[piece:i].strip():
            quote_at = i
        elif char == separator:
            spans.append((piece, i))
            piece = i + 1
        i += 1
    if quote_at >= 0:
        raise PlainListError(file=source, line=number, column=quote_at + 1,
                             key="plain.quote_open")
    spans.append((piece, end))
    return spans


def _token(line: str, span: tuple[int, int], number: int, source: str) -> _Token:
    raw = line[span[0]:span[1]]
    stripped = raw.strip()
    column = span[0] + len(raw) - len(raw.lstrip()) + 1
    if not stripped.startswith('"'):
        return _Token(" ".join(stripped.split()), column)
    inner = []
    i = 1
    while i < len(stripped):
        char = stripped[i]
        if char == '"':
            if i + 1 < len(stripped) and stripped[i + 1] == '"':
                inner.append('"')
                i += 2
                continue
            break
        inner.append(char)
        i += 1
    rest = stripped[i + 1:]
    if rest.strip():
        raise PlainListError(file=source, line=number,
                             column=column + i + 1 + len(rest) - len(rest.lstrip()),
                             key="plain.after_quote", fields={"text": rest.strip()})
    return _Token("".join(inner), column, quoted=True)


def _parse_points(text: str) -> Points | None:
    match = _POINTS.match(text)
    if match:
        return Decimal(f"{match.group(1)}.{match.group(2) or '0'}")
    half = _HALF.match(text)
    if half:
        return Decimal(half.group(1) or "0") + Decimal("0.5")
    return None


class _Reader:
    def __init__(self, source: str, lines: list[str]) -> None:
        self.source = source
        self.lines = lines

    def error(self, key: str, line: int, column: int = 0, field: str = "",
              **fields: object) -> PlainListError:
        """The catalogue's ``plain.<key>`` message at ``line``, ``column``."""
        return PlainListError(file=self.source, line=line, column=column, field=field,
                              key=f"plain.{key}", fields=fields)

    def read(self) -> tuple[Tournament, tuple[int, ...]]:
        """The tournament, and the line of each player."""
        parsed: list[_Line] = []
        seen: dict[str, _Line] = {}
        for number, line in enumerate(self.lines, 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            entry = self.line(line, number)
            if entry.key in seen:
                raise self.error("duplicate", number, entry.name.column, "name",
                                 name=entry.name.text, other_line=seen[entry.key].number)
            seen[entry.key] = entry
            parsed.append(entry)
        if not parsed:
            last = max(len(self.lines), 1)
            raise self.error("no_player", last, 1)
        for position, entry in enumerate(parsed, 1):
            entry.id = position
        self.cross_check(parsed, seen)
        return self.build(parsed, seen)

    # -- one line ---------------------------------------------------------

    def line(self, line: str, number: int) -> _Line:
        end_column = len(line.rstrip()) + 1
        fields = _spans(line, 0, len(line), "|", number, self.source)
        if len(fields) < 2:
            raise self.error("no_bar", number, end_column, "points")
        if len(fields) > 4:
            raise self.error("fifth_field", number, fields[4][0], "colours")
        name = _token(line, fields[0], number, self.source)
        if not name.text:
            raise self.error("empty_name", number,
                             name.column if line[:fields[0][1]].strip() else 1, "name")
        if not name.quoted and name.text.casefold() in (BYE, NO_GAME):
            raise self.error("reserved_bye" if name.text.casefold() == BYE else "reserved_none",
                             number, name.column, "name", name=name.text)
        points_token = _token(line, fields[1], number, self.source)
        if not points_token.text:
            raise self.error("no_points", number, fields[1][0] + 1, "points")
        points = _parse_points(points_token.text)
        if points is None:
            negative = _parse_points(points_token.text[1:]) is not None \
                and points_token.text.startswith("-")
            raise self.error("points_negative" if negative else "points_bad", number,
                             points_token.column, "points", value=points_token.text)
        opponents: list[_Opponent] = []
        if len(fields) >= 3 and line[fields[2][0]:fields[2][1]].strip():
            for span in _spans(line, fields[2][0], fields[2][1], ",", number, self.source):
                token = _token(line, span, number, self.source)
                if not token.text and not token.quoted:
                    raise self.error("empty_opponent", number,
                                     span[0] + 1 if span[0] < span[1] else span[0], "opponents")
                if not token.quoted and token.text.casefold() == BYE:
                    opponents.append(_Opponent(token, "bye"))
                elif not token.quoted and token.text == NO_GAME:
                    opponents.append(_Opponent(token, "none"))
                else:
                    opponents.append(_Opponent(token, "game", name_key(token.text)))
        colours: list[tuple[Colour, int]] = []
        colour_field = fields[3] if len(fields) >= 4 else None
        if colour_field is not None:
            for index in range(*colour_field):
                char = line[index]
                if char.isspace() or char == ",":
                    continue
                if char in "Ww":
                    colours.append((Colour.WHITE, index + 1))
                elif char in "Bb":
                    colours.append((Colour.BLACK, index + 1))
                else:
                    raise self.error("colour_n" if char in "Nn" else "colour_bad", number,
                                     index + 1, "colours", char=char)
        entry = _Line(number, name, points, opponents, colours, name_key(name.text),
                      end_column)
        self.check_colour_count(entry, line, colour_field)
        return entry

    def check_colour_count(self, entry: _Line, line: str,
                           colour_field: tuple[int, int] | None) -> None:
        games = [o for o in entry.opponents if o.kind == "game"]
        colours = entry.colours
        if len(colours) == len(games):
            games_seen = 0
            for index, opponent in enumerate(entry.opponents):
                if opponent.kind == "game":
                    entry.game_colour[index] = colours[games_seen]
                    games_seen += 1
            return
        others = [(i, o) for i, o in enumerate(entry.opponents) if o.kind != "game"]
        if others and len(colours) == len(entry.opponents):
            index, opponent = others[0]
            raise self.error("colour_for_bye" if opponent.kind == "bye" else "colour_for_none",
                             entry.number, colours[index][1], "colours",
                             letter=colours[index][0].letter, opponent=index + 1,
                             games=Count(len(games), "game"),
                             needed=Count(len(games), "colour"))
        counts = {"colours": Count(len(colours), "colour"), "games": Count(len(games), "game"),
                  "needed": Count(len(games), "colour")}
        if len(colours) > len(games):
            raise self.error("colour_count", entry.number, colours[len(games)][1], "colours",
                             **counts)
        if colour_field is None:
            raise self.error("no_colours", entry.number, entry.end_column, "colours", **counts)
        column = colours[-1][1] + 1 if colours else colour_field[0] + 1
        raise self.error("colour_count", entry.number, min(column, len(line) + 1), "colours",
                         **counts)

    # -- between lines ------------------------------------------------------

    def cross_check(self, parsed: list[_Line], by_key: dict[str, _Line]) -> None:
        for entry in parsed:
            first_place: dict[str, int] = {}
            for index, opponent in enumerate(entry.opponents):
                if opponent.kind != "game":
                    continue
                token = opponent.token
                other = by_key.get(opponent.key)
                if other is None:
                    comma = _comma_hint(token.text, by_key)  # only now: it scans the list
                    raise self.error("unknown_opponent_comma" if comma else "unknown_opponent",
                                     entry.number, token.column, "opponents", name=token.text,
                                     holder=comma)
                if other is entry:
                    raise self.error("self", entry.number, token.column, "opponents",
                                     name=entry.name.text, opponent=index + 1)
                if opponent.key in first_place:
                    raise self.error("twice", entry.number, token.column, "opponents",
                                     name=entry.name.text, other=other.name.text,
                                     first=first_place[opponent.key] + 1, second=index + 1)
                first_place[opponent.key] = index
        for entry in parsed:
            for index, opponent in enumerate(entry.opponents):
                if opponent.kind != "game":
                    continue
                other = by_key[opponent.key]
                places = [i for i, o in enumerate(other.opponents)
                          if o.kind == "game" and o.key == entry.key]
                token = opponent.token
                if not places:
                    raise self.error("not_back", entry.number, token.column, "opponents",
                                     name=entry.name.text, other=other.name.text,
                                     opponent=index + 1, other_line=other.number)
                if places[0] != index:
                    raise self.error("place", entry.number, token.column, "opponents",
                                     name=entry.name.text, other=other.name.text,
                                     opponent=index + 1, other_line=other.number,
                                     place=places[0] + 1)
                mine, column = entry.game_colour[index]
                theirs, _ = other.game_colour[index]
                if mine is theirs and entry.id < other.id:
                    raise self.error("same_colour", entry.number, column, "colours",
                                     name=entry.name.text, other=other.name.text,
                                     letter=mine.letter, round=index + 1,
                                     other_line=other.number)

    def build(self, parsed: list[_Line], by_key: dict[str, _Line]
              ) -> tuple[Tournament, tuple[int, ...]]:
        players = []
        for entry in parsed:
            entries = []
            for index, opponent in enumerate(entry.opponents):
                round = index + 1
                if opponent.kind == "bye":
                    entries.append(RoundEntry(round, None, None, Result.PAIRING_ALLOCATED_BYE))
                elif opponent.kind == "none":
                    entries.append(RoundEntry(round, None, None, Result.ZERO_POINT_BYE))
                else:
                    colour = entry.game_colour[index][0]
                    entries.append(RoundEntry(round, by_key[opponent.key].id, colour,
                                              Result.PENDING))
            players.append(Player(id=entry.id, name=entry.name.text,
                                  declared_points=entry.points, declared_rank=entry.id,
                                  entries=tuple(entries)))
        # The listed points stand before the round after the last game; who
        # floated, the list does not say (only the bye is a downfloat).
        listed = 1 + max((len(entry.opponents) for entry in parsed), default=0)
        tournament = Tournament(players=tuple(players), source=self.source,
                                declared_scores_from=listed, floats_known=False)
        return tournament, tuple(entry.number for entry in parsed)


def _comma_hint(text: str, by_key: dict[str, _Line]) -> str:
    """The listed name ``text`` is the start of, if that name holds a comma
    (it was cut at its comma: it must be written in double quotes)."""
    for line in by_key.values():
        if "," in line.name.text and name_key(line.name.text).startswith(name_key(text)):
            return line.name.text
    return ""


# ---------------------------------------------------------------------------
# Writing a list


def format_points(points: Points) -> str:
    """``3``, ``2.5``: a score as the list writes it."""
    if points == points.to_integral_value():
        return str(int(points))
    return format(points.normalize(), "f")


def quote_name(name: str) -> str:
    """The name as an opponent list can hold it (in double quotes when needed)."""
    if (any(c in name for c in ',|"') or name.casefold() in (BYE, NO_GAME)
            or name.startswith("#") or name != " ".join(name.split())):
        return '"' + name.replace('"', '""') + '"'
    return name


def _list_names(tournament: Tournament) -> dict[PlayerId, str]:
    base = {p.id: " ".join(p.name.split()) or f"Joueur {p.id}" for p in tournament.players}
    counts: dict[str, int] = {}
    for name in base.values():
        counts[name_key(name)] = counts.get(name_key(name), 0) + 1
    names = {pid: (f"{name} ({pid})" if counts[name_key(name)] > 1 else name)
             for pid, name in base.items()}
    taken: set[str] = set()
    for pid in sorted(names):
        name = names[pid]
        suffix = 2
        while name_key(name) in taken:
            name = f"{names[pid]} ({suffix})"
            suffix += 1
        names[pid] = name
        taken.add(name_key(name))
    return names


def format_plain_list(tournament: Tournament) -> str:
    """The plain list of ``tournament`` before its next round (see the module
    docstring for what is kept and what is lost)."""
    last = tournament.rounds_paired
    states = {s.id: s for s in tournament.states(last + 1)}
    if tournament.declared_scores_from is not None:
        order = [p.id for p in tournament.players]  # a list's own order is its ranking
    else:
        order = sorted(states, key=lambda pid: (-states[pid].score,
                                                tournament.pairing_number(pid)))
    names = _list_names(tournament)
    lines = []
    for pid in order:
        player = tournament.player(pid)
        by_round = {e.round: e for e in player.entries if e.round <= last}
        tokens: list[str] = []
        colours: list[str] = []
        for round in range(1, max(by_round, default=0) + 1):
            entry = by_round.get(round)
            if (entry is not None and entry.opponent is not None and entry.game_played
                    and entry.colour is not None):
                tokens.append(quote_name(names[entry.opponent]))
                colours.append(entry.colour.letter)
            elif entry is not None and entry.result is Result.PAIRING_ALLOCATED_BYE:
                tokens.append(BYE)
            else:
                tokens.append(NO_GAME)
        line = f"{quote_name(names[pid])} | {format_points(states[pid].score)}"
        if tokens:
            line += " | " + ", ".join(tokens)
        if colours:
            line += " | " + " ".join(colours)
        lines.append(line)
    return "\n".join(lines) + "\n"
