"""The team model (C.04.6): teams, their rounds and the outcomes of their
matches, the competition's type (colour-preference type, primary and
secondary score) and its match points.

A :class:`TeamTournament` is a :class:`~swisslearn.model.Tournament` whose
"players" are the teams (id = TPN), so that every command that shows or
checks a tournament works on teams, plus what C.04.6 needs besides: each
team's rounds (:class:`TeamRound`: opponent, team colour, game and match
points, line-up), the ``192`` type (:class:`TypeCode`), the match points of
``362`` (:class:`MatchPoints`), the PAB's values, the boards.

The :class:`~swisslearn.model.Player` of a team carries its match result as
a :class:`~swisslearn.results.Result` (``1``/``=``/``0``, ``+``/``-`` for a
forfeited match, ``U``/``F``/``H``/``Z``) against the opponent TPN, with the
team colour; the tournament's :class:`~swisslearn.points.PointSystem` holds
the match points, so ``Tournament.states`` scores teams in match points.

:mod:`swisslearn.formats.teams` reads a team file into this model (how each
team's round is derived from the board players' records is said there).
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from decimal import Decimal

from swisslearn.model import Colour, PlayerId, PointAdjustment, Result, RoundNumber, Tournament
from swisslearn.points import Points, PointSystem

__all__ = ["TPN", "PreferenceType", "ScoreKind", "TypeCode", "MatchPoints", "Outcome",
           "TeamRound", "Team", "TeamTournament"]

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
    ``bye_requests`` and ``forbidden`` hold TPNs.  ``bonuses`` are the
    ``299`` records without a type (a bonus or a penalty of match and game
    points, :meth:`bonus_points`); the typed ones are already in the
    rounds' points (and, for match points, in ``adjustments``, so that the
    tournament's own scores agree).
    """

    teams: tuple[Team, ...] = ()
    type_code: TypeCode = TypeCode()
    match_points: MatchPoints = MatchPoints()
    pab_match_points: Points = Decimal("1.0")
    pab_game_points: Points = Decimal("2.0")
    boards: int = 4
    board_colours: str = ""
    board_points: PointSystem = PointSystem()
    bonuses: tuple[PointAdjustment, ...] = ()

    def bonus_points(self, tpn: TPN, round: RoundNumber) -> tuple[Points, Points]:
        """The match and game points ``299`` bonuses and penalties give team
        ``tpn`` before ``round``: one that names a round counts from the round
        after it, one that names none from the start (as for a player,
        :meth:`~swisslearn.model.Tournament.bonus_before`)."""
        found = [a for a in self.bonuses
                 if a.applies_to(tpn) and (a.round is None or a.round < round)]
        return (sum((a.match_points or Decimal(0) for a in found), Decimal(0)),
                sum((a.points for a in found if a.has_points), Decimal(0)))

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
