"""Standings at the entry of a round, tie-breaks included (seed 002: the
soft-bottom protections rank players "départages compris").

:func:`standings` ranks everybody on the results of the rounds *before*
``round`` (round 1: the initial order, nobody having played).

Individual events
-----------------
Points, then the tie-breaks chosen for the tournament (``tiebreaks``; the
file's ``202`` record when
:func:`swisslearn.formats.protections.tiebreaks_from_trf` knows its codes, else
:data:`INDIVIDUAL_DEFAULT`), then the initial order (pairing number):

=====================  =======  ===================================================
name                   ``202``  value
=====================  =======  ===================================================
``points``             PTS      the score (as a tie-break: no-op after the score)
``buchholz``           BH       sum of the opponents' scores; an unplayed round
                                (bye, forfeit, absence) counts as a virtual
                                opponent with the player's own score (FIDE
                                tie-break regulations 2023, "unplayed rounds")
``buchholz-cut1``      BH/C1    the same without its lowest contribution
``sonneborn-berger``   SB       sum over rounds of the opponent's score times the
                                fraction of a win scored against them (win 1,
                                draw ½); unplayed rounds: the virtual opponent
``direct-encounter``   DE       among the players still tied on everything before
                                it, the points scored against each other, only if
                                every pair of them played; otherwise 0 for all
``aro``                ARO      average rating of the opponents met over the board
                                (unrated opponents left out), rounded
=====================  =======  ===================================================

Scores of opponents are taken at the same moment (before ``round``).

Team events
-----------
Match points (the file's ``362``; the seed's table: 3 a won match, 2 drawn,
1 lost), then :data:`TEAM_DEFAULT`: game points, then the **board count**
(each board's game points weighted by its place: board 1 of *b* boards
counts *b* times, board *b* once; the "Berlin" board weighting), then the
TPN.  The board count is needed by seed 002's ten teams: before round 2, A6
and A5 drew their match 2-2 (same match and game points) and the seed puts
A6 fifth, inside the threshold; A6 won boards 1-2, A5 boards 3-4 (board count
7 to 3).  See ``data/equipes-README.md``.

:class:`Standings` has ``_repr_html_`` for notebooks.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Callable, Mapping, Sequence

from swisslearn.errors import usage
from swisslearn.model import PlayerId, RoundNumber, Tournament
from swisslearn.teams import TeamTournament
from swisslearn.words import catalogue

__all__ = ["TIEBREAKS", "INDIVIDUAL_DEFAULT", "TEAM_DEFAULT", "Row", "Standings", "standings"]

TIEBREAKS: dict[str, str] = {
    "points": "points",
    "buchholz": "Buchholz",
    "buchholz-cut1": "Buchholz cut-1",
    "sonneborn-berger": "Sonneborn-Berger",
    "direct-encounter": "direct encounter",
    "aro": "average rating of opponents",
    "game-points": "game points",
    "board-count": "board count",
}
"""Every tie-break name :func:`standings` accepts, with its title."""

INDIVIDUAL_DEFAULT: tuple[str, ...] = ("buchholz", "buchholz-cut1", "sonneborn-berger",
                                       "direct-encounter", "aro")
TEAM_DEFAULT: tuple[str, ...] = ("game-points", "board-count")

_ZERO = Decimal(0)


@dataclass(frozen=True)
class Row:
    """One line of the standings: place (1-based, no ties: the last tie-break
    is the initial order), who, score and the tie-break values in order."""

    rank: int
    id: PlayerId
    name: str
    score: Decimal
    values: tuple[Decimal, ...]


@dataclass(frozen=True)
class Standings:
    """The ranking at the entry of ``round`` (results of rounds ``1..round-1``)."""

    round: RoundNumber
    team: bool
    tiebreaks: tuple[str, ...]
    rows: tuple[Row, ...]

    @property
    def order(self) -> tuple[PlayerId, ...]:
        return tuple(row.id for row in self.rows)

    def rank(self, player: PlayerId) -> int:
        for row in self.rows:
            if row.id == player:
                return row.rank
        raise KeyError(player)

    def html(self, lang: str = "fr") -> str:
        """The standings as an HTML table, its words in ``lang``."""
        cat = catalogue(lang)
        score = cat.text("standings.head.match_points" if self.team else "standings.head.points")
        head = "".join(f"<th>{html.escape(cat.text(f'standings.tiebreak.{t}'))}</th>"
                       for t in self.tiebreaks)
        rows = "".join(
            f"<tr><td>{row.rank}</td><td>{row.id}</td><td>{html.escape(row.name)}</td>"
            f"<td>{cat.number(row.score)}</td>"
            + "".join(f"<td>{cat.number(v)}</td>" for v in row.values)
            + "</tr>" for row in self.rows)
        caption = html.escape(cat.text("standings.caption", round=self.round))
        columns = "".join(f"<th>{html.escape(cat.text(f'standings.head.{k}'))}</th>"
                          for k in ("place", "number", "name"))
        return (f"<table><caption>{caption}</caption><thead><tr>{columns}<th>{score}</th>"
                f"{head}</tr></thead><tbody>{rows}</tbody></table>")

    def _repr_html_(self) -> str:
        return self.html("fr")


def standings(tournament: Tournament, round: RoundNumber,
              tiebreaks: Sequence[str] | None = None, *,
              boards: Tournament | None = None) -> Standings:
    """The standings at the entry of ``round`` (see the module doc).

    A :class:`~swisslearn.teams.TeamTournament` is ranked as a team
    event; ``boards`` (the board players,
    :func:`swisslearn.formats.teams.board_tournament`) is needed
    for the board count only (without it the board count is 0 for all).
    """
    if round < 1:
        raise usage("standings.no_round", source=tournament.source, round=round)
    team = isinstance(tournament, TeamTournament)
    chosen = tuple(tiebreaks) if tiebreaks is not None else (
        TEAM_DEFAULT if team else INDIVIDUAL_DEFAULT)
    for name in chosen:
        if name not in TIEBREAKS:
            raise usage("standings.tiebreak", name=name, known=", ".join(TIEBREAKS))
    if isinstance(tournament, TeamTournament):
        scores, values = _team_values(tournament, round, chosen, boards)
    else:
        scores, values = _individual_values(tournament, round, chosen)
    rows = _rank(tournament, round, scores, values, chosen)
    return Standings(round=round, team=team, tiebreaks=chosen, rows=rows)


# ---------------------------------------------------------------------------


Values = dict[str, dict[PlayerId, Decimal]]


def _individual_values(tournament: Tournament, round: RoundNumber,
                       chosen: Sequence[str]) -> tuple[dict[PlayerId, Decimal], Values]:
    points = tournament.point_system
    win = points.win or Decimal(1)
    scores: dict[PlayerId, Decimal] = {}
    for player in tournament.players:
        scores[player.id] = sum((points.points(e.result) for e in player.entries
                                 if e.round < round), _ZERO)
    ratings = {p.id: p.rating for p in tournament.players}
    values: Values = {name: {} for name in chosen}
    for player in tournament.players:
        own = scores[player.id]
        contributions: list[Decimal] = []
        sb = _ZERO
        rated: list[int] = []
        by_round = {e.round: e for e in player.entries}
        for r in range(1, round):
            entry = by_round.get(r)
            if entry is not None and entry.game_played and entry.opponent is not None:
                opponent = scores.get(entry.opponent, _ZERO)
                contributions.append(opponent)
                sb += opponent * points.points(entry.result) / win
                if ratings.get(entry.opponent, 0) > 0:
                    rated.append(ratings[entry.opponent])
            else:
                scored = points.points(entry.result) if entry is not None else _ZERO
                contributions.append(own)  # the virtual opponent
                sb += own * scored / win
        for name in chosen:
            if name == "points":
                value = own
            elif name == "buchholz":
                value = sum(contributions, _ZERO)
            elif name == "buchholz-cut1":
                value = sum(contributions, _ZERO) - min(contributions, default=_ZERO)
            elif name == "sonneborn-berger":
                value = sb
            elif name == "aro":
                value = (Decimal(sum(rated)) / len(rated)).quantize(
                    Decimal(1), rounding=ROUND_HALF_UP) if rated else _ZERO
            else:  # direct-encounter (computed while ranking), game points, board count
                value = _ZERO
            values[name][player.id] = value
    return scores, values


def _team_values(tournament: TeamTournament, round: RoundNumber, chosen: Sequence[str],
                 boards: Tournament | None) -> tuple[dict[PlayerId, Decimal], Values]:
    scores: dict[PlayerId, Decimal] = {}
    game: dict[PlayerId, Decimal] = {}
    count: dict[PlayerId, Decimal] = {}
    size = tournament.boards
    board_points = tournament.board_points
    for team in tournament.teams:
        rounds = [r for r in team.rounds if r.round < round]
        bonus_mp, bonus_gp = tournament.bonus_points(team.tpn, round)  # 299 without a type
        scores[team.tpn] = sum((r.match_points for r in rounds), _ZERO) + bonus_mp
        game[team.tpn] = sum((r.game_points for r in rounds), _ZERO) + bonus_gp
        total = _ZERO
        if boards is not None:
            for r in rounds:
                for place, pid in enumerate(r.line_up[:size]):
                    if pid not in boards:
                        continue
                    entry = boards.player(pid).entry(r.round)
                    if entry is not None:
                        total += board_points.points(entry.result) * (size - place)
        count[team.tpn] = total
    values: Values = {}
    for name in chosen:
        if name == "game-points":
            values[name] = game
        elif name == "board-count":
            values[name] = count
        elif name == "points":
            values[name] = dict(scores)
        else:
            values[name] = {t.tpn: _ZERO for t in tournament.teams}
    # Buchholz and the like for teams: computed on match points, as for players.
    others = [n for n in chosen if n in ("buchholz", "buchholz-cut1", "sonneborn-berger", "aro")]
    if others:
        _, individual = _individual_values(tournament, round, others)
        values.update(individual)
    return scores, values


def _direct_encounter(tournament: Tournament, round: RoundNumber,
                      tied: Sequence[PlayerId]) -> dict[PlayerId, Decimal]:
    """Points scored against each other by the tied players, if all met."""
    points = tournament.point_system
    group = set(tied)
    met: dict[PlayerId, set[PlayerId]] = {pid: set() for pid in tied}
    scored: dict[PlayerId, Decimal] = {pid: _ZERO for pid in tied}
    for pid in tied:
        for entry in tournament.player(pid).entries:
            if (entry.round < round and entry.game_played and entry.opponent in group):
                assert entry.opponent is not None
                met[pid].add(entry.opponent)
                scored[pid] += points.points(entry.result)
    if any(met[pid] != group - {pid} for pid in tied):
        return {pid: _ZERO for pid in tied}
    return scored


def _rank(tournament: Tournament, round: RoundNumber, scores: Mapping[PlayerId, Decimal],
          values: Values, chosen: Sequence[str]) -> tuple[Row, ...]:
    ids = [p.id for p in tournament.players]
    if round == 1:
        # Nobody has played: the initial order (seed 002).
        order = sorted(ids, key=tournament.pairing_number)
    else:
        # Sort key by key, so that the direct encounter sees the players
        # still tied on everything before it.
        groups: list[list[PlayerId]] = [sorted(ids, key=lambda pid: -scores[pid])]
        groups = _split(groups, lambda pid: scores[pid])
        for name in chosen:
            if name == "direct-encounter":
                de: dict[PlayerId, Decimal] = {}
                for group in groups:
                    if len(group) > 1:
                        de.update(_direct_encounter(tournament, round, group))
                    else:
                        de[group[0]] = _ZERO
                values[name] = de
            table = values[name]
            groups = [sorted(g, key=lambda pid: -table[pid]) for g in groups]
            groups = _split(groups, lambda pid: table[pid])
        order = [pid for g in groups for pid in sorted(g, key=tournament.pairing_number)]
    rows = []
    for rank, pid in enumerate(order, 1):
        rows.append(Row(rank=rank, id=pid, name=tournament.player(pid).name,
                        score=scores[pid],
                        values=tuple(values[name].get(pid, _ZERO) for name in chosen)))
    return tuple(rows)


def _split(groups: list[list[PlayerId]],
           key: Callable[[PlayerId], Decimal]) -> list[list[PlayerId]]:
    """Each (sorted) group cut where ``key`` changes."""
    result: list[list[PlayerId]] = []
    for group in groups:
        current: list[PlayerId] = []
        for pid in group:
            if current and key(pid) != key(current[-1]):
                result.append(current)
                current = []
            current.append(pid)
        if current:
            result.append(current)
    return result
