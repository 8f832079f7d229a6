"""Rounds chosen for the rule, the full sweep (issue 30, item 3; ``make
stress`` only: ``make test`` runs seeds 0 and 1 in ``tests/test_exam_targets.py``):
every rule of :data:`swisslearn.exam.targets.RULES` drawn from 20 seeds, each
round proved by its own trace.  Prints, per rule, the tries each seed took
and the CPU time (the figures of ``docs/drills-by-rule.md``).
"""

from __future__ import annotations

import os
import time

import pytest

from swisslearn.exam.targets import MAX_TRIES, RULES
from test_exam_targets import assert_drawn

pytestmark = pytest.mark.skipif(
    not os.environ.get("SWISSLEARN_STRESS"),
    reason="make stress only (make test draws each rule from 2 seeds in "
           "tests/test_exam_targets.py)")

SEEDS = range(20)


@pytest.mark.parametrize("rule", RULES)
def test_each_rule_is_drawn_from_twenty_seeds(rule: str) -> None:
    started = time.process_time()
    tries = [assert_drawn(rule, seed) for seed in SEEDS]
    cpu = time.process_time() - started
    print(f"{rule}: tries {tries} (most {max(tries)}, mean {sum(tries) / len(tries):.1f}), "
          f"CPU {cpu:.1f} s")
    assert max(tries) <= MAX_TRIES
