"""Seed 003's plain list: ``Name | points | opponents | colours``, read and written.

One player a line, in ranking order::

    Red Falcons | 3 | Northern Stars, Silver Lions, Iron Wolves | B W B
    Lone Ranger | 1 | bye, Red Falcons | W

* ``Name``: any text; names are matched case-insensitively, runs of spaces
  read as one.  A name holding ``,``, ``|`` or ``"``, starting with ``#``, or
  spelled ``bye`` or ``-`` is written in double quotes (``"Alpha, Anna"``;
  ``""`` for a quote inside) — the seed's tool has no quotes: they are
  swisslearn's, so that TRF names (``Lastname, Firstname``) survive.
* ``points``: ``3``, ``2.5``, ``2,5`` or ``2½``.  They are taken as given,
  never recomputed (seed 003: "l'outil ... aucun point n'est modifié").
* ``opponents``: comma-separated names, oldest first; ``bye`` for the
  pairing-allocated bye ("exempt"); ``-`` for a round without a game
  (absent, a requested bye, a forfeit: swisslearn's word, written when a TRF
  has such rounds).
* ``colours``: one ``W`` (white) or ``B`` (black) per game, oldest first,
  spaces (or commas) between letters allowed; a bye or ``-`` has none.
* Blank lines and lines starting with ``#`` are skipped (kept when the file
  is written back).

What the list cannot say, and how swisslearn reads it (the README's
"What a plain list cannot say" section is this text):

* **Rounds.**  The list has no round numbers: the *n*-th opponent of every
  line is read as round *n*, and both players of a game must list each other
  at the same place (else an error names both lines); write ``-`` for a round
  in which a player had no game.  A shorter line means no game in the later
  rounds.
* **Results.**  Only each player's total is known.  Games are kept with an
  unknown result (:attr:`Result.PENDING`); ``bye`` is a pairing-allocated bye
  (``U``); ``-`` is a round without a game (``Z``).  The list's points are
  the players' scores before the next round: :class:`PlainListTournament`
  reports them in :meth:`~PlainListTournament.states`, so every system
  (``simple``, ``dutch-1998``...) pairs with the list's points.  Earlier
  rounds' scores are not known: pairing an earlier round again reads each
  unknown game as a draw (F9), and floats are unknown (only a bye counts as
  a downfloat).
* **Converting to TRF** needs results: swisslearn picks results that add up
  to every player's points (1, ½ or 0 a game; 1 for a bye; 0, ½ or 1 —
  ``Z``, ``H`` or ``F`` — for a ``-``), taking the games in round order, then
  list order, and giving each game to the higher-listed player if the totals
  still allow it, otherwise a draw, otherwise the lower-listed player; a
  ``-`` is an absence if it can be, else a half-point bye, else a full-point
  bye.  These are *a* history, not *the* history.  If no results add up to
  the points (e.g. more points than games), the conversion stops with a
  message.  Starting ranks are the list order, ranks the list order, no
  rating, title, federation or date; names are cut to 33 characters
  (columns 15-47).
* **Converting from TRF** keeps the names, each player's points (from the
  results, counted as for pairing), opponents and colours of the games
  played, and the pairing-allocated byes.  Players are written in ranking
  order (points, then starting rank), so the list order breaks ties as
  ``simple`` breaks them on the TRF.  Lost: ratings, titles, federations,
  starting ranks (the list renumbers from 1), results, the kind of each
  round without a game (absence, half- or full-point bye, forfeit: all
  ``-``), byes announced for the next round, and every other record.  Two
  players with the same name get their starting rank after it
  (``Dupont (7)``); an empty name becomes ``Joueur 7``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from swisslearn.formats.text import decode_utf8
from swisslearn.errors import Count, PlainListError
from swisslearn.formats.trf import TrfDocument, format_round_block, looks_like_trf, parse_trf
from swisslearn.model import (Colour, Float, Player, PlayerId, PlayerState, Result, RoundEntry,
                              RoundNumber, Tournament, player_states)
from swisslearn.points import Points

__all__ = ["PlainListTournament", "PlainListDocument", "parse_plain_list", "read_plain_list",
           "load_plain_list", "looks_like_plain_list", "is_plain_list_text", "format_plain_list",
           "to_plain_list", "to_trf", "infer_results", "converted", "BYE", "NO_GAME"]

BYE = "bye"
"""The word for the pairing-allocated bye among a player's opponents."""

NO_GAME = "-"
"""swisslearn's word for a round without a game among a player's opponents."""

