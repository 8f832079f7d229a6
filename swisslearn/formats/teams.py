"""Team tournaments read from a TRF-2026 file (records ``310``/``013``, ``320``,
``330``, ``352``, ``362``, ``192``; layouts in
``../shared/rules/fide-team-swiss-2026-en.md``, "TRF for team tournaments").

A team file describes *board players* (``001``); no record says "team X met
team Y with White".  :func:`team_tournament` derives it, and returns a
:class:`TeamTournament`: a :class:`~swisslearn.model.Tournament` whose
"players" are the teams (id = TPN), so that every command that shows or
checks a tournament works on teams, plus the team-only facts the C.04.6
engine needs (game points, type code, PAB values) in :attr:`TeamTournament.teams`.

How each team's round is derived (one :class:`TeamRound` per round):

* **Team and board order.**  ``310``: TPN in 5-7 (file order if blank), board
  players from column 74, every 5 columns.  ``013`` (no TPN): file order,
  players from column 37, every 5 columns.  A ``300`` record gives a
  round's line-up; otherwise the line-up is the listed players who have a
  round block with an opponent that round, in listed order.
* **Opponent and colour.**  The opponent team is the team of board 1's
  opponent; the team's colour (C.04.6 1.6.1) is board 1's *scheduled*
  colour, only if the match was actually played (at least one board game
  played over the board).  A board-1 block with no colour (``-``) takes the
  colour of another board through the ``352`` sequence (default ``WBWB...``).
* **Game points** add the boards' results with the file's ``162`` values
  (default 1 / ½ / 0; a forfeit win counts as a win).  The **match** is won by
  the team with more game points; match points come from ``362`` (default
  2 / 1 / 0).  A match in which no board game was played is a forfeit
  (won or lost; equal game points count as a loss for both).
* **Pairing-allocated bye**: the team is listed in ``320`` for that round, or
  one of its players has ``0000 - U``.  It scores the ``320`` values (default:
  a drawn match, the ``362`` draw and half the boards, C.04.6 1.4).
* ``330``: a forfeited match (whole team absent) overrides the boards: the
  winner scores a won match and every board, the loser nothing
  (``--``: both lose).  ``240`` with team numbers: ``F`` a won match and every
  board, ``H`` a drawn match and half the boards, ``Z`` nothing; a ``240`` for
  a round not yet paired announces an absence.  ``260`` forbids pairs of TPNs.
* ``192``: :class:`TypeCode` (colour-preference type A / B / none, primary
  score, secondary score for 4.2.2); unknown or absent: ``FIDE_TEAM``
  (Type A, match points, then game points: 1.2.2 and 1.7).
* Not read: ``299`` (abnormal points), ``250`` (acceleration), ``801``/``802``
  and the totals of ``310`` (informative; scores come from the rounds).

``362`` is read wherever its symbols stand (``TW 3.0`` anywhere on the line).
The reference engine (Sharly Chess's) reads each symbol only in columns 5, 14
and 23, its value in the four columns after it, and silently keeps its
defaults for a symbol it does not find there: :func:`engine_362_reading`
reads a line its way, :func:`misread_362` finds a line it would misread, and
:func:`format_362` writes the line in that layout
(``362 TW 3.0   TD 2.0   TL 1.0``), as every team file swisslearn writes has it.

The :class:`~swisslearn.model.Player` of a team carries its match result as
a :class:`~swisslearn.results.Result` (``1``/``=``/``0``, ``+``/``-`` for a
forfeited match, ``U``/``F``/``H``/``Z``) against the opponent TPN, with the
team colour; the tournament's :class:`~swisslearn.points.PointSystem` holds
the match points, so ``Tournament.states`` scores teams in match points.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Mapping

from swisslearn.errors import TRFError
from swisslearn.formats.trf import TrfDocument
from swisslearn.model import (Colour, Player, PlayerId, Result, RoundEntry, RoundNumber,
                              Tournament)
from swisslearn.points import Points, PointSystem

__all__ = ["PreferenceType", "ScoreKind", "TypeCode", "MatchPoints", "Outcome", "TeamRound",
           "Team", "TeamTournament", "has_team_records", "team_tournament", "with_teams",
           "read_362", "engine_362_reading", "format_362", "Misread362", "misread_362"]

TPN = int
"""A team's pairing number (C.04.6 1.1)."""


