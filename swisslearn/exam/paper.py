"""The exam paper: a tournament of 12 to 30 players after k rounds, the round
to pair, and what the trainee is handed (issue 30, item 1).

The real exams hand out one pairing card per player and the standings
(KNSB: 18 cards after round 5; « Arbiting Matters »: a championship after
round 5) and ask for the next round.  :func:`exam_paper` draws such a
tournament from a seed (:mod:`swisslearn.generate`, every round paired by
the 1998 engine) and keeps the first whose round to pair is of the level
asked (:func:`swisslearn.card.steps.level_of`: 1 homogeneous brackets only,
2 floaters, 3 the relaxations C9-C14), so the round is never one a glance
pairs.  :func:`paper_for_rule` wraps a round chosen for a rule (issue 30,
item 3, ``swisslearn.exam.targets``).

The cards are :func:`swisslearn.card.sheet.card_sheet`'s (number, rating,
score, opponents with colours and results, float arrows, colour
difference); :meth:`ExamPaper.trf` writes the tournament as it stood
before the round, for a pairing program.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from dataclasses import dataclass

from swisslearn.card.rounds import LEVELS, ExerciseRound, drawn_rounds
from swisslearn.card.sheet import CardSheet, card_sheet
from swisslearn.card.steps import level_of
from swisslearn.explain.catalogue import catalogue
from swisslearn.formats.trf import format_round_block
from swisslearn.generate import GeneratorSettings
from swisslearn.model import RoundNumber, Tournament
from swisslearn.standings import Standings, standings
from swisslearn.trace import Event, RoundPaired

__all__ = ["FEWEST_PLAYERS", "MOST_PLAYERS", "ExamPaper", "exam_paper", "paper_for_rule"]

FEWEST_PLAYERS, MOST_PLAYERS = 12, 30
# A tournament of 12-30 players is drawn and paired in a fraction of a
# second; rounds of level 2 and 3 turn up within a few draws, a round of
# homogeneous brackets only (level 1) within some dozens (measured: seed 7
# of level 1 took 60).
_ATTEMPTS = 200
# Rounds played before the one to pair: from the third (round 1 is F4
# alone, round 2 much the same from one seed to another) to the seventh.
_ROUNDS = (4, 8)


@dataclass(frozen=True)
class ExamPaper:
    """What the trainee is handed, and the trace that marks the answer.

    ``rule`` is the rule the round was drawn for (``--rule``), ``tries``
    the tournaments drawn to find it."""

    exercise: ExerciseRound
    rule: str | None = None
    tries: int = 1

    @property
    def tournament(self) -> Tournament:
        return self.exercise.tournament

    @property
    def round(self) -> RoundNumber:
        return self.exercise.round

    @property
    def events(self) -> tuple[Event, ...]:
        return self.exercise.events

    @property
    def result(self) -> RoundPaired:
        return self.exercise.result

    @property
    def level(self) -> int:
        return self.exercise.level

    @property
    def seed(self) -> int:
        return self.exercise.seed

    def sheet(self, lang: str = "fr") -> CardSheet:
        """One card a player, in A2 order (the course's pairing card)."""
        return card_sheet(self.tournament, self.round).in_language(lang)

    def standings(self) -> Standings:
        """The standings at the entry of the round to pair."""
        return standings(self.tournament, self.round)

    def title(self, lang: str = "fr") -> str:
        cat = catalogue(lang)
        if self.rule is not None:
            return cat.text("exam.title.rule", rule=self.rule, seed=self.seed,
                            round=self.round)
        return cat.text("exam.title", level=self.level, seed=self.seed, round=self.round)

    def trf(self) -> str:
        """The tournament before the round to pair, as a TRF16 file (the
        generator's columns; ``XXR`` the rounds of the whole tournament)."""
        tournament = self.tournament.truncated(self.round - 1)
        points = {p.id: tournament.standing_points(p.id) for p in tournament.players}
        order = {row.id: row.rank for row in self.standings().rows}
        lines = [f"012 {self.title('fr')}", f"062 {len(tournament.players)}",
                 "092 Individual: Swiss-System"]
        for player in tournament.players:
            fixed = (f"001 {player.id:4d} {player.sex or ' ':1}{'':>3} {player.name:<33.33} "
                     f"{player.rating:4d} {player.federation:<3} {player.fide_id:>11} "
                     f"{player.birth_date:<10} {points[player.id]:4.1f} "
                     f"{order.get(player.id, 0):4d}")
            blocks = "  ".join(format_round_block(e) for e in sorted(player.entries,
                                                                     key=lambda e: e.round))
            lines.append(f"{fixed}  {blocks}".rstrip())
        total = self.tournament.rounds or self.round
        lines += [f"XXR {total}", "XXC white1"]
        return "\n".join(lines) + "\n"


def _settings(level: int, seed: int, attempt: int) -> GeneratorSettings:
    rng = random.Random(seed * 7919 + attempt * 104729 + level * 31)
    rounds = rng.randint(*_ROUNDS)
    quiet = level == 1
    players = rng.randint(FEWEST_PLAYERS, MOST_PLAYERS)
    if quiet:
        # Homogeneous brackets only are rare in a large field: a small even
        # one (an odd field always floats someone down), no absences.
        players = rng.randint(FEWEST_PLAYERS, 18) // 2 * 2
    return GeneratorSettings(
        players=players, rounds=rounds,
        seed=rng.randrange(2 ** 31), draw_rate=round(rng.uniform(0.15, 0.4), 2),
        forfeit_rate=0.0 if quiet else 0.02, half_bye_rate=0.0 if quiet else 0.02,
        absence_rate=0.0 if quiet else 0.01, withdrawal_rate=0.0,
        late_entry_rate=0.0 if quiet else 0.02)


def exam_paper(level: int = 2, seed: int = 0) -> ExamPaper:
    """An exam of ``level`` (1, 2 or 3) drawn from ``seed``: a tournament of
    12-30 players, the round to pair (from the third on) of that level.  The
    same seed gives the same paper; ValueError if none is found."""
    if level not in LEVELS:
        raise ValueError(f"level {level}: expected 1, 2 or 3")
    def enough_players(tournament: Tournament, round: RoundNumber) -> bool:
        return sum(1 for s in tournament.states(round)
                   if s.available and not s.withdrawn) >= FEWEST_PLAYERS

    for attempt, tournament, played, events in drawn_rounds(
            lambda attempt: _settings(level, seed, attempt), _ATTEMPTS, keep=enough_players):
        if level_of(events) != level:
            continue
        named = dataclasses.replace(tournament, name=catalogue("fr").text(
            "exam.tournament", seed=seed))
        return ExamPaper(ExerciseRound(level, seed, named, played, events), tries=attempt + 1)
    raise ValueError(f"no exam round of level {level} found from seed {seed}")


def paper_for_rule(rule: str, seed: int = 0) -> ExamPaper:
    """An exam whose round needs ``rule`` (E3, C12, B2a...): drawn by
    ``swisslearn.exam.targets.round_for_rule`` (issue 30, item 3)."""
    # Imported by name: the other half of issue 30 writes that module.
    targets = importlib.import_module("swisslearn.exam.targets")
    found = targets.round_for_rule(rule, seed)
    exercise: ExerciseRound = found.exercise
    # The paper says the seed the trainer asked for, and names the tournament as an exam's.
    named = dataclasses.replace(exercise.tournament, name=catalogue("fr").text(
        "exam.tournament", seed=seed))
    return ExamPaper(dataclasses.replace(exercise, seed=seed, tournament=named),
                     rule=found.rule, tries=found.tries)
