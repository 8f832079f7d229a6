"""Property tests of the protections on random tournaments
(``swisslearn.generate``) with random groups:

* strict separations are never broken (or the round is refused, exit 1);
* soft-bottom releases only members placed below N, keeps every other
  separation, and N is maximal: N+1 cannot be paired (checked with the
  engine, independently of the search);
* soft-avoid never changes a rule's criterion: for dutch-2026 the criterion
  fields of the weight of every bracket ([C4]-[C21]), for team-2026 the
  brackets and their [C8]-[C10] values, for simple the pairs made in each
  group, bracket by bracket while the brackets hold the same players.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from decimal import Decimal
from functools import lru_cache
from typing import Sequence

import pytest

from swisslearn import protections as P
from swisslearn import systems
from swisslearn.dutch2026.brackets import RoundResult, pair_brackets
from swisslearn.dutch2026.criteria import Layout, make_layout
from swisslearn.dutch2026.scoring import competitors
from swisslearn.errors import PairingError
from swisslearn.teams import TeamTournament
from swisslearn.generate import GeneratorSettings, generate
from swisslearn.model import Tournament
from swisslearn.standings import standings
from swisslearn.team2026.selection import misses
from swisslearn.team2026.state import team_states
from swisslearn.trace import BracketOpened, BracketPaired, RoundPaired
from conftest import STRESS, sample
from teambuild import load, team_trf
from helpers import pairs_of

CASES = 40


@lru_cache(maxsize=None)
def tournament(seed: int, engine: str = "dutch-2026") -> Tournament:
    rng = random.Random(seed)
    settings = GeneratorSettings(players=rng.randint(7, 16), rounds=rng.randint(2, 5),
                                 seed=seed, draw_rate=0.3, forfeit_rate=0.02,
                                 half_bye_rate=0.02, absence_rate=0.02, withdrawal_rate=0.0,
                                 late_entry_rate=0.0)
    return generate(settings, systems.get(engine).pair).tournament


def random_protections(rng: random.Random, t: Tournament,
                       constraint: P.Constraint) -> P.Protections:
    ids = [p.id for p in t.players]
    manual = []
    for number in range(rng.randint(0, 3)):
        members = tuple(rng.sample(ids, rng.randint(2, min(5, len(ids)))))
        manual.append(P.ManualGroup(f"g{number}", members, constraint))
    rules = (P.AttributeRule("federation", constraint),) if rng.random() < 0.7 else ()
    return P.Protections(rules=rules, manual=tuple(manual))


def cases(engine: str = "dutch-2026") -> list[tuple[Tournament, int, random.Random]]:
    found = []
    for seed in range(CASES):
        t = tournament(1000 + seed, engine)
        rng = random.Random(seed)
        found.append((t, rng.randint(1, t.rounds_paired), rng))
    return found


# -- strict ----------------------------------------------------------------------


@pytest.mark.parametrize("engine", ["dutch-2026", "simple", "dutch-1998"])
def test_strict_separations_are_never_broken(engine: str) -> None:
    refused = paired = 0
    for t, round, rng in cases()[: 16 if engine == "dutch-1998" else CASES]:
        protections = random_protections(rng, t, P.Constraint.STRICT)
        groups = protections.groups(t, round)
        strict = {pair for g in groups for pair in g.pairs()}
        try:
            result = P.pair(t, round, system=engine, protections=protections)
        except PairingError as error:
            refused += 1
            assert "strict" in str(error) or "cannot be paired" in str(error)
            continue
        paired += 1
        assert not pairs_of(result) & strict
        assert result.released == ()
    assert paired > 0


# -- soft-bottom -------------------------------------------------------------------


@pytest.mark.parametrize("engine", ["dutch-2026", "simple", "dutch-1998"])
def test_soft_bottom_releases_only_below_n_and_n_is_maximal(engine: str) -> None:
    released_somewhere = False
    # dutch-1998: 16 cases; `make test` leaves out the first, whose proof that
    # n is maximal (the pairing with one more pair kept apart refused) takes
    # the 1998 engine's exhaustive search 4 s of CPU, half the test's, and
    # takes one in two of the others (cases 1, 3, ..., 15: the proofs of
    # cases 4, 6, 8, 12 and 13 are 0.2 to 0.4 s each; docs/tests.md, "What
    # make stress adds").
    chosen = ((cases()[:16] if STRESS else sample(cases()[1:16], 2)) if engine == "dutch-1998"
              else cases()[:CASES])
    for t, round, rng in chosen:
        protections = random_protections(rng, t, P.Constraint.SOFT_BOTTOM)
        # Crowd one federation so that releases happen.
        if rng.random() < 0.5:
            members = tuple(p.id for p in t.players[: max(2, len(t) * 2 // 3)])
            protections = dataclasses.replace(protections, manual=protections.manual + (
                P.ManualGroup("big", members, P.Constraint.SOFT_BOTTOM),))
        groups = [g for g in protections.groups(t, round)
                  if g.constraint is P.Constraint.SOFT_BOTTOM]
        if not groups:
            continue
        try:
            paired = P.protect(t, round, system=engine, protections=protections)
        except PairingError:
            continue  # not even with everybody released
        n = paired.threshold
        assert n is not None and paired.standings is not None
        place = {row.id: row.rank for row in paired.standings.rows}
        assert paired.standings.order == standings(t, round).order
        assert all(place[p] > n for p in paired.released)
        released_somewhere |= bool(paired.released)
        if n == len(t):
            assert paired.released == ()
        result = paired.result
        for group in groups:
            for a, b in itertools.combinations(group.members, 2):
                if min(place[a], place[b]) <= n:
                    assert frozenset((a, b)) not in pairs_of(result)
        if n < len(t):
            kept = {frozenset((a, b)) for g in groups
                    for a, b in itertools.combinations(g.members, 2)
                    if min(place[a], place[b]) <= n + 1}
            with pytest.raises(PairingError):
                systems.get(engine).pair(t, round, forbidden=kept)
    assert released_somewhere


# -- soft-avoid --------------------------------------------------------------------


def _criteria(total: int, layout: Layout) -> int:
    """The [C4]-[C21] part of a bracket's weight (soft-avoid and order cut off)."""
    return total >> (layout.low_bits + (layout.group_bits if layout.avoid else 0))