class PreferenceType(enum.Enum):
    """C.04.6 1.7: which colour preferences the competition uses."""

    A = "A"
    B = "B"
    NONE = "none"


class ScoreKind(enum.Enum):
    """C.04.6 1.2: match points or game points."""

    MATCH_POINTS = "MP"
    GAME_POINTS = "GP"


@dataclass(frozen=True)
class TypeCode:
    """A ``192`` code of C.04.6: colour-preference type, primary score and the
    secondary score used for colour allocation (4.2.2; ``None``: not used)."""

    code: str = "FIDE_TEAM"
    preferences: PreferenceType = PreferenceType.A
    primary: ScoreKind = ScoreKind.MATCH_POINTS
    secondary: ScoreKind | None = ScoreKind.GAME_POINTS
    baku: bool = False

    @classmethod
    def parse(cls, code: str) -> TypeCode:
        """The type of ``code``; anything that is not a ``FIDE_TEAM`` code gives
        the defaults (Type A, match points then game points)."""
        text = code.strip().upper()
        if not text.startswith("FIDE_TEAM"):
            return cls(code=text or "FIDE_TEAM")
        words = text.split("_")[2:]
        baku = "BAKU" in words
        words = [w for w in words if w != "BAKU"]
        preferences = PreferenceType.NONE
        if words and words[0] in ("TYPEA", "TYPEB"):
            preferences = PreferenceType.A if words[0] == "TYPEA" else PreferenceType.B
            words = words[1:]
        elif not words:
            preferences = PreferenceType.A  # bare FIDE_TEAM: the defaults of 1.2.2 and 1.7
        kinds = {"MP": ScoreKind.MATCH_POINTS, "GP": ScoreKind.GAME_POINTS}
        scores = [kinds[w] for w in words if w in kinds]
        primary = scores[0] if scores else ScoreKind.MATCH_POINTS
        secondary = scores[1] if len(scores) > 1 else (
            None if scores else ScoreKind.GAME_POINTS)
        return cls(code=text, preferences=preferences, primary=primary, secondary=secondary,
                   baku=baku)


@dataclass(frozen=True)
class MatchPoints:
    """``362``: match points for a won, drawn and lost match."""

    win: Points = Decimal("2.0")
    draw: Points = Decimal("1.0")
    loss: Points = Decimal("0.0")


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

    def message(self) -> str:
        def show(points: MatchPoints) -> str:
            return f"TW {points.win:.1f}, TD {points.draw:.1f}, TL {points.loss:.1f}"
        return (f"362 record: the reference engine (Sharly Chess) reads its symbols only in "
                f"columns 5, 14 and 23 and would pair with {show(self.engine)} instead of "
                f"{show(self.values)}: expected {format_362(self.values)!r}")


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