_NEWLINE = re.compile(r"\r\n|\r|\n")
_POINTS = re.compile(r"^([0-9]+)(?:[.,]([0-9]+))?$")
_HALF = re.compile(r"^([0-9]*)½$")
_TRF_NAME_WIDTH = 33


# ---------------------------------------------------------------------------
# The tournament a list describes


@dataclass(frozen=True)
class PlainListTournament(Tournament):
    """A :class:`Tournament` read from a plain list.

    ``listed_round`` is the round the list's points stand before (the round
    after its last game); ``player_lines`` the line of each player (ids are
    the list order, from 1).  :meth:`states` reports, for that round and later
    ones, each player's listed points as their score; in every round, no
    float but the bye's (the list does not say who floated).
    """

    listed_round: RoundNumber = 1
    player_lines: tuple[int, ...] = ()

    def line_of(self, id: PlayerId) -> int:
        """The line (1-based) of the list that holds player ``id``; 0 if unknown."""
        return self.player_lines[id - 1] if 0 < id <= len(self.player_lines) else 0

    def states(self, round: RoundNumber) -> tuple[PlayerState, ...]:
        states = player_states(self, round)
        changed = []
        for state in states:
            player = self.player(state.id)
            floats = tuple(
                Float.DOWN if (entry := player.entry(r)) is not None
                and entry.result is Result.PAIRING_ALLOCATED_BYE else None
                for r in range(1, round))
            score = state.score
            if round >= self.listed_round and player.declared_points is not None:
                score = player.declared_points
            changed.append(dataclasses.replace(state, score=score, floats=floats))
        return tuple(changed)

    def listed_points(self) -> dict[PlayerId, Points]:
        """Each player's points as the list gives them."""
        return {p.id: p.declared_points if p.declared_points is not None else Decimal(0)
                for p in self.players}


@dataclass(frozen=True)
class PlainListDocument:
    """The lines of a plain list exactly as read, and the tournament they describe."""

    lines: tuple[str, ...]
    tournament: PlainListTournament
    source: str = "<plain list>"
    newline: str = "\n"
    final_newline: bool = True
    bom: bool = False

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
        from swisslearn.fileio import write_bytes_atomically
        write_bytes_atomically(Path(path), self.to_bytes(), replace=replace)


# ---------------------------------------------------------------------------
# Recognising a list


