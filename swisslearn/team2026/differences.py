"""One team round paired two ways: where the text's reading and another pairing part.

The other pairing is a file's round (a reference vector, a round paired by
Sharly Chess) or the ``team-2026-sharly`` engine's.  Two views of the same
difference:

* :func:`parting`: the text's side.  The text's procedure (3.3.2) is replayed
  step by step; the first step where the other pairing leaves it is the
  **first bracket where the two readings part**, and the article that
  separates them there (:class:`Parting`): the PAB (3.4.1-3.4.4, [C2]); a
  pair the text forbids ([C1]); the set of upfloaters of a top-scoregroup
  (more upfloaters, [C4]; lower ones, [C5]; same count and scores but a set
  refused by [C6] or [C7], or later in 3.5.4 order); the pairing of the
  bracket ([C8], [C9], [C10], or later in 3.6.3 order); or only a colour
  (the 4.3 rule that gave it).
* :func:`engine_side`: the reference engine's side.  Both pairings measured
  with the fields of its one weighted matching
  (:mod:`swisslearn.team2026.wholeround`), and the most significant field
  that separates them (:class:`EngineSide`): [C4], [C5], [C7]... counted over
  the whole round.  ``None`` field: they weigh the same (an exact tie).

Nothing here builds a sentence: :mod:`swisslearn.explain.sharly` words them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable, Sequence

from swisslearn.teams import Outcome, TeamTournament
from swisslearn.model import Colour, RoundNumber
from swisslearn.team2026 import procedure
from swisslearn.team2026.rules import RULES
from swisslearn.team2026.selection import Graph, judge_sets, misses, upfloater_needs
from swisslearn.team2026.state import SHARLY, TeamState, team_states
from swisslearn.team2026.wholeround import (Field, RoundFields, first_difference, floats_apply,
                                            measure)
from swisslearn.trace import BracketPaired, ColourAllocated, Event, RoundPaired

__all__ = ["RecordedRound", "recorded", "Parting", "parting", "EngineSide", "engine_side"]

Pair = tuple[int, int]

_R = RULES.label   # each article a parting cites, from the table


@dataclass(frozen=True)
class RecordedRound:
    """A round as a file holds it: (white, black) pairs and the PAB team."""

    pairs: frozenset[Pair]
    bye: int | None

    @property
    def unordered(self) -> frozenset[Pair]:
        return frozenset((min(a, b), max(a, b)) for a, b in self.pairs)

    @classmethod
    def of(cls, paired: RoundPaired) -> RecordedRound:
        return cls(frozenset(paired.pairs()), paired.byes[0] if paired.byes else None)


def recorded(tournament: TeamTournament, round: RoundNumber) -> RecordedRound:
    """The pairs (White first) and the PAB of ``round`` as the file has them
    (a forfeited match, 330, has no colour: lower TPN first)."""
    pairs: set[Pair] = set()
    bye = None
    for team in tournament.teams:
        entry = team.round(round)
        if entry is None:
            continue
        if entry.outcome is Outcome.PAB:
            bye = team.tpn
        elif entry.opponent is not None:
            if entry.colour is Colour.WHITE or (entry.colour is None
                                                and team.tpn < entry.opponent):
                pairs.add((team.tpn, entry.opponent))
    return RecordedRound(frozenset(pairs), bye)


@dataclass(frozen=True)
class Parting:
    """Where another pairing leaves the text's procedure.

    ``step``: ``"pab"``, ``"illegal"`` (a pair the text forbids),
    ``"incomplete"`` (a team left out), ``"count"`` / ``"scores"`` /
    ``"set"`` (the upfloaters of the top-scoregroup), ``"pairing"`` (the
    bracket's pairs), ``"colour"``.  ``article`` the article or criterion
    that makes the text choose its own.  ``bracket`` (1-based) and
    ``score``/``residents`` the top-scoregroup where they part.  ``ours`` /
    ``theirs``: the upfloaters (or the PAB team) of each side;
    ``ours_scores``/``theirs_scores`` their scores, lowest first;
    ``ours_number``/``theirs_number`` the sets' places in 3.5.4 order and
    ``ours_c6c7``/``theirs_c6c7`` their ([C6], [C7]) values;
    ``ours_pairs``/``theirs_pairs`` the bracket's pairs (``pairing``), the
    pairs the text forbids (``illegal``) or the pairs whose colours differ,
    White first (``colour``)."""

    step: str
    article: str
    bracket: int | None = None
    score: Decimal | None = None
    residents: tuple[int, ...] = ()
    ours: tuple[int, ...] = ()
    theirs: tuple[int, ...] = ()
    ours_scores: tuple[Decimal, ...] = ()
    theirs_scores: tuple[Decimal, ...] = ()
    ours_number: int | None = None
    theirs_number: int | None = None
    ours_c6c7: tuple[int | None, int | None] = (None, None)
    theirs_c6c7: tuple[int | None, int | None] = (None, None)
    ours_pairs: tuple[Pair, ...] = ()
    theirs_pairs: tuple[Pair, ...] = ()


def _pab_article(ours: TeamState, theirs: TeamState) -> str:
    """The step of 3.4.2-3.4.4 that puts ``ours`` before ``theirs``."""
    if ours.score != theirs.score:
        return _R("3.4.2")
    if ours.matches_played != theirs.matches_played:
        return _R("3.4.3")
    return _R("3.4.4")


def parting(tournament: TeamTournament, round: RoundNumber, other: RecordedRound,
            events: Sequence[Event] | None = None) -> Parting | None:
    """The first step of the text's procedure that ``other`` leaves (``None``:
    the same pairs, colours and PAB as the text's).  ``events``: the text's
    trace of the round, if already computed."""
    trace = list(procedure.trace(tournament, round)) if events is None else list(events)
    paired = next(e for e in reversed(trace) if isinstance(e, RoundPaired))
    ours = RecordedRound.of(paired)
    if ours == other:
        return None
    base = tournament.truncated(round - 1)
    states = team_states(base, round)
    present = [s for s in states.values() if s.available]
    if ours.bye != other.bye:
        return _pab_parting(base, round, states, present, ours.bye, other.bye)
    graph = Graph(present, base.forbidden_pairs(round))
    illegal = tuple(sorted(p for p in other.unordered
                           if p[0] not in states or p[1] not in states
                           or not graph.legal(states[p[0]], states[p[1]])))
    if illegal:
        return Parting("illegal", _R("[C1]"), ours_pairs=(), theirs_pairs=illegal)
    opponent = {a: b for p in other.pairs for a, b in (p, p[::-1])}
    expected = {s.tpn for s in present} - {ours.bye}
    if set(opponent) != expected:
        left = tuple(sorted(expected - set(opponent)))
        return Parting("incomplete", _R("3.3.1"), theirs=left)
    remaining = [s for s in present if s.tpn != ours.bye]
    last_two = not floats_apply(tournament.rounds, round)
    kind = base.type_code.preferences
    for event in trace:
        if not isinstance(event, BracketPaired):
            continue
        found = _bracket_parting(event, opponent, states, remaining, graph, last_two, kind)
        if found is not None:
            return found
        taken = {p.id for p in event.bracket.players}
        remaining = [s for s in remaining if s.tpn not in taken]
    return _colour_parting(trace, other)


def _pab_parting(base: TeamTournament, round: RoundNumber, states: dict[int, TeamState],
                 present: Sequence[TeamState], ours: int | None,
                 theirs: int | None) -> Parting:
    mine = (ours,) if ours is not None else ()
    other = (theirs,) if theirs is not None else ()
    if ours is None or theirs is None or theirs not in states:
        return Parting("pab", _R("1.4"), ours=mine, theirs=other)
    team = states[theirs]
    if not team.bye_eligible:
        return Parting("pab", _R("[C2]"), ours=mine, theirs=other)
    graph = Graph(present, base.forbidden_pairs(round))
    if not graph.pairable([t for t in present if t.tpn != theirs]):
        return Parting("pab", _R("3.4.1"), ours=mine, theirs=other)
    return Parting("pab", _pab_article(states[ours], team), ours=mine, theirs=other,
                   ours_scores=(states[ours].score,), theirs_scores=(team.score,))


def _bracket_parting(event: BracketPaired, opponent: dict[int, int],
                     states: dict[int, TeamState], remaining: Sequence[TeamState],
                     graph: Graph, last_two: bool, kind: object) -> Parting | None:
    view = event.bracket
    ups = tuple(view.moved_down)
    top = tuple(p.id for p in view.players if p.id not in ups)
    theirs = tuple(sorted({opponent[t] for t in top if opponent[t] not in top},
                          key=lambda t: (-states[t].score, t)))
    common = dict(bracket=view.index, score=view.score, residents=top, ours=ups, theirs=theirs,
                  ours_scores=tuple(sorted(states[t].score for t in ups)),
                  theirs_scores=tuple(sorted(states[t].score for t in theirs)))
    if sorted(ups) != sorted(theirs):
        if len(theirs) != len(ups):
            return Parting("count", _R("[C4]"), **common)  # type: ignore[arg-type]
        if common["ours_scores"] != common["theirs_scores"]:
            return Parting("scores", _R("[C5]"), **common)  # type: ignore[arg-type]
        residents = [states[t] for t in top]
        lower = [s for s in remaining if s.tpn not in top]
        needs = upfloater_needs(graph, residents, lower)
        assert needs is not None  # the text paired this bracket
        verdicts, chosen = judge_sets(graph, residents, lower, needs, not last_two)
        mine = verdicts[chosen]
        other = next(v for v in verdicts if sorted(t.tpn for t in v.upfloaters)
                     == sorted(theirs))
        if other.failed:
            article = other.failed
        elif other.key == mine.key:
            article = _R("3.5.4")
        else:
            article = _R("[C6]") if (other.c6 or 0) > (mine.c6 or 0) else _R("[C7]")
        return Parting("set", article, ours_number=mine.number, theirs_number=other.number,
                       ours_c6c7=(mine.c6, mine.c7), theirs_c6c7=(other.c6, other.c7),
                       **common)  # type: ignore[arg-type]
    members = top + ups
    their_pairs = tuple(sorted({(min(t, opponent[t]), max(t, opponent[t])) for t in members}))
    if their_pairs == tuple(sorted(event.pairs)):
        return None
    upfloaters = frozenset(ups)

    def quality(pairs: Iterable[Pair]) -> tuple[int, int, int]:
        totals = [0, 0, 0]
        for a, b in pairs:
            for i, miss in enumerate(misses(states[a], states[b], kind,  # type: ignore[arg-type]
                                            upfloaters, not last_two)):
                totals[i] += miss
        return totals[0], totals[1], totals[2]

    article = _R("3.6.3")
    for name, mine_value, their_value in zip((_R("[C8]"), _R("[C9]"), _R("[C10]")),
                                             quality(event.pairs), quality(their_pairs)):
        if mine_value != their_value:
            article = name
            break
    return Parting("pairing", article, ours_pairs=tuple(sorted(event.pairs)),
                   theirs_pairs=their_pairs, **common)  # type: ignore[arg-type]


def _colour_parting(trace: Sequence[Event], other: RecordedRound) -> Parting:
    """Same pairs and PAB: the first pair whose colours differ, and the 4.3
    rule that gave the text's colours."""
    for event in trace:
        if isinstance(event, ColourAllocated) and (event.black, event.white) in other.pairs:
            return Parting("colour", event.rule, ours_pairs=((event.white, event.black),),
                           theirs_pairs=((event.black, event.white),))
    raise AssertionError("the pairings differ in neither pairs nor colours")


@dataclass(frozen=True)
class EngineSide:
    """Two pairings of a round measured by the reference engine's weight:
    ``field`` the most significant field that separates them (``None``: the
    same weight), ``ours``/``theirs`` the fields of each."""

    field: Field | None
    ours: RoundFields
    theirs: RoundFields

    @property
    def theirs_better(self) -> bool:
        return self.field is not None and self.theirs.key(self.field) > self.ours.key(self.field)


def engine_side(tournament: TeamTournament, round: RoundNumber, ours: RecordedRound,
                theirs: RecordedRound) -> EngineSide | None:
    """Both pairings measured with the engine's fields (``None`` when the PAB
    differs or a side is not a pairing of the same teams)."""
    if ours.bye != theirs.bye:
        return None
    base = tournament.truncated(round - 1)
    states = team_states(base, round, SHARLY)
    teams = [s for s in states.values() if s.available and s.tpn != ours.bye]
    ids = {t.tpn for t in teams}
    for pairing in (ours, theirs):
        if set(itertools.chain.from_iterable(pairing.unordered)) != ids:
            return None
    kind = base.type_code.preferences
    applies = floats_apply(tournament.rounds, round)
    mine = measure(teams, ours.unordered, kind, applies)
    other = measure(teams, theirs.unordered, kind, applies)
    return EngineSide(first_difference(mine, other), mine, other)