class Outcome(enum.Enum):
    """What a team's round was."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAB = "U"
    FULL_BYE = "F"
    HALF_BYE = "H"
    ZERO_BYE = "Z"

    @property
    def played(self) -> bool:
        """The match was actually played (1.6.1)."""
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)

    @property
    def result(self) -> Result:
        return Result(self.value)


@dataclass(frozen=True)
class TeamRound:
    """One team's round: the opponent (TPN, ``None`` for a bye or absence), the
    team colour (1.6.1: board 1's scheduled colour, ``None`` unless the match
    was played), the game and match points it scored, and the board players
    who played (board order)."""

    round: RoundNumber
    outcome: Outcome
    opponent: TPN | None = None
    colour: Colour | None = None
    game_points: Points = Decimal(0)
    match_points: Points = Decimal(0)
    line_up: tuple[PlayerId, ...] = ()

    @property
    def played(self) -> bool:
        return self.outcome.played

    @property
    def paired(self) -> bool:
        """Given an opponent or the pairing-allocated bye this round."""
        return self.opponent is not None or self.outcome is Outcome.PAB


@dataclass(frozen=True)
class Team:
    """A team: TPN, name, strength (``310`` strength factor, else the average
    rating of its players), board players in order, its rounds, and the
    ``310`` nickname (columns 42-46)."""

    tpn: TPN
    name: str
    rating: int
    players: tuple[PlayerId, ...]
    rounds: tuple[TeamRound, ...] = ()
    nickname: str = ""

    def round(self, number: RoundNumber) -> TeamRound | None:
        for entry in self.rounds:
            if entry.round == number:
                return entry
        return None


@dataclass(frozen=True)
class TeamTournament(Tournament):
    """A team tournament: the teams as the tournament's "players" (id = TPN),
    and what C.04.6 needs besides.

    ``teams`` in TPN order; ``type_code`` (``192``); ``match_points``
    (``362``); ``pab_match_points`` / ``pab_game_points`` (``320``, default a
    drawn match); ``boards`` the number of boards; ``board_colours`` the
    ``352`` sequence; ``board_points`` the ``162`` values of a board game.
    ``bye_requests`` and ``forbidden`` hold TPNs.
    """

    teams: tuple[Team, ...] = ()
    type_code: TypeCode = TypeCode()
    match_points: MatchPoints = MatchPoints()
    pab_match_points: Points = Decimal("1.0")
    pab_game_points: Points = Decimal("2.0")
    boards: int = 4
    board_colours: str = ""
    board_points: PointSystem = PointSystem()

    def team(self, tpn: TPN) -> Team:
        for team in self.teams:
            if team.tpn == tpn:
                return team
        raise KeyError(tpn)

    def truncated(self, last_round: RoundNumber) -> TeamTournament:
        """The tournament after ``last_round``: later rounds dropped from the
        teams as from their :class:`Player` records."""
        teams = tuple(dataclasses.replace(t, rounds=tuple(
            r for r in t.rounds if r.round <= last_round
            or (r.round == last_round + 1 and not r.paired))) for t in self.teams)
        players = super().truncated(last_round).players
        return dataclasses.replace(self, players=players, teams=teams)


# ---------------------------------------------------------------------------
# Reading


def has_team_records(document: TrfDocument) -> bool:
    """Does the file describe teams (``310`` or ``013`` records)?"""
    return any(line[:3] in ("310", "013") for line in document.lines)


def with_teams(document: TrfDocument) -> TrfDocument:
    """``document`` with its tournament replaced by the team tournament when the
    file has team records; unchanged otherwise."""
    if not has_team_records(document):
        return document
    return dataclasses.replace(document, tournament=team_tournament(document))


_DECIMAL = re.compile(r"-?\d+(?:\.\d+)?")


def _decimal(text: str) -> Decimal | None:
    text = text.strip()
    return Decimal(text) if _DECIMAL.fullmatch(text) else None


def _slots(line: str, start: int) -> list[int]:
    """The numbers in 4-column slots every 5 columns from 1-based column
    ``start``; blank or zero slots are skipped; ValueError on anything else."""
    numbers = []
    column = start - 1
    while column < len(line):
        text = line[column:column + 4].strip()
        if text:
            if not (text.isascii() and text.isdigit()):
                raise ValueError(text)
            if int(text) > 0:
                numbers.append(int(text))
        column += 5
    return numbers


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
    """The team records of a file, as read."""

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


class _Reader:
    def __init__(self, document: TrfDocument) -> None:
        self.document = document
        self.source = document.source
        self.base = document.tournament
        self.points = self.base.point_system  # board game points (162)

    def error(self, message: str, line: int, column: int = 0) -> TRFError:
        return TRFError(message, file=self.source, line=line, column=column)

    # -- records --------------------------------------------------------------

    def records(self) -> _Records:
        found = _Records()
        for number, line in enumerate(self.document.lines, 1):
            code = line[:3]
            if code == "310":
                found.teams.append(self._team310(line, number, len(found.teams) + 1))
            elif code == "013":
                found.teams.append(self._team013(line, number, len(found.teams) + 1))
            elif code == "362":
                found.match_points = read_362(line, found.match_points)
            elif code == "320":
                found.pab_match_points = _decimal(line[4:8])
                found.pab_game_points = _decimal(line[9:13])
                column, r = 14, 1
                while column < len(line):
                    text = line[column:column + 3].strip()
                    if text.isascii() and text.isdigit() and int(text) > 0:
                        found.pab_rounds[r] = int(text)
                    column += 4
                    r += 1
            elif code == "330":
                self._forfeit330(line, number, found.forfeits)
            elif code == "300":
                try:
                    r, tpn = int(line[4:7]), int(line[8:11])
                    found.line_ups[(r, tpn)] = tuple(_slots(line, 17))
                except ValueError:
                    raise self.error("300 record: expected a round (5-7), a TPN (9-11) and "
                                     "starting ranks every 5 columns from 17", number, 5) from None
            elif code == "352":
                found.board_colours = line[4:].strip().upper()
        if not found.teams:
            raise self.error("no team record (310 or 013)", len(self.document.lines))
        return found

    def _team310(self, line: str, number: int, order: int) -> _TeamRecord:
        tpn_text = line[4:7].strip()
        if tpn_text and not (tpn_text.isascii() and tpn_text.isdigit()):
            raise self.error(f"team number {tpn_text!r}: expected a TPN in columns 5-7", number, 5)
        try:
            players = tuple(_slots(line, 74))
        except ValueError as bad:
            raise self.error(f"310 record: player {bad} is not a starting rank: expected numbers "
                             "every 5 columns from column 74", number, 74) from None
        strength = _decimal(line[47:53])
        return _TeamRecord(int(tpn_text) if tpn_text else order, line[8:40].strip(),
                           line[41:46].strip(),
                           None if strength is None else int(strength.to_integral_value()),
                           players, number)

    def _team013(self, line: str, number: int, order: int) -> _TeamRecord:
        try:
            players = tuple(_slots(line, 37))
        except ValueError as bad:
            raise self.error(f"013 record: player {bad} is not a starting rank: expected numbers "
                             "every 5 columns from column 37", number, 37) from None
        return _TeamRecord(order, line[4:36].strip(), "", None, players, number)

    def _forfeit330(self, line: str, number: int,
                    forfeits: dict[tuple[RoundNumber, TPN], tuple[TPN, Outcome]]) -> None:
        kind = line[4:6]
        if kind not in ("+-", "-+", "--"):
            raise self.error(f"330 type {kind!r}: expected +-, -+ or --", number, 5)
        try:
            r, white, black = int(line[7:10]), int(line[11:14]), int(line[15:18])
        except ValueError:
            raise self.error("330 record: expected a round (8-10) and two TPNs (12-14, 16-18)",
                             number, 8) from None
        won, lost = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
        forfeits[(r, white)] = (black, won if kind == "+-" else lost)
        forfeits[(r, black)] = (white, won if kind == "-+" else lost)

    # -- the teams ------------------------------------------------------------

    def read(self) -> TeamTournament:
        found = self.records()
        team_of = self._check_teams(found.teams)
        # The number of boards: the most players a team fielded in one round
        # (teams may list reserves), else the smallest team.
        fielded = [sum(1 for pid in t.players if (e := self.base.player(pid).entry(r)) is not None
                       and e.opponent is not None)
                   for t in found.teams for r in range(1, self.base.rounds_paired + 1)]
        boards = max(fielded, default=0) or min(len(t.players) for t in found.teams)
        pab_mp = (found.pab_match_points if found.pab_match_points is not None
                  else found.match_points.draw)
        pab_gp = (found.pab_game_points if found.pab_game_points is not None
                  else self.points.draw * boards)
        last = max([self.base.rounds_paired] + [r for r, _ in found.forfeits]
                   + list(found.pab_rounds))
        requests = {(b.player, b.round): b.result for b in self.base.bye_requests}
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
                raise self.error(f"team number {record.tpn} already used on line "
                                 f"{seen[record.tpn]}: expected each TPN once", record.line, 5)
            seen[record.tpn] = record.line
            for pid in record.players:
                if pid not in self.base:
                    raise self.error(f"team {record.tpn} lists player {pid}, who has no 001 "
                                     "record: expected the starting rank of a listed player",
                                     record.line)
                if pid in team_of:
                    raise self.error(f"player {pid} is in teams {team_of[pid]} and {record.tpn}: "
                                     "expected one team per player", record.line)
                team_of[pid] = record.tpn
        return team_of

    def _settle(self, raw: Mapping[tuple[TPN, RoundNumber], TeamRound], record: _TeamRecord,
                r: RoundNumber, found: _Records, pab_mp: Points) -> TeamRound:
        """The team's round with its match outcome and match points."""
        entry = raw[(record.tpn, r)]
        outcome = entry.outcome
        if entry.opponent is not None and (r, record.tpn) not in found.forfeits:
            other = raw.get((entry.opponent, r))
            if other is None or other.opponent != record.tpn:
                raise self.error(f"round {r}: board 1 of team {record.tpn} meets team "
                                 f"{entry.opponent}, whose board 1 does not meet team "
                                 f"{record.tpn}: expected the same two teams on every board",
                                 record.line)
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
        return dataclasses.replace(entry, outcome=outcome, match_points=points)

    def _round(self, record: _TeamRecord, r: RoundNumber, team_of: Mapping[PlayerId, TPN],
               found: _Records, requests: Mapping[tuple[PlayerId, RoundNumber], Result],
               boards: int, pab_gp: Points) -> TeamRound | None:
        """The team's round before the match result is known (``None``: no round)."""
        tpn = record.tpn
        points = self.points
        if (r, tpn) in found.forfeits:
            opponent, outcome = found.forfeits[(r, tpn)]
            won = outcome is Outcome.FORFEIT_WIN
            return TeamRound(r, outcome, opponent, None,
                             points.forfeit_win * boards if won else Decimal(0))
        entries = {pid: e for pid in record.players
                   if (e := self.base.player(pid).entry(r)) is not None}
        if found.pab_rounds.get(r) == tpn or any(
                e.result is Result.PAIRING_ALLOCATED_BYE for e in entries.values()):
            return TeamRound(r, Outcome.PAB, game_points=pab_gp)
        request = requests.get((tpn, r))
        if request is not None:
            outcome = {Result.FULL_POINT_BYE: Outcome.FULL_BYE,
                       Result.HALF_POINT_BYE: Outcome.HALF_BYE}.get(request, Outcome.ZERO_BYE)
            game = {Outcome.FULL_BYE: points.win * boards,
                    Outcome.HALF_BYE: points.draw * boards}.get(outcome, Decimal(0))
            return TeamRound(r, outcome, game_points=game)
        if (r, tpn) in found.line_ups:
            line_up = tuple(p for p in found.line_ups[(r, tpn)] if p in entries)
        else:
            line_up = tuple(p for p in record.players
                            if p in entries and entries[p].opponent is not None)
        if not line_up:
            if any(e.result.is_bye for e in entries.values()):
                return TeamRound(r, Outcome.ZERO_BYE)
            return None
        first = entries[line_up[0]]
        assert first.opponent is not None
        opponent_team = team_of.get(first.opponent)
        if opponent_team is None:
            raise self.error(f"round {r}: board 1 of team {tpn} (player {line_up[0]}) meets "
                             f"player {first.opponent}, who is in no team: expected a player "
                             "of a 310/013 record", record.line)
        game = sum((points.points(entries[p].result) for p in line_up), Decimal(0))
        played = any(entries[p].game_played for p in line_up)
        colour = first.colour
        if colour is None:
            colour = _colour_from_other_boards(line_up, entries, found.board_colours)
        # The outcome is settled once both teams are known (``_settle``).
        return TeamRound(r, Outcome.DRAW if played else Outcome.FORFEIT_LOSS, opponent_team,
                         colour if played else None, game, line_up=line_up)

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
        base = self.base
        return TeamTournament(
            name=base.name, players=players, rounds=base.rounds, point_system=point_system,
            initial_colour=base.initial_colour, bye_requests=base.bye_requests,
            forbidden=base.forbidden, system=base.system, source=base.source,
            teams=teams, type_code=TypeCode.parse(base.system), match_points=mp,
            pab_match_points=pab_mp, pab_game_points=pab_gp, boards=boards,
            board_colours=found.board_colours, board_points=self.points)


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


def team_tournament(document: TrfDocument) -> TeamTournament:
    """The team tournament a TRF document describes (``TRFError`` if its team
    records do not hold together)."""
    return _Reader(document).read()