def _significant_lines(text: str) -> list[str]:
    return [line for line in _NEWLINE.split(text.lstrip("\ufeff"))
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
    from swisslearn.fileio import read_input_bytes
    return parse_plain_list(read_input_bytes(path, PlainListError), source=str(path))


def load_plain_list(path: str | Path) -> PlainListTournament:
    """The tournament in the plain list at ``path``."""
    return read_plain_list(path).tournament


def parse_plain_list(data: bytes | str, source: str = "<plain list>") -> PlainListDocument:
    """Parse a plain list (text or UTF-8 bytes) into a checked :class:`PlainListDocument`."""
    text = decode_utf8(data, source, PlainListError) if isinstance(data, bytes) else data
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    endings = _NEWLINE.findall(text)
    newline = endings[0] if endings else "\n"
    lines = _NEWLINE.split(text)
    final_newline = len(lines) > 1 and lines[-1] == ""
    if final_newline:
        lines.pop()
    tournament = _Reader(source, lines).read()
    return PlainListDocument(lines=tuple(lines), tournament=tournament, source=source,
                             newline=newline, final_newline=final_newline, bom=bom)


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

    def read(self) -> PlainListTournament:
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

    def build(self, parsed: list[_Line], by_key: dict[str, _Line]) -> PlainListTournament:
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
        listed = 1 + max((len(entry.opponents) for entry in parsed), default=0)
        return PlainListTournament(players=tuple(players), source=self.source,
                                   listed_round=listed,
                                   player_lines=tuple(entry.number for entry in parsed))


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
    if isinstance(tournament, PlainListTournament):
        order = [p.id for p in tournament.players]
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


def to_plain_list(tournament: Tournament, source: str = "<plain list>") -> PlainListDocument:
    """The plain list of ``tournament``, read back (so it is checked)."""
    return parse_plain_list(format_plain_list(tournament), source=source)


# ---------------------------------------------------------------------------
# Results that add up to the points (for TRF)


@dataclass
class _Item:
    """A game (``u`` against ``v``) or a round without a game (``v`` = 0, the
    phantom that takes what the player does not); ``share`` is u's half-points."""

    round: RoundNumber
    u: PlayerId
    v: PlayerId
    share: int
    game: bool


class _Balance:
    """Half-points in each item; a unit moves along paths of items (flow)."""

    def __init__(self, items: list[_Item], need: dict[PlayerId, int]) -> None:
        self.items = items
        self.need = need
        self.fixed: set[int] = set()
        self.incident: dict[PlayerId, list[int]] = {p: [] for p in need}
        for index, item in enumerate(items):
            self.incident[item.u].append(index)
            self.incident[item.v].append(index)
        # Each party's excess over its need, kept up to date by _move (counting
        # it again for every fix() made converting 5,000 players quadratic).
        self.rank = {p: i for i, p in enumerate(need)}
        self.excess: dict[PlayerId, int] = {}
        self.positive: set[PlayerId] = set()
        self.log: list[tuple[int, int]] | None = None  # (item, share before), in fix()

    def totals(self) -> dict[PlayerId, int]:
        total = {p: 0 for p in self.need}
        for item in self.items:
            total[item.u] += item.share
            total[item.v] += 2 - item.share
        return total

    def settle(self) -> bool:
        """Move units from parties with too much to parties with too little;
        False if some cannot be moved (no results add up)."""
        if not self.excess:
            total = self.totals()
            self.excess = {p: total[p] - self.need[p] for p in self.need}
            self.positive = {p for p, value in self.excess.items() if value > 0}
        while True:
            if not self.positive:
                return True
            sources = sorted(self.positive, key=self.rank.__getitem__)
            path = self._path(sources, self.excess)
            if path is None:
                return False
            for index, giver in path:
                item = self.items[index]
                self._move(index, item.share + (-1 if giver == item.u else 1))

    def _move(self, index: int, share: int) -> None:
        """Set item ``index`` to ``share``, keeping the excesses (and the undo log)."""
        item = self.items[index]
        if self.log is not None:
            self.log.append((index, item.share))
        delta = share - item.share
        item.share = share
        for party, change in ((item.u, delta), (item.v, -delta)):
            value = self.excess[party] + change
            self.excess[party] = value
            if value > 0:
                self.positive.add(party)
            else:
                self.positive.discard(party)

    def _path(self, sources: list[PlayerId], excess: dict[PlayerId, int]
              ) -> list[tuple[int, PlayerId]] | None:
        parent: dict[PlayerId, tuple[int, PlayerId] | None] = {p: None for p in sources}
        queue = list(sources)
        for party in queue:
            for index in self.incident[party]:
                if index in self.fixed:
                    continue
                item = self.items[index]
                gives = item.share if party == item.u else 2 - item.share
                if gives < 1:
                    continue
                other = item.v if party == item.u else item.u
                if other in parent:
                    continue
                parent[other] = (index, party)
                if excess[other] < 0:
                    steps = []
                    node = other
                    while (step := parent[node]) is not None:
                        steps.append(step)
                        node = step[1]
                    return steps[::-1]
                queue.append(other)
        return None

    def fix(self, index: int, share: int) -> bool:
        """Set item ``index`` to ``share`` for good, if the rest can still add up."""
        if not self.excess:
            self.settle()
        self.log = []
        self.fixed.add(index)
        self._move(index, share)
        settled = self.settle()
        log, self.log = self.log, None
        if settled:
            return True
        for item, value in reversed(log):
            self._move(item, value)
        self.fixed.discard(index)
        return False


def infer_results(tournament: Tournament) -> dict[tuple[PlayerId, RoundNumber], Result]:
    """Results that add up to every player's listed points (module docstring:
    "Converting to TRF"), for each (player, round) block of the list.

    Raises :class:`PlainListError` if no results add up to the points.
    """
    source = tournament.source
    need: dict[PlayerId, int] = {0: 0}
    items: list[_Item] = []
    results: dict[tuple[PlayerId, RoundNumber], Result] = {}
    list_place = {p.id: p.declared_rank or p.id for p in tournament.players}

    def line(pid: PlayerId) -> int:
        if isinstance(tournament, PlainListTournament):
            return tournament.line_of(pid)
        return 0

    for player in tournament.players:
        points = player.declared_points if player.declared_points is not None else Decimal(0)
        half = points * 2
        if half != half.to_integral_value():
            raise PlainListError(file=source, line=line(player.id), column=0, field="points",
                                 key="plain.not_halves",
                                 fields={"name": player.name, "points": format_points(points)})
        need[player.id] = int(half)
        games = rest = 0
        for entry in player.entries:
            if entry.result is Result.PAIRING_ALLOCATED_BYE:
                need[player.id] -= 2
                results[(player.id, entry.round)] = Result.PAIRING_ALLOCATED_BYE
            elif entry.opponent is None:
                items.append(_Item(entry.round, player.id, 0, 0, game=False))
                need[0] += 2
                rest += 1
            else:
                games += 1
                if player.id < entry.opponent:
                    items.append(_Item(entry.round, player.id, entry.opponent, 1, game=True))
        byes = sum(1 for e in player.entries if e.result is Result.PAIRING_ALLOCATED_BYE)
        if not 0 <= need[player.id] <= 2 * (games + rest):
            raise PlainListError(
                file=source, line=line(player.id), column=0, field="points",
                key="plain.cannot_come_from",
                fields={"name": player.name, "points": format_points(points),
                        "games": Count(games, "game"), "byes": Count(byes, "bye"),
                        "rest": Count(rest, "round_without_game")})
    players_total = sum(v for k, v in need.items() if k != 0)
    game_total = 2 * sum(1 for item in items if item.game)
    # The phantom takes from each round without a game what its player does not.
    need[0] = game_total + need[0] - players_total
    rest_total = 2 * sum(1 for item in items if not item.game)
    if not 0 <= need[0] <= rest_total:
        listed = sum((p.declared_points or Decimal(0) for p in tournament.players), Decimal(0))
        raise PlainListError(
            file=source, line=0, column=0, field="points",
            key="plain.total_rest" if rest_total else "plain.total",
            fields={"listed": format_points(listed), "games": Count(game_total // 2, "game"),
                    "given": game_total // 2, "rest": rest_total // 2})
    balance = _Balance(items, need)
    if not balance.settle():
        raise PlainListError(file=source, line=0, column=0, field="points",
                             key="plain.unconnected")
    order = sorted(range(len(items)), key=lambda i: (items[i].round, list_place[items[i].u]))
    for index in order:
        item = items[index]
        preferences = (2, 1, 0) if item.game else (0, 1, 2)
        for share in preferences:
            if share == item.share or balance.fix(index, share):
                balance.fixed.add(index)
                break
    for item in items:
        if item.game:
            u_result = {2: Result.WIN, 1: Result.DRAW, 0: Result.LOSS}[item.share]
            v_result = {2: Result.LOSS, 1: Result.DRAW, 0: Result.WIN}[item.share]
            results[(item.u, item.round)] = u_result
            results[(item.v, item.round)] = v_result
        else:
            results[(item.u, item.round)] = {0: Result.ZERO_POINT_BYE, 1: Result.HALF_POINT_BYE,
                                             2: Result.FULL_POINT_BYE}[item.share]
    return results


def format_trf(tournament: Tournament) -> str:
    """TRF16 text for a plain-list tournament, with results from :func:`infer_results`."""
    results = infer_results(tournament)
    lines = []
    if tournament.name:
        lines.append(f"012 {tournament.name}")
    for position, player in enumerate(tournament.players, 1):
        blocks = []
        points = Decimal(0)
        for entry in player.entries:
            result = results[(player.id, entry.round)]
            points += tournament.point_system.points(result)
            blocks.append(format_round_block(dataclasses.replace(entry, result=result)))
        rank = player.declared_rank or position
        fixed = (f"001 {player.id:4d} {'':1}{'':>3} {player.name[:_TRF_NAME_WIDTH]:<33} "
                 f"{'':4} {'':3} {'':>11} {'':10} {points:4.1f} {rank:4d}")
        lines.append(f"{fixed}  {'  '.join(blocks)}".rstrip())
    return "\n".join(lines) + "\n"


def to_trf(tournament: Tournament, source: str = "<trf>") -> TrfDocument:
    """The TRF of a plain-list tournament, read back (so it is checked)."""
    names: dict[str, PlayerId] = {}
    for player in tournament.players:
        cut = name_key(player.name[:_TRF_NAME_WIDTH])
        if cut in names:
            raise PlainListError(
                file=tournament.source,
                line=tournament.line_of(player.id)
                if isinstance(tournament, PlainListTournament) else 0,
                column=1, field="name", key="plain.same_start",
                fields={"name": player.name, "other": tournament.player(names[cut]).name,
                        "width": _TRF_NAME_WIDTH})
        names[cut] = player.id
    return parse_trf(format_trf(tournament), source=source)


def converted(document: TrfDocument | PlainListDocument, out: str | Path
              ) -> TrfDocument | PlainListDocument:
    """What ``swisslearn convert`` writes to ``out``: a plain list for ``.txt``,
    a TRF for ``.trf``/``.trfx``, the document as read for any other name."""
    suffix = Path(out).suffix.lower()
    if suffix == ".txt" and isinstance(document, TrfDocument):
        return to_plain_list(document.tournament, source=str(out))
    if suffix in (".trf", ".trfx") and isinstance(document, PlainListDocument):
        return to_trf(document.tournament, source=str(out))
    return document
