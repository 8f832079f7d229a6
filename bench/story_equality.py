"""How far the pruned search (the accelerator of big brackets) tells the
literal procedure's story (issue 29), on generated rounds small enough for
both.

    .venv/bin/python bench/story_equality.py [TOURNAMENTS] [--show N] [--players LO-HI]

For each round: the literal trace and the pruned one (``STORY_SIZE`` 0),
compared by :func:`swisslearn.dutch1998.equality.compare` (same skeleton,
same reasons per candidate or range, same pairing).  Prints the counts, the
kinds of the differences found, and the first ``N`` differences.
"""

from __future__ import annotations

import re
import sys
import time
from collections import Counter

from swisslearn.dutch1998 import candidates, state
from swisslearn.dutch1998.equality import Figures, compare
from swisslearn.dutch1998.procedure import trace
from swisslearn.errors import PairingError, UsageError
from swisslearn.generate import generate, random_tournaments
from swisslearn.trace import BracketOpened


def main(count: int, show: int, players: tuple[int, int] = (4, 12)) -> None:
    figures: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    total = Figures()
    sizes: Counter[int] = Counter()   # brackets compared, by players
    shown = 0
    started = time.process_time()
    for settings in random_tournaments(count, seed=29, players=players, rounds=(3, 9)):
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
            sizes.update(len(e.bracket.players) for e in literal if isinstance(e, BracketOpened))
            found = compare(literal, pruned, f"{settings!r} round {round}")
            total.add(found)
            figures["equal"] += not found.differences
            for difference in found.differences:
                text = difference.split(": ", 1)[-1]
                kinds[re.sub(r"[\d(),\[\]' -]+", " ", text)[:70]] += 1
                if shown < show:
                    shown += 1
                    print(difference[:600])
    print(dict(figures))
    print(f"CPU {time.process_time() - started:.1f} s; brackets by players (REASONS_SIZE "
          f"{candidates.REASONS_SIZE}): {dict(sorted(sizes.items()))}")
    print(f"brackets {total.brackets}, runs {total.runs}, ranges {total.ranges}, "
          f"candidates {total.candidates} ({total.told_alike} told one by one in both)")
    for kind, number in kinds.most_common(20):
        print(f"{number:6d}  {kind}")


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:]]
    show = 0
    if "--show" in arguments:
        at = arguments.index("--show")
        show = int(arguments[at + 1])
        del arguments[at:at + 2]
    players = (4, 12)
    if "--players" in arguments:
        at = arguments.index("--players")
        low, high = arguments[at + 1].split("-")
        players = (int(low), int(high))
        del arguments[at:at + 2]
    main(int(arguments[0]) if arguments else 200, show, players)