def _brackets(t: Tournament, round: int,
              avoid: frozenset[frozenset[int]]) -> tuple[RoundResult, Layout]:
    base = t.truncated(round - 1)
    present = tuple(s.id for s in base.states(round) if s.available)
    table = competitors(base, round, present)
    players = tuple(sorted(table.values(), key=lambda p: (-p.pairing_score, p.tpn)))
    layout = make_layout(players, round - 1, base.forbidden_pairs(round), avoid)
    return pair_brackets(players, layout), layout


def test_soft_avoid_never_changes_a_dutch_2026_criterion() -> None:
    compared = changed = 0
    for t, round, rng in cases():
        protections = random_protections(rng, t, P.Constraint.SOFT_AVOID)
        avoid = frozenset(p for g in protections.groups(t, round) for p in g.pairs())
        if not avoid:
            continue
        try:
            plain, plain_layout = _brackets(t, round, frozenset())
        except Exception:
            continue
        protected, layout = _brackets(t, round, avoid)
        for a, b in zip(plain.brackets, protected.brackets):
            if {p.id for p in a.mdps + a.residents} != {p.id for p in b.mdps + b.residents}:
                break
            assert _criteria(a.best_total, plain_layout) == _criteria(b.best_total, layout)
            compared += 1
        result = P.pair(t, round, system="dutch-2026", protections=protections)
        assert pairs_of(result) == {frozenset((a.id, b.id)) for a, b in protected.pairs}
        plain_pairs = {frozenset((a.id, b.id)) for a, b in plain.pairs}
        changed += pairs_of(result) != plain_pairs
        assert result.released == ()
    assert compared > 0 and changed > 0


