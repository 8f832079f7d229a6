"""Rounds chosen for the rule (issue 30, item 3): a round to pair in which a
given rule of seed 000 decides, checked by its trace.

:func:`round_for_rule` draws tournaments of 12 to 30 players
(:mod:`swisslearn.generate`, every round paired by the 1998 engine) until one
of their rounds is decided, at least in part, by the rule asked for; that
round is built as :func:`swisslearn.card.rounds.exercise_round` builds its
rounds (the tournament as it stood before it, the card's trace), and its
trace is checked once more.  The same rule and seed give the same round.

What proves that a rule decides is :data:`TARGETS`, one table: for each rule
the event of the trace (and its label) that shows the rule at work, and the
shape of tournament that makes the rule likely.  Rare rules are steered
rather than searched for: the shape sets the field's size and parity, the
number of rounds, the draws, forfeits, absences and withdrawals, and for the
last-round note and F9 it changes the tournament itself (the round to pair
declared the last; a game of the round before left unfinished).  Every round
of a generated tournament is a candidate (the generator's own trace of it is
read first, so a rejected round costs no second pairing).

``tries`` counts the tournaments generated; :data:`MAX_TRIES` bounds them,
and a rule not found within them is a :class:`~swisslearn.errors.UsageError`
naming the rule, the seed and the tries (another seed will do).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from swisslearn.card.rounds import ExerciseRound
from swisslearn.card.session import card_trace
from swisslearn.card.steps import level_of
from swisslearn.dutch1998.procedure import pair, trace
from swisslearn.errors import PairingError, usage
from swisslearn.explain.catalogue import catalogue
from swisslearn.generate import GeneratorSettings, generate
from swisslearn.model import PlayerId, RoundEntry, RoundNumber, Tournament
from swisslearn.results import Result
from swisslearn.trace import (BoardsOrdered, BracketPaired, BracketsMerged, BracketUndone,
                              ByeAssigned, CandidatesSkipped, CandidateTried, ColourAllocated,
                              CriterionDropped, Event, ExchangeApplied, PairingsTried, PDecreased,
                              PlayerMovedDown, PlayerStuck, Rejection, RemainderUnpaired,
                              RoundPaired, RoundStarted, XIncreased)

__all__ = ["ALIASES", "MAX_TRIES", "RULES", "TARGETS", "RuleRound", "Shape", "Target",
           "proof_of", "round_for_rule", "rule_name", "rule_words"]

MAX_TRIES = 60
"""Tournaments generated at most for one rule and seed (the rarest, B2a,
took at most 25 over seeds 0-19: docs/drills-by-rule.md)."""


@dataclass(frozen=True)
class RuleRound:
    """A round in which ``rule`` decides: the exercise (tournament before the
    round, the round, its 1998 events) and the tournaments it took to find."""

    rule: str
    exercise: ExerciseRound
    tries: int


# ---------------------------------------------------------------------------
# What a drawn round offers to a proof


@dataclass(frozen=True)
class Drawn:
    """A candidate round: the tournament before it, the round, its events."""

    tournament: Tournament
    round: RoundNumber
    events: tuple[Event, ...]


Proof = Callable[[Drawn], Event | None]
"""The event of the trace that shows the rule deciding, or None."""


def _rejections(event: Event) -> tuple[Rejection, ...]:
    """Every refusal a step of the trace states as the criterion the text
    checks first (a refused candidate's ``rejection``, not its ``also``)."""
    if isinstance(event, CandidateTried):
        return (event.rejection,) if event.rejection is not None and not event.accepted else ()
    if isinstance(event, (CandidatesSkipped, PlayerStuck, PlayerMovedDown, PairingsTried)):
        return event.reasons
    if isinstance(event, ExchangeApplied):
        return (event.reason,) if event.reason is not None and not event.feasible else ()
    return ()


def _refused_on(criterion: str) -> Proof:
    """B1b ... B6: a step refuses a candidate, a range of them, a player's
    every opponent or a pairing above, on ``criterion``."""
    def proof(drawn: Drawn) -> Event | None:
        return next((e for e in drawn.events
                     if any(r.criterion == criterion for r in _rejections(e))), None)
    return proof


def _labelled(label: str, *kinds: type[Event]) -> Proof:
    """C9 ... C14: an event of one of ``kinds`` carrying the rule's label."""
    def proof(drawn: Drawn) -> Event | None:
        return next((e for e in drawn.events if isinstance(e, kinds) and e.rule == label), None)
    return proof


def _colours_by(rule: str) -> Proof:
    """E1 ... E4: a pair's colours allocated by ``rule``."""
    def proof(drawn: Drawn) -> Event | None:
        return next((e for e in drawn.events
                     if isinstance(e, ColourAllocated) and e.rule == rule), None)
    return proof


def _started(drawn: Drawn) -> RoundStarted | None:
    first = drawn.events[0] if drawn.events else None
    return first if isinstance(first, RoundStarted) else None


def _bye(drawn: Drawn) -> Event | None:
    """A5: the pairing-allocated bye is given."""
    return next((e for e in drawn.events if isinstance(e, ByeAssigned)), None)


def _absent(drawn: Drawn) -> Event | None:
    """F5: players absent from the round or withdrawn are not paired."""
    started = _started(drawn)
    return started if started is not None and started.absent else None


def _adjourned(drawn: Drawn) -> Event | None:
    """F9: a game not finished is counted as a draw."""
    started = _started(drawn)
    return started if started is not None and started.adjourned else None


def _boards_by_sum(drawn: Drawn) -> Event | None:
    """F1's second key: two boards whose higher scores are equal are ordered
    by the sum of their players' scores, and those sums differ."""
    started = _started(drawn)
    ordered = next((e for e in drawn.events if isinstance(e, BoardsOrdered)), None)
    if started is None or ordered is None:
        return None
    score = {v.id: v.score for v in started.players}
    keys = [(max(score[b.white], score[b.black]), score[b.white] + score[b.black])
            for b in ordered.boards]
    decided = any(a[0] == b[0] and a[1] != b[1] for a, b in zip(keys, keys[1:]))
    return ordered if decided else None


def _unplayed(entry: RoundEntry) -> bool:
    return entry.result.is_forfeit or entry.result in (Result.PAIRING_ALLOCATED_BYE,
                                                       Result.FULL_POINT_BYE)


def _not_counted(drawn: Drawn) -> Event | None:
    """F2: a pair whose colours are allocated with a bye or a forfeit of one
    of its players left out of his colours, or two players paired again
    after a forfeit between them."""
    entries = {p.id: p.entries for p in drawn.tournament.players}

    def skipped(player: PlayerId) -> bool:
        return any(_unplayed(e) for e in entries.get(player, ()) if e.round < drawn.round)

    def forfeited(a: PlayerId, b: PlayerId) -> bool:
        return any(e.opponent == b and e.result.is_forfeit for e in entries.get(a, ()))

    for event in drawn.events:
        if isinstance(event, ColourAllocated) and (
                skipped(event.white) or skipped(event.black)
                or forfeited(event.white, event.black)):
            return event
    return None


def _aligned(drawn: Drawn) -> Event | None:
    """F3: E3 decides a pair in which a round without a game stands between
    two played ones in a history (F3 moves it to the front)."""
    for event in drawn.events:
        if isinstance(event, ColourAllocated) and event.rule == "E3":
            views = (event.white_view, event.black_view)
            if any(v is not None and "-" in v.colours.lstrip("-") for v in views):
                return event
    return None


def _first_round(drawn: Drawn) -> Event | None:
    """F4: round 1, one bracket, S1's first player against S2's first."""
    if drawn.round != 1:
        return None
    return next((e for e in drawn.events if isinstance(e, BracketPaired)
                 and e.transposition == 0 and e.exchange is None), None)


def _last_round_note(drawn: Drawn) -> Event | None:
    """The note under B6: the trace names the players over 50 % in the last
    round (``RoundStarted.last_round``), and the note decides: a colour that
    B2 would forbid (``ColourAllocated.last_round``), or a round paired
    otherwise than it would be were it not the last."""
    started = _started(drawn)
    if started is None or not started.last_round:
        return None
    noted = next((e for e in drawn.events if isinstance(e, ColourAllocated) and e.last_round),
                 None)
    if noted is not None:
        return noted
    result = drawn.events[-1]
    assert isinstance(result, RoundPaired)
    try:
        other = pair(dataclasses.replace(drawn.tournament, rounds=drawn.round + 1), drawn.round)
    except PairingError:
        return started           # without the note the round cannot be paired at all
    return started if other.boards != result.boards or other.byes != result.byes else None


# ---------------------------------------------------------------------------
# The shape of the tournaments drawn for a rule


@dataclass(frozen=True)
class Shape:
    """The tournaments drawn for a rule: ranges for the field and the rounds,
    the rates of :class:`~swisslearn.generate.GeneratorSettings`, and what is
    done to the round to pair (``first``: round 1; ``last``: declared the
    tournament's last round; ``adjourn``: a game of the round before left
    unfinished; ``odd``: an odd field)."""

    players: tuple[int, int] = (12, 30)
    rounds: tuple[int, int] = (5, 8)
    draw_rate: tuple[float, float] = (0.1, 0.4)
    forfeit_rate: float = 0.04
    half_bye_rate: float = 0.03
    absence_rate: float = 0.02
    withdrawal_rate: float = 0.01
    late_entry_rate: float = 0.03
    odd: bool = False
    first: bool = False
    last: bool = False
    adjourn: bool = False

    def settings(self, rng: random.Random) -> GeneratorSettings:
        players = rng.randint(*self.players)
        if self.odd and players % 2 == 0:
            players += 1 if players < self.players[1] else -1
        return GeneratorSettings(
            players=players, rounds=rng.randint(*self.rounds), seed=rng.randrange(2 ** 31),
            draw_rate=round(rng.uniform(*self.draw_rate), 2), forfeit_rate=self.forfeit_rate,
            half_bye_rate=self.half_bye_rate, absence_rate=self.absence_rate,
            withdrawal_rate=self.withdrawal_rate, late_entry_rate=self.late_entry_rate)


_PLAIN = Shape()
# Colour trouble (E3, F2, F3) comes with rounds without a game (forfeits,
# absences) that bend the colour histories.
_GAPS = Shape(players=(12, 22), rounds=(6, 9), forfeit_rate=0.12, absence_rate=0.06,
              half_bye_rate=0.05)
# B2: the same, with few draws: whole-point scores make big brackets, where
# two players due the same colour absolutely are more often S1 and S2's
# first candidate.
_COLOURS = Shape(players=(16, 30), rounds=(6, 8), draw_rate=(0.0, 0.1), forfeit_rate=0.12,
                 absence_rate=0.06, half_bye_rate=0.05)
# The last-round note: long tournaments (every round from the third is tried
# as the last), where the players over 50 % have floated and switched colours.
_LONG = Shape(players=(12, 20), rounds=(7, 10))
# B1b: points without playing (forfeit wins, byes) and an odd field, so that
# the bye has to avoid someone who already had one.
_UNPLAYED = Shape(players=(12, 17), rounds=(5, 7), forfeit_rate=0.1, half_bye_rate=0.0,
                  absence_rate=0.0, withdrawal_rate=0.0, late_entry_rate=0.0, odd=True)
# C12/C13: few players for many rounds, so that the lower brackets run out
# of opponents.
_TIGHT = Shape(players=(12, 14), rounds=(6, 8))
_ABSENCES = Shape(absence_rate=0.06, withdrawal_rate=0.03, half_bye_rate=0.05)


@dataclass(frozen=True)
class Target:
    """A rule: what proves it decides (``proof``: the event, with the label
    ``event`` names) and the tournaments drawn for it."""

    rule: str
    event: str
    proof: Proof
    shape: Shape = _PLAIN


def _table() -> dict[str, Target]:
    rows = [
        Target("E1", "colour_allocated, rule E1", _colours_by("E1")),
        Target("E2", "colour_allocated, rule E2", _colours_by("E2")),
        Target("E3", "colour_allocated, rule E3", _colours_by("E3"), _GAPS),
        Target("E4", "colour_allocated, rule E4", _colours_by("E4")),
        Target("B1b", "a refusal on B1b", _refused_on("B1b"), _UNPLAYED),
        Target("B2a", "a refusal on B2a", _refused_on("B2a"), _COLOURS),
        Target("B2b", "a refusal on B2b", _refused_on("B2b"), _COLOURS),
        Target("B4", "a refusal on B4", _refused_on("B4")),
        Target("B5", "a refusal on B5", _refused_on("B5")),
        Target("B6", "a refusal on B6", _refused_on("B6")),
        Target("C9", "criterion_dropped, rule C9", _labelled("C9", CriterionDropped)),
        Target("C10", "criterion_dropped, remainder_unpaired or pairings_tried, rule C10",
               _labelled("C10", CriterionDropped, RemainderUnpaired, PairingsTried)),
        Target("C11", "x_increased, rule C11", _labelled("C11", XIncreased)),
        Target("C12", "bracket_undone or pairings_tried, rule C12",
               _labelled("C12", BracketUndone, PairingsTried), _TIGHT),
        Target("C13", "bracket_undone, pairings_tried or brackets_merged, rule C13",
               _labelled("C13", BracketUndone, PairingsTried, BracketsMerged), _TIGHT),
        Target("C14", "p_decreased, rule C14", _labelled("C14", PDecreased), _TIGHT),
        Target("last-round", "round_started.last_round, and the note changes a colour "
               "(colour_allocated.last_round) or the round", _last_round_note,
               dataclasses.replace(_LONG, last=True)),
        Target("F1", "boards_ordered, rule F1, two boards ordered by the sum of scores",
               _boards_by_sum),
        Target("F2", "colour_allocated of a player with a bye or a forfeit, or of two "
               "players after a forfeit between them", _not_counted, _GAPS),
        Target("F3", "colour_allocated, rule E3, a history with a round without a game "
               "between played ones", _aligned, _GAPS),
        Target("F4", "round 1: bracket_paired, S2 untouched", _first_round,
               Shape(first=True)),
        Target("F5", "round_started.absent", _absent, _ABSENCES),
        Target("F9", "round_started.adjourned", _adjourned, Shape(adjourn=True)),
        Target("A5", "bye_assigned, rule A5", _bye, Shape(odd=True)),
    ]
    return {row.rule: row for row in rows}


TARGETS: Mapping[str, Target] = _table()
"""The one table: each rule, the event that proves it decides, its shape."""

RULES: tuple[str, ...] = tuple(TARGETS)
"""Every rule a round can be drawn for, in the text's order of the issue."""

ALIASES: Mapping[str, str] = {"bye": "A5", "exempt": "A5", "note": "last-round"}
"""Other names a trainee may type (``--rule bye``)."""


def rule_name(text: str) -> str:
    """The rule of :data:`RULES` that ``text`` names (case and spaces aside;
    :data:`ALIASES` too); a :class:`~swisslearn.errors.UsageError` listing
    the rules otherwise."""
    wanted = text.strip().lower()
    by_lower = {rule.lower(): rule for rule in RULES}
    if wanted in by_lower:
        return by_lower[wanted]
    if wanted in ALIASES:
        return ALIASES[wanted]
    raise usage("drill.rule.unknown", rule=text, rules=", ".join(RULES))


def rule_words(rule: str, lang: str = "fr") -> str:
    """How a trainee reads ``rule``: its label, or for the note and the bye
    the catalogue's words (« note sous B6 (dernière ronde) »)."""
    cat = catalogue(lang)
    key = f"drill.rule.name.{rule}"
    return cat.text(key) if key in cat else rule


def proof_of(rule: str, tournament: Tournament, round: RoundNumber,
             events: tuple[Event, ...]) -> Event | None:
    """The event of ``events`` (the trace of ``round``, ``tournament`` as it
    stood before it) that proves ``rule`` decides there, or None."""
    return TARGETS[rule_name(rule)].proof(Drawn(tournament, round, events))


# ---------------------------------------------------------------------------
# Drawing


def round_for_rule(rule: str, seed: int = 0) -> RuleRound:
    """A round of 12 to 30 players in which ``rule`` decides, drawn from
    ``seed`` (the same rule and seed, the same round); ``tries``: the
    tournaments generated to find it (at most :data:`MAX_TRIES`)."""
    name = rule_name(rule)
    target = TARGETS[name]
    # A string seeds the same stream whatever PYTHONHASHSEED (SHA-512 of it).
    rng = random.Random(f"swisslearn-rule:{name}:{seed}")
    for tries in range(1, MAX_TRIES + 1):
        for drawn in _candidates(target.shape, rng):
            if target.proof(drawn) is None:
                continue
            events = card_trace(drawn.tournament, drawn.round)
            if target.proof(Drawn(drawn.tournament, drawn.round, events)) is None:
                continue     # the card's literal walk told it otherwise: next round
            title = catalogue("fr").text("drill.rule.title", seed=seed)
            exercise = ExerciseRound(level_of(events), seed,
                                     dataclasses.replace(drawn.tournament, name=title),
                                     drawn.round, events)
            return RuleRound(name, exercise, tries)
    raise usage("drill.rule.not_found", rule=name, seed=seed, tries=MAX_TRIES)


def _candidates(shape: Shape, rng: random.Random) -> Iterator[Drawn]:
    """The rounds of one generated tournament, in an order drawn from ``rng``,
    each with the trace the generator paired it by (or, where the shape
    changes the tournament, a fresh one)."""
    settings = shape.settings(rng)
    traces: dict[RoundNumber, tuple[Event, ...]] = {}

    def pair_round(tournament: Tournament, round: int) -> RoundPaired:
        events = tuple(trace(tournament, round))
        traces[round] = events      # a round paired again (a restart) is overwritten
        last = events[-1]
        assert isinstance(last, RoundPaired)
        return last

    try:
        full = generate(settings, pair_round).tournament
    except PairingError:
        return
    if shape.first:
        rounds = [1]
    else:
        rounds = list(range(3, full.rounds_paired + 1))
        rng.shuffle(rounds)
    for round in rounds:
        before = full.truncated(round - 1)
        if shape.last:
            before = dataclasses.replace(before, rounds=round)
        if shape.adjourn:
            before = _adjourn(before, round - 1, rng)
        if shape.last or shape.adjourn:
            try:
                events = tuple(trace(before, round))
            except PairingError:
                continue
        else:
            events = traces[round]
        yield Drawn(before, round, events)


def _adjourn(tournament: Tournament, round: RoundNumber, rng: random.Random) -> Tournament:
    """``tournament`` with one game of ``round`` (played over the board) left
    unfinished: both players' result becomes pending (F9 counts it a draw)."""
    games = sorted((p.id, e.opponent) for p in tournament.players for e in p.entries
                   if e.round == round and e.game_played and e.opponent is not None
                   and p.id < e.opponent)
    if not games:
        return tournament
    a, b = rng.choice(games)
    changed = {}
    for player in tournament.players:
        if player.id in (a, b):
            entry = next(e for e in player.entries if e.round == round)
            changed[player.id] = dataclasses.replace(entry, result=Result.PENDING)
    return tournament.with_round(round, changed)


