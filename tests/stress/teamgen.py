"""Random team tournaments paired round by round by an engine (team-2026).

The individual generator (:mod:`swisslearn.generate`) writes individual
files only; this one writes four-board team files in the layout of
``tests/teambuild.py`` (``001`` board players, ``310`` teams, ``320`` PAB,
``362`` match points), plus what that helper does not write: team absences
(``240 Z`` announced before the round, ``0000 - Z`` blocks after it) and
forfeited matches (``+``/``-`` on every board).

Each round: absences are drawn, the file is written and read back
(:func:`swisslearn.formats.teams.team_tournament`), the engine pairs the
round, board results are drawn.  A round the engine cannot pair ends the
tournament there (``142`` is rewritten to the rounds played, and the whole
tournament is generated again so that the last round is paired knowing it
is the last).  Only ``random.Random(seed)`` is used.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from swisslearn.errors import PairingError
from swisslearn.formats.teams import format_362, team_tournament
from swisslearn.teams import MatchPoints, TeamTournament
from swisslearn.formats.trf import parse_trf
from swisslearn.model import Tournament
from swisslearn.trace import RoundPaired
from teambuild import BOARDS, add_blocks, add_match, team_lines


PairRound = Callable[[Tournament, int], RoundPaired]


@dataclass(frozen=True)
class TeamSettings:
    teams: int
    rounds: int
    seed: int
    forfeit_rate: float = 0.03
    absence_rate: float = 0.03
    type_code: str = "FIDE_TEAM_TYPEA_MP_GP"


def random_team_settings(count: int, seed: int, teams: tuple[int, int] = (3, 24),
                         rounds: tuple[int, int] = (3, 11)) -> list[TeamSettings]:
    rng = random.Random(seed)
    result = []
    for _ in range(count):
        n = rng.randint(*teams)
        high = max(rounds[0], min(rounds[1], n - 1))
        result.append(TeamSettings(
            teams=n, rounds=rng.randint(rounds[0], high), seed=rng.randrange(2 ** 31),
            forfeit_rate=round(rng.uniform(0, 0.08), 3),
            absence_rate=round(rng.uniform(0, 0.08), 3),
            type_code=rng.choice(("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEB_MP_GP",
                                  "FIDE_TEAM_TYPEA_GP_MP", "FIDE_TEAM"))))
    return result


@dataclass
class _Round:
    matches: dict[tuple[int, int], str]  # (white TPN, black TPN) -> White's four board results
    pab: int | None
    absent: list[int]


def team_text(settings: TeamSettings, declared: int, rounds: list[_Round],
              announced: list[int]) -> str:
    """The TRF of the rounds played so far, with ``announced`` absent from the next."""
    n = settings.teams
    blocks: dict[int, list[str]] = {p: [] for p in range(1, BOARDS * n + 1)}
    for played in rounds:
        for (white, black), results in played.matches.items():
            add_match(blocks, white, black, results)
        for team in ([played.pab] if played.pab else []):
            add_blocks(blocks, team, "0000 - U")
        for team in played.absent:
            add_blocks(blocks, team, "0000 - Z")
    lines = [f"012 Random teams {settings.seed}", f"142 {declared}", "152 W",
             f"192 {settings.type_code}", "352 WBWB", format_362(MatchPoints())]
    if any(r.pab for r in rounds):
        lines.append(" ".join(["320  1.0  2.0"] + [f"{r.pab or 0:03d}" for r in rounds]))
    for number, played in enumerate(rounds, 1):
        for team in played.absent:
            lines.append(f"240 Z {number:03d} {team:4d}")
    for team in announced:
        lines.append(f"240 Z {len(rounds) + 1:03d} {team:4d}")
    lines += team_lines(n, blocks, lambda pid: 2600 - 3 * pid)
    return "\n".join(lines) + "\n"


def load(text: str, seed: int) -> TeamTournament:
    return team_tournament(parse_trf(text, source=f"<teams: seed {seed}>"))


class _Stuck(Exception):
    def __init__(self, round: int) -> None:
        super().__init__(round)
        self.round = round


def _attempt(settings: TeamSettings, declared: int, engine: PairRound) -> str:
    rng = random.Random(settings.seed)
    rounds: list[_Round] = []
    for number in range(1, declared + 1):
        absent = [t for t in range(1, settings.teams + 1) if rng.random() < settings.absence_rate]
        if settings.teams - len(absent) < 2:
            absent = []
        tournament = load(team_text(settings, declared, rounds, absent), settings.seed)
        try:
            paired = engine(tournament, number)
        except PairingError:
            if not absent:
                raise _Stuck(number) from None
            absent = []
            tournament = load(team_text(settings, declared, rounds, absent), settings.seed)
            try:
                paired = engine(tournament, number)
            except PairingError:
                raise _Stuck(number) from None
        matches = {}
        for board in paired.boards:
            if rng.random() < settings.forfeit_rate:
                results = rng.choice(("++++", "----"))
            else:
                results = "".join(rng.choice("1=0") for _ in range(BOARDS))
            matches[(board.white, board.black)] = results
        rounds.append(_Round(matches, paired.byes[0] if paired.byes else None, absent))
    return team_text(settings, declared, rounds, [])


def generate_teams(settings: TeamSettings, engine: PairRound) -> str:
    """The TRF text of a random team tournament (fewer rounds if the engine
    cannot pair one; ``PairingError`` only if round 1 cannot be paired)."""
    declared = settings.rounds
    while True:
        try:
            return _attempt(settings, declared, engine)
        except _Stuck as stuck:
            if stuck.round <= 1:
                raise PairingError(f"seed {settings.seed}: round 1 cannot be paired") from None
            declared = stuck.round - 1
