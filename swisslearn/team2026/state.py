"""What C.04.6 looks at in each team before a round, derived from the team
rounds of :class:`~swisslearn.teams.TeamTournament` (rounds before the
one being paired only).

* Score (1.2): the primary score of the ``192`` code (match points by
  default), the secondary one for 4.2.2 when the code uses it.  A
  pairing-allocated bye scores the ``320`` values (1.4); ``299`` records
  (abnormal points) are in the rounds' points when typed, and added as
  bonuses or penalties when not (:meth:`~swisslearn.teams.TeamTournament.bonus_points`).
* Colours (1.6): only matches actually played count; the colour is board 1's
  scheduled colour.  The colour difference (CD) is Whites minus Blacks.
* Colour preference (1.7): Type A (simple), Type B (strong or mild) or none,
  see :func:`preference`.
* Floater (1.5): a team that *played* against an opponent with a different
  score (the scores before that round).  A pairing-allocated bye has no
  opponent, so it is no float (the reference engine counts it as one: its
  README lists this); a forfeited match is not played either.
* [C1]: teams that played a match against each other (a forfeited match,
  ``330``, is no meeting).  ``260`` pairs are forbidden too.
* [C2]: a team that had the PAB, won a match by forfeit or had a full-point
  bye (``240 F``) may not get the PAB.
* Absent: a ``240`` (or a bye in the file) for the round being paired.
* Acceleration (C.04.5.1, ``192 FIDE_TEAM_…_BAKU`` or ``--acceleration
  baku``: :mod:`swisslearn.acceleration`): a GA team's virtual points are
  match points (a won match's before the first accelerated rounds, a drawn
  match's before the others), added to the primary score, match points
  (the method is not used with game points as the primary score), for the
  brackets and for the floats of the rounds after (the scores before each
  round, virtual points included, as the reference engine reads the Dutch
  system); never to the standings nor to the secondary score.

Two readings (:class:`Reading`): :data:`TEXT`, the text's, used by
``team-2026``; :data:`SHARLY`, the reference engine's (the engine inside
Sharly Chess, ``team-2026-sharly``), as its vectors' README describes it:
a round scored without a match played (a PAB, a forfeit won, a bye with
points) counts as a float; with game points as the primary score, the score
before the previous round is today's game points minus the *match* points
of that round; and Type B: a CD of 0 gives no preference at all when the
last round is paired.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal

from swisslearn.teams import Outcome, PreferenceType, ScoreKind, Team, TeamTournament
from swisslearn.model import Colour, RoundNumber

__all__ = ["Reading", "TEXT", "SHARLY", "TeamState", "preference", "team_states"]


@dataclass(frozen=True)
class Reading:
    """How a team's history is read where the text and the reference engine part.

    ``unplayed_scores_float``: a round scored without a match played (PAB,
    forfeit won, ``240`` F/H bye) is a float (1.5 reads "plays against an
    opponent": no); ``game_points_floats_by_match_points``: with game points
    primary, the score before the previous round is today's minus that
    round's *match* points; ``type_b_last_round_cd0_none``: Type B, last
    round, CD 0 gives no preference even after the same colour twice.
    """

    name: str
    unplayed_scores_float: bool = False
    game_points_floats_by_match_points: bool = False
    type_b_last_round_cd0_none: bool = False


TEXT = Reading("team-2026")
"""The text's reading (``team-2026``)."""

SHARLY = Reading("team-2026-sharly", unplayed_scores_float=True,
                 game_points_floats_by_match_points=True, type_b_last_round_cd0_none=True)
"""The reference engine's reading (``team-2026-sharly``)."""


@dataclass(frozen=True)
class TeamState:
    """A team as C.04.6 sees it before the round.

    ``colours``: the colours of the matches played, oldest first; ``history``
    one item per earlier round (``None``: no match played that round);
    ``floats`` one item per earlier round (``"up"``, ``"down"`` or ``None``).
    ``preference`` is the colour the team prefers (``None``: none) and
    ``strong`` whether it is a Type B strong preference (``False`` for a
    Type A simple one and for a mild one).
    """

    tpn: int
    name: str
    rating: int
    score: Decimal
    secondary: Decimal | None
    match_points: Decimal
    game_points: Decimal
    colours: tuple[Colour, ...]
    history: tuple[Colour | None, ...]
    floats: tuple[str | None, ...]
    opponents: frozenset[int]
    bye_eligible: bool
    matches_played: int
    available: bool
    preference: Colour | None
    strong: bool
    virtual: Decimal = Decimal(0)   # C.04.5.1: the virtual match points in ``score``

    @property
    def colour_difference(self) -> int:
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @property
    def floated_last_round(self) -> bool:
        """1.5 in the previous round (for [C7] and [C10])."""
        return bool(self.floats) and self.floats[-1] is not None

    @property
    def history_string(self) -> str:
        """The colours as the course writes them (French B/N, ``-`` no match)."""
        return "".join("-" if c is None else ("B" if c is Colour.WHITE else "N")
                       for c in self.history)

    @property
    def preference_label(self) -> str:
        """``B``/``N`` (French White/Black), ``!`` for a Type B strong preference."""
        if self.preference is None:
            return "-"
        return ("B" if self.preference is Colour.WHITE else "N") + ("!" if self.strong else "")


def preference(colours: tuple[Colour, ...], kind: PreferenceType,
               last_round: bool, reading: Reading = TEXT) -> tuple[Colour | None, bool]:
    """1.7: (the preferred colour or ``None``, Type B strong?) from the colours played.

    Type A (1.7.1): White if CD < -1, or CD 0 / -1 and Black in the last two
    played matches (Black symmetrically).  Type B (1.7.2): the same is
    *strong*; otherwise *mild* White if CD = -1, or CD = 0 with Black last
    and not the last round.  The Type B sentence "no preference ... when its
    CD is zero when pairing for the last round" is read as the remaining
    case, like Type A's "in all other situations": a strong preference (CD 0,
    same colour twice) stands in the last round; only the mild one goes
    (:data:`SHARLY` drops it too).
    """
    if kind is PreferenceType.NONE or not colours:
        return None, False
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if (reading.type_b_last_round_cd0_none and kind is PreferenceType.B and last_round
            and cd == 0):
        return None, False
    last_two = colours[-2:] if len(colours) >= 2 else ()
    strong = kind is PreferenceType.B
    if cd < -1 or (cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Colour.WHITE, strong
    if cd > 1 or (cd in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE)):
        return Colour.BLACK, strong
    if kind is PreferenceType.A:
        return None, False
    if cd == -1:
        return Colour.WHITE, False
    if cd == 1:
        return Colour.BLACK, False
    if not last_round:
        return colours[-1].opposite, False
    return None, False


def _score(kind: ScoreKind, match_points: Decimal, game_points: Decimal) -> Decimal:
    return match_points if kind is ScoreKind.MATCH_POINTS else game_points


def team_states(tournament: TeamTournament, round: RoundNumber,
                reading: Reading = TEXT) -> dict[int, TeamState]:
    """Every team's state before ``round``, keyed by TPN (in TPN order)."""
    code = tournament.type_code
    last_round = tournament.rounds is not None and round == tournament.rounds
    announced = {b.player for b in tournament.bye_requests if b.round == round}
    virtual = _virtual(tournament)
    # Primary scores before each earlier round, for the floats (1.5).
    before: dict[tuple[int, RoundNumber], Decimal] = {}
    for team in tournament.teams:
        mp = gp = Decimal(0)
        by_round = {e.round: e for e in team.rounds}
        for r in range(1, round):
            bonus_mp, bonus_gp = tournament.bonus_points(team.tpn, r)
            before[(team.tpn, r)] = (_score(code.primary, mp + bonus_mp, gp + bonus_gp)
                                     + virtual.get((team.tpn, r), Decimal(0)))
            entry = by_round.get(r)
            if entry is not None:
                mp += entry.match_points
                gp += entry.game_points
        if (reading.game_points_floats_by_match_points and round > 1
                and code.primary is ScoreKind.GAME_POINTS):
            last = by_round.get(round - 1)
            before[(team.tpn, round - 1)] = (gp + tournament.bonus_points(team.tpn, round)[1]
                                             - (last.match_points if last else Decimal(0)))
    states: dict[int, TeamState] = {}
    for team in sorted(tournament.teams, key=lambda t: t.tpn):
        state = _state(team, round, before, tournament, last_round,
                       team.tpn not in announced, reading)
        extra = virtual.get((team.tpn, round), Decimal(0))
        states[team.tpn] = (dataclasses.replace(state, score=state.score + extra, virtual=extra)
                            if extra else state)
    return states


def _virtual(tournament: TeamTournament) -> dict[tuple[int, RoundNumber], Decimal]:
    """The virtual match points of each team before each round (C.04.5.1:
    :attr:`~swisslearn.model.Tournament.accelerations`, in match points).
    None with game points as the primary score: the method is not used so
    (:func:`swisslearn.acceleration.apply` refuses it)."""
    if tournament.type_code.primary is not ScoreKind.MATCH_POINTS:
        return {}
    table: dict[tuple[int, RoundNumber], Decimal] = {}
    for acceleration in tournament.accelerations:
        key = (acceleration.player, acceleration.round)
        table[key] = table.get(key, Decimal(0)) + acceleration.points
    return table


def _state(team: Team, round: RoundNumber, before: dict[tuple[int, RoundNumber], Decimal],
           tournament: TeamTournament, last_round: bool, announced_present: bool,
           reading: Reading) -> TeamState:
    code = tournament.type_code
    by_round = {e.round: e for e in team.rounds}
    mp = gp = Decimal(0)
    history: list[Colour | None] = []
    floats: list[str | None] = []
    opponents: set[int] = set()
    eligible = True
    played = 0
    for r in range(1, round):
        entry = by_round.get(r)
        if entry is None:
            history.append(None)
            floats.append(None)
            continue
        mp += entry.match_points
        gp += entry.game_points
        history.append(entry.colour if entry.played else None)
        if entry.outcome in (Outcome.PAB, Outcome.FORFEIT_WIN, Outcome.FULL_BYE):
            eligible = False
        flt: str | None = None
        if entry.played and entry.opponent is not None:
            played += 1
            opponents.add(entry.opponent)
            own = before[(team.tpn, r)]
            other = before.get((entry.opponent, r), own)
            flt = "down" if own > other else "up" if own < other else None
        elif reading.unplayed_scores_float and (entry.match_points > 0 or entry.game_points > 0):
            flt = "down"  # a point without a match, as the Dutch system's bye (C.04.3)
        floats.append(flt)
    bonus_mp, bonus_gp = tournament.bonus_points(team.tpn, round)  # 299 without a type
    mp, gp = mp + bonus_mp, gp + bonus_gp
    current = by_round.get(round)
    available = announced_present and not (current is not None and not current.paired)
    colours = tuple(c for c in history if c is not None)
    pref, strong = preference(colours, code.preferences, last_round, reading)
    secondary = None if code.secondary is None else _score(code.secondary, mp, gp)
    return TeamState(tpn=team.tpn, name=team.name, rating=team.rating,
                     score=_score(code.primary, mp, gp), secondary=secondary,
                     match_points=mp, game_points=gp, colours=colours, history=tuple(history),
                     floats=tuple(floats), opponents=frozenset(opponents),
                     bye_eligible=eligible, matches_played=played, available=available,
                     preference=pref, strong=strong and pref is not None)