@lru_cache(maxsize=None)
def team_tournament(seed: int) -> TeamTournament:
    """Random even team tournaments, each round paired by team-2026."""
    rng = random.Random(seed)
    teams = rng.choice([6, 8, 10, 12])
    played: list[dict[tuple[int, int], str]] = []
    names = [f"{rng.choice('ABC')}{i}" for i in range(1, teams + 1)]
    for round in range(1, rng.randint(1, 4) + 1):
        t = load(team_trf(teams, played, total=5, names=names))
        try:
            result = systems.get("team-2026").pair(t, round)
        except PairingError:
            break
        played.append({(b.white, b.black): rng.choice("WDL") for b in result.boards})
    t = load(team_trf(teams, played, total=5, names=names))
    return dataclasses.replace(t, players=tuple(
        dataclasses.replace(p, attributes=(("club", p.name[0]),)) for p in t.players))


def test_soft_avoid_never_changes_a_team_2026_criterion() -> None:
    changed = 0
    for seed in range(CASES):
        t = team_tournament(seed)
        round = t.rounds_paired + 1
        protections = P.Protections(rules=(P.AttributeRule("club", P.Constraint.SOFT_AVOID),))
        avoid = frozenset(p for g in protections.groups(t, round) for p in g.pairs())
        try:
            plain = list(systems.get("team-2026").trace(t, round))
        except PairingError:
            continue  # every team met every other one it could
        protected = list(P.trace(t, round, system="team-2026", protections=protections))[1:]
        states = team_states(t.truncated(round - 1), round)
        kind = t.type_code.preferences
        last_two = t.rounds is not None and round >= t.rounds - 1

        def brackets(events: Sequence[object]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
            return [(tuple(v.id for v in e.bracket.players), e.bracket.moved_down)
                    for e in events if isinstance(e, BracketOpened)]

        def quality(events: Sequence[object]) -> list[tuple[int, int, int]]:
            found = []
            for e in events:
                if isinstance(e, BracketPaired):
                    ups = frozenset(e.bracket.moved_down)
                    totals = [0, 0, 0]
                    for a, b in e.pairs:
                        for i, miss in enumerate(misses(states[a], states[b], kind, ups,
                                                        not last_two)):
                            totals[i] += miss
                    found.append((totals[0], totals[1], totals[2]))
            return found

        assert brackets(plain) == brackets(protected)
        assert quality(plain) == quality(protected)
        plain_pairs = pairs_of(plain[-1])  # type: ignore[arg-type]
        protected_pairs = pairs_of(protected[-1])  # type: ignore[arg-type]
        assert len(protected_pairs & avoid) <= len(plain_pairs & avoid)
        changed += plain_pairs != protected_pairs
    assert changed > 0


def test_soft_avoid_never_changes_what_simple_pairs() -> None:
    for t, round, rng in cases("simple"):
        protections = random_protections(rng, t, P.Constraint.SOFT_AVOID)
        plain = list(systems.get("simple").trace(t, round))
        protected = list(P.trace(t, round, system="simple", protections=protections))
        if protections.active:
            protected = protected[1:]
        for a, b in zip([e for e in plain if isinstance(e, BracketPaired)],
                        [e for e in protected if isinstance(e, BracketPaired)]):
            if {v.id for v in a.bracket.players} != {v.id for v in b.bracket.players}:
                break
            assert len(a.pairs) == len(b.pairs)
            assert len(a.moved_down) == len(b.moved_down)
        assert isinstance(protected[-1], RoundPaired) and protected[-1].released == ()


def test_standings_start_from_the_initial_order() -> None:
    t = tournament(1000)
    assert standings(t, 1).order == t.initial_order
    assert all(row.score == Decimal(0) for row in standings(t, 1).rows)
