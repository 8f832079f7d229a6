"""dutch-1998, issue 29: the story of a round is the literal procedure.

On generated tournaments whose brackets fit the story (``STORY_SIZE``
players, within the round's ``STORY_BUDGET``), the default trace is, event
for event, the literal trace (every candidate and every exchange in D1/D2
order, each refused with the criterion the text checks first and every other
it breaks); on the others, the same pairing.  ``make test`` runs a sample
(``SWISSLEARN_STRESS`` tournaments, default 10: the story of generated
rounds of 4-12 players is also told against the literal walk in
``test_dutch1998_literal.py``, 40 tournaments); ``make stress`` thousands.
"""

from __future__ import annotations

import os
from collections import Counter

from swisslearn.dutch1998.procedure import trace
from swisslearn.generate import generate_traced, random_tournaments
from test_dutch1998_literal import assert_story_is_literal

COUNT = min(int(os.environ.get("SWISSLEARN_STRESS", "10")), 3000)


def test_the_story_is_the_literal_procedure_on_generated_rounds() -> None:
    outcomes: Counter[str] = Counter()
    for settings in random_tournaments(COUNT, seed=1998_29, players=(4, 14), rounds=(3, 11)):
        # The default trace of each round kept from the generation (generate_traced).
        document, traces = generate_traced(settings, trace)
        tournament = document.tournament
        for round in range(1, tournament.rounds_paired + 1):
            outcomes[assert_story_is_literal(tournament, round, f"{settings!r} round {round}",
                                             traces.get(round))] += 1
    print(f"story == literal: {dict(outcomes)}")
    assert outcomes["same"] > COUNT, outcomes
