"""Exercise rounds for the card: made fresh from a seed, at three levels,
checked by the engine; the whole-round answer; the mock exam.

* :func:`exercise_round` draws a small tournament from a seed
  (:mod:`swisslearn.generate`, every round paired by the 1998 engine), and
  keeps the first one whose round to pair is of the level asked
  (:func:`swisslearn.card.steps.level_of`): **1** homogeneous brackets only,
  **2** floaters (a player moved down, a heterogeneous bracket), **3** the
  relaxations C9-C14 (a criterion dropped, x raised, p lowered, a bracket
  undone or merged).  The trainee sees the card of the tournament as it
  stood before that round (:func:`swisslearn.card.sheet.card_sheet`): every
  opponent, colour, result and float, so the round can be paired from it.
  Another seed gives another round; the same seed, the same round.
* :func:`check_round` checks a whole round written as an arbiter writes it,
  White first (« 3-1, 2-7 ; exempt 12 »): the pairs *and* the colours; a
  wrong answer is told the first wrong board, with :func:`swisslearn.explain.why`
  for that pair.
* :class:`MockExam` (« examen blanc »): several rounds (one of each level
  by default), a time limit, and a score out of 20 at the end.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from swisslearn.card import answers
from swisslearn.card.session import CardSession, card_trace
from swisslearn.card.sheet import CardSheet, card_sheet
from swisslearn.card.steps import Reading, level_of, read_trace
from swisslearn.errors import PairingError
from swisslearn.explain import why
from swisslearn.explain.catalogue import catalogue
from swisslearn.generate import GeneratorSettings, generate
from swisslearn.model import PlayerId, RoundNumber, Tournament
from swisslearn.trace import Event, RoundPaired

__all__ = ["LEVELS", "ExamRound", "ExerciseRound", "MockExam", "RoundVerdict", "check_round",
           "drawn_rounds", "exercise_round"]

LEVELS = (1, 2, 3)

# How big a round of each level may be: players, rounds of the tournament,
# and the most steps on the card (a round of level 3 can try hundreds of
# candidates; the card keeps those a trainee can follow).
_SHAPES = {1: ((6, 10), (3, 5), 45), 2: ((7, 11), (3, 5), 70), 3: ((6, 10), (3, 6), 90)}
_ATTEMPTS = 400


@dataclass(frozen=True)
class ExerciseRound:
    """A round to pair on the card: the tournament before it, and the trace."""

    level: int
    seed: int
    tournament: Tournament
    round: RoundNumber
    events: tuple[Event, ...] = field(repr=False)

    @property
    def reading(self) -> Reading:
        return read_trace(self.events)

    @property
    def result(self) -> RoundPaired:
        last = self.events[-1]
        assert isinstance(last, RoundPaired)
        return last

    def sheet(self, lang: str = "fr") -> CardSheet:
        return card_sheet(self.tournament, self.round).in_language(lang)

    def session(self, lang: str = "fr") -> CardSession:
        return CardSession(self.reading, lang)

    def answer(self) -> str:
        """The round as the trainee should write it: boards White first, then the bye."""
        return round_text(self.result, "fr")

    @classmethod
    def of(cls, tournament: Tournament, round: RoundNumber) -> ExerciseRound:
        """A round of a file (the tournament as it stood before ``round``)."""
        before = tournament.truncated(round - 1)
        events = card_trace(before, round)
        return cls(level_of(events), 0, before, round, events)


def _settings(level: int, seed: int, attempt: int) -> GeneratorSettings:
    (low, high), (rounds_low, rounds_high), _ = _SHAPES[level]
    rng = random.Random(seed * 7919 + attempt * 31 + level)
    players = rng.randint(low, high)
    if level == 1 and players % 2:
        players += 1          # an odd field always floats someone down
    quiet = level == 1
    return GeneratorSettings(
        players=players, rounds=rng.randint(rounds_low, rounds_high), seed=rng.randrange(2 ** 31),
        draw_rate=round(rng.uniform(0.1, 0.4), 2),
        forfeit_rate=0.0 if quiet else 0.04, half_bye_rate=0.0 if quiet else 0.03,
        absence_rate=0.0 if quiet else 0.02, withdrawal_rate=0.0 if quiet else 0.01,
        late_entry_rate=0.0 if quiet else 0.03)


def drawn_rounds(settings: Callable[[int], GeneratorSettings], attempts: int,
                 keep: Callable[[Tournament, RoundNumber], bool] | None = None,
                 ) -> Iterator[tuple[int, Tournament, RoundNumber, tuple[Event, ...]]]:
    """The rounds an exercise or an exam is drawn from: for each attempt
    (0, 1, ...), the tournament ``settings(attempt)`` generates, stopped before
    one of the rounds the generator paired, from the third on (round 1 is F4
    alone, and round 2 is much the same from one seed to another), with the
    card's trace of that round.  Attempts whose tournament or round cannot be
    paired, or that ``keep`` refuses (asked before the trace is made), are
    skipped."""
    for attempt in range(attempts):
        chosen = settings(attempt)
        try:
            full = generate(chosen).tournament
        except PairingError:
            continue
        if full.rounds_paired < 3:
            continue
        played = random.Random(chosen.seed).randint(3, full.rounds_paired)
        tournament = full.truncated(played - 1)
        if keep is not None and not keep(tournament, played):
            continue
        try:
            events = card_trace(tournament, played)
        except PairingError:
            continue
        yield attempt, tournament, played, events


def exercise_round(level: int, seed: int = 0) -> ExerciseRound:
    """A round of ``level`` (1, 2 or 3) drawn from ``seed``: the same seed
    gives the same round; ValueError if no round of that level is found."""
    if level not in LEVELS:
        raise ValueError(f"level {level}: expected 1, 2 or 3")
    _, _, most_steps = _SHAPES[level]
    for _, tournament, played, events in drawn_rounds(
            lambda attempt: _settings(level, seed, attempt), _ATTEMPTS):
        if level_of(events) != level:
            continue
        if len(read_trace(events).steps) > most_steps:
            continue
        title = catalogue("fr").text("card.exercise.title", level=level, seed=seed)
        return ExerciseRound(level, seed, dataclasses.replace(tournament, name=title), played,
                             events)
    raise ValueError(f"no round of level {level} found from seed {seed}")


# ---------------------------------------------------------------------------
# A whole round, White first


def round_text(result: RoundPaired, lang: str = "fr") -> str:
    """« 3–1, 2–7, … ; exempt : 12 », boards in order, White first."""
    cat = catalogue(lang)
    text = cat.pairs([(b.white, b.black) for b in result.boards])
    if result.byes:
        text = cat.text("card.round.with_bye", boards=text, bye=cat.players(result.byes))
    return text


@dataclass(frozen=True)
class RoundVerdict:
    """The check of a whole round: right or not, the words, the boards right
    (pair and colours) and the first wrong one."""

    correct: bool
    message: str
    right: int
    total: int
    first_wrong: tuple[PlayerId, PlayerId] | None = None


def check_round(events: Sequence[Event], text: str, lang: str = "fr") -> RoundVerdict:
    """Check a round written White first (any board order); the bye after
    « exempt »."""
    cat = catalogue(lang)
    reading = read_trace(events)
    result = reading.result
    if result is None:
        raise ValueError("the trace has no round_paired event")
    expected = [(b.white, b.black) for b in result.boards]
    total = len(expected) + len(result.byes)
    if not text.strip():
        return RoundVerdict(False, cat.text("card.round.empty"), 0, total)
    parsed = answers.whole_round(text)
    if parsed is None:
        return RoundVerdict(False, cat.text("card.round.shape"), 0, total)
    boards, byes = parsed
    by_pair = {frozenset(p): p for p in expected}
    right = sum(1 for b in boards if by_pair.get(frozenset(b)) == b)
    right += sum(1 for p in byes if p in result.byes)
    first_wrong, message = _wrong_board(events, boards, by_pair, lang)
    if first_wrong is None:
        first_wrong, message = _round_gap(events, boards, byes, expected, result, lang)
    correct = not message and right == total and len(boards) == len(expected)
    if correct:
        message = cat.text("card.round.right")
    return RoundVerdict(correct, message, right, total, first_wrong)


_Board = tuple[PlayerId, PlayerId]


def _wrong_board(events: Sequence[Event], boards: Sequence[_Board],
                 by_pair: Mapping[frozenset[PlayerId], _Board], lang: str
                 ) -> tuple[_Board | None, str]:
    """The first board written that the round does not have (or has with
    the other colours), and why the rules pair otherwise; (None, "") when
    every board written is right."""
    cat = catalogue(lang)
    for board in boards:
        wanted = by_pair.get(frozenset(board))
        if wanted == board:
            continue
        key = "card.round.wrong_colours" if wanted is not None else "card.round.wrong_pair"
        return board, cat.join([cat.text(key, pair=cat.pair(*board)),
                                why(events, board[0], board[1], lang)])
    return None, ""


def _round_gap(events: Sequence[Event], boards: Sequence[_Board], byes: Sequence[PlayerId],
               expected: Sequence[_Board], result: RoundPaired, lang: str
               ) -> tuple[_Board | None, str]:
    """Every board written is right: what is still wrong with the round (a
    player written twice, a wrong bye, a board missing, the bye missing),
    and the board missing if that is it; (None, "") when nothing is."""
    cat = catalogue(lang)
    written = {p for b in boards for p in b}
    doubled = [p for p in written if sum(p in b for b in boards) > 1]
    wrong_byes = [p for p in byes if p not in result.byes]
    missing = [b for b in expected if not set(b) & written]
    if doubled:
        return None, cat.text("card.round.twice", players=cat.players(sorted(doubled)))
    if wrong_byes:
        return None, cat.join([cat.text("card.round.wrong_bye", player=wrong_byes[0]),
                               why(events, wrong_byes[0], result.byes[0], lang)
                               if result.byes else ""])
    if missing:
        return missing[0], cat.text("card.round.missing", pair=cat.pair(*missing[0]))
    if set(result.byes) - set(byes):
        return None, cat.text("card.round.bye_missing")
    return None, ""


# ---------------------------------------------------------------------------
# The mock exam


@dataclass
class ExamRound:
    exercise: ExerciseRound
    answer: str = ""
    verdict: RoundVerdict | None = None


class MockExam:
    """« Examen blanc »: ``levels`` rounds drawn from ``seed``, ``minutes``
    to answer them all (each as a whole round, White first), then a score
    out of 20.  Answers may be changed until :meth:`finish` or the end of the
    time; nothing is told before (an exam), everything after."""

    def __init__(self, seed: int = 0, levels: Sequence[int] = LEVELS, minutes: float = 30,
                 lang: str = "fr", clock: Callable[[], float] = time.monotonic) -> None:
        self.seed = seed
        self.minutes = minutes
        self.lang = lang
        self.clock = clock
        self.rounds = [ExamRound(exercise_round(level, seed + i))
                       for i, level in enumerate(levels)]
        self.started = clock()
        self.finished_at: float | None = None

    def remaining(self) -> float:
        """Seconds left (0 when the time is over or the exam finished)."""
        if self.finished_at is not None:
            return 0.0
        return max(0.0, self.minutes * 60 - (self.clock() - self.started))

    @property
    def finished(self) -> bool:
        return self.finished_at is not None or self.remaining() <= 0

    def answer(self, index: int, text: str) -> bool:
        """Write (or change) the answer to round ``index``; False once the
        exam is over (the answer is not taken)."""
        if self.finished:
            self.finish()
            return False
        self.rounds[index].answer = text
        return True

    def finish(self) -> None:
        """Hand in: every answer is checked (an empty one scores 0)."""
        if self.finished_at is None:
            self.finished_at = min(self.clock(), self.started + self.minutes * 60)
        for item in self.rounds:
            if item.verdict is None:
                item.verdict = check_round(item.exercise.events, item.answer, self.lang)

    def score(self) -> float:
        """Out of 20: each round counts the same, in proportion of its boards
        right (pair and colours, and the bye)."""
        self.finish()
        parts = [item.verdict.right / item.verdict.total
                 for item in self.rounds if item.verdict is not None and item.verdict.total]
        if not parts:
            return 0.0
        return round(20 * sum(parts) / len(self.rounds), 1)

    def report(self) -> str:
        """The score, then for each round its result and the first error, explained."""
        self.finish()
        cat = catalogue(self.lang)
        assert self.finished_at is not None
        used = self.finished_at - self.started
        lines = [cat.text("card.exam.score", score=cat.number(_decimal(self.score())),
                          minutes=cat.number(int(used // 60)),
                          seconds=f"{int(used % 60):02d}")]
        for number, item in enumerate(self.rounds, 1):
            verdict = item.verdict
            assert verdict is not None
            lines.append(cat.text("card.exam.round", number=number,
                                  level=item.exercise.level, right=verdict.right,
                                  total=verdict.total,
                                  answer=round_text(item.exercise.result, self.lang)))
            if not verdict.correct:
                lines.append("  " + verdict.message)
        return "\n".join(lines)


def _decimal(value: float) -> Decimal:
    return Decimal(str(value))
