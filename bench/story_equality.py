"""How far the pruned search (the accelerator of big brackets) tells the
literal procedure's story (issue 29), on generated rounds small enough for
both.

    .venv/bin/python bench/story_equality.py [TOURNAMENTS]

For each round: the literal trace and the pruned one (``STORY_SIZE`` 0).
"pairing": same RoundPaired; "brackets": same BracketPaired events;
"skeleton": the same events once every run of refused candidates (refused
CandidateTried, CandidatesSkipped, ExchangeApplied) is collapsed to one step
per bracket and the kinds of the rest compared; "reasons": each collapsed run
names the same set of criteria (the literal run's ``rejection`` and
``also``; the pruned range's reasons).  Prints the counts.
"""

from __future__ import annotations

import sys
from collections import Counter

from swisslearn.dutch1998 import state
from swisslearn.dutch1998.procedure import trace
from swisslearn.errors import PairingError, UsageError
from swisslearn.generate import generate, random_tournaments
from swisslearn.trace import (BracketPaired, CandidatesSkipped, CandidateTried, Event,
                              ExchangeApplied, RoundPaired)


def _collapsed(events: list[Event]) -> list[tuple[str, frozenset[str]]]:
    out: list[tuple[str, frozenset[str]]] = []
    run: set[str] = set()
    for event in events:
        refused = (isinstance(event, CandidateTried) and not event.accepted) or isinstance(
            event, (CandidatesSkipped, ExchangeApplied))
        if refused:
            if isinstance(event, CandidateTried) and event.rejection is not None:
                run.add(event.rejection.criterion)
                run.update(r.criterion for r in event.also)
            elif isinstance(event, CandidatesSkipped):
                run.update(r.criterion for r in event.reasons)
            continue
        if run:
            out.append(("refused", frozenset(run)))
            run = set()
        out.append((f"{event.kind}:{event.rule}", frozenset()))
    return out


def main(count: int) -> None:
    figures: Counter[str] = Counter()
    for settings in random_tournaments(count, seed=29, players=(4, 12), rounds=(3, 9)):
        tournament = generate(settings).tournament
        for round in range(1, tournament.rounds_paired + 1):
            try:
                literal = list(trace(tournament, round, literal=True))
                state.STORY_SIZE = 0
                pruned = list(trace(tournament, round))
            except (PairingError, UsageError):
                figures["skipped"] += 1
                continue
            finally:
                state.STORY_SIZE = 10
            figures["rounds"] += 1
            last_l, last_p = literal[-1], pruned[-1]
            assert isinstance(last_l, RoundPaired) and isinstance(last_p, RoundPaired)
            figures["same pairing"] += last_l == last_p
            figures["same brackets"] += ([e for e in literal if isinstance(e, BracketPaired)]
                                         == [e for e in pruned if isinstance(e, BracketPaired)])
            a, b = _collapsed(literal), _collapsed(pruned)
            figures["same skeleton"] += [k for k, _ in a] == [k for k, _ in b]
            figures["same skeleton and reasons"] += a == b
    print(dict(figures))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
