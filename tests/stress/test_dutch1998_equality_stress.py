"""dutch-1998, issue 29 item 1, on many generated rounds: wherever the
literal procedure and the pruned search can both pair a round, the pruned
search tells the literal story (same skeleton, same reasons per candidate or
range, same pairing: ``tests/test_dutch1998_equality.py``).

``make test`` runs a sample (``SWISSLEARN_STRESS`` tournaments, default 10:
about 4 s of CPU, within the per-test budget of ``tests/cpuclock.py``);
``make stress`` thousands (at most 3,000), marked ``stress`` then: 4-12
players (brackets up to 12, within ``candidates.REASONS_SIZE``), 3-11 rounds,
and the last rounds again with random forbidden pairs (C12/C13 re-pairings).
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

from conftest import STRESS
from swisslearn.dutch1998.equality import Figures, compare
from swisslearn.generate import generate, random_tournaments
from swisslearn.model import ForbiddenPairs
from test_dutch1998_equality import tellings

COUNT = min(int(os.environ.get("SWISSLEARN_STRESS", "10")), 3000)

# The whole run (make stress) takes more than a test's CPU budget; the sample
# (make test) is held to it.
pytestmark = [pytest.mark.stress] if STRESS else []


def test_the_pruned_search_tells_the_literal_story_on_generated_rounds() -> None:
    figures = Figures()
    rounds = compared = 0
    rng = random.Random(29)
    for settings in random_tournaments(COUNT, seed=1998_293, players=(4, 12), rounds=(3, 11)):
        tournament = generate(settings).tournament
        last = tournament.rounds_paired
        variants = [(f"{settings!r} round {r}", tournament, r) for r in range(1, last + 1)]
        ids = [p.id for p in tournament]
        pairs = tuple(ForbiddenPairs(tuple(rng.sample(ids, 2)))
                      for _ in range(rng.randint(1, max(1, len(ids) // 2))))
        changed = replace(tournament, forbidden=tournament.forbidden + pairs)
        variants.append((f"{settings!r} round {last} forbidden {pairs}", changed, last))
        for where, played, round in variants:
            rounds += 1
            both = tellings(played, round)
            if both is None:
                continue
            compared += 1
            figures.add(compare(*both, where))
    print(f"pruned == literal: {rounds} rounds, {compared} compared, {figures.brackets} "
          f"brackets, {figures.runs} runs of refusals, {figures.ranges} ranges, "
          f"{figures.candidates} candidates, differences {len(figures.differences)}")
    assert not figures.differences, figures.differences[:3]
    assert compared > COUNT
