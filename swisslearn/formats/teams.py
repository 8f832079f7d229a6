"""Team tournaments read from a TRF-2026 file (records ``310``/``013``, ``320``,
``330``, ``352``, ``362``, ``192``; layouts in
``../shared/rules/fide-team-swiss-2026-en.md``, "TRF for team tournaments").

A team file describes *board players* (``001``); no record says "team X met
team Y with White".  :func:`team_tournament` derives it, and returns the
team model of :mod:`swisslearn.teams`: a
:class:`~swisslearn.teams.TeamTournament` whose "players" are the teams
(id = TPN), plus the team-only facts the C.04.6 engine needs (game points,
type code, PAB values) in its ``teams``.

How each team's round is derived (one :class:`~swisslearn.teams.TeamRound`
per round):

* **Team and board order.**  ``310``: TPN in 5-7 (file order if blank), board
  players from column 74, every 5 columns.  ``013`` (no TPN): file order,
  players from column 37, every 5 columns.  A ``300`` record gives a
  round's line-up; otherwise the line-up is the listed players who have a
  round block with an opponent that round, or a board won by forfeit
  without one (``0000 - +``: the opponent's board was empty), in listed
  order; a match short of boards takes its first listed ``0000 - -`` players
  (boards lost by forfeit, or reserves: the file does not say) so that the
  boards after them keep their numbers.
* **Opponent and colour.**  The opponent team is the team of board 1's
  opponent; the team's colour (C.04.6 1.6.1) is board 1's *scheduled*
  colour, only if the match was actually played (at least one board game
  played over the board).  A board-1 block with no colour (``-``) takes the
  colour of another board through the ``352`` sequence (default ``WBWB...``).
* **Game points** add the line-up's results with the file's ``162`` values
  (default 1 / ½ / 0; a forfeit win counts as a win).  The **match** is won by
  the team with more game points; match points come from ``362`` (default
  2 / 1 / 0).  A match in which no board game was played is a forfeit
  (won or lost; equal game points count as a loss for both).
* **Pairing-allocated bye**: the team is listed in ``320`` for that round, or
  one of its players has ``0000 - U``.  It scores the ``320`` values (default:
  a drawn match, the ``362`` draw and half the boards, C.04.6 1.4).
* ``330``: a forfeited match (whole team absent) overrides the boards: the
  winner scores a won match and every board, the loser nothing
  (``--``: both lose).  Without a ``330``, a team whose boards have no
  opponent and only forfeits (``0000 - +``, ``0000 - -``) forfeited a match
  against a team the file does not record: won if its boards won more than
  they lost, with a warning (it is ``330``'s to say; the reference engine
  reads such a team as having had the PAB, scored with ``320``'s values),
  else lost, the team absent that round (the odd team of a round written
  ``0000 - -`` on every board, as a league file does).
* ``240`` with team numbers: ``F`` a won match and every board, ``H`` a drawn
  match and half the boards, ``Z`` nothing; a ``240`` for a round not yet
  paired announces an absence; one for a round the team's boards played is
  a warning and the boards win (as for a player).  ``260`` forbids pairs of
  TPNs.
* ``299`` (abnormal points), read by :mod:`swisslearn.formats.trf` and applied
  here: a type (``W`` ``D`` ``L`` ``F`` ``H`` ``Z`` ``+`` ``-``) sets what
  that result of the team is worth in that round (``000``/blank: every
  round): match points (8-11) and game points (14-17), each if given, the
  last record that applies winning (as for a player; the reference engine
  prefers the record naming the team, then the round).  No type: a bonus or
  penalty of match and game points from the round after the one named
  (none: from the start), :meth:`~swisslearn.teams.TeamTournament.bonus_points`.  No TPN: every
  team.  The PAB (``U``) has no type: its points are ``320``'s.
* Every TPN a record names (``240``, ``260``/``XXP``, ``299``, ``320``,
  ``330``, ``300``) must be a team's.  Problems are reported all at once
  (:class:`~swisslearn.errors.Report`, catalogue keys ``teams.*`` in
  ``explain/en.teams.json`` and ``fr.teams.json``), after the file's own.
* ``192``: :class:`~swisslearn.teams.TypeCode` (colour-preference type A / B / none, primary
  score, secondary score for 4.2.2); unknown or absent: ``FIDE_TEAM``
  (Type A, match points, then game points: 1.2.2 and 1.7).
* Not read: ``250`` (acceleration), ``801``/``802`` and the totals of ``310``
  (informative; scores come from the rounds).

``362`` is read wherever its symbols stand (``TW 3.0`` anywhere on the line).
The reference engine (Sharly Chess's) reads each symbol only in columns 5, 14
and 23, its value in the four columns after it, and silently keeps its
defaults for a symbol it does not find there: :func:`engine_362_reading`
reads a line its way, :func:`misread_362` finds a line it would misread, and
:func:`format_362` writes the line in that layout
(``362 TW 3.0   TD 2.0   TL 1.0``), as every team file swisslearn writes has it.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Mapping, Sequence

from swisslearn.errors import InputError, Report, TRFError
from swisslearn.formats.trf import (TeamReference, TrfDocument, has_team_records, parse_trf,
                                   round_block_column)
from swisslearn.model import (ByeRequest, Colour, Player, PlayerId, PointAdjustment, Result,
                              RoundEntry, RoundNumber, Tournament)
from swisslearn.points import Points, PointSystem
from swisslearn.teams import TPN, MatchPoints, Outcome, Team, TeamRound, TeamTournament, TypeCode
from swisslearn.words import catalogue

__all__ = ["has_team_records", "read_teams", "team_tournament", "with_teams", "board_tournament",
           "read_362", "engine_362_reading", "format_362", "Misread362", "misread_362"]


def read_362(line: str, default: MatchPoints = MatchPoints()) -> MatchPoints:
    """``362`` as swisslearn reads it: each symbol wherever it stands."""
    values = dict(re.findall(r"\b(TW|TD|TL)\s*(-?\d+(?:\.\d+)?)", line[4:].upper()))
    return MatchPoints(win=Decimal(values["TW"]) if "TW" in values else default.win,
                       draw=Decimal(values["TD"]) if "TD" in values else default.draw,
                       loss=Decimal(values["TL"]) if "TL" in values else default.loss)


_362_COLUMNS = (5, 14, 23)
"""Where the reference engine looks for the symbols of ``362`` (1-based)."""


def engine_362_reading(line: str) -> MatchPoints:
    """``362`` as the reference engine reads it: a symbol in columns 5-6,
    14-15 or 23-24, its value in the four columns after it; its defaults
    (2 / 1 / 0) for a symbol not found there."""
    values: dict[str, Decimal] = {}
    for column in _362_COLUMNS:
        symbol = line[column - 1:column + 1].upper()
        text = line[column + 1:column + 5].strip()
        if symbol in ("TW", "TD", "TL") and re.fullmatch(r"-?\d+(\.\d*)?", text):
            values[symbol] = Decimal(text)
    default = MatchPoints()
    return MatchPoints(win=values.get("TW", default.win), draw=values.get("TD", default.draw),
                       loss=values.get("TL", default.loss))


def format_362(points: MatchPoints) -> str:
    """The ``362`` line in the reference engine's layout: each symbol and its
    value in 9 columns, symbols in columns 5, 14 and 23
    (``362 TW 3.0   TD 2.0   TL 1.0``)."""
    fields = [f"{symbol}{value:>4.1f}" for symbol, value in
              (("TW", points.win), ("TD", points.draw), ("TL", points.loss))]
    return "362 " + "   ".join(fields)


@dataclass(frozen=True)
class Misread362:
    """A ``362`` line (``line``, 1-based) the reference engine would read as
    ``engine`` instead of ``values``."""

    line: int
    text: str
    values: MatchPoints
    engine: MatchPoints

    @property
    def column(self) -> int:
        """The first of the three symbol columns where the engine finds the wrong thing."""
        for column, symbol in zip(_362_COLUMNS, ("TW", "TD", "TL")):
            if self.text[column - 1:column + 1].upper() != symbol:
                return column
        return _362_COLUMNS[0]

    def message(self, lang: str = "en") -> str:
        """What is wrong, in ``lang`` (the catalogue's ``teams.362_misread``)."""
        words = catalogue(lang)

        def show(points: MatchPoints) -> str:
            return words.text("teams.362_values", win=f"{points.win:.1f}",
                              draw=f"{points.draw:.1f}", loss=f"{points.loss:.1f}")
        return words.text("teams.362_misread", engine=show(self.engine), values=show(self.values),
                          expected=format_362(self.values))


def misread_362(lines: tuple[str, ...] | list[str]) -> list[Misread362]:
    """The ``362`` lines of a file that the reference engine would misread."""
    found = []
    for number, line in enumerate(lines, 1):
        if line[:3] != "362":
            continue
        values, engine = read_362(line), engine_362_reading(line)
        if values != engine:
            found.append(Misread362(number, line, values, engine))
    return found



# ---------------------------------------------------------------------------
# Reading


def with_teams(document: TrfDocument, *, strict: bool = False) -> TrfDocument:
    """``document`` with its tournament replaced by the team tournament when the
    file has team records, the team reader's warnings after the document's
    own (``strict``: a warning refuses the file too); unchanged otherwise.
    :class:`~swisslearn.errors.TRFError` listing every problem of the file
    when its team records do not hold together."""
    if not has_team_records(document):
        return document
    tournament, warnings = read_teams(document, strict=strict)
    return dataclasses.replace(document, tournament=tournament, warnings=warnings)


def read_teams(document: TrfDocument, *,
               strict: bool = False) -> tuple[TeamTournament, tuple[InputError, ...]]:
    """The team tournament a TRF document describes, and the warnings of the
    whole file (the document's and the team reader's, in line order).
    :class:`~swisslearn.errors.TRFError` listing every problem (the
    document's warnings included) when the team records do not hold
    together, or with ``strict`` when there is any warning."""
    report = Report(document.source, TRFError)
    for warning in document.warnings:
        report.add(warning)
    tournament = _Reader(document, report).read()
    warnings = report.finish(strict)
    assert tournament is not None  # None only with an error, which finish() raised
    return tournament, warnings


def team_tournament(document: TrfDocument) -> TeamTournament:
    """The team tournament a TRF document describes (``TRFError`` if its team
    records do not hold together)."""
    return read_teams(document)[0]


def board_tournament(document: TrfDocument) -> Tournament | None:
    """The board players of a team file (its ``001`` records as an individual
    tournament), for the standings' board count; ``None`` if the lines are
    no TRF."""
    try:
        return parse_trf("\n".join(document.lines) + "\n", source=document.source).tournament
    except InputError:
        return None


_DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")
_362_SYMBOL = re.compile(r"\b(?P<symbol>TW|TD|TL)\s*(?P<value>\S*)", re.IGNORECASE)


def _decimal(text: str) -> Decimal | None:
    text = text.strip()
    return Decimal(text) if _DECIMAL.fullmatch(text) else None


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _slots(line: str, start: int) -> list[int]:
    """The numbers in 4-column slots every 5 columns from 1-based column
    ``start``; blank or zero slots are skipped; ValueError on anything else."""
    numbers = []
    column = start - 1
    while column < len(line):
        text = line[column:column + 4].strip()
        if text:
            if not _digits(text):
                raise ValueError(text)
            if int(text) > 0:
                numbers.append(int(text))
        column += 5
    return numbers


def _fielded(entry: RoundEntry) -> bool:
    """A board player who sat at a board of the match: an opponent, or a
    board won by forfeit whose opponent is not recorded (``0000 - +``)."""
    return entry.opponent is not None or entry.result is Result.FORFEIT_WIN


# The result a team's round has, for 299's type (W D L F H Z + -); the
# pairing-allocated bye has none (its points are 320's).
_OUTCOME_RESULT = {Outcome.WIN: Result.WIN, Outcome.DRAW: Result.DRAW, Outcome.LOSS: Result.LOSS,
                   Outcome.FORFEIT_WIN: Result.FORFEIT_WIN,
                   Outcome.FORFEIT_LOSS: Result.FORFEIT_LOSS,
                   Outcome.FULL_BYE: Result.FULL_POINT_BYE,
                   Outcome.HALF_BYE: Result.HALF_POINT_BYE,
                   Outcome.ZERO_BYE: Result.ZERO_POINT_BYE}


@dataclass(frozen=True)
class _TeamRecord:
    tpn: TPN
    name: str
    nickname: str
    strength: int | None
    players: tuple[PlayerId, ...]
    line: int


@dataclass
class _Records:
    """The team records of a file, as read; ``places`` where each TPN they
    name stands (code, line, column, TPN), to check that a team has it."""

    teams: list[_TeamRecord] = dataclasses.field(default_factory=list)
    match_points: MatchPoints = MatchPoints()
    pab_match_points: Points | None = None
    pab_game_points: Points | None = None
    pab_rounds: dict[RoundNumber, TPN] = dataclasses.field(default_factory=dict)
    forfeits: dict[tuple[RoundNumber, TPN], tuple[TPN, Outcome]] = dataclasses.field(
        default_factory=dict)
    line_ups: dict[tuple[RoundNumber, TPN], tuple[PlayerId, ...]] = dataclasses.field(
        default_factory=dict)
    board_colours: str = ""
    places: list[tuple[str, int, int, TPN]] = dataclasses.field(default_factory=list)
    numbers: set[TPN] = dataclasses.field(default_factory=set)  # every TPN read, bad lines too


class _Reader:
    """Reads the team records and derives each team's rounds, reporting every
    problem (catalogue keys ``teams.*``) to ``report``."""

    def __init__(self, document: TrfDocument, report: Report) -> None:
        self.document = document
        self.source = document.source
        self.base = document.tournament
        self.points = self.base.point_system  # board game points (162)
        self.report = report
        self.references = document.team_references
        self.adjustments = tuple(r.record for r in self.references
                                 if isinstance(r.record, PointAdjustment))
        self.contradicted: set[tuple[TPN, RoundNumber]] = set()  # 240s the boards refute
        self._player_lines: dict[PlayerId, int] = {}

    def error(self, key: str, line: int, column: int = 0, **fields: object) -> None:
        self.report.error(f"teams.{key}", line, column, "", **fields)

    def warning(self, key: str, line: int, column: int = 0, **fields: object) -> None:
        self.report.warning(f"teams.{key}", line, column, "", **fields)

    def player_line(self, pid: PlayerId) -> int:
        """The line of player ``pid``'s ``001`` record."""
        if not self._player_lines:
            for number, line in enumerate(self.document.lines, 1):
                text = line[4:8].strip()
                if line[:3] == "001" and _digits(text):
                    self._player_lines.setdefault(int(text), number)
        return self._player_lines.get(pid, 0)

    # -- records --------------------------------------------------------------

    def records(self) -> _Records:
        found = _Records()
        order = 0
        # A file with 310 records may describe the same teams again as 013
        # (FIDE's own TRF-2026 sample: "Old 013 record still to report"):
        # the 310 records are the teams, the 013 lines are kept as they are.
        codes = ("310",) if any(line[:3] == "310" for line in self.document.lines) else (
            "310", "013")
        for number, line in enumerate(self.document.lines, 1):
            code = line[:3]
            if code in codes:
                order += 1
                tpn_text = line[4:7].strip() if code == "310" else ""
                found.numbers.add(int(tpn_text) if _digits(tpn_text) else order)
                record = (self._team310(line, number, order) if code == "310"
                          else self._team013(line, number, order))
                if record is not None:
                    found.teams.append(record)
            elif code == "362":
                if self._check362(line, number):
                    found.match_points = read_362(line, found.match_points)
            elif code == "320":
                self._pab320(line, number, found)
            elif code == "330":
                self._forfeit330(line, number, found)
            elif code == "300":
                self._line_up300(line, number, found)
            elif code == "352":
                found.board_colours = self._colours352(line, number)
        if not order:
            self.error("none", len(self.document.lines))
        return found

    def _players(self, line: str, number: int, code: str, start: int) -> tuple[PlayerId, ...] | None:
        try:
            players = tuple(_slots(line, start))
        except ValueError as bad:
            self.error("player_bad", number, start, code=code, value=str(bad), start=start)
            return None
        if not players:
            # A team without players would be paired, and its opponent's
            # boards written without a round: the file is refused instead.
            self.error("team_without_players", number, start, code=code, start=start)
            return None
        return players

    def _check362(self, line: str, number: int) -> bool:
        """``362``: each of TW, TD, TL followed by a number (``TW 9e99`` is no
        number of match points: it was read as 9)."""
        good = True
        for found in _362_SYMBOL.finditer(line, 4):
            if not _DECIMAL.fullmatch(found["value"]):
                self.error("362_not_number", number, found.start("value") + 1,
                           symbol=found["symbol"].upper(), value=found["value"])
                good = False
        return good

    def _colours352(self, line: str, number: int) -> str:
        """``352``: the colours of the boards, W and B (``WBWB``); anything
        else cannot say a board's colour."""
        text = line[4:].strip()
        start = line.index(text, 4) if text else len(line)
        bad = next((i for i, letter in enumerate(text) if letter not in "WBwb"), None)
        if not text or bad is not None:
            self.error("352_not_colours", number, start + (bad or 0) + 1, value=text)
            return ""
        return text.upper()

    def _team310(self, line: str, number: int, order: int) -> _TeamRecord | None:
        tpn_text = line[4:7].strip()
        if tpn_text and not (_digits(tpn_text) and int(tpn_text) > 0):
            self.error("tpn_bad", number, 5, value=tpn_text)
            return None
        players = self._players(line, number, "310", 74)
        if players is None:
            return None
        strength = _decimal(line[47:53])
        return _TeamRecord(int(tpn_text) if tpn_text else order, line[8:40].strip(),
                           line[41:46].strip(),
                           None if strength is None else int(strength.to_integral_value()),
                           players, number)

    def _team013(self, line: str, number: int, order: int) -> _TeamRecord | None:
        players = self._players(line, number, "013", 37)
        if players is None:
            return None
        return _TeamRecord(order, line[4:36].strip(), "", None, players, number)

    def _pab320(self, line: str, number: int, found: _Records) -> None:
        """``320``: PAB match points (5-8), game points (10-13), then the PAB
        team of each round every 4 columns from 15."""
        for text, column in ((line[4:8], 5), (line[9:13], 10)):
            if text.strip() and _decimal(text) is None:
                self.error("320_value", number, column, value=text.strip())
        found.pab_match_points = _decimal(line[4:8])
        found.pab_game_points = _decimal(line[9:13])
        column, r = 14, 1
        while column < len(line):
            text = line[column:column + 3].strip()
            if text and not _digits(text):
                self.error("320_team", number, column + 1, value=text, round=r)
            elif text and int(text) > 0:
                found.pab_rounds[r] = int(text)
                found.places.append(("320", number, column + 1, int(text)))
            column += 4
            r += 1

    def _forfeit330(self, line: str, number: int, found: _Records) -> None:
        kind = line[4:6]
        if kind not in ("+-", "-+", "--"):
            self.error("330_type", number, 5, kind=kind)
            return
        try:
            r, white, black = int(line[7:10]), int(line[11:14]), int(line[15:18])
        except ValueError:
            self.error("330_bad", number, 8)
            return
        won, lost = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
        found.forfeits[(r, white)] = (black, won if kind == "+-" else lost)
        found.forfeits[(r, black)] = (white, won if kind == "-+" else lost)
        found.places += [("330", number, 12, white), ("330", number, 16, black)]

    def _line_up300(self, line: str, number: int, found: _Records) -> None:
        try:
            r, tpn = int(line[4:7]), int(line[8:11])
            players = tuple(_slots(line, 17))
        except ValueError:
            self.error("300_bad", number, 5)
            return
        found.line_ups[(r, tpn)] = players
        found.places.append(("300", number, 9, tpn))

    # -- the teams ------------------------------------------------------------

    def read(self) -> TeamTournament | None:
        """The team tournament, or ``None`` when the records do not hold
        together (the report has the errors)."""
        found = self.records()
        team_of = self._check_teams(found.teams)
        self._check_references(found)
        if self.report.has_errors():
            return None  # deriving rounds from broken records would only add noise
        # The number of boards: the most players a team fielded in one round
        # (teams may list reserves), else the smallest team.
        fielded = [sum(1 for pid in t.players if (e := self.base.player(pid).entry(r)) is not None
                       and _fielded(e))
                   for t in found.teams for r in range(1, self.base.rounds_paired + 1)]
        boards = max(fielded, default=0) or min(len(t.players) for t in found.teams)
        pab_mp = (found.pab_match_points if found.pab_match_points is not None
                  else found.match_points.draw)
        pab_gp = (found.pab_game_points if found.pab_game_points is not None
                  else self.points.draw * boards)
        last = max([self.base.rounds_paired] + [r for r, _ in found.forfeits]
                   + list(found.pab_rounds))
        requests = self._requests(last)
        # First pass: each team's own round (game points, line-up, opponent).
        raw: dict[tuple[TPN, RoundNumber], TeamRound] = {}
        for record in found.teams:
            for r in range(1, last + 2):
                entry = self._round(record, r, team_of, found, requests, boards, pab_gp)
                if entry is not None:
                    raw[(record.tpn, r)] = entry
        # Second pass: the match result needs both teams' game points.
        teams = []
        for record in sorted(found.teams, key=lambda t: t.tpn):
            rounds = tuple(self._settle(raw, record, r, found, pab_mp)
                           for r in range(1, last + 2) if (record.tpn, r) in raw)
            ratings = [self.base.player(p).rating for p in record.players[:boards]]
            rating = record.strength if record.strength is not None else (
                round(sum(ratings) / len(ratings)) if ratings else 0)
            teams.append(Team(tpn=record.tpn, name=record.name, rating=rating,
                              players=record.players, rounds=rounds, nickname=record.nickname))
        return self._tournament(tuple(teams), found, pab_mp, pab_gp, boards)

    def _check_teams(self, records: list[_TeamRecord]) -> dict[PlayerId, TPN]:
        seen: dict[TPN, int] = {}
        team_of: dict[PlayerId, TPN] = {}
        for record in records:
            if record.tpn in seen:
                self.error("tpn_twice", record.line, 5, team=record.tpn,
                           other_line=seen[record.tpn])
                continue
            seen[record.tpn] = record.line
            for pid in record.players:
                if pid not in self.base:
                    self.error("unknown_player", record.line, 0, team=record.tpn, player=pid)
                elif pid in team_of:
                    self.error("player_twice", record.line, 0, player=pid, team=team_of[pid],
                               other=record.tpn)
                else:
                    team_of[pid] = record.tpn
        return team_of

    def _check_references(self, found: _Records) -> None:
        """Every TPN a record names is a team's (240, 260/XXP, 299, 320, 330, 300);
        a team whose own record is wrong is one (that record has its error)."""
        tpns = found.numbers
        places = list(found.places)
        for reference in self.references:
            record = reference.record
            named = (record.player,) if isinstance(record, ByeRequest) else record.players
            places += [(reference.code, reference.line, reference.column, tpn) for tpn in named]
        for code, line, column, tpn in places:
            if tpn not in tpns:
                self.error("unknown_team", line, column, code=code, team=tpn)

    def _requests(self, last: RoundNumber) -> dict[tuple[TPN, RoundNumber], TeamReference]:
        """The ``240`` byes by (TPN, round), but those after the last round."""
        requests: dict[tuple[TPN, RoundNumber], TeamReference] = {}
        rounds = self.base.rounds
        for reference in self.references:
            bye = reference.record
            if not isinstance(bye, ByeRequest):
                continue
            if rounds is not None and bye.round > rounds:
                self.warning("240_after_last", reference.line, reference.column,
                             team=bye.player, round=bye.round, rounds=rounds)
                self.contradicted.add((bye.player, bye.round))
                continue
            requests[(bye.player, bye.round)] = reference
        return requests

    def _settle(self, raw: Mapping[tuple[TPN, RoundNumber], TeamRound], record: _TeamRecord,
                r: RoundNumber, found: _Records, pab_mp: Points) -> TeamRound:
        """The team's round with its match outcome and match points (``299``'s
        included)."""
        entry = raw[(record.tpn, r)]
        outcome = entry.outcome
        if entry.opponent is not None and (r, record.tpn) not in found.forfeits:
            other = raw.get((entry.opponent, r))
            if other is None or other.opponent != record.tpn:
                self.error("asymmetric", record.line, 0, round=r, team=record.tpn,
                           other=entry.opponent)
            else:
                mine, theirs = entry.game_points, other.game_points
                if outcome.played:
                    outcome = (Outcome.WIN if mine > theirs else
                               Outcome.DRAW if mine == theirs else Outcome.LOSS)
                else:
                    outcome = Outcome.FORFEIT_WIN if mine > theirs else Outcome.FORFEIT_LOSS
        mp = found.match_points
        points = {Outcome.WIN: mp.win, Outcome.DRAW: mp.draw, Outcome.LOSS: mp.loss,
                  Outcome.FORFEIT_WIN: mp.win, Outcome.FORFEIT_LOSS: mp.loss,
                  Outcome.PAB: pab_mp, Outcome.FULL_BYE: mp.win, Outcome.HALF_BYE: mp.draw,
                  Outcome.ZERO_BYE: Decimal(0)}[outcome]
        game = entry.game_points
        result = _OUTCOME_RESULT.get(outcome)
        for adjustment in self.adjustments:
            # 299 with a type: what that result is worth (the last record that
            # applies wins, as for a player's 299).
            if (result in adjustment.results and adjustment.applies_to(record.tpn)
                    and adjustment.round in (None, r)):
                if adjustment.match_points is not None:
                    points = adjustment.match_points
                if adjustment.has_points:
                    game = adjustment.points
        return dataclasses.replace(entry, outcome=outcome, match_points=points,
                                   game_points=game)

    def _round(self, record: _TeamRecord, r: RoundNumber, team_of: Mapping[PlayerId, TPN],
               found: _Records, requests: Mapping[tuple[TPN, RoundNumber], TeamReference],
               boards: int, pab_gp: Points) -> TeamRound | None:
        """The team's round before the match result is known (``None``: no round).

        In order: a forfeit record settles it; else the team's board entries,
        the PAB, its line-up, a bye it asked for (unless its boards were
        played), a round without opponent, and last the match."""
        tpn = record.tpn
        if (r, tpn) in found.forfeits:
            opponent, outcome = found.forfeits[(r, tpn)]
            won = outcome is Outcome.FORFEIT_WIN
            return TeamRound(r, outcome, opponent, None,
                             self.points.forfeit_win * boards if won else Decimal(0))
        entries = self._entries(record, r, found)
        if self._is_pab(record, r, found, entries):
            return TeamRound(r, Outcome.PAB, game_points=pab_gp)
        line_up, with_opponent = self._line_up(record, r, found, entries, boards)
        bye = self._bye_asked(tpn, r, requests, with_opponent, boards)
        if bye is not None:
            return bye
        if not with_opponent:
            return self._without_opponent(record, r, entries, found.match_points)
        return self._match(record, r, team_of, found, entries, line_up, with_opponent)

    def _entries(self, record: _TeamRecord, r: RoundNumber,
                 found: _Records) -> dict[PlayerId, RoundEntry]:
        """The round's board entries of the team's players."""
        # A 300 line-up may field a substitute the 310 record does not list
        # (Sharly Chess writes a round paired before it is played so).
        members = record.players + tuple(
            p for p in found.line_ups.get((r, record.tpn), ()) if p not in record.players
            and p in self.base)
        return {pid: e for pid in members if (e := self.base.player(pid).entry(r)) is not None}

    @staticmethod
    def _is_pab(record: _TeamRecord, r: RoundNumber, found: _Records,
                entries: Mapping[PlayerId, RoundEntry]) -> bool:
        # A board's U in a team that meets another (the opponent fielded
        # fewer players: Sharly Chess writes U there) is not the team's PAB.
        return found.pab_rounds.get(r) == record.tpn or (
            any(e.result is Result.PAIRING_ALLOCATED_BYE for e in entries.values())
            and not any(e.opponent is not None for e in entries.values()))

    @staticmethod
    def _line_up(record: _TeamRecord, r: RoundNumber, found: _Records,
                 entries: Mapping[PlayerId, RoundEntry], boards: int
                 ) -> tuple[tuple[PlayerId, ...], list[PlayerId]]:
        """The players on the team's boards, board 1 first, and those of them
        who met an opponent (read before the short boards are filled)."""
        if (r, record.tpn) in found.line_ups:
            line_up = tuple(p for p in found.line_ups[(r, record.tpn)] if p in entries)
            return line_up, [p for p in line_up if entries[p].opponent is not None]
        line_up = tuple(p for p in record.players if p in entries and _fielded(entries[p]))
        with_opponent = [p for p in line_up if entries[p].opponent is not None]
        if with_opponent and len(line_up) < boards:
            # A board lost by forfeit without opponent (0000 - -) is a board of
            # the match, or a reserve who did not play: the first listed ones
            # fill the boards the match is short of, so that the boards after
            # them keep their numbers (board 1's colour is read through 352).
            absent = [p for p in record.players if p in entries and p not in line_up
                      and entries[p].result is Result.FORFEIT_LOSS][:boards - len(line_up)]
            line_up = tuple(p for p in record.players if p in line_up or p in absent)
        return line_up, with_opponent

    def _bye_asked(self, tpn: TPN, r: RoundNumber,
                   requests: Mapping[tuple[TPN, RoundNumber], TeamReference],
                   with_opponent: Sequence[PlayerId], boards: int) -> TeamRound | None:
        """The round of a bye the team asked for (``240``), unless its boards
        were played: then the boards win, as for a player, with a warning."""
        request = requests.get((tpn, r))
        if request is None:
            return None
        bye = request.record
        assert isinstance(bye, ByeRequest)
        if with_opponent:
            self.warning("240_contradicts", request.line, request.column, team=tpn, round=r,
                         kind=bye.result.code, player_line=self.player_line(with_opponent[0]))
            self.contradicted.add((tpn, r))
            return None
        outcome = {Result.FULL_POINT_BYE: Outcome.FULL_BYE,
                   Result.HALF_POINT_BYE: Outcome.HALF_BYE}.get(bye.result, Outcome.ZERO_BYE)
        game = {Outcome.FULL_BYE: self.points.win * boards,
                Outcome.HALF_BYE: self.points.draw * boards}.get(outcome, Decimal(0))
        return TeamRound(r, outcome, game_points=game)

    def _match(self, record: _TeamRecord, r: RoundNumber, team_of: Mapping[PlayerId, TPN],
               found: _Records, entries: Mapping[PlayerId, RoundEntry],
               line_up: tuple[PlayerId, ...], with_opponent: Sequence[PlayerId]
               ) -> TeamRound | None:
        """The match against the team of the first board's opponent (``None``
        and an error when the boards met no team, or two teams)."""
        tpn = record.tpn
        first = entries[with_opponent[0]]
        assert first.opponent is not None
        # The round's line-ups (300) say which team a substitute played for.
        fielded_for = {p: team for (rr, team), players in found.line_ups.items() if rr == r
                       for p in players}
        team_of = {**team_of, **fielded_for} if fielded_for else team_of
        opponent_team = team_of.get(first.opponent)
        if opponent_team is None:
            self.error("opponent_in_no_team", record.line, 0, round=r, team=tpn,
                       player=with_opponent[0], opponent=first.opponent)
            return None
        for pid in with_opponent[1:]:
            other = entries[pid].opponent
            if team_of.get(other) != opponent_team:  # type: ignore[arg-type]
                self.error("two_opponents", self.player_line(pid), round_block_column(r),
                           round=r, team=tpn, player=pid, opponent=other, other=opponent_team)
                return None
        game = sum((self.points.points(entries[p].result) for p in line_up), Decimal(0))
        played = any(entries[p].game_played for p in line_up)
        colour = entries[line_up[0]].colour
        if colour is None:
            colour = _colour_from_other_boards(line_up, entries, found.board_colours)
        # The outcome is settled once both teams are known (``_settle``).
        return TeamRound(r, Outcome.DRAW if played else Outcome.FORFEIT_LOSS, opponent_team,
                         colour if played else None, game, line_up=line_up)

    def _without_opponent(self, record: _TeamRecord, r: RoundNumber,
                          entries: Mapping[PlayerId, RoundEntry],
                          match_points: MatchPoints) -> TeamRound | None:
        """A round in which no board of the team has an opponent, no ``330``
        names the team and no ``240`` or PAB gives it a bye.

        Boards ``0000 - +`` / ``0000 - -`` (TRF: a forfeit, "the scheduled
        game was not played"): a match forfeited against a team the file
        does not record, won if the boards won more than they lost (equal:
        lost, as for any forfeited match).  A win is said by a warning: it
        is the ``330`` record's to say, and the reference engine reads such
        a team as having had the pairing-allocated bye.  Other byes on the
        boards (``0000 - Z``, ``H``, ``F``: a team's F and H byes are
        ``240``'s) are a round without points; no block, no round."""
        forfeits = [(pid, e) for pid, e in entries.items() if e.result.is_forfeit]
        if forfeits:
            won = sum(1 for _, e in forfeits if e.result is Result.FORFEIT_WIN)
            game = sum((self.points.points(e.result) for _, e in forfeits), Decimal(0))
            if won * 2 > len(forfeits):
                pid = next(p for p, e in forfeits if e.result is Result.FORFEIT_WIN)
                self.warning("forfeit_without_330", self.player_line(pid),
                             round_block_column(r) + 7, round=r, team=record.tpn,
                             won=match_points.win)
                return TeamRound(r, Outcome.FORFEIT_WIN, game_points=game)
            return TeamRound(r, Outcome.FORFEIT_LOSS, game_points=game)
        if any(e.result.is_bye for e in entries.values()):
            return TeamRound(r, Outcome.ZERO_BYE)
        return None

    def _tournament(self, teams: tuple[Team, ...], found: _Records, pab_mp: Points,
                    pab_gp: Points, boards: int) -> TeamTournament:
        players = tuple(Player(
            id=team.tpn, name=team.name, rating=team.rating,
            entries=tuple(RoundEntry(e.round, e.opponent, e.colour, e.outcome.result)
                          for e in team.rounds),
            attributes=tuple(sorted((("nickname", team.nickname),
                                     ("players", " ".join(str(p) for p in team.players))))))
            for team in teams)
        mp = found.match_points
        point_system = PointSystem(
            win=mp.win, draw=mp.draw, loss=mp.loss, forfeit_win=mp.win, forfeit_loss=mp.loss,
            full_point_bye=mp.win, half_point_bye=mp.draw, zero_point_bye=Decimal(0),
            pairing_allocated_bye=pab_mp, unknown=mp.draw)
        # The match points of 299, as the tournament of teams counts its
        # players' scores (Tournament.score_before): the same rounds' values.
        match_adjustments = tuple(
            PointAdjustment(points=a.match_points, round=a.round, players=a.players,
                            results=a.results)
            for a in self.adjustments if a.match_points is not None)
        base = self.base
        return TeamTournament(
            name=base.name, players=players, rounds=base.rounds, point_system=point_system,
            initial_colour=base.initial_colour,
            bye_requests=tuple(b for b in base.bye_requests
                               if (b.player, b.round) not in self.contradicted),
            forbidden=base.forbidden, system=base.system, source=base.source,
            adjustments=match_adjustments,
            teams=teams, type_code=TypeCode.parse(base.system), match_points=mp,
            pab_match_points=pab_mp, pab_game_points=pab_gp, boards=boards,
            board_colours=found.board_colours, board_points=self.points,
            bonuses=tuple(a for a in self.adjustments if not a.results))


def _colour_from_other_boards(line_up: tuple[PlayerId, ...],
                              entries: Mapping[PlayerId, RoundEntry],
                              board_colours: str) -> Colour | None:
    """Board 1's colour read from another board through the ``352`` sequence
    (``WBWB...`` when absent)."""
    for board, pid in enumerate(line_up[1:], 2):
        colour = entries[pid].colour
        if colour is None:
            continue
        pattern = board_colours if len(board_colours) >= board else "WB" * board
        return colour if pattern[board - 1] == pattern[0] else colour.opposite
    return None
